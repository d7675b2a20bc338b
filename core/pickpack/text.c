/* Canonical move text (docs/engine.md, "Move text"). */
#include <stdio.h>
#include "pp_internal.h"

static const char kind_letter[PP_NUM_KINDS] = {'P', 'W', 'R', 'Q', 'X', 'M'};

int pp_square_text(int sq, char *buf)
{
    buf[0] = (char)('a' + sq % 6);
    buf[1] = (char)('1' + sq / 6);
    buf[2] = 0;
    return 2;
}

int pp_space_text(int player, int space, char *buf)
{
    if (player == PP_RED) {
        buf[0] = (char)('a' + space % 6);
        buf[1] = space < 6 ? 'T' : 'B';
    } else {
        buf[0] = (char)('1' + space % 6);
        buf[1] = space < 6 ? 'L' : 'R';
    }
    buf[2] = 0;
    return 2;
}

char pp_kind_letter(int kind)
{
    return kind >= 0 && kind < PP_NUM_KINDS ? kind_letter[kind] : '?';
}

int pp_action_text(const pp_state *s, int action, char *buf, size_t buflen)
{
    char a[3], b[3];
    int n;
    if (action < 0 || action >= PP_NUM_ACTIONS || buflen < 16 || s->phase == PP_PHASE_OVER)
        return -1;
    pp_move m;
    pp_decode(action, &m);
    const int p = s->to_move;
    if (m.placement_kind >= 0) {
        if (s->phase != PP_PHASE_PLACEMENT) return -1;
        pp_space_text(p, s->placed % PP_NUM_SPACES, a);
        return snprintf(buf, buflen, "%s=%c", a, kind_letter[m.placement_kind]);
    }
    if (s->phase != PP_PHASE_PLAY) return -1;
    pp_square_text(m.dest, a);
    if (m.grab_crate >= 0) {
        n = snprintf(buf, buflen, "%s>%d", a, m.grab_crate + 1);
    } else {
        const int sp = pp_end_space(p, m.dest, m.end);
        const int t = m.target;
        pp_space_text(p, sp, b);
        n = snprintf(buf, buflen, "%s/%s", a, b);
        if (t >= 1 && t < 5) {
            n += snprintf(buf + n, buflen - (size_t)n, ":%d", t);
        } else if (t >= 5 && t < 21) {
            const char sep = s->tile_kind[p][sp] == PP_KIND_X ? 'x' : '>';
            n += snprintf(buf + n, buflen - (size_t)n, ":%d%c%d", (t - 5) / 4 + 1, sep, (t - 5) % 4 + 1);
        } else if (t >= 21 && t < 57) {
            pp_square_text(t - 21, b);
            n += snprintf(buf + n, buflen - (size_t)n, ":%s", b);
        } else if (t >= 57) {
            pp_space_text(PP_OTHER(p), t - 57, b);
            n += snprintf(buf + n, buflen - (size_t)n, ":%s", b);
        }
    }
    if (m.rush)
        n += snprintf(buf + n, buflen - (size_t)n, "+");
    return n;
}
