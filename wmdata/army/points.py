"""Points: what each choice costs and how a list's total is made up.

Casters cost nothing and (MkII/MkIII) grant warjack or warbeast points that pay only
for their own battlegroup; what they do not cover comes from army points, and what
they leave unspent is lost.  Theme benefits can change costs or make a choice free.
"""

from __future__ import annotations

from wmdata.army.resolve import Pick, ResolvedList
from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:
    from wmdata.model.organisation import ThemeForce


class Line:
    """One choice and what it costs (plain classes here: see :class:`Pick`)."""

    __slots__ = ("cost", "pick")

    def __init__(self, pick: Pick, cost: int) -> None:
        self.pick, self.cost = pick, cost


class Battlegroup:
    """A caster, the points it grants and the warjacks/warbeasts it controls."""

    __slots__ = ("caster", "granted", "lines")

    def __init__(self, caster: Pick, granted: int) -> None:
        self.caster, self.granted = caster, granted
        self.lines: list[Line] = []

    @property
    def cost(self) -> int:
        return sum(line.cost for line in self.lines)

    @property
    def from_granted(self) -> int:
        return min(self.cost, self.granted)

    @property
    def from_army(self) -> int:
        return self.cost - self.from_granted

    @property
    def lost(self) -> int:
        return self.granted - self.from_granted


class Points:
    """The list's points: battlegroups, everything else, command cards, and the level's points."""

    __slots__ = ("battlegroups", "cards", "level_points", "others")

    def __init__(self, battlegroups: list[Battlegroup], others: list[Line], cards: list[tuple[str, int]],
                 level_points: int) -> None:
        self.battlegroups, self.others, self.cards, self.level_points = battlegroups, others, cards, level_points

    @property
    def army_spent(self) -> int:
        """Army points used: battlegroup overflow, everything else, and card costs."""
        return (sum(g.from_army for g in self.battlegroups) + sum(line.cost for line in self.others)
                + sum(cost for _, cost in self.cards))

    @property
    def granted(self) -> int:
        return sum(g.granted for g in self.battlegroups)

    @property
    def granted_used(self) -> int:
        return sum(g.from_granted for g in self.battlegroups)

    @property
    def total(self) -> int:
        """Everything bought: army points spent plus caster points used."""
        return self.army_spent + self.granted_used


def granted_points(pick: Pick, caster_points: str) -> int:
    entry = pick.item.entry
    warjack = int(getattr(entry, "warjack_points", 0) or 0)
    warbeast = int(getattr(entry, "warbeast_points", 0) or 0)
    return {"warjack": warjack, "warbeast": warbeast, "both": warjack + warbeast}.get(caster_points, 0)


def pick_cost(pick: Pick, theme: ThemeForce | None) -> int:
    if pick.free:
        return 0
    cost = pick.base_cost
    if theme is not None:
        for benefit in theme.benefits:
            if benefit.kind == "cost_change" and pick.item.id in benefit.models:
                cost = max(0, cost + benefit.delta * pick.count)
    return cost


def count_points(resolved: ResolvedList, caster_points: str, level_points: int,
                 theme: ThemeForce | None) -> Points:
    groups: dict[int, Battlegroup] = {}
    others: list[Line] = []
    for index, pick in enumerate(resolved.picks):
        if pick.role == "caster":
            groups[index] = Battlegroup(pick, granted_points(pick, caster_points))
        elif pick.role == "battlegroup" and pick.controller in groups:
            groups[pick.controller].lines.append(Line(pick, pick_cost(pick, theme)))
        else:
            others.append(Line(pick, pick_cost(pick, theme)))
    cards = [(item.name, int(getattr(item.entry, "cost", 0))) for item, _ in resolved.cards]
    return Points(list(groups.values()), others, cards, level_points)
