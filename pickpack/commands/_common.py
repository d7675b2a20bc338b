"""Helpers shared by the subcommands: one-line failures and argument types.

Every error of the ``pickpack`` command, its own and argparse's, is one line in one
format, ``pickpack: error: MESSAGE``, with exit status 2: ``fail`` prints it, and
``OneLineParser`` (the parser class of the command and its subcommands) turns
argparse's errors into the same line, naming the subcommand
(``pickpack: error: match: argument --games: must be a positive integer, got 0``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

__all__ = ["EXIT_INTERRUPTED", "PROG", "OneLineParser", "error_line", "fail", "new_output", "option",
           "positive_int", "seed"]

PROG = "pickpack"
EXIT_INTERRUPTED = 130      # 128 + SIGINT: the status of a command stopped by Ctrl-C


def error_line(message: str) -> str:
    """``pickpack: error: MESSAGE`` with any line breaks in MESSAGE turned into spaces."""
    flat = " ".join(part.strip() for part in message.splitlines() if part.strip())
    return f"{PROG}: error: {flat}"


def fail(message: str) -> NoReturn:
    """Print ``error_line(message)`` on stderr and exit with status 2 (SystemExit)."""
    sys.stderr.write(error_line(message) + "\n")
    raise SystemExit(2)


class OneLineParser(argparse.ArgumentParser):
    """argparse whose errors are ``fail`` lines: one line, the subcommand named, no
    usage text, exit status 2. ``help_tail``, when set, makes text that ends the help,
    only when the help is shown (play: each installed game's own flags, which the
    parser, built for every command, does not load)."""

    help_tail: Callable[[], str] | None = None

    def format_help(self) -> str:
        text = super().format_help()
        return text if self.help_tail is None else f"{text}\n{self.help_tail()}"

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        fail(f"{command}: {message}" if command else message)


def new_output(path: str, *, force: bool, option: str) -> None:
    """Check, before any work, that the command may write ``path`` (given as ``option``):
    a file that exists is replaced only with ``--force``; a directory never is. Ends the
    command with one ``fail`` line otherwise
    (``--output out.ppn: already exists; add --force to replace it``)."""
    if os.path.isdir(path):
        fail(f"{option} {path}: is a directory")
    if os.path.lexists(path) and not force:
        fail(f"{option} {path}: already exists; add --force to replace it")
    folder = os.path.dirname(path)
    if folder and not os.path.isdir(folder):
        fail(f"{option} {path}: cannot write: the folder {folder} does not exist")


def seed(text: str) -> int:
    """argparse type: an integer seed in 0..2**64-1 (decimal or 0x...)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0..2**64-1, got {value}")
    return value


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {value}")
    return value


def single_options(pairs: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """``--option`` pairs (KEY, VALUE) as a dict; ``fail`` (one line naming both) when a
    key is given twice, instead of the last one silently winning."""
    values: dict[str, Any] = {}
    for key, value in pairs:
        if key in values:
            fail(f"--option {key}={json.dumps(values[key])} and --option {key}={json.dumps(value)} "
                 f"both set {key}; give each option once")
        values[key] = value
    return values


def option(text: str) -> tuple[str, Any]:
    """argparse type: ``KEY=VALUE``, VALUE read as JSON when it is JSON (``3``,
    ``true``, ``{"red": ...}``), else taken as the string itself."""
    key, eq, raw = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"must be KEY=VALUE, got {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value
