"""``pickpack play``: the Textual UI (plugin ``pickpack.frontends:textual``, extra ``tui``).

The engine never imports Textual: the front end is loaded through its entry point, and
a missing Textual is reported in one line with the install command that fits this
installation (pickpack.install_hint), exit status 2.

Any installed game: ``--game NAME`` (default pickpack), ``--players N``, ``--variant``,
``--option KEY=VALUE``. Seats: the first is the person at the keyboard, the others the
strongest built-in bot that plays the game; ``--bot SEAT=SPEC`` (SEAT a player name or
number 1..N, SPEC ``human`` or a bot spec) changes one. A game may declare short flags
(``Game.play_flags``), each a thin alias: ``--NAME VALUE`` is ``--bot SEAT=VALUE`` or
``--option KEY=VALUE`` (Pick & Pack's ``--red``, ``--blue`` and ``--first`` are
``--bot red=...``, ``--bot blue=...`` and ``--option first=...``); this command knows no
game's flags (``pickpack play --help`` lists each installed game's, game_flags_help),
and one that the game does not declare is refused in one line naming those it does.
Every bot spec is in the grammar every command uses (pickpack.bots.spec: ``NAME``,
``NAME:key=value,...``, ``native:PATH``, ``cmd:COMMAND``); a bad spec, a bot that does not play the game, an unknown game, player count, variant
or option give one line and exit 2, before the UI starts.

``--load FILE`` resumes a saved game (pickpack.records.savefile): the game, seats, seed,
variant, options and moves come from the file, which is read and replayed before the
UI starts; a file that cannot be read or replayed, or whose bots cannot be built, gives
one line naming the field and exit 2. Options that would set the game up differently
are refused in one line: ``--game`` naming another game than the save's, and
``--players``, ``--bot``, ``--variant``, ``--option``, ``--seed`` and the game's own
flags.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import TYPE_CHECKING, Any

from pickpack.commands._common import OneLineParser, fail, seed, single_options

if TYPE_CHECKING:
    from pickpack.game import Game

NAME = "play"
HELP = "play any installed game in the terminal: hot-seat or against bots (needs the extra tui)"

HUMAN = "human"
#: The arguments this parser does not know are the game's own flags (pickpack.cli).
GAME_FLAGS = True
# The strongest built-in bots, best first (docs/bots.md, "Strength ladder"); the
# default opponent is the first that loads and plays the game. alphabeta thinks at most
# 2 s a move at its defaults, in a worker thread of the UI, so the UI stays responsive.
STRONGEST = ("alphabeta", "mcts", "greedy")


def add_arguments(p: argparse.ArgumentParser) -> None:
    if isinstance(p, OneLineParser):
        p.help_tail = game_flags_help
    else:
        p.epilog = game_flags_help()
    p.add_argument("--game", default=None, metavar="NAME",
                   help="the game to play (default: pickpack; see 'pickpack plugins')")
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help="number of players (default: the game's)")
    p.add_argument("--bot", action="append", default=[], metavar="SEAT=SPEC",
                   help="who plays SEAT (a player name or number 1..N): 'human' or a bot spec; "
                        "repeatable")
    p.add_argument("--variant", default=None, help="a variant of the game")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (VALUE read as JSON when it is JSON, else as text); repeatable")
    p.add_argument("--seed", type=seed, default=None, help="seed of the game (default: a fresh one)")
    p.add_argument("--load", default=None, metavar="FILE",
                   help="resume a saved game (the game, seats and seed are the save's)")


def game_flags_help() -> str:
    """The end of ``pickpack play --help``: each installed game's own flags
    (``Game.play_flags``), each with the generic arguments it is an alias of, then the
    games without any; a game that fails to load is named with its one-line error."""
    from pickpack.games_registry import available_games, get_game

    lines = ["game flags: a game may declare short flags of its own, each an alias of --bot",
             "SEAT=SPEC or --option KEY=VALUE; a flag the game does not declare is refused.", ""]
    plain, broken = [], []
    for name in available_games():
        try:
            game = get_game(name)
        except Exception as exc:  # a broken plugin is reported, never breaks the help
            broken.append(f"  {name}: not loaded ({exc})")
            continue
        if not game.play_flags:
            plain.append(name)
            continue
        lines.append(f"  --game {name} ({game.title}):")
        for flag, spec in game.play_flags.items():
            value = "SPEC" if spec.seat is not None else "VALUE"
            alias = f"--bot {spec.seat}=SPEC" if spec.seat is not None else f"--option {spec.option}=VALUE"
            lines.append(f"    {f'--{flag} {value}':<20}alias of {alias}")
            lines += textwrap.wrap(spec.help, 80, initial_indent=" " * 24, subsequent_indent=" " * 24)
    if plain:
        lines.append(f"  no flags of their own: {', '.join(plain)}")
    return "\n".join([*lines, *broken]) + "\n"


# The options --load refuses: the save sets the game up (module docstring).
_SETUP = (("players", "--players"), ("bot", "--bot"), ("variant", "--variant"), ("option", "--option"),
          ("seed", "--seed"))


def check_seat(who: str, seed: int | None = None, game: Game[Any] | str = "pickpack",
               players: int | None = None) -> None:
    """Check ``who`` (``"human"`` or a bot spec) the way ``pickpack match`` checks its
    bots: the spec is parsed and the bot built once for ``game`` (pickpack.bots.make_bot),
    then closed.

    Raises what make_bot raises, with the same one-line messages: BotSpecError
    (malformed spec, unknown or bad option, a bot that does not play the game),
    PluginNotFoundError (unknown name, with the choices), BotLoadError (broken plugin,
    unusable native library), BotFault (a ``cmd:`` program that does not start or fails
    the handshake), TypeError (a plugin without name/choose); NoInfostateError, as
    ``pickpack match`` does, for a game that hides information and whose states offer
    no resample_from_infostate (a bot could not be given its seat's view).
    """
    from pickpack.bots.registry import make_bot
    from pickpack.bots.view import require_view
    from pickpack.games_registry import get_game

    if who == HUMAN:
        return
    resolved = get_game(game) if isinstance(game, str) else game
    if not resolved.perfect_information:
        require_view(resolved, resolved.new_state(players=players, seed=0), f"bot {who!r}")
    bot = make_bot(who, seed=seed, game=game, players=players)
    close = getattr(bot, "close", None)
    if callable(close):
        close()


def strongest_bot(game: Game[Any] | str = "pickpack", players: int | None = None) -> str:
    """The first of STRONGEST that is registered, builds and plays ``game``; "random"
    (which plays every game) if none does."""
    from pickpack.bots.registry import available_bots

    names = available_bots(game)
    for name in STRONGEST:
        if name in names:
            try:
                check_seat(name, seed=0, game=game, players=players)
            except Exception:  # a registered bot that fails to load or play it is skipped
                continue
            return name
    return "random"


def _option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with VALUE as JSON when it parses, else as text."""
    key, eq, value = text.partition("=")
    if not eq or not key:
        fail(f"--option {text!r}: needs the form KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _flag_words(words: list[str]) -> list[tuple[str, str]]:
    """``--NAME VALUE`` and ``--NAME=VALUE`` pairs of the arguments play's parser did not
    know (args.game_flags), in order; ``fail`` for anything else."""
    pairs = []
    rest = iter(words)
    for word in rest:
        name, eq, value = word[2:].partition("=")
        if not word.startswith("--") or not name:
            fail(f"unrecognized argument: {word}")
        if not eq:
            value = next(rest, "")
            if not value or value.startswith("--"):
                fail(f"--{name}: needs a value")
        pairs.append((name, value))
    return pairs


def game_flags(args: argparse.Namespace, game: Game[Any]) -> list[tuple[str, str]]:
    """The game's own flags given (``Game.play_flags``: (flag name, value), in order);
    ``fail`` (one line naming the game's flags) for a flag the game does not declare."""
    pairs = _flag_words(list(getattr(args, "game_flags", [])))
    for name, _ in pairs:
        if name not in game.play_flags:
            own = ", ".join(f"--{flag}" for flag in game.play_flags) or "none"
            fail(f"unrecognized argument --{name}; {game.name}'s own flags: {own} "
                 f"(or --bot SEAT=SPEC, --option KEY=VALUE)")
    return pairs


def _seats(args: argparse.Namespace, game: Game[Any]) -> dict[str, str]:
    """Each player name (seat order) -> "human" or a bot spec, from the options."""
    count = game.check_players(args.players if args.players is not None else game.default_player_count())
    names = game.player_names(count)
    given: dict[str, str] = {}
    said: dict[str, str] = {}         # seat -> the option that gave it, for a conflict

    def give(seat: str, spec: str, option: str) -> None:
        if seat in said:
            fail(f"{said[seat]} and {option} both choose who plays {seat}; give each seat once")
        given[seat], said[seat] = spec, option

    for item in args.bot:
        seat, eq, spec = item.partition("=")
        if not eq or not spec:
            fail(f"--bot {item!r}: needs the form SEAT=SPEC")
        if seat.isdigit() and 1 <= int(seat) <= count:
            seat = names[int(seat) - 1]
        if seat not in names:
            fail(f"--bot {item!r}: no seat {seat!r} in {game.name}; seats: {', '.join(names)} or 1..{count}")
        give(seat, spec, f"--bot {item}")
    for name, spec in game_flags(args, game):
        seat = game.play_flags[name].seat
        if seat is not None:
            if seat not in names:
                fail(f"--{name}: {game.name} with {count} players has no seat {seat}; "
                     f"seats: {', '.join(names)}")
            give(seat, spec, f"--{name} {spec}")
    missing = [n for n in names[1:] if n not in given]
    default = strongest_bot(game, count) if missing else HUMAN
    return {n: given.get(n, HUMAN if i == 0 else default) for i, n in enumerate(names)}


def _check_save(args: argparse.Namespace) -> None:
    """Read and replay ``--load``'s file and build its bots once; ``fail`` (one line,
    exit 2) for a setup option given with it, a ``--game`` other than the save's, or a
    file that cannot be read, replayed or seated."""
    from pickpack.errors import PickpackError
    from pickpack.records.savefile import SavedGame, SaveFileError

    given = [flag for name, flag in _SETUP if getattr(args, name) not in (None, [])]
    given += [f"--{name}" for name, _ in _flag_words(list(getattr(args, "game_flags", [])))]
    if given:
        them = "it" if len(given) == 1 else "them"
        fail(f"{', '.join(given)} cannot be given with --load (the save sets the game up); leave {them} out")
    try:
        saved = SavedGame.load(args.load)
        if args.game is not None and args.game != saved.game:
            fail(f"--game {args.game} conflicts with --load {args.load}, a saved game of {saved.game}; "
                 "leave out --game (the game is the save's)")
        saved.replay(args.load)
    except SaveFileError as exc:
        fail(str(exc))
    for who in saved.players.values():
        try:
            check_seat(who, seed=saved.seed, game=saved.game, players=len(saved.players))
        except (PickpackError, LookupError, TypeError, ValueError) as exc:   # as match does
            fail(f"{args.load}: players: {exc}")


def run(args: argparse.Namespace) -> int:
    from pickpack.errors import PickpackError
    from pickpack.games_registry import DEFAULT_GAME, get_game

    if args.load is not None:
        _check_save(args)
        frontend = _frontend()
        try:
            return int(frontend(load=args.load))
        except PickpackError as exc:
            fail(str(exc))
    try:
        game = get_game(args.game or DEFAULT_GAME)
        seats = _seats(args, game)
        options = single_options(_option(o) for o in args.option)
        for name, value in game_flags(args, game):
            key = game.play_flags[name].option
            if key is not None:
                if key in options:
                    fail(f"--{name} {value} and --option {key}={json.dumps(options[key])} "
                         f"both set {key}; give one")
                options[key] = _option(f"{key}={value}")[1]
        game.resolve_options(args.variant, options)
    except (PickpackError, LookupError, TypeError, ValueError) as exc:
        fail(str(exc))
    for who in seats.values():
        try:
            check_seat(who, seed=args.seed, game=game, players=len(seats))
        except (PickpackError, LookupError, TypeError, ValueError) as exc:   # as match does
            fail(str(exc))
    frontend = _frontend()
    try:
        return int(frontend(game=game.name, seats=seats, seed=args.seed, variant=args.variant,
                            options=options))
    except PickpackError as exc:      # e.g. no terminal to play in: one line, exit 2
        fail(str(exc))


def _frontend() -> Any:
    """The ``textual`` front end (entry point ``pickpack.frontends``); ``fail`` with the
    install command when Textual is missing."""
    from pickpack.install_hint import install_hint
    from pickpack.plugins import load

    try:
        return load("pickpack.frontends", "textual")
    except ImportError as exc:
        fail(f"the terminal UI {install_hint('tui')} ({exc})")
