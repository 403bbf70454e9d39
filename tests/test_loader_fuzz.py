"""Property tests: whatever bytes or YAML the loader is given, it answers with
located diagnostics (or a clean result) and never raises."""

from __future__ import annotations

import string

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wmdata.content.loader import read_content
from wmdata.content.yamlio import MAX_FILE_BYTES, load_yaml

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30), st.sampled_from(["mk2", "mk3", "mk4", "models", "rules", "warjack", "U", "C", "12/6"]),
)
keys = st.one_of(st.text(string.ascii_letters + "_", min_size=1, max_size=12),
                 st.sampled_from(["id", "name", "source", "type", "stats", "entries", "edition", "kind", "fa"]))
documents = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                           st.dictionaries(keys, inner, max_size=6)),
                         max_leaves=40)


def _check(raw: bytes) -> None:
    loaded = read_content(raw)
    for problem in loaded.summary.problems:
        assert problem.line >= 1 and problem.col >= 1
        assert problem.code and problem.message
        assert problem.message == problem.message.strip()


@SETTINGS
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(raw: bytes) -> None:
    _check(raw)


@SETTINGS
@given(st.text(alphabet=string.printable + "&*!|>'\"%@`{}[]-:#\t\u00e9\u4e2d", max_size=400))
def test_random_text_never_raises(text: str) -> None:
    _check(text.encode("utf-8"))


@SETTINGS
@given(documents)
def test_random_yaml_documents_never_raise(document: object) -> None:
    _check(yaml.dump(document, Dumper=yaml.CSafeDumper).encode("utf-8"))


@SETTINGS
@given(st.dictionaries(keys, documents, max_size=8), st.sampled_from(["mk2", "mk3", "mk4"]),
       st.sampled_from(["models", "rules", "spells", "rulesets", "theme_forces"]))
def test_random_entries_under_a_valid_header_never_raise(entry: dict[str, object], edition: str, kind: str) -> None:
    _check(yaml.dump({"edition": edition, "kind": kind, "entries": [entry]}, Dumper=yaml.CSafeDumper).encode("utf-8"))


def test_huge_file_is_refused_with_the_limit_named() -> None:
    raw = b"edition: mk4\nkind: rules\nentries: []\n" + b"# padding\n" * (MAX_FILE_BYTES // 10 + 1)
    problems = read_content(raw).summary.problems
    assert [(p.line, p.col, p.code) for p in problems] == [(1, 1, "file-too-large")]
    assert str(MAX_FILE_BYTES) in problems[0].message


def test_folded_and_literal_scalars_keep_their_text() -> None:
    data, source_map = load_yaml("a: >-\n  one two\n  three\nb: |\n  x\n  y\n")
    assert data == {"a": "one two three", "b": "x\ny\n"}
    assert source_map.locate(("b",)) == (4, 4)
