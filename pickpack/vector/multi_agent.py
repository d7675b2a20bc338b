"""The multi-agent (self-play) form of pickpack.vector: the caller acts for whichever
seat is to move in each of B games (docs/vector.md, "Multi-agent form")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pickpack.game import Game
from pickpack.vector.batch import Batch, BatchThreads, VectorSpec, _read_only

__all__ = ["MultiAgentVectorEnv"]

Arrays = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
               dict[str, npt.NDArray[Any]]]


class MultiAgentVectorEnv(BatchThreads):
    """B independent games of one C game, stepped in C; the caller acts for every seat.

    ``MultiAgentVectorEnv(game, num_envs, *, players=None, variant=None, options=None,
    mask="bytes", autoreset="next_step", max_episode_steps=None, num_threads=1)``.
    ``game``: a registry name or a pickpack.Game whose state is a C state with an
    observation (Pick & Pack, PUSH, Breakthrough, PACRU). A game whose actions need
    tokens (PACRU: 1,097,206,560 actions) is stepped by its action tokens, the ones the
    adapters use (pickpack.action_tokens, core/pacru/pacru_tokens.h): a decision is a
    token (A = 82), the seat to move keeps deciding until its tokens name one action
    (``spec.max_tokens`` at most), and the observation is the game's tensor followed by
    the turn's token rows (the adapters' tensor). Arrays (B environments, P seats, A
    distinct decisions, O the observation shape), the same NumPy arrays at every call,
    written in place, read-only (copy to keep):

    - ``obs`` float32 [B, *O]: the observation tensor of the seat to move (at a final
      state: of the seat that took the last decision);
    - ``action_mask`` bool [B, A] (``mask="bits"``: uint8 [B, ceil(A/8)], action a in
      bit a % 8 of byte a // 8): every legal action of that decision; none at a final
      state;
    - ``current_player`` int32 [B]: the seat to move, -4 (pickpack.game.TERMINAL) at a
      final state;
    - ``rewards`` float32 [B, P]: each seat's return (the game's returns: win 1, loss
      -1, draw 0 in a two-player game) at the step that ends its game, else 0;
    - ``terminations``/``truncations`` bool [B]: the game ended / was cut
      (``max_episode_steps`` decisions, or more plies than the game can last).

    Chance nodes are resolved in C from the game's exact integer weights. Autoreset
    (Gymnasium 1.x's modes): ``"next_step"``: the step after a final state ignores that
    environment's action and starts its next game (rewards 0, flags False);
    ``"same_step"``: the final step's rewards and flags come with the next game's first
    observation, mask and player, and the final observation in ``final_obs`` float32
    [B, *O] (also ``infos["final_obs"]``): row b, where ``final_done[b]``
    (``infos["_final_obs"]``, bool [B]: terminations | truncations of that step), is
    the observation of environment b's final state as ``"next_step"``'s ``obs`` shows
    it (of the seat that took the last decision; of the seat to move in a cut game),
    the other rows stale (Gymnasium's SyncVectorEnv keys; here one array written in
    place by C, no Python object per game; ``final_obs`` is None with
    ``"next_step"``). Seeds: ``reset(seed)``, environment b's stream from
    ``derive_seed(seed, b)`` (or B given seeds); its game k from that stream
    (core/common/pp_vector.h), ``game_seeds`` the start seed of each current game.
    Errors: TypeError/ValueError naming the argument, OptionError (players, variant,
    options), IllegalBatchActionError naming the environment and the rule,
    NoDecisionError (pickpack.vector.batch) when an environment's fresh games end
    before any seat's decision, START_TRIES (16) of them in a row.
    """

    def __init__(self, game: str | Game[Any], num_envs: int, *, players: int | None = None,
                 variant: str | None = None, options: Mapping[str, Any] | None = None, mask: str = "bytes",
                 autoreset: str = "next_step", max_episode_steps: int | None = None, num_threads: int = 1) -> None:
        self._batch = Batch(game, num_envs, learner=-1, opponent="random", simulations=1, players=players,
                            variant=variant, options=options, mask=mask, autoreset=autoreset,
                            max_episode_steps=max_episode_steps, num_threads=num_threads)
        b = self._batch
        self.num_envs = b.num_envs
        self.num_players = b.num_players
        self.num_actions = b.num_actions
        self.spec: VectorSpec = b.spec
        self.obs = b.obs
        self.action_mask = b.action_mask
        self.current_player = b.current_player
        self.rewards = b.rewards
        self.terminations = b.terminations
        self.truncations = b.truncations
        self._infos: dict[str, npt.NDArray[Any]] = {"action_mask": b.action_mask,
                                                    "current_player": b.current_player}
        self.final_obs: npt.NDArray[np.float32] | None = None
        self.final_done: npt.NDArray[np.bool_] | None = None
        self._done = np.zeros(self.num_envs, np.bool_)
        if autoreset == "same_step":
            final = np.zeros(b._obs.shape, np.float32)
            b._c.keep_final_obs(final)
            self.final_obs = _read_only(final.reshape((self.num_envs, *b.observation_shape)))
            self.final_done = _read_only(self._done)
            self._infos["final_obs"] = self.final_obs
            self._infos["_final_obs"] = self.final_done

    def reset(self, seed: int | Sequence[int] | npt.ArrayLike | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, npt.NDArray[Any]]]:
        """Start every game afresh; ``(obs, infos)``, infos ``{"action_mask",
        "current_player"}`` (``"same_step"``: also ``"final_obs"``, ``"_final_obs"``, all
        False here). ``seed``: an int, B ints 0..2**64-1, or None (fresh)."""
        self._batch.reset(seed)
        self._done[:] = False
        return self.obs, self._infos

    def step(self, actions: npt.ArrayLike) -> Arrays:
        """Apply ``actions`` (integers [B]: the decision of the seat to move in each
        game; ignored where the last step ended the game, "next_step") and return
        ``(obs, rewards, terminations, truncations, infos)``. Every action is checked
        before any game is stepped: IllegalBatchActionError (environment index, rule)
        and nothing changed; TypeError/ValueError for another dtype or shape."""
        self._batch.step(actions)
        if self.final_obs is not None:
            np.logical_or(self.terminations, self.truncations, out=self._done)
        return self.obs, self.rewards, self.terminations, self.truncations, self._infos

    def random_actions(self, seed: int) -> npt.NDArray[np.int32]:
        """A new int32 [B]: a uniformly random legal action per game (0 where over),
        drawn in C from pp_rng(seed); the games' own streams are not touched."""
        return self._batch.random_actions(seed)

    @property
    def game_seeds(self) -> npt.NDArray[np.uint64]:
        """uint64 [B]: the seed of each current game (``new_game(name, seed=...)``)."""
        return self._batch.game_seeds
