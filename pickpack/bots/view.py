"""A seat's view: the state a bot deciding for a seat is given (issue 20).

Hidden information never reaches a bot for a seat that may not see it. In a game of
perfect information (``Game.perfect_information``) a seat sees everything, so its view is
a copy of the state. In a game that hides information the view is one state of the seat's
information set, ``state.resample_from_infostate(seat, seed)`` (OpenSpiel's
ResampleFromInfostate; TAG's ``copy(playerId)``; boardgame.io's ``playerView``): what the
seat cannot see is redrawn consistently with what it saw (Cowling, Powley & Whitehouse
2012), from ``seed`` and what the seat sees only. So two states a seat cannot tell apart
give the same view for the same seed, and everything a bot does with its view (its move,
its position string on the process protocol or the native ABI, a search seeded from the
view's hash) depends only on its seed and what its seat may see.

The match runner (pickpack.match, through pickpack.bots.registry.chosen_move), the TUI's
faces and the search bots use seat_view; a game that hides information and offers no
resample_from_infostate cannot give a bot a view, and a match of it is refused before its
first game (pickpack.match.check_bots: infostate_problem).
"""

from __future__ import annotations

from typing import Any

from pickpack.errors import PickpackError
from pickpack.game import Game, GameState

__all__ = ["NoInfostateError", "infostate_problem", "require_view", "seat_view", "view_hash"]


class NoInfostateError(PickpackError, TypeError):
    """A game that hides information (``perfect_information`` False) whose states offer
    no ``resample_from_infostate(seat, seed)``: no bot can be given only what its seat may
    see. One-line message naming the game and the hook."""


def _hides(game: Game[Any] | Any) -> bool:
    return getattr(game, "perfect_information", True) is not True


def infostate_problem(game: Game[Any], state: GameState) -> str | None:
    """None when seat_view can give a bot a view of ``state`` (a state of ``game``); else
    the one line why not: the game hides information and ``state`` has no
    ``resample_from_infostate``."""
    if not _hides(game) or callable(getattr(state, "resample_from_infostate", None)):
        return None
    return (f"game {game.name!r} hides information (perfect_information is False) but its states "
            f"offer no resample_from_infostate(seat, seed), so no bot can be given only what its "
            f"seat may see (pickpack.game.HiddenInformationState, docs/writing-a-game.md)")


def require_view(game: Game[Any], state: GameState, who: str = "") -> None:
    """Raise NoInfostateError, one line ``[WHO: ]a bot is given only what its seat may
    see: PROBLEM`` (infostate_problem), when no bot can be given a view of ``state``."""
    problem = infostate_problem(game, state)
    if problem is not None:
        raise NoInfostateError(f"{who + ': ' if who else ''}a bot is given only what its seat may see: {problem}")


def seat_view(state: GameState, seat: int, seed: int) -> GameState:
    """What a bot deciding for ``seat`` (an int 0..num_players-1) is given: an independent
    state, a copy (history kept) for a game of perfect information, else
    ``state.resample_from_infostate(seat, seed)`` (history empty; the hidden parts drawn
    from ``seed`` and what the seat sees). ``state`` is not changed. ``seed``: int
    0..2**64-1 (the game's hook checks it).

    Raises NoInfostateError (one line, require_view) for a game that hides
    information without that hook, and the hook's TypeError/ValueError for a bad seat or
    seed."""
    require_view(state.game, state)
    if not _hides(state.game):
        copy: GameState = state.copy()
        return copy
    view: GameState = state.resample_from_infostate(seat, seed)   # type: ignore[attr-defined]
    return view


def view_hash(state: GameState, seat: int, seed: int = 0) -> int:
    """The Zobrist hash of seat_view(state, seat, seed): a 64-bit key of what ``seat``
    sees of ``state`` (equal for states it cannot tell apart), for seeding a search
    without letting hidden parts in. Errors as seat_view."""
    if not _hides(state.game):
        return int(state.zobrist_hash())
    return int(seat_view(state, seat, seed).zobrist_hash())
