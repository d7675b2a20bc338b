"""PUSH's plain-Python reference (RefState) and its shared modules: snapshots and their
checks (pickpack.games.push.snapshot), the position string (position), observations and
resampling (observation); undo, copies and pickling. The rules themselves are tested in
the rule tests; here values worked out by hand check these modules' own work."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pickpack
from pickpack import (CHANCE, TERMINAL, GameState, IllegalMoveError, Move, MoveSyntaxError, NothingToUndoError,
                      PositionError, SnapshotError)
from pickpack.game import HiddenInformationState
from pickpack.games.push.encoding import CARD_TEXT, SWITCH, full_deck
from pickpack.games.push.observation import OBSERVATION_KEYS, infostate_snapshot, observation_from_snapshot
from pickpack.games.push.position import FIELDS, format_position, parse_position
from pickpack.games.push.reference import RefState
from pickpack.games.push.reference.push_ref import placeable
from pickpack.games.push.snapshot import cards_to_counts, counts_to_cards, discard_counts
from pickpack.games.push.snapshot_check import validate_snapshot
from pickpack.games.push.zobrist import hash_snapshot


def random_game(players: int, seed: int, *, hard: bool = False, switch_per_turn: bool = False,
                visit: Callable[[RefState], None] | None = None) -> RefState:
    """A whole game of RefState: random decisions, chance outcomes by their probability
    (random.Random(seed)); ``visit`` is called on every position, the start included."""
    rng = random.Random(seed)
    state = RefState(players, hard=hard, switch_per_turn=switch_per_turn)
    while True:
        if visit is not None:
            visit(state)
        if state.is_terminal():
            return state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def make_snap(players: int = 3, *, discard: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """A snapshot with the given fields over a start position; the deck is what the
    full deck leaves after every card placed elsewhere and the ``discard`` cards."""
    snap: dict[str, Any] = {"players": players, "hard": False, "switch_per_turn": False, "phase": "start",
                            "turn": 0, "actor": 0, "card": None, "stacks": [[], [], []],
                            "benches": [[] for _ in range(players)], "banks": [[] for _ in range(players)],
                            "switches": 0, "turn_switches": 0}
    snap.update(fields)
    counts = full_deck(players)
    held = [c for stack in snap["stacks"] for c in stack] + [c for b in snap["benches"] for c in b]
    held += [c for b in snap["banks"] for c in b] + list(discard) + ([snap["card"]] if snap["card"] else [])
    for text in held:
        counts[CARD_TEXT.index(text)] -= 1
    counts[SWITCH] -= snap["switches"]
    snap.setdefault("deck", {CARD_TEXT[t]: n for t, n in enumerate(counts) if n})
    return snap


# --- the start position, construction ------------------------------------------------

def test_start_position_snapshot_and_position_string() -> None:
    state = RefState(2)
    snap = state.snapshot()
    assert snap["deck"] == {**{CARD_TEXT[t]: 3 for t in range(30)}, "roll": 18}     # no switch: PU-C3
    assert (snap["phase"], snap["turn"], snap["actor"], snap["card"]) == ("start", 0, 0, None)
    assert snap["stacks"] == [[], [], []] and snap["benches"] == [[], []] and snap["banks"] == [[], []]
    assert (state.deck_size, RefState(4).deck_size, RefState(6).snapshot()["deck"]["switch"]) == (108, 120, 12)
    assert state.to_position() == "2 - start 0 0 - " + "3" * 30 + ".18.0 -/-/- -/- -/- 0 0"
    assert RefState(4, hard=True, switch_per_turn=True).to_position().startswith("4 hs start 0 0 - ")
    assert isinstance(state, GameState) and isinstance(state, HiddenInformationState)
    assert state.game is pickpack.get_game("push") and state.players == ("p1", "p2")
    assert (state.ply, state.direction, state.current_player_id(), state.current_player) == (0, 1, 0, "p1")
    assert state.options == {"hard": False, "switch_per_turn": False}


@pytest.mark.parametrize(("args", "kwargs", "error", "words"), [
    ((1,), {}, ValueError, "players must be 2..6, not 1 (PU-C3"),
    ((7,), {}, ValueError, "players must be 2..6, not 7"),
    (("3",), {}, TypeError, "players must be an int"),
    ((True,), {}, TypeError, "players must be an int"),
    ((3,), {"hard": 1}, TypeError, "hard must be True or False"),
    ((3,), {"switch_per_turn": "yes"}, TypeError, "switch_per_turn must be True or False"),
])
def test_constructor_refuses_bad_arguments(args: tuple[Any, ...], kwargs: dict[str, Any],
                                           error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(".", r"\.")):
        RefState(*args, **kwargs)


def test_new_game_through_the_registry_uses_the_variants() -> None:
    state = pickpack.new_game("push", players=5, variant="hard")
    assert state.options == {"hard": True, "switch_per_turn": False} and state.num_players == 5
    assert pickpack.new_game("push", players=3, variant="switch-per-turn").options["switch_per_turn"] is True


# --- chance nodes, move text -----------------------------------------------------------

def test_first_draw_outcomes_are_exact_fractions() -> None:
    state = RefState(3)
    state.apply("draw")
    outcomes = dict(state.chance_outcomes())
    assert state.current_player_id() == CHANCE and state.current_player is None
    assert outcomes[0] == Fraction(3, 120) and outcomes[30] == Fraction(18, 120) and outcomes[31] == Fraction(1, 10)
    assert sum(outcomes.values()) == 1 and sorted(outcomes) == list(range(32))
    assert state.legal_moves()[30] == Move(30, "roll")
    assert state.parse_move(" g6 ") == Move(17, "G6")


def test_move_text_and_its_errors() -> None:
    state = RefState(3)
    assert [m.text for m in state.legal_moves()] == ["draw"]
    assert state.parse_move("push") == Move(0, "draw")
    with pytest.raises(MoveSyntaxError) as syntax:
        state.parse_move("  jump")
    assert syntax.value.column == 3
    with pytest.raises(IllegalMoveError) as illegal:
        state.parse_move("stop")
    assert illegal.value.rule == "PU-P4"
    with pytest.raises(IllegalMoveError) as chance:
        state.parse_move("R1")
    assert chance.value.rule == "PU-T1"
    state.apply("draw")
    with pytest.raises(IllegalMoveError) as drawn:
        state.parse_move("stop")
    assert drawn.value.rule == "PU-C1"
    state.apply("R1")
    assert (state.phase, state.legal_moves()) == ("place", [Move(7, "place-1")])
    with pytest.raises(IllegalMoveError) as bad:
        state.apply_action(8)
    assert bad.value.rule == "PU-P2" and "PU-P2" in str(bad.value) and state.phase == "place"
    with pytest.raises(TypeError):
        state.apply_action("7")  # type: ignore[arg-type]
    assert state.action_text(7) == "place-1" and state.history() == [Move(0, "draw"), Move(0, "R1")]
    with pytest.raises(IllegalMoveError):
        state.action_text(13)


def test_a_bust_rolls_then_the_next_seat_collects() -> None:
    # Three stacks that each exclude R4 (a red card in each): R4 busts (PU-P5).
    snap = make_snap(3, phase="decide", stacks=[["R1"], ["R2", "B3"], ["R3"]])
    state = RefState.from_snapshot(snap)
    state.apply("draw")
    state.apply("R4")
    assert (state.phase, state.actor, state.current_player_id()) == ("roll", 0, CHANCE)
    assert state.chance_outcomes() == [(a, Fraction(1, 6)) for a in range(32, 38)]
    state.apply("die-star")
    assert (state.phase, state.actor, [m.text for m in state.legal_moves()]) == (
        "collect", 1, ["take-1", "take-2", "take-3"])
    state.apply("take-2")
    assert (state.phase, state.actor) == ("collect", 2)
    state.apply("take-1")          # back at seat 0: the third stack is discarded (PU-K3)
    snap = state.snapshot()
    assert (snap["phase"], snap["turn"], snap["benches"]) == ("start", 1, [[], ["R2", "B3"], ["R1"]])
    assert discard_counts(snap)[CARD_TEXT.index("R3")] == 1 and discard_counts(snap)[CARD_TEXT.index("R4")] == 1


# --- snapshot and position round trips over random games -----------------------------

@pytest.mark.parametrize(("players", "seed", "hard", "switch_per_turn"), [
    (2, 1, False, False), (3, 2, True, False), (4, 3, False, True), (5, 4, True, True), (6, 5, False, False),
])
def test_snapshot_and_position_round_trips_over_a_random_game(players: int, seed: int, hard: bool,
                                                              switch_per_turn: bool) -> None:
    phases: set[str] = set()

    def visit(state: RefState) -> None:
        snap = state.snapshot()
        phases.add(snap["phase"])
        assert validate_snapshot(snap) == snap
        again = RefState.from_snapshot(snap)
        assert again == state and again.snapshot() == snap and again.legal_actions() == state.legal_actions()
        assert again.chance_outcomes() == state.chance_outcomes()
        assert 0 <= hash_snapshot(again.snapshot()) < 2 ** 64
        text = state.to_position()
        assert parse_position(text) == snap
        assert " " not in text.replace(" ", "", 11)             # twelve single-space fields
        assert sum(discard_counts(snap)) + state.deck_size + snap["switches"] + sum(
            len(c) for key in ("stacks", "benches", "banks") for c in snap[key]) + (snap["card"] is not None) == (
            108 if players == 2 else 120)

    end = random_game(players, seed, hard=hard, switch_per_turn=switch_per_turn, visit=visit)
    assert phases == {"start", "draw", "place", "decide", "roll", "collect", "over"}
    assert end.current_player_id() == TERMINAL and end.legal_actions() == []
    assert end.check_action(0) is not None and end.check_action(0)[0] == "PU-E1"  # type: ignore[index]


def test_a_collect_position_string_by_hand() -> None:
    snap = make_snap(3, hard=True, phase="collect", turn=1, actor=2, stacks=[["B1", "R3", "roll"], [], ["G2"]],
                     benches=[["R1"], [], []], banks=[[], ["Y4"], []], switches=1, turn_switches=1)
    text = "3 h collect 1 2 - 232333233333323333333233333333.17.11 R3,B1,roll/-/G2 R1/-/- -/Y4/- 1 1"
    assert format_position(validate_snapshot(snap)) == text
    state = RefState.from_position(text)
    assert validate_snapshot(snap)["stacks"][0] == ["R3", "B1", "roll"]          # card-type order
    assert (state.phase, state.turn, state.actor, state.direction, state.deck_size) == ("collect", 1, 2, -1, 113)
    assert state.legal_actions() == [10, 12] and state.score(1) == 4


# --- every validation error names its field ---------------------------------------------

def _base() -> dict[str, Any]:
    return make_snap(3, phase="decide", turn=1, actor=1, stacks=[["R1", "B2"], ["roll"], []],
                     benches=[["G3"], [], ["Y4"]], banks=[[], ["P5"], []], switches=2, turn_switches=1,
                     discard=("R6",))


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(snap: dict[str, Any]) -> None:
        snap[key] = value
    return change


def _start_empty_deck(snap: dict[str, Any]) -> None:
    snap.update(make_snap(2, discard=tuple(CARD_TEXT[t] for t, n in enumerate(full_deck(2)) for _ in range(n))))


@pytest.mark.parametrize(("change", "field", "rule"), [
    (lambda s: s.pop("turn"), "turn", ""),
    (_set("colour", "red"), "snapshot", ""),
    (_set("players", 7), "players", "PU-C3"),
    (_set("players", "3"), "players", ""),
    (_set("hard", 1), "hard", ""),
    (_set("switch_per_turn", None), "switch_per_turn", ""),
    (_set("phase", "push"), "phase", ""),
    (_set("turn", 3), "turn", "PU-T1"),
    (_set("actor", 2), "actor", "PU-K1"),
    (_set("card", "G1"), "card", "PU-P2"),
    (_set("card", "X9"), "card", "PU-C1"),
    (lambda s: s.update(make_snap(3, phase="place", card="R4", stacks=[["R1"], ["R2"], ["R3"]])), "card", "PU-P5"),
    (lambda s: s.update(phase="place"), "card", "PU-P2"),
    (lambda s: s["deck"].update(R2=4), "deck", "PU-C1"),
    (lambda s: s["deck"].update(Q1=1), "deck", "PU-C1"),
    (lambda s: s["deck"].update(R2=-1), "deck", "PU-C1"),     # the C loader's range check (PU-C1)
    (_set("deck", [3] * 32), "deck", ""),
    (_set("stacks", [["R1", "B2"], ["roll"]]), "stacks", ""),
    (_set("stacks", [["R1", "B2", "R3"], ["roll"], []]), "stacks", "PU-P2"),
    (_set("stacks", [["R1", "B1"], ["roll"], []]), "stacks", "PU-P2"),
    (_set("stacks", [["R1", "B2"], ["roll", "roll"], []]), "stacks", "PU-P2"),
    (_set("stacks", [["R1", "B2"], ["switch"], []]), "stacks", "PU-P3"),
    (_set("stacks", [["R1", "B2"], [], ["roll"]]), "stacks", "PU-P2"),
    (lambda s: s.update(phase="start", turn_switches=0), "stacks", "PU-K3"),
    (lambda s: s.update(phase="collect", stacks=[[], [], []]), "stacks", "PU-K1"),
    (_set("benches", [["G3", "roll"], [], ["Y4"]]), "benches", "PU-K4"),
    (_set("benches", [["G3"], []]), "benches", ""),
    (_set("benches", [["G3", "R2", "R2", "R2"], [], ["Y4"]]), "benches", "PU-C1"),
    (_set("banks", [[], ["P5", "Z"], []]), "banks", "PU-C1"),
    (_set("switches", 3), "switches", "PU-S1"),
    (_set("switches", 13), "switches", "PU-S1"),
    (_set("turn_switches", 3), "turn_switches", "PU-S2"),
    (lambda s: s.update(phase="start", stacks=[[], [], []]), "turn_switches", "PU-S2"),
    (lambda s: s.update(players=2, benches=[[], []], banks=[[], []]), "switches", "PU-C3"),
    (lambda s: s.update(phase="over", stacks=[[], [], []]), "deck", "PU-E1"),
    (_start_empty_deck, "deck", "PU-E1"),
])
def test_every_validation_error_names_its_field_and_rule(change: Callable[[dict[str, Any]], None], field: str,
                                                         rule: str) -> None:
    snap = _base()
    validate_snapshot(snap)                     # the base is valid
    change(snap)
    with pytest.raises(SnapshotError) as caught:
        RefState.from_snapshot(snap)
    assert (caught.value.field, caught.value.rule) == (field, rule)
    assert field in str(caught.value) and rule in str(caught.value)


def test_a_validation_error_names_the_seat_or_the_stack() -> None:
    snap = _base()
    snap["benches"][2] = ["Y4", "switch"]
    with pytest.raises(SnapshotError) as seat:
        validate_snapshot(snap)
    assert (seat.value.field, seat.value.player, seat.value.index) == ("benches", "p3", None)
    snap = _base()
    snap["stacks"][1] = ["roll", "R1", "R4"]
    with pytest.raises(SnapshotError) as stack:
        validate_snapshot(snap)
    assert (stack.value.field, stack.value.index) == ("stacks", 1)
    with pytest.raises(SnapshotError) as whole:
        validate_snapshot([1, 2])  # type: ignore[arg-type]
    assert whole.value.field == "snapshot"


# --- position string errors: field and column --------------------------------------------

START2 = "2 - start 0 0 - " + "3" * 30 + ".18.0 -/-/- -/- -/- 0 0"


@pytest.mark.parametrize(("text", "field", "column"), [
    (START2[:-2], "turn_switches", len(START2) - 1),
    (START2 + " 0", "turn_switches", len(START2) + 2),
    (START2.replace(" - start", " x start"), "options", 3),
    (START2.replace("2 -", "9 -", 1), "players", 1),
    (START2.replace("start 0", "begin 0"), "phase", 5),
    (START2.replace("start 0", "start a"), "turn", 11),
    (START2.replace("start 0 0", "start 0 1"), "actor", 13),
    (START2.replace(" - 333", " R1 333"), "card", 15),
    (START2.replace("3333.18", "3334.18"), "deck", 17),
    (START2.replace(".18.0", ".19.0"), "deck", 17),
    (START2.replace(".18.0 -/-/-", ".18.0 -/-"), "stacks", 53),
    (START2.replace(".18.0 -/-/-", ".18.0 R1,/-/-"), "stacks", 53),
    (START2.replace("-/-/- -/-", "-/-/- roll/-"), "benches", 59),
    (START2.replace("-/- 0 0", "-/Q1 0 0"), "banks", 65),     # p2's list: 63 + len("-/")
    (START2[:-3] + "1 0", "switches", 67),
    (START2[:-1] + "x", "turn_switches", 69),
    (START2[:-1] + "00", "turn_switches", 69),
    (START2.replace(".18.0", ".018.0"), "deck", 17),
    ("2 - start 0 0 - 33\u00e9", "deck", 19),
    (" " + START2, "players", 1),
    (START2.replace("start 0", "start  0"), "turn", 10),
    (START2 + " ", "turn_switches", 70),
])
def test_position_errors_name_the_field_and_its_column(text: str, field: str, column: int) -> None:
    assert FIELDS[-1] == "turn_switches" and len(START2) == 69
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert (caught.value.field, caught.value.column) == (field, column)
    with pytest.raises(PositionError):
        pickpack.from_position(text, "push")


# --- observation --------------------------------------------------------------------------

def test_observation_hides_the_deck_and_the_other_banks() -> None:
    snap = _base()
    state = RefState.from_snapshot(snap)
    seen = state.observation("p2")
    assert tuple(seen) == OBSERVATION_KEYS and state.observation(1) == seen
    assert (seen["player"], seen["bank"], seen["bank_sizes"], seen["deck_size"]) == (1, ["P5"], [0, 1, 0], 111)
    assert seen["discard"] == {"R6": 1}                         # public (PU-V1)
    assert "deck" not in seen and "banks" not in seen
    assert seen["stacks"] == snap["stacks"] and seen["benches"] == snap["benches"]
    assert state.observation("p1")["bank"] == [] and state.observation(0)["bank_sizes"] == [0, 1, 0]
    # Seat 0 cannot tell another deck order or another bank of the same size from this one.
    other = _base()
    other["banks"][1] = ["R2"]
    other["deck"]["R2"] -= 1
    other["deck"]["P5"] += 1
    assert observation_from_snapshot(validate_snapshot(other), 0) == state.observation(0)
    assert observation_from_snapshot(validate_snapshot(other), 1) != state.observation(1)
    with pytest.raises(ValueError):
        state.observation("p4")
    with pytest.raises(ValueError):
        state.observation(3)


def test_discard_counts_by_hand() -> None:
    snap = make_snap(4, phase="collect", turn=0, actor=1, stacks=[[], ["G1"], []], benches=[["R1"], [], [], []],
                     switches=3, discard=("roll", "roll", "B6"))
    discard = discard_counts(validate_snapshot(snap))
    assert sum(discard) == 3 and discard[30] == 2 and discard[CARD_TEXT.index("B6")] == 1
    assert cards_to_counts(["R1", "R1", "switch"])[0] == 2 and counts_to_cards([0, 2]) == ["R2", "R2"]
    assert placeable(30, [[30], [1], []]) == [1, 2] and placeable(31, [[], [], []]) == []


# --- resampling -------------------------------------------------------------------------

def test_resample_is_the_position_itself_under_perfect_recall() -> None:
    # Every bank was a public bench first and was banked by a public action (PU-B1),
    # so a player who remembers knows it; the deck's order is not in the position.
    state = random_game(4, 11)
    for _ in range(40):
        state.undo()                     # somewhere late in the game, banks filled
    snap = state.snapshot()
    assert sum(len(b) for b in snap["banks"]) >= 8
    for player in range(4):
        copy = state.resample_from_infostate(player, player + 7)
        assert copy.snapshot() == snap and copy.history_actions() == [] and copy.ply == 0
        assert copy.chance_outcomes() == state.chance_outcomes()
    assert infostate_snapshot(snap, 0, 5) == snap and infostate_snapshot(snap, 0, 5) is not snap


@pytest.mark.parametrize(("player", "seed", "error"), [(4, 1, ValueError), (-1, 1, ValueError),
                                                       ("p9", 1, ValueError), (0, "1", TypeError),
                                                       (0, 1.5, TypeError)])
def test_resample_refuses_a_bad_seat_or_seed(player: Any, seed: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        RefState(4).resample_from_infostate(player, seed)


# --- undo, copy, pickling, playout, returns -----------------------------------------------

def test_undo_takes_every_action_back() -> None:
    positions: list[dict[str, Any]] = []
    end = random_game(3, 7, visit=lambda s: positions.append(s.snapshot()))
    assert end.ply == len(positions) - 1 == len(end.history()) == len(end.history_actions())
    for snap in reversed(positions[:-1]):
        end.undo()
        assert end.snapshot() == snap
    assert end == RefState(3) and end.ply == 0
    with pytest.raises(NothingToUndoError):
        end.undo()


def test_copy_and_pickle_keep_position_and_history() -> None:
    state = random_game(5, 3)
    for _ in range(25):
        state.undo()
    twin = pickle.loads(pickle.dumps(state))
    assert twin == state and twin.history_actions() == state.history_actions() and twin.ply == state.ply
    copy = state.copy()
    copy.apply_action(copy.legal_actions()[0])
    assert copy != state and copy.ply == state.ply + 1
    copy.undo()
    assert copy == state and str(copy) == str(state)


def test_playout_finishes_a_copy_and_is_deterministic() -> None:
    state = RefState(4)
    scores = state.playout(1)
    assert state == RefState(4) and state.ply == 0
    assert scores == state.playout(1) and set(scores) == {"p1", "p2", "p3", "p4"}
    assert any(state.playout(seed) != scores for seed in range(2, 6))


def test_returns_and_winners_by_hand() -> None:
    every = tuple(CARD_TEXT[t] for t, n in enumerate(full_deck(3)) if t != SWITCH for _ in range(n))
    benches = [["R6", "B1"], ["G5", "Y2"], ["P3"]]
    banks = [["R1"], [], ["B4", "P1"]]
    rest = list(every)
    for text in [c for b in benches + banks for c in b]:
        rest.remove(text)
    over = RefState.from_snapshot(make_snap(3, phase="over", benches=benches, banks=banks, switches=12,
                                            discard=tuple(rest)))
    assert over.scores() == {"p1": 8, "p2": 7, "p3": 8} and over.winning_seats() == [0, 2]
    assert over.returns() == [0.25, -0.5, 0.25] and over.is_terminal()
    assert "p3: bench P3; bank 2 cards; score 8" in str(over)
    assert RefState(3).returns() == [0.0, 0.0, 0.0] and RefState(3).winning_seats() == []


# --- bad input never crashes -----------------------------------------------------------------

_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=4),
                  st.lists(st.sampled_from(["R1", "B2", "roll", "switch", "Q", 3]), max_size=4),
                  st.dictionaries(st.sampled_from(["R1", "roll", "x"]), st.integers(-1, 20), max_size=3))


@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(["players", "hard", "switch_per_turn", "phase", "turn", "actor", "card", "deck",
                            "stacks", "benches", "banks", "switches", "turn_switches"]), value=_JUNK)
def test_any_junk_in_a_field_is_refused_by_name_or_accepted(key: str, value: Any) -> None:
    snap = _base()
    snap[key] = value
    try:
        good = validate_snapshot(snap)
    except SnapshotError as exc:
        assert exc.field in (key, "snapshot", "deck", "switches", "stacks", "card", "actor", "turn_switches",
                             "benches", "banks", "turn")
        return
    assert RefState.from_snapshot(good).snapshot() == good


@settings(max_examples=300, deadline=None)
@given(position=st.integers(0, 68), text=st.text(alphabet="0123456789-/,.RBGYPhsrolw x", max_size=5))
def test_a_damaged_position_string_is_refused_with_a_column_or_read(position: int, text: str) -> None:
    damaged = START2[:position] + text + START2[position + 1:]
    try:
        snap = parse_position(damaged)
    except PositionError as exc:
        assert exc.field in FIELDS and 1 <= exc.column <= len(damaged) + 1
        return
    assert format_position(snap) == damaged


def test_the_snapshot_example_of_the_docs_loads_and_is_the_modules_example() -> None:
    # The review found the first example refused (10 switch cards, 4 copies of R1).
    import json
    import re
    from pathlib import Path

    from pickpack.games.push.snapshot import EXAMPLE
    from pickpack.games.push.state import State

    docs = (Path(__file__).resolve().parents[3] / "docs" / "push.md").read_text(encoding="utf-8")
    block = re.search(r"## Snapshot.*?```json\n(.*?)```", docs, re.S)
    assert block is not None
    example = json.loads(block.group(1))
    assert example == EXAMPLE
    for cls in (State, RefState):
        state = cls.from_snapshot(example)
        assert state.snapshot() == example
        assert state.current_player == "p4" and state.direction == -1      # 9 switches: odd (PU-S2)
