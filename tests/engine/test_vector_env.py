"""pickpack.vector's multi-agent batched environment (issue 21): shapes, masks,
rewards, reproducibility against the single-state API (same seed, same trajectory;
PACRU token by token against the adapters' AdaptedState), and bad input refused before
any game is stepped."""

import numpy as np
import pytest

import pickpack
from pickpack.adapters.play import AdaptedState
from pickpack.game import Game
from pickpack.match.seeding import derive_seed
from pickpack.vector import IllegalBatchActionError, MultiAgentVectorEnv
from pickpack.vector.batch import Batch
from tests.support.vector_streams import SplitMix64, Xoshiro256StarStar, draw_by_weights


def _mask_of(state, width):
    row = np.zeros(width, bool)
    row[state.legal_actions()] = True
    return row


@pytest.mark.parametrize("name", ["pickpack", "breakthrough"])
def test_a_batch_replays_the_single_state_games_of_its_seeds(name):
    env = MultiAgentVectorEnv(name, 8)
    obs, info = env.reset(seed=3)
    states = [pickpack.new_game(name, seed=int(s)) for s in env.game_seeds]
    steps = 0
    for t in range(300):
        for b, st in enumerate(states):
            assert info["current_player"][b] == st.current_player_id()
            if not st.is_terminal():
                assert np.array_equal(info["action_mask"][b], _mask_of(st, env.num_actions))
                seat = st.current_player_id()
                assert np.array_equal(obs[b], np.asarray(st.observation_tensor(seat), np.float32))
        actions = env.random_actions(t)
        movers = [st.current_player_id() for st in states]
        obs, rewards, term, trunc, info = env.step(actions)
        steps += 1
        for b, st in enumerate(states):
            if st.is_terminal():                     # next_step: this step started a new game
                assert not term[b] and not rewards[b].any()
                states[b] = pickpack.new_game(name, seed=int(env.game_seeds[b]))
                continue
            st.apply_action(int(actions[b]))
            assert term[b] == st.is_terminal() and not trunc[b]
            want = st.returns() if st.is_terminal() else [0.0] * env.num_players
            assert rewards[b].tolist() == want
            if st.is_terminal():
                assert info["current_player"][b] == -4 and not info["action_mask"][b].any()
                assert np.array_equal(obs[b], np.asarray(st.observation_tensor(movers[b]), np.float32))
    assert steps == 300


def test_the_same_seeds_give_the_same_arrays_on_one_or_two_threads():
    runs = []
    for threads in (1, 2):
        env = MultiAgentVectorEnv("push", 16, num_threads=threads, autoreset="same_step")
        env.reset(seed=11)
        out = []
        for t in range(200):
            o, r, te, tr, info = env.step(env.random_actions(t))
            out.append((o.copy(), r.copy(), te.copy(), info["action_mask"].copy(), info["current_player"].copy()))
        runs.append(out)
    for a, b in zip(*runs):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    assert runs[0][0][0].shape == (16, 335) and runs[0][0][1].shape == (16, 4)


def test_the_bit_mask_packs_the_byte_mask():
    full = MultiAgentVectorEnv("breakthrough", 4)
    bits = MultiAgentVectorEnv("breakthrough", 4, mask="bits")
    full.reset(seed=5)
    bits.reset(seed=5)
    for t in range(40):
        packed = np.unpackbits(bits.action_mask, axis=1, bitorder="little")[:, :432].astype(bool)
        assert np.array_equal(packed, full.action_mask)
        a = full.random_actions(t)
        full.step(a)
        bits.step(a)


def test_an_illegal_action_names_the_environment_and_the_rule_and_changes_nothing():
    env = MultiAgentVectorEnv("breakthrough", 4)
    env.reset(seed=1)
    legal = env.random_actions(0)
    before = (env.obs.copy(), env.action_mask.copy(), env.current_player.copy())
    bad = legal.copy()
    bad[2] = 0                                        # a1 forward-left: leaves the board
    with pytest.raises(IllegalBatchActionError, match=r"^environment 2: illegal action 0: BT-") as err:
        env.step(bad)
    assert err.value.env_index == 2 and err.value.rule.startswith("BT-")
    assert np.array_equal(env.obs, before[0]) and np.array_equal(env.action_mask, before[1])
    assert np.array_equal(env.current_player, before[2])
    env.step(legal)                                   # the batch still steps


def test_bad_arguments_get_one_clear_error():
    env = MultiAgentVectorEnv("breakthrough", 4)
    env.reset(seed=1)
    with pytest.raises(TypeError, match="integer array"):
        env.step(np.zeros(4, np.float64))
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="num_envs must be 1"):
        MultiAgentVectorEnv("breakthrough", 0)
    with pytest.raises(ValueError, match="4 seeds expected"):
        env.reset(seed=[1, 2])
    with pytest.raises(ValueError, match="players"):
        MultiAgentVectorEnv("pickpack", 2, players=3)
    with pytest.raises(ValueError, match="variant"):
        MultiAgentVectorEnv("pickpack", 2, variant="nope")
    with pytest.raises(ValueError, match="read-only"):
        env.obs[0, 0] = 1.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pacru_batch_steps_the_adapters_tokens(players):
    """PACRU's decisions are its action tokens (issue 21 item 2): every step's mask,
    seat, observation (the adapters' tensor: the game's, then the turn's token rows),
    rewards and flags are those of AdaptedState, the OpenSpiel/PettingZoo adapters'
    view, of the same game fed the same tokens."""
    env = MultiAgentVectorEnv("pacru", 6, players=players)
    assert env.num_actions == 82 and env.spec.max_tokens == 7 and env.spec.observation_shape == (53 * 81 + 7 * 82,)
    obs, info = env.reset(seed=9)
    games = [AdaptedState(pickpack.new_game("pacru", players=players, seed=int(s))) for s in env.game_seeds]
    ended = turns = 0
    for t in range(500):
        for b, g in enumerate(games):
            assert info["current_player"][b] == g.state.current_player_id()
            if not g.state.is_terminal():
                assert np.array_equal(info["action_mask"][b], np.array(g.action_mask(), bool))
                assert np.array_equal(obs[b], np.asarray(g.tensor(g.state.current_player_id()), np.float32))
        actions = env.random_actions(t)
        movers = [g.state.current_player_id() for g in games]
        obs, rewards, term, trunc, info = env.step(actions)
        for b, g in enumerate(games):
            if g.state.is_terminal():                # next_step: this step started a new game
                assert not term[b] and not rewards[b].any()
                games[b] = AdaptedState(pickpack.new_game("pacru", players=players, seed=int(env.game_seeds[b])))
                continue
            turns += g.apply(int(actions[b])) is not None
            assert term[b] == g.state.is_terminal() and not trunc[b]
            want = g.state.returns() if term[b] else [0.0] * players     # float32 rewards: -1/3 rounded
            assert np.array_equal(rewards[b], np.asarray(want, np.float32))
            if term[b]:
                ended += 1
                assert np.array_equal(obs[b], np.asarray(g.tensor(movers[b]), np.float32))
    assert ended >= 1 and turns > 500


def test_an_illegal_pacru_token_names_the_environment_and_the_rule():
    env = MultiAgentVectorEnv("pacru", 3)
    env.reset(seed=2)
    bad = env.random_actions(0)
    bad[1] = 5                                        # f1: no chevron of south there (PA-M1)
    with pytest.raises(IllegalBatchActionError, match=r"^environment 1: illegal action 5: PA-M1: token 5 does not "
                                                      r"continue any legal action; legal tokens: \[4, 18, 26, 80\]$"):
        env.step(bad)
    assert env.current_player.tolist() == [0, 0, 0] and env.action_mask[:, 4].all()


def test_a_game_with_too_many_actions_and_no_c_tokens_is_refused(monkeypatch):
    load = Game.load
    monkeypatch.setattr(Game, "load", lambda self, part: None if part == "action_tokens" else load(self, part))
    with pytest.raises(ValueError, match=r"'pacru' has 1,097,206,560 distinct actions: .*CSteppedActionTokens"):
        MultiAgentVectorEnv("pacru", 2)


@pytest.mark.parametrize("opponent", ["random", "rollout", "mcts"])
def test_single_agent_pacru_opponents_play_their_turns_token_by_token(opponent):
    """The built-in opponents decide PACRU token by token in C (pp_vector's
    single-agent form over the token view): the learner is to move at every step (or
    the game is over), its mask is never empty then, and games end."""
    batch = Batch("pacru", 4, learner=1, opponent=opponent, simulations=8, players=2, variant=None, options=None,
                  mask="bytes", autoreset="same_step", max_episode_steps=None, num_threads=1)
    batch.reset(3)
    ended = 0
    for t in range(150 if opponent == "mcts" else 400):
        assert (batch.current_player == 1).all() and batch.action_mask.any(axis=1).all()
        batch.step(batch.random_actions(t))
        ended += int(batch.terminations.sum())
        assert set(batch.rewards[batch.terminations, 0].tolist()) <= {-1.0, 0.0, 1.0}
    assert ended >= 1


def test_the_rollout_opponent_plays_the_pacru_policys_moves():
    """Token by token, the "rollout" opponent plays a move of PACRU's rollout policy
    (pacru_policy.h): every first move of south seen by the learner (north) is one that
    policy_action gives from the start for some seed (ties and choices drawn)."""
    from pickpack.games.pacru._core import policy_action

    start = pickpack.new_game("pacru", players=2)
    seen_by_policy = set()
    for seed in range(300):
        st = start.copy()
        st.apply_action(policy_action(st, seed))
        seen_by_policy.add(np.asarray(st.observation_tensor(1), np.float32).tobytes())
    batch = Batch("pacru", 32, learner=1, opponent="rollout", simulations=1, players=2, variant=None, options=None,
                  mask="bytes", autoreset="same_step", max_episode_steps=None, num_threads=1)
    batch.reset(7)
    game_part = batch.obs[:, :53 * 81]
    assert all(row.tobytes() in seen_by_policy for row in game_part)
    random_batch = Batch("pacru", 32, learner=1, opponent="random", simulations=1, players=2, variant=None,
                         options=None, mask="bytes", autoreset="same_step", max_episode_steps=None, num_threads=1)
    random_batch.reset(7)                              # uniform tokens: mostly other moves
    assert sum(row.tobytes() in seen_by_policy for row in random_batch.obs[:, :53 * 81]) < 16


# An independent Python model of the batch's streams (core/common/pp_vector.h,
# core/common/rng.c): environment b's SplitMix64 stream from derive_seed(seed, b), its
# game k from outputs 2k+1 (the start seed) and 2k+2 (the xoshiro256** seed whose draws
# pick the chance outcomes by their exact integer weights, unbiased by rejection).
class _ModelEnv:
    """Environment b of a batch as the single-state API plays it, chance drawn by the model."""

    def __init__(self, name, seed, b):
        self.name, self.stream = name, SplitMix64(derive_seed(seed, b))
        self.new_game()

    def new_game(self):
        self.start_seed = self.stream.next()
        self.rng = Xoshiro256StarStar(self.stream.next())
        self.state = pickpack.new_game(self.name, players=2, seed=self.start_seed)
        self.settle()

    def settle(self):
        while self.state.is_chance_node():
            self.state.apply_action(draw_by_weights(self.rng, self.state.chance_weights()))


def test_a_push_batch_replays_the_single_state_games_chance_and_all():
    env = MultiAgentVectorEnv("push", 6, players=2)
    obs, info = env.reset(seed=21)
    model = [_ModelEnv("push", 21, b) for b in range(6)]
    finished = 0
    for t in range(600):
        for b, m in enumerate(model):
            st = m.state
            assert env.game_seeds[b] == m.start_seed
            assert info["current_player"][b] == st.current_player_id()
            if not st.is_terminal():
                assert np.array_equal(info["action_mask"][b], _mask_of(st, env.num_actions))
                assert np.array_equal(obs[b], np.asarray(st.observation_tensor(st.current_player_id()), np.float32))
        actions = env.random_actions(t)
        obs, rewards, term, trunc, info = env.step(actions)
        for b, m in enumerate(model):
            if m.state.is_terminal():                # next_step: this step started the next game
                assert not term[b] and not rewards[b].any()
                m.new_game()
                continue
            m.state.apply_action(int(actions[b]))
            m.settle()
            assert term[b] == m.state.is_terminal() and not trunc[b]
            if m.state.is_terminal():
                finished += 1
                # the returns at the end, 2 players: 1 and -1, or 0 and 0 for a shared win (PU-E3)
                assert rewards[b].tolist() == m.state.returns()
                assert sorted(rewards[b].tolist()) in ([-1.0, 1.0], [0.0, 0.0])
            else:
                assert not rewards[b].any()
    assert finished >= 6                              # every environment ended a game at least once


def test_same_step_rows_show_the_next_games_start_in_full():
    """Pick & Pack's table rewrites an observation row over the one before it
    (observation_update, pp_game_ops.h): across an autoreset the row goes from the
    final state of one game to the start of the next, and must equal the tensor the
    single-state API builds for that start from scratch (PP-S1 deal, PP-S3)."""
    env = MultiAgentVectorEnv("pickpack", 16, autoreset="same_step")
    env.reset(seed=11)
    starts = 0
    for t in range(160):
        obs, rewards, term, trunc, info = env.step(env.random_actions(t))
        for b in np.flatnonzero(term | trunc):
            st = pickpack.new_game("pickpack", seed=int(env.game_seeds[b]))
            assert info["current_player"][b] == st.current_player_id()
            assert np.array_equal(obs[b], np.asarray(st.observation_tensor(st.current_player_id()), np.float32))
            starts += 1
    assert starts >= 16    # games last at most 84 plies (PP_MAX_PLIES): every row restarted


@pytest.mark.parametrize("max_steps", [None, 9])
def test_same_step_keeps_each_ended_games_final_observation(max_steps):
    """"same_step": ``final_obs`` row b (also ``infos["final_obs"]``) is the final state's
    observation where ``infos["_final_obs"]``: of the seat that took the last decision
    at a game's end, of the seat to move in a cut game (Breakthrough lasts more than 9
    plies: every game is cut); the next game's start in ``obs``. Replayed in the
    single-state API."""
    env = MultiAgentVectorEnv("breakthrough", 3, autoreset="same_step", max_episode_steps=max_steps)
    obs, info = env.reset(seed=6)
    assert env.final_obs.shape == (3, 108) and env.final_obs.dtype == np.float32
    assert info["final_obs"] is env.final_obs and info["_final_obs"] is env.final_done
    assert not info["_final_obs"].any() and not env.final_obs.flags.writeable
    states = [pickpack.new_game("breakthrough", seed=int(s)) for s in env.game_seeds]
    plies = [0, 0, 0]
    ended = cut = 0
    for t in range(120):
        actions = env.random_actions(t)
        obs, rewards, term, trunc, info = env.step(actions)
        for b, st in enumerate(states):
            mover = st.current_player_id()
            st.apply_action(int(actions[b]))
            plies[b] += 1
            over = st.is_terminal() or plies[b] == max_steps
            assert info["_final_obs"][b] == over == (term[b] or trunc[b])
            if not over:
                continue
            seat = mover if st.is_terminal() else st.current_player_id()
            assert np.array_equal(info["final_obs"][b], np.asarray(st.observation_tensor(seat), np.float32))
            ended += int(term[b])
            cut += int(trunc[b])
            states[b], plies[b] = pickpack.new_game("breakthrough", seed=int(env.game_seeds[b])), 0
            assert np.array_equal(obs[b], np.asarray(states[b].observation_tensor(0), np.float32))
    assert (cut >= 30 and ended == 0) if max_steps else (ended >= 3 and cut == 0)
    nxt = MultiAgentVectorEnv("breakthrough", 3)
    obs, info = nxt.reset(seed=6)
    assert nxt.final_obs is None and nxt.final_done is None and sorted(info) == ["action_mask", "current_player"]
