/*
 * pp_mcts.h - one Monte-Carlo tree search for every game: UCT (Kocsis & Szepesvari
 * 2006, "Bandit based Monte-Carlo planning") with random playouts, over a game's table
 * of operations (pp_game_ops.h). Plain C99, no Python.
 *
 * Players: any number. A playout ends in a terminal state whose returns vector r
 * (plus `margin` times the score margins the game gives with it) is backed up;
 * each node keeps the sum of the component of the player who chose the move into it
 * (the player to move at its parent), the only one its parent's selection reads: each
 * player picks by its own return, and a player who moves twice in a row needs no
 * special case.
 *
 * Chance nodes: their children are all outcomes (in the game's order); a simulation
 * draws one with the game's probabilities, in the tree and in the generic playout.
 *
 * Hidden information: single-observer information-set MCTS (SO-ISMCTS, Cowling,
 * Powley & Whitehouse 2012, "Information set Monte Carlo tree search"). When the game
 * gives `determinize` and the root's player cannot see all of the root (determinize
 * says so, asked once of a copy with a stream of its own), every simulation starts
 * from a copy of the root in which what that player cannot see is drawn afresh (one
 * determinization per simulation), and the tree is one tree of that player's
 * information sets: a node is reached by its sequence of moves whatever the draw.
 * At a decision node only the children whose moves are legal in the simulation's draw
 * are available; a legal move without a child gets one (its availability starts at
 * the node's visits); UCB1 reads each child's availability count (the simulations in
 * which it was available) in place of the parent's visits. A chance node whose
 * outcomes differ in the draw ends the descent (the simulation goes on as a playout).
 * The game's `in_tree` keeps out of the tree every position past a decision whose
 * result the player cannot see (Pick & Pack: the opponent's hidden placement). Such a
 * table must give num_distinct_actions (the moves are marked by number).
 *
 * Root check (Teytaud & Teytaud 2010, "On the huge benefit of decisive moves in
 * Monte-Carlo tree search algorithms"), where the root's player p sees all of the
 * root and the game has two or more seats, one ply each way, never past a chance
 * node: a root move after which the game is over with p alone at the highest return
 * is decisive and played at once, without a simulation (several: the highest return
 * plus margin term; ties: the first in the root's seeded order); otherwise a root
 * move after which another seat q decides and has such a move for itself loses at
 * once and is left out of the search (reported with 0 visits and p's return at q's
 * win), unless every root move does. A root left with a single move is answered at
 * once. The check costs one apply per root move and one per reply: O(moves^2).
 *
 * Tree: children are created all at once (at a decision node in an order shuffled from
 * the seed, so that the first unvisited child is a random one) when a node is reached
 * that has been visited before; UCB1 picks mean + c * sqrt(ln N / n), unvisited
 * children first; the chosen move is the most visited root child (ties: higher mean,
 * then a uniform draw from the search's own random stream, not the lower action).
 *
 * Budget: stops after `simulations` simulations or `seconds` of wall time, whichever
 * comes first (at least one must be set); the clock (CLOCK_MONOTONIC) is read every 16
 * simulations (when `seconds` or `poll` is set), so the search overruns `seconds` by at
 * most 16 simulations. With seconds = 0 and no stop from `poll` the result depends only
 * on (ops, root, params). A root with a single move is answered at once (0 simulations).
 *
 * Reentrancy: a search owns its memory (a node pool, allocated once per call unless
 * the caller supplies it, its scratch and, with hidden information, an availability
 * count per pool node and a mark per distinct action), so searches may run in
 * parallel threads.
 */
#ifndef PP_MCTS_H
#define PP_MCTS_H

#include <stddef.h>
#include <stdint.h>
#include "pp_game_ops.h"
#include "pp_search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One tree node (24 bytes). Children of a node sit next to each other in the pool. */
typedef struct pp_mcts_node {
    double total;          /* sum of returns of the player who chose this node's move */
    uint32_t visits;
    uint32_t first_child;  /* pool index of the first child; 0 = not expanded */
    int32_t action;        /* the move (or chance outcome) from the parent to this node */
    uint16_t children;     /* number of children once expanded */
} pp_mcts_node;

typedef struct pp_mcts_params {
    uint64_t seed;          /* playouts, child order, chance draws, determinizations */
    long simulations;       /* stop after this many simulations; 0 = no limit */
    double seconds;         /* stop after this much wall time; 0 = no limit */
    pp_search_poll poll;    /* NULL, or asked about every PP_SEARCH_POLL_SECONDS */
    void *poll_ctx;
    double exploration;     /* UCT constant c >= 0 in Q + c*sqrt(ln N / n) */
    double margin;          /* weight >= 0 of the game's score margins in the returns */
    size_t max_nodes;       /* node pool size, ops->max_actions + 1 .. UINT32_MAX; when
                               it is full the tree stops growing and simulations go on
                               from its leaves */
} pp_mcts_params;

/* Defaults: no poll, exploration 1.0, margin 0.5, max_nodes 1 << 22 (96 MiB of address
 * space, touched only as the tree grows). */
void pp_mcts_default_params(pp_mcts_params *p);

typedef struct pp_mcts_result {
    int action;             /* the most visited root move, or the decisive one */
    long simulations;       /* simulations run (0 for a decisive or a single move) */
    size_t nodes;           /* tree nodes used, root included */
    double seconds;         /* wall time (monotonic clock) */
    double value;           /* mean return of `action` for the player to move (a
                               decisive move: its return plus margin term) */
    int root_moves;         /* entries written to the root_moves array, if given */
} pp_mcts_result;

/*
 * Search from `root` (a state of ops->state_size bytes, not modified) and choose a
 * move for its player to move.
 *
 * pool: `pool_size` nodes supplied by the caller, or NULL to allocate
 * params->max_nodes nodes once for this call (freed before it returns). root_moves:
 * NULL, or room for ops->max_actions entries that receive every root move's
 * statistics. Returns PP_SEARCH_OK, PP_SEARCH_STOPPED (poll asked to stop; result
 * filled), or PP_SEARCH_BAD_PARAMS (a parameter out of range, an ops table without a
 * required entry or with max_actions above 65535), PP_SEARCH_GAME_OVER (terminal
 * root), PP_SEARCH_CHANCE_ROOT, PP_SEARCH_NO_MEMORY.
 */
int pp_mcts_run(const pp_game_ops *ops, const void *root, const pp_mcts_params *params,
                pp_mcts_node *pool, size_t pool_size,
                pp_mcts_result *result, pp_root_move *root_moves);

#ifdef __cplusplus
}
#endif
#endif
