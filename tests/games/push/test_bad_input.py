"""PUSH bad input: player counts, variants and options (OptionError naming the field),
every kind of illegal action of the contract's check_action list (IllegalMoveError
naming its rule, state unchanged), malformed move text (MoveSyntaxError with the column)
and bad snapshots (SnapshotError naming the field).

Decisions: draw 0, stop 1, bank-R..bank-P 2..6, place-1..3 7..9, take-1..3 10..12;
chance outcomes: card types 0..31, die faces 32..37. Positions: tests/games/push/positions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import pickpack
from pickpack import IllegalMoveError, MoveSyntaxError, OptionError, SnapshotError
from pickpack.errors import NotAnActionError
from pickpack.games.push.encoding import BANK, DRAW, PLACE, STOP, SWITCH, TAKE
from tests.games.push.positions import broken_rule, impl, load, play, snapshot  # noqa: F401

# --- player counts, variants, options --------------------------------------------------------


@pytest.mark.parametrize("players", [1, 7, 0, -2, "4", True, 4.0, None])
def test_wrong_player_counts_name_players(players: Any) -> None:
    """PU-T1 / issue 9: PUSH is for 2..6 players; anything else (also "4", True, 4.0) is
    an OptionError naming "players" and the range. (None: the default count, 4, is fine.)"""
    if players is None:
        assert pickpack.new_game("push", players=None).num_players == 4
        return
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("push", players=players)
    assert caught.value.field == "players" and "2..6" in str(caught.value)


def test_unknown_variant_names_the_variants() -> None:
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("push", players=3, variant="nightmare")
    assert caught.value.field == "variant"
    assert "nightmare" in str(caught.value) and "hard" in str(caught.value)
    assert "switch-per-turn" in str(caught.value)


def test_unknown_option_names_the_options() -> None:
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("push", players=3, harder=True)
    assert caught.value.field == "harder"
    assert "hard" in str(caught.value) and "switch_per_turn" in str(caught.value)


@pytest.mark.parametrize(("option", "value"), [("hard", "yes"), ("hard", 1), ("switch_per_turn", None)])
def test_bad_option_value_names_the_option(option: str, value: Any) -> None:
    """PU-R3, PU-S2: the two options take true or false only."""
    with pytest.raises(OptionError) as caught:
        pickpack.new_game("push", players=3, **{option: value})
    assert caught.value.field == option


# --- illegal actions: the contract's check_action list ---------------------------------------


def test_any_action_after_the_end_breaks_pu_e1(impl: Any) -> None:
    st = load(impl, 2, phase="over", deck={}, benches={0: ["R2"]})
    for action in (DRAW, STOP, BANK + 0, PLACE, TAKE, SWITCH, 33):
        assert broken_rule(st, action) == "PU-E1"


def test_draw_outcomes_outside_the_deck_break_pu_c1(impl: Any) -> None:
    """PU-C1, PU-C3: at the draw (2 players): the switch card (none in the deck), a die
    face, a card type whose copies are all gone (R1: all 3 on p1's bench), -1, 38."""
    st = play(load(impl, 2, benches={0: ["R1", "R1", "R1"]}), "draw")
    for action in (SWITCH, 32, 37, 0, -1, 38, 1000):
        assert broken_rule(st, action) == "PU-C1", action


def test_roll_outcomes_other_than_die_faces_break_pu_c2(impl: Any) -> None:
    st = play(load(impl, 4), "draw R1 place-1 draw R2 place-2 draw R3 place-3 draw R4")
    assert st.phase == "roll"
    for action in (DRAW, 5, 30, 31, 38, -1):
        assert broken_rule(st, action) == "PU-C2", action


def test_decisions_outside_the_action_space_break_pu_t1(impl: Any) -> None:
    for st in (load(impl, 4), play(load(impl, 4), "draw R1"), play(load(impl, 4), "draw R1 place-1")):
        for action in (13, -1, 32, 10**9):
            assert broken_rule(st, action) == "PU-T1", (st.phase, action)


def test_at_the_start_stop_bank_place_and_take(impl: Any) -> None:
    """PU-P4 (stop: a push turn draws), PU-B2 (bank a colour not on the bench: p1 has
    only B3), PU-T1 (place and take are not turn choices)."""
    st = load(impl, 4, benches={0: ["B3"]})
    assert broken_rule(st, STOP) == "PU-P4"
    assert broken_rule(st, BANK + 0) == "PU-B2" and broken_rule(st, BANK + 4) == "PU-B2"
    for action in (PLACE, PLACE + 2, TAKE, TAKE + 2):
        assert broken_rule(st, action) == "PU-T1"


def test_at_a_placement_everything_but_a_legal_place_breaks_pu_p2(impl: Any) -> None:
    """PU-P2: stacks [R3], [B2], card R1: stack 1 refuses it (red like R3), stack 2 takes
    it, stack 3 would be new. Any other decision, and place-1, break PU-P2."""
    st = play(load(impl, 4), "draw R3 place-1 draw B2 place-2 draw R1")
    assert [m.text for m in st.legal_moves()] == ["place-2", "place-3"]
    for action in (DRAW, STOP, BANK + 0, TAKE, TAKE + 1, PLACE):
        assert broken_rule(st, action) == "PU-P2"


def test_at_decide_bank_place_take_and_an_empty_deck_draw_break_pu_p4(impl: Any) -> None:
    st = play(load(impl, 4, benches={0: ["B3"]}), "draw R1 place-1")
    for action in (BANK + 1, PLACE, PLACE + 1, TAKE):
        assert broken_rule(st, action) == "PU-P4"
    empty = play(load(impl, 2, deck={"G2": 1}), "draw G2 place-1")
    assert broken_rule(empty, DRAW) == "PU-P4"


def test_at_a_collection_everything_but_a_non_empty_stack_breaks_pu_k1(impl: Any) -> None:
    st = play(load(impl, 4), "draw R1 place-1 stop")
    for action in (TAKE + 1, TAKE + 2, DRAW, STOP, BANK + 0, PLACE):
        assert broken_rule(st, action) == "PU-K1"


@pytest.mark.parametrize("action", ["0", 0.0, None, [0], True])
def test_a_non_int_action_is_not_an_action(impl: Any, action: Any) -> None:
    """The error contract (issue 19): NotAnActionError, an IllegalMoveError of rule
    "action space" and a TypeError, from apply_action and check_action alike."""
    st = load(impl, 4)
    for call in (st.apply_action, st.check_action):
        with pytest.raises(NotAnActionError) as caught:
            call(action)
        assert isinstance(caught.value, TypeError) and caught.value.rule == "action space"
    assert st.snapshot() == snapshot(4)


@pytest.mark.parametrize("moves, action, head, rule", [
    ("", STOP, "illegal move stop (action 1)", "PU-P4"),
    ("", 13, "illegal action 13", "PU-T1"),
    ("draw", 38, "illegal action 38", "PU-C1"),
    ("draw R1", DRAW, "illegal move draw (action 0)", "PU-P2"),
])
def test_an_illegal_action_is_worded_alike_with_rule_reason_and_text(impl: Any, moves: str, action: int,
                                                                     head: str, rule: str) -> None:
    """IllegalMoveError.for_action: ``illegal move TEXT (action N): RULE: REASON``, or
    ``illegal action N: ...`` for an action with no text here (PU-T1, PU-C1); the
    reason is check_action's (the C core and the reference word reasons apart)."""
    st = play(load(impl, 4), moves) if moves else load(impl, 4)
    with pytest.raises(IllegalMoveError) as caught:
        st.apply_action(action)
    error = caught.value
    assert (error.rule, error.reason) == st.check_action(action) and error.rule == rule
    assert str(error) == f"{head}: {rule}: {error.reason}" and error.action == action
    assert error.text == ("" if head.startswith("illegal action") else head.split()[2])


def test_parse_move_of_well_formed_illegal_text_names_the_text(impl: Any) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        load(impl, 4).parse_move(" Stop ")
    assert str(caught.value) == "illegal move stop (action 1): PU-P4: a push turn draws at least one card"
    assert (caught.value.text, caught.value.rule, caught.value.action) == ("stop", "PU-P4", STOP)


def test_illegal_move_text_names_the_rule_and_keeps_the_state(impl: Any) -> None:
    """Well-formed text of an illegal move: IllegalMoveError with the rule (PU-P4: stop
    before any draw), state unchanged."""
    st = load(impl, 4)
    with pytest.raises(IllegalMoveError) as caught:
        st.apply("stop")
    assert caught.value.rule == "PU-P4" and st.snapshot() == snapshot(4)


# The column is where the text stops being the start of any move text: "dr" starts
# "draw", so "drw" goes wrong at 3; "place-" starts "place-1", so "place-4" at 7.
@pytest.mark.parametrize(("text", "column"), [("drw", 3), ("place-4", 7), ("take-0", 6),
                                              ("bank-X", 6), ("", 1), ("draw draw", 5),
                                              ("  stpo", 5), ("xyz", 1)])
def test_malformed_move_text_is_a_syntax_error_with_the_column(impl: Any, text: str, column: int) -> None:
    st = load(impl, 4)
    with pytest.raises(MoveSyntaxError) as caught:
        st.apply(text)
    assert caught.value.column == column and caught.value.text == text
    assert st.snapshot() == snapshot(4) and st.history_actions() == []


def test_malformed_chance_text_is_a_syntax_error(impl: Any) -> None:
    """At the draw, "R7" (no value 7) and "X1" (no colour X) name no card."""
    st = play(load(impl, 4), "draw")
    before = st.snapshot()
    for text in ("R7", "X1"):
        with pytest.raises(MoveSyntaxError):
            st.apply(text)
    assert st.snapshot() == before


# --- bad snapshots -------------------------------------------------------------------------------


def bad(**changes: Any) -> dict[str, Any]:
    """The 4-player start snapshot with ``changes`` applied."""
    snap = snapshot(4)
    snap.update(changes)
    return snap


@pytest.mark.parametrize(("snap", "field"), [
    (bad(players=7), "players"),
    (bad(players="4"), "players"),
    (bad(phase="nap"), "phase"),
    (bad(turn=4), "turn"),
    (bad(actor=2), "actor"),
    (bad(card="R1"), "card"),
    (bad(hard="no"), "hard"),
    (snapshot(4, deck={"R1": 4, "switch": 12}), "deck"),
    (snapshot(2, deck={"R1": 1, "switch": 1}), "deck"),
    (snapshot(4, switches=13, deck={"R1": 1}), "switches"),
    (snapshot(4, benches={0: ["roll"]}), "benches"),
    (snapshot(4, banks={1: ["switch"]}), "banks"),
    (snapshot(4, phase="decide", stacks=[["R1", "R2"]]), "stacks"),
    (snapshot(4, phase="decide", stacks=[["R1", "B1"]]), "stacks"),
    (snapshot(4, phase="decide", stacks=[["roll", "roll"]]), "stacks"),
    (snapshot(4, phase="decide", stacks=[["switch"]]), "stacks"),
    (snapshot(4, turn_switches=1), "turn_switches"),
])
def test_bad_snapshots_name_the_field(impl: Any, snap: dict[str, Any], field: str) -> None:
    with pytest.raises(SnapshotError) as caught:
        impl.from_snapshot(snap)
    assert caught.value.field == field, str(caught.value)


def test_a_snapshot_missing_a_field_names_it(impl: Any) -> None:
    snap = snapshot(4)
    del snap["benches"]
    with pytest.raises(SnapshotError) as caught:
        impl.from_snapshot(snap)
    assert caught.value.field == "benches"


@pytest.mark.parametrize("phase", ["start", "draw"])
def test_a_turn_start_or_draw_with_an_empty_deck_is_refused(impl: Any, phase: str) -> None:
    """PU-E1, PU-P4 (contract): once the deck is empty the game is over at the end of the
    turn, so no turn starts and no draw happens with an empty deck."""
    snap = snapshot(2, phase=phase, deck={}, benches={0: ["R1"]})
    with pytest.raises(SnapshotError) as caught:
        impl.from_snapshot(snap)
    assert caught.value.field == "deck", str(caught.value)


@pytest.mark.parametrize("seed, error", [(-1, ValueError), (2**64, ValueError), ("7", TypeError),
                                         (1.5, TypeError), (True, TypeError)])
def test_a_bad_seed_is_refused_naming_the_seed(seed: object, error: type[Exception]) -> None:
    # The seed sets nothing up in PUSH, but a bad one is still a caller's mistake.
    with pytest.raises(error, match="seed"):
        pickpack.new_game("push", players=3, seed=seed)
