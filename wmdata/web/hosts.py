"""Which ``Host`` a request may name: the defence against DNS rebinding.

A web page on another site can make the visitor's browser send requests to
``127.0.0.1:8000`` by pointing a name it controls (``evil.example``) at that address;
the browser then treats the builder as part of ``evil.example`` and lets that page read
the answers.  Every such request carries the attacker's name in its ``Host`` header, so
the builder answers only requests whose ``Host`` is a loopback name (``localhost``,
``127.0.0.1``, ``[::1]``) or the address it was started on (``--host``).  When it listens
on every address (``--host 0.0.0.0`` or ``::``, for a club night on a LAN) players open
it by the machine's address, which the server cannot list reliably, so any IP address is
accepted as well: a rebinding attack always arrives with a name, never a bare address.

Starlette's ``TrustedHostMiddleware`` takes a fixed list of names; it can say neither
"any IP address" (which the LAN case needs) nor answer in the JSON error format of
``/api/``, so this check is a small ASGI middleware of its own.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
_PORT = re.compile(r"(:[0-9]{1,5})?")


def host_name(header: str) -> str | None:
    """The name or address in a ``Host`` header (lower case, IPv6 without brackets, no
    trailing dot), or None when the header is malformed."""
    value = header.strip().lower()
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket:
            return None
    else:
        name, colon, port = value.partition(":")
        rest = colon + port
    if not name or not _PORT.fullmatch(rest):
        return None
    return name.removesuffix(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(bound: str) -> Callable[[str | None], bool]:
    """The test a request's ``Host`` header must pass on a server started with ``--host bound``."""
    bound_name = bound.strip("[]").lower()
    allowed = LOOPBACK_NAMES | {bound_name}
    any_address = bound_name in WILDCARD_HOSTS

    def check(header: str | None) -> bool:
        name = host_name(header) if header is not None else None
        return name is not None and (name in allowed or (any_address and _is_address(name)))

    return check


def refusal_message(scope: Scope, header: str | None) -> str:
    shown = repr(header[:100]) if header is not None else "no Host header"
    server = scope.get("server")
    port = f":{server[1]}" if server and server[1] else ""
    return (f"this builder answers only requests for its own address, not for host {shown}: open "
            f"http://127.0.0.1{port}/ (or this machine's address, when it was started with --host 0.0.0.0)")


Refusal = Callable[[Scope, str], ASGIApp]
"""Builds the answer to a refused request from its scope and the message to show."""


class HostCheck:
    """ASGI middleware: requests whose ``Host`` fails ``allowed`` get ``refuse``'s answer
    (a 400) and never reach the application."""

    def __init__(self, app: ASGIApp, allowed: Callable[[str | None], bool], refuse: Refusal) -> None:
        self.app, self.allowed, self.refuse = app, allowed, refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            header = Headers(scope=scope).get("host")
            if not self.allowed(header):
                await self.refuse(scope, refusal_message(scope, header))(scope, receive, send)
                return
        await self.app(scope, receive, send)
