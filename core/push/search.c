/* PUSH's own search (push_search.h): every root decision played out under the same
 * draws -- common random numbers -- by the rollout policy of push_policy.h. */
#include "pp_search_internal.h"   /* first: it sets _POSIX_C_SOURCE for clock_gettime */
#include <math.h>
#include <string.h>
#include "push_internal.h"
#include "push_policy.h"
#include "push_search.h"

/* One round's randomness: a deck order drawn uniformly (the determinization of the
 * deck, PU-V1), a die stream and the policy's own stream, each restarted for every
 * root decision so that all of them meet the same cards, rolls and random moves. */
typedef struct round_draws {
    uint8_t order[256];                      /* deck_total is a uint8_t */
    int cards;
    pp_rng die, policy;
} round_draws;

static void draw_round(const push_state *root, pp_rng *rng, round_draws *d)
{
    int n = 0;
    for (int t = 0; t < PUSH_NUM_CARD_TYPES; t++)
        for (int k = 0; k < root->deck[t]; k++)
            d->order[n++] = (uint8_t)t;
    for (int i = n - 1; i >= 1; i--) {           /* Fisher-Yates */
        const int j = (int)pp_draw_below(rng, (uint32_t)(i + 1));
        const uint8_t t = d->order[i];
        d->order[i] = d->order[j];
        d->order[j] = t;
    }
    d->cards = n;
    pp_rng_seed(&d->die, pp_rng_next_inline(rng));
    pp_rng_seed(&d->policy, pp_rng_next_inline(rng));
}

/* Finish the game from s by the rollout policy (push_policy_playout's rules), the
 * cards coming in d's order and the die and the random decisions from copies of d's
 * streams. */
static void crn_playout(push_state *s, const round_draws *d)
{
    pp_rng die = d->die, policy = d->policy;
    int actions[PUSH_MAX_ACTIONS];
    int next = d->cards - s->deck_total;         /* cards of the order already drawn: 0 */
    for (int plies = 0; plies < PUSH_MAX_PLIES; plies++) {
        const int phase = s->phase;
        if (phase == PUSH_PHASE_OVER)
            return;
        if (phase == PUSH_PHASE_DRAW) {
            if (s->deck_total == 0 || next >= d->cards)   /* invalid (push_load refuses it) */
                return;
            push_apply(s, d->order[next++], NULL);
        } else if (phase == PUSH_PHASE_ROLL) {
            push_apply(s, PUSH_DIE_OFFSET + (int)pp_draw_below(&die, PUSH_DIE_FACES), NULL);
        } else {
            const int n = push_legal_actions(s, actions);
            int a;
            if (n <= 0)
                return;
            if (n == 1)
                a = actions[0];
            else if (pp_draw_below(&policy, 1000) < PUSH_POLICY_EPSILON_PERMILLE)
                a = actions[pp_draw_below(&policy, (uint32_t)n)];
            else
                a = push_policy_action(s);
            push_apply(s, a, NULL);
        }
    }
}

static int params_ok(const pp_mcts_params *p)
{
    return p->simulations >= 0 && isfinite(p->seconds) && p->seconds >= 0.0
        && (p->simulations > 0 || p->seconds > 0.0)
        && isfinite(p->exploration) && p->exploration >= 0.0
        && isfinite(p->margin) && p->margin >= 0.0;
}

int push_mcts_search(const push_state *root, const pp_mcts_params *params,
                     pp_mcts_node *pool, size_t pool_size,
                     pp_mcts_result *result, pp_root_move *root_moves)
{
    const double start = pp_search_clock();
    const size_t cap = pool ? pool_size : params->max_nodes;
    if (!params_ok(params) || cap < (size_t)PUSH_MAX_ACTIONS + 1 || cap > UINT32_MAX)
        return PP_SEARCH_BAD_PARAMS;
    if (root->phase == PUSH_PHASE_OVER)
        return PP_SEARCH_GAME_OVER;
    if (root->phase == PUSH_PHASE_DRAW || root->phase == PUSH_PHASE_ROLL)
        return PP_SEARCH_CHANCE_ROOT;
    int actions[PUSH_MAX_ACTIONS];
    const int n = push_legal_actions(root, actions);
    if (n <= 0)
        return PP_SEARCH_BAD_PARAMS;
    const int me = push_current_player(root);
    const int guide = n > 1 ? push_policy_action(root) : actions[0];
    int g = 0;
    while (actions[g] != guide)
        g++;
    double total[PUSH_MAX_ACTIONS] = {0}, diff[PUSH_MAX_ACTIONS] = {0}, diff2[PUSH_MAX_ACTIONS] = {0};
    double reward[PUSH_MAX_ACTIONS], out[PUSH_MAX_PLAYERS], margins[PUSH_MAX_PLAYERS];
    long rounds = 0, sims = 0;
    int stopped = 0;
    const int clocked = params->seconds > 0.0 || params->poll != NULL;
    double last_poll = start;
    pp_rng rng;
    pp_rng_seed(&rng, params->seed);
    round_draws d;
    while (n > 1) {                              /* a single move needs no search */
        if (params->simulations > 0 && rounds > 0 && sims + n > params->simulations)
            break;
        if (clocked && rounds > 0) {
            const double now = pp_search_clock();
            if (params->seconds > 0.0 && now - start >= params->seconds)
                break;
            stopped = pp_search_polled_stop(params->poll, params->poll_ctx, now, &last_poll);
            if (stopped)
                break;
        }
        draw_round(root, &rng, &d);
        for (int i = 0; i < n; i++) {
            push_state s = *root;
            push_apply(&s, actions[i], NULL);
            crn_playout(&s, &d);
            push_returns(&s, out, margins);
            reward[i] = out[me] + params->margin * margins[me];
            total[i] += reward[i];
        }
        for (int i = 0; i < n; i++) {
            const double x = reward[i] - reward[g];
            diff[i] += x;
            diff2[i] += x * x;
        }
        rounds++;
        sims += n;
    }
    /* The policy's own decision unless another one's paired mean lead over it is
     * more than PUSH_SEARCH_CONFIDENCE standard errors. */
    int best = g;
    double lead = 0.0;
    for (int i = 0; i < n && rounds > 1; i++) {
        const double mean = diff[i] / (double)rounds;
        const double var = (diff2[i] - mean * diff[i]) / (double)(rounds - 1);
        const double se = sqrt(var > 0.0 ? var / (double)rounds : 0.0);
        if (mean > params->exploration * se && mean > lead) {
            best = i;
            lead = mean;
        }
    }
    result->action = actions[best];
    result->value = rounds ? total[best] / (double)rounds : 0.0;
    result->simulations = sims;
    result->nodes = (size_t)n + 1;
    result->root_moves = 0;
    if (root_moves) {
        for (int i = 0; i < n; i++) {
            root_moves[i].action = actions[i];
            root_moves[i].visits = rounds;
            root_moves[i].value = rounds ? total[i] / (double)rounds : 0.0;
        }
        result->root_moves = n;
    }
    result->seconds = pp_search_clock() - start;
    return stopped ? PP_SEARCH_STOPPED : PP_SEARCH_OK;
}
