/* pw_engine.c — the rules of Planet Wars exactly as the contest's Java engine
 * (PlayGame.jar of the Google AI Challenge 2010) applied them: map and state
 * text, orders, the turn, elimination and the turn limit.
 *
 * Where the engine's behaviour is a detail rather than a rule it is kept,
 * because the recorded official games must come out byte for byte:
 *  - an order departs the moment it is read (so a later order of the same
 *    turn sees the planet's reduced garrison), and fleets are kept in the
 *    order they were launched;
 *  - a turn is: every owned planet grows, every fleet advances one step, then
 *    each planet fights a battle between its owner's garrison and all fleets
 *    that have arrived, summed per owner; the largest force wins and keeps the
 *    difference to the second largest; when the two largest are equal the
 *    planet keeps its owner with 0 ships;
 *  - a fleet sent to its own source planet has a trip of 0 and lands in the
 *    next battle; an order of 0 ships is valid and makes an empty fleet;
 *  - a dropped player's planets turn neutral with their ships, its fleets
 *    become empty neutral fleets that vanish when they land;
 *  - the game ends when at most one player owns anything, or once more than
 *    max_turns turns have been played (the engine counts after each turn and
 *    compares with '>', so `PlayGame.jar ... 200` plays 201 turns), when more
 *    ships (planets and fleets) win and equal ships draw. */
#include "planetwars_internal.h"
#include "ariadne/memory.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- text */

static int parse_int_token(const char *tok, int *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(tok, &end, 10);
    if (end == tok || *end || errno || v < -1000000000L || v > 1000000000L)
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_double_token(const char *tok, double *out)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(tok, &end);
    if (end == tok || *end || errno || !isfinite(v) || fabs(v) > 1e9)
        return -1;
    *out = v;
    return 0;
}

static void add_fleet(pw_state *s, const pw_fleet *f)
{
    if (s->nf == s->capf) {
        s->capf = s->capf ? s->capf * 2 : 16;
        s->fleets = ar_xrealloc(s->fleets, (size_t)s->capf * sizeof *s->fleets);
    }
    s->fleets[s->nf++] = *f;
}

static void compute_dist(pw_state *s)
{
    int a, b;
    s->dist = ar_xmalloc((size_t)s->np * (size_t)s->np * sizeof *s->dist);
    for (a = 0; a < s->np; a++)
        for (b = 0; b < s->np; b++) {
            double dx = s->planets[a].x - s->planets[b].x, dy = s->planets[a].y - s->planets[b].y;
            s->dist[a * s->np + b] = (int)ceil(sqrt(dx * dx + dy * dy));
        }
}

ar_status ar_pw_parse(const char *text, const char *name, int is_map, pw_state *s, ar_error *err)
{
    const char *p = text;
    int line_no = 0, has[3] = {0, 0, 0}, i;
    int *fleet_line = NULL;
    size_t fleet_line_cap = 0;
    memset(s, 0, sizeof *s);
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char buf[512], *tok[9], *save = NULL, *t;
        int ntok = 0;
        line_no++;
        if (n >= sizeof buf) {
            ar_error_set(err, AR_ERR_INPUT, "%s line %d: line too long (%zu bytes)", name, line_no, n);
            goto fail;
        }
        memcpy(buf, p, n);
        buf[n] = 0;
        p = eol ? eol + 1 : p + n;
        if ((t = strchr(buf, '#')) != NULL)
            *t = 0;
        for (t = strtok_r(buf, " \t\r", &save); t && ntok < 9; t = strtok_r(NULL, " \t\r", &save))
            tok[ntok++] = t;
        if (ntok == 0)
            continue;
        if (strcmp(tok[0], "P") == 0) {
            pw_planet pl;
            if (ntok != 6) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: a planet line has 6 fields (P x y owner ships growth), not %s%d",
                             name, line_no, ntok > 8 ? "more than " : "", ntok > 8 ? 8 : ntok);
                goto fail;
            }
            if (s->np == PW_MAX_PLANETS) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: more than %d planets", name, line_no, PW_MAX_PLANETS);
                goto fail;
            }
            if (parse_double_token(tok[1], &pl.x) || parse_double_token(tok[2], &pl.y)) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: bad coordinates '%s %s'", name, line_no, tok[1], tok[2]);
                goto fail;
            }
            if (parse_int_token(tok[3], &pl.owner) || pl.owner < 0 || pl.owner > 2) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: unknown owner '%s' (0 neutral, 1 or 2)", name, line_no, tok[3]);
                goto fail;
            }
            if (parse_int_token(tok[4], &pl.ships) || pl.ships < 0) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: bad ship count '%s' (a whole number >= 0)", name, line_no, tok[4]);
                goto fail;
            }
            if (parse_int_token(tok[5], &pl.growth) || pl.growth < 0) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: bad growth rate '%s' (a whole number >= 0)", name, line_no, tok[5]);
                goto fail;
            }
            has[pl.owner] = 1;
            s->planets[s->np++] = pl;
        } else if (strcmp(tok[0], "F") == 0) {
            pw_fleet f;
            int v[6];
            if (is_map) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: a map has no fleets (F line)", name, line_no);
                goto fail;
            }
            if (ntok != 7) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: a fleet line has 7 fields (F owner ships source destination total remaining), not %s%d",
                             name, line_no, ntok > 8 ? "more than " : "", ntok > 8 ? 8 : ntok);
                goto fail;
            }
            for (i = 0; i < 6; i++)
                if (parse_int_token(tok[1 + i], &v[i]) || v[i] < 0) {
                    ar_error_set(err, AR_ERR_INPUT, "%s line %d: fleet field %d '%s' is not a whole number >= 0", name, line_no, i + 2, tok[1 + i]);
                    goto fail;
                }
            if (v[0] > 2) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: unknown owner '%s' (0 neutral, 1 or 2)", name, line_no, tok[1]);
                goto fail;
            }
            if (v[5] > v[4]) {
                ar_error_set(err, AR_ERR_INPUT, "%s line %d: %d turns remaining of a trip of %d", name, line_no, v[5], v[4]);
                goto fail;
            }
            f.owner = v[0], f.ships = v[1], f.src = v[2], f.dst = v[3], f.total = v[4], f.remaining = v[5];
            add_fleet(s, &f);
            if ((size_t)s->nf > fleet_line_cap) {
                fleet_line_cap = (size_t)s->nf * 2;
                fleet_line = ar_xrealloc(fleet_line, fleet_line_cap * sizeof *fleet_line);
            }
            fleet_line[s->nf - 1] = line_no;
        } else {
            ar_error_set(err, AR_ERR_INPUT, "%s line %d: expected a 'P' (planet)%s line, not '%.20s'", name, line_no,
                         is_map ? "" : " or 'F' (fleet)", tok[0]);
            goto fail;
        }
    }
    if (s->np < 2) {
        ar_error_set(err, AR_ERR_INPUT, "%s line %d: %d planet%s; a map needs at least 2", name, line_no, s->np,
                     s->np == 1 ? "" : "s");
        goto fail;
    }
    if (is_map && (!has[1] || !has[2])) {
        ar_error_set(err, AR_ERR_INPUT, "%s line %d: player %d has no starting planet", name, line_no, has[1] ? 2 : 1);
        goto fail;
    }
    for (i = 0; i < s->nf; i++)
        if (s->fleets[i].src >= s->np || s->fleets[i].dst >= s->np) {
            ar_error_set(err, AR_ERR_INPUT, "%s line %d: fleet planet %d does not exist (%d planets)", name, fleet_line[i],
                         s->fleets[i].src >= s->np ? s->fleets[i].src : s->fleets[i].dst, s->np);
            goto fail;
        }
    free(fleet_line);
    compute_dist(s);
    return AR_OK;
fail:
    free(fleet_line);
    free(s->fleets);
    memset(s, 0, sizeof *s);
    return AR_ERR_INPUT;
}

void ar_pw_state_free(pw_state *s)
{
    free(s->fleets);
    free(s->dist);
    memset(s, 0, sizeof *s);
}

void ar_pw_state_copy(pw_state *dst, const pw_state *src)
{
    *dst = *src;
    dst->capf = src->nf > 8 ? src->nf : 8;
    dst->fleets = ar_xmalloc((size_t)dst->capf * sizeof *dst->fleets);
    if (src->nf)
        memcpy(dst->fleets, src->fleets, (size_t)src->nf * sizeof *src->fleets);
}

void ar_pw_state_copy_free(pw_state *s)
{
    free(s->fleets);
    s->fleets = NULL;
    s->nf = s->capf = 0;
}

/* The shortest decimal text that reads back to the same double. */
static void fmt_double(double v, char *buf, size_t size)
{
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

static int pov_owner(int pov, int owner)
{
    if (pov <= 0 || owner == 0)
        return owner;
    return owner == pov ? 1 : 2;
}

char *ar_pw_format(const pw_state *s, int pov)
{
    size_t cap = (size_t)(s->np + s->nf) * 96 + 16, len = 0;
    char *out = ar_xmalloc(cap);
    int i;
    for (i = 0; i < s->np; i++) {
        const pw_planet *p = &s->planets[i];
        char x[40], y[40];
        fmt_double(p->x, x, sizeof x);
        fmt_double(p->y, y, sizeof y);
        len += (size_t)snprintf(out + len, cap - len, "P %s %s %d %d %d\n", x, y, pov_owner(pov, p->owner), p->ships,
                                p->growth);
    }
    for (i = 0; i < s->nf; i++) {
        const pw_fleet *f = &s->fleets[i];
        len += (size_t)snprintf(out + len, cap - len, "F %d %d %d %d %d %d\n", pov_owner(pov, f->owner), f->ships, f->src,
                                f->dst, f->total, f->remaining);
    }
    return out;
}

/* --------------------------------------------------------------- orders */

int ar_pw_parse_order(const char *line, size_t len, pw_order *o, char *why, size_t why_size)
{
    long v[3];
    size_t i = 0;
    int k;
    for (k = 0; k < 3; k++) {
        long x = 0;
        size_t start;
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        start = i;
        while (i < len && line[i] >= '0' && line[i] <= '9' && i - start < 9)
            x = x * 10 + (line[i++] - '0');
        if (i == start || (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')) {
            snprintf(why, why_size, "'%.*s' is not an order (source destination ships, whole numbers)",
                     (int)(len > 60 ? 60 : len), line);
            return -1;
        }
        v[k] = x;
    }
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
        i++;
    if (i != len) {
        snprintf(why, why_size, "'%.*s' has more than 3 fields", (int)(len > 60 ? 60 : len), line);
        return -1;
    }
    o->src = (int)v[0], o->dst = (int)v[1], o->ships = (int)v[2];
    return 0;
}

int ar_pw_issue(pw_state *s, int player, const pw_order *o, char *why, size_t why_size)
{
    pw_fleet f;
    pw_planet *src;
    if (o->src < 0 || o->src >= s->np || o->dst < 0 || o->dst >= s->np) {
        snprintf(why, why_size, "order %d %d %d: planet %d does not exist (%d planets)", o->src, o->dst, o->ships,
                 o->src < 0 || o->src >= s->np ? o->src : o->dst, s->np);
        return -1;
    }
    src = &s->planets[o->src];
    if (src->owner != player) {
        snprintf(why, why_size, "order %d %d %d: planet %d is not its own", o->src, o->dst, o->ships, o->src);
        return -1;
    }
    if (o->ships < 0 || o->ships > src->ships) {
        snprintf(why, why_size, "order %d %d %d: planet %d has %d ships", o->src, o->dst, o->ships, o->src, src->ships);
        return -1;
    }
    src->ships -= o->ships;
    f.owner = player, f.ships = o->ships, f.src = o->src, f.dst = o->dst;
    f.total = f.remaining = s->dist[o->src * s->np + o->dst];
    add_fleet(s, &f);
    return 0;
}

/* ---------------------------------------------------------------- turns */

/* The battle at planet i, as the engine's FightBattle: forces summed per
 * owner in owner order (0, 1, 2); a running top two where only a strictly
 * larger force displaces; the winner keeps the difference, a tie keeps the
 * owner with 0 ships. Landed fleets leave the list in order. */
static void fight(pw_state *s, int i, int force[3], int present[3])
{
    pw_planet *p = &s->planets[i];
    int wo = 0, ws = 0, so = 0, ss = 0, k;
    (void)so;
    for (k = 0; k < 3; k++) {
        if (!present[k])
            continue;
        if (force[k] > ss) {
            if (force[k] > ws) {
                so = wo, ss = ws;
                wo = k, ws = force[k];
            } else {
                so = k, ss = force[k];
            }
        }
    }
    if (ws > ss) {
        p->ships = ws - ss;
        p->owner = wo;
    } else {
        p->ships = 0;
    }
}

void ar_pw_step(pw_state *s)
{
    int i, j, k;
    int force[PW_MAX_PLANETS][3], present[PW_MAX_PLANETS][3];
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner > 0)
            s->planets[i].ships += s->planets[i].growth;
    for (i = 0; i < s->nf; i++)
        if (s->fleets[i].remaining > 0)
            s->fleets[i].remaining--;
    for (i = 0; i < s->np; i++) {
        for (k = 0; k < 3; k++)
            force[i][k] = present[i][k] = 0;
        force[i][s->planets[i].owner] = s->planets[i].ships;
        present[i][s->planets[i].owner] = 1;
    }
    for (i = j = 0; i < s->nf; i++) {
        pw_fleet *f = &s->fleets[i];
        if (f->remaining <= 0) {
            force[f->dst][f->owner] += f->ships;
            present[f->dst][f->owner] = 1;
        } else {
            s->fleets[j++] = *f;
        }
    }
    s->nf = j;
    for (i = 0; i < s->np; i++)
        fight(s, i, force[i], present[i]);
    s->turn++;
}

void ar_pw_drop(pw_state *s, int player)
{
    int i;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner == player)
            s->planets[i].owner = 0;
    for (i = 0; i < s->nf; i++)
        if (s->fleets[i].owner == player) {
            s->fleets[i].owner = 0;
            s->fleets[i].ships = 0;
            s->fleets[i].remaining = 0;
        }
}

int ar_pw_alive(const pw_state *s, int player)
{
    int i;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner == player)
            return 1;
    for (i = 0; i < s->nf; i++)
        if (s->fleets[i].owner == player)
            return 1;
    return 0;
}

int ar_pw_ships(const pw_state *s, int player)
{
    int i, n = 0;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner == player)
            n += s->planets[i].ships;
    for (i = 0; i < s->nf; i++)
        if (s->fleets[i].owner == player)
            n += s->fleets[i].ships;
    return n;
}

int ar_pw_production(const pw_state *s, int player)
{
    int i, n = 0;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner == player)
            n += s->planets[i].growth;
    return n;
}

int ar_pw_winner(const pw_state *s, int max_turns)
{
    int a1 = ar_pw_alive(s, 1), a2 = ar_pw_alive(s, 2);
    if (s->turn > max_turns) {
        int n1 = a1 ? ar_pw_ships(s, 1) : -1, n2 = a2 ? ar_pw_ships(s, 2) : -1;
        if (!a1 && !a2)
            return 0; /* (the engine would play on with nobody; a draw) */
        return n1 == n2 ? 0 : n1 > n2 ? 1 : 2;
    }
    if (a1 && a2)
        return -1;
    return a1 ? 1 : a2 ? 2 : 0;
}

void ar_pw_swap(pw_state *s)
{
    int i;
    for (i = 0; i < s->np; i++)
        if (s->planets[i].owner)
            s->planets[i].owner = 3 - s->planets[i].owner;
    for (i = 0; i < s->nf; i++)
        if (s->fleets[i].owner)
            s->fleets[i].owner = 3 - s->fleets[i].owner;
}

/* ------------------------------------------------------------- playback */

void ar_pw_playback(const pw_state *s, char *buf, size_t size)
{
    size_t len = 0;
    int i;
    if (size == 0)
        return;
    buf[0] = 0;
    for (i = 0; i < s->np && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d.%d", i ? "," : "", s->planets[i].owner,
                                s->planets[i].ships);
    for (i = 0; i < s->nf && len < size; i++) {
        const pw_fleet *f = &s->fleets[i];
        len += (size_t)snprintf(buf + len, size - len, ",%d.%d.%d.%d.%d.%d", f->owner, f->ships, f->src, f->dst,
                                f->total, f->remaining);
    }
}

ar_status ar_pw_parse_playback(const char *text, pw_state *s, ar_error *err)
{
    const char *p = text;
    int item = 0;
    s->nf = 0;
    while (*p && *p != '\n') {
        long v[6];
        int k = 0;
        for (;;) {
            char *end;
            errno = 0;
            if (*p < '0' || *p > '9')
                return ar_error_set(err, AR_ERR_INPUT, "playback item %d: expected a number at '%.10s'", item + 1, p);
            v[k] = strtol(p, &end, 10);
            if (errno || v[k] > 1000000000L)
                return ar_error_set(err, AR_ERR_INPUT, "playback item %d: number out of range", item + 1);
            p = end;
            k++;
            if (*p != '.' || k == 6)
                break;
            p++;
        }
        if (item < s->np) {
            if (k != 2 || v[0] > 2)
                return ar_error_set(err, AR_ERR_INPUT, "playback item %d: a planet is owner.ships (owner 0..2)", item + 1);
            s->planets[item].owner = (int)v[0];
            s->planets[item].ships = (int)v[1];
        } else {
            pw_fleet f;
            if (k != 6 || v[0] > 2 || v[2] >= s->np || v[3] >= s->np || v[5] > v[4])
                return ar_error_set(err, AR_ERR_INPUT,
                                    "playback item %d: a fleet is owner.ships.source.destination.total.left", item + 1);
            f.owner = (int)v[0], f.ships = (int)v[1], f.src = (int)v[2], f.dst = (int)v[3], f.total = (int)v[4],
            f.remaining = (int)v[5];
            add_fleet(s, &f);
        }
        item++;
        if (*p == ',')
            p++;
        else if (*p && *p != '\n' && *p != '\r')
            return ar_error_set(err, AR_ERR_INPUT, "playback item %d: unexpected '%c'", item, *p);
        else
            break;
    }
    if (item < s->np)
        return ar_error_set(err, AR_ERR_INPUT, "playback: %d planets, the map has %d", item, s->np);
    return AR_OK;
}
