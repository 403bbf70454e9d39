"""Where each value of a parsed document sits, and how a path into it is written.

Kept apart from the YAML reader so that code which only *reports* positions (the army
builder, the quick list path) does not import a YAML library (nor ``dataclasses``, whose
import alone costs more than the quick list path may spend).
"""

from __future__ import annotations

Path = tuple[str | int, ...]
Position = tuple[int, int]


class SourceMap:
    """Positions (1-based line, col) of every value and every mapping key by path."""

    __slots__ = ("keys", "values")

    def __init__(self, values: dict[Path, Position] | None = None, keys: dict[Path, Position] | None = None) -> None:
        self.values: dict[Path, Position] = {} if values is None else values
        self.keys: dict[Path, Position] = {} if keys is None else keys

    def locate(self, path: Path, *, key: bool = False) -> Position:
        """Position of ``path``'s key (or value); falls back to the nearest parent."""
        probe = tuple(path)
        while True:
            table = self.keys if key else self.values
            if probe in table:
                return table[probe]
            if key and probe in self.values:
                return self.values[probe]
            if not probe:
                return (1, 1)
            probe = probe[:-1]
            key = False


def format_path(path: Path) -> str:
    """``casters[0].battlegroup[1].model``: the dotted form diagnostics print."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text
