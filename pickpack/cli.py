"""The ``pickpack`` command. Subcommands live in ``pickpack.commands``, one per module.

Bad arguments print one line naming the problem (and the choices) and exit with
status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from pickpack.commands import bench, export, match, perft, play, plugins, replay, validate
from pickpack.commands._common import fail
from pickpack.plugins import PluginNotFoundError

__all__ = ["COMMANDS", "main"]

COMMANDS: tuple[ModuleType, ...] = (play, match, replay, validate, export, perft, bench, plugins)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand in COMMANDS."""
    from pickpack import __version__

    parser = _Parser(prog="pickpack", description="Pick & Pack game engine.")
    parser.add_argument("--version", action="version", version=f"pickpack {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for module in COMMANDS:
        module.add_arguments(sub.add_parser(module.NAME, help=module.HELP))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pickpack`` command. Returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    runner = {m.NAME: m for m in COMMANDS}[args.command]
    try:
        return int(runner.run(args))
    except PluginNotFoundError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        sys.stderr.write("pickpack: interrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
