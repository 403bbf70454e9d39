"""``collector_paused`` (content/library.py) switches the cyclic garbage collector off for
a library read and always leaves it as it found it, even when the body raises."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from wmdata.content.library import collector_paused


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_off_inside_and_on_again_after(collector_on: None) -> None:
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_on_again_after_an_exception(collector_on: None) -> None:
    with pytest.raises(ValueError, match="boom"), collector_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off(collector_on: None) -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()
