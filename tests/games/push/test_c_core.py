"""Facts of PUSH's C core (core/push/) through its binding (pickpack.games.push._core):
the Zobrist keys and hash against zobrist.py, the loader's bounds checks (every bad
field named), checked actions, undo, playouts, the random-game batch, returns and
margins, and the determinization hook. Values worked out by hand from the rules
(docs/push.md, ids PU-...).
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest

from pickpack.errors import IllegalMoveError, NothingToUndoError, SnapshotError
from pickpack.game import CHANCE, TERMINAL
from pickpack.games.push import _core, zobrist
from pickpack.games.push.encoding import (CARD_TEXT, DRAW, MAX_GAME_LENGTH, PLACE, STOP, TAKE, full_deck,
                                          parse_card)
from pickpack.games.push.state import State


def snap(players: int = 3, **fields: Any) -> dict[str, Any]:
    """A snapshot: phase start, seat 0, empty stacks/benches/banks, no switch drawn, and
    the deck = the full deck minus the cards the fields place elsewhere (and minus
    ``discard``, a list of card texts), unless ``deck`` is given."""
    discard = fields.pop("discard", [])
    out: dict[str, Any] = {
        "players": players, "hard": False, "switch_per_turn": False, "phase": "start", "turn": 0,
        "actor": 0, "card": None, "stacks": [[], [], []], "benches": [[] for _ in range(players)],
        "banks": [[] for _ in range(players)], "switches": 0, "turn_switches": 0,
    }
    out.update(fields)
    if "deck" not in fields:
        counts = full_deck(players)
        used = [*discard, *(c for s in out["stacks"] for c in s), *(c for b in out["benches"] for c in b),
                *(c for b in out["banks"] for c in b)] + ([out["card"]] if out["card"] else [])
        for text in used:
            if text in CARD_TEXT:
                counts[CARD_TEXT.index(text)] -= 1
        counts[parse_card("switch")] -= out["switches"]
        out["deck"] = {CARD_TEXT[t]: n for t, n in enumerate(counts) if n > 0}
    return out


def play(state: State, moves: str) -> State:
    for text in moves.split():
        state.apply(text)
        assert state.zobrist_hash() == zobrist.hash_snapshot(state.snapshot())
    return state


# --- Zobrist --------------------------------------------------------------------------------


def test_the_c_keys_are_zobrist_py_keys() -> None:
    assert len(_core.ZOBRIST_KEYS) == 2232
    assert _core.ZOBRIST_KEYS == zobrist.KEYS


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("hard,spt", [(False, False), (True, False), (False, True), (True, True)])
def test_start_hash_is_hash_snapshot(players: int, hard: bool, spt: bool) -> None:
    st = State(players, hard=hard, switch_per_turn=spt)
    assert st.zobrist_hash() == zobrist.hash_snapshot(st.snapshot()) == st._hash_from_scratch()


def test_hash_follows_every_action_of_random_games() -> None:
    """The incremental hash equals hash_snapshot after every action and every undo."""
    rng = random.Random(11)
    for players in (2, 4, 6):
        st = State(players, hard=players == 4, switch_per_turn=players == 6)
        hashes = [st.zobrist_hash()]
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
            assert st.zobrist_hash() == zobrist.hash_snapshot(st.snapshot())
            hashes.append(st.zobrist_hash())
        while st.ply:
            st.undo()
            hashes.pop()
            assert st.zobrist_hash() == hashes[-1] == st._hash_from_scratch()


# --- the start and the loader -------------------------------------------------------------


def test_start_position() -> None:
    st = State(2)
    assert (st.phase, st.turn, st.actor, st.deck_size, st.ply, st.direction) == ("start", 0, 0, 108, 0, 1)
    assert st.legal_actions() == [DRAW] and st.current_player_id() == 0
    assert State(5).deck_size == 120 and State(5).snapshot()["deck"]["switch"] == 12
    assert "switch" not in st.snapshot()["deck"]


@pytest.mark.parametrize("args,error", [((1,), ValueError), ((7,), ValueError), (("4",), TypeError),
                                        ((True,), TypeError)])
def test_bad_player_counts(args: tuple[Any, ...], error: type[Exception]) -> None:
    with pytest.raises(error, match="players"):
        State(*args)


def test_bad_options() -> None:
    with pytest.raises(TypeError, match="hard"):
        State(3, hard=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="switch_per_turn"):
        State(3, switch_per_turn="yes")  # type: ignore[arg-type]


BUST_STACKS = [["R2", "B3"], ["R3", "B4"], ["R4", "B5"]]

# (snapshot, the field the C loader names, a word of its message). Loaded through
# CoreState._load, which checks every field in C without the Python validation first.
BAD = [
    ({**snap(), "players": 7}, "players", "2..6"),
    ({**snap(), "players": 10 ** 30}, "players", "2..6"),
    (snap(hard=1), "hard", "true or false"),
    (snap(switch_per_turn=None), "switch_per_turn", "true or false"),
    (snap(phase="nap"), "phase", "one of"),
    (snap(turn=3), "turn", "seat"),
    (snap(turn=-1), "turn", "seat"),
    (snap(phase="decide", actor=1), "actor", "turn"),
    (snap(actor=10 ** 20), "actor", "seat"),
    (snap(phase="decide", card="R1"), "card", "phase place"),
    (snap(phase="place", card="switch", switches=0), "card", "switch"),
    (snap(phase="place", card="Z9"), "card", "not a card"),
    (snap(phase="place", card="R1", stacks=BUST_STACKS), "card", "no place"),
    (snap(deck={"R1": 4}), "deck", "full deck"),
    (snap(deck={"R1": -1}), "deck", "full deck"),
    (snap(deck={"Q9": 1}), "deck", "not a card"),
    (snap(deck=[1, 2]), "deck", "mapping"),
    (snap(phase="decide", stacks=[["R1", "R2"], [], []]), "stacks", "colour or value"),
    (snap(phase="decide", stacks=[["R1", "R1"], [], []]), "stacks", "two cards of one type"),
    (snap(phase="decide", stacks=[["switch"], [], []], switches=0), "stacks", "switch"),
    (snap(phase="decide", stacks=[[], ["R1"], []]), "stacks", "first ones"),
    (snap(stacks=[["R1"], [], []]), "stacks", "empty in phase start"),
    (snap(phase="collect", stacks=[[], [], []]), "stacks", "collect"),
    (snap(phase="decide", stacks=[["R1"], []]), "stacks", "exactly 3"),
    (snap(benches=[["roll"], [], []]), "benches", "roll"),
    (snap(benches=[["R1"] * 4, [], []]), "benches", "copies"),
    (snap(benches=[[], []]), "benches", "per seat"),
    (snap(banks=[[], ["switch"], []], switches=0), "banks", "switch"),
    (snap(banks=[[], [], ["B2"] * 4]), "banks", "copies"),
    (snap(benches=[["R1"], [], []], deck=dict(snap()["deck"])), "benches", "full deck"),
    (snap(switches=13), "switches", "0..12"),
    ({**snap(), "switches": 2}, "switches", "switch pile"),
    (snap(players=2, switches=1), "switches", "must be 0"),
    (snap(phase="decide", switches=2, turn_switches=3), "turn_switches", "0..switches"),
    (snap(switches=2, turn_switches=1), "turn_switches", "start of a turn"),
    (snap(deck={}, switches=12), "deck", "empty deck"),
    (snap(phase="draw", deck={}, switches=12), "deck", "empty deck"),
    (snap(phase="over"), "deck", "over only once"),
]


@pytest.mark.parametrize("bad,field,words", BAD)
def test_the_c_loader_names_each_bad_field(bad: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(SnapshotError, match=words) as info:
        _core.CoreState._load(bad)
    assert info.value.field == field


def test_the_loader_needs_every_key_and_no_other() -> None:
    partial = snap()
    del partial["turn"]
    with pytest.raises(SnapshotError) as info:
        _core.CoreState._load(partial)
    assert info.value.field == "turn"
    with pytest.raises(SnapshotError) as info:
        _core.CoreState._load({**snap(), "scores": {}})
    assert info.value.field == "snapshot"
    with pytest.raises(SnapshotError) as info:
        _core.CoreState._load([("players", 3)])
    assert info.value.field == "snapshot"


def test_the_loader_takes_every_good_snapshot_of_random_games() -> None:
    rng = random.Random(3)
    st = State(4)
    while not st.is_terminal():
        copy = State.from_snapshot(st.snapshot())
        assert copy == st and copy.zobrist_hash() == st.zobrist_hash() and copy.ply == 0
        assert State.from_position(st.to_position()).zobrist_hash() == st.zobrist_hash()
        st.apply_action(rng.choice(st.legal_actions()))


# --- a bust worked by hand (PU-P5, PU-K2, PU-R1, PU-K3) --------------------------------------


def bust_position(players: int = 3, switches: int = 0) -> State:
    """Seat 0 draws with three stacks that each hold a red card: any red card busts.
    The deck holds 120 - 6 (stacks) - 3 (benches) = 111 cards, 3 of them R1."""
    bench = [["R5", "B1"], ["R6"], []] + [[] for _ in range(players - 3)]
    return State.from_snapshot(snap(players, phase="draw", stacks=BUST_STACKS, benches=bench,
                                    switches=switches))


def test_bust_then_roll_then_the_others_collect_in_the_direction() -> None:
    st = bust_position()
    assert st.current_player_id() == CHANCE and st.chance_outcomes()[0] == (parse_card("R1"), Fraction(3, 111))
    play(st, "R1")                          # red 1 conflicts with R2, R3, R4: bust (PU-P5)
    assert (st.phase, st.actor, st.snapshot()["card"]) == ("roll", 0, None)
    assert st.chance_outcomes() == [(32 + f, Fraction(1, 6)) for f in range(6)]
    play(st, "die-R")                       # seat 0 loses its red bench cards (PU-R1)
    assert st.snapshot()["benches"][0] == ["B1"]
    assert (st.phase, st.actor, st.legal_actions()) == ("collect", 1, [TAKE, TAKE + 1, TAKE + 2])
    play(st, "take-2")                      # seat 1: R3 B4
    assert (st.phase, st.actor) == ("collect", 2)
    play(st, "take-3")                      # seat 2: R4 B5; back at seat 0: the turn ends (PU-K3)
    s = st.snapshot()
    assert s["benches"] == [["B1"], ["R3", "R6", "B4"], ["R4", "B5"]]
    assert (st.phase, st.turn, st.actor, s["stacks"]) == ("start", 1, 1, [[], [], []])
    assert st.scores() == {"p1": 1, "p2": 3 + 6 + 4, "p3": 4 + 5}


def test_an_odd_switch_pile_reverses_the_collection() -> None:
    st = play(bust_position(switches=1), "R1 die-star")
    assert st.direction == -1 and (st.phase, st.actor) == ("collect", 2)
    assert st.snapshot()["benches"][0] == ["R5", "B1"]           # the star: nothing lost (PU-R2)


def test_hard_star_discards_the_whole_bench() -> None:
    s = bust_position().snapshot()
    st = State.from_snapshot({**s, "hard": True})
    play(st, "R1 die-star")
    assert st.snapshot()["benches"][0] == []


def test_two_players_take_at_most_one_stack_each_after_a_bust() -> None:
    s = snap(2, phase="draw", stacks=BUST_STACKS)
    st = play(State.from_snapshot(s), "R1 die-G take-1")
    assert (st.phase, st.turn, st.snapshot()["benches"]) == ("start", 1, [[], ["R2", "B3"]])


def test_roll_card_in_a_taken_stack_makes_the_taker_roll() -> None:
    st = State.from_snapshot(snap(4, phase="decide", stacks=[["R1", "roll"], ["B2"], []]))
    play(st, "stop take-1")
    assert (st.phase, st.actor, st.snapshot()["benches"][0]) == ("roll", 0, ["R1"])
    play(st, "die-R")
    assert (st.phase, st.actor, st.snapshot()["benches"][0]) == ("collect", 1, [])


# --- checked actions and undo ------------------------------------------------------------------


def test_illegal_actions_name_the_rule_and_leave_the_state() -> None:
    st = State(3)
    before = (st.snapshot(), st.zobrist_hash())
    for action, rule in ((STOP, "PU-P4"), (2, "PU-B2"), (PLACE, "PU-T1"), (13, "PU-T1"), (-1, "PU-T1"),
                         (10 ** 40, "PU-T1")):
        assert st.check_action(action)[0] == rule  # type: ignore[index]
        with pytest.raises(IllegalMoveError, match=rule) as info:
            st.apply_action(action)
        assert info.value.rule == rule and (st.snapshot(), st.zobrist_hash()) == before and st.ply == 0
    st.apply_action(DRAW)
    assert st.check_action(-(10 ** 30))[0] == "PU-C1"  # type: ignore[index]
    assert st.check_action(32)[0] == "PU-C1"  # type: ignore[index]


@pytest.mark.parametrize("bad", ["draw", 1.0, True, None])
def test_non_int_actions_are_type_errors(bad: Any) -> None:
    st = State(3)
    with pytest.raises(TypeError):
        st.apply_action(bad)
    with pytest.raises(TypeError):
        st.check_action(bad)


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(NothingToUndoError):
        State(2).undo()
    loaded = State.from_snapshot(bust_position().snapshot())
    with pytest.raises(NothingToUndoError):
        loaded.undo()


def test_copies_and_pickles_keep_the_history() -> None:
    rng = random.Random(8)
    st = State(5)
    for _ in range(150):
        st.apply_action(rng.choice(st.legal_actions()))
    for other in (st.copy(), pickle.loads(pickle.dumps(st))):
        assert other == st and other.history_actions() == st.history_actions()
        assert other.zobrist_hash() == st.zobrist_hash()
        other.undo()
        assert other.ply == 149 and st.ply == 150


# --- returns and margins (PU-E3) -------------------------------------------------------------


def test_returns_and_margins_of_a_shared_win() -> None:
    over = snap(3, phase="over", deck={}, switches=12, benches=[["R4", "B6"], [], ["P4"]],
                banks=[[], ["G1", "G2", "G3", "Y4"], []])
    st = State.from_snapshot(over)
    assert st.current_player_id() == TERMINAL and st.legal_actions() == []
    assert st.scores() == {"p1": 10, "p2": 10, "p3": 4} and st.winning_seats() == [0, 1]
    assert st.returns() == [0.25, 0.25, -0.5]                  # (3-2)/(2*2) each, -1/2
    assert st._margins() == [0.0, 0.0, -0.1]                    # (4 - 10) / 60
    assert st.check_action(DRAW) == ("PU-E1", "the game is over")


def test_margins_are_clamped() -> None:
    numbers = [CARD_TEXT[t] for t in range(30) for _ in range(3)]
    over = snap(2, phase="over", deck={}, banks=[numbers, []])
    st = State.from_snapshot(over)
    assert st.scores() == {"p1": 315, "p2": 0} and st.returns() == [1.0, -1.0]
    assert st._margins() == [1.0, -1.0]


def test_returns_are_zero_before_the_end() -> None:
    assert State(4).returns() == [0.0] * 4 and State(4)._margins() == [0.0] * 4


# --- playouts and the batch ------------------------------------------------------------------


def test_playout_finishes_a_copy_deterministically() -> None:
    st = play(State(4), "draw R1 place-1")
    before = st.snapshot()
    a, b = st.playout(5), st.playout(5)
    assert a == b and st.snapshot() == before and st.ply == 3
    assert set(a) == {"p1", "p2", "p3", "p4"} and sum(a.values()) <= 315
    assert any(st.playout(seed) != a for seed in range(6, 12))
    with pytest.raises(ValueError, match="seed"):
        st.playout(-1)
    with pytest.raises(TypeError, match="seed"):
        st.playout("1")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_terminate_within_the_bound(players: int) -> None:
    deck = sum(full_deck(players))
    for seed in range(40):
        r = _core.random_games(1, players, seed, hard=seed % 2 == 0, switch_per_turn=seed % 3 == 0)
        assert r["games"] == 1 and r["plies"] <= MAX_GAME_LENGTH
        # every card of the deck is drawn (PU-E1); at most one roll per roll card and per bust
        assert deck <= r["chance_plies"] < r["plies"]
        assert sum(r["wins"].values()) == pytest.approx(1.0)


def test_random_games_batch_is_sane_and_deterministic() -> None:
    a = _core.random_games(300, 4, 9)
    assert a == _core.random_games(300, 4, 9) and a != _core.random_games(300, 4, 10)
    assert a["games"] == 300 and sum(a["wins"].values()) == pytest.approx(300)
    assert 300 * 120 <= a["chance_plies"] < a["plies"] <= 300 * MAX_GAME_LENGTH
    assert all(0 < m < 315 for m in a["mean_scores"].values())
    assert sum(a["mean_scores"].values()) <= 315
    empty = _core.random_games(0, 2, 1)
    assert empty["games"] == 0 and empty["mean_scores"] == {"p1": 0.0, "p2": 0.0}
    with pytest.raises(ValueError):
        _core.random_games(-1, 4, 1)
    with pytest.raises(ValueError):
        _core.random_games(1, 7, 1)
    with pytest.raises(ValueError, match="n must be"):
        _core.random_games(10**30, 4, 1)           # not an OverflowError from the C long
    with pytest.raises(TypeError, match="n must be an int"):
        _core.random_games(1.5, 4, 1)


def test_a_state_made_without_init_is_a_valid_start_not_a_zeroed_struct() -> None:
    # Review: State.__new__(State).playout(1) divided by zero in C (0 players, no deck).
    bare = State.__new__(State)
    assert bare.snapshot() == State(4).snapshot()
    scores = bare.playout(1)
    assert set(scores) == {"p1", "p2", "p3", "p4"} and sum(scores.values()) <= 315


