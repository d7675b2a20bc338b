"""PACRU's benchmark module (pickpack.games.pacru.benchmark, ``pickpack bench --game
pacru``): the measurements run in order, the report's figures are consistent, its text
fits 80 columns, and the positions it times are real positions of random games."""

from __future__ import annotations

import json

import pytest

import pickpack
from pickpack.cli import main
from pickpack.games.pacru import benchmark
from pickpack.games.pacru.encoding import MAX_GAME_LENGTH


def _report() -> dict[str, object]:
    return {
        "python": "3.11.9", "seconds_per_measurement": 1.0,
        "playouts": {"2": {"plies_per_s": 3_676_825.4, "games_per_s": 39_344.2, "mean_plies": 93.46},
                     "3": {"plies_per_s": 3_871_557.0, "games_per_s": 37_960.0, "mean_plies": 102.0},
                     "4": {"plies_per_s": 1_941_853.0, "games_per_s": 14_358.0, "mean_plies": 135.2}},
        "legal_moves": {"calls_per_s": 1_616.4, "actions_per_s": 31_681.4, "mean_actions": 19.6},
        "mcts_simulations_per_s": 19_652.3, "reference_games_per_s": 21.3,
        "ratios": {"c_vs_reference": 1846.9},
    }


def test_the_report_fits_80_columns_and_shows_every_figure() -> None:
    text = benchmark.format_report(_report())
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80 and len(lines) == 11
    assert "3,676,825 plies/s" in lines[1] and "39,344 games/s (93.5 plies/game)" in lines[2]
    assert "random playouts, 4p" in lines[5] and "1,941,853 plies/s" in lines[5]
    assert "1,616 calls/s (19.6 actions each)" in lines[7]
    assert "19,652 simulations/s" in lines[8] and "21.3 games/s" in lines[9]
    assert lines[10].endswith("1,846.9x  c_vs_reference")


def test_seconds_must_be_positive() -> None:
    with pytest.raises(ValueError, match="seconds must be positive"):
        benchmark.run_benchmarks(seconds=0)


def test_the_timed_positions_are_positions_of_real_games() -> None:
    states = benchmark.random_states(12, 3)
    assert len(states) == 12
    start = pickpack.new_game("pacru", players=2)
    assert states[0].snapshot() == start.snapshot()
    assert len(states[0].legal_actions()) == 28                      # the start (docs/pacru.md, perft)
    for state in states:
        assert len(state.history_actions()) % 4 == 0                 # every 4th ply
        replay = pickpack.new_game("pacru", players=2)
        for action in state.history_actions():
            assert replay.check_action(action) is None
            replay.apply_action(action)
        assert replay.snapshot() == state.snapshot()
    with pytest.raises(ValueError, match="count must be positive"):
        benchmark.random_states(0, 1)


def test_a_short_run_measures_everything_in_order() -> None:
    started: list[str] = []
    report = benchmark.run_benchmarks(seconds=0.02, progress=started.append)
    assert started == list(benchmark.MEASUREMENTS)
    assert set(report["playouts"]) == {"2", "3", "4"}
    for figures in report["playouts"].values():
        # a game lasts at least one ply and at most the cap (PA-E3)
        assert 1 <= figures["mean_plies"] <= MAX_GAME_LENGTH
        assert figures["plies_per_s"] == pytest.approx(figures["games_per_s"] * figures["mean_plies"])
    assert report["ratios"]["c_vs_reference"] == pytest.approx(
        report["playouts"]["2"]["games_per_s"] / report["reference_games_per_s"])
    assert report["mcts_simulations_per_s"] > 0 and report["legal_moves"]["mean_actions"] > 1
    assert max(len(line) for line in benchmark.format_report(report).splitlines()) <= 80


def test_pickpack_bench_game_pacru_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "pacru", "--seconds", "0.01", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seconds_per_measurement"] == 0.01 and set(report["playouts"]) == {"2", "3", "4"}
    assert pickpack.get_game("pacru").benchmark == "pickpack.games.pacru.benchmark"
