"""The C-state base (pickpack._cstate.CState, issue 19) on PUSH, its first game: the
table check, the one error contract of apply_action/check_action, history, copies,
exact chance, perft in C and the text the table writes.

Rules cited: PU-C1 (the deck: 32 card types), PU-C3 (with 2 players the 12 switch cards
are removed: 108 cards of 31 types), PU-P4 (a push turn draws at least one card), PU-T1
(decisions are 0..12).
"""

from __future__ import annotations

import base64
import copy
import pickle
from fractions import Fraction

import pytest

import pickpack._cstate
from pickpack._cstate import check_ops, ops_capsule
from pickpack.errors import IllegalMoveError, NotAnActionError, NothingToUndoError
from pickpack.games.push import _core
from pickpack.games.push.encoding import CARD_TEXT, DRAW, STOP, full_deck
from pickpack.games.push.state import State
from pickpack.perft import _walk
from tests.engine.ops_tables import Ops, capsule, table_copy

_Ops = Ops


def _push_table() -> _Ops:
    """A copy of PUSH's table (pp_push_ops), to break on purpose."""
    return table_copy(State(2))


def _capsule(table: _Ops) -> object:
    return capsule(table)


def _decision_position() -> State:
    """Two players, p1 drew R1 and placed it: draw again or stop (PU-P4)."""
    st = State(2)
    for move in ("draw", "R1", "place-1"):
        st.apply(move)
    return st


# --- the table check -------------------------------------------------------------------

def test_a_sound_table_is_accepted_and_named() -> None:
    st = State(2)
    assert check_ops(st) == "push"
    assert check_ops(ops_capsule(st)) == "push"
    assert check_ops(_capsule(_push_table())) == "push"


def test_a_table_of_another_abi_is_refused_naming_the_game() -> None:
    table = _push_table()
    table.abi = 1
    with pytest.raises(ValueError, match=r"^game 'push': its C ops table has abi 1, this pickpack takes "
                                         r"pp_game_ops ABI 4"):
        check_ops(_capsule(table))


def test_a_table_missing_required_entries_is_refused_with_each_named() -> None:
    table = _push_table()
    table.check_action = None
    table.chance_weights = None
    table.observation = None
    with pytest.raises(ValueError) as caught:
        check_ops(_capsule(table))
    assert str(caught.value) == ("game 'push': its C ops table (pp_game_ops ABI 4) lacks check_action, "
                                 "chance_weights (the game has chance), observation_size and observation "
                                 "(both or neither)")


@pytest.mark.parametrize("entry", ["save_raw", "load_raw", "field_name"])
def test_a_table_with_some_raw_snapshot_entries_only_is_refused(entry: str) -> None:
    table = _push_table()
    setattr(table, entry, None)
    with pytest.raises(ValueError) as caught:
        check_ops(_capsule(table))
    assert str(caught.value) == ("game 'push': its C ops table (pp_game_ops ABI 4) lacks raw_size, save_raw, "
                                 "load_raw and field_name (all four or none)")
    table = _push_table()
    table.raw_size = table.save_raw = table.load_raw = table.field_name = 0
    assert check_ops(_capsule(table)) == "push"     # none: a table without raw snapshots


def test_check_ops_takes_only_a_state_or_a_table_capsule() -> None:
    with pytest.raises(TypeError, match="CState or a 'pickpack.pp_game_ops' capsule, not int"):
        check_ops(42)


def test_a_state_bound_to_no_game_is_a_finished_game_that_refuses_everything() -> None:
    """A CState made directly (no game's table bound) never calls through a NULL table."""
    st = pickpack._cstate.CState()
    assert st.is_terminal() and st.current_player_id() == -4 and st.legal_actions() == []
    assert st.num_players == 1 and st.returns() == [0.0] and st.perft(3) == 0
    with pytest.raises(IllegalMoveError, match=r"^illegal action 0: no game: this state is bound to no game's C"):
        st.apply_action(0)
    assert st.copy().ply == 0 and st.chance_outcomes() == []
    with pytest.raises(ValueError, match="bound to no game's C ops table"):
        check_ops(st)
    with pytest.raises(TypeError, match="no hash"):
        st.zobrist_hash()


# --- the error contract ------------------------------------------------------------------

@pytest.mark.parametrize("action", ["6", 1.5, True, None])
def test_a_non_int_action_is_not_an_action(action: object) -> None:
    st = State(2)
    before = st.snapshot()
    for call in (st.apply_action, st.check_action):
        with pytest.raises(NotAnActionError) as caught:
            call(action)  # type: ignore[arg-type]
        error = caught.value
        assert isinstance(error, IllegalMoveError) and isinstance(error, TypeError)
        assert error.rule == "action space" and error.reason == "an action is an int"
        assert str(error) == f"not an action: {action!r} (a {type(action).__name__}): action space: an action is an int"
    assert st.snapshot() == before and st.ply == 0


def test_an_illegal_decision_names_its_text_rule_and_reason() -> None:
    st = State(2)
    with pytest.raises(IllegalMoveError) as caught:
        st.apply_action(STOP)
    error = caught.value
    assert str(error) == "illegal move stop (action 1): PU-P4: a push turn draws at least one card"
    assert (error.rule, error.reason, error.text, error.action) == (
        "PU-P4", "a push turn draws at least one card", "stop", STOP)
    assert st.check_action(STOP) == ("PU-P4", "a push turn draws at least one card")
    assert st.ply == 0


@pytest.mark.parametrize("action", [13, -1, 2**31, 2**70, -(2**70)])
def test_an_int_outside_the_decisions_has_no_text_and_keeps_its_value(action: int) -> None:
    st = State(2)
    with pytest.raises(IllegalMoveError) as caught:
        st.apply_action(action)
    assert str(caught.value) == f"illegal action {action}: PU-T1: decisions are 0..12"
    assert caught.value.action == action and caught.value.text == ""
    assert st.check_action(action) == ("PU-T1", "decisions are 0..12")


def test_the_tables_move_text_is_the_states_text() -> None:
    decision, drawing = _decision_position(), State(2)
    drawing.apply_action(DRAW)
    for st, space in ((decision, range(13)), (drawing, range(38))):
        assert [st._move_text(a) for a in space] == [st.action_text(a) for a in space]
    assert drawing._move_text(38) == "" and decision._move_text(13) == ""


def test_the_history_has_the_text_of_each_action_where_it_was_applied() -> None:
    st = _decision_position()
    for action in (DRAW, 30):                 # draw again: a roll card (card type 30)
        st.apply_action(action)
    assert st._history_texts() == ["draw", "R1", "place-1", "draw", "roll"]
    assert [m.text for m in st.history()] == st._history_texts()


# --- chance -------------------------------------------------------------------------------

def test_chance_weights_are_the_decks_counts_and_outcomes_their_exact_shares() -> None:
    st = State(2)
    assert st.chance_weights() == [] and st.chance_outcomes() == []
    st.apply_action(DRAW)
    counts = full_deck(2)
    assert st.chance_weights() == [(t, counts[t]) for t in range(len(CARD_TEXT) - 1)]   # no switch (PU-C3)
    assert sum(w for _, w in st.chance_weights()) == 108
    outcomes = st.chance_outcomes()
    assert outcomes == [(t, Fraction(counts[t], 108)) for t in range(len(CARD_TEXT) - 1)]
    assert sum(p for _, p in outcomes) == 1
    assert all(a is b for (_, a), (_, b) in zip(outcomes, st.chance_outcomes(), strict=True))


# --- history, copies, pickling -----------------------------------------------------------

def test_undo_restores_position_and_hash_and_refuses_an_empty_history() -> None:
    st = State(3)
    with pytest.raises(NothingToUndoError):
        st.undo()
    seen = []
    for move in ("draw", "R1", "place-1", "draw"):
        seen.append((st.snapshot(), st.zobrist_hash()))
        st.apply(move)
    assert st.history_actions() == [DRAW, 0, 7, DRAW] and st.ply == 4
    for snap, key in reversed(seen):
        st.undo()
        assert (st.snapshot(), st.zobrist_hash()) == (snap, key)
    assert st.ply == 0


@pytest.mark.parametrize("make_copy", [State.copy, copy.copy, copy.deepcopy])
def test_copies_are_independent_and_keep_the_history(make_copy: object) -> None:
    st = _decision_position()
    twin = make_copy(st)  # type: ignore[operator]
    assert type(twin) is State and twin == st and twin.history_actions() == st.history_actions()
    twin.apply_action(STOP)
    assert twin.ply == 4 and st.ply == 3 and st.phase == "decide"
    twin.undo()
    twin.undo()
    assert st.history_actions() == [DRAW, 0, 7]


#: A 2-player State after draw, R1, place-1, pickled by main at e8ca6ef (before the base):
#: it names pickpack.games.push._core._rebuild.
_MAIN_PICKLE = base64.b64decode(
    'gASV7gEAAAAAAACMGXBpY2twYWNrLmdhbWVzLnB1c2guX2NvcmWUjAhfcmVidWlsZJSTlIwZcGlja3BhY2suZ2FtZXMucHVz'
    'aC5zdGF0ZZSMBVN0YXRllJOUfZQojAdwbGF5ZXJzlEsCjARoYXJklImMD3N3aXRjaF9wZXJfdHVybpSJjAVwaGFzZZSMBXN0'
    'YXJ0lIwEdHVybpRLAIwFYWN0b3KUSwCMBGNhcmSUTowEZGVja5R9lCiMAlIxlEsDjAJSMpRLA4wCUjOUSwOMAlI0lEsDjAJS'
    'NZRLA4wCUjaUSwOMAkIxlEsDjAJCMpRLA4wCQjOUSwOMAkI0lEsDjAJCNZRLA4wCQjaUSwOMAkcxlEsDjAJHMpRLA4wCRzOU'
    'SwOMAkc0lEsDjAJHNZRLA4wCRzaUSwOMAlkxlEsDjAJZMpRLA4wCWTOUSwOMAlk0lEsDjAJZNZRLA4wCWTaUSwOMAlAxlEsD'
    'jAJQMpRLA4wCUDOUSwOMAlA0lEsDjAJQNZRLA4wCUDaUSwOMBHJvbGyUSxJ1jAZzdGFja3OUXZQoXZRdlF2UZYwHYmVuY2hl'
    'c5RdlChdlF2UZYwFYmFua3OUXZQoXZRdlGWMCHN3aXRjaGVzlEsAjA10dXJuX3N3aXRjaGVzlEsAdV2UKEsASwBLB2WHlFKU'
    'Lg==')


def test_a_pickle_made_before_the_base_still_loads() -> None:
    st = pickle.loads(_MAIN_PICKLE)
    assert type(st) is State and st == _decision_position()
    assert [m.text for m in st.history()] == ["draw", "R1", "place-1"]


def test_a_pickle_is_the_root_snapshot_and_the_actions() -> None:
    st = _decision_position()
    fn, (cls, snap, actions) = st.__reduce__()
    assert fn is pickpack._cstate._rebuild and cls is State
    assert snap == State(2).snapshot() and actions == [DRAW, 0, 7]
    back = pickle.loads(pickle.dumps(st))
    assert back == st and back.history_actions() == st.history_actions()
    # Pickles made before the base name the game module's _rebuild: it still resolves.
    assert _core._rebuild is pickpack._cstate._rebuild


# --- perft ---------------------------------------------------------------------------------

def test_perft_counts_chance_outcomes_as_plies() -> None:
    # depth 1: only draw (PU-P4); depth 2: each card type of the deck, 32 (PU-C1), 31
    # for 2 players (PU-C3).
    assert [State(3).perft(d) for d in (0, 1, 2)] == [1, 1, 32]
    st = State(2)
    assert [st.perft(d) for d in (0, 1, 2)] == [1, 1, 31]
    assert st.ply == 0


def test_perft_in_c_agrees_with_the_python_walk() -> None:
    st = _decision_position()
    for depth in range(1, 5):
        assert st.perft(depth) == _walk(st, depth)
    assert st.ply == 3


def test_perft_reports_progress_ending_at_one() -> None:
    shares: list[float] = []
    assert State(3).perft(4, progress=shares.append) == _walk(State(3), 4)
    assert shares[-1] == 1.0 and all(0.0 <= s <= 1.0 for s in shares)


def test_perft_resumed_over_slices_equals_the_sum_of_its_subtrees() -> None:
    """perft(10) from a 3-player start walks ~436,000 leaves in several slices of the C
    walk (progress is called between them, rising); each subtree after the opening
    draw and card (PU-P4, PU-C1) fits in one slice."""
    st = State(3)
    shares: list[float] = []
    total = st.perft(10, progress=shares.append)
    drawing = st.copy()
    drawing.apply_action(DRAW)
    children = []
    for card in drawing.legal_actions():
        child = drawing.copy()
        child.apply_action(card)
        children.append(child.perft(8))
    assert total == sum(children) and len(children) == 32
    assert len(shares) > 2 and shares == sorted(shares) and shares[-1] == 1.0


@pytest.mark.parametrize("depth", [-1, 65, True, 2.0])
def test_perft_refuses_a_bad_depth(depth: object) -> None:
    with pytest.raises(ValueError, match="depth must be an int 0..64"):
        State(2).perft(depth)  # type: ignore[arg-type]


# --- outcome and views ---------------------------------------------------------------------

def test_returns_are_one_float_per_seat() -> None:
    assert State(5).returns() == [0.0] * 5


def test_the_observation_tensor_refuses_a_seat_out_of_range() -> None:
    st = State(3)
    assert len(st._observation_tensor(2)) == st.observation_tensor_shape()[0] == 203 + 33 * 3
    with pytest.raises(ValueError, match="player must be a seat 0..2, not 3"):
        st._observation_tensor(3)
    with pytest.raises(TypeError, match="a seat is an int"):
        st._observation_tensor("p1")  # type: ignore[arg-type]
