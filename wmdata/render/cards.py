"""What a stat card shows, computed from a content entry: the card's view model.

Templates only place what this module decides: the type line, the edition's stat bar,
weapon bars, advantage glyphs, the damage drawing, the rules on the back in our own
words, and, for casters, a second card with the spells and the feat.  Deciding here
(not in jinja) keeps the HTML, SVG and text formats telling the same story.
"""

from __future__ import annotations

from typing import Any

from wmdata.army.resolve import Pick
from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.damage import BoxRow
from wmdata.model.profiles import Attachment, Caster, HardpointOption, Profile, Trooper, Unit
from wmdata.model.provenance import status, unconfirmed_fields
from wmdata.model.stats import stat_names
from wmdata.model.vocabulary import CastableStats
from wmdata.model.weapons import Weapon
from wmdata.render.fit import pieces, split_card, split_spells
from wmdata.render.glyphs import glyph_for
from wmdata.render.tracks import Drawing, draw, labelled_rows, text_lines
from wmdata.render.views import Card, ProfileView, RuleLine, SpellView, WeaponView

UNCONFIRMED_WORDS = {"fa": "FA", "stats": "stat line", "damage": "damage boxes", "troopers": "trooper profiles",
                     "sizes": "unit sizes", "warjack_points": "warjack points", "warbeast_points": "warbeast points",
                     "weight": "weight class"}


def unconfirmed_words(entry: object) -> str:
    """What of an entry a player should double-check, short enough for a card's type line
    ('' when a seed or reference data confirms all of it)."""
    provenance = getattr(entry, "provenance", None)
    if status(provenance) != "unconfirmed":
        return ""
    fields = unconfirmed_fields(provenance)
    if fields is None:
        return "all numbers"
    words = [UNCONFIRMED_WORDS.get(name, name.replace("_", " ")) for name in fields]
    return ", ".join(words) if len(words) <= 3 else f"{', '.join(words[:3])} and {len(words) - 3} more"


TYPE_WORDS = {"battle_engine": "battle engine", "super_heavy": "super-heavy"}
DURATION = {"upkeep": "UP", "turn": "TURN", "round": "RND", None: "-"}


def _number(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _points(cost: int) -> str:
    return f"{cost} point" + ("" if cost == 1 else "s")


class CardBuilder:
    """Builds cards for registry entries; rule names and texts come from the vocabulary."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    # --- vocabulary ------------------------------------------------------------------
    def rule(self, edition: str, rule_id: str, heading: str = "") -> RuleLine:
        item = self.registry.get(edition, rule_id)
        if item is None:
            return RuleLine(rule_id, rule_id, "", "ability", glyph_for(rule_id, "ability"), heading)
        category = str(getattr(item.entry, "category", item.kind))
        text = str(getattr(item.entry, "text", "") or "")
        return RuleLine(rule_id, item.name, text, category, glyph_for(item.name, category), heading)

    def faction_name(self, edition: str, faction: str | None) -> str:
        item = self.registry.get(edition, faction) if faction else None
        return item.name if item is not None else (faction or "")

    # --- parts -----------------------------------------------------------------------
    def weapon(self, edition: str, weapon: Weapon) -> WeaponView:
        cells: list[tuple[str, str]] = []
        if weapon.type == "ranged":
            cells = [("RNG", _number(weapon.rng)), ("ROF", _number(weapon.rof)), ("AOE", _number(weapon.aoe)),
                     ("POW", _number(weapon.pow))]
        else:
            if edition == "mk4" or weapon.rng is not None:
                cells.append(("RNG", _number(weapon.rng if weapon.rng is not None else 0.5)))
            cells.append(("POW", _number(weapon.pow)))
            if edition != "mk4":
                cells.append(("P+S", _number(weapon.ps)))
        qualities = [self.rule(edition, q) for q in [*weapon.qualities, *weapon.abilities]]
        return WeaponView(weapon.name, weapon.type, weapon.location or "", weapon.count, cells, qualities)

    def profile(self, edition: str, profile: Profile[Any], name: str, label: str = "",
                left_out: frozenset[str] = frozenset()) -> ProfileView:
        """The profile's stat bar, weapons (but those named in ``left_out``) and advantages."""
        stats = profile.stats.model_dump()
        bar = [(stat, _number(stats.get(stat))) for stat in stat_names(edition)  # type: ignore[arg-type]
               if stats.get(stat) is not None]
        return ProfileView(name, label, bar, [self.weapon(edition, w) for w in profile.weapons
                                              if w.name not in left_out],
                           [self.rule(edition, a) for a in profile.advantages])

    # --- whole cards -----------------------------------------------------------------
    def cards_for(self, item: RegistryItem, loadout: tuple[HardpointOption, ...] = ()) -> list[Card]:
        """The model's card(s), then the spell card of a caster.  With a ``loadout`` (the
        hardpoint options a list chose), the card shows that warjack as the player brings
        it: the chosen options and their cost, and only the weapons they fit."""
        entry = item.entry
        edition = item.edition
        key = "-".join([edition, item.id, *(option.id for option in loadout)])
        base = Card(key=key, edition=edition, title=item.name, type_line=self._type_line(item),
                    facts=self._facts(item, loadout), unconfirmed=unconfirmed_words(entry))
        if isinstance(entry, Unit | Attachment):
            base.profiles = [self.profile(edition, t, t.name, self._trooper_label(t, entry)) for t in entry.troopers]
            base.damage = self._unit_track(entry)
            base.damage_lines = self._unit_track_lines(entry)
        else:
            base.profiles = [self.profile(edition, entry, item.name,  # type: ignore[arg-type]
                                          left_out=_weapons_left_out(item, loadout))]
            base.damage = draw(getattr(entry, "damage", None))
            base.damage_lines = text_lines(getattr(entry, "damage", None))
        base.rules = self._back_rules(item, loadout)
        cards = split_card(base)
        if isinstance(entry, Caster) and (entry.spells or entry.feat):
            cards += split_spells(self._spell_card(item, entry))
        return cards

    def _type_line(self, item: RegistryItem) -> str:
        entry = item.entry
        faction = self.faction_name(item.edition, item.faction)
        kind = item.category.split(":", 1)[-1]
        words = TYPE_WORDS.get(kind, kind)
        weight = getattr(entry, "weight", None)
        if weight:
            words = f"{TYPE_WORDS.get(weight, weight)} {words}"
        if isinstance(entry, Attachment):
            words = f"{entry.attachment} attachment"
        character = " character" if getattr(entry, "character", None) else ""
        return f"{faction}{character} {words}".strip()

    def _facts(self, item: RegistryItem, loadout: tuple[HardpointOption, ...]) -> list[tuple[str, str]]:
        entry = item.entry
        facts = [("FA", _number(getattr(entry, "fa", None)))]
        if isinstance(entry, Unit):
            facts.append(("Cost", " / ".join(f"{s.models} models {s.cost}" for s in entry.sizes)))
        elif loadout:
            facts.append(("Cost", _number(sum(option.cost for option in loadout))))
            facts.append(("Loadout", " + ".join(f"{option.name} {option.cost}" for option in loadout)))
        elif getattr(entry, "hardpoints", None):
            facts.append(("Cost", "by hardpoints"))
        elif getattr(entry, "cost", None) is not None:
            facts.append(("Cost", _number(entry.cost)))  # type: ignore[attr-defined]
        for attribute, label in (("warjack_points", "Warjack points"), ("warbeast_points", "Warbeast points")):
            if getattr(entry, attribute, None):
                facts.append((label, f"+{getattr(entry, attribute)}"))
        if isinstance(entry, Attachment):
            names = [self.registry.get(item.edition, unit) for unit in entry.attaches_to]
            facts.append(("Joins", ", ".join(n.name if n else unit for n, unit in zip(names, entry.attaches_to,
                                                                                      strict=True))))
        base = getattr(entry, "base", None)
        if base is None and isinstance(entry, Unit | Attachment):
            base = entry.troopers[0].base
        facts.append(("Base", f"{base} mm"))
        return facts

    @staticmethod
    def _trooper_label(trooper: Trooper[Any], entry: Unit[Any] | Attachment[Any]) -> str:
        count = trooper.count
        if isinstance(entry, Unit) and trooper.role in ("grunt", "trooper"):
            largest = max(size.models for size in entry.sizes)
            others = sum(t.count for t in entry.troopers if t is not trooper)
            count = max(trooper.count, largest - others)
            if count != trooper.count:
                return f"{trooper.role}, {trooper.count}-{count}"
        return f"{trooper.role}" + (f", {count}" if count != 1 else "")

    def _trooper_rows(self, entry: Unit[Any] | Attachment[Any]) -> list[tuple[str, int]]:
        """One (label, boxes) row per model of the largest unit whose troopers have boxes."""
        rows: list[tuple[str, int]] = []
        for trooper in entry.troopers:
            if not isinstance(trooper.damage, BoxRow):
                continue
            label = self._trooper_label(trooper, entry)
            count = int(label.rsplit("-", 1)[-1]) if "-" in label else trooper.count
            # Long trooper names would crowd the boxes: the role says as much ("Grunt 3").
            short = trooper.name if len(trooper.name) <= 12 else trooper.role.replace("_", " ").capitalize()
            rows += [(f"{short} {n + 1}" if count > 1 else short, trooper.damage.boxes) for n in range(count)]
        return rows

    def _unit_track(self, entry: Unit[Any] | Attachment[Any]) -> Drawing | None:
        """Per-trooper rows of boxes for troopers with more than one damage point."""
        rows = self._trooper_rows(entry)
        return labelled_rows(rows, f"{len(rows)} models with damage boxes") if rows else None

    def _unit_track_lines(self, entry: Unit[Any] | Attachment[Any]) -> list[str]:
        rows = self._trooper_rows(entry)
        if not rows:
            return ["1 damage point per model (no boxes)"]
        width = max(len(label) for label, _ in rows)
        return [f"{label:<{width}}  " + "[ ]" * count for label, count in rows]

    def _back_rules(self, item: RegistryItem, loadout: tuple[HardpointOption, ...]) -> list[RuleLine]:
        entry = item.entry
        edition = item.edition
        left_out = _weapons_left_out(item, loadout)
        seen: set[str] = set()
        found: list[RuleLine] = []

        def add(rule_id: str, heading: str) -> None:
            if rule_id not in seen:
                seen.add(rule_id)
                found.append(self.rule(edition, rule_id, heading))

        for rule_id in [*getattr(entry, "advantages", []), *getattr(entry, "abilities", [])]:
            add(rule_id, "")
        profiles = list(getattr(entry, "troopers", [])) or [entry]
        for profile in profiles:
            for rule_id in [*getattr(profile, "advantages", []), *getattr(profile, "abilities", [])]:
                add(rule_id, getattr(profile, "name", "") if profile is not entry else "")
            for weapon in getattr(profile, "weapons", []):
                if weapon.name in left_out:
                    continue
                for rule_id in [*weapon.qualities, *weapon.abilities]:
                    add(rule_id, weapon.name)
        for hardpoint in getattr(entry, "hardpoints", []):
            slot = hardpoint.slot.replace("_", " ")
            chosen = next((o for o in loadout if o in hardpoint.options), None)
            if chosen is None:
                choices = "; ".join(f"{o.name} ({o.cost})" for o in hardpoint.options)
                found.append(RuleLine(f"hardpoint-{hardpoint.slot}", f"Hardpoint: {slot}",
                                      f"choose one of {choices}.", "hardpoint", glyph_for(slot, "hardpoint")))
                continue
            fits = f"; fits {', '.join(chosen.weapons)}" if chosen.weapons else ""
            found.append(RuleLine(f"hardpoint-{hardpoint.slot}", f"{slot.capitalize()}: {chosen.name}",
                                  f"chosen, {_points(chosen.cost)}{fits}.", "hardpoint",
                                  glyph_for(slot, "hardpoint")))
            for rule_id in chosen.rules:
                add(rule_id, slot)
        animus = getattr(entry, "animus", None)
        if animus:
            spell = self.registry.get(edition, animus)
            if spell is not None:
                found.append(RuleLine(animus, f"Animus: {spell.name}", self._castable_summary(spell),
                                      "animus", glyph_for(spell.name, "animus")))
        return [piece for line in found for piece in pieces(line, item.name)]

    @staticmethod
    def _castable_summary(item: RegistryItem) -> str:
        spell = item.entry
        assert isinstance(spell, CastableStats)
        numbers = (f"COST {_number(spell.cost)}, RNG {_number(spell.rng)}, AOE {_number(spell.aoe)}, "
                   f"POW {_number(spell.pow)}, {DURATION[spell.duration]}, OFF {'yes' if spell.offensive else 'no'}")
        return f"{numbers}. {spell.text}"

    def _spell_card(self, item: RegistryItem, caster: Caster[Any]) -> Card:
        spells = []
        for spell_id in caster.spells:
            found = self.registry.get(item.edition, spell_id)
            if found is None or not isinstance(found.entry, CastableStats):
                continue
            spell = found.entry
            cells = [("COST", _number(spell.cost)), ("RNG", _number(spell.rng)), ("AOE", _number(spell.aoe)),
                     ("POW", _number(spell.pow)), ("DUR", DURATION[spell.duration]),
                     ("OFF", "*" if spell.offensive_vs_enemies_only else ("YES" if spell.offensive else "NO"))]
            spells.append(SpellView(spell.name, cells, spell.text))
        feat = None
        if caster.feat:
            found = self.registry.get(item.edition, caster.feat)
            if found is not None:
                feat = RuleLine(caster.feat, found.name, str(getattr(found.entry, "text", "")), "feat",
                                glyph_for(found.name, "feat"))
        parts = [self.registry.get(item.edition, ref) for ref in [*caster.spells, caster.feat] if ref]
        doubted = [found.name for found in parts if found is not None and unconfirmed_words(found.entry)]
        return Card(key=f"{item.edition}-{item.id}-spells", edition=item.edition, title=item.name,
                    type_line="spells and feat", facts=[], spells=spells, feat=feat, layout="spells",
                    unconfirmed=", ".join(doubted[:3]) + (f" and {len(doubted) - 3} more" if len(doubted) > 3 else ""))


def _weapons_left_out(item: RegistryItem, loadout: tuple[HardpointOption, ...]) -> frozenset[str]:
    """Weapons only hardpoint options fit, of options other than the chosen ones (no
    loadout: none left out, the card shows every option's weapons)."""
    if not loadout:
        return frozenset()
    offered = {weapon for hardpoint in getattr(item.entry, "hardpoints", []) for option in hardpoint.options
               for weapon in option.weapons}
    return frozenset(offered - {weapon for option in loadout for weapon in option.weapons})


def loadout_cards(builder: CardBuilder, picks: list[Pick]) -> list[Card]:
    """The cards of a list's models, each once, and each warjack loadout once: two
    Coursers with different arms get a card each."""
    seen: dict[tuple[str, tuple[str, ...]], Pick] = {}
    for pick in picks:
        seen.setdefault((pick.item.id, tuple(option.id for option in pick.options)), pick)
    return [card for pick in seen.values() for card in builder.cards_for(pick.item, pick.options)]


def faction_items(registry: Registry, edition: str | None, faction: str) -> list[RegistryItem]:
    """Every model of a faction (by id or name), in file order."""
    wanted = faction.strip().lower()
    found = []
    for item in registry:
        if not item.category.startswith("model:") or (edition and item.edition != edition):
            continue
        faction_item = registry.get(item.edition, item.faction or "")
        names = {item.faction or ""} | ({faction_item.name.lower()} if faction_item else set())
        if wanted in names:
            found.append(item)
    return found
