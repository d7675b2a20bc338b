"""Every installed pickpack game as an OpenSpiel game (extra ``openspiel``; guide:
docs/adapters.md).

Importing this module registers each installed game (``pickpack.available_games()``)
with ``pyspiel.register_game`` as ``pickpack_<name>``, so that
``pyspiel.load_game("pickpack_push(players=4,hard=true)")`` works and OpenSpiel's
algorithms (MCTS, evaluation, ...) play it; a game that fails to load is left out, with
the reason in ``UNAVAILABLE``. ``register(game)`` adds one more (a ``pickpack.Game``
object, e.g. a game not installed as a plugin) and ``from_state(state)`` gives the
OpenSpiel state standing at an existing pickpack state's position.

The OpenSpiel game (Lanctot et al. 2019, "OpenSpiel: A Framework for Reinforcement
Learning in Games") is the pickpack game seen through ``pickpack.adapters.play.
AdaptedState``: decisions are the game's actions, or for a game with an action-token
codec (PACRU) the tokens of a turn, each a decision of the same player; chance nodes are
OpenSpiel chance nodes with the game's exact probabilities (as floats); returns are the
game's ``returns()`` at the end (terminal rewards). Parameters: pickpack.adapters.
openspiel_params; observations: pickpack.adapters.openspiel_observer; information states
(each seat's observation history) and the resampling OpenSpiel's IS-MCTS asks for
(``ISMCTSBot``; ``ismcts_resampler`` seeds it): PickpackState and pickpack.adapters.
openspiel_recall.

Without OpenSpiel (or NumPy) the import raises ImportError naming the extra to install.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from pickpack.action_tokens import TokenTurn
from pickpack.adapters.openspiel_observer import Observer
from pickpack.adapters.openspiel_params import (game_info, game_type, parameter_specification, read_parameters,
                                                short_name)
from pickpack.adapters.openspiel_recall import Recall, Steps
from pickpack.adapters.openspiel_require import pyspiel
from pickpack.adapters.play import AdaptedState, resolve_game
from pickpack.bots.view import seat_view
from pickpack.errors import PickpackError
from pickpack.game import Game
from pickpack.games_registry import available_games

__all__ = ["UNAVAILABLE", "PickpackGame", "PickpackState", "cpp_mcts_step", "from_state", "ismcts_resampler",
           "pickpack_state", "poll_actions", "register", "registered_games", "seed_from_sampler", "turn"]

#: Installed games that could not be registered at import: name -> the reason.
UNAVAILABLE: dict[str, str] = {}

#: Registered games: short name -> (pickpack Game, its pyspiel.GameType).
_REGISTERED: dict[str, tuple[Game[Any], Any]] = {}


class _Adapted(AdaptedState):
    """An AdaptedState that copies fast (no re-checks: the state is known to fit) and
    that OpenSpiel's ``Clone`` (a ``copy.deepcopy`` of each attribute of the Python
    state) and ``Serialize`` (a pickle of them) handle: a deep copy is ``copy()``, a
    pickle is the game state's own pickle (root position + actions) and the tokens of
    the turn so far."""

    __slots__ = ()

    def copy(self) -> _Adapted:
        """An independent copy: the game state's ``copy()`` (C for the C games) and the
        turn's."""
        other = _Adapted.__new__(_Adapted)
        other.state = self.state.copy()
        other.turn = self.turn.copy()
        other.codec = self.codec
        other.num_actions = self.num_actions
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Adapted:
        """OpenSpiel's Clone: ``copy()`` (C copy of the game state)."""
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[Any, tuple[int, ...]]]:
        """Pickle (and OpenSpiel's Serialize) as the game state's own pickle plus the
        tokens of the turn so far, replayed by ``_restore``."""
        return (_restore, (self.state, self.turn.prefix))


class _Polled(_Adapted):
    """An _Adapted that calls ``poll()`` before every action applied to it; its copies
    (OpenSpiel's Clone of the state holding it) keep the poll (``poll_actions``). It
    pickles as a plain _Adapted: a poll belongs to one process's search."""

    __slots__ = ("poll",)

    def __init__(self, adapted: _Adapted, poll: Callable[[], object]) -> None:
        # no AdaptedState.__init__: ``adapted`` was checked when it was made
        self.state, self.turn = adapted.state, adapted.turn
        self.codec, self.num_actions = adapted.codec, adapted.num_actions
        self.poll = poll

    def copy(self) -> _Polled:
        """An independent copy (as _Adapted.copy) with the same poll."""
        return _Polled(super().copy(), self.poll)

    def apply(self, action: int) -> int | None:
        """``poll()``, then AdaptedState.apply (whatever ``poll`` raises comes out first,
        nothing applied)."""
        self.poll()
        return super().apply(action)


def _restore(state: Any, prefix: tuple[int, ...]) -> _Adapted:
    """The _Adapted of ``state`` with the turn so far ``prefix`` (chosen and filled-in
    tokens; the filled-in ones are filled in again)."""
    adapted = _Adapted(state)
    for i, token in enumerate(prefix):
        if i >= len(adapted.turn.prefix):
            adapted.turn.choose(state, token)
    return adapted


class PickpackGame(pyspiel.Game):
    """The OpenSpiel game of one pickpack game and one parameter set (made by
    ``pyspiel.load_game``; see pickpack.adapters.openspiel_params for the parameters).

    ``pickpack_game``: the pickpack Game. Raises OptionError (a ValueError) naming the
    field for a player count, variant or option value the game does not offer, and
    TypeError when the game's states have no observation tensor.
    """

    #: Set by ``register`` on the subclass it makes per game.
    _game: Game[Any]
    _kind: Any

    def __init__(self, params: Mapping[str, Any]) -> None:
        game, kind = self._game, self._kind
        read = read_parameters(game, params)
        initial = _Adapted(game.new_state(players=read.players, seed=read.seed, variant=read.variant,
                                          **read.options))
        super().__init__(kind, game_info(game, read.players, initial.num_actions, initial.max_tokens),
                         dict(params))
        self.pickpack_game = game
        self._initial = initial

    def __reduce__(self) -> tuple[Any, tuple[Game[Any], dict[str, Any]]]:
        """Pickle and deep-copy as the pickpack Game and the parameters, loaded again by
        ``_reload`` (pyspiel's own pickling of a Python game skips ``__init__``, so the
        copy would have no initial state)."""
        return (_reload, (self._game, dict(self.get_parameters())))

    def new_initial_state(self) -> PickpackState:
        """The game's initial state for these parameters (always the same one)."""
        return PickpackState(self, self._initial.copy())

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> Observer:
        """The observer (pickpack.adapters.openspiel_observer.Observer). ValueError for
        parameters or an observation type other than OpenSpiel's default."""
        return Observer(self._initial, iig_obs_type, params, self.pickpack_game.perfect_information)


def _reload(game: Game[Any], params: dict[str, Any]) -> PickpackGame:
    """The OpenSpiel game of ``game`` with ``params``, registered first when this process
    has not registered it yet (an unpickled game in another process)."""
    return _load(register(game), tuple(sorted(params.items())))


class PickpackState(pyspiel.State):
    """An OpenSpiel state holding a pickpack state (``adapted.state``, changed in place
    by ``apply_action``) and the tokens of the turn so far (``adapted.turn``).

    Actions: at a chance node the game's outcomes; elsewhere the game's actions (or the
    turn's tokens with a codec). An illegal action raises the game's IllegalMoveError
    (naming the rule) and changes nothing. ``str(state)``: the game's board text (and
    the turn so far with a codec).

    ``information_state_string(player)``: the player's observation history since this
    state's history began (perfect recall; pickpack.adapters.openspiel_recall).
    ``resample_from_infostate(player, probability_sampler)``: a state ``player`` cannot
    tell from this one, for OpenSpiel's IS-MCTS (``ISMCTSBot``).
    """

    def __init__(self, game: PickpackGame, adapted: _Adapted, recall: Recall | None = None) -> None:
        super().__init__(game)
        self.adapted = adapted
        # None until the first action or string: the history starts at this position then
        # (OpenSpiel's Clone makes a state and replaces its attributes: no work here)
        self.recall = recall
        self.since_recall = Steps()                 # actions applied since ``recall``'s position

    def _recall_now(self) -> Recall:
        """The recall brought up to this position (the actions since replayed once)."""
        if self.recall is None:
            self.recall = Recall.start(self.adapted)
        elif self.since_recall:
            self.recall = self.recall.advance(self.since_recall)
            self.since_recall = Steps()
        return self.recall

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s information state (default: the player to move): one line per step
        of this state's OpenSpiel history since its start (the game's initial state,
        ``from_state``'s position; a resampled state carries its player's lines over):
        its first observation, then per step its own action when it took it and what
        changed in its observation (pickpack.adapters.openspiel_recall). Equal for two
        states the player cannot tell apart; exact (the observations can be rebuilt from
        it). ValueError for a player that is not a seat."""
        seat = self.current_player() if player is None else player
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.adapted.state.num_players:
            raise ValueError(f"information_state_string: player must be a seat 0..{self.adapted.state.num_players - 1}"
                             f", not {seat!r}")
        return self._recall_now().text(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> PickpackState:
        """A state ``player_id`` (a seat) cannot tell from this one, for OpenSpiel's
        ISMCTSBot: the pickpack state's seat view (pickpack.bots.seat_view: a copy under
        perfect information, else ``resample_from_infostate(seat, seed)``, the hidden parts
        redrawn from the seed and what the seat sees, Cowling, Powley & Whitehouse 2012)
        with the turn so far, the seed drawn from ``probability_sampler`` (seed_from_sampler;
        e.g. ``pyspiel.UniformProbabilitySampler(0., 1.)``). The result's information
        state string for ``player_id`` is this state's; the other seats' start at the
        resampled position (their earlier observations are not ``player_id``'s to know).
        Its OpenSpiel history is empty.

        Raises ValueError for a player that is not a seat or a sampler value outside
        [0, 1), NoInfostateError for a hidden-information game without the hook."""
        num = self.adapted.state.num_players
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < num:
            raise ValueError(f"resample_from_infostate: player must be a seat 0..{num - 1}, not {player_id!r}")
        recall = self._recall_now()
        view = _restore(seat_view(self.adapted.state, player_id, seed_from_sampler(probability_sampler)),
                        self.adapted.turn.prefix)
        kept = {player_id: recall.seat(player_id)}
        return PickpackState(self.get_game(), view, Recall.start(view, kept))

    def current_player(self) -> int:
        """The deciding seat, ``pyspiel.PlayerId.CHANCE`` (-1) or ``TERMINAL`` (-4):
        pickpack's CHANCE and TERMINAL are OpenSpiel's values."""
        return int(self.adapted.state.current_player_id())

    def _legal_actions(self, player: int) -> list[int]:
        """OpenSpiel's LegalActions for the player to move: AdaptedState.legal_actions."""
        return self.adapted.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs: the game's exact fractions as floats."""
        return [(action, float(p)) for action, p in self.adapted.state.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        """OpenSpiel's DoApplyAction (decisions and chance outcomes): AdaptedState.apply;
        IllegalMoveError for an illegal action, nothing changed."""
        if self.recall is None:
            self.recall = Recall.start(self.adapted)
        self.adapted.apply(action)
        self.since_recall.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The game's text of ``action`` here (a move, a chance outcome or a token)."""
        return self.adapted.action_string(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self.adapted.state.is_terminal())

    def returns(self) -> list[float]:
        """The game's ``returns()`` (zeros before the end)."""
        return [float(r) for r in self.adapted.state.returns()]

    def __str__(self) -> str:
        """The game's board text, then the tokens of a turn in progress."""
        text = str(self.adapted.state)
        prefix = self.adapted.turn.prefix
        if prefix and self.adapted.codec is not None:
            said = " ".join(self.adapted.codec.token_text(prefix[:i], t) for i, t in enumerate(prefix))
            text += f"\nturn so far: {said}"
        return text


def register(game: Game[Any] | str) -> str:
    """Register ``game`` (a pickpack.Game, or the name of an installed game) with
    OpenSpiel as ``pickpack_<name>`` and return that name; registering the same game
    again does nothing.

    Raises PluginNotFoundError for an unknown name (listing the installed games),
    TypeError for anything but a name or a Game and for a game whose states have no
    observation tensor (naming it), and ValueError when another game of the same name
    is registered already or an option's name clashes with a parameter.
    """
    resolved = resolve_game(game)
    name = short_name(resolved)
    known = _REGISTERED.get(name)
    if known is not None:
        if known[0] == resolved:
            return name
        raise ValueError(f"another game named {resolved.name!r} is registered with OpenSpiel as {name} already")
    AdaptedState(resolved.new_state(seed=0))      # refuses a game without observation tensors now, not at load
    kind = game_type(resolved)
    # A class per game, as OpenSpiel's own Python games register: OpenSpiel keeps the
    # creator until the process ends, and a class outlives the interpreter's teardown
    # (a partial or closure would be freed after it, without the GIL: a crash at exit).
    # It is a module attribute too, so that games pickle (pickle finds classes by name).
    creator = type(f"PickpackGame_{resolved.name}", (PickpackGame,), {"_game": resolved, "_kind": kind})
    globals()[creator.__name__] = creator
    pyspiel.register_game(kind, creator)
    _REGISTERED[name] = (resolved, kind)
    return name


def registered_games() -> dict[str, Game[Any]]:
    """The games registered by this module: OpenSpiel short name -> pickpack Game."""
    return {name: game for name, (game, _) in _REGISTERED.items()}


@functools.lru_cache(maxsize=64)
def _load(name: str, params: tuple[tuple[str, Any], ...]) -> PickpackGame:
    """``pyspiel.load_game``, cached (from_state loads the same few games again and again)."""
    return pyspiel.load_game(name, dict(params))  # type: ignore[no-any-return]


def from_state(state: Any) -> PickpackState:
    """An OpenSpiel state standing at ``state``'s position (a copy: ``state`` is not
    changed by what is done to the result), of the registered game of ``state``'s game
    (registered now if needed) with its player count and, for a game whose states
    report ``options`` (PUSH, PACRU, Pig), those option values; the other parameters keep
    their defaults (the position does not come from them). Its OpenSpiel history starts
    empty at this position. Serializes and clones like any state of that game.

    Raises TypeError when ``state`` has no observation tensor (naming the game).
    """
    game: Game[Any] = state.game
    name = register(game)
    params: dict[str, Any] = {"players": state.num_players}
    options = getattr(state, "options", None)
    if isinstance(options, Mapping):
        spec = parameter_specification(game)
        params.update((k, v) for k, v in options.items() if k in spec and k not in ("players", "seed", "variant"))
    return PickpackState(_load(name, tuple(sorted(params.items()))), _Adapted(state.copy()))


def cpp_mcts_step(bot: Any, state: PickpackState) -> int:
    """The action OpenSpiel's C++ ``pyspiel.MCTSBot`` picks at ``state``: its search's
    best root child (``bot.mcts_search(state).best_child().action``, what the C++
    ``MCTSBot::Step`` returns).

    Use this, not ``bot.step(state)``: in OpenSpiel 2.0.2 ``step`` releases the GIL
    and the C++ ``Clone`` of every Python-implemented state (ours, OpenSpiel's own
    ``python_tic_tac_toe``) then calls into Python without it: the interpreter dies
    with a segmentation fault (docs/adapters.md, "Not supported").
    """
    return int(bot.mcts_search(state).best_child().action)


def poll_actions(state: PickpackState, poll: Callable[[], object] | None) -> None:
    """From now on call ``poll()`` before every action applied to ``state`` and to every
    clone made from it (what OpenSpiel's searches do with the state they search: each
    simulation clones it, then applies the tree's moves and the rollout's), or, with
    ``poll=None``, stop doing so for ``state`` (clones made before keep theirs).

    ``poll`` may raise to stop the search in progress: the exception leaves the
    ``_apply_action`` it was raised in before anything is applied and, through the C++
    search (pybind11 carries it across), comes out of the OpenSpiel call, e.g.
    ``pyspiel.MCTSBot.mcts_search`` -- the way the ``openspiel-mcts`` bot keeps a move's
    deadline (plugins/pickpack_bots/openspiel_mcts_bot.py). A poll is one Python call
    per action applied, and is not serialized (a state pickles without it).
    """
    adapted = state.adapted
    if poll is not None:
        state.adapted = _Polled(adapted, poll)
    elif isinstance(adapted, _Polled):
        plain = _Adapted.__new__(_Adapted)          # the same state and turn, not copies
        plain.state, plain.turn = adapted.state, adapted.turn
        plain.codec, plain.num_actions = adapted.codec, adapted.num_actions
        state.adapted = plain


def seed_from_sampler(probability_sampler: Callable[[], float]) -> int:
    """A 64-bit seed (int 0..2**64-1) from two draws of ``probability_sampler`` (a
    callable returning a float in [0, 1), as OpenSpiel's ``UniformProbabilitySampler``
    and numpy's ``RandomState.uniform``): 32 bits from each. ValueError naming the value
    for a draw outside [0, 1)."""
    seed = 0
    for _ in range(2):
        u = float(probability_sampler())
        if not 0.0 <= u < 1.0:
            raise ValueError(f"probability_sampler must return a float in [0, 1), not {u!r}")
        seed = (seed << 32) | int(u * 4294967296.0)
    return seed


def ismcts_resampler(random_state: Any) -> Callable[[PickpackState, int], PickpackState]:
    """A resampler for OpenSpiel's ISMCTSBot (``bot.set_resampler(...)``) that draws the
    seeds from ``random_state`` (a ``numpy.random.RandomState``, e.g. the bot's own):
    ``state.resample_from_infostate(player, random_state.uniform)``. ISMCTSBot's default
    resampling draws from a fresh ``pyspiel.UniformProbabilitySampler(0., 1.)``, seeded
    by the system: with this one a bot seeded with ``random_state`` searches the same way
    every run."""
    def resample(state: PickpackState, player: int) -> PickpackState:
        return state.resample_from_infostate(player, random_state.uniform)
    return resample


def pickpack_state(state: PickpackState) -> Any:
    """The pickpack state inside an OpenSpiel state of a registered game (the object
    itself, not a copy: apply nothing to it, or the turn in progress goes stale)."""
    return state.adapted.state


def turn(state: PickpackState) -> TokenTurn:
    """The tokens of the turn so far of an OpenSpiel state (prefix () without a codec)."""
    return state.adapted.turn


for _name in available_games():
    try:
        register(_name)
    except (PickpackError, ValueError, TypeError) as _exc:
        UNAVAILABLE[_name] = str(_exc)
