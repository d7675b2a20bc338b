"""Matches at scale (issue 5): --jobs and --backend ray give identical results, for two
and three players (the dice race of tests/support/nplayer_game.py); the statistics of the
results table (pickpack.match.stats), worked out by hand.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import pytest

from pickpack.cli import main
from pickpack.match import play_game, play_match
from pickpack.match.backends import chunk_size, run_tasks
from pickpack.match.stats import elo_difference, elo_interval, score_rate, wilson_interval
from tests.support.nplayer_game import GAME as DICE


def test_jobs_1_and_2_give_identical_results() -> None:
    # 140 games on 2 workers go out in chunks of 140 // 64 = 2 games (chunk_size)
    one = play_match(["greedy", "random"], games=140, seed=11, jobs=1)
    two = play_match(["greedy", "random"], games=140, seed=11, jobs=2)
    assert two.games == one.games
    assert two.to_json() == one.to_json()
    assert [g.index for g in two.games] == list(range(140))


def test_chunk_size() -> None:
    # about 32 submissions per worker, between 1 and MAX_CHUNK = 16 games each
    assert chunk_size(140, 2) == 2          # 140 // 64
    assert chunk_size(200, 2) == 3          # 200 // 64
    assert chunk_size(4000, 2) == 16        # 4000 // 64 = 62, capped
    assert chunk_size(6, 2) == 1            # 6 // 64 = 0, at least 1


def test_results_arrive_through_the_callback_once_each() -> None:
    seen: list[int] = []
    summary = play_match(["random", "random"], games=4, seed=2, jobs=2,
                         progress=lambda g: seen.append(g.index))
    assert sorted(seen) == [0, 1, 2, 3] and len(summary.games) == 4


def test_run_tasks_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="^jobs must be at least 1, got 0$"):
        run_tasks(play_game, [], jobs=0)
    with pytest.raises(ValueError, match="^unknown backend 'dask'; choices: local, ray$"):
        run_tasks(play_game, [], backend="dask")


def test_json_has_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "random", "random", "--games", "4", "--seed", "3", "--jobs", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game_count"], data["seed"], data["jobs"], data["backend"], data["time_limit"]) == (
        4, 3, 1, "local", 10.0)
    a, b = data["bots"]
    for line in (a, b):
        rate = (line["wins"] + line["draws"] / 2) / 4
        assert line["score_rate"] == round(rate, 4)
        assert line["score_ci95"] == [round(x, 4) for x in wilson_interval(rate, 4)]
    assert a["score_rate"] + b["score_rate"] == 1.0          # one bot's loss is the other's win
    assert all("fault" in g for g in data["games"])


# --- statistics, by hand ---------------------------------------------------------------

def test_score_rate_counts_a_draw_as_half() -> None:
    assert score_rate(7, 1, 10) == 0.75                      # (7 + 0.5) / 10
    assert score_rate(0, 0, 0) == 0.0
    with pytest.raises(ValueError):
        score_rate(5, 6, 10)


def test_wilson_interval_worked_example() -> None:
    # p = 0.75, n = 10, z = 1.959964: z²/n = 0.384146, denominator 1.384146,
    # centre (0.75 + 0.192073) / 1.384146 = 0.680617,
    # half 1.959964/1.384146 * sqrt(0.01875 + 3.841459/400) = 1.416009 * 0.168386 = 0.238437
    low, high = wilson_interval(0.75, 10)
    assert low == pytest.approx(0.680617 - 0.238437, abs=1e-5)
    assert high == pytest.approx(0.680617 + 0.238437, abs=1e-5)


def test_wilson_interval_at_the_edges() -> None:
    # p = 0: the interval is [0, z²/(n + z²)] = [0, 3.841459/5.841459] for n = 2
    assert wilson_interval(0.0, 2) == (0.0, pytest.approx(3.841459 / 5.841459))
    low, high = wilson_interval(1.0, 2)
    assert (low, high) == (pytest.approx(2 / 5.841459), 1.0)
    assert wilson_interval(0.5, 0) == (0.0, 1.0)


def test_elo_difference() -> None:
    assert elo_difference(0.75) == pytest.approx(400 * math.log10(3))     # 190.85
    assert elo_difference(0.5) == 0.0
    assert elo_difference(1 / 11) == pytest.approx(-400.0)                # odds 1:10
    assert elo_difference(0.0) == -math.inf and elo_difference(1.0) == math.inf
    low, high = elo_interval(0.75, 10)
    assert low == pytest.approx(400 * math.log10(0.442180 / 0.557820), abs=1e-2)
    assert high == pytest.approx(400 * math.log10(0.919054 / 0.080946), abs=1e-2)


def test_unreachable_ray_address_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    # nothing listens on port 1 of this machine: the connection is refused at once
    with pytest.raises(SystemExit) as done:
        main(["match", "random", "random", "--games", "2", "--backend", "ray",
              "--ray-address", "127.0.0.1:1"])
    assert done.value.code == 2
    assert capsys.readouterr().err == ("pickpack: error: cannot reach Ray at '127.0.0.1:1': "
                                       "Connection refused\n")


# --- the Ray backend (last: the module's one cluster stops when the module ends) ----------

@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """One local Ray cluster (one CPU) for the Ray tests below: starting one takes seconds,
    and both tests only submit games to it."""
    ray = pytest.importorskip("ray")            # the extra pickpack[ray], installed with [test]
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_same_results_as_local(ray_cluster: None) -> None:
    local = play_match(["greedy", "random"], games=4, seed=5, jobs=1)
    remote = play_match(["greedy", "random"], games=4, seed=5, backend="ray")
    assert remote.games == local.games
    assert remote.to_json() == local.to_json()


def test_ray_gives_the_same_three_player_results_as_local(ray_cluster: None) -> None:
    local = play_match(["random", "random", "random"], games=6, seed=5, game=DICE, jobs=1)
    remote = play_match(["random", "random", "random"], games=6, seed=5, game=DICE, backend="ray")
    assert remote.games == local.games
    assert remote.to_json() == local.to_json()
