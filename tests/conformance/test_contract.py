"""Every game under test (tests/conformance/installed.py: every registered game and Pig)
keeps the shared contract, checked by the public suite pickpack.testing over seeded
random walks at the default and the largest player count. The -m slow run walks more
deals, more ways, and checks more plies of each."""

from __future__ import annotations

import pytest

from pickpack.testing import ConformanceCase, conformance_cases
from tests.conformance.installed import games_under_test

GAMES = games_under_test()
CASES = [case for game in GAMES.values() for case in conformance_cases(game)]
LARGE_CASES = [case for game in GAMES.values()
               for case in conformance_cases(game, seeds=range(2, 8), ways=3, sample=200)]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_game_keeps_the_shared_contract(case: ConformanceCase) -> None:
    case.run()


@pytest.mark.slow
@pytest.mark.parametrize("case", LARGE_CASES, ids=str)
def test_every_game_keeps_the_shared_contract_over_many_deals(case: ConformanceCase) -> None:
    case.run()


def test_the_suite_covers_the_built_in_games_and_pig() -> None:
    assert {"pickpack", "push", "pacru", "pig"} <= set(GAMES)
    assert {case.name for case in CASES} >= {"pig-2p-undo", "pig-6p-undo", "push-4p-chance", "push-6p-chance",
                                             "pacru-4p-observation", "pickpack-2p-illegal-text"}
