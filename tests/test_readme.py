"""The README stays a short front page: at most about 150 lines, the two set-up commands that CI
runs, and a way to every documentation page."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.conftest import ROOT, run_cli

README = (ROOT / "README.md").read_text(encoding="utf-8")
INSTALL = "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/wmdata validate"
TESTS = ".venv/bin/python -m pytest"


def _blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"^```\w*\n(.*?)^```$", text, re.M | re.S)]


def test_readme_is_short() -> None:
    assert len(README.splitlines()) <= 150, "README.md is a front page: put reference text in docs/<topic>.md"


def test_readme_gives_the_set_up_commands_ci_runs() -> None:
    assert INSTALL in _blocks(README) and TESTS in _blocks(README)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "python3 -m venv .venv" in ci
    assert any(line.startswith(".venv/bin/pip install") and line.endswith("'.[test]'") for line in ci)
    assert TESTS in ci


def test_every_docs_page_is_reachable_from_the_readme() -> None:
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(docs/([^)#]+)", README)) | set(re.findall(r"\]\(([^)#/:]+\.md)", index))
    assert "README.md" in linked, "link docs/README.md (the index) from README.md"
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"README.md"}
    assert pages - linked == set(), "link these pages from docs/README.md"


def _example(command: str) -> tuple[list[str], list[str]]:
    """The README's example block starting with ``$ wmdata COMMAND``: its arguments and the
    output lines it shows up to the next command (lines of ``...`` are elisions)."""
    for block in _blocks(README):
        lines = block.splitlines()
        for index, line in enumerate(lines):
            if line.startswith(f"$ wmdata {command} "):
                shown = []
                for following in lines[index + 1:]:
                    if following.startswith("$ "):
                        break
                    shown.append(following)
                return shlex.split(line)[2:], [text for text in shown if text.strip() != "..."]
    raise AssertionError(f"no '$ wmdata {command}' example in README.md")


@pytest.mark.parametrize("command", ["attack", "card"])
def test_the_examples_show_what_the_command_prints(command: str) -> None:
    """The odds and the card in the README are what the commands print today, line for line."""
    args, shown = _example(command)
    result = run_cli(*args)
    assert result.exit_code == 0, result.output
    printed = result.output.splitlines()
    assert shown and all(line in printed for line in shown), [line for line in shown if line not in printed]
