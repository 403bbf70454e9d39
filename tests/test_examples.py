"""The example trees: valid content yields no diagnostic at all (warnings included);
each invalid case yields exactly the diagnostic lines stored beside it.

Regenerate the expected files after a deliberate change with
``WMDATA_REGENERATE=1 pytest tests/test_examples.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from tests.examples_support import check_example, example_cases, expected_file

VALID = example_cases(EXAMPLES / "valid" / "content")
INVALID = example_cases(EXAMPLES / "invalid" / "content")


@pytest.mark.parametrize("case", VALID, ids=[c.name for c in VALID])
def test_valid_example_is_clean(case: Path) -> None:
    assert check_example(case) == []


@pytest.mark.parametrize("case", INVALID, ids=[c.name for c in INVALID])
def test_invalid_example_reports_exactly(case: Path) -> None:
    lines = check_example(case)
    expected = expected_file(case)
    if os.environ.get("WMDATA_REGENERATE"):
        expected.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert lines, "an invalid example must produce at least one diagnostic"
    assert "\n".join(lines).splitlines() == expected.read_text(encoding="utf-8").splitlines()


def test_every_invalid_case_has_expectations() -> None:
    missing = [case.name for case in INVALID if not expected_file(case).exists()]
    assert missing == []


def test_trees_are_not_empty() -> None:
    assert len(VALID) >= 5 and len(INVALID) >= 25
