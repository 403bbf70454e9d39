"""A rendered board as a browser draws it: headless Chromium loads the SVG inline, a small
script reports the drawn size of the board and of every base, and the test compares them
with the board file (positions flipped to SVG's downward y, 20 px to the inch).  Skipped,
with the reason, only where Chromium is not installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars"]
SCALE = 20

MEASURE = """
<script>
window.addEventListener('load', () => {
  const svg = document.querySelector('svg');
  const box = svg.getBoundingClientRect();
  const out = {width: box.width, height: box.height, scripts: document.scripts.length, bases: {}, templates: 0};
  for (const base of document.querySelectorAll('circle.base')) {
    const r = base.getBoundingClientRect();
    out.bases[base.dataset.id] = {x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2,
                                  width: r.width};
  }
  out.templates = document.querySelectorAll('polygon.template').length;
  out.title = document.querySelector('svg > title').textContent;
  const pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def _measure(tmp_path: Path, svg: Path, script: str) -> dict[str, Any]:
    """Load the SVG inline in headless Chromium with ``script``, which leaves its findings as JSON
    in ``<pre id="measure">``, and return them."""
    page = tmp_path / "page.html"
    page.write_text("<!doctype html><html><body style='margin:0'>" + svg.read_text(encoding="utf-8")
                    + script + "</body></html>", encoding="utf-8")
    assert CHROMIUM is not None
    dumped = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1400,1100",
                             "--virtual-time-budget=5000", "--dump-dom", page.as_uri()],
                            capture_output=True, text=True, timeout=120, check=False)
    found = re.search(r'<pre id="measure">(.*?)</pre>', dumped.stdout, re.S)
    assert found, dumped.stderr[-2000:]
    data: dict[str, Any] = json.loads(found.group(1).replace("&quot;", '"').replace("&lt;", "<")
                                      .replace("&gt;", ">").replace("&amp;", "&"))
    return data


def test_rendered_board_puts_every_base_where_the_board_says(tmp_path: Path) -> None:
    source = (ROOT / "tests" / "boards" / "mk3-forest-cloud.yaml").read_text(encoding="utf-8")
    board = tmp_path / "<b>board&.yaml"
    board.write_text(source, encoding="utf-8")
    svg = tmp_path / "board.svg"
    result = run_cli("board", "render", str(board), "-o", str(svg), "--aoe", "in-cloud", "--size", "4",
                     "--los", "viewer", "shallow")
    assert result.exit_code == 0, result.output
    data = _measure(tmp_path, svg, MEASURE)
    assert (data["width"], data["height"]) == (60 * SCALE, 48 * SCALE)
    assert data["scripts"] == 1, "the file name must stay text"
    assert data["title"] == "<b>board&.yaml"
    assert data["templates"] == 1
    expected = {"viewer": (5, 10, 30), "shallow": (12, 7, 30), "colossal": (24, 10, 120), "in-cloud": (12, 29.5, 30)}
    for name, (x, y, base) in expected.items():
        drawn = data["bases"][name]
        assert abs(drawn["x"] - x * SCALE) < 1 and abs(drawn["y"] - (48 - y) * SCALE) < 1, (name, drawn)
        assert abs(drawn["width"] - base / 25.4 * SCALE) < 1.5, (name, drawn)


MOVES = """
<script>
window.addEventListener('load', () => {
  const svg = document.querySelector('svg');
  const box = svg.getBoundingClientRect();
  const out = {rings: {}, paths: {}};
  for (const ring of document.querySelectorAll('circle.move-end, circle.contacted, circle.displaced, circle.mark')) {
    const r = ring.getBoundingClientRect();
    out.rings[ring.getAttribute('class') + ':' + ring.dataset.id] =
      {x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2, width: r.width};
  }
  for (const path of document.querySelectorAll('polyline.move-path')) {
    const points = [];
    for (let i = 0; i < path.points.numberOfItems; i++) {
      const p = path.points.getItem(i);
      points.push([p.x, p.y]);
    }
    out.paths[path.dataset.id] = points;
  }
  const pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def _drawn_moves(tmp_path: Path, board: str, *args: str) -> dict[str, Any]:
    svg = tmp_path / "moves.svg"
    result = run_cli("board", "render", str(ROOT / "tests" / "boards" / board), "-o", str(svg), *args)
    assert result.exit_code == 0, result.output
    return _measure(tmp_path, svg, MOVES)


def _at(drawn: dict[str, float], x: float, y: float, radius: float | None = None) -> bool:
    """A drawn ring is centred on board point (x, y) (48" table, y flipped) and, if given, that size."""
    centred = abs(drawn["x"] - x * SCALE) < 1 and abs(drawn["y"] - (48 - y) * SCALE) < 1
    return centred and (radius is None or abs(drawn["width"] - 2 * radius * SCALE) < 1.5)


def test_rendered_throw_draws_its_path_landing_contacts_and_displaced_model(tmp_path: Path) -> None:
    # The seed 000 throw example (tests/boards/mk4-slam-throw.yaml): the Courser (40 mm) goes from
    # (11.8, 30) to (15.8, 30); the Stryker-2 and the Mechanik are contacted; the Mechanik is moved
    # to (15.8, 30 + R40 + R30) by the rule of least disturbance.
    r40, r30 = 40 / 25.4 / 2, 30 / 25.4 / 2
    drawn = _drawn_moves(tmp_path, "mk4-slam-throw.yaml", "--throw", "tyrant", "courser", "--distance-roll", "5")
    rings = drawn["rings"]
    assert _at(rings["move-end:courser"], 15.8, 30, r40)
    assert _at(rings["contacted:stryker-2"], 17.571654, 30)
    assert _at(rings["contacted:mechanik"], 15.8, 31.2)
    assert _at(rings["displaced:mechanik"], 15.8, 30 + r40 + r30, r30)
    assert drawn["paths"]["courser"] == [[11.8 * SCALE, 18 * SCALE], [15.8 * SCALE, 18 * SCALE]]


def test_rendered_trample_draws_its_path_and_free_strikes(tmp_path: Path) -> None:
    # tests/boards/mk3-trample.yaml (seed 003 L1940): 8" from (10, 10) to (18, 10); A-E ringed as
    # trampled; f's free strike where the Carnivean left its reach.
    drawn = _drawn_moves(tmp_path, "mk3-trample.yaml", "--trample", "carnivean", "--direction", "0", "--spd", "5")
    rings = drawn["rings"]
    assert _at(rings["move-end:carnivean"], 18, 10, 50 / 25.4 / 2)
    for name, x, y in (("a", 11.8, 10), ("b", 13.0, 10), ("c", 14.2, 10), ("d", 15.4, 10), ("e", 16.2, 9.0)):
        assert _at(rings[f"contacted:{name}"], x, y), name
    assert _at(rings["mark:f"], 13.6 + ((50 / 25.4 / 2 + 30 / 25.4 / 2 + 0.5) ** 2 - 1.9 ** 2) ** 0.5, 10)
    assert drawn["paths"]["carnivean"] == [[10 * SCALE, 38 * SCALE], [18 * SCALE, 38 * SCALE]]


def test_rendered_advance_draws_its_path(tmp_path: Path) -> None:
    # tests/boards/mk3-advance.yaml: shade (incorporeal) advances 5" from (10, 30) to (15, 30)
    # through brute (seed 003 L825); its base is ringed where it ends.
    drawn = _drawn_moves(tmp_path, "mk3-advance.yaml", "--advance", "shade", "--to", "15", "30", "--spd", "5")
    assert _at(drawn["rings"]["move-end:shade"], 15, 30, 30 / 25.4 / 2)
    assert drawn["paths"]["shade"] == [[10 * SCALE, 18 * SCALE], [15 * SCALE, 18 * SCALE]]
