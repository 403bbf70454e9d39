"""Provenance as data (docs/provenance.md): the catalogue of seeds and data sets agrees
with the documents, and the built-in content says where every entry's numbers come from."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED
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
