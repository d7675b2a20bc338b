/*
 * pacru_core.h - the public interface of the PACRU rules engine (a territory game for
 * 2-4 players on a 9x9 board of nine 3x3 borderlands; rules: docs/pacru.md and the
 * rules file, ids PA-...).
 *
 * Plain C99, no Python: a C or C++ program can embed the engine with this header and
 * the .c files in core/pacru/ and core/common/. The numbers (cells, directions, seats,
 * set-ups, the action codec) are those of pickpack/games/pacru/encoding.py; the Zobrist
 * keys those of pickpack/games/pacru/zobrist.py (the same splitmix64 stream), so that
 * pacru_state.hash equals zobrist.hash_snapshot of the same position.
 *
 * Cells are 0..80 = row*9 + column (a1 = 0, i9 = 80); directions 0..7 clockwise from
 * north (N NE E SE S SW W NW); the borderland of a cell is (row/3)*3 + column/3.
 * Actions (encoding.py): a move ((((((from*8 + travel)*8 + distance-1)*2 + pincer)*2 +
 * connection)*10 + crossing place)*82 + meeting cell), below PACRU_REORIENT_2; a
 * reorientation by 45 degrees PACRU_REORIENT_2 + (cell*8 + dir)*3240 + colex rank of
 * the 2 freed cells; by 90 degrees PACRU_REORIENT_4 + (cell*8 + dir)*1663740 + colex
 * rank of the 4 freed cells. Every action is below 2**31.
 *
 * Trust: every function that takes something from outside (pacru_check_action,
 * pacru_apply_checked, pacru_load, pacru_power, pacru_attacks) checks it. The fast
 * functions (pacru_apply, the generators) assume a valid state and, for pacru_apply, an
 * action pacru_check_action accepts or a generator gave; they are the hot path.
 * Undo: a position is plain data (no pointers, 256 bytes): keep a copy.
 */
#ifndef PACRU_CORE_H
#define PACRU_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "pp_rng.h"   /* core/common: the shared PRNG */
#include "pp_load_error.h"   /* core/common: a loader's error */

#ifdef __cplusplus
extern "C" {
#endif

#define PACRU_MIN_PLAYERS 2
#define PACRU_MAX_PLAYERS 4
#define PACRU_SIZE 9
#define PACRU_CELLS 81
#define PACRU_MAX_CHEVRONS 4               /* PA-C4: 4 with 2 players, 3 with 3 or 4 */
#define PACRU_MEETING_MIN_CELLS 9          /* PA-T2 */
#define PACRU_MAX_GAME_LENGTH 1000         /* PA-E3: the ply cap's default and largest value */
#define PACRU_CROSSING_NONE 9
#define PACRU_MEETING_NONE 81
#define PACRU_NUM_MOVE_ACTIONS 17003520    /* 81 x 8 x 8 x 2 x 2 x 10 x 82 */
#define PACRU_REORIENT_2 17003520
#define PACRU_REORIENT_4 19103040
#define PACRU_NUM_DISTINCT_ACTIONS 1097206560
#define PACRU_COMB2 3240                   /* C(81, 2) */
#define PACRU_COMB4 1663740                /* C(81, 4) */
/* Most legal moves of a position: 4 chevrons x 3 travel directions x 8 distances
 * landings, each with at most 10 benefit choices (9 crossing cells or the connection)
 * times 81 meeting cells. */
#define PACRU_MAX_MOVES 77760
/* Most legal actions of a position that is not over (moves and reorientations): a seat
 * below the target holds at most 41 cells, so each of its 4 chevrons has 2 turns of 45
 * degrees with at most C(41,2) cell pairs and 2 of 90 degrees with C(41,4) quadruples. */
#define PACRU_MAX_LEGAL (PACRU_MAX_MOVES + 8 * (820 + 101270))
/* Most SEARCH actions (pacru_search_actions, the ops table): 96 landings with 10
 * benefit choices, plus 36 landings with a meeting (for a chevron and a travel
 * direction the meeting partner, one of the 3 other chevrons, is step(x, travel),
 * which differs for every distance) with at most 10 x 81 choices, plus one
 * reorientation per (chevron, new direction). */
#define PACRU_MAX_SEARCH_ACTIONS (96 * 10 + 36 * 10 * 81 + 16)

/* A position. Plain data (no pointers): copy it with memcpy or assignment (undo). */
typedef struct pacru_state {
    uint64_t hash;                                          /* Zobrist, kept incrementally */
    int8_t colour[PACRU_CELLS];                             /* -1 neutral, else the seat */
    int8_t chev[PACRU_CELLS];                               /* -1 none, else seat*8 + direction */
    uint8_t chev_cell[PACRU_MAX_PLAYERS][PACRU_MAX_CHEVRONS]; /* per seat, ascending cells */
    uint8_t nchev[PACRU_MAX_PLAYERS];                       /* chevrons per seat (0: out) */
    uint8_t cells[PACRU_MAX_PLAYERS];                       /* cells of each seat's colour */
    uint8_t land[9][PACRU_MAX_PLAYERS];                     /* per borderland, per seat */
    uint8_t neutral[9];                                     /* neutral cells per borderland */
    uint8_t players;                                        /* 2..4 */
    uint8_t turn;                                           /* the seat to move; once over
                                                               the seat that moved last */
    uint8_t single_cell, classic_meeting;                   /* options (PA-B2, PA-T2) */
    uint8_t over;                                           /* 1 once the game is over */
    uint8_t winners;                                        /* bit per winning seat once over */
    uint16_t ply, max_plies;                                /* PA-E3 */
} pacru_state;

/* Why an action is not legal, in pacru_check_action's order of checks (the contract's
 * list): each names the rule it breaks (pacru_error_rule). */
typedef enum pacru_error {
    PACRU_OK = 0,
    PACRU_ERR_OVER,               /* PA-E2 the game is over */
    PACRU_ERR_NO_ACTION,          /* PA-M1 not an action number */
    PACRU_ERR_NO_CHEVRON,         /* PA-M1 no chevron of the mover on the cell */
    PACRU_ERR_DIRECTION,          /* PA-M1 travel not within 45 degrees of the direction */
    PACRU_ERR_OFF_BOARD,          /* PA-M1 the move leaves the board */
    PACRU_ERR_POWER,              /* PA-M2 farther than the power of movement */
    PACRU_ERR_OWN_CHEVRON,        /* PA-M3 lands on the mover's chevron */
    PACRU_ERR_PINCER_BIT,         /* PA-M3 lands on an enemy chevron without the pincer mark */
    PACRU_ERR_PINCER_PATH,        /* PA-K1 a chevron between the attacker and the enemy */
    PACRU_ERR_PINCER_ATTACKS,     /* PA-K2 the enemy is attacked by fewer than 2 chevrons */
    PACRU_ERR_PINCER_NONE,        /* PA-K2 a pincer mark but no enemy chevron there */
    PACRU_ERR_COLOUR,             /* PA-M3 lands on another player's colour */
    PACRU_ERR_PASSES,             /* PA-M3 passes over a chevron (not a connection jump) */
    PACRU_ERR_CONNECTION,         /* PA-J1 connection chosen on a move that is not both */
    PACRU_ERR_CROSS_NONE,         /* PA-B1 a crossing cell where no crossing benefit applies */
    PACRU_ERR_CROSS_TRANSFORM,    /* PA-B2 a crossing cell on a borderland transformation */
    PACRU_ERR_CROSS_SINGLE,       /* PA-B2 single-cell: the cell missing, wrong or impossible */
    PACRU_ERR_CROSS_BLOCKED,      /* PA-B3 a crossing cell where every neutral cell is occupied */
    PACRU_ERR_CROSS_CELL,         /* PA-B1 the crossing cell missing or not neutral unoccupied */
    PACRU_ERR_MEET_NONE,          /* PA-T1 a meeting cell without a meeting */
    PACRU_ERR_MEET_UNPAID,        /* PA-T2 a meeting cell for a meeting that does not pay */
    PACRU_ERR_MEET_CELL,          /* PA-T1 the meeting cell missing, wrong or impossible */
    PACRU_ERR_R_NO_CHEVRON,       /* PA-O1 no chevron of the mover on the cell */
    PACRU_ERR_R_TURN,             /* PA-O1 45 degrees frees 2 cells, 90 frees 4 */
    PACRU_ERR_R_CELL,             /* PA-O1 a freed cell not the mover's or occupied */
    PACRU_ERR_R_NO_MOVE,          /* PA-O2 the mover has no legal move */
    PACRU_ERR_COUNT
} pacru_error;

/* A decoded action (pacru_decode). */
typedef struct pacru_action {
    int reorient;                 /* 0 move, 1 reorientation */
    int cell, direction;          /* chevron's cell; travel (move) or new direction */
    int distance, to;             /* move: 1..8 and the landing cell (-1 off the board) */
    int pincer, connection;       /* move flags */
    int crossing, meeting;        /* move: chosen cells or -1 */
    int nfreed, freed[4];         /* reorientation: 2 or 4 ascending cells */
} pacru_action;

/* --- geometry and keys (zobrist.c) --- */
#define PACRU_NUM_KEYS 3010
void pacru_init(void);                              /* tables and keys; idempotent */
uint64_t pacru_zobrist_key(int index);              /* zobrist.KEYS[index] (0 outside) */
uint64_t pacru_hash_full(const pacru_state *s);     /* from scratch, for checks */
int pacru_step(int cell, int direction, int distance);   /* -1 off the board */
int pacru_borderland(int cell);
int pacru_target(int players);                      /* PA-C5: 42, 28, 24 */
int pacru_chevrons_per_seat(int players);           /* PA-C4: 4, 3, 3 */
/* Fields of an action (0 on success, -1 outside 0..PACRU_NUM_DISTINCT_ACTIONS-1). */
int pacru_decode(int action, pacru_action *a);

/* --- set-up and loading (load.c) --- */
/* The start position (PA-S1..PA-S4). Returns 0, or -1 for an argument out of range
 * (players 2..4, max_plies 1..1000); the state is then untouched. */
int pacru_state_init(pacru_state *s, int players, int single_cell, int classic_meeting, int max_plies);

/* A position as plain ints, as a snapshot gives it (every field an int, any value):
 * the table's raw vector (pp_game_ops raw_size/save_raw/load_raw/field_name),
 * PACRU_RAW_SIZE ints at these offsets, pacru_raw's fields in order (generated at build
 * time into pickpack/games/pacru/_constants.py and mapped to the snapshot's fields by
 * snapshot.py: types and names only; pacru_load is the one rule-aware check). */
#define PACRU_RAW_PLAYERS 0           /* 2..4 (PA-C4) */
#define PACRU_RAW_SINGLE_CELL 1       /* 0 or 1 (PA-B2) */
#define PACRU_RAW_CLASSIC_MEETING 2   /* 0 or 1 (PA-T2) */
#define PACRU_RAW_MAX_PLIES 3         /* 1..1000 (PA-E3) */
#define PACRU_RAW_PLY 4
#define PACRU_RAW_TURN 5
#define PACRU_RAW_COLOUR 6            /* 81: cell 0 (a1) .. 80 (i9), -1 neutral or a seat */
#define PACRU_RAW_NCHEV 87            /* 4: chevrons per seat (seats >= players 0) */
#define PACRU_RAW_CHEV_CELL 91        /* 4 x 4: seat p's chevron i at 91 + 4p + i */
#define PACRU_RAW_CHEV_DIR 107        /* 4 x 4: its direction 0..7 (N..NW, PA-C3) */
#define PACRU_RAW_SIZE 123
typedef struct pacru_raw {
    int players, single_cell, classic_meeting, max_plies, ply, turn;
    int colour[PACRU_CELLS];                              /* -1 neutral or a seat */
    int nchev[PACRU_MAX_PLAYERS];                         /* seats >= players ignored */
    int chev_cell[PACRU_MAX_PLAYERS][PACRU_MAX_CHEVRONS];
    int chev_dir[PACRU_MAX_PLAYERS][PACRU_MAX_CHEVRONS];
} pacru_raw;
/* The field a failed load names (the snapshot's key). */
enum pacru_field {
    PACRU_FIELD_NONE = 0, PACRU_FIELD_PLAYERS, PACRU_FIELD_SINGLE_CELL, PACRU_FIELD_CLASSIC_MEETING,
    PACRU_FIELD_MAX_PLIES, PACRU_FIELD_PLY, PACRU_FIELD_TURN, PACRU_FIELD_BOARD, PACRU_FIELD_CHEVRONS,
    PACRU_FIELD_COUNT
};
const char *pacru_field_name(int field);             /* "board", ... ("" out of range) */
/* Why pacru_load refused a position (core/common/pp_load_error.h): the field (enum
 * pacru_field), the seat and the item within it (board: the cell 0..80; chevrons: the
 * seat's chevron in raw order) where there is one, else -1, the rule id broken and the
 * message "field: reason". */
typedef pp_load_error pacru_load_error;
/* pacru_load's levels: SAFE checks what the core relies on to run on the state (ranges,
 * at most one chevron per cell, the chevrons per seat, a turn that can move when the
 * game is not over); REACHABLE adds what every position the rules reach satisfies
 * (docs/pacru.md, "Positions the rules can reach"). */
#define PACRU_LOAD_SAFE 0
#define PACRU_LOAD_REACHABLE 1
/* Check raw at `level` and build *s (hash, counts, game over and winners included).
 * Returns PACRU_FIELD_NONE (0), or the field of the first problem with *e filled in;
 * *s is then unspecified. */
int pacru_load(pacru_state *s, const pacru_raw *raw, int level, pacru_load_error *e);
/* The raw form of s, each seat's chevrons sorted by the cell's name (column, then row,
 * as a snapshot lists them), unused entries 0: pacru_load(raw) rebuilds s. */
void pacru_save(const pacru_state *s, pacru_raw *raw);

/* --- rules (rules.c) --- */
#define PACRU_TERMINAL (-4)
int pacru_current_player(const pacru_state *s);      /* the seat to move, or PACRU_TERMINAL */
/* Power of movement (PA-M2) of the chevron on cell for its owner; -1 if no chevron. */
int pacru_power(const pacru_state *s, int cell);
/* The enemy chevron cells the chevron on `cell` attacks (PA-K1), ascending, into out
 * (room for 3); the count, or -1 if there is no chevron on cell. */
int pacru_attacks(const pacru_state *s, int cell, int *out);
/* 1 if `seat` has a chevron that can move (pincers counted, PA-E1), else 0. */
int pacru_has_move(const pacru_state *s, int seat);
/* Legal actions, ascending (moves, then 45-degree, then 90-degree reorientations):
 * writes the first min(total, cap) to out and returns that many; with out NULL,
 * returns the total (count first, then allocate). 0 once over. */
long pacru_legal_actions(const pacru_state *s, int *out, long cap);
/* The legal moves alone (room for PACRU_MAX_MOVES is always enough), ascending; the
 * same return convention as pacru_legal_actions. */
int pacru_move_actions(const pacru_state *s, int *out, int cap);
/* The search's actions (the contract's SEARCH ACTIONS; room for PACRU_MAX_SEARCH_ACTIONS):
 * every legal move, a paying meeting offering only the candidate cells in borderlands
 * holding a chevron of the mover after the move (all candidates when none is there);
 * one reorientation per (chevron, new direction) freeing the mover's unoccupied cells
 * that rank lowest by (mover's chevrons in the cell's borderland, cell). Ascending;
 * returns how many were written (never more than PACRU_MAX_SEARCH_ACTIONS). */
int pacru_search_actions(const pacru_state *s, int *out);
/* PACRU_OK if action (any int) is legal here, else the first rule it breaks. */
pacru_error pacru_check_action(const pacru_state *s, int action);
const char *pacru_error_rule(pacru_error e);         /* "PA-M3" */
/* Apply a legal action (unchecked). */
void pacru_apply(pacru_state *s, int action);
/* pacru_check_action then pacru_apply; the state is unchanged when refused. */
pacru_error pacru_apply_checked(pacru_state *s, int action);
/* Once over: returns per seat into out (k winners among n: (n-k)/(k(n-1)) each, the
 * others -1/(n-1)), and when margins is not NULL each seat's (cells - most cells of
 * another seat)/81 clamped to [-1, 1]. Zeros before the end. */
void pacru_returns(const pacru_state *s, double *out, double *margins);
/* The number of action sequences of length `depth` from s (depth 0: 1; a game that
 * ends earlier contributes 0); UINT64_MAX if memory runs out. */
uint64_t pacru_perft(const pacru_state *s, int depth);

/* --- texts (text.c) --- */
/* The seat's name (encoding.SEAT_NAMES: "south", ...); "" outside the seats. */
const char *pacru_seat_name(int players, int seat);
/* The canonical text of `action` (encoding.action_text: e1-e3, e1xe5[f4,*c7],
 * a3-d3[conn], e1>NE[a1,b2]) NUL-terminated in buf (size bytes, cut to size-1); its
 * length, or -1 (buf "") outside the action space or for a move off the board. */
int pacru_action_text(int action, char *buf, size_t size);
/* The one-sentence reason (no rule id) why `action` breaks the rule of pacru_check_action's
 * `code` in s, NUL-terminated in buf (cut to size-1); its length. Any action and code. */
int pacru_error_reason(const pacru_state *s, int action, int code, char *buf, size_t size);

/* --- the random bot's draw (generate.c; pickpack.games.pacru.random_action) --- */
/* Most complete actions of one landing: 10 benefit choices x 81 meeting cells. */
#define PACRU_MAX_LANDING_ACTIONS 810
/* A legal (from, travel, distance) move of the seat to move, before its choices. */
typedef struct pacru_landing {
    uint8_t from, t, k, x;
    uint8_t pincer;      /* lands on an enemy chevron (PA-K2) */
    uint8_t conn;        /* CONNECTION applies (PA-J1) */
    uint8_t cross;       /* CROSSING (PA-B1) */
} pacru_landing;
/* Most landings of a position: 4 chevrons x 3 directions x 8 distances. */
#define PACRU_MAX_LANDINGS 96
/* What pacru_random_options lists for the draw's second step, so that the landings and
 * free cells are found once per draw: plain data, read only by the functions below. */
typedef struct pacru_draw {
    pacru_landing landing[PACRU_MAX_LANDINGS];
    int landings, pays, nfree, free_cells[PACRU_CELLS];
} pacru_draw;
/* The random bot's base options of the seat to move, in this order: the legal landings
 * (from, travel, distance) ascending, then for each of its chevrons (ascending cells)
 * the reorientations by +45 and -45 degrees (when it has 2 unoccupied cells of its
 * colour) and +90 and -90 (when it has 4). Returns the number of options and fills *d
 * (d->landings: how many are landings); 0 once over. */
int pacru_random_options(const pacru_state *s, pacru_draw *d);
/* The complete actions of option `option` of *d (a landing: 0 <= option < landings),
 * ascending, into out (room for PACRU_MAX_LANDING_ACTIONS); returns the count (0 for
 * an option that is no landing). */
int pacru_landing_actions(const pacru_state *s, const pacru_draw *d, int option, int *out);
/* Option `option` >= landings of *d, a reorientation: its chevron's cell, new direction
 * and number of freed cells (2 or 4); the mover's unoccupied cells ascending are
 * d->free_cells. Returns how many free cells, or -1 for an option that is no
 * reorientation. */
int pacru_reorient_option(const pacru_state *s, const pacru_draw *d, int option, int *cell, int *direction,
                          int *need);
/* The reorientation turning the chevron on `cell` to `direction` and freeing the n (2
 * or 4) distinct cells `cells` (any order); -1 for fields out of range. */
int pacru_encode_reorient(int cell, int direction, int n, const int *cells);

/* --- random playouts and batches (playout.c) --- */
/* One decision by the RANDOM PLAYOUT POLICY: a uniform draw over the distinct legal
 * (from, travel, distance) moves and the (chevron, new direction) reorientations the
 * mover has the free cells for, then each open choice uniformly (connection or
 * crossing, the crossing cell, the meeting cell, the freed cells as a uniform subset).
 * Returns the action applied (an action of pacru_legal_actions); -1, and nothing
 * done, once over or where the mover cannot move. */
int pacru_random_step(pacru_state *s, pp_rng *rng);
/* Finish the game from s (in place) by pacru_random_step; returns the plies applied. */
int pacru_playout(pacru_state *s, pp_rng *rng);

typedef struct pacru_batch {
    long games, plies;
    double cells_sum[PACRU_MAX_PLAYERS];     /* sum of final cell counts per seat */
    double wins[PACRU_MAX_PLAYERS];          /* a shared win counts 1/k to each of k */
} pacru_batch;
/* `count` random games from the start position of (players, options), added to *b.
 * Returns -1 (nothing done) for arguments out of range, else 0. */
int pacru_random_games_part(pp_rng *rng, int players, int single_cell, int classic_meeting,
                            int max_plies, long count, pacru_batch *b);
/* Add one finished game (`plies` long, ending in s) to *b: its plies, each seat's
 * cells, and 1/k to each of its k winners. */
void pacru_batch_add(pacru_batch *b, const pacru_state *s, int plies);
/* `count` games from the start position of (players, options), each finished by
 * `playout` (pacru_playout, or the search's rollout policy), added to *b. Returns -1
 * (nothing done) for arguments out of range, else 0. */
int pacru_games_part(int (*playout)(pacru_state *, pp_rng *), pp_rng *rng, int players, int single_cell,
                     int classic_meeting, int max_plies, long count, pacru_batch *b);

/* --- observation tensor (observation.c; docs/pacru.md, "Observation tensor") --- */
/* Shape (PACRU_TENSOR_PLANES, 9, 9) for every player count and option: 4 seat blocks of
 * PACRU_TENSOR_SEAT_PLANES planes, seat-relative (block r is seat (player + r) % players,
 * blocks past the player count zero), then the shared planes. Plane numbers: */
#define PACRU_TENSOR_SEAT_PLANES 12
#define PACRU_TENSOR_PLAYS 0            /* in a block: the seat exists (1; even when out) */
#define PACRU_TENSOR_TURN 1             /* in a block: the seat is the snapshot's turn */
#define PACRU_TENSOR_COLOUR 2           /* in a block: cells of its colour (PA-C2) */
#define PACRU_TENSOR_CHEVRON 3          /* in a block: its chevrons */
#define PACRU_TENSOR_DIRECTION 4        /* in a block: 4 + d, its chevrons pointing d (PA-C3) */
#define PACRU_TENSOR_NEUTRAL 48         /* neutral cells */
#define PACRU_TENSOR_PLY 49             /* ply / max_plies (PA-E3), constant */
#define PACRU_TENSOR_CAP 50             /* max_plies / 1000, constant */
#define PACRU_TENSOR_SINGLE_CELL 51     /* option single_cell (PA-B2), constant */
#define PACRU_TENSOR_CLASSIC_MEETING 52 /* option classic_meeting (PA-T2), constant */
#define PACRU_TENSOR_PLANES 53
/* pacru_observation_tensor's error codes (0 is success; nothing is written on error). */
#define PACRU_TENSOR_ERR_NULL 1         /* s or out is NULL */
#define PACRU_TENSOR_ERR_PLAYER 2       /* player outside 0..players-1 */
#define PACRU_TENSOR_ERR_SIZE 3         /* size is not pacru_observation_tensor_size(s) */
/* Floats in the tensor: PACRU_TENSOR_PLANES * 81. */
size_t pacru_observation_tensor_size(const pacru_state *s);
/* Fill out[0..size) with what `player` sees (perfect information: the whole snapshot),
 * every value in 0..1. Returns 0, or a PACRU_TENSOR_ERR_* code without writing. */
int pacru_observation_tensor(const pacru_state *s, int player, float *out, size_t size);

#ifdef __cplusplus
}
#endif
#endif
