"""What a warjack or warbeast pays before its attacks: a charge, a power attack.

Each edition makes a warjack spend focus and a warbeast be forced (gaining fury) to
charge or to make a power attack; the numbers are ruleset data (``action_costs``, each
with its seed line), so the sequence starts with what is left after paying them.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.engine.ruleset import ResolvedRules


@dataclass(frozen=True, slots=True)
class ActionCost:
    """One action's price for this model, and the rule that sets it."""

    action: str
    points: int
    source: str

    def describe(self, unit: str) -> str:
        return f"{self.action.replace('_', ' ')} {self.points} {unit} ({self.source})"

    def as_json(self) -> dict[str, object]:
        return {"action": self.action, "points": self.points, "source": self.source}


def action_costs(rules: ResolvedRules, model_type: str | None, charge: bool, power_attack: bool) -> list[ActionCost]:
    """The costs a ``model_type`` (warjack, warbeast) pays for the actions taken."""
    taken = [action for action, done in (("charge", charge), ("power_attack", power_attack)) if done]
    found = []
    for action in taken:
        cost = rules.action_costs.get(action)
        points = getattr(cost, model_type, None) if cost is not None and model_type in ("warjack", "warbeast") \
            else None
        if cost is not None and points:
            found.append(ActionCost(action, int(points), cost.source))
    return found
