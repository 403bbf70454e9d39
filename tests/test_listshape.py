"""The pydantic-free list-shape check accepts only what pydantic accepts, with the same values."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tests.conftest import ROOT
from wmdata.army.listshape import ListShape
from wmdata.content.yamlio import load_yaml
from wmdata.model.lists import ArmyList

SHAPE = ListShape.shipped()
VALUES = st.one_of(
    st.sampled_from(["mk2", "mk3", "mk4", "cygnar", "pitched-battle", "Bad Id", "", "min", "max", "fixed", "huge",
                     "prime", "unlimited", "x" * 121, "Stryker", "min\n", "a\x00b"]),
    st.integers(-5, 1005), st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=False),
)

FITTING: dict[str, list[Any]] = {
    "edition": ["mk2", "mk3", "mk4"], "faction": ["cygnar"], "level": ["pitched-battle"], "army": ["storm-legion"],
    "theme": ["magnus-agenda"], "contract": ["four-star"], "arena": ["prime", "unlimited"], "name": ["My list"],
    "notes": ["Bring dice."], "model": ["Stryker", "Lord Tyrant Hexeris"], "size": ["min", "max", "fixed"],
    "free": [True, False], "count": [1, 3, 100], "points": [0, 50, 1000],
}


def value_for(key: str) -> st.SearchStrategy[Any]:
    """Mostly a value that fits the key, sometimes anything: many documents are accepted."""
    fitting = st.sampled_from(FITTING.get(key, ["x"]))
    return st.tuples(st.integers(0, 5), fitting, VALUES).map(lambda drawn: drawn[2] if drawn[0] == 0 else drawn[1])


def _plain(value: Any) -> Any:
    if isinstance(value, SimpleNamespace):
        return {key: _plain(item) for key, item in vars(value).items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


@st.composite
def choices(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    keys = ["model", "size", "free", "count", "attachments", "jacks", "battlegroup", "hardpoints", "size", "free",
            "colour"]
    choice: dict[str, Any] = {"model": draw(value_for("model"))} if draw(st.integers(0, 5)) else {}
    for key in draw(st.lists(st.sampled_from(keys), max_size=3, unique=True)):
        if key == "attachments":
            choice[key] = draw(st.lists(value_for("model"), max_size=2))
        elif key in ("jacks", "battlegroup") and depth < 1:
            choice[key] = draw(st.lists(choices(depth + 1), max_size=2))
        elif key == "hardpoints":
            choice[key] = draw(st.dictionaries(st.sampled_from(["head", "arm"]), value_for("model"), max_size=2))
        else:
            choice[key] = draw(value_for(key))
    return choice


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    document: dict[str, Any] = {key: draw(value_for(key)) for key in ("edition", "faction", "level", "points")}
    optional = ["name", "army", "arena", "theme", "contract", "notes", "casters", "units", "solos", "others",
                "command_cards", "extra"]
    for key in draw(st.lists(st.sampled_from(optional), max_size=5, unique=True)):
        if key in ("casters", "units", "solos", "others"):
            document[key] = draw(st.lists(choices(), max_size=2))
        elif key == "command_cards":
            document[key] = draw(st.lists(value_for("model"), max_size=3))
        else:
            document[key] = draw(value_for(key))
    if draw(st.integers(0, 9)) == 0:
        del document[draw(st.sampled_from(["edition", "faction", "level", "points"]))]
    return document


@settings(max_examples=800, deadline=None)
@given(documents())
def test_accepts_only_what_pydantic_accepts_with_the_same_values(document: dict[str, Any]) -> None:
    conformed = SHAPE.conform(document)
    if conformed is None:
        return
    try:
        army = ArmyList.model_validate(document)
    except ValidationError as exc:
        raise AssertionError(f"accepted what pydantic rejects: {exc}") from None
    assert _plain(conformed) == army.model_dump()


def test_reads_every_example_list() -> None:
    for path in ROOT.glob("examples/lists/*.yaml"):
        data, _ = load_yaml(path.read_text(encoding="utf-8"))
        conformed = SHAPE.conform(data)
        assert conformed is not None, path
        assert _plain(conformed) == ArmyList.model_validate(data).model_dump()


def test_declines_what_pydantic_should_judge() -> None:
    good = {"edition": "mk4", "faction": "cygnar", "level": "skirmish", "points": 50}
    assert SHAPE.conform(good) is not None
    for bad in [{**good, "points": True}, {**good, "points": 50.0}, {**good, "colour": "blue"},
                {k: v for k, v in good.items() if k != "level"}, {**good, "edition": "mk5"},
                {**good, "faction": "Cygnar"}, {**good, "units": [{"model": "A", "size": "min\n"}]}, [good]]:
        assert SHAPE.conform(bad) is None, bad
