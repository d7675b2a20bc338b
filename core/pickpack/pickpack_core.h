/*
 * pickpack_core.h - the public interface of the Pick & Pack rules engine.
 *
 * Plain C99, no Python: a C or C++ program can embed the engine with this header and
 * the .c files in core/pickpack/ and core/common/. Rule ids (PP-...) refer to the project's rules file; indices,
 * the action space, the move text, Zobrist keys and the PRNG are specified in
 * docs/engine.md.
 *
 * Trust: every function that takes an action integer, a square, a space or a whole
 * state from outside (pp_check_action, pp_apply_checked, pp_state_validate) checks
 * it. The fast functions (pp_apply, pp_undo, pp_legal_actions) assume their input came
 * from the checked ones or from the generator; they are the hot path.
 */
#ifndef PICKPACK_CORE_H
#define PICKPACK_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "pp_rng.h"   /* core/common: the shared PRNG */

#ifdef __cplusplus
extern "C" {
#endif

#define PP_NUM_SQUARES 36
#define PP_NUM_SPACES 12
#define PP_NUM_CRATES 4
#define PP_NUM_KINDS 6
#define PP_MAX_CRATE 36          /* a crate can never hold more than all 36 trays */
#define PP_NUM_ACTIONS 10230     /* fixed action space, docs/engine.md */
#define PP_NUM_PLACEMENT_ACTIONS 6
#define PP_DETAILS_PER_SQUARE 142
#define PP_TARGETS_PER_END 69
#define PP_MAX_MOVES 1024        /* upper bound on legal moves in any position */
#define PP_MAX_PLIES 84          /* 24 placements + at most 36 grabs + 24 tile activations */
#define PP_FACE_DOWN 0x80u       /* grid byte: 0 empty, 1..6 face-up apples, 0x80|n face down */
#define PP_NO_KIND 0xFFu         /* tile not placed yet */

enum pp_player { PP_RED = 0, PP_BLUE = 1, PP_NOBODY = 2 };
enum pp_phase { PP_PHASE_PLACEMENT = 0, PP_PHASE_PLAY = 1, PP_PHASE_OVER = 2 };
enum pp_kind { PP_KIND_P = 0, PP_KIND_W, PP_KIND_R, PP_KIND_Q, PP_KIND_X, PP_KIND_M };
enum pp_tile_status { PP_TILE_UNPLAYED = 0, PP_TILE_USED = 1, PP_TILE_MALFUNCTIONED = 2 };
enum pp_crate_status { PP_CRATE_OPEN = 0, PP_CRATE_PREMIUM = 1, PP_CRATE_WHOLESALE = 2 };

/* A position. Plain data: copy it with memcpy or assignment. */
typedef struct pp_state {
    uint64_t hash;                                   /* Zobrist hash, kept incrementally */
    uint8_t grid[PP_NUM_SQUARES];                    /* see PP_FACE_DOWN */
    uint8_t crate[2][PP_NUM_CRATES][PP_MAX_CRATE];   /* trays bottom -> top, apples 1..6 */
    uint8_t crate_len[2][PP_NUM_CRATES];
    uint8_t crate_status[2][PP_NUM_CRATES];          /* enum pp_crate_status */
    uint8_t tile_kind[2][PP_NUM_SPACES];             /* enum pp_kind or PP_NO_KIND */
    uint8_t tile_status[2][PP_NUM_SPACES];           /* enum pp_tile_status */
    uint8_t rush[2];                                 /* rush orders waiting (PP-R) */
    uint8_t grabber;                                 /* square 0..35 */
    uint8_t to_move;                                 /* enum pp_player */
    uint8_t phase;                                   /* enum pp_phase */
    uint8_t first;                                   /* who moves first in play (PP-S4) */
    uint8_t placed;                                  /* placement decisions taken, 0..24 */
} pp_state;

/* What undo needs besides the move itself. */
typedef struct pp_undo {
    uint64_t hash;
    uint16_t action;
    uint8_t to_move, phase, grabber;
    uint8_t rush[2];
} pp_undo;

/* A decoded action (docs/engine.md, "Action integers"). */
typedef struct pp_move {
    int placement_kind;   /* 0..5 for a placement decision, else -1 */
    int dest;             /* destination square */
    int grab_crate;       /* own crate 0..3 for a grab, else -1 */
    int end;              /* 0/1 line end for a tile activation, else -1 */
    int target;           /* 0..68 target index for a tile activation */
    int rush;             /* 1 when a rush order is spent */
} pp_move;

/* Why an action is not legal: each names the rule it breaks (pp_error_rule). */
typedef enum pp_error {
    PP_OK = 0,
    PP_ERR_ACTION_RANGE,      /* not in 0..PP_NUM_ACTIONS-1 */
    PP_ERR_GAME_OVER,         /* PP-E1/PP-E2: the game has ended */
    PP_ERR_NOT_PLACEMENT,     /* PP-S3: placement decision outside the placement phase */
    PP_ERR_IN_PLACEMENT,      /* PP-S3: a grabber move before both placements are committed */
    PP_ERR_KIND_EXHAUSTED,    /* PP-C3: both tiles of that kind are already placed */
    PP_ERR_SAME_SQUARE,       /* PP-M1: the grabber must move to a different square */
    PP_ERR_OFF_LINE,          /* PP-M1: not in the grabber's row (Red) / column (Blue) */
    PP_ERR_FACE_DOWN,         /* PP-M3: face-down tray */
    PP_ERR_GRAB_EMPTY,        /* PP-M2: nothing to grab on an empty square */
    PP_ERR_TRAY_THERE,        /* PP-M2: a tray lies there, it must be grabbed */
    PP_ERR_CRATE_CLOSED,      /* PP-G2: crate is closed */
    PP_ERR_CRATE_NOT_FEWEST,  /* PP-G2: crate does not hold the fewest trays */
    PP_ERR_TILE_NOT_UNPLAYED, /* PP-M2/PP-M4: no unplayed tile at that end */
    PP_ERR_TARGET_MISSING,    /* PP-A7: a target exists and must be chosen */
    PP_ERR_TARGET_NONE,       /* PP-A7: the tile has no possible target */
    PP_ERR_TARGET_KIND,       /* PP-A1..A6: target of the wrong sort for this tile */
    PP_ERR_P_CRATE,           /* PP-A1: own crate must be open */
    PP_ERR_W_CRATE,           /* PP-A2: opponent's crate must be open */
    PP_ERR_Q_FROM,            /* PP-A4: opponent's crate must be open and non-empty */
    PP_ERR_Q_TO,              /* PP-A4: own crate must be open with the fewest trays */
    PP_ERR_X_CRATES,          /* PP-A5: both crates must be open and non-empty */
    PP_ERR_M_TRAY,            /* PP-A6: square must hold a face-up tray */
    PP_ERR_M_TILE,            /* PP-A6: opponent's tile must be unplayed */
    PP_ERR_RUSH_NONE,         /* PP-R1: no rush order waiting */
    PP_ERR_RUSH_SAME_MOVE,    /* PP-R2: the rush order was placed by this very move */
    PP_ERR_RUSH_GAME_END,     /* PP-R3: the move ends the game by PP-E1 */
    PP_ERR_COUNT
} pp_error;

/* --- Zobrist keys (zobrist.c) --- */
void pp_zobrist_init(void);                              /* idempotent; called by pp_state_init */
uint64_t pp_hash_full(const pp_state *s);                /* from scratch, for checks */

/* --- set-up (setup.c) --- */
/* PP-S1: a deal from the PRNG stream; deal[sq] = apples on square sq. */
void pp_random_deal(pp_rng *rng, uint8_t deal[PP_NUM_SQUARES]);
/* PP-S3: a random placement of P P W W R R Q Q X X M M over spaces 0..11. */
void pp_random_placement(pp_rng *rng, uint8_t kinds[PP_NUM_SPACES]);
/* PP-S1/S2: start in phase placement. Returns PP_OK, or -1 if deal is not the PP-C2
 * multiset, -2 if first is not PP_RED/PP_BLUE. */
int pp_state_init(pp_state *s, const uint8_t deal[PP_NUM_SQUARES], int first);
/* Apply all 24 placement decisions (Red's 12 then Blue's 12). Returns PP_OK or the
 * index 1..24 of the first decision that is not legal. */
int pp_place_all(pp_state *s, const uint8_t red[PP_NUM_SPACES], const uint8_t blue[PP_NUM_SPACES]);
/* Which part of a snapshot a failed check is about (pp_state_check). */
enum pp_snap_field {
    PP_FIELD_PHASE = 0, PP_FIELD_TO_MOVE, PP_FIELD_FIRST, PP_FIELD_GRABBER,
    PP_FIELD_GRID, PP_FIELD_CRATES, PP_FIELD_TILES, PP_FIELD_RUSH
};
/* How much pp_state_check verifies. PP_CHECK_SAFE: what the core needs to run on the
 * state (ranges, the PP-C2 tray multiset, two tiles of each kind, placement order,
 * phase and mover, PP-E1/PP-E2 while in play). PP_CHECK_REACHABLE adds what the rules
 * imply about any position a game can reach: the over flag recomputed (PP-E1/PP-E2),
 * closed crates = Premium/Wholesale tiles used, face-down trays and tiles vs
 * Malfunctions used, a used tile's line has an empty square, the grabber on the empty
 * square of the last move along the mover's axis, open crates within the PP-G2
 * spread, whose turn from the moves and rush orders spent. */
enum pp_check_level { PP_CHECK_SAFE = 0, PP_CHECK_REACHABLE = 1 };
/* The outcome of pp_state_check when it fails: a field code, the player and index
 * within the field it concerns, the rule and a one-line message "field: reason (rule)". */
typedef struct pp_check {
    int field;          /* enum pp_snap_field */
    int player;         /* PP_RED, PP_BLUE or -1 (the whole field) */
    int index;          /* grid: square 0..35; crates: crate 0..3; tiles: space 0..11; else -1 */
    const char *rule;   /* "PP-C2", ... ("" for a plain range error) */
    char msg[240];
} pp_check;
/* Check a state assembled field by field (from a snapshot) at `level`. Returns PP_OK
 * (and recomputes s->hash and s->placed) or -1 with *out filled in. */
int pp_state_check(pp_state *s, int level, pp_check *out);
/* pp_state_check at PP_CHECK_REACHABLE, writing only the message. */
int pp_state_validate(pp_state *s, char *msg, size_t msglen);

/* --- the position as plain numbers (pp_game_ops.h ABI 3: raw_size/save_raw/load_raw/
 * field_name; docs/engine.md, "Positions the rules can reach") ---
 * PP_RAW_SIZE ints, the snapshot's fields by their numbers (the snapshot's words are
 * the names of the enums above, in order). Any value may come in: pp_load_raw checks
 * every one. History is not part of it.
 *   PP_RAW_PHASE    enum pp_phase
 *   PP_RAW_TO_MOVE  enum pp_player, PP_NOBODY once over
 *   PP_RAW_FIRST    who moves first in play (PP-S4); PP_NOBODY on load: not known, the
 *                   one for which the position is reachable (Red in placement and at
 *                   PP_LOAD_SAFE); save_raw always writes PP_RED or PP_BLUE
 *   PP_RAW_GRABBER  square 0..35
 *   PP_RAW_GRID     per square a1..f6 two ints: apples (0: empty, else 1..6), face
 *                   down (0 or 1)
 *   PP_RAW_CRATES   per player (Red, Blue), per crate 0..3, PP_RAW_CRATE_STRIDE ints:
 *                   enum pp_crate_status, the tray count 0..PP_MAX_CRATE, the apples of
 *                   the trays bottom to top (PP_MAX_CRATE ints, those past the count 0)
 *   PP_RAW_TILES    per player, per space 0..11 two ints: enum pp_kind or -1 (not
 *                   placed), enum pp_tile_status
 *   PP_RAW_RUSH     rush orders waiting, Red then Blue
 * A refused load names the snapshot key (pp_field_name) of its field code, which is
 * enum pp_snap_field + 1 (0: no error). */
#define PP_RAW_PHASE 0
#define PP_RAW_TO_MOVE 1
#define PP_RAW_FIRST 2
#define PP_RAW_GRABBER 3
#define PP_RAW_GRID 4
#define PP_RAW_CRATES 76
#define PP_RAW_CRATE_STRIDE 38
#define PP_RAW_TILES 380
#define PP_RAW_RUSH 428
#define PP_RAW_SIZE 430
struct pp_load_error;
void pp_save_raw(const pp_state *s, int *raw);
/* Check raw at `level` (PP_LOAD_SAFE = PP_CHECK_SAFE, PP_LOAD_REACHABLE =
 * PP_CHECK_REACHABLE) and build *s from it, hash included. Returns 0, or the field code
 * of the first problem with *e filled in (seat: PP_RED/PP_BLUE or -1, index as in
 * pp_check, the rule, the message "field: reason"); *s is then unspecified. */
int pp_load_raw(pp_state *s, const int *raw, int level, struct pp_load_error *e);
/* The snapshot key of a field code ("grid"), "" out of range. */
const char *pp_field_name(int field);

/* --- moves (movegen.c) --- */
void pp_decode(int action, pp_move *m);
int pp_encode(const pp_move *m);
/* Legal actions, ascending, into out (room for PP_MAX_MOVES). Returns the count. */
int pp_legal_actions(const pp_state *s, uint16_t *out);
/* Does the player to move have any legal move? (PP-E2) */
int pp_has_legal_move(const pp_state *s, int player);
/* PP_OK if action is legal here, else the first rule it breaks. Never trusts action. */
pp_error pp_check_action(const pp_state *s, int action);
const char *pp_error_rule(pp_error e);     /* "PP-M1" */
const char *pp_error_text(pp_error e);     /* one sentence */

/* --- apply and undo (apply.c) --- */
/* Apply a legal action; u (may be NULL) receives what undo needs. */
void pp_apply(pp_state *s, int action, pp_undo *u);
void pp_undo_move(pp_state *s, const pp_undo *u);
/* pp_check_action then pp_apply; the state is unchanged when it is refused. */
pp_error pp_apply_checked(pp_state *s, int action, pp_undo *u);

/* --- scoring and end (score.c) --- */
int pp_score(const pp_state *s, int player);             /* PP-E3 */
int pp_crate_score(const pp_state *s, int player, int crate);
int pp_all_closed(const pp_state *s, int player);        /* PP-E1 */

/* --- notation (text.c) --- */
/* Canonical text of an action in this state (docs/engine.md). Returns the length, or
 * -1 if the action cannot be written here (out of range or wrong phase). */
int pp_action_text(const pp_state *s, int action, char *buf, size_t buflen);
int pp_square_text(int sq, char *buf);     /* "c4" */
int pp_space_text(int player, int space, char *buf);   /* "aT", "3R" */
char pp_kind_letter(int kind);              /* 'P' .. 'M' (PP-A1..A6), '?' out of range */

/* --- playouts (sampler.c: counted, not listed), batches and perft (playout.c) --- */
typedef struct pp_playout_result { int plies; int score[2]; } pp_playout_result;
/* PP-E*: finish the game with uniformly random legal moves. */
pp_playout_result pp_playout(pp_state *s, pp_rng *rng);
typedef struct pp_batch_result {
    long games, plies, wins[2], draws;
    double mean_score[2];
} pp_batch_result;
/* n games from fresh random deals and placements (first player alternates Red/Blue). */
pp_batch_result pp_random_games(long n, uint64_t seed);
/* Games first .. first+count-1 of such a batch, drawn from *rng and added to *b and
 * sum[] (score totals); pp_random_games(n, seed) is one call over 0..n-1 with the
 * means taken at the end. Lets a caller run a batch in short slices (interrupts). */
void pp_random_games_part(pp_rng *rng, long first, long count, pp_batch_result *b, double sum[2]);
/* Leaf count at exactly `depth` plies (terminal nodes above it count nothing). */
uint64_t pp_perft(pp_state *s, int depth);

/* The same count as a resumable job: pp_pickpack_perft_start, then pp_pickpack_perft_run
 * until it returns 1, each call applying at most `budget` moves (so a caller can check
 * for interrupts and show progress between slices). pp_pickpack_perft_start returns 0,
 * or -1 (and leaves the job untouched) for a depth outside 0..PP_PICKPACK_PERFT_MAX_DEPTH.
 * Every legal move counts: core/common's pp_perft_start walks the table's
 * symmetry-reduced search moves instead (ops.c, pp_distinct_actions). */
#define PP_PICKPACK_PERFT_MAX_DEPTH 8
typedef struct pp_pickpack_perft_job {
    pp_state s;                       /* the position walked, moves applied in place */
    int depth, level, done;           /* level: moves applied on the current path */
    int count[PP_PICKPACK_PERFT_MAX_DEPTH];   /* legal moves at each level of the path */
    int next[PP_PICKPACK_PERFT_MAX_DEPTH];    /* next move to try at each level */
    uint16_t moves[PP_PICKPACK_PERFT_MAX_DEPTH][PP_MAX_MOVES];
    pp_undo undo[PP_PICKPACK_PERFT_MAX_DEPTH];
    uint64_t leaves;                  /* leaves counted so far; the answer once done */
} pp_pickpack_perft_job;
int pp_pickpack_perft_start(pp_pickpack_perft_job *job, const pp_state *s, int depth);
int pp_pickpack_perft_run(pp_pickpack_perft_job *job, uint64_t budget);
/* Share of the tree walked so far, 0.0 .. 1.0 (by move counts along the path). */
double pp_pickpack_perft_progress(const pp_pickpack_perft_job *job);

/* --- observation tensor (observation.c; docs/engine.md, "Observation tensor") ---
 * What State.observation(player) shows (PP-V1, PP-V2, PP-S3) as PP_OBS_SIZE floats in
 * 0..1, the observer's facts before the opponent's. Offsets of each part: */
#define PP_OBS_PHASE 0              /* 3: one-hot placement, play, over */
#define PP_OBS_TO_MOVE 3            /* 2: observer to move, opponent to move (0, 0 once over) */
#define PP_OBS_COLOUR 5             /* 2: the observer is red, blue */
#define PP_OBS_GRABBER 7            /* 36: one-hot square */
#define PP_OBS_FACE_UP 43           /* 6 planes x 36: + 36*(apples-1) + square, face-up tray */
#define PP_OBS_FACE_DOWN 259        /* 6 planes x 36: the same for face-down trays */
#define PP_OBS_OWN_CRATES 475       /* 4 x 41: status one-hot 3, count/36, top/6, 36 trays/6 */
#define PP_OBS_OWN_CRATE_STRIDE 41
#define PP_OBS_OPP_CRATES 639       /* 4 x 5: status one-hot 3, count/36, open top/6 */
#define PP_OBS_OPP_CRATE_STRIDE 5
#define PP_OBS_OWN_TILES 659        /* 12 x 9: kind one-hot PWRQXM, status one-hot 3 */
#define PP_OBS_OPP_TILES 767        /* 12 x 9: the same, kinds 0 during placement */
#define PP_OBS_TILE_STRIDE 9
#define PP_OBS_RUSH 875             /* 2: observer's, opponent's rush orders / 2 */
#define PP_OBS_SCORE 877            /* 1: observer's score / PP_OBS_MAX_SCORE */
#define PP_OBS_SIZE 878
#define PP_OBS_MAX_SCORE 194        /* all 97 apples in premium crates (PP-C2, PP-E3) */
enum pp_obs_error { PP_OBS_OK = 0, PP_OBS_BAD_PLAYER = 1, PP_OBS_BAD_SIZE = 2, PP_OBS_BAD_STATE = 3 };
/* PP_OBS_SIZE, whatever the state. */
size_t pp_observation_tensor_size(const pp_state *s);
/* Fill out[0..size) for player (PP_RED/PP_BLUE). Returns PP_OBS_OK, or PP_OBS_BAD_PLAYER,
 * PP_OBS_BAD_SIZE (size != PP_OBS_SIZE or out NULL), PP_OBS_BAD_STATE (a field out of
 * range); out is untouched on an error. */
int pp_observation_tensor(const pp_state *s, int player, float *out, size_t size);
/* The same tensor written over out, which holds pp_observation_tensor(prev,
 * prev_player) (the batched environments' update, pp_game_ops.h observation_update):
 * the phase, the grid squares that differ and the grabber are rewritten, the
 * seat-relative part (offsets PP_OBS_TO_MOVE..PP_OBS_GRABBER and PP_OBS_OWN_CRATES..
 * the end) written whole. A fast function (see Trust above): s and prev are trusted
 * as pp_apply trusts its state (positions the core made from checked ones), only the
 * player, size and NULLs are checked (PP_OBS_BAD_PLAYER, _BAD_SIZE, _BAD_STATE). */
int pp_observation_update(const pp_state *prev, int prev_player, const pp_state *s, int player, float *out,
                          size_t size);

#ifdef __cplusplus
}
#endif
#endif
