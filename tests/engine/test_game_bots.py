"""A game's own bots (pickpack.bots, "A game's own bots"): registered as ``GAME.NAME``, a
spec ``NAME`` means them in a game of GAME, and a game without its own bot of that
name is refused in one line naming the games that have one."""

from __future__ import annotations

import json

import pytest

from pickpack.bots import available_bots, make_bot, resolve_bot
from pickpack.cli import main
from pickpack.errors import BotSpecError
from pickpack.games.pacru.greedy_bot import GreedyBot as PacruGreedy
from pickpack.games.pickpack.alphabeta_bot import AlphaBetaBot
from pickpack.games.pickpack.greedy_bot import GreedyBot as PickpackGreedy
from pickpack.games.push.heuristic_bot import PushHeuristicBot
from pickpack.plugins import PluginNotFoundError


def test_greedy_is_each_games_own_bot() -> None:
    assert resolve_bot("greedy", "pacru") == "pacru.greedy"
    assert resolve_bot("greedy", "pickpack") == "pickpack.greedy"
    assert type(make_bot("greedy", 1, game="pacru")) is PacruGreedy
    assert type(make_bot("greedy", 1, game="pickpack")) is PickpackGreedy
    assert type(make_bot("alphabeta:depth=2", 1, game="pickpack")) is AlphaBetaBot
    assert type(make_bot("heuristic", 1, game="push", players=4)) is PushHeuristicBot


def test_a_generic_bot_keeps_its_plain_name_in_every_game() -> None:
    for game in ("pickpack", "push", "pacru"):
        assert resolve_bot("random", game) == "random"
        assert resolve_bot("mcts", game) == "mcts"


def test_a_game_without_its_own_greedy_is_refused_naming_the_games_that_have_one() -> None:
    with pytest.raises(BotSpecError) as caught:
        make_bot("greedy", 1, game="push", players=4)
    assert str(caught.value) == "bot 'greedy' does not play push; it plays: pacru, pickpack"
    with pytest.raises(BotSpecError) as caught:
        make_bot("heuristic:risk=0.2", 1, game="pacru")
    assert str(caught.value) == "bot 'heuristic:risk=0.2' does not play pacru; it plays: push"


def test_a_qualified_name_names_the_games_bot_and_still_checks_its_games() -> None:
    assert type(make_bot("pacru.greedy", 1, game="pacru")) is PacruGreedy
    with pytest.raises(BotSpecError) as caught:
        make_bot("pacru.greedy", 1, game="pickpack")
    assert str(caught.value) == "bot 'pacru.greedy' does not play pickpack; it plays: pacru"


def test_an_unknown_bot_lists_the_bots_of_the_game() -> None:
    with pytest.raises(PluginNotFoundError) as caught:
        make_bot("greedyy", 1, game="push", players=4)
    assert str(caught.value) == ("unknown bot 'greedyy'; choices: heuristic, mcts, openspiel-mcts, "
                                 "random, native:PATH, cmd:COMMAND")


def test_the_bots_of_a_game_are_its_own_by_plain_name_and_the_generic_ones() -> None:
    assert available_bots("pacru") == ["greedy", "mcts", "openspiel-mcts", "random"]
    assert available_bots("pickpack") == ["alphabeta", "greedy", "mcts", "openspiel-mcts", "random"]
    assert available_bots("push") == ["heuristic", "mcts", "openspiel-mcts", "random"]
    assert {"pacru.greedy", "pickpack.greedy", "pickpack.alphabeta", "push.heuristic"} <= set(available_bots())


def test_match_greedy_against_random_plays_pacru_with_pacrus_greedy(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "greedy", "random", "--game", "pacru", "--games", "2", "--seed", "3",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games_played"] == 2
    assert [(line["bot"], line["games"], line["forfeits"]) for line in summary["bots"]] == [
        ("greedy", 2, 0), ("random", 2, 0)]
