"""The YAML reader: YAML 1.2 core-schema values, positions, and what it refuses.

The round trip uses ruamel.yaml's safe dumper, an independent YAML 1.2 writer, so a
document written by another tool must read back as the same data."""

from __future__ import annotations

import io
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from wmdata.content.yamlio import YamlError, load_yaml

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False, allow_infinity=False),
    st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20),
    st.sampled_from(["yes", "no", "on", "off", "1:30", "0o17", "0x1F", "1_000", "~", "null", "2026-11-24", "<<"]),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(string.ascii_letters + " -_#", min_size=1, max_size=8), inner,
                                            max_size=4)),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(documents)
def test_documents_written_by_another_yaml_tool_read_back_unchanged(document: object) -> None:
    stream = io.StringIO()
    YAML(typ="safe", pure=True).dump(document, stream)
    assert load_yaml(stream.getvalue())[0] == document


def test_plain_scalars_follow_the_yaml_1_2_core_schema() -> None:
    text = "a: yes\nb: off\nc: 1:30\nd: 0o17\ne: 0x1F\nf: ~\ng: 1_000\nh: -2\ni: 2.5e1\nj: TRUE\nk: '7'\nl:\n"
    assert load_yaml(text)[0] == {"a": "yes", "b": "off", "c": "1:30", "d": 15, "e": 31, "f": None,
                                  "g": "1_000", "h": -2, "i": 25.0, "j": True, "k": "7", "l": None}


def test_positions_of_keys_and_values_are_one_based() -> None:
    _, source_map = load_yaml("top:\n  - {id: x, n: 2}\n  - plain\n")
    assert source_map.keys[("top",)] == (1, 1)
    assert source_map.values[("top",)] == (2, 3)
    assert source_map.keys[("top", 0, "n")] == (2, 13)
    assert source_map.values[("top", 0, "n")] == (2, 16)
    assert source_map.values[("top", 1)] == (3, 5)


@pytest.mark.parametrize(("text", "where", "code"), [
    ('a: "\\ud800\\udc00"\n', (1, 7), "yaml-syntax"),  # a surrogate escape names no character
    ('a: "\\UFFFFFFFF"\n', (1, 7), "yaml-syntax"),
    ("%YAML 1.1\n---\na: 1:30\n", (1, 1), "yaml-version"),
    ("a: 1\nb: x # note\u2028c: 2\n", (2, 12), "yaml-syntax"),
    ("a: !!int forty\n", (1, 4), "yaml-tag"),
    ("a: 1\n1: b\n", (2, 1), "yaml-key"),
    ("a: " + "1" * 101 + "\n", (1, 4), "yaml-number"),
])
def test_refusals_are_located(text: str, where: tuple[int, int], code: str) -> None:
    with pytest.raises(YamlError) as raised:
        load_yaml(text)
    assert ((raised.value.problem.line, raised.value.problem.col), raised.value.problem.code) == (where, code)


def test_a_yaml_1_2_directive_is_read() -> None:
    assert load_yaml("%YAML 1.2\n---\na: 1:30\n")[0] == {"a": "1:30"}
