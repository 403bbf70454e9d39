"""Run a folder or file of example content through the per-file and cross-file checks.

Examples are checked on their own, without the built-in library as a fallback, so
their expected diagnostics never change when the shipped content grows.
"""

from __future__ import annotations

import os
from pathlib import Path

from wmdata.content.crosscheck import cross_check
from wmdata.content.library import check_files, discover
from wmdata.diagnostics import sort_diagnostics


def check_example(path: Path) -> list[str]:
    """Formatted diagnostics, with file names relative to the example's folder."""
    path = path.resolve()
    base = path if path.is_dir() else path.parent
    old = Path.cwd()
    os.chdir(base)
    try:
        files = discover([path])
        checked = check_files(files, use_cache=False)
        diagnostics = [p.replace(file=f.name) for f in checked for p in f.summary.problems]
        diagnostics.extend(cross_check([(f.name, f.summary) for f in checked]))
        return [d.format() for d in sort_diagnostics(diagnostics)]
    finally:
        os.chdir(old)


def example_cases(folder: Path) -> list[Path]:
    """Each ``*.yaml`` file directly in ``folder`` and each sub-folder is one case."""
    cases = [p for p in folder.iterdir() if p.is_dir() or p.suffix == ".yaml"]
    return sorted(cases)


def expected_file(case: Path) -> Path:
    return case / "expected.txt" if case.is_dir() else case.with_suffix(".expected")
