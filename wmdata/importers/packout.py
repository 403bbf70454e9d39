"""Write an import as a content pack: the content files plus a ``pack.yaml`` that says
where the content came from and which wmdata command (and version) wrote it.

Entries whose id the built-in library already has (in the same edition) are left out of
the written pack: the importers reuse a built-in id only for the same thing (see
:class:`wmdata.importers.vocabulary.Ids`), and the built-in version carries checked
sources and executable rules, so the pack adds what the library lacks instead of
shadowing it.  ``--compare`` still sees every imported entry.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from wmdata import __version__
from wmdata.atomic import write_text_atomic
from wmdata.content.registry import Registry
from wmdata.importers.output import Bundle, _schema_ref, write_bundle
from wmdata.model.packs import PackManifest


@dataclass(frozen=True, slots=True)
class PackInfo:
    """What an importer knows about the pack it writes."""

    id: str
    name: str
    version: str
    source: str
    licence: str
    command: str
    edition: str
    """the edition the importer writes (declared even when nothing was imported)"""


def without_builtin(bundle: Bundle, registry: Registry) -> tuple[Bundle, int]:
    """The bundle without the entries whose (edition, id) the registry has; and how many."""
    kept = Bundle()
    left_out = 0
    for (edition, kind, faction), entries in bundle.files.items():
        for entry in entries:
            if registry.get(edition, entry["id"]) is not None:
                left_out += 1
            else:
                kept.files[(edition, kind, faction)].append(entry)
    return kept, left_out


def manifest_text(info: PackInfo, editions: list[str], target: Path) -> str:
    """The ``pack.yaml`` of an imported pack, checked against the manifest model."""
    data: dict[str, Any] = {"id": info.id, "name": info.name, "version": info.version, "editions": editions,
                            "source": info.source, "licence": info.licence,
                            "imported_by": {"command": info.command, "version": __version__}}
    PackManifest.model_validate(data)  # an importer bug, not user input, if this fails
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.width = 400
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
    stream = io.StringIO()
    yaml.dump(data, stream)
    header = f"# yaml-language-server: $schema={_schema_ref(target, 'pack')}\n"
    return f"{header}# Written by '{info.command}'; regenerate instead of editing.\n{stream.getvalue()}"


def write_pack(bundle: Bundle, out_dir: Path, info: PackInfo, comment: str) -> list[Path]:
    """Write the bundle's files and the pack manifest (last, so a folder with a
    ``pack.yaml`` is a complete pack); returns the written paths."""
    editions = sorted({edition for edition, _, _ in bundle.files} | {info.edition})
    manifest = out_dir / "pack.yaml"
    text = manifest_text(info, editions, manifest)
    written = write_bundle(bundle, out_dir, comment)
    write_text_atomic(manifest, text)
    return [*written, manifest]
