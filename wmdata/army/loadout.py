"""A MkIV warjack's loadout: the hardpoint options chosen for it, slot by slot.

Lists (``hardpoints: {head: Shield Guard, ...}``), ``list add --hardpoint`` and
``wmdata card --hardpoint`` all name options the same way (by slot, then option id or
name), so one function checks a choice and says what is wrong with it; the list checker
turns its problems into diagnostics, the card command into a message.
"""

from __future__ import annotations

from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:  # the list checker's quick path must not import pydantic models
    from collections.abc import Mapping

    from wmdata.content.registry import RegistryItem
    from wmdata.model.profiles import Hardpoint, HardpointOption


class LoadoutProblem:
    """What is wrong with one slot's choice.  ``named``: the choice names this slot (the
    problem is in what it says), rather than leaving it out; ``choices``: the ids of the
    options the slot offers ("" for an unknown slot).  A plain class, not a dataclass:
    importing ``dataclasses`` costs more than the quick list path may spend."""

    __slots__ = ("choices", "code", "hint", "message", "named", "slot")

    def __init__(self, slot: str, named: bool, code: str, message: str, hint: str, choices: str) -> None:
        self.slot, self.named, self.code, self.message, self.hint, self.choices = (
            slot, named, code, message, hint, choices)


def find_option(options: list[HardpointOption], ref: str) -> HardpointOption | None:
    """The option ``ref`` names, by id or by name (any case)."""
    wanted = ref.strip().lower()
    return next((o for o in options if wanted in (o.id, o.name.lower())), None)


def hardpoints_of(item: RegistryItem) -> list[Hardpoint]:
    return list(getattr(item.entry, "hardpoints", None) or [])


def choose_loadout(item: RegistryItem, refs: Mapping[str, str]) -> tuple[tuple[HardpointOption, ...],
                                                                           list[LoadoutProblem]]:
    """The options ``refs`` (slot -> option) choose, in the model's slot order, and every
    problem: an unknown slot, a slot left out, an option of another slot, an unknown option."""
    hardpoints = hardpoints_of(item)
    slots = {h.slot: h for h in hardpoints}
    problems = [LoadoutProblem(slot, True, "hardpoint-unknown-slot", f"{item.name} has no {slot!r} hardpoint",
                               f"its hardpoints: {', '.join(slots) or 'none (its loadout is fixed)'}", "")
                for slot in refs if slot not in slots]
    chosen: list[HardpointOption] = []
    for hardpoint in hardpoints:
        ref = refs.get(hardpoint.slot)
        options = ", ".join(o.id for o in hardpoint.options)
        if ref is None:
            problems.append(LoadoutProblem(hardpoint.slot, False, "hardpoint-missing",
                                           f"{item.name} needs a choice for its {hardpoint.slot!r} hardpoint",
                                           f"add 'hardpoints: {{{hardpoint.slot}: ...}}' with one of: {options}",
                                           options))
            continue
        option = find_option(hardpoint.options, ref)
        if option is not None:
            chosen.append(option)
            continue
        elsewhere = [h.slot for h in hardpoints if find_option(h.options, ref) is not None]
        if elsewhere:
            problems.append(LoadoutProblem(hardpoint.slot, True, "hardpoint-wrong-slot",
                                           f"{ref!r} fits the {elsewhere[0]!r} hardpoint, not {hardpoint.slot!r}",
                                           f"{hardpoint.slot} options: {options}", options))
        else:
            problems.append(LoadoutProblem(hardpoint.slot, True, "hardpoint-unknown-option",
                                           f"{item.name} has no {hardpoint.slot!r} option {ref!r}",
                                           f"{hardpoint.slot} options: {options}", options))
    return tuple(chosen), problems
