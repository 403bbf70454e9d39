"""The built-in library, loaded once per test process for the attack-engine tests."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tests.conftest import run_cli
from wmdata.content.library import load_files
from wmdata.content.registry import Registry


@cache
def library() -> Registry:
    return Registry.from_loaded(load_files())


def explain_json(*args: str) -> dict[str, object]:
    """``wmdata explain-attack ARGS --json``, which must succeed, as a dict."""
    result = run_cli("explain-attack", *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


def attack_json(*args: str) -> dict[str, Any]:
    """``wmdata attack ARGS --json``, which must succeed, as a dict."""
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.output)
    return answer


def roll_of(answer: dict[str, object], which: str) -> dict[str, object]:
    """One roll (``attack_roll``, ``damage_roll``) of an explain-attack answer."""
    roll = answer[which]
    assert isinstance(roll, dict)
    return roll
