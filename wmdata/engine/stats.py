"""``wmdata stats``: a model's base and current stats under chosen effects and states."""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackUsageError, find_model, rules_for
from wmdata.engine.conditions import Situation, check_gated
from wmdata.engine.handlers import HANDLERS
from wmdata.engine.pipeline import Floors, StatResult, scaled_stats
from wmdata.engine.sources import CountError, EffectCollector, profile_of, stat_numbers
from wmdata.engine.work import AttackWork, DicePlan
from wmdata.model import effects as fx
from wmdata.model.profiles import Attachment, Unit
from wmdata.model.stats import stat_names


@dataclass(slots=True)
class ProfileStats:
    name: str
    stats: dict[str, StatResult]


@dataclass(slots=True)
class StatsReport:
    model: str
    edition: str
    ruleset: str
    profiles: list[ProfileStats]
    conditional: list[str]

    def as_text(self) -> str:
        lines = [f"{self.model} ({self.edition}, ruleset {self.ruleset})"]
        for profile in self.profiles:
            if len(self.profiles) > 1:
                lines.append(f"{profile.name}:")
            for result in profile.stats.values():
                lines.append(f"  {result.describe()}")
        lines += [f"conditional, not applied without an attack: {text}" for text in self.conditional]
        return "\n".join(lines)

    def as_json(self) -> dict[str, object]:
        return {"model": self.model, "edition": self.edition, "ruleset": self.ruleset,
                "profiles": [{"name": p.name, "stats": {s: {"base": r.base, "current": r.current,
                                                             "explain": r.describe()} for s, r in p.stats.items()}}
                             for p in self.profiles],
                "conditional": self.conditional}


def explain_stats(registry: Registry, query: str, edition: str | None, effects: list[str], states: list[str],
                  ruleset: str | None = None) -> StatsReport:
    item = find_model(registry, query, edition, "model")
    rules = rules_for(registry, item.edition, ruleset, states)
    collector = EffectCollector(registry, item.edition, rules)
    floors = Floors(rules.stat_floor, rules.stat_floors)
    profiles = list(item.entry.troopers) if isinstance(item.entry, Unit | Attachment) else [profile_of(item.entry)]
    reports: list[ProfileStats] = []
    conditional: list[str] = []
    for profile in profiles:
        weapons = list(getattr(profile, "weapons", []))
        try:
            found = collector.model_effects(item.entry, weapons, effects, states, None)
        except CountError as exc:
            raise AttackUsageError(str(exc)) from None
        except ValueError as exc:
            raise AttackError(str(exc)) from None
        work = AttackWork(attack=DicePlan(2), damage=DicePlan(2))
        situation = Situation(attacker_states=set(states), target_states=set(states))
        for sourced in found:
            if not isinstance(sourced.effect, fx.ModifyStat) or sourced.effect.weapon:
                continue
            reason = check_gated(sourced.effect, "modify_stat", sourced.gates, "attacker", situation)
            if reason is not None and sourced.effect.when is not None and sourced.effect.when.role == "target":
                reason = check_gated(sourced.effect, "modify_stat", sourced.gates, "target", situation)
            if reason is None:
                HANDLERS["modify_stat"].handler(work, sourced, "attacker")
            else:
                effect = sourced.effect
                text = f"{sourced.source}: {effect.op} {effect.value} {effect.stat} ({reason})"
                if text not in conditional:
                    conditional.append(text)
        base = stat_numbers(getattr(profile, "stats", None))
        ordered = {name: base[name] for name in stat_names(item.edition) if name in base}  # type: ignore[arg-type]
        computed, unscaled = scaled_stats(ordered, work.attacker_mods, floors, None)
        conditional += [text for text in unscaled if text not in conditional]
        reports.append(ProfileStats(str(getattr(profile, "name", item.name)), computed))
    return StatsReport(item.name, item.edition, rules.ruleset, reports, conditional)
