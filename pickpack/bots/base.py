"""The base class of bots: ``choose`` is asked for decisions only.

A bot chooses a move for the seat to move; a chance node's outcome is drawn by whoever
runs the game from ``chance_outcomes()`` with its exact probabilities (the match runner,
pickpack.match.chance; the adapters), never chosen by a bot -- a bot asked there would
pick an outcome by its own rule (``random``: uniformly), which is a wrong answer, not a
draw. ``BotBase`` guards every subclass's ``choose`` in this one place: at a chance node
or once the game is over it raises NoDecisionError, and for a state of a game the bot
does not play (its ``games``) OtherGameError (one line naming the bot and why), before
the subclass's code runs. The built-in bots (plugins/pickpack_bots and each
game's own, e.g. pickpack.games.pacru.greedy_bot), the
process, native and isolated bots (pickpack.bots.process, pickpack.bots.native,
pickpack.bots) derive from it; a third-party bot may.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, ClassVar, NoReturn, SupportsIndex

from pickpack.errors import PickpackError
from pickpack.move import Move

__all__ = ["BotBase", "NoDecisionError", "OtherGameError", "ResourceBot", "SeededBot", "refuse_no_decision",
           "refuse_other_game"]


class NoDecisionError(PickpackError, ValueError):
    """A bot asked to choose where no seat decides: a chance node or the end of the
    game (pickpack.bots.base). One-line message naming the bot."""


def refuse_no_decision(name: str, state: Any) -> None:
    """Raise NoDecisionError when ``state`` is a chance node or over (bot ``name``).
    Something that is not a GameState (no ``is_chance_node``/``is_terminal``) is left
    to the bot, which names what it expected."""
    chance, over = getattr(state, "is_chance_node", None), getattr(state, "is_terminal", None)
    if callable(chance) and chance():
        raise NoDecisionError(f"{name}: no move to choose at a chance node: its outcome is "
                              f"drawn from chance_outcomes() by the caller, never chosen "
                              f"by a bot")
    if callable(over) and over():
        raise NoDecisionError(f"{name}: no move to choose: the game is over")


class OtherGameError(PickpackError, TypeError):
    """A bot asked to choose in a game it does not play (its ``games``), e.g. Pick &
    Pack's greedy given a PACRU state (pickpack.bots.base). One-line message naming the
    bot, its games and the state's."""


def refuse_other_game(name: str, games: object, state: Any) -> None:
    """Raise OtherGameError when ``games`` (a bot's tuple of game names; None: every game)
    does not hold the name of ``state``'s game. A state that names no game is left to
    the bot."""
    if not isinstance(games, tuple):
        return
    try:
        game = state.game.name
    except (AttributeError, NotImplementedError):
        return
    if isinstance(game, str) and game not in games:
        raise OtherGameError(f"{name}: plays {', '.join(games)}, not {game} (the bots of a game: "
                             f"pickpack.bots.available_bots({game!r}))")


def _guarded(choose: Callable[..., Move]) -> Callable[..., Move]:
    @functools.wraps(choose)
    def guarded(self: Any, state: Any, *args: Any, **kwargs: Any) -> Move:
        name = str(getattr(self, "name", type(self).__name__))
        refuse_no_decision(name, state)
        refuse_other_game(name, getattr(self, "games", None), state)
        return choose(self, state, *args, **kwargs)

    guarded.__dict__["_refuses_no_decision"] = True
    return guarded


class BotBase:
    """Base class of bots (module docstring): the ``choose`` of every subclass raises
    NoDecisionError at a chance node or a finished game, before its own code runs.

    ``name`` (shown in messages) is the Bot protocol's; ``games`` (the games the bot
    plays, pickpack.bots) is left to each subclass to declare.
    """

    name: str = "bot"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("choose")
        if callable(own) and not getattr(own, "_refuses_no_decision", False):
            setattr(cls, "choose", _guarded(own))


class ResourceBot(BotBase):
    """A bot holding something that cannot travel to another process or be duplicated
    (a running program, a loaded library): pickling or copying it raises TypeError in
    one line saying so, instead of the pickle module's words about a lock or a pointer.
    Subclasses set ``holds`` (what they hold, for the message)."""

    holds: ClassVar[str] = "a resource of this process"

    def __reduce_ex__(self, protocol: SupportsIndex) -> NoReturn:
        raise TypeError(f"bot {self.name!r} holds {self.holds}: it cannot be pickled or "
                        f"copied; build another one with pickpack.bots.make_bot")


class SeededBot(BotBase):
    """Base of the built-in Python bots: ``self.rng`` is a random.Random from ``seed``;
    ``choose`` refuses a chance node and a finished game (BotBase)."""

    name = "seeded"
    #: The games the bot plays (pickpack.bots: None = every game); subclasses narrow it.
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Restart the bot's random stream (before a game)."""
        self.rng = random.Random(seed)
