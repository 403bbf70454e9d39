"""wmdata: validate WARMACHINE and HORDES content, build army lists, print cards."""

__version__ = "0.1.0"
