"""PACRU's PPN dialect (docs/pacru.md, "Records"; docs/ppn.md, "Dialects").

PACRU records are the generic dialect's (pickpack.records.dialect.GenericDialect), with
these differences, all from PACRU itself:

- **Roster.** One tag per seat from the seat names (PA-S1..PA-S4): ``South North``
  (2 players), ``North East West`` (3), ``South West North East`` (4).
- **Set-up.** PACRU has one set-up per player count and no chance, so ``Seed`` is
  written only when the caller gives one. Set-up tags: ``Players`` (2..4), ``Variant``
  (``single-cell``, ``classic-meeting``), ``Options`` (a JSON object of the options
  ``single_cell``, ``classic_meeting``, ``max_plies`` 1..1000; when the caller gives
  none, the writer takes from the state the options its ``Variant`` does not set), or
  ``SetUp "1"`` with ``Position`` (the position string, which carries the options).
- **Moves.** Every move is one token, its canonical text (pickpack.games.pacru.encoding):
  ``e1-e3``, ``e1xe5[f4,*c7]``, ``a3-d3[conn]``, ``e1>NE[a1,b2]``; the token grammar
  is MOVE_TOKEN below (letters in any case). ``encoding.parse_action`` reads the token
  (as ``state.parse_move`` does) and the checked ``apply_action`` plays it, legality
  checked once: an illegal move is the engine's IllegalMoveError with its rule
  (``PA-M2``, ``PA-B1``, ...) and a malformed one its MoveSyntaxError with the column.
- **Result.** The returns (PA-E2, PA-E3): ``1-0``, ``0-1``, ``1/2-1/2`` (a ply-cap tie)
  for two players, the returns vector otherwise (a sole winner of three: ``1/-0.5/-0.5``;
  two of four sharing the cap: ``0.3333333333333333/0.3333333333333333/-0.3333333333333333/...``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from pickpack.errors import IllegalMoveError
from pickpack.game import GameState
from pickpack.games.pacru.encoding import parse_action
from pickpack.games.pacru.game import GAME
from pickpack.move import Move
from pickpack.records.dialect import GenericDialect

__all__ = ["DIALECT", "MOVE_TOKEN", "PacruDialect"]

#: One PACRU move token (read with re.VERBOSE, like every dialect's grammar): a cell,
#: ``-``, ``x`` or ``>``, a cell or direction, then optionally the choices in brackets
#: (``e1-e3``, ``e1xe5[f4,*c7]``, ``a3-d3[conn]``, ``e1>NE[a1,b2]``). It is the token's
#: shape only: ``state.parse_move`` then reads it and names the column of a problem
#: inside it (``e1-f3`` is not a straight line, ``a7-b6[zz]`` has no cell ``zz``). It
#: starts with a cell, so it never matches a result or a move number.
MOVE_TOKEN = r"[a-iA-I][1-9][-xX>][A-Za-z0-9]{1,2}(?:\[[^\]\s{}();]*\])?"


class PacruDialect(GenericDialect):
    """PACRU's RecordDialect (module docstring); use the instance ``DIALECT``."""

    move_token = MOVE_TOKEN
    final_rule: str | None = "PA-E2"

    def __init__(self) -> None:
        super().__init__(GAME)

    def __repr__(self) -> str:
        return "<PACRU PPN dialect>"

    def setup_tags_for(self, root: GameState, given: Mapping[str, str]) -> dict[str, str]:
        """GenericDialect's tags, with two differences: when the caller gives no
        ``Options``, the options of ``root`` that the ``Variant`` (if given) does not set
        are written as ``Options`` (keys sorted: ``{"max_plies":40}``), so a game made with
        ``max_plies=40`` or ``variant="single-cell", max_plies=40`` gets its tags without
        being told; and no ``Seed`` is written unless given (the seed sets nothing up in
        PACRU). Raises ValueError as GenericDialect does (an unknown variant, tags that
        do not set up ``root``)."""
        if "Options" not in given:
            snap = root.snapshot()
            try:
                implied = GAME.resolve_options(given.get("Variant"), {})
            except ValueError as exc:
                raise ValueError(f"cannot set up pacru from the given tags: {exc}") from None
            options = {name: snap[name] for name in GAME.options if name in snap and snap[name] != implied[name]}
            if options and GAME.new_state(players=root.num_players, **{**implied, **options}).snapshot() == snap:
                given = {**given, "Options": json.dumps(options, sort_keys=True, separators=(",", ":"))}
        tags = super().setup_tags_for(root, given)
        if "Seed" not in given:
            tags.pop("Seed", None)
        return tags

    def apply_move(self, state: GameState, text: str) -> Move:
        """Apply the token ``text`` to ``state``; the move with its canonical text.

        Raises IllegalMoveError (rule PA-E2 once the game is over, else the rule the
        engine names) or MoveSyntaxError (with the column), as ``state.parse_move``
        does; the state is unchanged then. Legality is checked once (apply_action).
        """
        if state.is_terminal():
            raise IllegalMoveError.for_action(None, "PA-E2", "the game is over", text.strip())
        action = parse_action(text)
        canonical = state.action_text(action)
        state.apply_action(action)      # legality checked once, here (the error parse_move raises)
        return Move(action, canonical)


#: The dialect Game.ppn_dialect names: "pickpack.games.pacru.ppn_dialect:DIALECT".
DIALECT = PacruDialect()
