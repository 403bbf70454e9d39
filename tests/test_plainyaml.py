"""The plain-YAML reader agrees with the full reader on every document it accepts.

It may decline anything (the caller then uses the full reader); what it must never do
is accept a document and return other data or other positions than ruamel-based
:func:`load_yaml`, or accept a document the full reader rejects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wmdata.content.plainyaml import read_plain_yaml
from wmdata.content.yamlio import YamlError, load_yaml

ROOT = Path(__file__).resolve().parent.parent

NAMES = ["Stryker", "Lord Tyrant Hexeris", "Tyrant Commander & Standard Bearer", "it's", "Kaya's 'Laris'", "a, b",
         "mk2", "skorne", "min", "max", "12", "Ægir"]
TRICKY = [
    "true", "True", "FALSE", "yes", "no", "on", "null", "Null", "~", "", "0", "7", "012", "-3", "+4", "1.5",
    ".5", "1e3", "0x1F", "0o7", ".inf", "2026-11-22", "a: b", "a:b", "x #y", "x#y", "#x", "- x", "-x", "[x]",
    "{y}", "?", "!tag", "&anchor", "*alias", "|", ">", "%", "@", "`", "é", "Ægir", "١٢", "a\\b", 'say "hi"',
    "caf\u00e9 ", " lead",
]
SCALARS = NAMES * 6 + TRICKY  # mostly ordinary values, so that many documents are read, not declined
KEYS = ["model", "size", "free", "count", "battlegroup", "units", "k", "a-b", "a_b", "x1", "1", "-k", "true",
        "null", "key with space", "é", "edition"]


def _scalar_text(value: str, style: str) -> str:
    if style == "single":
        return "'" + value.replace("'", "''") + "'"
    if style == "double":
        return '"' + value + '"'
    return value


@st.composite
def documents(draw: st.DrawFn, depth: int = 0) -> Any:
    if depth >= 3 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(SCALARS))
    if draw(st.booleans()):
        keys = draw(st.lists(st.sampled_from(KEYS), max_size=4))
        return {k: draw(documents(depth + 1)) for k in keys}
    return draw(st.lists(documents(depth + 1), max_size=4))


@st.composite
def rendered(draw: st.DrawFn) -> str:
    """A YAML rendering of a random document, in randomly chosen styles (not always valid YAML)."""
    document = draw(st.dictionaries(st.sampled_from(KEYS), documents(1), min_size=1, max_size=4))
    lines: list[str] = []

    def scalar(value: str) -> str:
        return _scalar_text(value, draw(st.sampled_from(["plain", "plain", "single", "double"])))

    def flow(value: Any, indent: int = 0) -> str:
        def comma() -> str:  # sometimes the collection goes on over the next line
            wrap = ",\n" + " " * (indent + draw(st.sampled_from([1, 2, 4, 0])))
            return draw(st.sampled_from([", ", ", ", ",", wrap]))

        if isinstance(value, dict):
            return "{" + "".join((comma() if n else "") + f"{k}: {flow(v, indent)}"
                                 for n, (k, v) in enumerate(value.items())) + "}"
        if isinstance(value, list):
            return "[" + "".join((comma() if n else "") + flow(v, indent) for n, v in enumerate(value)) + "]"
        return scalar(value)

    def comment() -> str:
        return draw(st.sampled_from(["", "", "  # note", " #x", "#y"]))

    def block(value: Any, indent: int, prefix: str, root: bool = False) -> None:
        pad = " " * indent
        if isinstance(value, dict) and value and (root or draw(st.booleans())):
            for number, (k, v) in enumerate(value.items()):
                lead = prefix if number == 0 else pad
                if isinstance(v, dict | list) and v and draw(st.booleans()):
                    lines.append(f"{lead}{k}:{comment()}")
                    block(v, indent + draw(st.sampled_from([0, 2, 4])), " " * (indent + 2))
                else:
                    lines.append(f"{lead}{k}: {flow(v, indent)}{comment()}")
        elif isinstance(value, list) and value and draw(st.booleans()):
            for number, item in enumerate(value):
                lead = prefix if number == 0 else pad
                if isinstance(item, dict) and item and draw(st.booleans()):
                    block(item, indent + 2, f"{lead}- ")
                else:
                    lines.append(f"{lead}- {flow(item, indent)}{comment()}")
        else:
            lines.append(f"{prefix}{flow(value, indent)}{comment()}")
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(["", "# a comment", "   ", "  # indented comment"])))

    block(document, 0, "", root=True)  # list files are block mappings
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n"]))


def _agrees(text: str) -> None:
    quick = read_plain_yaml(text)
    if quick is None:
        return
    try:
        data, source_map = load_yaml(text)
    except YamlError as exc:
        raise AssertionError(f"accepted a document the full reader rejects: {exc.problem}\n{text}") from None
    assert quick[0] == data, text
    assert type(quick[0]) is type(data)
    assert quick[1].values == source_map.values, text
    assert quick[1].keys == source_map.keys, text


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rendered())
def test_agrees_with_the_full_reader_on_generated_documents(text: str) -> None:
    _agrees(text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab: -#'\"[]{},\n\t&*!|>~01.", max_size=60))
def test_agrees_with_the_full_reader_on_random_text(text: str) -> None:
    _agrees(text)


def test_agrees_on_every_shipped_yaml_file_and_reads_the_example_lists() -> None:
    files = sorted([*ROOT.glob("examples/**/*.yaml"), *ROOT.glob("tests/**/*.yaml"), *ROOT.glob("content/**/*.yaml")])
    accepted = 0
    for path in files:
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        _agrees(text)
        accepted += read_plain_yaml(text) is not None
    assert accepted >= 50
    for example in ROOT.glob("examples/lists/*.yaml"):
        assert read_plain_yaml(example.read_text(encoding="utf-8")) is not None, example


def test_declines_what_it_does_not_read() -> None:
    for text in ["a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |\n  text\n", "a: b\n  c\n", "a:\tb\n", "a: 1.5\n",
                 "a: 1\na: 2\n", "", "# only a comment\n", "---\na: 1\n", 'a: "x\\n"\n', "a:\n",
                 "a: [x y\n\n  z]\n", "a: [x,\ny]\n", "a: ['x\n  y']\n"]:
        assert read_plain_yaml(text) is None, text


def test_flow_collections_over_several_lines() -> None:
    text = "cards: [Power Swell, Old Faithful,\n    Hit & Run]  # five\nunits:\n- {model: A,\n   size: max}\n"
    quick = read_plain_yaml(text)
    assert quick is not None
    assert quick[0] == {"cards": ["Power Swell", "Old Faithful", "Hit & Run"], "units": [{"model": "A", "size": "max"}]}
    assert quick[1].values[("cards", 2)] == (2, 5)
    assert quick[1].keys[("units", 0, "size")] == (5, 4)
    _agrees(text)
    folded = read_plain_yaml("a: [x y,\n  z\n  w]\n")  # a plain scalar folded over a line break
    assert folded is not None and folded[0] == {"a": ["x y", "z w"]}
    _agrees("a: [x y,\n  z\n  w]\n")


def test_typed_scalars() -> None:
    quick = read_plain_yaml("a: 7\nb: true\nc: null\nd: yes\ne: 'it''s'\nf: [x, 'y z', \"w\"]\n")
    assert quick is not None
    assert quick[0] == {"a": 7, "b": True, "c": None, "d": "yes", "e": "it's", "f": ["x", "y z", "w"]}
    assert quick[1].values[("f", 1)] == (6, 8)
