"""``wmdata show NAME``: one entry from the registry, with the rules it refers to."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, cast

import click
from ruamel.yaml import YAML

from wmdata.cli.options import content_option, content_registry, edition_option
from wmdata.content.references import iter_references
from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.common import Edition
from wmdata.model.stats import stat_names
from wmdata.textsafe import terminal_safe


def _yaml_text(data: object) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


LEADING_KEYS = ("id", "name", "type", "weight", "category", "faction", "fa", "cost", "character", "version")


def _card_order(data: dict[str, Any], edition: str) -> dict[str, Any]:
    """Identity first, then the rest as stored; stats in the order the card prints them."""
    ordered = {key: data[key] for key in LEADING_KEYS if key in data} | data
    if isinstance(ordered.get("stats"), dict):
        stats = ordered["stats"]
        ordered["stats"] = {name: stats[name] for name in stat_names(cast(Edition, edition)) if name in stats}
    return ordered


def render_item(item: RegistryItem, registry: Registry) -> str:
    data = _card_order(item.entry.model_dump(mode="json", exclude_defaults=True), item.edition)
    lines = [f"# {item.name} ({item.edition} {item.category}) from {item.file}", _yaml_text(data).rstrip()]
    resolved = []
    seen: set[str] = set()
    for ref_id, _targets, _what, _path in iter_references(item.entry, ()):
        target = registry.get(item.edition, ref_id)
        if target is None or ref_id in seen:
            continue
        seen.add(ref_id)
        text = getattr(target.entry, "text", None)
        resolved.append(f"  {target.name} [{target.category}]" + (f": {text.strip()}" if text else ""))
    if resolved:
        lines.append("# referenced entries")
        lines.extend(f"#{line}" for line in resolved)
    return terminal_safe("\n".join(lines))


@click.command()
@click.argument("name")
@edition_option
@content_option
def show(name: str, edition: str | None, content_paths: tuple[Path, ...]) -> None:
    """Print the entry whose id or name is NAME (case-insensitive; a unique part of a name
    will do, a model winning over rules that share the part), resolved from the built-in
    content and the content packs given, followed by the rules it refers to."""
    registry = content_registry(content_paths, [edition])
    found, what = registry.lookup(name, edition), "entry"
    if found.ambiguous:  # a name part shared by a model and rules (its affinity...): the model is meant
        models = registry.lookup(name, edition, lambda i: i.category.startswith("model:"))
        found, what = (models, "model") if models.items else (found, what)
    if not found.items or (found.ambiguous and len({item.id for item in found.items}) > 1):
        click.echo(f"wmdata: {found.problem(what, edition)}", err=True)
        sys.exit(1)
    # one entry, or one id in several editions: show each
    click.echo("\n\n".join(render_item(item, registry) for item in found.items))
