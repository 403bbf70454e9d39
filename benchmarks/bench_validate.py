"""Benchmark: ``validate`` against libyaml's compose of the same files, cold and warm, at scale.

Prints, all measured in this one process (best of a few rounds, these machines are noisy):

- the built-in library: cold ``validate`` (empty cache) divided by libyaml composing the
  same files (read, decode, ``yaml.compose`` with the C loader): target at most 3;
- a synthetic library (the built-in content copied, every id and name renamed
  consistently so references still resolve and nothing clashes) at 1x: the same ratio,
  and warm (cache filled) against cold: target at most 0.5;
- synthetic libraries at 1x, 10x and 50x: seconds per 1,000 entries (target: the 50x
  figure at most 1.2 times the 1x figure), the same in CPU time of this process (which
  load from other work on the machine barely moves: it tells a slower 50x run caused by
  the code from one caused by a busy machine) and the process's peak memory so far.

Every size is timed the same number of rounds (the best run counts), so that no size is
favoured by having more chances at a quiet moment.  The benchmark's own disk work (writing
the synthetic library, deleting the cache before a cold run) is flushed before the timed
runs, so that the operating system writing it back is not charged to them.

The first ``validate`` of the process also builds the pydantic validators; it is printed
on its own, and the rounds after it measure the per-file work.

    python benchmarks/bench_validate.py [--rounds N] [--scales 1,10,50]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from timing import best_interleaved

from wmdata.content import cache as cache_module
from wmdata.content.library import discover, validate
from wmdata.content.places import builtin_content_dir
from wmdata.content.references import REFERENCE_FIELDS
from wmdata.content.yamlio import load_yaml_bytes


def compose_all(files: list[Path]) -> None:
    for path in files:
        yaml.compose(path.read_bytes().decode("utf-8"), Loader=yaml.CSafeLoader)


REFERRING_KEYS = frozenset({"id", *REFERENCE_FIELDS})
KEPT_IDS = frozenset({"construct"})  # lint knows this advantage by id: copies use the built-in one


def _rename(value: Any, ids: set[str], suffix: str, key: str = "") -> Any:
    """Ids and references to them (the fields that refer, see content/references.py) get
    ``-suffix``."""
    if isinstance(value, dict):
        return {name: _rename(item, ids, suffix, name) for name, item in value.items()}
    if isinstance(value, list):
        return [_rename(item, ids, suffix, key) for item in value]
    if isinstance(value, str) and key in REFERRING_KEYS and value in ids:
        return f"{value}-{suffix}"
    return value


def _copy(document: dict[str, Any], ids: set[str], suffix: str) -> dict[str, Any]:
    """A renamed copy of a content file: entries' names and texts get a mark so that they
    stay unique too."""
    entries = []
    for entry in document["entries"]:
        if entry["id"] in KEPT_IDS:
            continue
        renamed = _rename(entry, ids, suffix)
        for name in ("name", "text", "character"):
            if isinstance(renamed.get(name), str):
                renamed[name] = f"{renamed[name]} ({suffix})"
        entries.append(renamed)
    return {**_rename({k: v for k, v in document.items() if k != "entries"}, ids, suffix), "entries": entries}


def synthetic_library(folder: Path, copies: int) -> tuple[list[Path], int]:
    """``copies`` renamed copies of the built-in library under ``folder``; (files, entries)."""
    source = builtin_content_dir()
    documents = {path: load_yaml_bytes(path.read_bytes())[0] for path in discover([source])}
    ids = {entry["id"] for document in documents.values() for entry in document["entries"]} - KEPT_IDS
    ids |= {document["faction"] for document in documents.values() if document.get("faction")}
    files, entries = [], 0
    for copy in range(1, copies + 1):
        for path, document in documents.items():
            target = folder / f"copy{copy}" / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            renamed = _copy(document, ids, f"c{copy}")
            target.write_text(yaml.dump(renamed, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True,
                                        width=120), encoding="utf-8")
            files.append(target)
            entries += len(renamed["entries"])
    return files, entries


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scales", default="1,10,50")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="wmdata-bench-"))
    cache = work / "cache"
    os.environ["WMDATA_CACHE_DIR"] = str(cache)  # read at each call, so it applies to the imports above

    def clear_cache() -> None:
        shutil.rmtree(cache, ignore_errors=True)
        os.sync()  # the deletion's disk work is setup: not charged to the cold run that follows

    try:
        builtin = discover([builtin_content_dir()])
        builtin_entries = sum(len(load_yaml_bytes(path.read_bytes())[0]["entries"]) for path in builtin)
        cache_module.code_fingerprint()
        start = time.perf_counter()
        first = validate(use_cache=False)
        first_run = time.perf_counter() - start
        times = best_interleaved(args.rounds, {"compose": (lambda: compose_all(builtin), None),
                                               "cold": (validate, clear_cache)})
        compose, cold = times["compose"], times["cold"]
        print(f"built-in library: {len(builtin)} files, {first.files} checked, {len(first.diagnostics)} diagnostics")
        print(f"  first validate of the process (builds validators): {first_run:7.3f} s")
        print(f"  libyaml compose:  {compose:7.3f} s")
        print(f"  validate, cold:   {cold:7.3f} s   ratio cold/compose {cold / compose:5.2f}   (target <= 3)")

        scales = [int(text) for text in args.scales.split(",")]
        per_thousand: dict[int, float] = {}
        cpu_per_thousand: dict[int, float] = {}
        for scale in scales:
            library = work / f"library-{scale}x"
            files, entries = synthetic_library(library, scale)
            os.sync()  # nor is writing back the library just generated

            def run(library: Path = library, count: int = len(files)) -> None:
                result = validate([library])
                assert result.files == count and not [d for d in result.diagnostics if d.severity == "error"], \
                    result.diagnostics[:3]

            cold_cpu: list[float] = []

            def cold(run: Any = run, spent: list[float] = cold_cpu) -> None:
                start = time.process_time()
                run()
                spent.append(time.process_time() - start)

            actions = {"compose": (lambda files=files: compose_all([*files, *builtin]), None),  # built-in: context
                       "cold": (cold, clear_cache)}
            if scale == scales[0]:
                actions["warm"] = (run, None)  # right after a cold run: the cache is full
            times = best_interleaved(args.rounds, actions)
            compose, cold = times["compose"], times["cold"]
            per_thousand[scale] = cold / (entries + builtin_entries) * 1000  # the context is read too
            cpu_per_thousand[scale] = min(cold_cpu) / (entries + builtin_entries) * 1000
            print(f"synthetic library {scale}x: {len(files)} files, {entries} entries (+ built-in as context: "
                  f"{builtin_entries} entries)")
            print(f"  libyaml compose:  {compose:7.3f} s")
            print(f"  validate, cold:   {cold:7.3f} s   ratio cold/compose {cold / compose:5.2f}   (target <= 3)")
            if "warm" in times:
                warm = times["warm"]
                print(f"  validate, warm:   {warm:7.3f} s   ratio warm/cold {warm / cold:5.2f}   (target <= 0.5)")
            print(f"  {per_thousand[scale]:.3f} s per 1,000 entries ({cpu_per_thousand[scale]:.3f} s of CPU time); "
                  f"peak memory so far {peak_mib():.0f} MiB")
            shutil.rmtree(library, ignore_errors=True)
            clear_cache()
        smallest, largest = min(scales), max(scales)
        print(f"scale: {largest}x / {smallest}x seconds per 1,000 entries = "
              f"{per_thousand[largest] / per_thousand[smallest]:.2f}   (target <= 1.2); in CPU time "
              f"{cpu_per_thousand[largest] / cpu_per_thousand[smallest]:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
