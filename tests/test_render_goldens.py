"""Golden files for cards (one of each damage-track kind, every format) and for the
printouts of the three example lists.  Regenerate with ``WMDATA_REGENERATE=1`` and
review the diff like any other change."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.render_support import TRACK_CASES, cards_of, check_golden, registry
from wmdata.army.listfile import read_list
from wmdata.army.validate import validate_army
from wmdata.render.cardsheet import CARD_FORMATS, render_cards
from wmdata.render.listprint import LIST_FORMATS, build_printout, render_printout

EXAMPLE_LISTS = ["mk2-sample-battle-royale", "mk3-sample-hexeris", "mk4-sample-storm-legion"]


@pytest.mark.parametrize("output_format", CARD_FORMATS)
@pytest.mark.parametrize(("name", "edition", "model_id"), TRACK_CASES)
def test_card_matches_golden(name: str, edition: str, model_id: str, output_format: str) -> None:
    text = render_cards(cards_of(edition, model_id), output_format, title=name)
    check_golden(f"cards/{name}.{output_format}", text)


@pytest.mark.parametrize("output_format", LIST_FORMATS)
@pytest.mark.parametrize("list_name", EXAMPLE_LISTS)
def test_list_printout_matches_golden(list_name: str, output_format: str) -> None:
    path = ROOT / "examples" / "lists" / f"{list_name}.yaml"
    loaded = read_list(path.read_bytes())
    assert loaded.army is not None
    report = validate_army(loaded.army, loaded.source_map, f"{list_name}.yaml", registry())
    # A fixed content version: the golden is about layout, not about today's data fingerprint.
    printout = build_printout(report, loaded.army, registry(), content_version="golden")
    check_golden(f"lists/{list_name}.{output_format}", render_printout(printout, output_format))
