"""Army construction rules.  Each check is a small function over the resolved list
that yields diagnostics with a stable code; the numbers (levels, points rule, caster
points, field allowance, marshals, attachments, command cards, free models) come from
the edition's ruleset, so one set of checks serves MkII, MkIII and MkIV.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator

from wmdata.army.points import Points, count_points
from wmdata.army.requirements import check_requirements
from wmdata.army.resolve import Pick, ResolvedList
from wmdata.content.lookup import close_matches
from wmdata.content.registry import Registry, RegistryItem
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.typecheck import TYPE_CHECKING, cast
from wmdata.wording import article, counted

if TYPE_CHECKING:  # the quick list path runs the checks without pydantic
    from typing import Any

    from wmdata.model.organisation import Construction, EncounterLevel, Ruleset, ThemeForce
    from wmdata.model.profiles import Attachment, Trooper
    from wmdata.model.vocabulary import CommandCard

HUGE_TYPES = {"battle_engine", "colossal", "gargantuan"}


class ListContext:
    """What every check reads: the resolved list, the edition's rules and the points."""

    __slots__ = ("construction", "level", "points", "registry", "resolved", "ruleset", "theme")

    def __init__(self, resolved: ResolvedList, registry: Registry, ruleset: Ruleset, construction: Construction,
                 level: EncounterLevel | None, theme: ThemeForce | None, points: Points) -> None:
        self.resolved, self.registry, self.ruleset, self.construction = resolved, registry, ruleset, construction
        self.level, self.theme, self.points = level, theme, points

    @property
    def casters(self) -> list[Pick]:
        return [p for p in self.resolved.picks if p.role == "caster"]

    def problem(self, pick_or_path: Pick | tuple[str | int, ...], code: str, message: str, hint: str = "",
                severity: Severity = Severity.ERROR) -> Diagnostic:
        path = pick_or_path.path if isinstance(pick_or_path, Pick) else pick_or_path
        return self.resolved.problem(path, code, message, hint, severity)


def huge_kind(pick: Pick) -> str | None:
    """battle_engine, colossal or gargantuan, for level restrictions and free models."""
    weight = getattr(pick.item.entry, "weight", None)
    if pick.model_type == "battle_engine":
        return "battle_engine"
    return weight if weight in ("colossal", "gargantuan") else None


def allowed_casters(level: EncounterLevel, points: int) -> int:
    if level.extra_caster_per_points and points > level.points[0]:
        return level.max_casters + (points - level.points[0]) // level.extra_caster_per_points
    return level.max_casters


def check_level(ctx: ListContext) -> Iterator[Diagnostic]:
    army = ctx.resolved.army
    if ctx.level is None:
        levels = [level.id for level in ctx.ruleset.encounter_levels]
        close = close_matches(army.level, levels, n=1, cutoff=0.5)
        hint = f"did you mean {close[0]!r}?" if close else f"{army.edition} levels: {', '.join(levels)}"
        yield ctx.problem(("level",), "unknown-level", f"unknown encounter level {army.level!r}", hint)
        return
    options = ctx.level.points
    if army.points not in options and not (ctx.level.open_ended and army.points > max(options)):
        shown = ", ".join(str(p) for p in options) + (" or more" if ctx.level.open_ended else "")
        yield ctx.problem(("points",), "level-points", f"{ctx.level.name} is played at {shown} points, not "
                          f"{army.points}", "set 'points:' to one of the level's options or change 'level:'")


def check_casters(ctx: ListContext) -> Iterator[Diagnostic]:
    count = len(ctx.casters)
    if count == 0 and not ctx.resolved.army.casters:
        yield ctx.problem(("casters",), "no-caster", "the list has no warcaster or warlock",
                          "add one: wmdata list add LIST '<caster name>'")
    if ctx.level is None:
        return
    allowed = allowed_casters(ctx.level, ctx.resolved.army.points)
    if count > allowed:
        for pick in ctx.casters[allowed:]:
            yield ctx.problem(pick, "too-many-casters",
                              f"{ctx.level.name} at {ctx.resolved.army.points} points allows "
                              f"{counted(allowed, 'warcaster or warlock', 'warcasters or warlocks')}, the list has "
                              f"{count}",
                              "remove a caster or play a larger level")


def check_points(ctx: ListContext) -> Iterator[Diagnostic]:
    rule, points = ctx.construction.points_rule, ctx.points
    limit, spent = points.level_points, points.army_spent
    if spent > limit:
        over = spent - limit
        bonus = f" (caster points cover {points.granted_used} of the battlegroups)" if points.granted else ""
        yield ctx.problem(("points",), "points-over", f"the list spends {spent} army points, {over} over the "
                          f"{limit}-point level{bonus}", "remove models worth at least "
                          f"{counted(over, 'point')}; unspent caster points cannot pay for units or solos")
    elif rule == "exactly" and spent < limit:
        yield ctx.problem(("points",), "points-under", f"the list spends {spent} of exactly {limit} points",
                          f"add models or command cards worth {counted(limit - spent, 'point')}")
    elif rule == "at_most" and ctx.construction.under_allowance and limit - spent > ctx.construction.under_allowance:
        spent_short = limit - spent - ctx.construction.under_allowance
        yield ctx.problem(("points",), "points-under", f"the list spends {spent} army points, {limit - spent} under "
                          f"the {limit}-point level (at most {ctx.construction.under_allowance} may stay unspent)",
                          f"add models worth at least {counted(spent_short, 'point')}")


def check_lost_caster_points(ctx: ListContext) -> Iterator[Diagnostic]:
    for group in ctx.points.battlegroups:
        if group.lost:
            yield ctx.problem(group.caster, "caster-points-lost",
                              f"{group.lost} of {group.caster.item.name}'s {group.granted} battlegroup points "
                              f"{'is' if group.lost == 1 else 'are'} unspent and lost",
                              "add warjacks/warbeasts to this battlegroup; the points cannot pay for anything else",
                              Severity.WARNING)


def _fa_bonus(ctx: ListContext, model_id: str) -> int:
    if ctx.theme is None:
        return 0
    return sum(b.delta for b in ctx.theme.benefits if b.kind == "fa_change" and model_id in b.models)


def field_allowance(ctx: ListContext, item: RegistryItem) -> tuple[int, str] | None:
    """How many of ``item`` the list may hold, and the rule that says so (``FA 2 x 1
    caster(s)``); None for unlimited models and characters (check_characters counts those)."""
    fa = getattr(item.entry, "fa", "U")
    if fa in ("U", "C"):
        return None
    casters = max(1, len(ctx.casters))
    per = int(fa) + _fa_bonus(ctx, item.id)
    limit = per * (casters if ctx.construction.fa_per_caster else 1)
    return limit, f"FA {per}" + (f" x {counted(casters, 'caster')}" if ctx.construction.fa_per_caster else "")


def check_field_allowance(ctx: ListContext) -> Iterator[Diagnostic]:
    counts: Counter[str] = Counter()
    first: dict[str, list[Pick]] = defaultdict(list)
    for pick in ctx.resolved.picks:
        if pick.role == "caster":
            continue
        counts[pick.item.id] += pick.count
        first[pick.item.id].append(pick)
    for model_id, count in counts.items():
        picks = first[model_id]
        allowance = field_allowance(ctx, picks[0].item)
        if allowance is None:
            continue
        limit, text = allowance
        if count > limit:
            yield ctx.problem(picks[-1], "fa-exceeded", f"{picks[0].item.name} is taken {count} times; {text} "
                              f"allows {limit}", f"remove {count - limit} of them")


def character_key(pick: Pick) -> str | None:
    """The character a pick is: its shared profile name, or its id for any other FA C entry."""
    entry = pick.item.entry
    profile = getattr(entry, "character", None)
    if profile:
        return str(profile).lower()
    return pick.item.id if getattr(entry, "fa", None) == "C" or pick.role == "caster" else None


def check_characters(ctx: ListContext) -> Iterator[Diagnostic]:
    seen: dict[str, Pick] = {}
    for pick in ctx.resolved.picks:
        key = character_key(pick)
        if key is None:
            continue
        first = seen.get(key)
        if first is None and pick.count > 1:
            yield ctx.problem(pick, "character-duplicate", f"{pick.item.name} is a character and is taken "
                              f"{pick.count} times", "an army holds one of each character")
        elif first is not None and first.item.id == pick.item.id:
            yield ctx.problem(pick, "character-duplicate", f"{pick.item.name} is a character and is already in the "
                              "list", "an army holds one of each character")
        elif first is not None:
            yield ctx.problem(pick, "character-duplicate", f"{pick.item.name} and {first.item.name} are two "
                              f"versions of one character", "an army may hold one version of a character")
        seen.setdefault(key, pick)


def _is_mercenary(ctx: ListContext, pick: Pick) -> bool:
    faction = pick.item.faction
    item = ctx.registry.get(ctx.resolved.edition, faction) if faction else None
    return item is not None and getattr(item.entry, "role", "faction") in ("mercenary", "minion")


def _hired(ctx: ListContext, pick: Pick) -> bool:
    """A mercenary or minion that does not count as the army's faction (a Partisan does,
    in an army of its partisan faction: digest mk3 section 7.6, seed 003 L1176-1182)."""
    army = ctx.resolved.army.faction
    return _is_mercenary(ctx, pick) and getattr(pick.item.entry, "partisan", None) != army


def _counts_as_army_faction(ctx: ListContext, pick: Pick) -> bool:
    """A model of the army's faction, or a Partisan of it (seed 003 L3797-3803: Blaize, a Cygnar
    Partisan, may take Gallant, a Partisan warjack, in a Cygnar army)."""
    faction = ctx.resolved.army.faction
    return pick.item.faction == faction or getattr(pick.item.entry, "partisan", None) == faction


def check_battlegroups(ctx: ListContext) -> Iterator[Diagnostic]:
    picks = ctx.resolved.picks
    for pick in picks:
        if pick.role != "battlegroup" or pick.controller is None:
            continue
        caster = picks[pick.controller]
        wants = "warjack" if caster.model_type == "warcaster" else "warbeast"
        if pick.model_type != wants:
            yield ctx.problem(pick, "battlegroup-type", f"{article(caster.model_type)} controls {wants}s, not "
                              f"{pick.model_type}s like {pick.item.name}", "move it to a matching caster")
        hired_pick, hired_caster = _hired(ctx, pick), _hired(ctx, caster)
        if _is_mercenary(ctx, caster) and not hired_caster and not _counts_as_army_faction(ctx, pick):
            yield ctx.problem(pick, "partisan-battlegroup", f"{caster.item.name} counts as "
                              f"{ctx.resolved.army.faction} in this army, so its battlegroup takes only "
                              f"{ctx.resolved.army.faction} {wants}s, not {pick.item.name}",
                              f"take {article(ctx.resolved.army.faction)} {wants} instead")
        elif hired_pick and not hired_caster:
            yield ctx.problem(pick, "mercenary-controller", f"{pick.item.name} is a mercenary/minion and may only "
                              f"join a mercenary/minion caster's battlegroup, not {caster.item.name}'s",
                              "give it to a mercenary caster or a mercenary 'jack marshal")
        elif hired_caster and not hired_pick:
            yield ctx.problem(pick, "mercenary-caster", f"{caster.item.name} is a mercenary/minion caster and "
                              f"controls only mercenary/minion {wants}s, not {pick.item.name}",
                              "give it to a faction caster, or take a mercenary/minion one instead")
    if ctx.level is not None and ctx.level.battlegroup_minimum:
        for index, caster in enumerate(picks):
            if caster.role != "caster":
                continue
            size = sum(1 for p in picks if p.role == "battlegroup" and p.controller == index)
            if size < ctx.level.battlegroup_minimum:
                needed = counted(ctx.level.battlegroup_minimum, "warjack or warbeast", "warjacks or warbeasts")
                yield ctx.problem(caster, "battlegroup-minimum", f"{ctx.level.name} needs at least {needed} in "
                                  f"the commander's battlegroup, it has {size}",
                                  "add warjacks or warbeasts to the battlegroup")


def has_marshal(pick: Pick, ctx: ListContext) -> bool:
    """Whether the unit or solo of ``pick`` (with its attachments) has a 'jack marshal."""
    holders = [pick.item.entry] + [p.item.entry for p in ctx.resolved.picks
                                   if p.parent is not None and ctx.resolved.picks[p.parent] is pick]
    troopers: list[Trooper[Any]] = [t for h in holders for t in getattr(h, "troopers", [])]
    return any("jack-marshal" in getattr(h, "advantages", []) for h in holders) or any(
        "jack-marshal" in t.advantages for t in troopers)


def check_marshals(ctx: ListContext) -> Iterator[Diagnostic]:
    picks = ctx.resolved.picks
    controlled: Counter[int] = Counter()
    for pick in picks:
        if pick.role != "marshalled" or pick.controller is None:
            continue
        marshal = picks[pick.controller]
        controlled[pick.controller] += 1
        if not has_marshal(marshal, ctx):
            yield ctx.problem(pick, "not-a-marshal", f"{marshal.item.name} is not a 'jack marshal and cannot "
                              f"control {pick.item.name}", "put the warjack in a caster's battlegroup")
        if controlled[pick.controller] == ctx.construction.marshal_capacity + 1:
            yield ctx.problem(pick, "marshal-capacity", f"a 'jack marshal controls at most "
                              f"{counted(ctx.construction.marshal_capacity, 'warjack')} in {ctx.resolved.edition}",
                              "move the extra warjacks to a caster's battlegroup")
        if huge_kind(pick) == "colossal":
            yield ctx.problem(pick, "marshal-colossal", "a colossal is never controlled by a 'jack marshal",
                              "put it in a caster's battlegroup")
        elif getattr(pick.item.entry, "fa", None) == "C" and ctx.resolved.edition == "mk2":
            yield ctx.problem(pick, "marshal-character-jack", f"{pick.item.name} is a character warjack and cannot "
                              "start under a 'jack marshal", "put it in a caster's battlegroup")
        if _is_mercenary(ctx, pick) and not _is_mercenary(ctx, marshal):
            yield ctx.problem(pick, "mercenary-controller", f"{pick.item.name} is a mercenary warjack and needs a "
                              "mercenary controller", "give it to a mercenary caster or 'jack marshal")
        elif _hired(ctx, marshal) and not _hired(ctx, pick):
            yield ctx.problem(pick, "mercenary-marshal", f"{marshal.item.name} is a mercenary 'jack marshal and "
                              f"controls only mercenary warjacks, not {pick.item.name}",
                              "give it to a faction caster or 'jack marshal, or take a mercenary warjack")


def check_attachments(ctx: ListContext) -> Iterator[Diagnostic]:
    picks = ctx.resolved.picks
    by_unit: dict[int, list[Pick]] = defaultdict(list)
    for pick in picks:
        if pick.role == "attachment" and pick.parent is not None:
            by_unit[pick.parent].append(pick)
    for unit_index, attachments in by_unit.items():
        unit = picks[unit_index]
        if getattr(unit.item.entry, "weapon_crew", False):
            yield ctx.problem(attachments[0], "attachment-weapon-crew", f"{unit.item.name} is a weapon crew and "
                              "takes no attachments", "remove the attachment")
        kinds: Counter[str] = Counter()
        same: Counter[str] = Counter()
        for pick in attachments:
            entry = cast("Attachment[Any]", pick.item.entry)  # resolved in the attachment role
            if unit.item.id not in entry.attaches_to:
                yield ctx.problem(pick, "attachment-invalid", f"{pick.item.name} cannot join {unit.item.name}",
                                  f"it joins: {', '.join(entry.attaches_to)}")
            kinds[entry.attachment] += 1
            same[pick.item.id] += 1
            limit = (ctx.construction.max_command_attachments if entry.attachment == "command"
                     else ctx.construction.max_weapon_attachments)
            if kinds[entry.attachment] == limit + 1:
                most = counted(limit, f"{entry.attachment} attachment")
                yield ctx.problem(pick, "attachment-limit", f"a unit takes at most {most} in {ctx.resolved.edition}",
                                  "remove the extra attachment")
            elif entry.attachment == "weapon" and same[pick.item.id] == entry.max_per_unit + 1:
                yield ctx.problem(pick, "attachment-limit", f"a unit takes at most {entry.max_per_unit} "
                                  f"{pick.item.name}", "remove the extra attachment")


def _mercenary_allowed(ctx: ListContext, pick: Pick) -> bool:
    faction = ctx.resolved.army.faction
    entry = pick.item.entry
    if faction in getattr(entry, "works_for", []) or getattr(entry, "partisan", None) == faction:
        return True
    theme = ctx.theme
    return theme is not None and (pick.item.id in theme.models or bool(
        set(theme.works_for) & set(getattr(entry, "works_for", []))))


def check_factions(ctx: ListContext) -> Iterator[Diagnostic]:
    faction = ctx.resolved.army.faction
    faction_item = ctx.registry.get(ctx.resolved.edition, faction)
    if faction_item is None or faction_item.category != "faction":
        known = sorted(i.id for i in ctx.registry if i.edition == ctx.resolved.edition and i.category == "faction")
        close = close_matches(faction, known, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}?" if close else f"{ctx.resolved.edition} factions: {', '.join(known)}"
        yield ctx.problem(("faction",), "unknown-faction", f"unknown faction {faction!r} in {ctx.resolved.edition}",
                          hint)
        return
    mercenary_army = getattr(faction_item.entry, "role", "faction") != "faction" or (
        bool(ctx.casters) and all(_hired(ctx, c) for c in ctx.casters))
    for pick in ctx.resolved.picks:
        mercenary = _hired(ctx, pick)
        if mercenary_army and not mercenary:
            if ctx.theme is None or pick.item.id not in ctx.theme.models:
                yield ctx.problem(pick, "mercenary-army", f"an army whose casters are all mercenaries/minions may "
                                  f"only take mercenaries/minions, not {pick.item.name}",
                                  "remove it, add a faction caster, or choose a contract that allows it")
            continue
        if pick.item.faction == faction or (_is_mercenary(ctx, pick) and not mercenary):
            continue  # its own faction, or a Partisan counting as this faction
        if mercenary:
            if not mercenary_army and not _mercenary_allowed(ctx, pick):
                yield ctx.problem(pick, "mercenary-not-available", f"{pick.item.name} does not work for {faction}",
                                  f"it works for: {', '.join(getattr(pick.item.entry, 'works_for', [])) or 'nobody'}")
        else:
            yield ctx.problem(pick, "faction-mismatch", f"{pick.item.name} belongs to {pick.item.faction}, not "
                              f"{faction}", "remove it or change 'faction:'")
    if mercenary_army and ctx.resolved.edition == "mk2" and ctx.resolved.army.contract is None:
        yield ctx.problem(("casters",), "contract-required", "an all-mercenary MkII army must choose a contract",
                          "add 'contract:' (e.g. four-star-syndicate)")


def check_level_models(ctx: ListContext) -> Iterator[Diagnostic]:
    if ctx.level is None:
        return
    forbidden = set(ctx.level.forbidden_types)
    free = [p for p in ctx.resolved.picks if p.free and p.role != "caster"]
    for pick in ctx.resolved.picks:
        kind = huge_kind(pick)
        if kind in forbidden:
            yield ctx.problem(pick, "level-forbidden-model", f"{ctx.level.name} allows no {kind.replace('_', ' ')}s",
                              "remove it or play a larger level")
    if ctx.level.free_huge_models:
        low, high = ctx.level.free_huge_models[0], ctx.level.free_huge_models[-1]
        huge_free = [p for p in free if huge_kind(p) in HUGE_TYPES]
        if not low <= len(huge_free) <= high:
            yield ctx.problem(("others",), "free-models", f"{ctx.level.name} adds {low} to {high} free colossals, "
                              f"gargantuans or battle engines; the list marks {len(huge_free)}",
                              "mark the agreed number with 'free: true'")
        free = [p for p in free if huge_kind(p) not in HUGE_TYPES]
    theme_free = _theme_free_allowance(ctx)
    for pick in free[theme_free:]:
        yield ctx.problem(pick, "free-models", f"{pick.item.name} is marked free but nothing grants it",
                          "remove 'free: true' or choose a theme that grants free models")


def _theme_free_allowance(ctx: ListContext) -> int:
    if ctx.theme is None:
        return 0
    allowance = 0
    for benefit in ctx.theme.benefits:
        if benefit.kind != "free_model":
            continue
        if benefit.per_points is None:
            allowance += 1
            continue
        paid = sum(line.cost for line in ctx.points.others
                   if not benefit.of_models or line.pick.item.id in benefit.of_models)
        allowance += paid // benefit.per_points
    return allowance


def _bonded(ctx: ListContext, pick: Pick) -> bool:
    """A character warbeast in the battlegroup of a warlock it can be bonded to joins any theme
    force (seed 003 L1190-1192: Mulg with Doomshaper)."""
    if pick.role != "battlegroup" or pick.controller is None:
        return False
    return ctx.resolved.picks[pick.controller].item.id in getattr(pick.item.entry, "bonds", [])


def _may_lead(theme: ThemeForce, pick: Pick) -> bool:
    entry = pick.item.entry
    if getattr(entry, "partisan", None) == theme.faction:
        return True  # a Partisan caster leads its faction's themes (seed 003 L1194)
    if theme.casters:
        return pick.item.id in theme.casters
    if theme.works_for:  # a contract hires its casters like its other mercenaries (seed 001 L2193-2196)
        return pick.item.id in theme.models or bool(set(theme.works_for) & set(getattr(entry, "works_for", [])))
    return pick.item.faction == theme.faction


def _in_theme(ctx: ListContext, theme: ThemeForce, pick: Pick) -> bool:
    """Listed, hired through the theme's factions, bonded to its warlock, or an attachment of a
    unit the theme includes (seed 003 L1188)."""
    if pick.item.id in theme.models or _bonded(ctx, pick) or (
            set(theme.works_for) & set(getattr(pick.item.entry, "works_for", []))):
        return True
    return pick.role == "attachment" and pick.parent is not None and _in_theme(
        ctx, theme, ctx.resolved.picks[pick.parent])


def _theme_members(ctx: ListContext, theme: ThemeForce) -> Iterator[Diagnostic]:
    """Casters that cannot lead the theme and models it does not include: errors, or warnings
    when the theme's entry says its list is incomplete (``missing.allowed``)."""
    unsure = theme.missing is not None and theme.missing.allowed is not None
    code, severity = ("theme-model-unchecked", Severity.WARNING) if unsure else ("theme-model", Severity.ERROR)
    unchecked = f"; {theme.name}'s list in the content is incomplete, check the theme's source" if unsure else ""
    for pick in ctx.resolved.picks:
        if pick.role == "caster":
            if not _may_lead(theme, pick):
                led_by = (", ".join(theme.casters) if theme.casters else
                          f"casters who work for {' or '.join(theme.works_for)}" if theme.works_for
                          else f"{theme.faction} casters")
                yield ctx.problem(pick, code, f"{pick.item.name} cannot lead {theme.name}{unchecked}",
                                  f"it may be led by: {led_by}", severity)
            continue
        if pick.item.id in theme.excluded:
            yield ctx.problem(pick, "theme-model", f"{theme.name} does not include {pick.item.name}",
                              "remove it or choose another theme")
        elif not _in_theme(ctx, theme, pick):
            yield ctx.problem(pick, code, f"{theme.name} does not include {pick.item.name}{unchecked}",
                              "remove it or choose another theme", severity)


def check_theme(ctx: ListContext) -> Iterator[Diagnostic]:
    army = ctx.resolved.army
    chosen = army.theme or army.contract
    if chosen is None:
        return
    field = "theme" if army.theme else "contract"
    if ctx.theme is None:
        found = ctx.resolved.theme_lookup
        if found is not None and found.ambiguous:
            yield ctx.problem((field,), "ambiguous-name", found.problem("theme force"), f"write the {field}'s id")
        else:
            close = found.suggestions if found is not None else []
            hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else \
                f"no theme force or contract with this id or name in {army.edition}"
            yield ctx.problem((field,), "unknown-theme", f"unknown {field} {chosen!r} in {army.edition}", hint)
        return
    theme = ctx.theme
    if ctx.level is not None and not ctx.level.theme_forces_allowed:
        yield ctx.problem((field,), "theme-not-allowed", f"{ctx.level.name} games allow no theme forces",
                          "remove the theme or play another level")
    if theme.missing is not None:
        parts = [f"allowed models: {theme.missing.allowed}" if theme.missing.allowed else "",
                 f"benefits: {theme.missing.benefits}" if theme.missing.benefits else ""]
        yield ctx.problem((field,), "theme-incomplete", f"{theme.name} is only partly in the content; not "
                          f"checked: {'; '.join(p for p in parts if p)}",
                          "check the list against the theme's source", Severity.WARNING)
    yield from _theme_members(ctx, theme)
    ids = Counter(p.item.id for p in ctx.resolved.picks for _ in range(p.count))
    for limit in theme.limits:
        limited = [i for i, p in enumerate(ctx.resolved.picks) if p.item.id in limit.models]
        for pick in [ctx.resolved.picks[i] for i in limited[limit.max:]]:
            yield ctx.problem(pick, "theme-limit", f"{theme.name} allows at most {limit.max} of "
                              f"{', '.join(limit.models)}", "remove the extra one")
    for requirement in theme.requirements:
        have = sum(ids[m] for m in requirement.models)
        if have < requirement.min:
            yield ctx.problem((field,), "theme-requirement", f"{theme.name} needs at least {requirement.min} of "
                              f"{', '.join(requirement.models)}; the list has {have}", "add the required models")


def check_cards(ctx: ListContext) -> Iterator[Diagnostic]:
    wanted = ctx.construction.command_cards
    cards = ctx.resolved.cards
    army = ctx.resolved.army
    if wanted == 0:
        if army.command_cards:
            yield ctx.problem(("command_cards",), "command-card-count",
                              f"{army.edition} has no command cards", "remove 'command_cards:'")
        return
    if len(army.command_cards) != wanted:
        yield ctx.problem(("command_cards",), "command-card-count",
                          f"an army takes exactly {wanted} command cards, the list has {len(army.command_cards)}",
                          "choose exactly five different cards" if wanted == 5 else "")
    seen: set[str] = set()
    for item, path in cards:
        if item.id in seen:
            yield ctx.problem(path, "command-card-duplicate", f"{item.name} is taken twice",
                              "each card may be taken once")
        seen.add(item.id)
        entry = cast("CommandCard", item.entry)  # resolved as a command card
        army_item = ctx.resolved.army_item
        if entry.available_to and not ({army.faction, army_item.id if army_item else ""} & set(entry.available_to)):
            yield ctx.problem(path, "command-card-unavailable", f"{item.name} is not available to this army",
                              f"it is available to: {', '.join(entry.available_to)}")


def check_army(ctx: ListContext) -> Iterator[Diagnostic]:
    army = ctx.resolved.army
    if army.army is None:
        return
    found = ctx.resolved.army_lookup
    item = found.found if found is not None else None
    if item is None:
        known = sorted(i.id for i in ctx.registry if i.edition == army.edition and i.category == "army")
        close = found.suggestions if found is not None else []
        if found is not None and found.ambiguous:
            yield ctx.problem(("army",), "ambiguous-name", found.problem("army"), "write the army's id")
        else:
            yield ctx.problem(("army",), "unknown-army", f"unknown army {army.army!r} in {army.edition}",
                              f"did you mean {', '.join(repr(c) for c in close)}?" if close else
                              f"{army.edition} armies: {', '.join(known)}")
        return
    for pick in ctx.resolved.picks:
        armies = getattr(pick.item.entry, "armies", [])
        if armies and item.id not in armies and not _is_mercenary(ctx, pick):
            yield ctx.problem(pick, "army-unavailable", f"{pick.item.name} is not available to {item.name}",
                              f"its armies: {', '.join(armies)}")


def check_arena(ctx: ListContext) -> Iterator[Diagnostic]:
    arena = ctx.resolved.army.arena
    if arena is None:
        return
    for pick in ctx.resolved.picks:
        arenas = getattr(pick.item.entry, "arenas", [])
        if arenas and arena not in arenas:
            yield ctx.problem(pick, "arena-unavailable", f"{pick.item.name} is not legal in {arena.title()}",
                              f"it is legal in: {', '.join(a.title() for a in arenas)}")


CHECKS: tuple[Callable[[ListContext], Iterator[Diagnostic]], ...] = (
    check_level, check_casters, check_points, check_lost_caster_points, check_field_allowance, check_characters,
    check_battlegroups, check_marshals, check_attachments, check_factions, check_level_models, check_theme,
    check_cards, check_army, check_arena, check_requirements,
)


def build_context(resolved: ResolvedList, registry: Registry) -> ListContext | Diagnostic:
    army = resolved.army
    ruleset_item = registry.get(army.edition, army.edition)
    ruleset = cast("Ruleset", ruleset_item.entry) if ruleset_item and ruleset_item.category == "ruleset" else None
    if ruleset is None or ruleset.construction is None:
        return resolved.problem(("edition",), "no-ruleset", f"no army-construction ruleset for {army.edition}")
    level = next((lv for lv in ruleset.encounter_levels if lv.id == army.level.strip().lower()), None)
    theme_item = resolved.theme_item
    theme = cast("ThemeForce", theme_item.entry) if theme_item is not None else None
    points = count_points(resolved, ruleset.construction.caster_points, army.points, theme)
    return ListContext(resolved, registry, ruleset, ruleset.construction, level, theme, points)


def _can_lead(item: RegistryItem, faction: str) -> bool:
    """A caster of ``faction``, or a mercenary/minion caster who works for it or counts as it."""
    entry = item.entry
    return item.faction == faction or faction in getattr(entry, "works_for", []) or getattr(
        entry, "partisan", None) == faction


def faction_without_casters(ctx: ListContext) -> Diagnostic | None:
    """One clear error when the content holds no caster who could lead the faction: then
    no list of it can be legal, and the usual checks (no caster, points, cards) would only
    bury that in a chain of consequences.  An unknown faction is check_factions' case."""
    army = ctx.resolved.army
    faction = ctx.registry.get(ctx.resolved.edition, army.faction)
    if faction is None or faction.category != "faction":
        return None
    if any(i.edition == ctx.resolved.edition and i.category in ("model:warcaster", "model:warlock")
           and _can_lead(i, army.faction) for i in ctx.registry):
        return None
    return ctx.problem(("faction",), "faction-without-casters",
                       f"the content has no warcaster or warlock for {faction.name} in {army.edition}, so no "
                       f"{faction.name} list can be legal yet",
                       "add the faction's casters with a content pack (--content), or build a list for another "
                       "faction")


def run_checks(ctx: ListContext) -> list[Diagnostic]:
    missing = faction_without_casters(ctx)
    if missing is not None:
        return [missing]
    return [problem for check in CHECKS for problem in check(ctx)]
