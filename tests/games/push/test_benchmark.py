"""PUSH's benchmark module (pickpack.games.push.benchmark, ``pickpack bench --game push``):
the measurements run in order, the report's figures are consistent, its text fits 80
columns, and the random game loop it times plays real games."""

from __future__ import annotations

import json
import random

import pytest

import pickpack
from pickpack.cli import main
from pickpack.games.push import benchmark
from pickpack.games.push._core import STATE_BYTES
from pickpack.games.push.encoding import MAX_GAME_LENGTH
from pickpack.games.push.reference import RefState


def _report(spiel: bool) -> dict[str, object]:
    report: dict[str, object] = {
        "python": "3.11.9", "players": 4, "seconds_per_measurement": 1.0,
        "c_playouts": {"plies_per_s": 12_345_678.9, "games_per_s": 23_456.7, "mean_plies": 526.3,
                       "chance_share": 0.3712},
        "python_int_loop_plies_per_s": 987_654.3, "python_move_loop_plies_per_s": 456_789.0,
        "reference_plies_per_s": 98_765.4, "copy_per_s": 1_234_567.8,
        "state_bytes": {"c_struct": 123_456, "python_object": 1_234_567},
        "ratios": {"c_vs_reference": 125.0, "c_vs_python_int_loop": 12.5, "int_loop_vs_move_loop": 2.16,
                   "int_loop_vs_reference": 10.0},
    }
    if spiel:
        report["openspiel_pig"] = {"python_plies_per_s": 376_808.7, "cpp_simulations_per_s": 25_560.1,
                                   "cpp_plies_per_s": 7_802_523.0, "mean_plies": 305.3}
    return report


@pytest.mark.parametrize("spiel", [False, True])
def test_the_report_fits_80_columns_and_shows_every_figure(spiel: bool) -> None:
    text = benchmark.format_report(_report(spiel))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "12,345,679 plies/s" in lines[1]
    assert "23,457 games/s (526.3 plies/game, 37% chance)" in lines[2]
    assert "  125.0x  c_vs_reference" in text
    if spiel:
        assert "376,809 plies/s (pig(players=4))" in text and "25,560 simulations/s x 305.3 plies" in text
    else:
        assert "OpenSpiel" in text and "not installed" in text


def test_the_random_loop_plays_whole_games_with_chance_by_probability() -> None:
    state = RefState(4, hard=False, switch_per_turn=False)
    plies = benchmark.play_random(state, random.Random(7))
    assert state.is_terminal() and state.snapshot()["deck"] == {}          # PU-E1
    assert plies == len(state.history_actions()) <= MAX_GAME_LENGTH
    # Replayed: every one of the 120 cards was drawn at a chance node of phase draw, and
    # each outcome was one the node offered with a positive probability.
    replay = RefState(4, hard=False, switch_per_turn=False)
    draws = 0
    for action in state.history_actions():
        if replay.is_chance_node():
            assert dict(replay.chance_outcomes())[action] > 0
            draws += replay.phase == "draw"
        replay.apply_action(action)
    assert draws == 120 and replay.snapshot() == state.snapshot()


def test_seconds_must_be_positive() -> None:
    with pytest.raises(ValueError, match="seconds must be positive"):
        benchmark.run_benchmarks(seconds=0)


def test_a_short_run_measures_everything_in_order() -> None:
    started: list[str] = []
    report = benchmark.run_benchmarks(seconds=0.02, progress=started.append)
    assert started == list(benchmark.MEASUREMENTS)
    c = report["c_playouts"]
    assert 120 < c["mean_plies"] <= MAX_GAME_LENGTH and 0 < c["chance_share"] < 1
    assert report["ratios"]["c_vs_reference"] == pytest.approx(c["plies_per_s"] / report["reference_plies_per_s"])
    assert report["players"] == 4 and report["state_bytes"]["c_struct"] == STATE_BYTES > 0
    assert max(len(line) for line in benchmark.format_report(report).splitlines()) <= 80


def test_pickpack_bench_game_push_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "push", "--seconds", "0.01", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 4 and report["seconds_per_measurement"] == 0.01
    assert pickpack.get_game("push").benchmark == "pickpack.games.push.benchmark"
