"""The public conformance suite: checks any third party runs on any ``pickpack.Game``
in its own tests, so that a game keeps the one contract every game shares (the
GameState protocol in pickpack.game, the errors of pickpack.errors). Game-neutral: it
imports no game. The guide is docs/testing.md.

Three ways in, after gymnasium's ``check_env``, PettingZoo's ``api_test`` and OpenSpiel's
playthrough tests:

- ``conformance_cases(game)`` (a Game or an installed game's name): named cases
  (``pig-2p-undo``) to parametrize a test over; each ``case.run()`` raises
  ConformanceError (an AssertionError) naming game, player count, seed, ply (or start
  position), check and fault::

      import pytest
      from pickpack.testing import conformance_cases
      from my_game import GAME

      @pytest.mark.parametrize("case", conformance_cases(GAME), ids=str)
      def test_my_game_keeps_the_contract(case):
          case.run()

- ``check_conformance(game)``: every case at once, one ConformanceError listing all
  failures;
- the checks one by one (``check_undo(walks, sample)`` ..., over ``random_walk``), and
  golden playthroughs (``playthrough_text``, ``check_playthrough``; regenerated with
  ``python -m pickpack.testing write DIR GAME``).
"""

from __future__ import annotations

from pickpack.testing.cases import ConformanceCase, check_conformance, conformance_cases, player_counts
from pickpack.testing.checks import (CHECKS, ConformanceError, check_chance, check_copy, check_game_identity,
                                     check_illegal_actions, check_illegal_text, check_observation,
                                     check_options, check_perft, check_pickle, check_returns,
                                     check_text_round_trip, check_undo, check_winners)
from pickpack.testing.playthrough import (PlaythroughMismatch, check_playthrough, golden_set_ups,
                                          playthrough_text, replay_text)
from pickpack.testing.walks import Walk, random_walk

__all__ = [
    "CHECKS", "ConformanceCase", "ConformanceError", "PlaythroughMismatch", "Walk",
    "check_chance", "check_conformance", "check_copy", "check_game_identity", "check_illegal_actions",
    "check_illegal_text", "check_observation", "check_options", "check_perft", "check_pickle",
    "check_playthrough", "check_returns", "check_text_round_trip", "check_undo", "check_winners",
    "conformance_cases", "golden_set_ups", "player_counts", "playthrough_text", "random_walk", "replay_text",
]
