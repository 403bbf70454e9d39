"""Effects: what a rule does, as data.

This is the foundation's slice of the effect language: a closed, discriminated set of
kinds that the content layer can check at load time.  Every kind is a small frozen
model; none of them carries code or an expression to evaluate.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from wmdata.model.common import Id, Strict

StatOperation = Literal["add", "subtract", "set_base", "double", "halve"]
Window = Literal[
    "stats", "targeting", "attack_roll", "on_hit", "on_critical", "damage_roll",
    "on_damage", "on_disabled", "on_destroyed", "movement",
]
WINDOWS: tuple[str, ...] = Window.__args__  # type: ignore[attr-defined]


class ModifyStat(Strict):
    """Changes one of the model's stats, following the edition's stat pipeline."""

    kind: Literal["modify_stat"]
    stat: Annotated[str, Field(pattern=r"^[A-Z]{3,4}$", description="stat abbreviation of the edition, e.g. ARM")]
    op: StatOperation
    value: Annotated[int, Field(ge=0, le=30)] = 0
    window: Window = "stats"


class GrantRule(Strict):
    """Gives the affected model another rule of the vocabulary (an advantage, say)."""

    kind: Literal["grant_rule"]
    rule: Id
    window: Window = "stats"


Effect = Annotated[ModifyStat | GrantRule, Field(discriminator="kind")]
