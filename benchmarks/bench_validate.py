"""Benchmark: validating a synthetic library of 5,000 model entries in 100 files.

Prints the ruamel parse-only time of the files (the floor any YAML tool pays), the
cold ``validate`` time (empty cache), the warm time (cache filled), and the ratios
cold/parse (target <= 1.5) and warm/cold (target <= 0.1).  All three are measured in
the same process, best of a few rounds, because these machines are noisy.

    python benchmarks/bench_validate.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import tempfile
from pathlib import Path

from ruamel.yaml import YAML
from timing import best_of

from wmdata.content import cache as cache_module
from wmdata.content.library import validate
from wmdata.content.places import builtin_content_dir

FILES = 100
ENTRIES_PER_FILE = 50
SEED = 20261122

VOCABULARY = """edition: mk2
kind: rules
entries:
  - {id: bench-construct, name: Construct, source: bench, category: advantage, text: not living, unmodelled: other}
  - {id: bench-reach, name: Reach, source: bench, category: weapon_quality, text: long weapon, unmodelled: targeting}
  - {id: bench-shield, name: Shield, source: bench, category: weapon_quality, text: two more armour,
     effects: [{kind: modify_stat, stat: ARM, op: add, value: 2}]}
"""


def _warjack(rng: random.Random, file_no: int, index: int) -> str:
    strength = rng.randint(9, 12)
    pow_ = rng.randint(3, 8)
    return f"""  - id: bench-jack-{file_no}-{index}
    name: Bench Jack {file_no}-{index}
    source: synthetic
    type: warjack
    weight: heavy
    base: 50
    fa: U
    cost: {rng.randint(5, 12)}
    advantages: [bench-construct]
    stats: {{SPD: {rng.randint(4, 6)}, STR: {strength}, MAT: {rng.randint(5, 7)}, RAT: 4, DEF: 12,
            ARM: {rng.randint(17, 20)}}}
    weapons:
      - {{name: Hammer, type: melee, pow: {pow_}, ps: {pow_ + strength}, location: R, qualities: [bench-reach]}}
      - {{name: Gun, type: ranged, rng: {rng.randint(8, 14)}, rof: 1, pow: {rng.randint(10, 14)}, location: L}}
    damage:
      type: grid
      rows: ["-....-", "......", "L....R", "LLMCRR", "-MMCC-", "-MMCC-"]
"""


def _unit(rng: random.Random, file_no: int, index: int) -> str:
    return f"""  - id: bench-unit-{file_no}-{index}
    name: Bench Unit {file_no}-{index}
    source: synthetic
    type: unit
    fa: 2
    sizes:
      - {{label: min, models: 6, cost: {rng.randint(4, 6)}}}
      - {{label: max, models: 10, cost: {rng.randint(7, 10)}}}
    troopers:
      - name: Leader
        role: leader
        base: 30
        stats: {{SPD: 6, STR: 5, MAT: 6, RAT: 5, DEF: 13, ARM: 13, CMD: 8}}
        weapons: [{{name: Blade, type: melee, pow: 3, ps: 8, qualities: [bench-shield]}}]
      - name: Grunt
        role: grunt
        count: 5
        base: 30
        stats: {{SPD: 6, STR: 5, MAT: 6, RAT: 5, DEF: 13, ARM: 13, CMD: 8}}
        weapons: [{{name: Blade, type: melee, pow: 3, ps: 8}}]
"""


def generate(folder: Path) -> list[Path]:
    """Write the synthetic library (deterministic) and return its files."""
    rng = random.Random(SEED)
    (folder / "vocabulary.yaml").write_text(VOCABULARY, encoding="utf-8")
    paths = []
    for file_no in range(FILES):
        parts = ["edition: mk2\nkind: models\nentries:\n"]
        for index in range(ENTRIES_PER_FILE):
            parts.append((_warjack if index % 2 else _unit)(rng, file_no, index))
        path = folder / f"models-{file_no:03}.yaml"
        path.write_text("".join(parts), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="wmdata-bench-"))
    cache = work / "cache"
    os.environ["WMDATA_CACHE_DIR"] = str(cache)  # read at each call, so it applies to the imports above
    try:
        library = work / "library"
        library.mkdir()
        files = generate(library)
        entries = FILES * ENTRIES_PER_FILE

        def parse_only() -> None:
            yaml = YAML(typ="rt", pure=True)
            for path in [library / "vocabulary.yaml", *files]:
                yaml.load(path.read_bytes())

        def clear_cache() -> None:
            shutil.rmtree(cache, ignore_errors=True)

        def run() -> None:
            result = validate([library])
            assert result.files == FILES + 1 and not result.diagnostics, result.diagnostics[:3]

        cache_module.code_fingerprint()
        validate([builtin_content_dir()])  # the built-in library is context for every run; keep it warm
        parse = best_of(args.rounds, parse_only)
        cold = best_of(args.rounds, run, before=lambda: (clear_cache(), validate([builtin_content_dir()])))
        run()
        warm = best_of(args.rounds, run)
        print(f"synthetic library: {entries} model entries in {FILES} files (+1 vocabulary file), seed {SEED}")
        print(f"parse only (ruamel round-trip load): {parse:8.3f} s")
        print(f"validate, cold cache:                {cold:8.3f} s")
        print(f"validate, warm cache:                {warm:8.3f} s")
        print(f"ratio cold/parse: {cold / parse:6.3f}   (target <= 1.5)")
        print(f"ratio warm/cold:  {warm / cold:6.3f}   (target <= 0.1)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
