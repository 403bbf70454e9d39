"""Tough in the attack odds (issue 11): a disabled model rolls a d6 and on 5 or 6 removes one damage
point, is no longer disabled and is knocked down (MkII seed 001 L306, MkIII seed 003 L844, MkIV seed 000
L804-807).  MkIII and MkIV lose Tough while knocked down, a knockdown by the same hit included (seed
003 L1721, seed 000 L2204-2208); MkII says nothing of the kind, so a knocked-down model still rolls (it
is not knocked down twice, seed 001 L1395).  Every expected number is worked out by hand below."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from tests.attack_support import explain_json, library
from tests.conftest import run_cli
from tests.packs_support import make_pack
from tests.test_attack_colossal import COLOSSUS
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack, ColossalTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.maintenance import Upkeep, after_maintenance
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.engine.work import Survival

TOUGH = Fraction(4, 6)
"""The chance that Tough fails (a d6 of 1-4): a disabled Tough model is destroyed this often."""


def at_least(total: int, dice: int = 2) -> Fraction:
    """The chance that ``dice`` d6 total ``total`` or more, by enumerating every face."""
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for faces in rolls if sum(faces) >= total), len(rolls))


def _json(*args: str) -> dict[str, object]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


@dataclass(frozen=True, slots=True)
class WithTough:
    """Raw attacks against a target that has the roll ``survival``."""

    raw: RawAttacks
    survival: Survival

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(self.raw(circumstance, boost_attack, boost_damage), survival=self.survival)


def _tough(edition: str, power: int) -> WithTough:
    """MAT 6 melee against DEF 13 and ARM 13 under ``edition``'s rules, the target with that
    edition's Tough (MkIII and MkIV: lost while knocked down)."""
    lost = frozenset() if edition == "mk2" else frozenset({"knocked_down"})
    rules = resolve_ruleset(library(), edition)
    return WithTough(RawAttacks(RawAttack(6, True, 13, power, 13), rules),
                     Survival(5, 1, frozenset({"knocked_down"}), lost, "tough"))


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
def test_one_attack_on_a_single_wound_model(edition: str) -> None:
    # MAT 6 against DEF 13 hits on 7+ (21/36); POW 12 against ARM 13 deals 2d6 - 1 >= 1 on every
    # hit; the model is destroyed when Tough then fails: 21/36 * 4/6 = 7/18 (= 0.3889).  It ends
    # knocked down, standing at no damage, when Tough succeeds: 21/36 * 2/6 = 7/36.
    result = resolve(Sequence(BoxTrack(1), 0, 1, 0, _tough(edition, 12)), NoSpending())
    assert result.p_destroyed == pytest.approx(float(at_least(7) * TOUGH), abs=1e-12)
    assert result.p_destroyed == pytest.approx(7 / 18, abs=1e-12)
    assert result.conditions["knocked_down"] == pytest.approx(7 / 36, abs=1e-12)


@pytest.mark.parametrize(("edition", "expected"), [
    # MkIII and MkIV: attack 1 hits (21/36) and Tough fails (4/6): destroyed; Tough succeeds (2/6):
    # knocked down, so attack 2 hits automatically in melee and the knocked-down model has no
    # Tough: destroyed.  Attack 1 misses (15/36): attack 2 hits (21/36) and Tough fails (4/6).
    # 21/36 * (4/6 + 2/6) + 15/36 * 21/36 * 4/6 = 21/36 + 1260/7776 = 0.58333 + 0.16204 = 0.74537
    ("mk3", Fraction(21, 36) + Fraction(15, 36) * Fraction(21, 36) * TOUGH),
    ("mk4", Fraction(21, 36) + Fraction(15, 36) * Fraction(21, 36) * TOUGH),
    # MkII: the knocked-down model rolls again when the automatic hit disables it:
    # 21/36 * (4/6 + 2/6 * 4/6) + 15/36 * 21/36 * 4/6 = 0.51852 + 0.16204 = 0.68056
    ("mk2", Fraction(21, 36) * (TOUGH + (1 - TOUGH) * TOUGH) + Fraction(15, 36) * Fraction(21, 36) * TOUGH),
])
def test_a_survivor_is_hit_automatically_by_the_next_melee_attack(edition: str, expected: Fraction) -> None:
    result = resolve(Sequence(BoxTrack(1), 0, 2, 0, _tough(edition, 12)), NoSpending())
    assert result.p_destroyed == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize(("edition", "expected"), [
    # Knocked down from the start: the melee attack hits automatically, and POW 10 against ARM 13
    # deals 2d6 - 3 >= 1 on 4+ (33/36).  MkIII and MkIV: no Tough roll, 33/36; MkII: 33/36 * 4/6.
    ("mk3", Fraction(33, 36)), ("mk4", Fraction(33, 36)), ("mk2", Fraction(33, 36) * TOUGH),
])
def test_a_model_already_knocked_down(edition: str, expected: Fraction) -> None:
    down = frozenset({"knocked_down"})
    result = resolve(Sequence(BoxTrack(1), 0, 1, 0, _tough(edition, 10), conditions=down), NoSpending())
    assert result.p_destroyed == pytest.approx(float(expected), abs=1e-12)


def test_without_tough_the_same_attack_kills_more_often() -> None:
    # The check that the numbers above come from Tough: the same two attacks against a model
    # without it destroy it 1 - (15/36)^2 = 0.82639 of the time.
    plain = _tough("mk3", 12).raw
    result = resolve(Sequence(BoxTrack(1), 0, 2, 0, plain), NoSpending())
    assert result.p_destroyed == pytest.approx(1 - (15 / 36) ** 2, abs=1e-12)


def test_mk3_pyg_bushwhackers_from_the_cards() -> None:
    # content/mk3: a Trollkin Champion (MAT 7, Champion Weapon P+S 11 with Weapon Master's third
    # damage die) against a Pyg Bushwhacker (single wound, DEF 13, ARM 13, Tough).  The attack hits
    # on 6+ (26/36) and 3d6 - 2 always deals damage: 26/36 * 4/6 = 13/27 (= 0.4815); knocked down
    # 26/36 * 2/6 = 13/54.
    common = ("--attacker", "trollkin-champions", "--weapon", "Champion Weapon", "--target", "pyg-bushwhackers")
    one = _json(*common, "--attacks", "1")
    assert one["p_destroyed"] == pytest.approx(float(at_least(6) * TOUGH), abs=1e-9)
    assert one["p_destroyed"] == pytest.approx(13 / 27, abs=1e-9)
    assert one["p_target_states"] == {"knocked_down": pytest.approx(13 / 54, abs=1e-9)}
    effects = one["attack_effects"]
    assert isinstance(effects, dict)
    assert effects["survival"] == {"roll": 5, "heals": 1, "leaves": ["knocked_down"],
                                   "lost_while": ["knocked_down"], "source": "tough"}
    # Two attacks: a survivor is knocked down, hit automatically and has no Tough any more:
    # 26/36 + 10/36 * 26/36 * 4/6 = 0.72222 + 0.13374 = 0.85597.
    two = _json(*common, "--attacks", "2")
    assert two["p_destroyed"] == pytest.approx(26 / 36 + 10 / 36 * 26 / 36 * 4 / 6, abs=1e-9)
    # Knocked down from the start: an automatic hit, always damage, no Tough roll: destroyed.
    assert _json(*common, "--attacks", "1", "--knocked-down")["p_destroyed"] == pytest.approx(1.0, abs=1e-9)


def test_mk2_models_from_the_cards() -> None:
    # content/mk2: the Sentinel's Chain Gun (RAT 6, POW 10).  A Kayazy Assassin Underboss (ARM 11,
    # Tough) knocked down with 1 of 5 boxes left: DEF 5 is hit on all but double 1s (35/36), 2d6 - 1
    # always damages it, and MkII Tough still rolls: 35/36 * 4/6 = 0.6481.
    gun = ("--attacker", "sentinel", "--weapon", "Chain Gun", "--attacks", "1")
    down = _json(*gun, "--target", "kayazy-assassin-underboss", "--marked", "4", "--knocked-down")
    assert down["p_destroyed"] == pytest.approx(35 / 36 * 4 / 6, abs=1e-9)
    # Fenris (a dragoon: 10 mounted and 5 dismounted boxes, DEF 13, ARM 16, Tough) with 1 box left:
    # 7+ to hit (21/36), 2d6 - 6 >= 1 on 7+ (21/36): 21/36 * 21/36 * 4/6 = 0.2269.
    fenris = _json(*gun, "--target", "fenris", "--marked", "14")
    assert fenris["p_destroyed"] == pytest.approx(float(at_least(7) ** 2 * TOUGH), abs=1e-9)
    # A Bile Thrall (single wound, DEF 10, ARM 13) has no Tough; Lich Lord Terminus's Shadow of
    # Death grants it (named with --target-effect): 4+ to hit (33/36), 2d6 - 3 >= 1 on 4+ (33/36),
    # so 33/36 * 33/36 without the grant and that times 4/6 with it.
    thrall = ("--target", "bile-thralls")
    assert _json(*gun, *thrall)["p_destroyed"] == pytest.approx(float(at_least(4) ** 2), abs=1e-9)
    granted = _json(*gun, *thrall, "--target-effect", "shadow-of-death")
    assert granted["p_destroyed"] == pytest.approx(float(at_least(4) ** 2 * TOUGH), abs=1e-9)


def test_mk2_steady_tough_model_survives_standing() -> None:
    # content/mk2: the Juggernaut's Ice Axe (MAT 6, P+S 19, Critical Freeze) then Open Fist (P+S 15)
    # against one of the Great Bears of Gallowswood (DEF 13, ARM 14, 5 boxes, Tough, Steady) with 2
    # boxes left.  Both hit on 7+ (21/36: 18/36 a plain hit, 3/36 a critical one, which leaves the
    # target stationary so the Open Fist hits automatically); every hit deals at least 2 points (the
    # Ice Axe) or, after a Tough roll left 1 box, at least 1 (the Open Fist).  Steady keeps the
    # knockdown off, so the Open Fist still needs its roll after a plain hit, and Tough rolls again:
    #   18/36 * (4/6 + 2/6 * 21/36 * 4/6) + 3/36 * (4/6 + 2/6 * 4/6) + 15/36 * 21/36 * 4/6 = 0.63426
    data = _json("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "great-bears-of-gallowswood",
                 "--marked", "3", "--in-order")
    hit, crit, miss = Fraction(18, 36), Fraction(3, 36), Fraction(15, 36)
    saved = 1 - TOUGH
    expected = (hit * (TOUGH + saved * at_least(7) * TOUGH) + crit * (TOUGH + saved * TOUGH)
                + miss * at_least(7) * TOUGH)
    assert data["p_destroyed"] == pytest.approx(float(expected), abs=1e-9)
    assert "knocked_down" not in data["p_target_states"]  # type: ignore[operator]


def test_mk4_horruskh_from_the_card() -> None:
    # content/mk4: the Courser's Heavy Stormthrower (RAT 7, POW 12) against Horruskh (DEF 14, ARM 18,
    # 19 boxes, Tough) with 1 box left: 7+ to hit (21/36), 2d6 - 6 >= 1 on 7+ (21/36):
    # 21/36 * 21/36 * 4/6 = 0.2269; knocked down 21/36 * 21/36 * 2/6 = 0.1134.
    data = _json("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target",
                 "horruskh-the-thousand-wraths", "--marked", "18", "--attacks", "1")
    assert data["p_destroyed"] == pytest.approx(float(at_least(7) ** 2 * TOUGH), abs=1e-9)
    assert data["p_target_states"] == {"knocked_down": pytest.approx(float(at_least(7) ** 2 / 3), abs=1e-9)}


def test_a_warjack_given_tough_heals_a_grid_box() -> None:
    # A MkII Ironclad (content/mk2: grid columns of 4, 5, 6, 6, 5, 4 boxes, DEF 12, ARM 18) with Tough
    # named on it and one box left, the last Movement box of column 3 (marked 4,5,5,6,5,4: Movement
    # not crippled, DEF 12).  The Juggernaut's Ice Axe then Open Fist, in order, without focus.
    # The Ice Axe hits on 6+ (26/36) and 2d6 + 1 always damages; Tough fails 4/6.  A survivor has
    # column 1's last mark removed and is knocked down, so the Open Fist hits automatically and
    # 2d6 - 3 damages on 4+ (33/36), then MkII Tough rolls again (4/6).  After a miss the Open Fist
    # needs 6+ (26/36) too:
    #   26/36 * (4/6 + 2/6 * 33/36 * 4/6) + 10/36 * 26/36 * 33/36 * 4/6 = 0.62860 + 0.12260 = 0.75120
    data = _json("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2",
                 "--marked", "4,5,5,6,5,4", "--in-order", "--target-effect", "tough")
    first, fist_damage = at_least(6), at_least(4)
    expected = (first * (TOUGH + (1 - TOUGH) * fist_damage * TOUGH)
                + (1 - first) * first * fist_damage * TOUGH)
    assert data["p_destroyed"] == pytest.approx(float(expected), abs=1e-9)
    # It ends knocked down after the first Tough success (26/36 * 2/6), or after a miss when the
    # Open Fist disables it and Tough succeeds (10/36 * 26/36 * 33/36 * 2/6): 0.24074 + 0.06130.
    assert data["p_target_states"]["knocked_down"] == pytest.approx(  # type: ignore[index]
        float(first * (1 - TOUGH) + (1 - first) * first * fist_damage * (1 - TOUGH)), abs=1e-9)


@pytest.fixture(scope="module")
def colossus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tough-colossus")
    source = folder / "models.yaml"
    source.write_text(COLOSSUS, encoding="utf-8")
    return make_pack(folder / "pack", [source], "mk3", "colossus")


@pytest.mark.parametrize("grid", ["left", "choose"])
def test_a_colossal_with_tough_does_not_break(colossus: Path, grid: str) -> None:
    # A colossal's states are numbered by reachability, so the healed state cannot be placed and
    # the roll is not followed (the also: line says so): the odds are those without Tough.
    args = ("--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
            "--content", str(colossus), "--grid", grid, "--marked", "1,1,2,1,1,1,1,1,1,1,1,1,0")
    plain = _json(*args)
    tough = _json(*args, "--target-effect", "tough")
    assert tough["p_destroyed"] == pytest.approx(plain["p_destroyed"], abs=1e-12)
    text = run_cli("attack", *args, "--target-effect", "tough").output
    assert "(not for a colossal, nor a grid whose systems can fail)" in text


def test_a_knockdown_by_the_same_hit_leaves_no_tough_roll() -> None:
    # Seed 000 L2204-2208: a critical hit that knocks a Tough model down before the damage roll
    # leaves it no Tough roll.  The Courser's Heavy Stormthrower against Horruskh (1 box left) as
    # above, with Critical Knockdown named: a plain hit (18/36) still meets Tough, a critical hit
    # (3/36: 4-4, 5-5, 6-6) does not; either damages on 7+ (21/36):
    #   18/36 * 21/36 * 4/6 + 3/36 * 21/36 = (252 + 63) / 1296 = 0.24306
    data = _json("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target",
                 "horruskh-the-thousand-wraths", "--marked", "18", "--attacks", "1", "--effect", "critical-knockdown")
    expected = Fraction(18, 36) * at_least(7) * TOUGH + Fraction(3, 36) * at_least(7)
    assert data["p_destroyed"] == pytest.approx(float(expected), abs=1e-9)


def _best(attacks: int, resource: int, down: bool) -> Fraction:
    """The best kill chance of MAT 6 melee attacks (POW 10 against DEF 13, ARM 13) on a single-wound
    MkIII Tough model, found apart from the engine: every way to spend 1 on an attack boost, a
    damage boost once the attack hit, or an additional attack, tried in turn.  Knocked down, the
    model is hit automatically (no attack roll to boost) and has no Tough."""
    if attacks == 0:
        return _best(1, resource - 1, down) if resource > 0 else Fraction(0)
    best = Fraction(0)
    for boost_attack in (False, True):
        if boost_attack and (down or resource < 1):
            continue
        left = resource - boost_attack
        hit = Fraction(1) if down else at_least(7, 2 + boost_attack)
        after_hit = Fraction(0)
        for boost_damage in (False, True):
            if boost_damage and left < 1:
                continue
            damaged = at_least(4, 2 + boost_damage)  # 2d6 (or 3d6) + 10 - 13 >= 1
            spent = left - boost_damage
            disabled = Fraction(1) if down else TOUGH + (1 - TOUGH) * _best(attacks - 1, spent, True)
            after_hit = max(after_hit, damaged * disabled + (1 - damaged) * _best(attacks - 1, spent, down))
        best = max(best, (1 - hit) * _best(attacks - 1, left, down) + hit * after_hit)
    return best


@pytest.mark.parametrize("resource", [0, 1, 2, 3])
def test_the_optimal_policy_plans_with_tough(resource: int) -> None:
    # The planner's kill chance equals the independent search above, which knows that a survivor is
    # knocked down (hit automatically, no second Tough roll), so spending is planned around it.
    source = _tough("mk3", 10)
    sequence = Sequence(BoxTrack(1), 0, 1, resource, source)
    result = resolve(sequence, Optimal(sequence))
    assert result.p_destroyed == pytest.approx(float(_best(1, resource, False)), abs=1e-12)


def test_rules_that_change_or_deny_tough_in_mk2() -> None:
    # content/mk2.  Every hit below disables its target, which then rolls Tough, or does not.
    gun = ("--attacker", "sentinel", "--weapon", "Chain Gun", "--attacks", "1")
    # No, I'm Fine named on First Mate Hawk (DEF 15, ARM 13, Tough, 1 of 5 boxes left): RAT 6 hits
    # on 9+ (10/36), 2d6 - 3 damages on 4+ (33/36), and Tough now saves on 4+ (fails 3/6):
    # 10/36 * 33/36 * 3/6 = 0.1273.
    hawk = _json(*gun, "--target", "first-mate-hawk", "--marked", "4", "--target-effect", "no-im-fine")
    assert hawk["p_destroyed"] == pytest.approx(float(at_least(9) * at_least(4) / 2), abs=1e-9)
    # Undying Loyalty named on a Bile Thrall (DEF 10, ARM 13, single wound): Tough on 4+ and never
    # knocked down: 33/36 * 33/36 * 3/6 = 0.4201, and no knockdown at the end.
    thrall = _json(*gun, "--target", "bile-thralls", "--target-effect", "undying-loyalty")
    assert thrall["p_destroyed"] == pytest.approx(float(at_least(4) ** 2 / 2), abs=1e-9)
    assert thrall["p_target_states"] == {}
    # Grievous Wounds on Fiona the Black's Viper (MAT 6, P+S 11) and Flagellation on High Allegiant
    # Amon Ad-Raza's melee attacks (Oblivion, MAT 7, P+S 14) take Tough away from the model hit, here a
    # Bile Thrall given Tough by Shadow of Death: no 4/6 factor.  Viper: 4+ to hit (33/36), 2d6 - 2
    # damages on 3+ (35/36); Oblivion: 3+ to hit (35/36, only double 1s miss), 2d6 + 1 always damages.
    tough_thrall = ("--target", "bile-thralls", "--target-effect", "shadow-of-death", "--edition", "mk2")
    viper = _json("--attacker", "fiona-the-black", "--weapon", "Viper", *tough_thrall)
    assert viper["p_destroyed"] == pytest.approx(float(at_least(4) * at_least(3)), abs=1e-9)
    amon = ("--attacker", "high-allegiant-amon-ad-raza", "--weapon", "Oblivion", "--attacks", "1", *tough_thrall)
    assert _json(*amon)["p_destroyed"] == pytest.approx(float(at_least(3) * TOUGH), abs=1e-9)
    assert _json(*amon, "--effect", "flagellation")["p_destroyed"] == pytest.approx(float(at_least(3)), abs=1e-9)


def test_the_play_out_rolls_tough_and_logs_it() -> None:
    # Seeded play-outs of one attack on a single-wound MkIII Tough model: every run whose attack
    # disables the model logs its Tough roll; a success is followed by the knockdown and the model
    # stands with its box cleared, a failure by its destruction.
    sequence = Sequence(BoxTrack(1), 0, 1, 0, _tough("mk3", 12))
    lattice = lattice_for(sequence.track)
    player = Player(sequence, NoSpending(), lattice)
    saved = failed = 0
    for seed in range(40):
        run = player.play(1, seed, log_first=True)[0]
        rolls = [event for event in run.events if "disabled: tough roll" in event]
        if any(event.endswith("no longer disabled") for event in rolls):
            saved += 1
            assert run.state == 0 and run.conditions == frozenset({"knocked_down"})
            assert "the target is knocked down" in run.events
        elif rolls:
            failed += 1
            assert rolls[0].endswith("(needs 5+): fails") and run.events[-1] == "the target is destroyed"
    assert saved and failed


def test_a_colossal_counted_by_marked_boxes_makes_no_roll_either() -> None:
    # Counted by marked boxes (a rolled grid, a track past the state budget) a colossal's full state
    # could be healed, but the exact engine with its states and the play-out never do: neither does
    # this count, so that every way of counting a colossal agrees.  One box left, 21/36 * 33/36.
    track = ColossalTrack(tuple((".",) for _ in range(6)), tuple((".",) for _ in range(6)), 0, None)
    sequence = Sequence(track, (0, (1,) * 6, (1,) * 5 + (0,)), 1, 0, _tough("mk3", 10))
    result = resolve(sequence, NoSpending(), lattice_for(track, full=False))
    assert result.p_destroyed == pytest.approx(float(at_least(7) * at_least(4)), abs=1e-12)


def test_mk3_zombify_grants_tough() -> None:
    # content/mk3: a Praetorian Swordsman (single wound, DEF 13, ARM 14) has no Tough; named with the
    # Gatorman Witch Doctor's Zombify it gains Tough (seed 003 L614).  The Trollkin Champion hits on 6+
    # (26/36) and 3d6 - 3 damages on 4+ (215/216): 26/36 * 215/216 without it, times 4/6 with it.
    common = ("--attacker", "trollkin-champions", "--weapon", "Champion Weapon", "--target", "praetorian-swordsmen",
              "--attacks", "1")
    plain = float(at_least(6) * at_least(4, 3))
    assert _json(*common)["p_destroyed"] == pytest.approx(plain, abs=1e-9)
    assert _json(*common, "--target-effect", "zombify")["p_destroyed"] == pytest.approx(plain * 4 / 6, abs=1e-9)


def test_explain_attack_tells_the_one_roll_the_model_makes() -> None:
    # First Mate Hawk's own Tough (5+) and a named No, I'm Fine (4+): the model rolls once, so the
    # more generous roll is the one told.
    hawk = ("--attacker", "sentinel", "--weapon", "Chain Gun", "--target", "first-mate-hawk")
    assert explain_json(*hawk)["triggers"] == {"on_disabled": [
        "a d6 of 5+ removes 1 damage point and leaves it knocked down (tough)"]}
    assert explain_json(*hawk, "--target-effect", "no-im-fine")["triggers"] == {"on_disabled": [
        "a d6 of 4+ removes 1 damage point and leaves it knocked down (no-im-fine)"]}


@pytest.mark.parametrize(("edition", "down_rolls"), [("mk3", False), ("mk2", True)])
def test_tough_in_the_next_maintenance_phase_by_hand(edition: str, down_rolls: bool) -> None:
    # Fire left on a standing Tough target with 1 box left: half the games standing, a quarter
    # knocked down.  The fire stays on a d6 of 3-6 (4/6) and its POW 12 against ARM 14 deals
    # 2d6 - 2 >= 1 on 3+ (35/36), which disables the target; Tough then fails 4/6 of the time, but
    # a knocked-down MkIII model has no Tough (MkII still rolls):
    #   mk3: 0.5 * 4/6 * 35/36 * 4/6 + 0.25 * 4/6 * 35/36 = 0.21605 + 0.16204 = 0.37809
    #   mk2: 0.75 * 4/6 * 35/36 * 4/6 = 0.32407
    rules = resolve_ruleset(library(), edition)
    lingering = {frozenset({"fire"}): {1: 0.5}, frozenset({"fire", "knocked_down"}): {1: 0.25}}
    burns = Fraction(4, 6) * at_least(3)
    expected = Fraction(1, 2) * burns * TOUGH + Fraction(1, 4) * burns * (TOUGH if down_rolls else 1)
    survival = _tough(edition, 12).survival
    odds = after_maintenance(0.0, lingering, rules.continuous_effects, 14, 2, survival)
    assert odds is not None and odds.p_by_effects == pytest.approx(float(expected), abs=1e-12)
    without = after_maintenance(0.0, lingering, rules.continuous_effects, 14, 2)
    assert without is not None and without.p_by_effects == pytest.approx(float(Fraction(3, 4) * burns), abs=1e-12)


def test_the_play_out_rolls_tough_in_the_maintenance_phase() -> None:
    # A MkIII melee attack (MAT 6 against DEF 13: 7+, 21/36) that deals no damage (POW 0 against ARM
    # 14) but sets a single-wound Tough target on fire when it hits and knocks it down on a critical
    # hit (3/36: 4-4, 5-5, 6-6).  In the next Maintenance Phase the fire stays on 3-6 (4/6) and deals
    # 2d6 - 2 >= 1 on 3+ (35/36), disabling the target; it rolls Tough unless knocked down:
    #   18/36 * 4/6 * 35/36 * 4/6 + 3/36 * 4/6 * 35/36 = 0.21605 + 0.05401 = 0.27006
    # The play-out's share agrees with it, and it logs the Tough roll.
    rules = resolve_ruleset(library(), "mk3")
    tough = WithTough(RawAttacks(RawAttack(6, True, 13, 0, 14), rules), _tough("mk3", 10).survival)

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        put = frozenset({("fire", "on_hit"), ("knocked_down", "on_critical")})
        return replace(tough(circumstance, boost_attack, boost_damage), afflictions=put)

    sequence = Sequence(BoxTrack(1), 0, 1, 0, source)
    result = resolve(sequence, NoSpending())
    odds = after_maintenance(result.p_destroyed, result.lingering, rules.continuous_effects, 14, 2,
                             sequence.resting_survival())
    burns = Fraction(4, 6) * at_least(3)
    expected = Fraction(18, 36) * burns * TOUGH + Fraction(3, 36) * burns
    assert result.p_destroyed == 0.0
    assert odds is not None and odds.p_destroyed == pytest.approx(float(expected), abs=1e-12)
    upkeep = Upkeep(rules.continuous_effects, 14, 2)
    player = Player(sequence, NoSpending(), lattice_for(sequence.track), upkeep=upkeep)
    runs = player.play(6000, 7)
    share = sum(1 for run in runs if run.after_maintenance) / len(runs)
    error = (odds.p_destroyed * (1 - odds.p_destroyed) / len(runs)) ** 0.5
    assert abs(share - odds.p_destroyed) < 4 * error
    logged = [event for seed in range(40) for event in player.play(1, seed, log_first=True)[0].events
              if event.startswith("next maintenance phase: disabled: tough roll")]
    assert logged


def test_mk2_total_obedience_gives_tough() -> None:
    # content/mk2, the Sentinel's Chain Gun (RAT 6, POW 10).  Supreme Kommandant Irusk (DEF 15, ARM
    # 15, 17 boxes) has Tough by his own Total Obedience (seed 001 L3045: it includes Irusk); with 1
    # box left: 9+ to hit (10/36), 2d6 - 5 >= 1 on 6+ (26/36): 10/36 * 26/36 * 4/6 = 0.1337.
    gun = ("--attacker", "sentinel", "--weapon", "Chain Gun", "--attacks", "1")
    irusk = _json(*gun, "--target", "supreme-kommandant-irusk", "--marked", "16")
    assert irusk["p_destroyed"] == pytest.approx(float(at_least(9) * at_least(6) * TOUGH), abs=1e-9)
    # An Iron Fang Pikeman (single wound, DEF 13, ARM 14) in his command range, named with
    # --target-effect: 7+ to hit (21/36), 2d6 - 4 >= 1 on 5+ (30/36), times 4/6 with the aura.
    pikeman = ("--target", "iron-fang-pikemen")
    assert _json(*gun, *pikeman)["p_destroyed"] == pytest.approx(float(at_least(7) * at_least(5)), abs=1e-9)
    named = _json(*gun, *pikeman, "--target-effect", "total-obedience")
    assert named["p_destroyed"] == pytest.approx(float(at_least(7) * at_least(5) * TOUGH), abs=1e-9)
