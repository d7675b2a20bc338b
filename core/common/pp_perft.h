/*
 * pp_perft.h - perft over any game's table of operations (pp_game_ops.h): the number
 * of action sequences of exactly `depth` actions from a position, chance outcomes
 * counting as actions like decisions (each outcome once, whatever its weight); a game
 * that ends earlier contributes nothing, depth 0 counts 1. Plain C99, no Python.
 *
 * The walk is resumable, so that a binding runs it in slices without the GIL and
 * honours Ctrl-C between them: pp_perft_start, then pp_perft_run until job->done,
 * then pp_perft_free. Decisions are every legal action (all_legal_actions where the
 * table has it, else legal_actions), outcomes come from chance_weights.
 * The last level is counted in bulk (the number of actions of each position one
 * action above the leaves), so leaves themselves are never applied. A table with
 * compact undo records (apply_undoable/undo) is walked on one position, else each
 * level's position is a copy of the one above.
 */
#ifndef PP_PERFT_H
#define PP_PERFT_H

#include <stddef.h>
#include <stdint.h>
#include "pp_game_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PP_PERFT_MAX_DEPTH 64      /* deepest walk a job takes */
#define PP_PERFT_OK 0
#define PP_PERFT_BAD_DEPTH (-1)    /* depth outside 0..PP_PERFT_MAX_DEPTH */
#define PP_PERFT_NO_MEMORY (-2)

typedef struct pp_perft_job {
    int done;                  /* 1 once the walk is complete (leaves is the answer) */
    uint64_t leaves;           /* leaves counted so far */
    /* private */
    const pp_game_ops *ops;
    int depth, level, width;
    char *states;              /* depth positions: states[l] is the position at level l */
    int *actions;              /* depth rows of `width` actions */
    int *count, *next;         /* per level: actions, and the next one to walk */
    long long *weights;        /* chance_weights' scratch */
    char *records;             /* depth undo records (undo_size bytes) for a table with
                                  apply_undoable/undo, then `states` is one position; NULL */
} pp_perft_job;

/* Start a walk of `depth` actions from `root` (copied; not kept). Returns PP_PERFT_OK,
 * PP_PERFT_BAD_DEPTH or PP_PERFT_NO_MEMORY (then nothing needs freeing). */
int pp_perft_start(pp_perft_job *job, const pp_game_ops *ops, const void *root, int depth);
/* Walk on for about `budget` actions (>= 1), or to the end (job->done). */
void pp_perft_run(pp_perft_job *job, uint64_t budget);
/* The share of the tree walked so far, 0.0 .. 1.0. */
double pp_perft_progress(const pp_perft_job *job);
/* Release what pp_perft_start allocated (safe to call twice). */
void pp_perft_free(pp_perft_job *job);

#ifdef __cplusplus
}
#endif
#endif
