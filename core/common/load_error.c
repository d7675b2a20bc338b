/* Why a game's loader refused a position (pp_load_error.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "pp_load_error.h"

void pp_load_error_clear(pp_load_error *e)
{
    e->field = 0;
    e->seat = -1;
    e->index = -1;
    e->rule = "";
    e->msg[0] = '\0';
}

int pp_load_fail(pp_load_error *e, int field, const char *name, int seat, int index, const char *rule,
                 const char *fmt, ...)
{
    e->field = field;
    e->seat = seat;
    e->index = index;
    e->rule = rule;
    int n = snprintf(e->msg, sizeof e->msg, "%s: ", name);
    if (n < 0)
        n = 0;
    if ((size_t)n < sizeof e->msg) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg + n, sizeof e->msg - (size_t)n, fmt, ap);
        va_end(ap);
    }
    /* The message names the rule (pickpack.SnapshotError's contract), once. */
    if (rule != NULL && rule[0] != '\0' && strstr(e->msg, rule) == NULL) {
        const size_t used = strlen(e->msg);
        snprintf(e->msg + used, sizeof e->msg - used, " (%s)", rule);
    }
    return field;
}
