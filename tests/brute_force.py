"""An independent brute-force enumerator of attack and damage rolls, for the tests.

Written apart from ``wmdata.engine.dice``: it walks every ordered combination of faces
(``itertools.product``) instead of multisets, and applies the dice rules as the seeds
state them, so that a mistake in the engine's bookkeeping shows up as a difference.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product


def _kept(faces: tuple[int, ...], drop_lowest: int, drop_highest: int) -> list[int]:
    ordered = sorted(faces)
    keep = len(ordered) - drop_lowest - drop_highest
    return ordered[drop_lowest:drop_lowest + keep] if keep > 0 else []


def judge(faces: tuple[int, ...], drop_lowest: int, drop_highest: int, needed: int, *, all_ones_miss: bool = True,
          all_sixes_hit: bool = True, empty_pool_misses: bool = True) -> str:
    """The result of one rolled attack: seed 000 L2172 (critical: a hit with two dice
    alike), seed 001 L1937 (all 1s miss; all 6s hit unless one die)."""
    dice = _kept(faces, drop_lowest, drop_highest)
    if not dice:
        hit = not empty_pool_misses and needed <= 0
    elif all_ones_miss and set(dice) == {1}:
        hit = False
    elif all_sixes_hit and len(dice) >= 2 and set(dice) == {6}:
        hit = True
    else:
        hit = sum(dice) >= needed
    if not hit:
        return "miss"
    return "critical" if any(dice.count(d) >= 2 for d in dice) else "hit"


def attack_table(dice: int, drop_lowest: int, drop_highest: int, needed: int, reroll: bool = False,
                 **rules: bool) -> dict[str, Fraction]:
    """Chances of miss/hit/critical over every ordered roll (and, with ``reroll``, every
    ordered pair of rolls, the second one used only when the first missed)."""
    table = {"miss": Fraction(0), "hit": Fraction(0), "critical": Fraction(0)}
    rolls = list(product(range(1, 7), repeat=dice))
    weight = Fraction(1, len(rolls))
    for first in rolls:
        result = judge(first, drop_lowest, drop_highest, needed, **rules)
        if result == "miss" and reroll:
            for second in rolls:
                table[judge(second, drop_lowest, drop_highest, needed, **rules)] += weight * weight
        else:
            table[result] += weight
    return table


def damage_table(dice: int, drop_lowest: int, drop_highest: int, offset: int) -> dict[int, Fraction]:
    table: dict[int, Fraction] = {}
    rolls = list(product(range(1, 7), repeat=dice))
    for faces in rolls:
        points = max(0, sum(_kept(faces, drop_lowest, drop_highest)) + offset)
        table[points] = table.get(points, Fraction(0)) + Fraction(1, len(rolls))
    return table


def sequence_with_state(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int, focus: int,
                        state_def: int) -> tuple[Fraction, Fraction, Fraction]:
    """Melee attacks whose critical hits put the target into a state (knocked down or
    stationary): while in it, melee attacks hit it without a roll (so never critically) and
    its base DEF is ``state_def`` (seed 001 L1427, seed 003 L2345, seed 000 L3423-3431).
    Two dice, a boost adds one.  Returns (best kill chance with ``focus`` to spend on
    boosts and additional attacks, kill chance spending nothing, chance the target ends in the state spending
    nothing), by plain recursion over whole rolls with fractions."""

    def rolls(dice: int, in_state: bool) -> dict[str, Fraction]:
        if in_state:
            return {"miss": Fraction(0), "hit": Fraction(1), "critical": Fraction(0)}
        return attack_table(dice, 0, 0, (state_def if in_state else defence) - skill)

    def damage(dice: int) -> dict[int, Fraction]:
        return damage_table(dice, 0, 0, power - armour)

    def best(marked: int, left: int, spare: int, in_state: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:  # an additional attack for 1 focus while any is left
            return best(marked, 1, spare - 1, in_state) if spare else Fraction(0)
        options = []
        for boost_attack in (False, True) if spare and not in_state else (False,):
            table = rolls(3 if boost_attack else 2, in_state)
            after = spare - boost_attack
            value = table["miss"] * best(marked, left - 1, after, in_state)
            for result, chance in (("hit", table["hit"]), ("critical", table["critical"])):
                now = in_state or result == "critical"
                value += chance * max(sum((p * best(min(boxes, marked + points), left - 1, after - boost, now)
                                           for points, p in damage(3 if boost else 2).items()), Fraction(0))
                                      for boost in ((False, True) if after else (False,)))
            options.append(value)
        return max(options)

    def plain(marked: int, left: int, in_state: bool) -> tuple[Fraction, Fraction]:
        if marked >= boxes or left == 0:
            return Fraction(int(marked >= boxes)), Fraction(int(in_state))
        table = rolls(2, in_state)
        kill, held = (table["miss"] * part for part in plain(marked, left - 1, in_state))
        for result, chance in (("hit", table["hit"]), ("critical", table["critical"])):
            now = in_state or result == "critical"
            for points, p in damage(2).items():
                later_kill, later_held = plain(min(boxes, marked + points), left - 1, now)
                kill += chance * p * later_kill
                held += chance * p * later_held
        return kill, held

    kill, held = plain(0, attacks, False)
    return best(0, attacks, focus, False), kill, held


def best_with_rerolls(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int, focus: int,
                      reroll_attack: bool, reroll_damage: bool, critical_state: bool,
                      misses_only: bool = False) -> Fraction:
    """The best kill chance of melee attacks where a rule lets each attack roll and/or each
    damage roll be rerolled once, trying both choices at every result: keep it, or roll again
    and keep the second roll.  Two dice, a boost adds one; focus boosts rolls and buys
    additional attacks.  With ``critical_state`` a critical hit knocks the target down (melee
    attacks then hit it without a roll, base DEF 5; seed 001 L1393).  With ``misses_only`` the
    rule lets only a missed attack roll be rerolled (a hit is always kept)."""

    rolls = cache(lambda dice: attack_table(dice, 0, 0, defence - skill))
    damages = cache(lambda dice: damage_table(dice, 0, 0, power - armour))

    @cache
    def best(marked: int, left: int, spare: int, down: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            return best(marked, 1, spare - 1, down) if spare else Fraction(0)
        options = []
        for boost in (False, True) if spare and not down else (False,):
            after = spare - boost
            if down:
                table = {"miss": Fraction(0), "hit": Fraction(1), "critical": Fraction(0)}
            else:
                table = rolls(3 if boost else 2)
            values = {"miss": best(marked, left - 1, after, down),
                      "hit": damage(marked, left, after, down),
                      "critical": damage(marked, left, after, down or critical_state)}
            keep = sum((table[r] * values[r] for r in table), Fraction(0))
            if reroll_attack and not down:
                options.append(sum((table[r] * (max(values[r], keep) if r == "miss" or not misses_only
                                                else values[r]) for r in table), Fraction(0)))
            else:
                options.append(keep)
        return max(options)

    def damage(marked: int, left: int, spare: int, down: bool) -> Fraction:
        choices = []
        for boost in (False, True) if spare else (False,):
            table = damages(3 if boost else 2)
            values = {points: best(min(boxes, marked + points), left - 1, spare - boost, down) for points in table}
            keep = sum((table[p] * values[p] for p in table), Fraction(0))
            choices.append(sum((table[p] * max(values[p], keep) for p in table), Fraction(0)) if reroll_damage
                           else keep)
        return max(choices)

    return best(0, attacks, focus, False)


def best_rolling_anyway(skill: int, power: int, armour: int, boxes: int, attacks: int, focus: int,
                        critical_dice: int, down_def: int = 5) -> tuple[Fraction, Fraction]:
    """Melee attacks against a knocked-down target (every one hits it without a roll, base DEF
    ``down_def``; seed 001 L1393) whose critical hits add ``critical_dice`` damage dice.  At
    each attack the player may take the automatic hit, or roll anyway for a critical hit (and
    then boost the roll), a failed roll missing (seed 001 L1327).  Two dice, a boost adds one;
    focus boosts rolls and buys additional attacks.  Returns (the best kill chance, the best
    one never rolling anyway), by plain recursion with fractions."""

    rolls = cache(lambda dice: attack_table(dice, 0, 0, down_def - skill))
    damages = cache(lambda dice: damage_table(dice, 0, 0, power - armour))

    @cache
    def best(marked: int, left: int, spare: int, may_roll: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            return best(marked, 1, spare - 1, may_roll) if spare else Fraction(0)
        options = [damage(marked, left, spare, False, may_roll)]  # the automatic hit
        for boost in (False, True) if may_roll and spare else (False,) if may_roll else ():
            table = rolls(3 if boost else 2)
            after = spare - boost
            options.append(table["miss"] * best(marked, left - 1, after, may_roll)
                           + table["hit"] * damage(marked, left, after, False, may_roll)
                           + table["critical"] * damage(marked, left, after, True, may_roll))
        return max(options)

    def damage(marked: int, left: int, spare: int, critical: bool, may_roll: bool) -> Fraction:
        extra = critical_dice if critical else 0
        return max(sum((p * best(min(boxes, marked + points), left - 1, spare - boost, may_roll)
                        for points, p in damages(2 + boost + extra).items()), Fraction(0))
                   for boost in ((0, 1) if spare else (0,)))

    return best(0, attacks, focus, True), best(0, attacks, focus, False)


def best_with_smite(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                    focus: int, *, on_hit: bool = False, smite_power: int | None = None,
                    critical_dice: int = 0, reach: Fraction | None = None,
                    halved: bool = False) -> tuple[Fraction, Fraction]:
    """Melee attacks whose critical hits (``on_hit``: every hit, Pitch) may become a slam or
    throw (Critical Smite, seed 001 L2683): its own damage roll of two dice, plus one when
    boosted (seed 001 L1093, L1127, L1451), with ``smite_power`` (default: the same as the
    normal roll; MkII: STR plus the weapon's POW is P+S), never the ``critical_dice`` a critical
    hit adds to the normal damage roll; it knocks the target down, after which melee attacks
    hit it without a roll (seed 001 L1393; with ``critical_dice`` the attack may be rolled
    anyway against the knocked-down DEF 5, seed 001 L1327).  Two dice, a boost adds one; focus
    boosts rolls and buys additional attacks.  With ``reach`` (the weapon's melee range, the
    models starting base to base on an open table) the slam also moves the target a d6 inches
    directly away (half the roll when ``halved``: a larger target base, seed 001 L1085, L2683),
    the attacker stays put, and no attack is made once the gap is beyond the reach (without it
    the target is taken to stay in reach).  Returns (the best kill chance, the best one never
    slamming), by plain recursion."""

    rolls = cache(lambda dice, down: attack_table(dice, 0, 0, (5 if down else defence) - skill))
    damages = cache(lambda dice: damage_table(dice, 0, 0, power - armour))
    smites = cache(lambda dice: damage_table(dice, 0, 0, (power if smite_power is None else smite_power) - armour))
    slams = [Fraction(face, 2 if halved else 1) for face in range(1, 7)] if reach is not None else [Fraction(0)]

    @cache
    def best(marked: int, left: int, spare: int, down: bool, may_smite: bool, gap: Fraction) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if reach is not None and gap > reach:
            return Fraction(0)  # the target only gets farther: no attack reaches it again
        if left == 0:
            return best(marked, 1, spare - 1, down, may_smite, gap) if spare else Fraction(0)
        options = [damage(marked, left, spare, False, down, may_smite, gap)] if down else []
        if down and not (critical_dice or (may_smite and not on_hit)):
            return options[0]
        for boost in (False, True) if spare else (False,):
            table = rolls(3 if boost else 2, down)
            after = spare - boost
            options.append(table["miss"] * best(marked, left - 1, after, down, may_smite, gap)
                           + table["hit"] * damage(marked, left, after, False, down, may_smite, gap)
                           + table["critical"] * damage(marked, left, after, True, down, may_smite, gap))
        return max(options)

    def damage(marked: int, left: int, spare: int, critical: bool, down: bool, may_smite: bool,
               gap: Fraction) -> Fraction:
        choices = []
        for boost in (0, 1) if spare else (0,):
            for slam in (False, True) if (critical or on_hit) and may_smite else (False,):
                table = smites(2 + boost) if slam else damages(2 + boost + (critical_dice if critical else 0))
                moves = slams if slam else [Fraction(0)]
                choices.append(sum((p * Fraction(1, len(moves)) * best(min(boxes, marked + points), left - 1,
                                                                       spare - boost, down or slam, may_smite,
                                                                       gap + moved)
                                    for points, p in table.items() for moved in moves), Fraction(0)))
        return max(choices)

    return (best(0, attacks, focus, False, True, Fraction(0)), best(0, attacks, focus, False, False, Fraction(0)))


def kill_chance_multiplied(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                           factor: int) -> Fraction:
    """Melee attacks (two dice, nothing spent) whose damage points after ARM are multiplied by
    ``factor`` (e.g. doubled by Winter's Chill), against ``boxes``: the kill chance, by plain
    recursion over every ordered roll."""
    table = attack_table(2, 0, 0, defence - skill)
    damages = damage_table(2, 0, 0, power - armour)

    @cache
    def chance(marked: int, left: int) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        hit = table["hit"] + table["critical"]
        return (table["miss"] * chance(marked, left - 1)
                + hit * sum((p * chance(min(boxes, marked + points * factor), left - 1)
                             for points, p in damages.items()), Fraction(0)))

    return chance(0, attacks)


def best_with_defence_by_damage(skill: int, defence_of: Callable[[int], int], power: int, armour: int, boxes: int,
                                start: int, attacks: int, focus: int,
                                opening: tuple[int, int] | None = None) -> Fraction:
    """Melee attacks against a target whose DEF depends on the damage marked on it
    (``defence_of(marked)``, e.g. Might of Kings), from ``start`` marked: two dice, a boost
    adds one; focus boosts rolls and buys additional attacks.  ``opening``: the (skill,
    damage POW) of the first attack where it differs from the others (a power attack such as
    a trample, after which the others are bought).  The best kill chance, by plain recursion
    over every ordered roll with fractions."""
    damages = cache(lambda dice, value: damage_table(dice, 0, 0, value - armour))
    rolls = cache(lambda dice, defence, attack_skill: attack_table(dice, 0, 0, defence - attack_skill))

    @cache
    def best(marked: int, left: int, spare: int, first: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            return best(marked, 1, spare - 1, False) if spare else Fraction(0)
        attack_skill, value = opening if first and opening is not None else (skill, power)
        options = []
        for boost in (False, True) if spare else (False,):
            table = rolls(3 if boost else 2, defence_of(marked), attack_skill)
            after = spare - boost
            options.append(table["miss"] * best(marked, left - 1, after, False)
                           + (table["hit"] + table["critical"]) * damage(marked, left, after, value))
        return max(options)

    def damage(marked: int, left: int, spare: int, value: int) -> Fraction:
        return max(sum((p * best(min(boxes, marked + points), left - 1, spare - boost, False)
                        for points, p in damages(2 + boost, value).items()), Fraction(0))
                   for boost in ((0, 1) if spare else (0,)))

    return best(start, attacks, focus, True)


def fill_column(columns: tuple[tuple[str, ...], ...], marks: tuple[int, ...], points: int,
                first: int) -> tuple[int, ...]:
    """Marks ``points`` on a grid from column ``first``: the uppermost unmarked box down, then
    the next column to the right with room, 6 wrapping to 1 (seed 001 L1465-1469)."""
    result = list(marks)
    column = first
    while points > 0 and any(count < len(boxes) for count, boxes in zip(result, columns, strict=True)):
        taken = min(points, len(columns[column]) - result[column])
        result[column] += taken
        points -= taken
        column = (column + 1) % len(columns)
    return tuple(result)


def crippled_on(columns: tuple[tuple[str, ...], ...], marks: tuple[int, ...]) -> frozenset[str]:
    """The systems with every box marked (seed 001 L1475)."""
    systems = {box for boxes in columns for box in boxes if box != "."}
    left = {box for boxes, count in zip(columns, marks, strict=True) for box in boxes[count:]}
    return frozenset(systems - left)


def grid_kill_chance(columns: tuple[tuple[str, ...], ...], attack_for: Callable[[frozenset[str]], tuple[int, int]],
                     attacks: int, pick_column: bool, points_of: Callable[[int], int] = lambda p: p) -> Fraction:
    """The chance that ``attacks`` two-dice attacks (no resource) destroy a grid target, where
    ``attack_for(crippled systems)`` gives the total the attack roll needs and the damage
    roll's offset (2d6 + offset, at least 0; ``points_of`` maps that to the points dealt), and
    the damage starts in a rolled column, or with ``pick_column`` in the attacker's best one."""
    capacity = sum(len(boxes) for boxes in columns)

    @cache
    def best(marks: tuple[int, ...], left: int) -> Fraction:
        if sum(marks) >= capacity:
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        needed, offset = attack_for(crippled_on(columns, marks))
        table = attack_table(2, 0, 0, needed)
        value = table["miss"] * best(marks, left - 1)
        for points, chance in damage_table(2, 0, 0, offset).items():
            landing = [best(fill_column(columns, marks, points_of(points), first), left - 1)
                       for first in range(len(columns))]
            after = max(landing) if pick_column else sum(landing, Fraction(0)) / len(landing)
            value += (table["hit"] + table["critical"]) * chance * after
        return value

    return best((0,) * len(columns), attacks)


def best_with_points_instead(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                             focus: int, points: int) -> Fraction:
    """Attacks (two dice, a boost adds one; focus boosts rolls and buys additional attacks) where
    every hit may deal exactly ``points`` instead of the damage roll (MkII Penetrating Strike,
    Sniper): the best kill chance against a row of ``boxes``, by plain recursion."""
    rolls = cache(lambda dice: attack_table(dice, 0, 0, defence - skill))
    damages = cache(lambda dice: damage_table(dice, 0, 0, power - armour))

    @cache
    def best(marked: int, left: int, spare: int) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            return best(marked, 1, spare - 1) if spare else Fraction(0)
        options = []
        for boost in (False, True) if spare else (False,):
            table = rolls(3 if boost else 2)
            after = spare - boost
            rolled = max(sum((p * best(min(boxes, marked + dealt), left - 1, after - extra)
                              for dealt, p in damages(2 + extra).items()), Fraction(0))
                         for extra in ((0, 1) if after else (0,)))
            fixed = best(min(boxes, marked + points), left - 1, after)
            options.append(table["miss"] * best(marked, left - 1, after)
                           + (table["hit"] + table["critical"]) * max(rolled, fixed))
        return max(options)

    return best(0, attacks, focus)


def failing_kill_chance(columns: tuple[tuple[str, ...], ...], attack_for: Callable[[frozenset[str]], tuple[int, int]],
                        attacks: int, points_of: Callable[[int], int] = lambda p: p) -> tuple[Fraction, Fraction]:
    """Two-dice attacks against a grid whose critical hits fail every system their damage
    strikes (Critical System Failure, seed 001 L3089: after the damage is marked, the rest of
    those systems' boxes are marked too), kept as the set of marked boxes (column, row) so that
    a box below an unmarked one can be marked; damage goes to the uppermost unmarked box of a
    rolled column, then on to the next column with one (seed 001 L1465-1469).  ``attack_for``
    and ``points_of`` as for :func:`grid_kill_chance`.  Returns (kill chance, expected boxes
    marked)."""
    boxes = [(c, r) for c, column in enumerate(columns) for r in range(len(column))]

    def fill(marked: frozenset[tuple[int, int]], points: int, first: int) -> frozenset[tuple[int, int]]:
        result = set(marked)
        column = first
        while points > 0 and len(result) < len(boxes):
            free = [r for r in range(len(columns[column])) if (column, r) not in result]
            if free:
                result.add((column, free[0]))
                points -= 1
            else:
                column = (column + 1) % len(columns)
        return frozenset(result)

    def crippled(marked: frozenset[tuple[int, int]]) -> frozenset[str]:
        return frozenset({columns[c][r] for c, r in boxes if columns[c][r] != "."}
                         - {columns[c][r] for c, r in boxes if (c, r) not in marked})

    @cache
    def walk(marked: frozenset[tuple[int, int]], left: int) -> tuple[Fraction, Fraction]:
        if len(marked) >= len(boxes) or left == 0:
            return Fraction(int(len(marked) >= len(boxes))), Fraction(len(marked))
        needed, offset = attack_for(crippled(marked))
        table = attack_table(2, 0, 0, needed)
        kill, mean = (table["miss"] * part for part in walk(marked, left - 1))
        for result in ("hit", "critical"):
            for points, chance in damage_table(2, 0, 0, offset).items():
                for first in range(len(columns)):
                    after = fill(marked, points_of(points), first)
                    if result == "critical":
                        struck = {columns[c][r] for c, r in after - marked} - {"."}
                        after = after | {(c, r) for c, r in boxes if columns[c][r] in struck}
                    later_kill, later_mean = walk(frozenset(after), left - 1)
                    weight = table[result] * chance / len(columns)
                    kill += weight * later_kill
                    mean += weight * later_mean
        return kill, mean

    return walk(frozenset(), attacks)
