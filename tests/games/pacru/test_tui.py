"""PACRU's face in the TUI shell: pilot tests that play real moves by key presses (a
plain move, a crossing with its cell, a connection-or-crossing question, a pincer, a
meeting, a reorientation with freed cells), a click, a game of bots to the end, and the
face's parts (the board picture, the legend, the end's wording, the picker).

Positions are position strings (docs/pacru.md), so they hold for any PACRU State.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot

from pickpack.games.pacru.encoding import SEAT_NAMES, parse_action, parse_cell
from pickpack.games.pacru.game import GAME
from pickpack.games.pacru.tui.board_picture import board_picture, cell_at, cell_origin
from pickpack.games.pacru.tui.face import FACE
from pickpack.games.pacru.tui.game_over_screen import PacruGameOverScreen
from pickpack.games.pacru.tui.picker import Picker
from pickpack.games.pacru.tui.widgets.board_view import BoardView
from pickpack.games.pacru.tui.widgets.legend import legend_text
from pickpack.games.pacru.tui.wording import cell_words, end_reason, result_line
from pickpack_tui.app import GameApp, face_of
from pickpack.face_kit.choice_screen import ChoiceScreen
from pickpack_tui.session import GameSession
from pickpack.face_kit.move_log import MoveLog
from pickpack.face_kit.status_bar import StatusBar
from tests.support.tui_apps import screen_text, settle, shown

__all__ = ["PINCER", "session_at"]

HOT2 = {"south": "human", "north": "human"}
START_2 = "9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"
#: South's c3 (NE) and e3 (NW) both attack North's d4 (PA-K1): either may pincer it.
PINCER = "9/9/9/9/9/9/9/9/9 A:c3NE,e3NW,i9SW;B:a7E,d4S,i7W A 0"
#: South owns a2, b1, a3, d3: a3 has power 3 (PA-M2) and a3-d3 is a connection (a3, d3
#: South's) and a crossing (borderland 0 to 1), so South chooses (PA-J1).
CONNECTION = "9/9/9/9/9/9/A2A5/A8/1A7 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"
#: South owns d2 e2 (chevron e2 W): c2-d2 crosses into borderland 1 and meets e2 (PA-T1,
#: paying under classic-meeting, PA-T2).
MEETING = "9/9/9/9/9/9/9/3AA4/9 A:c2E,e2W,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0 classic-meeting"
#: South owns a2 b2 c2 (3 unoccupied cells): e1 may turn 45 degrees, not 90 (PA-O1).
TURN = "9/9/9/9/9/9/9/AAA6/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0"


def session_at(position: str, seats: dict[str, str] | None = None) -> GameSession:
    """A session (seed 1) on ``position`` (loaded unchecked: these hand-built positions
    state only what a test needs, docs/pacru.md "Positions the rules can reach"); seats
    default: every seat a person."""
    state = GAME.load("state_class").from_position(position, checked=False)
    table = seats if seats is not None else {name: "human" for name in state.players}
    return GameSession(GAME, state, dict(table), state.copy(), 1)


def keys_to(board: BoardView, cell: int) -> list[str]:
    """The arrow keys taking the board's cursor to ``cell`` (up is north)."""
    dr = cell // 9 - board.cursor // 9
    dc = cell % 9 - board.cursor % 9
    return ["up" if dr > 0 else "down"] * abs(dr) + ["right" if dc > 0 else "left"] * abs(dc)


async def pick(pilot: Pilot[Any], *cells: str) -> None:
    """Move the cursor to each cell in turn and press Enter there."""
    app = pilot.app
    assert isinstance(app, GameApp)
    board = app.board_screen.query_one(BoardView)
    for name in cells:
        await pilot.press(*keys_to(board, parse_cell(name)), "enter")
        await settle(pilot)


def _prompt(app: GameApp) -> str:
    return str(app.board_screen.query_one("#pacru-prompt").render())


def _cursor(app: GameApp) -> str:
    return str(app.board_screen.query_one("#pacru-cursor").render())


def _marks(app: GameApp) -> list[str]:
    """The marked cells' names, in alphabetical order."""
    return sorted(f"{'abcdefghi'[c % 9]}{c // 9 + 1}" for c in app.board_screen.query_one(BoardView).marks)


def _history(session: GameSession) -> list[str]:
    return [text for _, _, text in session.history()]


# --- the face is PACRU's own ---------------------------------------------------------------

def test_pacru_is_played_through_its_own_face() -> None:
    session = session_at(START_2)
    assert GAME.tui_face == "pickpack.games.pacru.tui.face:FACE"
    assert face_of(session) is FACE and not FACE.hides_information(GAME)


# --- pilot: moves by keys -------------------------------------------------------------------

def test_a_plain_move_by_keys_marks_destinations_and_shows_the_text_first() -> None:
    async def run() -> None:
        session = session_at(START_2)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = app.board_screen.query_one(BoardView)
            assert board.cursor == parse_cell("e1")               # the first chevron that can move
            assert _marks(app) == ["a3", "e1", "i3", "i9"]
            assert _cursor(app) == "Cursor e1: South's chevron ↑N on a neutral cell, power 1 (PA-M2)"
            await pick(pilot, "e1")
            assert _marks(app) == ["d2", "e2", "f2"]                # N, NE, NW at power 1 (PA-M1, PA-M2)
            await pick(pilot, "e3")                                 # two cells: power 1 (engine's refusal)
            assert app.message == "e1-e3: PA-M2: the chevron on e1 has power 1: it moves 1 to 1 cells"
            await pick(pilot, "e2")
            assert _prompt(app) == "Play e1-e2? Enter: play · Esc: back"
            assert session.state.history_actions() == []            # not played before Enter
            await pilot.press("enter")
            await settle(pilot)
            assert _history(session) == ["e1-e2"]
            assert app.board_screen.query_one(MoveLog).lines == [" 1 South  e1-e2"]
            assert "North (human) to move · ply 1" in screen_text(app)
            rows = screen_text(app).splitlines()
            assert rows[12].startswith(" 2 ┃ ·   ·   · ┃ ·  A↑·  · ┃ ·   ·   · ┃")
            assert rows[13].startswith(" 1 ┃B↗·  ·   · ┃ ·   ·   · ┃ ·   ·   · ┃")
    asyncio.run(run())


def test_a_crossing_asks_for_the_cell_on_the_board_and_escape_steps_back() -> None:
    async def run() -> None:
        session = session_at(START_2)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pick(pilot, "a3", "b4")                           # a3-b4 crosses into borderland 3
            assert _marks(app) == ["a4", "a5", "a6", "b4", "b5", "b6", "c4", "c5", "c6"]   # PA-B1
            assert _prompt(app).startswith("a3-b4: border crossing (PA-B1): choose the cell you colour")
            await pick(pilot, "d5")
            assert app.message == "d5: PA-B1: not one of the marked cells (a4 b4 c4 a5 b5 c5 a6 b6 c6)"
            await pilot.press("escape")                             # back to the destination
            await settle(pilot)
            assert _marks(app) == ["b2", "b3", "b4"]
            await pick(pilot, "b4", "c5")
            assert _prompt(app) == "Play a3-b4[c5]? Enter: play · Esc: back"
            await pilot.press("enter")
            await settle(pilot)
            assert _history(session) == ["a3-b4[c5]"]
            state: Any = session.state
            assert state.colour(parse_cell("c5")) == 0 and state.cells(0) == 1
            assert "A  South  human       1/42 in" in screen_text(app)
            # The move log shows the text whole: its brackets are not Rich markup.
            assert "1 South  a3-b4[c5]" in screen_text(app)
    asyncio.run(run())


def test_connection_or_crossing_is_asked_and_connection_ends_the_questions() -> None:
    async def run() -> None:
        session = session_at(CONNECTION)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pick(pilot, "a3", "d3")
            choice = await shown(pilot, ChoiceScreen)
            assert choice.question.rule.startswith("PA-J1")
            assert [o.value for o in choice.question.options] == [True, False]
            await pilot.press("escape")                             # the question cancelled: back
            await settle(pilot)
            assert _marks(app) == ["b2", "b3", "b4", "c1", "c3", "c5", "d3", "d6"]
            await pick(pilot, "d3")
            await shown(pilot, ChoiceScreen)
            await pilot.press("enter")                              # the first option: connection
            await settle(pilot)
            assert _prompt(app) == "Play a3-d3[conn]? Enter: play · Esc: back"
            await pilot.press("enter")
            await settle(pilot)
            assert _history(session) == ["a3-d3[conn]"]
            state: Any = session.state
            assert [state.colour(parse_cell(c)) for c in ("b3", "c3")] == [0, 0]     # PA-J1
    asyncio.run(run())


def test_a_pincer_takes_the_enemy_chevron() -> None:
    async def run() -> None:
        session = session_at(PINCER)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = app.board_screen.query_one(BoardView)
            await pilot.press(*keys_to(board, parse_cell("c3")))
            await settle(pilot)
            assert _cursor(app) == "Cursor c3: South's chevron ↗NE on a neutral cell, power 1 (PA-M2), attacks d4"
            await pick(pilot, "c3")
            assert "d4" in _marks(app)
            await pick(pilot, "d4", "e5")
            assert _prompt(app) == "Play c3xd4[e5]? Enter: play · Esc: back"
            await pilot.press("enter")
            await settle(pilot)
            state: Any = session.state
            assert _history(session) == ["c3xd4[e5]"]
            assert state.chevrons(1) == [(parse_cell("a7"), 2), (parse_cell("i7"), 6)]   # d4 left (PA-K2)
            assert state.chevron(parse_cell("d4")) == (0, 1) and state.colour(parse_cell("d4")) == 0
    asyncio.run(run())


def test_a_meeting_cell_is_picked_on_the_board_after_the_crossing_cell() -> None:
    async def run() -> None:
        session = session_at(MEETING)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pick(pilot, "c2", "d2", "f3")                    # the crossing cell first
            assert _prompt(app).startswith("c2-d2[f3: meeting (PA-T1): choose a cell you colour: 72 marked")
            assert parse_cell("e2") not in app.board_screen.query_one(BoardView).marks   # South's own
            await pick(pilot, "h8")
            assert _prompt(app) == "Play c2-d2[f3,*h8]? Enter: play · Esc: back"
            await pilot.press("enter")
            await settle(pilot)
            state: Any = session.state
            assert _history(session) == ["c2-d2[f3,*h8]"]
            assert [state.colour(parse_cell(c)) for c in ("f3", "h8")] == [0, 0] and state.cells(0) == 4
    asyncio.run(run())


def test_a_reorientation_asks_the_direction_then_the_cells_to_free() -> None:
    async def run() -> None:
        session = session_at(TURN)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pick(pilot, "e1")                                 # selected: o turns it
            await pilot.press("o")
            choice = await shown(pilot, ChoiceScreen)
            options = choice.question.options
            assert [o.value for o in options] == [7, 1, 6, 2]       # NW NE (45 degrees), W E (90)
            assert [o.unavailable is None for o in options] == [True, True, False, False]
            assert options[2].unavailable == "PA-O1: you have 3 unoccupied cells of your colour"
            await pilot.press("down", "enter")                      # NE
            await settle(pilot)
            assert _marks(app) == ["a2", "b2", "c2"]
            await pick(pilot, "e5")                                 # not South's: the engine says why
            assert app.message.startswith("e5: PA-O1: ")
            await pick(pilot, "a2", "a2")                           # chosen, then given back
            assert _prompt(app).startswith("e1>NE: choose 2 more")
            await pick(pilot, "c2", "b2")
            assert _prompt(app) == "Play e1>NE[b2,c2]? Enter: play · Esc: back"
            await pilot.press("enter")
            await settle(pilot)
            state: Any = session.state
            assert _history(session) == ["e1>NE[b2,c2]"]
            assert state.chevron(parse_cell("e1")) == (0, 1) and state.cells(0) == 1
    asyncio.run(run())


def test_a_click_on_a_cell_chooses_it() -> None:
    async def run() -> None:
        session = session_at(START_2)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            board = app.board_screen.query_one(BoardView)
            for name in ("i3", "h4", "i5"):                  # i3-h4 crosses: the cell i5
                x, y = cell_origin(parse_cell(name))
                assert await pilot.click(BoardView, offset=(x + 1, y))
                await settle(pilot)
            assert board.cursor == parse_cell("i5")
            assert _prompt(app) == "Play i3-h4[i5]? Enter: play · Esc: back"
            await pilot.press("enter")
            await settle(pilot)
            assert _history(session) == ["i3-h4[i5]"]
    asyncio.run(run())


# --- bots -----------------------------------------------------------------------------------

def test_against_a_bot_the_bot_answers_a_persons_move() -> None:
    async def run() -> None:
        session = session_at(START_2, {"south": "human", "north": "random"})
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pick(pilot, "e1", "e2")
            await pilot.press("enter")
            for _ in range(50):
                await settle(pilot)
                if app.my_turn():
                    break
            history = session.history()
            assert [m for m, _, _ in history] == ["south", "north"] and history[0][2] == "e1-e2"
            assert len(app.board_screen.query_one(MoveLog).lines) == 2
    asyncio.run(run())


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_to_the_ply_cap_and_the_end_is_explained(players: int) -> None:
    async def run() -> None:
        seats = {name: "random" for name in SEAT_NAMES[players]}
        session = GameSession.new(seats, seed=5, game="pacru", max_plies=6)
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            over = await shown(pilot, PacruGameOverScreen)
            state: Any = session.state
            assert state.is_terminal() and state.ply == 6
            assert over.result == result_line(state) and over.result.endswith("the most cells (PA-E3)")
            best = max(state.cells(s) for s in range(players))
            assert state.winning_seats() == [s for s in range(players) if state.cells(s) == best]
            assert len(app.board_screen.query_one(MoveLog).lines) == 6
            assert str(app.board_screen.query_one(StatusBar).turn).startswith("Game over: ")
    asyncio.run(run())


# --- parts ----------------------------------------------------------------------------------

def test_board_picture_cells_and_geometry() -> None:
    colours = [-1] * 81
    colours[parse_cell("b2")] = 1
    colours[parse_cell("e1")] = 0
    text = board_picture(colours, {parse_cell("e1"): (0, 0), parse_cell("i9"): (1, 5)}, cursor=-1,
                         marks={parse_cell("a1"), parse_cell("i9")}, freed={parse_cell("b2")}).plain
    rows = text.splitlines()
    assert rows[0] == "    a   b   c   d   e   f   g   h   i"
    assert rows[1] == "  ┏━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━┓"
    assert rows[2] == "9 ┃ ·   ·   · ┃ ·   ·   · ┃ ·   ·  B↙·┃"
    assert rows[5] == "  ┣━━━━━━━━━━━╋━━━━━━━━━━━╋━━━━━━━━━━━┫"
    assert rows[11] == "2 ┃ ·  [×]  · ┃ ·   ·   · ┃ ·   ·   · ┃"
    assert rows[12] == "1 ┃[·]  ·   · ┃ ·  A↑a  · ┃ ·   ·   · ┃"
    assert len(rows) == 15 and {len(r) for r in rows[1:14]} == {39}
    assert [cell_at(*cell_origin(c)) for c in range(81)] == list(range(81))
    assert cell_at(2, 12) == -1 and cell_at(6, 12) == -1 and cell_at(4, 5) == -1
    with pytest.raises(ValueError, match="81 cells expected, got 3"):
        board_picture([-1] * 3, {}, cursor=-1)


def test_legend_lines() -> None:
    # A bot spec longer than its 10 columns ends in a visible ellipsis (issue 22).
    text = legend_text(("south", "north"), ("you", "mcts:simulations=500"), [12, 3], [True, False], 42, 0)
    assert text.plain.splitlines() == ["▶  A  South  you        12/42 in",
                                       "   B  North  mcts:simu…  3/42 out"]
    with pytest.raises(ValueError, match="2 players but 1 seats"):
        legend_text(("south", "north"), ("you",), [0, 0], [True, True], 42, None)


def test_end_reasons() -> None:
    names = SEAT_NAMES[4]
    assert end_reason([24, 3, 0, 1], [0, 1, 2, 3], 24, [0], names) == \
        "South reached the target of 24 cells (PA-E2)"
    assert end_reason([5, 3, 0, 1], [3], 24, [3], names) == "East is the last player with chevrons (PA-E2)"
    assert end_reason([5, 7, 7, 1], [0, 1, 2, 3], 24, [1, 2], names) == \
        "the ply cap was reached: West and North have the most cells (PA-E3)"
    with pytest.raises(ValueError, match="5 seats: PACRU has 2 to 4"):
        end_reason([0] * 5, [], 24, [])


def test_cell_words_name_the_power_and_the_attacks() -> None:
    state: Any = GAME.load("state_class").from_position(PINCER, checked=False)
    assert cell_words(state, parse_cell("e3")) == \
        "e3: South's chevron ↖NW on a neutral cell, power 1 (PA-M2), attacks d4"
    assert cell_words(state, parse_cell("e5")) == "e5: neutral, borderland 4"
    state = GAME.load("state_class").from_position(TURN, checked=False)
    assert cell_words(state, parse_cell("b2")) == "b2: South's cell, borderland 0"


def test_picker_asks_only_what_is_open() -> None:
    state: Any = GAME.load("state_class").from_position(CONNECTION, checked=False)
    picker = Picker(state)
    assert picker.choose(parse_cell("a3")) is None and picker.stage == "destination"
    assert picker.choose(parse_cell("d3")) is None and picker.stage == "connection"
    picker.answer(False)                                      # the crossing benefit: its cell next
    assert picker.stage == "crossing"
    assert picker.marks() == {parse_cell(c) for c in ("d1", "f1", "d2", "e2", "f2", "e3", "f3")}
    assert picker.choose(parse_cell("e2")) is None and picker.action == parse_action("a3-d3[e2]")
    assert picker.back() and picker.stage == "crossing" and picker.back() and picker.stage == "connection"
    with pytest.raises(ValueError, match="'x' is not an available answer to connection"):
        picker.answer("x")  # type: ignore[arg-type]
    assert picker.back() and picker.stage == "destination" and picker.back() and picker.stage == "chevron"
    assert not picker.back()
    assert picker.choose(parse_cell("e5")) is not None and picker.stage == "chevron"


def test_picker_refusals_come_from_the_engine() -> None:
    # South's a1 points SW: every move leaves the board; North's a7 is not South's.
    state: Any = GAME.load("state_class").from_position(
        "9/9/9/9/9/9/9/9/9 A:a1SW,e1N,i3W;B:a7E,e9S,i7W A 0", checked=False)
    picker = Picker(state)
    assert picker.choose(parse_cell("a1")) == "a1: PA-M1: every move of this chevron leaves the board"
    assert picker.choose(parse_cell("a7")) == "a7: PA-M1: no chevron of south on a7"
    assert picker.choose(parse_cell("e1")) is None
    assert picker.choose(parse_cell("g2")) == "e1-g2: PA-M1: a chevron moves in a straight line"
    assert picker.start_reorient(parse_cell("e5")) == "e5: PA-O1: no chevron of south on e5"
    assert picker.start_reorient(parse_cell("e1")) == \
        "e1 cannot turn: PA-O1: you have 0 unoccupied cells of your colour"
    assert picker.stage == "chevron"


def test_an_out_seat_is_marked_out_and_help_is_pacrus() -> None:
    async def run() -> None:
        # Three players (north, east, west); West has no chevron left: out (PA-E1).
        session = session_at("9/9/9/9/9/9/9/9/2C6 A:e9S,a7E,i7W;B:i5W,g1N,g9S;C:- A 0")
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert "▶  A  North  human       0/28 in" in text
            assert "   C  West   human       1/28 out" in text
            await pilot.press("question_mark")
            await settle(pilot)
            assert "PACRU in brief" in screen_text(app)
    asyncio.run(run())
