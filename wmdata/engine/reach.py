"""The table a sequence of attacks is fought on, for following slams and throws: the board
given with ``--board``, or an open table with the attacker and the target alone (base to
base, or ``--distance`` apart edge to edge), and how far each of the attacker's weapons
reaches (its melee range or RNG in the edition's table rules).
"""

from __future__ import annotations

from dataclasses import replace

from wmdata.content.registry import Registry, RegistryItem
from wmdata.engine.board import weapon_reach
from wmdata.engine.board_attack import BoardAttack
from wmdata.engine.moves import Reach, WeaponReach, open_table
from wmdata.engine.slam_run import SlamRun, board_run, open_table_run
from wmdata.engine.sources import profile_of, stat_numbers
from wmdata.engine.table_rules import geometry_rules
from wmdata.model.weapons import Weapon


def sequence_reach(registry: Registry, edition: str, ruleset: str | None, attacker: RegistryItem,
                   target: RegistryItem, weapon: str, carried: list[Weapon], distance: float | None,
                   board: BoardAttack | None) -> Reach:
    """Where the attacker and the target stand and what each of the attacker's weapons reaches
    (``weapon``: the one asked for, also standing for the sequence's unnamed weapon "")."""
    profile = profile_of(attacker.entry, weapon)
    strength = stat_numbers(getattr(profile, "stats", None)).get("STR", 0)
    if board is not None and board.board is not None and board.rules is not None:
        table, rules = board.board, board.rules
        ids = board.pieces
    else:
        rules = geometry_rules(registry, edition, ruleset)
        target_profile = profile_of(target.entry)
        table = open_table(rules, getattr(profile, "base", 30) or 30, getattr(target_profile, "base", 30) or 30,
                           distance or 0.0)
        ids = ("attacker", "target")
    reaches = {w.name: WeaponReach(w.type == "melee", weapon_reach(rules, w)) for w in carried}
    named = next((w for w in carried if w.name.lower() == weapon.strip().lower()), None)
    if named is not None:
        reaches[""] = reaches[named.name]
    return Reach(table, rules, ids[0], ids[1], reaches, strength, on_board=board is not None)


def slam_run_of(registry: Registry, edition: str, ruleset: str | None, attacker: RegistryItem,
                distance: float | None, reach: Reach | None) -> SlamRun:
    """The slam move of ``attacker`` (its card's SPD): on the board of ``reach`` from where the
    slammer stands, else closing ``distance`` on an open table (raises
    :class:`~wmdata.engine.slam_run.SlamRunError` when the slam fails)."""
    profile = profile_of(attacker.entry)
    speed = float(stat_numbers(getattr(profile, "stats", None)).get("SPD", 0))
    if reach is not None and reach.on_board:
        return board_run(reach.board, reach.rules, reach.board.piece(reach.attacker), reach.board.piece(reach.target),
                         speed)
    return open_table_run(geometry_rules(registry, edition, ruleset), distance, speed,
                          getattr(profile, "base", 30) or 30)


def after_slam_run(reach: Reach, run: SlamRun) -> Reach:
    """``reach`` with the slammer where its slam move ended (on an open table ``run.gap`` from the
    target, edge to edge); the cached moves and reaches start afresh."""
    if run.board is not None:
        table = run.board
    else:
        attacker, target = reach.board.piece(reach.attacker), reach.board.piece(reach.target)
        table = open_table(reach.rules, attacker.base_mm, target.base_mm, run.gap)
    return replace(reach, board=table, _moves={}, _reaches={})
