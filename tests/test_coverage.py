"""`wmdata rules coverage`: executable only when every clause executes; partial entries
(``coverage: partial``) listed apart; text-only entries say why (issue 11)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from wmdata.content.library import load_files
from wmdata.content.loader import read_content
from wmdata.content.registry import Registry
from wmdata.engine.coverage import coverage, format_coverage
from wmdata.model.vocabulary import coverage_of

HEAD = "edition: mk4\nkind: rules\nentries:\n"
FULL = "  - {id: full, name: Full, source: test, category: ability, text: plus two armour,\n" \
       "     effects: [{kind: modify_stat, stat: ARM, op: add, value: 2}]}\n"
PARTIAL = "  - {id: half, name: Half, source: test, category: ability, text: plus two armour and a free move,\n" \
          "     coverage: partial, unmodelled: movement,\n" \
          "     effects: [{kind: modify_stat, stat: ARM, op: add, value: 2}]}\n"
TEXT = "  - {id: words, name: Words, source: test, category: ability, text: only a free move, unmodelled: movement}\n"


def loaded(body: str) -> Registry:
    file = read_content((HEAD + body).encode())
    assert not file.summary.problems, file.summary.problems
    return Registry.from_loaded([("test.yaml", file)])


def test_each_entry_counts_once_by_how_much_executes() -> None:
    registry = loaded(FULL + PARTIAL + TEXT)
    assert {item.id: coverage_of(item.entry) for item in registry} == {
        "full": "executable", "half": "partial", "words": "text-only"}
    [report] = coverage(registry)
    assert report.executable["ability"] == 1 and report.total["ability"] == 3
    assert report.partial == [("ability", "half", "movement")]
    assert report.text_only == [("ability", "words", "movement")]
    text = format_coverage([report])
    assert text.splitlines()[0] == "mk4: 1 executable, 1 partial, 1 text only, of 3 entries"
    assert "  ability                  1 /       1 /         1 /     3" in text
    assert "  partial, leaves out movement: half (ability)" in text


@pytest.mark.parametrize(("entry", "message"), [
    ("  - {id: x, name: X, source: test, category: ability, text: a rule, coverage: partial, unmodelled: other}\n",
     "rule 'x' is marked partial but has no effects"),
    ("  - {id: x, name: X, source: test, category: ability, text: a rule, coverage: partial,\n"
     "     effects: [{kind: modify_stat, stat: ARM, op: add, value: 2}]}\n",
     "rule 'x' is partial but does not say what its effects leave out"),
    ("  - {id: x, name: X, source: test, category: ability, text: a rule, unmodelled: other,\n"
     "     effects: [{kind: modify_stat, stat: ARM, op: add, value: 2}]}\n",
     "rule has effects but also says it is unmodelled"),
])
def test_inconsistent_coverage_marks_are_located_warnings(entry: str, message: str) -> None:
    problems = read_content((HEAD + entry).encode()).summary.problems
    assert [(p.code, p.line) for p in problems] == [("not-executable", 4)]
    assert message in problems[0].message


def test_the_builtin_library_has_partial_entries_listed_apart() -> None:
    reports = {r.edition: r for r in coverage(Registry.from_loaded(load_files()))}
    for report in reports.values():
        partial = {entry_id for _, entry_id, _ in report.partial}
        assert partial and not partial & {entry_id for _, entry_id, _ in report.text_only}
        assert sum(report.executable.values()) + len(report.partial) + len(report.text_only) \
            == sum(report.total.values())
    # what Stealth leaves out (it never blocks line of sight to other models) concerns only other models
    assert ("advantage", "stealth", "other-models") in reports["mk2"].partial


def test_coverage_json_separates_partial_entries() -> None:
    data = {r["edition"]: r for r in json.loads(run_cli("rules", "coverage", "--json").output)}
    assert any(p["id"] == "stealth" for p in data["mk4"]["partial"])
    assert sum(data["mk4"]["partial_count"].values()) == len(data["mk4"]["partial"])
