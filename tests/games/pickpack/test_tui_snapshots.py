"""Snapshot tests of the Textual UI (pytest-textual-snapshot), at 80x24 and 120x36 (and
the mid-game at 200x60).

Each position is built through the engine API from a seed and moves in canonical text
(docs/engine.md), so the pictures are reproducible. Every accepted SVG was reviewed by
eye. Regenerate with ``pytest tests/games/pickpack/test_tui_snapshots.py --snapshot-update`` and review
the new pictures before committing them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pickpack.games.pickpack import placements_from_seed

from tests.support.tui_apps import MID_GAME, SEATS, PickPackApp, placed, settled
from pickpack_tui.session import GameSession

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 36), id="120x36")]

def _finished(seed: int) -> PickPackApp:
    """A game played to its end by uniformly random moves (random.Random(seed))."""
    state = GameSession.new(SEATS, seed=seed).state
    for kind in placements_from_seed(seed)["red"] + placements_from_seed(seed)["blue"]:
        state.apply_action("PWRQXM".index(kind))
    rng = random.Random(seed)
    moves = []
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        moves.append(move.text)
        state.apply(move)
    return placed(seed, moves)


@pytest.mark.parametrize("size", SIZES)
def test_placement_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    # PP-S3: Red's draft on the column ends, Blue's spaces hidden (?), the deal visible.
    assert snap_compare(PickPackApp(GameSession.new(SEATS, seed=3), bot_delay=0), terminal_size=size, run_before=settled())


@pytest.mark.parametrize("size", SIZES)
def test_opening_position(snap_compare: Any, size: tuple[int, int]) -> None:
    # Grabber on the 6-apple tray (PP-S2); Red's legal destinations are its row (PP-M1).
    assert snap_compare(placed(3, []), terminal_size=size, run_before=settled())


@pytest.mark.parametrize("size", SIZES)
def test_mid_game_position(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(placed(5, MID_GAME), terminal_size=size, run_before=settled())


@pytest.mark.parametrize("size", SIZES)
def test_target_choice_prompt(snap_compare: Any, size: tuple[int, int]) -> None:
    # From d6 Red moves right to the empty e6 and activates eB: which crate to close?
    # Crates already closed are listed but unavailable.
    assert snap_compare(placed(5, MID_GAME), terminal_size=size, run_before=settled("right", "enter"))


@pytest.mark.parametrize("size", SIZES)
def test_game_over_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    # Crate-by-crate scoring (PP-E3) and the winner (PP-E4).
    assert snap_compare(_finished(9), terminal_size=size, run_before=settled())


def test_mid_game_position_light_theme(snap_compare: Any) -> None:
    # The same table after pressing t (light theme): every state still tells apart.
    assert snap_compare(placed(5, MID_GAME), terminal_size=(80, 24), run_before=settled("t"))


def test_mid_game_position_at_200x60(snap_compare: Any) -> None:
    # A large terminal (issue 22): the board grows (three-row squares), the crates stay
    # next to it (the side column stops at 64 columns), their totals near their trays.
    assert snap_compare(placed(5, MID_GAME), terminal_size=(200, 60), run_before=settled())
