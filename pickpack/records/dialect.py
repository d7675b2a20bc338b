"""Game records, game-neutral: the *dialect* a game speaks in PPN (docs/ppn.md, "Dialects").

A PPN record names its game with a ``[Game "NAME"]`` tag (a record without one is a
Pick & Pack record), as python-chess picks a board class from PGN's ``Variant`` tag.
The game's dialect says everything about the record that depends on the game:

- the *roster*: one tag per player, made from the game's player names (``red`` ->
  ``Red``, ``p3`` -> ``P3``), between Round and Result;
- the *set-up tags*: what sets up the game's start exactly (for a generic game
  ``Players``, ``Seed``, ``Variant``, ``Options``, or ``SetUp "1"`` with ``Position``);
- the *result* from ``returns()``: PGN's ``1-0``, ``0-1``, ``1/2-1/2`` for two players,
  for any other count the returns vector written ``v1/v2/.../vN`` (``1/-0.5/-0.5``), and
  ``*`` for a game that is not over;
- the *move-token grammar*: which text is one move token; by default the game's
  canonical ``action_text`` (``parse_move`` reads it back). Chance outcomes are tokens
  too, so a record replays without any random generator.

A game names its dialect as ``Game.ppn_dialect`` (``"module:attr"``, an object with the
RecordDialect methods); a game without one gets ``GenericDialect(game)``, which works for
any game through the GameState protocol only (pickpack.game).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from pickpack.errors import GameLoadError, IllegalMoveError, PositionError
from pickpack.game import Game, GameState, OptionError
from pickpack.games_registry import available_games, get_game
from pickpack.match.stats import simplest_fraction
from pickpack.move import Move, apply_text
from pickpack.plugins import PluginNotFoundError

__all__ = ["MOVE_TOKEN", "RETURNS_TOKEN", "TWO_PLAYER_RESULTS", "GenericDialect", "RecordDialect",
           "TagError", "check_move_token", "dialect_for", "dialect_named", "parse_return", "parse_returns", "player_tag",
           "result_from_returns", "return_text", "returns_text", "roster_tags", "same_result"]

#: The result tokens of a two-player record (PGN's): first seat wins, second wins, draw, unfinished.
TWO_PLAYER_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
#: The default move-token grammar (a regular expression): a letter, or a digit and a letter,
#: then letters, digits and ``= / : > + -``. Such a token can never be read as a result.
MOVE_TOKEN = r"(?:[A-Za-z]|[0-9][A-Za-z])[A-Za-z0-9=/:>+\-]*"
_NUMBER = r"-?[0-9]+(?:\.[0-9]+)?"
_VALUE = r"-?[0-9]+(?:/[0-9]+|\.[0-9]+)?"      # a whole number, a fraction or a decimal
#: The result of a game of 1 or 3+ players: its returns vector. Whole and decimal values
#: are joined by ``/`` (``1/-1/-1``, ``1/-0.5/-0.5``); a vector with a fraction (a value
#: no decimal writes exactly, ``-1/3``) is joined by ``,`` (``1,-1/3,-1/3,-1/3``). A
#: one-player game writes its one value followed by the separator (``7/``, ``1/3,``).
RETURNS_TOKEN = rf"{_NUMBER}/(?:{_NUMBER}(?:/{_NUMBER})*)?|{_VALUE},(?:{_VALUE}(?:,{_VALUE})*)?"
_NUMBER_RE = re.compile(_NUMBER)
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_BASE_BEFORE = ("Event", "Site", "Date", "Round")


@functools.lru_cache(maxsize=None)
def _move_token_pattern(grammar: str) -> re.Pattern[str]:
    return re.compile(grammar, re.VERBOSE)


def check_move_token(dialect: RecordDialect, ply: int, text: str) -> None:
    """ValueError (``move PLY: TEXT is not a PPN move token of GAME (grammar ...)``)
    unless ``text`` is one move token of ``dialect`` (its ``move_token``, read with
    re.VERBOSE)."""
    if _move_token_pattern(dialect.move_token).fullmatch(text) is None:
        raise ValueError(f"move {ply}: {text!r} is not a PPN move token of {dialect.game.name} "
                         f"(grammar {dialect.move_token})")


class TagError(ValueError):
    """A set-up tag (or the Game tag) that is missing, malformed or inconsistent.

    ``tag`` names it (None when the problem is that no tag sets up the game);
    ``offset`` is the 0-based index in its value where the problem is.
    """

    def __init__(self, tag: str | None, offset: int, message: str) -> None:
        super().__init__(f"tag {tag}: {message}" if tag else message)
        self.tag = tag
        self.offset = offset
        self.message = message


@runtime_checkable
class RecordDialect(Protocol):
    """What a game supplies to PPN (module docstring). States are the game's GameStates."""

    #: The game this dialect writes.
    game: Game[Any]
    #: Names of the set-up tags, in writing order.
    setup_tags: tuple[str, ...]
    #: The move-token grammar: a regular expression (read with re.VERBOSE: write a space
    #: as ``\ ``) that one move (or chance outcome) token fully matches; it must not match
    #: a result token, and should start with a letter, or a digit and a letter (MOVE_TOKEN).
    move_token: str
    #: The rule id a result contradicting the final position breaks (Pick & Pack: "PP-E4"), or None.
    final_rule: str | None

    def player_tags(self, tags: Mapping[str, str]) -> tuple[str, ...]:
        """The roster's player tags, in seat order, of a record with set-up ``tags``."""

    def state_from_tags(self, tags: Mapping[str, str]) -> GameState:
        """The initial state the set-up tags in ``tags`` describe (no history).
        Other tags are ignored. Raises TagError naming the tag and the offset in its value."""

    def setup_tags_for(self, root: GameState, given: Mapping[str, str]) -> dict[str, str]:
        """The set-up tags that reproduce ``root`` (a state with no history), in writing
        order; ``given`` are tags the caller supplied (a ``Seed``, ``Options``). Raises
        ValueError when ``given`` contradicts ``root`` or no tags can reproduce it."""

    def history_moves(self, state: GameState) -> list[Move]:
        """The moves (chance outcomes included) from the start of ``state`` to it, each
        with its canonical text. Raises ValueError for a text that is not one move token."""

    def apply_move(self, state: GameState, text: str) -> Move:
        """Apply the move token ``text`` to ``state``; the move (canonical text). Raises
        MoveSyntaxError (column) or IllegalMoveError (rule); the state is unchanged then."""

    def result_of(self, state: GameState) -> str:
        """The result token of ``state``: from its returns once over, else ``*``."""

    def result_tokens(self, tags: Mapping[str, str]) -> str:
        """The result forms of a record with set-up ``tags``, for messages
        (``"1-0, 0-1, 1/2-1/2 or *"``)."""

    def check_result(self, token: str, tags: Mapping[str, str]) -> bool:
        """True when ``token`` is a result this record may end with."""


def player_tag(name: str) -> str:
    """The roster tag of player ``name``: its first letter upper-cased (``red`` -> ``Red``,
    ``p2`` -> ``P2``); characters a tag name cannot hold become ``_``, and a name not
    starting with a letter is prefixed with ``P``."""
    tag = re.sub(r"[^A-Za-z0-9_]", "_", name)
    if not tag or not tag[0].isalpha():
        tag = "P" + tag
    return tag[0].upper() + tag[1:]


def roster_tags(player_tags: Sequence[str]) -> tuple[str, ...]:
    """The whole roster: Event, Site, Date, Round, the player tags, Result."""
    return (*_BASE_BEFORE, *player_tags, "Result")


def return_text(value: float) -> str:
    """One return, exactly and as people write it: a whole number (``1``, ``-2``), else
    the decimal of a value whose simplest fraction has one (``-0.5``, ``0.25``), else that
    fraction, the simplest that is this float (``-1/3``, ``2/7``). It reads back as the same float
    (``parse_return``). Raises ValueError for a value that is not finite.

    >>> [return_text(v) for v in (1.0, -0.5, -1 / 3, 2 / 3, 0.1)]
    ['1', '-0.5', '-1/3', '2/3', '0.1']
    """
    number = float(value)
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(f"return {value!r} is not a finite number")
    if number.is_integer():
        return str(int(number))
    fraction = simplest_fraction(number)
    decimal = format(Decimal(repr(number)), "f")
    denominator = fraction.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator == 1:            # a terminating decimal: the shortest that reads back as this float
        return decimal
    return f"{fraction.numerator}/{fraction.denominator}"


def parse_return(text: str) -> float:
    """The value of one return as ``return_text`` writes it (``1``, ``-0.5``, ``-1/3``).
    Raises ValueError for other text."""
    if re.fullmatch(_VALUE, text) is None:
        raise ValueError(f"{text!r} is not a return (a whole number, a decimal or a fraction such as -1/3)")
    return float(Fraction(text))


def returns_text(values: Sequence[float]) -> str:
    """The returns vector as a result token (RETURNS_TOKEN): each value as return_text
    writes it, joined by ``/``, or by ``,`` when one is a fraction; one value is
    followed by the separator. Raises ValueError for a value that is not finite.

    >>> returns_text([1.0, -0.5, -0.5]), returns_text([1.0, -1 / 3, -1 / 3, -1 / 3])
    ('1/-0.5/-0.5', '1,-1/3,-1/3,-1/3')
    """
    parts = [return_text(value) for value in values]
    separator = "," if any("/" in part for part in parts) else "/"
    return separator.join(parts) + (separator if len(parts) == 1 else "")


def parse_returns(token: str) -> list[float] | None:
    """The returns vector a result token holds (``1/-1/-1``, ``1,-1/3,-1/3,-1/3``, and
    the long decimals written before fractions, ``1/-0.3333333333333333/...``), or None
    for another token."""
    if re.fullmatch(RETURNS_TOKEN, token) is None:
        return None
    separator = "," if "," in token else "/"
    return [parse_return(part) for part in token.rstrip(separator).split(separator)]


def same_result(first: str, second: str) -> bool:
    """Whether two result tokens say the same: equal text, or returns vectors of equal
    values however written (``1/-0.3333333333333333/...`` and ``1,-1/3,...``)."""
    if first == second:
        return True
    a, b = parse_returns(first), parse_returns(second)
    return a is not None and a == b


def result_from_returns(returns: Sequence[float]) -> str:
    """The result token of a finished game with ``returns`` (one value per seat): for two
    players PGN's ``1-0`` (first seat's return higher), ``0-1`` or ``1/2-1/2``; for any
    other count the vector (returns_text)."""
    if len(returns) == 2:
        first, second = returns
        return "1-0" if first > second else "0-1" if first < second else "1/2-1/2"
    return returns_text(returns)


def _game_names() -> str:
    return ", ".join(available_games()) or "none"


# Game name -> (the Game, its dialect); a Game (it holds dicts) cannot be a cache key itself.
_DIALECTS: dict[str, tuple[Game[Any], RecordDialect]] = {}


def dialect_for(game: Game[Any]) -> RecordDialect:
    """The dialect of ``game``: the object its ``ppn_dialect`` names, else GenericDialect(game).

    Raises GamePartError (a TypeError) when ``ppn_dialect`` names something that is not
    a RecordDialect (Game.load checks it), ImportError/AttributeError when it cannot be
    loaded.
    """
    known = _DIALECTS.get(game.name)
    if known is not None and known[0] is game:
        return known[1]
    loaded = game.load("ppn_dialect")
    dialect: RecordDialect = GenericDialect(game) if loaded is None else loaded
    _DIALECTS[game.name] = (game, dialect)
    return dialect


def dialect_named(name: str) -> RecordDialect:
    """The dialect of the installed game ``name`` (a ``Game`` tag's value).

    Raises TagError("Game", 0, ...) naming the installed games when there is no such game,
    or saying why it or its dialect (``Game.ppn_dialect``) failed to load, in one line.
    """
    try:
        game = get_game(name)
    except PluginNotFoundError:
        raise TagError("Game", 0, f"unknown game {name!r}; installed games: {_game_names()}") from None
    except GameLoadError as exc:
        raise TagError("Game", 0, str(exc)) from None
    try:
        return dialect_for(game)
    except Exception as exc:        # a third party's import error of any kind
        detail = " ".join(str(exc).split())
        raise TagError("Game", 0, f"game {name!r}: its PPN dialect {game.ppn_dialect} failed to load: "
                       f"{type(exc).__name__}: {detail}") from None


def _decimal_tag(tags: Mapping[str, str], tag: str, limit: int, what: str) -> int | None:
    text = tags.get(tag)
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or int(text) >= limit:
        raise TagError(tag, 0, f"must be {what}, got {text!r}")
    return int(text)


class GenericDialect:
    """The dialect of any game, through the GameState protocol only (module docstring).

    Set-up tags: ``Players`` (the seat count, default the game's), ``Seed`` (the
    game's own seed for ``new_state``, 0..2**64-1; a record without one uses 0),
    ``Variant``, ``Options`` (a JSON object of option values), or instead ``SetUp "1"``
    with ``Position`` (the game's position string) for a game taken up part-way.
    """

    setup_tags: tuple[str, ...] = ("Players", "Seed", "Variant", "Options", "SetUp", "Position")
    move_token = MOVE_TOKEN
    final_rule: str | None = None

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __repr__(self) -> str:
        return f"GenericDialect({self.game.name!r})"

    # --- roster and results ------------------------------------------------------

    def _players(self, tags: Mapping[str, str]) -> int:
        """The seat count the tags give (Players), else the game's default."""
        text = tags.get("Players")
        if text is not None and text.isascii() and text.isdigit() and len(text) < 4:
            count = int(text)
            if self.game.min_players <= count <= self.game.max_players:
                return count
        return self.game.default_player_count()

    def player_tags(self, tags: Mapping[str, str]) -> tuple[str, ...]:
        """One tag per seat from the game's player names (``p1`` -> ``P1``)."""
        return tuple(player_tag(name) for name in self.game.player_names(self._players(tags)))

    def result_of(self, state: GameState) -> str:
        """``result_from_returns(state.returns())`` once over, else ``*``."""
        return result_from_returns(state.returns()) if state.is_terminal() else "*"

    def result_tokens(self, tags: Mapping[str, str]) -> str:
        """``1-0, 0-1, 1/2-1/2 or *`` for two players, else the vector form."""
        count = self._players(tags)
        if count == 2:
            return "1-0, 0-1, 1/2-1/2 or *"
        return f"the returns of the {count} players as v1/.../v{count}, or *"

    def check_result(self, token: str, tags: Mapping[str, str]) -> bool:
        """A two-player token for two players, else ``*`` or a vector of the seat count."""
        count = self._players(tags)
        if count == 2 or token == "*":
            return token in TWO_PLAYER_RESULTS
        values = parse_returns(token)
        return values is not None and len(values) == count

    # --- set-up ------------------------------------------------------------------

    def _options(self, tags: Mapping[str, str]) -> dict[str, Any]:
        text = tags.get("Options")
        if text is None:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TagError("Options", exc.pos, f"must be a JSON object of option values: {exc.msg}") from None
        if not isinstance(value, dict):
            raise TagError("Options", 0, f"must be a JSON object of option values, got {text!r}")
        return value

    def state_from_tags(self, tags: Mapping[str, str]) -> GameState:
        """The state ``game.new_state(Players, Seed, Variant, **Options)`` (or the Position)."""
        setup = tags.get("SetUp")
        if setup is not None and setup not in ("0", "1"):
            raise TagError("SetUp", 0, f"must be \"0\" or \"1\", got {setup!r}")
        players = _decimal_tag(tags, "Players", 1000, "a player count")
        if players is not None:
            try:
                self.game.check_players(players)
            except OptionError as exc:
                raise TagError("Players", 0, str(exc)) from None
        if "Position" in tags:
            return self._from_position(tags, setup, players)
        if setup == "1":
            raise TagError("SetUp", 0, "is \"1\" but there is no Position tag")
        seed = _decimal_tag(tags, "Seed", 2**64, "a decimal integer 0..2**64-1")
        options = self._options(tags)
        variant = tags.get("Variant")
        try:
            options = self.game.resolve_options(variant, options)
        except OptionError as exc:
            raise TagError("Variant" if exc.field == "variant" else "Options", 0, str(exc)) from None
        try:
            state: GameState = self.game.new_state(players=players, seed=0 if seed is None else seed, **options)
        except ValueError as exc:
            raise TagError(None, 0, f"cannot set up the game: {exc}") from None
        except Exception as exc:     # the game's own failure: still one error at the record
            raise TagError(None, 0, f"cannot set up the game: {type(exc).__name__}: {exc}") from None
        return state

    def _from_position(self, tags: Mapping[str, str], setup: str | None, players: int | None) -> GameState:
        if setup == "0":
            raise TagError("SetUp", 0, "is \"0\" but a Position tag is given (use \"1\")")
        for other in ("Seed", "Variant", "Options"):
            if other in tags:
                raise TagError(other, 0, "cannot be given with a Position tag (the position "
                               "string sets up the whole game)")
        try:
            state: GameState = self.game.from_position(tags["Position"])
        except PositionError as exc:
            raise TagError("Position", max(exc.column - 1, 0), str(exc)) from None
        except (LookupError, ValueError) as exc:
            raise TagError("Position", 0, str(exc)) from None
        if players is not None and state.num_players != players:
            raise TagError("Players", 0, f"is {players} but the position has {state.num_players} players")
        return state

    def setup_tags_for(self, root: GameState, given: Mapping[str, str]) -> dict[str, str]:
        """Players, Seed (given, else 0 when seed 0 reproduces ``root``), Variant and
        Options as given; else SetUp/Position when the game has position strings."""
        count = root.num_players
        try:
            seed = _decimal_tag(given, "Seed", 2**64, "a decimal integer 0..2**64-1")
            variant = given.get("Variant")
            options = self.game.resolve_options(variant, self._options(given))
            candidate = self.game.new_state(players=count, seed=0 if seed is None else seed, **options)
        except (TagError, ValueError) as exc:
            raise ValueError(f"cannot set up {self.game.name} from the given tags: {exc}") from None
        if candidate.snapshot() == root.snapshot() and candidate.zobrist_hash() == root.zobrist_hash():
            tags = {"Players": str(count), "Seed": str(0 if seed is None else seed)}
            if variant is not None:
                tags["Variant"] = variant
            if "Options" in given:
                tags["Options"] = given["Options"]
            return tags
        if seed is not None or "Options" in given or variant is not None:
            raise ValueError(f"the given Seed/Variant/Options do not set up this {self.game.name} game")
        try:
            position = root.to_position()
            self.game.from_position(position)
        except (LookupError, ValueError, NotImplementedError, AttributeError):
            raise ValueError(f"cannot write set-up tags for this {self.game.name} game: seed 0 does "
                             "not set it up, no Seed is given and it has no position strings") from None
        return {"Players": str(count), "SetUp": "1", "Position": position}

    # --- moves -------------------------------------------------------------------

    def history_moves(self, state: GameState) -> list[Move]:
        """Replays ``state.history_actions()`` on a copy taken back to its start."""
        actions = state.history_actions()
        replay = state.copy()
        for _ in actions:
            replay.undo()
        moves = []
        for ply, action in enumerate(actions, 1):
            text = replay.action_text(action)
            check_move_token(self, ply, text)
            moves.append(Move(action, text))
            replay.apply_action(action)
        return moves

    def apply_move(self, state: GameState, text: str) -> Move:
        """``text`` applied by pickpack.move.apply_text (its legality checked once);
        refused once the game is over."""
        if state.is_terminal():
            raise IllegalMoveError(f"illegal move {text}: the game is over")
        return apply_text(state, text)
