"""The game-neutral protocol: a ``Game`` (static facts and a state factory) and the
``GameState`` every game's state class implements (after OpenSpiel's Game/State split,
Lanctot et al. 2019, "OpenSpiel: A Framework for Reinforcement Learning in Games").

A game plugin is a ``Game`` object in the entry-point group ``pickpack.games``;
``pickpack.new_game(name, ...)`` calls its ``new_state``. Everything game-neutral in
pickpack (the match runner, save files, bots, the Python MCTS, PPN, the TUI shell) is
typed on these two and nothing else, so a pure-Python game gets all of it.

Players are seats ``0 .. num_players-1``; each seat has a name (``players[i]``, for
Pick & Pack ``"red"``/``"blue"``). ``current_player_id()`` is a seat, or ``CHANCE`` at a
chance node (the match runner draws an outcome from ``chance_outcomes()``; a bot never
sees a chance node), or ``TERMINAL`` once the game is over. ``returns()`` is a vector
indexed by seat. Actions are integers in ``0 .. num_distinct_actions-1`` for decisions
and ``0 .. max_chance_outcomes-1`` for chance outcomes; every action has a canonical
text (``action_text``/``parse_move``). The guide: docs/writing-a-game.md.
"""

from __future__ import annotations

import array
import importlib
import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, overload, runtime_checkable

from pickpack.errors import PickpackError
from pickpack.move import Move

if TYPE_CHECKING:
    from pickpack.action_tokens import ActionTokens
    from pickpack.faces import Face
    from pickpack.game_parts import BenchmarkModule, NativeSearch, PerftRoot, SaveConverter, StateClass
    from pickpack.records.dialect import RecordDialect

__all__ = ["CHANCE", "TERMINAL", "EliminationState", "Game", "GameOption", "GameState",
           "HiddenInformationState", "PlayFlag",
           "ObservationTensorState", "OptionError", "fixed_names", "seat_names"]

#: ``current_player_id()`` at a chance node (OpenSpiel's kChancePlayerId).
CHANCE = -1
#: ``current_player_id()`` once the game is over (OpenSpiel's kTerminalPlayerId).
TERMINAL = -4


class OptionError(PickpackError, ValueError):
    """A game option, variant or player count the game does not offer.

    ``field`` names what was wrong (``"players"``, ``"variant"`` or the option's name);
    the one-line message names the choices.
    """

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers, so that bots, the match runner, records and the
    TUI shell need nothing else (OpenSpiel's State).

    Mutable: ``apply``/``apply_action`` change it in place and ``undo`` takes the last
    action back; ``copy()`` is independent. States pickle (matches run in worker
    processes).
    """

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order (``players[seat]``); ``len(players)`` is the count."""

    @property
    def game(self) -> Game[Any]:
        """The Game this state belongs to."""

    @property
    def num_players(self) -> int:
        """Number of seats, ``len(players)``."""

    @property
    def current_player(self) -> str | None:
        """Name of the player to decide; None at a chance node or at the end."""

    def current_player_id(self) -> int:
        """Seat (0..num_players-1) to decide, or CHANCE, or TERMINAL."""

    def legal_actions(self) -> list[int]:
        """The integer fast path: legal decisions, or the possible outcomes at a chance
        node; empty at the end. In increasing order."""

    def legal_moves(self) -> list[Move]:
        """``legal_actions()`` as Moves (with their canonical text)."""

    def apply_action(self, action: int) -> None:
        """Apply a legal action or chance outcome. Raises IllegalMoveError (naming the
        rule) for anything else; the state is unchanged then."""

    def apply(self, move: Move | str) -> None:
        """Apply a Move of this position or its text (see parse_move)."""

    def undo(self) -> None:
        """Take the last action back. Raises NothingToUndoError when there is none."""

    def copy(self) -> Any:
        """An independent copy with the same history."""

    def is_terminal(self) -> bool:
        """True once the game is over."""

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """At a chance node: ``(outcome action, exact probability)`` pairs whose
        probabilities sum to exactly 1; empty elsewhere."""

    def returns(self) -> list[float]:
        """Utility per seat (length num_players) once the game is over; zeros before.
        Within the game's ``min_utility .. max_utility``."""

    def scores(self) -> Mapping[str, float]:
        """The game's own score by player name (points, apples, ...)."""

    def observation(self, player: Any) -> dict[str, Any]:
        """What ``player`` (a seat or a player name) may see, in snapshot form."""

    def zobrist_hash(self) -> int:
        """64-bit Zobrist hash of the position (incremental where the game has C)."""

    def snapshot(self) -> dict[str, Any]:
        """The whole position as plain JSON-able data."""

    def to_position(self) -> str:
        """The game's one-line position string (FEN-like)."""

    def history_actions(self) -> list[int]:
        """The actions (chance outcomes included) applied since creation, oldest first."""

    def action_text(self, action: int) -> str:
        """Canonical text of ``action`` in this position. Raises IllegalMoveError for an
        action outside the action space."""

    def parse_move(self, text: str) -> Move:
        """The legal move (or chance outcome) ``text`` denotes here. Raises
        MoveSyntaxError (with the column) or IllegalMoveError (naming the rule)."""

    def check_action(self, action: int) -> tuple[str, str] | None:
        """None if ``action`` is legal here, else ``(rule id, reason)``: the engine's
        reason, which front ends show instead of re-deriving rules."""


@runtime_checkable
class HiddenInformationState(GameState, Protocol):
    """A GameState of a game with hidden information, for information-set search by
    determinization (Cowling, Powley & Whitehouse 2012)."""

    def resample_from_infostate(self, player: int, seed: int) -> Any:
        """A state ``player`` cannot tell from this one (same observation history),
        with the hidden parts drawn at random from ``seed``."""


@runtime_checkable
class EliminationState(GameState, Protocol):
    """A GameState of a game in which a seat can leave before the end (PACRU: a seat
    with no chevron that can move is out, PA-E1), so that front ends can let it go:
    the PettingZoo adapter terminates an agent once it is out, gives it its final
    reward and removes it after its dead step (docs/adapters.md). A game whose seats
    all stay to the end (Pick & Pack, PUSH, Pig) does not offer it."""

    def in_game(self, seat: int) -> bool:
        """False once ``seat`` is out for good: it decides nothing more and its return
        is final (``out_return``); True before."""

    def out_return(self, seat: int) -> float:
        """The return of ``seat``, which is out (``in_game(seat)`` False): what
        ``returns()[seat]`` will be at the end, however the others play on. Raises
        ValueError for a seat still in the game."""


@runtime_checkable
class ObservationTensorState(GameState, Protocol):
    """A GameState that encodes observations as fixed-shape tensors (OpenSpiel's
    ``observation_tensor``), for learning code and the adapters (docs/adapters.md).

    The shape is fixed for a game, its player count and its options; each game documents
    its layout (docs/<game>.md, "Observation tensor"). Every value lies in ``0.0 .. 1.0``.
    The tensor encodes exactly what ``observation(player)`` shows that player: two states
    that differ only in what ``player`` cannot see give the same tensor.
    """

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The tensor's shape, e.g. ``(planes, rows, columns)``; fixed for this game,
        player count and options."""

    def observation_tensor(self, player: Any) -> array.array[float]:
        """What ``player`` (a seat or a player name) may see, as a flat ``array('f')``
        (float32, C order) of ``prod(observation_tensor_shape())`` values in 0..1.
        Raises the same error as ``observation`` for an unknown player."""


@dataclass(frozen=True)
class GameOption:
    """One option of a game: its default, the accepted values (a tuple of choices, or
    None for any value ``check`` accepts) and a one-line description. ``setup`` marks an
    option that only sets up the start position, as a seed does (Pick & Pack's deal and
    placements), rather than a rule of the game: a state's ``options`` holds every
    option but those (conformance check "options")."""

    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = None
    setup: bool = False

    def validate(self, name: str, value: Any) -> None:
        """Raise OptionError naming ``name`` and the choices when ``value`` is refused."""
        shown = reprlib.repr(value)      # a long list or mapping is shortened with "..."
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {name}={shown} is not offered; choices: "
                              f"{', '.join(map(repr, self.choices))}", name)
        if self.check is not None:
            problem = self.check(value)
            if problem is not None:
                raise OptionError(f"option {name}={shown}: {problem}", name)


@dataclass(frozen=True)
class PlayFlag:
    """A short flag of ``pickpack play`` that a game declares (``Game.play_flags``), a
    thin alias over the generic arguments: ``--NAME VALUE`` means ``--bot SEAT=VALUE``
    when ``seat`` is set, ``--option OPTION=VALUE`` when ``option`` is (exactly one of
    the two). ``help`` is one line for people."""

    help: str
    seat: str | None = None
    option: str | None = None

    def __post_init__(self) -> None:
        if (self.seat is None) == (self.option is None):
            raise ValueError("a PlayFlag names exactly one of seat and option")


def _resolve(path: str) -> Any:
    """The object at ``"module:attribute"``, or the module itself for ``"module"``."""
    module, _, attr = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else []:
        obj = getattr(obj, part)
    return obj


#: The state class of a game: ``Game[State]`` builds ``State`` objects.
S_co = TypeVar("S_co", covariant=True)


@dataclass(frozen=True)
class Game(Generic[S_co]):
    """Static facts about a game and its state factory (OpenSpiel's Game + GameType).

    Generic in the state class it builds: Pick & Pack's ``GAME`` is a
    ``Game[pickpack.games.pickpack.State]``, so ``GAME.new_state()`` is typed as that
    class; a game found by name (``pickpack.get_game``) is a ``Game[GameState]``.

    - ``name``: the registry name (``pickpack.games`` entry point); ``title``: for people.
    - ``min_players``/``max_players``/``default_players``: the player counts offered;
      ``player_names(n)`` names the seats of an n-player game.
    - ``num_distinct_actions``: size of the decision action space; ``max_chance_outcomes``:
      size of the chance outcome space (0: no chance nodes during play).
    - ``min_utility``/``max_utility``: bounds of ``returns()``; ``max_game_length``: most
      actions a game can last (chance outcomes included).
    - ``perfect_information``: False when observations hide part of the state.
    - ``zero_sum``: True when the returns of every finished game sum to zero (Pick & Pack,
      Pig); the match runner's forfeit returns keep that sum (docs/match.md, "Faults").
    - ``options``: name -> GameOption; ``variants``: variant name -> option presets.
    - ``factory(players, seed, **options)``: builds a state; call ``new_state`` instead,
      which checks the player count, variant and options first.
    - Optional parts, named as ``"module:attribute"``, imported only when used and
      checked then (``load``, typed per part; what each must be: pickpack.game_parts):
      ``state_class`` (has ``from_position``/``from_snapshot``), ``ppn_dialect``,
      ``tui_face``, ``benchmark`` (a module with ``MEASUREMENTS``, ``run_benchmarks`` and
      ``format_report``, run by ``pickpack bench``), ``native_mcts`` (a C MCTS over the
      game's ops table, used by the ``mcts`` bot instead of the Python one),
      ``perft_root`` (``seed -> state``: where ``pickpack perft`` counts from; default
      ``new_state(seed=seed)``).
    - ``action_tokens``: an ``ActionTokens`` object (pickpack.action_tokens) splitting
      each action into a short sequence of small tokens, for consumers that need a small
      fixed action space (the OpenSpiel and PettingZoo adapters); games whose
      ``num_distinct_actions`` is small need none (PACRU's is 1,097,206,560).
    - ``save_converter``: a function ``(data, source) -> version-2 dict`` that turns this
      game's older save files into version 2 (pickpack.records.savefile).
    - ``match_variant``: the variant ``pickpack match`` plays when none is named (Pick &
      Pack: ``dealt``, placements drawn from the seed, so bots start in phase play).
    - ``play_flags``: flag name -> PlayFlag, the game's short flags of ``pickpack play``
      (Pick & Pack: ``--red``/``--blue`` for ``--bot red=``/``--bot blue=``, ``--first``
      for ``--option first=``); the command itself knows no game's flags.
    """

    name: str
    title: str
    factory: Callable[..., S_co]
    player_names: Callable[[int], tuple[str, ...]]
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_game_length: int
    min_utility: float
    max_utility: float
    default_players: int | None = None
    max_chance_outcomes: int = 0
    perfect_information: bool = True
    zero_sum: bool = True
    options: Mapping[str, GameOption] = field(default_factory=dict)
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    state_class: str | None = None
    ppn_dialect: str | None = None
    tui_face: str | None = None
    benchmark: str | None = None
    native_mcts: str | None = None
    perft_root: str | None = None
    match_variant: str | None = None
    save_converter: str | None = None
    action_tokens: str | None = None
    play_flags: Mapping[str, PlayFlag] = field(default_factory=dict)

    @property
    def players(self) -> tuple[str, ...]:
        """Seat names of a game with the default player count."""
        return self.player_names(self.default_player_count())

    def default_player_count(self) -> int:
        """``default_players``, else ``min_players``."""
        return self.default_players if self.default_players is not None else self.min_players

    def check_players(self, players: int) -> int:
        """``players`` if this game offers it, else OptionError naming the range."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.min_players <= players <= self.max_players):
            offered = (str(self.min_players) if self.min_players == self.max_players
                       else f"{self.min_players}..{self.max_players}")
            raise OptionError(f"{self.name} is played by {offered} players, not {players!r}", "players")
        return players

    def resolve_options(self, variant: str | None = None, options: Mapping[str, Any] | None = None
                        ) -> dict[str, Any]:
        """Every option's value: the defaults, then the variant's presets, then ``options``.

        Raises OptionError for an unknown variant or option (naming the choices) or a
        refused value.
        """
        values = {name: opt.default for name, opt in self.options.items()}
        if variant is not None:
            if not isinstance(variant, str):
                raise OptionError(f"variant must be a str naming one variant of {self.name}, not "
                                  f"{type(variant).__name__}; combine variants through options", "variant")
            if variant not in self.variants:
                choices = ", ".join(sorted(self.variants)) or "none"
                raise OptionError(f"{self.name} has no variant {variant!r}; variants: {choices}", "variant")
            values.update(self.variants[variant])
        for key, value in (options or {}).items():
            if key not in self.options:
                choices = ", ".join(sorted(self.options)) or "none"
                raise OptionError(f"unknown option {key!r} for game {self.name}; options: {choices}", key)
            self.options[key].validate(key, value)
            values[key] = value
        return values

    def new_state(self, players: int | None = None, seed: int | None = None,
                  variant: str | None = None, **options: Any) -> S_co:
        """A new state: ``players`` seats (default: ``default_player_count()``), the
        game's own randomness (deal, shuffle) fixed by ``seed`` (None: fresh), the
        options of ``variant`` overridden by ``options``.

        Raises OptionError (a ValueError) for a player count, variant or option the
        game does not offer; the game's factory raises ValueError for bad values.
        """
        count = self.check_players(self.default_player_count() if players is None else players)
        return self.factory(count, seed, **self.resolve_options(variant, options))

    @overload
    def load(self, part: Literal["state_class"]) -> StateClass | None: ...
    @overload
    def load(self, part: Literal["ppn_dialect"]) -> RecordDialect | None: ...
    @overload
    def load(self, part: Literal["tui_face"]) -> Face | None: ...
    @overload
    def load(self, part: Literal["benchmark"]) -> BenchmarkModule | None: ...
    @overload
    def load(self, part: Literal["native_mcts"]) -> NativeSearch | None: ...
    @overload
    def load(self, part: Literal["perft_root"]) -> PerftRoot | None: ...
    @overload
    def load(self, part: Literal["save_converter"]) -> SaveConverter | None: ...
    @overload
    def load(self, part: Literal["action_tokens"]) -> ActionTokens | None: ...
    @overload
    def load(self, part: str) -> Any: ...

    def load(self, part: str) -> Any:
        """The optional part ``part`` (``"state_class"``, ``"ppn_dialect"``,
        ``"tui_face"``, ``"benchmark"``, ``"native_mcts"``, ``"perft_root"``,
        ``"save_converter"``, ``"action_tokens"``), imported now and checked to be what
        the part must be (pickpack.game_parts, typed per part); None when the game has
        none. Raises GamePartError (a TypeError) naming the game, the part and its
        target when it names something else, ImportError/AttributeError when the target
        cannot be imported, and KeyError for a name that is no optional part."""
        from pickpack.game_parts import PARTS, check_part

        if part not in PARTS:
            raise KeyError(f"{part!r} is no optional part of a Game; parts: {', '.join(PARTS)}")
        path = getattr(self, part)
        return None if path is None else check_part(self, part, _resolve(path))

    def from_position(self, text: str) -> Any:
        """The state a position string of this game describes. Raises PositionError,
        or LookupError when the game has no position strings."""
        cls = self.load("state_class")
        if cls is None or not hasattr(cls, "from_position"):
            raise LookupError(f"game {self.name} has no position strings")
        return cls.from_position(text)

    def from_snapshot(self, snap: Mapping[str, Any]) -> Any:
        """The state a snapshot of this game describes (see GameState.snapshot)."""
        cls = self.load("state_class")
        if cls is None or not hasattr(cls, "from_snapshot"):
            raise LookupError(f"game {self.name} has no snapshots")
        return cls.from_snapshot(snap)


@dataclass(frozen=True)
class _SeatNames:
    """``player_names`` giving ``PREFIX1 .. PREFIXn``: a module-level class, not a
    closure, so that a Game using it pickles (a match's worker processes, PettingZoo's
    ``pickle.dumps(env)``)."""

    prefix: str

    def __call__(self, n: int) -> tuple[str, ...]:
        return tuple(f"{self.prefix}{i + 1}" for i in range(n))


@dataclass(frozen=True)
class _FixedNames:
    """``player_names`` of a fixed roster: its first ``n`` names (picklable, as
    _SeatNames)."""

    roster: tuple[str, ...]

    def __call__(self, n: int) -> tuple[str, ...]:
        return self.roster[:n]


def seat_names(prefix: str = "p") -> Callable[[int], tuple[str, ...]]:
    """A ``player_names`` function giving ``p1 .. pN`` (or another prefix); it pickles."""
    return _SeatNames(prefix)


def fixed_names(names: Sequence[str]) -> Callable[[int], tuple[str, ...]]:
    """A ``player_names`` function for a game with a fixed roster (Pick & Pack's
    red/blue); it pickles."""
    return _FixedNames(tuple(names))
