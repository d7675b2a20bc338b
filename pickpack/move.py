"""Moves: immutable values with a canonical text (docs/engine.md, "Move text").

``Move`` is implemented in the C binding (constructing thousands per second matters for
``legal_moves``); this module is its documented home in the API. ``apply_text`` plays
a move given as text with its legality checked once (issue 19, "Work done once").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickpack._move import Move
from pickpack.errors import IllegalMoveError

if TYPE_CHECKING:
    from pickpack.game import GameState

__all__ = ["Move", "apply_text"]


def apply_text(state: GameState, text: str) -> Move:
    """Apply the move (or chance outcome) ``text`` denotes to ``state``; the Move applied,
    with its canonical text. Its legality is checked once, by the checked
    ``apply_action``, when the state has the ``parse_action`` hook (pickpack.state_base:
    the action a text denotes, legal or not); a state without it is asked
    ``parse_move`` (which checks, by the GameState contract) and then ``apply_action``.

    Raises TypeError for a non-str, MoveSyntaxError (with the column) for malformed text
    and IllegalMoveError (``rule``, ``reason``, ``text``) for a move not legal here, as
    ``parse_move`` does; the state is unchanged then.
    """
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    parse = getattr(state, "parse_action", None)
    if parse is not None:
        action: int = parse(text)
        try:
            canonical = state.action_text(action)
        except IllegalMoveError:    # no text here: not legal either; parse_move words it
            canonical = None
        if canonical is not None:
            state.apply_action(action)      # the one check (IllegalMoveError names the rule)
            return Move(action, canonical)
    move = state.parse_move(text)
    state.apply_action(move.action)
    return move
