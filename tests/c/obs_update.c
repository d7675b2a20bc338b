/* Pick & Pack's observation_update (core/pickpack/observation.c, pp_game_ops.h ABI 4)
 * against its full observation, the independent path; run by tests/games/pickpack/
 * test_c_core.py under -fsanitize=undefined.
 *
 *   obs_update SEED GAMES
 *       plays GAMES games of uniformly random legal moves (placements included) from
 *       deals drawn from pp_rng(SEED), the first player alternating; the tensor of each
 *       seat is kept in a row and, at every ply and from each game's final state to the
 *       next game's start, rewritten over with ops->observation_update (never written
 *       whole after the first ply), to the same seat and (from a copy) to the other,
 *       and compared float for float with ops->observation. Prints
 *         plies PLIES FACE_DOWN                 plies played; plies with a face-down tray
 *         mismatches N                          rows that differ from the full tensor
 *         refused RC_SEAT RC_SIZE UNTOUCHED     seat 2, size 877: -1 -1, out untouched 1
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pickpack_core.h"
#include "pickpack_search.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: obs_update SEED GAMES\n");
        return 2;
    }
    const pp_game_ops *ops = &pp_pickpack_ops;
    static float row[2][2][PP_OBS_SIZE], full[PP_OBS_SIZE];
    pp_rng rng;
    pp_state prev, s;
    uint8_t deal[PP_NUM_SQUARES];
    uint16_t moves[PP_MAX_MOVES];
    long plies = 0, face_down = 0, mismatches = 0;
    const long games = atol(argv[2]);
    pp_rng_seed(&rng, strtoull(argv[1], NULL, 10));
    pp_random_deal(&rng, deal);
    if (pp_state_init(&prev, deal, PP_RED) != PP_OK)
        return 1;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            if (ops->observation(&prev, a, row[a][b], PP_OBS_SIZE) != 0)
                return 1;
    s = prev;
    for (long g = 0; g < games; g++) {
        for (;;) {
            const int n = pp_legal_actions(&s, moves);
            if (n == 0) {                           /* over: the next game's start */
                pp_random_deal(&rng, deal);
                if (g + 1 < games && pp_state_init(&s, deal, (int)((g + 1) % 2)) != PP_OK)
                    return 1;
            } else {
                pp_apply(&s, moves[pp_rng_below(&rng, (uint32_t)n)], NULL);
                plies++;
            }
            int down = 0;
            for (int sq = 0; sq < PP_NUM_SQUARES; sq++)
                down |= (s.grid[sq] & PP_FACE_DOWN) != 0;
            face_down += down;
            /* row[a][b]: shows (prev, a); rewritten to (s, b) */
            for (int a = 0; a < 2; a++)
                for (int b = 0; b < 2; b++) {
                    if (ops->observation_update(&prev, a, &s, b, row[a][b], PP_OBS_SIZE) != 0
                        || ops->observation(&s, b, full, PP_OBS_SIZE) != 0)
                        return 1;
                    mismatches += memcmp(row[a][b], full, sizeof full) != 0;
                }
            /* row[a][a] is one seat's row rewritten at every ply since the first (never
             * written whole again); the next ply's row[a][b] starts from it */
            memcpy(row[0][1], row[0][0], sizeof full);
            memcpy(row[1][0], row[1][1], sizeof full);
            prev = s;
            if (n == 0)
                break;
        }
    }
    printf("plies %ld %ld\n", plies, face_down);
    printf("mismatches %ld\n", mismatches);
    memcpy(full, row[0][0], sizeof full);
    const int rc_seat = ops->observation_update(&prev, 0, &s, 2, row[0][0], PP_OBS_SIZE);
    const int rc_size = ops->observation_update(&prev, 0, &s, 0, row[0][0], PP_OBS_SIZE - 1);
    printf("refused %d %d %d\n", rc_seat, rc_size, memcmp(full, row[0][0], sizeof full) == 0);
    return 0;
}
