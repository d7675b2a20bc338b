"""pickpack.vector's multi-agent batched environment (issue 21): shapes, masks,
rewards, reproducibility against the single-state API (same seed, same trajectory),
and bad input refused before any game is stepped."""

import numpy as np
import pytest

import pickpack
from pickpack.vector import IllegalBatchActionError, MultiAgentVectorEnv


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
    with pytest.raises(ValueError, match="action tokens"):
        MultiAgentVectorEnv("pacru", 2)
    with pytest.raises(ValueError, match="read-only"):
        env.obs[0, 0] = 1.0


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
