/* PUSH's table of game operations (pp_game_ops.h). Its `mcts` hook is PUSH's own
 * search (push_search.h, search.c: every root decision played out under the same
 * draws); pp_mcts_run, the generic UCT, runs over the table through its pointers.
 *
 * Returns (PU-E3): k winners among n players get (n-k)/(k(n-1)) each, the others
 * -1/(n-1); margins (score - best other score)/60 clamped to [-1, 1].
 *
 * Playouts: the rollout policy of push_policy.h (policy.c), every seat a cheap
 * version of the heuristic bot with a few random decisions; the tree is the root
 * alone (ops_in_tree below).
 *
 * Hidden information (PU-V1): the deck's order, drawn card by card in each playout
 * (no determinize hook: see the table below). */
#include <string.h>
#include "push_internal.h"
#include "push_policy.h"
#include "push_search.h"

/* `text` NUL-terminated into buf (size bytes, truncated); its length. */
static int copy_text(const char *text, char *buf, size_t size)
{
    size_t n = strlen(text);
    if (size == 0)
        return 0;
    if (n > size - 1)
        n = size - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return (int)n;
}

static int ops_num_players(const void *state)
{
    return ((const push_state *)state)->players;
}

static int ops_current_player(const void *state)
{
    return push_current_player(state);
}

static int ops_legal_actions(const void *state, int *out)
{
    return push_legal_actions(state, out);
}

static void ops_apply(void *state, int action)
{
    push_apply(state, action, NULL);
}

/* Compact history for the bindings: a push_undo per action, not a whole position. */
static void ops_apply_undoable(void *state, int action, void *record)
{
    push_apply(state, action, record);
}

static void ops_undo(void *state, const void *record)
{
    push_undo_action(state, record);
}

static int ops_chance_outcomes(const void *state, int *actions, double *probabilities)
{
    int weights[PUSH_MAX_OUTCOMES], total = 0;
    const int n = push_chance_outcomes(state, actions, weights, &total);
    for (int i = 0; i < n; i++)
        probabilities[i] = (double)weights[i] / (double)total;
    return n;
}

static void ops_returns(const void *state, double *out, double *margins)
{
    push_returns(state, out, margins);
}

static uint64_t ops_hash(const void *state)
{
    return ((const push_state *)state)->hash;
}

/* The playouts follow the rollout policy (push_policy.h), not uniformly random moves:
 * a random player's later turns made the search stop after one stack far too often. */
static void ops_playout(void *state, pp_rng *rng)
{
    push_policy_playout(state, rng, NULL);
}

/* The tree is the root alone: each root decision is valued by policy playouts (a
 * rollout algorithm over the policy; UCT chooses which decision to try). A deeper
 * tree node starts as a uniformly random player -- its first visits try every child --
 * so the value of a draw counted the search's own random later choices in the turn
 * and pushing looked worse than it is (docs/bots.md, "PUSH"). Every action changes
 * the state's bytes (phase, turn, stacks or deck), and the search copies the root
 * with memcpy, so only the root compares equal. */
static int ops_in_tree(const void *root, const void *state)
{
    return memcmp(root, state, sizeof(push_state)) == 0;
}

/* --- what a binding needs (ABI 2) --- */

static int ops_check_action(const void *state, int action)
{
    return (int)push_check_action(state, action);
}

static const char *ops_error_rule(int code)
{
    return push_error_rule((push_error)code);
}

static int ops_error_reason(const void *state, int action, int code, char *buf, size_t size)
{
    (void)state;
    (void)action;
    return copy_text(push_error_text((push_error)code), buf, size);
}

static int ops_chance_weights(const void *state, int *actions, long long *weights)
{
    int w[PUSH_MAX_OUTCOMES], total = 0;
    const int n = push_chance_outcomes(state, actions, w, &total);
    for (int i = 0; i < n; i++)
        weights[i] = w[i];
    return n;
}

/* The move text (pickpack/games/push/encoding.py, docs/push.md "Move text"): while a
 * card is drawn a card type 0..31 (R1 .. P6, roll, switch), while the die rolls a face
 * 32..37 (die-R .. die-P, die-star), elsewhere a decision 0..12. */
static int ops_action_text(const void *state, int action, char *buf, size_t size)
{
    static const char colours[] = "RBGYP";
    static const char *const decisions[PUSH_NUM_DECISIONS] = {
        "draw", "stop", "bank-R", "bank-B", "bank-G", "bank-Y", "bank-P",
        "place-1", "place-2", "place-3", "take-1", "take-2", "take-3",
    };
    char text[16];
    const int phase = ((const push_state *)state)->phase;
    if (phase == PUSH_PHASE_DRAW || phase == PUSH_PHASE_ROLL) {
        if (action >= 0 && action < PUSH_NUM_NUMBER_TYPES) {
            text[0] = colours[action / PUSH_NUM_VALUES];
            text[1] = (char)('1' + action % PUSH_NUM_VALUES);
            text[2] = '\0';
        } else if (action == PUSH_NUM_NUMBER_TYPES) {
            strcpy(text, "roll");
        } else if (action == PUSH_NUM_NUMBER_TYPES + 1) {
            strcpy(text, "switch");
        } else if (action >= PUSH_DIE_OFFSET && action < PUSH_DIE_OFFSET + PUSH_DIE_FACES - 1) {
            strcpy(text, "die-R");
            text[4] = colours[action - PUSH_DIE_OFFSET];
        } else if (action == PUSH_DIE_OFFSET + PUSH_DIE_FACES - 1) {
            strcpy(text, "die-star");
        } else {
            return -1;
        }
        return copy_text(text, buf, size);
    }
    if (action < 0 || action >= PUSH_NUM_DECISIONS)
        return -1;
    return copy_text(decisions[action], buf, size);
}

static size_t ops_observation_size(const void *state)
{
    return push_observation_tensor_size(state);
}

static int ops_observation(const void *state, int seat, float *out, size_t size)
{
    return push_observation_tensor(state, seat, out, size) == 0 ? 0 : -1;
}

/* PUSH's own search (push_search.h): the bindings' mcts_search. */
static int ops_mcts(const void *root, const pp_mcts_params *params, pp_mcts_node *pool,
                    size_t pool_size, pp_mcts_result *result, pp_root_move *root_moves)
{
    return push_mcts_search(root, params, pool, pool_size, result, root_moves);
}

/* The raw vector is push_raw itself: its ints at the offsets push_core.h documents. */
#define RAW_AT(field, offset) \
    _Static_assert(offsetof(push_raw, field) == (offset) * sizeof(int), "PUSH_RAW_" #field)
RAW_AT(players, PUSH_RAW_PLAYERS);
RAW_AT(hard, PUSH_RAW_HARD);
RAW_AT(switch_per_turn, PUSH_RAW_SWITCH_PER_TURN);
RAW_AT(phase, PUSH_RAW_PHASE);
RAW_AT(turn, PUSH_RAW_TURN);
RAW_AT(actor, PUSH_RAW_ACTOR);
RAW_AT(card, PUSH_RAW_CARD);
RAW_AT(deck, PUSH_RAW_DECK);
RAW_AT(stacks, PUSH_RAW_STACKS);
RAW_AT(benches, PUSH_RAW_BENCHES);
RAW_AT(banks, PUSH_RAW_BANKS);
RAW_AT(switches, PUSH_RAW_SWITCHES);
RAW_AT(turn_switches, PUSH_RAW_TURN_SWITCHES);
_Static_assert(sizeof(push_raw) == PUSH_RAW_SIZE * sizeof(int), "PUSH_RAW_SIZE");

static void ops_save_raw(const void *state, int *raw)
{
    push_raw r;
    push_save(state, &r);
    memcpy(raw, &r, sizeof r);
}

static int ops_load_raw(void *state, const int *raw, int level, pp_load_error *e)
{
    push_raw r;
    memcpy(&r, raw, sizeof r);
    return push_load(state, &r, level, e);
}

/* The rollout policy's decision (push_policy.h), as its playouts take it: a single
 * legal action at once, else a uniformly random one with probability
 * PUSH_POLICY_EPSILON_PERMILLE/1000, else push_policy_action. */
static int ops_rollout_action(const void *state, pp_rng *rng)
{
    int actions[PUSH_MAX_ACTIONS];
    const int n = push_legal_actions(state, actions);
    if (n <= 1)
        return n == 1 ? actions[0] : -1;
    if (pp_rng_below(rng, 1000) < PUSH_POLICY_EPSILON_PERMILLE)
        return actions[pp_rng_below(rng, (uint32_t)n)];
    return push_policy_action(state);
}

/* No determinize hook in the table: under perfect recall a PUSH information set holds positions
 * that differ only in the deck's order, since the banks and the deck's composition
 * follow from the public history (PU-V1), and the order is not part of the state:
 * every draw is a chance node, so each simulation draws its own uniformly random
 * ordering of the cards left, card by card, which is the determinization of the deck.
 * Redrawing the banks would only blur what the searching player knows and split the
 * tree's chance nodes. */
#define PUSH_OPS {                                                                 \
    .name = "push", .state_size = sizeof(push_state), .max_actions = PUSH_MAX_ACTIONS, \
    .max_chance_outcomes = PUSH_MAX_OUTCOMES, .max_plies = PUSH_MAX_PLIES,           \
    .num_players = ops_num_players, .current_player = ops_current_player,          \
    .legal_actions = ops_legal_actions, .apply = ops_apply,                        \
    .chance_outcomes = ops_chance_outcomes, .returns = ops_returns, .hash = ops_hash, \
    .playout = ops_playout, .determinize = NULL, .in_tree = ops_in_tree,            \
    .abi = PP_GAME_OPS_ABI, .num_distinct_actions = PUSH_NUM_DECISIONS,             \
    .check_action = ops_check_action, .error_rule = ops_error_rule,                \
    .error_reason = ops_error_reason, .chance_weights = ops_chance_weights,        \
    .action_text = ops_action_text, .observation_size = ops_observation_size,      \
    .observation = ops_observation, .mcts = ops_mcts,                             \
    .undo_size = sizeof(push_undo), .apply_undoable = ops_apply_undoable, .undo = ops_undo, \
    .raw_size = PUSH_RAW_SIZE, .save_raw = ops_save_raw, .load_raw = ops_load_raw,  \
    .field_name = push_field_name, .rollout_action = ops_rollout_action }

const pp_game_ops pp_push_ops = PUSH_OPS;
