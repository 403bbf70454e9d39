"""Benchmark: validating army lists.

Generates 10,000 random lists (deterministic seed) from the shipped content, legal and
illegal alike, and prints lists validated per second in-process, both for parsed lists
(resolution and construction rules) and from YAML bytes (parsing included).  Then times
one ``wmdata list validate`` process (the installed console script) against
``python -c pass`` (interpreter start-up), best of several runs, each on a list not seen
before, after a run that warms the content cache and the compiled list index; and, for
comparison, one list that the quick path leaves to the full reader.

Targets from the issue: >= 2,000 lists/s in-process from YAML bytes; one CLI validation and
``wmdata --help`` each < 4x start-up.

    python benchmarks/bench_lists.py [--lists N]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from wmdata.army.index import read_index, signature, write_index
from wmdata.army.listfile import validate_list_bytes
from wmdata.army.listshape import ListShape
from wmdata.army.validate import validate_army
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.content.sourcemap import SourceMap
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.model.common import EDITIONS
from wmdata.model.lists import ArmyList
from wmdata.model.organisation import Ruleset

SEED = 20261122
RUNS = 15


def _pool(registry: Registry, edition: str, faction: str | None, *types: str) -> list[str]:
    return sorted(i.name for i in registry if i.edition == edition and i.category.split(":")[-1] in types
                  and (faction is None or i.faction == faction))


def random_list(rng: random.Random, registry: Registry) -> dict[str, object]:
    """A random list of one faction: often legal, often over or under points or FA."""
    edition = rng.choice(["mk2", "mk3", "mk4"])
    ruleset = registry.get(edition, edition)
    assert ruleset is not None and isinstance(ruleset.entry, Ruleset)
    level = rng.choice(ruleset.entry.encounter_levels)
    casters = _pool(registry, edition, None, "warcaster", "warlock")
    caster = registry.lookup(rng.choice(casters), edition,
                             lambda i: i.category in ("model:warcaster", "model:warlock")).items[0]
    faction = caster.faction
    pets = _pool(registry, edition, faction, "warjack", "warbeast") or ["unknown"]
    units = _pool(registry, edition, faction, "unit")
    solos = _pool(registry, edition, faction, "solo")
    cards = _pool(registry, edition, None, "command_card")
    data: dict[str, object] = {
        "edition": edition, "faction": faction, "level": level.id, "points": rng.choice(level.points),
        "casters": [{"model": caster.name,
                     "battlegroup": [{"model": rng.choice(pets)} for _ in range(rng.randint(0, 5))]}],
        "units": [{"model": rng.choice(units)} for _ in range(rng.randint(0, 5)) if units],
        "solos": [{"model": rng.choice(solos)} for _ in range(rng.randint(0, 3)) if solos],
    }
    for unit in data["units"]:  # type: ignore[attr-defined]
        found = registry.lookup(unit["model"], edition, lambda i: i.category == "model:unit").items[0]
        sizes = getattr(found.entry, "sizes", [])
        unit["size"] = rng.choice(sizes).label if sizes else "fixed"
    if cards and edition == "mk4":
        data["command_cards"] = rng.sample(cards, k=min(len(cards), rng.choice([5, 5, 5, 4, 6])))
    return data


def build_index(registry: Registry, edition: str) -> Registry:
    """The compiled index of one edition, as the quick path reads it."""
    write_index(registry, edition, signature(edition))
    loaded = read_index(edition)
    assert loaded is not None
    return loaded


def quick_army(text: bytes, shape: ListShape) -> tuple[Any, SourceMap] | None:
    try:
        parsed = load_yaml_bytes(text)
    except YamlError:
        return None
    army = shape.conform(parsed[0])
    return (army, parsed[1]) if army is not None else None


def quick_validate(text: bytes, shape: ListShape, indexes: dict[str, Registry]) -> bool:
    found = quick_army(text, shape)
    assert found is not None
    army, source_map = found
    return validate_army(army, source_map, "bench", indexes[army.edition]).legal


def per_second(action: object, items: list[object]) -> float:
    start = time.perf_counter()
    for item in items:
        action(item)  # type: ignore[operator]
    return len(items) / (time.perf_counter() - start)


def best_process_time(commands: list[list[str]], env: dict[str, str] | None = None) -> float:
    """The fastest of the runs (one per command): the least disturbed by this noisy machine."""
    best = float("inf")
    for command in commands:
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False, env=env)
        best = min(best, time.perf_counter() - start)
    return best


def wmdata_command() -> list[str]:
    """The installed console script, as users run it; ``python -m wmdata`` when there is none."""
    script = Path(sys.executable).with_name("wmdata")
    return [str(script)] if script.exists() else [sys.executable, "-m", "wmdata"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=10_000)
    args = parser.parse_args()
    registry = Registry.from_loaded(load_files())
    rng = random.Random(SEED)
    dicts = [random_list(rng, registry) for _ in range(args.lists)]
    armies = [ArmyList.model_validate(d) for d in dicts]
    yaml = YAML(typ="safe", pure=True)
    texts = []
    for data in dicts:
        stream = io.StringIO()
        yaml.dump(data, stream)
        texts.append(stream.getvalue().encode())
    empty = SourceMap()
    shape = ListShape.shipped()
    indexes = {edition: build_index(registry, edition) for edition in EDITIONS}
    legal = sum(validate_army(a, empty, "bench", registry).legal for a in armies)
    parsed_rate = per_second(lambda a: validate_army(a, empty, "bench", registry), armies)  # type: ignore[arg-type]
    sample = texts[: max(1, args.lists // 10)]
    bytes_rate = per_second(lambda t: validate_list_bytes(t, "bench", registry), sample)  # type: ignore[arg-type]
    quick = [t for t in texts if quick_army(t, shape) is not None]
    quick_rate = per_second(lambda t: quick_validate(t, shape, indexes), quick)  # type: ignore[arg-type]
    print(f"{args.lists} random lists (seed {SEED}): {legal} legal, {args.lists - legal} illegal")
    print(f"in-process, parsed lists:     {parsed_rate:9.0f} lists/s")
    print(f"in-process, from YAML bytes:  {bytes_rate:9.0f} lists/s   ({len(sample)} lists, libyaml + pydantic; "
          "target >= 2000)")
    print(f"in-process, quick path:       {quick_rate:9.0f} lists/s   (from YAML bytes; it reads "
          f"{len(quick)} of the {len(texts)} lists, the rest go to the full reader)")
    # Bytecode is written as after 'pip install' (this environment may forbid it for imports).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    wmdata = [*wmdata_command(), "list", "validate"]
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for number, text in enumerate(texts[:RUNS]):  # a list never validated before, each run
            files.append(Path(folder) / f"list{number}.yaml")
            files[-1].write_bytes(text)
        declined = Path(folder) / "block-notes.yaml"
        example = Path(__file__).resolve().parent.parent / "examples" / "lists" / "mk4-sample-storm-legion.yaml"
        declined.write_bytes(example.read_bytes() + b"notes: |\n  A block scalar: the shape check declines it.\n")
        subprocess.run([*wmdata, *map(str, files)], capture_output=True, check=False, env=env)  # warm the caches
        bare = cli = helped = float("inf")
        for path in files:  # in turns, so that load from other work slows all three alike
            bare = min(bare, best_process_time([[sys.executable, "-c", "pass"]], env))
            cli = min(cli, best_process_time([[*wmdata, str(path)]], env))
            helped = min(helped, best_process_time([[*wmdata_command(), "--help"]], env))
        full = best_process_time([[*wmdata, str(declined)]] * 3, env)
    print(f"python -c pass:               {bare * 1000:9.1f} ms")
    print(f"wmdata list validate:         {cli * 1000:9.1f} ms   (best of {RUNS}, a new list each run)")
    print(f"ratio CLI / start-up:         {cli / bare:9.1f}   (target < 4)")
    print(f"wmdata --help:                {helped * 1000:9.1f} ms   ratio {helped / bare:.1f}   (target < 4)")
    print(f"a list the quick path leaves to the full reader: {full * 1000:.1f} ms (ratio {full / bare:.1f})")


if __name__ == "__main__":
    main()
