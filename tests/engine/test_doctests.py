"""The examples in the docstrings of every module of pickpack/ and plugins/ run
(issue 8, "Keep": the doctests of every public module)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import pickpack
import pickpack_bots
import pickpack_ppn
import pickpack_tui

PACKAGES = [pickpack, pickpack_bots, pickpack_ppn, pickpack_tui]


def modules() -> list[str]:
    """Every module of the packages, by name (``__main__`` scripts left out)."""
    names: list[str] = []
    for package in PACKAGES:
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(names)


def test_the_walk_finds_the_games_and_the_plugins() -> None:
    found = modules()
    assert "pickpack.games.pickpack.encoding" in found
    assert "pickpack.game" in found and "pickpack_ppn.reader" in found
    assert len(found) > 80


@pytest.mark.parametrize("name", modules())
def test_doctests_pass(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_documented_examples_are_many() -> None:
    tried = sum(doctest.testmod(importlib.import_module(name)).attempted for name in modules())
    assert tried >= 15
