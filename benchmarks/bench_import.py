"""Benchmark: importing the whole WHAC catalogue, then validating what was imported.

``armies_data.xml`` is WHAC's merged catalogue (every faction's casters, warjacks,
warbeasts, units and solos, with their spells and feats, about 660 records); it stands
alone and names no other file, so it is imported on its own.  Prints the import time
(parse, convert, check each entry, write the files), the cold ``validate`` time of the
written folder (empty cache; the built-in library is context), and the ratio
validate/import.  Best of a few rounds, in one process, because these machines are noisy.

    python benchmarks/bench_import.py [--rounds N] [--catalogue PATH]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from pathlib import Path

from timing import best_of

from wmdata.content.library import load_files, validate
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.diagnostics import Severity
from wmdata.importers.output import write_bundle
from wmdata.importers.whac import import_whac

CATALOGUE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "whac-mk2" / "armies_data.xml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--catalogue", type=Path, default=CATALOGUE)
    args = parser.parse_args()
    if not args.catalogue.is_file():
        raise SystemExit(f"reference catalogue not found: {args.catalogue}")
    work = Path(tempfile.mkdtemp(prefix="wmdata-bench-import-"))
    cache = work / "cache"
    os.environ["WMDATA_CACHE_DIR"] = str(cache)
    out = work / "imported"
    try:
        registry = Registry.from_loaded(load_files())
        counts: dict[str, int] = {}

        def run_import() -> None:
            shutil.rmtree(out, ignore_errors=True)
            bundle, report = import_whac([args.catalogue], registry)
            write_bundle(bundle, out, "benchmark import")
            counts.update(report.imported)

        def clear_cache() -> None:
            shutil.rmtree(cache, ignore_errors=True)
            validate([builtin_content_dir()])  # the built-in context stays warm, as in bench_validate

        def run_validate() -> None:
            result = validate([out])
            errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
            assert not errors, errors[:3]

        imported = best_of(args.rounds, run_import)
        checked = best_of(args.rounds, run_validate, before=clear_cache)
        entries = sum(counts.values())
        print(f"catalogue: {args.catalogue.name}, {entries} entries imported "
              f"({', '.join(f'{kind} {n}' for kind, n in sorted(counts.items()))})")
        print(f"import (parse, convert, check, write): {imported:8.3f} s")
        print(f"validate imported folder, cold cache:  {checked:8.3f} s")
        print(f"ratio validate/import: {checked / imported:6.3f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
