"""The batch both forms of pickpack.vector step: the checks of every argument, the
NumPy arrays the C batch (pickpack._cvector, core/common/pp_vector.h) writes in place,
and the checked step (every action checked before any game is stepped).

Game-neutral: the game is found by name; its state must be a C state whose ops table
has an observation.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pickpack._cstate import CState
from pickpack._cvector import CVector
from pickpack.action_tokens import CSteppedActionTokens
from pickpack.errors import IllegalMoveError, illegal_move_message
from pickpack.game import Game
from pickpack.games_registry import get_game
from pickpack.match.seeding import derive_seed

__all__ = ["AUTORESET_MODES", "MASK_KINDS", "MAX_MASK_ACTIONS", "OPPONENTS", "START_TRIES", "Batch",
           "IllegalBatchActionError", "NoDecisionError", "VectorSpec"]

#: Autoreset modes (Gymnasium 1.x's AutoresetMode values) -> pp_vector.h's numbers.
AUTORESET_MODES = {"next_step": 0, "same_step": 1}
#: Mask layouts: one bool per action, or one bit per action (8 actions a byte).
MASK_KINDS = {"bytes": 0, "bits": 1}
#: Built-in opponents of the single-agent form -> pp_vector.h's numbers.
OPPONENTS = {"random": 0, "rollout": 1, "mcts": 2}
#: The most distinct actions a mask row is made for; a game with more (PACRU) is
#: stepped by its action tokens (its action_tokens part, a CSteppedActionTokens).
MAX_MASK_ACTIONS = 1 << 20
#: Fresh games tried in a row for one that reaches a decision of the caller (the
#: learner's seat, or any seat in the multi-agent form): PP_VECTOR_START_TRIES of
#: core/common/pp_vector.c.
START_TRIES = 16
MAX_ENVS = 1 << 24
MAX_THREADS = 256
_INT32 = np.iinfo(np.int32)


class IllegalBatchActionError(IllegalMoveError):
    """An action of a batch that the rules do not allow in its environment's game:
    ``env_index`` names the environment, ``rule``/``reason``/``action`` as
    IllegalMoveError (from the game's C table: error_rule, error_reason). Raised before
    any game of the batch is stepped; nothing of the batch has changed."""

    def __init__(self, env_index: int, action: int, rule: str, reason: str) -> None:
        super().__init__(f"environment {env_index}: {illegal_move_message(action, rule, reason)}", rule,
                         reason=reason, action=action)
        self.env_index = env_index


class NoDecisionError(RuntimeError):
    """START_TRIES fresh games in a row of environment ``env_index`` ended (or were cut)
    before the caller had a decision: in the single-agent form before seat ``seat``
    (the learner) was to move, in the multi-agent form (``seat`` None) before any seat
    was. The seat never gets a move in this game, player count and options (PACRU with
    ``max_plies=1`` and the learner in seat 1: the first player's move ends every
    game, PA-E3). Raised by the reset or step that started those games, after the
    batch was stepped; the batch then needs ``reset()`` (a step before it: RuntimeError).
    """

    def __init__(self, env_index: int, seat: int | None, game: str, cut: bool) -> None:
        who = "any seat" if seat is None else f"seat {seat} (the learner)"
        how = "ended or were cut (more plies than the game can last)" if cut else "ended"
        super().__init__(f"environment {env_index}: {START_TRIES} fresh games of {game!r} in a row {how} before "
                         f"{who} had a decision: that seat never gets a move with these players, variant and "
                         "options; choose another seat or options (the batch needs reset())")
        self.env_index = env_index
        self.seat = seat


@dataclass(frozen=True)
class VectorSpec:
    """The facts of a batch: ``game`` (registry name), ``num_envs`` (B), ``num_players``
    (P), ``num_actions`` (A, distinct decision actions), ``observation_shape`` (of one
    environment's tensor), ``mask`` ("bytes": ``action_mask`` bool [B, A]; "bits":
    uint8 [B, ceil(A / 8)], action a in bit a % 8 of byte a // 8), ``autoreset``
    ("next_step" or "same_step"), ``bytes_per_env`` (the C batch's state, legal
    list and outputs per environment) and ``max_tokens`` (1: a decision is one of the
    game's actions; more: the game's actions need tokens, PACRU, and a decision is a
    token, A the codec's vocabulary, at most ``max_tokens`` decisions of the same seat
    making one action)."""

    game: str
    num_envs: int
    num_players: int
    num_actions: int
    observation_shape: tuple[int, ...]
    mask: str
    autoreset: str
    bytes_per_env: int
    max_tokens: int = 1


def _int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low}..{high}, not {value}")
    return int(value)


def _choice(name: str, value: object, choices: Mapping[str, int]) -> int:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")
    return choices[value]


def _game(game: str | Game[Any]) -> Game[Any]:
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a game's name or a pickpack.Game, not {type(game).__name__}")
    return get_game(game)


def _fixed_start(game: Game[Any], variant: str | None, options: Mapping[str, Any]) -> bool:
    """True when a set-up option (GameOption.setup: a deal, placements) differs from its
    default: every game then starts at the one start state built from them."""
    values = game.resolve_options(variant, options)
    return any(opt.setup and values[name] != opt.default for name, opt in game.options.items())


class Batch:
    """B games of one C game in one C batch, and the NumPy arrays it writes.

    ``learner`` < 0: multi-agent; else the learner's seat, the other seats played by
    ``opponent`` ("random", "rollout", "mcts" at ``simulations``). Raises TypeError or
    ValueError naming the argument (game, num_envs, players, variant, options, mask,
    autoreset, max_episode_steps, num_threads, seat, opponent, simulations), OptionError
    for a player count, variant or option the game does not offer, MemoryError.
    """

    def __init__(self, game: str | Game[Any], num_envs: int, *, learner: int, opponent: str, simulations: int,
                 players: int | None, variant: str | None, options: Mapping[str, Any] | None, mask: str,
                 autoreset: str, max_episode_steps: int | None, num_threads: int) -> None:
        self.game = _game(game)
        self.num_envs = _int("num_envs", num_envs, 1, MAX_ENVS)
        mask_kind = _choice("mask", mask, MASK_KINDS)
        reset_mode = _choice("autoreset", autoreset, AUTORESET_MODES)
        opponent_kind = _choice("opponent", opponent, OPPONENTS)
        sims = _int("simulations", simulations, 1, 1 << 30)
        max_steps = 0 if max_episode_steps is None else _int("max_episode_steps", max_episode_steps, 1, 1 << 62)
        self.num_threads = _int("num_threads", num_threads, 1, MAX_THREADS)
        opts = dict(options or {})
        fixed = _fixed_start(self.game, variant, opts)
        start = self.game.new_state(players=players, seed=0, variant=variant, **opts)
        if not isinstance(start, CState):
            raise TypeError(f"game {self.game.name!r} is not a C game: pickpack.vector steps games whose state "
                            "is a pickpack._cstate.CState with an observation in its C ops table")
        self.max_tokens = 1
        if int(start._table()["num_distinct_actions"]) > MAX_MASK_ACTIONS:
            start = self._token_start(start)
        self.num_actions = int(start._table()["num_distinct_actions"])
        try:
            self.observation_shape = tuple(int(n) for n in start.observation_tensor_shape())
        except TypeError as exc:
            raise TypeError(f"game {self.game.name!r}: pickpack.vector needs an observation tensor: {exc}") from None
        self.num_players = int(start.num_players)
        self.learner = -1 if learner < 0 else _int("seat", learner, 0, self.num_players - 1)
        b = self.num_envs
        size = math.prod(self.observation_shape)
        width = self.num_actions if mask_kind == 0 else (self.num_actions + 7) // 8
        self._obs = np.zeros((b, size), np.float32)
        self._mask = np.zeros((b, width), np.uint8)
        self._player = np.zeros(b, np.int32)
        self._rewards = np.zeros((b, 1 if self.learner >= 0 else self.num_players), np.float32)
        self._term = np.zeros(b, np.uint8)
        self._trunc = np.zeros(b, np.uint8)
        self._c = CVector(start, b, self.learner, opponent_kind, sims, mask_kind, reset_mode, max_steps, fixed,
                          self._obs, self._mask, self._player, self._rewards, self._term, self._trunc)
        self._next_step = reset_mode == AUTORESET_MODES["next_step"]
        self._stuck = np.zeros(b, np.bool_)
        self.obs = _read_only(self._obs.reshape((b, *self.observation_shape)))
        self.action_mask = _read_only(self._mask.view(np.bool_) if mask_kind == 0 else self._mask)
        self.current_player = _read_only(self._player)
        self.rewards = _read_only(self._rewards)
        self.terminations = _read_only(self._term.view(np.bool_))
        self.truncations = _read_only(self._trunc.view(np.bool_))
        self.spec = VectorSpec(self.game.name, b, self.num_players, self.num_actions, self.observation_shape,
                               mask, autoreset, int(self._c.bytes_per_env), self.max_tokens)
        self._started = False

    def _token_start(self, start: CState) -> CState:
        """The start of a game whose actions need tokens (more than MAX_MASK_ACTIONS
        distinct actions, PACRU): the same position as a C state over the game's token
        view (its ``action_tokens`` part, a CSteppedActionTokens), whose decisions are
        the tokens the adapters use. ValueError when the game offers no such view."""
        actions = int(start._table()["num_distinct_actions"])
        codec = self.game.load("action_tokens")
        if not isinstance(codec, CSteppedActionTokens):
            raise ValueError(f"game {self.game.name!r} has {actions:,} distinct actions: a mask over them "
                             "cannot exist, and its action_tokens part steps no tokens in C "
                             "(pickpack.action_tokens.CSteppedActionTokens)")
        tokens = codec.c_token_state(start)
        if not isinstance(tokens, CState):
            raise TypeError(f"game {self.game.name!r}: its action_tokens part's c_token_state gave a "
                            f"{type(tokens).__name__}, not a pickpack._cstate.CState")
        self.max_tokens = int(codec.max_tokens)
        return tokens

    def seeds(self, seed: int | Sequence[int] | npt.ArrayLike | None) -> npt.NDArray[np.uint64]:
        """The per-environment seeds: ``derive_seed(seed, b)`` (pickpack.match.seeding)
        for an int seed, a fresh random int for None, or B given ints 0..2**64-1.
        TypeError/ValueError naming ``seed`` otherwise."""
        b = self.num_envs
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, int | np.integer) and not isinstance(seed, bool):
            base = _int("seed", seed, 0, 2**64 - 1)
            return np.array([derive_seed(base, i) for i in range(b)], np.uint64)
        if isinstance(seed, bool | str | bytes | float):
            raise TypeError(f"seed must be an int, B ints or None, not {type(seed).__name__}")
        arr = np.asarray(seed, dtype=object)
        if arr.ndim != 1:
            raise ValueError(f"seed: {b} seeds expected (one per environment), not an array of shape {arr.shape}")
        values: list[object] = arr.tolist()
        if len(values) != b:
            raise ValueError(f"seed: {b} seeds expected (one per environment), not {len(values)}")
        for i, v in enumerate(values):
            _int(f"seed[{i}]", v, 0, 2**64 - 1)
        return np.array(values, np.uint64)

    def reset(self, seed: int | Sequence[int] | npt.ArrayLike | None) -> None:
        """Start every environment afresh (``seeds``) and write every array.
        NoDecisionError when some environment's games never reach a decision of the
        caller (START_TRIES fresh games in a row)."""
        self._c.reset(self.seeds(seed))
        self._started = True
        self._check_decisions()

    def _check_decisions(self) -> None:
        """NoDecisionError naming the first environment that sits at a game with no
        decision of the caller although it was just started (pp_vector.c's start_game
        gave up after START_TRIES games): the learner (any seat, multi-agent) is not to
        move, and, "next_step", the last step did not just end the environment's game
        (a reset clears every flag)."""
        player, stuck = self._player, self._stuck
        if self.learner >= 0:
            np.not_equal(player, self.learner, out=stuck)
        else:
            np.less(player, 0, out=stuck)
        if self._next_step:
            stuck &= (self._term | self._trunc) == 0
        if stuck.any():
            b = int(np.argmax(stuck))
            self._started = False
            raise NoDecisionError(b, None if self.learner < 0 else self.learner, self.game.name,
                                  cut=bool(player[b] >= 0))

    def actions(self, actions: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """``actions`` as a contiguous int32 [B] array: TypeError for a non-integer
        dtype (bool and float included), ValueError for another shape; values beyond
        int32 become one every game's check refuses."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be an integer array of shape ({self.num_envs},), not dtype {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},) (one per environment), not {a.shape}")
        if a.dtype != np.int32:
            a = np.clip(a, _INT32.min, _INT32.max) if a.dtype.kind == "i" else np.minimum(a, _INT32.max)
        return np.ascontiguousarray(a, dtype=np.int32)

    def step(self, actions: npt.ArrayLike) -> None:
        """Check every action (IllegalBatchActionError naming the first environment
        whose action breaks a rule; nothing changed then), then step every game in C
        without the GIL on ``num_threads`` threads. RuntimeError before ``reset``;
        NoDecisionError when a game it started never reached a decision of the caller."""
        if not self._started:
            raise RuntimeError("pickpack.vector: call reset() before step()")
        a = self.actions(actions)
        fault = self._c.check(a)
        if fault is not None:
            raise IllegalBatchActionError(*fault)
        self._c.step(a, self.num_threads)
        self._check_decisions()

    def random_actions(self, seed: int) -> npt.NDArray[np.int32]:
        """A new int32 [B] array: one uniformly random legal action per environment (0
        where a game is over), drawn in C from pp_rng(seed) in environment order."""
        out = np.zeros(self.num_envs, np.int32)
        self._c.random_actions(_int("seed", seed, 0, 2**64 - 1), out)
        return out

    @property
    def game_seeds(self) -> npt.NDArray[np.uint64]:
        """uint64 [B]: the start seed of each environment's current game: the game is
        ``new_game(name, players=..., seed=game_seeds[b], ...)`` of the single-state API
        (for a game whose start has randomness and no fixed set-up option)."""
        return np.array(self._c.game_seeds, np.uint64)


class BatchThreads:
    """``num_threads`` of an environment over a Batch ``_batch`` (both vector forms)."""

    _batch: Batch

    @property
    def num_threads(self) -> int:
        """Threads a step runs on (1..256); the results do not depend on it. ValueError/
        TypeError when set outside 1..256 or to a non-int."""
        return self._batch.num_threads

    @num_threads.setter
    def num_threads(self, n: int) -> None:
        self._batch.num_threads = _int("num_threads", n, 1, MAX_THREADS)


def _read_only(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A view of ``a`` that the caller cannot write (the C batch keeps writing ``a``)."""
    v = a.view()
    v.flags.writeable = False
    return v
