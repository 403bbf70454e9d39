"""The Starlette application: routes, and one answer for every bad request.

A request the server cannot answer gets a 4xx: JSON ``{"error": ..., "status": ...}``
under ``/api/``, an HTML page elsewhere; that includes a request for a host name that is
not the builder's own (:mod:`wmdata.web.hosts`, against DNS rebinding).  Routes are thin: each passes the registry to
a handler in :mod:`wmdata.web.api` or :mod:`wmdata.web.pages`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import Scope

from wmdata.content.registry import Registry
from wmdata.render.webassets import WEB_ASSETS, web_asset
from wmdata.web import api, pages
from wmdata.web.hosts import HostCheck, host_allowed
from wmdata.web.requests import RequestError

Handler = Callable[[Registry, Request], Awaitable[Response]]
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "frame-ancestors 'self'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _problem(request: Request, status: int, message: str, details: list[dict[str, object]] | None = None
             ) -> Response:
    if request.url.path.startswith("/api/"):
        body: dict[str, object] = {"error": message, "status": status}
        if details:
            body["details"] = details
        return JSONResponse(body, status_code=status)
    return pages.error_page(status, message)


def _wrong_host(scope: Scope, message: str) -> Response:
    return _problem(Request(scope), 400, message)


async def _bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return _problem(request, exc.status, exc.message, exc.details)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: f"no page or endpoint at {request.url.path[:100]!r}",
                405: f"{request.method} is not allowed at {request.url.path[:100]!r}"}
    return _problem(request, exc.status_code, messages.get(exc.status_code, str(exc.detail)))


async def _asset(registry: Registry, request: Request) -> Response:
    name = request.path_params["name"]
    content = web_asset(name)
    if content is None:
        raise RequestError(404, f"no static file {name[:80]!r}")
    return Response(content, media_type=WEB_ASSETS[name], headers={"Cache-Control": "no-cache"})


def create_app(registry: Registry, host: str = "127.0.0.1") -> Starlette:
    """The builder over ``registry`` (the built-in content plus any ``--content``), for a
    server listening on ``host`` (which decides the ``Host`` names it answers)."""

    def bind(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            response = await handler(registry, request)
            response.headers.update(SECURITY_HEADERS)
            return response
        return endpoint

    routes = [
        Route("/", bind(pages.start)),
        Route("/new", bind(pages.new)),
        Route("/open", bind(pages.open_list), methods=["POST"]),
        Route("/build", bind(pages.build)),
        Route("/build/edit", bind(pages.build_edit), methods=["POST"]),
        Route("/build/settings", bind(pages.build_settings), methods=["POST"]),
        Route("/build/print", bind(pages.print_list)),
        Route("/build/download", bind(pages.download)),
        Route("/static/{name}", bind(_asset)),
        Route("/api/lists/validate", bind(api.validate), methods=["POST"]),
        Route("/api/lists/code", bind(api.code), methods=["POST"]),
        Route("/api/lists/decode", bind(api.decode_code), methods=["POST"]),
        Route("/api/lists/edit", bind(api.edit), methods=["POST"]),
        Route("/api/lists/import", bind(api.import_text), methods=["POST"]),
        Route("/api/catalogue", bind(api.catalogue)),
        Route("/api/cards/{edition}/{id}", bind(api.card)),
    ]
    return Starlette(routes=routes, exception_handlers={RequestError: _bad_request, HTTPException: _http_error},
                     middleware=[Middleware(HostCheck, allowed=host_allowed(host), refuse=_wrong_host)])
