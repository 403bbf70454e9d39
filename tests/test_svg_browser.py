"""The SVG cards as Chromium draws them: every card of the built-in content on one page.

SVG has no text flow, so ``wmdata.render.svgcard`` places every line itself from the
same split and type-size decisions as the HTML cards.  Here Chromium lays the SVG out
with real fonts and the test reads back, for each card face: that every text's box lies
inside the card's edge, that no text is printed smaller than 6.5 pt (its font size times
the drawing's scale on the page, at true size: 1 mm = 96/25.4 px), and that no two texts
overlap, nor does any line of text run over the damage track's boxes and circles.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.render_support import registry
from tests.test_browser import CHROMIUM, _chromium
from wmdata.render.cards import CardBuilder
from wmdata.render.cardsheet import cards_svg
from wmdata.render.sheets import CARD_HEIGHT_MM, CARD_WIDTH_MM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
MIN_PT = 6.5
PX_PER_MM = 96 / 25.4

MEASURE = """
<script>
window.addEventListener('load', () => {
  const out = {faces: [], outside: [], small: [], overlaps: [], onShapes: []};
  const trackLabels = ['row-label', 'column-number', 'system-letter', 'branch-number', 'circle-letter'];
  for (const face of document.querySelectorAll('g[data-card]')) {
    const name = face.dataset.card + ':' + face.dataset.side;
    const edge = face.querySelector('rect.edge').getBoundingClientRect();
    const boxes = [];
    const shapes = [...face.querySelectorAll('rect:not(.edge):not(.bar), circle, line')]
      .map((shape) => shape.getBoundingClientRect());
    for (const text of face.querySelectorAll('text')) {
      if (!text.textContent.trim()) continue;
      const r = text.getBoundingClientRect();
      const label = name + ' "' + text.textContent.slice(0, 30) + '"';
      if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5 || r.top < edge.top - 0.5
          || r.bottom > edge.bottom + 0.5) out.outside.push(label);
      const m = text.getScreenCTM();
      const pt = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b) * 0.75;
      if (pt < MIN_PT - 0.001) out.small.push(label + ' ' + pt.toFixed(2) + 'pt');
      // Glyph boxes include the font's line gap; shrink each a little so lines set
      // solid do not count, but a line drawn over another does.
      const inset = r.height * 0.2;
      for (const other of boxes) {
        if (r.left + 0.5 < other.r.right && other.r.left + 0.5 < r.right
            && r.top + inset < other.r.bottom - other.inset && other.r.top + other.inset < r.bottom - inset) {
          out.overlaps.push(label + ' over "' + other.text + '"');
        }
      }
      const inTrack = trackLabels.some((label) => text.classList.contains(label));
      if (!inTrack && shapes.some((s) => r.left < s.right && s.left < r.right
                                       && r.top + inset < s.bottom && s.top < r.bottom - inset)) {
        out.onShapes.push(label);
      }
      boxes.push({r: r, inset: inset, text: text.textContent.slice(0, 30)});
    }
    out.faces.push({name: name, width: edge.width, height: edge.height});
  }
  const pre = document.createElement('pre');
  pre.id = 'wmdata-measure';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
""".replace("MIN_PT", str(MIN_PT))


def test_every_svg_card_keeps_its_text_inside_the_card_at_six_and_a_half_points(tmp_path: Path) -> None:
    builder = CardBuilder(registry())
    cards = [card for item in registry() if item.category.startswith("model:") for card in builder.cards_for(item)]
    svg = cards_svg(cards)
    page = tmp_path / "svg-cards.html"
    inline = svg.split("?>", 1)[1]  # the XML declaration is not allowed inside HTML
    page.write_text(f"<!DOCTYPE html><html><body style='margin:0'>{inline}{MEASURE}</body></html>",
                    encoding="utf-8")
    dumped = _chromium("--window-size=1000,1400", "--virtual-time-budget=5000", "--dump-dom", page.as_uri(),
                       profile=tmp_path / "profile")
    found = re.search(r'<pre id="wmdata-measure">(.*?)</pre>', dumped.stdout, re.S)
    assert found, f"Chromium produced no measurements: {dumped.stderr[-2000:]}"
    data = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<")
                      .replace("&gt;", ">"))
    faces = data["faces"]
    assert len(faces) == 2 * len(cards), "every card has a front and a back in the SVG"
    for face in faces:  # true size: 63.5 x 88.9 mm
        assert abs(face["width"] - CARD_WIDTH_MM * PX_PER_MM) <= 1, face
        assert abs(face["height"] - CARD_HEIGHT_MM * PX_PER_MM) <= 1, face
    assert data["outside"] == [], data["outside"]
    assert data["small"] == [], data["small"]
    assert data["overlaps"] == [], data["overlaps"]
    assert data["onShapes"] == [], data["onShapes"]
