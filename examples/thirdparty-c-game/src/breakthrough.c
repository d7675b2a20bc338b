/* Breakthrough 6x6: rules BT-* of the README, the ops table and the game's own MCTS
 * compile (pp_mcts_impl.h over the table as a constant, so its calls are direct). */
#include "pp_search_internal.h"   /* first: it sets _POSIX_C_SOURCE */
#include "pp_mcts_impl.h"
#include <stdio.h>
#include <string.h>
#include "breakthrough.h"
/* pickpack's PRNG (pp_rng.h), compiled into this extension: its source ships in
 * pickpack.get_include() beside the headers. */
#include "rng.c"

static const int ROW_STEP[BT_DIRECTIONS] = {1, 1, 1, -1, -1, -1};
static const int COL_STEP[BT_DIRECTIONS] = {-1, 0, 1, -1, 0, 1};

/* Error codes of check_action, each naming one rule. */
enum { E_SPACE = 1, E_OVER, E_PIECE, E_FORWARD, E_BOARD, E_BLOCKED, E_FLAG };
static const char *const RULE[] = {"", "BT-A1", "BT-W3", "BT-M1", "BT-M2", "BT-M2", "BT-M3", "BT-M4"};

/* The Zobrist key of feature f (cell*2 + colour-1; BT_CELLS*2: white to move):
 * SplitMix64 of f, computed on the fly (no table, nothing to initialise). */
static uint64_t key(int f)
{
    uint64_t z = (uint64_t)(f + 1) * 0xD1B54A32D192ED03ull;
    return pp_splitmix64(&z);
}

static uint64_t hash_of(const bt_state *s)
{
    uint64_t h = s->to_move ? key(BT_CELLS * 2) : 0;
    for (int i = 0; i < BT_CELLS; i++)
        if (s->board[i] != BT_EMPTY)
            h ^= key(i * 2 + s->board[i] - 1);
    return h;
}

void bt_init(bt_state *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 2 * BT_SIZE; i++) {               /* BT-P2 */
        s->board[i] = BT_BLACK;
        s->board[BT_CELLS - 1 - i] = BT_WHITE;
    }
    s->pieces[0] = s->pieces[1] = 2 * BT_SIZE;
    s->winner = -1;
    s->hash = hash_of(s);
}

int bt_load(bt_state *s, const char *cells, int to_move)
{
    bt_state t;
    memset(&t, 0, sizeof t);
    if (to_move != 0 && to_move != 1)
        return BT_BAD_TURN;
    int arrived[2] = {0, 0};
    for (int i = 0; i < BT_CELLS; i++) {
        const int8_t v = (int8_t)(cells[i] == 'b' ? BT_BLACK : (cells[i] == 'w' ? BT_WHITE : BT_EMPTY));
        if (v == BT_EMPTY && cells[i] != '.')
            return BT_BAD_CELL;
        t.board[i] = v;
        if (v != BT_EMPTY)
            t.pieces[v - 1]++;
        arrived[0] |= v == BT_BLACK && i >= BT_CELLS - BT_SIZE;
        arrived[1] |= v == BT_WHITE && i < BT_SIZE;
    }
    const int won[2] = {arrived[0] || t.pieces[1] == 0, arrived[1] || t.pieces[0] == 0};
    /* BT-W3: at most one winner, and the winner made the last move */
    if ((won[0] && won[1]) || won[to_move])
        return BT_BAD_END;
    t.to_move = (int8_t)to_move;
    t.winner = (int8_t)(won[0] ? 0 : (won[1] ? 1 : -1));
    t.hash = hash_of(&t);
    *s = t;
    return 0;
}

static int ops_num_players(const void *state) { (void)state; return 2; }

static int ops_current_player(const void *state)
{
    const bt_state *s = state;
    return s->winner >= 0 ? PP_TERMINAL : s->to_move;
}

/* The cell an action in 0..BT_ACTIONS-1 moves to, or -1 off the board (BT-M2). */
static int destination(int action)
{
    const int from = action / 12, dir = action / 2 % BT_DIRECTIONS;
    const int r = from / BT_SIZE + ROW_STEP[dir], c = from % BT_SIZE + COL_STEP[dir];
    return r < 0 || r >= BT_SIZE || c < 0 || c >= BT_SIZE ? -1 : r * BT_SIZE + c;
}

/* BT-M1..M4 in OpenSpiel's order (ascending action numbers). */
static int ops_legal_actions(const void *state, int *out)
{
    const bt_state *s = state;
    const int8_t me = (int8_t)(s->to_move + 1), them = (int8_t)(2 - s->to_move);
    int n = 0;
    if (s->winner >= 0)
        return 0;
    for (int from = 0; from < BT_CELLS; from++) {
        if (s->board[from] != me)
            continue;
        for (int dir = 3 * s->to_move; dir < 3 * s->to_move + 3; dir++) {
            const int action = (from * BT_DIRECTIONS + dir) * 2, to = destination(action);
            if (to >= 0 && s->board[to] == BT_EMPTY)
                out[n++] = action;
            else if (to >= 0 && s->board[to] == them && COL_STEP[dir] != 0)
                out[n++] = action + 1;
        }
    }
    return n;
}

static void ops_apply(void *state, int action)
{
    bt_state *s = state;
    const int from = action / 12, to = destination(action);
    const int8_t me = s->board[from];
    if (s->board[to] != BT_EMPTY) {                                      /* BT-M4 */
        s->hash ^= key(to * 2 + s->board[to] - 1);
        if (--s->pieces[s->board[to] - 1] == 0)
            s->winner = s->to_move;                                      /* BT-W2 */
    }
    s->hash ^= key(from * 2 + me - 1) ^ key(to * 2 + me - 1) ^ key(BT_CELLS * 2);
    s->board[to] = me;
    s->board[from] = BT_EMPTY;
    if (to / BT_SIZE == (s->to_move ? 0 : BT_SIZE - 1))
        s->winner = s->to_move;                                          /* BT-W1 */
    s->to_move = (int8_t)(1 - s->to_move);
}

static void ops_returns(const void *state, double *out, double *margins)
{
    const bt_state *s = state;
    out[0] = s->winner < 0 ? 0.0 : (s->winner == 0 ? 1.0 : -1.0);       /* BT-W3 */
    out[1] = s->winner < 0 ? 0.0 : -out[0];                                /* no -0.0 */
    if (margins != NULL)
        margins[0] = margins[1] = 0.0;
}

static uint64_t ops_hash(const void *state) { return ((const bt_state *)state)->hash; }

/* Random moves to the end (uniform among the legal ones); the plies played. */
static int play_out(void *state, pp_rng *rng)
{
    int moves[BT_MAX_ACTIONS];
    int n, plies = 0;
    while ((n = ops_legal_actions(state, moves)) > 0) {
        ops_apply(state, moves[pp_draw_below(rng, (uint32_t)n)]);
        plies++;
    }
    return plies;
}

static void ops_playout(void *state, pp_rng *rng) { play_out(state, rng); }

long long bt_random_games(long games, uint64_t seed)
{
    pp_rng rng;
    bt_state s;
    long long plies = 0;
    pp_rng_seed(&rng, seed);
    for (long g = 0; g < games; g++) {
        bt_init(&s);
        plies += play_out(&s, &rng);
    }
    return plies;
}

static int ops_check_action(const void *state, int action)
{
    const bt_state *s = state;
    if (action < 0 || action >= BT_ACTIONS)
        return E_SPACE;
    if (s->winner >= 0)
        return E_OVER;
    const int dir = action / 2 % BT_DIRECTIONS, to = destination(action);
    if (s->board[action / 12] != s->to_move + 1)
        return E_PIECE;
    if (dir / 3 != s->to_move)
        return E_FORWARD;
    if (to < 0)
        return E_BOARD;
    const int8_t there = s->board[to];
    if (there == s->to_move + 1 || (there != BT_EMPTY && COL_STEP[dir] == 0))
        return E_BLOCKED;
    return action % 2 != (there != BT_EMPTY) ? E_FLAG : 0;
}

static const char *ops_error_rule(int code) { return code >= E_SPACE && code <= E_FLAG ? RULE[code] : "BT-A1"; }

static int ops_error_reason(const void *state, int action, int code, char *buf, size_t size)
{
    const bt_state *s = state;
    const char *side = s->to_move ? "white" : "black";
    int n;
    switch (code) {
    case E_OVER: n = snprintf(buf, size, "the game is over"); break;
    case E_PIECE: n = snprintf(buf, size, "no %s piece on %c%d", side, 'a' + action / 12 % BT_SIZE,
                               BT_SIZE - action / 12 / BT_SIZE); break;
    case E_FORWARD: n = snprintf(buf, size, "a %s piece moves one row towards rank %d", side,
                                 s->to_move ? BT_SIZE : 1); break;
    case E_BOARD: n = snprintf(buf, size, "the move leaves the board"); break;
    case E_BLOCKED: n = snprintf(buf, size, "a piece moves straight to an empty cell, or diagonally "
                                 "to an empty cell or onto an opponent's piece"); break;
    case E_FLAG: n = snprintf(buf, size, "a move is marked * exactly when it captures"); break;
    default: n = snprintf(buf, size, "actions are 0..%d", BT_ACTIONS - 1); break;
    }
    return n < 0 ? 0 : (n >= (int)size ? (int)size - 1 : n);
}

/* OpenSpiel's text: from and to squares (files a-f, ranks 1-6 from white's side), "*"
 * for a capture; -1 for an action outside the space or leaving the board. */
static int ops_action_text(const void *state, int action, char *buf, size_t size)
{
    (void)state;
    const int from = action / 12, to = action >= 0 && action < BT_ACTIONS ? destination(action) : -1;
    if (to < 0)
        return -1;
    const int n = snprintf(buf, size, "%c%d%c%d%s", 'a' + from % BT_SIZE, BT_SIZE - from / BT_SIZE,
                           'a' + to % BT_SIZE, BT_SIZE - to / BT_SIZE, action % 2 ? "*" : "");
    return n < 0 || n >= (int)size ? -1 : n;
}

static size_t ops_observation_size(const void *state) { (void)state; return 3 * BT_CELLS; }

/* OpenSpiel's tensor: planes black, white, empty, each 6x6 row-major; both seats see
 * everything (BT-P1). */
static int ops_observation(const void *state, int seat, float *out, size_t size)
{
    const bt_state *s = state;
    if (seat < 0 || seat > 1 || size < 3 * BT_CELLS)
        return -1;
    for (int i = 0; i < BT_CELLS; i++) {
        const int plane = s->board[i] == BT_EMPTY ? 2 : s->board[i] - 1;
        for (int p = 0; p < 3; p++)
            out[p * BT_CELLS + i] = p == plane ? 1.0f : 0.0f;
    }
    return 0;
}

static int bt_mcts(const void *root, const pp_mcts_params *params, pp_mcts_node *pool,
                   size_t pool_size, pp_mcts_result *result, pp_root_move *root_moves);

#define BT_OPS                                                                       \
    .abi = PP_GAME_OPS_ABI, .name = "breakthrough", .state_size = sizeof(bt_state),   \
    .max_actions = BT_MAX_ACTIONS, .max_chance_outcomes = 0, .max_plies = BT_MAX_PLIES, \
    .num_players = ops_num_players, .current_player = ops_current_player,            \
    .legal_actions = ops_legal_actions, .apply = ops_apply, .returns = ops_returns,   \
    .hash = ops_hash, .playout = ops_playout, .num_distinct_actions = BT_ACTIONS,     \
    .check_action = ops_check_action, .error_rule = ops_error_rule,                  \
    .error_reason = ops_error_reason, .action_text = ops_action_text,                \
    .observation_size = ops_observation_size, .observation = ops_observation

static const pp_game_ops search_ops = {BT_OPS};   /* constant: direct calls in the search */
const pp_game_ops bt_ops = {BT_OPS, .mcts = bt_mcts};

static int bt_mcts(const void *root, const pp_mcts_params *params, pp_mcts_node *pool,
                   size_t pool_size, pp_mcts_result *result, pp_root_move *root_moves)
{
    return pp_mcts_impl(&search_ops, root, params, pool, pool_size, result, root_moves);
}
