"""The generated reference pages (docs/cli.md, docs/codes.md, docs/schema.md): fresh, complete,
and every diagnostic code the package can emit documented with an example that triggers it."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from tests.code_scan import scan
from tests.conftest import ROOT, run_cli
from wmdata.cli.app import cli
from wmdata.cli.reference.catalogue import ENTRIES, GROUPS, CodeEntry
from wmdata.cli.reference.codes import codes_reference, reported_lines, run_catalogue
from wmdata.cli.reference.commands import cli_reference
from wmdata.cli.reference.examples import Example, Run
from wmdata.cli.reference.schemas import schema_reference
from wmdata.model.documents import all_schemas

DOCS = ROOT / "docs"
REGENERATE = "run '.venv/bin/wmdata docs generate' from the repository root and commit docs/"
CATALOGUE = "wmdata/cli/reference/catalogue.py"

# One pytest-xdist worker runs this module, so that the catalogue examples (the ``runs``
# fixture, the slowest set-up of the suite) run once, not once per worker.
pytestmark = pytest.mark.xdist_group("reference-pages")

# Codes no shipped content can trigger (the catalogue says why on the page).  Keep this short:
# when content or options appear that can trigger one, give it an example and drop it here.


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Run]]:
    """Every catalogue example, run once for this module with its own content cache."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WMDATA_CACHE_DIR", str(tmp_path_factory.mktemp("examples-cache")))
        yield run_catalogue()


def _committed(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def test_cli_page_is_fresh() -> None:
    assert _committed("cli.md") == cli_reference(), f"docs/cli.md is stale: {REGENERATE}"


def test_schema_page_is_fresh() -> None:
    assert _committed("schema.md") == schema_reference(), f"docs/schema.md is stale: {REGENERATE}"


def test_codes_page_is_fresh(runs: dict[str, Run]) -> None:
    assert _committed("codes.md") == codes_reference(runs), f"docs/codes.md is stale: {REGENERATE}"


def _commands(command: click.Command, path: str, ctx: click.Context) -> Iterator[tuple[str, click.Command]]:
    yield path, command
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None
            yield from _commands(sub, f"{path} {name}", click.Context(sub, parent=ctx, info_name=name))


def test_cli_page_names_every_command_and_option() -> None:
    page = cli_reference()
    found = list(_commands(cli, "wmdata", click.Context(cli, info_name="wmdata")))
    assert len(found) > 20  # the walk itself reaches the lazily loaded groups
    for path, command in found:
        section = page.split(f"## `{path}`\n", 1)[1].split("\n## ", 1)[0]
        for param in command.params:
            for flag in param.opts if isinstance(param, click.Option) and "--help" not in param.opts else []:
                assert f"`{flag}`" in section, f"{path}: {flag}"
            if isinstance(param, click.Option) and isinstance(param.type, click.Choice):
                assert all(f"`{choice}`" in section for choice in param.type.choices), f"{path}: {param.name}"


def test_schema_page_names_every_field_of_every_schema() -> None:
    page = schema_reference()
    for file, schema in all_schemas().items():
        assert f"### `{file}`" in page
        for name, definition in schema.get("$defs", {}).items():
            for key in definition.get("properties", {}):
                assert f"| `{key}` |" in page, f"{file} {name}.{key}"
        for key in schema.get("properties", {}):
            assert f"| `{key}` |" in page, f"{file} {key}"


# --- diagnostic codes ---------------------------------------------------------------------------------


def test_every_code_the_package_emits_has_an_entry() -> None:
    emitted = scan(ROOT / "wmdata")
    documented = {entry.code for entry in ENTRIES}
    missing = {code: where for code, where in emitted.codes.items() if code not in documented}
    assert not missing, f"codes emitted without an entry in {CATALOGUE} (code: where): {missing}; add a CodeEntry " \
                        f"with an example, then {REGENERATE}"
    for pattern, where in emitted.patterns.items():
        regex = re.compile(pattern.replace("*", "[a-z0-9-]+"))
        assert any(regex.fullmatch(code) for code in documented), \
            f"{where} emits codes like {pattern!r} and none is in {CATALOGUE}"


def test_every_entry_is_a_code_the_package_emits() -> None:
    emitted = scan(ROOT / "wmdata")
    stale = [e.code for e in ENTRIES if e.code not in emitted.codes and not emitted.pattern_matches(e.code)]
    assert stale == [], f"{CATALOGUE} documents codes nothing emits any more: {stale}"


def test_entries_are_unique_and_grouped() -> None:
    codes = [entry.code for entry in ENTRIES]
    assert len(codes) == len(set(codes))
    assert {entry.group for entry in ENTRIES} <= {key for key, _, _ in GROUPS}


def test_every_code_has_an_example_and_the_page_shows_it() -> None:
    """No entry may go without a real example: the page shows each example's command and
    what it printed, and the test below requires that output to carry the code."""
    page = _committed("codes.md")
    for entry in ENTRIES:
        assert isinstance(entry.example, Example), entry.code
        section = page.split(f"\n### {entry.code}\n", 1)[1].split("\n### ", 1)[0]
        command = " ".join(shlex.quote(part) for part in shlex.split(entry.example.command))
        assert f"$ wmdata {command}\n" in section and f"({entry.code})" in section, entry.code
    assert "No example" not in page


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.code)
def test_example_triggers_its_code(entry: CodeEntry, runs: dict[str, Run]) -> None:
    run = runs[entry.code]
    assert reported_lines(entry, run.output), f"{entry.code}: the example printed\n{run.output}"
    if entry.severity.value == "error":
        assert run.exit_code == 1
    assert "Traceback" not in run.output


# --- the scanner itself -------------------------------------------------------------------------------

SYNTHETIC = '''
from dataclasses import dataclass

@dataclass
class Problem:
    line: int
    code: str

def _error(path, code, message):
    return Problem(1, code)

def decode(code):
    return code.upper()

def pick(kind):
    if kind:
        return "picked-code", "message"
    return "other-picked", "message"

def run(key, flag):
    _error((), "direct-call", "x")
    Problem(2, "value-class")
    Problem(line=3, code="keyword-code")
    _error((), "when-true" if flag else "when-false", "x")
    decode("not-a-code")
    code, message = pick(flag)
    _error((), code, message)
    _error((), f"family-{key}", "x")
    items = set()
    items.add("not-a-code-either")
    return {"code": "dict-code"}
'''


def test_scanner_follows_every_road(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text(SYNTHETIC, encoding="utf-8")
    found = scan(package)
    assert set(found.codes) == {"direct-call", "value-class", "keyword-code", "when-true", "when-false",
                                "picked-code", "other-picked", "dict-code"}
    assert set(found.patterns) == {"family-*"}
    assert found.pattern_matches("family-edition") and not found.pattern_matches("other-edition")


def test_scanner_finds_the_codes_of_each_layer() -> None:
    found = scan(ROOT / "wmdata")
    # One code per road in the real package: YamlProblem, lint helper, loader, tuple return, Diagnostic
    # call, army problem helpers.
    assert {"yaml-tab", "ps-mismatch", "edition-kind", "unknown-key", "duplicate-id", "points-over",
            "unknown-model", "pair-character"} <= set(found.codes)


# --- the command ----------------------------------------------------------------------------------------


def test_docs_generate_writes_the_named_pages(tmp_path: Path) -> None:
    result = run_cli("docs", "generate", "cli.md", "schema.md", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "cli.md").read_text(encoding="utf-8") == _committed("cli.md")
    assert (tmp_path / "schema.md").read_text(encoding="utf-8") == _committed("schema.md")
    assert not (tmp_path / "codes.md").exists()
    again = run_cli("docs", "generate", "cli.md", "--out", str(tmp_path))
    assert "unchanged" in again.output


def test_docs_check_reports_a_stale_page(tmp_path: Path) -> None:
    (tmp_path / "cli.md").write_text("# out of date\n", encoding="utf-8")
    result = run_cli("docs", "check", "cli.md", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "wmdata docs generate" in result.output
    assert run_cli("docs", "check", "nope.md").exit_code == 2
