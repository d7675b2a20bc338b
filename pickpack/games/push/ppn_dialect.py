"""PUSH's PPN dialect (docs/push.md, "Records"; docs/ppn.md, "Dialects").

PUSH records are the generic dialect's (pickpack.records.dialect.GenericDialect), with
three differences that come from PUSH itself:

- **Set-up.** A PUSH game starts from the full deck whatever the seed (every draw and
  die roll is a chance node), so ``Seed`` is written only when the caller gives one (a
  match writes the seed its game was made with); a record without it reads as seed 0,
  the same start. Set-up tags: ``Players`` (2..6), ``Variant`` (``hard``,
  ``switch-per-turn``), ``Options`` (a JSON object, e.g.
  ``{"hard":true,"switch_per_turn":true}``; written from the state's own options when
  the caller names neither), or ``SetUp "1"`` with ``Position`` (position.py).
- **Moves.** Every decision (``draw``, ``stop``, ``bank-R``, ``place-2``, ``take-1``)
  and every chance outcome (a card drawn, ``R3``, ``roll``, ``switch``; a die rolled,
  ``die-B``, ``die-star``) is one token, so a record replays without a generator.
  Decisions and chance outcomes share action integers (decision 9 ``place-3``, card 9
  ``B4``), so a token is looked up in the table of the node it is played at: decisions
  at a decision node, cards and die faces at a chance node; a token found there is
  applied with the checked ``apply_action``, whose error names the text and the rule
  (IllegalMoveError.rule, PU-...); any other text is read as ``state.parse_move``
  reads it (movetext.read_move_text: MoveSyntaxError with the column) and applied so.
  Either way a move's legality is checked once.
- **Result.** The returns (PU-E3): ``1-0``, ``0-1``, ``1/2-1/2`` for two players, the
  returns vector ``v1/.../vN`` otherwise, exact (a sole winner of three players:
  ``1/-0.5/-0.5``; of four: ``1/-0.3333333333333333/...``). The final scores are not a
  tag: they follow from the moves (``pickpack replay`` prints them, and a result that
  contradicts them is reported with them and PU-E3).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import cast

from pickpack.errors import IllegalMoveError
from pickpack.game import GameState
from pickpack.games.push.encoding import CARD_TEXT, DECISION_TEXT, DIE_OFFSET, DIE_TEXT
from pickpack.games.push.game import GAME
from pickpack.games.push.movetext import read_move_text
from pickpack.games.push.state import State
from pickpack.move import Move
from pickpack.records.dialect import GenericDialect

__all__ = ["CHANCE_TOKENS", "DECISION_TOKENS", "DIALECT", "PushDialect"]

#: Decision token -> action (0..12), canonical texts only.
DECISION_TOKENS: dict[str, int] = {text: action for action, text in enumerate(DECISION_TEXT)}
#: Chance token -> outcome: cards 0..31 (``R1`` .. ``P6``, ``roll``, ``switch``), die
#: faces 32..37 (``die-R`` .. ``die-P``, ``die-star``).
CHANCE_TOKENS: dict[str, int] = {**{text: card for card, text in enumerate(CARD_TEXT)},
                                 **{text: DIE_OFFSET + face for face, text in enumerate(DIE_TEXT)}}


class PushDialect(GenericDialect):
    """PUSH's RecordDialect (module docstring); use the instance ``DIALECT``."""

    final_rule: str | None = "PU-E3"

    def __init__(self) -> None:
        super().__init__(GAME)

    def __repr__(self) -> str:
        return "<PUSH PPN dialect>"

    def setup_tags_for(self, root: GameState, given: Mapping[str, str]) -> dict[str, str]:
        """GenericDialect's tags, with two differences: a game started with options
        (``hard``, ``switch_per_turn``) and given neither ``Variant`` nor ``Options``
        gets its ``Options`` from the state itself (the snapshot holds them), and no
        ``Seed "0"`` is added when no Seed is given (the seed sets nothing up in PUSH).
        Raises ValueError as GenericDialect does."""
        if "Variant" not in given and "Options" not in given:
            snap = root.snapshot()
            options = {name: snap[name] for name, option in GAME.options.items()
                       if snap.get(name, option.default) != option.default}
            if options and GAME.new_state(players=root.num_players, **options).snapshot() == snap:
                given = {**given, "Options": json.dumps(options, sort_keys=True, separators=(",", ":"))}
        tags = super().setup_tags_for(root, given)
        if "Seed" not in given:
            tags.pop("Seed", None)
        return tags

    def apply_move(self, state: GameState, text: str) -> Move:
        """Apply the token ``text`` to ``state`` and return the move (canonical text).

        Raises IllegalMoveError (``rule`` PU-E1 once the game is over, else the rule the
        engine names) or MoveSyntaxError (with the column, as ``state.parse_move``);
        the state is unchanged then.
        """
        if state.is_terminal():
            raise IllegalMoveError.for_action(None, "PU-E1", "the game is over", text)
        action = (CHANCE_TOKENS if state.is_chance_node() else DECISION_TOKENS).get(text)
        if action is not None:
            state.apply_action(action)   # the one check: IllegalMoveError names the rule and the text
            return Move(action, text)
        phase = cast(State, state).phase
        action = read_move_text(text, phase, lambda: [m.text for m in state.legal_moves()])
        canonical = state.action_text(action)
        state.apply_action(action)       # the one check, as above
        return Move(action, canonical)


#: The dialect Game.ppn_dialect names: "pickpack.games.push.ppn_dialect:DIALECT".
DIALECT = PushDialect()
