"""PPN is game-neutral: reading and writing a record of one game never loads another.

The PPN plugin (plugins/pickpack_ppn) imports no game package at import time; the game of
a record is found through the registry (its ``[Game "NAME"]`` tag, or Pick & Pack for a
record without one) when that record is read. So a record of the 3-player dice race of
tests/support/nplayer_game.py (installed as the game ``dice`` through a ``pickpack.games`` entry
point, tests/support/plugin_dist.py, as in tests/plugins/ppn/test_dialects.py) reads and writes in a
fresh interpreter without Pick & Pack's C extension, and even when Pick & Pack cannot be
imported at all. Pick & Pack's roster and set-up tags are its dialect's alone
(pickpack.games.pickpack.ppn_dialect); the plugin keeps no copy of them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pickpack

from pickpack_ppn.headers import Headers
from pickpack_ppn.notation import PPN
from tests.support.plugin_dist import on_sys_path, write_distribution
from tests.plugins.ppn.test_dialects import RECORD

ROOT = Path(__file__).resolve().parents[3]

# Seats p1, p2, p3 (rounds=1): p1 rolls a 5, p2 takes the safe 3, p3 rolls a 2, so p1
# alone has the top total: returns +1, -1, -1 (tests/support/nplayer_game.py).
DICE_RECORD = RECORD          # the record of tests/plugins/ppn/test_dialects.py

# A Pick & Pack record (no Game tag): Red's first move grabs a6 (tests/plugins/ppn/test_reading.py).
PICKPACK_RECORD = """[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[Red "?"]
[Blue "?"]
[Result "*"]
[Seed "7"]
[RedPlacement "PPWWRRQQXXMM"]
[BluePlacement "MMXXQQRRWWPP"]
[First "red"]

1. a6>1 *

"""

# Run in a fresh interpreter: import the PPN plugin, read the dice record with the
# reader, write it back with the writer (from the replayed state, and from the tree),
# and say which game modules were imported, before and after.
PROGRAM = """
import json, sys
if sys.argv[1] == "broken":        # Pick & Pack cannot be imported at all
    sys.modules["pickpack.games.pickpack"] = None
import pickpack_ppn.reader, pickpack_ppn.writer, pickpack_ppn.notation
from pickpack_ppn.notation import PPN
from pickpack_ppn.reader import Reader
from pickpack_ppn.writer import TextExporter

def games():
    return sorted(m for m, module in sys.modules.items()
                  if module is not None and (m == "pickpack.games" or m.startswith("pickpack.games.")))

at_import = games()
record = sys.stdin.read()
game, = Reader(record)
state = game.end().state()
players = {tag: game.headers[tag] for tag in ("Event", "P1", "P2", "P3")}
written = PPN.game_from_state(state, players, seed=0, options={"rounds": 1})
print(json.dumps({"at_import": at_import, "roster": list(game.headers.roster),
                  "moves": [str(m) for m in game.mainline_moves()], "returns": state.returns(),
                  "scores": dict(state.scores()), "copied": game.accept(TextExporter()),
                  "written": PPN.export(written), "after": games()}))
"""


def _site(tmp_path: Path) -> Path:
    """A site folder where the dice race is installed as the game ``dice``, and a game
    ``brokendice`` whose PPN dialect cannot be imported."""
    site = tmp_path / "site"
    write_distribution(site, "dice-race", "1.0",
                       {"pickpack.games": {"dice": "tests.support.nplayer_game:GAME",
                                           "brokendice": "broken_dice_game:GAME"}},
                       {"broken_dice_game": "import dataclasses\n"
                                            "from tests.support.nplayer_game import GAME as DICE\n"
                                            "GAME = dataclasses.replace(DICE, name='brokendice', "
                                            "ppn_dialect='no_such_ppn_module:DIALECT')\n"})
    return site


def _fresh(tmp_path: Path, program: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``program`` in a new interpreter with the dice race installed."""
    path = os.pathsep.join([str(_site(tmp_path)), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", program, *args], input=stdin, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path, env={**os.environ, "PYTHONPATH": path})


def _run(tmp_path: Path, mode: str) -> dict[str, Any]:
    done = _fresh(tmp_path, PROGRAM, mode, stdin=DICE_RECORD)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("mode", ["installed", "broken"])
def test_a_dice_record_reads_and_writes_without_pick_and_pack(tmp_path: Path, mode: str) -> None:
    result = _run(tmp_path, mode)
    assert result["at_import"] == []                 # importing the plugin loads no game
    assert result["after"] == []                     # nor does a dice record: no pickpack.games.*
    assert result["roster"] == ["Event", "Site", "Date", "Round", "P1", "P2", "P3", "Result"]
    assert result["moves"] == ["roll", "d5", "safe", "roll", "d2"]
    assert result["scores"] == {"p1": 5, "p2": 3, "p3": 2}
    assert result["returns"] == [1.0, -1.0, -1.0]
    assert result["copied"] == DICE_RECORD
    assert result["written"] == DICE_RECORD


def test_a_pick_and_pack_record_loads_pick_and_pack_only_when_read(tmp_path: Path) -> None:
    program = PROGRAM.replace('players = {tag: game.headers[tag] for tag in ("Event", "P1", "P2", "P3")}',
                              "players = {}").replace(', seed=0, options={"rounds": 1}', "")
    done = _fresh(tmp_path, program, "installed", stdin=PICKPACK_RECORD)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["at_import"] == []
    assert "pickpack.games.pickpack.ppn_dialect" in result["after"]
    assert result["roster"] == ["Event", "Site", "Date", "Round", "Red", "Blue", "Result"]
    assert result["moves"] == ["a6>1"]
    assert result["copied"] == PICKPACK_RECORD


def test_without_pick_and_pack_its_records_fail_in_one_line(tmp_path: Path) -> None:
    program = """
import sys
sys.modules["pickpack.games.pickpack"] = None
from pickpack_ppn.notation import PPN
game = PPN.parse_game(sys.stdin.read(), strict=False)
print([(e.line, e.column, e.message) for e in game.errors])
"""
    done = _fresh(tmp_path, program, stdin=PICKPACK_RECORD)
    assert done.returncode == 0, done.stderr
    loading = ("No module named 'pickpack.games.pickpack.game'; 'pickpack.games.pickpack' is not "
               "a package")        # the entry point pickpack.games.pickpack.game:GAME
    assert done.stdout.splitlines() == [
        repr([(1, 1, f"game 'pickpack' failed to load: ModuleNotFoundError: {loading}")]),
    ]


def test_pick_and_packs_roster_and_set_up_tags_are_its_dialects_alone() -> None:
    import importlib

    from pickpack.games.pickpack import ppn_dialect
    from pickpack_ppn import headers, notation

    state = pickpack.get_game("pickpack").new_state(seed=5)
    assert ppn_dialect.DIALECT.player_tags({}) == ("Red", "Blue")
    assert tuple(ppn_dialect.SETUP_TAGS) == ("Variant", "Seed", "Deal", "RedPlacement", "BluePlacement",
                                             "First", "SetUp", "Position")
    assert ppn_dialect.state_from_tags(ppn_dialect.tags_for_state(state)).snapshot() == state.snapshot()
    # the PPN plugin keeps no Pick & Pack names: no compatibility shim to load them
    for module, name in ((headers, "ROSTER"), (headers, "ROSTER_DEFAULTS"), (headers, "result_token"),
                         (notation, "ROSTER"), (notation, "SETUP_TAGS")):
        assert not hasattr(module, name)
    assert not hasattr(PPN, "ROSTER") and not hasattr(PPN, "SETUP_TAGS")
    for gone in ("pickpack_ppn.compat", "pickpack_ppn.moves", "pickpack_ppn.setup_tags"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(gone)


@pytest.fixture()
def dice(tmp_path: Path) -> Iterator[None]:
    """The dice race (and brokendice) installed in this interpreter for the test."""
    with on_sys_path(_site(tmp_path)):
        yield


@pytest.mark.usefixtures("dice")
def test_headers_take_the_roster_from_the_records_dialect() -> None:
    base = ("Event", "Site", "Date", "Round")
    assert Headers(Seed="7").roster == (*base, "Red", "Blue", "Result")          # no Game tag
    assert Headers([("Game", "dice")]).roster == (*base, "P1", "P2", "P3", "Result")  # default 3
    four = Headers([("Game", "dice"), ("Players", "4")])
    assert four.roster == (*base, "P1", "P2", "P3", "P4", "Result")
    assert list(four.items())[-3:] == [("Result", "*"), ("Game", "dice"), ("Players", "4")]
    assert Headers([("Game", "chess")]).roster == (*base, "Result")             # not installed
    # A Headers given to a Game keeps its roster (no lookup of the Game tag's).
    kept = PPN.Game(Headers.with_roster((*base, "North", "South", "Result"), {"North": "n"}))
    assert kept.headers.roster == (*base, "North", "South", "Result") and kept.headers["North"] == "n"


@pytest.mark.usefixtures("dice")
def test_a_dialect_that_fails_to_load_is_one_error_at_the_game_tag() -> None:
    text = '[Game "brokendice"]\n[Players "3"]\n\n1. roll 2. d5 *\n'
    message = ("tag Game: game 'brokendice': its PPN dialect no_such_ppn_module:DIALECT failed to load: "
               "ModuleNotFoundError: No module named 'no_such_ppn_module'")
    game = PPN.parse_game(text, strict=False)
    assert [(e.line, e.column, e.message) for e in game.errors] == [(1, 8, message)]
    assert game.headers.roster == ("Event", "Site", "Date", "Round", "Result")
