"""Saved games: a JSON file that reproduces a game exactly (written by ``pickpack play``).

Format (``"format": "pickpack-save"``, ``"version": 1``)::

    {"format": "pickpack-save", "version": 1, "game": "pickpack",
     "seed": 7 | null,              # the deal's seed, when known (PP-S1)
     "first": "red" | "blue",       # who moves once placement is over (PP-S4)
     "seats": {"red": "human" | BOT, "blue": ...},
     "root": {...},                 # snapshot the game started from (rules file format)
     "placements": {"red": "PPWWRRQQXXMM" | null, "blue": ... | null},   # PP-S3
     "moves": ["c4>2", ...]}        # play-phase moves in canonical text (docs/engine.md)

Reading replays the root, the committed placements and the moves through the engine, so
a file that loads is a legal game; anything else is a SaveFileError naming the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pickpack.games.pickpack._core import PLAYERS
from pickpack.errors import IllegalMoveError, MoveSyntaxError, PickpackError
from pickpack.safe_files import write_text_atomic
from pickpack.games.pickpack.state import State

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "SaveFileError", "SavedGame"]

SAVE_FORMAT = "pickpack-save"
SAVE_VERSION = 1
_KINDS = "PWRQXM"


class SaveFileError(PickpackError, ValueError):
    """A save file that cannot be read or replayed; the message names the field."""


@dataclass(frozen=True)
class SavedGame:
    """The contents of a save file (see the module docstring for the fields)."""

    seed: int | None
    first: str
    seats: dict[str, str]
    root: dict[str, Any]
    placements: dict[str, str | None]
    moves: list[str]

    def to_json(self) -> dict[str, Any]:
        """The file's JSON data."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": "pickpack",
                "seed": self.seed, "first": self.first, "seats": dict(self.seats),
                "root": self.root, "placements": dict(self.placements), "moves": list(self.moves)}

    def save(self, path: str | Path) -> None:
        """Write the file (JSON, UTF-8) atomically: a temporary file in the same folder
        renamed over ``path`` (pickpack.safe_files), so an existing save is replaced
        only by a complete one and an interrupted or failed save leaves it as it was.

        Raises SaveFileError if it cannot be written.
        """
        text = json.dumps(self.to_json(), indent=1) + "\n"
        try:
            write_text_atomic(path, text)
        except OSError as exc:
            raise SaveFileError(f"cannot write {path}: {exc.strerror or exc}") from None

    def replay(self, source: str = "save file") -> State:
        """The state the file describes, with its whole history (placements, then moves).

        Raises SaveFileError naming the field whose value the rules refuse.
        """
        try:
            state: State = State.from_snapshot(self.root, self.first)
        except ValueError as exc:
            raise SaveFileError(f"{source}: root: {exc}") from None
        for player in PLAYERS:
            kinds = self.placements[player]
            if kinds is None:
                continue
            where = f"{source}: placements.{player}"
            if state.phase != "placement" or state.current_player != player:
                raise SaveFileError(f"{where}: PP-S3: it is not {player}'s turn to place tiles")
            if len(kinds) != 12 or any(kinds.count(k) != 2 for k in _KINDS):
                raise SaveFileError(f"{where}: must be 12 letters, two of each of P W R Q X M (PP-C3)")
            for kind in kinds:
                state.apply_action(_KINDS.index(kind))
        for i, text in enumerate(self.moves):
            try:
                state.apply(text)
            except (IllegalMoveError, MoveSyntaxError) as exc:
                raise SaveFileError(f"{source}: moves[{i}]: {exc}") from None
        return state

    @classmethod
    def from_json(cls, data: Any, source: str = "save file") -> SavedGame:
        """Check the fields' shapes (not yet the rules: see replay). Raises SaveFileError."""
        def bad(where: str, why: str) -> SaveFileError:
            return SaveFileError(f"{source}: {where}: {why}")

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise bad("format", f"not a pickpack save file (expected \"format\": \"{SAVE_FORMAT}\")")
        if data.get("version") != SAVE_VERSION:
            raise bad("version", f"unsupported version {data.get('version')!r} (this is {SAVE_VERSION})")
        if data.get("game", "pickpack") != "pickpack":
            raise bad("game", f"this file is a game of {data.get('game')!r}, not pickpack")
        first = data.get("first")
        if first not in PLAYERS:
            raise bad("first", f"must be 'red' or 'blue', got {first!r}")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise bad("seed", f"must be an integer or null, got {seed!r}")
        seats = data.get("seats")
        if (not isinstance(seats, dict) or set(seats) != set(PLAYERS)
                or not all(isinstance(v, str) for v in seats.values())):
            raise bad("seats", "must map 'red' and 'blue' to 'human' or a bot name")
        root = data.get("root")
        if not isinstance(root, dict):
            raise bad("root", "must be the snapshot the game started from (a JSON object)")
        placements = data.get("placements")
        if not isinstance(placements, dict) or set(placements) != set(PLAYERS):
            raise bad("placements", "must map 'red' and 'blue' to 12 kind letters or null")
        for p in PLAYERS:
            if placements[p] is not None and not isinstance(placements[p], str):
                raise bad(f"placements.{p}", "must be a string of 12 kind letters or null")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise bad("moves", "must be a list of move texts")
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise bad(f"moves[{i}]", f"must be move text, got {text!r}")
        return cls(seed, first, dict(seats), root, dict(placements), list(moves))

    @classmethod
    def load(cls, path: str | Path) -> SavedGame:
        """Read and check a save file. Raises SaveFileError naming the problem."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveFileError(f"no such file: {path}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveFileError(f"cannot read {path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"{path}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        return cls.from_json(data, source=str(path))
