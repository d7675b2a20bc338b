"""Entry point ``pickpack.frontends:textual``: play any installed game in the terminal."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from pickpack.bots import make_bot
from pickpack.errors import PickpackError
from pickpack.game import Game
from pickpack.games_registry import DEFAULT_GAME, get_game

from pickpack_tui.app import GameApp
from pickpack_tui.session import HUMAN, GameSession

__all__ = ["PickPackApp", "has_terminal", "run"]

#: The app class run (a name tests replace).
PickPackApp = GameApp


def has_terminal() -> bool:
    """Whether standard input and output are both terminals (ttys)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def run(red: str | None = None, blue: str | None = None, seed: int | None = None,
        first: str | None = None, *, game: str = DEFAULT_GAME, seats: Mapping[str, str] | None = None,
        players: int | None = None, variant: str | None = None,
        options: Mapping[str, Any] | None = None, load: str | None = None) -> int:
    """Open the app on a new game of ``game``, or on the saved game ``load`` (a file of
    pickpack.records.savefile: its game, seats, seed and moves; the other arguments are then
    not used).

    ``seats`` maps each player name (``Game.player_names``, in seat order) to
    ``"human"`` or a bot spec in the grammar every command takes (pickpack.bots.spec:
    ``NAME``, ``NAME:key=value,...``, ``native:PATH``, ``cmd:COMMAND``); without it,
    ``players`` seats (default: the game's count), the first a person, the others
    ``mcts`` (which plays every game; ``pickpack play`` picks the strongest bot that
    plays the game instead). ``red``/``blue`` set those seats (Pick & Pack), ``first`` the option
    ``first`` (PP-S4); ``seed`` fixes the game's randomness (None: a fresh one),
    ``variant``/``options`` go to ``new_game``.

    Every bot is built once for this game (and closed) before the app starts, so a bad
    spec fails here with make_bot's one-line errors, the same as ``pickpack match``:
    BotSpecError (also for a bot that does not play the game), PluginNotFoundError
    (unknown bot or game, with the choices), BotLoadError, BotFault; OptionError (a
    ValueError) for a player count, variant or option the game does not offer;
    PickpackError when standard input or output is not a terminal (the app would wait
    for keys that never come); SaveFileError (a PickpackError) naming the field of a
    save that cannot be read or replayed. Returns the exit status (0).
    """
    if load is not None:
        saved = GameSession.load(load)
        _check_bots(saved.game, saved.seats, saved.seed)
        _need_terminal()
        PickPackApp(saved, save_path=load).run()
        return 0
    g = get_game(game)
    table = dict(seats) if seats is not None else {
        name: HUMAN if i == 0 else "mcts"
        for i, name in enumerate(g.player_names(g.check_players(players or g.default_player_count())))}
    for name, spec in (("red", red), ("blue", blue)):
        if spec is not None:
            table[name] = spec
    chosen = dict(options or {})
    if first is not None:
        chosen["first"] = first
    _check_bots(g, table, seed)
    _need_terminal()
    session = GameSession.new(table, seed=seed, game=g, variant=variant, **chosen)
    PickPackApp(session).run()
    return 0


def _check_bots(game: Game[Any], seats: Mapping[str, str], seed: int | None) -> None:
    """Build each bot seat's bot once for ``game`` (and close it): make_bot's errors."""
    for spec in seats.values():
        if spec != HUMAN:
            bot = make_bot(spec, seed=seed, game=game, players=len(seats))
            close = getattr(bot, "close", None)
            if callable(close):
                close()


def _need_terminal() -> None:
    """PickpackError unless standard input and output are terminals."""
    if not has_terminal():
        raise PickpackError("the terminal UI needs a terminal on standard input and output; "
                            "to play bots against each other without one: pickpack match A B")
