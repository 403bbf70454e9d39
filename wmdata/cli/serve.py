"""``wmdata serve``: the army builder in a browser, on this machine."""

from __future__ import annotations

from pathlib import Path

import click

from wmdata.cli.options import content_option, content_registry, fail


@click.command("serve")
@content_option
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 shares the builder on your network (a warning is printed).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--open", "open_browser", is_flag=True, help="Open the builder in the default browser.")
def serve_command(content_paths: tuple[Path, ...], host: str, port: int, open_browser: bool) -> None:
    """Build lists in a browser: catalogue, points and every diagnostic as you click,
    with the same rules as 'wmdata list validate'.  Stop it with Ctrl-C."""
    from wmdata.web.server import ServeError, serve  # noqa: PLC0415 - the web stack loads only for this command

    try:
        serve(content_registry(content_paths), host, port, open_browser, click.echo)
    except ServeError as exc:
        fail(f"{exc}; choose another --port or --host")
