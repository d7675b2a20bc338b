/*
 * pp_game_ops.h - the table of operations a game's C core gives the generic searches
 * (pp_mcts.h). Plain C99, no Python.
 *
 * A state is plain data of `state_size` bytes (no pointers inside): the searches copy
 * it with memcpy and keep it on no list of their own. Actions are ints >= 0. Seats are
 * 0..num_players-1; a position where nobody decides is a chance node (PP_CHANCE) or
 * the end of the game (PP_TERMINAL), the same numbers as pickpack.game.CHANCE and
 * pickpack.game.TERMINAL.
 *
 * Required: abi, state_size, max_actions, max_chance_outcomes, max_plies,
 * num_distinct_actions, num_players, current_player, legal_actions, apply, returns,
 * check_action, error_rule, error_reason, and chance_outcomes plus chance_weights when
 * the game has chance nodes. Optional (NULL): hash, playout, determinize, in_tree,
 * action_text, observation_size/observation (both or neither), mcts,
 * undo_size/apply_undoable/undo (all three or none), raw_size/save_raw/load_raw/
 * field_name (all four or none), max_legal_actions/all_legal_actions (both or neither),
 * rollout_action, new_start, observation_update (needs observation) (ABI 4, for the
 * batched environments of pickpack.vector).
 * Every function must be safe to call from several threads on different states.
 *
 * The checked/fast split: `apply` trusts its action (the searches give it only what
 * legal_actions or chance_outcomes returned); `check_action` trusts nothing and is
 * what a binding calls before `apply` for an action that came from outside.
 */
#ifndef PP_GAME_OPS_H
#define PP_GAME_OPS_H

#include <stddef.h>
#include <stdint.h>
#include "pp_rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PP_CHANCE (-1)      /* current_player: an outcome is drawn (chance_outcomes) */
#define PP_TERMINAL (-4)    /* current_player: the game is over (returns) */

/* The layout version of pp_game_ops below; a table built against another is refused. */
#define PP_GAME_OPS_ABI 4

struct pp_mcts_params;      /* pp_mcts.h */
struct pp_mcts_node;
struct pp_mcts_result;
struct pp_root_move;        /* pp_search.h */
struct pp_load_error;       /* pp_load_error.h */

typedef struct pp_game_ops {
    int abi;                      /* PP_GAME_OPS_ABI */
    const char *name;             /* the game's registry name, e.g. "pickpack" */
    size_t state_size;            /* bytes of one state (sizeof the game's struct) */
    int max_actions;              /* most legal actions of any position, >= 1 */
    int max_chance_outcomes;      /* most outcomes of any chance node (0: no chance) */
    int max_plies;                /* most plies (decisions and chance draws) from any
                                     state to the end of the game */

    /* Seats of the game this state belongs to, 1..; constant over a game. */
    int (*num_players)(const void *state);
    /* The seat to decide, PP_CHANCE or PP_TERMINAL. */
    int (*current_player)(const void *state);
    /* The actions a search considers at a decision node, written to out (room for
     * max_actions); returns the count (>= 1 at a decision node). A game may leave out
     * moves equivalent by symmetry to one it keeps. The order must depend only on the
     * state. */
    int (*legal_actions)(const void *state, int *out);
    /* Apply an action that legal_actions or chance_outcomes gave for this state. */
    void (*apply)(void *state, int action);
    /* At a chance node: the outcomes (actions) and their probabilities (each > 0,
     * summing to 1, computed from exact counts) in an order that depends only on the
     * state; returns the count. NULL for a game without chance nodes. */
    int (*chance_outcomes)(const void *state, int *actions, double *probabilities);
    /* At a terminal state: one return per seat, written to out[0..num_players-1]
     * (win 1, loss -1 or 0, draw 0 in a two-player game; any bounded vector), and,
     * when `margins` is not NULL, each seat's score margin scaled to [-1, 1] (zeros
     * for a game without scores); a search adds pp_mcts_params.margin times them. */
    void (*returns)(const void *state, double *out, double *margins);

    /* Optional. The 64-bit position hash (Zobrist), for transposition tables. */
    uint64_t (*hash)(const void *state);
    /* Optional. Finish the game from `state` by random moves and chance draws drawn
     * from rng (faster than the generic loop over legal_actions/apply it replaces). */
    void (*playout)(void *state, pp_rng *rng);
    /* Optional (hidden information). Redraw, in `state`, what `player` cannot see, at
     * random among what is consistent with what it saw; returns 1 if anything may
     * have changed, 0 if the player sees all of this state (then nothing is drawn). */
    int (*determinize)(void *state, int player, pp_rng *rng);
    /* Optional (hidden information). May a search from `root` keep a tree node for
     * `state` (reached from it)? Return 0 past a decision whose result the root's
     * player cannot see, so that no tree node is told apart by hidden information;
     * the simulation then finishes with a playout. NULL: every non-terminal state. */
    int (*in_tree)(const void *root, const void *state);

    /* --- what a binding needs beyond the searches (ABI 2) --- */

    /* Actions at decision nodes are 0..num_distinct_actions-1 (chance outcomes are
     * 0..max_chance_outcomes-1 in their own numbering, or the game's own range). */
    int num_distinct_actions;
    /* Checked: 0 if `action` (any int) may be applied to `state` now (a decision or a
     * chance outcome), else the game's error code (> 0) of the first rule it breaks.
     * Never trusts its input; never changes the state. */
    int (*check_action)(const void *state, int action);
    /* The rule id an error code names ("PU-P4"); never NULL (a static string). */
    const char *(*error_rule)(int code);
    /* The reason, one sentence without the rule id, why `action` is illegal in `state`
     * with error `code`, written NUL-terminated to buf (size bytes); returns its length
     * (truncated to size-1). May ignore state and action. */
    int (*error_reason)(const void *state, int action, int code, char *buf, size_t size);
    /* At a chance node: the outcomes and their exact integer weights (each > 0), in the
     * order of chance_outcomes; the probability of outcome i is weights[i] / (sum of
     * weights). Returns the count; 0 elsewhere. NULL for a game without chance. */
    int (*chance_weights)(const void *state, int *actions, long long *weights);
    /* Optional. The move text of `action` in `state` (legal or not, as long as it
     * means something there), NUL-terminated in buf; its length, or -1 when the action
     * has no text in this state. NULL: the binding writes the text. */
    int (*action_text)(const void *state, int action, char *buf, size_t size);
    /* Optional. The number of floats of a seat's observation tensor (constant over a
     * game), and the tensor of what `seat` may see written to out (room for size
     * floats); 0 on success, -1 for a bad seat or size. */
    size_t (*observation_size)(const void *state);
    int (*observation)(const void *state, int seat, float *out, size_t size);
    /* Optional. The game's own compile of the generic MCTS over this table
     * (pp_mcts_impl.h with the table as a constant, so its calls are direct); NULL:
     * bindings run pp_mcts_run through the pointers. Same contract as pp_mcts_run. */
    int (*mcts)(const void *root, const struct pp_mcts_params *params,
                struct pp_mcts_node *pool, size_t pool_size,
                struct pp_mcts_result *result, struct pp_root_move *root_moves);
    /* Optional (all three or none): compact undo records, so that a binding's history
     * keeps undo_size bytes per action instead of a whole position. apply_undoable
     * applies like `apply` and writes what `undo` needs to restore the exact previous
     * position (hash included) to record. */
    size_t undo_size;
    void (*apply_undoable)(void *state, int action, void *record);
    void (*undo)(void *state, const void *record);
    /* --- the position as plain numbers (ABI 3) --- */
    /* Optional (all four or none): a position as a flat vector of raw_size ints whose
     * layout the game's header documents (offsets as #defines, so that a build step can
     * hand them to Python), so that a binding moves snapshots in and out with no code of
     * the game's own: the game's Python side only maps its snapshot's JSON-able fields
     * to and from these numbers (types and names, no rules), and load_raw is the one
     * rule-aware validator of a position. save_raw writes the position's raw vector
     * (history not included). load_raw trusts nothing: it checks raw at `level`
     * (PP_LOAD_SAFE: what the core needs to run on the state; PP_LOAD_REACHABLE: also
     * what every position the rules reach satisfies) and builds *state from it, hash
     * included; it returns 0, or the game's field code (> 0) of the first problem with
     * *e filled in (pp_load_error.h), *state then unspecified. field_name(code) is the
     * snapshot key a field code names ("deck"), "" out of range; a static string. */
    int raw_size;
    void (*save_raw)(const void *state, int *raw);
    int (*load_raw)(void *state, const int *raw, int level, struct pp_load_error *e);
    const char *(*field_name)(int field);
    /* --- ABI 4: batched environments (pickpack.vector, pp_vector.h) --- */
    /* Optional (both or neither): every legal action at a decision node, for a game
     * whose legal_actions leaves out moves equivalent by symmetry (a learner's mask
     * must hold every legal action; the bindings' legal_actions and pp_perft list
     * these too). all_legal_actions writes them ascending to out
     * (room for max_legal_actions ints) and returns the count (>= 1 at a decision
     * node); NULL and 0: legal_actions already lists every legal action. */
    int max_legal_actions;
    int (*all_legal_actions)(const void *state, int *out);
    /* Optional. One decision of the game's rollout policy (what its playouts play) at
     * a decision node, drawn from rng: an action legal there. NULL: uniform over
     * legal_actions, as the generic playout. */
    int (*rollout_action)(const void *state, pp_rng *rng);
    /* Optional. The start position of a new game of the same player count and rule
     * options as `like` (any state of a game), its own randomness of the set-up (a
     * deal) drawn from `seed` exactly as the binding's new game of that seed draws it,
     * written to *state. NULL: the game's start has no randomness of its own (every
     * game starts at the same position, a copy of the first). */
    void (*new_start)(void *state, const void *like, uint64_t seed);
    /* Optional (with observation). The observation tensor of `seat` at `state` written
     * over out, which holds observation(prev, prev_seat) as this table wrote it (same
     * size): only the cells that can differ are rewritten, what pp_vector does at each
     * step instead of writing every float. The result is that of observation(state,
     * seat, out, size); 0, or -1 (out untouched) for a bad seat or size. A fast entry
     * like apply: it may trust both states (pp_vector gives it only states the table
     * made, the first row of each environment written by observation). NULL:
     * pp_vector calls observation. */
    int (*observation_update)(const void *prev, int prev_seat, const void *state, int seat, float *out,
                              size_t size);
} pp_game_ops;

#define PP_LOAD_SAFE 0
#define PP_LOAD_REACHABLE 1

#ifdef __cplusplus
}
#endif
#endif
