"""The builder's pages: server-rendered HTML forms over the same calls as the API.

The list lives in the page's URL as its share code (``/build?code=wm1-...``), so a reload
or a bookmark restores it and the server keeps no state.  Each edit is a plain form or
link to ``/build/edit`` that answers with a redirect to the edited list's URL."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from wmdata.army.edit import new_list_text
from wmdata.army.listfile import read_list
from wmdata.army.sharecode import ShareCodeError, decode, encode, list_digest
from wmdata.army.textimport import list_from_text
from wmdata.army.validate import validate_army
from wmdata.content.library import content_version
from wmdata.content.registry import Registry
from wmdata.content.sourcemap import SourceMap
from wmdata.model.lists import ArmyList
from wmdata.numbers import is_whole, parse_whole
from wmdata.render.cards import CardBuilder, loadout_cards
from wmdata.render.environment import render
from wmdata.render.listprint import build_printout, render_printout
from wmdata.web.catalogue import GROUPS, build_catalogue
from wmdata.web.edits import apply_edit, parse_edit
from wmdata.web.liststate import army_from_code
from wmdata.web.listview import list_view
from wmdata.web.requests import RequestError, read_form
from wmdata.web.start import EDITION_NAMES, blank_list, start_choices

START_FIELDS = ("name", "army", "theme", "contract", "arena", "level", "points")


def page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(render(f"web/{template}", **context), status_code=status)


def error_page(status: int, message: str) -> HTMLResponse:
    return page("error.html.j2", status, title="Problem", message=message)


def _build_url(army: ArmyList, **extra: str) -> str:
    return "/build?" + urlencode({"code": encode(army), **extra})


async def start(registry: Registry, request: Request, problem: str = "", status: int = 200) -> Response:
    query = request.query_params
    choices = start_choices(registry, query.get("edition"), query.get("faction"))
    return page("start.html.j2", status, title="Start a list", choices=choices, problem=problem)


async def new(registry: Registry, request: Request) -> Response:
    query = request.query_params
    fields = {key: query[key] for key in START_FIELDS if key in query}
    army = blank_list(registry, query.get("edition"), query.get("faction"), fields)
    return RedirectResponse(_build_url(army), status_code=303)


_CODE = re.compile(r"^\s*wm\d+-")


async def open_list(registry: Registry, request: Request) -> Response:
    """A list file's text, a share code or a pasted text list, whichever it is."""
    try:
        form = await read_form(request)
    except ValueError:
        raise RequestError(400, "too many form fields") from None
    text = form.get("text", "")
    if not text.strip():
        return await start(registry, request, "paste a list file, a share code or a text list first", 400)
    if _CODE.match(text):
        try:
            return RedirectResponse(_build_url(decode(text)), status_code=303)
        except ShareCodeError as exc:
            return await start(registry, request, str(exc), 400)
    loaded = read_list(text.encode("utf-8"))
    if loaded.army is not None:
        return RedirectResponse(_build_url(loaded.army), status_code=303)
    imported = list_from_text(text, registry)
    if not imported.data["casters"] and not imported.data.get("units"):
        first = loaded.problems[0]
        return await start(registry, request, f"not a list file ({first.line}:{first.col}: {first.message}), share "
                           "code or text list this builder understands", 400)
    try:
        army = ArmyList.model_validate(imported.data)
    except ValueError:
        return await start(registry, request, "the text list could not be turned into a list", 400)
    notes = "; ".join(f"line {n}: {reason}: {line[:60]!r}" for n, line, reason in imported.unmatched[:5])
    return RedirectResponse(_build_url(army, **({"error": f"not understood: {notes}"} if notes else {})),
                            status_code=303)


async def build(registry: Registry, request: Request) -> Response:
    army = army_from_code(request.query_params.get("code"))
    report = validate_army(army, SourceMap(), "list", registry)
    entries = build_catalogue(registry, army, report)
    groups = [(label, [e for e in entries if e.group == label]) for label in GROUPS.values()]
    code = encode(army)
    return page("build.html.j2", title=army.name or "Army list", army=army, code=code, digest=list_digest(army),
                view=list_view(army, report), legal=report.legal, groups=[g for g in groups if g[1]],
                edition_name=EDITION_NAMES[army.edition], problem=request.query_params.get("error", "")[:500],
                errors=sum(1 for d in report.diagnostics if d.severity.value == "error"),
                warnings=sum(1 for d in report.diagnostics if d.severity.value == "warning"))


def _form_edit(query: Any) -> dict[str, Any]:
    """The edit a builder form or link sends, as the API's edit object."""
    op = query.get("op", "")
    edit: dict[str, Any] = {"op": op}
    for key in ("model", "holder", "size", "path", "to"):
        if query.get(key):
            edit[key] = query[key]
    if op == "add":
        hardpoints = {key[3:]: value for key, value in query.items() if key.startswith("hp.") and value}
        if hardpoints:
            edit["hardpoints"] = hardpoints
    if op == "set":
        value = query.get("value", "")
        path = query.get("path", "")
        if path.endswith(("points", "count")) and is_whole(value) and len(value) <= 4:
            edit["value"] = parse_whole(value, path)
        elif path.endswith("free"):
            edit["value"] = value in ("1", "true", "on")
        else:
            edit["value"] = value
    return edit


async def build_edit(registry: Registry, request: Request) -> Response:
    query = request.query_params
    army = army_from_code(query.get("code"))
    try:
        edited, _ = apply_edit(registry, army, parse_edit(_form_edit(query)))
    except RequestError as exc:
        return RedirectResponse(_build_url(army, error=exc.message[:400]), status_code=303)
    return RedirectResponse(_build_url(edited), status_code=303)


async def print_list(registry: Registry, request: Request) -> Response:
    """The ``wmdata list print --format html`` printout, with the cards when ``cards=1``."""
    army = army_from_code(request.query_params.get("code"))
    report = validate_army(army, SourceMap(), army.name or "list", registry)
    printout = build_printout(report, army, registry, content_version())
    cards = None
    if request.query_params.get("cards") == "1" and report.resolved is not None:
        cards = loadout_cards(CardBuilder(registry), report.resolved.picks)
    return HTMLResponse(render_printout(printout, "html", cards, "a4"))


def _file_name(army: ArmyList) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", (army.name or f"{army.edition}-{army.faction}").lower()).strip("-")
    return f"{stem[:60] or 'list'}.yaml"


async def download(registry: Registry, request: Request) -> Response:
    """The list file, exactly as ``wmdata list decode CODE`` prints it."""
    army = army_from_code(request.query_params.get("code"))
    return Response(new_list_text(army), media_type="application/yaml; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{_file_name(army)}"'})
