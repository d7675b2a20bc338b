"""Every bot keeps the match's per-move time limit (issue 12 item 6).

- the search bots get the limit from make_bot (``time_limit=L``) and stop themselves
  at search_seconds(L) = L - max(10% of L, 20 ms) (pickpack.bots.search);
- a bot that does not declare ``bounded = True`` (a third-party entry point, a native
  library) runs in a child process that is killed at L + grace (pickpack.bots);
- a long C search ends on Ctrl-C (pickpack.games.pickpack._search polls the signal handlers).

The elapsed-time bounds below are behaviour bounds, far above what the code needs (a
search stopped at 0.03 s against a bound of the 0.05 s limit + 5 s), not speed claims:
they hold on a loaded machine and still fail the unbounded searches, whose moves take
minutes (the issue's alphabeta:depth=14: 87 s and 249 s).
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.bots import IsolatedBot, make_bot
from pickpack.bots.search import LEAST_SEARCH, search_seconds
from pickpack.errors import BotSpecError
from pickpack.games.pickpack._search import alphabeta_search, mcts_search
from pickpack.match import check_bots, play_game, play_match
from pickpack.match.seeding import derive_seed
from tests.support.plugin_dist import on_sys_path, write_distribution
from tests.support.nplayer_game import GAME as DICE
from tests.engine.process_scripts import interrupt_when_ready
from tests.engine.test_native_bot import CREATE_FREE, build_text

ROOT = Path(__file__).resolve().parents[2]


def midgame(seed: int = 4, plies: int = 12) -> pickpack_game.State:
    """The deal of ``seed`` after ``plies`` random moves: many moves, no end in sight."""
    state: pickpack_game.State = pickpack.new_game(
        "pickpack", seed=seed, placements=pickpack_game.placements_from_seed(seed))
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# --- the search bots take the limit --------------------------------------------------

@pytest.mark.parametrize(("limit", "seconds"), [
    (0.05, 0.03),      # 0.05 - max(0.005, 0.02)
    (0.3, 0.27),       # 0.3 - max(0.03, 0.02)
    (10.0, 9.0),       # 10 - 1
    (0.01, 0.005),     # 0.01 - 0.02 < 0: half the limit instead
])
def test_search_seconds_keeps_a_margin(limit: float, seconds: float) -> None:
    assert search_seconds(limit) == pytest.approx(seconds)


@pytest.mark.parametrize("bad", [0, -1.0, float("inf"), float("nan")])
def test_search_seconds_refuses_a_bad_limit(bad: float) -> None:
    with pytest.raises(ValueError, match="time limit must be a positive number of seconds"):
        search_seconds(bad)


@pytest.mark.parametrize(("spec", "limit"), [
    # unbounded, each of these takes minutes a move: the bound below fails them
    ("alphabeta:depth=14", 0.05),           # the issue's bot: 87 s and 249 s moves
    ("alphabeta:depth=64,eval=score", 0.1),
    ("mcts:simulations=100000000", 0.1),
    # the defaults take the limit too (their own budgets end in well under 5 s:
    # the time they keep is checked by test_time_budget_is_capped_by_the_limit)
    ("alphabeta", 0.05),                    # default depth 6 with a 2 s cap
    ("mcts", 0.05),                         # default 20 000 simulations
])
def test_search_bot_answers_within_the_limit(spec: str, limit: float) -> None:
    state = midgame()
    bot = make_bot(spec, seed=1, time_limit=limit)
    started = time.monotonic()
    move = bot.choose(state.copy())
    elapsed = time.monotonic() - started
    assert move.action in state.legal_actions()
    assert elapsed < limit + 5            # stopped at search_seconds(limit), give or take


def test_alphabeta_under_a_limit_returns_the_deepest_completed_iteration() -> None:
    state = midgame()
    cut = alphabeta_search(state, depth=14, seconds=search_seconds(0.05))
    assert 1 <= cut["depth"] < 14
    # the move is the best of that depth, searched to the end without a clock
    full = alphabeta_search(state, depth=cut["depth"])
    assert (cut["action"], cut["value"]) == (full["action"], full["value"])


def test_time_budget_is_capped_by_the_limit() -> None:
    def budget(spec: str, limit: float) -> Any:
        return getattr(make_bot(spec, seed=1, time_limit=limit), "time_budget")

    assert budget("alphabeta:seconds=5", 1.0) == pytest.approx(0.9)      # min(5, 1 - 0.1)
    assert budget("alphabeta", 0.05) == pytest.approx(0.03)             # min(2, 0.03)
    # simulations or depth alone: no time budget declared, the deadline still holds
    assert budget("mcts:simulations=500", 0.05) is None
    # before: "bot 'alphabeta' means to use 2 s per move ..., over the match's time limit"
    check_bots(["alphabeta", "mcts:seconds=3"], time_limit=0.05)


def test_limit_is_not_a_bot_option() -> None:
    with pytest.raises(BotSpecError, match=r"^bot 'mcts:time_limit=3': 'time_limit' is set by the match"):
        make_bot("mcts:time_limit=3")
    with pytest.raises(BotSpecError, match=r"^bot 'mcts': time limit must be a positive number"):
        make_bot("mcts", time_limit=0)


def test_the_issue_match_keeps_the_limit() -> None:
    # pickpack match alphabeta:depth=14 random --games 2 --time-limit 0.05
    started = time.monotonic()
    summary = play_match(["alphabeta:depth=14", "random"], games=2, seed=0, time_limit=0.05)
    elapsed = time.monotonic() - started
    assert elapsed < 60                   # unbounded: 87 s for one move, minutes a game
    for game in summary.games:
        if game.fault is None:
            assert game.plies > 10
        else:
            # a loaded machine may push a 0.03 s search past 0.05 s + grace, but never
            # by seconds, as the unbounded search would
            assert game.fault == "timeout" and game.forfeit is not None, game.forfeit
            took = re.search(r"took ([0-9.]+) s for a move", game.forfeit)
            assert took is not None and float(took[1]) < 0.05 + 5, game.forfeit


def test_simulation_budget_stays_deterministic_under_a_long_limit() -> None:
    # the default limit (10 s) leaves a 300-simulation search alone: the move is the one
    # of the unclocked search with the bot's derived seed (pickpack_bots.mcts_bot)
    state = midgame()
    expected = mcts_search(
        state, simulations=300, seed=derive_seed(5, state.zobrist_hash()))["action"]
    assert make_bot("mcts:simulations=300", seed=5).choose(state.copy()).action == expected


# --- bots that cannot bound themselves run in a child process -------------------------

UNBOUNDED = '''\
import os, random, time
from pickpack import Move

class Sleeper:
    """Never answers: sleeps on every move."""
    name = "sleeper"
    def __init__(self, seed=None): pass
    def choose(self, state):
        while True:
            time.sleep(60)

class Spinner:
    """Never answers: a pure-Python busy loop."""
    name = "spinner"
    def __init__(self, seed=None): pass
    def choose(self, state):
        n = 0
        while True:
            n += 1

class Exiter:
    """Ends its whole process on its first move."""
    name = "exiter"
    def __init__(self, seed=None): pass
    def choose(self, state):
        os._exit(7)

class Configurable:
    """Takes an option; plays the first legal move."""
    name = "configurable"
    def __init__(self, seed=None, table=None):
        self.table = table
    def choose(self, state):
        return state.legal_moves()[0]

class Polite:
    """Random, and says it keeps any limit."""
    name = "polite"
    bounded = True
    def __init__(self, seed=None):
        self._rng = random.Random(seed)
    def choose(self, state):
        return self._rng.choice(state.legal_moves())
'''


@pytest.fixture(scope="module")
def unbounded_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    site = tmp_path_factory.mktemp("unbounded")
    write_distribution(site, "unbounded-bots", "0.1", {"pickpack.bots": {
        "sleeper": "unbounded_bots:Sleeper", "spinner": "unbounded_bots:Spinner",
        "exiter": "unbounded_bots:Exiter", "polite": "unbounded_bots:Polite",
        "configurable": "unbounded_bots:Configurable"}},
        {"unbounded_bots": UNBOUNDED})
    with on_sys_path(site):
        yield


@pytest.mark.parametrize("name", ["sleeper", "spinner"])
def test_a_hanging_python_bot_loses_on_time(unbounded_bots: None, name: str) -> None:
    started = time.monotonic()
    # both games start in play (placements given), so Red's first move is a grab
    dealt = {"placements": pickpack_game.placements_from_seed(derive_seed(0, 0))}
    red = play_game([name, "random"], 0, 0, time_limit=0.3, options=dealt)   # game 0: A is Red
    blue = play_game([name, "random"], 1, 0, time_limit=0.3, options=dealt)
    elapsed = time.monotonic() - started
    assert [(g.fault, g.forfeited_by, g.winner, g.plies) for g in (red, blue)] == [
        ("timeout", "red", "blue", 0), ("timeout", "blue", "red", 1)]
    assert red.forfeit == (f"{name} (red) timeout: took more than 0.8 s for a move, "
                           "over the limit of 0.3 s + 0.5 s grace")
    assert elapsed < 15                  # two child starts and two 0.8 s waits


def test_a_bot_that_ends_its_process_loses_only_the_game(unbounded_bots: None) -> None:
    # in-process, os._exit(7) would end the match itself
    game = play_game(["exiter", "random"], 0, 0)
    assert (game.fault, game.forfeited_by, game.plies) == ("crash", "red", 0)
    assert game.forfeit is not None and "exited with status 7" in game.forfeit


def test_which_bots_are_isolated(unbounded_bots: None) -> None:
    for spec in ("sleeper", "exiter"):
        bot = make_bot(spec, seed=1, time_limit=0.3)
        try:
            assert isinstance(bot, IsolatedBot) and bot.name == spec
        finally:
            bot.close()                   # type: ignore[attr-defined]
    assert type(make_bot("sleeper", seed=1, isolate=False)).__name__ == "Sleeper"
    assert type(make_bot("polite", seed=1)).__name__ == "Polite"
    for builtin in ("random", "greedy", "mcts", "alphabeta"):
        assert getattr(make_bot(builtin, seed=1), "bounded", False) is True


def test_options_of_an_isolated_bot_must_be_json_data(unbounded_bots: None) -> None:
    with pytest.raises(BotSpecError, match=r"^bot 'configurable': its options are not JSON data"):
        make_bot("configurable", seed=1, table=object())
    bot = make_bot("configurable", seed=1, table={"a": [1, 2]})   # sent to the child as JSON
    try:
        assert isinstance(bot, IsolatedBot) and bot.name == "configurable"
        state = midgame()
        assert bot.choose(state) == state.legal_moves()[0]
    finally:
        bot.close()                       # type: ignore[attr-defined]
    # in-process, any value goes
    assert getattr(make_bot("configurable", seed=1, table=object(), isolate=False), "table") is not None


def test_a_hanging_native_library_loses_on_time(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "spin", "int32_t pickpack_bot_abi_version(void) "
                     "{ return PICKPACK_BOT_ABI_VERSION; }\n" + CREATE_FREE +
                     "int32_t pickpack_bot_choose(void *b, const char *p, const int32_t *l, "
                     "int32_t n) {\n (void)b; (void)p; (void)l; (void)n;\n"
                     " volatile int spin = 1; while (spin) {} return 0; }\n")
    game = play_game([f"native:{lib}", "random"], 0, 0, time_limit=0.3)
    assert (game.fault, game.forfeited_by, game.plies) == ("timeout", "red", 0)


# --- Ctrl-C ends a long search -------------------------------------------------------

SEARCH_SCRIPT = '''\
import random, sys, time
import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack._search import alphabeta_search, mcts_search
state = pickpack.new_game("pickpack", seed=4, placements=pickpack_game.placements_from_seed(4))
rng = random.Random(4)
for _ in range(12):
    state.apply_action(rng.choice(state.legal_actions()))
try:
    print("searching", flush=True)     # inside the try: a SIGINT from now on is handled
    if sys.argv[1] == "alphabeta":
        alphabeta_search(state, depth=64)
    else:
        mcts_search(state, simulations=10**9)
except KeyboardInterrupt:
    print("interrupted", flush=True)
'''


@pytest.mark.parametrize("search", ["alphabeta", "mcts"])
def test_ctrl_c_stops_a_long_search(search: str) -> None:
    # well inside the C search (minutes at this budget) 0.5 s after "searching"
    status, lines, out, _, stopped = interrupt_when_ready(
        [sys.executable, "-c", SEARCH_SCRIPT, search], ready_lines=1, settle=0.5, cwd=ROOT)
    assert lines == ["searching\n"]
    assert out == "interrupted\n" and status == 0
    # polled every 0.05 s; unpolled, the search runs on for minutes
    assert stopped < 10.0


# --- issue 22, item 12: bounded by a deadline the search checks, not by a count ------------
#
# The default mcts of PUSH took 11.44 s for a move at load 10: its 20,000 simulations cost
# 2-2.3 s of CPU (measured), fast only on an idle machine. Whether a bot keeps the limit must
# not depend on the load, so these tests never time a move: they give a bot a limit of
# 0.05 s and a budget no machine finishes in it, and check that the search itself stopped
# early (its reported simulations or depth below the budget).

ENORMOUS = 10**9


def _game(name: str) -> Any:
    """The game ``name``; ``dice`` is the test's pure-Python game (no native search)."""
    return DICE if name == "dice" else pickpack.get_game(name)


def _decision(game: str, players: int, seed: int = 5) -> Any:
    """A position of ``game`` where the player to move has two or more moves."""
    state = _game(game).new_state(seed=seed, players=players)
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=[float(w) for w in weights])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "players"), [("pickpack", 2), ("push", 4), ("pacru", 2), ("pacru", 4),
                                               ("dice", 3)])
def test_mcts_told_a_tiny_limit_stops_its_search_before_an_enormous_count(game: str, players: int) -> None:
    # C searches (pickpack, push, pacru) and the Python one (dice: no native search)
    state = _decision(game, players)
    bot = make_bot(f"mcts:simulations={ENORMOUS}", seed=1, game=_game(game), players=players,
                   time_limit=0.05)
    move = bot.choose(state.copy())
    assert move.action in state.legal_actions()
    assert bot.last_search is not None and 1 <= bot.last_search["simulations"] < ENORMOUS


@pytest.mark.parametrize(("game", "players"), [("pickpack", 2), ("push", 4), ("pacru", 2)])
def test_the_default_mcts_searches_under_the_match_limit_minus_the_margin(
        game: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The default bot hands its C search a deadline: L - margin, less what the move had
    # already spent -- never no deadline (a simulation count alone).
    state = _decision(game, players)
    bot = make_bot("mcts", seed=1, game=game, players=players, time_limit=10.0)
    native = bot.native_search(state.game)
    asked: list[Any] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs)
        return native(*args, **kwargs)

    monkeypatch.setitem(bot._native, game, spy)
    bot.choose(state.copy())
    (kwargs,) = asked
    assert kwargs["simulations"] == 20_000 and 0 < kwargs["seconds"] <= search_seconds(10.0) == 9.0


def test_the_deadline_counts_from_the_start_of_the_move() -> None:
    bot = make_bot("mcts", seed=1, time_limit=10.0)
    # a move that started 100 s ago has nothing left but the least search; one that
    # starts now has the whole 9 s (or a hair less)
    assert bot.seconds_left(time.monotonic() - 100) == LEAST_SEARCH
    assert 8.9 < (bot.seconds_left(time.monotonic()) or 0) <= 9.0
    assert make_bot("mcts", seed=1, time_limit=None).seconds_left(time.monotonic()) is None


def test_alphabeta_told_a_tiny_limit_stops_before_an_enormous_depth() -> None:
    bot = make_bot("alphabeta:depth=64", seed=1, time_limit=0.05)
    state = midgame()
    bot.choose(state.copy())
    assert bot.last_search is not None and 1 <= bot.last_search["depth"] < 64
