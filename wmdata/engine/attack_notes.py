"""What an attack does besides its own damage, told beside the odds: knockdowns, the
collateral damage of a slam or throw, the contest of a throw.

Knockdowns and contests are in the odds (a knocked-down target meets the later attacks
as such; damage follows only a won contest); collateral damage is a roll against other
models, so it is told with its dice but is not part of the target's odds.
"""

from __future__ import annotations

from typing import Any

from wmdata.engine.attack import AttackExplanation

WINDOWS = {"on_hit": "on a hit", "on_critical": "on a critical hit", "on_damage": "when it deals damage"}


def attack_notes(explanation: AttackExplanation) -> list[str]:
    """Lines for the table output."""
    notes = [f"knocks the target down {WINDOWS.get(window, window)} ({source}); in the odds"
             for window, source in explanation.work.knockdowns]
    if explanation.contest is not None:
        notes.append(f"damage only after a won contest ({explanation.contest.attacker_dice}d6 + "
                     f"{explanation.contest.stat} against {explanation.contest.target_dice}d6 + "
                     f"{explanation.contest.stat}); in the odds")
    collateral = explanation.collateral
    if collateral is not None and explanation.collateral_value is not None:
        bonus = sum(collateral.bonuses.values())
        notes.append(f"collateral damage to models it is moved into: {collateral.dice}d6 + "
                     f"{explanation.collateral_base} {explanation.collateral_value}{f' {bonus:+d}' if bonus else ''}"
                     " each; not in these odds (other models)")
    return notes


def attack_notes_json(explanation: AttackExplanation) -> dict[str, Any]:
    """The same for ``--json``."""
    collateral = explanation.as_json()["collateral"]
    return {"kind": explanation.attack_kind,
            "knockdowns": [{"window": window, "source": source} for window, source in explanation.work.knockdowns],
            "contest": None if explanation.contest is None else explanation.contest.model_dump(),
            "collateral": collateral}
