/*
 * pacru_tokens.h - PACRU's actions as token sequences in C: the codec of
 * pickpack/games/pacru/action_tokens.py (the tokens the OpenSpiel and PettingZoo
 * adapters use; docs/pacru.md, "Action tokens"), and a token view of the game as its
 * own table of operations (pp_pacru_token_ops), whose decisions are tokens, so that a
 * generic consumer of pp_game_ops (the batched environments of pickpack.vector, the
 * MCTS) steps PACRU one token at a time with no code of its own. Plain C99.
 *
 * Tokens (the same numbers as action_tokens.py): an action is at most 7 tokens from a
 * vocabulary of 82:
 *   token 0: the acting chevron's cell, 0..80;
 *   token 1: a move's travel direction d (0..7, N..NW, PA-M1), or 8 + d a
 *            reorientation by 45 degrees to the new direction d, or 16 + d one by 90
 *            degrees (PA-O1);
 *   a move: token 2 the distance - 1 (0..7, PA-M2), token 3 the pincer mark (0/1,
 *           PA-K2), token 4 the connection mark (0/1, PA-J1), token 5 the crossing
 *           cell's place in the destination borderland (0..8, 9 none, PA-B1), token 6
 *           the meeting cell (0..80, 81 none, PA-T1): the digits of the action number;
 *   a reorientation: its freed cells in increasing order, 2 or 4 more tokens.
 *
 * A turn (pickpack.action_tokens.TokenTurn): the mover chooses a token among the legal
 * next tokens (those that continue some legal action after the tokens so far); then
 * every token that all the remaining legal actions share is filled in without asking;
 * when the tokens name one action it is applied and the next turn starts. The first
 * token of a turn is always asked.
 *
 * Trust: pacru_next_tokens, pacru_tokens_action, pacru_action_tokens and
 * pacru_token_text take any ints; pacru_token_check takes any token;
 * pacru_token_apply trusts its token (one pacru_token_check accepts).
 */
#ifndef PACRU_TOKENS_H
#define PACRU_TOKENS_H

#include <stddef.h>
#include <stdint.h>
#include "pacru_core.h"
#include "pp_game_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PACRU_TOKEN_VOCABULARY 82          /* tokens 0..81 (the meeting cells are the widest) */
#define PACRU_TOKEN_MAX 7                  /* a move's tokens; a reorientation has 4 or 6 */
#define PACRU_TOKEN_REORIENT_2_BASE 8      /* token 1 of a 45-degree reorientation: 8 + d */
#define PACRU_TOKEN_REORIENT_4_BASE 16     /* token 1 of a 90-degree reorientation: 16 + d */
/* The token view's observation: the game's tensor (PACRU_TENSOR_PLANES x 81) followed
 * by the turn so far as PACRU_TOKEN_MAX one-hot rows of PACRU_TOKEN_VOCABULARY floats
 * (row i: the i-th token of the turn, chosen or filled in; zeros past its end), as
 * pickpack.adapters.play.AdaptedState.tensor writes it. */
#define PACRU_TOKEN_OBS_SIZE (PACRU_TENSOR_PLANES * PACRU_CELLS + PACRU_TOKEN_MAX * PACRU_TOKEN_VOCABULARY)

/* A position and the turn in progress: plain data (copy it with memcpy). Made by
 * pacru_token_start and changed by pacru_token_apply only: `next` caches the legal next
 * tokens (pacru_next_tokens of s after the prefix), so that listing and checking them
 * costs no move generation. */
typedef struct pacru_token_state {
    pacru_state s;                          /* the position before the turn's action */
    uint8_t prefix[PACRU_TOKEN_MAX];        /* the turn's tokens so far */
    uint8_t depth;                          /* how many (0: a turn starts) */
    uint8_t next[(PACRU_TOKEN_VOCABULARY + 7) / 8];   /* token t legal next: bit t % 8 of byte t / 8 */
} pacru_token_state;

/* pacru_token_check's codes (0: the token may be taken). A token that continues no
 * legal action is refused with the rule of the choice it stands for at its place
 * (the list above). */
enum pacru_token_error {
    PACRU_TOKEN_OK = 0,
    PACRU_TOKEN_ERR_OVER,          /* PA-E2 the game is over */
    PACRU_TOKEN_ERR_CELL,          /* PA-M1 token 0: no chevron of the mover that can act there */
    PACRU_TOKEN_ERR_DIRECTION,     /* PA-M1 token 1: no legal move of that chevron that way */
    PACRU_TOKEN_ERR_REORIENT,      /* PA-O1 token 1 or a freed cell: no such reorientation */
    PACRU_TOKEN_ERR_DISTANCE,      /* PA-M2 token 2: no legal move of that distance */
    PACRU_TOKEN_ERR_PINCER,        /* PA-K2 token 3 */
    PACRU_TOKEN_ERR_CONNECTION,    /* PA-J1 token 4 */
    PACRU_TOKEN_ERR_CROSSING,      /* PA-B1 token 5 */
    PACRU_TOKEN_ERR_MEETING,       /* PA-T1 token 6 */
    PACRU_TOKEN_ERR_COUNT
};

/* The tokens that continue some legal action of s after prefix[0..depth) (any ints),
 * written ascending to out (room for PACRU_TOKEN_VOCABULARY); returns how many.
 * 0 once over, when the prefix is a whole action, and when no legal action starts with
 * it (a token out of its range included): action_tokens.py's next_tokens. */
int pacru_next_tokens(const pacru_state *s, const int *prefix, int depth, int *out);
/* The action whose tokens are tokens[0..n) (the inverse of pacru_action_tokens), or -1
 * when they are no action (too few or too many tokens for the kind token 1 tells, a
 * token out of its range, freed cells not increasing). */
int pacru_tokens_action(const int *tokens, int n);
/* The tokens of `action` (any int) into out (room for PACRU_TOKEN_MAX); returns how
 * many (4, 6 or 7), or -1 outside 0..PACRU_NUM_DISTINCT_ACTIONS-1. */
int pacru_action_tokens(int action, int *out);
/* The text of `token` after prefix[0..depth) (action_tokens.py's token_text: "e1",
 * "N", ">NE", "3", "x", "no conn", the crossing cell, "*c7", "no meeting", ...),
 * NUL-terminated in buf (cut to size-1); its length, or -1 (buf "") when the prefix is
 * not the start of an action or the token cannot follow it. */
int pacru_token_text(const int *prefix, int depth, int token, char *buf, size_t size);

/* The turn's start at position s (depth 0, its legal tokens cached). */
void pacru_token_start(pacru_token_state *t, const pacru_state *s);
/* PACRU_TOKEN_OK if `token` (any int) continues a legal action of the turn, else the
 * pacru_token_error of the place it stands at. Never changes t. */
int pacru_token_check(const pacru_token_state *t, int token);
/* Take `token` (one pacru_token_check accepts) and fill in the tokens every remaining
 * legal action shares; when they name one action, apply it and start the next turn.
 * Returns the action applied, or -1 while the turn needs more tokens. */
int pacru_token_apply(pacru_token_state *t, int token);
/* The token view's observation (PACRU_TOKEN_OBS_SIZE floats) for `player` into out;
 * 0, or pacru_observation_tensor's error code without writing. */
int pacru_token_observation(const pacru_token_state *t, int player, float *out, size_t size);

/* The token view as a table of operations (tokens.c): a state is a pacru_token_state,
 * the decisions are tokens 0..81 (legal_actions: the legal next tokens; apply:
 * pacru_token_apply), the observation pacru_token_observation; the rollout policy's
 * decision is its next token. */
extern const pp_game_ops pp_pacru_token_ops;

#ifdef __cplusplus
}
#endif
#endif
