"""The ``wmdata`` console entry point.

``wmdata list validate`` is what organisers run on every submitted list and editors on
every save, so it first tries :mod:`wmdata.cli.quick`, which needs neither click nor
pydantic nor a YAML library; everything else (and anything the quick path is unsure
of) goes to the click application.  The imports live inside :func:`main` so that the
quick path never pays for the full one.
"""

from __future__ import annotations

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:2] == ["list", "validate"]:
        from wmdata.cli.quick import quick_list_validate  # noqa: PLC0415 - see the module docstring

        code = quick_list_validate(args[2:])
        if code is not None:
            sys.exit(code)
    from wmdata.cli.app import main as full_main  # noqa: PLC0415 - see the module docstring

    full_main()
