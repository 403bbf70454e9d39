"""Every effect kind has one handler, documented with a valid and an invalid example;
the examples are executed here, and the reference page is kept fresh."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter
from ruamel.yaml import YAML

from tests.conftest import ROOT
from wmdata.content.loader import read_content
from wmdata.engine.docs import effects_reference
from wmdata.engine.handlers import HANDLERS
from wmdata.engine.sources import SourcedEffect
from wmdata.engine.work import AttackWork, DicePlan
from wmdata.model.effects import EFFECT_KINDS, Effect

KINDS = sorted(HANDLERS)
EFFECT = TypeAdapter(Effect)


def _rules_file(effect_yaml: str) -> bytes:
    return (f"edition: mk4\nkind: rules\nentries:\n  - {{id: sample, name: Sample, source: test, "
            f"category: ability, text: a sample rule, effects: [{effect_yaml}]}}\n").encode()


def test_every_kind_has_exactly_one_handler() -> None:
    kinds = {model.model_fields["kind"].annotation.__args__[0] for model in EFFECT_KINDS}  # type: ignore[union-attr]
    assert kinds == set(HANDLERS)


@pytest.mark.parametrize("kind", KINDS)
def test_valid_example_loads_and_runs(kind: str) -> None:
    registration = HANDLERS[kind]
    effect = EFFECT.validate_python(YAML(typ="safe", pure=True).load(registration.valid))
    assert effect.kind == kind
    problems = read_content(_rules_file(registration.valid)).summary.problems
    assert [p for p in problems if p.code != "not-executable"] == []
    work = AttackWork(attack=DicePlan(2), damage=DicePlan(2))
    before = repr(work)
    registration.handler(work, SourcedEffect(effect, "sample", "rule:ability"), "attacker")
    assert repr(work) != before, "a handler must record what its effect does"


@pytest.mark.parametrize("kind", KINDS)
def test_invalid_example_is_a_located_content_error(kind: str) -> None:
    registration = HANDLERS[kind]
    problems = read_content(_rules_file(registration.invalid)).summary.problems
    messages = [p.message for p in problems if p.code in ("schema", "unknown-key")]
    assert any(registration.invalid_error in message for message in messages), messages
    assert all(p.line == 4 and p.col > 1 for p in problems if p.code in ("schema", "unknown-key"))


def test_reference_page_is_fresh() -> None:
    committed = (ROOT / "docs" / "effects.md").read_text(encoding="utf-8")
    assert committed == effects_reference(), "run 'wmdata rules docs -o docs/effects.md'"


def test_reference_page_names_every_kind() -> None:
    page = effects_reference()
    assert all(f"## `{kind}`" in page for kind in KINDS)
