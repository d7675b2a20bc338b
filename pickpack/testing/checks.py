"""The conformance checks: each walks recorded random playthroughs of one game
(pickpack.testing.walks) and raises ConformanceError, naming the game, set-up, ply (or
start position), check and broken promise, at the first state that breaks the shared
contract (pickpack.game, pickpack.errors, docs/testing.md). An error the game itself
raises in a check becomes such a ConformanceError too, at the ply the check had reached.

Every check has the signature ``check(walks, sample)``: ``walks`` are playthroughs of
one game at one player count, ``sample`` how many plies of each are checked (spread
evenly, the first and last included; the cheap per-state checks look at every ply). A
check leaves the walk's states as it found them.
"""

from __future__ import annotations

import array
import functools
import json
import math
import numbers
import pickle
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from pickpack.errors import (IllegalMoveError, MoveSyntaxError, NotAnActionError, NothingToUndoError,
                             illegal_move_message)
from pickpack.game import CHANCE, TERMINAL, Game
from pickpack.game_check import game_problem
from pickpack.move import Move
from pickpack.plugins import PluginNotFoundError
from pickpack.testing.walks import Walk, fingerprint, here, set_here

__all__ = ["CHECKS", "MALFORMED_TEXTS", "NON_ACTIONS", "ConformanceError", "Check",
           "check_chance", "check_copy", "check_game_identity", "check_illegal_actions",
           "check_illegal_text", "check_observation", "check_options", "check_perft",
           "check_pickle", "check_returns", "check_text_round_trip", "check_undo",
           "check_winners", "tensor_bytes"]

#: Move texts no game's grammar accepts: each must raise MoveSyntaxError.
MALFORMED_TEXTS = ("", "   ", "\x00", "?!", "\u2603\u2603", "~" * 300)
#: Values that are not actions at all: each must raise NotAnActionError.
NON_ACTIONS: tuple[object, ...] = ("0", 0.0, True, None)
#: How many in-range illegal actions are tried per state.
ILLEGAL_PER_STATE = 3
#: How many legal actions have their text round-tripped per state (all when fewer).
ROUND_TRIPS_PER_STATE = 64

Check = Callable[[Sequence[Walk], int], None]


class ConformanceError(AssertionError):
    """A game broke the shared contract. An AssertionError, so pytest shows it as a
    failed assertion; the one-line message ``WHERE, check CHECK: FAULT`` names game,
    players, seed, ply (or start position), check and fault::

        pig, 2 players, seed 0, ply 13, check perft: perft(0), perft(1) are (1, 1), not (1, 6)

    ``where``, ``check`` and ``fault`` hold the three parts (None in a message made
    otherwise, e.g. a playthrough's)."""

    def __init__(self, message: str, *, where: str | None = None, check: str | None = None,
                 fault: str | None = None) -> None:
        super().__init__(message)
        self.where, self.check, self.fault = where, check, fault


def _error(where: str, check: str | None, fault: str) -> ConformanceError:
    text = f"{where}: {fault}" if check is None else f"{where}, check {check}: {fault}"
    return ConformanceError(text, where=where, check=check, fault=fault)


def _fail(walk: Walk, ply: int, fault: str) -> ConformanceError:
    return _error(walk.at(ply), None, fault)


def _named_check(name: str) -> Callable[[Check], Check]:
    """The check ``name`` of CHECKS: its ConformanceError names it, and an error the game
    raises inside it becomes a ConformanceError at the ply the check had reached
    (pickpack.testing.walks.here) saying what was raised."""

    def wrap(check: Check) -> Check:
        @functools.wraps(check)
        def run(walks: Sequence[Walk], sample: int) -> None:
            set_here(None)
            try:
                check(walks, sample)
            except ConformanceError as exc:
                if exc.check is not None or exc.where is None or exc.fault is None:
                    raise
                raise _error(exc.where, name, exc.fault) from None
            except Exception as exc:        # the game's own error, of any kind
                where = here() or (walks[0].at(0) if walks else "no walk")
                raise _error(where, name, f"raised {_named(exc)}") from exc
        return run
    return wrap


def _checked(walks: Sequence[Walk], sample: int) -> Iterator[tuple[Walk, int, Any]]:
    for walk in walks:
        for ply, state in walk.states(walk.sample(sample)):
            yield walk, ply, state


def _every(walks: Sequence[Walk]) -> Iterator[tuple[Walk, int, Any]]:
    for walk in walks:
        for ply, state in walk.states():
            yield walk, ply, state


def _space(walk: Walk, state: Any) -> int:
    """The size of the action space that applies here: chance outcomes at a chance node,
    decisions elsewhere."""
    game = walk.game
    return game.max_chance_outcomes if state.is_chance_node() else game.num_distinct_actions


def _illegal_in_range(walk: Walk, ply: int, state: Any, count: int) -> list[int]:
    """Up to ``count`` actions inside the action space that are not legal here."""
    legal = set(state.legal_actions())
    space = _space(walk, state)
    rng = random.Random(walk.seed * 1_000_003 + ply)
    found: list[int] = []
    if space - len(legal) <= 4 * count:
        return [a for a in range(space) if a not in legal][:count]
    while len(found) < count:
        action = rng.randrange(space)
        if action not in legal and action not in found:
            found.append(action)
    return found


def _raised(call: Callable[..., object], *args: object) -> BaseException | None:
    """The exception ``call(*args)`` raises, or None."""
    try:
        call(*args)
    except Exception as exc:      # the game's error, of any kind: the check names it
        return exc
    return None


def _named(exc: BaseException | None) -> str:
    return "nothing" if exc is None else f"{type(exc).__name__}: {' '.join(str(exc).split())}"


def _unchanged(walk: Walk, ply: int, state: Any, before: tuple[Any, ...], what: str) -> None:
    if fingerprint(state) != before:
        raise _fail(walk, ply, f"{what} changed the state (snapshot, hash, history or legal actions)")


def _rule_and_reason(walk: Walk, ply: int, exc: IllegalMoveError, what: str) -> None:
    for name in ("rule", "reason"):
        value = getattr(exc, name, None)
        if not isinstance(value, str) or not value.strip():
            raise _fail(walk, ply, f"{what} raised IllegalMoveError without a {name} ({name}={value!r})")


# --- illegal text ----------------------------------------------------------------------

@_named_check("illegal-text")
def check_illegal_text(walks: Sequence[Walk], sample: int) -> None:
    """Malformed text (MALFORMED_TEXTS) raises MoveSyntaxError from ``parse_move`` and
    ``apply``; the canonical text of an in-range illegal action, and the text of a move
    legal at another ply but not here, raise IllegalMoveError with ``rule``, ``reason``
    and ``text`` (MoveSyntaxError is accepted for another ply's text, which may belong
    to another phase's grammar). The state is unchanged after each."""
    for walk, ply, state in _checked(walks, sample):
        before = fingerprint(state)
        legal_texts = {state.action_text(a) for a in state.legal_actions()}
        for text in MALFORMED_TEXTS:
            for name, call in (("parse_move", state.parse_move), ("apply", state.apply)):
                exc = _raised(call, text)
                if not isinstance(exc, MoveSyntaxError):
                    raise _fail(walk, ply, f"{name}({text[:20]!r}) raised {_named(exc)}, not MoveSyntaxError")
                _unchanged(walk, ply, state, before, f"{name}({text[:20]!r})")
        wellformed: list[str] = []
        for action in _illegal_in_range(walk, ply, state, ILLEGAL_PER_STATE):
            try:
                text = state.action_text(action)
            except IllegalMoveError:      # an action with no text here: nothing to parse
                continue
            except Exception as error:    # the game's own error, of any kind: named
                raise _fail(walk, ply, f"action_text({action}) raised {_named(error)}") from error
            if not isinstance(text, str) or not text:
                raise _fail(walk, ply, f"action_text({action}) returned {text!r}, not a move text (a "
                                       f"non-empty str) or IllegalMoveError")
            wellformed.append(text)
        for text in [t for t in wellformed if t not in legal_texts]:
            for name, call in (("parse_move", state.parse_move), ("apply", state.apply)):
                exc = _raised(call, text)
                if not isinstance(exc, IllegalMoveError):
                    raise _fail(walk, ply, f"{name}({text!r}) of an illegal action's own text raised "
                                           f"{_named(exc)}, not IllegalMoveError")
                _rule_and_reason(walk, ply, exc, f"{name}({text!r})")
                if exc.text != text:
                    raise _fail(walk, ply, f"{name}({text!r}) raised IllegalMoveError with text {exc.text!r}")
                _unchanged(walk, ply, state, before, f"{name}({text!r})")
        elsewhere = sorted(set(walk.texts) - legal_texts)
        rng = random.Random(walk.seed * 1_000_003 + ply)
        for text in rng.sample(elsewhere, min(ILLEGAL_PER_STATE, len(elsewhere))):
            for name, call in (("parse_move", state.parse_move), ("apply", state.apply)):
                exc = _raised(call, text)
                if not isinstance(exc, (IllegalMoveError, MoveSyntaxError)):
                    raise _fail(walk, ply, f"{name}({text!r}), a move of another ply, raised {_named(exc)}")
                if isinstance(exc, IllegalMoveError):
                    _rule_and_reason(walk, ply, exc, f"{name}({text!r})")
                _unchanged(walk, ply, state, before, f"{name}({text!r})")


# --- illegal actions -------------------------------------------------------------------

def _refused_action(walk: Walk, ply: int, state: Any, action: int, before: tuple[Any, ...]) -> None:
    exc = _raised(lambda: state.apply_action(action))
    if not isinstance(exc, IllegalMoveError) or isinstance(exc, NotAnActionError):
        raise _fail(walk, ply, f"apply_action({action}) raised {_named(exc)}, not IllegalMoveError")
    _rule_and_reason(walk, ply, exc, f"apply_action({action})")
    if exc.action != action:
        raise _fail(walk, ply, f"apply_action({action}) raised IllegalMoveError with action {exc.action!r}")
    expected = illegal_move_message(action, exc.rule, exc.reason, exc.text)
    if str(exc) != expected:
        raise _fail(walk, ply, f"apply_action({action}) raised {str(exc)!r}, not the message "
                               f"IllegalMoveError.for_action composes: {expected!r}")
    try:
        own = state.action_text(action)
    except IllegalMoveError:           # no text here: the error has none either
        own = ""
    if exc.text != own:
        raise _fail(walk, ply, f"apply_action({action}) raised IllegalMoveError with text {exc.text!r}, "
                               f"not the action's text here ({own!r})")
    answer = _raised(lambda: _expect_answer(state.check_action(action), (exc.rule, exc.reason)))
    if answer is not None:
        raise _fail(walk, ply, f"check_action({action}) disagrees with apply_action's error: {_named(answer)}")
    _unchanged(walk, ply, state, before, f"apply_action({action})")


def _expect_answer(answer: object, expected: tuple[str, str]) -> None:
    if not isinstance(answer, tuple) or answer != expected:
        raise ValueError(f"check_action gave {answer!r}, apply_action raised rule and reason {expected!r}")


@_named_check("illegal-actions")
def check_illegal_actions(walks: Sequence[Walk], sample: int) -> None:
    """A non-int (NON_ACTIONS) to ``apply_action``/``check_action`` raises
    NotAnActionError (a TypeError) with rule ``"action space"`` and a reason; an int out
    of range (-1, the space's size, ±2**64) or in range but illegal raises
    IllegalMoveError with ``rule``, ``reason``, ``action``, ``text`` (the action's text
    here, ``""`` when ``action_text`` refuses it) and the message of ``IllegalMoveError.for_action``;
    ``check_action`` answers ``(rule, reason)`` for it and None for every legal action.
    The state is unchanged after each."""
    for walk, ply, state in _checked(walks, sample):
        before = fingerprint(state)
        for value in NON_ACTIONS:
            for name, call in (("apply_action", state.apply_action), ("check_action", state.check_action)):
                exc = _raised(call, value)
                if not isinstance(exc, NotAnActionError):
                    raise _fail(walk, ply, f"{name}({value!r}) raised {_named(exc)}, not NotAnActionError")
                if exc.rule != "action space" or not exc.reason.strip():
                    raise _fail(walk, ply, f"{name}({value!r}) raised NotAnActionError with rule "
                                           f"{exc.rule!r} and reason {exc.reason!r}")
                _unchanged(walk, ply, state, before, f"{name}({value!r})")
        space = _space(walk, state)
        for action in (-1, space, 2 ** 64, -(2 ** 64), *_illegal_in_range(walk, ply, state, ILLEGAL_PER_STATE)):
            _refused_action(walk, ply, state, action, before)
        for action in state.legal_actions()[:ROUND_TRIPS_PER_STATE]:
            answer = state.check_action(action)
            if answer is not None:
                raise _fail(walk, ply, f"check_action({action}) of a legal action answered {answer!r}")


# --- text round trip -------------------------------------------------------------------

def _spread(items: Sequence[int], count: int) -> list[int]:
    if len(items) <= count:
        return list(items)
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


@_named_check("text-round-trip")
def check_text_round_trip(walks: Sequence[Walk], sample: int) -> None:
    """Every legal action's text parses back to it (``action -> action_text ->
    parse_move -> the same action and text``; up to ROUND_TRIPS_PER_STATE spread over
    the list), the texts of the legal actions are distinct, ``legal_moves()`` is
    ``[Move(a, action_text(a))]`` over ``legal_actions()``, and ``apply(text)`` of the
    walk's next move applies that very action."""
    for walk, ply, state in _checked(walks, sample):
        legal = list(state.legal_actions())
        texts = [state.action_text(a) for a in legal]
        if not all(isinstance(t, str) and t for t in texts):
            raise _fail(walk, ply, f"a legal action's action_text is not a non-empty str: {texts[:5]!r}")
        if len(set(texts)) != len(texts):
            twice = sorted({t for t in texts if texts.count(t) > 1})
            raise _fail(walk, ply, f"two legal actions share a text: {twice[:5]}")
        moves = list(state.legal_moves())
        if moves != [Move(a, t) for a, t in zip(legal, texts, strict=True)]:
            raise _fail(walk, ply, "legal_moves() is not [Move(a, action_text(a))] over legal_actions()")
        for action in _spread(legal, ROUND_TRIPS_PER_STATE):
            text = state.action_text(action)
            exc = _raised(_expect_move, state, action, text)
            if exc is not None:
                raise _fail(walk, ply, f"action {action} has text {text!r} but parse_move gives "
                                       f"{_named(exc)}")
        if ply < len(walk.actions):
            action = walk.actions[ply]
            state.apply(walk.texts[ply])
            last = state.history_actions()[-1]
            state.undo()
            if last != action:
                raise _fail(walk, ply, f"apply({walk.texts[ply]!r}) applied action {last}, not {action}")


def _expect_move(state: Any, action: int, text: str) -> None:
    move = state.parse_move(text)
    if not isinstance(move, Move) or move.action != action or move.text != text:
        raise ValueError(f"{move!r}, not Move({action}, {text!r})")


# --- undo, copy, pickle ----------------------------------------------------------------

@_named_check("undo")
def check_undo(walks: Sequence[Walk], sample: int) -> None:
    """Undoing an action restores snapshot, hash, history and legal actions: at every
    sampled ply one action forward and back, and from the walk's end every action back
    to the start, compared at each sampled ply; one undo more raises
    NothingToUndoError."""
    for walk in walks:
        plies = walk.sample(sample)
        seen: dict[int, tuple[Any, ...]] = {}
        state = walk.start()
        for ply in range(len(walk.actions) + 1):
            walk.mark(ply)
            if ply in plies:
                seen[ply] = fingerprint(state)
                if ply < len(walk.actions):
                    state.apply_action(walk.actions[ply])
                    state.undo()
                    _unchanged(walk, ply, state, seen[ply], f"apply_action({walk.actions[ply]}) then undo()")
            if ply < len(walk.actions):
                state.apply_action(walk.actions[ply])
        for ply in range(len(walk.actions), -1, -1):
            walk.mark(ply)
            if ply in seen and fingerprint(state) != seen[ply]:
                raise _fail(walk, ply, "undoing back from the walk's end does not give this ply's state "
                                       "(snapshot, hash, history or legal actions)")
            if ply > 0:
                state.undo()
        walk.mark(0)
        exc = _raised(state.undo)
        if not isinstance(exc, NothingToUndoError):
            raise _fail(walk, 0, f"undo() at the start raised {_named(exc)}, not NothingToUndoError")


@_named_check("copy")
def check_copy(walks: Sequence[Walk], sample: int) -> None:
    """``copy()`` is equal (``==``, snapshot, hash, history, options) and independent:
    an action applied to the copy leaves the original as it was, and one applied to the
    original leaves the copy."""
    for walk, ply, state in _checked(walks, sample):
        before = fingerprint(state)
        copy = state.copy()
        if fingerprint(copy) != before or not copy == state:
            raise _fail(walk, ply, "copy() differs from the state (==, snapshot, hash, history or legal actions)")
        if ply < len(walk.actions):
            action = walk.actions[ply]
            copy.apply_action(action)
            _unchanged(walk, ply, state, before, "an action applied to a copy")
            other = state.copy()
            state.apply_action(action)
            if fingerprint(other) != before:
                raise _fail(walk, ply, "an action applied to the original changed its copy")
            state.undo()


@_named_check("pickle")
def check_pickle(walks: Sequence[Walk], sample: int) -> None:
    """A state pickles (highest protocol) and unpickles equal: ``==``, snapshot, hash,
    history and legal actions; its history is usable (undo gives the previous ply's
    state, as on the original)."""
    for walk, ply, state in _checked(walks, sample):
        back = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        if fingerprint(back) != fingerprint(state) or not back == state:
            raise _fail(walk, ply, "the unpickled state differs (==, snapshot, hash, history or legal actions)")
        if ply > 0:
            previous = state.copy()
            previous.undo()
            back.undo()
            if fingerprint(back) != fingerprint(previous):
                raise _fail(walk, ply, "undo() on the unpickled state does not give the previous ply's state")


# --- returns, winners, chance ----------------------------------------------------------

@_named_check("returns")
def check_returns(walks: Sequence[Walk], sample: int) -> None:
    """At every ply ``returns()`` has one real number per seat within ``min_utility ..
    max_utility``, zeros before the end; at the end of a zero-sum game they sum to 0
    (within 1e-9). ``current_player_id()`` is a seat, CHANCE or TERMINAL and agrees with
    ``is_chance_node()``, ``is_terminal()`` and ``current_player``."""
    for walk, ply, state in _every(walks):
        game = walk.game
        returns = list(state.returns())
        if len(returns) != walk.players or not all(
                isinstance(v, numbers.Real) and not isinstance(v, bool) for v in returns):
            raise _fail(walk, ply, f"returns() is {returns!r}, not {walk.players} numbers")
        if not all(game.min_utility <= v <= game.max_utility for v in returns):
            raise _fail(walk, ply, f"returns() {returns} outside {game.min_utility}..{game.max_utility}")
        over = state.is_terminal()
        if not over and any(returns):
            raise _fail(walk, ply, f"returns() is {returns} before the end, not zeros")
        if over and game.zero_sum and abs(math.fsum(returns)) > 1e-9:
            raise _fail(walk, ply, f"returns() {returns} of a zero-sum game sum to {math.fsum(returns)}")
        seat = state.current_player_id()
        expected = TERMINAL if over else CHANCE if state.is_chance_node() else seat
        name = state.players[seat] if 0 <= seat < walk.players else None
        if seat != expected or not (seat in (CHANCE, TERMINAL) or 0 <= seat < walk.players) or \
                state.current_player != name:
            raise _fail(walk, ply, f"current_player_id() {seat} and current_player {state.current_player!r} "
                                   f"disagree with is_terminal() {over}, is_chance_node() {state.is_chance_node()}")


@_named_check("winners")
def check_winners(walks: Sequence[Walk], sample: int) -> None:
    """``winners()`` is a tuple of seat names: empty before the end; at the end distinct
    names of seats with the highest return, and not empty unless every return is the
    same."""
    for walk, ply, state in _every(walks):
        winners = state.winners()
        if not isinstance(winners, tuple) or not all(isinstance(w, str) for w in winners):
            raise _fail(walk, ply, f"winners() is {winners!r}, not a tuple of seat names")
        if not state.is_terminal():
            if winners:
                raise _fail(walk, ply, f"winners() is {winners!r} before the end")
            continue
        returns = list(state.returns())
        best = max(returns)
        top = {state.players[s] for s, v in enumerate(returns) if v == best}
        if len(set(winners)) != len(winners) or not set(winners) <= top:
            raise _fail(walk, ply, f"winners() {winners!r} are not seats with the highest return {returns}")
        if not winners and min(returns) != best:
            raise _fail(walk, ply, f"winners() is empty though the returns {returns} differ")


@_named_check("chance")
def check_chance(walks: Sequence[Walk], sample: int) -> None:
    """At a chance node ``chance_outcomes()`` lists distinct outcomes in ``0 ..
    max_chance_outcomes-1``, equal to ``legal_actions()``, with exact Fractions in (0, 1]
    summing to exactly 1, and ``chance_weights()`` gives the same outcomes in the same
    order with positive int weights proportional to them; elsewhere both are empty."""
    for walk, ply, state in _every(walks):
        outcomes = list(state.chance_outcomes())
        weights = list(state.chance_weights())
        if not state.is_chance_node():
            if outcomes or weights:
                raise _fail(walk, ply, "chance_outcomes()/chance_weights() are not empty at a decision or the end")
            continue
        actions = [a for a, _ in outcomes]
        probabilities = [p for _, p in outcomes]
        if not outcomes or len(set(actions)) != len(actions) or sorted(actions) != list(state.legal_actions()):
            raise _fail(walk, ply, f"chance outcomes {actions} are not distinct or not legal_actions()")
        if not all(isinstance(a, int) and 0 <= a < walk.game.max_chance_outcomes for a in actions):
            raise _fail(walk, ply, f"chance outcomes {actions} outside 0..{walk.game.max_chance_outcomes - 1}")
        if not all(isinstance(p, Fraction) and 0 < p <= 1 for p in probabilities) or sum(probabilities) != 1:
            raise _fail(walk, ply, f"chance probabilities {probabilities} are not Fractions in (0, 1] summing to 1")
        ints = [w for _, w in weights]
        if [a for a, _ in weights] != actions or not all(type(w) is int and w > 0 for w in ints):
            raise _fail(walk, ply, f"chance_weights() {weights[:8]} are not positive ints over the outcomes {actions}")
        total = sum(ints)
        if [Fraction(w, total) for w in ints] != probabilities:
            raise _fail(walk, ply, f"chance_weights() {weights[:8]} disagree with chance_outcomes() {outcomes[:8]}")


# --- observation -----------------------------------------------------------------------

def tensor_bytes(state: Any, seat: int) -> bytes:
    """``observation_tensor(seat)`` as little-endian float32 bytes (the same on every
    platform), or the observation as canonical JSON for a state without tensors."""
    if not hasattr(state, "observation_tensor"):
        return _canonical(state.observation(seat)).encode()
    values = array.array("f", state.observation_tensor(seat))     # a copy, float32
    if sys.byteorder != "little":
        values.byteswap()
    return values.tobytes()


def _canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)


def _seat_views(walk: Walk, ply: int, state: Any, shape: list[tuple[int, ...]]) -> list[tuple[str, bytes]]:
    views = []
    for seat, name in enumerate(state.players):
        shown = state.observation(seat)
        if _canonical(state.observation(name)) != _canonical(shown):
            raise _fail(walk, ply, f"observation({seat}) and observation({name!r}) differ")
        if hasattr(state, "observation_tensor"):
            tensor = list(state.observation_tensor(seat))
            here = tuple(state.observation_tensor_shape())
            shape.append(here)
            if here != shape[0]:
                raise _fail(walk, ply, f"observation_tensor_shape() {here} changed from {shape[0]}")
            if len(tensor) != math.prod(here) or not all(0.0 <= v <= 1.0 for v in tensor):
                raise _fail(walk, ply, f"observation_tensor({seat}) has {len(tensor)} values for shape {here} "
                                       f"or a value outside 0..1")
            if list(state.observation_tensor(name)) != tensor:
                raise _fail(walk, ply, f"observation_tensor({seat}) and observation_tensor({name!r}) differ")
        views.append((_canonical(shown), tensor_bytes(state, seat)))
    return views


def _resampled(walk: Walk, ply: int, state: Any, views: list[tuple[str, bytes]]) -> None:
    for seat in range(walk.players):
        other = state.resample_from_infostate(seat, walk.seed * 7919 + ply)
        if other.observation(seat) != state.observation(seat) or tensor_bytes(other, seat) != views[seat][1]:
            raise _fail(walk, ply, f"resample_from_infostate({seat}, ...) gives a state seat {seat} can tell "
                                   f"apart (its observation or observation tensor differs)")
        if other.current_player_id() != state.current_player_id() or (
                state.current_player_id() == seat and other.legal_actions() != state.legal_actions()):
            raise _fail(walk, ply, f"resample_from_infostate({seat}, ...) changes who moves or seat {seat}'s "
                                   f"legal actions")


@_named_check("observation")
def check_observation(walks: Sequence[Walk], sample: int) -> None:
    """A seat's observation does not change when only what it cannot see changes.

    At each sampled ply, for each seat: ``observation(seat) == observation(name)`` (and
    likewise the tensor); an ObservationTensorState's tensor has its fixed shape's size
    and values in 0..1. Where the state has ``resample_from_infostate`` (the
    HiddenInformationState hook), a resampled state — only the hidden parts drawn
    anew — gives the seat the same observation and tensor, the same player to move and,
    when the seat is to move, the same legal actions. Across all the walks (several
    deals and several ways of playing the same deal), two states a seat sees alike
    (equal observation) give it the same tensor: the tensor hides what the observation
    hides."""
    by_seat: list[dict[str, tuple[bytes, str]]] = [{} for _ in range(max((w.players for w in walks), default=0))]
    shape: list[tuple[int, ...]] = []
    for walk, ply, state in _checked(walks, sample):
        views = _seat_views(walk, ply, state, shape)
        if hasattr(state, "resample_from_infostate"):
            _resampled(walk, ply, state, views)
        for seat, (shown, tensor) in enumerate(views):
            known = by_seat[seat].setdefault(shown, (tensor, walk.at(ply)))
            if known[0] != tensor:
                raise _fail(walk, ply, f"seat {seat} sees this state as it sees {known[1]} (equal "
                                       f"observation) but its observation tensors differ")


# --- the game, its options, perft ------------------------------------------------------

def _registered(game: Game[Any]) -> Game[Any] | None:
    from pickpack.games_registry import get_game

    try:
        return get_game(game.name)
    except PluginNotFoundError:
        return None


@_named_check("game-identity")
def check_game_identity(walks: Sequence[Walk], sample: int) -> None:
    """The game passes its load check (pickpack.game_check); ``state.game`` equals the
    Game the walk was made from and the one registered under its name (when it is
    registered), for the state, its copy and its unpickled copy; ``players`` is
    ``game.player_names(n)`` and ``num_players`` is n."""
    for walk in walks[:1]:
        problem = game_problem(walk.game)
        if problem is not None:
            raise _fail(walk, 0, f"the load check fails: {problem}")
    registered = _registered(walks[0].game) if walks else None
    for walk, ply, state in _checked(walks, sample):
        for what, other in (("state", state), ("copy()", state.copy()),
                            ("unpickled state", pickle.loads(pickle.dumps(state)))):
            if other.game != walk.game or (registered is not None and other.game != registered):
                raise _fail(walk, ply, f"the {what}'s game is not the Game it was made from"
                                       f"{' (the registered one)' if registered is not None else ''}")
        if tuple(state.players) != walk.game.player_names(walk.players) or state.num_players != walk.players:
            raise _fail(walk, ply, f"players {state.players!r} / num_players {state.num_players} are not "
                                   f"the game's {walk.game.player_names(walk.players)!r}")


@_named_check("options")
def check_options(walks: Sequence[Walk], sample: int) -> None:
    """``state.options`` is a dict naming every option of the Game but its set-up options
    (``GameOption.setup``: they set up the start as a seed does), each value one the Game
    accepts (GameOption.validate); a copy and an unpickled state keep it."""
    for walk, ply, state in _checked(walks, sample):
        options = state.options
        kept = {name for name, option in walk.game.options.items() if not option.setup}
        if not isinstance(options, dict) or set(options) != kept:
            raise _fail(walk, ply, f"options is {options!r}, not a dict of the options {sorted(kept)}")
        for name, value in options.items():
            exc = _raised(walk.game.options[name].validate, name, value)
            if exc is not None:
                raise _fail(walk, ply, f"options[{name!r}] is {value!r}, which the game refuses: {exc}")
        for what, other in (("copy()", state.copy()), ("unpickled state", pickle.loads(pickle.dumps(state)))):
            if other.options != options:
                raise _fail(walk, ply, f"the {what}'s options {other.options!r} differ from {options!r}")


@_named_check("perft")
def check_perft(walks: Sequence[Walk], sample: int) -> None:
    """``perft(0) == 1`` and ``perft(1) == len(legal_actions())`` (the chance outcomes at
    a chance node, 0 at the end); the state is unchanged after."""
    for walk, ply, state in _checked(walks, sample):
        before = fingerprint(state)
        counts = (state.perft(0), state.perft(1))
        expected = (1, len(state.legal_actions()))
        if counts != expected:
            raise _fail(walk, ply, f"perft(0), perft(1) are {counts}, not {expected}")
        _unchanged(walk, ply, state, before, "perft(1)")


#: Every check by name, in the order a report lists them.
CHECKS: dict[str, Check] = {
    "game-identity": check_game_identity,
    "illegal-text": check_illegal_text,
    "illegal-actions": check_illegal_actions,
    "text-round-trip": check_text_round_trip,
    "undo": check_undo,
    "copy": check_copy,
    "pickle": check_pickle,
    "returns": check_returns,
    "winners": check_winners,
    "chance": check_chance,
    "observation": check_observation,
    "options": check_options,
    "perft": check_perft,
}


def names(checks: Iterable[str]) -> list[str]:
    """``checks`` checked against CHECKS: ValueError naming an unknown one and the choices."""
    chosen = list(checks)
    unknown = [c for c in chosen if c not in CHECKS]
    if unknown:
        raise ValueError(f"unknown conformance check {unknown[0]!r}; checks: {', '.join(CHECKS)}")
    return chosen
