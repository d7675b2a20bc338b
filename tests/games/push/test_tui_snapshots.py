"""Snapshot tests of PUSH's face (pytest-textual-snapshot), at 80x24 (and the mid-game
at 120x36).

Positions come from the session's seeded chance draws and tests.games.push.test_tui.play's
seeded decisions, or from a hand-built snapshot, so the pictures are reproducible with
any PUSH implementation. Every accepted SVG was reviewed by eye. Regenerate with
``pytest tests/games/push/test_tui_snapshots.py --snapshot-update`` and review the new
pictures before committing them.
"""

from __future__ import annotations

from typing import Any

import pytest

from pickpack_tui.app import GameApp
from pickpack_tui.session import GameSession
from tests.support.tui_apps import settled
from tests.games.push.test_tui import BANKS_SIX, FULL_STACKS, SIX, six_benches, play, session_at

HOT4 = {f"p{i}": "human" for i in range(1, 5)}


def _mid_game() -> GameApp:
    """Seed 12, 170 plies by tests.games.push.test_tui.play, four people at the keyboard: P4
    has drawn Y4 and must place it; stacks B1+roll and B4; five switch cards drawn, so
    the collection runs against seat order (PU-S2); P4's bank holds B1 Y2."""
    session = GameSession.new(HOT4, seed=12, game="push")
    play(session, 170, 12)
    return GameApp(session, bot_delay=0)


def test_start_position(snap_compare: Any) -> None:
    # One person (P1) against two bots: the full deck of 120 (PU-C1), empty table, P1
    # may only push (an empty bench banks nothing, PU-B2).
    session = GameSession.new({"p1": "human", "p2": "random", "p3": "random"}, seed=3, game="push")
    assert snap_compare(GameApp(session, bot_delay=0), terminal_size=(80, 24), run_before=settled())


@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((120, 36), id="120x36")])
def test_mid_game_hot_seat(snap_compare: Any, size: tuple[int, int]) -> None:
    # After the hand-over (Enter): P4's view, P4's bank face up, the others' as counts (PU-V1).
    assert snap_compare(_mid_game(), terminal_size=size, run_before=settled("enter"))


def test_mid_game_hand_over_screen(snap_compare: Any) -> None:
    # Before P4 confirms, nothing of the table is shown.
    assert snap_compare(_mid_game(), terminal_size=(80, 24), run_before=settled())


def test_six_seats_collecting(snap_compare: Any) -> None:
    # Six seats, long benches, three full stacks; P1 takes first, against seat order.
    session = session_at(SIX, six_benches(), BANKS_SIX, FULL_STACKS, phase="collect", turn=0, actor=0,
                         switches=1)
    assert snap_compare(GameApp(session, bot_delay=0), terminal_size=(80, 24), run_before=settled())
