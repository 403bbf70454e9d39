"""The built-in library, loaded once per test process for the attack-engine tests."""

from __future__ import annotations

from functools import cache

from wmdata.content.library import load_files
from wmdata.content.registry import Registry


@cache
def library() -> Registry:
    return Registry.from_loaded(load_files())
