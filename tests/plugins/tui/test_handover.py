"""Hot-seat hand-overs (issue 12 item 2, PP-V2) and covered crates (item 22) in the UI.

Whose private view is on screen is ``app.viewer``; every change of it in hot-seat (a
move, undo, load, new game, game over, a bot seat handed to a person) must pass the
hand-over screen first, and the board must never be on top showing another player's
view than the one who last confirmed a hand-over.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from pickpack.games.pickpack import State, placements_from_seed
from textual.pilot import Pilot

from tests.support.tui_apps import PickPackApp, shown
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.file_screen import FileScreen
from pickpack.games.pickpack.tui.game_over_screen import GameOverScreen
from pickpack_tui.screens.handover_screen import HandOverScreen
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack_tui.session import GameSession
from pickpack.games.pickpack.tui.widgets.crate import CrateView
from tests.plugins.tui.test_pilot import _first_grab, check_screen, play_move

HOT = {"red": "human", "blue": "human"}


def _red_crates_hidden(app: PickPackApp) -> bool:
    """True when the board screen shows none of Red's trays beyond count/top (Blue's view)."""
    return all("trays" not in c.crate for c in app.board_screen.query(CrateView) if c.owner == "red")


async def _hand_over(pilot: Pilot[Any], player: str | None) -> None:
    screen = await shown(pilot, HandOverScreen)
    assert screen.player == player
    await pilot.press("enter")


async def _to_play(pilot: Pilot[Any]) -> None:
    """From the start of a hot-seat game: both placements committed, Red at the board."""
    for player in ("red", "blue"):
        await _hand_over(pilot, player)
        await shown(pilot, PlacementScreen)
        await pilot.press("c")
    await _hand_over(pilot, "red")
    await shown(pilot, pilot.app.board_screen)          # type: ignore[attr-defined]


async def _blue_at_the_board(pilot: Pilot[Any], app: PickPackApp, moves: int) -> None:
    """Play ``moves`` first grabs (odd), handing over each time: Blue is at the board."""
    for i in range(moves):
        await play_move(pilot, _first_grab(app.session.state), mouse=False)
        await _hand_over(pilot, "blue" if i % 2 == 0 else "red")
    await shown(pilot, app.board_screen)
    assert app.viewer == "blue" and app.session.state.current_player == "blue"
    assert _red_crates_hidden(app)


def test_undo_on_blues_turn_hands_over_to_red_before_showing_reds_view() -> None:
    # The issue's instance: hot-seat, seed 11, a few moves, then u on Blue's turn.
    async def run() -> None:
        app = PickPackApp(GameSession.new(HOT, seed=11), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _to_play(pilot)
            await _blue_at_the_board(pilot, app, 3)
            await pilot.press("u")
            screen = await shown(pilot, HandOverScreen)
            assert screen.player == "red" and app.session.state.current_player == "red"
            assert app.viewer == "blue" and _red_crates_hidden(app)   # nothing of Red's drawn
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            assert app.viewer == "red"
            check_screen(app)
    asyncio.run(run())


def test_load_new_game_and_game_over_hand_over_first(tmp_path: Path) -> None:
    async def run() -> None:
        path = tmp_path / "hot.json"
        app = PickPackApp(GameSession.new(HOT, seed=11), bot_delay=0, save_path=str(path))
        async with app.run_test(size=(80, 24)) as pilot:
            await _to_play(pilot)
            await pilot.press("s")                           # saved with Red to move
            await shown(pilot, FileScreen)
            await pilot.press("enter")
            await _blue_at_the_board(pilot, app, 1)
            # Load (over Blue's unsaved view): Red is to move in the file.
            await pilot.press("l")
            await shown(pilot, FileScreen)
            await pilot.press("enter")
            await shown(pilot, ConfirmScreen)
            await pilot.press("y")
            screen = await shown(pilot, HandOverScreen)
            assert screen.player == "red" and app.session.loaded_from == str(path)
            assert app.viewer == "blue"
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            assert app.viewer == "red"
            check_screen(app)
            # New game from Blue's view: the hand-over to Red (placement) comes first.
            await _blue_at_the_board(pilot, app, 1)
            await pilot.press("n")
            await shown(pilot, ConfirmScreen)
            await pilot.press("y")
            assert (await shown(pilot, HandOverScreen)).player == "red"
            assert app.session.seed == 12 and app.viewer == "blue"
    asyncio.run(run())


def _one_move_from_the_end(seed: int) -> tuple[GameSession, int]:
    """A hot-seat session (placements dealt from ``seed``) after random grabs, where the
    returned action of the player to move ends the game."""
    session = GameSession.new(HOT, seed=seed, placements=placements_from_seed(seed))
    rng = random.Random(seed)
    state = session.state
    while True:
        for action in state.legal_actions():
            after: State = state.copy()
            after.apply_action(action)
            if after.is_terminal():
                session.mark_saved()
                return session, action
        state.apply_action(rng.choice(state.legal_actions()))


def test_game_over_in_hot_seat_calls_both_players_before_the_open_table() -> None:
    async def run() -> None:
        session, last = _one_move_from_the_end(21)
        app = PickPackApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            mover = session.state.current_player
            await _hand_over(pilot, mover)                # the first view needs a hand-over
            await shown(pilot, app.board_screen)
            await play_move(pilot, last, mouse=False)
            assert session.state.is_terminal()
            screen = await shown(pilot, HandOverScreen)
            assert screen.player is None                  # both players: scoring is open (PP-E3)
            assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
            assert app.viewer == mover
            await pilot.press("enter")
            over = await shown(pilot, GameOverScreen)
            assert app.viewer is None
            assert over.focused is not None and over.focused.id == "board"
            await pilot.press("enter")                    # Enter out of habit: the board
            await shown(pilot, app.board_screen)
            assert app.session is session
            check_screen(app)                             # everything shown, the game is over
            # Undo from the end: the next player's private view again needs a hand-over.
            await pilot.press("u")
            assert (await shown(pilot, HandOverScreen)).player == mover
            assert app.viewer is None
    asyncio.run(run())


def test_the_board_only_ever_shows_the_view_of_whoever_took_the_keyboard() -> None:
    # The kind: moves and undos in a random order; whenever the board is on top,
    # its viewer is the player who confirmed the last hand-over, and it shows that
    # player's observation (check_screen).
    async def run() -> None:
        app = PickPackApp(GameSession.new(HOT, seed=23), bot_delay=0)
        rng = random.Random(23)
        async with app.run_test(size=(80, 24)) as pilot:
            await _to_play(pilot)
            at_keyboard: str | None = "red"
            for _ in range(6):
                state = app.session.state
                if state.is_terminal():
                    break
                if rng.random() < 0.3 and app.session.can_undo():
                    await pilot.press("u")
                else:
                    await play_move(pilot, _first_grab(state), mouse=False)
                await pilot.pause()
                if isinstance(app.screen, HandOverScreen):
                    at_keyboard = app.screen.player
                    assert app.viewer != at_keyboard
                    await pilot.press("enter")
                await shown(pilot, app.board_screen)
                assert app.viewer == at_keyboard == app.session.state.current_player
                check_screen(app)
    asyncio.run(run())


def test_closed_opponent_crate_shows_status_and_count_without_top() -> None:
    # Item 22: a Premium or Wholesale tile covers a closed crate (PP-V2).
    crate = CrateView("red", 1)
    crate.show({"count": 2, "top": None, "status": "premium"}, None)
    text = str(crate.render())
    assert "PREMIUM" in text and "×2" in text and "top" not in text
    crate.show({"count": 3, "top": 1, "status": "open"}, None)
    assert str(crate.render()).rstrip().endswith("×3  top 1")
    crate.show({"trays": [2, 5], "status": "wholesale"}, 3)
    assert str(crate.render()).split("×2", 1)[1].split() == ["2", "5", "=", "3"]


def test_the_issues_position_draws_reds_closed_crates_without_top_for_blue() -> None:
    from pickpack.games.pickpack import from_position
    state = from_position("....../....../111111/222222/233344/444555 a6 r r "
                          "pPwQXMRRWQXM/MMXXQQRRwwpP 23,P34,W33,W111/W5,P1,6,- 0/0",
                          checked=False)      # hand-made in the issue; only the crates matter
    lines = []
    for index, data in enumerate(state.observation("blue")["crates"]["red"]):
        crate = CrateView("red", index)
        crate.show(data, None)
        lines.append(" ".join(str(crate.render()).split()))
    assert lines == ["1 open ×2 top 3", "2 PREMIUM ×2", "3 wholesale ×2", "4 wholesale ×3"]


def test_move_prompts_name_a_covered_crate_without_its_top() -> None:
    from pickpack.games.pickpack import from_position
    from pickpack.games.pickpack.tui.move_choices import Questions
    state = from_position("....../....../111111/222222/233344/444555 a6 r r "
                          "pPwQXMRRWQXM/MMXXQQRRwwpP 23,P34,W33,W111/W5,P1,6,- 0/0", checked=False)
    questions = Questions(state.observation("blue"), "blue", [6])   # any action: labels only
    labels = [questions._crate_label("red", c) for c in range(4)]
    assert labels == ["crate 1 (open, 2 trays, top 3)", "crate 2 (premium, 2 trays)",
                      "crate 3 (wholesale, 2 trays)", "crate 4 (wholesale, 3 trays)"]
