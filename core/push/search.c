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

/* Is the game over after s with seat p alone at the highest return? p's return plus
 * the margin term to *value (pp_mcts.h's root check, for this search). */
static int wins_now(const push_state *s, int p, double margin, double *value)
{
    double out[PUSH_MAX_PLAYERS], margins[PUSH_MAX_PLAYERS];
    if (s->phase != PUSH_PHASE_OVER)
        return 0;
    push_returns(s, out, margins);
    *value = out[p] + margin * margins[p];
    for (int q = 0; q < s->players; q++)
        if (q != p && !(out[p] > out[q]))
            return 0;
    return 1;
}

/* The root check of pp_mcts.h (Teytaud & Teytaud 2010), one ply each way without
 * chance: the index of a decisive root action (the game is over after it, `me` alone
 * ahead; the highest value; ties: the first), or -1 with lost[i] set for each action
 * after which another seat decides and has a decisive action of its own, unless every
 * action is lost so (then none is marked). known[i]: the value the check found. */
static int root_check(const push_state *root, const int *actions, int n, int me, double margin,
                      char *lost, double *known)
{
    int decisive = -1, losing = 0;
    double best = -INFINITY, value;
    for (int i = 0; i < n; i++) {
        push_state s = *root;
        push_apply(&s, actions[i], NULL);
        lost[i] = 0;
        known[i] = 0.0;
        if (wins_now(&s, me, margin, &value)) {
            known[i] = value;
            if (value > best) {
                best = value;
                decisive = i;
            }
        }
    }
    if (decisive >= 0)
        return decisive;
    for (int i = 0; i < n; i++) {
        push_state s = *root;
        push_apply(&s, actions[i], NULL);
        const int q = push_current_player(&s);
        if (q < 0 || q == me)
            continue;
        int replies[PUSH_MAX_ACTIONS];
        const int m = push_legal_actions(&s, replies);
        for (int j = 0; j < m && !lost[i]; j++) {
            push_state t = s;
            push_apply(&t, replies[j], NULL);
            if (wins_now(&t, q, margin, &value)) {
                double out[PUSH_MAX_PLAYERS], margins[PUSH_MAX_PLAYERS];
                push_returns(&t, out, margins);
                lost[i] = 1;
                known[i] = out[me] + margin * margins[me];
                losing++;
            }
        }
    }
    if (losing == n)
        memset(lost, 0, (size_t)n);
    return -1;
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
    char lost[PUSH_MAX_ACTIONS];
    double known[PUSH_MAX_ACTIONS];
    const int decisive = n > 1 ? root_check(root, actions, n, me, params->margin, lost, known) : -1;
    if (decisive >= 0) {                         /* a win at once: no simulation */
        result->action = actions[decisive];
        result->value = known[decisive];
        result->simulations = 0;
        result->nodes = (size_t)n + 1;
        result->root_moves = 0;
        if (root_moves) {
            for (int i = 0; i < n; i++) {
                root_moves[i].action = actions[i];
                root_moves[i].visits = 0;
                root_moves[i].value = known[i];
            }
            result->root_moves = n;
        }
        result->seconds = pp_search_clock() - start;
        return PP_SEARCH_OK;
    }
    /* The actions searched: those that do not lose at once (all when n == 1). */
    int kept = 0;
    for (int i = 0; i < n; i++)
        kept += n == 1 || !lost[i];
    const int guide = n > 1 ? push_policy_action(root) : actions[0];
    int g = 0;
    while (actions[g] != guide)
        g++;
    if (n > 1 && lost[g])                        /* the policy's move loses at once */
        for (g = 0; lost[g]; g++)
            ;
    double total[PUSH_MAX_ACTIONS] = {0}, diff[PUSH_MAX_ACTIONS] = {0}, diff2[PUSH_MAX_ACTIONS] = {0};
    double reward[PUSH_MAX_ACTIONS], out[PUSH_MAX_PLAYERS], margins[PUSH_MAX_PLAYERS];
    long rounds = 0, sims = 0;
    int stopped = 0;
    const int clocked = params->seconds > 0.0 || params->poll != NULL;
    double last_poll = start;
    pp_rng rng;
    pp_rng_seed(&rng, params->seed);
    round_draws d;
    while (kept > 1) {                           /* a single move needs no search */
        if (params->simulations > 0 && rounds > 0 && sims + kept > params->simulations)
            break;
        if (clocked && rounds > 0
            && pp_search_time_is_up(start, params->seconds, params->poll, params->poll_ctx,
                                    &last_poll, &stopped))
            break;
        draw_round(root, &rng, &d);
        for (int i = 0; i < n; i++) {
            if (n > 1 && lost[i])
                continue;
            push_state s = *root;
            push_apply(&s, actions[i], NULL);
            crn_playout(&s, &d);
            push_returns(&s, out, margins);
            reward[i] = out[me] + params->margin * margins[me];
            total[i] += reward[i];
        }
        for (int i = 0; i < n; i++) {
            if (n > 1 && lost[i])
                continue;
            const double x = reward[i] - reward[g];
            diff[i] += x;
            diff2[i] += x * x;
        }
        rounds++;
        sims += kept;
    }
    /* The policy's own decision unless another one's paired mean lead over it is
     * more than PUSH_SEARCH_CONFIDENCE standard errors. */
    int best = g;
    double lead = 0.0;
    for (int i = 0; i < n && rounds > 1; i++) {
        if (n > 1 && lost[i])
            continue;
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
            const int out_of_search = n > 1 && lost[i];
            root_moves[i].visits = out_of_search ? 0 : rounds;
            root_moves[i].value = out_of_search ? known[i] : rounds ? total[i] / (double)rounds : 0.0;
        }
        result->root_moves = n;
    }
    result->seconds = pp_search_clock() - start;
    return stopped ? PP_SEARCH_STOPPED : PP_SEARCH_OK;
}
