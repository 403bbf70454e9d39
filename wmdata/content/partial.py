"""What is left of an entry that failed the schema, so that its other problems still report.

A schema error in one field must not hide the entry's unknown references or the lint
findings of its other fields, nor make every entry that names it report an unknown
reference.  The entry is validated again without its failing fields, by a copy of its
model's fields in which those fields are optional (and without the model's own
validators, which read the failed fields), then put in an instance of the model itself
(so lint checks recognise it), with ``None`` where a field failed.  It is only ever used
for checking, never loaded as content.
"""

from __future__ import annotations

from functools import cache
from typing import Any, get_args

from pydantic import BaseModel, ValidationError, create_model

from wmdata.model.common import Edition
from wmdata.model.documents import entry_type


def _entry_class(kind: str, edition: Edition, raw: dict[str, Any]) -> type[BaseModel] | None:
    """The model class that validates ``raw``: the kind's class, or the union member its
    ``type`` names."""
    target = entry_type(kind, edition)
    if isinstance(target, type) and issubclass(target, BaseModel):
        return target
    union = get_args(target)[0]  # Annotated[Union[...], Field(discriminator="type")]
    for member in get_args(union):
        if raw.get("type") in get_args(member.model_fields["type"].annotation):
            return member  # type: ignore[no-any-return]
    return None


@cache
def _relaxed(model: type[BaseModel], failed: frozenset[str]) -> type[BaseModel]:
    fields: dict[str, Any] = {name: (Any, None) if name in failed else (info.annotation, info)
                              for name, info in model.model_fields.items()}
    return create_model(f"Partial{model.__name__}", __config__=model.model_config, **fields)


def partial_entry(kind: str, edition: Edition, raw: Any, failed: frozenset[str]) -> BaseModel | None:
    """``raw`` validated without the fields named in ``failed``, or None when even that fails."""
    if not isinstance(raw, dict) or "type" in failed or "id" in failed:
        return None
    model = _entry_class(kind, edition, raw)
    if model is None:
        return None
    try:
        fields = _relaxed(model, failed).model_validate({k: v for k, v in raw.items() if k not in failed})
    except ValidationError:
        return None
    return model.model_construct(**{name: getattr(fields, name) for name in model.model_fields})
