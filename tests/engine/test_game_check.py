"""The load check of a game (pickpack.game_check, issue 22 item 6): a game whose chance
outcomes break the protocol (faces summing to 999/1000, ...) is refused when it is
loaded -- by get_game, by the match runner for a Game object, by ``pickpack match``,
``play`` and ``plugins`` -- in one line naming the game, where and the fault, before
its first game; and no bot chooses at a chance node (pickpack.bots.base).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import pickpack
from pickpack.bots import available_bots, bot_games, make_bot, resolve_bot
from pickpack.bots.base import NoDecisionError
from pickpack.cli import main
from pickpack.errors import GameCheckError, GameLoadError
from pickpack.game_check import check_game, game_problem
from pickpack.match import play_match
from pickpack.plugins import load
from tests.engine.game_faults import BAD_DIE_SOURCE, BROKEN, PIG
from tests.support.plugin_dist import on_sys_path, write_distribution

# Pig's first action is a roll (PIG-6), so step 2 is the first chance node.
AT_FIRST_ROLL = "seed 0, 2 players, step 2: "


@pytest.mark.parametrize("name", ["pickpack", "push", "pacru"])
def test_every_built_in_game_passes_the_check(name: str) -> None:
    assert game_problem(pickpack.get_game(name)) is None


def test_pig_passes_the_check() -> None:
    assert game_problem(PIG) is None


@pytest.mark.parametrize("name,fault", [
    ("baddie", "chance outcomes' probabilities sum to 999/1000, not exactly 1"),
    ("floatdie", "chance outcome 0 has probability 0.16666666666666666, not an exact Fraction"),
    ("zeroface", "chance outcome 5 has probability 0, not in (0, 1]"),
    ("seventhface", "chance outcome 6 is outside 0..5 (max_chance_outcomes 6)"),
    ("hiddenface", "chance outcomes [0, 1, 2, 3, 4, 5] are not legal_actions() [0, 1, 2, 3, 4]"),
])
def test_a_broken_chance_node_is_named_with_where(name: str, fault: str) -> None:
    assert game_problem(BROKEN[name]) == AT_FIRST_ROLL + fault


def test_an_error_of_the_game_itself_is_a_problem_in_one_line() -> None:
    assert game_problem(BROKEN["raisingdie"]) == "seed 0, 2 players: raised KeyError: 'face'"


def test_check_game_raises_one_line_naming_the_game() -> None:
    with pytest.raises(GameCheckError) as caught:
        check_game(BROKEN["baddie"])
    assert str(caught.value) == ("game 'baddie' fails its load check: " + AT_FIRST_ROLL +
                                 "chance outcomes' probabilities sum to 999/1000, not exactly 1")
    assert isinstance(caught.value, GameLoadError)


def test_a_match_of_a_broken_game_object_is_refused_before_its_first_game() -> None:
    played = []
    with pytest.raises(GameCheckError, match=r"^game 'baddie' fails its load check: .*999/1000"):
        play_match(["random", "random"], 2, 0, game=BROKEN["baddie"], progress=played.append)
    assert played == []


@pytest.fixture
def installed_bad_die(tmp_path: Path) -> Iterator[None]:
    """``badpig`` installed as a game plugin (the instance: faces summing to 999/1000)."""
    write_distribution(tmp_path / "site", "badpig", "0.1", {"pickpack.games": {"badpig": "badpig:GAME"}},
                       {"badpig": BAD_DIE_SOURCE})
    with on_sys_path(tmp_path / "site"):
        yield


LINE = ("game 'badpig' fails its load check: " + AT_FIRST_ROLL +
        "chance outcomes' probabilities sum to 999/1000, not exactly 1")


def test_get_game_refuses_an_installed_game_failing_the_check(installed_bad_die: None) -> None:
    with pytest.raises(GameCheckError) as caught:
        pickpack.get_game("badpig")
    assert str(caught.value) == LINE


@pytest.mark.parametrize("command", [
    ["match", "random", "random", "--game", "badpig", "--games", "2"],
    ["play", "--game", "badpig", "--bot", "p1=random", "--bot", "p2=random"]])
def test_match_and_play_refuse_it_in_one_line(installed_bad_die: None, command: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(command)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.err == f"pickpack: error: {LINE}\n"
    assert captured.out == ""


def test_the_plugin_list_shows_it_failed(installed_bad_die: None,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "--json"]) == 0
    rows = {(r["group"], r["name"]): r for r in json.loads(capsys.readouterr().out)}
    assert rows[("pickpack.games", "badpig")]["error"] == LINE
    assert rows[("pickpack.games", "push")]["error"] is None


# --- no bot chooses at a chance node -----------------------------------------------------

def _push_at_a_draw() -> object:
    state = pickpack.new_game("push", seed=0)
    state.apply("draw")          # PU: drawing a card is a chance node (the deck's top card)
    assert state.is_chance_node()
    return state


def _pig_at_a_roll() -> object:
    state = PIG.new_state()
    state.apply("roll")          # PIG-3: the die is a chance node
    assert state.is_chance_node()
    return state


CHANCE_STATES = {"push": _push_at_a_draw, "pig": _pig_at_a_roll}


def _bots_for(game: str) -> list[str]:
    return [b for b in available_bots(game)
            if bot_games(load("pickpack.bots", resolve_bot(b, game))) is None
            or game in (bot_games(load("pickpack.bots", resolve_bot(b, game))) or ())]


@pytest.mark.parametrize("game,spec", [(g, b) for g in CHANCE_STATES for b in _bots_for(g)])
def test_every_bot_refuses_a_chance_node(game: str, spec: str) -> None:
    if spec == "openspiel-mcts":
        pytest.importorskip("pyspiel")
    bot = make_bot(spec, seed=0, game=PIG if game == "pig" else game, isolate=False)
    with pytest.raises(NoDecisionError) as caught:
        bot.choose(CHANCE_STATES[game]())
    assert str(caught.value) == (f"{bot.name}: no move to choose at a chance node: its outcome "
                                 f"is drawn from chance_outcomes() by the caller, never chosen "
                                 f"by a bot")


def test_random_refuses_the_instance_of_push() -> None:
    # the instance: random's choose at PUSH's chance node picked an outcome (B3)
    bot = make_bot("random", seed=0, game="push", isolate=False)
    with pytest.raises(NoDecisionError, match="^random: no move to choose at a chance node"):
        bot.choose(_push_at_a_draw())


def test_a_process_bot_refuses_a_chance_node_before_asking_its_program() -> None:
    script = Path(__file__).resolve().parents[2] / "examples" / "process_bot.py"
    bot = make_bot(f"cmd:python {script}", seed=0, game="push")
    try:
        with pytest.raises(NoDecisionError, match="no move to choose at a chance node"):
            bot.choose(_push_at_a_draw())
    finally:
        bot.close()  # type: ignore[attr-defined]


def test_every_bot_refuses_a_finished_game() -> None:
    state = PIG.new_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])     # hold, roll, or a six
    bot = make_bot("random", seed=0, game=PIG, isolate=False)
    with pytest.raises(NoDecisionError, match="^random: no move to choose: the game is over$"):
        bot.choose(state)


def test_a_game_that_passed_is_not_played_again_nor_its_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle

    import pickpack.game_check as game_check

    push = pickpack.get_game("push")
    check_game(push)
    calls: list[str] = []
    monkeypatch.setattr(game_check, "game_problem", lambda game: calls.append(game.name))
    check_game(push)
    check_game(pickle.loads(pickle.dumps(push)))    # what a worker process gets per game
    assert calls == []
