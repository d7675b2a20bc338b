"""``pickpack play``: the Textual UI (plugin ``pickpack.frontends:textual``, extra ``tui``).

The engine never imports Textual: the front end is loaded through its entry point, and
a missing Textual is reported in one line with the install command that fits this
installation (pickpack.install_hint), exit status 2.

``--red`` and ``--blue`` take ``human`` or a bot spec in the grammar every command
uses (pickpack.botspec: ``NAME``, ``NAME:key=value,...``, ``native:PATH``,
``cmd:COMMAND``); a bad spec gives the same one-line error as ``pickpack match``.
"""

from __future__ import annotations

import argparse

from pickpack.commands._common import fail, seed

NAME = "play"
HELP = "play in the terminal: hot-seat or against a bot (needs pickpack[tui])"

HUMAN = "human"
# The strongest built-in bots, best first (docs/bots.md, "Strength ladder"); the
# default opponent is the first that loads. alphabeta thinks at most 2 s a move at its
# defaults, in a worker thread of the UI, so the UI stays responsive.
STRONGEST = ("alphabeta", "mcts", "greedy")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--red", default=HUMAN, metavar="human|BOT",
                   help="who plays Red: 'human' (default) or a bot spec, e.g. greedy, "
                        "mcts:simulations=500, cmd:COMMAND, native:PATH (see 'pickpack plugins')")
    p.add_argument("--blue", default=None, metavar="human|BOT",
                   help=f"who plays Blue: 'human' or a bot spec (default: the strongest "
                        f"built-in bot that loads, {STRONGEST[0]})")
    p.add_argument("--seed", type=seed, default=None, help="seed of the deal (default: a fresh one)")
    p.add_argument("--first", choices=("red", "blue"), default="red",
                   help="who moves first once the tiles are placed (PP-S4; default red)")


def check_seat(who: str, seed: int | None = None) -> None:
    """Check ``who`` (``"human"`` or a bot spec) the way ``pickpack match`` checks its
    bots: the spec is parsed and the bot built once (pickpack.bots.make_bot), then
    closed.

    Raises what make_bot raises, with the same one-line messages: BotSpecError
    (malformed spec, unknown or bad option), PluginNotFoundError (unknown name, with the
    choices), BotLoadError (broken plugin, unusable native library), BotFault (a
    ``cmd:`` program that does not start or fails the handshake), TypeError (a plugin
    without name/choose).
    """
    from pickpack.bots import make_bot

    if who == HUMAN:
        return
    bot = make_bot(who, seed=seed)
    close = getattr(bot, "close", None)
    if callable(close):
        close()


def strongest_bot() -> str:
    """The first of STRONGEST that is registered and builds; "greedy" if none does."""
    from pickpack.bots import available_bots

    names = available_bots()
    for name in STRONGEST:
        if name in names:
            try:
                check_seat(name, seed=0)
            except Exception:  # a registered bot that fails to load is skipped
                continue
            return name
    return "greedy"


def run(args: argparse.Namespace) -> int:
    from pickpack.errors import PickpackError
    from pickpack.install_hint import install_hint
    from pickpack.plugins import load

    seats = {"red": args.red, "blue": args.blue if args.blue is not None else strongest_bot()}
    for who in seats.values():
        try:
            check_seat(who, seed=args.seed)
        except (PickpackError, LookupError, TypeError, ValueError) as exc:   # as match does
            fail(str(exc))
    try:
        frontend = load("pickpack.frontends", "textual")
    except ImportError as exc:
        fail(f"the terminal UI {install_hint('tui')} ({exc})")
    try:
        return int(frontend(red=seats["red"], blue=seats["blue"], seed=args.seed, first=args.first))
    except PickpackError as exc:      # e.g. no terminal to play in: one line, exit 2
        fail(str(exc))
