"""The neutral top level is grouped by concept (issue 19, item 6): pickpack.bots,
pickpack.match and pickpack.records are packages of small modules, and every public
name stays importable where it was: the names of ``pickpack.bots`` and
``pickpack.match`` (now packages), the module paths the docs told users to import
from, the command ``python -m pickpack.process_bot``, and the classes pickles made
before the move name by module path.
"""

from __future__ import annotations

import ast
import base64
import importlib
import pickle
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Each older module path and the module it re-exports (pickpack/<old>.py says why).
MOVED = {
    "pickpack.bot_base": "pickpack.bots.base",
    "pickpack.search_bot": "pickpack.bots.search",
    "pickpack.mcts": "pickpack.bots.mcts",
    "pickpack.process_bot": "pickpack.bots.process",
    "pickpack.record_dialect": "pickpack.records.dialect",
    "pickpack.game_result": "pickpack.match.result",
    "pickpack.match_summary": "pickpack.match.summary",
    "pickpack.match_chance": "pickpack.match.chance",
    "pickpack.savefile": "pickpack.records.savefile",
}

#: The names ``pickpack.bots`` and ``pickpack.match`` had as modules (their __all__,
#: and what the docs and tests import from them).
BOTS_NAMES = {"Bot", "BotBase", "IsolatedBot", "NoDecisionError", "UNDECLARED", "available_bots", "bot_choices",
              "bot_games", "checked_move", "chosen_move", "close_bot", "make_bot", "resolve_bot",
              "serve_isolated", "trial_bot"}
MATCH_NAMES = {"BotLine", "GameResult", "MatchInterrupted", "MatchSummary", "check_bots", "deal_seed",
               "forfeit_returns", "match_game", "match_variant", "play_game", "play_match", "seat_of",
               "seating", "summarize", "trial_state"}

#: (GameResult, MatchSummary, SavedGame) pickled (protocol 4) by pickpack before the move,
#: on main at d62e95e: game 0 of a random-random Pick & Pack match with base seed 5, cut
#: to its first two moves and summarised, and a save of PUSH.
BEFORE_THE_MOVE = "".join([
    "gASV0QMAAAAAAACMFHBpY2twYWNrLmdhbWVfcmVzdWx0lIwKR2FtZVJlc3VsdJSTlCmBlH2UKIwFaW5kZXiUSwCMBGdhbWWU"
    "jAhwaWNrcGFja5SMBHNlZWSUighaw4mjDDsDY4wHcGxheWVyc5SMA3JlZJSMBGJsdWWUhpSMBXNlYXRzlIwGcmFuZG9tlGgO"
    "hpSMCWJvdF9zZWF0c5RLAEsBhpSMB3JldHVybnOUR7/wAAAAAAAARz/wAAAAAAAAhpSMBnNjb3Jlc5R9lChoCksjaAtLKXWM"
    "BXBsaWVzlEsCjAVtb3Zlc5RdlCiMBGQ0PjSUjARkMj4zlGWMB3ZhcmlhbnSUjAVkZWFsdJSMB29wdGlvbnOUfZSMB2ZvcmZl"
    "aXSUTowMZm9yZmVpdGVkX2J5lE6MBWZhdWx0lE6MB2FjdGlvbnOUXZQoTVgXTQYKZXVijBZwaWNrcGFjay5tYXRjaF9zdW1t"
    "YXJ5lIwMTWF0Y2hTdW1tYXJ5lJOUKYGUfZQojAVsaW5lc5RdlChoJIwHQm90TGluZZSTlCmBlH2UKIwDYm90lGgOaAlLAowL"
    "bWluX3V0aWxpdHmUR7/wAAAAAAAAjAttYXhfdXRpbGl0eZRHP/AAAAAAAACMBWdhbWVzlEsBjAR3aW5zlEsAjAVkcmF3c5RL"
    "AIwGbG9zc2VzlEsBjAlzY29yZV9zdW2USyOMCXBsaWVzX3N1bZRLAowIZm9yZmVpdHOUSwCMBHN1bXOUfZQojAZyZXR1cm6U"
    "jAlmcmFjdGlvbnOUjAhGcmFjdGlvbpSTlEr/////SwGGlFKUjAlyZXR1cm5fc3GUaD5LAUsBhpRSlIwFc2hhcmWUaD5LAEsB"
    "hpRSlIwIc2hhcmVfc3GUaD5LAEsBhpRSlIwEcmFua5RoPksCSwGGlFKUjAdyYW5rX3NxlGg+SwRLAYaUUpR1dWJoLCmBlH2U"
    "KGgvaA5oCUsCaDBHv/AAAAAAAABoMUc/8AAAAAAAAGgySwFoM0sBaDRLAGg1SwBoNkspaDdLAmg4SwBoOX2UKGg7aD5LAUsB"
    "hpRSlGhBaD5LAUsBhpRSlGhEaD5LAUsBhpRSlGhHaD5LAUsBhpRSlGhKaD5LAUsBhpRSlGhNaD5LAUsBhpRSlHV1YmVoMl2U"
    "aANhjAtpbnRlcnJ1cHRlZJSJaAZoB3VijBFwaWNrcGFjay5zYXZlZmlsZZSMCVNhdmVkR2FtZZSTlCmBlH2UKGgGjARwdXNo"
    "lGgJfZQojAJQMZSMBWh1bWFulIwCUDKUaA51aBddlIwBeJRhaAhLA2gbTmgdfZR1YoeULg=="
])


def test_the_bots_and_match_packages_keep_their_names() -> None:
    bots, match = importlib.import_module("pickpack.bots"), importlib.import_module("pickpack.match")
    assert BOTS_NAMES <= set(bots.__all__) and all(hasattr(bots, name) for name in BOTS_NAMES)
    assert MATCH_NAMES <= set(match.__all__) and all(hasattr(match, name) for name in MATCH_NAMES)
    registry, runner = importlib.import_module("pickpack.bots.registry"), importlib.import_module("pickpack.match.runner")
    assert all(getattr(bots, name) is getattr(registry, name) for name in BOTS_NAMES)
    assert all(getattr(match, name) is getattr(runner, name) for name in MATCH_NAMES)


@pytest.mark.parametrize("old", MOVED)
def test_an_older_module_path_names_the_same_objects(old: str) -> None:
    before, now = importlib.import_module(old), importlib.import_module(MOVED[old])
    assert sorted(before.__all__) == sorted(now.__all__)
    assert all(getattr(before, name) is getattr(now, name) for name in now.__all__)


def test_a_pickle_made_before_the_move_loads() -> None:
    result, summary, saved = pickle.loads(base64.b64decode(BEFORE_THE_MOVE))
    assert type(result).__module__ == "pickpack.match.result" and type(result).__name__ == "GameResult"
    assert (result.game, result.index, result.seed, result.players) == ("pickpack", 0, 7134611160154358618,
                                                                       ("red", "blue"))
    assert (result.moves, result.actions, result.returns, result.scores) == (
        ["d4>4", "d2>3"], [5976, 2566], (-1.0, 1.0), {"red": 35, "blue": 41})
    assert type(summary).__module__ == "pickpack.match.summary"
    assert (summary.game, summary.games_played, summary.games) == ("pickpack", 1, [result])
    assert [(line.wins, line.losses, line.score_sum, line.sums["rank"]) for line in summary.lines] == [
        (0, 1, 35, Fraction(2)), (1, 0, 41, Fraction(1))]
    assert type(saved).__module__ == "pickpack.records.savefile"
    assert (saved.game, saved.players, saved.moves, saved.seed) == ("push", {"P1": "human", "P2": "random"},
                                                                     ["x"], 3)


@pytest.mark.parametrize("module", ["pickpack.bots.serve", "pickpack.process_bot"])
def test_the_serving_command_runs_under_both_names(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "usage: python -m pickpack.bots.serve SPEC  (e.g. greedy, native:PATH)\n"


def _grouped_modules() -> list[str]:
    return sorted(f"pickpack.{path.parent.name}.{path.stem}"
                  for package in ("bots", "match", "records")
                  for path in (ROOT / "pickpack" / package).glob("*.py") if path.stem != "__init__")


def test_the_packages_hold_small_modules_of_their_concept() -> None:
    assert _grouped_modules() == [
        "pickpack.bots.base", "pickpack.bots.mcts", "pickpack.bots.native", "pickpack.bots.process",
        "pickpack.bots.registry", "pickpack.bots.search", "pickpack.bots.serve", "pickpack.bots.spec",
        "pickpack.bots.time_limit", "pickpack.bots.view",
        "pickpack.match.backends", "pickpack.match.chance", "pickpack.match.result", "pickpack.match.runner",
        "pickpack.match.seeding", "pickpack.match.stats", "pickpack.match.summary",
        "pickpack.records.dialect", "pickpack.records.file_errors", "pickpack.records.file_kinds",
        "pickpack.records.loading", "pickpack.records.safe_files", "pickpack.records.savefile"]


def _imported(path: Path) -> list[str]:
    """Every module an import statement of ``path`` names (``from M import x``: M)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            out.append(node.module)
    return out


def test_no_grouped_module_imports_its_own_package() -> None:
    # a package's __init__ imports its modules; a module importing the package itself
    # (instead of a sibling module) would find it half made when a program imports that
    # module first
    offenders = [f"{module} imports {name}" for module in _grouped_modules()
                 for name in _imported(ROOT / (module.replace(".", "/") + ".py"))
                 if name == module.rsplit(".", 1)[0]]
    assert offenders == []
