"""The JSON API: the same answers as the command line, over HTTP.

Every handler reads its input through :mod:`wmdata.web.requests` (size limits, clear
4xx errors) and answers with data the army layer produced; see docs/web.md."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from wmdata.army.edit import new_list_text
from wmdata.army.listfile import validate_list_bytes
from wmdata.army.loadout import choose_loadout, hardpoints_of
from wmdata.army.sharecode import ShareCodeError, decode, encode
from wmdata.army.textimport import list_from_text
from wmdata.army.validate import report_json, validate_army
from wmdata.content.registry import Registry, RegistryItem
from wmdata.content.sourcemap import SourceMap
from wmdata.diagnostics import apply_strict
from wmdata.model.common import EDITIONS
from wmdata.model.lists import ArmyList
from wmdata.model.profiles import HardpointOption
from wmdata.render.cards import CardBuilder
from wmdata.render.cardsheet import cards_html
from wmdata.web.catalogue import build_catalogue
from wmdata.web.edits import apply_edit, parse_edit
from wmdata.web.liststate import army_from_code, loaded_from_body
from wmdata.web.requests import RequestError, parse_json, read_body, read_json, read_text, share_code_field
from wmdata.web.start import blank_list

NAME_LIMIT = 120


def _list_name(request: Request) -> str:
    name = request.query_params.get("name", "list")
    return name[:NAME_LIMIT] or "list"


def _flag(request: Request, key: str) -> bool:
    value = request.query_params.get(key, "")
    if value not in ("", "0", "1", "true", "false"):
        raise RequestError(400, f"'{key}' must be 1/0 or true/false, got {value[:40]!r}")
    return value in ("1", "true")


async def validate(registry: Registry, request: Request) -> Response:
    """The list in the body, validated: ``[report]`` exactly as ``wmdata list validate
    --format json`` prints it (the file name is the ``name`` query parameter)."""
    raw = await read_body(request)
    report = validate_list_bytes(raw, _list_name(request), registry)
    report.diagnostics = apply_strict(report.diagnostics, _flag(request, "strict"))
    return JSONResponse([report_json(report)])


async def code(registry: Registry, request: Request) -> Response:
    loaded = loaded_from_body(await read_body(request))
    assert loaded.army is not None  # loaded_from_body refuses lists it cannot read
    return JSONResponse({"code": encode(loaded.army)})


async def decode_code(registry: Registry, request: Request) -> Response:
    """A share code (plain text body, or JSON ``{"code": ...}``) back to the list: its data
    and the list file the CLI writes for it."""
    text = await read_text(request)
    if text.lstrip().startswith("{"):
        data = parse_json(text)
        found = data.get("code") if isinstance(data, dict) else None
        text = found if isinstance(found, str) else ""
    try:
        army = decode(share_code_field(text))
    except ShareCodeError as exc:
        raise RequestError(400, str(exc)) from None
    return JSONResponse({"list": army.model_dump(mode="json", exclude_defaults=True), "text": new_list_text(army)})


def _state(army: ArmyList, registry: Registry, message: str = "") -> dict[str, Any]:
    report = validate_army(army, SourceMap(), "list", registry)
    state: dict[str, Any] = {"list": army.model_dump(mode="json", exclude_defaults=True), "code": encode(army),
                             "report": report_json(report)}
    if message:
        state["message"] = message
    return state


async def edit(registry: Registry, request: Request) -> Response:
    """One edit of a list: body ``{"code": share code, "edit": {...}}`` (or ``"list"``:
    the list's data instead of the code); answer the edited list, its code and its report."""
    body = await read_json(request)
    if not isinstance(body, dict) or "edit" not in body or not ("code" in body) ^ ("list" in body):
        raise RequestError(400, "expected an object with 'edit' and either 'code' or 'list'")
    if "code" in body:
        army = army_from_code(body["code"] if isinstance(body["code"], str) else None)
    else:
        army = _army_data(body["list"])
    edited, message = apply_edit(registry, army, parse_edit(body["edit"]))
    return JSONResponse(_state(edited, registry, message))


def _army_data(data: object) -> ArmyList:
    try:
        return ArmyList.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(step) for step in first["loc"]) or "list"
        raise RequestError(422, f"not a list: {where}: {first['msg'].lower()}") from None


async def import_text(registry: Registry, request: Request) -> Response:
    """A pasted text list to list data, with every line that was not understood and
    every printed cost that differs from what the line buys."""
    text = await read_text(request)
    edition = request.query_params.get("edition")
    if edition is not None and edition not in EDITIONS:
        raise RequestError(400, f"unknown edition {edition[:40]!r}; editions: {', '.join(EDITIONS)}")
    result = list_from_text(text, registry, edition)
    army = _army_data(result.data)
    unmatched = [{"line": number, "text": line, "reason": reason} for number, line, reason in result.unmatched]
    costs = [{"line": number, "text": line, "reason": reason} for number, line, reason in result.costs]
    return JSONResponse(_state(army, registry) | {"unmatched": unmatched, "costs": costs})


async def catalogue(registry: Registry, request: Request) -> Response:
    """What a list may add.  ``code`` gives the list; otherwise ``edition`` and ``faction``
    describe an empty list of that faction."""
    query = request.query_params
    if "code" in query:
        army = army_from_code(query["code"])
    else:
        army = blank_list(registry, query.get("edition"), query.get("faction"))
    entries = build_catalogue(registry, army)
    return JSONResponse({"edition": army.edition, "faction": army.faction,
                         "entries": [asdict(e) | {"addable": e.addable} for e in entries]})


async def card(registry: Registry, request: Request) -> Response:
    """The stat card(s) of one model as an HTML print sheet (``wmdata card``'s output)."""
    edition, model_id = request.path_params["edition"], request.path_params["id"]
    item = registry.get(edition, model_id) if edition in EDITIONS else None
    if item is None or not item.category.startswith("model:"):
        raise RequestError(404, f"no model {model_id[:80]!r} in {edition[:20]!r}")
    cards = CardBuilder(registry).cards_for(item, _loadout(item, request.query_params.getlist("hardpoint")))
    return HTMLResponse(cards_html(cards, "a4", title=item.name))


def _loadout(item: RegistryItem, hardpoints: list[str]) -> tuple[HardpointOption, ...]:
    """The options ``hardpoint=SLOT=OPTION`` choose (as ``wmdata card --hardpoint``); 400
    naming every problem."""
    if not hardpoints:
        return ()
    refs: dict[str, str] = {}
    for text in hardpoints[:20]:
        slot, sep, option = text.partition("=")
        if not sep or not slot.strip() or not option.strip() or slot.strip() in refs:
            raise RequestError(400, f"hardpoint: expected SLOT=OPTION once per slot, got {text[:80]!r}")
        refs[slot.strip()] = option.strip()
    if not hardpoints_of(item):
        raise RequestError(400, f"{item.name} has no hardpoints (its loadout is fixed)")
    chosen, problems = choose_loadout(item, refs)
    if problems:
        raise RequestError(400, "; ".join(f"{p.message} ({p.hint})" for p in problems)[:800])
    return chosen
