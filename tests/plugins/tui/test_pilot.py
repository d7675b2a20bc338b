"""Pilot tests: complete games through the Textual UI by key presses and clicks only.

The UI is driven like a person drives it. The test decides *which* move to play by reading the engine (a coverage-seeking
strategy); it makes the move only through the UI: arrows and Enter on the board, or a
click on the square, then the prompt's options by arrows and Enter, or by clicks.
``check_screen`` compares every board widget with the engine's state.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from pickpack import Move
from pickpack.games.pickpack import State, placements_from_seed
from textual.pilot import Pilot
from textual.widgets import Label, OptionList

from tests.support.tui_apps import PickPackApp, settle, shown
from pickpack.games.pickpack.tui.board_geometry import SQUARES, space_name, space_of_end, square_name
from pickpack.games.pickpack.tui.move_choices import MoveParts, Questions, decode
from pickpack_tui.questions import Question
from pickpack_tui.screens.bot_failure_screen import BotFailureScreen
from pickpack.face_kit.choice_screen import ChoiceScreen
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.file_screen import FileScreen
from pickpack_tui.screens.handover_screen import HandOverScreen
from pickpack.games.pickpack.tui.game_over_screen import GameOverScreen
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack_tui.session import GameSession
from pickpack.games.pickpack.tui.widgets.action_tile import ActionTile
from pickpack.games.pickpack.tui.widgets.board_view import BoardView
from pickpack.games.pickpack.tui.widgets.crate import CrateView
from pickpack.games.pickpack.tui.widgets.grid_square import GridSquare
from pickpack.face_kit.move_log import MoveLog
from pickpack.games.pickpack.tui.widgets.rush_area import RushArea
from pickpack.games.pickpack.tui.wording import points_text

# What a full game through the UI must exercise: a grab with a crate choice (PP-G2),
# each action kind with its target (PP-A1..A6; R has none, PP-A3), Malfunction on a tray
# and on a tile (PP-A6 a/b), and a rush order spent (PP-R1).
GOALS = frozenset({"grab_choice", "P", "W", "Q", "X", "M_tray", "M_tile", "R", "rush"})

PART = {
    "crate": lambda p: p.crate, "end": lambda p: p.end, "target_crate": lambda p: p.target_crate,
    "pair_from": lambda p: p.pair_from, "pair_to": lambda p: p.pair_to,
    "malfunction": lambda p: p.malfunction, "rush": lambda p: p.rush,
}
# Options a 80x24 prompt shows without scrolling (title, border, 14-line list).
VISIBLE_OPTIONS = 11


def _same_dest(state: State, parts: MoveParts) -> list[int]:
    return [a for a in state.legal_actions() if a >= 6 and decode(a).dest == parts.dest]


def features(state: State, action: int) -> set[str]:
    """Which of GOALS ``action`` exercises in ``state``."""
    p = decode(action)
    mover = state.current_player or "red"
    out = set()
    if p.is_grab:
        if len({decode(a).crate for a in _same_dest(state, p)}) > 1:
            out.add("grab_choice")
    else:
        assert p.end is not None
        space = space_name(mover, space_of_end(mover, p.dest, p.end))
        kind = state.snapshot()["tiles"][mover][space]["kind"]
        if kind == "R":
            out.add("R")
        elif kind == "M" and p.malfunction is not None:
            out.add("M_tray" if p.malfunction[0] == "square" else "M_tile")
        elif p.target:
            out.add(kind)
    if p.rush:
        out.add("rush")
    return out


def answers(state: State, action: int) -> list[tuple[Question, int]]:
    """The questions the UI asks for ``action`` and the index of the option that plays it."""
    mover = state.current_player or "red"
    target = decode(action)
    questions = Questions(state.observation(mover), mover, _same_dest(state, target))
    out = []
    while (question := questions.next()) is not None:
        value = PART[question.key](target)
        out.append((question, [o.value for o in question.options].index(value)))
        questions.answer(value)
    assert questions.action == action
    return out


def pick(state: State, covered: set[str], rng: random.Random) -> int:
    """A legal action that covers most still-uncovered GOALS; else a random grab.

    Only moves whose prompt answers are visible without scrolling are considered, so
    the same games can be played by clicks alone.
    """
    legal = [a for a in state.legal_actions()
             if all(i < VISIBLE_OPTIONS for _, i in answers(state, a))]
    scored = [(len(features(state, a) - covered), a) for a in legal]
    best = max(s for s, _ in scored)
    if best == 0:
        grabs = [a for a in legal if decode(a).is_grab]
        return rng.choice(grabs or legal)
    return rng.choice([a for s, a in scored if s == best])


async def play_move(pilot: Pilot[Any], action: int, *, mouse: bool) -> None:
    """Make ``action`` through the UI: choose its square, then answer each prompt."""
    app = pilot.app
    assert isinstance(app, PickPackApp)
    expected = answers(app.session.state, action)
    dest = decode(action).dest
    if mouse:
        assert await pilot.click(f"#sq-{square_name(dest)}")
    else:
        board = app.board_screen.query_one(BoardView)
        (r0, c0), (r1, c1) = divmod(board.cursor_square, 6), divmod(dest, 6)
        keys = ["up" if r1 > r0 else "down"] * abs(r1 - r0) + ["right" if c1 > c0 else "left"] * abs(c1 - c0)
        await pilot.press(*keys, "enter")
    for question, index in expected:
        screen = await shown(pilot, ChoiceScreen)
        assert screen.question.title == question.title
        options = screen.query_one(OptionList)
        # Unavailable answers are shown disabled and are never the one played.
        for i, opt in enumerate(question.options):
            assert options.get_option_at_index(i).disabled == (opt.unavailable is not None)
        if mouse:
            assert await pilot.click(options, offset=(4, 1 + index))
        else:
            for _ in range(len(question.options) + 1):
                if options.highlighted == index:
                    break
                await pilot.press("down")
            await pilot.press("enter")
    await settle(pilot)


def _text(widget: Any) -> str:
    return str(widget.render())


def check_screen(app: PickPackApp) -> None:
    """Every widget on the board screen shows what the engine holds (PP-V1, PP-V2)."""
    state = app.session.state
    snap = state.snapshot()
    # While the game goes on the viewer sees their observation (PP-V2); after, everything.
    obs = snap if state.is_terminal() else state.observation(app.viewer)
    screen = app.board_screen
    for sq in screen.query(GridSquare):
        cell = snap["grid"][SQUARES[sq.square]]
        top = _text(sq).split("\n")[0]
        if cell is None:
            assert top == "·", (sq.square, top)
        elif cell["face_up"]:
            assert top == str(cell["apples"]), (sq.square, top)
        else:
            assert top == "▚▚▚", (sq.square, top)
        assert sq.has_class("-grabber") == (SQUARES[sq.square] == snap["grabber"])
    for tile in screen.query(ActionTile):
        data = obs["tiles"][tile.owner][space_name(tile.owner, tile.space)]
        letter = _text(tile).split("\n")[0].strip("▚")
        assert letter.upper() == (data["kind"] or "?"), (tile.name_text, letter, data)
        assert tile.has_class(f"-{data['status']}")
    for crate in screen.query(CrateView):
        data = obs["crates"][crate.owner][crate.index]
        text = _text(crate)
        full = snap["crates"][crate.owner][crate.index]
        assert f"×{len(full['trays'])}" in text
        assert crate.has_class(f"-{data['status']}")
        assert ("trays" in crate.crate) == (crate.owner == app.viewer or state.is_terminal())
        if "trays" in crate.crate:              # own crate: the whole stack (PP-V2)
            stack = " ".join(map(str, full["trays"]))
            shown = text.split(f"×{len(full['trays'])}", 1)[1].rsplit("=", 1)[0].strip()
            # A stack too long for the line keeps its top end, after an ellipsis.
            assert shown == stack or (shown.startswith("…") and stack.endswith(shown[1:])), shown
            assert text.rstrip().endswith(f"={state.crate_scores(crate.owner)[crate.index]:>3}")
        elif full["trays"] and data["top"] is not None:   # opponent's open crate: count, top
            assert text.rstrip().endswith(f"top {full['trays'][-1]}")
        else:                                   # empty, or closed and covered: no top (PP-V2)
            assert "top" not in text, text
    for player in ("red", "blue"):
        score = screen.query_one(f"#score-{player}", Label)
        shown = obs["scores"][player]           # the opponent's is hidden in play (PP-V2)
        assert str(score.render()) == ("? pts" if shown is None else points_text(shown))
        assert screen.query_one(f"#rush-{player}", RushArea).waiting == snap["rush"][player]
    log = screen.query_one(MoveLog)
    assert [line.split()[-1] for line in log.lines] == [t for _, t in app.face.log(app.session)]


# --- complete games against the random bot --------------------------------------------

async def _complete_game(seed: int, *, mouse: bool) -> None:
    session = GameSession.new({"red": "human", "blue": "random"}, seed=seed)
    app = PickPackApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, PlacementScreen)                            # PP-S3
        draft = list(placements_from_seed(seed)["red"])
        if mouse:
            # Click aT then fB: their tiles swap; the Commit button commits.
            assert await pilot.click("#tile-aT")
            assert await pilot.click("#tile-fB")
            draft[0], draft[11] = draft[11], draft[0]
            assert await pilot.click("#commit")
        else:
            # Right (cursor to bT), Enter, Down (cursor to bB), Enter: bT and bB swap.
            await pilot.press("right", "enter", "down", "enter", "c")
            draft[1], draft[7] = draft[7], draft[1]
        await settle(pilot)
        assert "".join(t["kind"] for t in session.state.snapshot()["tiles"]["red"].values()) == "".join(draft)
        assert session.state.phase == "play"
        check_screen(app)
        covered: set[str] = set()
        rng = random.Random(seed)
        while not session.state.is_terminal():
            assert session.state.current_player == "red"
            await shown(pilot, app.board_screen)
            action = pick(session.state, covered, rng)
            covered |= features(session.state, action)
            plies = session.state.ply
            await play_move(pilot, action, mouse=mouse)
            assert session.state.history_actions()[plies] == action   # the move played is ours
            check_screen(app)
        assert covered == GOALS, f"not exercised: {sorted(GOALS - covered)}"
        # The game-over screen: crate-by-crate points (PP-E3) and the winner (PP-E4).
        screen = await shown(pilot, GameOverScreen)
        state = session.state
        points = {p: state.crate_scores(p) for p in ("red", "blue")}
        assert screen.crate_points == points
        assert {p: sum(v) for p, v in points.items()} == state.scores()
        title = str(screen.query_one("#game-over-title", Label).render())
        winner = state.winner()
        assert (title.startswith("Draw") if winner == "draw" else title.startswith(winner.title()))
        await pilot.press("escape")                                  # back to the final board
        await shown(pilot, app.board_screen)
        check_screen(app)


# Whole games through the UI (about 25 s each) run under -m slow; the default run plays
# the keys at random points of every game (test_tui_every_key) and clicks in test_tui_push
# and test_tui_pacru.
@pytest.mark.slow
def test_complete_game_by_keyboard_alone() -> None:
    asyncio.run(_complete_game(5, mouse=False))


@pytest.mark.slow
def test_complete_game_by_mouse_alone() -> None:
    asyncio.run(_complete_game(6, mouse=True))


# --- hot-seat, undo, a failing bot, saving and loading ------------------------------------

def _first_grab(state: State) -> int:
    return next(a for a in state.legal_actions() if decode(a).is_grab)


def test_hot_seat_hands_over_and_shows_each_player_only_their_own_crates() -> None:
    async def run() -> None:
        session = GameSession.new({"red": "human", "blue": "human"}, seed=7)
        app = PickPackApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            assert (await shown(pilot, HandOverScreen)).player == "red"
            await pilot.press("enter")
            assert (await shown(pilot, PlacementScreen)).placer == "red"
            await pilot.press("c")
            assert (await shown(pilot, HandOverScreen)).player == "blue"
            await pilot.press("enter")
            placing = await shown(pilot, PlacementScreen)
            assert placing.placer == "blue"
            # PP-S3: Red has committed, but Blue sees none of Red's kinds while placing.
            red_tiles = [t for t in placing.query(ActionTile) if t.owner == "red"]
            assert len(red_tiles) == 12 and all(_text(t).startswith("?") for t in red_tiles)
            await pilot.press("c")
            assert (await shown(pilot, HandOverScreen)).player == "red"           # PP-S4
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            assert app.viewer == "red"
            check_screen(app)
            await play_move(pilot, _first_grab(session.state), mouse=False)
            assert (await shown(pilot, HandOverScreen)).player == "blue"
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            assert app.viewer == "blue"
            # PP-V2: Blue now sees Red's crates as count and top tray only.
            check_screen(app)
            red_crates = [c for c in app.board_screen.query(CrateView) if c.owner == "red"]
            assert all("trays" not in c.crate for c in red_crates)
            assert sum(c.count for c in red_crates) == 1
    asyncio.run(run())


def test_undo_against_a_bot_returns_to_the_humans_previous_move() -> None:
    async def run() -> None:
        session = GameSession.new({"red": "human", "blue": "random"}, seed=11)
        app = PickPackApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await pilot.press("c")
            await settle(pilot)
            await pilot.press("u")                      # nothing of ours to take back yet
            await pilot.pause()
            assert "Nothing to undo" in app.message and session.state.ply == 24
            await play_move(pilot, _first_grab(session.state), mouse=False)
            before = (session.state.zobrist_hash(), session.state.history_actions())
            await play_move(pilot, _first_grab(session.state), mouse=True)
            assert session.state.ply == 28              # 24 placements + 2 human + 2 bot plies
            await pilot.press("u")
            await settle(pilot)
            # Back to Red's decision before the second grab: the bot's reply went too.
            assert (session.state.zobrist_hash(), session.state.history_actions()) == before
            assert session.state.current_player == "red" and app.message == "Took back 2 moves"
            check_screen(app)
    asyncio.run(run())


class _RaisingBot:
    name = "raising"

    def choose(self, state: State) -> Move:
        raise RuntimeError("out of memory for the search tree")


class _IllegalBot:
    name = "illegal"

    def choose(self, state: State) -> Move:
        return Move(6, "a1>1")      # a1>1 with action 6: wrong text or not legal here


def test_a_failing_bot_is_reported_and_replaced_and_nothing_is_lost() -> None:
    async def run() -> None:
        session = GameSession.new({"red": "human", "blue": "random"}, seed=13)
        app = PickPackApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await pilot.press("c")
            await settle(pilot)
            app.bots["blue"] = _RaisingBot()
            mine = _first_grab(session.state)
            await play_move(pilot, mine, mouse=False)
            screen = await shown(pilot, BotFailureScreen)
            assert "RuntimeError: out of memory for the search tree" in screen.problem
            assert session.state.history_actions()[-1] == mine and session.state.current_player == "blue"
            options = screen.query_one(OptionList)
            ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
            assert ids[-1] == "human" and "greedy" in ids
            while options.highlighted != ids.index("greedy"):
                await pilot.press("down")
            await pilot.press("enter")
            await settle(pilot)
            assert session.seats["blue"] == "greedy"
            assert session.state.current_player == "red" and session.state.ply == 26
            assert session.state.history_actions()[24] == mine
            # A bot that answers with an illegal move is caught the same way.
            app.bots["blue"] = _IllegalBot()
            await play_move(pilot, _first_grab(session.state), mouse=True)
            assert "illegal" in (await shown(pilot, BotFailureScreen)).problem
            assert session.state.ply == 27
            assert await pilot.click(OptionList, offset=(4, 1 + ids.index("human")))
            # Both sides are people now: the screen is handed over to Blue (hot-seat).
            assert session.seats["blue"] == "human"
            assert (await shown(pilot, HandOverScreen)).player == "blue"
            assert app.viewer == "red"                  # Blue's view only after the hand-over
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            assert app.viewer == "blue"
            check_screen(app)
    asyncio.run(run())


def test_save_and_load_replay_exactly_and_a_bad_file_keeps_the_app_running(tmp_path: Path) -> None:
    async def run() -> None:
        path = tmp_path / "game.json"
        session = GameSession.new({"red": "human", "blue": "random"}, seed=17)
        app = PickPackApp(session, bot_delay=0, save_path=str(path))
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, PlacementScreen)
            await pilot.press("c")
            await settle(pilot)
            await play_move(pilot, _first_grab(session.state), mouse=False)
            saved = (session.state.zobrist_hash(), session.state.history_actions())
            await pilot.press("s")
            await shown(pilot, FileScreen)
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            data = json.loads(path.read_text())
            assert data["moves"] == [t for _, t in session.play_log()] and data["seed"] == 17
            await pilot.press("n")                      # a new game (seed 18) ...
            await shown(pilot, PlacementScreen)
            assert app.session.seed == 18
            await pilot.press("c")
            await settle(pilot)
            await pilot.press("l", "enter")            # ... then the saved one again,
            await shown(pilot, ConfirmScreen)          # over the new game's unsaved placement
            await pilot.press("y")
            await settle(pilot)
            loaded = app.session
            assert (loaded.state.zobrist_hash(), loaded.state.history_actions()) == saved
            check_screen(app)
            # A corrupt file and a missing one: a message naming the problem, same game.
            bad = tmp_path / "bad.json"
            bad.write_text("{not json")
            for name, problem in (("bad.json", "not JSON"), ("gone.json", "no such file")):
                await pilot.press("l")
                await shown(pilot, FileScreen)
                await pilot.press("end", *["backspace"] * len("game.json"), *name, "enter")
                await shown(pilot, app.board_screen)
                assert app.is_running
                assert problem in app.message, app.message
                assert app.session is loaded and loaded.state.zobrist_hash() == saved[0]
    asyncio.run(run())
