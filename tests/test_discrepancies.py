"""Every disagreement between our content and the reference data is accounted for.

Issue 5: disagreements with ``../shared/reference`` are either fixed or listed, with the
reason, in ``content/<edition>/DISCREPANCIES.md``.  This test runs the same comparison as
``wmdata import ... --compare`` and checks that the listed rows are exactly what the
comparison reports now: a new disagreement (a content edit, a new model) must be fixed
or explained, and a fixed one must leave the list.  Skipped where the reference is absent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.importers.compare import compare_with
from wmdata.importers.output import Bundle
from wmdata.importers.report import ImportReport
from wmdata.importers.warmachine_data import import_warmachine_data
from wmdata.importers.whac import import_whac

Importer = Callable[[Sequence[Path], Registry], tuple[Bundle, ImportReport]]
CASES: list[tuple[str, Path, Importer]] = [
    ("mk2", SHARED / "reference" / "whac-mk2", import_whac),
    ("mk4", SHARED / "reference" / "warmachine-data-mk4", import_warmachine_data),
]
ROW = re.compile(r"^\|\s*(?P<id>[^|]+?)\s*\|\s*(?P<field>(?:[^|\\]|\\\|)+?)\s*\|\s*(?P<ours>(?:[^|\\]|\\\|)+?)\s*\|"
                 r"\s*(?P<reference>(?:[^|\\]|\\\|)+?)\s*\|\s*$")
DIFFERENCE = re.compile(r"^(?P<id>[^:]+): (?P<field>.+): ours (?P<ours>.+), reference (?P<reference>.+)$")


def _listed(path: Path) -> set[tuple[str, str, str, str]]:
    rows = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match and match["id"] not in ("id", "---") and not set(match["id"]) <= {"-", ":"}:
            rows.add(tuple(match[k].replace("\\|", "|") for k in ("id", "field", "ours", "reference")))
    return rows  # type: ignore[return-value]


@pytest.mark.parametrize(("edition", "reference", "importer"), CASES, ids=[c[0] for c in CASES])
def test_discrepancies_file_lists_exactly_the_current_disagreements(edition: str, reference: Path,
                                                                   importer: Importer) -> None:
    if not reference.is_dir():
        pytest.skip(f"reference data not found at {reference}")
    registry = Registry.from_loaded(load_files(use_cache=False))
    bundle, _ = importer([reference], registry)
    found = set()
    for line in compare_with(bundle, ROOT / "content" / edition):
        match = DIFFERENCE.match(line)
        if match:
            found.add((match["id"], match["field"], match["ours"], match["reference"]))
    listed = _listed(ROOT / "content" / edition / "DISCREPANCIES.md")
    assert not found - listed, f"unexplained disagreements (fix them or list them): {sorted(found - listed)[:20]}"
    assert not listed - found, f"listed but no longer reported (remove them): {sorted(listed - found)[:20]}"
