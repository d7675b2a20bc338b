"""Bad input gets a clear, specific error and leaves the state exactly as it was.

Each rejected call is checked for its exception type, the rule id (IllegalMoveError.rule),
column (MoveSyntaxError.column) or field named in the message, and that the state's
snapshot, Zobrist hash and history did not change. Expected rule ids and columns are
worked out by hand from the rules file and docs/engine.md ("Move text").
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack import IllegalMoveError, Move, MoveSyntaxError
from pickpack.errors import NotAnActionError
from tests.games.pickpack.positions import down, play, play_action, position, state


def fingerprint(st: pickpack_game.State) -> tuple[Any, ...]:
    """What must not change when a call is refused."""
    return (st.snapshot(), st.zobrist_hash(), st.ply, st.history())


def refused(st: pickpack_game.State, call: Callable[[], object], exc: type[Exception]) -> Exception:
    """Run ``call``, expect ``exc``, check the state is unchanged, return the error."""
    before = fingerprint(st)
    with pytest.raises(exc) as info:
        call()
    assert fingerprint(st) == before
    return info.value


def row_three() -> pickpack_game.State:
    """Red on c3. Row 3: a3 a face-up 3, b3 a face-down 1, d3 empty, e3 a face-up 2,
    f3 empty. Red's dT (Quality control) used, dB unplayed; fT, fB used. Red's crates [2],
    [], [], [4] premium (aB used): the fewest among the open ones is 0 (crates 2, 3).
    Blue's crate 1 holds the 6."""
    return state(grabber="c3", grid={"a3": 3, "b3": down(1), "d3": None, "e3": 2, "f3": None},
                 crates={"red": [[2], [], [], [4]], "blue": [[6]]}, closed={"red": {4: "premium"}},
                 played={"red": {"dT": "used", "fT": "used", "fB": "used", "aB": "used"}})


# --- illegal moves ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "rule"), [
    ("c3>2", "PP-M1"),       # the grabber's own square
    ("c5>2", "PP-M1"),       # c5 is in column c, off Red's row
    ("b3>2", "PP-M3"),       # face-down tray
    ("d3>2", "PP-M2"),       # nothing to grab on an empty square
    ("e3/eT", "PP-M2"),      # a tray lies on e3: moving there grabs it
    ("f3/fB", "PP-M2"),      # fB is used: no unplayed tile at that end
    ("d3/dT:1>2", "PP-M2"),  # dT is used
    ("d3/cT", "PP-M2"),      # cT is not at an end of column d
    ("e3>1", "PP-G2"),       # crate 1 holds 1 tray, crates 2 and 3 hold 0
    ("e3>4", "PP-G2"),       # crate 4 is closed
    ("e3>2+", "PP-R1"),      # no rush order waiting
    ("d3/dB", "PP-A7"),      # Quality control has a target (Blue's 6): one must be chosen
    ("d3/dB:2>2", "PP-A4"),  # Blue's crate 2 is empty
    ("d3/dB:1>1", "PP-A4"),  # Red's crate 1 does not hold the fewest trays
    ("d3/4L", "PP-C5"),      # 4L is Blue's space
    ("aT=P", "PP-S3"),       # placement is over
])
def test_an_illegal_move_names_the_rule_it_breaks(text: str, rule: str) -> None:
    st = row_three()
    error = refused(st, lambda: st.apply(text), IllegalMoveError)
    assert isinstance(error, IllegalMoveError)
    assert error.rule == rule
    assert rule in str(error)


def test_a_target_of_the_wrong_sort_is_refused() -> None:
    """PP-A4: Quality control takes crates (a>b), not a square. The core names the
    family of tile rules ("PP-A1..A6") or PP-A4 itself."""
    st = row_three()
    error = refused(st, lambda: st.apply("d3/dB:e5"), IllegalMoveError)
    assert isinstance(error, IllegalMoveError)
    assert error.rule in ("PP-A4", "PP-A1..A6")


@pytest.mark.parametrize(("square", "detail", "action", "rule"), [
    ("e3", 3, 4556, "PP-G2"),   # e3>4: 6 + (16*142 + 3)*2; crate 4 is closed
    ("b3", 1, 3700, "PP-M3"),   # b3>2: 6 + (13*142 + 1)*2; b3 is face down
])
def test_an_illegal_action_integer_names_the_rule(square: str, detail: int, action: int, rule: str) -> None:
    """The same refusals through apply_action (docs/engine.md action integers)."""
    assert play_action(square, detail) == action
    st = row_three()
    error = refused(st, lambda: st.apply_action(action), IllegalMoveError)
    assert isinstance(error, IllegalMoveError) and error.rule == rule


# --- moves for the wrong player ---------------------------------------------------------


def test_blue_cannot_use_a_red_space() -> None:
    """PP-C5: Blue on c3 moving to empty c4 may only use 4L/4R; cT is Red's."""
    st = state(to_move="blue", grabber="c3", grid={"c4": None}, crates={"red": [[6]], "blue": [[5]]})
    error = refused(st, lambda: st.apply("c4/cT"), IllegalMoveError)
    assert isinstance(error, IllegalMoveError) and error.rule == "PP-C5"


def test_a_move_of_blues_applied_when_red_is_to_move_is_refused() -> None:
    """PP-M1: c5>1 is legal for Blue on c3 (column c); the same Move given to the
    position where Red is on c3 leaves Red's row."""
    blue = state(to_move="blue", grabber="c3", crates={"red": [[6]]})
    move = next(m for m in blue.legal_moves() if m.text == "c5>1")
    red = state(grabber="c3", crates={"blue": [[6]]})
    error = refused(red, lambda: red.apply(move), IllegalMoveError)
    assert isinstance(error, IllegalMoveError) and error.rule == "PP-M1"


def test_a_move_whose_text_does_not_match_its_action_here_is_refused() -> None:
    """A Move is (action, text); Move(action of e3>2, "e3>3") belongs to no position."""
    st = row_three()
    error = refused(st, lambda: st.apply(Move(play_action("e3", 1), "e3>3")), IllegalMoveError)
    assert "e3>3" in str(error)


@pytest.mark.parametrize("thing", [42, None, 3.5, ["e3>2"]])
def test_apply_refuses_what_is_neither_a_move_nor_text(thing: object) -> None:
    st = row_three()
    refused(st, lambda: st.apply(thing), TypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", [42, None, b"e3>2"])
def test_parse_move_refuses_what_is_not_text(thing: object) -> None:
    """parse_move documents str input; anything else is a TypeError, not a crash."""
    st = row_three()
    refused(st, lambda: st.parse_move(thing), TypeError)  # type: ignore[arg-type]


# --- malformed move text: the column where the problem starts ---------------------------


@pytest.mark.parametrize(("text", "column"), [
    ("", 1),            # nothing at all
    ("z3>2", 1),        # z is no column
    ("c7>2", 1),        # row 7 does not exist: the square starts at 1
    ("e3", 3),          # '>' or '/' expected after the square
    ("e3-2", 3),
    ("e3>", 4),         # crate expected
    ("e3>5", 4),        # crates are 1..4
    ("e3>2x", 5),       # text after a complete move
    ("d3/", 4),         # action space expected
    ("d3/dX", 4),
    ("d3/dB;1>2", 6),   # ':' expected before the target
    ("d3/dB:", 7),      # target expected
    ("d3/dB:g9", 7),
    ("d3/dB:1x2", 8),   # dB is Quality control: a>b, not axb (the 'x' is column 8)
])
def test_malformed_move_text_reports_the_column(text: str, column: int) -> None:
    st = row_three()
    error = refused(st, lambda: st.apply(text), MoveSyntaxError)
    assert isinstance(error, MoveSyntaxError)
    assert error.column == column
    assert f"column {column}" in str(error)


@pytest.mark.parametrize(("text", "column"), [("aT=Z", 4), ("aT=", 4), ("zT=P", 1)])
def test_malformed_placement_text_reports_the_column(text: str, column: int) -> None:
    st = pickpack.new_game(seed=3)
    error = refused(st, lambda: st.apply(text), MoveSyntaxError)
    assert isinstance(error, MoveSyntaxError) and error.column == column


# --- bad placements -------------------------------------------------------------------


@pytest.mark.parametrize(("texts", "bad", "rule"), [
    ([], "bT=P", "PP-S3"),              # the next space is aT
    ([], "1L=P", "PP-S3"),              # Red places first; 1L is Blue's
    (["aT=P", "bT=P"], "cT=P", "PP-C3"),  # a third P
    ([], "a1>1", "PP-S3"),              # no grabber move before placement is committed
])
def test_a_bad_placement_names_the_rule(texts: list[str], bad: str, rule: str) -> None:
    st = pickpack.new_game(seed=3)
    for text in texts:
        st.apply(text)
    error = refused(st, lambda: st.apply(bad), IllegalMoveError)
    assert isinstance(error, IllegalMoveError) and error.rule == rule


def test_a_placement_action_during_play_is_refused() -> None:
    """PP-S3: actions 0..5 are placement decisions, only in phase placement."""
    st = row_three()
    error = refused(st, lambda: st.apply_action(0), IllegalMoveError)
    assert isinstance(error, IllegalMoveError) and error.rule == "PP-S3"


@pytest.mark.parametrize(("options", "field"), [
    ({"placements": {"red": "PPWWRRQQXXM", "blue": "MMXXQQRRWWPP"}}, "placements['red']"),
    ({"placements": {"red": "PPWWRRQQXXMZ", "blue": "MMXXQQRRWWPP"}}, "placements['red'][11]"),
    ({"placements": {"red": "PPWWRRQQXXMM", "blue": 7}}, "placements['blue']"),
    ({"placements": {"red": "PPWWRRQQXXMM"}}, "placements"),
    ({"first": "green"}, "first"),
    ({"deal": [1] * 35}, "deal"),
    ({"deal": [0] + [1] * 35}, "deal[0]"),
    ({"seed": -1}, "seed"),
])
def test_bad_game_options_name_the_field(options: dict[str, Any], field: str) -> None:
    opts = {"seed": 3, **options}
    if "deal" in opts:
        del opts["seed"]
    with pytest.raises(ValueError) as info:
        pickpack.new_game(**opts)
    assert field in str(info.value)


# --- action integers ------------------------------------------------------------------


@pytest.mark.parametrize("action", [-1, 10230, 2**64, 1.5, "6", True, None])
def test_an_action_outside_the_action_space_is_refused(action: object) -> None:
    """docs/engine.md: actions are ints 0..10229; True is not the int 1 here."""
    st = row_three()
    error = refused(st, lambda: st.apply_action(action), IllegalMoveError)  # type: ignore[arg-type]
    assert isinstance(error, IllegalMoveError) and error.rule == "action space"


@pytest.mark.parametrize("action", [1.5, "6", True, None])
def test_a_non_int_action_is_not_an_action_to_apply_or_check(action: object) -> None:
    """pickpack/errors.py: NotAnActionError, an IllegalMoveError and a TypeError, from
    apply_action and check_action alike; nothing changes."""
    st = row_three()
    for call in (st.apply_action, st.check_action):
        error = refused(st, lambda: call(action), NotAnActionError)  # type: ignore[arg-type]
        assert isinstance(error, TypeError) and error.rule == "action space"
        assert (error.reason, error.action) == ("an action is an int", None)
        assert str(error) == f"not an action: {action!r} (a {type(action).__name__}): action space: an action is an int"


@pytest.mark.parametrize("action", [-1, 10230, 2**64, -2**70])
def test_an_int_outside_the_action_space_names_it_in_the_one_wording(action: int) -> None:
    """docs/engine.md: 0..10229. check_action gives (rule, reason); apply_action raises
    IllegalMoveError.for_action with the same rule and reason and no move text."""
    st = row_three()
    reason = "the action integer is outside the action space 0..10229"
    assert st.check_action(action) == ("action space", reason)
    error = refused(st, lambda: st.apply_action(action), IllegalMoveError)
    assert isinstance(error, IllegalMoveError) and not isinstance(error, NotAnActionError)
    assert (error.rule, error.reason, error.text, error.action) == ("action space", reason, "", action)
    assert str(error) == f"illegal action {action}: action space: {reason}"


def test_an_illegal_action_names_its_text_rule_and_reason() -> None:
    """PP-M1: Red on c3 moves along row 3 only; a1>1 (action 6) is off it. The message
    is composed by IllegalMoveError.for_action, and parse_move says the same."""
    st = row_three()
    reason = "the grabber moves only along its row for Red and along its column for Blue"
    assert st.check_action(6) == ("PP-M1", reason)
    for call in (lambda: st.apply_action(6), lambda: st.parse_move("a1>1"), lambda: st.apply("a1>1")):
        error = refused(st, call, IllegalMoveError)
        assert isinstance(error, IllegalMoveError)
        assert (error.rule, error.reason, error.text, error.action) == ("PP-M1", reason, "a1>1", 6)
        assert str(error) == f"illegal move a1>1 (action 6): PP-M1: {reason}"


# --- a finished game --------------------------------------------------------------------


def finished() -> pickpack_game.State:
    """Red on b3 closes its fourth crate with Premium (PP-E1): the game is over."""
    st = state(grabber="b3", grid={"a3": None}, crates={"red": [[3], [2], [], [4]], "blue": [[5, 5]]},
               closed={"red": {1: "premium", 2: "wholesale", 3: "wholesale"}},
               played={"red": {"aB": "used"}, "blue": {"2L": "used", "2R": "used"}})
    play(st, "a3/aT:4")
    assert st.is_terminal()
    return st


def test_a_finished_game_has_no_moves_and_refuses_every_move() -> None:
    """PP-E1/PP-E2: once over, nothing is legal: b3>1 (6 + (13*142)*2 = 3698), a
    placement action, move text."""
    st = finished()
    assert st.legal_moves() == [] and st.legal_actions() == [] and st.current_player is None
    for call in (lambda: st.apply_action(3698), lambda: st.apply_action(0),
                 lambda: st.apply("b3>1"), lambda: st.parse_move("b3>1")):
        error = refused(st, call, IllegalMoveError)
        assert isinstance(error, IllegalMoveError) and error.rule == "PP-E1/PP-E2"


def test_a_finished_game_can_still_be_taken_back() -> None:
    st = finished()
    st.undo()
    assert (st.phase, st.current_player) == ("play", "red")


# --- malformed snapshots: the field is named ------------------------------------------


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    """A change to the snapshot at a dotted path (integers index lists)."""
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]

    def change(snap: dict[str, Any]) -> None:
        target: Any = snap
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return change


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def change(snap: dict[str, Any]) -> None:
        target: Any = snap
        for key in keys[:-1]:
            target = target[key]
        del target[keys[-1]]
    return change


def _all(*changes: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(snap: dict[str, Any]) -> None:
        for c in changes:
            c(snap)
    return change


def _row_three_face_down(snap: dict[str, Any]) -> None:
    for sq in ("a3", "b3", "d3", "e3", "f3"):
        snap["grid"][sq]["face_up"] = False


@pytest.mark.parametrize(("change", "field"), [
    (_set("game", "chess"), "game"),
    (_delete("phase"), "phase"),
    (_set("phase", "middle"), "phase"),
    (_delete("to_move"), "to_move"),
    (_set("to_move", "green"), "to_move"),
    (_set("grabber", "g7"), "grabber"),
    (_set("grabber", 14), "grabber"),
    (_delete("grid.a1"), "grid"),
    (_set("grid.c5", {"apples": 7, "face_up": True}), "grid.c5"),
    (_set("grid.c5", {"apples": 1, "face_up": "yes"}), "grid.c5"),
    (_set("grid.c5", 1), "grid.c5"),
    (_set("grid.c5", {"apples": 1, "face_up": True, "colour": "red"}), "grid.c5"),
    (_delete("crates"), "crates"),
    (_set("crates.red", [{"trays": [], "status": "open"}] * 3), "crates.red"),
    (_set("crates.red.1", "crate"), "crates.red[1]"),
    (_set("crates.red.0.status", "sealed"), "crates.red[0].status"),
    (_set("crates.red.0.trays", ["x"]), "crates.red[0].trays[0]"),
    (_delete("tiles.red.aT"), "tiles.red"),
    (_set("tiles.blue", "PWRQXMPWRQXM"), "tiles.blue"),
    (_set("tiles.red.aT.kind", "Z"), "tiles.red.aT.kind"),
    (_set("tiles.red.aT.status", "lost"), "tiles.red.aT.status"),
    (_set("tiles.red.bT.kind", "P"), "PP-C3"),                      # P on aT, aB and bT
    (_set("rush.red", 3), "rush.red"),
    (_set("rush.red", 1), "rush.red"),                              # no Rush order tile used
    (_set("crates.red.0.status", "premium"), "PP-A1"),              # no Premium tile used
    (_set("grid.c3", {"apples": 6, "face_up": True}), "PP-C2"),     # a second 6
    (_all(_set("crates.red.0.status", "premium"), _set("crates.red.1.status", "premium"),
          _set("crates.red.2.status", "wholesale"), _set("crates.red.3.status", "wholesale"),
          _set("tiles.red.aT.status", "used"), _set("tiles.red.aB.status", "used"),
          _set("tiles.blue.2L.status", "used"), _set("tiles.blue.2R.status", "used")), "PP-E1"),
    (_row_three_face_down, "PP-E2"),                                # Red on c3 cannot move
    (_set("phase", "over"), "to_move"),                             # over, yet Red to move
    (_set("phase", "placement"), "phase"),                          # all 24 tiles are placed
])
def test_a_malformed_snapshot_is_refused_naming_the_field(
        change: Callable[[dict[str, Any]], None], field: str) -> None:
    # A hand-built position (rules_positions): structurally valid, so loaded unchecked;
    # the reachability checks have their own tests in test_position_reachable.py.
    snap = position(grabber="c3", crates={"blue": [[6]]})
    pickpack_game.State.from_snapshot(copy.deepcopy(snap), checked=False)  # the unchanged snapshot is valid
    change(snap)
    given = copy.deepcopy(snap)
    with pytest.raises(ValueError) as info:
        pickpack_game.State.from_snapshot(snap, checked=False)
    assert field in str(info.value)
    assert snap == given  # the input is not modified


@pytest.mark.parametrize("snap", [[], "snapshot", None])
def test_a_snapshot_that_is_not_a_dict_is_refused(snap: object) -> None:
    with pytest.raises(ValueError, match="snapshot"):
        pickpack_game.State.from_snapshot(snap)  # type: ignore[arg-type]


# --- undo with nothing to take back -----------------------------------------------------


def test_undo_with_empty_history_raises_and_leaves_the_state() -> None:
    """A state from a snapshot, a new game with placements (history starts after them),
    and a state whose only move was taken back all have nothing to undo."""
    built = row_three()
    fresh = pickpack.new_game(seed=3, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    taken_back = row_three()
    play(taken_back, "e3>2")
    taken_back.undo()
    for st in (built, fresh, taken_back):
        error = refused(st, st.undo, IndexError)
        assert "undo" in str(error)
