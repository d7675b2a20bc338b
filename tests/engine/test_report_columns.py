"""Every report the command line prints fits 80 columns for any figures (issue 22, item 1):
the benchmark of every game (``pickpack bench``) and the match results tables.

The instance: PUSH's report had a line of 86 columns, not from a figure but from the
"OpenSpiel not installed (pip install -e '/a/long/folder[bench]')" line, whose length is
that of the folder pickpack was installed from. The kind: a line's length depended on
how large its figures or its free text came out. The formatters are fed extreme figures
(huge, tiny, zero, negative, infinite) and a long install folder directly, never timed.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from pickpack import benchmark as generic
from pickpack.commands.match import results_tables
from pickpack.games.pacru import benchmark as pacru_bench
from pickpack.games.pickpack import benchmark as pickpack_bench
from pickpack.games.push import benchmark as push_bench
from pickpack.match.summary import BotLine, MatchSummary
from pickpack.report_columns import FIGURE_WIDTH, LABEL_WIDTH, figure, fit_lines

EXTREMES = [1e300, 1e30, 123_456_789_012_345.6, 4e-5, 1e-300, 0.0, -1e30, math.inf]
#: What each extreme figure prints as, worked out by hand (zero: at 0 or 1 decimals).
SHOWN = {1e300: ("1.00e+300",), 1e30: ("1.00e+30",), 123_456_789_012_345.6: ("1.23e+14",),
         4e-5: ("4.00e-05",), 1e-300: ("1.00e-300",), 0.0: ("0", "0.0"), -1e30: ("-1.00e+30",),
         math.inf: ("inf",)}
LONG_HINT = "pip install -e '" + "/a-rather-long-folder-name" * 8 + "/pickpack[bench]'"


def _template(game: str) -> dict[str, Any]:
    """A report of the shape run_benchmarks gives for ``game`` (numbers to be replaced)."""
    c = {"plies_per_s": 1.0, "games_per_s": 1.0, "mean_plies": 1.0, "chance_share": 0.5}
    spiel = {"python_plies_per_s": 1.0, "cpp_simulations_per_s": 1.0, "cpp_plies_per_s": 1.0,
             "mean_plies": 1.0}
    if game == "generic":
        return {"game": "pig", "protocol_loop_plies_per_s": 1.0, "games_per_s": 1.0, "mean_plies": 1.0,
                "copy_per_s": 1.0, "ratios": {"copies per ply": 1.0}}
    if game == "pacru":
        figures = {"plies_per_s": 1.0, "games_per_s": 1.0, "mean_plies": 1.0}
        return {"python": "3.11.9", "seconds_per_measurement": 1.0,
                "playouts": {"2": dict(figures), "4": dict(figures)},
                "legal_moves": {"calls_per_s": 1.0, "actions_per_s": 1.0, "mean_actions": 1.0},
                "mcts_simulations_per_s": 1.0, "reference_games_per_s": 1.0,
                "ratios": {"c_vs_reference": 1.0}}
    report: dict[str, Any] = {
        "python": "3.11.9", "players": 4, "seconds_per_measurement": 1.0, "c_playouts": c,
        "python_int_loop_plies_per_s": 1.0, "python_move_loop_plies_per_s": 1.0,
        "reference_plies_per_s": 1.0, "copy_per_s": 1.0,
        "state_bytes": {"c_struct": 1, "python_object": 1},
        "ratios": {"c_vs_reference": 1.0, "c_vs_python_int_loop": 1.0}}
    report["openspiel_pig" if game == "push" else "openspiel_breakthrough_6x6"] = spiel
    return report


def _filled(data: Any, value: float) -> Any:
    """``data`` with every number in it (not the player count heading PUSH's report,
    nor the seconds, which are not printed) replaced by ``value``."""
    if isinstance(data, dict):
        return {k: v if k in ("players", "seconds_per_measurement") else _filled(v, value)
                for k, v in data.items()}
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return value
    return data


FORMATTERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "generic": generic.format_report, "pickpack": pickpack_bench.format_report,
    "push": push_bench.format_report, "pacru": pacru_bench.format_report}


@pytest.mark.parametrize("value", EXTREMES, ids=str)
@pytest.mark.parametrize("game", sorted(FORMATTERS))
def test_every_benchmark_report_fits_80_columns_for_any_figure(game: str, value: float) -> None:
    text = FORMATTERS[game](_filled(_template(game), value))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80, text
    # every per-second figure stands whole in its column, right-aligned, after the label
    rates = [line for line in lines if line.rstrip().endswith("/s") or "/s (" in line]
    assert rates and all(line[LABEL_WIDTH:LABEL_WIDTH + FIGURE_WIDTH].strip() in SHOWN[value]
                         for line in rates), text


@pytest.mark.parametrize("game", ["pickpack", "push"])
def test_a_long_install_folder_wraps_the_openspiel_hint_within_80_columns(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = {"pickpack": pickpack_bench, "push": push_bench}[game]
    monkeypatch.setattr(module, "pip_command", lambda extra: LONG_HINT)
    report = _template(game)
    report.pop("openspiel_pig", None)
    report.pop("openspiel_breakthrough_6x6", None)
    lines = module.format_report(report).splitlines()
    assert max(len(line) for line in lines) <= 80
    start = next(i for i, line in enumerate(lines) if line.startswith("OpenSpiel "))
    hint = lines[start:next(i for i, line in enumerate(lines) if line.startswith("ratios"))]
    # the continuation lines stand under the figures, and the command is all there
    assert len(hint) >= 3 and all(line.startswith(" " * LABEL_WIDTH) for line in hint[1:])
    assert "".join("".join(hint).split()) == "OpenSpielnotinstalled(" + "".join(LONG_HINT.split()) + ")"


def test_a_figure_keeps_its_width_and_never_shows_a_non_zero_as_zero() -> None:
    assert figure(99_999_999_999.4) == "99,999,999,999"          # 14 characters: fixed
    assert figure(999_999_999_999.0) == "1.00e+12"               # 17 in fixed form
    assert figure(0.04, 1) == "4.00e-02" and figure(0.05, 1) == "0.1" and figure(12.25, 1) == "12.2"
    assert figure(-0.0) == "-0" and figure(math.nan) == "nan" and figure(-math.inf) == "-inf"
    assert max(len(figure(v, d)) for v in (-1.5e300, 1e-300, 9.99e99) for d in (0, 1, 2)) <= 10


def test_fit_lines_leaves_short_lines_alone_and_wraps_long_ones_between_words() -> None:
    short = "x" * 80
    assert fit_lines([short, ""]) == short + "\n"
    wrapped = fit_lines(["label" + " " * 19 + "word " * 20 + "end"]).splitlines()
    assert [len(line) for line in wrapped] == [78, 72]      # 24 + 11 words, 24 + 9 words + end
    assert wrapped[1] == " " * LABEL_WIDTH + "word " * 9 + "end"


def _summary(value: float, names: tuple[str, str]) -> MatchSummary:
    """A two-bot summary over a huge number of games whose mean score and plies are
    ``value``."""
    games = 99_999_999_999_999
    lines = []
    for seat, name in enumerate(names):
        line = BotLine(name, games=games, wins=games if seat == 0 else 0,
                       losses=0 if seat == 0 else games, forfeits=games if seat else 0)
        line.score_sum = value * games
        line.plies_sum = int(min(value, 1e30) * games) if math.isfinite(value) else games
        lines.append(line)
    return MatchSummary(lines, [])


@pytest.mark.parametrize("value", [1e250, 4e-5, -1e30], ids=str)
@pytest.mark.parametrize("names", [("random", "greedy"), ("cmd:" + "/a/long/bot/path" * 6, "mcts")],
                         ids=["short", "long"])
def test_the_match_results_fit_80_columns_for_any_figures(value: float, names: tuple[str, str]) -> None:
    summary = _summary(value, names)
    out = io.StringIO()
    console = Console(width=80, file=out)
    for part in results_tables(summary, "99999999999999 games, seed 0", 80):
        console.print(part)
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= 80, text
    flat = " ".join(text.split())
    # the mean points whole (never folded across lines), the counts whole
    assert figure(value, 2) in flat and "99999999999999" in flat, text


@pytest.mark.parametrize("value", [1e250, -1e250, 4e-5], ids=str)
def test_the_n_player_results_fit_80_columns_for_any_returns(value: float) -> None:
    # A game whose returns are huge (or tiny): the mean return and its interval stay
    # whole figures within the width.
    games = 1000
    lines = []
    for seat, name in enumerate(["random", "greedy", "mcts"]):
        line = BotLine(name, players=3, min_utility=-abs(value) * 2, max_utility=abs(value) * 2)
        for _ in range(games):
            line.count([value, 0.0, -value][seat:] + [value, 0.0, -value][:seat], 0, 0.0, 10, False)
        lines.append(line)
    out = io.StringIO()
    for part in results_tables(MatchSummary(lines, []), "1000 games, seed 0", 80):
        Console(width=80, file=out).print(part)
    text = out.getvalue()
    assert max(len(row) for row in text.splitlines()) <= 80, text
    flat = " ".join(text.split())
    assert figure(value, 3, plus=True) in flat and figure(-value, 3, plus=True) in flat, text
