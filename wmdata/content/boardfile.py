"""Read a board file: the safe YAML reader, the board schema, and the checks that need
content (every ``content:`` id names a model of the board's edition) or the whole file
(ids unique on the board), each reported at its ``file:line:col``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from pydantic import ValidationError

from wmdata.content.registry import Registry, RegistryItem
from wmdata.content.rejected import rejected_entry
from wmdata.content.schema_errors import located_problems
from wmdata.content.schema_keys import SchemaKeys
from wmdata.content.sourcemap import SourceMap, format_path
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.model.board import BoardFile


@dataclass(slots=True)
class LoadedBoard:
    board: BoardFile | None
    source_map: SourceMap = field(default_factory=SourceMap)
    problems: list[Diagnostic] = field(default_factory=list)
    models: dict[str, RegistryItem] = field(default_factory=dict)

    def error(self, path: tuple[str | int, ...], code: str, message: str, hint: str = "") -> None:
        line, col = self.source_map.locate(path)
        self.problems.append(Diagnostic("", line, col, format_path(path), code, Severity.ERROR, message, hint))


@cache
def _board_keys() -> SchemaKeys:
    return SchemaKeys(BoardFile.model_json_schema())


def read_board(raw: bytes, registry: Registry) -> LoadedBoard:
    """Parse, schema-check and content-check a board file's bytes; never raises for bad input."""
    try:
        data, source_map = load_yaml_bytes(raw)
    except YamlError as exc:
        p = exc.problem
        return LoadedBoard(None, problems=[Diagnostic("", p.line, p.col, "", p.code, Severity.ERROR, p.message,
                                                      p.hint)])
    if data is None:
        return LoadedBoard(None, source_map, [Diagnostic(
            "", 1, 1, "", "empty-file", Severity.ERROR,
            "board file is empty; expected a mapping with 'edition', 'table', 'models' and 'terrain'")])
    try:
        board = BoardFile.model_validate(data)
    except ValidationError as exc:
        problems = [Diagnostic("", p.line, p.col, format_path(p.path), p.code, Severity.ERROR, p.message, p.hint)
                    for p in located_problems(exc, data, source_map, keys=_board_keys())]
        return LoadedBoard(None, source_map, problems)
    loaded = LoadedBoard(board, source_map)
    _check_ids(loaded, board)
    _resolve_content(loaded, board, registry)
    if loaded.problems:
        loaded.board = None
    return loaded


def _check_ids(loaded: LoadedBoard, board: BoardFile) -> None:
    seen: dict[str, str] = {}
    items = [(("models", i, "id"), m.id) for i, m in enumerate(board.models)]
    items += [(("terrain", i, "id"), t.id) for i, t in enumerate(board.terrain)]
    for path, name in items:
        if name in seen:
            loaded.error(path, "board-duplicate-id", f"id {name!r} is already used on this board by {seen[name]}",
                         "give every model and terrain feature its own id")
        else:
            seen[name] = format_path(path[:2])


def _is_model(item: RegistryItem) -> bool:
    return item.category.startswith("model:")


def _resolve_content(loaded: LoadedBoard, board: BoardFile, registry: Registry) -> None:
    for index, model in enumerate(board.models):
        if model.content is None:
            continue
        item = registry.get(board.edition, model.content)
        if item is not None and not _is_model(item):
            loaded.error(("models", index, "content"), "board-unknown-model",
                         f"{model.content!r} in {board.edition} is a {item.category.replace(':', ' ')} "
                         f"({item.file}), not a model", "give a model's id, or a base size in mm instead (base: 40)")
            continue
        rejected = rejected_entry(board.edition, model.content) if item is None else None
        if rejected is not None:
            loaded.error(("models", index, "content"), "board-unknown-model",
                         rejected.explain(f"model {model.content!r} of {board.edition}"))
            continue
        if item is None:
            found = registry.lookup(model.content, board.edition, _is_model)
            near = found.items or [hit for name in found.suggestions
                                   if (hit := registry.lookup(name, board.edition, _is_model).found) is not None]
            close = list(dict.fromkeys(item.id for item in near))[:3]
            loaded.error(("models", index, "content"), "board-unknown-model",
                         f"unknown model id {model.content!r} in {board.edition}",
                         f"did you mean {', '.join(repr(c) for c in close)}?" if close else "")
        else:
            loaded.models[model.id] = item
