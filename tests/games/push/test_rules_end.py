"""PUSH end, scores, returns and what each player sees (PU-E1..E3, PU-V1), with values
worked out by hand. Positions: tests/games/push/positions.py (a finished game is a snapshot in
phase over: deck and stacks empty, for 3+ players all 12 switch cards on the pile).
"""

from __future__ import annotations

from typing import Any

import pytest

from pickpack import TERMINAL
from tests.games.push.positions import bench, discard, impl, load, play, snapshot, stacks, texts  # noqa: F401

# --- PU-E1: the end -------------------------------------------------------------------------


def test_pu_e1_the_game_ends_when_the_turn_that_emptied_the_deck_is_complete(impl: Any) -> None:
    """PU-E1: 2 players, the deck holds R1 alone. p1 draws and places it: the deck is
    empty but the turn goes on (decide, then collect); once p1 has taken the stack and the
    collection is over, the game is over with p1 (seat 0) still the turn's seat."""
    st = play(load(impl, 2, deck={"R1": 1}), "draw R1 place-1")
    assert (st.deck_size, st.phase, st.is_terminal()) == (0, "decide", False)
    play(st, "stop")
    assert (st.phase, st.is_terminal()) == ("collect", False)
    play(st, "take-1")
    assert (st.phase, st.is_terminal(), st.turn, st.actor) == ("over", True, 0, 0)
    assert st.current_player_id() == TERMINAL and st.current_player is None
    assert st.legal_actions() == [] and texts(st) == [] and st.chance_outcomes() == []
    assert (broken := st.check_action(0)) is not None and broken[0] == "PU-E1"


def test_pu_e1_the_other_players_still_collect_from_the_last_turn(impl: Any) -> None:
    """PU-E1, PU-K1: 3 players (all 12 switch cards on the pile: direction +1), deck R1,
    B2. p1 draws both (two stacks), stops, takes [R1]; not over yet: p2 takes [B2]; then
    the game is over. Scores p1 1, p2 2, p3 0."""
    st = play(load(impl, 3, deck={"R1": 1, "B2": 1}, switches=12),
              "draw R1 place-1 draw B2 place-2 stop take-1")
    assert (st.phase, st.actor, st.is_terminal()) == ("collect", 1, False)
    play(st, "take-2")
    assert st.phase == "over" and st.scores() == {"p1": 1, "p2": 2, "p3": 0}


def test_pu_e1_a_bust_on_the_last_card_still_rolls_and_collects(impl: Any) -> None:
    """PU-E1, PU-P5, PU-K3: 2 players, stacks [R1] [R2] [R3], the last card R4 busts: p1
    rolls (star), p2 takes [R2], the collection is back at p1, R1 and R3 are discarded:
    over, p2 scores 2."""
    st = load(impl, 2, phase="decide", stacks=[["R1"], ["R2"], ["R3"]], deck={"R4": 1})
    play(st, "draw R4")
    assert (st.phase, st.is_terminal()) == ("roll", False)
    play(st, "die-star")
    assert (st.phase, st.actor) == ("collect", 1)
    play(st, "take-2")
    assert (st.phase, stacks(st)) == ("over", [[], [], []])
    assert st.scores() == {"p1": 0, "p2": 2} and st.winning_seats() == [1]
    assert discard(st) == {f"{c}{v}": 3 for c in "RBGYP" for v in range(1, 7)} | {
        "R2": 2, "roll": 18}


def test_pu_e1_stopping_after_a_last_switch_ends_the_game(impl: Any) -> None:
    """PU-E1, PU-S1: 3 players, the deck's last card is a switch (11 on the pile): p1
    draws it and must stop (PU-P4); no stack: the turn ends, and with it the game."""
    st = play(load(impl, 3, deck={"switch": 1}, switches=11, benches={0: ["B4"]}), "draw switch")
    assert texts(st) == ["stop"]
    play(st, "stop")
    assert st.phase == "over" and st.scores() == {"p1": 4, "p2": 0, "p3": 0}


# --- PU-E2: scores ----------------------------------------------------------------------------


def test_pu_e2_score_is_bench_plus_bank_values(impl: Any) -> None:
    """PU-E2: p1 bench R1 + B6, bank Y4: 1 + 6 + 4 = 11; p2 bench G3: 3; p3 bank P6 + P5:
    11. Roll and switch cards score nothing. Before the end: returns zeros, no winners."""
    st = load(impl, 3, benches={0: ["R1", "B6"], 1: ["G3"]}, banks={0: ["Y4"], 2: ["P6", "P5"]})
    assert st.scores() == {"p1": 11, "p2": 3, "p3": 11}
    assert [st.score(s) for s in range(3)] == [11, 3, 11]
    assert st.returns() == [0.0, 0.0, 0.0] and st.winning_seats() == []


# --- PU-E3: returns and winners ---------------------------------------------------------------


def over(impl: Any, players: int, benches: dict[int, list[str]], banks: dict[int, list[str]] | None = None) -> Any:
    """A finished game: phase over, deck and stacks empty."""
    return load(impl, players, phase="over", deck={}, switches=0 if players == 2 else 12,
                benches=benches, banks=banks)


def test_pu_e3_one_winner_of_three(impl: Any) -> None:
    """PU-E3: scores 1, 6, 2 (p3's 2 banked): p2 wins alone. k=1 of n=3: winner
    (3-1)/(1*2) = 1, the others -1/(3-1) = -1/2."""
    st = over(impl, 3, {0: ["R1"], 1: ["B6"]}, {2: ["Y2"]})
    assert st.scores() == {"p1": 1, "p2": 6, "p3": 2}
    assert st.winning_seats() == [1]
    assert st.returns() == pytest.approx([-0.5, 1.0, -0.5])


def test_pu_e3_two_of_four_share_the_win(impl: Any) -> None:
    """PU-E3: scores 10, 10, 5, 0: k=2 of n=4 share: (4-2)/(2*3) = 1/3 each, the others
    -1/3; the sum is 0."""
    st = over(impl, 4, {0: ["R4", "R6"], 1: ["B4", "B6"], 2: ["G5"]})
    assert st.scores() == {"p1": 10, "p2": 10, "p3": 5, "p4": 0}
    assert st.winning_seats() == [0, 1]
    assert st.returns() == pytest.approx([1 / 3, 1 / 3, -1 / 3, -1 / 3])


def test_pu_e3_three_of_six_share_the_win(impl: Any) -> None:
    """PU-E3: 6 players, seats 1, 3, 5 score 6, seats 0, 2, 4 score 1..3: winners get
    (6-3)/(3*5) = 1/5, the others -1/5."""
    st = over(impl, 6, {0: ["R1"], 1: ["R6"], 2: ["B2"], 3: ["B6"], 4: ["G3"], 5: ["G6"]})
    assert st.winning_seats() == [1, 3, 5]
    assert st.returns() == pytest.approx([-0.2, 0.2, -0.2, 0.2, -0.2, 0.2])


def test_pu_e3_everybody_tied_gets_zero(impl: Any) -> None:
    """PU-E3: 2 players with 0 points each: k=n=2, (2-2)/(2*1) = 0 each; both win."""
    st = over(impl, 2, {})
    assert st.winning_seats() == [0, 1] and st.returns() == [0.0, 0.0]


def test_pu_e3_two_players_winner_and_loser(impl: Any) -> None:
    """PU-E3: 2 players, scores 5 and 9: p2 +1, p1 -1/(2-1) = -1."""
    st = over(impl, 2, {0: ["P5"]}, {1: ["Y3", "Y6"]})
    assert st.winning_seats() == [1] and st.returns() == [-1.0, 1.0]


# --- PU-V1: what each player sees -------------------------------------------------------------

OBSERVATION_KEYS = {"players", "hard", "switch_per_turn", "phase", "turn", "actor", "card", "deck_size",
                    "stacks", "benches", "bank", "bank_sizes", "switches", "turn_switches", "discard",
                    "player"}


def seen(impl: Any, p2_bank: list[str]) -> Any:
    """3 players: benches p1 R1, p2 B2; banks p1 Y4, p2 ``p2_bank``; discard P6 and a roll
    card; 2 switch cards on the pile."""
    return load(impl, 3, benches={0: ["R1"], 1: ["B2"]}, banks={0: ["Y4"], 1: p2_bank},
                discard=["P6", "roll"], switches=2)


def test_pu_v1_an_observation_shows_the_public_part_and_the_own_bank(impl: Any) -> None:
    """PU-V1: deck 120 - 2 bench - 3 bank - 2 discard - 2 switches = 111 cards, shown as a
    count only; p2 sees its own bank G3 G5, and each bank's size (1, 2, 0); benches,
    stacks, switch pile and discard pile are public."""
    st = seen(impl, ["G3", "G5"])
    view = st.observation(1)
    assert set(view) == OBSERVATION_KEYS
    assert (view["deck_size"], view["bank"], view["bank_sizes"], view["player"]) == (111, ["G3", "G5"], [1, 2, 0], 1)
    assert view["discard"] == {"P6": 1, "roll": 1}
    assert view["benches"] == [["R1"], ["B2"], []] and view["stacks"] == [[], [], []]
    assert (view["switches"], view["phase"], view["players"]) == (2, "start", 3)
    assert st.observation("p2") == view
    assert st.observation(0)["bank"] == ["Y4"]


def test_pu_v1_other_banks_and_the_deck_composition_are_hidden(impl: Any) -> None:
    """PU-V1: two positions differing only in p2's bank (G3 G5 or G3 G6, so the deck
    holds G6 or G5 instead): p1 and p3 see the same observation; p2 does not; the
    positions (snapshots) differ."""
    a, b = seen(impl, ["G3", "G5"]), seen(impl, ["G3", "G6"])
    assert a.snapshot() != b.snapshot()
    assert a.observation(0) == b.observation(0) and a.observation(2) == b.observation(2)
    assert a.observation(1) != b.observation(1)


def test_pu_v1_the_snapshot_helper_matches_the_contract_format(impl: Any) -> None:
    """The snapshot the tests build is read back unchanged (from_snapshot then snapshot)."""
    snap = snapshot(3, benches={0: ["R1"]}, banks={1: ["G5"]}, discard=["roll"], switches=1)
    assert impl.from_snapshot(snap).snapshot() == snap
    assert bench(impl.from_snapshot(snap), 0) == ["R1"]
