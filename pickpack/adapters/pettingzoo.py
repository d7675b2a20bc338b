"""Every pickpack game as a PettingZoo AEC environment (extra ``pettingzoo``; guide:
docs/adapters.md, "PettingZoo").

``env("pickpack")`` (or a ``pickpack.Game`` object, e.g. the Pig example) is the
environment wrapped in PettingZoo's ``OrderEnforcingWrapper``; ``raw_env`` is the bare
class. The agents are the game's player names (``"red"``, ``"blue"``; ``"p1"``..). Each
observation is a dict: ``"observation"`` (the game's observation tensor, float32 in
0..1, exactly what ``state.observation(agent)`` shows), ``"action_mask"`` (int8, 1 for
each legal action of the agent to move; all zeros for the others) and, for a game with
an action-token codec (PACRU), ``"tokens"`` (the tokens of the turn so far, one one-hot
row each: a PACRU turn is a few decisions by the same agent). Chance nodes are never an
agent's turn: ``step`` resolves them with the exact probabilities from the generator
``reset(seed=)`` seeded. Rewards are the game's ``returns()``, given when it ends; in a
game whose seats can leave (pickpack.game.EliminationState: PACRU's PA-E1), an agent
that is out is terminated then, with its final return as reward, and removed from
``agents`` after its dead step (PettingZoo's convention). An
illegal, masked-out or non-integer action ends the game for every agent: the offender
gets the game's ``min_utility``, the others 0, and ``infos[offender]["illegal_move"]``
gives the reason (PettingZoo's ``TerminateIllegalWrapper`` semantics, with the reason).

    >>> import pickpack.adapters.pettingzoo as pz
    >>> e = pz.env("pickpack", render_mode="ansi")
    >>> e.reset(seed=1)
    >>> e.agents, e.agent_selection, e.action_space("red")
    (['red', 'blue'], 'red', Discrete(10230))
    >>> seen = e.observe("red")
    >>> sorted(seen), seen["observation"].shape, int(seen["action_mask"].sum())
    (['action_mask', 'observation'], (878,), 6)

Importing this module without PettingZoo, Gymnasium or NumPy raises ImportError naming
the extra to install (pickpack.install_hint).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pickpack.adapters.play import AdaptedState, resolve_game
from pickpack.game import EliminationState, Game
from pickpack.install_hint import install_hint

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils.seeding import np_random
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
except ImportError:
    raise ImportError(f"pickpack.adapters.pettingzoo {install_hint('pettingzoo')}") from None

from pickpack.adapters.pettingzoo_random import GeneratorRandom
from pickpack.match.chance import sample_outcome

__all__ = ["MAX_ACTIONS", "RENDER_MODES", "PickpackAECEnv", "env", "raw_env"]

#: The render modes offered: ``"ansi"`` (``render()`` returns ``str(state)``, the board text).
RENDER_MODES = ("ansi",)

#: The largest action space offered as one Discrete space with a mask (16 MB of int8);
#: a game with more actions needs an ``action_tokens`` codec.
MAX_ACTIONS = 1 << 24


def _as_action(action: Any) -> Any:
    """``action`` as a Python int when it is an integer (int, NumPy integer scalar or
    0-d integer array, as ``Discrete.contains`` accepts); anything else unchanged (then
    AdaptedState.check names its type)."""
    if isinstance(action, bool):
        return action
    if isinstance(action, int):
        return action
    if isinstance(action, np.integer):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    return action


class PickpackAECEnv(AECEnv):
    """A pickpack game as a PettingZoo ``AECEnv`` (module docstring).

    ``PickpackAECEnv(game, render_mode=None, players=None, variant=None, **options)``:
    ``game`` is an installed game's name or a ``pickpack.Game``; ``players``, ``variant``
    and ``options`` are those of ``Game.new_state``. Raises PluginNotFoundError (unknown
    game name, listing the installed ones), TypeError (``game`` neither, or a game
    without observation tensors), OptionError (a player count, variant or option the
    game does not offer) and ValueError (a render mode other than None or "ansi").

    - ``possible_agents``: the player names, seat order; ``agents``: those not yet
      removed after the end (PettingZoo's dead-step protocol).
    - ``observation_space(agent)``: ``Dict(observation=Box(0, 1, game shape, float32),
      action_mask=Box(0, 1, (n,), int8)[, tokens=Box(0, 1, (max_tokens, vocabulary),
      float32)])``; ``action_space(agent)``: ``Discrete(n)``, n = the codec's vocabulary
      or the game's ``num_distinct_actions``.
    - ``state``: the pickpack state being played (None before the first reset); it
      shadows AECEnv's ``state()`` global-view method, which this environment does not
      offer. ``adapted``: the same state as pickpack.adapters.play.AdaptedState.
    - ``np_random``: the Generator chance outcomes are drawn from (Gymnasium's seeding).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "pickpack_v0",
                                "is_parallelizable": False}

    def __init__(self, game: str | Game[Any], render_mode: str | None = None, players: int | None = None,
                 variant: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game: Game[Any] = resolve_game(game)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not offered; render modes: "
                             f"{', '.join(map(repr, RENDER_MODES))} or None")
        self.render_mode = render_mode
        self._setup: dict[str, Any] = {"players": players, "variant": variant, **options}
        template = AdaptedState(self.game.new_state(seed=0, **self._setup))
        self.metadata = {**type(self).metadata, "name": f"pickpack_{self.game.name}_v0"}
        self.possible_agents: list[str] = list(template.state.players)
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        shapes = template.tensor_shapes()
        self._shape: tuple[int, ...] = shapes["observation"]
        self._size = math.prod(self._shape)
        self._tokens_shape: tuple[int, ...] | None = shapes.get("tokens")
        self.num_actions: int = template.num_actions
        if self.num_actions > MAX_ACTIONS:
            raise ValueError(f"game {self.game.name} has {self.num_actions:,} distinct actions, too many for "
                             f"an action mask (at most {MAX_ACTIONS:,}); it needs an action_tokens codec "
                             "(pickpack.action_tokens)")
        parts: dict[str, gymnasium.Space[Any]] = {
            "observation": spaces.Box(0.0, 1.0, self._shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8)}
        if self._tokens_shape is not None:
            parts["tokens"] = spaces.Box(0.0, 1.0, self._tokens_shape, np.float32)
        self.observation_spaces = {a: spaces.Dict(dict(parts)) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state: Any = None
        self.adapted: AdaptedState | None = None
        self.np_random: np.random.Generator | None = None
        self._chance: GeneratorRandom | None = None
        self._leaves = False        # seats can leave before the end (EliminationState)

    # -- spaces -----------------------------------------------------------------------

    def _check_agent(self, agent: str) -> int:
        """The seat of ``agent``; KeyError naming the agents otherwise."""
        try:
            return self._seat[agent]
        except (KeyError, TypeError):
            raise KeyError(f"no agent {agent!r} in {self.metadata['name']}; agents: "
                           f"{', '.join(self.possible_agents)}") from None

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        """The agent's Dict observation space (the same object every call). KeyError for
        an unknown agent."""
        self._check_agent(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        """The agent's ``Discrete(n)`` action space (the same object every call). KeyError
        for an unknown agent."""
        self._check_agent(agent)
        return self.action_spaces[agent]

    # -- the game -----------------------------------------------------------------------

    def _live(self) -> AdaptedState:
        """The adapted state; RuntimeError before the first reset."""
        if self.adapted is None:
            raise RuntimeError(f"{self.metadata['name']}: call reset() first")
        return self.adapted

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game. ``seed`` (an int 0..2**64-1) fixes both the game's own setup
        randomness (``new_state(seed=seed)``: Pick & Pack's deal, PP-C2) and the
        generator of the chance outcomes (PUSH's draws, Pig's die), so the same seed and actions give the same
        game. ``seed=None``: the first reset draws fresh entropy; later ones continue the
        current generator (Gymnasium's convention), which then also draws the setup
        seed. ``options`` (PettingZoo's reset argument) is accepted and unused: game
        options are given to ``env()``. Raises ValueError for a seed out of range, TypeError
        for a seed that is not an int."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
            if not 0 <= seed < 2**64:
                raise ValueError(f"seed must be in 0..2**64-1, got {seed}")
            state = self.game.new_state(seed=seed, **self._setup)
            self.np_random, _ = np_random(seed)
        else:
            if self.np_random is None:
                self.np_random, _ = np_random(None)
            state = self.game.new_state(seed=int(self.np_random.integers(0, 2**63)), **self._setup)
        self._chance = GeneratorRandom(self.np_random)
        self._leaves = isinstance(state, EliminationState)
        self.state = state
        self.adapted = AdaptedState(state)
        self.agents = list(self.possible_agents)
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._resolve_chance()
        self._after_move()
        self._accumulate_rewards()

    def _resolve_chance(self) -> None:
        """Play chance outcomes until a decision or the end (exact probabilities,
        pickpack.match.chance.sample_outcome, bits from ``np_random``)."""
        state = self.state
        assert self._chance is not None
        while state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), self._chance))

    def _after_move(self) -> None:
        """Whose turn it is, or, at the end, every agent terminated with its return. In
        a game whose seats can leave (pickpack.game.EliminationState: PACRU, PA-E1), an
        agent that is out is terminated now with its final reward (``out_return``) and
        takes its dead step next, before the agent to move (PettingZoo's convention)."""
        state = self.state
        if not state.is_terminal():
            self.agent_selection = self.possible_agents[state.current_player_id()]
            if self._leaves:
                out = [agent for agent in self.agents if not self.terminations[agent]
                       and not state.in_game(self._seat[agent])]
                for agent in out:
                    self.rewards[agent] = float(state.out_return(self._seat[agent]))
                    self.terminations[agent] = True
                if out:
                    self._deads_step_first()
            return
        returns = state.returns()
        for agent in self.agents:
            self.rewards[agent] = float(returns[self._seat[agent]])
            self.terminations[agent] = True
        self.agent_selection = self.agents[0]      # then each agent's dead step, in seat order

    def step(self, action: Any) -> None:
        """Play ``action`` (an int of the action space) for ``agent_selection``, then
        every chance outcome that follows. A terminated agent must be stepped with None
        (PettingZoo's dead step; ValueError otherwise). An illegal, masked-out or
        non-integer action ends the game as the module docstring says (no exception).
        RuntimeError before the first reset."""
        adapted = self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        move = _as_action(action)
        problem = adapted.check(move)
        if problem is not None:
            self._illegal(agent, problem)
            return
        adapted.apply(move)
        self._resolve_chance()
        self._after_move()
        self._accumulate_rewards()

    def _illegal(self, agent: str, reason: str) -> None:
        """End the game for every agent: ``agent`` gets min_utility, the others 0."""
        EnvLogger.warn_on_illegal_move()
        self.infos[agent] = {**self.infos[agent], "illegal_move": reason}
        for other in self.agents:
            self.rewards[other] = float(self.game.min_utility) if other == agent else 0.0
            self.terminations[other] = True
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation dict (module docstring): ``"observation"`` shaped as the
        game's tensor, ``"action_mask"`` of n int8 (zeros unless ``agent`` is to act),
        and ``"tokens"`` with a codec. KeyError for an unknown agent; RuntimeError before
        the first reset."""
        seat = self._check_agent(agent)
        adapted = self._live()
        flat = np.frombuffer(adapted.tensor(seat), dtype=np.float32)
        seen: dict[str, Any] = {"observation": flat[:self._size].reshape(self._shape)}
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations.get(agent, True) \
                and not self.truncations.get(agent, True):
            mask[adapted.legal_actions()] = 1
        seen["action_mask"] = mask
        if self._tokens_shape is not None:
            seen["tokens"] = flat[self._size:].reshape(self._tokens_shape)
        return seen

    def render(self) -> str | None:
        """``str(state)``, the game's board text, with render_mode "ansi"; with None, a
        Gymnasium warning and None (PettingZoo's classic environments). RuntimeError
        before the first reset."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        return str(self._live().state)

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


#: PettingZoo's name for the unwrapped environment class.
raw_env = PickpackAECEnv


def env(game: str | Game[Any], render_mode: str | None = None, players: int | None = None,
        variant: str | None = None, **options: Any) -> Any:
    """The game as a PettingZoo AEC environment: ``PickpackAECEnv(...)`` (same arguments
    and errors) in PettingZoo's ``OrderEnforcingWrapper`` (errors for use before
    ``reset``). Illegal actions are handled by the environment itself (the module
    docstring), not by ``TerminateIllegalWrapper``/``AssertOutOfBoundsWrapper``, which
    would fail on a non-integer action and give no reason. ``env(...).unwrapped.state``
    is the pickpack state."""
    return OrderEnforcingWrapper(PickpackAECEnv(game, render_mode=render_mode, players=players,
                                                variant=variant, **options))
