"""The command line: exit codes, output formats, show, schema export."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import EXAMPLES, ROOT, run_cli
from wmdata.cli.options import builtin_registry

INVALID = EXAMPLES / "invalid" / "content"


def test_validate_builtin_content_is_clean_and_strict() -> None:
    result = run_cli("validate", "--strict")
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("0 errors, 0 warnings")


def test_validate_reports_errors_with_exit_1() -> None:
    result = run_cli("validate", str(INVALID / "wrong-types.yaml"))
    assert result.exit_code == 1
    assert "ironclad.cost: expected an integer, got 'seven' (schema)" in result.output
    assert "Traceback" not in result.output


def test_warnings_pass_unless_strict(tmp_path: Path) -> None:
    source = (INVALID / "duplicate-text" / "rules.yaml").read_text(encoding="utf-8")
    (tmp_path / "rules.yaml").write_text(source, encoding="utf-8")
    assert run_cli("validate", str(tmp_path)).exit_code == 0
    strict = run_cli("validate", "--strict", str(tmp_path))
    assert strict.exit_code == 1
    assert "[error] stealth.text: rules text is identical" in strict.output


def test_missing_path_is_a_usage_error() -> None:
    result = run_cli("validate", "no/such/file.yaml")
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_unknown_option_is_a_usage_error() -> None:
    assert run_cli("validate", "--bogus").exit_code == 2
    assert run_cli("validate", "--format", "xml").exit_code == 2


def test_json_format_carries_the_same_diagnostics() -> None:
    result = run_cli("validate", "--format", "json", str(INVALID / "unit-sizes.yaml"))
    payload = json.loads(result.output)
    assert payload["errors"] == 1 and payload["warnings"] == 1
    first = payload["diagnostics"][0]
    assert first["code"] == "unit-sizes" and first["line"] == 10 and first["col"] == 30
    assert first["path"] == "long-gunners.sizes[0].models"


def test_github_format_emits_annotations() -> None:
    result = run_cli("validate", "--format", "github", str(INVALID / "tabs.yaml"))
    assert result.exit_code == 1
    assert result.output.startswith("::error file=")
    assert ",line=4,col=1,title=yaml-tab::" in result.output


def test_single_file_resolves_references_against_builtin_content(tmp_path: Path) -> None:
    faction = tmp_path / "models.yaml"
    faction.write_text("edition: mk4\nkind: models\nfaction: cygnar\nentries: []\n", encoding="utf-8")
    assert run_cli("validate", str(faction)).exit_code == 0
    faction.write_text("edition: mk4\nkind: models\nfaction: cygnor\nentries: []\n", encoding="utf-8")
    result = run_cli("validate", str(faction))
    assert result.exit_code == 1
    assert "did you mean 'cygnar'?" in result.output


def test_show_prints_an_entry_by_name_case_insensitively() -> None:
    result = run_cli("show", "CYGNAR", "--edition", "mk4")
    assert result.exit_code == 0, result.output
    assert "# Cygnar (mk4 faction)" in result.output
    assert "game: warmachine" in result.output


def test_show_unknown_suggests() -> None:
    result = run_cli("show", "cygnr")
    assert result.exit_code == 1
    assert "unknown entry 'cygnr'; did you mean" in result.output


def test_schema_export_matches_committed(tmp_path: Path) -> None:
    result = run_cli("schema", "export", "--out", str(tmp_path))
    assert result.exit_code == 0
    for exported in tmp_path.glob("*.json"):
        assert exported.read_text(encoding="utf-8") == (ROOT / "schemas" / exported.name).read_text(encoding="utf-8")


def test_version() -> None:
    result = run_cli("--version")
    assert result.exit_code == 0 and "wmdata" in result.output


def test_show_a_model_lists_its_rules_and_card_order() -> None:
    result = run_cli("show", "Courser", "--edition", "mk4")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "# Courser (mk4 model:warjack) from content/mk4/factions/cygnar/models.yaml"
    assert lines[1:4] == ["id: courser", "name: Courser", "type: warjack"]
    stats = lines.index("stats:")
    assert [line.split(":")[0].strip() for line in lines[stats + 1:stats + 6]] == ["SPD", "MAT", "RAT", "DEF", "ARM"]
    assert any(line.startswith("#  Shield [rule:weapon_quality]:") for line in lines)


def test_stats_command_explains_each_value() -> None:
    result = run_cli("stats", "courser", "--edition", "mk4", "--state", "knocked_down", "--state", "cover")
    assert result.exit_code == 0, result.output
    assert "DEF 13 -> 5: base 5 (knocked_down)" in result.output
    assert "conditional, not applied without an attack: cover: add 4 DEF" in result.output
    data = json.loads(run_cli("stats", "courser", "--json").output)
    assert data["profiles"][0]["stats"]["SPD"] == {"base": 6, "current": 6, "explain": "SPD 6 -> 6"}


def test_stats_unknown_model_and_bad_state() -> None:
    unknown = run_cli("stats", "corser")
    assert unknown.exit_code == 1 and "unknown model 'corser'; did you mean" in unknown.output
    assert run_cli("stats", "courser", "--state", "flying").exit_code == 2


def test_explain_attack_text_and_json() -> None:
    args = ["explain-attack", "--attacker", "courser", "--weapon", "voltaic spear", "--target", "stryker",
            "--state", "charging", "--boost", "damage"]
    text = run_cli(*args)
    assert text.exit_code == 0, text.output
    assert "boost from damage boost (chosen) ignored: a roll is boosted only once" in text.output
    data = json.loads(run_cli(*args, "--json").output)
    assert data["attack_roll"]["stat"] == "MAT" and data["damage_roll"]["boosted"] is True


def test_explain_attack_errors_exit_1_without_traceback() -> None:
    result = run_cli("explain-attack", "--attacker", "courser", "--weapon", "Banana", "--target", "stryker")
    assert result.exit_code == 1
    assert "Courser has no weapon or spell 'Banana'" in result.output
    assert run_cli("explain-attack", "--attacker", "courser", "--weapon", "x").exit_code == 2
    assert run_cli("explain-attack", "--attacker", "courser", "--weapon", "x", "--target", "y",
                   "--distance", "-3").exit_code == 2


def test_rules_coverage_and_docs(tmp_path: Path) -> None:
    coverage = run_cli("rules", "coverage", "--edition", "mk4")
    assert coverage.exit_code == 0 and coverage.output.startswith("mk4: ")
    data = json.loads(run_cli("rules", "coverage", "--json").output)
    assert [report["edition"] for report in data] == ["mk2", "mk3", "mk4"]
    page = tmp_path / "effects.md"
    assert run_cli("rules", "docs", "-o", str(page)).exit_code == 0
    assert page.read_text(encoding="utf-8") == (ROOT / "docs" / "effects.md").read_text(encoding="utf-8")


def test_content_stats_counts_what_the_registry_holds() -> None:
    result = run_cli("content", "stats", "--json")
    assert result.exit_code == 0, result.output
    reports = {r["edition"]: r for r in json.loads(result.output)}
    assert set(reports) == {"mk2", "mk3", "mk4"}
    registry = builtin_registry()
    for edition, report in reports.items():
        counted = sum(sum(f["models"].values()) for f in report["factions"])
        assert counted == sum(1 for i in registry if i.edition == edition and i.kind == "models")
        for faction in report["factions"]:
            assert 0 <= faction["rules_executable"] <= faction["rules_used"]
    mk2 = {f["faction"] for f in reports["mk2"]["factions"]}
    assert {"cygnar", "protectorate-of-menoth", "khador", "cryx", "mercenary"} <= mk2
    text = run_cli("content", "stats", "--edition", "mk3")
    assert text.exit_code == 0 and text.output.startswith("mk3: ") and "mk2" not in text.output
