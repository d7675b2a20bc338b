"""The OpenSpiel adapter's contract (issue 11, docs/adapters.md): the import without
OpenSpiel, registration, game types and parameters, bad parameters, the observer,
``from_state``, ``poll_actions``."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel not installed: pip install -e '.[openspiel]'")

import numpy as np  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import pickpack  # noqa: E402
from pickpack.adapters import openspiel  # noqa: E402
from pickpack.game import OptionError  # noqa: E402
from pickpack.plugins import PluginNotFoundError  # noqa: E402
from tests.support.plugin_dist import write_distribution  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402

Kind = pyspiel.GameType
DOCS = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"


def test_import_without_openspiel_is_one_line_naming_the_extra() -> None:
    code = ("import sys\nsys.modules['pyspiel'] = None\n"
            "try:\n    import pickpack.adapters.openspiel\nexcept ImportError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("pickpack.adapters.openspiel needs OpenSpiel and NumPy")
    assert "pip install" in lines[0] and "[openspiel]'" in lines[0]


def test_every_installed_game_is_registered_on_import() -> None:
    assert openspiel.UNAVAILABLE == {}
    names = set(openspiel.registered_games())
    assert {"pickpack_pickpack", "pickpack_push", "pickpack_pacru"} <= names
    assert {f"pickpack_{g}" for g in pickpack.available_games()} <= names
    assert {"pickpack_pickpack", "pickpack_push", "pickpack_pacru"} <= set(pyspiel.registered_names())


def test_a_game_that_fails_to_load_is_left_out_with_the_reason(tmp_path: Path) -> None:
    write_distribution(tmp_path, "broken-game", "1.0", {"pickpack.games": {"broken": "broken_game:GAME"}},
                       {"broken_game": "raise RuntimeError('no board today')\n"})
    code = ("import sys\nsys.path.insert(0, sys.argv[1])\nfrom pickpack.adapters import openspiel\n"
            "print(openspiel.UNAVAILABLE)\nprint(sorted(openspiel.registered_games()))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    unavailable, registered = done.stdout.splitlines()
    assert unavailable == ("{'broken': \"game 'broken' failed to load: RuntimeError: no board today\"}")
    # every installed game (the built-ins, and the C example where it is installed) but the broken one
    assert registered == str(sorted(f"pickpack_{g}" for g in pickpack.available_games()))


def test_register_a_game_object_is_idempotent() -> None:
    assert openspiel.register(PIG) == "pickpack_pig"
    assert openspiel.register(PIG) == "pickpack_pig"
    assert openspiel.register("push") == "pickpack_push"
    assert openspiel.registered_games()["pickpack_pig"] is PIG
    state = pyspiel.load_game("pickpack_pig(players=3)").new_initial_state()
    assert state.legal_actions() == [0]                    # roll: nothing to hold yet (PIG-6)


def test_register_refuses_another_game_of_the_same_name_and_bad_arguments() -> None:
    openspiel.register(PIG)
    other = dataclasses.replace(PIG, title="Another Pig")
    with pytest.raises(ValueError, match="another game named 'pig' is registered with OpenSpiel as pickpack_pig"):
        openspiel.register(other)
    with pytest.raises(PluginNotFoundError):
        openspiel.register("no-such-game")
    with pytest.raises(TypeError, match="game must be a game name or a pickpack.Game, not int"):
        openspiel.register(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "facts"), [
    # chance, information, players, actions, chance outcomes, length (x max tokens), utility
    ("pickpack_pickpack", (Kind.ChanceMode.DETERMINISTIC, Kind.Information.IMPERFECT_INFORMATION,
                           (2, 2), 2, 10230, 0, 84)),
    ("pickpack_push(players=5)", (Kind.ChanceMode.EXPLICIT_STOCHASTIC, Kind.Information.IMPERFECT_INFORMATION,
                                  (2, 6), 5, 13, 38, 684)),
    ("pickpack_pacru(players=3)", (Kind.ChanceMode.DETERMINISTIC, Kind.Information.PERFECT_INFORMATION,
                                   (2, 4), 3, 82, 0, 1000 * 7)),
    ("pickpack_pig(players=6)", (Kind.ChanceMode.EXPLICIT_STOCHASTIC, Kind.Information.PERFECT_INFORMATION,
                                 (2, 6), 6, 2, 6, 20000)),
])
def test_game_type_and_info(text: str, facts: tuple[Any, ...]) -> None:
    openspiel.register(PIG)
    game = pyspiel.load_game(text)
    kind = game.get_type()
    chance, information, (low, high), players, actions, outcomes, length = facts
    assert (kind.dynamics, kind.reward_model, kind.utility) == (
        Kind.Dynamics.SEQUENTIAL, Kind.RewardModel.TERMINAL, Kind.Utility.ZERO_SUM)
    assert (kind.chance_mode, kind.information) == (chance, information)
    assert (kind.min_num_players, kind.max_num_players, game.num_players()) == (low, high, players)
    assert (kind.provides_observation_string, kind.provides_observation_tensor) == (True, True)
    assert (kind.provides_information_state_string, kind.provides_information_state_tensor) == (True, False)
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()) == (
        actions, outcomes, length)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)


def test_parameters_are_players_seed_variant_and_plain_options() -> None:
    spec = {name: pyspiel.load_game(name).get_type().parameter_specification
            for name in ("pickpack_pickpack", "pickpack_push")}
    # Pick & Pack's placements and deal default to None: variants only
    assert spec["pickpack_pickpack"] == {"players": 2, "seed": 0, "variant": "", "first": "red"}
    assert spec["pickpack_push"] == {"players": 4, "seed": 0, "variant": "", "hard": False,
                                     "switch_per_turn": False}
    assert str(pyspiel.load_game("pickpack_push(players=4,hard=true)")) == (
        "pickpack_push(hard=True,players=4,seed=0,switch_per_turn=False,variant=)")


def test_parameters_build_the_initial_state() -> None:
    for seed in (0, 9):
        state = pyspiel.load_game(f"pickpack_pickpack(seed={seed},variant=dealt,first=blue)").new_initial_state()
        native = pickpack.new_game("pickpack", seed=seed, variant="dealt", first="blue")
        assert openspiel.pickpack_state(state).snapshot() == native.snapshot()
        assert state.current_player() == 1                 # Blue moves first
    pushed = openspiel.pickpack_state(pyspiel.load_game("pickpack_push(variant=hard)").new_initial_state())
    assert pushed.options == {"hard": True, "switch_per_turn": False}
    pacru = openspiel.pickpack_state(pyspiel.load_game("pickpack_pacru(max_plies=12)").new_initial_state())
    assert pacru.options["max_plies"] == 12


@pytest.mark.parametrize(("text", "field", "message"), [
    ("pickpack_push(players=7)", "players", "push is played by 2..6 players, not 7"),
    ("pickpack_pickpack(players=3)", "players", "pickpack is played by 2 players, not 3"),
    ("pickpack_push(variant=nope)", "variant", "push has no variant 'nope'; variants: hard, switch-per-turn"),
    ("pickpack_pickpack(first=green)", "first", "option first='green' is not offered; choices: 'red', 'blue'"),
    ("pickpack_pacru(max_plies=0)", "max_plies", "option max_plies=0"),
    ("pickpack_push(seed=-1)", "seed", "seed must be an int >= 0, not -1"),
])
def test_bad_parameters_raise_the_option_error_naming_the_field(text: str, field: str, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        pyspiel.load_game(text)
    assert caught.value.field == field
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(("text", "message"), [
    ("pickpack_push(foo=1)", "Unknown parameter 'foo'. Available parameters are: hard, players, seed, "
                             "switch_per_turn, variant"),
    ("pickpack_push(hard=1)", "Wrong type for parameter hard. Expected type: kBool, got kInt with 1"),
    ("pickpack_push(players=four)", "Wrong type for parameter players"),
])
def test_unknown_or_mistyped_parameters_are_refused_by_openspiel_naming_them(text: str, message: str) -> None:
    with pytest.raises(pyspiel.SpielError, match=message.replace("(", r"\(").replace(".", r"\.")):
        pyspiel.load_game(text)


def test_pig_observer_tensor_and_string_worked_by_hand() -> None:
    openspiel.register(PIG)
    game = pyspiel.load_game("pickpack_pig(players=3,target=50)")
    state = game.new_initial_state()
    for action in (0, 3, 1, 0):      # p1 rolls a 4 and holds (PIG-5, PIG-6); p2 rolls (PIG-3)
        state.apply_action(action)
    assert state.is_chance_node() and state.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
    assert state.observation_tensor(0) == pytest.approx([0.08, 0, 0, 0, 1, 0, 0, 1])
    assert state.observation_tensor(2) == pytest.approx([0, 0.08, 0, 0, 0, 1, 0, 1])
    assert state.observation_string(1) == (
        '{"banked": [4, 0, 0], "game": "pig", "players": ["p1", "p2", "p3"], "ply": 4, "rolling": true, '
        '"target": 50, "to_move": "p2", "turn_total": 0}')
    observation = make_observation(game)
    observation.set_from(state, 2)
    assert list(observation.dict) == ["observation"] and observation.dict["observation"].shape == (8,)
    assert observation.tensor.tolist() == pytest.approx([0, 0.08, 0, 0, 0, 1, 0, 1])
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "d6"
    with pytest.raises(ValueError, match="player must be a seat 0..2"):
        openspiel.pickpack_state(state).observation_tensor(3)


def test_pacru_observer_adds_the_tokens_of_the_turn_so_far() -> None:
    game = pyspiel.load_game("pickpack_pacru")
    state = game.new_initial_state()
    observation = make_observation(game)
    assert {k: v.shape for k, v in observation.dict.items()} == {"observation": (53, 9, 9), "tokens": (7, 82)}
    assert game.observation_tensor_shape() == [53 * 81 + 7 * 82]
    state.apply_action(4)            # south picks the chevron on e1: N, NE or NW next
    assert openspiel.turn(state).prefix == (4,) and state.legal_actions() == [0, 1, 7]
    observation.set_from(state, 0)
    tokens = observation.dict["tokens"]
    assert tokens[0, 4] == 1 and tokens.sum() == 1
    prefix = openspiel.turn(state).prefix
    native = openspiel.pickpack_state(state)
    assert np.array_equal(observation.dict["observation"].ravel(), np.array(native.observation_tensor(0)))
    seen = json.loads(state.observation_string(1))
    assert seen["turn_so_far"] == ["e1"]
    assert seen == json.loads(json.dumps(native.observation(1))) | {"turn_so_far": seen["turn_so_far"]}
    assert state.action_to_string(0, state.legal_actions()[0]) == (
        openspiel.pickpack_state(state).game.load("action_tokens").token_text(prefix, state.legal_actions()[0]))


def test_observation_types_offered_are_the_default_and_perfect_recall_strings() -> None:
    game = pyspiel.load_game("pickpack_push")
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    assert recall.tensor is None and recall.string_from(state, 1) == state.information_state_string(1)
    with pytest.raises(ValueError, match="no information state tensor"):
        recall.set_from(state, 1)
    with pytest.raises(ValueError, match="private_info=PrivateInfoType.ALL_PLAYERS is not supported"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(ValueError, match="pickpack observers take no parameters"):
        make_observation(game, None, {"x": 1})


def test_pick_and_pack_observations_differ_by_seat_as_the_native_ones_do() -> None:
    state = pyspiel.load_game("pickpack_pickpack(variant=dealt)").new_initial_state()
    while json.loads(state.observation_string(1)) == json.loads(state.observation_string(0)):
        state.apply_action(state.legal_actions()[0])
    native = openspiel.pickpack_state(state)
    for seat in (0, 1):
        assert json.loads(state.observation_string(seat)) == json.loads(json.dumps(native.observation(seat)))
        assert state.observation_tensor(seat) == pytest.approx(list(native.observation_tensor(seat)), abs=0)


def test_from_state_stands_at_the_position_and_leaves_the_state_alone() -> None:
    native = pickpack.new_game("pacru", players=3, seed=2, max_plies=50)
    for _ in range(4):
        native.apply_action(native.legal_actions()[-1])
    state = openspiel.from_state(native)
    assert str(state.get_game()) == ("pickpack_pacru(classic_meeting=False,max_plies=50,players=3,seed=0,"
                                     "single_cell=False,variant=)")
    inner = openspiel.pickpack_state(state)
    assert inner is not native and inner.snapshot() == native.snapshot()
    assert state.current_player() == native.current_player_id() and state.history() == []
    before = native.snapshot()
    while openspiel.pickpack_state(state).snapshot() == before:
        state.apply_action(state.legal_actions()[0])
    assert native.snapshot() == before
    clone = state.clone()
    assert openspiel.pickpack_state(clone).snapshot() == openspiel.pickpack_state(state).snapshot()
    assert openspiel.pickpack_state(clone) is not openspiel.pickpack_state(state)


def test_from_state_registers_a_game_object_first_seen() -> None:
    pig = PIG.new_state(players=4, target=25)
    pig.apply_action(0)
    state = openspiel.from_state(pig)
    assert str(state.get_game()) == "pickpack_pig(players=4,seed=0,target=25,variant=)"   # the state's options
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6


def test_poll_actions_calls_the_poll_before_every_action_of_the_state_and_its_clones() -> None:
    state = openspiel.from_state(pickpack.new_game("pacru", players=2))
    calls: list[int] = []
    openspiel.poll_actions(state, lambda: calls.append(len(calls)))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])             # a PACRU token: one action
    state.apply_action(state.legal_actions()[0])
    assert calls == [0, 1]
    openspiel.poll_actions(state, None)                      # off for the state, not for the clone
    state.apply_action(state.legal_actions()[0])
    clone.apply_action(clone.legal_actions()[0])
    assert calls == [0, 1, 2]
    assert openspiel.pickpack_state(state).snapshot() == openspiel.pickpack_state(clone).snapshot()


def test_a_poll_that_raises_stops_openspiels_search_and_applies_nothing() -> None:
    class Stop(Exception):
        pass

    def poll() -> None:
        nonlocal left
        left -= 1
        if left < 0:
            raise Stop
    state = openspiel.from_state(pickpack.new_game("pickpack", seed=3, variant="dealt"))
    left = 50                                                # actions before the poll raises
    openspiel.poll_actions(state, poll)
    game = state.get_game()
    search = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 1000, 100, True, 1, False,
                             pyspiel.ChildSelectionPolicy.UCT, -1.0)
    with pytest.raises(Stop):                                # out of the C++ search
        search.mcts_search(state)
    assert left == -1 and state.history() == []
    left = 10**9
    assert search.mcts_search(state).explore_count == 1000   # the state searches on as before


def test_an_illegal_action_raises_the_games_error_and_changes_nothing() -> None:
    state = pyspiel.load_game("pickpack_push(players=3)").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = (str(state), state.history())
    illegal = next(a for a in range(13) if a not in state.legal_actions())
    with pytest.raises(pickpack.IllegalMoveError, match="PU-"):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before
    with pytest.raises(pickpack.IllegalMoveError, match="action 99: PU-T1: a decision is 0..12"):
        state.action_to_string(state.current_player(), 99)
    with pytest.raises(pyspiel.SpielError, match="player < num_players_"):
        state.observation_tensor(3)                         # OpenSpiel checks the seat first
    with pytest.raises(pyspiel.SpielError, match="player >= 0"):
        state.observation_string(-2)
    pacru = pyspiel.load_game("pickpack_pacru").new_initial_state()
    with pytest.raises(pickpack.IllegalMoveError, match=r"token 5 does not continue any legal action; "
                                                         r"legal tokens: \[4, 18, 26, 80\]"):
        pacru.apply_action(5)
    assert pacru.history() == []


def test_the_docs_openspiel_examples_run() -> None:
    text = DOCS.read_text(encoding="utf-8")
    openspiel_part = text[text.index("## OpenSpiel"):text.index("## PettingZoo")]
    blocks = re.findall(r"```python\n(.*?)```", openspiel_part, re.DOTALL)
    assert len(blocks) == 3 and len(blocks[0].strip().splitlines()) == 5
    namespace: dict[str, object] = {}
    exec(blocks[0], namespace)                 # OpenSpiel MCTS on Pick & Pack: a whole game
    state = namespace["state"]
    # both generators are seeded: the docs' result, Blue wins after 48 actions
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]  # type: ignore[attr-defined]
    assert len(state.history()) == 48  # type: ignore[attr-defined]
    exec(blocks[1], namespace)                 # the C++ MCTS's move at the start
    start = namespace["game"].new_initial_state()  # type: ignore[attr-defined]
    assert namespace["action"] in start.legal_actions()
    exec(blocks[2], namespace)                 # IS-MCTS (Blue) against random on Pick & Pack, seeded
    state = namespace["state"]
    history = state.history()  # type: ignore[attr-defined]
    assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])  # type: ignore[attr-defined]
    exec(blocks[2], namespace)                 # the same game again
    assert namespace["state"].history() == history  # type: ignore[attr-defined]
