"""PACRU attacks (PA-K1) and the pincer (PA-K2), with the crossing benefit it can earn
(PA-X1); values worked out by hand.

Borderland 4 is d4..f6 (places: d4 e4 f4 / d5 e5 f5 / d6 e6 f6). Positions:
tests/games/pacru/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.pacru.positions import broken_rule, c, impl, load, moves_from, play  # noqa: F401

N, NE, E, SE, S, SW, W, NW = range(8)


def _pincer(impl: Any, players: int = 2) -> Any:
    """A: e4 N, d5 E (no A cells: power 1). North: e5 S on its own colour, i9 S."""
    chevrons = [["e4N", "d5E"], ["e5S", "i9S"]] + [[]] * (players - 2)
    return load(impl, players, chevrons=chevrons, paint={"B": "e5"})


def test_pa_k1_attacks(impl: Any) -> None:
    """PA-K1: e4 N reaches e5 (N, 1 cell, power 1); d5 E reaches e5 (E, 1 cell). North's
    e5 S (power 1: its own e5) attacks A's e4 (S, 1 cell); i9 S reaches i8 only."""
    st = _pincer(impl)
    assert st.attacks(c("e4")) == [c("e5")] and st.attacks(c("d5")) == [c("e5")]
    assert st.attacks(c("e5")) == [c("e4")] and st.attacks(c("i9")) == []


def test_pa_k2_pincer_moves(impl: Any) -> None:
    """PA-K2: two attackers, so each may pincer: e4 (N e5 pincer; NW d5 its own chevron;
    NE f5) and d5 (NE e6; E e5 pincer; SE e4 its own chevron). No crossing (all in
    borderland 4), no meeting."""
    st = _pincer(impl)
    assert moves_from(st, "e4") == ["e4xe5", "e4-f5"]
    assert moves_from(st, "d5") == ["d5-e6", "d5xe5"]


def test_pa_k2_pincer_removes_the_chevron_and_takes_its_cell(impl: Any) -> None:
    """PA-K2: e4xe5: north's chevron leaves the game, e5 (north's colour) becomes A's, the
    attacker stands on e5 pointing N. A 1 cell, north 0 with one chevron left."""
    st = play(_pincer(impl), "e4xe5")
    assert st.chevron(c("e5")) == (0, N) and st.chevron(c("e4")) is None
    assert st.colour(c("e5")) == 0 and (st.cells(0), st.cells(1)) == (1, 0)
    assert st.chevrons(1) == [(c("i9"), S)] and not st.is_terminal() and st.turn == 1


def test_pa_k2_a_pincer_is_written_with_x(impl: Any) -> None:
    assert broken_rule(_pincer(impl), "e4-e5") == "PA-M3"


def test_pa_k2_no_enemy_chevron_to_pincer(impl: Any) -> None:
    """PA-K2: e4xf5 names a pincer on a free cell."""
    assert broken_rule(_pincer(impl), "e4xf5") == "PA-K2"


def _pincer_crossing(impl: Any) -> Any:
    """A: e3 N on A's e3 with A's d3 (borderland 1: power 2), d5 NE (power 1). North: e5
    S on its own colour, i9 S."""
    return load(impl, chevrons=[["e3N", "d5NE"], ["e5S", "i9S"]], paint={"A": "d3 e3", "B": "e5"})


def test_pa_k2_pincer_across_a_border_earns_the_crossing_benefit(impl: Any) -> None:
    """PA-K2 / PA-X1: e3 attacks e5 (N, 2 cells, e4 free), d5 NE attacks it (E, 1 cell).
    e3xe5 crosses from borderland 1 into 4: after e5 becomes A's, the neutral free cells
    of borderland 4 are d4 e4 f4 f5 d6 e6 f6 (d5 holds a chevron): 7 pincers. d5xe5
    stays in borderland 4: 1 pincer, no choice."""
    st = _pincer_crossing(impl)
    assert st.attacks(c("e3")) == [c("e5")] and st.attacks(c("d5")) == [c("e5")]
    assert [t for t in moves_from(st, "e3") if "x" in t] == [
        f"e3xe5[{t}]" for t in ("d4", "e4", "f4", "f5", "d6", "e6", "f6")]
    assert [t for t in moves_from(st, "d5") if "x" in t] == ["d5xe5"]


def test_pa_k2_pincer_with_crossing_applies_both(impl: Any) -> None:
    """e3xe5[f6]: e5 and f6 become A's, e4 (passed) stays neutral; A d3 e3 e5 f6 = 4,
    north 0."""
    st = play(_pincer_crossing(impl), "e3xe5[f6]")
    assert [st.colour(c(t)) for t in ("e5", "f6", "e4")] == [0, 0, -1]
    assert (st.cells(0), st.cells(1)) == (4, 0) and st.chevron(c("e5")) == (0, N)


@pytest.mark.parametrize("move", ["e3xe5", "e3xe5[e5]", "e3xe5[d5]"])
def test_pa_k2_pincer_crossing_cell(impl: Any, move: str) -> None:
    """PA-B1: missing; e5 (A's once pincered); d5 (under a chevron)."""
    assert broken_rule(_pincer_crossing(impl), move) == "PA-B1"


def _blocked(impl: Any) -> Any:
    """A: e3 N (d3, e3 A's: power 2), d5 NE (power 1). North: e4 S and e5 S. e3's line
    to e5 is blocked by e4; d5 attacks e5 only (its directions N, NE, E)."""
    return load(impl, chevrons=[["e3N", "d5NE"], ["e4S", "e5S"]], paint={"A": "d3 e3"})


def test_pa_k1_attack_blocked_by_a_chevron_between(impl: Any) -> None:
    """PA-K1: e3 attacks e4 only (e5 is behind e4); d5 attacks e5 only. Each enemy chevron
    has one attacker: no pincer at all."""
    st = _blocked(impl)
    assert st.attacks(c("e3")) == [c("e4")] and st.attacks(c("d5")) == [c("e5")]
    assert not any("x" in st.action_text(a) for a in st.move_actions())


@pytest.mark.parametrize(("move", "rule"), [
    ("e3xe5", "PA-K1"),      # a chevron (e4) on the path
    ("d5xe5", "PA-K2"),      # one attacker only
    ("e3xe4", "PA-K2"),      # one attacker only
    ("e3-e5[e5]", "PA-M3"),  # lands on a chevron without the pincer mark
])
def test_pa_k_refused_pincers(impl: Any, move: str, rule: str) -> None:
    assert broken_rule(_blocked(impl), move) == rule


def test_pa_k2_pincer_of_the_last_chevron_in_three_players(impl: Any) -> None:
    """PA-K2 / PA-E2: 3 players, west (seat 2) already out; north's only chevron on e5 is
    pincered: A is the last player with chevrons and wins; returns 1, -1/2, -1/2."""
    st = load(impl, 3, chevrons=[["e4N", "d5E"], ["e5S"], []], paint={"B": "e5", "C": "a9"})
    play(st, "e4xe5")
    assert st.is_terminal() and st.winning_seats() == [0]
    assert st.returns() == pytest.approx([1.0, -0.5, -0.5])
    assert st.legal_actions() == [] and st.cells(2) == 1
