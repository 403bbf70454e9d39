"""How much the web builder adds to the army builder's own work.

Runs 1,000 edits of a 75-point MkIV list (the seed 000 sample army grown to Pitched Battle)
through ``POST /api/lists/edit`` in-process (Starlette's test client: request parsing, the
edit, validation of the result, the JSON answer), and prints the median and 95th percentile
per edit against an in-process ``list validate`` of the same list, run between the edits (its bytes read, checked
and validated: what the command does without starting Python), measured in the same run.
An edit carries its list as a share code (JSON inside), so it skips the YAML reading that
``list validate`` does: the ratio can be below 1.
Also the builder page: its render time and its weight (HTML + stylesheet + script) in KB.

    .venv/bin/python benchmarks/bench_serve.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from starlette.testclient import TestClient
from timing import best_of

from wmdata.army.edit import new_list_text
from wmdata.army.listfile import read_list, validate_list_bytes
from wmdata.army.sharecode import encode
from wmdata.content.library import load_files
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.model.lists import ArmyList, UnitChoice, WarjackChoice
from wmdata.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
EDITS = 1_000
# Round-trips that keep the list at 75 points: add and remove an officer, change the
# Courser's head and change it back, move the third 'jack to a marshal and back.
CYCLE = [
    {"op": "add", "model": "legionnaire-officer"},
    {"op": "remove", "path": "solos[1]"},
    {"op": "set", "path": "casters[0].battlegroup[0].hardpoints.head", "value": "arc-node-head"},
    {"op": "set", "path": "casters[0].battlegroup[0].hardpoints.head", "value": "shield-guard-head"},
    {"op": "move", "path": "casters[0].battlegroup[2]", "to": "solos[0]"},
    {"op": "move", "path": "solos[0].jacks[0]", "to": "casters[0]"},
]


def pitched_battle_list() -> ArmyList:
    """The sample (50 points) plus a Courser, Stormblades and Thunderers (9 + 6 + 10)."""
    sample = read_list((ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml").read_bytes()).army
    assert sample is not None
    athena = sample.casters[0]
    courser = WarjackChoice(model="Courser", hardpoints={"head": "Shield Guard", "right_arm": "Heavy Stormthrower",
                                                          "left_arm": "Electrified Shield"})
    caster = athena.model_copy(update={"battlegroup": [*athena.battlegroup, courser]})
    units = [*sample.units, UnitChoice(model="Stormblade Legionnaires"), UnitChoice(model="Tempest Thunderers")]
    return sample.model_copy(update={"level": "pitched-battle", "points": 75, "casters": [caster], "units": units,
                                     "name": "Pitched Battle (bench)"})


def main() -> None:
    registry = Registry.from_loaded(load_files([builtin_content_dir()]))
    army = pitched_battle_list()
    raw = new_list_text(army).encode("utf-8")
    report = validate_list_bytes(raw, "bench.yaml", registry)
    assert report.legal and report.context is not None and report.context.points.total == 75, report.diagnostics

    validate_best = best_of(50, lambda: validate_list_bytes(raw, "bench.yaml", registry))

    client = TestClient(create_app(registry))
    code = encode(army)
    times, baseline = [], []
    after_cycles = set()
    for index in range(EDITS):
        edit = CYCLE[index % len(CYCLE)]
        start = time.perf_counter()  # the baseline runs between edits, so both see the same machine load
        validate_list_bytes(raw, "bench.yaml", registry)
        baseline.append(time.perf_counter() - start)
        start = time.perf_counter()
        response = client.post("/api/lists/edit", json={"code": code, "edit": edit})
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.text
        code = response.json()["code"]
        if index % len(CYCLE) == len(CYCLE) - 1:
            after_cycles.add(code)
    assert len(after_cycles) == 1, "every full cycle of edits should come back to the same list"
    times.sort()
    baseline.sort()
    p50, p95 = statistics.median(times), times[int(0.95 * len(times)) - 1]
    validate_once, validate_p95 = statistics.median(baseline), baseline[int(0.95 * len(baseline)) - 1]

    page_times = []
    for _ in range(30):
        start = time.perf_counter()
        page = client.get(f"/build?code={code}")
        page_times.append(time.perf_counter() - start)
    weight = len(page.content) + sum(len(client.get(f"/static/{name}").content)
                                     for name in ("builder.css", "builder.js"))

    print(f"list: {len(army.casters[0].battlegroup)} warjacks, {len(army.units)} units, {len(army.solos)} solo, "
          f"{len(army.command_cards)} cards; {report.context.points.total} of 75 points, legal")
    print(f"one in-process list validate (bytes -> report), {EDITS} runs between the edits: "
          f"p50 {validate_once * 1000:.2f} ms, p95 {validate_p95 * 1000:.2f} ms (best of 50 alone: "
          f"{validate_best * 1000:.2f} ms)")
    print(f"{EDITS} edits through POST /api/lists/edit: p50 {p50 * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms")
    print(f"ratio edit / list validate: p50 {p50 / validate_once:.2f}, p95 {p95 / validate_p95:.2f}")
    entries = page.text.count('class="cat-entry')
    print(f"builder page (list + catalogue of {entries} entries): "
          f"median {statistics.median(page_times) * 1000:.1f} ms to render, {len(page.content) / 1024:.1f} KB HTML, "
          f"{weight / 1024:.1f} KB with stylesheet and script")


if __name__ == "__main__":
    main()
