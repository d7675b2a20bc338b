/* Random playouts and batches of random games, entirely in C. */
#include "push_internal.h"

int push_playout(push_state *s, pp_rng *rng, int *chance_plies)
{
    int actions[PUSH_MAX_ACTIONS];
    int plies = 0, chance = 0;
    for (;;) {
        const int phase = s->phase;
        if (phase == PUSH_PHASE_OVER)
            break;
        if (phase == PUSH_PHASE_DRAW || phase == PUSH_PHASE_ROLL) {
            if (phase == PUSH_PHASE_DRAW && s->deck_total == 0)   /* invalid (push_load refuses it) */
                break;
            push_apply(s, push_sample_chance(s, rng), NULL);
            chance++;
        } else {
            const int n = push_legal_actions(s, actions);
            if (n <= 0)                             /* not a valid state: nothing to play */
                break;
            push_apply(s, actions[n == 1 ? 0 : (int)pp_rng_below(rng, (uint32_t)n)], NULL);
        }
        plies++;
    }
    if (chance_plies != NULL)
        *chance_plies = chance;
    return plies;
}

void push_batch_add(push_batch *b, const push_state *s, int plies, int chance_plies)
{
    int score[PUSH_MAX_PLAYERS], best = -1, winners = 0;
    b->games++;
    b->plies += plies;
    b->chance_plies += chance_plies;
    for (int p = 0; p < s->players; p++) {
        score[p] = push_score(s, p);
        b->score_sum[p] += score[p];
        if (score[p] > best) {
            best = score[p];
            winners = 1;
        } else if (score[p] == best) {
            winners++;
        }
    }
    for (int p = 0; p < s->players; p++)
        if (score[p] == best)
            b->wins[p] += 1.0 / winners;
}

int push_random_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                           long count, push_batch *b)
{
    push_state start, s;
    if (push_state_init(&start, players, hard, switch_per_turn) != PUSH_OK)
        return -1;
    for (long g = 0; g < count; g++) {
        int chance = 0;
        s = start;
        const int plies = push_playout(&s, rng, &chance);
        push_batch_add(b, &s, plies, chance);
    }
    return 0;
}
