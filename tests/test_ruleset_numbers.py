"""Every number of every ruleset file, checked against its own seed (issue 11).

Each row says where a number sits in a ruleset (a dotted path inside its entry), its
value, and the seed line that states it: ``phrase`` is what that line must contain
(by default the number itself, not inside a longer number).  A row with ``line`` 0
claims the seed never mentions ``phrase`` (the number is 0 because the rule is absent);
a row with no seed is a number the seed does not give, and the ruleset's ``note`` must
say so.  A final test checks that no number of a ruleset file is left out of the table.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml

from tests.conftest import ROOT, SHARED

SEEDS = SHARED / "rules" / "seeds"
SEED_FILES = {"000": "000_9775accaf129e267.txt", "001": "001_a031459edfffe81d.txt",
              "002": "002_1e14bfa216a6cda7.txt", "003": "003_1c88675ea8ddc33c.txt",
              "004": "004_d772dfcdbe0e45f1.txt"}
RULESETS = {"mk2": "content/mk2/rulesets/mk2.yaml", "mk3": "content/mk3/rulesets/mk3.yaml",
            "mk4": "content/mk4/rulesets/mk4.yaml", "variant-002": "content/mk4/rulesets/variant-002.yaml"}


class Cite(NamedTuple):
    ruleset: str
    path: str
    value: int
    seed: str | None
    line: int | None
    phrase: str | None = None


INTERP = "interpreter."
STATES = "interpreter.states."
KINDS = "interpreter.attack_kinds."
GEO = "geometry."
CITES: list[Cite] = [
    # --- mk2: seed 001 (field test), seed 004 (quick reference) -----------------------------
    Cite("mk2", "encounter_levels.0.points.0", 15, "001", 471),
    Cite("mk2", "encounter_levels.0.points.1", 25, "001", 471),
    Cite("mk2", "encounter_levels.0.points.2", 35, "001", 471),
    Cite("mk2", "encounter_levels.0.max_casters", 1, "001", 471, "Max Warcasters: I "),  # OCR prints 1 as "I"
    Cite("mk2", "encounter_levels.1.points.0", 25, "001", 477),
    Cite("mk2", "encounter_levels.1.points.1", 35, "001", 477),
    Cite("mk2", "encounter_levels.1.points.2", 50, "001", 477),
    Cite("mk2", "encounter_levels.1.max_casters", 1, "001", 477, "Max Warcasters: I "),
    Cite("mk2", "encounter_levels.2.points.0", 75, "001", 483),
    Cite("mk2", "encounter_levels.2.points.1", 100, "001", 483),
    Cite("mk2", "encounter_levels.2.max_casters", 1, "001", 483, "Max Warcasters: I "),
    Cite("mk2", "encounter_levels.3.points.0", 100, "001", 489),
    Cite("mk2", "encounter_levels.3.points.1", 125, "001", 489),
    Cite("mk2", "encounter_levels.3.points.2", 150, "001", 489),
    Cite("mk2", "encounter_levels.3.max_casters", 2, "001", 489),
    Cite("mk2", "encounter_levels.4.points.0", 150, "001", 495),
    Cite("mk2", "encounter_levels.4.points.1", 175, "001", 495),
    Cite("mk2", "encounter_levels.4.points.2", 200, "001", 495),
    Cite("mk2", "encounter_levels.4.max_casters", 3, "001", 495),
    Cite("mk2", "encounter_levels.5.points.0", 200, "001", 501),
    Cite("mk2", "encounter_levels.5.max_casters", 4, "001", 501),
    Cite("mk2", "encounter_levels.5.extra_caster_per_points", 50, "001", 503),
    Cite("mk2", "construction.command_cards", 0, "001", 0, "command card"),
    Cite("mk2", "construction.max_command_attachments", 1, "001", 218, "only one of each type"),
    Cite("mk2", "construction.max_weapon_attachments", 1, "001", 218, "only one of each type"),
    Cite("mk2", "construction.marshal_capacity", 2, "001", 2023, "up to two"),
    Cite("mk2", INTERP + "stat_floor", 1, "001", 254, "less than 1"),
    Cite("mk2", INTERP + "stat_floors.DEF", 5, "001", 254, "less than 5"),
    Cite("mk2", INTERP + "resistance_dice", 1, None, None),
    Cite("mk2", INTERP + "charge_bonus_inches", 3, "001", 837, 'plus 3"'),
    Cite("mk2", INTERP + "warjack_focus_cap", 3, "001", 1797, "more than 3 focus"),
    Cite("mk2", INTERP + "action_costs.charge.warjack", 1, "001", 852, "spend 1 focus point to charge"),
    Cite("mk2", INTERP + "action_costs.power_attack.warjack", 1, "001", 1013,
         "spend 1 focus point to make a power attack"),
    Cite("mk2", INTERP + "dice.base_dice", 2, "001", 78, "2d6"),
    Cite("mk2", INTERP + "dice.boost_dice", 1, "001", 80, "an extra die"),
    Cite("mk2", INTERP + "continuous_effects.fire.expires_on.0", 1, "001", 1587, "1 or 2"),
    Cite("mk2", INTERP + "continuous_effects.fire.expires_on.1", 2, "001", 1587, "1 or 2"),
    Cite("mk2", INTERP + "continuous_effects.fire.pow", 12, "001", 1597, "POW 12"),
    Cite("mk2", INTERP + "continuous_effects.corrosion.expires_on.0", 1, "001", 1587, "1 or 2"),
    Cite("mk2", INTERP + "continuous_effects.corrosion.expires_on.1", 2, "001", 1587, "1 or 2"),
    Cite("mk2", INTERP + "continuous_effects.corrosion.points", 1, "001", 1595, "1 damage point"),
    Cite("mk2", STATES + "knocked_down.effects.1.value", 5, "001", 1393, "base DEF of 5"),
    Cite("mk2", STATES + "stationary.effects.1.value", 5, "001", 1427, "base DEF of 5"),
    Cite("mk2", STATES + "crippled_movement.effects.0.value", 7, "001", 1479, "changed to 7"),
    Cite("mk2", STATES + "free_strike.effects.0.value", 2, "001", 969, "+2 bonus"),
    Cite("mk2", STATES + "aiming.effects.0.value", 2, "001", 1213, "+2"),
    Cite("mk2", STATES + "back_strike.effects.0.value", 2, "001", 993, "+2 bonus"),
    Cite("mk2", STATES + "cover.effects.0.value", 4, "001", 1235, "+4 DEF"),
    Cite("mk2", STATES + "concealment.effects.0.value", 2, "001", 1233, "+2 DEF"),
    Cite("mk2", STATES + "elevated.effects.0.value", 2, "001", 1218, "+2 DEF"),
    Cite("mk2", STATES + "screened.effects.0.value", 2, "001", 683, "+2 DEF"),
    Cite("mk2", STATES + "target_in_melee.effects.0.value", -4, "001", 1241, "\u20134 penalty"),  # en dash
    Cite("mk2", STATES + "crippled_weapon.effects.0.count", 1, "001", 1480, "one fewer die"),
    Cite("mk2", KINDS + "push.contest.attacker_dice", 1, "001", 1051, "roll a d6"),
    Cite("mk2", KINDS + "push.contest.target_dice", 1, "001", 1051, "roll a d6"),
    Cite("mk2", KINDS + "slam.effects.0.value", -2, "001", 1073, "suffers -2"),
    Cite("mk2", KINDS + "slam.effects.2.count", 1, "001", 1093, "Add an additional die"),
    Cite("mk2", KINDS + "throw.contest.attacker_dice", 1, "001", 1103, "roll a d6"),
    Cite("mk2", KINDS + "throw.contest.target_dice", 1, "001", 1103, "roll a d6"),
    Cite("mk2", KINDS + "throw.effects.0.count", 1, "001", 1127, "Add an additional die"),
    Cite("mk2", KINDS + "double_hand_throw.contest.attacker_dice", 2, "004", 70, "attacker rolls 2d6"),
    Cite("mk2", KINDS + "double_hand_throw.needs_weapons.count", 2, "004", 8, "two non-crippled Open Fists"),
    Cite("mk2", KINDS + "double_hand_throw.contest.target_dice", 1, "004", 70, "rolls a d6"),
    Cite("mk2", KINDS + "double_hand_throw.effects.0.count", 1, "001", 1127, "Add an additional die"),
    # --- mk3: seed 003 (HORDES Primal with its WARMACHINE appendix) ---------------------------
    Cite("mk3", "encounter_levels.0.points.0", 0, "003", 1034, "Army Points: 0"),
    Cite("mk3", "encounter_levels.0.max_casters", 1, "003", 1032),
    Cite("mk3", "encounter_levels.1.points.0", 10, "003", 1042),
    Cite("mk3", "encounter_levels.1.max_casters", 1, "003", 1040),
    Cite("mk3", "encounter_levels.2.points.0", 25, "003", 1050),
    Cite("mk3", "encounter_levels.2.max_casters", 1, "003", 1048),
    Cite("mk3", "encounter_levels.3.points.0", 50, "003", 1058),
    Cite("mk3", "encounter_levels.3.max_casters", 1, "003", 1056),
    Cite("mk3", "encounter_levels.4.points.0", 75, "003", 1066),
    Cite("mk3", "encounter_levels.4.max_casters", 1, "003", 1064),
    Cite("mk3", "encounter_levels.5.points.0", 100, "003", 1074),
    Cite("mk3", "encounter_levels.5.max_casters", 1, "003", 1072),
    Cite("mk3", "encounter_levels.6.points.0", 125, "003", 1082),
    Cite("mk3", "encounter_levels.6.max_casters", 2, "003", 1080),
    Cite("mk3", "encounter_levels.7.points.0", 200, "003", 1090),
    Cite("mk3", "encounter_levels.7.max_casters", 3, "003", 1088),
    Cite("mk3", "encounter_levels.7.extra_caster_per_points", 75, "003", 1092),
    Cite("mk3", "construction.under_allowance", 5, "003", 1018, "more than 5 points under"),
    Cite("mk3", "construction.command_cards", 0, "003", 0, "command card"),
    Cite("mk3", "construction.max_command_attachments", 1, "003", 724, "only one command attachment"),
    Cite("mk3", "construction.max_weapon_attachments", 3, "003", 724, "up to three weapon attachments"),
    Cite("mk3", "construction.marshal_capacity", 1, "003", 3770, "up to one"),
    Cite("mk3", INTERP + "stat_floor", 0, "003", 775, "DEF of 3"),  # DEF 5 - 2 = 3: no floor above 0
    Cite("mk3", INTERP + "resistance_dice", 1, None, None),
    Cite("mk3", INTERP + "charge_bonus_inches", 3, "003", 1356, 'plus 3"'),
    Cite("mk3", INTERP + "warjack_focus_cap", 3, "003", 3493, "no more than 3 focus"),
    Cite("mk3", INTERP + "action_costs.charge.warjack", 1, "003", 3509, "spend 1 focus point in order to use"),
    Cite("mk3", INTERP + "action_costs.charge.warbeast", 1, "003", 2536, "run or charge it gains 1 fury point"),
    Cite("mk3", INTERP + "action_costs.power_attack.warjack", 1, "003", 3531, "must spend 1 focus point"),
    Cite("mk3", INTERP + "action_costs.power_attack.warbeast", 1, "003", 2554,
         "power attack it gains 1 fury point"),
    Cite("mk3", INTERP + "dice.base_dice", 2, "003", 539, "2d6"),
    Cite("mk3", INTERP + "dice.boost_dice", 1, "003", 543, "one extra die"),
    Cite("mk3", INTERP + "continuous_effects.fire.expires_on.0", 1, "003", 2303, "1 or 2"),
    Cite("mk3", INTERP + "continuous_effects.fire.expires_on.1", 2, "003", 2303, "1 or 2"),
    Cite("mk3", INTERP + "continuous_effects.fire.pow", 12, "003", 2311, "POW 12"),
    Cite("mk3", INTERP + "continuous_effects.corrosion.expires_on.0", 1, "003", 2303, "1 or 2"),
    Cite("mk3", INTERP + "continuous_effects.corrosion.expires_on.1", 2, "003", 2303, "1 or 2"),
    Cite("mk3", INTERP + "continuous_effects.corrosion.points", 1, "003", 2309, "1 point of corrosion damage"),
    Cite("mk3", STATES + "knocked_down.effects.1.value", 5, "003", 1974, "reduced to 5"),
    Cite("mk3", STATES + "stationary.effects.1.value", 5, "003", 1975, "reduced to 5"),
    Cite("mk3", STATES + "crippled_movement.effects.0.value", 5, "003", 3583, "changed to 5"),
    Cite("mk3", STATES + "free_strike.effects.0.value", 2, "003", 1800, "+2"),
    Cite("mk3", STATES + "aiming.effects.0.value", 2, "003", 1968, "+2 bonus"),
    Cite("mk3", STATES + "back_strike.effects.0.value", 2, "003", 1969, "+2"),
    Cite("mk3", STATES + "cover.effects.0.value", 4, "003", 1972, "+4 DEF"),
    Cite("mk3", STATES + "concealment.effects.0.value", 2, "003", 1971, "+2 DEF"),
    Cite("mk3", STATES + "elevated.effects.0.value", 2, "003", 1973, "+2 DEF"),
    Cite("mk3", STATES + "target_in_melee.effects.0.value", 4, "003", 1976, "+4 DEF"),
    Cite("mk3", STATES + "crippled_weapon.effects.0.count", 1, "003", 3585, "one fewer die on the attack and damage"),
    Cite("mk3", STATES + "crippled_weapon.effects.1.count", 1, "003", 3585, "one fewer die on the attack and damage"),
    Cite("mk3", STATES + "crippled_mind.effects.0.count", 1, "003", 2224, "one fewer die on attack rolls"),
    Cite("mk3", STATES + "crippled_body.effects.0.count", 1, "003", 2223, "one fewer die on damage rolls"),
    Cite("mk3", KINDS + "slam.effects.0.value", -2, "003", 1866, "suffers -2"),
    Cite("mk3", KINDS + "slam.effects.2.count", 1, "003", 1456, "Add an additional die"),
    Cite("mk3", KINDS + "throw.contest.attacker_dice", 1, "003", 1888, "roll a d6"),
    Cite("mk3", KINDS + "throw.contest.target_dice", 1, "003", 1888, "roll a d6"),
    Cite("mk3", KINDS + "throw.effects.0.count", 1, "003", 1488, "Add an additional die"),
    Cite("mk3", KINDS + "double_hand_throw.contest.attacker_dice", 2, "003", 1888, "it rolls 2d6 instead"),
    Cite("mk3", KINDS + "double_hand_throw.needs_weapons.count", 2, "003", 1888, "two weapons with Open Fist"),
    Cite("mk3", KINDS + "double_hand_throw.contest.target_dice", 1, "003", 1888, "roll a d6"),
    Cite("mk3", KINDS + "double_hand_throw.effects.0.count", 1, "003", 1488, "Add an additional die"),
    Cite("mk3", KINDS + "power_strike.effects.1.count", 1, "003", 1456, "Add an additional die"),
    *[Cite("mk3", STATES + f"{state}.effects.0.when.target_base.{i}", base, "003", 977, f"({base} mm)")
      for state in ("cover", "concealment", "elevated", "target_in_melee")
      for i, base in enumerate((30, 40, 50))],
    # --- mk4: seed 000 (MkIV core rules) -------------------------------------------------------
    Cite("mk4", "encounter_levels.0.points.0", 50, "000", 4828),
    Cite("mk4", "encounter_levels.0.max_casters", 1, "000", 4901, "Choose a Commander"),
    Cite("mk4", "encounter_levels.0.battlegroup_minimum", 1, "000", 4836, "at least one"),
    Cite("mk4", "encounter_levels.1.points.0", 75, "000", 4841),
    Cite("mk4", "encounter_levels.1.max_casters", 1, "000", 4901, "Choose a Commander"),
    Cite("mk4", "encounter_levels.1.battlegroup_minimum", 2, "000", 4846, "at least two"),
    Cite("mk4", "encounter_levels.2.points.0", 100, "000", 4849),
    Cite("mk4", "encounter_levels.2.max_casters", 1, "000", 4901, "Choose a Commander"),
    Cite("mk4", "encounter_levels.2.battlegroup_minimum", 3, "000", 4855, "at least three"),
    Cite("mk4", "encounter_levels.3.points.0", 100, "000", 4858),
    Cite("mk4", "encounter_levels.3.max_casters", 1, "000", 4901, "Choose a Commander"),
    Cite("mk4", "encounter_levels.3.battlegroup_minimum", 3, "000", 4864, "at least three"),
    Cite("mk4", "encounter_levels.3.free_huge_models.0", 1, "000", 4866, "1 to 3"),
    Cite("mk4", "encounter_levels.3.free_huge_models.1", 3, "000", 4866, "1 to 3"),
    Cite("mk4", "construction.command_cards", 5, "000", 4911, "Five Command Cards"),
    Cite("mk4", "construction.max_command_attachments", 1, "000", 544, "only one command attachment"),
    Cite("mk4", "construction.max_weapon_attachments", 3, "000", 544, "up to three weapon"),
    Cite("mk4", "construction.marshal_capacity", 1, "000", 4475, "up to one"),
    Cite("mk4", INTERP + "stat_floor", 0, "000", 669, "less than 0"),
    Cite("mk4", INTERP + "resistance_dice", 1, "000", 823, "remove one die"),
    Cite("mk4", INTERP + "charge_bonus_inches", 3, "000", 1432, "plus 3"),
    Cite("mk4", INTERP + "warjack_focus_cap", 3, "000", 3659, "no more than 3 focus"),
    Cite("mk4", INTERP + "action_costs.charge.warjack", 1, "000", 3686, "spend 1 focus point in order to use"),
    Cite("mk4", INTERP + "action_costs.charge.warbeast", 1, "000", 4075, "gains 1 fury point"),  # forced to charge
    Cite("mk4", INTERP + "action_costs.power_attack.warjack", 1, "000", 2324,
         "spend 1 focus point to make a power attack"),
    Cite("mk4", INTERP + "action_costs.power_attack.warbeast", 1, "000", 4100,
         "power attack, it gains 1 fury point"),
    Cite("mk4", INTERP + "dice.base_dice", 2, "000", 98, "2d6"),
    Cite("mk4", INTERP + "dice.boost_dice", 1, "000", 199, "one extra die"),
    Cite("mk4", INTERP + "continuous_effects.fire.expires_on.0", 1, "000", 3343, "1 or 2"),
    Cite("mk4", INTERP + "continuous_effects.fire.expires_on.1", 2, "000", 3343, "1 or 2"),
    Cite("mk4", INTERP + "continuous_effects.fire.pow", 12, "000", 3362, "POW 12"),
    Cite("mk4", INTERP + "continuous_effects.corrosion.expires_on.0", 1, "000", 3343, "1 or 2"),
    Cite("mk4", INTERP + "continuous_effects.corrosion.expires_on.1", 2, "000", 3343, "1 or 2"),
    Cite("mk4", INTERP + "continuous_effects.corrosion.points", 1, "000", 3355, "1 point of corrosion"),
    Cite("mk4", STATES + "knocked_down.effects.1.value", 5, "000", 2704, "reduced to 5"),
    Cite("mk4", STATES + "stationary.effects.1.value", 5, "000", 671, "base DEF of 5"),
    Cite("mk4", STATES + "crippled_movement.effects.0.value", 5, "000", 3068, "changed to 5"),
    Cite("mk4", STATES + "aiming.effects.0.value", 2, "000", 2677, "+2 bonus"),
    Cite("mk4", STATES + "cover.effects.0.value", 4, "000", 2689, "+4 DEF"),
    Cite("mk4", STATES + "concealment.effects.0.value", 2, "000", 2684, "+2 DEF"),
    Cite("mk4", STATES + "elevated.effects.0.value", 2, "000", 2694, "+2 DEF"),
    Cite("mk4", STATES + "target_in_melee.effects.0.value", 4, "000", 2707, "+4 DEF"),
    Cite("mk4", STATES + "crippled_weapon.effects.0.count", 1, "000", 3097, "one fewer die on the attack"),
    Cite("mk4", STATES + "crippled_weapon.effects.1.count", 1, "000", 3098, "and damage rolls"),
    Cite("mk4", STATES + "crippled_body.effects.0.count", 1, "000", 3157, "one fewer die on damage"),
    Cite("mk4", STATES + "crippled_mind.effects.0.count", 1, "000", 3160, "one fewer die on attack"),
    *[Cite("mk4", KINDS + f"{kind}.pow", 12, "000", 2348, "power attack is 12")
      for kind in ("head_butt", "slam", "throw", "trample")],
    *[Cite("mk4", KINDS + f"{kind}.effects.{index}.value", 2, "000", 2350, "power attack is 14")  # 12 + 2
      for kind, index in (("head_butt", 0), ("slam", 1), ("throw", 0), ("trample", 0))],
    Cite("mk4", KINDS + "slam.effects.0.value", -2, "000", 2452, "\u20132 to its attack roll"),
    Cite("mk4", KINDS + "slam.effects.3.count", 1, "000", 1679, "Add an additional die"),
    Cite("mk4", KINDS + "throw.effects.2.count", 1, "000", 1724, "Add an additional die"),
    Cite("mk4", KINDS + "collateral.pow", 12, "000", 2356, "collateral is 12"),
    *[Cite("mk4", STATES + f"{state}.effects.0.when.target_base.{i}", base, "000", 1054 + (i > 0), f"({base} mm)")
      for state in ("cover", "concealment", "elevated", "target_in_melee")
      for i, base in enumerate((30, 40, 50, 80))],
    # --- geometry (issue 15): volumes, arcs, distances, AOE and spray, per edition -------------
    Cite("mk2", GEO + "volume_heights.small", 1.75, "001", 699),
    Cite("mk2", GEO + "volume_heights.medium", 2, "001", 701),
    Cite("mk2", GEO + "volume_heights.large", 2.75, "001", 703),
    Cite("mk2", GEO + "front_arc_degrees", 180, "001", 431, "180°"),
    Cite("mk2", GEO + "stealth_range", 5, "001", 302, 'greater than 5" away'),
    Cite("mk2", GEO + "protection_range", 1, "001", 1229, 'within 1" of'),
    Cite("mk2", GEO + "elevated_at_least", 1, "001", 1218, 'at least 1" higher'),
    Cite("mk2", GEO + "elevation_los_margin", 1, "001", 715, 'more than 1" higher'),
    Cite("mk2", GEO + "forest_depth", 3, "001", 2431),
    Cite("mk2", GEO + "terrain.obstacle.climb.cost", 2, "001", 2407, 'spend 2" of its movement'),
    Cite("mk2", GEO + "terrain.obstacle.climb.progress", 1, "001", 2407, 'only 1" of forward progress'),
    Cite("mk2", GEO + "terrain.obstacle.climb.min_thickness", 1, "001", 2405, 'at least 1" thick'),
    Cite("mk2", GEO + "default_melee_range", 0.5, "001", 963, '1/2"'),
    Cite("mk2", GEO + "reach_melee_range", 2, "001", 380),
    Cite("mk2", GEO + "control_range_factor", 2, "001", 1841, "twice its current Focus"),
    Cite("mk2", GEO + "aoe.long_face", 1, "001", 1285, "a roll of 1 means the attack goes long"),
    Cite("mk2", GEO + "aoe.direction_step_degrees", 60, None, None),
    Cite("mk2", GEO + "aoe.cap_fraction", 0.5, "001", 1289, "half the distance"),
    Cite("mk2", GEO + "spray.narrow_width", 0.75, None, None),
    Cite("mk2", GEO + "spray.wide_width", 3, None, None),
    Cite("mk2", GEO + "spray.full_length", 10, None, None),
    Cite("mk3", GEO + "volume_heights.small", 1.75, "003", 1577),
    Cite("mk3", GEO + "volume_heights.medium", 2.25, "003", 1579),
    Cite("mk3", GEO + "volume_heights.large", 2.75, "003", 1581),
    Cite("mk3", GEO + "volume_heights.huge", 5, "003", 1583),
    Cite("mk3", GEO + "front_arc_degrees", 180, "003", 981, "180°"),
    Cite("mk3", GEO + "stealth_range", 5, "003", 842, 'greater than 5" away'),
    Cite("mk3", GEO + "protection_range", 1, "003", 1984, 'within 1" of'),
    Cite("mk3", GEO + "elevation_los_margin", 0, "003", 3033, "lower elevation"),  # any difference counts
    Cite("mk3", GEO + "unprotected_bases.0", 120, "003", 1990, "huge-based models never gain"),
    Cite("mk3", GEO + "forest_depth", 3, "003", 3071),
    Cite("mk3", GEO + "default_melee_range", 0.5, "003", 1767),
    Cite("mk3", GEO + "reach_melee_range", 2, "003", 1767),
    Cite("mk3", GEO + "control_range_factor", 2, "003", 2690, "twice its current FURY"),
    Cite("mk3", GEO + "aoe.long_face", 1, "003", 2060, "a roll of 1 means the attack goes long"),
    Cite("mk3", GEO + "aoe.direction_step_degrees", 60, None, None),
    Cite("mk3", GEO + "aoe.cap_fraction", 0.5, "003", 2062, "half the distance"),
    Cite("mk3", GEO + "spray.narrow_width", 0.75, None, None),
    Cite("mk3", GEO + "spray.wide_width", 3, None, None),
    Cite("mk3", GEO + "spray.full_length", 10, "003", 2096, '"SP 10."'),
    Cite("mk3", GEO + "terrain.forest.transparent_to_bases.0", 120, "003", 3073, "huge-based"),
    Cite("mk3", GEO + "terrain.cloud.transparent_to_bases.0", 120, "003", 2289, "huge-based"),
    Cite("mk3", GEO + "terrain.terraced_obstruction.terraced.max_overhang", 1, "003", 3123, 'by more than 1"'),
    Cite("mk4", GEO + "volume_heights.small", 1.75, "000", 1963),
    Cite("mk4", GEO + "volume_heights.medium", 2.25, "000", 1966),
    Cite("mk4", GEO + "volume_heights.large", 2.75, "000", 1969),
    Cite("mk4", GEO + "volume_heights.extra_large", 3.25, "000", 1972),
    Cite("mk4", GEO + "volume_heights.huge", 5, "000", 1975),
    Cite("mk4", GEO + "stealth_range", 5, "000", 802),
    Cite("mk4", GEO + "protection_range", 1, "000", 2625),
    Cite("mk4", GEO + "elevation_los_margin", 0, "000", 5208, "a higher elevation"),  # any difference counts
    Cite("mk4", GEO + "unprotected_bases.0", 120, "000", 2685, "Huge-based models never gain"),
    Cite("mk4", GEO + "forest_depth", 3, "000", 5315),
    Cite("mk4", GEO + "control_range_factor", 1, "000", 3542, "equal to its current CTRL"),
    Cite("mk4", GEO + "terrain.forest.transparent_to_bases.0", 120, "000", 5322, "huge-based"),
    Cite("mk4", GEO + "terrain.tall_grass.protects_bases.0", 30, "000", 5425, "small-"),
    Cite("mk4", GEO + "terrain.tall_grass.protects_bases.1", 40, "000", 5426, "medium-based"),
    Cite("mk4", GEO + "terrain.cloud.transparent_to_bases.0", 120, "000", 3329, "huge-based"),
    Cite("mk4", GEO + "slam.huge_bonus", 2, "000", 2461),
    Cite("mk4", GEO + "slam.immovable_bases.0", 120, "000", 3743, "colossal cannot be moved by a slam or throw"),
    Cite("mk4", GEO + "throw.huge_bonus", 2, "000", 2490),
    Cite("mk4", GEO + "trample.bonus", 3, "000", 2505),
    Cite("mk4", GEO + "trample.through_bases.0", 30, "000", 2506, "small-based model in its path"),
    Cite("mk3", GEO + "slam.huge_bonus", 2, "003", 1870),
    Cite("mk3", GEO + "slam.immovable_bases.0", 120, "003", 2598, "gargantuan cannot be moved by a slam or throw"),
    Cite("mk3", GEO + "trample.bonus", 3, "003", 1948),
    Cite("mk3", GEO + "trample.through_bases.0", 30, "003", 1948, "small-based model in its path"),
    Cite("mk2", GEO + "throw.large_on_small_bonus", 1, "001", 1109, "adds 1\""),
    Cite("mk2", GEO + "throw.away_within_degrees", 90, None, None),
    Cite("mk2", GEO + "slam.approach_bonus", 3, "001", 1071, 'SPD plus 3"'),
    Cite("mk2", GEO + "slam.melee_range", 0.5, "001", 1073, '1/2" melee range'),
    Cite("mk2", GEO + "trample.no_free_strike_bases.0", 30, "001", 1165, "Models contacted cannot perform free"),
    Cite("mk2", GEO + "trample.no_free_strike_bases.1", 40, "001", 1165, "Models contacted cannot perform free"),
    Cite("mk2", GEO + "trample.no_free_strike_bases.2", 50, "001", 1165, "Models contacted cannot perform free"),
    Cite("mk3", GEO + "slam.approach_bonus", 3, "003", 1860, 'SPD plus 3"'),
    Cite("mk3", GEO + "slam.melee_range", 0.5, "003", 1858, '0.5" melee range'),
    Cite("mk3", GEO + "slam.huge_melee_range", 2, "003", 1858, 'gargantuan has a 2" melee range'),
    Cite("mk3", GEO + "slam.power_strike_bonus", 2, "003", 1852, 'd6 + 2"'),
    Cite("mk3", GEO + "trample.no_free_strike_bases.0", 30, "003", 1954, "Small-based models contacted"),
    Cite("mk4", GEO + "slam.approach_bonus", 3, "000", 2398, "SPD plus 3"),
    Cite("mk4", GEO + "slam.melee_range", 1, "000", 2390, "1˝ melee range"),
    Cite("mk4", GEO + "slam.huge_melee_range", 2, "000", 2391, "2˝ melee range"),
    Cite("mk2", GEO + "falling.min_drop", 1, "001", 1379, "one full inch"),
    Cite("mk2", GEO + "falling.power", 10, "001", 1383, "POW 10"),
    Cite("mk2", GEO + "falling.dice", 2, "004", 119, "2d6 + 10"),
    Cite("mk2", GEO + "falling.first", 3, "001", 1383, 'up to 3"'),
    Cite("mk2", GEO + "falling.step", 3, "001", 1383, 'increment of 3"'),
    Cite("mk3", GEO + "falling.min_drop", 1, "003", 1500, "1 full inch"),
    Cite("mk3", GEO + "falling.power", 12, "003", 1500, "POW 12"),
    Cite("mk3", GEO + "falling.dice", 2, "003", 1502, "2d6 + 12"),
    Cite("mk3", GEO + "falling.first", 2, "003", 1500, "up to 2"),
    Cite("mk3", GEO + "falling.step", 2, "003", 1502, "for every 2"),
    Cite("mk3", GEO + "least_disturbance.immovable_bases.0", 120, "003", 2598, "gargantuan cannot be pushed"),
    Cite("mk4", GEO + "falling.min_drop", 1, "000", 1746, "1 full"),
    Cite("mk4", GEO + "terrain.ladder.ladder.cost", 2, None, None),  # L5357: the number before the inch mark is lost
    Cite("mk4", GEO + "terrain.ladder.ladder.reach", 1, "000", 5355, "within 1"),
    Cite("mk4", GEO + "falling.power", 12, "000", 1748, "POW 12"),
    Cite("mk4", GEO + "falling.dice", 2, "000", 1752, "2d6 + 12"),
    Cite("mk4", GEO + "falling.first", 2, "000", 1748, "up to 2"),
    Cite("mk4", GEO + "falling.step", 2, "000", 1750, "additional 2"),
    Cite("mk4", GEO + "least_disturbance.immovable_bases.0", 120, "000", 3744,
         "never affected by the rule of least disturbance"),
    Cite("mk2", STATES + "intervening_terrain.effects.0.value", 2, "001", 996, "+2 DEF against melee"),
    Cite("mk3", STATES + "intervening_terrain.effects.0.value", 2, "003", 1801, "+2 DEF against melee"),
    Cite("mk4", STATES + "intervening_terrain.effects.0.value", 2, "000", 2421, "+2 DEF against melee"),
    Cite("mk2", GEO + "trample.bonus", 3, "001", 1161, "SPD +3\""),
    Cite("mk2", GEO + "trample.through_bases.0", 30, "001", 1161, "small-based model in its path"),
]


@cache
def ruleset_entry(key: str) -> dict[str, Any]:
    document = yaml.safe_load((ROOT / RULESETS[key]).read_text(encoding="utf-8"))
    entry = document["entries"][0]
    assert isinstance(entry, dict)
    return entry


def lookup(entry: Any, path: str) -> Any:
    for part in path.split("."):
        entry = entry[int(part)] if isinstance(entry, list) else entry[part]
    return entry


def numeric_leaves(node: Any, path: str = "") -> list[str]:
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in numeric_leaves(value, f"{path}{key}.")]
    if isinstance(node, list):
        return [leaf for index, value in enumerate(node) for leaf in numeric_leaves(value, f"{path}{index}.")]
    return [path.rstrip(".")] if isinstance(node, int | float) and not isinstance(node, bool) else []


@cache
def seed_lines(seed: str) -> list[str]:
    path = SEEDS / SEED_FILES[seed]
    if not path.is_file():
        pytest.skip(f"seed {seed} is not available at {path}")
    return path.read_text(encoding="utf-8").splitlines()


def ids(cite: Cite) -> str:
    return f"{cite.ruleset}:{cite.path}"


@pytest.mark.parametrize("cite", CITES, ids=ids)
def test_the_ruleset_holds_the_cited_number(cite: Cite) -> None:
    assert lookup(ruleset_entry(cite.ruleset), cite.path) == cite.value


@pytest.mark.parametrize("cite", [c for c in CITES if c.seed is not None], ids=ids)
def test_the_seed_line_states_the_number(cite: Cite) -> None:
    assert cite.seed is not None and cite.line is not None
    lines = seed_lines(cite.seed)
    if cite.line == 0:
        assert cite.phrase is not None
        mentioned = any(cite.phrase.lower() in line.lower() for line in lines)
        assert not mentioned, f"seed {cite.seed} mentions {cite.phrase}"
        return
    line = lines[cite.line - 1]
    if cite.phrase is not None:
        assert cite.phrase in line, f"seed {cite.seed} L{cite.line}: {line!r}"
    else:
        assert re.search(rf"(?<!\d){abs(cite.value)}(?!\d)", line), f"seed {cite.seed} L{cite.line}: {line!r}"


@pytest.mark.parametrize("cite", [c for c in CITES if c.seed is None], ids=ids)
def test_an_unconfirmed_number_is_marked_in_the_ruleset_note(cite: Cite) -> None:
    note = str(ruleset_entry(cite.ruleset).get("note", ""))
    key = cite.path.rsplit(".", 1)[-1]
    assert re.search(rf"{key}[^.]*unconfirmed", note), f"{RULESETS[cite.ruleset]}: the note must call {key} unconfirmed"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_number_of_the_ruleset_is_cited(ruleset: str) -> None:
    cited = {c.path for c in CITES if c.ruleset == ruleset}
    missing = [leaf for leaf in numeric_leaves(ruleset_entry(ruleset)) if leaf not in cited]
    assert not missing, f"{RULESETS[ruleset]}: numbers without a seed citation: {missing}"


def test_the_table_is_unique() -> None:
    keys = [ids(c) for c in CITES]
    assert len(keys) == len(set(keys))


def test_seed_files_are_where_the_table_says() -> None:
    if not SEEDS.is_dir():
        pytest.skip("no seeds beside the repository")
    assert all((SEEDS / name).is_file() for name in SEED_FILES.values())


def test_paths_exist_in_this_checkout() -> None:
    assert all(Path(ROOT / path).is_file() for path in RULESETS.values())
