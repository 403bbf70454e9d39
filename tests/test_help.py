"""``wmdata --help`` lists the commands with their own summaries, without importing them."""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import subprocess
import sys

import click
import pytest

from tests.conftest import ROOT
from wmdata.cli.app import COMMANDS, SUMMARIES, help_width


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_is_the_first_paragraph_of_the_commands_help(name: str) -> None:
    module, _, attribute = COMMANDS[name].partition(":")
    command = getattr(importlib.import_module(module), attribute)
    assert isinstance(command, click.Command)
    assert name in SUMMARIES, f"add the first paragraph of {name!r}'s help to SUMMARIES in wmdata/cli/app.py"
    assert SUMMARIES[name] == inspect.cleandoc(command.help or "").split("\n\n")[0]
    for limit in (30, 45, 70, 200):
        assert click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit) == command.get_short_help_str(limit)


def test_help_imports_no_command_module() -> None:
    probe = ("import sys; from wmdata.launch import main; sys.argv = ['wmdata', '--help']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('wmdata.cli.') and m not in "
             "('wmdata.cli.app', 'wmdata.cli.lazy')), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False, cwd=ROOT,
                            env={**os.environ, "COLUMNS": "100"})
    assert result.stderr.strip() == "[]"
    for name in COMMANDS:
        assert f"  {name} " in result.stdout


@pytest.mark.parametrize("columns", ["40", "60", "79", "80", "81", "200", "0", "-3", "wide", ""])
def test_help_width_is_what_click_would_choose(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The console entry hands click the help width itself (cli/app.py:help_width, to start
    without shutil); it must be the width click works out from shutil.get_terminal_size."""
    monkeypatch.setenv("COLUMNS", columns)
    assert help_width() == max(min(shutil.get_terminal_size().columns, 80) - 2, 50)


def test_the_console_entry_prints_the_help_click_prints() -> None:
    env = {**os.environ, "COLUMNS": "60"}
    entry = subprocess.run([sys.executable, "-m", "wmdata", "--help"], capture_output=True, text=True, env=env,
                           check=True)
    plain = subprocess.run([sys.executable, "-c", "from wmdata.cli.app import cli; cli.main(['--help'], "
                            "prog_name='wmdata')"], capture_output=True, text=True, env=env, check=False)
    assert entry.stdout == plain.stdout
    assert max(map(len, entry.stdout.splitlines())) <= 58
