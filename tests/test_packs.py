"""Content packs: the example trees of packs (each folder of a case is one pack, given
together), and the commands that take ``--content`` and ``WMDATA_CONTENT``.

Regenerate the expected files after a deliberate change with
``WMDATA_REGENERATE=1 pytest tests/test_packs.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT, run_cli
from wmdata.content.packcheck import check_packs
from wmdata.diagnostics import sort_diagnostics

VALID = sorted(p for p in (EXAMPLES / "valid" / "packs").iterdir() if p.is_dir())
INVALID = sorted(p for p in (EXAMPLES / "invalid" / "packs").iterdir() if p.is_dir())
REPLACING = EXAMPLES / "valid" / "packs" / "replaces-builtin" / "pack"
DEPENDENCY = EXAMPLES / "valid" / "packs" / "dependency"


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pack-cache")


@pytest.fixture(autouse=True)
def isolated_cache(shared_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """One cache for this module: the cache is keyed by file bytes, and checking the
    built-in library afresh for every case would cost seconds each."""
    monkeypatch.setenv("WMDATA_CACHE_DIR", str(shared_cache))
    monkeypatch.delenv("WMDATA_CONTENT", raising=False)
    yield shared_cache


def check_case(case: Path) -> list[str]:
    """Every diagnostic of the packs in ``case``, with paths relative to the case folder."""
    old = Path.cwd()
    os.chdir(case)
    try:
        folders = sorted(Path(p.name) for p in case.iterdir() if p.is_dir())
        return [d.format() for d in sort_diagnostics(check_packs(folders).diagnostics)]
    finally:
        os.chdir(old)


@pytest.mark.parametrize("case", VALID, ids=[c.name for c in VALID])
def test_valid_pack_is_clean(case: Path) -> None:
    assert check_case(case) == []


@pytest.mark.parametrize("case", INVALID, ids=[c.name for c in INVALID])
def test_invalid_pack_reports_exactly(case: Path) -> None:
    lines = check_case(case)
    expected = case.with_suffix(".expected")
    if os.environ.get("WMDATA_REGENERATE"):
        expected.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert lines, "an invalid example must produce at least one diagnostic"
    assert "\n".join(lines).splitlines() == expected.read_text(encoding="utf-8").splitlines()


def test_validate_command_checks_a_pack() -> None:
    clean = run_cli("validate", str(REPLACING))
    assert clean.exit_code == 0, clean.output
    assert clean.output.splitlines()[-1] == "2 files checked: 0 errors, 0 warnings"
    by_manifest = run_cli("validate", str(REPLACING / "pack.yaml"))
    assert by_manifest.output == clean.output
    clash = run_cli("validate", str(EXAMPLES / "invalid" / "packs" / "clash-with-builtin" / "pack"))
    assert clash.exit_code == 1 and "(pack-clash)" in clash.output


def test_validate_without_paths_checks_the_library_and_the_packs_given() -> None:
    def files(output: str) -> int:
        return int(output.splitlines()[-1].split(" ")[0])

    alone = run_cli("validate")
    with_pack = run_cli("validate", "--content", str(REPLACING))
    assert with_pack.exit_code == 0, with_pack.output
    assert files(with_pack.output) == files(alone.output) + 2  # pack.yaml and its one content file
    clashing = run_cli("validate", "--content", str(EXAMPLES / "invalid" / "packs" / "clash-with-builtin" / "pack"))
    assert clashing.exit_code == 1 and "(pack-clash)" in clashing.output


def test_validate_resolves_a_dependency_given_with_content() -> None:
    extension = DEPENDENCY / "extension"
    alone = run_cli("validate", str(extension))
    assert alone.exit_code == 1
    assert "depends on pack 'base-rules', which is not loaded (pack-dependency)" in alone.output
    together = run_cli("validate", str(extension), "--content", str(DEPENDENCY / "base"))
    assert together.exit_code == 0, together.output


def test_show_finds_pack_entries_only_with_the_pack() -> None:
    assert run_cli("show", "storm-chaser").exit_code == 1
    shown = run_cli("show", "Storm Chaser", "--content", str(REPLACING))
    assert shown.exit_code == 0, shown.output
    assert shown.output.startswith("# Storm Chaser (mk2 model:solo) from ")
    assert "replaces-builtin/pack/mk2/factions/cygnar/solos.yaml" in shown.output.splitlines()[0]


def test_a_replacing_pack_entry_wins_over_the_built_in_one() -> None:
    builtin = run_cli("show", "stormsmith-stormcaller", "--edition", "mk2")
    assert "from content/mk2/factions/cygnar/solos.yaml" in builtin.output.splitlines()[0]
    replaced = run_cli("show", "stormsmith-stormcaller", "--edition", "mk2", "--content", str(REPLACING))
    assert "replaces-builtin/pack/mk2/factions/cygnar/solos.yaml" in replaced.output.splitlines()[0]
    assert "Rod" in builtin.output and "Rod" not in replaced.output  # the pack's version has no weapon


def test_the_environment_variable_adds_packs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WMDATA_CONTENT", os.pathsep.join(str(DEPENDENCY / name) for name in ("base", "extension")))
    shown = run_cli("show", "step-runner")
    assert shown.exit_code == 0, shown.output
    assert "# referenced entries\n#  Lightning Step [rule:ability]" in shown.output


@pytest.mark.parametrize(("value", "problem"), [
    ("/no/such/pack", "'/no/such/pack' does not exist"),
    (str(REPLACING / "pack.yaml"), f"'{REPLACING / 'pack.yaml'}' is a file, not a pack folder"),
])
def test_the_environment_variable_pointing_nowhere_is_a_usage_error(
        monkeypatch: pytest.MonkeyPatch, value: str, problem: str) -> None:
    monkeypatch.setenv("WMDATA_CONTENT", value)
    result = run_cli("show", "squire")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: Invalid value for WMDATA_CONTENT: {problem}"


def test_content_must_be_a_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    missing = run_cli("show", "squire", "--content", "nothing")
    assert missing.exit_code == 2
    assert missing.output.splitlines()[-1] == ("Error: Invalid value for '--content': Directory 'nothing' does "
                                               "not exist.")
    Path("plain").mkdir()
    result = run_cli("show", "squire", "--content", "plain")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "plain/pack.yaml:1:1: [error] not a pack: the folder has no pack.yaml (not-a-pack)",
        "    hint: add a pack.yaml with 'id', 'name', 'version', 'editions', 'source' and 'licence' "
        "(see docs/packs.md)",
        "wmdata: 1 error in the content packs given with --content or WMDATA_CONTENT; fix them first "
        "(wmdata validate PACK shows every problem)",
    ]


def test_a_clashing_pack_stops_every_command() -> None:
    clashing = EXAMPLES / "invalid" / "packs" / "clash-with-builtin" / "pack"
    for args in (["show", "squire"], ["content", "stats"], ["list", "validate", str(ROOT / "examples" / "lists" /
                                                                                 "mk2-sample-battle-royale.yaml")]):
        result = run_cli(*args, "--content", str(clashing))
        assert result.exit_code == 1, args
        clash = "id 'stormsmith-stormcaller' is already used by the built-in content in mk2 (pack-clash)"
        assert clash in result.output
        assert "fix them first" in result.output


def test_cards_stats_and_attacks_see_pack_models() -> None:
    pack = ("--content", str(REPLACING))
    card = run_cli("card", "storm-chaser", "--format", "txt", *pack)
    assert card.exit_code == 0 and "STORM CHASER" in card.output.upper()
    cards = run_cli("cards", "--faction", "cygnar", "--edition", "mk2", "--format", "txt", *pack)
    assert cards.exit_code == 0 and "STORM CHASER" in cards.output.upper()
    stats = run_cli("stats", "storm-chaser", "--json", *pack)
    assert stats.exit_code == 0, stats.output
    assert '"DEF"' in stats.output
    attack = run_cli("explain-attack", "--attacker", "captain-maxwell-finn", "--weapon", "Trench Knife",
                     "--target", "storm-chaser", "--edition", "mk2", *pack)
    assert attack.exit_code == 0, attack.output
    assert run_cli("stats", "storm-chaser").exit_code == 1


def test_content_stats_and_rules_coverage_count_pack_entries() -> None:
    def cygnar_solos(*args: str) -> int:
        [edition] = json.loads(run_cli("content", "stats", "--edition", "mk2", "--json", *args).output)
        return int(next(f for f in edition["factions"] if f["faction"] == "cygnar")["models"]["solo"])

    def abilities(*args: str) -> int:
        [edition] = json.loads(run_cli("rules", "coverage", "--edition", "mk2", "--json", *args).output)
        return int(edition["total"]["ability"])

    # the pack replaces one built-in solo and adds one (storm-chaser)
    assert cygnar_solos("--content", str(REPLACING)) == cygnar_solos() + 1
    # the base pack adds one ability (lightning-step)
    assert abilities("--content", str(DEPENDENCY / "base")) == abilities() + 1


OLD_CODE = (  # examples/lists/mk2-sample-battle-royale.yaml encoded by wmdata before lists recorded packs (9d6b274)
    "wm1-eNq9kk1PAjEQQP_KpBchQYMaPeBJMSoJXIR4MRyG7uxuQzvdtF3jSvjvDitIMB7w4m37-uazu1IaY6IQ1eB1pRaYkqUi-Lpqz85nZNVA3VNOnF"
    "FQ694ejoJnbTE7gGNk_cPboXnvGw29c7hJCENvST5hmkKz3Ab-qYvj4bDEUBzRG1YJDcOL0ckHg_CElppWocwk41kkt7xQPZWj3p51UzAGQZbe2ixf"
    "M5wG30i0cEZHgqfoKkuAwTXQuWsdeG6d7kbyieQh1CwgRx3MgjLIg3eQSoJIlJ1EiPsMNy0vMCysiFldWaMxEeymB2uYoDO-urzugolgKU_g63Qm"
    "pSpvOEmt836_p2o2KR6s-jZolNgZuYpigseaYYKFNHewPM_F5oql1IhzZHlDSR3Nx2ZUZ_jAnso23UL-F_pNxvd_kmeBWJdHdfxgyGYwIV0im6XM"
    "Pl9_Aj1jFVU")


def test_old_share_codes_still_decode() -> None:
    from wmdata.army.listfile import read_list  # noqa: PLC0415
    from wmdata.army.sharecode import decode, encode  # noqa: PLC0415

    army = read_list((ROOT / "examples" / "lists" / "mk2-sample-battle-royale.yaml").read_bytes()).army
    assert army is not None and army.packs == []
    assert decode(OLD_CODE) == army
    assert encode(army) == OLD_CODE  # a list without packs encodes as before


def _line_of(path: Path, text: str) -> int:
    """The 1-based number of the line of ``path`` that reads ``text``."""
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def _new_list(folder: Path) -> Path:
    path = folder / "list.yaml"
    made = run_cli("list", "new", str(path), "--edition", "mk2", "--faction", "cygnar", "--level", "skirmish",
                   "--points", "35", "--caster", "Captain Victoria Haley")
    assert made.exit_code == 0, made.output
    return path


def test_a_list_records_the_packs_it_uses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = _new_list(tmp_path)
    assert "\npacks:" not in path.read_text(encoding="utf-8")
    added = run_cli("list", "add", "list.yaml", "storm-chaser", "--content", str(REPLACING))
    assert added.exit_code == 0, added.output
    assert "packs:\n  - id: storm-variants\n    version: '1.0'\n" in path.read_text(encoding="utf-8")
    assert run_cli("list", "validate", "list.yaml", "--content", str(REPLACING)).exit_code == 0
    missing = run_cli("list", "validate", "list.yaml")
    assert missing.exit_code == 1
    model_line, pack_line = _line_of(path, "  - model: Storm Chaser"), _line_of(path, "  - id: storm-variants")
    assert missing.output.splitlines()[-4:] == [
        f"  list.yaml:{model_line}:12: [error] solos[0].model: unknown model 'Storm Chaser' (unknown-model)",
        "    hint: no solo with this id or name in mk2",
        f"  list.yaml:{pack_line}:9: [error] packs[0].id: the list needs content pack 'storm-variants' "
        "(version 1.0), which is not loaded (pack-missing)",
        "    hint: give the pack's folder with --content PATH or in WMDATA_CONTENT (loaded packs: none)",
    ]


def test_share_code_digest_and_printout_carry_the_packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = _new_list(tmp_path)
    assert run_cli("list", "add", "list.yaml", "storm-chaser", "--content", str(REPLACING)).exit_code == 0
    code = run_cli("list", "code", "list.yaml").output.strip()
    decoded = run_cli("list", "decode", code)
    assert "packs:\n  - id: storm-variants\n    version: '1.0'\n" in decoded.output
    printed = run_cli("list", "print", "list.yaml", "--content", str(REPLACING))
    assert printed.exit_code == 0, printed.output
    assert ", packs storm-variants 1.0\n" in printed.output
    with_packs = [line for line in printed.output.splitlines() if line.startswith("List digest:")]
    path.write_text(path.read_text(encoding="utf-8").replace("version: '1.0'", "version: '1.1'"), encoding="utf-8")
    reprinted = run_cli("list", "print", "list.yaml", "--content", str(REPLACING))
    assert [line for line in reprinted.output.splitlines() if line.startswith("List digest:")] != with_packs
    version_line = _line_of(path, "    version: '1.1'")
    assert (f"list.yaml:{version_line}:14: [warning] packs[0].version: the list was built with pack "
            "'storm-variants' version 1.1; version 1.0 is loaded (pack-version)") in reprinted.output


def test_a_pack_model_the_list_does_not_record_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = _new_list(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "solos:\n  - model: Storm Chaser\n", encoding="utf-8")
    result = run_cli("list", "validate", "list.yaml", "--content", str(REPLACING))
    assert result.exit_code == 1
    assert result.output.splitlines()[-2:] == [
        f"  list.yaml:{_line_of(path, '  - model: Storm Chaser')}:12: [error] solos[0].model: Storm Chaser comes "
        "from content pack 'storm-variants', which the list does not record (pack-unrecorded)",
        "    hint: add '{id: storm-variants, version: \"1.0\"}' under 'packs' ('wmdata list add' records packs itself)",
    ]


def test_every_list_command_takes_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    pack = ("--content", str(REPLACING))
    _new_list(tmp_path)
    assert run_cli("list", "add", "list.yaml", "storm-chaser", *pack).exit_code == 0
    shown = run_cli("list", "show", "list.yaml", *pack)
    assert shown.exit_code == 0 and "Storm Chaser" in shown.output and "share code: wm1-" in shown.output
    paired = run_cli("list", "check-pair", "list.yaml", "list.yaml", *pack)
    assert "list.yaml: legal" in paired.output and "pack-missing" not in paired.output
    Path("pasted.txt").write_text("WARCASTER - Captain Victoria Haley (+5 warjack points)\nSUPPORT\n1 Storm Chaser 2\n",
                                  encoding="utf-8")
    imported = run_cli("list", "import", "pasted.txt", "--edition", "mk2", "-o", "imported.yaml", *pack)
    assert imported.exit_code == 0, imported.output
    assert "packs:\n  - id: storm-variants\n" in Path("imported.yaml").read_text(encoding="utf-8")
    removed = run_cli("list", "remove", "list.yaml", "Storm Chaser", *pack)
    assert removed.exit_code == 0, removed.output
    assert "Storm Chaser" not in Path("list.yaml").read_text(encoding="utf-8")
    new = run_cli("list", "new", "other.yaml", "--edition", "mk2", "--faction", "cygnar", "--level", "skirmish",
                  "--points", "35", "--caster", "step-runner", "--content", str(DEPENDENCY / "base"),
                  "--content", str(DEPENDENCY / "extension"))
    assert new.exit_code == 1 and "unknown caster 'step-runner'" in new.output  # a solo, not a caster


def test_importers_write_a_pack_that_records_its_source(tmp_path: Path) -> None:
    from wmdata import __version__  # noqa: PLC0415
    from wmdata.content.yamlio import load_yaml_bytes  # noqa: PLC0415

    source = ROOT / "tests" / "fixtures" / "imports" / "whac" / "bad_records.xml"
    result = run_cli("import", "whac", str(source), "-o", str(tmp_path / "pack"), "--pack-version", "2.1")
    assert result.exit_code == 0, result.output
    # the fixture's one faction, cygnar, is built in: the pack leaves it out
    assert "left out: 1 entries the built-in library already has" in result.output
    manifest, _ = load_yaml_bytes((tmp_path / "pack" / "pack.yaml").read_bytes())
    assert manifest == {
        "id": "whac-mk2", "name": "WHAC MkII catalogue", "version": "2.1", "editions": ["mk2"],
        "source": f"WHAC MkII data (github.com/arrdem/whac), from {source.as_posix()}",
        "licence": "not stated by the WHAC data set; for personal use",
        "imported_by": {"command": "wmdata import whac", "version": __version__},
    }
    assert not (tmp_path / "pack" / "mk2" / "factions" / "factions.yaml").exists()
    checked = run_cli("validate", str(tmp_path / "pack"))
    assert checked.exit_code == 0, checked.output
    bad = run_cli("import", "whac", str(source), "-o", str(tmp_path / "bad"), "--pack-version", "x y")
    assert bad.exit_code == 2 and not (tmp_path / "bad").exists()
    assert bad.output.splitlines()[-1] == ("Error: Invalid value for --pack-version: 'x y' is not a version such as "
                                           "'1.0' or '2024.3.1'")
