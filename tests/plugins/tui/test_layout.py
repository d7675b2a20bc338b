"""The UI's layout for every game (issue 22, a new user's trial): a message is never cut,
the footer always shows help and quit at 80 columns, the side panels stay next to the
board at 200x60, a long seat name is cut with a visible ellipsis and listed in full in
the help, and the help's words are each game's own.

Every game: Pick & Pack, PUSH and PACRU through their faces, the dice race
(tests.support.plain_game) through the plain face.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from pickpack.games.pacru.tui.face import FACE as PACRU_FACE
from pickpack.games.pickpack.tui.face import FACE as PICKPACK_FACE
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack.games.push.tui.face import FACE as PUSH_FACE
from pickpack_tui.app import GameApp
from pickpack_tui.plain_face import PlainFace
from pickpack_tui.screens.help_screen import HelpScreen, _keys_markdown
from pickpack_tui.session import GameSession
from pickpack.face_kit.status_bar import StatusBar
from pickpack_tui.wording import abbreviated
from tests.support.tui_apps import MID_GAME, placed, screen_text, settle, shown
from tests.support.plain_game import DICE_RACE

LONG_BOT = "mcts:simulations=500"


def _pickpack() -> GameApp:
    app = placed(5, MID_GAME)
    app.session.seats["blue"] = LONG_BOT
    return app


def _push() -> GameApp:
    return GameApp(GameSession.new({"p1": "human", "p2": LONG_BOT, "p3": "random"}, seed=3, game="push"),
                   bot_delay=0)


def _pacru() -> GameApp:
    return GameApp(GameSession.new({"south": "human", "north": LONG_BOT}, seed=3, game="pacru"), bot_delay=0)


def _plain() -> GameApp:
    return GameApp(GameSession.new({"p1": "human", "p2": LONG_BOT, "p3": "random"}, seed=3, game=DICE_RACE),
                   bot_delay=0)


# (app, the id of the column beside the board)
GAMES: dict[str, tuple[Callable[[], GameApp], str]] = {
    "pickpack": (_pickpack, "#side"), "push": (_push, "#seats"), "pacru": (_pacru, "#pacru-side"),
    "plain": (_plain, "#side"),
}
# A move refused by PP-M1 as the new user saw it, cut at 80 columns after "move to a".
MESSAGE = ("e4: PP-M1: a move goes along the row or column of the grabber; the grabber must move to a "
           "square of row 6 or column d, here c6, e6 or f6 (the last words of the sentence)")


async def _drawn(pilot: Pilot[Any], app: GameApp) -> None:
    """Wait until the face has drawn the position (the status line names the turn) and
    the screen has caught up (no bot moves here: a person is to move)."""
    bar = app.board_screen.query_one(StatusBar)
    for _ in range(1000):
        if bar.turn:
            break
        await pilot.pause(0.005)
    assert bar.turn, "the position was never drawn"
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def _run(make: Callable[[], GameApp], size: tuple[int, int],
         check: Callable[[Pilot[Any], GameApp], Any]) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=size) as pilot:
            await shown(pilot, app.board_screen)
            await _drawn(pilot, app)
            await check(pilot, app)
    asyncio.run(run())


@pytest.mark.parametrize("game", GAMES)
def test_a_long_message_wraps_whole_under_the_turn_at_80_columns(game: str) -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        app.say(MESSAGE)
        await pilot.pause()
        await pilot.pause()
        bar = app.board_screen.query_one("#status-bar", Widget)
        assert bar.region.height == 3                  # turn + message: 3 lines of 80 columns
        top = screen_text(app).splitlines()[:3]
        assert " ".join(" ".join(top).split()).endswith(MESSAGE)
    _run(GAMES[game][0], (80, 24), check)


@pytest.mark.parametrize("game", GAMES)
def test_the_footer_shows_help_and_quit_at_80_columns(game: str) -> None:
    # The plain face's move line has the focus and takes "?" and "q" as text: there
    # F1 is help and ctrl+q quits (pickpack_tui.screens.plain_board_screen).
    keys = "F1 Help ^q Quit" if game == "plain" else "? Help q Quit"

    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        footer = screen_text(app).splitlines()[-1]
        assert footer.rstrip().endswith(keys), footer
        if game == "plain":
            await pilot.press("escape")                  # the move list: the one-letter keys
            await pilot.pause()
            footer = screen_text(app).splitlines()[-1]
            assert footer.rstrip().endswith("? Help q Quit"), footer
    _run(GAMES[game][0], (80, 24), check)


def test_the_placement_screens_footer_shows_help_and_quit_at_80_columns() -> None:
    async def run() -> None:
        app = GameApp(GameSession.new({"red": "human", "blue": "random"}, seed=3), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            footer = screen_text(app).splitlines()[-1]
            assert footer.rstrip().endswith("? Help ^q Quit"), footer
    asyncio.run(run())


@pytest.mark.parametrize("game", GAMES)
def test_the_side_column_stays_next_to_the_board_at_200x60(game: str) -> None:
    make, side_id = GAMES[game]

    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        side = app.board_screen.query_one(side_id, Widget)
        assert side.region.width <= 72, side.region      # not the 140 columns left over
        assert side.region.right <= 140
    _run(make, (200, 60), check)


def test_pick_and_pack_crate_totals_stay_near_their_trays_at_200x60() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        row = next(line for line in screen_text(app).splitlines() if "1 PREMIUM   ×3  2 1 1" in line)
        trays_end = row.index("2 1 1") + len("2 1 1")
        assert row.index("=  8") - trays_end < 48, row   # was 120 columns
    _run(_pickpack, (200, 60), check)


def test_abbreviated_pads_what_fits_and_marks_a_cut_with_an_ellipsis() -> None:
    assert abbreviated("random", 10) == "random    "
    assert abbreviated("mcts:simulations=500", 14) == "mcts:simulati…"
    assert abbreviated("mcts:simu", 9) == "mcts:simu"
    assert abbreviated("mcts:simul", 9) == "mcts:sim…"


@pytest.mark.parametrize(("game", "shown_name"), [
    ("push", "mcts:simulati…"), ("pacru", "mcts:simu…"), ("pickpack", "mcts:simula…"),
])
def test_a_long_bot_name_ends_in_an_ellipsis_and_the_help_lists_it_in_full(game: str, shown_name: str) -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        text = screen_text(app)
        assert shown_name in text and LONG_BOT not in text, text
        await pilot.press("question_mark")
        helped = await shown(pilot, HelpScreen)
        assert (app.session.players[1].title(), LONG_BOT) in helped.seats
        assert f"| `{LONG_BOT}` |" in _keys_markdown(helped.keys, helped.seats)
    _run(GAMES[game][0], (80, 24), check)


def test_the_seat_widgets_name_the_bot_in_full_in_their_tooltips() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        assert app.board_screen.query_one("#seat-2", Widget).tooltip == f"P2: {LONG_BOT}"
    _run(_push, (80, 24), check)

    async def check_pacru(pilot: Pilot[Any], app: GameApp) -> None:
        assert app.board_screen.query_one("#legend", Widget).tooltip == f"South: you\nNorth: {LONG_BOT}"
    _run(_pacru, (80, 24), check_pacru)

    async def check_pickpack(pilot: Pilot[Any], app: GameApp) -> None:
        assert app.board_screen.query_one("#seat-blue", Widget).tooltip == f"Blue: {LONG_BOT}"
    _run(_pickpack, (80, 24), check_pickpack)


@pytest.mark.parametrize(("face", "words"), [
    (PUSH_FACE, ("stack", "button")), (PACRU_FACE, ("click", "chevron")),
    (PlainFace("Dice race"), ("list", "type a move")),
])
def test_the_help_of_games_without_squares_or_tiles_never_speaks_of_them(face: Any, words: tuple[str, ...]) -> None:
    help_text = (face.help_markdown + _keys_markdown([("u", "undo")], [("P1", "you")])).lower()
    assert "square" not in help_text and "tile" not in help_text
    assert all(word in help_text for word in words)


def test_pick_and_packs_help_speaks_of_its_own_squares_and_tiles() -> None:
    assert "A click chooses a square of the grid, a tile while placing" in " ".join(PICKPACK_FACE.help_markdown.split())


def test_a_bots_batch_of_decisions_is_told_in_game_neutral_words() -> None:
    # Pick & Pack's bot places its 12 tiles as one batch (PP-S3, bot_continues); the
    # shell says so without Pick & Pack's words (it knows no game).
    async def run() -> None:
        app = GameApp(GameSession.new({"red": "random", "blue": "human"}, seed=3), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await settle(pilot)
            assert app.message == "random (Red) has decided (12 decisions)"
    asyncio.run(run())
