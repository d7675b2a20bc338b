"""One base for game states: the GameState protocol (pickpack.game) derived from a
handful of hooks, for pure-Python and C-backed states alike (docs/writing-a-game.md,
"A game in Python"). After OpenSpiel's ``State``, whose games write ``DoApplyAction``,
``LegalActions`` and ``ActionToString`` and inherit the rest.

A game writes its rules as hooks:

- ``players`` (property: names in seat order), ``game`` (property: its ``Game``; by
  default the class attribute ``_GAME``, which the game module sets),
  ``current_player_id()``, ``legal_actions()``, ``returns()``, ``scores()``,
  ``snapshot()``, ``to_position()``, ``zobrist_hash()``;
- ``_check_action(action)``: None, or ``(rule id, reason)``, for an int ``action``;
- ``_apply_action(action)``: apply a legal action, returning what ``_undo`` needs to
  take it back (an "undo token" it never changes afterwards);
- ``_undo(token)``: restore the position before the action that gave ``token``;
- ``_action_text(action)``: the canonical text of an int ``action`` here; outside the
  action space of this node it raises ``IllegalMoveError.for_action(action, rule,
  reason)``;
- ``parse_action(text)``: the action ``text`` denotes here (``MoveSyntaxError`` for
  malformed text; ``IllegalMoveError`` for well-formed text of no action of this kind
  of node); legality is the base's to check;
- optionally ``_copy_position()`` (a new state of this position without history; the
  default clones every attribute), ``chance_weights()`` (``[(outcome, int weight)]`` at a chance node; the
  base makes the exact ``Fraction``s of ``chance_outcomes()`` from them, only when
  asked), ``options``, ``move_rule`` (the rule a Move of another position breaks).

The base derives, over the *public* protocol methods (so a C-backed state whose C base
type supplies them gets these too): ``num_players``, ``current_player``,
``is_terminal``, ``is_chance_node``, ``chance_outcomes``, ``legal_moves``, ``apply``,
``parse_move``, ``observation`` (perfect information: the snapshot), ``winners``,
``history``, ``playout``, ``perft``, equality (same class, same snapshot), ``repr``
and ``str`` (a text board made from the snapshot, snapshot_text).
Over the underscore hooks it implements the pure-Python engine: ``check_action``,
``apply_action`` (one check, the one ``IllegalMoveError.for_action``), ``undo``,
``history_actions``, ``copy`` and ``action_text``. A C-backed state lists its C base
type first (``class State(CoreState, StateBase)``), so that type's C versions of those
engine methods win, and writes only what its C base does not give.

Errors (pickpack.errors): a non-int action raises ``NotAnActionError``; an illegal one
``IllegalMoveError.for_action(action, rule, reason, text)``; ``undo`` with nothing to
take back ``NothingToUndoError``. The state is unchanged after each.
"""

from __future__ import annotations

import copy as _copy
import json
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Self

from pickpack._cstate import ExactProbability, exact_outcomes
from pickpack.errors import IllegalMoveError, NotAnActionError, NothingToUndoError
from pickpack.game import CHANCE, TERMINAL, Game
from pickpack.move import Move

__all__ = ["StateBase", "exact_outcomes", "snapshot_text"]

# Values copy() shares between a state and its copy: immutable. Tuples are shared too,
# so a state keeps nothing mutable inside a tuple (nor inside an undo token).
_SHARED = frozenset({int, bool, str, float, bytes, tuple, frozenset, Fraction, ExactProbability, type(None)})


def _clone(value: Any) -> Any:
    """``value`` made independent: lists, dicts and sets copied all the way down,
    immutable values shared, any other object deep-copied."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return [v if type(v) in _SHARED else _clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _SHARED else _clone(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    return _copy.deepcopy(value)


def snapshot_text(snap: dict[str, Any]) -> str:
    """A text board made from a snapshot (``StateBase.__str__``): a line ``key: value``
    per field in the snapshot's order, ``value`` as it is for a string and as JSON
    otherwise, but a list of strings all of one length (a board's rows) drawn one row a
    line under ``key:``; the field ``"game"`` (the game's name) left out."""
    lines = []
    for key, value in snap.items():
        if key == "game":
            continue
        rows = isinstance(value, list) and value and all(isinstance(r, str) for r in value) \
            and len({len(r) for r in value}) == 1
        lines += [f"{key}:", *(f"  {row}" for row in value)] if rows else \
            [f"{key}: {value if isinstance(value, str) else json.dumps(value)}"]
    return "\n".join(lines)


def _as_action(value: object) -> int:
    """``value`` as an action int; NotAnActionError for a str, float, bool, None, ..."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotAnActionError.for_value(value)
    return int(value)


class StateBase:
    """The GameState protocol from a handful of hooks (module docstring).

    Pure-Python states subclass it and write the hooks; the base keeps their history as
    ``self._history``, a list of ``(action, undo token)``, made on the first action.
    """

    #: The rule a Move of another position breaks (its action here has another text).
    move_rule: str = "action space"

    _history: list[tuple[int, Any]]

    # --- hooks (the game's) ----------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define players")

    #: The game's Game, set on the class by its game module (``State._GAME = GAME``).
    _GAME: ClassVar[Game[Any]]

    @property
    def game(self) -> Game[Any]:
        """The Game this state belongs to (hook; default: the class's ``_GAME``, set by
        the game module, not looked up)."""
        try:
            return self._GAME
        except AttributeError:
            raise NotImplementedError(f"{type(self).__name__} must define game (or _GAME)") from None

    def current_player_id(self) -> int:
        """Seat to decide, CHANCE or TERMINAL (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define current_player_id()")

    def legal_actions(self) -> list[int]:
        """Legal decisions or chance outcomes, increasing; [] at the end (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define legal_actions()")

    def _check_action(self, action: int) -> tuple[str, str] | None:
        """None if the int ``action`` is legal here, else ``(rule id, reason)`` (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define _check_action()")

    def _apply_action(self, action: int) -> Any:
        """Apply the legal ``action``; return the undo token ``_undo`` takes (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define _apply_action()")

    def _undo(self, token: Any) -> None:
        """Restore the position before the action whose undo token is ``token`` (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define _undo()")

    def _action_text(self, action: int) -> str:
        """Canonical text of the int ``action`` here; IllegalMoveError.for_action
        outside this node's action space (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define _action_text()")

    def parse_action(self, text: str) -> int:
        """The action ``text`` denotes here, legal or not (hook). MoveSyntaxError for
        malformed text, IllegalMoveError for text of no action of this kind of node."""
        raise NotImplementedError(f"{type(self).__name__} must define parse_action()")

    def returns(self) -> list[float]:
        """Utility per seat; zeros before the end (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define returns()")

    def scores(self) -> dict[str, Any]:
        """The game's own score by player name (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define scores()")

    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-able data (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define snapshot()")

    def to_position(self) -> str:
        """The one-line position string (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define to_position()")

    def zobrist_hash(self) -> int:
        """64-bit hash of the position (hook)."""
        raise NotImplementedError(f"{type(self).__name__} must define zobrist_hash()")

    def chance_weights(self) -> Sequence[tuple[int, int]]:
        """At a chance node ``(outcome, int weight > 0)`` pairs in increasing outcome;
        empty elsewhere. Default: no chance nodes (hook)."""
        return ()

    @property
    def options(self) -> dict[str, Any]:
        """The game options this state was made with (hook; default none)."""
        return {}

    # --- derived over the public protocol (C-backed states get these too) ------------

    @property
    def num_players(self) -> int:
        """Number of seats, ``len(players)``."""
        return len(self.players)

    @property
    def current_player(self) -> str | None:
        """Name of the player to decide; None at a chance node or at the end."""
        seat = self.current_player_id()
        return self.players[seat] if seat >= 0 else None

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player_id() == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player_id() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """``chance_weights()`` as ``(outcome, exact probability)`` pairs summing to 1
        (pickpack._cstate.exact_outcomes, the cache C-backed states share: Fractions
        whose float() is made once); [] elsewhere."""
        weights = self.chance_weights()
        return list(exact_outcomes(tuple(weights))) if weights else []

    def legal_moves(self) -> list[Move]:
        """``legal_actions()`` as Moves with their canonical text."""
        text = self.action_text
        return [Move(a, text(a)) for a in self.legal_actions()]

    def parse_move(self, text: str) -> Move:
        """The legal move (or chance outcome) ``text`` denotes here, with its canonical
        text. TypeError for a non-str; MoveSyntaxError (with the column) for malformed
        text; IllegalMoveError (``.rule``, ``.reason``, ``.text``) for a move not legal
        here."""
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        action = self.parse_action(text)
        problem = self.check_action(action)
        if problem is not None:
            try:
                canonical = self.action_text(action)
            except IllegalMoveError:
                canonical = text.strip()
            raise IllegalMoveError.for_action(action, *problem, text=canonical)
        return Move(action, self.action_text(action))

    def apply(self, move: Move | str) -> None:
        """Apply a Move of this position or its text (see parse_move). TypeError for
        anything else; IllegalMoveError (``move_rule``) for a Move whose action has
        another text here. The state is unchanged after an error."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"apply() takes a Move or move text, not {type(move).__name__}")
        elif self.check_action(move.action) is None and (here := self.action_text(move.action)) != move.text:
            raise IllegalMoveError.for_action(
                move.action, self.move_rule,
                f"move {move.text} does not belong to this position (here action {move.action} is {here})",
                text=move.text)
        self.apply_action(move.action)

    def seat_of(self, player: int | str) -> int:
        """The seat of ``player``, a seat number or a player name. TypeError for another
        type, ValueError for an unknown seat or name."""
        if isinstance(player, bool) or not isinstance(player, int | str):
            raise TypeError(f"player must be a seat or a name, not {type(player).__name__}")
        names = self.players
        if player in names:
            return names.index(player)
        if isinstance(player, str) or not 0 <= player < len(names):
            raise ValueError(f"player must be a seat 0..{len(names) - 1} or one of {', '.join(names)}, "
                             f"not {player!r}")
        return player

    def observation(self, player: int | str) -> dict[str, Any]:
        """What ``player`` (a seat or a name) may see. Default, for a game of perfect
        information (``game.perfect_information``): the whole snapshot; a game that hides
        anything must define its own (NotImplementedError otherwise, so that nothing
        hidden reaches a seat by default). Errors as seat_of."""
        self.seat_of(player)
        if not self.game.perfect_information:
            raise NotImplementedError(f"{type(self).__name__} hides information: it must define observation()")
        return self.snapshot()

    def winners(self) -> tuple[str, ...]:
        """Names of the seats with the best return once the game is over (several on a
        tie); () before."""
        if not self.is_terminal():
            return ()
        returns = self.returns()
        best = max(returns)
        return tuple(name for name, r in zip(self.players, returns) if r == best)

    def history(self) -> list[Move]:
        """The actions applied since creation as Moves with the text each had when
        applied, oldest first (read back on a copy, undoing)."""
        state = self.copy()
        moves = []
        for action in reversed(self.history_actions()):
            state.undo()
            moves.append(Move(action, state.action_text(action)))
        moves.reverse()
        return moves

    def playout(self, seed: int) -> dict[str, Any]:
        """Finish a copy with ``random.Random(seed)``: decisions uniformly
        (``rng.choice(legal_actions())``), chance outcomes by their weights (one
        ``rng.randrange(total weight)``); its final ``scores()``. This state is not
        changed."""
        rng = random.Random(seed)
        game = self.copy()
        while not game.is_terminal():
            if game.is_chance_node():
                weights = game.chance_weights()
                ticket = rng.randrange(sum(w for _, w in weights))
                for action, weight in weights:
                    ticket -= weight
                    if ticket < 0:
                        break
            else:
                action = rng.choice(game.legal_actions())
            game.apply_action(action)
        return game.scores()

    def perft(self, depth: int, progress: Callable[[float], None] | None = None) -> int:
        """Leaves at exactly ``depth`` actions from here, chance outcomes counted as
        branches (pickpack.perft.walk_perft). ValueError for a depth not an int >= 0."""
        from pickpack.perft import walk_perft     # perft.py asks a state for its own perft

        return walk_perft(self, depth, progress)

    def __eq__(self, other: object) -> bool:
        """Same class and same position (snapshot); the history is not compared."""
        if not isinstance(other, StateBase):
            return NotImplemented
        return type(self) is type(other) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_position({self.to_position()!r})"

    def __str__(self) -> str:
        """The text board the plain face shows: ``snapshot_text(self.snapshot())``, a
        board's rows one a line; a game with a board of its own to draw writes
        ``__str__`` (Pig does)."""
        return snapshot_text(self.snapshot())

    # --- the pure-Python engine over the hooks (a C base type replaces these) --------

    def check_action(self, action: int) -> tuple[str, str] | None:
        """None if ``action`` is legal here, else ``(rule id, reason)``.
        NotAnActionError for a non-int."""
        return self._check_action(_as_action(action))

    def apply_action(self, action: int) -> None:
        """Apply a legal action or chance outcome. NotAnActionError for a non-int,
        IllegalMoveError (``rule``, ``reason``, ``text``) for an illegal one; the state
        is unchanged then."""
        if type(action) is not int:
            action = _as_action(action)
        problem = self._check_action(action)
        if problem is not None:
            try:
                text = self._action_text(action)
            except IllegalMoveError:
                text = ""                          # an action outside the space has no text
            raise IllegalMoveError.for_action(action, *problem, text=text)
        token = self._apply_action(action)
        try:
            self._history.append((action, token))
        except AttributeError:
            self._history = [(action, token)]

    def undo(self) -> None:
        """Take the last action back. NothingToUndoError when there is none."""
        history = getattr(self, "_history", None)
        if not history:
            raise NothingToUndoError("nothing to undo: no action since this state was created")
        self._undo(history.pop()[1])

    def history_actions(self) -> list[int]:
        """The actions (chance outcomes included) applied since creation, oldest first."""
        return [action for action, _ in getattr(self, "_history", ())]

    def copy(self) -> Self:
        """An independent copy with the same history (its undo tokens shared)."""
        other = self._copy_position()
        history = getattr(self, "_history", None)
        if history:
            other._history = history.copy()
        return other

    def _copy_position(self) -> Self:
        """A new state of this position, without history (hook; default: every attribute
        cloned, lists, dicts and sets all the way down, immutable values shared)."""
        other = type(self).__new__(type(self))
        other.__dict__.update({k: _clone(v) for k, v in self.__dict__.items() if k != "_history"})
        return other

    def action_text(self, action: int) -> str:
        """Canonical text of ``action`` here. NotAnActionError for a non-int,
        IllegalMoveError (the game's rule) outside this node's action space."""
        return self._action_text(_as_action(action))
