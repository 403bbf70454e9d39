"""The one name look-up (:mod:`wmdata.content.lookup`): each of its rules on a small
registry built here, then each command that looks names up, on the built-in content.

The built-in facts used below (two MkII warcasters called Victoria Haley, one called
Coleman Stryker, their affinities, the theme force Masters of War, the army Storm Legion)
are read from ``content/`` and checked first, so a change there fails loudly here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from wmdata.content.registry import Registry, RegistryItem

MK2_MODELS = "".join((ROOT / "content" / "mk2" / "factions" / "cygnar" / name).read_text(encoding="utf-8")
                     for name in ("models.yaml", "warcasters.yaml"))
LISTS = ROOT / "examples" / "lists"


class _Entry:
    def __init__(self, entry_id: str, name: str) -> None:
        self.id, self.name = entry_id, name


def _item(entry_id: str, name: str, category: str = "model:solo", edition: str = "mk2") -> RegistryItem:
    return RegistryItem(edition, "models", category, _Entry(entry_id, name), "test.yaml", None)  # type: ignore[arg-type]


REGISTRY = Registry([
    _item("defender", "Defender", "model:warjack"),
    _item("defenders-ward", "Defender's Ward", "spell"),
    _item("commander-coleman-stryker", "Commander Coleman Stryker", "model:warcaster"),
    _item("affinity-stryker", "Affinity [Stryker]", "rule:ability"),
    _item("captain-victoria-haley", "Captain Victoria Haley", "model:warcaster"),
    _item("major-victoria-haley", "Major Victoria Haley", "model:warcaster"),
    _item("lancer-jack", "Lancer", "model:warjack"),
    _item("lancer-unit", "Lancer", "model:unit"),
    _item("defender", "Defender", "model:warjack", edition="mk3"),
])
def MODELS(item: RegistryItem) -> bool:  # noqa: N802 - used like a constant
    return item.category.startswith("model:")


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lookup-cache")


@pytest.fixture(autouse=True)
def isolated_cache(shared_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """One cache for the module: the commands below read the same built-in content."""
    monkeypatch.setenv("WMDATA_CACHE_DIR", str(shared_cache))
    yield shared_cache


def test_rule_1_exact_id_wins_over_a_name_that_contains_it() -> None:
    found = REGISTRY.lookup("DEFENDER", "mk2")
    assert found.found is not None and found.found.id == "defender"


def test_rule_2_exact_name_ignores_case_and_spaces() -> None:
    found = REGISTRY.lookup("  commander   COLEMAN stryker ", "mk2")
    assert found.found is not None and found.found.id == "commander-coleman-stryker"


def test_rule_2_one_name_for_two_entries_is_ambiguous() -> None:
    found = REGISTRY.lookup("lancer", "mk2")
    assert found.found is None and found.ambiguous
    assert found.problem("model") == ("'lancer' matches 2 models: 'Lancer' (lancer-jack), 'Lancer' (lancer-unit); "
                                      "give the id or more of the name")
    only_units = REGISTRY.lookup("lancer", "mk2", lambda item: item.category == "model:unit")
    assert only_units.found is not None and only_units.found.id == "lancer-unit"


def test_rule_3_a_unique_part_of_a_name() -> None:
    for query in ("coleman stryker", "Commander Coleman", "stryk", "leman str"):
        found = REGISTRY.lookup(query, "mk2", MODELS)
        assert found.found is not None and found.found.id == "commander-coleman-stryker", query


def test_rule_3_whole_words_come_before_any_part() -> None:
    # "haley" is a whole word of two names; "ward" is a whole word of one and part of none else
    found = REGISTRY.lookup("ward", "mk2")
    assert found.found is not None and found.found.id == "defenders-ward"


def test_rule_3_an_ambiguous_part_lists_every_match_with_its_id() -> None:
    found = REGISTRY.lookup("haley", "mk2")
    assert [item.id for item in found.items] == ["captain-victoria-haley", "major-victoria-haley"]
    assert found.problem("model") == (
        "'haley' matches 2 models: 'Captain Victoria Haley' (captain-victoria-haley), 'Major Victoria Haley' "
        "(major-victoria-haley); give the id or more of the name")
    stryker = REGISTRY.lookup("stryker", "mk2")
    assert {item.id for item in stryker.items} == {"commander-coleman-stryker", "affinity-stryker"}
    assert REGISTRY.lookup("stryker", "mk2", MODELS).found is not None


def test_rule_3_needs_three_letters_for_a_part() -> None:
    found = REGISTRY.lookup("st", "mk2")
    assert found.items == []


def test_rule_4_nothing_found_gives_near_misses() -> None:
    found = REGISTRY.lookup("defendr", "mk2")
    assert found.items == [] and found.suggestions[0] == "Defender"  # one letter left out
    assert found.problem("entry", "mk2").startswith("unknown entry 'defendr' in mk2; did you mean ")
    assert REGISTRY.lookup("zzzz", "mk2").problem("model", "mk2") == "unknown model 'zzzz' in mk2"


def test_one_id_in_several_editions_asks_for_the_edition() -> None:
    found = REGISTRY.lookup("defender", None, MODELS)
    assert found.ambiguous
    assert found.problem("model") == ("'defender' matches 2 models: 'Defender' (defender, mk2), 'Defender' "
                                      "(defender, mk3); choose one with --edition")
    assert REGISTRY.lookup("defender", "mk3", MODELS).found is not None


# --- every command that looks names up, on the built-in content ----------------------------------------

HALEYS = ("'haley' matches 2 models: 'Captain Victoria Haley' (captain-victoria-haley), 'Major Victoria Haley' "
          "(major-victoria-haley); give the id or more of the name")


def test_the_built_in_facts_these_tests_rely_on() -> None:
    for line in ("  - id: captain-victoria-haley", "  - id: major-victoria-haley",
                 "  - id: commander-coleman-stryker"):
        assert line in MK2_MODELS
    assert MK2_MODELS.count("Haley\n") >= 2


def test_show() -> None:
    shown = run_cli("show", "stryker", "--edition", "mk2")
    assert shown.exit_code == 0
    assert shown.output.startswith("# Commander Coleman Stryker (mk2 model:warcaster)")
    haley = run_cli("show", "haley", "--edition", "mk2")
    assert haley.exit_code == 1 and haley.output == f"wmdata: {HALEYS}\n"


def test_card() -> None:
    lines = run_cli("card", "stryker", "--edition", "mk2", "--format", "txt").output.splitlines()
    assert lines[1].removesuffix(" [?]") == "Commander Coleman Stryker"  # [?]: docs/provenance.md
    haley = run_cli("card", "haley", "--edition", "mk2")
    assert haley.exit_code == 1 and haley.output == f"wmdata: {HALEYS}\n"


def test_stats_and_explain_attack() -> None:
    stats = run_cli("stats", "stryker", "--edition", "mk2", "--effect", "Arcane Shield")
    assert stats.exit_code == 0, stats.output
    attack = run_cli("explain-attack", "--attacker", "stryker", "--weapon", "Quicksilver", "--target", "haley",
                     "--edition", "mk2")
    assert attack.exit_code == 1
    assert attack.output == f"wmdata: {HALEYS.replace('models', 'targets')}\n"


def test_list_new_and_add(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    made = run_cli("list", "new", str(path), "--edition", "mk2", "--faction", "cygnar", "--level", "skirmish",
                   "--points", "35", "--caster", "stryker")
    assert made.exit_code == 0 and "model: Commander Coleman Stryker" in path.read_text(encoding="utf-8")
    refused = run_cli("list", "new", str(tmp_path / "other.yaml"), "--edition", "mk2", "--faction", "cygnar",
                      "--level", "skirmish", "--points", "35", "--caster", "haley")
    assert refused.exit_code == 1
    assert refused.output == f"wmdata: {HALEYS.replace('models', 'casters')}\n"
    added = run_cli("list", "add", str(path), "haley")
    assert added.exit_code == 1
    assert added.output == f"wmdata: {HALEYS.replace('models', 'model or cards')}\n"


def _report_lines(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "list.yaml"
    path.write_text(text, encoding="utf-8")
    return run_cli("list", "validate", path.name).output.splitlines()


def test_list_files_find_models_cards_themes_and_armies_by_name(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    mk2 = "edition: mk2\nfaction: cygnar\nlevel: duel\npoints: 15\ncasters:\n  - model: {}\n"
    assert "  legal" in _report_lines(tmp_path, mk2.format("stryker"))
    ambiguous = _report_lines(tmp_path, mk2.format("haley"))
    assert f"  list.yaml:6:12: [error] casters[0].model: {HALEYS} (ambiguous-name)" in ambiguous
    theme = (LISTS / "mk3-masters-of-war.yaml").read_text(encoding="utf-8")
    assert "\ntheme: masters-of-war\n" in theme
    assert "  legal" in _report_lines(tmp_path, theme.replace("theme: masters-of-war", "theme: Masters of War"))
    misspelt = _report_lines(tmp_path, theme.replace("theme: masters-of-war", "theme: Masters of Wat"))
    assert any("unknown theme 'Masters of Wat' in mk3 (unknown-theme)" in line for line in misspelt)
    assert "    hint: did you mean 'Masters of War'?" in misspelt
    army = (LISTS / "mk4-sample-storm-legion.yaml").read_text(encoding="utf-8")
    assert "\narmy: storm-legion\n" in army
    assert "  legal" in _report_lines(tmp_path, army.replace("army: storm-legion", "army: Storm Legion"))
    assert "  legal" in _report_lines(tmp_path, army.replace("Old Faithful", "old faith"))
