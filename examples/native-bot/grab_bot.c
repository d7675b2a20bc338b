/*
 * grab_bot.c: a sample native Pick & Pack bot (ABI of core/common/pickpack_bot.h).
 *
 * It grabs a tray whenever it can (any legal grab, uniformly at random) and otherwise
 * plays a uniformly random legal move. It reads only the legal action integers, never
 * the position text: docs/engine.md's action layout is enough to tell a grab.
 *
 * ABI version 2 by default: it refuses every game but "pickpack" with 2 players (the
 * action layout it reads is Pick & Pack's). Built with -DPICKPACK_BOT_ABI=1 it is the
 * same bot as a version-1 library (the tests load both).
 *
 * Build:  cc -std=c99 -O2 -shared -fPIC -I../../core/common -o libgrab_bot.so grab_bot.c
 * Play:   pickpack match native:examples/native-bot/libgrab_bot.so random --games 20
 */
#ifndef PICKPACK_BOT_ABI
#define PICKPACK_BOT_ABI 2
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pickpack_bot.h"

typedef struct {
    uint64_t state; /* SplitMix64 (Steele, Lea & Flood 2014), all state in the handle */
} grab_bot;

static uint64_t next64(grab_bot *b) {
    uint64_t z = (b->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A number below n (n >= 1), by rejection so that it is unbiased. */
static int32_t below(grab_bot *b, int32_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t r;
    do {
        r = next64(b);
    } while (r >= limit);
    return (int32_t)(r % (uint64_t)n);
}

/* docs/engine.md: a play action is 6 + (dest*142 + detail)*2 + rush; detail 0..3 grabs. */
static int is_grab(int32_t action) {
    return action >= 6 && ((action - 6) / 2) % 142 < 4;
}

int32_t pickpack_bot_abi_version(void) {
    return PICKPACK_BOT_ABI_VERSION;
}

static void *new_bot(uint64_t seed) {
    grab_bot *b = malloc(sizeof *b);
    if (b != NULL) {
        b->state = seed;
    }
    return b;
}

static int32_t choose(grab_bot *b, const int32_t *legal, int32_t count);

#if PICKPACK_BOT_ABI == 2
void *pickpack_bot_create(const char *game, int32_t players, uint64_t seed, char *error,
                          int32_t error_size) {
    if (strcmp(game, "pickpack") != 0 || players != 2) {
        snprintf(error, (size_t)error_size, "grab_bot plays only pickpack with 2 players");
        return NULL;
    }
    return new_bot(seed);
}

int32_t pickpack_bot_choose(void *bot, const char *position, int32_t player,
                            const int32_t *legal, int32_t count) {
    (void)position;
    (void)player;
    return choose(bot, legal, count);
}
#else
void *pickpack_bot_create(uint64_t seed) {
    return new_bot(seed);
}

int32_t pickpack_bot_choose(void *bot, const char *position, const int32_t *legal, int32_t count) {
    (void)position;
    return choose(bot, legal, count);
}
#endif

static int32_t choose(grab_bot *b, const int32_t *legal, int32_t count) {
    int32_t grabs = 0;
    for (int32_t i = 0; i < count; i++) {
        grabs += is_grab(legal[i]);
    }
    if (grabs == 0) {
        return below(b, count);
    }
    int32_t pick = below(b, grabs);
    for (int32_t i = 0; i < count; i++) {
        if (is_grab(legal[i]) && pick-- == 0) {
            return i;
        }
    }
    return -1; /* unreachable: pick < grabs */
}

void pickpack_bot_free(void *bot) {
    free(bot);
}
