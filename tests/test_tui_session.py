"""The UI's game session without a screen: save files, undo, and the move questions."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pickpack.games.pickpack import placements_from_seed

from pickpack_tui.move_choices import Questions, decode
from pickpack_tui.session import GameSession, SaveFileError

SEATS = {"red": "human", "blue": "random"}


def _played(seed: int, moves: list[str]) -> GameSession:
    session = GameSession.new(SEATS, seed=seed, placements=placements_from_seed(seed))
    for text in moves:
        session.state.apply(text)
    return session


def test_save_file_replays_to_the_same_position_and_hash(tmp_path: Path) -> None:
    # Seed 3 deals the 6-apple tray to f2 (PP-S2): Red grabs e2, Blue grabs e1.
    session = _played(3, ["e2>2", "e1>1"])
    path = tmp_path / "g.json"
    session.save(path)
    loaded = GameSession.load(path)
    assert loaded.state.zobrist_hash() == session.state.zobrist_hash()
    assert loaded.state.history_actions() == session.state.history_actions()
    assert loaded.play_log() == [("red", "e2>2"), ("blue", "e1>1")]
    assert json.loads(path.read_text())["placements"] == placements_from_seed(3)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="chess"), "format: not a pickpack save file"),
    (lambda d: d.update(version=9), "version: unsupported version 9"),
    (lambda d: d.update(first="green"), "first: must be 'red' or 'blue'"),
    (lambda d: d["seats"].update(blue="deep-blue"), "seats.blue: unknown bot 'deep-blue'"),
    (lambda d: d["root"]["grid"].pop("a1"), "root: grid: must have exactly the 36 squares"),
    (lambda d: d["placements"].update(red="PPPPWWRRQQXX"), "placements.red: "),
    # e2 was grabbed by the first move, so grabbing it again breaks PP-M2 or PP-M1.
    (lambda d: d["moves"].append("e2>1"), "moves[2]: illegal move e2>1: PP-M"),
    (lambda d: d["moves"].append("e9>1"), "moves[2]: expected a destination square"),
])
def test_a_bad_save_file_is_refused_naming_the_field(
        tmp_path: Path, edit: Callable[[dict[str, Any]], None], message: str) -> None:
    data = _played(3, ["e2>2", "e1>1"]).to_json()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as info:
        GameSession.load(path)
    assert message in str(info.value), str(info.value)


def test_undo_with_no_human_play_move_does_nothing() -> None:
    session = _played(3, [])
    assert not session.can_undo() and session.undo() == 0 and session.state.ply == 24


def test_undo_against_a_bot_takes_back_the_bot_reply_and_the_human_move() -> None:
    session = _played(3, ["e2>2", "e1>1", "a1>1"])
    assert session.state.current_player == "blue"
    assert session.undo() == 1                        # Red's a1>1 only: Red decides again
    assert session.play_log() == [("red", "e2>2"), ("blue", "e1>1")]
    assert session.undo() == 2                        # Blue's e1>1 and Red's e2>2
    assert session.play_log() == [] and session.state.current_player == "red"


def test_a_grab_asks_only_for_the_crate_and_lists_every_crate() -> None:
    # Seed 3 opening: all four crates empty, so all tie for fewest (PP-G2).
    session = _played(3, [])
    actions = [a for a in session.state.legal_actions() if decode(a).dest == 10]   # e2
    q = Questions(session.state.observation("red"), "red", actions)
    question = q.next()
    assert question is not None and question.key == "crate" and question.rule == "PP-G2"
    assert [o.unavailable for o in question.options] == [None] * 4
    q.answer(1)
    assert q.next() is None and session.state.action_text(q.action or 0) == "e2>2"


def test_a_closed_crate_is_listed_but_unavailable_as_premium_target() -> None:
    # Seed 5: Blue's d3/3R:4 closed Red's crate 4 as wholesale (PP-A2); after 14 moves
    # Red may move to the empty f3 and use the Premium on fB: crates 1-3 only (PP-A1).
    session = _played(5, ["f5>4", "f3>1", "d3>3", "d2>4", "f2>1", "f1>2", "d1>2", "d3/3R:4",
                          "f3/fB:a1", "f2/2L:aT", "a2>2", "a4>3", "b4>3", "b3>4"])
    actions = [a for a in session.state.legal_actions() if decode(a).dest == 17]   # f3
    q = Questions(session.state.observation("red"), "red", actions)
    question = q.next()
    assert question is not None and question.rule == "PP-A1"
    assert [o.unavailable for o in question.options] == [None, None, None, "closed"]
    with pytest.raises(ValueError, match="not an available answer"):
        q.answer(3)


def test_a_placing_bot_is_not_shown_the_committed_placement_of_the_other_player() -> None:
    # PP-S3: Red (human) has committed; Blue's bot gets a position whose Red tiles are a
    # random arrangement (two of each kind, PP-C3) drawn from the seed, not Red's.
    session = GameSession.new(SEATS, seed=3)
    session.commit_placement("red", "PPWWRRQQXXMM")
    view = session.placement_view("blue", seed=1)
    shown = "".join(t["kind"] for t in view.snapshot()["tiles"]["red"].values())
    assert shown != "PPWWRRQQXXMM" and sorted(shown) == sorted("PPWWRRQQXXMM")
    assert view.current_player == "blue" and view.snapshot()["grid"] == session.state.snapshot()["grid"]
    # Before the other side has committed there is nothing to hide.
    assert GameSession.new(SEATS, seed=3).placement_view("red", seed=1).snapshot()["tiles"]["blue"]["1L"]["kind"] is None
