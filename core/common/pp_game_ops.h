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
 * Required: state_size, max_actions, max_chance_outcomes, max_plies, num_players,
 * current_player, legal_actions, apply, returns, and chance_outcomes when the game has
 * chance nodes. Optional (NULL): hash, playout, determinize, in_tree.
 * Every function must be safe to call from several threads on different states.
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

typedef struct pp_game_ops {
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
} pp_game_ops;

#ifdef __cplusplus
}
#endif
#endif
