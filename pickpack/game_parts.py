"""The optional parts of a ``Game`` (pickpack.game): what each ``"module:attribute"`` must
name, as a type the checker knows and a check run when the part is loaded.

A game names its optional parts as strings, imported only when used (so a game's
TUI face, benchmark or C search costs nothing until asked for). ``Game.load(part)``
imports the part and checks it here, so a part naming the wrong thing is refused in one
line naming the game, the part, the target and what it should be (GamePartError)
instead of failing later inside whoever uses it; ``Game.load`` is typed per part (its
overloads), so callers get the part's type, not ``Any``. The parts:

- ``state_class``: a class with ``from_position(text)``/``from_snapshot(snap)``
  (StateClass);
- ``ppn_dialect``: a RecordDialect (pickpack.records.dialect);
- ``tui_face``: a Face (pickpack.faces; checked for its members, no Textual imported);
- ``benchmark``: a module with ``MEASUREMENTS``, ``run_benchmarks`` and
  ``format_report`` (BenchmarkModule);
- ``native_mcts``: a C MCTS, a callable ``(state, simulations=, seconds=, exploration=,
  margin=, seed=) -> mapping`` (NativeSearch);
- ``perft_root``: a callable ``seed -> state`` (PerftRoot);
- ``save_converter``: a callable ``(data, source) -> version-2 dict`` (SaveConverter);
- ``action_tokens``: an ActionTokens codec (pickpack.action_tokens).

``match_variant`` is no import but the name of one of the game's ``variants``
(``check_match_variant``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pickpack.errors import PickpackError

if TYPE_CHECKING:
    from pickpack.game import Game, GameState

__all__ = ["PARTS", "BenchmarkModule", "GamePartError", "NativeSearch", "PerftRoot", "SaveConverter",
           "StateClass", "check_match_variant", "check_part"]


class GamePartError(PickpackError, TypeError):
    """An optional part of a Game that names something of the wrong kind (one line:
    the game, the part, its target and what it should be)."""


@runtime_checkable
class StateClass(Protocol):
    """``Game.state_class``: builds the game's states from its position strings and
    snapshots (raising the game's PositionError/ValueError for bad input). A class may
    take ``checked=False`` too (the built-in games: a position the engine did not check,
    such as an unreachable test position); callers pass it only where offered."""

    def from_position(self, text: str, **options: Any) -> Any: ...

    def from_snapshot(self, snap: Mapping[str, Any], **options: Any) -> Any: ...


@runtime_checkable
class BenchmarkModule(Protocol):
    """``Game.benchmark``: a module run by ``pickpack bench`` (pickpack.benchmark is the
    generic one): the measurement names in order, the run and the report."""

    MEASUREMENTS: tuple[str, ...]

    def run_benchmarks(self, seconds: float = 1.0,
                       progress: Callable[[str], object] | None = None) -> dict[str, Any]: ...

    def format_report(self, results: dict[str, Any]) -> str: ...


#: ``Game.native_mcts``: the game's C MCTS (``state, simulations=, seconds=,
#: exploration=, margin=, seed=`` -> a mapping with ``action``, ``simulations``, ...).
NativeSearch = Callable[..., Mapping[str, Any]]
#: ``Game.perft_root``: ``seed -> state``, where ``pickpack perft`` counts from.
PerftRoot = Callable[[int], "GameState"]
#: ``Game.save_converter``: ``(version-1 data, source) -> version-2 dict`` (pickpack.records.savefile).
SaveConverter = Callable[[Mapping[str, Any], str], dict[str, Any]]


#: The members of pickpack.records.dialect.RecordDialect, checked by name so that this
#: module need not import record_dialect (which imports the game registry: a cycle).
_DIALECT_MEMBERS = ("game", "setup_tags", "move_token", "final_rule", "player_tags", "state_from_tags",
                    "setup_tags_for", "history_moves", "apply_move", "result_of", "result_tokens", "check_result")


def _is_dialect(obj: Any) -> bool:
    return all(hasattr(obj, member) for member in _DIALECT_MEMBERS)


def _is_face(obj: Any) -> bool:
    # pickpack.faces.Face by its members (a Protocol with data members cannot be an
    # isinstance check): the attributes and methods the shell uses
    members = ("title", "min_size", "css_paths", "help_markdown", "hides_information", "board_screen",
               "show", "human_turn", "turn_text", "bot_state", "bot_continues", "undoable", "log",
               "game_over_screen")
    return all(hasattr(obj, name) for name in members)


def _is_tokens(obj: Any) -> bool:
    return all(callable(getattr(obj, name, None)) for name in ("tokens", "token_text")) and \
        isinstance(getattr(obj, "vocabulary", None), int) and isinstance(getattr(obj, "max_tokens", None), int)


#: Each optional part: (what it must be, for the error; the check of the loaded object).
PARTS: Mapping[str, tuple[str, Callable[[Any], bool]]] = {
    "state_class": ("a class with from_position and from_snapshot", lambda obj: isinstance(obj, StateClass)),
    "ppn_dialect": ("a RecordDialect (pickpack.records.dialect)", _is_dialect),
    "tui_face": ("a Face (pickpack.faces)", _is_face),
    "benchmark": ("a module with MEASUREMENTS, run_benchmarks and format_report",
                  lambda obj: isinstance(obj, BenchmarkModule)),
    "native_mcts": ("a C MCTS search function", callable),
    "perft_root": ("a function seed -> state", callable),
    "save_converter": ("a function (data, source) -> version-2 dict", callable),
    "action_tokens": ("an ActionTokens codec (pickpack.action_tokens)", _is_tokens),
}


def check_part(game: Game[Any], part: str, obj: Any) -> Any:
    """``obj`` (the loaded ``part`` of ``game``) when it is what PARTS says; else
    GamePartError naming the game, the part, its target and what it should be."""
    what, check = PARTS[part]
    if not check(obj):
        raise GamePartError(f"game {game.name}: {part} {getattr(game, part)} is "
                            f"{type(obj).__name__}, not {what}")
    return obj


def check_match_variant(game: Game[Any]) -> None:
    """GamePartError unless ``game.match_variant`` is None or one of its variants."""
    if game.match_variant is not None and game.match_variant not in game.variants:
        raise GamePartError(f"game {game.name}: match_variant {game.match_variant!r} is not one of its "
                            f"variants ({', '.join(sorted(game.variants)) or 'none'})")
