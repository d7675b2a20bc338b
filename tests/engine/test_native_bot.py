"""Native bots: core/common/pickpack_bot.h, loaded by cffi (pickpack.bots.native), issues 5
and 8 (ABI version 2 names the game).

The sample bot in examples/native-bot is compiled here with the system compiler, as an
ABI version 2 library (its default) and as a version-1 one (-DPICKPACK_BOT_ABI=1); so are
broken libraries (an unknown ABI version, a missing symbol), one that answers an index
outside the legal moves, and version-2 ones that record what they are given.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pickpack
from pickpack.bots.native import (ABI_VERSION, CDEF, CDEF_V1, NativeBot, NativeBotError,
                                 position_json)
from pickpack.errors import BotFault
from pickpack.match import play_match

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "core" / "common" / "pickpack_bot.h"
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def build(source: Path, out: Path, abi: int | None = None) -> Path:
    """``cc -shared -fPIC`` the C file against core/common into ``out`` (``abi``: as
    -DPICKPACK_BOT_ABI=abi; None: the source's own choice)."""
    chosen = [] if abi is None else [f"-DPICKPACK_BOT_ABI={abi}"]
    subprocess.run(["cc", "-std=c99", "-O2", "-Wall", "-Werror", "-shared", "-fPIC",
                    f"-I{ROOT / 'core' / 'common'}", *chosen, "-o", str(out), str(source)],
                   check=True, capture_output=True)
    return out


def build_text(tmp: Path, name: str, code: str, abi: int = 1) -> Path:
    """A library from ``code`` after the header (ABI ``abi``) and <stdlib.h>."""
    source = tmp / f"{name}.c"
    source.write_text(f'#define PICKPACK_BOT_ABI {abi}\n#include "pickpack_bot.h"\n'
                      '#include <stdlib.h>\n#include <stdio.h>\n#include <string.h>\n' + code)
    return build(source, tmp / f"lib{name}.so")


CREATE_FREE = """
void *pickpack_bot_create(uint64_t seed) { (void)seed; return malloc(1); }
void pickpack_bot_free(void *bot) { free(bot); }
"""
CHOOSE_FIRST = """
int32_t pickpack_bot_choose(void *b, const char *p, const int32_t *l, int32_t n) {
    (void)b; (void)p; (void)l; (void)n; return 0; }
"""


CREATE_FREE_V2 = """
void *pickpack_bot_create(const char *g, int32_t n, uint64_t seed, char *e, int32_t size) {
    (void)g; (void)n; (void)seed; (void)e; (void)size; return malloc(1); }
void pickpack_bot_free(void *bot) { free(bot); }
"""
VERSION = "int32_t pickpack_bot_abi_version(void) { return PICKPACK_BOT_ABI_VERSION; }\n"
GRAB = ROOT / "examples" / "native-bot" / "grab_bot.c"


@pytest.fixture(scope="module")
def grab_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("native")
    return build(GRAB, tmp / "libgrab_bot.so")


@pytest.fixture(scope="module")
def grab_bot_v1(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("native1")
    return build(GRAB, tmp / "libgrab_bot_v1.so", abi=1)


def test_cdefs_are_the_header_abis() -> None:
    text = HEADER.read_text()
    for version, cdef in ((2, CDEF), (1, CDEF_V1)):
        block = text.split(f"/* begin ABI {version}")[1].split(f"/* end ABI {version} */")[0]
        assert block.split("\n", 1)[1].replace("PICKPACK_BOT_EXPORT ", "") == cdef
    assert re.findall(r"#define PICKPACK_BOT_ABI_VERSION (\d+)", text) == [str(ABI_VERSION), "1"]


def test_the_header_defaults_to_version_1_and_refuses_others(tmp_path: Path) -> None:
    # a version-1 source compiles unchanged against the new header (no PICKPACK_BOT_ABI)
    source = tmp_path / "plain.c"
    source.write_text('#include "pickpack_bot.h"\n#include <stdlib.h>\n' + VERSION + CREATE_FREE
                      + CHOOSE_FIRST)
    assert NativeBot(str(build(source, tmp_path / "libplain.so"))).abi_version == 1
    source.write_text('#define PICKPACK_BOT_ABI 3\n#include "pickpack_bot.h"\n')
    with pytest.raises(subprocess.CalledProcessError) as err:
        build(source, tmp_path / "libthree.so")
    assert b'#error "PICKPACK_BOT_ABI must be 1 or 2"' in err.value.stderr


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
    assert bot.abi_version == 2
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


def test_v1_and_v2_grab_bots_play_the_same_game(grab_bot: Path, grab_bot_v1: Path) -> None:
    # the same source built for either ABI: it reads only the legal actions, so with
    # the same seed both libraries choose the same moves
    def game(lib: Path) -> list[str]:
        state = pickpack.new_game(seed=3, placements=PLACEMENTS)
        bot = NativeBot(str(lib), seed=5)
        moves = []
        while not state.is_terminal():
            move = bot.choose(state)
            state.apply(move)
            moves.append(move.text)
        bot.close()
        return moves

    assert NativeBot(str(grab_bot_v1)).abi_version == 1
    assert game(grab_bot_v1) == game(grab_bot)


def test_v1_library_is_refused_for_another_game(grab_bot_v1: Path) -> None:
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(grab_bot_v1), game="dice", players=3)
    assert str(err.value) == (
        f"native bot {grab_bot_v1}: ABI version 1 plays only pickpack with 2 players, not dice "
        "with 3 players (ABI version 2 names the game: core/common/pickpack_bot.h)")


def test_v2_library_refuses_a_game_with_its_reason(grab_bot: Path, tmp_path: Path) -> None:
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(grab_bot), game="dice", players=3)
    assert str(err.value) == (f"native bot {grab_bot} refuses to play dice with 3 players: "
                              "grab_bot plays only pickpack with 2 players")
    silent = build_text(tmp_path, "silent", VERSION + CHOOSE_FIRST.replace(
        "const int32_t *l", "int32_t who, const int32_t *l").replace("(void)l;", "(void)l; (void)who;")
        + "void *pickpack_bot_create(const char *g, int32_t n, uint64_t s, char *e, int32_t k) {\n"
          "    (void)g; (void)n; (void)s; (void)e; (void)k; return NULL; }\n"
          "void pickpack_bot_free(void *bot) { free(bot); }\n", abi=2)
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(silent))
    assert str(err.value) == (f"native bot {silent} refuses to play pickpack with 2 players "
                              "(pickpack_bot_create returned NULL)")


RECORDER = """
typedef struct { char game[32]; int32_t players; uint64_t seed; } rec;
void *pickpack_bot_create(const char *game, int32_t players, uint64_t seed, char *e, int32_t k) {
    rec *r = malloc(sizeof *r);
    (void)e; (void)k;
    snprintf(r->game, sizeof r->game, "%s", game);
    r->players = players;
    r->seed = seed;
    return r;
}
/* writes "GAME PLAYERS SEED PLAYER COUNT POSITION" to the file named by RECORD_FILE */
int32_t pickpack_bot_choose(void *bot, const char *position, int32_t player,
                            const int32_t *legal, int32_t count) {
    rec *r = bot;
    FILE *out = fopen(getenv("RECORD_FILE"), "w");
    (void)legal;
    fprintf(out, "%s %d %llu %d %d %s", r->game, (int)r->players, (unsigned long long)r->seed,
            (int)player, (int)count, position);
    fclose(out);
    return count - 1;
}
void pickpack_bot_free(void *bot) { free(bot); }
"""


def test_v2_library_gets_game_players_seat_and_position_string(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = build_text(tmp_path, "recorder", VERSION + RECORDER, abi=2)
    record = tmp_path / "record.txt"
    monkeypatch.setenv("RECORD_FILE", str(record))
    state = pickpack.new_game(seed=7, placements=PLACEMENTS)
    state.apply("a6>1")                                  # Blue (seat 1) to move
    bot = NativeBot(str(lib), seed=99, game="pickpack", players=2)
    move = bot.choose(state)
    actions = state.legal_actions()
    assert move.action == actions[-1]                    # it answered count - 1
    assert record.read_text() == f"pickpack 2 99 1 {len(actions)} {state.to_position()}"


def test_unknown_abi_version_is_refused(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "abi3", "int32_t pickpack_bot_abi_version(void) { return 3; }\n"
                     + CREATE_FREE + CHOOSE_FIRST)
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(lib))
    assert str(err.value) == (f"native bot {lib}: ABI version 3, but this pickpack speaks "
                              "ABI versions 1 and 2 (core/common/pickpack_bot.h)")


def test_bad_game_arguments_are_refused(grab_bot: Path) -> None:
    with pytest.raises(ValueError, match=r"^native bot: game must be a registry name such as "
                                         r"'pickpack', not ''$"):
        NativeBot(str(grab_bot), game="")
    with pytest.raises(ValueError, match=r"^native bot: players must be a whole number >= 1, not 0$"):
        NativeBot(str(grab_bot), players=0)


def test_missing_symbol_is_refused(tmp_path: Path) -> None:
    lib = build_text(tmp_path, "nofree",
                     "int32_t pickpack_bot_abi_version(void) { return PICKPACK_BOT_ABI_VERSION; }\n"
                     "void *pickpack_bot_create(uint64_t seed) { (void)seed; return malloc(1); }\n"
                     + CHOOSE_FIRST)
    with pytest.raises(NativeBotError) as err:
        NativeBot(str(lib))
    assert str(err.value) == (
        f"native bot {lib}: missing symbol pickpack_bot_free (every ABI version needs "
        "pickpack_bot_abi_version, pickpack_bot_create, pickpack_bot_choose, pickpack_bot_free)")


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
                           "speaks ABI versions 1 and 2 (core/common/pickpack_bot.h)\n")


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
