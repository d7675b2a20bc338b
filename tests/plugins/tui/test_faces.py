"""The shell with faces: a game without a face plays through the fallback face (text
board, list of legal moves, chance drawn by the shell), illegal choices show the
engine's rule text, the game-over table of returns, and ``pickpack play --game``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList, Static

from pickpack import plugins
from pickpack.cli import main
from pickpack.games.pickpack.tui.face import FACE, why_not
from pickpack.records.savefile import SavedGame
from pickpack_tui.app import GameApp, face_of
from pickpack_tui.plain_face import PlainFace
from pickpack_tui.screens.help_screen import HelpScreen
from pickpack.face_kit.returns_screen import ReturnsScreen, result_title
from pickpack_tui.session import GameSession
from pickpack.face_kit.move_log import MoveLog
from tests.support.tui_apps import MID_GAME, placed, settle, shown
from tests.support.plain_game import DICE_RACE

SEATS = {"p1": "human", "p2": "random", "p3": "random"}


def _games(name: str) -> Any:
    """The game lookup of these tests: the dice race is not installed."""
    return {"dicerace": DICE_RACE}[name]


def test_a_game_without_a_face_gets_the_plain_face() -> None:
    session = GameSession.new(SEATS, seed=4, game=DICE_RACE)
    assert isinstance(face_of(session), PlainFace)


def test_a_game_without_a_face_plays_to_the_end_against_bots_through_the_move_list() -> None:
    async def run() -> None:
        session = GameSession.new(SEATS, seed=4, game=DICE_RACE)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(40):
                await settle(pilot)
                if isinstance(app.screen, ReturnsScreen):
                    break
                assert session.state.current_player == "p1"
                board = app.board_screen.query_one("#plain-board", Static)
                assert str(board.render()).startswith("Dice race to 5\np1: ")
                moves = app.board_screen.query_one("#plain-moves", OptionList)
                assert [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)] \
                    == ["step", "roll"]
                moves.highlighted = 1            # always roll: the shell draws the die
                await pilot.press("enter")
            over = await shown(pilot, ReturnsScreen)
            state = session.state
            assert state.is_terminal()
            winner = [p for p, t in state.scores().items() if t >= 5]
            assert len(winner) == 1
            assert over.returns == tuple(1.0 if p in winner else -0.5 for p in SEATS)
            assert over.players == ("p1", "p2", "p3")
            history = session.history()
            # Every roll is followed by a chance outcome, drawn by the shell and logged.
            for (mover, _, text), (after, _, outcome) in zip(history, history[1:]):
                if text == "roll":
                    assert after == "chance" and outcome in ("d1", "d2", "d3")
            assert all(m in SEATS for m, _, t in history if t in ("step", "roll"))
            log = app.board_screen.query_one(MoveLog)
            assert [line.split()[-1] for line in log.lines] == [t for _, _, t in history]
    asyncio.run(run())


def test_a_typed_move_the_engine_refuses_shows_its_rule() -> None:
    async def run() -> None:
        app = GameApp(GameSession.new(SEATS, seed=4, game=DICE_RACE), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            typed = app.board_screen.query_one("#plain-move-text", Input)
            typed.focus()
            await pilot.press("d", "2", "enter")
            await pilot.pause()
            assert app.message == "illegal move d2: DR-1: a die is rolled only after roll"
            await pilot.press("j", "u", "m", "p", "enter")
            await pilot.pause()
            assert app.message == "expected step, roll or d1..d3 in move text 'jump' at column 1"
            assert app.session.state.history_actions() == []
            await pilot.press("s", "t", "e", "p", "enter")
            await settle(pilot)
            assert app.session.state.history_actions()[0] == 0       # p1's step was played
    asyncio.run(run())


def test_help_of_the_plain_face_names_the_game_and_the_shells_keys() -> None:
    async def run() -> None:
        app = GameApp(GameSession.new(SEATS, seed=4, game=DICE_RACE), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("escape", "question_mark")       # off the move line, "?" is help
            help_screen = await shown(pilot, HelpScreen)
            assert help_screen.rules.startswith("# Dice race\n")
            rows = dict((what, keys) for keys, what in help_screen.keys)
            assert rows["undo (against a bot: back to your previous move)"] == "u"
            assert rows["save the game (JSON file)"] == "s"
    asyncio.run(run())


def test_a_pickpack_square_that_is_no_destination_shows_the_engines_rule() -> None:
    # Seed 5 after MID_GAME: Red to move from d6 along row 6 (PP-M1).
    async def run() -> None:
        app = placed(5, MID_GAME)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.click("#sq-d6")
            await pilot.pause()
            assert app.message == "d6: PP-M1: the grabber must move to a different square"
            await pilot.click("#sq-a1")
            await pilot.pause()
            assert app.message == ("a1: PP-M1: the grabber moves only along its row for Red and "
                                   "along its column for Blue")
            await pilot.click("#sq-a6")
            await pilot.pause()
            assert app.message == "a6: PP-M2: no unplayed action tile of the mover lies at that end of the line"
    asyncio.run(run())


def test_why_not_asks_a_grab_for_a_tray_and_a_tile_for_an_empty_square() -> None:
    state = placed(5, MID_GAME).session.state
    assert why_not(state, 30) == "a6: PP-M2: no unplayed action tile of the mover lies at that end of the line"
    assert why_not(state, 32) == "c6: PP-G2: that crate is closed"


def test_the_plain_face_shows_a_seat_only_its_observation() -> None:
    # Pick & Pack hides information (PP-S3): through the plain face Red sees its own
    # observation (Blue's tiles unknown), and its six placement choices for aT.
    async def run() -> None:
        session = GameSession.new({"red": "human", "blue": "random"}, seed=3)
        app = GameApp(session, bot_delay=0, face=PlainFace("Pick & Pack"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = json.loads(str(app.board_screen.query_one("#plain-board", Static).render()))
            assert board == session.state.observation("red")
            assert board["tiles"]["blue"]["1L"]["kind"] is None
            moves = app.board_screen.query_one("#plain-moves", OptionList)
            assert [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)] \
                == ["aT=P", "aT=W", "aT=R", "aT=Q", "aT=X", "aT=M"]
    asyncio.run(run())


def test_save_and_load_version_2_round_trip(tmp_path: Path) -> None:
    session = GameSession.new(SEATS, seed=4, game=DICE_RACE, target=4)
    for text in ["step", "roll", "d3", "step", "roll", "d2"]:
        session.state.apply(text)
    path = tmp_path / "race.json"
    session.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"format": "pickpack-save", "version": 2, "game": "dicerace", "variant": None,
                    "options": {"target": 4}, "players": SEATS, "seed": 4,
                    "moves": ["step", "roll", "d3", "step", "roll", "d2"]}
    loaded = GameSession.load(path, games=_games)
    # p1 1 + 2 = 3, p2 3, p3 1; p2 to move.
    assert loaded.state.scores() == {"p1": 3.0, "p2": 3.0, "p3": 1.0}
    assert loaded.state.current_player == "p2" and not loaded.has_unsaved_moves()
    assert loaded.play_log() == [("p1", "step"), ("p2", "roll"), ("chance", "d3"), ("p3", "step"),
                                 ("p1", "roll"), ("chance", "d2")]
    assert SavedGame.load(path, games=_games).replay(games=_games).totals == [3, 3, 1]


def test_undo_goes_back_through_bot_moves_but_never_through_chance() -> None:
    session = GameSession.new({"p1": "human", "p2": "random"}, seed=4, game=DICE_RACE)
    for text in ["roll", "d1", "step", "roll", "d3"]:
        session.state.apply(text)
    # p1 rolled and saw d3: the die stays (else p1 could look, undo and step instead).
    assert not session.can_undo() and session.undo() == 0
    assert session.state.history_actions() == [1, 0, 0, 1, 2]
    session.state.apply("step")          # p2's step (a bot's move), then p1 steps
    session.state.apply("step")
    # p1's step goes back (p1 decides again); the bot's step and the die stay.
    assert session.undo() == 1 and session.state.history_actions() == [1, 0, 0, 1, 2, 0]
    assert not session.can_undo() and session.undo() == 0


def test_the_returns_table_names_the_best() -> None:
    assert result_title(("p1", "p2", "p3"), [1.0, -0.5, -0.5]) == "P1 wins"
    assert result_title(("p1", "p2", "p3"), [0.5, 0.5, -1.0]) == "P1 and P2 share the best return"
    assert result_title(("red", "blue"), [0.0, 0.0]) == "Draw"
    with pytest.raises(ValueError, match="returns: 2 values for 3 players"):
        ReturnsScreen(("p1", "p2", "p3"), [1.0, -1.0], {}, {})


def test_the_returns_table_writes_exact_returns() -> None:
    # A zero-sum 4-player game: the winner 1, each other seat -1/3 (not -0.333333).
    screen = ReturnsScreen(("p1", "p2", "p3", "p4"), [-1 / 3, 1.0, -1 / 3, -1 / 3], {}, {})
    assert list(screen.table().columns[-1].cells) == ["1", "-1/3", "-1/3", "-1/3"]


def test_play_passes_game_seats_and_options(frontend_calls: list[dict[str, Any]]) -> None:
    assert main(["play", "--bot", "2=random", "--seed", "3", "--first", "blue"]) == 0
    assert main(["play", "--game", "pickpack", "--bot", "red=greedy", "--bot", "blue=human"]) == 0
    assert frontend_calls == [
        {"game": "pickpack", "seats": {"red": "human", "blue": "random"}, "seed": 3, "variant": None,
         "options": {"first": "blue"}},
        {"game": "pickpack", "seats": {"red": "greedy", "blue": "human"}, "seed": None, "variant": None,
         "options": {}},
    ]


@pytest.mark.parametrize(("argv", "line"), [
    (["--game", "nosuch"], "unknown game 'nosuch'"),
    (["--players", "3"], "pickpack is played by 2 players, not 3"),
    (["--bot", "3=random"], "--bot '3=random': no seat '3' in pickpack; seats: red, blue or 1..2"),
    (["--bot", "blue"], "--bot 'blue': needs the form SEAT=SPEC"),
    (["--option", "colour=green"], "unknown option 'colour' for game pickpack"),
    (["--bot", "blue=nosuch"], "unknown bot 'nosuch'"),
])
def test_play_refuses_bad_input_in_one_line(argv: list[str], line: str, capsys: pytest.CaptureFixture[str],
                                           frontend_calls: list[dict[str, Any]]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", *argv])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and line in err, err
    assert frontend_calls == []


def test_pickpack_face_is_the_one_its_game_names() -> None:
    from pickpack.games.pickpack import GAME

    assert GAME.tui_face == "pickpack.games.pickpack.tui.face:FACE"
    assert GAME.load("tui_face") is FACE


def test_enter_alone_plays_the_first_listed_move_of_the_plain_face() -> None:
    # From a new user's trial: the move list had focus but no highlight, so Enter did
    # nothing. The first move is highlighted after every refresh of the list.
    async def run() -> None:
        session = GameSession.new(SEATS, seed=4, game=DICE_RACE)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            moves = app.board_screen.query_one("#plain-moves", OptionList)
            assert moves.highlighted == 0 and str(moves.get_option_at_index(0).prompt) == "step"
            await pilot.press("enter")
            await settle(pilot)
            assert session.history()[0][:1] == ("p1",) and session.history()[0][2] == "step"
            assert app.board_screen.query_one("#plain-moves", OptionList).highlighted == 0
    asyncio.run(run())
