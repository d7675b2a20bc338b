"""Pick & Pack's version-1 save files, converted to version 2 (pickpack.records.savefile).

A version-1 file (written by ``pickpack play`` before games were pluggable) holds the
root snapshot, who moves first (PP-S4), each player's placement as 12 kind letters
(PP-S3) and the play-phase moves. Version 2 holds only what ``new_game`` needs and every
action as text, so the root becomes ``seed`` (when the seed's deal is the root's) or the
``deal`` option (the root's 36 apple counts), and the placements become placement moves
(``aT=P``, ...). This is ``GAME.save_converter``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.errors import IllegalMoveError, MoveSyntaxError
from pickpack.games.pickpack.encoding import KINDS, PLAYERS, SQUARES
from pickpack.games.pickpack.game import new_pickpack
from pickpack.games.pickpack.state import State
from pickpack.records.savefile import SAVE_FORMAT, SAVE_VERSION, SaveFileError

__all__ = ["convert_v1"]


def _start(root: Mapping[str, Any], seed: int | None, first: str, source: str
           ) -> tuple[State, int | None, dict[str, Any]]:
    """The start state the root describes, with the seed and options that rebuild it.
    Raises SaveFileError naming ``seed`` (out of range) or ``root``."""
    grid = root.get("grid")
    if not isinstance(grid, dict) or set(grid) != set(SQUARES):
        raise SaveFileError(f"{source}: root: must be a snapshot with a grid of the 36 squares")
    if seed is not None:
        try:
            state = new_pickpack(seed=seed, first=first)
        except ValueError as exc:        # outside 0..2**64-1
            raise SaveFileError(f"{source}: seed: {exc}") from None
        if state.snapshot() == root:
            return state, seed, {"first": first}
    try:
        deal = [0 if grid[sq] is None else int(grid[sq]["apples"]) for sq in SQUARES]
        state = new_pickpack(deal=deal, first=first)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(f"{source}: root: not a deal of Pick & Pack ({exc})") from None
    if state.snapshot() != root:
        raise SaveFileError(f"{source}: root: not the start of a game (phase placement, nothing "
                            "placed); only such saves convert")
    return state, None, {"first": first, "deal": deal}


def convert_v1(data: Mapping[str, Any], source: str = "save file") -> dict[str, Any]:
    """Version-2 data (pickpack.records.savefile) for the version-1 save file ``data``.

    The placements and moves are replayed here, so a problem is named by its version-1
    field: ``first``, ``seed``, ``seats``, ``root``, ``placements.red`` (PP-S3, PP-C3),
    ``moves[i]`` (with the rule id). Raises SaveFileError.
    """
    def bad(where: str, why: str) -> SaveFileError:
        return SaveFileError(f"{source}: {where}: {why}")

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
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise bad("moves", "must be a list of move texts")
    state, new_seed, options = _start(root, seed, str(first), source)
    texts: list[str] = []
    for player in PLAYERS:
        kinds = placements[player]
        if kinds is None:
            continue
        where = f"placements.{player}"
        if not isinstance(kinds, str):
            raise bad(where, "must be a string of 12 kind letters or null")
        if state.phase != "placement" or state.current_player != player:
            raise bad(where, f"PP-S3: it is not {player}'s turn to place tiles")
        if len(kinds) != 12 or any(kinds.count(k) != 2 for k in KINDS):
            raise bad(where, "must be 12 letters, two of each of P W R Q X M (PP-C3)")
        for kind in kinds:
            texts.append(state.action_text(KINDS.index(kind)))
            state.apply_action(KINDS.index(kind))
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise bad(f"moves[{i}]", f"must be move text, got {text!r}")
        try:
            state.apply(text)
        except (IllegalMoveError, MoveSyntaxError) as exc:
            raise bad(f"moves[{i}]", str(exc)) from None
        texts.append(text)
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": "pickpack", "variant": None,
            "options": options, "players": {p: seats[p] for p in PLAYERS}, "seed": new_seed,
            "moves": texts}
