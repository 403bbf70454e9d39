"""The web builder's stylesheet and script, read from ``templates/web/static/``.

Only this layer reads templates, and only the named files are served: a request can
never name a path of its own."""

from __future__ import annotations

from functools import cache

from wmdata.content.places import templates_dir

WEB_ASSETS = {"builder.css": "text/css; charset=utf-8", "builder.js": "text/javascript; charset=utf-8"}


@cache
def web_asset(name: str) -> bytes | None:
    """The file's bytes, or None when ``name`` is not one of :data:`WEB_ASSETS`."""
    if name not in WEB_ASSETS:
        return None
    return (templates_dir() / "web" / "static" / name).read_bytes()
