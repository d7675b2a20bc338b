"""Actions as short sequences of small tokens, for consumers that need a small, fixed
action space (the OpenSpiel and PettingZoo adapters, learning code).

Most games have a small action space (Pick & Pack 10,230 actions, PUSH 13) and need
nothing here. PACRU's one-decision-per-turn action space has 1,097,206,560 actions: an
action mask over it cannot exist. Such a game names an ``ActionTokens`` object as its
``Game.action_tokens`` part; it splits every action into a sequence of tokens from a
small vocabulary (PACRU: the chevron's cell, then its direction, then the distance, ...),
so that one turn is played as a few sub-decisions by the same player, each over a small
fixed space (the sequential decomposition of a compound move).

``TokenTurn`` plays one turn that way on any ``GameState``: it lists the tokens that
continue some legal action (``legal_tokens``), takes one (``choose``) and returns the
action once the tokens name exactly one legal action. A token that every remaining legal
action shares is filled in without asking (a sub-decision exists only where there is a
choice), except the first token of a turn, which is always asked, so that a turn is at
least one decision as it is in the native game.

    >>> class Pairs:                       # actions 0..99 as (tens, units)
    ...     vocabulary, max_tokens = 10, 2
    ...     def tokens(self, action): return divmod(action, 10)
    ...     def token_text(self, prefix, token): return str(token)
    >>> class Demo:                        # just enough of a GameState for TokenTurn
    ...     def legal_actions(self): return [31, 35, 70]
    >>> turn, state = TokenTurn(Pairs()), Demo()
    >>> turn.legal_tokens(state)
    [3, 7]
    >>> turn.choose(state, 3), turn.prefix, turn.legal_tokens(state)
    (None, (3,), [1, 5])
    >>> turn.choose(state, 5), turn.prefix
    (35, ())
    >>> turn.choose(state, 7)              # only 70 starts with 7: no second decision
    70
"""

from __future__ import annotations

import operator
from numbers import Integral
from typing import Any, NoReturn, Protocol, runtime_checkable

from pickpack.errors import IllegalMoveError

__all__ = ["ActionTokens", "CSteppedActionTokens", "SteppedActionTokens", "TokenTurn"]


@runtime_checkable
class ActionTokens(Protocol):
    """How a game splits its actions into tokens (``Game.action_tokens``).

    - ``vocabulary``: tokens are ``0 .. vocabulary-1`` (a small number: the size of the
      consumers' action space).
    - ``max_tokens``: the longest token sequence of any action.
    - ``tokens(action)``: the action's token sequence, 1..max_tokens tokens. One action,
      one sequence; no sequence is a proper prefix of another (so the tokens read so far
      tell whether the action is complete). Depends only on the action (not the state).
    - ``token_text(prefix, token)``: the text of ``token`` following the tokens
      ``prefix`` of the same turn (PACRU: ``e1``, then ``N``, then ``3``), for people.
    """

    vocabulary: int
    max_tokens: int

    def tokens(self, action: int) -> tuple[int, ...]:
        """The action's token sequence (see the class docstring)."""

    def token_text(self, prefix: tuple[int, ...], token: int) -> str:
        """The text of ``token`` after ``prefix`` in the same turn."""


@runtime_checkable
class SteppedActionTokens(ActionTokens, Protocol):
    """An ActionTokens that also lists the next tokens of a state itself, so that
    ``TokenTurn`` need not list every legal action (PACRU: late in a game some 800,000
    legal actions, nearly all reorientations, whose tokens are a few cells each).

    - ``next_tokens(state, prefix)``: the tokens that continue some legal action of
      ``state`` after ``prefix``, increasing; empty when ``prefix`` is a whole action
      (or nothing legal starts with it). Must agree with ``tokens`` over
      ``state.legal_actions()``.
    - ``action(tokens)``: the action whose token sequence is ``tokens`` (the inverse of
      ``tokens``); ValueError when there is none.
    """

    def next_tokens(self, state: Any, prefix: tuple[int, ...]) -> list[int]:
        """The tokens that continue a legal action of ``state`` after ``prefix``."""

    def action(self, tokens: tuple[int, ...]) -> int:
        """The action of a whole token sequence."""


@runtime_checkable
class CSteppedActionTokens(SteppedActionTokens, Protocol):
    """A SteppedActionTokens whose game also steps its tokens in C, so that consumers of
    a C table of operations (the batched environments of pickpack.vector) play the game
    one token at a time (PACRU: core/pacru/pacru_tokens.h).

    - ``c_token_state(state)``: a new C state (pickpack._cstate.CState over the game's
      token view, its own pp_game_ops) at ``state``'s position, no token chosen: its
      decisions are this codec's tokens, its ``legal_actions()`` what
      ``TokenTurn.legal_tokens`` gives, ``apply_action(token)`` what
      ``TokenTurn.choose`` does (tokens every remaining action shares filled in, the
      action applied once named), its observation tensor the game's followed by
      ``TokenTurn.prefix_planes()`` (the adapters' tensor, pickpack.adapters.play).
    """

    def c_token_state(self, state: Any) -> Any:
        """``state``'s position as a C state whose decisions are tokens."""


class TokenTurn:
    """The tokens chosen so far in the current turn of one state, and the legal actions
    they still allow. With ``codec`` None every action is one token (the action itself).

    Not tied to one state object: call ``reset()`` whenever the state changes other than
    through the action ``choose`` returned (undo, a chance outcome, another state). Copy
    with ``copy()`` along with the state.
    """

    __slots__ = ("codec", "prefix", "_candidates", "_stepped")

    def __init__(self, codec: ActionTokens | None) -> None:
        self.codec = codec
        # the protocol check costs some 30 us: once per turn object, not per call
        self._stepped: SteppedActionTokens | None = codec if isinstance(codec, SteppedActionTokens) else None
        #: The tokens of the current turn so far (chosen and filled in), oldest first.
        self.prefix: tuple[int, ...] = ()
        self._candidates: tuple[tuple[int, tuple[int, ...]], ...] | None = None

    def reset(self) -> None:
        """Forget the turn in progress (the state moved on)."""
        self.prefix = ()
        self._candidates = None

    def copy(self) -> TokenTurn:
        """An independent copy (the candidate list is shared: it is immutable)."""
        other = TokenTurn.__new__(TokenTurn)
        other.codec, other._stepped = self.codec, self._stepped
        other.prefix = self.prefix
        other._candidates = self._candidates
        return other

    def _consistent(self, state: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The legal actions of ``state`` whose tokens start with ``prefix``, with their
        tokens."""
        if self._candidates is None:
            assert self.codec is not None
            tokens = self.codec.tokens
            self._candidates = tuple((a, tokens(a)) for a in state.legal_actions())
        return self._candidates

    def legal_tokens(self, state: Any) -> list[int]:
        """The tokens that continue some legal action of ``state`` after ``prefix``, in
        increasing order; ``state.legal_actions()`` when there is no codec. Empty at the
        end of the game."""
        if self.codec is None:
            return list(state.legal_actions())
        if self._stepped is not None:
            return self._stepped.next_tokens(state, self.prefix)
        depth = len(self.prefix)
        return sorted({seq[depth] for _, seq in self._consistent(state)})

    def choose(self, state: Any, token: int) -> int | None:
        """Take ``token`` for ``state``: the completed action (to apply to ``state``; the
        turn starts afresh) or None when more tokens are needed. Tokens every remaining
        action shares are filled in (see ``prefix``).

        Raises IllegalMoveError (naming the tokens so far and the legal tokens; no rule
        id: no single rule is at fault) when ``token`` is not in
        ``legal_tokens(state)``, or is not an integer; the turn is unchanged then.
        Without a codec the token is the action and is returned as it is, unchecked
        (the state's ``apply_action`` checks it).
        """
        if self.codec is None:
            return token
        if isinstance(token, bool) or not isinstance(token, Integral):
            raise IllegalMoveError(f"a token is an int, not {type(token).__name__}")
        token = operator.index(token)               # a NumPy integer becomes an int
        if self._stepped is not None:
            return self._choose_stepped(self._stepped, state, token)
        depth = len(self.prefix)
        left = tuple(c for c in self._consistent(state) if c[1][depth] == token)
        if not left:
            self._refuse(state, token)
        prefix = self.prefix + (token,)
        while len(left) > 1:
            following = {seq[len(prefix)] for _, seq in left}
            if len(following) != 1:
                break
            prefix += (following.pop(),)
        if len(left) == 1:
            self.reset()
            return left[0][0]
        self.prefix, self._candidates = prefix, left
        return None

    def _refuse(self, state: Any, token: int) -> NoReturn:
        """Raise the IllegalMoveError of ``choose`` for ``token``."""
        assert self.codec is not None
        said = " ".join(self.codec.token_text(self.prefix[:i], t) for i, t in enumerate(self.prefix))
        raise IllegalMoveError(
            f"token {token} does not continue any legal action"
            + (f" after {said}" if said else "")
            + f"; legal tokens: {self.legal_tokens(state)}")

    def _choose_stepped(self, codec: SteppedActionTokens, state: Any, token: int) -> int | None:
        """``choose`` through the codec's own ``next_tokens`` (same results)."""
        if token not in codec.next_tokens(state, self.prefix):
            self._refuse(state, token)
        prefix = self.prefix + (token,)
        while True:
            following = codec.next_tokens(state, prefix)
            if not following:
                self.reset()
                return codec.action(prefix)
            if len(following) > 1:
                self.prefix = prefix
                return None
            prefix += (following[0],)

    def prefix_planes(self) -> list[float]:
        """The turn so far as ``max_tokens`` one-hot rows of ``vocabulary`` floats
        (row i: the i-th token of ``prefix``; all zeros past its end): the part of an
        observation that tells a player what it already chose this turn. Empty without
        a codec."""
        if self.codec is None:
            return []
        size = self.codec.vocabulary
        planes = [0.0] * (self.codec.max_tokens * size)
        for i, t in enumerate(self.prefix):
            planes[i * size + t] = 1.0
        return planes
