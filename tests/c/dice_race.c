/* The dice race of dice_race.h and its table of game operations (pp_game_ops.h). */
#include "dice_race.h"
#include <string.h>

void dr_init(dr_state *s)
{
    memset(s, 0, sizeof *s);
    s->winner = -1;
}

static int over(const dr_state *s)
{
    return s->winner >= 0 || s->turns >= DR_TURNS;
}

static int dr_num_players(const void *state)
{
    (void)state;
    return DR_PLAYERS;
}

static int dr_current_player(const void *state)
{
    const dr_state *s = state;
    if (over(s))
        return PP_TERMINAL;
    return s->rolling ? PP_CHANCE : s->to_move;
}

static int dr_legal_actions(const void *state, int *out)
{
    (void)state;
    out[0] = 0;     /* walk */
    out[1] = 1;     /* roll */
    return 2;
}

static int dr_chance_outcomes(const void *state, int *actions, double *probabilities)
{
    static const int heads_count[3] = {1, 2, 1};     /* of 4 equally likely tosses */
    (void)state;
    for (int h = 0; h < 3; h++) {
        actions[h] = h;
        probabilities[h] = heads_count[h] / 4.0;
    }
    return 3;
}

/* Move the player to move `steps` squares (bouncing off the goal), end the turn. */
static void advance(dr_state *s, int steps)
{
    const int p = s->to_move;
    int at = s->pos[p] + steps;
    if (at > DR_GOAL)
        at = 2 * DR_GOAL - at;
    s->pos[p] = (int8_t)at;
    if (at == DR_GOAL)
        s->winner = (int8_t)p;
    s->rolling = 0;
    s->to_move = (int8_t)((p + 1) % DR_PLAYERS);
    s->turns++;
}

static void dr_apply(void *state, int action)
{
    dr_state *s = state;
    if (s->rolling)
        advance(s, 2 * action);
    else if (action == 1)
        s->rolling = 1;
    else
        advance(s, 1);
}

static void dr_returns(const void *state, double *out, double *margins)
{
    const dr_state *s = state;
    for (int p = 0; p < DR_PLAYERS; p++) {
        out[p] = s->winner < 0 ? 0.0 : s->winner == p ? 1.0 : -1.0 / (DR_PLAYERS - 1);
        if (margins != NULL)
            margins[p] = 0.0;
    }
}

long dr_determinizations = 0, dr_illegal_applied = 0;

static int dr_hidden_legal_actions(const void *state, int *out)
{
    const dr_state *s = state;
    out[0] = 0;
    if (s->tired[s->to_move])
        return 1;
    out[1] = 1;
    return 2;
}

static void dr_hidden_apply(void *state, int action)
{
    dr_state *s = state;
    if (!s->rolling && action == 1 && s->tired[s->to_move])
        dr_illegal_applied++;
    dr_apply(state, action);
}

static int dr_determinize(void *state, int player, pp_rng *rng)
{
    dr_state *s = state;
    dr_determinizations++;
    for (int p = 0; p < DR_PLAYERS; p++)
        if (p != player)
            s->tired[p] = (int8_t)pp_rng_below(rng, 2);
    return 1;
}

static uint64_t dr_hash(const void *state)
{
    const dr_state *s = state;
    uint64_t h = 1469598103934665603ull;              /* FNV-1a over the fields */
    const int8_t fields[9] = {s->pos[0], s->pos[1], s->pos[2], s->to_move, s->rolling,
                              s->winner, s->tired[0], s->tired[1], s->tired[2]};
    for (int i = 0; i < 9; i++)
        h = (h ^ (uint8_t)fields[i]) * 1099511628211ull;
    return (h ^ (uint16_t)s->turns) * 1099511628211ull;
}

const pp_game_ops dr_ops = {
    .name = "dice_race",
    .state_size = sizeof(dr_state),
    .max_actions = 2,
    .max_chance_outcomes = 3,
    .max_plies = 2 * DR_TURNS,
    .num_players = dr_num_players,
    .current_player = dr_current_player,
    .legal_actions = dr_legal_actions,
    .apply = dr_apply,
    .chance_outcomes = dr_chance_outcomes,
    .returns = dr_returns,
    .hash = dr_hash,
    .playout = NULL,
    .determinize = NULL,
    .in_tree = NULL,
};

const pp_game_ops dr_hidden_ops = {
    .name = "dice_race_hidden",
    .state_size = sizeof(dr_state),
    .max_actions = 2,
    .max_chance_outcomes = 3,
    .max_plies = 2 * DR_TURNS,
    .num_players = dr_num_players,
    .current_player = dr_current_player,
    .legal_actions = dr_hidden_legal_actions,
    .apply = dr_hidden_apply,
    .chance_outcomes = dr_chance_outcomes,
    .returns = dr_returns,
    .hash = dr_hash,
    .playout = NULL,
    .determinize = dr_determinize,
    .in_tree = NULL,
    .num_distinct_actions = 2,          /* walk, roll: IS-MCTS marks moves by number */
};
