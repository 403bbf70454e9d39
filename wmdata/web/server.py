"""Run the builder: uvicorn on a local port, the browser opened on request."""

from __future__ import annotations

import contextlib
import socket
import threading
import webbrowser
from collections.abc import Callable

import uvicorn

from wmdata.content.registry import Registry
from wmdata.web.app import create_app

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def url_for(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


class ServeError(Exception):
    """The server cannot start (the port is taken, the address is not this machine's...)."""


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a taken port or a bad address is one clear
    message rather than a log line from inside the server."""
    try:
        return socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def serve(registry: Registry, host: str, port: int, open_browser: bool, say: Callable[[str], None]) -> None:
    """Serve until Ctrl-C (a normal stop: exit 0); ``say`` prints the URL, and a warning
    when the address is reachable from other machines."""
    config = uvicorn.Config(create_app(registry, host), host=host, port=port, log_level="warning", access_log=False,
                            lifespan="off", server_header=False)
    server = uvicorn.Server(config)
    sock = listen(host, port)
    url = url_for(host, port)
    say(f"wmdata builder at {url} (Ctrl-C stops it)")
    if host not in LOCAL_HOSTS:
        say(f"warning: listening on {host}: anyone who can reach this machine on port {port} can use the builder")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    with sock, contextlib.suppress(KeyboardInterrupt):  # uvicorn re-raises Ctrl-C after a graceful shutdown
        server.run(sockets=[sock])
    say("wmdata builder stopped")

