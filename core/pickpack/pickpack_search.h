/*
 * pickpack_search.h - game-tree search over the Pick & Pack core, in plain C99.
 *
 * Two searches, each a single call that runs to its budget with no Python inside:
 *
 *   pp_mcts_search       UCT (Kocsis & Szepesvari 2006, "Bandit based Monte-Carlo
 *                        planning") with uniformly random playouts: the generic
 *                        search of core/common/pp_mcts.h over Pick & Pack's table (ops.c);
 *   pp_alphabeta_search  negamax with alpha-beta pruning, iterative deepening, move
 *                        ordering and a transposition table keyed by the Zobrist hash
 *                        (alphabeta.c).
 *
 * Both share the move helpers below (search_moves.c): the symmetry reduction of legal
 * moves and a fast uniform sampler of one legal move for playouts.
 *
 * Players alternate except after a rush order (PP-R1), when the same player moves
 * again: both searches take the side to move from the state at every node and never
 * assume alternation. Rule ids (PP-...) refer to the project's rules file.
 *
 * Reentrancy: every search owns its memory (a node pool or a transposition table,
 * allocated once per call unless the caller supplies it), so searches may run in
 * parallel threads on different states. The Zobrist tables must be initialised
 * (pp_zobrist_init, done by pp_state_init) before threads start.
 */
#ifndef PICKPACK_SEARCH_H
#define PICKPACK_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "pickpack_core.h"
#include "pp_mcts.h"       /* core/common: the generic MCTS and its types */
#include "pp_search.h"     /* core/common: return codes, stop poll, pp_root_move */

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes, the stop poll (pp_search_poll, PP_SEARCH_POLL_SECONDS) and
 * pp_root_move are shared by every game's searches: core/common/pp_search.h. */

/* ------------------------------------------------------------------------------------
 * Move helpers (search_moves.c)
 * ------------------------------------------------------------------------------------ */

/* Symmetry reduction. Two crates of one player that are both open (or both closed the
 * same way) and hold the same trays in the same order are interchangeable: no rule
 * refers to a crate's number, so moves that differ only in choosing one or the other
 * lead to positions that are the same game up to renumbering the crates. This keeps,
 * among such moves, only the one naming the lowest-numbered crate. At the opening four
 * grabs into four empty crates become one. Writes the kept actions (ascending, a
 * subsequence of pp_legal_actions) to out (room for PP_MAX_MOVES); returns the count. */
int pp_distinct_actions(const pp_state *s, uint16_t *out);

/* Uniform playout move. Counts the legal moves of s without listing them and returns
 * the k-th one in ascending order (the same as pp_legal_actions(s, out) then out[k]);
 * *count receives the number of legal moves. Returns -1 (and *count 0) when the game
 * is over or k is not in 0..count-1. */
int pp_nth_legal_action(const pp_state *s, int k, int *count);

/* Finish the game with uniformly random legal moves, like pp_playout (both count the
 * moves instead of listing them, sampler.c) but drawing with Lemire's multiply-shift
 * instead of pp_rng_below: the same distribution, another stream. Placement decisions
 * still open are random too. Returns the final scores (PP-E3). */
pp_playout_result pp_fast_playout(pp_state *s, pp_rng *rng);

/* ------------------------------------------------------------------------------------
 * MCTS: the generic UCT of core/common (pp_mcts.h) over Pick & Pack's table (ops.c)
 * ------------------------------------------------------------------------------------ */

/* Pick & Pack's table of game operations (pp_game_ops.h), for pp_mcts_run or any
 * other generic search: 2 players, no chance nodes, the symmetry-reduced moves,
 * pp_fast_playout, Red's hidden placement redrawn when Blue places (PP-S3); and the
 * ABI 2 entries a binding uses: pp_check_action with its rule ids and sentences, the
 * move text, the observation tensor, and pp_mcts_search as `mcts`. */
extern const pp_game_ops pp_pickpack_ops;

/*
 * Search from `root` (not modified) and choose a move for its player to move: the
 * generic UCT of pp_mcts.h (budget, tree, ties, determinism, pool, return codes are
 * specified there) over pp_pickpack_ops, compiled with the table as a constant.
 *
 * Returns: a playout ends in a finished game with scores r (Red) and b (Blue), PP-E3;
 * Red's return is sign(r - b) + margin * (r - b) / 97 (97 = apples in the game, PP-C2)
 * and Blue's is its negation. Each node keeps the returns of the player who chose the
 * move into it (the player to move at its parent), so a rush order, after which the
 * same player moves again (PP-R1), needs no special case.
 *
 * Moves in the tree: the symmetry-reduced ones (pp_distinct_actions); playouts draw
 * uniformly among all legal moves (pp_fast_playout).
 *
 * Placement phase (PP-S3): the opponent's placement is hidden, so the tree holds only
 * the root player's own placement decisions; each simulation draws the opponent's
 * tiles at random (Red's, resampled, when Blue is placing; Blue's, in the playout,
 * when Red is) and plays the rest as a random playout.
 *
 * root_moves: NULL, or room for PP_MAX_MOVES entries.
 */
int pp_mcts_search(const pp_state *root, const pp_mcts_params *params,
                   pp_mcts_node *pool, size_t pool_size,
                   pp_mcts_result *result, pp_root_move *root_moves);

/* ------------------------------------------------------------------------------------
 * Alpha-beta: negamax, iterative deepening, transposition table (alphabeta.c)
 * ------------------------------------------------------------------------------------ */

/* Evaluation terms, in sixteenths of a point (PP-E3), from the view of one player; the
 * opponent's same terms are subtracted. docs/bots.md explains and measures them. */
typedef struct pp_eval_weights {
    int premium;     /* per unplayed Premium tile: x/16 of the apples in the player's
                        fullest open crate still without a Premium (PP-A1) */
    int wholesale;   /* per unplayed Wholesale tile: x/16 of the points it would remove
                        from the opponent's fullest open crate (PP-A2) */
    int rush;        /* per rush order waiting (PP-R1) */
    int tile;        /* per unplayed action tile of any kind (PP-M2 mobility) */
} pp_eval_weights;

/* Score difference only: all four weights 0. */
void pp_eval_score_only(pp_eval_weights *w);
/* The measured default (docs/bots.md). */
void pp_eval_default(pp_eval_weights *w);
/* Evaluation of s for player p, in sixteenths of a point: 16 * (score(p) - score(o))
 * plus the weighted terms. A finished game is worth +-PP_AB_WIN plus 16 * margin. */
int pp_evaluate(const pp_state *s, int p, const pp_eval_weights *w);

#define PP_AB_WIN (1 << 20)       /* a won finished game, beyond any evaluation */
#define PP_AB_MAX_DEPTH 64

typedef struct pp_ab_params {
    int depth;                /* iterative deepening up to this many plies, 1..64 */
    double seconds;           /* stop deepening after this much wall time; 0 = no limit.
                                 Depth 1 always completes. */
    pp_search_poll poll;      /* NULL, or asked about every PP_SEARCH_POLL_SECONDS */
    void *poll_ctx;
    int tt_log2;              /* table of 2^tt_log2 buckets (0..26); -1 = no table */
    pp_eval_weights eval;
} pp_ab_params;

/* Defaults: depth 64, no time limit, no poll, tt_log2 18 (8 MiB), pp_eval_default. */
void pp_ab_default_params(pp_ab_params *p);

typedef struct pp_ab_result {
    int action;               /* best move of the deepest completed iteration */
    int value;                /* its value for the player to move, evaluation units */
    int depth;                /* deepest completed iteration */
    int exact;                /* 1 when that iteration saw only finished games */
    uint64_t nodes;           /* positions visited, all iterations */
    uint64_t tt_hits;         /* probes that cut off or narrowed the window */
    double seconds;
    int root_moves;           /* entries written to the root_moves array, if given */
} pp_ab_result;

/*
 * Negamax with alpha-beta pruning (Knuth & Moore 1975) under iterative deepening.
 * Values are from the view of the player to move at each node; a child's value is
 * negated only when the side to move changes, so a rush order (PP-R1) keeps the sign.
 *
 * Moves: the symmetry-reduced legal moves, ordered: the table's move first, then by
 * immediate gain (points the move adds to the mover's margin: the tray grabbed, the
 * crate a Premium doubles, what a Wholesale halves, trays Quality control or Order
 * mix-up shift), then by the history heuristic (Schaeffer 1989), then by action.
 * After the first move, principal variation search tries each move with a null window
 * and searches it again with the full window only if it may be better.
 *
 * Transposition table: buckets of two entries, the first kept for the deeper search
 * (replaced when the new depth is at least the stored one), the second always
 * replaced; an entry stores the full hash, the bound (exact, lower, upper), the depth
 * and the best move. Every ply removes a tray or uses a tile, so a position is always
 * reached at the same ply from the root; an entry usable for a cutoff therefore comes
 * from the same iteration at the same depth, and the value equals the search without
 * the table (tests/games/pickpack/test_search_bots.py checks it). A fresh table per search.
 *
 * Budget: `depth` plies and/or `seconds` (checked every 1024 interior nodes; an
 * unfinished iteration is dropped, so the answer is the best move of the deepest
 * completed iteration: with a deadline, a large `depth` is safe). Depth 1 is never cut
 * by the clock (it visits each root move once). Deepening stops early once an
 * iteration reached only finished games (the value is then exact). A root with a
 * single move is answered at once (depth 0). root_moves: NULL, or room for
 * PP_MAX_MOVES entries, filled from the deepest completed iteration, best first.
 * `poll` stops it like the clock, depth 1 included (its result is then the first move
 * of the ordering when no iteration completed).
 * Returns PP_SEARCH_OK, PP_SEARCH_STOPPED (poll asked to stop; result filled) or a
 * negative PP_SEARCH_* error.
 */
int pp_alphabeta_search(const pp_state *root, const pp_ab_params *params,
                        pp_ab_result *result, pp_root_move *root_moves);

#ifdef __cplusplus
}
#endif
#endif
