"""PPN does each piece of work once (issue 19, "Work done once"): a record is read with
one replay (the reader hands its state to the visitor, the builder keeps the final
one), a scan of the tags replays nothing, and a match's records are written from the
actions with the runner's texts, no move encoded or decoded again (docs/ppn.md)."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from pickpack.game import GameState
from pickpack.match import play_match
from pickpack.move import Move
from pickpack_ppn.dialects import dialect_of_tags
from pickpack_ppn.notation import PPN
from pickpack_ppn.records import games_to_ppn
from pickpack_ppn.tree import Game
from pickpack_ppn.visitor import SKIP, BaseVisitor, SkipType
from tests.plugins.ppn.random_games import headers_for, random_game

SEEDS = range(3)


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts of the replay work: moves read by Pick & Pack's dialect, set-ups from tags,
    moves a tree applies, histories written again."""
    calls: Counter[str] = Counter()
    dialect = dialect_of_tags({})
    for name in ("apply_move", "state_from_tags", "history_moves"):
        real = getattr(dialect, name)

        def counting(*args: Any, _real: Any = real, _name: str = name) -> Any:
            calls[_name] += 1
            return _real(*args)

        monkeypatch.setattr(dialect, name, counting)
    return calls


def _file() -> tuple[str, list[GameState]]:
    states = [random_game(seed) for seed in SEEDS]
    text = "".join(PPN.export(PPN.game_from_state(s, headers_for(seed))) for seed, s in zip(SEEDS, states))
    return text, states


def test_a_record_read_to_its_final_positions_is_replayed_once(counted: Counter[str]) -> None:
    text, states = _file()
    plies = sum(len(s.history_actions()) for s in states)
    counted.clear()
    for game, state in zip(PPN.iter_games(io.StringIO(text)), states):
        final = game.end().state()
        assert final.snapshot() == state.snapshot()
        assert final.zobrist_hash() == state.zobrist_hash()
        assert final.history_actions() == state.history_actions()
    assert counted == {"apply_move": plies, "state_from_tags": len(states)}


def test_the_final_position_kept_is_a_copy(counted: Counter[str]) -> None:
    text, states = _file()
    game = PPN.parse_game(text)
    first = game.end().state()
    first.undo()
    assert game.end().state().snapshot() == states[0].snapshot()


def test_an_edited_tree_is_replayed_from_its_tags(counted: Counter[str]) -> None:
    text, states = _file()
    game = PPN.parse_game(text)
    end = game.end()
    assert end.parent is not None
    before = end.parent.state()                 # not the node kept: replayed
    assert counted["state_from_tags"] == 2
    again = end.parent.add_variation(end.move)  # type: ignore[arg-type]   # an alternative node
    assert again.state().snapshot() == states[0].snapshot()
    assert counted["state_from_tags"] == 3
    assert before.history_actions() == states[0].history_actions()[:-1]
    game.headers["Event"] = "edited"            # a tag changed: the kept state is not trusted
    assert game.end().state().snapshot() == states[0].snapshot()
    assert counted["state_from_tags"] == 4
    game.end().move = None                      # the main line changed: replayed again
    assert game.end().state().history_actions() == []
    assert counted["state_from_tags"] == 5


def test_a_scan_of_the_tags_sets_up_and_replays_nothing(counted: Counter[str]) -> None:
    text, states = _file()
    whole = [dict(game.headers) for game in PPN.iter_games(io.StringIO(text))]
    counted.clear()
    reader = PPN.Reader(io.StringIO(text))
    scanned = []
    while (headers := reader.read_headers()) is not None:
        scanned.append(dict(headers))
    assert scanned == whole
    assert counted == {}


class Positions(BaseVisitor[list[tuple[int, str, int]]]):
    """(ply, move text, hash of the state handed over) of every move read."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str, int]] = []

    def visit_move(self, move: Move, ply: int, state: GameState | None = None) -> None:
        assert state is not None
        self.seen.append((ply, move.text, state.zobrist_hash()))

    def result(self) -> list[tuple[int, str, int]]:
        return self.seen


def test_the_visitor_gets_the_position_after_each_move() -> None:
    text, states = _file()
    seen = PPN.Reader(io.StringIO(text)).visit_game(Positions())
    assert seen is not None
    replay = states[0].copy()
    for _ in states[0].history_actions():
        replay.undo()
    expected = []
    for ply, move in enumerate(states[0].history(), 1):
        replay.apply_action(move.action)
        expected.append((ply, move.text, replay.zobrist_hash()))
    assert seen == expected


class OldStyle(BaseVisitor[int]):
    """A visitor written before visit_move took the state."""

    def __init__(self) -> None:
        self.moves = 0

    def visit_move(self, move: Move, ply: int) -> None:  # type: ignore[override]
        self.moves += 1

    def result(self) -> int:
        return self.moves


def test_a_visitor_without_the_state_parameter_is_still_read_into() -> None:
    text, states = _file()
    assert PPN.Reader(io.StringIO(text)).visit_game(OldStyle()) == len(states[0].history_actions())


class TagsFirst(BaseVisitor[int]):
    """Skips every movetext but counts what it is sent."""

    def __init__(self) -> None:
        self.events = 0

    def end_headers(self) -> SkipType:
        return SKIP

    def visit_move(self, move: Move, ply: int, state: GameState | None = None) -> None:
        self.events += 1

    def visit_comment(self, comment: str) -> None:
        self.events += 1

    def result(self) -> int:
        return self.events


def test_a_skipping_visitor_gets_no_movetext_events() -> None:
    text = '[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n{ c } 1. a6>1 $1 (1. a6>2) *\n'
    assert PPN.Reader(io.StringIO(text)).visit_game(TagsFirst()) == 0


def test_match_records_are_written_from_the_actions_with_the_runners_texts(counted: Counter[str]) -> None:
    summary = play_match(["random", "random"], 2, 11)
    results = summary.games
    assert all(len(r.actions) == len(r.moves) > 0 for r in results)
    counted.clear()
    by_actions = io.StringIO()
    games_to_ppn(results, by_actions, date="2026.01.01")
    assert counted == {}                          # nothing read back, no history written again
    by_texts = io.StringIO()
    games_to_ppn([replace(r, actions=[]) for r in results], by_texts, date="2026.01.01")
    assert counted["apply_move"] == sum(len(r.moves) for r in results)
    assert by_actions.getvalue() == by_texts.getvalue()
    for game, result in zip(PPN.iter_games(io.StringIO(by_actions.getvalue())), results):
        assert [m.action for m in game.mainline_moves()] == result.actions


def test_moves_that_are_not_the_states_history_are_refused() -> None:
    state = random_game(0)
    wrong = [Move(a, "x") for a in state.history_actions()[:-1]]
    with pytest.raises(ValueError, match="not the state's history"):
        Game.from_state(state, moves=wrong)
