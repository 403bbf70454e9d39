"""MkIV warjack cards that show the loadout a list (or ``wmdata card --hardpoint``) chose:
its options and their cost, only the weapons those options fit, and the rules they grant;
checked on the rendered HTML."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.conftest import ROOT, run_cli

SAMPLE = ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml"
SAMPLE_COURSER = "mk4-courser-shield-guard-head-heavy-stormthrower-electrified-shield"
SPEAR_COURSER = "mk4-courser-arc-node-head-voltaic-spear-electrified-shield"


def faces(page: str) -> dict[tuple[str, str], str]:
    """(card key, side) -> the text of that face, tags removed; a card printed in parts
    (1/2, 2/2: keys ending -1, -2) is one entry, its parts' texts joined."""
    found: dict[tuple[str, str], str] = {}
    face = r'<article class="card [^"]*" data-card="([^"]+)" data-side="(front|back)"[^>]*>(.*?)</article>'
    for match in re.finditer(face, page, re.DOTALL):
        text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", match.group(3))))
        key = (re.sub(r"-[0-9]+$", "", match.group(1)), match.group(2))
        found[key] = f"{found[key]} {text}" if key in found else text
    return found


def weapons(page: str, key: str) -> list[str]:
    """The weapon names on the card's front(s), in order."""
    names = []
    for front in re.findall(rf'data-card="{key}(?:-[0-9]+)?" data-side="front"[^>]*>(.*?)</article>', page, re.DOTALL):
        names += re.findall(r'<td class="name">([^<]+?)(?: &times;[0-9]+)?(?: \[[A-Z]+\])?</td>', front)
    return names


def test_list_print_with_cards_shows_the_chosen_loadout_and_its_cost(tmp_path: Path) -> None:
    out = tmp_path / "print.html"
    result = run_cli("list", "print", str(SAMPLE), "--with-cards", "--format", "html", "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    text = faces(page)
    assert not any(key == "mk4-courser" for key, _ in text), "the list's Courser is printed with its loadout"
    front, back = text[(SAMPLE_COURSER, "front")], text[(SAMPLE_COURSER, "back")]
    # Seed 000 L5015-5016: this loadout (Shield Guard head, Heavy Stormthrower, Electrified Shield) is 9 points.
    assert "Cost 9" in front and "by hardpoints" not in front
    assert "Loadout Shield Guard 1 + Heavy Stormthrower 4 + Electrified Shield 4" in front
    # The Voltaic Spear is the other right-arm option: not on this warjack, nor its Electro Leap rule.
    assert weapons(page, SAMPLE_COURSER) == ["Heavy Stormthrower", "Voltaic Blade", "Electrified Shield"]
    assert "Electro Leap" not in back and "choose one of" not in back
    assert "Head: Shield Guard chosen, 1 point." in back and "Shield Guard (head)" in back
    assert "Right arm: Heavy Stormthrower chosen, 4 points" in back
    # Seed 000 L5017-5018: the Stryker's loadout is 18 points.
    stryker = next(key for key, side in text if key.startswith("mk4-stryker-") and side == "front")
    assert "Cost 18" in text[(stryker, "front")]


def test_each_loadout_in_a_list_gets_its_own_card_and_a_repeated_one_only_one(tmp_path: Path) -> None:
    source = SAMPLE.read_text(encoding="utf-8")
    spear = ("      - model: Courser\n        hardpoints: {head: Arc Node, right_arm: Voltaic Spear, "
             "left_arm: Electrified Shield}\n")
    same = ("      - model: Courser\n        hardpoints: {head: shield-guard-head, right_arm: heavy-stormthrower, "
            "left_arm: electrified-shield}\n")
    edited = source.replace("      - model: Stryker\n", spear + same + "      - model: Stryker\n")
    assert edited != source
    path = tmp_path / "two-coursers.yaml"
    path.write_text(edited, encoding="utf-8")
    out = tmp_path / "print.html"
    run_cli("list", "print", str(path), "--with-cards", "--format", "html", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    fronts = [key for key, side in faces(page) if key.startswith("mk4-courser") and side == "front"]
    assert sorted(fronts) == sorted([SAMPLE_COURSER, SPEAR_COURSER])
    parts = re.findall(rf'data-card="({SAMPLE_COURSER}(?:-[0-9]+)?)" data-side="front"', page)
    assert len(parts) == len(set(parts)), "the repeated loadout is printed once"
    assert weapons(page, SPEAR_COURSER) == ["Voltaic Spear", "Electrified Shield"]
    assert "Cost 8" in faces(page)[(SPEAR_COURSER, "front")]  # 1 + 3 + 4, the options' costs in the content
    assert "Electro Leap" in faces(page)[(SPEAR_COURSER, "back")]


def test_card_hardpoint_option_names_options_as_a_list_does(tmp_path: Path) -> None:
    out = tmp_path / "card.html"
    result = run_cli("card", "Courser", "--hardpoint", "head=Shield Guard", "--hardpoint",
                     "right_arm=heavy-stormthrower", "--hardpoint", "left_arm=Electrified Shield", "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert weapons(page, SAMPLE_COURSER) == ["Heavy Stormthrower", "Voltaic Blade", "Electrified Shield"]
    assert "Cost 9" in faces(page)[(SAMPLE_COURSER, "front")]


def test_card_without_a_loadout_still_shows_every_option(tmp_path: Path) -> None:
    out = tmp_path / "card.html"
    assert run_cli("card", "Courser", "-o", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert "Cost by hardpoints" in faces(page)[("mk4-courser", "front")]
    assert "Voltaic Spear" in weapons(page, "mk4-courser") and "Heavy Stormthrower" in weapons(page, "mk4-courser")
    assert "choose one of" in faces(page)[("mk4-courser", "back")]


def test_bad_hardpoint_choices_are_named() -> None:
    wrong = run_cli("card", "Courser", "--hardpoint", "head=Voltaic Spear", "--hardpoint", "right_arm=voltaic-spear",
                    "--hardpoint", "left_arm=electrified-shield", "--hardpoint", "arms=x")
    assert wrong.exit_code == 1
    assert "Courser has no 'arms' hardpoint (its hardpoints: head, right_arm, left_arm)" in wrong.output
    assert ("'Voltaic Spear' fits the 'right_arm' hardpoint, not 'head' (--hardpoint head=OPTION, one of: "
            "shield-guard-head, arc-node-head, advance-deployment-head)") in wrong.output
    missing = run_cli("card", "Courser", "--hardpoint", "head=arc-node-head")
    assert missing.exit_code == 1 and "needs a choice for its 'right_arm' hardpoint" in missing.output
    fixed = run_cli("card", "Ironclad", "--edition", "mk2", "--hardpoint", "head=x")
    assert fixed.exit_code == 1 and "Ironclad has no hardpoints (its loadout is fixed)" in fixed.output
    for args in (("Courser", "Stryker", "--hardpoint", "head=x"), ("Courser", "--hardpoint", "head"),
                 ("Courser", "--hardpoint", "head=a", "--hardpoint", "head=b")):
        usage = run_cli("card", *args)
        assert usage.exit_code == 2 and "Traceback" not in usage.output
