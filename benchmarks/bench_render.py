"""Benchmark: rendering every shipped card to one HTML print sheet.

Prints the time to build the card view models and render the whole sheet, the time per
card, and, as a baseline measured in the same process, the time jinja2 takes to render
a trivial template once per card (so the ratio says what our layout work costs over
bare templating on this machine, whatever its speed).  Best of several runs.

    python benchmarks/bench_render.py [--repeat N]
"""

from __future__ import annotations

import argparse

import jinja2
from timing import best_of

from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.render.cards import CardBuilder
from wmdata.render.cardsheet import cards_html, cards_svg, cards_text
from wmdata.render.views import Card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    registry = Registry.from_loaded(load_files())
    models = [item for item in registry if item.category.startswith("model:")]
    builder = CardBuilder(registry)
    cards: list[Card] = [card for item in models for card in builder.cards_for(item)]

    build = best_of(args.repeat, lambda: [builder.cards_for(item) for item in models])
    html = best_of(args.repeat, lambda: cards_html(cards))
    svg = best_of(args.repeat, lambda: cards_svg(cards))
    text = best_of(args.repeat, lambda: cards_text(cards))
    trivial = jinja2.Environment(autoescape=True).from_string("<div>{{ card.title }}</div>")
    baseline = best_of(args.repeat, lambda: [trivial.render(card=card) for card in cards])

    count = len(cards)
    size = len(cards_html(cards).encode("utf-8"))
    print(f"{len(models)} models -> {count} cards (fronts and backs), HTML sheet {size / 1e6:.1f} MB, "
          f"best of {args.repeat}")
    print(f"build card views   {build:8.3f} s  {build / count * 1e3:7.3f} ms/card")
    print(f"render HTML sheet  {html:8.3f} s  {html / count * 1e3:7.3f} ms/card")
    print(f"render SVG         {svg:8.3f} s  {svg / count * 1e3:7.3f} ms/card")
    print(f"render text        {text:8.3f} s  {text / count * 1e3:7.3f} ms/card")
    print(f"baseline (trivial jinja2 template per card) {baseline:.4f} s")
    print(f"ratio (build + HTML) / baseline: {(build + html) / baseline:.1f}")


if __name__ == "__main__":
    main()
