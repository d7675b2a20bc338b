/* Perft over a table of game operations (pp_perft.h): an iterative depth-first walk
 * whose stack lives in the job, so that it stops after any action and resumes. */
#include <stdlib.h>
#include <string.h>
#include "pp_perft.h"

/* The position at `level`: one per level, or, for a table with compact undo records,
 * the one position walked by apply_undoable/undo (no copy per action). */
static char *state_at(const pp_perft_job *job, int level)
{
    return job->records != NULL ? job->states : job->states + (size_t)level * job->ops->state_size;
}

/* Fill level `level`'s actions from its position (none once the game is over). */
static void expand(pp_perft_job *job, int level)
{
    const pp_game_ops *ops = job->ops;
    const char *s = state_at(job, level);
    int *out = job->actions + (size_t)level * job->width;
    const int who = ops->current_player(s);
    int n = 0;
    if (who == PP_CHANCE)
        n = ops->chance_weights(s, out, job->weights);
    else if (who != PP_TERMINAL)   /* every legal action: all_legal_actions where the game has it */
        n = ops->all_legal_actions != NULL ? ops->all_legal_actions(s, out) : ops->legal_actions(s, out);
    job->count[level] = n < 0 ? 0 : n;
    job->next[level] = 0;
}

/* malloc that gives a pointer for 0 bytes too (a game whose state is empty). */
static void *alloc(size_t n)
{
    return malloc(n ? n : 1);
}

int pp_perft_start(pp_perft_job *job, const pp_game_ops *ops, const void *root, int depth)
{
    memset(job, 0, sizeof *job);
    if (depth < 0 || depth > PP_PERFT_MAX_DEPTH)
        return PP_PERFT_BAD_DEPTH;
    job->ops = ops;
    job->depth = depth;
    if (depth == 0) {
        job->leaves = 1;
        job->done = 1;
        return PP_PERFT_OK;
    }
    job->width = ops->max_actions > ops->max_chance_outcomes ? ops->max_actions : ops->max_chance_outcomes;
    if (ops->all_legal_actions != NULL && ops->max_legal_actions > job->width)
        job->width = ops->max_legal_actions;
    if (job->width < 1)
        job->width = 1;
    const int undoable = ops->apply_undoable != NULL && ops->undo != NULL;
    job->states = alloc((size_t)(undoable ? 1 : depth) * ops->state_size);
    job->records = undoable ? alloc((size_t)depth * ops->undo_size) : NULL;
    job->actions = alloc((size_t)depth * (size_t)job->width * sizeof(int));
    job->count = alloc((size_t)depth * sizeof(int));
    job->next = alloc((size_t)depth * sizeof(int));
    job->weights = alloc((size_t)job->width * sizeof(long long));
    if (!job->states || !job->actions || !job->count || !job->next || !job->weights
        || (undoable && !job->records)) {
        pp_perft_free(job);
        return PP_PERFT_NO_MEMORY;
    }
    memcpy(job->states, root, ops->state_size);
    expand(job, 0);
    return PP_PERFT_OK;
}

void pp_perft_run(pp_perft_job *job, uint64_t budget)
{
    const pp_game_ops *ops = job->ops;
    const size_t size = ops->state_size;
    while (!job->done && budget > 0) {
        const int l = job->level;
        if (l == job->depth - 1) {          /* one action above the leaves: count them */
            job->leaves += (uint64_t)job->count[l];
            budget -= budget > (uint64_t)job->count[l] ? (uint64_t)job->count[l] : budget;
            job->next[l] = job->count[l];
        }
        if (job->next[l] == job->count[l]) {
            if (l == 0) {
                job->done = 1;
            } else {
                if (job->records != NULL)   /* back to the position one level up */
                    ops->undo(job->states, job->records + (size_t)(l - 1) * ops->undo_size);
                job->level--;
            }
            continue;
        }
        const int a = job->actions[(size_t)l * job->width + job->next[l]++];
        if (job->records != NULL) {
            ops->apply_undoable(job->states, a, job->records + (size_t)l * ops->undo_size);
        } else {
            char *child = state_at(job, l + 1);
            memcpy(child, state_at(job, l), size);
            ops->apply(child, a);
        }
        budget--;
        expand(job, l + 1);
        job->level = l + 1;
    }
    if (job->done)
        pp_perft_free(job);
}

double pp_perft_progress(const pp_perft_job *job)
{
    if (job->done)
        return 1.0;
    double share = 0.0, scale = 1.0;
    for (int l = 0; l <= job->level; l++) {
        if (job->count[l] == 0)
            break;
        const int walked = l < job->level ? job->next[l] - 1 : job->next[l];
        share += scale * walked / job->count[l];
        scale /= job->count[l];
    }
    return share < 0.0 ? 0.0 : share > 1.0 ? 1.0 : share;
}

void pp_perft_free(pp_perft_job *job)
{
    free(job->states);
    free(job->actions);
    free(job->count);
    free(job->next);
    free(job->weights);
    free(job->records);
    job->records = NULL;
    job->states = NULL;
    job->actions = NULL;
    job->count = job->next = NULL;
    job->weights = NULL;
}
