"""How much the web builder adds to the army builder's own work.

Runs 1,000 edits of a 75-point MkIV list (the seed 000 sample army grown to Pitched Battle)
through ``POST /api/lists/edit`` in-process, each twice: handed straight to the ASGI
application (request parsing, the edit, validation of the result, the JSON answer) and through
Starlette's test client (which adds an HTTP client and a thread hand-off), and prints the median and 95th percentile
per edit against an in-process ``list validate`` of the same list, run between the edits (its bytes read, checked
and validated: what the command does without starting Python), measured in the same run.
An edit carries its list as a share code (JSON inside), so it skips the YAML reading that
``list validate`` does: the ratio can be below 1.
Also the builder page: its render time and its weight (HTML + stylesheet + script) in KB.

    .venv/bin/python benchmarks/bench_serve.py
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from starlette.applications import Starlette
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


def asgi_post(app: Starlette, loop: asyncio.AbstractEventLoop, path: str, body: bytes) -> tuple[int, bytes]:
    """One POST handed straight to the application, without an HTTP client: what the server
    itself costs, apart from the test client's own work."""
    messages: list[dict[str, Any]] = []
    request = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return request.pop() if request else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json")],
             "http_version": "1.1", "scheme": "http",
             "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 1), "root_path": ""}
    loop.run_until_complete(app(scope, receive, send))
    return messages[0]["status"], b"".join(m.get("body", b"") for m in messages[1:])


def main() -> None:
    registry = Registry.from_loaded(load_files([builtin_content_dir()]))
    army = pitched_battle_list()
    raw = new_list_text(army).encode("utf-8")
    report = validate_list_bytes(raw, "bench.yaml", registry)
    assert report.legal and report.context is not None and report.context.points.total == 75, report.diagnostics

    validate_best = best_of(50, lambda: validate_list_bytes(raw, "bench.yaml", registry))

    app = create_app(registry)
    client = TestClient(app, base_url="http://127.0.0.1")
    loop = asyncio.new_event_loop()
    code = encode(army)
    times, baseline, direct = [], [], []
    after_cycles = set()
    for index in range(EDITS):
        edit = CYCLE[index % len(CYCLE)]
        start = time.perf_counter()  # the baseline runs between edits, so both see the same machine load
        validate_list_bytes(raw, "bench.yaml", registry)
        baseline.append(time.perf_counter() - start)
        body = json.dumps({"code": code, "edit": edit}).encode()
        start = time.perf_counter()
        status, answer = asgi_post(app, loop, "/api/lists/edit", body)
        direct.append(time.perf_counter() - start)
        start = time.perf_counter()
        response = client.post("/api/lists/edit", content=body, headers={"content-type": "application/json"})
        times.append(time.perf_counter() - start)
        assert response.status_code == status == 200, response.text
        assert json.loads(answer)["code"] == response.json()["code"]
        code = response.json()["code"]
        if index % len(CYCLE) == len(CYCLE) - 1:
            after_cycles.add(code)
    assert len(after_cycles) == 1, "every full cycle of edits should come back to the same list"
    times.sort()
    baseline.sort()
    direct.sort()
    p50, p95 = statistics.median(times), times[int(0.95 * len(times)) - 1]
    direct_p50, direct_p95 = statistics.median(direct), direct[int(0.95 * len(direct)) - 1]
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
    print(f"{EDITS} edits, POST /api/lists/edit handed to the application: p50 {direct_p50 * 1000:.2f} ms, "
          f"p95 {direct_p95 * 1000:.2f} ms; ratio to list validate p50 {direct_p50 / validate_once:.2f}, "
          f"p95 {direct_p95 / validate_p95:.2f}")
    print(f"the same edits through Starlette's TestClient (httpx2): p50 {p50 * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms; "
          f"ratio p50 {p50 / validate_once:.2f}, p95 {p95 / validate_p95:.2f}")
    entries = page.text.count('class="cat-entry')
    print(f"builder page (list + catalogue of {entries} entries): "
          f"median {statistics.median(page_times) * 1000:.1f} ms to render, {len(page.content) / 1024:.1f} KB HTML, "
          f"{weight / 1024:.1f} KB with stylesheet and script")


if __name__ == "__main__":
    main()
