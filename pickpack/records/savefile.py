"""Saved games: a JSON file that reproduces a game of any game exactly (``pickpack play``).

Format (``"format": "pickpack-save"``, ``"version": 2``)::

    {"format": "pickpack-save", "version": 2,
     "game": "pickpack",                       # the registered game (pickpack.games)
     "variant": null | "NAME",                 # Game.variants
     "options": {"first": "red"},              # Game.options given to new_game (JSON values)
     "players": {"red": "human", "blue": "greedy"},   # seat name -> "human" or a bot spec,
                                               #   in seat order (Game.player_names(n))
     "seed": 7 | null,                         # the seed new_game was given
     "moves": ["aT=P", ..., "c4>2", ...]}      # every action in canonical text, chance
                                               #   outcomes included (GameState.action_text)

Reading rebuilds the start with ``pickpack.new_game(game, players=, seed=, variant=,
**options)`` and applies the moves with ``state.apply`` (so a file that loads is a legal
game; anything else is a SaveFileError naming the field). Game-neutral: a game is found
by name; version-1 files (Pick & Pack only: root snapshot, placements) are turned into
version 2 by the game's optional ``save_converter`` part (``Game.load``), a function
``(data, source) -> version-2 dict`` raising SaveFileError naming the old field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickpack.errors import GameLoadError, IllegalMoveError, MoveSyntaxError, PickpackError
from pickpack.game import Game, GameState
from pickpack.games_registry import get_game
from pickpack.records.file_errors import os_error_text
from pickpack.records.file_kinds import kind_of_text
from pickpack.records.safe_files import write_text_atomic

__all__ = ["HUMAN", "SAVE_FORMAT", "SAVE_VERSION", "SaveFileError", "SavedGame"]

SAVE_FORMAT = "pickpack-save"
SAVE_VERSION = 2
#: The seat value of a person at the keyboard (anything else is a bot spec).
HUMAN = "human"

GameLookup = Callable[[str], Game[Any]]


class SaveFileError(PickpackError, ValueError):
    """A save file that cannot be read or replayed; the message names the field."""


def _lookup(games: GameLookup, name: str, source: str) -> Game[Any]:
    """The game ``name``, or SaveFileError naming the field ``game``."""
    try:
        return games(name)
    except (LookupError, GameLoadError) as exc:    # PluginNotFoundError lists the installed games
        raise SaveFileError(f"{source}: game: {exc}") from None


@dataclass(frozen=True)
class SavedGame:
    """The contents of a version-2 save file (see the module docstring for the fields).

    ``players`` maps each seat's name, in seat order, to ``"human"`` or a bot spec.
    ``source`` is what its errors name: the file's path when it was loaded from one.
    """

    game: str
    players: dict[str, str]
    moves: list[str]
    seed: int | None = None
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    source: str = field(default="save file", compare=False, repr=False)

    @property
    def seats(self) -> dict[str, str]:
        """``players`` (seat name -> "human" or a bot spec), a copy."""
        return dict(self.players)

    def to_json(self) -> dict[str, Any]:
        """The file's JSON data."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game,
                "variant": self.variant, "options": dict(self.options),
                "players": dict(self.players), "seed": self.seed, "moves": list(self.moves)}

    def save(self, path: str | Path) -> None:
        """Write the file (JSON, UTF-8) atomically: a temporary file in the same folder
        renamed over ``path`` (pickpack.records.safe_files), so an existing save is replaced
        only by a complete one and an interrupted or failed save leaves it as it was.

        Raises SaveFileError if it cannot be written.
        """
        text = json.dumps(self.to_json(), indent=1) + "\n"
        try:
            write_text_atomic(path, text)
        except OSError as exc:
            raise SaveFileError(f"{path}: cannot write: {os_error_text(exc, path)}") from None

    def start(self, source: str | None = None, games: GameLookup = get_game) -> GameState:
        """The state the game started from (no moves): ``new_game`` with the file's game,
        player count, seed, variant and options.

        Raises SaveFileError naming the field: ``players``, ``variant`` or
        ``options.NAME`` (the game's OptionError), ``seed`` (a value the game's factory
        refuses that it takes without the seed), else ``options`` (whatever else the
        factory raises: ValueError, TypeError or a PickpackError, e.g. an option value of
        the wrong type in a game that does not check it). ``source``: what the errors
        name, by default the file's (``self.source``).
        """
        source = self.source if source is None else source
        game = _lookup(games, self.game, source)
        try:
            count = game.check_players(len(self.players))
        except ValueError as exc:
            raise SaveFileError(f"{source}: players: {exc}") from None
        names = game.player_names(count)
        if tuple(self.players) != names:
            raise SaveFileError(f"{source}: players: must name the seats {', '.join(names)} in "
                                f"this order, got {', '.join(self.players)}")
        try:
            state: GameState = game.new_state(players=count, seed=self.seed, variant=self.variant,
                                              **self.options)
            return state
        except (ValueError, TypeError, PickpackError) as exc:
            raise SaveFileError(f"{source}: {self._culprit(game, count, exc)}: {exc}") from None

    def _culprit(self, game: Game[Any], count: int, exc: Exception) -> str:
        """The field to blame for ``new_state``'s error ``exc`` (see ``start``)."""
        where = getattr(exc, "field", None)          # OptionError names what was wrong
        if where == "variant":
            return "variant"
        if isinstance(where, str) and where:
            return f"options.{where}"
        if self.seed is not None:                    # does the game start without the seed?
            try:
                game.new_state(players=count, seed=None, variant=self.variant, **self.options)
            except Exception:   # noqa: BLE001 -- any failure: the seed is not the culprit
                pass
            else:
                return "seed"
        return "variant" if self.variant is not None and not self.options else "options"

    def replay(self, source: str | None = None, games: GameLookup = get_game) -> GameState:
        """The state the file describes, with its whole history (``start`` then the moves).

        Raises SaveFileError naming the field whose value the game refuses: ``moves[i]``
        with the engine's message (the rule id of an illegal move), or, for any other
        error the game raises while applying move ``i``, its type and message.
        ``source``: what the errors name, by default the file's (``self.source``).
        """
        source = self.source if source is None else source
        state = self.start(source, games)
        for i, text in enumerate(self.moves):
            try:
                state.apply(text)
            except (IllegalMoveError, MoveSyntaxError) as exc:
                raise SaveFileError(f"{source}: moves[{i}]: {exc}") from None
            except Exception as exc:   # noqa: BLE001 -- a game's bug must not crash a load
                raise SaveFileError(f"{source}: moves[{i}]: {text!r} cannot be replayed "
                                    f"({type(exc).__name__}: {exc})") from None
        return state

    @classmethod
    def from_json(cls, data: Any, source: str = "save file", games: GameLookup = get_game) -> SavedGame:
        """Check the fields' shapes (not yet the rules: see replay); a version-1 file is
        converted by its game's ``save_converter``. Raises SaveFileError naming the field."""
        def bad(where: str, why: str) -> SaveFileError:
            return SaveFileError(f"{source}: {where}: {why}")

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise bad("format", f"not a pickpack save file (expected \"format\": \"{SAVE_FORMAT}\")")
        if data.get("version") == 1:
            data = cls._converted(data, source, games)
        if data.get("version") != SAVE_VERSION:
            raise bad("version", f"unsupported version {data.get('version')!r} (this is 1 or {SAVE_VERSION})")
        name = data.get("game")
        if not isinstance(name, str):
            raise bad("game", f"must be the name of a game, got {name!r}")
        variant = data.get("variant")
        if variant is not None and not isinstance(variant, str):
            raise bad("variant", f"must be a variant name or null, got {variant!r}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise bad("options", "must map option names to values (a JSON object)")
        players = data.get("players")
        if (not isinstance(players, dict) or not players
                or not all(isinstance(v, str) for v in players.values())):
            raise bad("players", "must map each seat's name to 'human' or a bot spec")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise bad("seed", f"must be an integer or null, got {seed!r}")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise bad("moves", "must be a list of move texts")
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise bad(f"moves[{i}]", f"must be move text, got {text!r}")
        return cls(name, dict(players), list(moves), seed, variant, dict(options), source)

    @staticmethod
    def _converted(data: Mapping[str, Any], source: str, games: GameLookup) -> dict[str, Any]:
        """A version-1 file as version-2 data, by the game's ``save_converter``."""
        name = data.get("game", "pickpack")
        game = _lookup(games, name if isinstance(name, str) else repr(name), source)
        converter = game.load("save_converter") if getattr(game, "save_converter", None) else None
        if converter is None:
            raise SaveFileError(f"{source}: version: version-1 saves of {game.name} cannot be "
                                "read (the game has no save_converter)")
        return converter(data, source)

    @classmethod
    def load(cls, path: str | Path, games: GameLookup = get_game) -> SavedGame:
        """Read and check a save file. Raises SaveFileError naming the problem."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveFileError(f"{path}: cannot read: {os_error_text(exc, path)}") from None
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"{path}: not a save file: byte 0x{exc.object[exc.start]:02X} at offset "
                                f"{exc.start} is not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            kind = kind_of_text(text)
            if kind == "ppn":
                raise SaveFileError(f"{path}: is a PPN game record, not a save file: 'pickpack replay "
                                    f"{path}' reads records") from None
            if kind == "empty":
                raise SaveFileError(f"{path}: is empty, not a save file") from None
            raise SaveFileError(f"{path}: not a save file: not JSON: {exc.msg} at line {exc.lineno} "
                                f"column {exc.colno}") from None
        return cls.from_json(data, source=str(path), games=games)
