"""Make a content pack for a test from loose content files (``--content`` takes packs only)."""

from __future__ import annotations

from pathlib import Path


def make_pack(folder: Path, sources: list[Path], edition: str, pack_id: str = "test-pack",
              replaces: tuple[str, ...] = ()) -> Path:
    """A pack in ``folder`` holding copies of ``sources`` (content files, or folders whose
    ``*.yaml`` files are copied) in its ``edition`` folder, replacing the built-in entries
    ``replaces``; returns ``folder``."""
    target = folder / edition
    target.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(f"id: {pack_id}\nname: Test pack\nversion: '1.0'\neditions: [{edition}]\n"
                                      "source: own work (test)\nlicence: CC0\n"
                                      f"replaces: [{', '.join(replaces)}]\n", encoding="utf-8")
    files = [f for source in sources for f in (sorted(source.glob("*.yaml")) if source.is_dir() else [source])]
    for index, file in enumerate(files):
        (target / f"{index:02d}-{file.name}").write_bytes(file.read_bytes())
    return folder
