"""Fault isolation (issue 5, docs/match.md "Faults"): a failing bot loses that game with a
recorded reason; the match goes on and every other result is kept.

In-process faulty bots are registered through a distribution made in the test's tmp
dir (tests.support.plugin_dist); process bots are scripts (tests.engine.process_scripts). Bot A is
Red in even games and Blue in odd ones, and Red moves first (PP-S4), so a bot that fails
on its first move leaves 0 plies in game 0 and 1 ply (Red's) in game 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from pickpack.cli import main
from pickpack.match import GameResult, play_match
from pickpack.match.seeding import derive_seed
from tests.support.plugin_dist import on_sys_path, write_distribution
from tests.engine.process_scripts import script

FAULTY = '''\
import random, time
from pickpack import Move

class Faulty:
    """Plays like the built-in random bot (random.Random(seed).choice of the legal
    actions) until move number fail_move of a game whose seed is fail_game_seed (-1: any
    game); then it fails in its own way."""
    name = "faulty"

    def __init__(self, seed=None, fail_game_seed=-1, fail_move=1):
        self._rng, self._seed, self._moves = random.Random(seed), seed, 0
        self._fail_game, self._fail_move = fail_game_seed, fail_move

    def choose(self, state):
        self._moves += 1
        if self._fail_game in (-1, self._seed) and self._moves == self._fail_move:
            return self.fail(state)
        action = self._rng.choice(state.legal_actions())
        return Move(action, state.action_text(action))

class Raises(Faulty):
    def fail(self, state):
        raise RuntimeError("lost my marbles")

class Slow(Faulty):
    def fail(self, state):
        time.sleep(0.7)
        return state.legal_moves()[0]

class Garbage(Faulty):
    def fail(self, state):
        return 42

class Illegal(Faulty):
    def fail(self, state):
        move = state.legal_moves()[0]
        # the same move spending a rush order: none can be waiting on a first move (PP-R1)
        return Move(move.action + 1, move.text + "+")
'''


@pytest.fixture(scope="module")
def faulty_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    site = tmp_path_factory.mktemp("faulty")
    write_distribution(site, "faulty-bots", "0.1", {"pickpack.bots": {
        "raises": "faulty_bots:Raises", "slow": "faulty_bots:Slow",
        "garbage": "faulty_bots:Garbage", "illegal": "faulty_bots:Illegal"}},
        {"faulty_bots": FAULTY})
    with on_sys_path(site):
        yield


def outcomes(games: list[GameResult]) -> list[tuple[str | None, str | None, str, int]]:
    return [(g.fault, g.forfeited_by, g.winner, g.plies) for g in games]


def expect(kind: str) -> list[tuple[str | None, str | None, str, int]]:
    """Bot A failed on its first move in both games (module docstring)."""
    return [(kind, "red", "blue", 0), (kind, "blue", "red", 1)]


def test_in_process_bot_that_raises(faulty_bots: None) -> None:
    summary = play_match(["raises", "random"], games=2, seed=0)
    assert outcomes(summary.games) == expect("exception")
    assert summary.games[0].forfeit == ("raises (red) exception: raised RuntimeError: lost my "
                                        "marbles (at faulty_bots.py:23 in fail)")
    assert (summary.lines[0].forfeits, summary.lines[0].losses, summary.lines[1].wins) == (2, 2, 2)


def test_in_process_bot_past_the_time_limit(faulty_bots: None) -> None:
    # limit 0.05 s + 0.5 s grace; the bot sleeps 0.7 s, so it is late by any clock
    summary = play_match(["slow", "random"], games=2, seed=0, time_limit=0.05)
    assert outcomes(summary.games) == expect("timeout")
    assert summary.games[1].forfeit is not None
    assert summary.games[1].forfeit.startswith("slow (blue) timeout: took ")
    assert summary.games[1].forfeit.endswith(" s for a move, over the limit of 0.05 s + 0.5 s grace")


def test_in_process_bot_that_returns_garbage(faulty_bots: None) -> None:
    summary = play_match(["garbage", "random"], games=2, seed=0)
    assert outcomes(summary.games) == expect("garbage")
    assert summary.games[0].forfeit == "garbage (red) garbage: returned int 42, not a Move"


def test_in_process_bot_with_an_illegal_move(faulty_bots: None) -> None:
    summary = play_match(["illegal", "random"], games=2, seed=0)
    assert outcomes(summary.games) == expect("illegal")
    forfeit = summary.games[0].forfeit
    # game 0: the grabber starts on f2 (the 6-apple tray, PP-S2), Red moves along row 2
    # (PP-M1), and a2>1 is the lowest legal action there
    assert forfeit is not None and forfeit.startswith("illegal (red) illegal: illegal move a2>1+")
    assert forfeit.endswith("PP-R1: no rush order is waiting in the mover's rush-order area")


def test_match_goes_on_and_keeps_every_other_result(faulty_bots: None) -> None:
    # The faulty bot plays exactly like random except in game 1 (A = Blue there), where
    # it raises on its third move. Every other game must equal random vs random.
    fail_seed = derive_seed(0, 1, 0)          # bot A's seed in game 1 (pickpack.match)
    flaky = play_match([f"raises:fail_game_seed={fail_seed},fail_move=3", "random"], games=4, seed=0)
    clean = play_match(["random", "random"], games=4, seed=0)
    for i in (0, 2, 3):
        renamed = replace(flaky.games[i], seats=clean.games[i].seats)
        assert renamed == clean.games[i]
    broken = flaky.games[1]
    assert (broken.fault, broken.forfeited_by, broken.winner) == ("exception", "blue", "red")
    # up to the fault both games are the same; the faulty bot (Blue) made two moves
    assert broken.moves == clean.games[1].moves[:broken.plies]
    assert broken.plies >= 5                  # R B R B R at least, before Blue's third
    # the same with two worker processes: the fault stays inside its game
    assert play_match([f"raises:fail_game_seed={fail_seed},fail_move=3", "random"], games=4,
                      seed=0, jobs=2).games == flaky.games


def test_process_bot_that_crashes_mid_game(tmp_path: Path) -> None:
    spec = script(tmp_path, "crasher", go='if moves == 2:\n'
                                          '    sys.stderr.write("segfault (pretend)\\n"); sys.exit(4)\n'
                                          'print("bestmove", rng.choice(legal), flush=True)')
    summary = play_match([spec, "random"], games=2, seed=0)
    assert [(g.fault, g.forfeited_by) for g in summary.games] == [("crash", "red"), ("crash", "blue")]
    reason = summary.games[0].forfeit
    assert reason is not None and reason.endswith(
        "exited with status 4 while waiting for go 10000; last stderr line: 'segfault (pretend)'")
    assert all(g.plies >= 2 for g in summary.games)    # it made one move, then died


@pytest.mark.parametrize(("go", "time_limit", "kind", "reason_end_re"), [
    ("time.sleep(60)", 0.2, "timeout",
     re.escape("no answer to go 200 in time (limit 0.2 s + 0.5 s grace); killed")),
    ('print("I resign, good game", flush=True)', 10.0, "garbage",
     re.escape("answered 'I resign, good game' to go (expected 'bestmove MOVE')")),
    ('print("bestmove", legal[0] + "+", flush=True)', 10.0, "illegal",
     r"\+ \(action \d+\): PP-R1: no rush order is waiting in the mover's rush-order area"),
], ids=["hangs", "prints-garbage", "illegal-move"])
def test_process_bot_that_fails_on_its_first_move(
        tmp_path: Path, go: str, time_limit: float, kind: str, reason_end_re: str) -> None:
    spec = script(tmp_path, kind, go=go)
    summary = play_match([spec, "random"], games=2, seed=0, time_limit=time_limit)
    assert outcomes(summary.games) == expect(kind)
    for game in summary.games:
        assert game.forfeit is not None and re.search(f"{reason_end_re}$", game.forfeit), game.forfeit


def test_command_line_reports_each_forfeit(faulty_bots: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "raises", "random", "--games", "2", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-2:] == [
        "game 1: forfeit: raises (red) exception: raised RuntimeError: lost my marbles "
        "(at faulty_bots.py:23 in fail)",
        "game 2: forfeit: raises (blue) exception: raised RuntimeError: lost my marbles "
        "(at faulty_bots.py:23 in fail)"]
    row = next(line for line in captured.out.splitlines() if "raises" in line)
    # two losses: score 0%, Wilson 95% upper bound for 0 of 2 = z²/(n+z²) = 3.84/5.84 = 65.8%
    assert " 0.0% " in row and "0.0% to 65.8%" in row
