/* Internal to core/pacru: the pieces of a move that the checker, the generators and the
 * playouts share (rules.c), in the contract's order of effects. */
#ifndef PACRU_RULES_H
#define PACRU_RULES_H

#include "pacru_internal.h"

/* pacru_landing and PACRU_MAX_LANDINGS: pacru_core.h (the random bot's draw keeps them). */

/* The legal landings of `seat` ascending by (from, travel, distance) into out (may be
 * NULL: count only); with first_only, stop at the first. Returns the count. */
int pacru_landings(const pacru_state *s, int seat, pacru_landing *out, int first_only);
/* PA-T2 on the board before the move: classic_meeting, or another seat has >= 9 cells. */
int pacru_meeting_pays(const pacru_state *s, int seat);
/* Effects 2 and 3: the chevron moves (a pincer takes the enemy and colours x), then the
 * connection change when it applies and (on a crossing) take_conn chose it. */
void pacru_move_steps(pacru_state *s, int seat, const pacru_landing *l, int take_conn);
/* Effect 4's choices on the board after effects 2-3: the places (0..8, ascending) of
 * the cells the crossing may give; *transform = 1 when the whole borderland turns. */
int pacru_crossing_options(const pacru_state *s, int seat, int x, int *places, int *transform);
void pacru_transform(pacru_state *s, int seat, int land);
/* Effect 5: does the chevron moved to x pointing t meet one of seat's (PA-T1)? */
int pacru_meets(const pacru_state *s, int seat, int x, int t);
/* Effect 6 / the end of a reorientation: ply + 1, the end checks `which` (bits of
 * pacru_end_check), then NEXT TURN if not over. */
void pacru_finish(pacru_state *s, int which);

#endif
