"""One terminal sanitiser: cards, list printouts (every format) and reports never copy
terminal control characters or bidirectional overrides from content, and Markdown
printouts show appended cards verbatim in a code block, so their HTML is not HTML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.conftest import ROOT, run_cli
from tests.packs_support import make_pack
from wmdata.diagnostics import Diagnostic, Severity, report_github
from wmdata.render.listprint import markdown_code_block
from wmdata.textsafe import terminal_safe

HOSTILE_RULES = ROOT / "tests" / "examples" / "valid" / "content" / "hostile-text"
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

PACK = """\
edition: mk4
kind: models
faction: cygnar
entries:
  - id: terminal-solo
    name: "Evil\\e[2J\\u202eSolo"
    type: solo
    fa: 1
    cost: 4
    base: 30
    stats: {SPD: 6, MAT: 6, RAT: 6, DEF: 14, ARM: 14}
    abilities: [xss]
    weapons:
      - {name: "Blade\\e]0;owned\\a\\r<b>x</b>", type: melee, rng: 1, pow: 11}
    source: "test \\x9b31m"
"""

LIST = """\
edition: mk4
name: "List \\e[5mblink\\u2066"
faction: cygnar
army: storm-legion
level: skirmish
points: 50
casters:
  - model: Captain Athena di Baro
solos:
  - model: terminal-solo
"""


def test_terminal_safe_shows_controls_as_escapes() -> None:
    assert terminal_safe("a\x1b[31mb\u202ec\td\ne\r\x85") == "a\\u001b[31mb\\u202ec\td\ne\\u000d\\u0085"
    assert terminal_safe("plain, non-Latin 鋼 عملاق") == "plain, non-Latin 鋼 عملاق"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    (tmp_path / "models.yaml").write_text(PACK, encoding="utf-8")
    return make_pack(tmp_path / "pack", [tmp_path / "models.yaml", HOSTILE_RULES], "mk4")


def test_the_pack_really_holds_control_characters(pack: Path) -> None:
    result = run_cli("validate", str(pack))
    assert result.exit_code == 0, result.output
    name = YAML(typ="safe", pure=True).load(PACK)["entries"][0]["name"]
    assert name == "Evil\x1b[2J\u202eSolo"


@pytest.mark.parametrize("output_format", ["txt", "html", "svg"])
def test_cards_carry_no_control_characters(pack: Path, output_format: str) -> None:
    result = run_cli("card", "terminal-solo", "--content", str(pack), "--format", output_format)
    assert result.exit_code == 0, result.output
    assert CONTROL.search(result.output) is None
    assert "\\u001b[2J" in result.output and "\\u202e" in result.output


@pytest.mark.parametrize("output_format", ["txt", "md", "html"])
def test_list_printouts_carry_no_control_characters(pack: Path, tmp_path: Path, output_format: str) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(LIST, encoding="utf-8")
    result = run_cli("list", "print", str(army), "--format", output_format, "--with-cards", "--content", str(pack))
    assert "Traceback" not in result.output
    assert CONTROL.search(result.output) is None, repr(CONTROL.search(result.output))
    assert re.search(r"\\u001b\\?\[5mblink", result.output) and re.search(r"\\u001b\\?\[2J", result.output)


def test_markdown_printout_shows_cards_verbatim(pack: Path, tmp_path: Path) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(LIST, encoding="utf-8")
    result = run_cli("list", "print", str(army), "--format", "md", "--with-cards", "--content", str(pack))
    printout, fence, rest = result.stdout.partition("\n```text\n")
    assert fence and "<script>" not in printout and "<b>" not in printout
    cards, closing, after = rest.rpartition("\n```\n")
    assert closing and after.strip() == "" and "<script>alert('x')</script>" in cards and "```" not in cards


def test_a_code_block_cannot_be_closed_from_inside() -> None:
    block = markdown_code_block("a ```` b\n```\n<script>")
    assert block.startswith("`````text\n") and block.endswith("\n`````\n")


def test_list_reports_carry_no_control_characters(tmp_path: Path) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(LIST.replace("terminal-solo", '"Evil\\e[2J\\u202eSolo"'), encoding="utf-8")
    for command in ("validate", "show"):
        result = run_cli("list", command, str(army))
        assert result.exit_code in (0, 1) and "Traceback" not in result.output
        assert CONTROL.search(result.output) is None
        assert re.search(r"\\(u001b|x1b)\[2J", result.output) and "\\u001b[5mblink" in result.output


def test_diagnostic_reports_carry_no_control_characters() -> None:
    problem = Diagnostic("x.yaml", 1, 1, "name", "code", Severity.ERROR, "bad name 'a\x1b[2J\u202eb'")
    for text in (problem.format(), report_github([problem], 1)):
        assert CONTROL.search(text) is None and "\\u001b[2J\\u202e" in text


def test_attack_odds_carry_no_control_characters(pack: Path) -> None:
    result = run_cli("attack", "--attacker", "terminal-solo", "--weapon", "Blade\x1b]0;owned\x07\r<b>x</b>",
                     "--target", "Captain Athena di Baro", "--content", str(pack))
    assert result.exit_code == 0, result.output
    assert CONTROL.search(result.output) is None
    assert result.output.startswith("Evil\\u001b[2J\\u202eSolo (Blade\\u001b]0;owned\\u0007\\u000d<b>x</b>)")
