"""The ``openspiel-mcts`` bot (plugins/pickpack_bots/openspiel_mcts_bot.py): OpenSpiel's
C++ MCTSBot through pickpack.adapters.openspiel, its options, its budget planning, the
deadline its search polls (on a fake clock) and its one-line refusal without OpenSpiel.
Tiny simulation counts keep it fast."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel not installed: pip install -e '.[openspiel]'")

import pickpack  # noqa: E402
from pickpack.bots import make_bot  # noqa: E402
from pickpack.errors import BotSpecError  # noqa: E402
import pickpack_bots.openspiel_mcts_bot as osbot  # noqa: E402
from pickpack.bots.search import search_seconds  # noqa: E402
from pickpack.match import check_bots, play_game  # noqa: E402
from pickpack.match.seeding import derive_seed  # noqa: E402
from pickpack_bots.openspiel_mcts_bot import (LIMIT_SHARE, MAX_FRACTION, MIN_FRACTION,  # noqa: E402
                                              MIN_SIMULATIONS, PROBE_SIMULATIONS, OpenSpielMCTSBot)

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402


def _bot(**options: Any) -> OpenSpielMCTSBot:
    bot = make_bot("openspiel-mcts", seed=7, game="pickpack", isolate=False, **options)
    assert isinstance(bot, OpenSpielMCTSBot)
    return bot


def test_defaults_are_openspiels() -> None:
    bot = _bot()
    # open_spiel/python/examples/mcts.py: uct_c 2, rollout_count 1, max_simulations 1000
    assert (bot.exploration, bot.rollouts, bot.max_simulations, bot.seconds) == (2.0, 1, 1000, None)
    assert bot.bounded is True and bot.games is None and bot.time_budget is None
    timed = _bot(seconds=0.5)
    assert (timed.max_simulations, timed.seconds, timed.time_budget) == (None, 0.5, 0.5)


def test_a_pick_and_pack_move_is_legal_counted_and_reproducible() -> None:
    state = pickpack.new_game("pickpack", seed=3, variant="dealt")
    moves = []
    for _ in range(2):
        bot = OpenSpielMCTSBot(seed=7, simulations=8)         # no time limit: no rate probe
        move = bot.choose(state)
        assert move.action in state.legal_actions()
        assert move.text == state.action_text(move.action)
        # one search of exactly 8 simulations (the opening is far from a proven value)
        assert (bot.moves, bot.searches, bot.simulations) == (1, 1, 8)
        assert bot.mean_move_seconds > 0 and bot.simulations_per_second > 0
        moves.append(move)
    limited = _bot(simulations=8)         # make_bot gives the match's limit (10 s): probe first
    assert limited.choose(state) == moves[0]
    assert (limited.moves, limited.searches, limited.simulations) == (1, 2, PROBE_SIMULATIONS + 8)
    assert moves[0] == moves[1]                       # same seed, position, options
    assert state.snapshot() == pickpack.new_game("pickpack", seed=3, variant="dealt").snapshot()


def test_a_pacru_move_is_one_whole_action_from_its_tokens() -> None:
    state = pickpack.new_game("pacru", players=2)
    bot = OpenSpielMCTSBot(seed=1, simulations=4)     # no time limit: no rate probe
    move = bot.choose(state)
    assert move.action in state.legal_actions()
    # a PACRU move is at least two token decisions (the chevron, then the direction);
    # the opening's chevrons all have a choice of direction, so >= 2 searches of 4
    assert bot.searches >= 2 and bot.simulations == 4 * bot.searches


def test_whole_games_through_the_match_runner() -> None:
    result = play_game(["openspiel-mcts:simulations=4", "random"], 0, 5)
    assert result.fault is None and result.forfeit is None
    assert sorted(result.bot_returns) == [-1.0, 1.0] or result.bot_returns == (0.0, 0.0)
    pig = play_game(["openspiel-mcts:simulations=4", "random"], 1, 5, game=PIG)
    assert pig.fault is None and max(pig.returns) == 1.0


def test_planned_move_time_keeps_the_mean_on_target() -> None:
    bot = _bot(seconds=0.1)
    assert bot._planned_move_seconds() == pytest.approx(0.1)          # first move: the target
    bot.moves, bot.move_seconds = 2, 0.1                              # 0.1 s behind after 2 moves
    assert bot._planned_move_seconds() == pytest.approx(0.3 - 0.1)    # 3 * 0.1 - 0.1
    bot.moves, bot.move_seconds = 3, 0.5                              # 0.2 s ahead: floor
    assert bot._planned_move_seconds() == pytest.approx(MIN_FRACTION * 0.1)
    bot.moves, bot.move_seconds = 10, 0.0                             # far behind: ceiling 3x
    assert bot._planned_move_seconds() == pytest.approx(0.3)


def test_budget_from_the_measured_rate() -> None:
    bot = _bot(seconds=0.1)
    bot._last_rate = 1000.0                                 # simulations per second
    assert 95 <= bot._budget(time.perf_counter(), 1.0) <= 100   # 1000/s * 0.1 s
    assert 47 <= bot._budget(time.perf_counter(), 2.0) <= 50    # two searches share it
    assert bot._budget(time.perf_counter() - 5.0, 1.0) == 2     # over time: still MIN_SIMULATIONS
    capped = _bot(simulations=1000)
    capped.time_limit, capped._last_rate = 0.1, 1000.0
    # limit 0.1 s: search_seconds 0.08, LIMIT_SHARE of it 0.04 s -> 40 simulations
    assert LIMIT_SHARE == 0.5
    assert 38 <= capped._budget(time.perf_counter(), 1.0) <= 40
    capped._last_rate = 10.0                    # 10/s * 0.04 s = 0.4 simulations: at least 2
    assert capped._budget(time.perf_counter(), 1.0) == MIN_SIMULATIONS == 2


def test_seconds_option_meets_the_mean_over_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # On a fake clock (0.1 ms a read: what a search costs is the number of actions it
    # applies and states it clones, not the machine's load) the 0.03 s target is met
    # on the mean of 12 moves, within 2x.
    monkeypatch.setattr(osbot, "_clock", _FakeClock(1e-4))
    bot = _bot(seconds=0.03)
    state = pickpack.new_game("pickpack", seed=4, variant="dealt")
    for _ in range(12):
        state.apply(bot.choose(state))
    assert bot.moves == 12 and bot.searches == 13           # the probe is one search more
    assert bot.simulations >= PROBE_SIMULATIONS + 12 and bot.cut_searches == 0
    assert 0.015 <= bot.mean_move_seconds <= 0.06             # the 0.03 s target, within 2x


@pytest.mark.parametrize("spec, words", [
    ("openspiel-mcts:simulatons=5", "openspiel-mcts: unknown option 'simulatons'; its options: simulations"),
    ("openspiel-mcts:simulations=1", "option 'simulations' must be an int 2..1000000000, got 1"),
    ("openspiel-mcts:rollouts=0", "option 'rollouts' must be an int 1..1000, got 0"),
    ("openspiel-mcts:exploration=-1", "option 'exploration' must be a finite number >= 0, got -1"),
    ("openspiel-mcts:seconds=0", "option 'seconds' must be a finite number > 0, got 0"),
])
def test_bad_options_are_one_line(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError) as info:
        make_bot(spec, seed=1, game="pickpack")
    assert words in str(info.value) and "\n" not in str(info.value)


def test_without_openspiel_one_line_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)          # import pyspiel -> ImportError
    with pytest.raises(BotSpecError) as info:
        check_bots(["openspiel-mcts", "random"])               # before the first game
    message = str(info.value)
    assert message.startswith("bot 'openspiel-mcts': openspiel-mcts needs OpenSpiel")
    assert "pip install" in message and "[openspiel]" in message and "\n" not in message


def test_no_move_at_the_end() -> None:
    state = pickpack.new_game("pickpack", seed=3, variant="dealt")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="no move to choose"):
        _bot(simulations=2).choose(state)


class _FakeClock:
    """A clock that moves ``step`` seconds at every read: what the bot measures and
    when its deadline passes depend only on how often it reads the clock, not on the
    machine's load (the tests below assert no wall-clock duration)."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        now = self.now
        self.now += self.step
        self.reads += 1
        return now


def _fallback(bot: OpenSpielMCTSBot, state: Any) -> int:
    """The random legal move the bot falls back on at the first decision of ``state``."""
    from pickpack.adapters.play import AdaptedState
    seed = derive_seed(bot._seed, state.zobrist_hash(), 0) % 2**31
    return random.Random(seed).choice(AdaptedState(state.copy()).legal_actions())


def test_a_search_planned_from_a_stale_rate_is_cut_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    # The known cause of late moves: a search planned from the previous search's rate
    # when the machine has slowed down since. Here the previous rate says 10**7
    # simulations a second, so the search is planned at its 5000-simulation cap; the
    # clock moves 1 ms a read, so the 30 ms deadline (search_seconds(0.05)) passes
    # after about 27 simulation starts: the search polls it and is cut (issue 20 item 4).
    clock = _FakeClock(0.001)
    monkeypatch.setattr(osbot, "_clock", clock)
    bot = _bot(simulations=5000, time_limit=0.05)
    bot._last_rate = 1e7
    state = pickpack.new_game("pickpack", seed=3, variant="dealt")
    move = bot.choose(state)
    assert move.action in state.legal_actions()
    assert (bot.searches, bot.cut_searches, bot.moves) == (1, 1, 1)
    assert 0 < bot.simulations < 30                   # of the 5000 planned
    assert move.action == _fallback(bot, state)       # no probe this move: the random fallback
    # on the fake clock the move took at most 3 reads (3 ms) past search_seconds(0.05)
    assert search_seconds(0.05) == pytest.approx(0.03)
    assert bot.move_seconds <= 0.03 + 3 * clock.step + 1e-9
    # the cut search measured the rate it really had: the next plan fits the deadline
    assert bot._last_rate is not None and bot._last_rate < 1e3


def test_a_probe_cut_by_the_deadline_starts_no_other_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # 10 ms a read against a 30 ms deadline: the 16-simulation rate probe is cut after
    # a simulation or two, and once the deadline has passed no search is started.
    monkeypatch.setattr(osbot, "_clock", _FakeClock(0.01))
    bot = _bot(time_limit=0.05)
    state = pickpack.new_game("pickpack", seed=3, variant="dealt")
    move = bot.choose(state)
    assert move.action in state.legal_actions() and move.action == _fallback(bot, state)
    assert (bot.searches, bot.cut_searches) == (1, 1)
    assert bot._last_rate is None                     # too few to measure: probe again next move
    bot.choose(state)
    assert (bot.searches, bot.cut_searches) == (2, 2)


def test_a_pacru_turn_past_the_deadline_completes_without_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    # A PACRU move is several token decisions; once the first search is cut, the
    # remaining tokens are drawn without a search, and the move is one whole legal action.
    monkeypatch.setattr(osbot, "_clock", _FakeClock(0.01))
    bot = OpenSpielMCTSBot(seed=1, time_limit=0.05)
    state = pickpack.new_game("pacru", players=2)
    move = bot.choose(state)
    assert move.action in state.legal_actions()
    assert (bot.searches, bot.cut_searches) == (1, 1)


def test_without_a_deadline_the_watch_never_cuts() -> None:
    # no limit and no seconds: the deadline is +inf and the search runs its budget
    bot = OpenSpielMCTSBot(seed=7, simulations=8)
    assert bot._deadline(0.0) == float("inf")
    bot.choose(pickpack.new_game("pickpack", seed=3, variant="dealt"))
    assert (bot.simulations, bot.cut_searches) == (8, 0)
    timed = OpenSpielMCTSBot(seed=7, seconds=0.2, time_limit=10)
    assert timed._deadline(5.0) == pytest.approx(5.0 + MAX_FRACTION * 0.2)   # 0.6 s < 9 s
