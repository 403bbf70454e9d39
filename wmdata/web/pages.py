"""The builder's pages: server-rendered HTML forms over the same calls as the API.

The list lives in the page's URL as its share code (``/build?code=wm1-...``), so a reload
or a bookmark restores it and the server keeps no state.  Each edit is a button of the
builder page's one form, posted to ``/build/edit`` (the list settings to
``/build/settings``), which answers with a redirect to the edited list's URL."""

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
    form = await read_form(request)
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


EDIT_BUTTONS = ("add", "remove", "set", "move")
BUILDER_FORM_FIELDS = 5000
"""The builder form sends every choice on the page with each edit: a field or two per
catalogue entry and per choice of the list, far below this for any real list."""


def _set_value(path: str, value: str) -> str | int | bool:
    """A form's text as the value a ``set`` edit of ``path`` takes."""
    if path.endswith(("points", "count")) and is_whole(value) and len(value) <= 4:
        return parse_whole(value, path)
    if path.endswith("free"):
        return value in ("1", "true", "on")
    return value


def _form_edit(form: dict[str, str]) -> dict[str, Any]:
    """The edit the builder's form sends, as the API's edit object.  The button pressed is
    the edit (``add``, ``remove``, ``set`` or ``move``) and its value the model id or the
    entry's path; the fields of that entry are named after it (``holder.ID``, ``size.ID``,
    ``value.PATH``, ``to.PATH``), so one form serves every entry."""
    pressed = [op for op in EDIT_BUTTONS if op in form]
    if len(pressed) != 1:
        raise RequestError(400, "expected exactly one of the builder's buttons: add, remove, set or move")
    op = pressed[0]
    key = form[op]
    if op == "add":
        extra = {field: form[f"{field}.{key}"] for field in ("holder", "size") if form.get(f"{field}.{key}")}
        return {"op": "add", "model": key, **extra}
    if op == "remove":
        return {"op": "remove", "path": key}
    if op == "move":
        return {"op": "move", "path": key, "to": form.get(f"to.{key}", "")}
    return {"op": "set", "path": key, "value": _set_value(key, form.get(f"value.{key}", ""))}


async def build_edit(registry: Registry, request: Request) -> Response:
    form = await read_form(request, BUILDER_FORM_FIELDS)
    army = army_from_code(form.get("code"))
    try:
        edited, _ = apply_edit(registry, army, parse_edit(_form_edit(form)))
    except RequestError as exc:
        return RedirectResponse(_build_url(army, error=exc.message[:400]), status_code=303)
    return RedirectResponse(_build_url(edited), status_code=303)


async def build_settings(registry: Registry, request: Request) -> Response:
    """The list settings form: name, encounter level and points, set together."""
    form = await read_form(request)
    army = edited = army_from_code(form.get("code"))
    try:
        for field in ("name", "level", "points"):
            if field in form:
                edit = {"op": "set", "path": field, "value": _set_value(field, form[field])}
                edited, _ = apply_edit(registry, edited, parse_edit(edit))
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
