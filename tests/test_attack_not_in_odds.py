"""Which unexecuted rules `wmdata attack` lists under "not in the odds" (issue 11).

Only rules that could change the numbers of this attack are listed.  The rule's own data
decides (its ``unmodelled`` subject and its category), never a list of names in the engine:
what a model is (Construct, Undead: ``nature``), which attacks it may choose (the power
attack advantages: ``attack-options``), rules of the target's own attacks (``own-attacks``)
and an attacker's immunities or resistances change nothing in a sequence of attacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.conftest import run_cli
from tests.packs_support import make_pack
from wmdata.model.vocabulary import Rule

COURSER_ON_STRYKER = ("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target", "stryker")
"""Both are MkIV Cygnar warjacks with Construct (content/mk4/factions/cygnar/models.yaml); the
Stryker's Heavy Mag-Bolter has Armor-Piercing, the Courser has Resistance: Electricity."""
RULES = """\
edition: mk4
kind: rules
entries:
  - id: test-what-it-is
    name: Test What It Is
    category: advantage
    text: The model counts as a machine.
    source: own work (test)
    unmodelled: nature
  - id: test-unruly
    name: Test Unruly
    category: ability
    text: Something the engine does not execute that changes how the model fights.
    source: own work (test)
    unmodelled: other
  - id: test-own-shots
    name: Test Own Shots
    category: ability
    text: The carrier's shots ignore something.
    source: own work (test)
    unmodelled: own-attacks
  - id: test-thick-skin
    name: Test Thick Skin
    category: resistance
    text: Damage of a kind against the carrier loses a die, and more.
    source: own work (test)
    unmodelled: other
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("subjects-source") / "rules.yaml"
    source.write_text(RULES, encoding="utf-8")
    return make_pack(tmp_path_factory.mktemp("subjects"), [source], "mk4", "subjects")


def _listed(*args: str) -> set[tuple[str, str]]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    return {(gap["side"], gap["name"]) for gap in json.loads(result.output)["not_in_odds"]}


def test_what_a_model_is_and_its_attack_options_are_not_listed() -> None:
    listed = _listed(*COURSER_ON_STRYKER)
    names = {name for _, name in listed}
    assert "Construct" not in names
    assert not {"Headbutt Power Attack", "Slam Power Attack", "Trample Power Attack"} & names
    # The target's Armor-Piercing is about its own shots; the attacker's resistance protects
    # only the attacker, which takes no damage in its own sequence.
    assert ("target", "Armor-Piercing") not in listed
    assert ("attacker", "Resistance: Electricity") not in listed


def test_a_rule_of_the_attackers_weapon_that_changes_the_numbers_is_listed() -> None:
    # Critical Thunderclap on Major Anson Wolfe's Voltaic Hammer: its wording is unknown, so weigh
    # it by hand.  (Armor-Piercing, which halves the ARM of the model hit, now executes.)
    listed = _listed("--attacker", "major-anson-wolfe", "--weapon", "Voltaic Hammer", "--target", "courser")
    assert ("attacker", "Critical Thunderclap") in listed
    assert ("attacker", "Armor-Piercing") not in _listed("--attacker", "stryker", "--weapon", "Heavy Mag-Bolter",
                                                         "--target", "courser")
    assert "Construct" not in {name for _, name in listed}


def test_the_subject_of_a_rule_decides_on_each_side(pack: Path) -> None:
    every = ("test-what-it-is", "test-unruly", "test-own-shots", "test-thick-skin")
    args = [*COURSER_ON_STRYKER, "--content", str(pack)]
    for rule in every:
        args += ["--effect", rule, "--target-effect", rule]
    listed = {gap for gap in _listed(*args) if gap[1].startswith("Test ")}
    assert listed == {("attacker", "Test Unruly"), ("attacker", "Test Own Shots"), ("target", "Test Unruly"),
                      ("target", "Test Thick Skin")}


def _sorted(*args: str) -> tuple[set[tuple[str, str]], dict[tuple[str, str], str]]:
    """(side, name) of the rules listed as not in the odds, and of those that do not apply
    to this attack with why."""
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    idle = {(gap["side"], gap["name"]): gap["why"] for gap in data["does_not_apply"]}
    return {(gap["side"], gap["name"]) for gap in data["not_in_odds"]}, idle


def test_parry_on_the_attacker_does_not_apply() -> None:
    # Parry (content/mk2/rules/vocabulary.yaml: no free strike may be made against its carrier)
    # cannot change an attack its carrier makes; Deneghra (content/mk2/factions/cryx) has it.
    listed, idle = _sorted("--attacker", "warwitch-deneghra", "--weapon", "Spear", "--target", "ironclad",
                           "--edition", "mk2")
    assert ("attacker", "Parry") not in listed
    assert "target" in idle[("attacker", "Parry")]
    text = run_cli("attack", "--attacker", "warwitch-deneghra", "--weapon", "Spear", "--target", "ironclad",
                   "--edition", "mk2").output
    assert "does not apply to this attack: Parry (attacker;" in text
    assert "Parry" not in next(line for line in [*text.splitlines(), "not in the odds"]
                               if line.startswith("not in the odds"))


def test_parry_on_the_target_matters_only_against_a_free_strike() -> None:
    common = ("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "warwitch-deneghra", "--edition", "mk2")
    listed, idle = _sorted(*common)
    assert ("target", "Parry") in idle and ("target", "Parry") not in listed
    listed, idle = _sorted(*common, "--state", "free_strike")
    assert ("target", "Parry") in listed and ("target", "Parry") not in idle


def test_tough_is_in_the_odds_on_either_side() -> None:
    # Tough (a disabled model rolls to stay in play, seed 001 L306) executes (survive_disabled), so
    # it is listed neither as missing from the odds nor as not applying, on the attacker or the target.
    for attacker, weapon, target in (("fenris", "Fell Blade", "ironclad"), ("juggernaut", "Ice Axe", "fenris")):
        listed, idle = _sorted("--attacker", attacker, "--weapon", weapon, "--target", target, "--edition", "mk2")
        assert not {name for _, name in listed} & {"Tough"} and not {name for _, name in idle} & {"Tough"}


def test_sacred_ward_matters_only_against_spells() -> None:
    # Sacred Ward (no enemy spell may target its carrier) on the Avatar of Menoth: a spell at it is
    # listed, a weapon attack at it is not.
    listed, idle = _sorted("--attacker", "reznik", "--weapon", "Hex Blast", "--target", "avatar-of-menoth",
                           "--edition", "mk2")
    assert ("target", "Sacred Ward") in listed
    listed, idle = _sorted("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "avatar-of-menoth",
                           "--edition", "mk2")
    assert ("target", "Sacred Ward") in idle and ("target", "Sacred Ward") not in listed



def test_rules_for_other_models_and_spell_casting_are_not_listed() -> None:
    # Power Booster gives focus to another warjack, Supercharge focus to a warjack of the
    # battlegroup (content/mk2/rules): neither changes an attack their carrier makes or takes.
    for model, weapon, rule in (("captain-arlan-strangewayes", "Fixer", "Power Booster"),
                                ("commander-adept-nemo", "Lightning Rod", "Supercharge")):
        listed, idle = _sorted("--attacker", model, "--weapon", weapon, "--target", "ironclad", "--edition", "mk2")
        assert rule not in {name for _, name in listed} | {name for _, name in idle}
        listed, idle = _sorted("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", model,
                               "--edition", "mk2")
        assert rule not in {name for _, name in listed} | {name for _, name in idle}


def test_what_follows_a_kill_is_not_listed() -> None:
    # Fenris's Berserk (after a kill it must attack another model) and Silence (it is never forced
    # into Berserk attacks) act once the target is dead: neither changes the odds against it.
    listed, idle = _sorted("--attacker", "fenris", "--weapon", "Fell Blade", "--target", "ironclad", "--edition", "mk2")
    assert not {"Berserk", "Silence"} & ({name for _, name in listed} | {name for _, name in idle})


def test_rules_that_matter_only_after_the_attacks_have_their_own_heading() -> None:
    # Cull Soul (content/mk2/rules/cryx-rules.yaml, matters_later): soul tokens from kills near the
    # Deathjack turn into focus in its next Control Phase, after this sequence; Skulls of Hate
    # (focus per working arm before the attacks) can still change them and stays listed.
    result = run_cli("attack", "--attacker", "deathjack", "--weapon", "Necroclaw", "--target", "ironclad",
                     "--edition", "mk2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert ("attacker", "Cull Soul") in {(gap["side"], gap["name"]) for gap in data["matters_later"]}
    listed = {(gap["side"], gap["name"]) for gap in data["not_in_odds"]}
    assert ("attacker", "Cull Soul") not in listed and ("attacker", "Skulls of Hate") in listed
    text = run_cli("attack", "--attacker", "deathjack", "--weapon", "Necroclaw", "--target", "ironclad",
                   "--edition", "mk2").output
    assert "matters only after these attacks: Cull Soul (attacker; text-only, resources)" in text.splitlines()
    nemo = run_cli("attack", "--attacker", "commander-adept-nemo", "--weapon", "Lightning Rod", "--target",
                   "ironclad", "--edition", "mk2", "--json")
    assert "Arcane Accumulator" in {gap["name"] for gap in json.loads(nemo.output)["matters_later"]}


def test_matters_later_needs_something_left_out() -> None:
    entry = {"id": "test-tokens", "name": "Test Tokens", "category": "ability", "text": "Gains a token.",
             "source": "own work (test)", "matters_later": True,
             "effects": [{"kind": "roll_modifier", "roll": "attack", "value": 1}]}
    with pytest.raises(ValidationError, match="matters_later is for what the effects leave out"):
        Rule.model_validate(entry)
    Rule.model_validate({**entry, "coverage": "partial", "unmodelled": "resources"})
    Rule.model_validate({**{k: v for k, v in entry.items() if k != "effects"}, "unmodelled": "resources"})
