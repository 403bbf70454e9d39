"""A list as the builder holds it: the share code in the page's URL, or a list file's
text in an API body; both become an :class:`ArmyList` through the army layer's readers."""

from __future__ import annotations

from wmdata.army.listfile import LoadedList, read_list
from wmdata.army.sharecode import ShareCodeError, decode
from wmdata.model.lists import ArmyList
from wmdata.web.requests import RequestError, share_code_field


def army_from_code(code: str | None) -> ArmyList:
    try:
        return decode(share_code_field(code))
    except ShareCodeError as exc:
        raise RequestError(400, str(exc)) from None


def loaded_from_body(raw: bytes) -> LoadedList:
    """A list file's bytes (YAML, or JSON, which the YAML reader also reads) parsed and
    schema-checked; a 422 naming the first problem when it is no list."""
    loaded = read_list(raw)
    if loaded.army is None:
        first = loaded.problems[0]
        details = [{"line": p.line, "col": p.col, "path": p.path, "code": p.code, "message": p.message,
                    "hint": p.hint} for p in loaded.problems]
        raise RequestError(422, f"not a readable list: {first.line}:{first.col}: {first.message} ({first.code})",
                         details)
    return loaded
