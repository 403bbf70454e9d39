"""Rules that stack, named with a count: ``--effect NAME=N`` applies a stacking rule N times.

Which rules stack is data (``stacking:`` on the entry, with what one step counts and an
optional most); the numbers below come from each rule's text in content/ and the cards'
printed stats, not from the engine: Blood-Quenched (MkII: +1 STR and +1 ARM per kill; MkIV:
+1 ARM and +1 melee damage per kill), Gunnery (+2 to hit per crewman, at most the three
crewmen of the Commodore's crew), Iron Wall (+2 ARM per warjack in base contact)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.attack_support import explain_json, library, roll_of
from tests.brute_force import attack_table
from tests.conftest import run_cli
from wmdata.engine.attack import find_model
from wmdata.engine.sources import profile_of, stat_numbers


def _card(model: str, edition: str, weapon: str | None = None) -> dict[str, int]:
    entry = find_model(library(), model, edition, "model").entry
    return stat_numbers(getattr(profile_of(entry, weapon), "stats", None))


def _stats(*args: str) -> dict[str, int]:
    result = run_cli("stats", *args, "--json")
    assert result.exit_code == 0, result.output
    (profile,) = json.loads(result.output)["profiles"]
    return {name: stat["current"] for name, stat in profile["stats"].items()}


def _bonus(answer: dict[str, object], roll: str) -> int:
    bonuses = roll_of(answer, roll)["bonuses"]
    assert isinstance(bonuses, dict)
    return sum(bonuses.values())


@pytest.mark.parametrize("kills", [1, 2, 3])
def test_blood_quenched_gives_a_step_per_kill_in_mk2(kills: int) -> None:
    # content/mk2/rules/mercenary-rules.yaml: each kill adds 1 STR and 1 ARM (Bartolo's card has the rule).
    card = _card("captain-bartolo-montador", "mk2")
    current = _stats("captain-bartolo-montador", "--edition", "mk2", "--effect", f"blood-quenched={kills}")
    assert (current["STR"], current["ARM"]) == (card["STR"] + kills, card["ARM"] + kills)


def test_blood_quenched_named_without_a_count_is_one_step() -> None:
    card = _card("captain-bartolo-montador", "mk2")
    current = _stats("captain-bartolo-montador", "--edition", "mk2", "--effect", "blood-quenched")
    assert (current["STR"], current["ARM"]) == (card["STR"] + 1, card["ARM"] + 1)


def test_blood_quenched_in_mk4_adds_to_melee_damage_and_armour() -> None:
    # content/mk4/rules/orgoth-khymaera-rules.yaml: +1 ARM and +1 to melee damage rolls per kill;
    # Major Anson Wolfe carries it (content/mk4/factions/cygnar/models.yaml).
    wolfe = find_model(library(), "major-anson-wolfe", "mk4", "model").entry
    melee = next(w.name for w in wolfe.weapons if w.type == "melee")  # type: ignore[attr-defined]
    common = ("--attacker", "major-anson-wolfe", "--weapon", melee, "--target", "major-anson-wolfe",
              "--edition", "mk4")
    plain = explain_json(*common)
    counted = explain_json(*common, "--effect", "blood-quenched=3", "--target-effect", "blood-quenched=2")
    assert _bonus(counted, "damage_roll") == _bonus(plain, "damage_roll") + 3
    assert _bonus(counted, "attack_roll") == _bonus(plain, "attack_roll")
    assert counted["target_arm"] == _card("major-anson-wolfe", "mk4")["ARM"] + 2


@pytest.mark.parametrize("crewmen", [1, 2, 3])
def test_gunnery_adds_two_per_crewman_to_the_odds(crewmen: int) -> None:
    # content/mk2/rules/mercenary-rules.yaml: +2 to hit per crewman.  The first shot's chance to
    # hit, by every face of two dice (all 1s miss, all 6s hit, seed 001 L1937), needs
    # DEF - (RAT + 2 per crewman) on the dice.
    result = run_cli("attack", "--attacker", "sea-dog-deck-gun", "--weapon", "Deck Gun", "--target", "ironclad",
                     "--edition", "mk2", "--effect", f"gunnery={crewmen}", "--json")
    assert result.exit_code == 0, result.output
    rat = _card("sea-dog-deck-gun", "mk2", "Deck Gun")["RAT"]
    table = attack_table(2, 0, 0, _card("ironclad", "mk2")["DEF"] - rat - 2 * crewmen)
    assert json.loads(result.output)["p_hit"] == pytest.approx(float(table["hit"] + table["critical"]), abs=1e-12)
    assert table["miss"] > Fraction(0)


def test_iron_wall_adds_two_armour_per_warjack() -> None:
    # content/mk2/rules/vocabulary.yaml: +2 ARM per controlled warjack in base contact.
    common = ("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2")
    arm = _card("ironclad", "mk2")["ARM"]
    assert explain_json(*common, "--target-effect", "iron-wall=2")["target_arm"] == arm + 4
    assert explain_json(*common, "--target-effect", "iron-wall")["target_arm"] == arm + 2


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--effect", "gunnery=0", "--effect 'gunnery=0': the count after '=' must be a whole number of at least 1"),
    ("--effect", "gunnery=two", "--effect 'gunnery=two': the count after '=' must be a whole number"),
    ("--effect", "gunnery=4", "gunnery stacks at most 3 times (one per crewman"),
    ("--effect", "gunery=2", "--effect 'gunery=2': unknown effect 'gunery' in mk2; did you mean 'Gunnery'"),
    ("--effect", "purgation=2", "purgation does not stack, so it takes no count; name it without '=N' (rules that "
                                "stack in mk2: blood-quenched, combined-melee-attack, combined-ranged-attack, "
                                "dragons-call, gunnery, iron-wall, synergy)"),
    ("--target-effect", "iron-wall=-1", "--target-effect 'iron-wall=-1': the count after '='"),
])
def test_a_count_the_rule_does_not_take_is_a_usage_error(option: str, value: str, message: str) -> None:
    for command in (("attack", "--json"), ("explain-attack",)):
        result = run_cli(*command, "--attacker", "sea-dog-deck-gun", "--weapon", "Deck Gun", "--target", "ironclad",
                         "--edition", "mk2", option, value)
        assert result.exit_code == 2, result.output
        assert message in result.output and "Traceback" not in result.output
    stats = run_cli("stats", "ironclad", "--edition", "mk2", "--effect", value)
    assert stats.exit_code == 2 and "Traceback" not in stats.output


def test_stacking_rules_are_executable_when_nothing_else_is_missing() -> None:
    # A count leaves nothing of Blood-Quenched, Gunnery, Synergy or Dragon's Call out; Iron Wall
    # still passes hits on to a warjack, which is not modelled (coverage: partial).
    result = run_cli("rules", "coverage", "--edition", "mk2")
    assert result.exit_code == 0
    partial = "\n".join(line for line in result.output.splitlines() if "partial, leaves out" in line)
    assert "iron-wall (ability)" in partial
    for rule in ("blood-quenched", "gunnery", "synergy", "dragons-call"):
        assert f"{rule} (" not in result.output, rule
