/*
 * push_core.h - the public interface of the PUSH rules engine (a push-your-luck card
 * game for 2-6 players; rules: docs/push.md and the rules file, ids PU-...).
 *
 * Plain C99, no Python: a C or C++ program can embed the engine with this header and
 * the .c files in core/push/ and core/common/. The numbers (card types, die outcomes,
 * decisions, phases) are those of pickpack/games/push/encoding.py; the Zobrist keys
 * those of pickpack/games/push/zobrist.py (the same splitmix64 stream), so that
 * push_state.hash equals zobrist.hash_snapshot of the same position.
 *
 * Cards are identified by type: a number card of colour c (0..4) and value v (1..6) is
 * c*6 + v-1 (0..29), the roll card 30, the switch card 31. Chance outcomes: a drawn card
 * is its type, a die roll PUSH_DIE_OFFSET + face (faces 0..4 the colours, 5 the star).
 * Decisions: 0 draw, 1 stop, 2..6 bank a colour, 7..9 place on stack 1..3, 10..12
 * take stack 1..3.
 *
 * Trust: every function that takes something from outside (push_check_action,
 * push_apply_checked, push_load) checks it. The fast functions (push_apply,
 * push_undo, push_legal_actions, push_chance_outcomes) assume their input came from
 * the checked ones or from the generator; they are the hot path.
 */
#ifndef PUSH_CORE_H
#define PUSH_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "pp_rng.h"   /* core/common: the shared PRNG */
#include "pp_load_error.h"   /* core/common: a loader's error */

#ifdef __cplusplus
extern "C" {
#endif

#define PUSH_MIN_PLAYERS 2
#define PUSH_MAX_PLAYERS 6
#define PUSH_NUM_COLOURS 5
#define PUSH_NUM_VALUES 6
#define PUSH_NUM_NUMBER_TYPES 30
#define PUSH_ROLL 30
#define PUSH_SWITCH 31
#define PUSH_NUM_CARD_TYPES 32
#define PUSH_NUM_SWITCH_CARDS 12       /* PU-C1 */
#define PUSH_NUM_ROLL_CARDS 18         /* PU-C1 */
#define PUSH_COPIES_PER_NUMBER 3       /* PU-C1 */
#define PUSH_DIE_OFFSET 32             /* die outcome = 32 + face */
#define PUSH_DIE_FACES 6               /* PU-C2: five colours and the star */
#define PUSH_STAR 5
#define PUSH_NUM_STACKS 3              /* PU-P2 */
#define PUSH_NUM_DECISIONS 13
#define PUSH_MAX_ACTIONS 6             /* most decisions of a position: draw + 5 banks */
#define PUSH_MAX_OUTCOMES 32           /* most outcomes of a chance node: 32 card types */
#define PUSH_MAX_PLIES 684             /* encoding.MAX_GAME_LENGTH */
#define PUSH_NO_CARD 0xFFu             /* push_state.card when no card awaits placement */

/* Decisions. */
enum push_decision {
    PUSH_DRAW = 0, PUSH_STOP = 1, PUSH_BANK = 2, PUSH_PLACE = 7, PUSH_TAKE = 10
};

/* Phases, in encoding.PHASES order. */
enum push_phase {
    PUSH_PHASE_START = 0,    /* turn decides: draw (push) or bank (PU-T1) */
    PUSH_PHASE_DRAW = 1,     /* chance: the top card (PU-P1) */
    PUSH_PHASE_PLACE = 2,    /* turn places the drawn card (PU-P2) */
    PUSH_PHASE_DECIDE = 3,   /* turn draws again or stops (PU-P4) */
    PUSH_PHASE_ROLL = 4,     /* chance: actor rolls the die (PU-R) */
    PUSH_PHASE_COLLECT = 5,  /* actor takes a stack (PU-K) */
    PUSH_PHASE_OVER = 6      /* PU-E1 */
};

/* A position. Plain data (no pointers): copy it with memcpy or assignment.
 * The discard pile is not stored: it is the full deck minus everything else. */
typedef struct push_state {
    uint64_t hash;                                           /* Zobrist, kept incrementally */
    uint32_t stack[PUSH_NUM_STACKS];                         /* bit t: a card of type t lies there */
    uint8_t deck[PUSH_NUM_CARD_TYPES];                       /* copies left per type */
    uint8_t bench[PUSH_MAX_PLAYERS][PUSH_NUM_NUMBER_TYPES];  /* copies per number type, 0..3 */
    uint8_t bank[PUSH_MAX_PLAYERS][PUSH_NUM_NUMBER_TYPES];
    uint8_t deck_total;                                      /* sum of deck[] */
    uint8_t phase;                                           /* enum push_phase */
    uint8_t turn;                                            /* the active seat */
    uint8_t actor;                                           /* who collects / rolls; == turn elsewhere */
    uint8_t card;                                            /* drawn card (phase place) or PUSH_NO_CARD */
    uint8_t switches;                                        /* switch pile size (PU-S1) */
    uint8_t turn_switches;                                   /* switch cards drawn this turn */
    uint8_t players;                                         /* 2..6 */
    uint8_t hard;                                            /* option PU-R3 */
    uint8_t switch_per_turn;                                 /* option PU-S2 */
} push_state;

/* What undo needs besides the action itself (40 bytes). */
typedef struct push_undo {
    uint64_t hash;
    uint64_t bench;                    /* the bench of the seat that lost or gained cards,
                                          2 bits per number type (banks, takes and rolls) */
    uint32_t stack[PUSH_NUM_STACKS];
    int16_t action;
    uint8_t phase, turn, actor, card, switches, turn_switches;
} push_undo;

/* Why an action is not legal: each names the rule it breaks (push_error_rule). */
typedef enum push_error {
    PUSH_OK = 0,
    PUSH_ERR_OVER,            /* PU-E1: the game is over */
    PUSH_ERR_NOT_IN_DECK,     /* PU-C1: a draw is a card type left in the deck */
    PUSH_ERR_NOT_DIE,         /* PU-C2: a die roll is one of the six faces */
    PUSH_ERR_NOT_DECISION,    /* PU-T1: decisions are 0..12 */
    PUSH_ERR_START_STOP,      /* PU-P4: a push turn draws at least one card */
    PUSH_ERR_BANK_NONE,       /* PU-B2: no card of that colour on the bench */
    PUSH_ERR_START_OTHER,     /* PU-T1: on a turn the player pushes (draw) or banks */
    PUSH_ERR_START_EMPTY,     /* PU-P4: the deck is empty: nothing to draw */
    PUSH_ERR_PLACE_FIRST,     /* PU-P2: place the drawn card first */
    PUSH_ERR_PLACE_NO_STACK,  /* PU-P2: no such stack (not the next new one) */
    PUSH_ERR_PLACE_CONFLICT,  /* PU-P2: the card may not join that stack */
    PUSH_ERR_DECK_EMPTY,      /* PU-P4: the deck is empty: stop */
    PUSH_ERR_DECIDE_OTHER,    /* PU-P4: draw again or stop */
    PUSH_ERR_TAKE_EMPTY,      /* PU-K1: that stack is empty */
    PUSH_ERR_TAKE_ONLY,       /* PU-K1: the collector takes a stack */
    PUSH_ERR_COUNT
} push_error;

/* --- Zobrist keys (zobrist.c): the table of pickpack/games/push/zobrist.py --- */
#define PUSH_NUM_KEYS 2232
void push_zobrist_init(void);                      /* idempotent; called by push_state_init */
uint64_t push_zobrist_key(int index);              /* KEYS[index], 0..PUSH_NUM_KEYS-1 */
uint64_t push_hash_full(const push_state *s);      /* from scratch, for checks */

/* --- set-up and loading (load.c) --- */
/* The start position (phase start, seat 0, the full deck, PU-C1/PU-C3). Returns PUSH_OK,
 * or -1 for players outside 2..6 (the state is then untouched). */
int push_state_init(push_state *s, int players, int hard, int switch_per_turn);
/* The full deck's copies of card type t for `players` players. */
int push_full_count(int players, int type);

/* A position as plain ints, as a snapshot gives it (every field an int, any value):
 * the table's raw vector (pp_game_ops raw_size/save_raw/load_raw/field_name), PUSH_RAW_SIZE
 * ints at these offsets, push_raw's fields in order (build-time generated into Python,
 * pickpack/games/push/_constants.py, and mapped to the snapshot by snapshot.py). */
#define PUSH_RAW_PLAYERS 0           /* 2..6 */
#define PUSH_RAW_HARD 1              /* 0 or 1 (PU-R3) */
#define PUSH_RAW_SWITCH_PER_TURN 2   /* 0 or 1 (PU-S2) */
#define PUSH_RAW_PHASE 3             /* enum push_phase */
#define PUSH_RAW_TURN 4
#define PUSH_RAW_ACTOR 5
#define PUSH_RAW_CARD 6              /* the drawn card's type, -1 for none */
#define PUSH_RAW_DECK 7              /* 32: copies left per card type */
#define PUSH_RAW_STACKS 39           /* 3 x 32: stack k at 39 + 32k, copies per card type */
#define PUSH_RAW_BENCHES 135         /* 6 x 32: seat p at 135 + 32p (seats >= players 0) */
#define PUSH_RAW_BANKS 327           /* 6 x 32: seat p at 327 + 32p */
#define PUSH_RAW_SWITCHES 519        /* the switch pile (PU-S1) */
#define PUSH_RAW_TURN_SWITCHES 520   /* switch cards drawn this turn (PU-S2) */
#define PUSH_RAW_SIZE 521
typedef struct push_raw {
    int players, hard, switch_per_turn, phase, turn, actor, card;   /* card: -1 for none */
    int deck[PUSH_NUM_CARD_TYPES];
    int stacks[PUSH_NUM_STACKS][PUSH_NUM_CARD_TYPES];               /* copies per type */
    int benches[PUSH_MAX_PLAYERS][PUSH_NUM_CARD_TYPES];             /* seats >= players ignored */
    int banks[PUSH_MAX_PLAYERS][PUSH_NUM_CARD_TYPES];
    int switches, turn_switches;
} push_raw;
/* The field a failed load names (the snapshot's key). */
enum push_field {
    PUSH_FIELD_NONE = 0, PUSH_FIELD_PLAYERS, PUSH_FIELD_HARD, PUSH_FIELD_SWITCH_PER_TURN,
    PUSH_FIELD_PHASE, PUSH_FIELD_TURN, PUSH_FIELD_ACTOR, PUSH_FIELD_CARD, PUSH_FIELD_DECK,
    PUSH_FIELD_STACKS, PUSH_FIELD_BENCHES, PUSH_FIELD_BANKS, PUSH_FIELD_SWITCHES,
    PUSH_FIELD_TURN_SWITCHES, PUSH_FIELD_COUNT
};
const char *push_field_name(int field);           /* "deck", ... ("" out of range) */
/* Why push_load refused a position (core/common/pp_load_error.h): the field (enum
 * push_field), the seat and the item within it (stack 0..2) where there is one,
 * else -1, the rule id broken and the message "field: reason". */
typedef pp_load_error push_load_error;
/* push_load's levels: SAFE checks what the core relies on to run on the state (ranges,
 * the card counts against the full deck, stacks, the phase's facts: the validation list
 * of docs/push.md); REACHABLE adds what every position the rules reach satisfies
 * (docs/push.md, "Positions the rules can reach"). */
#define PUSH_LOAD_SAFE 0
#define PUSH_LOAD_REACHABLE 1
/* Check raw at `level` and build *s from it (hash included). Returns PUSH_FIELD_NONE
 * (0), or the field code of the first problem with *e filled in; *s is then
 * unspecified. */
int push_load(push_state *s, const push_raw *raw, int level, push_load_error *e);
/* The raw form of s (seats >= players and unused fields 0): push_load(raw) rebuilds s. */
void push_save(const push_state *s, push_raw *raw);

/* --- rules (rules.c) --- */
/* The seat that decides, PUSH_CHANCE (-1) at a draw or roll, PUSH_TERMINAL (-4) once over. */
#define PUSH_CHANCE (-1)
#define PUSH_TERMINAL (-4)
int push_current_player(const push_state *s);
/* Collection direction +1 (seat order) or -1 (PU-S2). */
int push_direction(const push_state *s);
/* Legal decisions, ascending, into out (room for PUSH_MAX_ACTIONS); 0 at a chance node
 * or once over. */
int push_legal_actions(const push_state *s, int *out);
/* At a chance node: the outcomes ascending with their exact weights (copies left, or 1
 * per die face) into actions/weights (room for PUSH_MAX_OUTCOMES); *total receives the
 * weights' sum. Returns the count (0 elsewhere). */
int push_chance_outcomes(const push_state *s, int *actions, int *weights, int *total);
/* PUSH_OK if action (decision or chance outcome, any int) is legal here, else the
 * first rule it breaks. */
push_error push_check_action(const push_state *s, int action);
const char *push_error_rule(push_error e);        /* "PU-P2" */
const char *push_error_text(push_error e);        /* one sentence */
/* Apply a legal action; u (may be NULL) receives what push_undo needs. */
void push_apply(push_state *s, int action, push_undo *u);
void push_undo_action(push_state *s, const push_undo *u);
/* push_check_action then push_apply; the state is unchanged when it is refused. */
push_error push_apply_checked(push_state *s, int action, push_undo *u);

/* --- scores and returns (rules.c) --- */
int push_score(const push_state *s, int seat);                 /* PU-E2 */
/* Once over: PU-E3 returns per seat into out (k winners among n: (n-k)/(k(n-1)) each,
 * the others -1/(n-1)), and when margins is not NULL each seat's (score - best other
 * score)/60 clamped to [-1, 1]. Zeros before the end. */
void push_returns(const push_state *s, double *out, double *margins);

/* --- playouts and batches (playout.c) --- */
/* Finish the game from s (in place) with uniformly random decisions and chance outcomes
 * drawn by their probabilities (a draw: pp_rng_below(cards left) walked over the counts;
 * the die: pp_rng_below(6)). Returns the plies applied; *chance_plies (may be NULL)
 * receives how many of them were chance outcomes. */
int push_playout(push_state *s, pp_rng *rng, int *chance_plies);

typedef struct push_batch {
    long games, plies, chance_plies;
    double score_sum[PUSH_MAX_PLAYERS];     /* sum of final scores per seat */
    double wins[PUSH_MAX_PLAYERS];          /* a shared win counts 1/k to each of k */
} push_batch;
/* Add one finished game (`s` at its end, after `plies` actions of which `chance_plies`
 * were chance outcomes) to the batch totals *b. */
void push_batch_add(push_batch *b, const push_state *s, int plies, int chance_plies);
/* `count` random games from the start position of (players, hard, switch_per_turn),
 * each a push_playout drawing from *rng, added to *b. Lets a caller run a batch in
 * slices. Returns -1 (nothing done) for players outside 2..6, else 0. */
int push_random_games_part(pp_rng *rng, int players, int hard, int switch_per_turn,
                           long count, push_batch *b);

/* --- the observation tensor (observation.c; docs/push.md, "Observation tensor") ---
 * What seat `player` may see (PU-V1), exactly the fields of observation(player), as
 * 203 + 33 * players floats in 0..1: one-hot planes for categories, count / maximum for
 * counts. Seats are counted from the observer: block r describes seat
 * (player + r) % players, so the observer's own block comes first. Offsets: */
#define PUSH_OBS_PHASE 0             /* 7: one-hot phase (encoding.PHASES order) */
#define PUSH_OBS_PLAYERS 7           /* 5: one-hot player count 2..6 (PU-T1) */
#define PUSH_OBS_HARD 12             /* 1: option hard (PU-R3) */
#define PUSH_OBS_SWITCH_PER_TURN 13  /* 1: option switch_per_turn (PU-S2) */
#define PUSH_OBS_DIRECTION 14        /* 1: 1.0 when collecting against seat order (PU-S2) */
#define PUSH_OBS_DECK 15             /* 1: cards left / the full deck (120, 108 for 2 players) */
#define PUSH_OBS_SWITCHES 16         /* 1: switch pile / 12 (PU-S1) */
#define PUSH_OBS_TURN_SWITCHES 17    /* 1: switch cards drawn this turn / 12 (PU-S2) */
#define PUSH_OBS_CARD 18             /* 31: one-hot the drawn card awaiting placement (types 0..30) */
#define PUSH_OBS_STACKS 49           /* 3 x 31: stack k at 49 + 31k, 1.0 per card type there (PU-P2) */
#define PUSH_OBS_DISCARD 142         /* 31: discard pile copies / full copies per type 0..30 */
#define PUSH_OBS_BANK 173            /* 30: the observer's own bank, copies / 3 per number type (PU-B1) */
#define PUSH_OBS_SEATS 203           /* players x 33: the seat blocks, observer first */
#define PUSH_OBS_SEAT_SIZE 33
#define PUSH_OBS_SEAT_TURN 0         /* 1.0: this seat's turn (PU-T1) */
#define PUSH_OBS_SEAT_ACTOR 1        /* 1.0: this seat collects or rolls (PU-K1, PU-R) */
#define PUSH_OBS_SEAT_BANK_SIZE 2    /* bank card count / 90 (PU-V1) */
#define PUSH_OBS_SEAT_BENCH 3        /* 30: bench copies / 3 per number type (PU-V1) */
#define PUSH_OBS_CARD_TYPES 31       /* number types and the roll card: the switch card never lies there */
#define PUSH_OBS_MAX_SIZE (PUSH_OBS_SEATS + PUSH_MAX_PLAYERS * PUSH_OBS_SEAT_SIZE)

/* Errors of push_observation_tensor (nothing is written then). */
#define PUSH_OBS_ERR_STATE 1         /* s or out is NULL, or s->players is outside 2..6 */
#define PUSH_OBS_ERR_PLAYER 2        /* player outside 0..players-1 */
#define PUSH_OBS_ERR_SIZE 3          /* size != push_observation_tensor_size(s) */

/* The tensor's length for s's player count: 203 + 33 * players (0 for a NULL state or
 * a player count outside 2..6). */
size_t push_observation_tensor_size(const push_state *s);
/* Fill out[0..size) with what seat `player` sees of s (layout above): 0, or a
 * PUSH_OBS_ERR_* code with out untouched. Every value is clamped to 0..1 and no field of
 * s is used as an index before it is range-checked. */
int push_observation_tensor(const push_state *s, int player, float *out, size_t size);

#ifdef __cplusplus
}
#endif
#endif
