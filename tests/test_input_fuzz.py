"""Hostile input for every command-line input path: content files, list files, list edits,
share codes, pasted text lists, WHAC XML, warmachine-data JSON and board files (the web
API has its own, tests/test_web_fuzz.py).

Each test asserts the contract of the README: exit 0 only for valid input, otherwise exit 1
with a message that names the input, never an internal error (the last-resort handler's
exit 70: :func:`run_guarded` fails the test on any exception that would reach it), and
never a changed file when a command fails.  Share codes and list files also round-trip.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from wmdata.army.edit import new_list_text
from wmdata.army.listfile import read_list
from wmdata.army.sharecode import ShareCodeError, decode, encode
from wmdata.cli import app
from wmdata.cli.app import cli
from wmdata.content.library import validate
from wmdata.diagnostics import Severity
from wmdata.model.lists import ArmyList

SAMPLE = ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml"
SAMPLE_TEXT = SAMPLE.read_text(encoding="utf-8")
WHAC = (ROOT / "tests" / "fixtures" / "imports" / "whac" / "bad_records.xml").read_text(encoding="utf-8")
WMD = ROOT / "tests" / "fixtures" / "imports" / "warmachine-data" / "bad-records"
CONTENT = (ROOT / "tests" / "examples" / "valid" / "content" / "minimal.yaml").read_text(encoding="utf-8")
FUZZ = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LOCATED = re.compile(r"^\s*(wmdata: |\S+:\d+(:\d+)?: )", re.MULTILINE)

# Text a hostile user types: numbers int() misreads or cannot print, markup, controls, YAML/JSON syntax.
nasty = st.sampled_from([
    "9" * 5000, "\u00b9\u00b2", "\u0661\u0662", "\uff11", "-1", "1e999", "NaN", "0x1F", "1_000", "", " ", "~",
    "\x00", "\x1b[2J", "\u202e", "\ud7ff", "\U0010ffff", "<script>", "{{ 7*7 }}", "&a", "*a", "!!python/name:os",
    "[", "{", "]", "'", '"', "#", ": ", "- ", "\t", "\r", "\u0085", "\u2028", "%YAML 1.1", "---", "...",
]) | st.text(max_size=12)


def run_guarded(*args: str) -> Result:
    """Run the CLI; any exception other than the exit codes a command chooses fails the test
    (it is what would reach the last-resort handler and print exit 70)."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"internal error for {args!r}") from result.exception
    assert result.exit_code in (0, 1), (args, result.exit_code, result.output)
    if result.exit_code == 1:
        assert LOCATED.search(result.output), result.output
    return result


def test_the_guard_sees_what_would_reach_the_last_resort_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    """The detector is real: a bug inside a command is an exception run_guarded reports, and
    the console entry turns the same bug into exit 70."""
    def broken(*_: object) -> ArmyList:
        raise RuntimeError("bug")

    monkeypatch.setattr("wmdata.cli.lists.decode", broken)
    with pytest.raises(AssertionError, match="internal error"):
        run_guarded("list", "decode", "wm1-x")
    monkeypatch.setattr("sys.argv", ["wmdata", "list", "decode", "wm1-x"])
    with pytest.raises(SystemExit) as caught:
        app.main()
    assert caught.value.code == 70


@contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def _snapshot(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def _mutate(text: str, data: st.DataObject) -> str:
    """``text`` with a few lines changed: a value replaced, a line dropped, doubled or
    commented, or junk inserted."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["value", "drop", "double", "comment", "insert"]))
        line = lines[index]
        if action == "value" and ":" in line:
            lines[index] = line.split(":", 1)[0] + ": " + data.draw(nasty)
        elif action == "drop":
            del lines[index]
        elif action == "double":
            lines.insert(index, line)
        elif action == "comment":
            lines.insert(index, " " * data.draw(st.integers(0, 6)) + "# " + data.draw(nasty))
        else:
            lines.insert(index, data.draw(nasty))
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


# --- content files ---------------------------------------------------------------------------------


@FUZZ
@given(st.data())
def test_content_files(data: st.DataObject) -> None:
    with folder() as here:
        path = here / "content.yaml"
        path.write_text(_mutate(CONTENT, data), encoding="utf-8", errors="surrogatepass")
        result = run_guarded("validate", str(path))
        errors = [d for d in validate([path], use_cache=True).diagnostics if d.severity is Severity.ERROR]
        assert (result.exit_code == 0) == (errors == [])


# --- list files -----------------------------------------------------------------------------------


@FUZZ
@given(st.data())
def test_list_files(data: st.DataObject) -> None:
    with folder() as here:
        path = here / "army.yaml"
        raw = _mutate(SAMPLE_TEXT, data).encode("utf-8", errors="surrogatepass")
        path.write_bytes(raw)
        result = run_guarded("list", "validate", str(path))
        loaded = read_list(raw)
        if result.exit_code == 0:
            assert loaded.army is not None
            assert read_list(new_list_text(loaded.army).encode("utf-8")).army == loaded.army  # file round trip
        code = run_guarded("list", "code", str(path))
        assert (code.exit_code == 0) == (loaded.army is not None)
        if loaded.army is not None:
            assert decode(code.output.strip()) == loaded.army  # share code round trip
        assert path.read_bytes() == raw


# --- list edits -----------------------------------------------------------------------------------


@FUZZ
@given(st.data(), st.sampled_from(["add", "remove"]),
       st.sampled_from(["Legionnaire Officer", "Courser", "Stormblade Legionnaires", "Hit & Run", "nobody"]))
def test_list_edits(data: st.DataObject, action: str, model: str) -> None:
    with folder() as here:
        path = here / "army.yaml"
        raw = _mutate(SAMPLE_TEXT, data).encode("utf-8", errors="surrogatepass")
        path.write_bytes(raw)
        before = read_list(raw).army
        result = run_guarded("list", action, str(path), model)
        after = read_list(path.read_bytes()).army
        if result.exit_code == 0:
            assert before is not None and after is not None  # an edit never leaves a file that does not read
            assert after != before
        else:
            assert path.read_bytes() == raw


# --- share codes ----------------------------------------------------------------------------------

VALID_CODE = encode(ArmyList.model_validate({"edition": "mk4", "faction": "cygnar", "level": "skirmish",
                                            "points": 50, "casters": [{"model": "Captain Athena di Baro"}]}))


def _code_variant(data: st.DataObject) -> str:
    code = VALID_CODE
    how = data.draw(st.sampled_from(["flip", "cut", "append", "version", "text"]))
    if how == "flip":
        index = data.draw(st.integers(4, len(code) - 1))
        return code[:index] + data.draw(st.sampled_from("AZaz09-_\u0661")) + code[index + 1:]
    if how == "cut":
        return code[: data.draw(st.integers(0, len(code)))]
    if how == "append":
        return code + data.draw(st.text("AZaz09-_ =", max_size=8))
    if how == "version":
        return "wm" + data.draw(st.sampled_from(["01", "\u0661", "1" * 5000, "2", ""])) + code[3:]
    return data.draw(nasty)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_share_codes(data: st.DataObject) -> None:
    code = _code_variant(data)
    try:
        army = decode(code)
    except ShareCodeError as exc:
        assert str(exc)
    else:
        assert encode(army) == code.strip()  # only what 'list code' writes decodes


@FUZZ
@given(st.data())
def test_share_codes_on_the_command_line(data: st.DataObject) -> None:
    code = _code_variant(data)
    if code.startswith("-"):
        code = "x" + code
    with folder() as here:
        result = run_guarded("list", "decode", code, "-o", str(here / "out.yaml"))
        assert (here / "out.yaml").exists() == (result.exit_code == 0)


# --- pasted text lists -----------------------------------------------------------------------------

TEXT_LINES = st.sampled_from([
    "Warcaster - Captain Athena di Baro (+28)", "Courser 14", "2 Stormblade Legionnaires 14", "Legionnaire Officer 4",
    "Command Cards", "Hit & Run 1", "Total 50", "Stryker (Advanced Optics, Electro Bombard) 19", "50-point army",
])


@FUZZ
@given(st.lists(TEXT_LINES | nasty | st.builds(lambda n, x: f"{n} {x}", nasty, nasty), max_size=8))
def test_pasted_text(lines: list[str]) -> None:
    with folder() as here:
        source = here / "list.txt"
        source.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
        result = run_guarded("list", "import", str(source), "-o", str(here / "army.yaml"))
        written = here / "army.yaml"
        if result.exit_code == 0:
            assert read_list(written.read_bytes()).army is not None
        if not written.exists():
            assert result.exit_code == 1


# --- WHAC XML -------------------------------------------------------------------------------------

ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


@FUZZ
@given(st.data())
def test_whac_xml(data: st.DataObject) -> None:
    spots = list(ATTRIBUTE.finditer(WHAC))
    text = WHAC
    chosen = data.draw(st.lists(st.sampled_from(spots), min_size=1, max_size=3, unique_by=lambda m: m.start()))
    for match in sorted(chosen, key=lambda m: -m.start()):
        value = data.draw(nasty).replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
        text = text[:match.start(2)] + value + text[match.end(2):]
    with folder() as here:
        source = here / "data.xml"
        source.write_text(text, encoding="utf-8", errors="surrogatepass")
        result = run_guarded("import", "whac", str(source), "-o", str(here / "out"))
        if result.exit_code == 0:
            assert not [d for d in validate([here / "out"], use_cache=True).diagnostics
                        if d.severity is Severity.ERROR]
        else:
            assert not (here / "out").exists()


# --- warmachine-data JSON ---------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False) | nasty,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(nasty, inner, max_size=3), max_leaves=8)


def _replace_somewhere(value: Any, data: st.DataObject) -> Any:
    """``value`` with one member, at any depth, replaced by a random JSON value."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        return {**value, key: _replace_somewhere(value[key], data)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(value) - 1))
        return [*value[:index], _replace_somewhere(value[index], data), *value[index + 1:]]
    return data.draw(json_values)


@FUZZ
@given(st.data())
def test_warmachine_data_json(data: st.DataObject) -> None:
    units = json.loads((WMD / "units.json").read_text(encoding="utf-8"))
    units["goodSolo"] = _replace_somewhere(units["goodSolo"], data)
    with folder() as here:
        source = here / "data"
        source.mkdir()
        for path in WMD.iterdir():
            (source / path.name).write_bytes(path.read_bytes())
        (source / "units.json").write_text(json.dumps(units), encoding="utf-8", errors="surrogatepass")
        result = run_guarded("import", "warmachine-data", str(source), "-o", str(here / "out"))
        if result.exit_code == 0:
            assert not [d for d in validate([here / "out"], use_cache=True).diagnostics
                        if d.severity is Severity.ERROR]
        else:
            assert not (here / "out").exists()


# --- board files ----------------------------------------------------------------------------------

BOARD = (ROOT / "tests" / "boards" / "charges.yaml").read_text(encoding="utf-8")


@FUZZ
@given(st.data())
def test_board_files(data: st.DataObject) -> None:
    """tests/test_board_files.py fuzzes the board reader itself; this runs ``board check``
    as a user does, so a bug anywhere behind it would reach the guard."""
    with folder() as here:
        path = here / "board.yaml"
        raw = _mutate(BOARD, data).encode("utf-8", errors="surrogatepass")
        path.write_bytes(raw)
        run_guarded("board", "check", str(path))
        assert path.read_bytes() == raw
