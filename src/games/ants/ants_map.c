/* ants_map.c — reading an Ants map (the contest format) into a variant, and
 * the variant's derived tables: the neighbourhoods of the view, attack and
 * spawn radii, the food sections and the layout of a position.
 *
 * Format: lines `rows R`, `cols C`, `players P` (2..10), then R lines `m ...`
 * of C characters: `.` land, `%` water, `*` food, `a`-`j` an ant, `0`-`9` a
 * hill, `A`-`J` an ant on its hill; `#` comments and blank lines are skipped.
 * Every player must have at least one hill (a game starts with one ant per
 * hill); ants and food in the map are ignored as in the contest's games. */
#include "ants_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ar_ants_dir_letter[5] = {'n', 'e', 's', 'w', '-'};

int ar_ants_dist2(const struct ar_variant *v, int a, int b)
{
    int dr = abs(a / v->cols - b / v->cols), dc = abs(a % v->cols - b % v->cols);
    if (v->rows - dr < dr)
        dr = v->rows - dr;
    if (v->cols - dc < dc)
        dc = v->cols - dc;
    return dr * dr + dc * dc;
}

void ar_ants_variant_free(struct ar_variant *v)
{
    if (!v)
        return;
    free(v->water);
    free(v->hill_loc);
    free(v->hill_owner);
    free(v->hill_at);
    free(v->view);
    free(v->attack);
    free(v->spawn);
    free(v->access);
    free(v);
}

static int parse_int(const char *s, int *out)
{
    char *end;
    long x = strtol(s, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r')
        end++;
    if (end == s || *end || x < 0 || x > 1000000)
        return -1;
    *out = (int)x;
    return 0;
}

ar_status ar_ants_variant_from_text(const char *text, const char *name, struct ar_variant **out, ar_error *err)
{
    struct ar_variant *v = calloc(1, sizeof *v);
    const char *s = text;
    int line_no = 0, row = 0, hill_cap = 0, p;
    int have_hill[ANTS_MAX_PLAYERS] = {0};
    ar_status st = AR_OK;
    *out = NULL;
    if (!v)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    snprintf(v->name, sizeof v->name, "%s", name);
    v->rows = v->cols = v->players = -1;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        const char *next = e ? e + 1 : s + len;
        char line[ANTS_MAX_SIDE + 64];
        line_no++;
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            len--;
        if (len >= sizeof line) {
            st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: longer than %d characters", name, line_no,
                              (int)sizeof line - 1);
            goto fail;
        }
        memcpy(line, s, len);
        line[len] = '\0';
        s = next;
        if (!len || line[0] == '#')
            continue;
        if (strncmp(line, "rows ", 5) == 0 || strncmp(line, "cols ", 5) == 0 || strncmp(line, "players ", 8) == 0) {
            int x;
            const char *val = strchr(line, ' ') + 1;
            if (parse_int(val, &x)) {
                st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: '%s' is not a whole number", name, line_no, val);
                goto fail;
            }
            if (line[0] == 'p') {
                if (x < 2 || x > ANTS_MAX_PLAYERS) {
                    st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: players must be 2 to 10, not %d", name,
                                      line_no, x);
                    goto fail;
                }
                v->players = x;
            } else if (x < 2 || x > ANTS_MAX_SIDE) {
                st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: %s must be 2 to %d, not %d", name, line_no,
                                  line[0] == 'r' ? "rows" : "cols", ANTS_MAX_SIDE, x);
                goto fail;
            } else if (line[0] == 'r')
                v->rows = x;
            else
                v->cols = x;
            continue;
        }
        if (strncmp(line, "m ", 2) != 0) {
            char shown[24];
            snprintf(shown, sizeof shown, "%.20s", line);
            st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: '%s' is not rows, cols, players or an m line", name,
                              line_no, shown);
            goto fail;
        }
        if (v->rows < 0 || v->cols < 0 || v->players < 0) {
            st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: rows, cols and players must come before the m lines",
                              name, line_no);
            goto fail;
        }
        if (!v->water) {
            v->n = v->rows * v->cols;
            v->water = calloc((size_t)v->n, 1);
            if (!v->water) {
                st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
                goto fail;
            }
        }
        if (row >= v->rows) {
            st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: more than the %d rows the map declares", name, line_no,
                              v->rows);
            goto fail;
        }
        if ((int)len - 2 != v->cols) {
            st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: row %d has %d squares, the map has %d columns", name,
                              line_no, row, (int)len - 2, v->cols);
            goto fail;
        }
        for (int c = 0; c < v->cols; c++) {
            char ch = line[2 + c];
            int sq = row * v->cols + c, owner = -1;
            if (ch == '%')
                v->water[sq] = 1;
            else if (ch >= '0' && ch <= '9')
                owner = ch - '0';
            else if (ch >= 'A' && ch <= 'J')
                owner = ch - 'A';
            else if (ch >= 'a' && ch <= 'j') {
                if (ch - 'a' >= v->players) {
                    st = ar_error_set(err, AR_ERR_INPUT, "%s line %d column %d: ant '%c' of player %d, the map has %d players",
                                      name, line_no, c, ch, ch - 'a', v->players);
                    goto fail;
                }
            } else if (ch != '.' && ch != '*') {
                st = ar_error_set(err, AR_ERR_INPUT, "%s line %d column %d: unknown character '%c' (. %% * a-j 0-9 A-J)",
                                  name, line_no, c, ch);
                goto fail;
            }
            if (owner >= 0) {
                if (owner >= v->players) {
                    st = ar_error_set(err, AR_ERR_INPUT, "%s line %d column %d: hill '%c' of player %d, the map has %d players",
                                      name, line_no, c, ch, owner, v->players);
                    goto fail;
                }
                if (v->nhills == hill_cap) {
                    int cap = hill_cap ? 2 * hill_cap : 16;
                    int *a = realloc(v->hill_loc, (size_t)cap * sizeof *a), *b;
                    if (a)
                        v->hill_loc = a;
                    b = a ? realloc(v->hill_owner, (size_t)cap * sizeof *b) : NULL;
                    if (!b) {
                        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
                        goto fail;
                    }
                    v->hill_owner = b;
                    hill_cap = cap;
                }
                v->hill_loc[v->nhills] = sq;
                v->hill_owner[v->nhills++] = owner;
                have_hill[owner] = 1;
            }
        }
        row++;
    }
    if (v->rows < 0 || v->cols < 0 || v->players < 0) {
        st = ar_error_set(err, AR_ERR_INPUT, "%s: no %s line", name,
                          v->rows < 0 ? "rows" : v->cols < 0 ? "cols" : "players");
        goto fail;
    }
    if (row != v->rows) {
        st = ar_error_set(err, AR_ERR_INPUT, "%s line %d: the map declares %d rows, %d m lines came", name, line_no,
                          v->rows, row);
        goto fail;
    }
    for (p = 0; p < v->players; p++)
        if (!have_hill[p]) {
            st = ar_error_set(err, AR_ERR_INPUT, "%s: player %d has no hill ('%d' or '%c'), the map says players %d",
                              name, p, p, 'A' + p, v->players);
            goto fail;
        }
    for (int h = 0; h < v->nhills; h++)
        if (v->hill_owner[h] == 0)
            v->hills_of_first++;
    /* the contest's settings */
    v->turns = 1500;
    v->turntime = 500;
    v->loadtime = 3000;
    v->viewradius2 = 77;
    v->attackradius2 = 5;
    v->spawnradius2 = 1;
    v->cutoff_turn = 150;
    v->cutoff_percent = 0.85;
    v->food_rate = 8; /* the middles of ants.py's ranges (5,11), (19,37), (75,175), (3,5) */
    v->food_turn = 28;
    v->food_start = 125;
    v->food_visible = 4;
    v->seed = 1;
    *out = v;
    return AR_OK;
fail:
    ar_ants_variant_free(v);
    return st;
}

static int make_offsets(int r2, ants_offset **out)
{
    int mx = (int)sqrt((double)r2), k = 0;
    ants_offset *o = malloc(sizeof *o * (size_t)((2 * mx + 1) * (2 * mx + 1)));
    if (!o)
        return -1;
    for (int dr = -mx; dr <= mx; dr++)
        for (int dc = -mx; dc <= mx; dc++) {
            int d = dr * dr + dc * dc;
            if (d > 0 && d <= r2)
                o[k++] = (ants_offset){dr, dc};
        }
    free(*out);
    *out = o;
    return k;
}

/* The squares each player reaches strictly first from its starting ants
 * (ants.py's access_map), the sections the food is spread over. */
static int make_access(struct ar_variant *v)
{
    int *dist = malloc(sizeof *dist * (size_t)v->n), *queue = malloc(sizeof *queue * (size_t)v->n);
    uint16_t *who = calloc((size_t)v->n, sizeof *who);
    int head = 0, tail = 0, k = 0;
    if (!dist || !queue || !who) {
        free(dist);
        free(queue);
        free(who);
        return -1;
    }
    for (int i = 0; i < v->n; i++)
        dist[i] = -1;
    for (int h = 0; h < v->nhills; h++) {
        int sq = v->hill_loc[h];
        if (dist[sq] < 0)
            queue[tail++] = sq;
        dist[sq] = 0;
        who[sq] |= (uint16_t)(1u << v->hill_owner[h]);
    }
    while (head < tail) {
        int sq = queue[head++];
        for (int d = 0; d < 4; d++) {
            int t = ants_step(v, sq, d);
            if (v->water[t])
                continue;
            if (dist[t] < 0) {
                dist[t] = dist[sq] + 1;
                who[t] = who[sq];
                queue[tail++] = t;
            } else if (dist[t] == dist[sq] + 1)
                who[t] |= who[sq];
        }
    }
    free(v->access);
    v->access = malloc(sizeof *v->access * (size_t)(tail ? tail : 1));
    if (!v->access) {
        free(dist);
        free(queue);
        free(who);
        return -1;
    }
    for (int p = 0; p < v->players; p++) {
        v->access_start[p] = k;
        for (int i = 0; i < v->n; i++)
            if (dist[i] >= 0 && who[i] == (1u << p))
                v->access[k++] = i;
        v->access_count[p] = k - v->access_start[p];
    }
    free(dist);
    free(queue);
    free(who);
    return 0;
}

ar_status ar_ants_variant_prepare(struct ar_variant *v, ar_error *err)
{
    size_t off = sizeof(ants_head);
    free(v->hill_at);
    v->hill_at = malloc(sizeof *v->hill_at * (size_t)v->n);
    if (!v->hill_at)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
    for (int i = 0; i < v->n; i++)
        v->hill_at[i] = -1;
    for (int h = 0; h < v->nhills; h++)
        v->hill_at[v->hill_loc[h]] = h;
    v->nview = make_offsets(v->viewradius2, &v->view);
    v->nattack = make_offsets(v->attackradius2, &v->attack);
    v->nspawn = make_offsets(v->spawnradius2, &v->spawn);
    if (v->nview < 0 || v->nattack < 0 || v->nspawn < 0 || make_access(v))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
#define ANTS_PLACE(field, bytes)                                                                                       \
    do {                                                                                                               \
        off = (off + 7) & ~(size_t)7;                                                                                  \
        v->field = off;                                                                                                \
        off += (bytes);                                                                                                \
    } while (0)
    v->revealed_bytes = ((size_t)v->n + 7) / 8;
    ANTS_PLACE(off_map, (size_t)v->n);
    ANTS_PLACE(off_food, (size_t)v->n);
    ANTS_PLACE(off_hill_last, sizeof(int32_t) * (size_t)v->nhills);
    ANTS_PLACE(off_hill_by, (size_t)v->nhills);
    ANTS_PLACE(off_hill_raze, (size_t)v->nhills);
    ANTS_PLACE(off_hill_end, sizeof(int32_t) * (size_t)v->nhills);
    ANTS_PLACE(off_revealed, v->revealed_bytes * (size_t)v->players);
    ANTS_PLACE(off_dead_loc, sizeof(int32_t) * (size_t)v->n);
    ANTS_PLACE(off_dead_owner, (size_t)v->n);
#undef ANTS_PLACE
    v->size = (off + 7) & ~(size_t)7;
    return AR_OK;
}
