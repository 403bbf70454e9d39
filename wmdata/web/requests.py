"""Reading requests: bodies with a size limit, form fields, and the errors a bad request gets."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request

from wmdata.army.sharecode import MAX_CODE_LENGTH
from wmdata.safejson import JsonError, loads

MAX_BODY_BYTES = 1_000_000
"""Bigger than any army list (a 150-point list file is a few KB), small enough to refuse floods."""


class RequestError(Exception):
    """The request cannot be answered; ``status`` is a 4xx code and ``message`` says why."""

    def __init__(self, status: int, message: str, details: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.details = status, message, details or []


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The body, refused with 413 as soon as it passes ``limit`` (read in chunks, so a
    wrong Content-Length changes nothing)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RequestError(413, f"request body is larger than the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request) -> Any:
    return parse_json(await read_text(request))


def parse_json(text: str) -> Any:
    try:
        return loads(text)
    except JsonError as exc:
        where = f" at line {exc.line} column {exc.col}" if exc.line else ""
        raise RequestError(400, f"request body is not JSON this server reads: {exc.message}{where}") from None


async def read_text(request: Request) -> str:
    raw = await read_body(request)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RequestError(400, "request body is not UTF-8 text") from None


async def read_form(request: Request, max_fields: int = 20) -> dict[str, str]:
    """A URL-encoded form: the first value of each field; 400 beyond ``max_fields`` fields."""
    try:
        fields = parse_qs(await read_text(request), keep_blank_values=True, max_num_fields=max_fields)
    except ValueError:
        raise RequestError(400, f"too many form fields (at most {max_fields})") from None
    return {key: values[0] for key, values in fields.items()}


def share_code_field(value: str | None) -> str:
    """A share code from a query string or body, before :func:`decode` looks at it."""
    if value is None or not value.strip():
        raise RequestError(400, "missing share code ('code')")
    if len(value) > MAX_CODE_LENGTH:
        raise RequestError(413, f"share code is longer than {MAX_CODE_LENGTH} characters")
    return value.strip()
