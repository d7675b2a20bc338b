/* Batched environments over a game's table of operations (pp_vector.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "pp_mcts.h"
#include "pp_vector.h"

#define PP_VECTOR_START_TRIES 16   /* single-agent: fresh games tried for one the learner enters */

/* Per thread: room for any answer of the table, one returns vector, and the state an
 * environment's observation row shows while it is stepped (observation_update). */
typedef struct scratch {
    int *acts;
    long long *wts;
    double *ret;
    char *prev;
} scratch;

int pp_vector_draw(pp_rng *rng, const long long *weights, int n)
{
    unsigned long long total = 0, r, bound;
    for (int i = 0; i < n; i++)
        total += (unsigned long long)weights[i];
    bound = UINT64_MAX - UINT64_MAX % total;
    do
        r = pp_rng_next(rng);
    while (r >= bound);
    r %= total;
    for (int i = 0; i < n; i++) {
        if (r < (unsigned long long)weights[i])
            return i;
        r -= (unsigned long long)weights[i];
    }
    return n - 1;
}

static char *state_of(const pp_vector *v, int b)
{
    return v->states + (size_t)b * v->ops->state_size;
}

const void *pp_vector_state(const pp_vector *v, int b)
{
    return state_of(v, b);
}

/* Every legal action of a decision node (the mask's list). */
static int all_legal(const pp_game_ops *ops, const void *s, int *out)
{
    return ops->all_legal_actions != NULL ? ops->all_legal_actions(s, out) : ops->legal_actions(s, out);
}

static int opponent_action(const pp_vector *v, const void *s, pp_rng *rng, scratch *w)
{
    const pp_game_ops *ops = v->ops;
    int n;
    if (v->p.opponent == PP_VECTOR_ROLLOUT) {
        if (ops->rollout_action != NULL)
            return ops->rollout_action(s, rng);
        n = ops->legal_actions(s, w->acts);
        return w->acts[pp_rng_below(rng, (uint32_t)n)];
    }
    if (v->p.opponent == PP_VECTOR_MCTS) {
        pp_mcts_params mp;
        pp_mcts_result res;
        size_t nodes = (size_t)v->p.simulations * (size_t)ops->max_actions + (size_t)ops->max_actions + 1;
        pp_mcts_default_params(&mp);
        mp.seed = pp_rng_next(rng);
        mp.simulations = v->p.simulations;
        if (nodes < mp.max_nodes)
            mp.max_nodes = nodes;
        const int rc = ops->mcts != NULL ? ops->mcts(s, &mp, NULL, 0, &res, NULL)
                                         : pp_mcts_run(ops, s, &mp, NULL, 0, &res, NULL);
        if (rc == PP_SEARCH_OK)
            return res.action;
        /* out of memory: a random move rather than none */
    }
    n = all_legal(ops, s, w->acts);
    return w->acts[pp_rng_below(rng, (uint32_t)n)];
}

/* Resolve chance nodes and (single-agent) the other seats' decisions until a decision
 * of the caller or the end; 1 if the game overran the table's max_plies. */
static int settle(pp_vector *v, int b, scratch *w)
{
    const pp_game_ops *ops = v->ops;
    char *s = state_of(v, b);
    pp_rng *rng = &v->rng[b];
    for (;;) {
        const int who = ops->current_player(s);
        if (who == PP_TERMINAL)
            return 0;
        if (v->plies[b] > ops->max_plies)
            return 1;
        if (who == PP_CHANCE) {
            const int n = ops->chance_weights(s, w->acts, w->wts);
            if (n <= 0)
                return 1;
            ops->apply(s, w->acts[pp_vector_draw(rng, w->wts, n)]);
        } else if (v->p.learner >= 0 && who != v->p.learner) {
            ops->apply(s, opponent_action(v, s, rng, w));
        } else {
            return 0;
        }
        v->plies[b]++;
    }
}

/* Start the next game of environment b (pp_vector.h: its two seeds). */
static void start_game(pp_vector *v, int b, scratch *w)
{
    const pp_game_ops *ops = v->ops;
    for (int tries = 0; tries < PP_VECTOR_START_TRIES; tries++) {
        const uint64_t start_seed = pp_splitmix64(&v->seed_stream[b]);
        const uint64_t play_seed = pp_splitmix64(&v->seed_stream[b]);
        char *s = state_of(v, b);
        v->game_seed[b] = start_seed;
        if (ops->new_start != NULL && !v->p.fixed_start)
            ops->new_start(s, v->start, start_seed);
        else
            memcpy(s, v->start, ops->state_size);
        pp_rng_seed(&v->rng[b], play_seed);
        v->steps[b] = 0;
        v->plies[b] = 0;
        v->ended[b] = 0;
        v->actor[b] = v->p.learner >= 0 ? v->p.learner : 0;
        settle(v, b, w);
        if (ops->current_player(s) != PP_TERMINAL)
            return;
    }
}

/* Whose observation environment b shows with `who` to move: single-agent always the
 * learner's (a game cut while another seat is to move shows no other seat's view);
 * multi-agent the seat to move's, at a final state the seat that acted last's. */
static int view_seat(const pp_vector *v, int b, int who)
{
    return v->p.learner >= 0 ? v->p.learner : who >= 0 ? who : v->actor[b];
}

/* The observation, mask and player of environment b as it stands (single-agent: the
 * mask only while the learner is to move). `shown`: the state its observation row shows
 * (of seat v->viewer[b] when that is >= 0), or NULL: the row is written whole. */
static void write_view(pp_vector *v, int b, const pp_vector_out *out, const void *shown)
{
    const pp_game_ops *ops = v->ops;
    const char *s = state_of(v, b);
    const int who = ops->current_player(s);
    int *legal = v->legal + (size_t)b * (size_t)v->legal_room;
    uint8_t *row = out->mask + (size_t)b * v->mask_row;
    const int old = v->nlegal[b];
    const int mine = who >= 0 && (v->p.learner < 0 || who == v->p.learner);
    int n;
    /* Only the previous legal entries are cleared (pp_vector.h); one loop per layout. */
    if (v->p.mask_kind == PP_VECTOR_MASK_BITS) {
        for (int i = 0; i < old; i++)
            row[legal[i] >> 3] = 0;
        n = mine ? all_legal(ops, s, legal) : 0;
        for (int i = 0; i < n; i++)
            row[legal[i] >> 3] |= (uint8_t)(1u << (legal[i] & 7));
    } else {
        for (int i = 0; i < old; i++)
            row[legal[i]] = 0;
        n = mine ? all_legal(ops, s, legal) : 0;
        for (int i = 0; i < n; i++)
            row[legal[i]] = 1;
    }
    v->nlegal[b] = n;
    out->player[b] = who >= 0 ? who : PP_TERMINAL;
    const int seat = view_seat(v, b, who);
    float *obs = out->obs + (size_t)b * v->obs_size;
    if (v->viewer == NULL) {
        ops->observation(s, seat, obs, v->obs_size);
        return;
    }
    /* The table rewrites only what differs from the row's (shown, viewer[b]). */
    const int rc = shown != NULL && v->viewer[b] >= 0
                   ? ops->observation_update(shown, v->viewer[b], s, seat, obs, v->obs_size)
                   : ops->observation(s, seat, obs, v->obs_size);
    v->viewer[b] = rc == 0 ? seat : -1;
}

static void clear_outcome(pp_vector *v, int b, const pp_vector_out *out)
{
    memset(out->rewards + (size_t)b * v->reward_row, 0, v->reward_row * sizeof(float));
    out->term[b] = 0;
    out->trunc[b] = 0;
}

static void step_one(pp_vector *v, int b, int action, const pp_vector_out *out, scratch *w)
{
    const pp_game_ops *ops = v->ops;
    char *s = state_of(v, b);
    const void *shown = NULL;
    clear_outcome(v, b, out);
    if (v->viewer != NULL) {                 /* the row shows the state as it is now */
        memcpy(w->prev, s, ops->state_size);
        shown = w->prev;
    }
    if (v->ended[b]) {                       /* NEXT_STEP: the action is ignored */
        start_game(v, b, w);
        write_view(v, b, out, shown);
        return;
    }
    v->actor[b] = ops->current_player(s);
    ops->apply(s, action);
    v->steps[b]++;
    v->plies[b]++;
    const int overran = settle(v, b, w);
    const int over = ops->current_player(s) == PP_TERMINAL;
    if (over) {
        float *r = out->rewards + (size_t)b * v->reward_row;
        ops->returns(s, w->ret, NULL);
        if (v->p.learner >= 0)
            r[0] = (float)w->ret[v->p.learner];
        else
            for (int i = 0; i < v->num_players; i++)
                r[i] = (float)w->ret[i];
        out->term[b] = 1;
    } else if (overran || (v->p.max_steps > 0 && v->steps[b] >= v->p.max_steps)) {
        out->trunc[b] = 1;
    }
    if (over || out->trunc[b]) {
        if (v->p.autoreset == PP_VECTOR_SAME_STEP) {
            if (out->final_obs != NULL)
                ops->observation(s, view_seat(v, b, ops->current_player(s)),
                                 out->final_obs + (size_t)b * v->obs_size, v->obs_size);
            start_game(v, b, w);
        }
        else
            v->ended[b] = 1;
    }
    write_view(v, b, out, shown);
}

static int scratch_new(const pp_vector *v, scratch *w)
{
    w->acts = malloc((size_t)v->scratch_room * sizeof *w->acts);
    w->wts = malloc((size_t)v->scratch_room * sizeof *w->wts);
    w->ret = malloc(2 * (size_t)v->num_players * sizeof *w->ret);
    w->prev = malloc(v->ops->state_size);
    return w->acts != NULL && w->wts != NULL && w->ret != NULL && w->prev != NULL ? 0 : -1;
}

static void scratch_free(scratch *w)
{
    free(w->acts);
    free(w->wts);
    free(w->ret);
    free(w->prev);
}

void pp_vector_free(pp_vector *v)
{
    if (v == NULL)
        return;
    free(v->states);
    free(v->start);
    free(v->rng);
    free(v->seed_stream);
    free(v->game_seed);
    free(v->legal);
    free(v->nlegal);
    free(v->steps);
    free(v->plies);
    free(v->actor);
    free(v->ended);
    free(v->viewer);
    free(v);
}

pp_vector *pp_vector_new(const pp_game_ops *ops, const void *start, const pp_vector_params *params)
{
    const int num_envs = params->num_envs;
    if (num_envs < 1 || ops->observation == NULL || params->learner >= ops->num_players(start))
        return NULL;
    pp_vector *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    const size_t n = (size_t)num_envs;
    v->ops = ops;
    v->p = *params;
    v->num_players = ops->num_players(start);
    v->legal_room = ops->all_legal_actions != NULL ? ops->max_legal_actions : ops->max_actions;
    v->scratch_room = v->legal_room;
    if (ops->max_actions > v->scratch_room)
        v->scratch_room = ops->max_actions;
    if (ops->max_chance_outcomes > v->scratch_room)
        v->scratch_room = ops->max_chance_outcomes;
    v->obs_size = ops->observation_size(start);
    v->mask_row = params->mask_kind == PP_VECTOR_MASK_BITS ? ((size_t)ops->num_distinct_actions + 7) / 8
                                                          : (size_t)ops->num_distinct_actions;
    v->reward_row = params->learner >= 0 ? 1 : (size_t)v->num_players;
    v->states = malloc(n * ops->state_size);
    v->start = malloc(ops->state_size);
    v->rng = malloc(n * sizeof *v->rng);
    v->seed_stream = calloc(n, sizeof *v->seed_stream);
    v->game_seed = calloc(n, sizeof *v->game_seed);
    v->legal = malloc(n * (size_t)v->legal_room * sizeof *v->legal);
    v->nlegal = calloc(n, sizeof *v->nlegal);
    v->steps = calloc(n, sizeof *v->steps);
    v->plies = calloc(n, sizeof *v->plies);
    v->actor = calloc(n, sizeof *v->actor);
    v->ended = calloc(n, sizeof *v->ended);
    if (ops->observation_update != NULL)
        v->viewer = malloc(n * sizeof *v->viewer);
    if (!v->states || !v->start || !v->rng || !v->seed_stream || !v->game_seed || !v->legal
        || !v->nlegal || !v->steps || !v->plies || !v->actor || !v->ended
        || (ops->observation_update != NULL && !v->viewer)) {
        pp_vector_free(v);
        return NULL;
    }
    memcpy(v->start, start, ops->state_size);
    for (size_t b = 0; v->viewer != NULL && b < n; b++)
        v->viewer[b] = -1;        /* no row written yet */
    return v;
}

void pp_vector_reset(pp_vector *v, const uint64_t *seeds, const pp_vector_out *out)
{
    scratch w;
    if (scratch_new(v, &w) != 0) {
        scratch_free(&w);
        return;
    }
    memset(out->mask, 0, (size_t)v->p.num_envs * v->mask_row);
    for (int b = 0; b < v->p.num_envs; b++) {
        v->nlegal[b] = 0;
        if (v->viewer != NULL)
            v->viewer[b] = -1;     /* the row is written whole */
        v->seed_stream[b] = seeds[b];
        start_game(v, b, &w);
        clear_outcome(v, b, out);
        write_view(v, b, out, NULL);
    }
    scratch_free(&w);
}

int pp_vector_check(const pp_vector *v, const int32_t *actions, int *code)
{
    for (int b = 0; b < v->p.num_envs; b++) {
        if (v->ended[b])
            continue;
        const int c = v->ops->check_action(state_of(v, b), actions[b]);
        if (c != 0) {
            *code = c;
            return b;
        }
    }
    return -1;
}

void pp_vector_random_actions(const pp_vector *v, pp_rng *rng, int32_t *actions)
{
    for (int b = 0; b < v->p.num_envs; b++) {
        const int n = v->nlegal[b];
        actions[b] = n > 0 ? v->legal[(size_t)b * (size_t)v->legal_room + pp_rng_below(rng, (uint32_t)n)] : 0;
    }
}

typedef struct job {
    pp_vector *v;
    const int32_t *actions;
    const pp_vector_out *out;
    int lo, hi, rc;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    scratch w;
    j->rc = PP_VECTOR_OK;
    if (scratch_new(j->v, &w) != 0) {
        scratch_free(&w);
        j->rc = PP_VECTOR_NO_MEMORY;
        return NULL;
    }
    for (int b = j->lo; b < j->hi; b++)
        step_one(j->v, b, j->actions[b], j->out, &w);
    scratch_free(&w);
    return NULL;
}

int pp_vector_step(pp_vector *v, const int32_t *actions, const pp_vector_out *out, int threads)
{
    const int n = v->p.num_envs;
    if (threads < 1)
        return PP_VECTOR_BAD_PARAMS;
    if (threads > n)
        threads = n;
    job *jobs = malloc((size_t)threads * sizeof *jobs);
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    int rc = PP_VECTOR_OK;
    if (jobs == NULL || ids == NULL) {
        free(jobs);
        free(ids);
        return PP_VECTOR_NO_MEMORY;
    }
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){v, actions, out, (int)((long)n * t / threads), (int)((long)n * (t + 1) / threads), 0};
    }
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&ids[t], NULL, run_job, &jobs[t]) != 0)
            break;
        started = t;
    }
    for (int t = started + 1; t < threads; t++)    /* threads not started: run here */
        run_job(&jobs[t]);
    run_job(&jobs[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(ids[t], NULL);
    for (int t = 0; t < threads; t++)
        if (jobs[t].rc != PP_VECTOR_OK)
            rc = jobs[t].rc;
    free(jobs);
    free(ids);
    return rc;
}
