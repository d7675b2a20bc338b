/*
 * pickpack_bot.h: the C ABI of a native Pick & Pack bot (a shared library that pickpack
 * loads with cffi: `pickpack match native:PATH random`).
 *
 * A library implements the four functions below, exported with C linkage and these
 * exact names and types. pickpack checks that every one of them is present and that
 * pickpack_bot_abi_version() returns the PICKPACK_BOT_ABI_VERSION it was built for;
 * otherwise the bot is refused with a one-line error naming what is missing or wrong.
 *
 * Life cycle, once per game:
 *
 *     bot = pickpack_bot_create(seed);            seed: 0..2^64-1, from the match
 *     for each of the bot's moves:
 *         i = pickpack_bot_choose(bot, position, legal, count);
 *     pickpack_bot_free(bot);
 *
 * The position (ABI version 1): a NUL-terminated UTF-8 string holding the state as the
 * JSON snapshot of the rules file ("State snapshot (JSON)"), exactly
 * `json.dumps(state.snapshot(), separators=(",", ":"))`: one line, no spaces, keys in
 * the order game, phase, to_move, grabber, grid, crates, tiles, rush, scores. The
 * player to move is its "to_move". The string is valid only during the call.
 *
 * The legal moves: `legal` holds `count` (>= 1) action integers of docs/engine.md
 * ("Action integers"), in ascending order; valid only during the call. A simple bot
 * needs nothing else: for a play-phase action a, dest = ((a - 6) / 2) / 142 is the
 * destination square, detail = ((a - 6) / 2) % 142 is below 4 for a grab, and
 * (a - 6) % 2 is 1 when a rush order is spent.
 *
 * The answer: pickpack_bot_choose returns the index (0..count-1) of its move in
 * `legal`. Any other value loses the game (a recorded "illegal" fault), as does taking
 * longer than the match's per-move time limit (a "timeout" fault, docs/match.md).
 *
 * Threads and state: pickpack calls a handle from one thread at a time, but two handles
 * of the same library may be alive at once (native:X against native:X): keep all
 * mutable state in the handle, none in globals. pickpack_bot_create returns NULL when
 * it cannot make a bot; the game is then lost by that bot ("crash").
 *
 * The library runs inside pickpack's process: a crash in it ends that process. For
 * isolation run it as a process bot instead:
 * `cmd:python -m pickpack.process_bot native:PATH` (docs/process-protocol.md).
 */
#ifndef PICKPACK_BOT_H
#define PICKPACK_BOT_H

#include <stdint.h>

#define PICKPACK_BOT_ABI_VERSION 1

#if defined(_WIN32)
#define PICKPACK_BOT_EXPORT __declspec(dllexport)
#else
#define PICKPACK_BOT_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* begin ABI (pickpack/native_bot.py declares exactly these lines to cffi) */
PICKPACK_BOT_EXPORT int32_t pickpack_bot_abi_version(void);
PICKPACK_BOT_EXPORT void *pickpack_bot_create(uint64_t seed);
PICKPACK_BOT_EXPORT int32_t pickpack_bot_choose(void *bot, const char *position, const int32_t *legal, int32_t count);
PICKPACK_BOT_EXPORT void pickpack_bot_free(void *bot);
/* end ABI */

#ifdef __cplusplus
}
#endif

#endif /* PICKPACK_BOT_H */
