"""Check the inclusion rules that particular models carry (``requires:``, the vocabulary of
:mod:`wmdata.model.requirements`, documented in ``docs/requirements.md``).

Requirements are read by attribute, so the same code serves the content models and the
compiled list index's mirrors of them (the quick list path imports no pydantic)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from wmdata.diagnostics import Diagnostic
from wmdata.typecheck import TYPE_CHECKING
from wmdata.wording import counted

if TYPE_CHECKING:
    from typing import Any

    from wmdata.army.checks import ListContext
    from wmdata.army.resolve import Pick


def _applies(ctx: ListContext, requirement: Any) -> bool:
    """A requirement scoped to theme forces holds only in those (``themes:``)."""
    themes = requirement.themes
    return not themes or (ctx.resolved.theme_item is not None and ctx.resolved.theme_item.id in themes)


def _scope(ctx: ListContext, requirement: Any) -> str:
    """`` under Magnus' Agenda`` for a requirement scoped to theme forces, else nothing."""
    theme = ctx.resolved.theme_item
    return f" under {theme.name}" if requirement.themes and theme is not None else ""


def _requirements(ctx: ListContext, pick: Pick, kind: str) -> list[Any]:
    return [r for r in getattr(pick.item.entry, "requires", []) if r.kind == kind and _applies(ctx, r)]


def _names(ctx: ListContext, ids: list[str]) -> str:
    """Display names of ``ids`` as a phrase: ``A``, ``A or B``, ``A, B or C``."""
    names = []
    for model_id in ids:
        item = ctx.registry.get(ctx.resolved.edition, model_id)
        names.append(item.name if item is not None else model_id)
    return " or ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} or {names[-1]}"


def _with_model(ctx: ListContext) -> Iterator[Diagnostic]:
    present = {p.item.id for p in ctx.resolved.picks}
    for pick in ctx.resolved.picks:
        for requirement in _requirements(ctx, pick, "with_model"):
            if not present & set(requirement.models):
                wanted = _names(ctx, requirement.models)
                yield ctx.problem(pick, "requires-model", f"{pick.item.name} may be included{_scope(ctx, requirement)}"
                                  f" only in an army with {wanted}", f"add {wanted}, or remove {pick.item.name}")


def _controller(ctx: ListContext) -> Iterator[Diagnostic]:
    picks = ctx.resolved.picks
    for pick in picks:
        if pick.controller is None or pick.role not in ("battlegroup", "marshalled"):
            continue
        boss = picks[pick.controller]
        for requirement in _requirements(ctx, pick, "controller"):
            allowed = requirement.casters if pick.role == "battlegroup" else requirement.marshals
            if boss.item.id in allowed:
                continue
            scope, names = _scope(ctx, requirement), _names(ctx, allowed)
            if pick.role == "battlegroup":
                message = (f"{pick.item.name} may join only the battlegroup of {names}{scope}, not "
                           f"{boss.item.name}'s" if allowed else f"{pick.item.name} may join no battlegroup{scope}")
                hint = f"give it to {names}" if allowed else "put it under a 'jack marshal"
            else:
                message = (f"{pick.item.name} may be controlled only by the 'jack marshal {names}{scope}, not "
                           f"{boss.item.name}" if allowed else
                           f"{pick.item.name} may not be controlled by a 'jack marshal{scope}")
                hint = f"give it to {names}" if allowed else "put it in a caster's battlegroup"
            yield ctx.problem(pick, "requires-controller", message, hint)


def _controls(ctx: ListContext) -> Iterator[Diagnostic]:
    picks = ctx.resolved.picks
    for pick in picks:
        if pick.controller is None or pick.role not in ("battlegroup", "marshalled"):
            continue
        boss = picks[pick.controller]
        for requirement in _requirements(ctx, boss, "controls"):
            if pick.item.id not in requirement.models:
                yield ctx.problem(pick, "requires-controls", f"{boss.item.name} may control only "
                                  f"{_names(ctx, requirement.models)}{_scope(ctx, requirement)}, not "
                                  f"{pick.item.name}",
                                  f"give {pick.item.name} to another controller")


def _attachments(ctx: ListContext) -> Iterator[Diagnostic]:
    picks = ctx.resolved.picks
    for index, unit in enumerate(picks):
        requirements = _requirements(ctx, unit, "attachments")
        if not requirements:
            continue
        scope = _scope(ctx, requirements[0])
        taken: Counter[str] = Counter()
        for pick in picks:
            if pick.role != "attachment" or pick.parent != index:
                continue
            kind = getattr(pick.item.entry, "attachment", "command")
            taken[kind] += 1
            limit = min(getattr(r, kind) for r in requirements)
            if taken[kind] == limit + 1:
                most = f"at most {counted(limit, f'{kind} attachment')}" if limit else f"no {kind} attachments"
                yield ctx.problem(pick, "requires-attachments", f"{unit.item.name} takes {most}{scope}",
                                  "remove the attachment")


def check_requirements(ctx: ListContext) -> Iterator[Diagnostic]:
    """Every model's own inclusion rules, kind by kind."""
    yield from _with_model(ctx)
    yield from _controller(ctx)
    yield from _controls(ctx)
    yield from _attachments(ctx)
