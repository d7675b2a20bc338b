"""Games, states, environments and bots pickle and deep-copy, and the copies continue
exactly as the originals do (issue 22, item 7): a match's worker processes receive a
Game object (``play_match(..., game=Game, jobs=2)``), and learning code pickles and
copies PettingZoo environments.

Each test steps the original and its copy with the same actions and the same seeds and
compares what they show at every step.
"""

from __future__ import annotations

import copy
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pickpack
from pickpack.bots import make_bot
from pickpack.game import Game, fixed_names, seat_names
from pickpack.match import play_match
from pickpack.match.backends import BackendError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402

GAMES = {"pickpack": pickpack.get_game("pickpack"), "push": pickpack.get_game("push"),
         "pacru": pickpack.get_game("pacru"), "pig": PIG}
COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda obj: pickle.loads(pickle.dumps(obj)), "deepcopy": copy.deepcopy}


def _step(state: Any, rng: random.Random) -> None:
    """One action: a chance outcome or a decision, drawn by ``rng``."""
    if state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _seen(state: Any) -> tuple[Any, ...]:
    """What a state shows: position, history, player to move, returns."""
    return (state.to_position(), state.history_actions(), state.current_player_id(),
            state.returns())


def _play_both(a: Any, b: Any, steps: int, seed: int) -> int:
    """Step ``a`` and ``b`` with the same draws; assert they show the same after every
    step. Returns the steps made (fewer when the game ends)."""
    ra, rb = random.Random(seed), random.Random(seed)
    made = 0
    for _ in range(steps):
        assert _seen(a) == _seen(b)
        if a.is_terminal():
            break
        _step(a, ra)
        _step(b, rb)
        made += 1
    assert _seen(a) == _seen(b)
    return made


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", GAMES)
def test_a_game_object_copies_and_builds_the_same_games(name: str, how: str) -> None:
    game = GAMES[name]
    twin = COPIES[how](game)
    assert twin.name == game.name and twin.players == game.players
    assert _play_both(game.new_state(seed=5), twin.new_state(seed=5), 60, seed=1) > 0


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", GAMES)
def test_a_state_in_play_copies_and_continues_the_same(name: str, how: str) -> None:
    state = GAMES[name].new_state(seed=3)
    rng = random.Random(2)
    for _ in range(12):
        if state.is_terminal():
            break
        _step(state, rng)
    assert _play_both(state, COPIES[how](state), 80, seed=9) > 0


def test_seat_names_and_fixed_names_pickle() -> None:
    # the helpers docs/writing-a-game.md tells game authors to use
    names = pickle.loads(pickle.dumps(seat_names("p")))
    roster = pickle.loads(pickle.dumps(fixed_names(("red", "blue"))))
    assert names(3) == ("p1", "p2", "p3") and roster(2) == ("red", "blue")


def test_a_match_of_a_game_object_runs_on_two_workers_as_on_one() -> None:
    # the instance: play_match(..., game=pickpack.get_game("push"), jobs=2)
    push = pickpack.get_game("push")
    two = play_match(["random", "random"], 4, 0, game=push, jobs=2)
    one = play_match(["random", "random"], 4, 0, game=push, jobs=1)
    assert [g.to_json() for g in two.games] == [g.to_json() for g in one.games]


def _local_names(n: int) -> tuple[str, ...]:
    return tuple(f"s{i}" for i in range(n))


def test_a_game_that_does_not_pickle_is_one_error_on_two_workers() -> None:
    def names(n: int) -> tuple[str, ...]:        # a closure: cannot go to a worker
        return _local_names(n)

    push = pickpack.get_game("push")
    closure_game = Game(**{**push.__dict__, "player_names": names})
    with pytest.raises(BackendError) as caught:
        play_match(["random", "random"], 4, 0, game=closure_game, jobs=2)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("task 1 cannot be sent to a worker process (jobs > 1): it does "
                              "not pickle: AttributeError: ")
    assert "names" in message and message.endswith("or run with one job")


# --- environments ------------------------------------------------------------------------

def _env_seen(env: Any) -> tuple[Any, ...]:
    """Everything an agent loop reads of a PettingZoo environment."""
    observed = {a: {k: v.tolist() for k, v in env.observe(a).items()} for a in env.agents}
    return (list(env.agents), env.agent_selection, observed, dict(env.rewards),
            dict(env.terminations), dict(env.truncations))


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", GAMES)
def test_a_pettingzoo_environment_copies_and_continues_the_same(name: str, how: str) -> None:
    pz = pytest.importorskip("pickpack.adapters.pettingzoo")
    env = pz.raw_env(GAMES[name])
    env.reset(seed=0)
    rng = random.Random(4)

    def act(e: Any, r: random.Random) -> None:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.step(None)
        else:
            mask = e.observe(agent)["action_mask"]
            e.step(r.choice([i for i, m in enumerate(mask) if m]))

    for _ in range(6):
        act(env, rng)
    twin = COPIES[how](env)
    ra, rb = random.Random(8), random.Random(8)
    for _ in range(40):          # PUSH's and Pig's draws come from the copied generator
        assert _env_seen(env) == _env_seen(twin)
        if not env.agents:
            break
        act(env, ra)
        act(twin, rb)
    assert _env_seen(env) == _env_seen(twin)


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("name", ["pickpack", "push", "pacru"])
def test_an_openspiel_game_and_state_copy_and_continue_the_same(name: str, how: str) -> None:
    pytest.importorskip("pyspiel")
    import pyspiel

    from pickpack.adapters.openspiel import register

    game = COPIES[how](pyspiel.load_game(register(name)))
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(10):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    twin = COPIES[how](state)
    ra, rb = random.Random(3), random.Random(3)
    for _ in range(30):
        assert str(twin) == str(state) and twin.legal_actions() == state.legal_actions()
        if state.is_terminal():
            break
        for s, r in ((state, ra), (twin, rb)):
            actions = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(r.choice(actions))
    assert twin.returns() == state.returns()


# --- bots --------------------------------------------------------------------------------

BOTS = [("random", "pickpack"), ("random", "push"), ("random", "pacru"), ("random", "pig"),
        ("greedy", "pickpack"), ("greedy", "pacru"), ("heuristic", "push"),
        ("alphabeta:depth=2", "pickpack"), ("mcts:simulations=30", "pickpack"),
        ("mcts:simulations=30", "push"), ("mcts:simulations=20", "pig"),
        ("openspiel-mcts:simulations=20", "push")]


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize("spec,name", BOTS)
def test_a_bot_copies_and_chooses_the_same_moves(spec: str, name: str, how: str) -> None:
    if spec.startswith("openspiel"):
        pytest.importorskip("pyspiel")
    game = GAMES[name]
    bot = make_bot(spec, seed=11, game=game, isolate=False)
    state = game.new_state(seed=2)
    rng = random.Random(5)
    while state.is_chance_node():
        _step(state, rng)
    bot.choose(state.copy())                      # the bot has a history of its own now
    twin = COPIES[how](bot)
    for _ in range(3):
        while state.is_chance_node():
            _step(state, rng)
        if state.is_terminal():
            break
        mine, theirs = bot.choose(state.copy()), twin.choose(state.copy())
        assert (mine.action, mine.text) == (theirs.action, theirs.text)
        state.apply_action(mine.action)


@pytest.mark.parametrize("how", COPIES)
def test_a_process_bot_refuses_to_be_copied_in_one_line(how: str) -> None:
    # it holds a running program: no copy could continue it
    script = Path(__file__).resolve().parents[2] / "examples" / "process_bot.py"
    bot = make_bot(f"cmd:python {script}", seed=0, game="push")
    try:
        with pytest.raises(TypeError) as caught:
            COPIES[how](bot)
        assert str(caught.value) == (f"bot {bot.name!r} holds a running program: it cannot be "
                                     "pickled or copied; build another one with "
                                     "pickpack.bots.make_bot")
    finally:
        bot.close()  # type: ignore[attr-defined]


def test_an_isolated_bot_refuses_to_be_copied_in_one_line() -> None:
    bot = make_bot("greedy", seed=0)      # greedy is bounded: isolate a copy by hand
    from pickpack.bots import IsolatedBot

    isolated = IsolatedBot("greedy", 0)
    try:
        with pytest.raises(TypeError, match="^bot 'greedy' holds a child process: it cannot be "):
            pickle.dumps(isolated)
    finally:
        isolated.close()
    assert copy.deepcopy(bot).name == "greedy"


def test_a_result_that_does_not_pickle_is_one_error_from_a_worker() -> None:
    from tests.engine.game_faults import UNSENDABLE

    from pickpack.match import play_game

    assert play_game(["random", "random"], 0, 0, game=UNSENDABLE).forfeit is None  # in-process: fine
    with pytest.raises(BackendError) as caught:
        play_match(["random", "random"], 2, 0, game=UNSENDABLE, jobs=2)
    message = str(caught.value)
    assert message.startswith("the result of task ") and "\n" not in message
    assert message.endswith("cannot be sent back from its worker process: it does not pickle: "
                            "TypeError: cannot pickle '_thread.lock' object")
