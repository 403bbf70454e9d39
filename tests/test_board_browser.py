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


def test_rendered_board_puts_every_base_where_the_board_says(tmp_path: Path) -> None:
    source = (ROOT / "tests" / "boards" / "mk3-forest-cloud.yaml").read_text(encoding="utf-8")
    board = tmp_path / "<b>board&.yaml"
    board.write_text(source, encoding="utf-8")
    svg = tmp_path / "board.svg"
    result = run_cli("board", "render", str(board), "-o", str(svg), "--aoe", "in-cloud", "--size", "4",
                     "--los", "viewer", "shallow")
    assert result.exit_code == 0, result.output
    page = tmp_path / "page.html"
    page.write_text("<!doctype html><html><body style='margin:0'>" + svg.read_text(encoding="utf-8")
                    + MEASURE + "</body></html>", encoding="utf-8")
    assert CHROMIUM is not None
    dumped = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1400,1100",
                             "--virtual-time-budget=5000", "--dump-dom", page.as_uri()],
                            capture_output=True, text=True, timeout=120, check=False)
    found = re.search(r'<pre id="measure">(.*?)</pre>', dumped.stdout, re.S)
    assert found, dumped.stderr[-2000:]
    data = json.loads(found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
                      .replace("&amp;", "&"))
    assert (data["width"], data["height"]) == (60 * SCALE, 48 * SCALE)
    assert data["scripts"] == 1, "the file name must stay text"
    assert data["title"] == "<b>board&.yaml"
    assert data["templates"] == 1
    expected = {"viewer": (5, 10, 30), "shallow": (12, 7, 30), "colossal": (24, 10, 120), "in-cloud": (12, 29.5, 30)}
    for name, (x, y, base) in expected.items():
        drawn = data["bases"][name]
        assert abs(drawn["x"] - x * SCALE) < 1 and abs(drawn["y"] - (48 - y) * SCALE) < 1, (name, drawn)
        assert abs(drawn["width"] - base / 25.4 * SCALE) < 1.5, (name, drawn)
