/*
 * pp_vector.h - batched environments: B independent games of one game stepped by one
 * call over the game's table of operations (pp_game_ops.h), for learning code
 * (pickpack.vector, docs/vector.md). Plain C99, no Python.
 *
 * The batch owns B states of ops->state_size bytes in one block, a copy of the start
 * state, and per environment a SplitMix64 stream from its seed (pp_rng.h) and the
 * legal actions of its current decision. Game k (0, 1, ...) of environment b takes
 * outputs 2k+1 and 2k+2 of the SplitMix64 stream seeded with seeds[b]: the first is
 * its start seed (ops->new_start(state, start, seed), what the binding's new game of
 * that seed builds; a copy of `start` when the table has no new_start or the caller
 * fixed the start), the second seeds the game's pp_rng, from which its chance
 * outcomes (ops->chance_weights, exact integer weights, pp_vector_draw) and the
 * built-in opponents' choices are drawn, in the order they happen.
 *
 * Two forms: multi-agent (learner < 0: the caller acts for whichever seat is to move)
 * and single-agent (learner = a seat: after the learner's action, and at a reset,
 * the other seats are played in C by a built-in policy until the learner is to move
 * or the game is over). Chance nodes are resolved in C in both.
 *
 * Outputs (the caller's arrays, written in place by pp_vector_step/pp_vector_reset):
 *   obs      float  [B][obs_size]  the observation of the seat to move; at a final
 *                                  state, of the seat that acted last (multi-agent) or
 *                                  of the learner. With ops->observation_update a step
 *                                  rewrites only what changed since the row's last
 *                                  write: the caller must not write to it.
 *   mask     uint8  [B][mask_row]  the legal actions of the decision to take: one byte
 *                                  per action (PP_VECTOR_MASK_BYTES, mask_row = the
 *                                  number of distinct actions) or one bit (_BITS,
 *                                  mask_row = ceil(actions / 8), bit a % 8 of byte
 *                                  a / 8, numpy.unpackbits(..., bitorder="little"));
 *                                  all zero at a final state. Only the entries of the
 *                                  previous legal actions are cleared: the caller must
 *                                  not write to it.
 *   player   int32  [B]            the seat to move, PP_TERMINAL at a final state
 *   rewards  float  [B][P] or [B]  each seat's return (ops->returns) at the step that
 *                                  ends the game, else 0 (single-agent: the learner's)
 *   term     uint8  [B]            the game ended (terminal state)
 *   trunc    uint8  [B]            the episode was cut: max_steps decisions of the
 *                                  caller, or more plies than the table's max_plies
 *
 * Autoreset (Gymnasium 1.x's AutoresetMode): NEXT_STEP: a step that ends a game
 * writes its final state; the next step of that environment ignores its action and
 * starts the next game (rewards 0, term and trunc 0). SAME_STEP: the step that ends
 * a game writes the rewards and flags of its end and the observation, mask and player
 * of the next game's start; with out->final_obs (else NULL) also the observation of
 * its final state, as obs would have held it, to final_obs[b] (Gymnasium's
 * info["final_obs"]), the rows of the other environments left as they were.
 *
 * Threads: pp_vector_step splits the batch into `threads` contiguous ranges, one
 * POSIX thread each; the result does not depend on the split.
 */
#ifndef PP_VECTOR_H
#define PP_VECTOR_H

#include <stddef.h>
#include <stdint.h>
#include "pp_game_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PP_VECTOR_MASK_BYTES 0
#define PP_VECTOR_MASK_BITS 1

#define PP_VECTOR_NEXT_STEP 0
#define PP_VECTOR_SAME_STEP 1

#define PP_VECTOR_RANDOM 0    /* uniform over every legal action */
#define PP_VECTOR_ROLLOUT 1   /* ops->rollout_action, else uniform over legal_actions */
#define PP_VECTOR_MCTS 2      /* ops->mcts (else pp_mcts_run) at `simulations` */

#define PP_VECTOR_OK 0
#define PP_VECTOR_NO_MEMORY (-1)
#define PP_VECTOR_BAD_PARAMS (-2)

typedef struct pp_vector_params {
    int num_envs;             /* B >= 1 */
    int learner;              /* -1: multi-agent; else the learner's seat */
    int opponent;             /* PP_VECTOR_RANDOM, _ROLLOUT or _MCTS (single-agent) */
    long simulations;         /* MCTS simulations per opponent decision (>= 1) */
    int mask_kind;            /* PP_VECTOR_MASK_BYTES or _BITS */
    int autoreset;            /* PP_VECTOR_NEXT_STEP or _SAME_STEP */
    long max_steps;           /* the caller's decisions per game before truncation; 0: none */
    int fixed_start;          /* 1: every game starts at a copy of `start` */
} pp_vector_params;

typedef struct pp_vector_out {
    float *obs;
    uint8_t *mask;
    int32_t *player;
    float *rewards;
    uint8_t *term, *trunc;
    float *final_obs;         /* NULL, or [B][obs_size]: SAME_STEP, the final observation */
} pp_vector_out;

typedef struct pp_vector {
    const pp_game_ops *ops;
    pp_vector_params p;
    int num_players, legal_room, scratch_room;
    size_t obs_size, mask_row, reward_row;
    char *states, *start;     /* B * state_size; state_size */
    pp_rng *rng;              /* B: the current game's stream */
    uint64_t *seed_stream;    /* B: the SplitMix64 state of each environment */
    uint64_t *game_seed;      /* B: the start seed of each environment's current game */
    int *legal, *nlegal;      /* B * legal_room; B: the legal actions in the mask */
    long *steps;              /* B: the caller's decisions in the current game */
    int *plies;               /* B: plies of the current game */
    int *actor;               /* B: who took the last decision (the final observation) */
    uint8_t *ended;           /* B: NEXT_STEP: the last step ended the game */
    int *viewer;              /* B, with ops->observation_update (else NULL): the seat
                               * environment b's obs row shows (of its state before the
                               * step, which the step keeps aside); -1: written whole */
} pp_vector;

/* Make a batch of `start` (a state of the game, copied); NULL out of memory or for
 * parameters out of range (checked by the binding first). */
pp_vector *pp_vector_new(const pp_game_ops *ops, const void *start, const pp_vector_params *params);
void pp_vector_free(pp_vector *v);
/* Start every environment afresh from seeds[0..B-1] and write every output. */
void pp_vector_reset(pp_vector *v, const uint64_t *seeds, const pp_vector_out *out);
/* The first environment whose action breaks a rule (checked, ops->check_action), its
 * error code in *code; -1 when every action may be applied. Changes nothing. */
int pp_vector_check(const pp_vector *v, const int32_t *actions, int *code);
/* Apply actions[b] (checked first by pp_vector_check: trusted here) in every
 * environment, settle chance and opponents, and write every output; `threads` >= 1. */
int pp_vector_step(pp_vector *v, const int32_t *actions, const pp_vector_out *out, int threads);
/* One uniformly random legal action per environment (of the legal actions in the
 * mask) written to actions[b], drawn from *rng in environment order (pp_rng_below);
 * 0 for an environment at a final state. The games' own streams are not used. */
void pp_vector_random_actions(const pp_vector *v, pp_rng *rng, int32_t *actions);
/* The state of environment b (0..B-1). */
const void *pp_vector_state(const pp_vector *v, int b);
/* An index 0..n-1 drawn by the integer weights (each > 0, their sum < 2**63): one
 * pp_rng_next below the largest multiple of the sum (rejection), reduced modulo it,
 * then the first outcome whose running sum exceeds it. */
int pp_vector_draw(pp_rng *rng, const long long *weights, int n);

#ifdef __cplusplus
}
#endif
#endif
