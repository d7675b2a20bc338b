"""Elo at a perfect or a zero score (a 200-0 match) is shown as what the games prove,
never as ``inf``: ``> +N (no game lost)`` with the interval ``+N or more``, N the lower
95% bound (docs/match.md, "At the edges"); in JSON the infinite values are null, so the
output stays valid JSON."""

from __future__ import annotations

import json

import pytest

from pickpack.commands.match import _stats
from pickpack.match import BotLine
from pickpack.match.stats import elo_texts


def test_a_finite_elo_reads_as_a_number_and_an_interval() -> None:
    # docs/match.md's worked example: 7 wins, 1 draw, 2 losses: Elo +190.8 in -40.4 .. +422.1
    assert elo_texts(0.75, 10) == ("+191", "-40 to +422")


def test_a_perfect_score_reads_as_the_bound_it_proves() -> None:
    # 10 of 10: the Wilson bound 10/13.8415 = 0.72247 is 400 log10(0.72247/0.27753) = +166.2 Elo
    assert elo_texts(1.0, 10) == ("> +166 (no game lost)", "+166 or more")
    assert elo_texts(0.0, 10) == ("< -166 (no game won)", "-166 or less")
    assert elo_texts(0.5, 0) == ("none", "no games")


def test_the_results_table_never_shows_inf() -> None:
    winner, loser = BotLine("a", games=10, wins=10), BotLine("b", games=10, losses=10)
    assert _stats(winner) == ["100.0%", "72.2% to 100.0%", "> +166 (no game lost)", "+166 or more"]
    assert _stats(loser) == ["0.0%", "0.0% to 27.8%", "< -166 (no game won)", "-166 or less"]


@pytest.mark.parametrize("games", [1, 200])
def test_the_json_of_a_whitewash_is_valid_json(games: int) -> None:
    data = BotLine("a", games=games, wins=games).to_json()
    text = json.dumps(data, allow_nan=False)          # raises on inf or nan
    assert json.loads(text)["elo"] is None and json.loads(text)["elo_ci95"][1] is None
