/* PACRU's action tokens in C and the token view of the game as a table of operations
 * (pacru_tokens.h). The legal next tokens come from the mover's landings (the legal
 * (from, travel, distance) moves, generate.c) and, past token 2 of a move, from that
 * one landing's complete actions (at most PACRU_MAX_LANDING_ACTIONS): no list of every
 * legal action (late in a game some 800,000 reorientations) is made. */
#include <stdio.h>
#include <string.h>
#include "pacru_internal.h"
#include "pacru_policy.h"
#include "pacru_tokens.h"

/* A move's tokens are the digits of its number in this mixed radix (pacru_core.h). */
static const int move_radix[PACRU_TOKEN_MAX] = {PACRU_CELLS, 8, 8, 2, 2, PACRU_CROSSING_NONE + 1,
                                                PACRU_MEETING_NONE + 1};
static const int move_weight[PACRU_TOKEN_MAX] = {8 * 8 * 2 * 2 * 10 * 82, 8 * 2 * 2 * 10 * 82, 2 * 2 * 10 * 82,
                                                 2 * 10 * 82, 10 * 82, 82, 1};
static const char *const direction_names[8] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

/* The rollout decision's draws of the policy's move before it falls back to a uniform
 * token (pp_pacru_token_ops rollout_action). */
#define ROLLOUT_TRIES 64

/* The direction of the mover's chevron on `cell`, or -1. */
static int mover_chevron(const pacru_state *s, int cell)
{
    const int code = s->chev[cell];
    return code >= 0 && code >> 3 == s->turn ? code & 7 : -1;
}

/* Freed cells (the reorientation cell, kind 8 + d or 16 + d, the freed cells so far
 * prefix[2..depth)) that may follow, into mark. */
static void next_freed(const pacru_state *s, const pacru_draw *d, const int *prefix, int depth, uint8_t *mark)
{
    const int cell = prefix[0], kind = prefix[1];
    const int need = kind < PACRU_TOKEN_REORIENT_4_BASE ? 2 : 4;
    const int chosen = depth - 2;
    if (chosen >= need)
        return;
    const int dir = mover_chevron(s, cell);
    if (dir < 0)
        return;
    const int turn = ((kind & 7) - dir + 8) & 7;
    if (need == 2 ? (turn != 1 && turn != 7) : (turn != 2 && turn != 6))
        return;
    int start = 0;
    for (int i = 2; i < depth; i++) {                 /* each a free cell above the one before */
        while (start < d->nfree && d->free_cells[start] < prefix[i])
            start++;
        if (start == d->nfree || d->free_cells[start] != prefix[i])
            return;
        start++;
    }
    for (int i = start; i < d->nfree - (need - chosen - 1); i++)
        mark[d->free_cells[i]] = 1;
}

/* Tokens at place depth >= 3 of the moves of one landing whose digits 3..depth-1 are
 * prefix's, into mark. */
static void next_choices(const pacru_state *s, const pacru_draw *d, int landing, const int *prefix, int depth,
                         uint8_t *mark)
{
    int acts[PACRU_MAX_LANDING_ACTIONS];
    const int n = pacru_landing_actions(s, d, landing, acts);
    for (int i = 0; i < n; i++) {
        int ok = 1;
        for (int j = 3; j < depth && ok; j++)
            ok = acts[i] / move_weight[j] % move_radix[j] == prefix[j];
        if (ok)
            mark[acts[i] / move_weight[depth] % move_radix[depth]] = 1;
    }
}

int pacru_next_tokens(const pacru_state *s, const int *prefix, int depth, int *out)
{
    uint8_t mark[PACRU_TOKEN_VOCABULARY];
    pacru_draw d;
    if (s->over || depth < 0 || depth >= PACRU_TOKEN_MAX)
        return 0;
    pacru_random_options(s, &d);
    if (d.landings == 0)                               /* PA-O2: no move, no reorientation */
        return 0;
    memset(mark, 0, sizeof mark);
    const int seat = s->turn;
    if (depth == 0) {
        for (int i = 0; i < d.landings; i++)
            mark[d.landing[i].from] = 1;
        if (d.nfree >= 2)
            for (int i = 0; i < s->nchev[seat]; i++)
                mark[s->chev_cell[seat][i]] = 1;
    } else {
        const int cell = prefix[0];
        if (cell < 0 || cell >= PACRU_CELLS)
            return 0;
        if (depth == 1) {
            for (int i = 0; i < d.landings; i++)
                if (d.landing[i].from == cell)
                    mark[d.landing[i].t] = 1;
            const int dir = mover_chevron(s, cell);
            if (dir >= 0 && d.nfree >= 2) {
                mark[PACRU_TOKEN_REORIENT_2_BASE + ((dir + 1) & 7)] = 1;
                mark[PACRU_TOKEN_REORIENT_2_BASE + ((dir + 7) & 7)] = 1;
                if (d.nfree >= 4) {
                    mark[PACRU_TOKEN_REORIENT_4_BASE + ((dir + 2) & 7)] = 1;
                    mark[PACRU_TOKEN_REORIENT_4_BASE + ((dir + 6) & 7)] = 1;
                }
            }
        } else {
            const int kind = prefix[1];
            if (kind < 0 || kind >= PACRU_TOKEN_REORIENT_4_BASE + 8)
                return 0;
            if (kind >= PACRU_TOKEN_REORIENT_2_BASE) {
                next_freed(s, &d, prefix, depth, mark);
            } else if (depth == 2) {
                for (int i = 0; i < d.landings; i++)
                    if (d.landing[i].from == cell && d.landing[i].t == kind)
                        mark[d.landing[i].k - 1] = 1;
            } else {
                for (int i = 0; i < d.landings; i++)
                    if (d.landing[i].from == cell && d.landing[i].t == kind && d.landing[i].k == prefix[2] + 1) {
                        next_choices(s, &d, i, prefix, depth, mark);
                        break;
                    }
            }
        }
    }
    int n = 0;
    for (int t = 0; t < PACRU_TOKEN_VOCABULARY; t++)
        if (mark[t])
            out[n++] = t;
    return n;
}

int pacru_tokens_action(const int *tokens, int n)
{
    if (n < 2 || tokens[0] < 0 || tokens[0] >= PACRU_CELLS)
        return -1;
    const int kind = tokens[1];
    if (kind < 0 || kind >= PACRU_TOKEN_REORIENT_4_BASE + 8)
        return -1;
    if (kind < PACRU_TOKEN_REORIENT_2_BASE) {
        if (n != PACRU_TOKEN_MAX)
            return -1;
        int action = 0;
        for (int i = 0; i < PACRU_TOKEN_MAX; i++) {
            if (tokens[i] < 0 || tokens[i] >= move_radix[i])
                return -1;
            action += tokens[i] * move_weight[i];
        }
        return action;
    }
    const int need = kind < PACRU_TOKEN_REORIENT_4_BASE ? 2 : 4;
    if (n != 2 + need)
        return -1;
    for (int i = 3; i < n; i++)
        if (tokens[i] <= tokens[i - 1])
            return -1;
    return pacru_encode_reorient(tokens[0], kind & 7, need, tokens + 2);
}

int pacru_action_tokens(int action, int *out)
{
    if (action < 0 || action >= PACRU_NUM_DISTINCT_ACTIONS)
        return -1;
    if (action < PACRU_NUM_MOVE_ACTIONS) {
        for (int i = 0; i < PACRU_TOKEN_MAX; i++)
            out[i] = action / move_weight[i] % move_radix[i];
        return PACRU_TOKEN_MAX;
    }
    pacru_init();                                      /* the binomials (idempotent) */
    const int four = action >= PACRU_REORIENT_4;
    const int k = four ? 4 : 2;
    const int rest = four ? action - PACRU_REORIENT_4 : action - PACRU_REORIENT_2;
    const int comb = four ? PACRU_COMB4 : PACRU_COMB2;
    const int head = rest / comb;
    int rank = rest % comb;
    out[0] = head / 8;
    out[1] = (four ? PACRU_TOKEN_REORIENT_4_BASE : PACRU_TOKEN_REORIENT_2_BASE) + head % 8;
    for (int i = k; i >= 1; i--) {                     /* colex unrank: largest c with C(c, i) <= rank */
        int c = i - 1;
        while (c + 1 < PACRU_CELLS && (int)pacru_binom[c + 1][i] <= rank)
            c++;
        out[1 + i] = c;
        rank -= (int)pacru_binom[c][i];
    }
    return 2 + k;
}

/* Copy text (length n from snprintf) into buf of `size` bytes: the length written. */
static int deliver(const char *text, int n, char *buf, size_t size)
{
    if (size == 0)
        return n < 0 ? -1 : 0;
    if (n < 0) {
        buf[0] = '\0';
        return -1;
    }
    if ((size_t)n >= size)
        n = (int)(size - 1);
    memcpy(buf, text, (size_t)n);
    buf[n] = '\0';
    return n;
}

/* The text of `token` after a prefix already found valid, into t (room 16); its
 * length, or -1. */
static int text_of(const int *prefix, int depth, int token, char *t)
{
    if (depth == 0 || (depth >= 2 && prefix[1] >= PACRU_TOKEN_REORIENT_2_BASE)) {
        int low = 0;
        if (depth >= 2) {                               /* a reorientation's freed cells */
            const int freed = prefix[1] < PACRU_TOKEN_REORIENT_4_BASE ? 2 : 4;
            if (depth >= 2 + freed)
                return -1;
            low = depth > 2 ? prefix[depth - 1] + 1 : 0;
        }
        if (token < low || token >= PACRU_CELLS)
            return -1;
        return snprintf(t, 16, "%c%c", 'a' + token % PACRU_SIZE, '1' + token / PACRU_SIZE);
    }
    if (depth == 1) {
        if (token < 0 || token >= PACRU_TOKEN_REORIENT_4_BASE + 8)
            return -1;
        return snprintf(t, 16, "%s%s", token < 8 ? "" : ">", direction_names[token & 7]);
    }
    const int cell = prefix[0], kind = prefix[1];
    switch (depth) {
    case 2:
        if (token < 0 || token >= 8 || pacru_step(cell, kind, token + 1) < 0)
            return -1;
        return snprintf(t, 16, "%d", token + 1);
    case 3:
        return token == 0 || token == 1 ? snprintf(t, 16, "%s", token ? "x" : "-") : -1;
    case 4:
        return token == 0 || token == 1 ? snprintf(t, 16, "%s", token ? "conn" : "no conn") : -1;
    case 5: {
        if (token < 0 || token > PACRU_CROSSING_NONE)
            return -1;
        if (token == PACRU_CROSSING_NONE)
            return snprintf(t, 16, "no crossing");
        const int c = pacru_land_cells[pacru_land[pacru_step(cell, kind, prefix[2] + 1)]][token];
        return snprintf(t, 16, "%c%c", 'a' + c % PACRU_SIZE, '1' + c / PACRU_SIZE);
    }
    case 6:
        if (token < 0 || token > PACRU_MEETING_NONE)
            return -1;
        if (token == PACRU_MEETING_NONE)
            return snprintf(t, 16, "no meeting");
        return snprintf(t, 16, "*%c%c", 'a' + token % PACRU_SIZE, '1' + token / PACRU_SIZE);
    default:
        return -1;
    }
}

int pacru_token_text(const int *prefix, int depth, int token, char *buf, size_t size)
{
    char t[16];
    pacru_init();                                      /* the borderland tables (idempotent) */
    if (depth < 0 || depth >= PACRU_TOKEN_MAX)
        return deliver(t, -1, buf, size);
    for (int i = 0; i < depth; i++)
        if (text_of(prefix, i, prefix[i], t) < 0)
            return deliver(t, -1, buf, size);
    return deliver(t, text_of(prefix, depth, token, t), buf, size);
}

/* Cache the n tokens of `next` as t's legal next tokens. */
static void cache_next(pacru_token_state *t, const int *next, int n)
{
    memset(t->next, 0, sizeof t->next);
    for (int i = 0; i < n; i++)
        t->next[next[i] >> 3] |= (uint8_t)(1u << (next[i] & 7));
}

void pacru_token_start(pacru_token_state *t, const pacru_state *s)
{
    int next[PACRU_TOKEN_VOCABULARY];
    memset(t, 0, sizeof *t);
    t->s = *s;
    cache_next(t, next, pacru_next_tokens(&t->s, NULL, 0, next));
}

/* The cached legal next tokens of t, ascending, into out; how many. */
static int cached_next(const pacru_token_state *t, int *out)
{
    int n = 0;
    for (int tok = 0; tok < PACRU_TOKEN_VOCABULARY; tok++)
        if (t->next[tok >> 3] >> (tok & 7) & 1)
            out[n++] = tok;
    return n;
}

/* The turn's tokens so far as ints (room for PACRU_TOKEN_MAX). */
static int prefix_of(const pacru_token_state *t, int *p)
{
    const int depth = t->depth < PACRU_TOKEN_MAX ? t->depth : PACRU_TOKEN_MAX - 1;
    for (int i = 0; i < depth; i++)
        p[i] = t->prefix[i];
    return depth;
}

/* The error of a refused token at place `depth` of a turn whose token 1 is `kind`. */
static int place_error(int depth, int kind)
{
    static const int move_errors[PACRU_TOKEN_MAX] = {
        PACRU_TOKEN_ERR_CELL, PACRU_TOKEN_ERR_DIRECTION, PACRU_TOKEN_ERR_DISTANCE, PACRU_TOKEN_ERR_PINCER,
        PACRU_TOKEN_ERR_CONNECTION, PACRU_TOKEN_ERR_CROSSING, PACRU_TOKEN_ERR_MEETING};
    if (depth >= 2 && kind >= PACRU_TOKEN_REORIENT_2_BASE)
        return PACRU_TOKEN_ERR_REORIENT;
    return move_errors[depth];
}

int pacru_token_check(const pacru_token_state *t, int token)
{
    int p[PACRU_TOKEN_MAX];
    if (pacru_current_player(&t->s) == PACRU_TERMINAL)
        return PACRU_TOKEN_ERR_OVER;
    const int depth = prefix_of(t, p);
    if (token >= 0 && token < PACRU_TOKEN_VOCABULARY && (t->next[token >> 3] >> (token & 7) & 1))
        return PACRU_TOKEN_OK;
    if (depth == 1 && token >= PACRU_TOKEN_REORIENT_2_BASE && token < PACRU_TOKEN_REORIENT_4_BASE + 8)
        return PACRU_TOKEN_ERR_REORIENT;
    return place_error(depth, depth >= 2 ? p[1] : 0);
}

int pacru_token_apply(pacru_token_state *t, int token)
{
    int p[PACRU_TOKEN_MAX], next[PACRU_TOKEN_VOCABULARY];
    int depth = prefix_of(t, p);
    p[depth++] = token;
    for (;;) {
        const int n = depth < PACRU_TOKEN_MAX ? pacru_next_tokens(&t->s, p, depth, next) : 0;
        if (n == 0) {                                  /* the tokens name one action */
            const int action = pacru_tokens_action(p, depth);
            memset(t->prefix, 0, sizeof t->prefix);
            t->depth = 0;
            if (action >= 0)
                pacru_apply(&t->s, action);
            cache_next(t, next, pacru_next_tokens(&t->s, NULL, 0, next));
            return action;
        }
        if (n > 1) {
            cache_next(t, next, n);
            break;
        }
        p[depth++] = next[0];                          /* shared by every remaining action */
    }
    for (int i = 0; i < depth; i++)
        t->prefix[i] = (uint8_t)p[i];
    t->depth = (uint8_t)depth;
    return -1;
}

int pacru_token_observation(const pacru_token_state *t, int player, float *out, size_t size)
{
    const size_t game = pacru_observation_tensor_size(&t->s);
    if (out == NULL)
        return PACRU_TENSOR_ERR_NULL;
    if (size != PACRU_TOKEN_OBS_SIZE)
        return PACRU_TENSOR_ERR_SIZE;
    const int err = pacru_observation_tensor(&t->s, player, out, game);
    if (err != 0)
        return err;
    float *rows = out + game;
    memset(rows, 0, (size_t)PACRU_TOKEN_MAX * PACRU_TOKEN_VOCABULARY * sizeof *rows);
    for (int i = 0; i < t->depth && i < PACRU_TOKEN_MAX; i++)
        rows[i * PACRU_TOKEN_VOCABULARY + t->prefix[i]] = 1.0f;
    return 0;
}

/* --- the token view's table of operations ---------------------------------------- */

static int tv_num_players(const void *state)
{
    return ((const pacru_token_state *)state)->s.players;
}

static int tv_current_player(const void *state)
{
    return pacru_current_player(&((const pacru_token_state *)state)->s);
}

static int tv_legal_actions(const void *state, int *out)
{
    return cached_next(state, out);
}

static void tv_apply(void *state, int token)
{
    pacru_token_apply(state, token);
}

static void tv_returns(const void *state, double *out, double *margins)
{
    pacru_returns(&((const pacru_token_state *)state)->s, out, margins);
}

/* The position's Zobrist hash, the turn's tokens mixed in (splitmix64's finaliser):
 * the position's own hash at the start of a turn. */
static uint64_t tv_hash(const void *state)
{
    const pacru_token_state *t = state;
    uint64_t h = t->s.hash;
    for (int i = 0; i < t->depth && i < PACRU_TOKEN_MAX; i++) {
        uint64_t z = (uint64_t)(i * PACRU_TOKEN_VOCABULARY + t->prefix[i] + 1) * 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        h ^= z ^ (z >> 31);
    }
    return h;
}

/* Finish the turn in progress by uniform tokens, then the game by the rollout policy
 * (pacru_policy.h), as the game's own table plays out. */
static void tv_playout(void *state, pp_rng *rng)
{
    pacru_token_state *t = state;
    int next[PACRU_TOKEN_VOCABULARY];
    while (t->depth > 0) {
        const int n = tv_legal_actions(t, next);
        if (n <= 0) {
            t->depth = 0;
            break;
        }
        pacru_token_apply(t, next[pp_rng_below(rng, (uint32_t)n)]);
    }
    pacru_policy_playout(&t->s, rng);
}

static int tv_check_action(const void *state, int token)
{
    return pacru_token_check(state, token);
}

static const char *tv_error_rule(int code)
{
    static const char *const rules[PACRU_TOKEN_ERR_COUNT] = {
        "", "PA-E2", "PA-M1", "PA-M1", "PA-O1", "PA-M2", "PA-K2", "PA-J1", "PA-B1", "PA-T1"};
    return code > 0 && code < PACRU_TOKEN_ERR_COUNT ? rules[code] : "";
}

/* Append snprintf's text to buf at *at (room `size`), keeping *at within it. */
#define APPEND(...)                                                                          \
    do {                                                                                     \
        const int w_ = snprintf(buf + at, (size_t)(size - at), __VA_ARGS__);                 \
        at = w_ < 0 ? at : (at + (size_t)w_ < size ? at + (size_t)w_ : size - 1);             \
    } while (0)

/* "token T does not continue any legal action after e1 N; legal tokens: [0, 1]", as
 * pickpack.action_tokens.TokenTurn words it. */
static int tv_error_reason(const void *state, int token, int code, char *buf, size_t size)
{
    const pacru_token_state *t = state;
    int p[PACRU_TOKEN_MAX], next[PACRU_TOKEN_VOCABULARY];
    char word[16];
    size_t at = 0;
    if (size == 0)
        return 0;
    buf[0] = '\0';
    if (code == PACRU_TOKEN_ERR_OVER) {
        APPEND("the game is over");
        return (int)at;
    }
    if (token < 0 || token >= PACRU_TOKEN_VOCABULARY) {
        APPEND("token %d is outside the tokens 0..%d", token, PACRU_TOKEN_VOCABULARY - 1);
        return (int)at;
    }
    const int depth = prefix_of(t, p);
    APPEND("token %d does not continue any legal action", token);
    for (int i = 0; i < depth; i++) {
        pacru_token_text(p, i, p[i], word, sizeof word);
        APPEND("%s%s", i == 0 ? " after " : " ", word);
    }
    const int n = cached_next(t, next);
    APPEND("; legal tokens: [");
    for (int i = 0; i < n; i++)
        APPEND("%s%d", i ? ", " : "", next[i]);
    APPEND("]");
    return (int)at;
}

static int tv_action_text(const void *state, int token, char *buf, size_t size)
{
    const pacru_token_state *t = state;
    int p[PACRU_TOKEN_MAX];
    const int depth = prefix_of(t, p);
    return pacru_token_text(p, depth, token, buf, size);
}

static size_t tv_observation_size(const void *state)
{
    (void)state;
    return PACRU_TOKEN_OBS_SIZE;
}

static int tv_observation(const void *state, int seat, float *out, size_t size)
{
    return pacru_token_observation(state, seat, out, size) == 0 ? 0 : -1;
}

/* The rollout policy's next token: its move (pacru_policy_step on a copy) drawn until
 * one continues the turn's tokens so far, that move's next token. A turn of these
 * decisions plays the policy's move with the policy's probabilities (each token drawn
 * from the policy given the ones before); past ROLLOUT_TRIES draws (a turn the policy
 * would rarely play) a uniform legal token. */
static int tv_rollout_action(const void *state, pp_rng *rng)
{
    const pacru_token_state *t = state;
    int p[PACRU_TOKEN_MAX], toks[PACRU_TOKEN_MAX], next[PACRU_TOKEN_VOCABULARY];
    const int depth = prefix_of(t, p);
    for (int tries = 0; tries < ROLLOUT_TRIES; tries++) {
        pacru_state copy = t->s;
        const int n = pacru_action_tokens(pacru_policy_step(&copy, rng), toks);
        if (n <= depth)
            break;
        int same = 1;
        for (int i = 0; i < depth && same; i++)
            same = toks[i] == p[i];
        if (same)
            return toks[depth];
    }
    const int n = cached_next(t, next);
    return n > 0 ? next[pp_rng_below(rng, (uint32_t)n)] : 0;
}

const pp_game_ops pp_pacru_token_ops = {
    .abi = PP_GAME_OPS_ABI, .name = "pacru", .state_size = sizeof(pacru_token_state),
    .max_actions = PACRU_TOKEN_VOCABULARY, .max_chance_outcomes = 0,
    .max_plies = PACRU_MAX_GAME_LENGTH * PACRU_TOKEN_MAX,
    .num_players = tv_num_players, .current_player = tv_current_player,
    .legal_actions = tv_legal_actions, .apply = tv_apply, .chance_outcomes = NULL,
    .returns = tv_returns, .hash = tv_hash, .playout = tv_playout,
    .determinize = NULL, .in_tree = NULL,
    .num_distinct_actions = PACRU_TOKEN_VOCABULARY, .check_action = tv_check_action,
    .error_rule = tv_error_rule, .error_reason = tv_error_reason,
    .chance_weights = NULL, .action_text = tv_action_text,
    .observation_size = tv_observation_size, .observation = tv_observation,
    .mcts = NULL, .rollout_action = tv_rollout_action, .new_start = NULL};
