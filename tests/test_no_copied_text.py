"""No rules text in content/ is copied from the seeds, digests or reference data.

Every ``text:`` field is cut into overlapping runs of seven words; none may occur in
the shared sources.  Skipped (with the reason) when ../shared is not beside the
checkout, as the reference data is never part of the project.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.conftest import ROOT, SHARED
from wmdata.content.yamlio import load_yaml_bytes

RUN = 7
WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def _runs(words: list[str]) -> Iterator[tuple[str, ...]]:
    for start in range(len(words) - RUN + 1):
        yield tuple(words[start:start + RUN])


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "text" and isinstance(item, str):
                yield item
            else:
                yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


@pytest.fixture(scope="module")
def source_runs() -> set[tuple[str, ...]]:
    if not SHARED.is_dir():
        pytest.skip("../shared (seeds and reference data) is not beside the checkout")
    runs: set[tuple[str, ...]] = set()
    folders = [SHARED / "rules" / "seeds", SHARED / "rules" / "digests", SHARED / "reference"]
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".txt", ".md", ".json", ".xml"):
                runs.update(_runs(_words(path.read_text(encoding="utf-8", errors="replace"))))
    return runs


def test_content_texts_are_our_own_words(source_runs: set[tuple[str, ...]]) -> None:
    copied = []
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        data, _ = load_yaml_bytes(path.read_bytes())
        for text in _texts(data):
            shared = [" ".join(run) for run in _runs(_words(text)) if run in source_runs]
            if shared:
                copied.append(f"{path.relative_to(ROOT)}: {shared[0]!r} in {text[:60]!r}")
    assert copied == []
