"""Rendering: stat cards and list printouts from the jinja2 templates in ``templates/``."""
