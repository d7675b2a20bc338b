/*
 * pp_load_error.h - why a game's loader refused a position (core/push/load.c,
 * core/pacru/load.c): the field, the seat and item within it, the rule id and a
 * one-line message. Plain C99, shared by the games' loaders.
 */
#ifndef PP_LOAD_ERROR_H
#define PP_LOAD_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pp_load_error {
    int field;                /* the game's field code; 0: none (the load succeeded) */
    int seat, index;          /* the seat and the item (a stack, a cell, a chevron) concerned, or -1 */
    const char *rule;         /* the rule id broken ("PU-K1"), "" for a plain range error; static */
    char msg[320];            /* "field: reason" */
} pp_load_error;

/* Reset *e to "no error". */
void pp_load_error_clear(pp_load_error *e);
/* Fill *e with field, seat, index, rule and the message "name: " + the printf-formatted
 * reason (+ " (rule)" when the reason does not name the rule already); returns field (so that a loader can `return pp_load_fail(...)`). */
int pp_load_fail(pp_load_error *e, int field, const char *name, int seat, int index, const char *rule,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
