/*
 * pickpack_bot.h: the C ABI of a native pickpack bot (a shared library that pickpack
 * loads with cffi: `pickpack match native:PATH random`).
 *
 * A library implements the four functions below, exported with C linkage and these
 * exact names and types. pickpack checks that every one of them is present and that
 * pickpack_bot_abi_version() returns an ABI version it speaks (1 or 2); otherwise the
 * bot is refused with a one-line error naming what is missing or wrong.
 *
 * ABI versions. Choose one by defining PICKPACK_BOT_ABI before including this header
 * (as FUSE_USE_VERSION selects libfuse's API):
 *
 *     #define PICKPACK_BOT_ABI 2
 *     #include "pickpack_bot.h"
 *
 * Without it the header declares version 1, so a library written for version 1
 * compiles unchanged. PICKPACK_BOT_ABI_VERSION is the version chosen; return it from
 * pickpack_bot_abi_version().
 *
 * - Version 2 (any game): create gets the game's registry name ("pickpack", ...) and
 *   its player count, and may refuse them; the position is the game's position string;
 *   choose also gets the seat to move.
 * - Version 1 (Pick & Pack only): create gets the seed alone; the position is Pick &
 *   Pack's JSON snapshot. pickpack refuses a version-1 library for any game but
 *   "pickpack" with 2 players, with a one-line error naming the game.
 *
 * Life cycle, once per game:
 *
 *     bot = pickpack_bot_create(game, players, seed, error, error_size);  (v2)
 *     bot = pickpack_bot_create(seed);                                     (v1)
 *     for each of the bot's moves:
 *         i = pickpack_bot_choose(bot, position, player, legal, count);    (v2)
 *         i = pickpack_bot_choose(bot, position, legal, count);            (v1)
 *     pickpack_bot_free(bot);
 *
 * create: `seed` is 0..2^64-1, from the match. Version 2: `game` is a NUL-terminated
 * registry name and `players` the number of seats (seats are 0..players-1). A library
 * that cannot play that game or player count returns NULL and may write a one-line,
 * NUL-terminated reason (at most error_size bytes, the NUL included) into `error`,
 * which pickpack hands in zeroed; pickpack then refuses the bot with
 * "native bot PATH refuses to play GAME with N players: REASON". A NULL at a later
 * game's create loses that game ("crash"). The strings are valid only during the call.
 *
 * The position, a NUL-terminated UTF-8 string valid only during the call:
 * - version 2: the game's one-line position string, state.to_position() (Pick & Pack:
 *   docs/ppn.md, "Position string"); `player` is the seat to move (0..players-1);
 *   the state is the seat's view (pickpack.bots.seat_view, docs/process-protocol.md):
 *   what the seat cannot see (Pick & Pack: Red's tiles while Blue places) is redrawn;
 * - version 1: the JSON snapshot of the rules file ("State snapshot (JSON)"), exactly
 *   `json.dumps(state.snapshot(), separators=(",", ":"))`: one line, no spaces, keys in
 *   the order game, phase, to_move, grabber, grid, crates, tiles, rush, scores. The
 *   player to move is its "to_move".
 *
 * The legal moves: `legal` holds `count` (>= 1) of the game's action integers (Pick &
 * Pack: docs/engine.md, "Action integers"), in ascending order; valid only during the
 * call. A simple bot needs nothing else: for a Pick & Pack play-phase action a,
 * dest = ((a - 6) / 2) / 142 is the destination square, detail = ((a - 6) / 2) % 142 is
 * below 4 for a grab, and (a - 6) % 2 is 1 when a rush order is spent.
 *
 * The answer: pickpack_bot_choose returns the index (0..count-1) of its move in
 * `legal`. Any other value loses the game (a recorded "illegal" fault), as does taking
 * longer than the match's per-move time limit (a "timeout" fault, docs/match.md).
 *
 * Threads and state: pickpack calls a handle from one thread at a time, but two handles
 * of the same library may be alive at once (native:X against native:X): keep all
 * mutable state in the handle, none in globals.
 *
 * The library runs inside pickpack's process: a crash in it ends that process. For
 * isolation run it as a process bot instead:
 * `cmd:python -m pickpack.bots.serve native:PATH` (docs/process-protocol.md).
 */
#ifndef PICKPACK_BOT_H
#define PICKPACK_BOT_H

#include <stdint.h>

#ifndef PICKPACK_BOT_ABI
#define PICKPACK_BOT_ABI 1
#endif

#if defined(_WIN32)
#define PICKPACK_BOT_EXPORT __declspec(dllexport)
#else
#define PICKPACK_BOT_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if PICKPACK_BOT_ABI == 2
#define PICKPACK_BOT_ABI_VERSION 2
/* begin ABI 2 (pickpack/bots/native.py declares exactly these lines to cffi: CDEF) */
PICKPACK_BOT_EXPORT int32_t pickpack_bot_abi_version(void);
PICKPACK_BOT_EXPORT void *pickpack_bot_create(const char *game, int32_t players, uint64_t seed, char *error, int32_t error_size);
PICKPACK_BOT_EXPORT int32_t pickpack_bot_choose(void *bot, const char *position, int32_t player, const int32_t *legal, int32_t count);
PICKPACK_BOT_EXPORT void pickpack_bot_free(void *bot);
/* end ABI 2 */
#elif PICKPACK_BOT_ABI == 1
#define PICKPACK_BOT_ABI_VERSION 1
/* begin ABI 1 (pickpack/bots/native.py declares exactly these lines to cffi: CDEF_V1) */
PICKPACK_BOT_EXPORT int32_t pickpack_bot_abi_version(void);
PICKPACK_BOT_EXPORT void *pickpack_bot_create(uint64_t seed);
PICKPACK_BOT_EXPORT int32_t pickpack_bot_choose(void *bot, const char *position, const int32_t *legal, int32_t count);
PICKPACK_BOT_EXPORT void pickpack_bot_free(void *bot);
/* end ABI 1 */
#else
#error "PICKPACK_BOT_ABI must be 1 or 2"
#endif

#ifdef __cplusplus
}
#endif

#endif /* PICKPACK_BOT_H */
