"""pickpack.vector.SingleAgentVectorEnv (issue 21 item 2): the learner in one seat, the
other seats played in C. Checked against an independent path: the single-state API
driven by the pure-Python SplitMix64 and xoshiro256** of the Pick & Pack reference
(pickpack_ref), drawing the seeds, chance outcomes and opponents' decisions exactly as
core/common/pp_vector.h documents; against Gymnasium's own checks (those of
gymnasium.utils.env_checker/passive_env_checker that apply to a VectorEnv) and its
RecordEpisodeStatistics wrapper; and bad input refused before any game is stepped."""

import dataclasses
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils import env_checker, passive_env_checker
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import pickpack
from pickpack._csearch import mcts_search
from pickpack.install_hint import install_hint
from pickpack.match.seeding import derive_seed
from pickpack.vector import IllegalBatchActionError, MultiAgentVectorEnv, NoDecisionError, SingleAgentVectorEnv
from pickpack.vector.batch import START_TRIES
from pickpack.vector.gymnasium_ids import env_id
from tests.engine.ops_tables import move_onto, table_copy
from tests.support.vector_streams import SplitMix64, Xoshiro256StarStar, draw_by_weights

ROOT = Path(__file__).resolve().parents[2]


class Replay:
    """One environment replayed in the single-state API (pp_vector.h: game k takes
    outputs 2k+1, 2k+2 of the environment's SplitMix64 stream)."""

    def __init__(self, name, seed, seat, players, opponent, simulations):
        self.name, self.seat, self.players = name, seat, players
        self.opponent, self.simulations = opponent, simulations
        self.stream = SplitMix64(seed)
        self.new_game()

    def new_game(self):
        self.start_seed = self.stream.next()
        self.rng = Xoshiro256StarStar(self.stream.next())
        self.state = pickpack.new_game(self.name, players=self.players, seed=self.start_seed)
        self.settle()

    def opponent_action(self, st):
        if self.opponent == "mcts":
            room = st._table()["max_actions"]
            cap = min(1 << 22, self.simulations * room + room + 1)
            return mcts_search(st, simulations=self.simulations, seed=self.rng.next(), max_nodes=cap)["action"]
        acts = st.legal_actions()          # random, and Pick & Pack's rollout: uniform over every legal move
        return acts[self.rng.below(len(acts))]

    def settle(self):
        st = self.state
        while not st.is_terminal():
            if st.is_chance_node():
                st.apply_action(draw_by_weights(self.rng, st.chance_weights()))
            elif st.current_player_id() != self.seat:
                st.apply_action(self.opponent_action(st))
            else:
                return


def _mask(state, n):
    row = np.zeros(n, bool)
    if not state.is_terminal() and state.current_player_id() >= 0:
        row[state.legal_actions()] = True
    return row


def _learner_actions(rng, mask):
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask], np.int64)


@pytest.mark.parametrize("name, players, seat, opponent, sims, steps, games_ended", [
    ("pickpack", None, 1, "random", 0, 60, 2),
    ("pickpack", None, 0, "rollout", 0, 60, 2),
    ("pickpack", None, 1, "mcts", 8, 30, 0),         # determinized for the opponent's seat
    ("push", 3, 1, "random", 0, 300, 2),
    ("push", 3, 2, "mcts", 8, 30, 0),                # chance and three seats
    ("breakthrough", None, 1, "random", 0, 120, 2),
    ("breakthrough", None, 0, "mcts", 16, 40, 2),
])
def test_every_step_is_the_single_state_game_of_the_documented_seeds(name, players, seat, opponent, sims, steps,
                                                                     games_ended):
    env = SingleAgentVectorEnv(name, 4, seat=seat, opponent=opponent, simulations=max(sims, 1), players=players)
    obs, info = env.reset(seed=7)
    games = [Replay(name, derive_seed(7, b), seat, players, opponent, sims) for b in range(4)]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        for b, g in enumerate(games):
            assert env.game_seeds[b] == g.start_seed
            assert np.array_equal(info["action_mask"][b], _mask(g.state, env.num_actions))
            assert np.array_equal(env.action_masks()[b], _mask(g.state, env.num_actions))
            assert np.array_equal(obs[b], np.asarray(g.state.observation_tensor(seat), np.float32))
        actions = _learner_actions(rng, info["action_mask"])
        obs, rewards, term, trunc, info = env.step(actions)
        assert not trunc.any()
        for b, g in enumerate(games):
            if g.state.is_terminal():            # next_step: the action was ignored, a new game began
                assert not term[b] and rewards[b] == 0
                g.new_game()
                continue
            g.state.apply_action(int(actions[b]))
            g.settle()
            assert term[b] == g.state.is_terminal()
            assert rewards[b] == (g.state.returns()[seat] if term[b] else 0.0)
            ended += int(term[b])
    assert ended >= games_ended                  # the replay crossed game ends


def _trajectory(env, *, seed, learner_seed, steps):
    """Every step's observations, rewards, terminations and masks, the learner drawing
    uniformly among its legal actions from ``learner_seed``: one array [steps, ...]."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(learner_seed)
    out = []
    for _ in range(steps):
        obs, r, te, tr, info = env.step(_learner_actions(rng, info["action_mask"]))
        out.append(np.concatenate([obs.ravel(), r, te, info["action_mask"].ravel()]))
    return np.array(out)


def test_the_rollout_opponent_plays_the_games_own_policy():
    """PUSH's rollout policy is its own (push ops.c), not uniform: the same seeds give
    other games than the random opponent, the same games on one and two threads."""
    runs = {}
    for opponent, threads in (("random", 1), ("rollout", 1), ("rollout", 2)):
        env = SingleAgentVectorEnv("push", 8, players=2, opponent=opponent, num_threads=threads)
        runs[opponent, threads] = _trajectory(env, seed=3, learner_seed=1, steps=60)
    assert np.array_equal(runs["rollout", 1], runs["rollout", 2])
    assert not np.array_equal(runs["rollout", 1], runs["random", 1])


def test_the_mcts_opponents_games_do_not_depend_on_the_threads():
    runs = []
    for threads in (1, 2):
        env = SingleAgentVectorEnv("push", 6, players=3, seat=0, opponent="mcts", simulations=6,
                                   num_threads=threads, autoreset="same_step")
        runs.append(_trajectory(env, seed=8, learner_seed=3, steps=25))
    assert np.array_equal(runs[0], runs[1])


def test_the_mcts_opponent_beats_a_random_learner():
    env = SingleAgentVectorEnv("breakthrough", 16, seat=1, opponent="mcts", simulations=64)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(2)
    results = []
    for _ in range(40):
        obs, r, te, tr, info = env.step(_learner_actions(rng, info["action_mask"]))
        results += r[te].tolist()
    assert len(results) >= 16 and sum(x < 0 for x in results) >= 0.8 * len(results)


def _masked_sampling(env):
    """Gymnasium's checks draw ``action_space.sample()``: have it draw legal actions,
    as a masked-action user does (``sample(mask=tuple(infos["action_mask"]))``)."""
    space_sample = env.action_space.sample
    env.action_space.sample = lambda mask=None: space_sample(mask=tuple(env.action_masks().view(np.int8)))
    return env


@pytest.mark.parametrize("name, obs_size, num_actions", [
    ("breakthrough", 108, 432),
    ("pacru", 4867, 82),                         # its 82 action tokens (53 * 81 planes + 7 * 82 token rows)
])
def test_spaces_and_gymnasiums_checks(name, obs_size, num_actions):
    env = SingleAgentVectorEnv(name, 3, seat=1)
    assert isinstance(env, gym.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert env.single_observation_space == gym.spaces.Box(0.0, 1.0, (obs_size,), np.float32)
    assert env.observation_space == gym.spaces.Box(0.0, 1.0, (3, obs_size), np.float32)
    assert env.single_action_space == gym.spaces.Discrete(num_actions)
    assert env.action_space == gym.spaces.MultiDiscrete([num_actions] * 3)

    one = _masked_sampling(SingleAgentVectorEnv(name, 1, seat=1))
    _masked_sampling(env)
    with warnings.catch_warnings():
        warnings.simplefilter("error")           # every checker warning fails the test
        for space in (env.single_observation_space, env.observation_space):
            passive_env_checker.check_observation_space(space)
            env_checker.check_space_limit(space, "observation")
        for space in (env.single_action_space, env.action_space):
            passive_env_checker.check_action_space(space)
        env_checker.check_reset_return_type(env)
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_options(env)
        env_checker.check_returned_data_not_reused(one)   # `if terminated or truncated`: one environment
        obs, info = passive_env_checker.env_reset_passive_checker(env, seed=1)
        for _ in range(30):                      # env_step_passive_checker, per array
            obs, rew, term, trunc, info = env.step(env.action_space.sample())
            passive_env_checker.check_obs(obs, env.observation_space, "step")
            assert rew.shape == term.shape == trunc.shape == (3,) and rew.dtype == np.float32
            assert term.dtype == trunc.dtype == np.bool_ and isinstance(info, dict)
            assert info["action_mask"].shape == (3, num_actions) and info["action_mask"].dtype == np.int8
            assert info["_action_mask"].all()
    # check_step_determinism, batched (its own asserts take scalar flags)
    firsts = []
    for _ in range(2):
        obs, info = env.reset(seed=123)
        actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        firsts.append(env.step(actions))
    assert env_checker.data_equivalence(firsts[0], firsts[1], exact=True)
    env.close()


def test_without_copy_the_arrays_are_reused_and_read_only():
    env = _masked_sampling(SingleAgentVectorEnv("breakthrough", 1, copy=False))
    with pytest.raises(AssertionError, match="share an object"):
        env_checker.check_returned_data_not_reused(env)
    obs, info = env.reset(seed=0)
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 1.0


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_record_episode_statistics_counts_the_learners_games(mode):
    env = RecordEpisodeStatistics(SingleAgentVectorEnv("breakthrough", 4, seat=0, autoreset=mode))
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(4)
    returns, lengths = np.zeros(4), np.zeros(4, int)
    want, got = [], []
    for _ in range(80):
        acted = info["action_mask"].any(axis=1)  # a learner's decision (not next_step's ignored step)
        obs, r, te, tr, info = env.step(_learner_actions(rng, info["action_mask"]))
        returns += r
        lengths += acted
        if "episode" in info:
            got += [(info["episode"]["r"][b], info["episode"]["l"][b]) for b in np.flatnonzero(info["_episode"])]
        for b in np.flatnonzero(te | tr):
            want.append((returns[b], lengths[b]))
            returns[b], lengths[b] = 0, 0
    assert len(want) >= 4 and sorted(got) == sorted(want)


def test_same_step_gives_the_final_observation_and_the_next_start():
    """One environment: same_step's final observation and reward are next_step's
    final state, and its next observation next_step's start after the ignored step."""
    nxt = SingleAgentVectorEnv("breakthrough", 1, seat=1, autoreset="next_step")
    same = SingleAgentVectorEnv("breakthrough", 1, seat=1, autoreset="same_step")
    assert same.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    o1, i1 = nxt.reset(seed=2)
    o2, i2 = same.reset(seed=2)
    rng = np.random.default_rng(5)
    games = 0
    for _ in range(60):
        assert np.array_equal(o1, o2) and np.array_equal(i1["action_mask"], i2["action_mask"])
        a = _learner_actions(rng, i1["action_mask"])
        o1, r1, t1, u1, i1 = nxt.step(a)
        o2, r2, t2, u2, i2 = same.step(a)
        assert r1 == r2 and t1 == t2 and u1 == u2
        if t1[0]:
            games += 1
            assert i2["_final_obs"].tolist() == [True] and i2["_final_info"].tolist() == [True]
            assert np.array_equal(i2["final_obs"][0], o1[0]) and not i1["action_mask"].any()
            o1, _, t1, _, i1 = nxt.step(np.zeros(1, np.int64))       # ignored: the next game starts
            assert not t1[0]
        else:
            assert "final_obs" not in i2
    assert games >= 2


def test_bad_input_gets_one_clear_error_and_changes_nothing():
    env = SingleAgentVectorEnv("breakthrough", 4, seat=1)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(4, np.int64))
    obs, info = env.reset(seed=1)
    legal = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    bad = legal.copy()
    bad[2] = 0                                    # a1 forward-left: leaves the board (BT-M2)
    before = (obs.copy(), env.action_masks(), env.game_seeds.copy())
    with pytest.raises(IllegalBatchActionError, match=r"^environment 2: illegal action 0: BT-") as err:
        env.step(bad)
    assert err.value.env_index == 2
    with pytest.raises(TypeError, match="integer array"):
        env.step(legal.astype(np.float32))
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(legal[:3])
    assert np.array_equal(env._batch.obs, before[0]) and np.array_equal(env.action_masks(), before[1])
    assert np.array_equal(env.game_seeds, before[2])
    env.step(legal)                               # the batch still steps
    with pytest.raises(ValueError, match="options"):
        env.reset(seed=1, options={"reset_mask": np.ones(4, bool)})
    with pytest.raises(ValueError, match="4 seeds expected"):
        env.reset(seed=[1, 2])
    for kwargs, exc, text in [({"seat": 2}, ValueError, "seat must be 0..1"),
                              ({"seat": -1}, ValueError, "seat must be a seat"),
                              ({"seat": True}, TypeError, "seat must be an int"),
                              ({"opponent": "greedy"}, ValueError, "opponent must be one of"),
                              ({"opponent": "mcts", "simulations": 0}, ValueError, "simulations must be"),
                              ({"autoreset": AutoresetMode.DISABLED}, ValueError, "disabled autoreset"),
                              ({"autoreset": "later"}, ValueError, "autoreset must be"),
                              ({"copy": 1}, TypeError, "copy must be a bool")]:
        with pytest.raises(exc, match=text):
            SingleAgentVectorEnv("breakthrough", 2, **kwargs)
    pacru = SingleAgentVectorEnv("pacru", 2)      # stepped by its 82 action tokens in C
    assert pacru.single_action_space.n == 82 and pacru.action_masks().shape == (2, 82)


def test_without_gymnasium_the_multi_agent_form_works_and_the_single_agent_one_names_the_extra():
    script = ("import sys\nsys.modules['gymnasium'] = None\n"
              "from pickpack.vector import MultiAgentVectorEnv\nMultiAgentVectorEnv('breakthrough', 2).reset(seed=0)\n"
              "from pickpack.vector import SingleAgentVectorEnv\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == f"ImportError: pickpack.vector.SingleAgentVectorEnv {install_hint('vector')}"


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_max_episode_steps_cuts_after_the_learners_decisions(mode):
    """Pick & Pack lasts far more than 3 decisions a seat: every game is cut at the
    learner's third, reward 0, its final observation the replayed state's, and the
    next game is the stream's next."""
    env = SingleAgentVectorEnv("pickpack", 3, seat=1, max_episode_steps=3, autoreset=mode)
    obs, info = env.reset(seed=4)
    games = [Replay("pickpack", derive_seed(4, b), 1, None, "random", 0) for b in range(3)]
    rng = np.random.default_rng(6)
    for t in range(3):
        actions = _learner_actions(rng, info["action_mask"])
        obs, r, te, tr, info = env.step(actions)
        for g, a in zip(games, actions):
            g.state.apply_action(int(a))
            g.settle()
        assert tr.all() == (t == 2) and not te.any() and not r.any()
    final = [np.asarray(g.state.observation_tensor(1), np.float32) for g in games]
    if mode == "next_step":
        assert all(np.array_equal(o, f) for o, f in zip(obs, final))
        assert np.array_equal(info["action_mask"], np.array([_mask(g.state, env.num_actions) for g in games]))
        obs, r, te, tr, info = env.step(np.zeros(3, np.int64))          # ignored: the next games start
        assert not tr.any()
    else:
        assert info["_final_obs"].all() and all(np.array_equal(o, f) for o, f in zip(info["final_obs"], final))
    for b, g in enumerate(games):
        g.new_game()
        assert env.game_seeds[b] == g.start_seed
        assert np.array_equal(obs[b], np.asarray(g.state.observation_tensor(1), np.float32))


def test_gymnasium_make_vec_builds_the_single_agent_env_of_each_game():
    """Importing pickpack.vector registered ``pickpack/<game>-v0`` for every installed
    game; make_vec's vector entry point is SingleAgentVectorEnv with the game set and
    the other arguments passed on, and the default vectorization mode picks it."""
    for name in pickpack.available_games():
        assert gym.spec(env_id(name)).vector_entry_point == "pickpack.vector.single_agent:SingleAgentVectorEnv"
    for name, kwargs in [("pickpack", {"seat": 1}), ("push", {"players": 3, "seat": 2, "opponent": "rollout"}),
                         ("pacru", {}), ("breakthrough", {"autoreset": "same_step"})]:
        env = gym.make_vec(f"pickpack/{name}-v0", num_envs=3, vectorization_mode="vector_entry_point", **kwargs)
        direct = SingleAgentVectorEnv(name, 3, **kwargs)
        assert isinstance(env, SingleAgentVectorEnv) and env.vector_spec == direct.vector_spec
        assert env.spec.id == f"pickpack/{name}-v0" and env.spec.kwargs["game"] == name
        assert env.metadata["autoreset_mode"] is direct.metadata["autoreset_mode"]
        runs = []
        for e in (env, direct):
            obs, info = e.reset(seed=2)
            out = [obs]
            for _ in range(5):
                out.append(e.step(e.action_masks().argmax(axis=1))[0])
            runs.append(np.array(out))
        assert np.array_equal(runs[0], runs[1])
    assert isinstance(gym.make_vec("pickpack/push-v0", num_envs=2), SingleAgentVectorEnv)
    with pytest.raises(gym.error.Error, match="entry_point is not specified"):
        gym.make("pickpack/push-v0")             # a batch only: no single-environment entry point


def test_gymnasium_make_vec_can_import_pickpack_vector_itself():
    script = ("import gymnasium as gym, sys\nassert 'pickpack.vector' not in sys.modules\n"
              "env = gym.make_vec('pickpack.vector:pickpack/breakthrough-v0', num_envs=2, seat=1)\n"
              "print(type(env).__name__, env.num_envs, env.seat)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["SingleAgentVectorEnv", "2", "1"]


def _short_game(name, max_plies):
    """``name`` with its C table's max_plies (what pp_vector counts as "more plies than
    the game can last") set to ``max_plies``: a copy of the table the game's states are
    moved onto (tests/engine/ops_tables.py); the table, to keep alive, and the Game."""
    game = pickpack.get_game(name)
    table = table_copy(game.new_state(seed=0))
    table.max_plies = max_plies

    def factory(players, seed, **options):
        st = game.factory(players, seed, **options)
        move_onto(st, table)
        return st

    return table, dataclasses.replace(game, factory=factory)


def test_a_seat_that_never_moves_gets_one_clear_error():
    """PACRU with max_plies=1 (PA-E3): the first player's move ends every game, so the
    learner in seat 1 never has a decision. After START_TRIES fresh games reset()
    raises NoDecisionError naming the environment and the seat; the batch then needs
    reset(). Seat 0 of the same games plays, each game one action long."""
    env = SingleAgentVectorEnv("pacru", 2, seat=1, options={"max_plies": 1})
    with pytest.raises(NoDecisionError, match=r"^environment 0: 16 fresh games of 'pacru' in a row ended before "
                                              r"seat 1 \(the learner\) had a decision") as err:
        env.reset(seed=5)
    assert (err.value.env_index, err.value.seat, START_TRIES) == (0, 1, 16)
    stream = SplitMix64(derive_seed(5, 0))       # game k takes outputs 2k+1 and 2k+2: the 16th game's start
    assert int(env.game_seeds[0]) == [stream.next() for _ in range(2 * START_TRIES)][2 * START_TRIES - 2]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, np.int64))
    first = SingleAgentVectorEnv("pacru", 2, seat=0, options={"max_plies": 1}, autoreset="same_step")
    obs, info = first.reset(seed=5)
    rng = np.random.default_rng(0)
    since, games = np.zeros(2, int), np.zeros(2, int)
    for _ in range(3 * first.vector_spec.max_tokens):   # the learner's tokens of its one action, a game
        obs, r, te, tr, info = first.step(_learner_actions(rng, info["action_mask"]))
        since += 1
        assert not tr.any() and (since <= first.vector_spec.max_tokens).all()
        if te.any():
            assert info["_final_obs"].tolist() == te.tolist() and set(r[te]) <= {-1.0, 0.0, 1.0}
        games += te
        since[te] = 0
    assert (games >= 3).all()


def test_a_game_cut_at_the_start_before_the_learner_moves_is_named_a_cut():
    """Pick & Pack's first player places its 12 apples first: with the table's
    max_plies at 10, every game is cut on seat 0's turn (its 12th placement) before the
    learner in seat 1 has a decision."""
    table, game = _short_game("pickpack", 10)
    env = SingleAgentVectorEnv(game, 1, seat=1)
    with pytest.raises(NoDecisionError, match=r"^environment 0: 16 fresh games of 'pickpack' in a row ended or "
                                              r"were cut \(more plies than the game can last\) before seat 1"):
        env.reset(seed=0)


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_a_game_cut_on_an_opponents_turn_shows_the_learners_view_only(mode):
    """pp_vector.c's view_seat: a single-agent game cut (more plies than the table's
    max_plies) while the opponent is to move shows the learner's observation, not the
    opponent's, and no mask; the multi-agent form shows the seat to move's view and
    mask. Pick & Pack: seat 0 places its 12 apples first (12 decisions), then seat 1
    is to move; with max_plies 11 the learner's 12th action cuts the game."""
    table, game = _short_game("pickpack", 11)
    env = SingleAgentVectorEnv(game, 1, seat=0, autoreset=mode)
    multi = MultiAgentVectorEnv(game, 1, autoreset=mode)
    obs, info = env.reset(seed=9)
    multi.reset(seed=9)
    replay = Replay("pickpack", derive_seed(9, 0), 0, None, "random", 0)
    for t in range(12):
        assert np.array_equal(obs[0], np.asarray(replay.state.observation_tensor(0), np.float32))
        action = int(np.flatnonzero(info["action_mask"][0])[-1])
        obs, r, te, tr, info = env.step(np.array([action]))
        m_obs, _, _, m_tr, m_info = multi.step(np.array([action]))
        replay.state.apply_action(action)
        assert tr[0] == m_tr[0] == (t == 11) and not te[0] and r[0] == 0
    st = replay.state
    assert st.current_player_id() == 1 and not st.is_terminal()
    mine, theirs = (np.asarray(st.observation_tensor(seat), np.float32) for seat in (0, 1))
    assert not np.array_equal(mine, theirs)      # Pick & Pack hides part of each seat's view
    if mode == "next_step":
        assert np.array_equal(obs[0], mine) and not info["action_mask"].any()
        assert env._batch.current_player[0] == 1
        assert np.array_equal(m_obs[0], theirs) and np.array_equal(m_info["action_mask"][0], _mask(st, 10230))
    else:
        assert info["_final_obs"][0] and np.array_equal(info["final_obs"][0], mine)
        assert m_info["_final_obs"][0] and np.array_equal(m_info["final_obs"][0], theirs)
        replay.new_game()
        assert np.array_equal(obs[0], np.asarray(replay.state.observation_tensor(0), np.float32))
        assert np.array_equal(info["action_mask"][0], _mask(replay.state, env.num_actions))
