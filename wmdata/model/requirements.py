"""Inclusion rules of particular models, as data: the ``requires:`` list of a model entry.

The seeds state some army-construction rules on one model rather than for the whole
edition: a warjack built for one warcaster, a crew that comes only with its captain, a
'jack marshal who commands only its own kin's warjacks, a warlock unit that takes no
attachments.  Each such sentence becomes one requirement of a small, closed vocabulary
(a pydantic discriminated union on ``kind``) that the army builder checks
(:mod:`wmdata.army.requirements`) and ``docs/requirements.md`` documents.  Rules that
hold for every model of an edition stay in the ruleset (``construction:``) or in the
army checks, not here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from wmdata.model.common import Id, Strict

IdList = Annotated[list[Id], Field(min_length=1)]
Themes = Annotated[list[Id], Field(
    default_factory=list,
    description="theme forces, tiers or contracts this requirement holds in; empty: in every army")]


class WithModel(Strict):
    """The model may be included only when the army also includes one of ``models``."""

    kind: Literal["with_model"]
    models: IdList = Field(description="at least one of these must be in the army")
    themes: Themes


class Controller(Strict):
    """A warjack or warbeast that only particular models may control: it may join only the
    battlegroups of ``casters`` and start only under the 'jack marshals ``marshals``."""

    kind: Literal["controller"]
    casters: list[Id] = Field(default_factory=list, description="casters whose battlegroup it may join; "
                              "empty: none")
    marshals: list[Id] = Field(default_factory=list, description="units or solos whose 'jack marshal may "
                               "control it; empty: none")
    themes: Themes


class Controls(Strict):
    """A caster or 'jack marshal that may control only the warjacks or warbeasts ``models``."""

    kind: Literal["controls"]
    models: IdList = Field(description="the only warjacks or warbeasts it may control")
    themes: Themes


class Attachments(Strict):
    """A unit that takes at most ``command`` command and ``weapon`` weapon attachments, below
    the edition's own limits (a warlock unit takes none)."""

    kind: Literal["attachments"]
    command: Annotated[int, Field(ge=0, le=3)] = Field(description="command attachments it may take")
    weapon: Annotated[int, Field(ge=0, le=3)] = Field(description="weapon attachments it may take")
    themes: Themes


ModelRequirement = Annotated[WithModel | Controller | Controls | Attachments, Field(discriminator="kind")]
REQUIREMENT_KINDS: tuple[type[Strict], ...] = (WithModel, Controller, Controls, Attachments)
Requires = Annotated[list[ModelRequirement], Field(
    default_factory=list, description="inclusion rules of this model (docs/requirements.md)")]
