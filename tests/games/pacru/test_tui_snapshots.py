"""Snapshot tests of PACRU's face (pytest-textual-snapshot): the board with 2 and 4
players at 80x24, mid-game, with a chevron selected and its destinations marked.

Positions come from ``advance``: a fixed rule over the engine's ascending legal moves,
so the pictures are the same with any PACRU State. Every accepted SVG was reviewed by
eye. Regenerate with ``pytest tests/games/pacru/test_tui_snapshots.py --snapshot-update`` and
review the new pictures before committing them.
"""

from __future__ import annotations

from typing import Any

from pickpack_tui.app import GameApp
from pickpack_tui.session import GameSession
from tests.support.tui_apps import settled
from pickpack.games.pacru.encoding import SEAT_NAMES

__all__ = ["advance"]


def advance(session: GameSession, plies: int) -> None:
    """Play ``plies`` moves: at ply k the move ``move_actions()[(7 * k + 3) % count]``."""
    state: Any = session.state
    for k in range(plies):
        moves = state.move_actions()
        state.apply_action(moves[(7 * k + 3) % len(moves)])


def _app(players: int, plies: int) -> GameApp:
    session = GameSession.new({name: "human" for name in SEAT_NAMES[players]}, seed=1, game="pacru")
    advance(session, plies)
    return GameApp(session, bot_delay=0)


def test_two_players_mid_game_with_a_chevron_selected(snap_compare: Any) -> None:
    # 16 plies in; South (to move) has chosen the chevron under the cursor: its legal
    # destinations are bracketed, its power and attacks are on the cursor's line.
    assert snap_compare(_app(2, 16), terminal_size=(80, 24), run_before=settled("enter"))


def test_four_players_mid_game(snap_compare: Any) -> None:
    # 4 seats (south, west, north, east), 3 chevrons each, target 24 (PA-C4, PA-C5).
    assert snap_compare(_app(4, 20), terminal_size=(80, 24), run_before=settled())
