"""The single-agent form of pickpack.vector as a Gymnasium ``VectorEnv`` (issue 21;
docs/vector.md, "Single-agent form"): the learner takes one seat of B games, the other
seats are played in C by a built-in policy.

Needs NumPy and Gymnasium (``pip install 'pickpack-engine[vector]'``): importing this module
without them raises ImportError naming the extra (pickpack.install_hint).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pickpack.game import Game
from pickpack.install_hint import install_hint

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError:
    raise ImportError(f"pickpack.vector.SingleAgentVectorEnv {install_hint('vector')}") from None

from pickpack.vector.batch import Batch, BatchThreads, VectorSpec

__all__ = ["SingleAgentVectorEnv"]

_MODES = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}

Obs = npt.NDArray[np.float32]
Infos = dict[str, Any]


def _autoreset(value: object) -> str:
    """"next_step"/"same_step" for those names or Gymnasium's AutoresetMode members."""
    if isinstance(value, AutoresetMode):
        for name, mode in _MODES.items():
            if mode is value:
                return name
        raise ValueError(f"autoreset must be 'next_step' or 'same_step' (AutoresetMode.NEXT_STEP or SAME_STEP), "
                         f"not {value}: a disabled autoreset (reset with options['reset_mask']) is not offered")
    if not isinstance(value, str) or value not in _MODES:
        raise ValueError(f"autoreset must be 'next_step' or 'same_step' (AutoresetMode.NEXT_STEP or SAME_STEP), "
                         f"not {value!r}")
    return value


class SingleAgentVectorEnv(BatchThreads, VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """B games of one C game, the learner in ``seat`` of each, the other seats played
    in C by ``opponent``: a ``gymnasium.vector.VectorEnv``.

    ``SingleAgentVectorEnv(game, num_envs, *, seat=0, opponent="random",
    simulations=100, players=None, variant=None, options=None, autoreset="next_step",
    max_episode_steps=None, num_threads=1, copy=True)``.

    ``game``: a registry name or a pickpack.Game whose state is a C state with an
    observation (Pick & Pack, PUSH, PACRU by its 82 action tokens, Breakthrough). ``opponent``: ``"random"`` (uniform
    over every legal action), ``"rollout"`` (the game's rollout policy: what its
    playouts play) or ``"mcts"`` (the game's C MCTS at ``simulations`` simulations a
    decision, determinized for the seat it plays: it sees what that seat sees).

    Spaces (B environments, A distinct actions, O the observation shape):
    ``single_observation_space`` Box(0, 1, O, float32), ``observation_space``
    Box(0, 1, (B, *O), float32); ``single_action_space`` Discrete(A),
    ``action_space`` MultiDiscrete([A] * B). ``metadata["autoreset_mode"]``: the
    Gymnasium AutoresetMode.

    ``reset(seed=None, options=None)`` -> ``(obs, infos)``; ``step(actions)`` ->
    ``(obs, rewards, terminations, truncations, infos)``:

    - ``obs`` float32 [B, *O]: the learner's observation tensor (values 0..1);
    - ``rewards`` float32 [B]: the learner's return (the game's ``returns()[seat]``)
      at the step that ends its game, else 0;
    - ``terminations``/``truncations`` bool [B]: the game ended / was cut after
      ``max_episode_steps`` decisions of the learner (or more plies than the game can
      last);
    - ``infos["action_mask"]`` int8 [B, A], 1 for each legal action of the learner
      (none at a final state): the dtype ``action_space.sample(mask=tuple(m))`` and
      ``single_action_space.sample(mask=m[b])`` take; ``infos["_action_mask"]`` bool
      [B], all True (Gymnasium's per-key presence mask); ``action_masks()`` the same
      as bool [B, A] (sb3-contrib's MaskablePPO name);
    - ``"same_step"`` only, at a step where some game ended: ``infos["final_obs"]``
      object [B] (the final observation, float32 O, where ``infos["_final_obs"]``,
      else None) and ``infos["final_info"]`` {} with ``infos["_final_info"]``
      (Gymnasium's SyncVectorEnv keys).

    ``vector_spec``: the batch's VectorSpec (``spec`` is Gymnasium's EnvSpec: None, or
    the id's when made by ``gymnasium.make_vec("pickpack/<game>-v0", ...)``,
    pickpack.vector.gymnasium_ids). A fresh game that ends before the learner's first
    decision is skipped (the stream's next game starts); after START_TRIES (16) such
    games in a row, the reset or step raises NoDecisionError (pickpack.vector.batch).
    ``copy=True`` (Gymnasium's default): every call returns new arrays; ``copy=False``:
    the same read-only arrays, written in place by C at every call (copy what you
    keep).

    Autoreset: ``"next_step"``: the step after a final state ignores that
    environment's action and returns its next game's first observation (reward 0, flags
    False); ``"same_step"``: the final step returns the next game's first observation
    with the final reward and flags. Seeds: ``reset(seed=s)`` (an int) gives
    environment b the SplitMix64 stream of ``derive_seed(s, b)``
    (pickpack.match.seeding; or B given ints); its game k the start seed and the play
    seed from that stream (pp_vector.h), the play seed a pp_rng from which chance
    outcomes, the opponents' decisions (random, rollout) and each MCTS search's seed
    are drawn in the order they happen; ``game_seeds`` the start seed of each current
    game. ``reset()`` without a seed draws the B seeds from ``np_random`` (seeded by
    the last int seed; fresh at first), so a seeded reset fixes every later one.

    Errors: TypeError/ValueError naming the argument (seat, opponent, simulations,
    autoreset, options, seed, actions), OptionError (players, variant, options),
    IllegalBatchActionError (environment index and rule; nothing of the batch
    changed), RuntimeError for a step before ``reset``, NoDecisionError (the learner's
    seat never gets a move: above).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, game: str | Game[Any], num_envs: int, *, seat: int = 0, opponent: str = "random",
                 simulations: int = 100, players: int | None = None, variant: str | None = None,
                 options: Mapping[str, Any] | None = None, autoreset: str | AutoresetMode = "next_step",
                 max_episode_steps: int | None = None, num_threads: int = 1, copy: bool = True) -> None:
        mode = _autoreset(autoreset)
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        if seat < 0:
            raise ValueError(f"seat must be a seat 0.., not {seat}")
        if not isinstance(copy, bool):
            raise TypeError(f"copy must be a bool, not {type(copy).__name__}")
        self._batch = Batch(game, num_envs, learner=int(seat), opponent=opponent, simulations=simulations,
                            players=players, variant=variant, options=options, mask="bytes", autoreset=mode,
                            max_episode_steps=max_episode_steps, num_threads=num_threads)
        b = self._batch
        self.metadata = {"autoreset_mode": _MODES[mode], "render_modes": []}
        self.num_envs = b.num_envs
        self.seat = b.learner
        self.opponent = opponent
        self.copy = copy
        self.vector_spec: VectorSpec = b.spec
        self.single_observation_space = spaces.Box(0.0, 1.0, b.observation_shape, np.float32)
        self.single_action_space = spaces.Discrete(b.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._rewards = b.rewards[:, 0]
        self._mask = b._mask.view(np.int8)             # 0/1 bytes: int8, as Gymnasium's sample(mask=) takes
        self._mask.flags.writeable = False
        self._present = np.ones(self.num_envs, np.bool_)
        self._present.flags.writeable = False
        self._final: npt.NDArray[np.float32] | None = None
        if mode == "same_step":
            self._final = np.zeros((self.num_envs, int(np.prod(b.observation_shape))), np.float32)
            b._c.keep_final_obs(self._final)

    def _out(self, a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.copy() if self.copy else a

    def _infos(self) -> Infos:
        return {"action_mask": self._out(self._mask), "_action_mask": self._out(self._present)}

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, Infos]:
        """Start every game afresh: ``(obs, infos)`` (class docstring). ``seed``: an
        int 0..2**64-1 (also seeds ``np_random``), B such ints, or None (B seeds drawn
        from ``np_random``). ``options``: None or {} (ValueError naming any key)."""
        if options:
            raise ValueError(f"options: SingleAgentVectorEnv.reset takes no options, not {sorted(options)!r}")
        if seed is None:
            seeds: Any = self.np_random.integers(0, 2**64, self.num_envs, dtype=np.uint64, endpoint=False)
        else:
            seeds = self._batch.seeds(seed)
            if isinstance(seed, int | np.integer):
                super().reset(seed=int(seed))
        self._batch.reset(seeds)
        return self._out(self._batch.obs), self._infos()

    def step(self, actions: npt.ArrayLike) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_],
                                                     npt.NDArray[np.bool_], Infos]:
        """Apply ``actions`` (integers [B], the learner's decision in each game; ignored
        where the last step ended it, "next_step"), then let the other seats play:
        ``(obs, rewards, terminations, truncations, infos)`` (class docstring). Every
        action is checked before any game is stepped: IllegalBatchActionError naming
        the environment and the rule, nothing changed; TypeError for a non-integer
        dtype, ValueError for a shape other than (B,)."""
        b = self._batch
        b.step(actions)
        infos = self._infos()
        if self._final is not None:
            ended = b.terminations | b.truncations
            if ended.any():
                final = np.full(self.num_envs, None, dtype=object)
                for i in np.flatnonzero(ended):
                    final[i] = self._final[i].reshape(b.observation_shape).copy()
                infos["final_obs"], infos["_final_obs"] = final, ended.copy()
                infos["final_info"], infos["_final_info"] = {}, ended.copy()
        return (self._out(b.obs), self._out(self._rewards), self._out(b.terminations), self._out(b.truncations),
                infos)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """bool [B, A]: the learner's legal actions now (``infos["action_mask"]`` as
        bool)."""
        return self._out(self._batch.action_mask)

    @property
    def game_seeds(self) -> npt.NDArray[np.uint64]:
        """uint64 [B]: the start seed of each current game: ``pickpack.new_game(name,
        seed=game_seeds[b])`` is its start in the single-state API."""
        return self._batch.game_seeds

    @property
    def num_actions(self) -> int:
        """A: the distinct actions of the game (``single_action_space.n``)."""
        return self._batch.num_actions
