"""Provenance as data (docs/provenance.md): the catalogue of seeds and data sets agrees
with the documents, and the built-in content says where every entry's numbers come from."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tests.conftest import SHARED, run_cli
from wmdata.cli.options import builtin_registry
from wmdata.content.library import load_files
from wmdata.content.places import builtin_content_dir
from wmdata.model.provenance import DATA_SETS, SEEDS, ReferenceSource, SeedSource, UnconfirmedSource, status

SEED_DIR = SHARED / "rules" / "seeds"
REFERENCE_DIR = SHARED / "reference"


@pytest.mark.skipif(not SEED_DIR.is_dir(), reason="the rules seeds are not beside the repository")
def test_seed_catalogue_matches_the_seed_files() -> None:
    on_disk = {path.name: path for path in SEED_DIR.glob("*.txt")}
    assert sorted(doc.file for doc in SEEDS.values()) == sorted(on_disk)
    for key, doc in SEEDS.items():
        assert doc.file.startswith(key + "_")
        raw = on_disk[doc.file].read_bytes()  # lines as `sed -n` and the digests' L numbers count them
        assert raw.count(b"\n") + (not raw.endswith(b"\n")) == doc.lines, doc.file


@pytest.mark.skipif(not REFERENCE_DIR.is_dir(), reason="the reference data is not beside the repository")
def test_data_set_names_are_the_reference_folders() -> None:
    assert set(DATA_SETS) == {path.name for path in REFERENCE_DIR.iterdir() if path.is_dir()}


def test_only_a_full_citation_confirms() -> None:
    assert status(SeedSource(seed="000", lines=["1"])) == "seed"
    assert status(ReferenceSource(reference="whac-mk2", record="Ironclad")) == "reference"
    assert status(ReferenceSource(reference="whac-mk2", record="Ironclad", unconfirmed=["cost"])) == "unconfirmed"
    assert status(SeedSource(seed="000", lines=["1"], unconfirmed=["stats"])) == "unconfirmed"
    assert status(UnconfirmedSource(unconfirmed="all")) == "unconfirmed"
    assert status(None) == "unconfirmed"


def test_every_builtin_entry_says_where_its_numbers_come_from(content_cache: Path) -> None:
    loaded = load_files([builtin_content_dir()])
    entries = [(name, entry.id) for name, file in loaded for entry in file.entries]
    assert len(entries) > 1000  # every edition's files were read
    missing = [f"{name}: {entry.id}" for name, file in loaded for entry in file.entries if entry.provenance is None]
    assert missing == []


def test_a_seed_is_never_the_whole_story_of_a_model_it_only_names() -> None:
    """Worked example: seed 003 L1117 gives the Titan Gladiator's weight class and cost
    only (its note says the stat line is our transcription), so the citation must leave
    the stats unconfirmed and the entry must not count as seed-confirmed."""
    titan = builtin_registry(["mk3"]).get("mk3", "titan-gladiator")
    assert titan is not None
    provenance = titan.entry.provenance
    assert isinstance(provenance, SeedSource) and provenance.seed == "003" and "1117" in provenance.lines
    assert "stats" in provenance.unconfirmed
    assert status(provenance) == "unconfirmed"


PACK_MANIFEST = ("id: sourced\nname: Sourced\nversion: '1.0'\neditions: [mk4]\nsource: own work (test)\n"
                 "licence: CC0\n")
PACK_RULES = """edition: mk4
kind: rules
entries:
  - id: sure-footed
    name: Sure-Footed
    source: seed 000 L717-818 (test)
    provenance: {seed: '000', lines: [717-818]}
    category: ability
    text: keeps its footing on rough ground
    unmodelled: movement
  - id: lucky-streak
    name: Lucky Streak
    source: remembered
    provenance: {unconfirmed: all}
    category: ability
    text: sometimes shrugs a hit off
    unmodelled: other
  - id: iron-grip
    name: Iron Grip
    source: nobody said
    category: ability
    text: holds on tight
    unmodelled: other
"""


def _pack(tmp_path: Path, require: bool) -> Path:
    folder = tmp_path / "pack"
    (folder / "mk4" / "rules").mkdir(parents=True)
    (folder / "pack.yaml").write_text(PACK_MANIFEST + ("require_sources: true\n" if require else ""), encoding="utf-8")
    (folder / "mk4" / "rules" / "extra.yaml").write_text(PACK_RULES, encoding="utf-8")
    return folder


def test_a_pack_that_requires_sources_fails_strict_validation_on_each_unconfirmed_entry(tmp_path: Path) -> None:
    pack = _pack(tmp_path, require=True)
    lenient = run_cli("validate", str(pack))
    assert lenient.exit_code == 0, lenient.output
    flagged = [line for line in lenient.output.splitlines() if "(unconfirmed-source)" in line]
    # the ids of lucky-streak (says unconfirmed) and iron-grip (says nothing); the seed-cited rule passes
    assert [line.split(":")[1:3] for line in flagged] == [["11", "9"], ["18", "9"]]
    assert "'lucky-streak'" in flagged[0] and "'iron-grip'" in flagged[1]
    strict = run_cli("validate", "--strict", str(pack))
    assert strict.exit_code == 1
    assert strict.output.count("[error]") == 2 and "(unconfirmed-source)" in strict.output


def test_a_pack_that_does_not_require_sources_is_not_held_to_them(tmp_path: Path) -> None:
    result = run_cli("validate", "--strict", str(_pack(tmp_path, require=False)))
    assert result.exit_code == 0, result.output
    assert "unconfirmed-source" not in result.output


def _expected_sources() -> dict[tuple[str, str], Counter[str]]:
    """Counted from the YAML text itself, by the rule docs/provenance.md states."""
    counts: dict[tuple[str, str], Counter[str]] = {}
    for path in sorted(builtin_content_dir().rglob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        if document.get("kind") == "factions":
            continue
        for entry in document["entries"]:
            cited = entry["provenance"]
            key = "seed" if "seed" in cited else "reference" if "reference" in cited else "unconfirmed"
            if cited.get("unconfirmed"):
                key = "unconfirmed"
            faction = document.get("faction") or entry.get("faction") or "(shared rules)"
            counts.setdefault((document["edition"], faction), Counter())[key] += 1
    return counts


def test_content_stats_counts_entries_by_how_their_numbers_are_confirmed() -> None:
    result = run_cli("content", "stats", "--json")
    assert result.exit_code == 0, result.output
    found: dict[tuple[str, str], Counter[str]] = {}
    for report in json.loads(result.output):
        found[(report["edition"], "(shared rules)")] = Counter(report["shared_sources"])
        for faction in report["factions"]:
            found[(report["edition"], faction["faction"])] = Counter(faction["sources"])
    assert {key: +value for key, value in found.items() if +value} == _expected_sources()
    text = run_cli("content", "stats", "--edition", "mk4").output
    expected = _expected_sources()[("mk4", "cygnar")]
    assert ("Cygnar: " in text and f"sources {expected['seed']} seed, {expected['reference']} reference, "
            f"{expected['unconfirmed']} unconfirmed" in text)
