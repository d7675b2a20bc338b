"""Golden playthroughs (after OpenSpiel's ``integration_tests/playthroughs``): one
seeded random game written out ply by ply as text, committed, and replayed by a test
that reports the first ply where the game now differs.

A playthrough file holds a header (format, game, players, seed, options) and then, for
each ply, the state's line and the action applied there::

    ply 3: to_move chance hash 6c2ad9e3f0b1a457 returns [0.0, 0.0] legal 6:1f0e... obs 8a1b... 8a1b...
    action 2 d3

``to_move`` is the seat, ``chance`` or ``terminal``; ``hash`` the zobrist hash (16 hex
digits); ``returns`` the returns; ``legal`` the number of legal actions and a digest of
them; ``obs`` one digest per seat of its observation tensor (float32, little-endian;
the observation as canonical JSON for a game without tensors). Digests are the first 16 hex digits of SHA-256. Replay applies the file's
actions (not the random draws), so a change of the walk's random choices does not show,
a change of any rule, text, hash, return or observation does.

Regenerate with ``python -m pickpack.testing write DIR [GAME ...]`` (both
player counts of pickpack.testing.cases.player_counts, seed 0 and 1), check with
``python -m pickpack.testing check FILE ...``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pickpack.commands._common import OneLineParser
from pickpack.game import CHANCE, TERMINAL, Game
from pickpack.records.file_errors import os_error_text
from pickpack.records.safe_files import write_text_atomic
from pickpack.testing.cases import player_counts
from pickpack.testing.checks import ConformanceError, tensor_bytes
from pickpack.testing.walks import place, random_walk

__all__ = ["FORMAT", "Playthrough", "PlaythroughMismatch", "check_playthrough", "file_name",
           "golden_set_ups", "main", "playthrough_text", "read_playthrough", "replay_text"]

#: The first line of every playthrough file.
FORMAT = "# pickpack playthrough 1"
_REGENERATE = "# regenerate: python -m pickpack.testing write DIR {game}"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _to_move(state: Any) -> str:
    seat = state.current_player_id()
    return "chance" if seat == CHANCE else "terminal" if seat == TERMINAL else str(seat)


def _ply_line(ply: int, state: Any) -> str:
    legal = list(state.legal_actions())
    obs = " ".join(_digest(tensor_bytes(state, seat)) for seat in range(state.num_players))
    return (f"ply {ply}: to_move {_to_move(state)} hash {state.zobrist_hash():016x} "
            f"returns {json.dumps([float(v) for v in state.returns()])} "
            f"legal {len(legal)}:{_digest(','.join(map(str, legal)).encode())} obs {obs}")


def _lines(game: Game[Any], players: int, seed: int, options: Mapping[str, Any],
           actions: Sequence[int]) -> Iterator[str]:
    yield FORMAT
    yield _REGENERATE.format(game=game.name)
    yield f"game: {game.name}"
    yield f"players: {players}"
    yield f"seed: {seed}"
    yield f"options: {json.dumps(dict(options), sort_keys=True)}"
    yield ""
    state = game.new_state(players=players, seed=seed, **options)
    for ply, action in enumerate(actions):
        yield _ply_line(ply, state)
        text = state.action_text(action)
        state.apply_action(action)         # refused: the replay shows the error on this line
        yield f"action {action} {text}"
    yield _ply_line(len(actions), state)


def playthrough_text(game: Game[Any], players: int, seed: int, options: Mapping[str, Any] | None = None,
                     actions: Sequence[int] | None = None) -> str:
    """The playthrough of ``game`` (module docstring): ``actions``, or the seeded random
    walk of ``new_state(players=players, seed=seed, **options)`` (pickpack.testing.walks)."""
    options = dict(options or {})
    if actions is None:
        actions = random_walk(game, players, seed, options).actions
    return "\n".join(_lines(game, players, seed, options, actions)) + "\n"


@dataclass(frozen=True)
class Playthrough:
    """A playthrough file read back: its set-up and its actions."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[int, ...]


def read_playthrough(text: str, source: str = "<playthrough>") -> Playthrough:
    """The set-up and actions of a playthrough file's ``text``. ValueError naming
    ``source`` and the line for text that is not one."""
    lines = text.splitlines()
    if not lines or lines[0] != FORMAT:
        raise ValueError(f"{source}: line 1: not a pickpack playthrough (expected {FORMAT!r})")
    header: dict[str, str] = {}
    actions: list[int] = []
    for number, line in enumerate(lines[1:], start=2):
        key, sep, value = line.partition(": ")
        if line.startswith("action "):
            word = line.split(" ")[1]
            if not word.isdigit():
                raise ValueError(f"{source}: line {number}: action {word!r} is not a whole number")
            actions.append(int(word))
        elif sep and key in ("game", "players", "seed", "options"):
            header[key] = value
    missing = [k for k in ("game", "players", "seed", "options") if k not in header]
    if missing:
        raise ValueError(f"{source}: no {missing[0]}: line in the header")
    try:
        options = json.loads(header["options"])
        players, seed = int(header["players"]), int(header["seed"])
    except ValueError as exc:
        raise ValueError(f"{source}: header: {exc}") from None
    if not isinstance(options, dict):
        raise ValueError(f"{source}: header: options is not a JSON object")
    return Playthrough(header["game"], players, seed, options, tuple(actions))


@dataclass(frozen=True)
class PlaythroughMismatch:
    """Where a replay first differs from its file: the 1-based ``line``, the ``ply``
    (None in the header) and both lines."""

    line: int
    ply: int | None
    expected: str
    actual: str

    def __str__(self) -> str:
        where = "the header" if self.ply is None else f"ply {self.ply}"
        return (f"first difference at {where} (line {self.line}):\n  expected: {self.expected}\n"
                f"  actual:   {self.actual}")


def replay_text(text: str, game: Game[Any], source: str = "<playthrough>") -> PlaythroughMismatch | None:
    """Replay the playthrough ``text`` on ``game``: None when every line comes out the
    same, else the first difference. An action the game now refuses is a difference at
    its ply (the game's error as the actual line)."""
    recorded = read_playthrough(text, source)
    expected = text.splitlines()
    actual: list[str] = []
    try:
        for line in _lines(game, recorded.players, recorded.seed, recorded.options, recorded.actions):
            actual.append(line)
    except Exception as exc:        # the game's own error, of any kind: it is the difference
        actual.append(f"raised {type(exc).__name__}: {' '.join(str(exc).split())}")
    ply: int | None = None
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        if want.startswith("ply "):
            ply = int(want.split(":")[0].split()[1])
        if want != got:
            return PlaythroughMismatch(number, ply, want, got)
    if len(expected) != len(actual):
        number = min(len(expected), len(actual)) + 1
        want = expected[number - 1] if number <= len(expected) else "(end of file)"
        got = actual[number - 1] if number <= len(actual) else "(end of replay)"
        return PlaythroughMismatch(number, ply, want, got)
    return None


def check_playthrough(path: str | Path, game: Game[Any] | None = None) -> None:
    """Replay the playthrough file ``path`` on ``game`` (default: the registered game
    its header names); ConformanceError naming the file, the game, players, seed, the
    first differing ply (or the header) and check ``playthrough``::

        push-4p-seed0.txt: push, 4 players, seed 0, ply 2, check playthrough: first
        difference at ply 2 (line 12): ...
    """
    text = Path(path).read_text(encoding="utf-8")
    recorded = read_playthrough(text, str(path))
    if game is None:
        from pickpack.games_registry import get_game

        game = get_game(recorded.game)
    mismatch = replay_text(text, game, str(path))
    if mismatch is not None:
        where = (f"{place(game, recorded.players, recorded.seed)}, header" if mismatch.ply is None
                 else place(game, recorded.players, recorded.seed, ply=mismatch.ply))
        raise ConformanceError(f"{path}: {where}, check playthrough: {mismatch}", where=where,
                               check="playthrough", fault=str(mismatch))


def file_name(game: Game[Any], players: int, seed: int) -> str:
    """``pig-2p-seed0.txt``: the name of a playthrough file."""
    return f"{game.name}-{players}p-seed{seed}.txt"


def golden_set_ups(game: Game[Any]) -> list[tuple[int, int]]:
    """``(players, seed)`` of a game's golden playthroughs: each of player_counts(game),
    the k-th with seed k."""
    return [(players, k) for k, players in enumerate(player_counts(game))]


def _write(directory: Path, games: Sequence[Game[Any]]) -> list[Path]:
    written = []
    directory.mkdir(parents=True, exist_ok=True)
    for game in games:
        for players, seed in golden_set_ups(game):
            path = directory / file_name(game, players, seed)
            write_text_atomic(path, playthrough_text(game, players, seed))
            written.append(path)
    return written


def _game(name: str) -> Game[Any]:
    """The installed game ``name``, or the Game at ``module:attribute`` (a game not
    installed, e.g. from its source folder on PYTHONPATH). ValueError otherwise."""
    from pickpack.games_registry import available_games, get_game

    if ":" in name:
        module, _, attribute = name.partition(":")
        try:
            game = getattr(importlib.import_module(module), attribute, None)
        except ImportError as exc:
            raise ValueError(f"{name}: cannot import {module}: {exc}") from None
        if not isinstance(game, Game):
            raise ValueError(f"{name} is not a pickpack.Game")
        return game
    if name not in available_games():
        raise ValueError(f"unknown game {name!r}; installed games: {', '.join(available_games())}")
    return get_game(name)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pickpack.testing write DIR [GAME ...]`` writes the golden
    playthroughs of the named games (installed names, or ``module:attribute`` of a Game;
    default: every installed game) into DIR;
    ``... check FILE ... [--game GAME]`` replays files (on GAME, by default the installed
    game each header names) and prints the first difference of each.
    Exit status 0 when all is well, 1 when a file differs, 2 for bad arguments (one
    line on stderr)."""
    from pickpack.games_registry import available_games

    parser = OneLineParser(prog="python -m pickpack.testing", description="golden playthroughs of games")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    write = sub.add_parser("write", help="write the golden playthroughs of games into a directory")
    write.add_argument("directory", type=Path)
    write.add_argument("games", nargs="*", metavar="GAME",
                       help="an installed game or module:attribute of a Game (default: every installed game)")
    check = sub.add_parser("check", help="replay playthrough files")
    check.add_argument("files", nargs="+", type=Path)
    check.add_argument("--game", metavar="GAME",
                       help="the game to replay them on: an installed game or module:attribute of a "
                            "Game (default: the installed game each file's header names)")
    args = parser.parse_args(argv)
    if args.command == "write":
        try:
            games = [_game(n) for n in args.games or available_games()]
        except (ValueError, ImportError) as exc:
            parser.error(str(exc))
        for path in _write(args.directory, games):
            print(path)
        return 0
    try:
        chosen = None if args.game is None else _game(args.game)
    except (ValueError, ImportError) as exc:
        parser.error(f"--game {exc}")
    status = 0
    for path in args.files:
        try:
            check_playthrough(path, chosen)
            print(f"{path}: same")
        except OSError as exc:         # one line, as every pickpack command words it
            parser.error(f"{path}: cannot read: {os_error_text(exc, path)}")
        except LookupError as exc:     # the header names a game that is not installed
            parser.error(f"{path}: {exc} (a game not installed: --game module:attribute)")
        except (ConformanceError, ValueError) as exc:
            print(exc)
            status = 1
    return status

