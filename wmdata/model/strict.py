"""The base of every content model, in its own module so that the building blocks of
:mod:`wmdata.model.common` and :mod:`wmdata.model.provenance` can both use it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Base of every content model: unknown keys are errors, values are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
