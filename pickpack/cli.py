"""The ``pickpack`` command. Subcommands live in ``pickpack.commands``, one per module.

A subcommand's positional arguments may come before, between or after its options.
Bad arguments print one line naming the problem (and the choices) and exit with
status 2, without a traceback. Ctrl-C prints ``pickpack: interrupted`` and exits with
status 130 (128 + SIGINT). A reader that closes the pipe early (``pickpack replay F |
head -1``) ends the command quietly with status 141 (128 + SIGPIPE, what a shell
reports for a program killed by a closed pipe): nothing more is written, nothing on
stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from pickpack.commands import bench, export, match, perft, play, plugins, replay, validate
from pickpack.commands._common import EXIT_INTERRUPTED, OneLineParser, fail
from pickpack.plugins import PluginNotFoundError

__all__ = ["COMMANDS", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "main"]

EXIT_BROKEN_PIPE = 141      # 128 + SIGPIPE

COMMANDS: tuple[ModuleType, ...] = (play, match, replay, validate, export, perft, bench, plugins)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand in COMMANDS."""
    from pickpack import __version__

    parser = OneLineParser(prog="pickpack", description="A game engine: Pick & Pack and any "
                                                         "installed game (pickpack plugins).")
    parser.add_argument("--version", action="version", version=f"pickpack {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for module in COMMANDS:
        module.add_arguments(sub.add_parser(module.NAME, help=module.HELP))
    return parser


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The arguments, a subcommand's positionals and options in any order
    (``pickpack match --games 5 random greedy`` as ``pickpack match random --games 5
    greedy``): the subcommand's own parser reads its arguments intermixed
    (argparse.parse_intermixed_args), where plain parsing would take the positionals
    after an option for "unrecognized arguments". A command with ``GAME_FLAGS = True``
    (play) gets the arguments its parser does not know as ``args.game_flags``, the
    game's own flags (Game.play_flags), and refuses the others itself."""
    commands = {m.NAME for m in COMMANDS}
    if not argv or argv[0] not in commands:
        return parser.parse_args(argv)       # --version, --help, no or an unknown command
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command: argparse.ArgumentParser = subparsers.choices[argv[0]]
    module = next(m for m in COMMANDS if m.NAME == argv[0])
    if getattr(module, "GAME_FLAGS", False):
        # the flags a game declares (Game.play_flags) are read by the command, which
        # refuses any it does not know in one line
        args, extra = command.parse_known_intermixed_args(argv[1:])
        args.game_flags = extra
    else:
        args = command.parse_intermixed_args(argv[1:])
    args.command = argv[0]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pickpack`` command. Returns the exit status.

    0 success, 1 problems found (validate, replay), 2 bad input (one line on stderr),
    130 interrupted (Ctrl-C), 141 standard output closed by its reader.
    """
    parser = build_parser()
    args = _parse(parser, list(sys.argv[1:] if argv is None else argv))
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    runner = {m.NAME: m for m in COMMANDS}[args.command]
    try:
        status = int(runner.run(args))
        sys.stdout.flush()      # a closed pipe shows here, not at interpreter exit
        return status
    except PluginNotFoundError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        sys.stderr.write("pickpack: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except SystemExit as exc:
        # Rich meets a closed pipe itself: it points stdout at the null device and
        # raises SystemExit(1) while handling the BrokenPipeError; same status as ours
        if isinstance(exc.__context__, BrokenPipeError):
            return EXIT_BROKEN_PIPE
        raise


def _silence_stdout() -> None:
    """Point standard output at the null device so that the interpreter's final flush
    of what is still buffered does not fail again (Python docs, "Note on SIGPIPE")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # no real descriptor (stdout replaced)
        pass


if __name__ == "__main__":
    raise SystemExit(main())
