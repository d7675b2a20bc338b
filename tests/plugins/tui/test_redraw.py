"""A redraw of the board screen does not grow with the game (issue 19, "Work done
once"): the session's move log grows on apply and shrinks on undo, and a redraw (the
app's view model, pickpack_tui.view_model) replays nothing. Counted, never timed."""

from __future__ import annotations

import asyncio
import dataclasses
from collections import Counter

from pickpack_tui.app import GameApp
from pickpack_tui.session import GameSession
from pickpack_tui.view_model import BoardView
from pickpack.face_kit.move_log import MoveLog
from tests.support.plain_game import DICE_RACE, DiceRace

CALLS: Counter[str] = Counter()


class CountingRace(DiceRace):
    """The dice race counting the work asked of it (its undo and copy replay their
    own history inside: that is the game's way, not counted as applies)."""

    quiet = False

    def apply_action(self, action: int) -> None:
        if not self.quiet:
            CALLS["apply"] += 1
        super().apply_action(action)

    def action_text(self, action: int) -> str:
        CALLS["text"] += 1
        return super().action_text(action)

    def undo(self) -> None:
        CALLS["undo"] += 1
        self.quiet = True
        try:
            super().undo()
        finally:
            self.quiet = False

    def copy(self) -> CountingRace:
        CALLS["copy"] += 1
        other = CountingRace(len(self.players), self.target)
        other.quiet = True
        for action in self.history:
            other.apply_action(action)
        other.quiet = False
        return other


def _counting(players: int, seed: int | None, *, target: int) -> CountingRace:
    return CountingRace(players, target)


RACE = dataclasses.replace(DICE_RACE, name="counting-race", factory=_counting, max_game_length=1000)
SEATS = {"p1": "human", "p2": "human"}


def _session() -> GameSession:
    return GameSession.new(SEATS, seed=1, game=RACE, target=400)


def _step_to(session: GameSession, plies: int) -> None:
    while session.plies < plies:
        session.apply_action(0)                  # step: one point, no chance


def test_the_move_log_grows_on_apply_and_shrinks_on_undo_without_a_replay() -> None:
    session = _session()
    _step_to(session, 50)
    CALLS.clear()
    assert session.apply_action(0) == "step"
    assert CALLS == {"text": 1, "apply": 1}       # the text made once, no replay
    assert len(session.play_log()) == 51 and session.play_log()[-1] == ("p1", "step")
    CALLS.clear()
    session.undo_action()
    assert CALLS == {"undo": 1}
    assert len(session.play_log()) == 50
    assert CALLS == {"undo": 1}


def test_a_change_behind_the_sessions_back_is_caught_from_where_the_log_holds() -> None:
    session = _session()
    _step_to(session, 40)
    session.state.undo()
    session.state.undo()
    session.state.apply_action(1)                 # roll: a chance node follows
    CALLS.clear()
    rows = session.play_log()
    assert len(rows) == 39 and rows[-1] == ("p1", "roll")
    # the one new row only: a copy taken back one action, its text, one apply
    assert CALLS == {"copy": 1, "undo": 1, "text": 1, "apply": 1}
    assert [text for _, text in rows[:38]] == ["step"] * 38


def test_a_redraw_costs_the_same_at_ply_10_and_at_ply_200() -> None:
    async def run() -> dict[int, Counter[str]]:
        session = _session()
        app = GameApp(session, bot_delay=0)
        per_redraw: dict[int, Counter[str]] = {}
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for plies in (10, 200):
                _step_to(session, plies)
                app.refresh_view()
                await pilot.pause()
                CALLS.clear()
                app.refresh_view()
                per_redraw[plies] = Counter(CALLS)
                assert isinstance(app.view, BoardView) and app.view.plies == plies
                assert len(app.board_screen.query_one(MoveLog).lines) == plies
        return per_redraw

    per_redraw = asyncio.run(run())
    assert per_redraw[10] == per_redraw[200]
    assert per_redraw[200]["apply"] == 0 and per_redraw[200]["undo"] == 0
