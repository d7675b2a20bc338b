"""PUSH's ``heuristic`` bot (pickpack/games/push/heuristic_bot.py): its choices on
constructed positions worked out by hand, its options, and whole games for 2-6 players."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.bots import make_bot
from pickpack.errors import BotSpecError
from pickpack.games.push.encoding import (BANK, CARD_TEXT, DRAW, PLACE, STOP, TAKE, full_deck,
                                          parse_card)
from pickpack.games.push.odds import stacks_of
from pickpack.games.push.state import State
from pickpack.match import play_match
from pickpack.games.push.heuristic_bot import PushHeuristicBot, collect_value, room
from tests.support.plugin_dist import on_sys_path, write_distribution

HEURISTIC = "pickpack.games.push.heuristic_bot:PushHeuristicBot"


def position(*, phase: str = "start", stacks: list[list[str]] | None = None,
             bench: list[str] | None = None, card: str | None = None, deck_size: int | None = None,
             hard: bool = False, players: int = 3) -> State:
    """Seat 0's turn in phase ``phase`` (the actor is seat 0 too): ``stacks`` in the middle,
    ``bench`` on seat 0's bench, ``card`` in hand, nothing elsewhere; the deck is the full
    deck less those cards (its first ``deck_size`` types' copies kept when given: the
    rest counts as discarded), the switch cards not in it on the switch pile."""
    stacks = [list(s) for s in stacks or []]
    stacks += [[] for _ in range(3 - len(stacks))]
    counts = full_deck(players)
    for text in [c for s in stacks for c in s] + (bench or []) + ([card] if card else []):
        counts[parse_card(text)] -= 1
    if deck_size is not None:
        kept, left = [0] * len(counts), deck_size
        for t, n in enumerate(counts):
            kept[t], left = min(n, left), left - min(n, left)
        counts = kept
    deck = {CARD_TEXT[t]: n for t, n in enumerate(counts) if n}
    snap = {"players": players, "hard": hard, "switch_per_turn": False, "phase": phase,
            "turn": 0, "actor": 0, "card": card, "deck": deck, "stacks": stacks,
            "benches": [list(bench or [])] + [[] for _ in range(players - 1)],
            "banks": [[] for _ in range(players)],
            "switches": 0 if players == 2 else 12 - deck.get("switch", 0), "turn_switches": 0}
    return State.from_snapshot(snap)


def choice(state: State, **options: Any) -> str:
    return PushHeuristicBot(seed=1, **options).choose(state).text


def test_banks_the_best_colour_once_it_reaches_the_threshold() -> None:
    # red on the bench: 1+2+3+4 = 10, blue 6
    state = position(bench=["R1", "R2", "R3", "R4", "B6"])
    assert choice(state, bank_at=10) == "bank-R"
    assert choice(state, bank_at=11) == "draw"
    assert choice(state, bank_at=6) == "bank-R"          # the best colour, not the first to pass
    assert PushHeuristicBot(seed=1, bank_at=10).choose(state).action == BANK + 0


def test_banks_rather_than_push_when_the_deck_is_nearly_out() -> None:
    state = position(bench=["B6"], deck_size=5)
    assert state.deck_size == 5
    assert choice(state, endgame=5) == "bank-B"
    assert choice(state, endgame=4) == "draw"
    assert choice(position(deck_size=5), endgame=5) == "draw"     # nothing to bank


def test_stops_when_the_exact_bust_risk_passes_the_threshold() -> None:
    # the red cards and the 3s bust: 24 of 113 cards (tests/games/push/test_odds.py) = 0.2124
    state = position(phase="decide", stacks=[["R1", "B3"], ["R2", "G3"], ["R4", "Y3", "roll"]])
    assert choice(state, risk=0.21) == "stop"
    assert choice(state, risk=0.22) == "draw"
    assert PushHeuristicBot(seed=1, risk=0.21).choose(state).action == STOP


def test_keeps_drawing_while_nothing_can_bust_and_stops_on_an_empty_deck() -> None:
    state = position(phase="decide", stacks=[["R1"], ["B2"]])
    assert choice(state, risk=0) == "draw"
    empty = position(phase="decide", stacks=[["R1"], ["B2"]], deck_size=0)
    assert empty.legal_actions() == [STOP]
    assert choice(empty) == "stop"


def test_places_where_no_bust_is_possible_next() -> None:
    # G2 fits stacks 1 and 2 and may start stack 3; with stacks R1, B1, G2 the card G1
    # would bust (1 in stacks 1 and 2, green in 3), joining keeps two stacks: no bust
    state = position(phase="place", stacks=[["R1"], ["B1"]], card="G2")
    assert state.legal_actions() == [PLACE + 0, PLACE + 1, PLACE + 2]
    assert PushHeuristicBot(seed=1).choose(state).action == PLACE + 0     # a tie with stack 2: the lowest


def test_room_counts_the_places_left_to_the_cards_by_hand() -> None:
    deck = [0] * 32
    for text in ("R2", "G5", "roll", "switch"):
        deck[parse_card(text)] += 1
    stacks = stacks_of({"stacks": [["R1"], ["G3"], []]})
    # R2: stack 2 + a new stack = 2; G5: stack 1 + new = 2; roll: both + new = 3; switch: none
    assert room(deck, stacks) == 7
    assert room(deck, ()) == 9          # no stack yet: 3 places for each of the 3 cards


def test_takes_the_stack_worth_most_after_the_expected_die_loss() -> None:
    stacks = [["R6", "B4"], ["G6", "Y4", "P3", "roll"], ["P2"]]
    # empty bench: stack 1 is worth 10, stack 2 13 - 13/6 = 10.83, stack 3 2
    assert choice(position(phase="collect", stacks=stacks)) == "take-2"
    # bench B6 G5 (11): stack 2 is worth 13 - (13 + 11)/6 = 9 < 10
    assert choice(position(phase="collect", stacks=stacks, bench=["B6", "G5"])) == "take-1"
    # hard: the star discards the whole bench too, a third is lost: 13 - 26/3 < 10
    assert choice(position(phase="collect", stacks=stacks, hard=True)) == "take-1"
    assert collect_value([parse_card(t) for t in stacks[1]], [], False) == pytest.approx(13 - 13 / 6)
    assert collect_value([parse_card(t) for t in stacks[1]], [], True) == pytest.approx(13 - 13 / 3)
    assert collect_value([parse_card(t) for t in stacks[0]], [parse_card("R1")], True) == 10
    assert PushHeuristicBot(seed=1).choose(position(phase="collect", stacks=stacks)).action == TAKE + 1


@pytest.mark.parametrize(("options", "words"), [
    ({"bank_at": 0}, "'bank_at' must be an int 1..63"),
    ({"bank_at": 64}, "'bank_at' must be an int 1..63"),       # a colour is worth 63 at most
    ({"bank_at": 2.5}, "'bank_at' must be an int"),
    ({"risk": 1.5}, "'risk' must be a number 0..1"),
    ({"risk": -0.1}, "'risk' must be a finite number >= 0"),
    ({"risk": "high"}, "'risk' must be a finite number"),
    ({"endgame": 121}, "'endgame' must be an int 0..120"),
])
def test_bad_options_are_refused_by_name(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        PushHeuristicBot(seed=1, **options)


def test_a_game_that_is_over_or_a_chance_node_is_refused() -> None:
    state = position(phase="decide", stacks=[["R1"]])
    state.apply_action(DRAW)
    assert state.is_chance_node()
    with pytest.raises(ValueError, match="^heuristic: no move to choose at a chance node"):
        PushHeuristicBot(seed=1).choose(state)


def play(players: int, bots: list[Any], seed: int, **options: Any) -> Any:
    """A whole game: the bots decide, chance outcomes are drawn by their probabilities."""
    state = pickpack.new_game("push", players=players, **options)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            state.apply(bots[state.current_player_id()].choose(state.copy()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_games_for_every_player_count(players: int) -> None:
    for seed, options in enumerate([{}, {"hard": True}, {"switch_per_turn": True}]):
        bots = [PushHeuristicBot(seed=i) if i % 2 == 0 else make_bot("random", seed=i, game="push")
                for i in range(players)]
        state = play(players, bots, seed, **options)
        assert state.phase == "over" and state.deck_size == 0
        assert sum(state.returns()) == pytest.approx(0.0)
        assert state.winning_seats() == [s for s in range(players)
                                   if state.score(s) == max(state.score(q) for q in range(players))]


def test_the_same_seed_plays_the_same_game() -> None:
    games = [play(4, [PushHeuristicBot(seed=7 + i) for i in range(4)], 3) for _ in range(2)]
    assert games[0].history_actions() == games[1].history_actions()


def test_against_random_the_heuristic_wins_most_four_player_games() -> None:
    # 40 games, the heuristic in seat g % 4: it wins (a share of) the best score in most
    wins = 0
    for g in range(40):
        bots: list[Any] = [make_bot("random", seed=10 * g + i, game="push") for i in range(4)]
        bots[g % 4] = PushHeuristicBot(seed=g)
        wins += (g % 4) in play(4, bots, 1000 + g).winning_seats()
    assert wins >= 30


def test_a_match_by_name_through_the_entry_point(tmp_path: Path) -> None:
    # the entry point as pyproject.toml declares it (push.heuristic = HEURISTIC: PUSH's own
    # bot, named heuristic in a PUSH match), registered by a distribution made by hand so
    # this test does not depend on the install being fresh
    write_distribution(tmp_path, "push-heuristic-probe", "1.0",
                       {"pickpack.bots": {"push.heuristic": HEURISTIC}}, {})
    with on_sys_path(tmp_path):
        with pytest.raises(BotSpecError, match="'risk' must be a number 0..1"):
            make_bot("heuristic:risk=2", seed=1, game="push")
        with pytest.raises(BotSpecError, match="^bot 'heuristic' does not play pickpack; it plays: push$"):
            make_bot("heuristic", seed=1, game="pickpack")
        summary = play_match(["heuristic:bank_at=8", "random", "heuristic", "random"], 4, 1,
                             game="push", players=4)
    assert summary.games_played == 4
    assert [line.games for line in summary.lines] == [4, 4, 4, 4]
    assert all(g.fault is None for g in summary.games)
