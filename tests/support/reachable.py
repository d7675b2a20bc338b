"""Helpers of the reachability tests (tests/games/push/test_reachable.py,
tests/games/pacru/test_reachable.py): a game's engine State and its plain-Python reference
must refuse the same impossible positions at the same place, and accept every position
a game reaches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pickpack.errors import PositionError


def refusal(implementations: Sequence[Any], text: str) -> tuple[str, int, str]:
    """(field, column, rule) of the PositionError every implementation raises for
    ``text``; they must agree on it and on the reason."""
    errors = []
    for cls in implementations:
        with pytest.raises(PositionError) as info:
            cls.from_position(text)
        errors.append(info.value)
    assert len({(e.field, e.column, e.rule, e.reason) for e in errors}) == 1
    return errors[0].field, errors[0].column, errors[0].rule


def loads(implementations: Sequence[Any], text: str) -> None:
    """Every implementation loads ``text`` (checked) and writes it back."""
    for cls in implementations:
        assert cls.from_position(text).to_position() == text


def assert_reachable(implementations: Sequence[Any], text: str) -> None:
    """``text`` loads through the position string and through the snapshot (the first
    implementation's) in every implementation, and writes back the same."""
    snap = implementations[0].from_position(text).snapshot()
    for cls in implementations:
        assert cls.from_snapshot(snap).to_position() == text
        assert cls.from_position(text).to_position() == text
