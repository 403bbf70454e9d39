"""Cards and list printouts: what they contain, hostile text, page geometry and the
``card``/``cards``/``list print`` commands."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.conftest import ROOT, run_cli
from tests.render_support import cards_of, registry
from wmdata.army.listfile import read_list
from wmdata.army.sharecode import list_digest
from wmdata.cli.printing import find_model
from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.damage import ColossalGrids
from wmdata.render.cards import CardBuilder
from wmdata.render.cardsheet import cards_text, render_cards
from wmdata.render.environment import markdown_escape
from wmdata.render.fit import split_card
from wmdata.render.sheets import CARD_HEIGHT_MM, CARD_WIDTH_MM, PAPERS, paginate, paper
from wmdata.render.textfit import BACK_TIERS, MIN_POINTS, back_tier
from wmdata.render.tracks import GRID_BOX, MAX_WIDTH, TEXT_MM, boxes, colossal, grid, spiral

LISTS = ROOT / "examples" / "lists"
HOSTILE = "<script>alert('card')</script>"


def test_caster_gets_a_spell_and_feat_card() -> None:
    cards = cards_of("mk2", "commander-coleman-stryker")
    assert cards[0].layout == "model" and {card.layout for card in cards[1:]} == {"spells"}
    spells = cards[1]
    assert [s.name for s in spells.spells][:2] == ["Arcane Blast", "Arcane Bolt"]
    assert dict(spells.spells[0].cells) == {"COST": "3", "RNG": "10", "AOE": "3", "POW": "13", "DUR": "-",
                                            "OFF": "YES"}
    assert spells.feat is not None and spells.feat.name == "Invincibility"
    # Six spells' texts do not fit one front at 6.5 pt: they continue on a second spell card,
    # which has every remaining spell and no second copy of the feat.
    item = registry().get("mk2", "commander-coleman-stryker")
    assert item is not None
    assert [s.name for card in cards[1:] for s in card.spells] == [
        registry().get("mk2", spell).name for spell in item.entry.spells]  # type: ignore[union-attr]
    assert [card.part for card in cards[1:]] == [f"{n}/{len(cards) - 1}" for n in range(1, len(cards))]
    assert all(card.feat is None for card in cards[2:])


def test_stat_bar_follows_the_edition() -> None:
    mk2 = cards_of("mk2", "commander-coleman-stryker")[0].profiles[0].stats
    assert [name for name, _ in mk2] == ["SPD", "STR", "MAT", "RAT", "DEF", "ARM", "CMD", "FOC"]
    mk4 = cards_of("mk4", "captain-test-1")[0].profiles[0].stats
    assert [name for name, _ in mk4] == ["SPD", "AAT", "MAT", "RAT", "DEF", "ARM", "ARC", "CTRL"]


def test_warjack_grid_is_drawn_with_its_system_letters() -> None:
    card = cards_of("mk2", "defender")[0]
    assert card.damage is not None
    letters = sorted(s.label for s in card.damage.shapes if s.css == "system-letter")
    assert letters == sorted("LLLMMMCCCRRR")  # rows 4-6 of the Defender's grid
    assert sum(1 for s in card.damage.shapes if s.kind == "rect") == 30
    assert "[L][L][M][C][R][R]" in "\n".join(card.damage_lines)


def test_spiral_has_six_branches_of_circles_with_aspects() -> None:
    card = cards_of("mk3", "titan-gladiator")[0]
    assert card.damage is not None
    circles = [s for s in card.damage.shapes if s.kind == "circle"]
    assert len(circles) == 30
    assert {s.label for s in circles} == {"M", "B", "S"}
    assert card.damage.caption == "life spiral: 10 Mind, 10 Body, 10 Spirit"


def test_unit_draws_one_row_of_boxes_per_trooper() -> None:
    card = cards_of("mk4", "blades")[0]
    assert len(card.profiles) == 2
    assert card.damage_lines[0].startswith("Blade Leader ") and card.damage_lines[0].endswith("[ ]" * 5)
    assert len(card.damage_lines) == 1 + 4  # the leader and the four grunts of its fixed size


def test_dragoon_has_two_tracks() -> None:
    card = cards_of("mk4", "lancer-knight")[0]
    assert card.damage_lines[0] == "8 mounted boxes (dismounts when they are filled)"
    assert "5 dismounted boxes" in card.damage_lines


@pytest.mark.parametrize("count", [1, 5, 28, 200])
def test_box_rows_always_fit_the_card(count: int) -> None:
    drawing = boxes(count)
    assert drawing.width <= MAX_WIDTH and drawing.height <= 26.0
    assert sum(1 for s in drawing.shapes if s.kind == "rect") == count


def test_tall_grids_keep_markable_boxes_and_long_spirals_fit_the_width() -> None:
    tall = grid(["......"] * 12)
    assert tall.width <= MAX_WIDTH
    assert {s.size for s in tall.shapes if s.kind == "rect"} == {GRID_BOX}
    assert {s.size for s in tall.shapes if s.kind == "text"} == {TEXT_MM}
    long = spiral(["M" * 12] * 6)
    assert long.width <= MAX_WIDTH
    assert max(s.x + s.size for s in long.shapes if s.kind == "circle") <= long.width


def test_a_front_too_full_for_the_smallest_type_continues_on_another_card() -> None:
    # A colossal's twelve-row grids and a long weapon list do not fit one front at 6.5 pt.
    base = cards_of("mk4", "titan-jack")[0]
    weapons = base.profiles[0].weapons * 8
    crowded = replace(base, key="crowded", profiles=[replace(base.profiles[0], weapons=weapons)],
                      damage=colossal(ColossalGrids(type="colossal", left=["......"] * 12, right=["......"] * 12,
                                                    field=None)), rules=[])
    cards = split_card(crowded)
    assert len(cards) == 2 and [card.part for card in cards] == ["1/2", "2/2"]
    assert cards[0].damage is None and cards[1].damage is not None
    # The text format's damage track goes with the drawing: printed once, on the second part.
    assert cards[0].damage_lines == [] and cards[1].damage_lines == base.damage_lines
    assert cards_text(cards).count("Damage:") == 1
    assert cards[0].facts and not cards[1].facts and cards[1].layout == "overflow"
    assert [w for card in cards for p in card.profiles for w in p.weapons] == weapons
    assert all(card.front_scale * 7.0 >= MIN_POINTS for card in cards)


def test_long_rules_continue_on_another_card() -> None:
    cards = cards_of("mk4", "wordy-solo")
    assert len(cards) >= 2
    assert [card.part for card in cards] == [f"{n}/{len(cards)}" for n in range(1, len(cards) + 1)]
    assert cards[1].layout == "continued"
    assert all(back_tier(card.title, [(r.name, r.text) for r in card.rules]) for card in cards)


def test_back_type_size_shrinks_only_when_needed() -> None:
    assert back_tier("Name", [("Rule", "short text")]) == BACK_TIERS[0][0]
    assert back_tier("Name", [("Rule", "word " * 180)]) == "t2"
    assert back_tier("Name", [("Rule", "word " * 400)]) is None  # no smaller size: it continues elsewhere
    assert [points for _, points in BACK_TIERS] == [7.0, MIN_POINTS]


def test_duplex_backs_are_mirrored_row_by_row() -> None:
    card = cards_of("mk4", "blades")[0]
    cards = [replace(card, key=f"k{index}") for index in range(10)]
    pages = paginate(cards)
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    keys = [[c.key if c else None for c in page.slots] for page in pages]
    for row in range(3):
        assert keys[1][row * 3:row * 3 + 3] == keys[0][row * 3:row * 3 + 3][::-1]
    assert sum(1 for c in pages[2].slots if c) == 1 and pages[3].slots[2] is pages[2].slots[0]


@pytest.mark.parametrize("name", sorted(PAPERS))
def test_nine_cards_fit_the_paper_with_room_for_crop_marks(name: str) -> None:
    sheet = paper(name)
    assert sheet.left >= 6 and sheet.top >= 6
    assert sheet.cut_x[-1] - sheet.cut_x[0] == pytest.approx(3 * CARD_WIDTH_MM)
    assert sheet.cut_y[-1] - sheet.cut_y[0] == pytest.approx(3 * CARD_HEIGHT_MM)
    assert sheet.cut_x[0] == pytest.approx(sheet.width - sheet.cut_x[-1])  # centred, so duplex backs line up


def test_hostile_text_is_escaped_in_every_format() -> None:
    cards = cards_of("mk4", "hostile-solo")
    html = render_cards(cards, "html")
    assert HOSTILE not in html and "&lt;script&gt;alert(" in html
    assert "<img src=x" not in html and "{{ 7*7 }}" in html and "49" not in html.split("鋼の剣")[1][:20]
    svg = render_cards(cards, "svg")
    root = ElementTree.fromstring(svg.encode("utf-8"))  # well-formed: nothing broke out of a text node
    assert root.tag.endswith("svg") and HOSTILE not in svg
    text = render_cards(cards, "txt")
    assert HOSTILE in text  # plain text shows the name as it is; a terminal does not run it


def test_markdown_escape_neutralises_markup() -> None:
    escaped = markdown_escape("<b>x</b> | *y* [z](http://e) & `c`")
    assert "<" not in escaped and ">" not in escaped
    assert "\\|" in escaped and "\\*" in escaped and "\\[" in escaped and "&amp;" in escaped


def test_list_digest_ignores_comments_but_not_changes() -> None:
    original = (LISTS / "mk4-sample-storm-legion.yaml").read_text(encoding="utf-8")
    commented = "# a comment the organiser does not care about\n" + original
    edited = original.replace("model: Legionnaire Officer", "model: Legionnaire Officer\n    count: 2")
    digests = []
    for text in (original, commented, edited):
        loaded = read_list(text.encode("utf-8"))
        assert loaded.army is not None
        digests.append(list_digest(loaded.army))
    assert digests[0] == digests[1] != digests[2]


# --- command line -------------------------------------------------------------------

def test_card_command_writes_html_atomically(tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    result = run_cli("card", "Defender", "Titan Gladiator", "-o", str(out), "--paper", "letter")
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "@page { size: 215.9mm 279.4mm" in html and html.count('data-side="front"') == 2
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


def test_card_command_text_and_svg_to_stdout() -> None:
    text = run_cli("card", "defender", "--edition", "mk2", "--format", "txt")
    assert text.exit_code == 0 and "[L][L][M][C][R][R]" in text.output
    svg = run_cli("card", "defender", "--edition", "mk2", "--format", "svg")
    assert svg.exit_code == 0 and svg.output.startswith("<?xml")


def test_card_command_unknown_and_ambiguous_names() -> None:
    unknown = run_cli("card", "Defendr")
    assert unknown.exit_code == 1 and "unknown model 'Defendr'" in unknown.output
    assert "did you mean" in unknown.output and "Defender" in unknown.output
    assert run_cli("card", "Defender", "--format", "pdf").exit_code == 2
    assert run_cli("card").exit_code == 2


def test_a_name_in_two_editions_asks_for_one() -> None:
    item = registry().get("mk4", "captain-test-1")
    assert item is not None
    both = Registry([item, RegistryItem("mk2", item.kind, item.category, item.entry, item.file, item.faction)])
    with pytest.raises(SystemExit) as stopped:
        find_model(both, "Captain Test", None)
    assert stopped.value.code == 1
    assert find_model(both, "Captain Test", "mk2").edition == "mk2"


def test_cards_command_prints_a_faction(tmp_path: Path) -> None:
    out = tmp_path / "storm.txt"
    result = run_cli("cards", "--faction", "Cygnar", "--edition", "mk4", "--format", "txt", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Captain Athena di Baro" in out.read_text(encoding="utf-8")
    missing = run_cli("cards", "--faction", "atlantis")
    assert missing.exit_code == 1 and "factions:" in missing.output


def test_card_command_reports_an_unwritable_output(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = run_cli("card", "Defender", "--edition", "mk2", "-o", str(blocker / "cards.html"))
    assert result.exit_code == 1 and "cannot write" in result.output and "Traceback" not in result.output


def test_list_print_legal_list(tmp_path: Path) -> None:
    out = tmp_path / "list.md"
    result = run_cli("list", "print", str(LISTS / "mk3-sample-hexeris.yaml"), "--format", "md", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "## Validation: legal" in text and "wm1-" in text
    # the Cyclops Raider's stat line is not in seed 003 (L1118 gives its cost): marked, and the mark explained
    assert "| 3 | Cyclops Raider \\[?\\] | 27 (9 ea.) |" in text
    assert "\\[?\\] numbers not confirmed by a seed or reference data" in text


def test_list_print_with_cards_in_html() -> None:
    result = run_cli("list", "print", str(LISTS / "mk4-sample-storm-legion.yaml"), "--format", "html", "--with-cards")
    assert result.exit_code == 0
    # seven models and Athena's spell card (cards too full for one face in parts), each with a back
    fronts = re.findall(r'data-card="([^"]+)" data-side="front"', result.output)
    assert len(fronts) == result.output.count('data-side="back"')
    assert len({re.sub(r"-[0-9]+$", "", key) for key in fronts}) == 8


def test_list_print_illegal_list_exits_1_but_prints_why() -> None:
    path = ROOT / "tests" / "examples" / "invalid" / "lists" / "mk4" / "points-over.yaml"
    result = run_cli("list", "print", str(path))
    assert result.exit_code == 1
    assert "Validation: NOT LEGAL" in result.output and "points-over" in result.output


def test_list_print_unreadable_list(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"edition: [unclosed\n")
    result = run_cli("list", "print", str(bad))
    assert result.exit_code == 1 and "not a readable list" in result.output and "Traceback" not in result.output


def test_a_caster_with_a_feat_but_no_spells_still_renders() -> None:
    item = registry().get("mk4", "captain-test-1")
    assert item is not None
    bare = RegistryItem(item.edition, item.kind, item.category, item.entry.model_copy(update={"spells": []}),
                        item.file, item.faction)
    cards = CardBuilder(registry()).cards_for(bare)
    assert cards[-1].layout == "spells" and cards[-1].spells == []
    for output_format in ("html", "svg", "txt"):
        assert "No spells." in render_cards(cards, output_format) or output_format == "svg"


def _pack(folder: Path, files: list[Path]) -> Path:
    """A mk4 content pack in ``folder`` holding copies of ``files``."""
    (folder / "mk4").mkdir(parents=True)
    (folder / "pack.yaml").write_text("id: test-pack\nname: Test pack\nversion: '1.0'\neditions: [mk4]\n"
                                      "source: own work\nlicence: CC0\n", encoding="utf-8")
    for file in files:
        (folder / "mk4" / file.name).write_bytes(file.read_bytes())
    return folder


def test_cards_of_your_own_content(tmp_path: Path) -> None:
    fixtures = ROOT / "tests" / "fixtures" / "render"
    rules = ROOT / "tests" / "examples" / "valid" / "content" / "hostile-text" / "rules.yaml"
    pack = _pack(tmp_path / "pack", [fixtures / "hostile.yaml", fixtures / "rules.yaml"])
    (pack / "mk4" / "more-rules.yaml").write_bytes(rules.read_bytes())
    result = run_cli("card", "hostile-solo", "--content", str(pack), "--format", "html")
    assert result.exit_code == 0, result.output
    assert "&lt;script&gt;alert(" in result.output and HOSTILE not in result.output
    broken = _pack(tmp_path / "broken", [])
    (broken / "mk4" / "broken.yaml").write_text("edition: mk4\nkind: models\nentries:\n  - {id: x, name: X}\n",
                                                encoding="utf-8")
    failed = run_cli("card", "X", "--content", str(broken))
    assert failed.exit_code == 1 and "fix them first" in failed.output and "Traceback" not in failed.output
