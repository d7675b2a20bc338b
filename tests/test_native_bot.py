"""Native bots: core/common/pickpack_bot.h, loaded by cffi (pickpack.native_bot), issue 5.

The sample bot in examples/native-bot is compiled here with the system compiler; so are
two broken libraries (another ABI version, a missing symbol) and one that answers an
index outside the legal moves.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pickpack
from pickpack.errors import BotFault
from pickpack.match import play_match
from pickpack.native_bot import ABI_VERSION, CDEF, NativeBot, NativeBotError, position_json

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "core" / "common" / "pickpack_bot.h"
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def build(source: Path, out: Path) -> Path:
    """``cc -shared -fPIC`` the C file against core/ into ``out``."""
    subprocess.run(["cc", "-std=c99", "-O2", "-Wall", "-shared", "-fPIC", f"-I{ROOT / 'core' / 'common'}",
                    "-o", str(out), str(source)], check=True, capture_output=True)
    return out


def build_text(tmp: Path, name: str, code: str) -> Path:
    source = tmp / f"{name}.c"
    source.write_text('#include "pickpack_bot.h"\n#include <stdlib.h>\n' + code)
    return build(source, tmp / f"lib{name}.so")


CREATE_FREE = """
void *pickpack_bot_create(uint64_t seed) { (void)seed; return malloc(1); }
void pickpack_bot_free(void *bot) { free(bot); }
"""
CHOOSE_FIRST = """
int32_t pickpack_bot_choose(void *b, const char *p, const int32_t *l, int32_t n) {
    (void)b; (void)p; (void)l; (void)n; return 0; }
"""


@pytest.fixture(scope="module")
def grab_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("native")
    return build(ROOT / "examples" / "native-bot" / "grab_bot.c", tmp / "libgrab_bot.so")


def test_cdef_is_the_header_abi() -> None:
    text = HEADER.read_text()
    block = text.split("/* begin ABI")[1].split("/* end ABI */")[0].split("\n", 1)[1]
    assert block.replace("PICKPACK_BOT_EXPORT ", "") == CDEF
    assert re.search(r"#define PICKPACK_BOT_ABI_VERSION (\d+)", text).group(1) == str(ABI_VERSION)


def test_position_is_the_compact_snapshot_json() -> None:
    state = pickpack.new_game(seed=7, placements=PLACEMENTS)
    text = position_json(state)
    assert " " not in text and json.loads(text) == state.snapshot()
    assert text.startswith('{"game":"pickpack","phase":"play","to_move":"red","grabber":')


def test_grab_bot_grabs_when_it_can(grab_bot: Path) -> None:
    # Opening of a play phase: every square holds a tray, so every legal move of Red
    # along the grabber's row is a grab "dest>crate" (PP-M1, PP-M2, PP-G).
    state = pickpack.new_game(seed=7, placements=PLACEMENTS)
    bot = NativeBot(str(grab_bot), seed=11)
    move = bot.choose(state)
    assert move in state.legal_moves() and re.fullmatch(r"[a-f][1-6]>[1-4]", move.text)
    bot.close()
    bot.close()                                   # closing twice is harmless


def test_same_seed_same_game(grab_bot: Path) -> None:
    def game(seed: int) -> list[str]:
        state = pickpack.new_game(seed=3, placements=PLACEMENTS)
        bot = NativeBot(str(grab_bot), seed=seed)
        moves = []
        while not state.is_terminal():
            move = bot.choose(state)
            state.apply(move)
            moves.append(move.text)
        bot.close()
        return moves

    assert game(5) == game(5)
    assert len(game(5)) > 0


def test_native_match_from_the_command_line(grab_bot: Path, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "match", f"native:{grab_bot}",
                           "random", "--games", "4", "--jobs", "1", "--json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [line["games"] for line in data["bots"]] == [4, 4]
    assert all(g["fault"] is None and g["plies"] > 0 for g in data["games"])
    assert data["bots"][0]["bot"] == f"native:{grab_bot}"


def test_wrong_abi_version_is_refused(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "abi2", "int32_t pickpack_bot_abi_version(void) { return 2; }\n"
                     + CREATE_FREE + CHOOSE_FIRST)
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(lib))
    assert str(err.value) == (f"native bot {lib}: ABI version 2, but this pickpack speaks "
                              "ABI version 1 (core/common/pickpack_bot.h)")


def test_missing_symbol_is_refused(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "nofree",
                     "int32_t pickpack_bot_abi_version(void) { return PICKPACK_BOT_ABI_VERSION; }\n"
                     "void *pickpack_bot_create(uint64_t seed) { (void)seed; return malloc(1); }\n"
                     + CHOOSE_FIRST)
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(lib))
    assert str(err.value) == (
        f"native bot {lib}: missing symbol pickpack_bot_free (ABI 1 needs pickpack_bot_abi_version, "
        "pickpack_bot_create, pickpack_bot_choose, pickpack_bot_free)")


def test_missing_file_and_non_library_are_refused(tmp_path: Path) -> None:
    with pytest.raises(NativeBotError, match=r"native bot .*/nothere\.so: no such file$"):
        NativeBot(str(tmp_path / "nothere.so"))
    text = tmp_path / "text.so"
    text.write_text("not a shared library\n")
    with pytest.raises(NativeBotError, match=r"native bot .*/text\.so: cannot load it: "):
        NativeBot(str(text))


def test_bad_library_on_the_command_line_exits_2(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "abi7", "int32_t pickpack_bot_abi_version(void) { return 7; }\n"
                     + CREATE_FREE + CHOOSE_FIRST)
    done = subprocess.run([sys.executable, "-m", "pickpack.cli", "match", f"native:{lib}", "random",
                           "--games", "2"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == (f"pickpack: error: native bot {lib}: ABI version 7, but this pickpack "
                           "speaks ABI version 1 (core/common/pickpack_bot.h)\n")


def test_index_outside_the_legal_moves_loses_the_game(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "outside",
                     "int32_t pickpack_bot_abi_version(void) { return PICKPACK_BOT_ABI_VERSION; }\n"
                     + CREATE_FREE +
                     "int32_t pickpack_bot_choose(void *b, const char *p, const int32_t *l, int32_t n) {\n"
                     "    (void)b; (void)p; (void)l; return n; }\n")
    state = pickpack.new_game(seed=7, placements=PLACEMENTS)
    with pytest.raises(BotFault) as err:
        NativeBot(str(lib), seed=1).choose(state)
    count = len(state.legal_actions())
    assert err.value.kind == "illegal"
    assert str(err.value) == (f"native:liboutside.so: pickpack_bot_choose returned {count}, "
                              f"not an index 0..{count - 1} of the legal moves")
    summary = play_match([f"native:{lib}", "random"], games=2, seed=0)
    # game 0: the library is Red and moves first (PP-S4), so it fails on ply 0;
    # game 1: it is Blue and fails on its first move, after Red's one.
    assert [(g.fault, g.forfeited_by, g.winner, g.plies) for g in summary.games] == [
        ("illegal", "red", "blue", 0), ("illegal", "blue", "red", 1)]
    assert summary.lines[0].forfeits == 2 and summary.lines[1].wins == 2
