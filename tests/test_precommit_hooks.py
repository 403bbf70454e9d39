"""`.pre-commit-hooks.yaml`: the hooks a content repository uses are well formed, their
entries are real wmdata commands, their file patterns pick the right files, and the
commands they run pass on our own content and example lists."""

from __future__ import annotations

import re
import shlex
import tomllib
from typing import Any

import click
import pytest
from ruamel.yaml import YAML

from tests.conftest import ROOT, run_cli
from wmdata.cli.app import cli

# The keys pre-commit requires of a hook and the types of those we use (pre-commit's manifest schema).
REQUIRED = {"id", "name", "entry", "language"}
TYPES = {"id": str, "name": str, "entry": str, "language": str, "files": str, "description": str,
         "pass_filenames": bool, "args": list}


def _hooks() -> list[dict[str, Any]]:
    data = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, list) and data
    return data


def _hook(hook_id: str) -> dict[str, Any]:
    return next(h for h in _hooks() if h["id"] == hook_id)


def test_hooks_have_the_required_keys_with_the_right_types() -> None:
    ids = [hook["id"] for hook in _hooks()]
    assert ids == ["wmdata-validate", "wmdata-list-validate"]
    for hook in _hooks():
        assert set(hook) >= REQUIRED, hook
        assert set(hook) <= set(TYPES), hook
        assert all(isinstance(hook[key], TYPES[key]) for key in hook), hook
        assert hook["language"] == "python"  # pre-commit installs this repository with pip, then runs the entry
        re.compile(hook["files"])


def test_entries_are_commands_of_the_console_script() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    for hook in _hooks():
        program, *words = shlex.split(hook["entry"])
        assert program in scripts
        command: click.Command = cli
        ctx = click.Context(cli, info_name=program)
        for word in words:
            assert isinstance(command, click.Group), hook["entry"]
            found = command.get_command(ctx, word)
            assert found is not None, f"{hook['entry']}: no command {word!r}"
            command, ctx = found, click.Context(found, parent=ctx, info_name=word)
        assert not isinstance(command, click.Group), f"{hook['entry']} names a group, not a command"


@pytest.mark.parametrize(("path", "content_hook", "list_hook"), [
    ("content/mk4/rules/advantages.yaml", True, False),
    ("packs/my-pack/mk2/factions/cygnar/models.yml", True, False),
    ("lists/tournament.yaml", True, True),
    ("examples/lists/mk4-sample-storm-legion.yaml", True, True),
    ("README.md", False, False),
])
def test_file_patterns(path: str, content_hook: bool, list_hook: bool) -> None:
    assert bool(re.search(_hook("wmdata-validate")["files"], path)) is content_hook
    assert bool(re.search(_hook("wmdata-list-validate")["files"], path)) is list_hook


def test_content_hook_passes_on_the_shipped_content(monkeypatch: pytest.MonkeyPatch) -> None:
    """What pre-commit runs in a checkout of this repository: the entry, then the hook's args."""
    hook = _hook("wmdata-validate")
    monkeypatch.chdir(ROOT)
    assert hook["pass_filenames"] is False  # references cross files: the whole folder is checked together
    result = run_cli(*shlex.split(hook["entry"])[1:], *hook["args"])
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


def test_list_hook_passes_on_the_example_lists_and_fails_on_a_bad_one(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = _hook("wmdata-list-validate")
    monkeypatch.chdir(ROOT)
    lists = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "examples" / "lists").glob("*.yaml"))
    command = shlex.split(hook["entry"])[1:]
    assert run_cli(*command, *lists).exit_code == 0
    bad = ROOT / "tests" / "examples" / "invalid" / "lists" / "mk4" / "points-over.yaml"
    assert run_cli(*command, str(bad)).exit_code == 1
