/*
 * mcts_driver.c - drives the generic MCTS (core/common/pp_mcts.h) on the dice race
 * (dice_race.h) through its table of game operations; run by tests/test_c_mcts.py.
 *
 *   mcts_driver search SEED SIMS TO_MOVE ROLLING P0 P1 P2 [TURNS]
 *       search the position (seat TO_MOVE to move, or its coins in the air when
 *       ROLLING is 1, seats on squares P0 P1 P2, TURNS turns completed, default 0)
 *       with SIMS simulations and print
 *         result RC ACTION SIMULATIONS NODES VALUE
 *         move ACTION VISITS VALUE              (each root move)
 *         outcome ACTION VISITS                 (each child of the root's roll, a
 *                                               chance node, once it is expanded)
 *   mcts_driver returns WINNER
 *       print the returns vector of a game won by seat WINNER (-1: drawn)
 *   mcts_driver hidden SEED SIMS [T1 T2]
 *       search the hidden variant from the start, seat 0 to move, seats 1 and 2 tired
 *       (T1, T2: 1 tired, 0 not; default 1 1; hidden from seat 0), and print
 *         hidden RC ACTION SIMULATIONS DETERMINIZATIONS ILLEGAL_APPLIED ROOT_VISITS
 *         NODES VALUE
 *         move ACTION VISITS VALUE              (each root move)
 *   mcts_driver errors
 *       print the return codes of searches that must be refused
 */
#include <stdio.h>
#include <stdlib.h>
#include "dice_race.h"
#include "pp_mcts.h"

static int search(int argc, char **argv)
{
    if (argc != 9 && argc != 10)
        return 2;
    dr_state s;
    dr_init(&s);
    if (argc == 10)
        s.turns = (int16_t)atoi(argv[9]);
    pp_mcts_params p;
    pp_mcts_default_params(&p);
    p.seed = strtoull(argv[2], NULL, 10);
    p.simulations = atol(argv[3]);
    s.to_move = (int8_t)atoi(argv[4]);
    s.rolling = (int8_t)atoi(argv[5]);
    for (int i = 0; i < DR_PLAYERS; i++)
        s.pos[i] = (int8_t)atoi(argv[6 + i]);
    const size_t cap = 3 * (size_t)p.simulations + 16;   /* a simulation adds <= 3 nodes */
    pp_mcts_node *pool = malloc(cap * sizeof *pool);
    pp_root_move moves[2];
    pp_mcts_result r;
    if (pool == NULL)
        return 3;
    const int rc = pp_mcts_run(&dr_ops, &s, &p, pool, cap, &r, moves);
    printf("result %d %d %ld %zu %.17g\n", rc, r.action, r.simulations, r.nodes, r.value);
    for (int i = 0; i < r.root_moves; i++)
        printf("move %d %ld %.17g\n", moves[i].action, moves[i].visits, moves[i].value);
    for (int i = 0; i < pool[0].children; i++) {
        const pp_mcts_node *roll = pool + pool[0].first_child + i;
        if (roll->action != 1)
            continue;
        for (int k = 0; k < roll->children; k++) {
            const pp_mcts_node *c = pool + roll->first_child + k;
            printf("outcome %d %u\n", c->action, c->visits);
        }
    }
    free(pool);
    return 0;
}

static int returns(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    dr_state s;
    double out[DR_PLAYERS], margins[DR_PLAYERS];
    dr_init(&s);
    s.winner = (int8_t)atoi(argv[2]);
    if (s.winner < 0)
        s.turns = DR_TURNS;
    printf("player %d\n", dr_ops.current_player(&s));
    dr_ops.returns(&s, out, margins);
    for (int i = 0; i < DR_PLAYERS; i++)
        printf("%s%g", i ? " " : "", out[i]);
    printf("\n");
    return 0;
}

static int hidden(int argc, char **argv)
{
    if (argc != 4 && argc != 6)
        return 2;
    dr_state s;
    dr_init(&s);
    s.tired[1] = (int8_t)(argc == 6 ? atoi(argv[4]) : 1);
    s.tired[2] = (int8_t)(argc == 6 ? atoi(argv[5]) : 1);
    pp_mcts_params p;
    pp_mcts_default_params(&p);
    p.seed = strtoull(argv[2], NULL, 10);
    p.simulations = atol(argv[3]);
    pp_root_move moves[2];
    pp_mcts_result r;
    const int rc = pp_mcts_run(&dr_hidden_ops, &s, &p, NULL, 0, &r, moves);
    long visits = 0;
    for (int i = 0; i < r.root_moves; i++)
        visits += moves[i].visits;
    printf("hidden %d %d %ld %ld %ld %ld %zu %.17g\n", rc, r.action, r.simulations,
           dr_determinizations, dr_illegal_applied, visits, r.nodes, r.value);
    for (int i = 0; i < r.root_moves; i++)
        printf("move %d %ld %.17g\n", moves[i].action, moves[i].visits, moves[i].value);
    return 0;
}

static int errors(void)
{
    dr_state s;
    pp_mcts_params p;
    pp_mcts_result r;
    pp_mcts_node pool[8];
    pp_game_ops broken = dr_ops;
    pp_mcts_default_params(&p);
    p.simulations = 10;
    dr_init(&s);
    s.winner = 2;
    printf("terminal %d\n", pp_mcts_run(&dr_ops, &s, &p, pool, 8, &r, NULL));
    dr_init(&s);
    s.rolling = 1;
    printf("chance %d\n", pp_mcts_run(&dr_ops, &s, &p, pool, 8, &r, NULL));
    dr_init(&s);
    printf("small_pool %d\n", pp_mcts_run(&dr_ops, &s, &p, pool, 2, &r, NULL));
    broken.chance_outcomes = NULL;
    printf("no_chance_outcomes %d\n", pp_mcts_run(&broken, &s, &p, pool, 8, &r, NULL));
    p.simulations = 0;
    printf("no_budget %d\n", pp_mcts_run(&dr_ops, &s, &p, pool, 8, &r, NULL));
    p.simulations = 10;
    p.exploration = -1.0;
    printf("negative_exploration %d\n", pp_mcts_run(&dr_ops, &s, &p, pool, 8, &r, NULL));
    p.exploration = 1.0;
    printf("ok %d\n", pp_mcts_run(&dr_ops, &s, &p, pool, 8, &r, NULL));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && argv[1][0] == 's')
        return search(argc, argv);
    if (argc >= 2 && argv[1][0] == 'r')
        return returns(argc, argv);
    if (argc >= 2 && argv[1][0] == 'h')
        return hidden(argc, argv);
    if (argc >= 2 && argv[1][0] == 'e')
        return errors();
    fprintf(stderr, "usage: mcts_driver search|returns|hidden|errors ...\n");
    return 2;
}
