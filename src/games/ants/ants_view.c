/* ants_view.c — the contest protocol both ways. The engine's side writes
 * what one player sees, exactly as ants.py's render_changes does (water
 * seen for the first time, then the visible hills, ants, food and dead ants
 * sorted by square, with the players renumbered as that player met them);
 * the bot's side reads those lines into a view (ants_view), the only thing
 * any bot of the ladder knows — the in-process bots read the same text the
 * external ones get. Orders come back as `o ROW COL N|E|S|W` lines. */
#include "ants_game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ants_view *ar_ants_view_new(const ants_view *settings)
{
    ants_view *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    *w = *settings;
    w->n = w->rows * w->cols;
    w->water = calloc((size_t)w->n, 1);
    w->visible = calloc((size_t)w->n, 1);
    w->ant = malloc((size_t)w->n);
    w->food = calloc((size_t)w->n, 1);
    w->hill = malloc((size_t)w->n);
    w->mine = malloc(sizeof *w->mine * (size_t)w->n);
    if (!w->water || !w->visible || !w->ant || !w->food || !w->hill || !w->mine) {
        ar_ants_view_free(w);
        return NULL;
    }
    memset(w->ant, 255, (size_t)w->n);
    memset(w->hill, -1, (size_t)w->n);
    return w;
}

void ar_ants_view_free(ants_view *w)
{
    if (!w)
        return;
    free(w->water);
    free(w->visible);
    free(w->ant);
    free(w->food);
    free(w->hill);
    free(w->mine);
    free(w);
}

void ar_ants_view_begin_turn(ants_view *w, int turn)
{
    w->turn = turn;
    memset(w->ant, 255, (size_t)w->n);
    memset(w->food, 0, (size_t)w->n);
    memset(w->hill, -1, (size_t)w->n);
    w->nmine = 0;
}

int ar_ants_view_read_setting(ants_view *s, const char *line, char *why, size_t why_size)
{
    static const char *const names[] = {"loadtime", "turntime", "rows", "cols", "turns", "viewradius2",
                                        "attackradius2", "spawnradius2", "player_seed", "turn", NULL};
    char name[32];
    long long x;
    int n = 0;
    if (sscanf(line, "%31s %lld%n", name, &x, &n) != 2)
        return 0;
    for (int i = 0; names[i]; i++) {
        if (strcmp(name, names[i]) != 0)
            continue;
        if (line[n] && !isspace((unsigned char)line[n])) {
            snprintf(why, why_size, "'%s': not a whole number", line);
            return -1;
        }
        if (i != 8 && (x < 0 || x > 100000000)) {
            snprintf(why, why_size, "'%s': out of range", line);
            return -1;
        }
        switch (i) {
        case 0: s->loadtime = (int)x; break;
        case 1: s->turntime = (int)x; break;
        case 2:
        case 3:
            if (x < 1 || x > ANTS_MAX_SIDE) {
                snprintf(why, why_size, "'%s': the map side must be 1 to %d", line, ANTS_MAX_SIDE);
                return -1;
            }
            if (i == 2)
                s->rows = (int)x;
            else
                s->cols = (int)x;
            break;
        case 4: s->turns = (int)x; break;
        case 5: s->viewradius2 = (int)x; break;
        case 6: s->attackradius2 = (int)x; break;
        case 7: s->spawnradius2 = (int)x; break;
        case 8: s->player_seed = x; break;
        default: break;
        }
        return 1;
    }
    return 0;
}

int ar_ants_view_read_line(ants_view *w, const char *line, char *why, size_t why_size)
{
    char kind;
    int r, c, o = 0, n = 0, fields;
    while (*line == ' ')
        line++;
    if (!*line || *line == '#')
        return 0;
    kind = line[0];
    if (!strchr("wfhad", kind) || line[1] != ' ') {
        snprintf(why, why_size, "'%.40s' is not a w, f, h, a or d line", line);
        return -1;
    }
    fields = sscanf(line + 2, "%d %d %d%n", &r, &c, &o, &n);
    if (kind == 'w' || kind == 'f') {
        n = 0;
        fields = sscanf(line + 2, "%d %d%n", &r, &c, &n) == 2 ? 3 : 0;
    }
    if (fields != 3 || (line[2 + n] && line[2 + n] != '\r' && line[2 + n] != ' ')) {
        snprintf(why, why_size, "'%.40s': expected %c ROW COL%s", line, kind, kind == 'w' || kind == 'f' ? "" : " OWNER");
        return -1;
    }
    if (r < 0 || r >= w->rows || c < 0 || c >= w->cols || o < 0 || o >= ANTS_MAX_PLAYERS) {
        snprintf(why, why_size, "'%.40s': off the %dx%d map or no such player", line, w->rows, w->cols);
        return -1;
    }
    int sq = r * w->cols + c;
    switch (kind) {
    case 'w': w->water[sq] = 1; break;
    case 'f': w->food[sq] = 1; break;
    case 'h': w->hill[sq] = (int8_t)o; break;
    case 'a': w->ant[sq] = (uint8_t)o; break;
    default: break; /* the dead are not needed by the bots */
    }
    return 0;
}

void ar_ants_view_finish_turn(ants_view *w)
{
    int mx = 0;
    while ((mx + 1) * (mx + 1) <= w->viewradius2)
        mx++;
    memset(w->visible, 0, (size_t)w->n);
    w->nmine = 0;
    for (int sq = 0; sq < w->n; sq++)
        if (w->ant[sq] == 0)
            w->mine[w->nmine++] = sq;
    for (int i = 0; i < w->nmine; i++) {
        int r0 = w->mine[i] / w->cols, c0 = w->mine[i] % w->cols;
        for (int dr = -mx; dr <= mx; dr++)
            for (int dc = -mx; dc <= mx; dc++) {
                if (dr * dr + dc * dc > w->viewradius2)
                    continue;
                int r = ((r0 + dr) % w->rows + w->rows) % w->rows, c = ((c0 + dc) % w->cols + w->cols) % w->cols;
                w->visible[r * w->cols + c] = 1;
            }
    }
}

/* ------------------------------------------------------- engine side */

typedef struct tbuf {
    char *s;
    size_t len, cap;
} tbuf;

static void tput(tbuf *b, const char *fmt, int x, int y, int z, int three)
{
    char line[64];
    int n = three ? snprintf(line, sizeof line, fmt, x, y, z) : snprintf(line, sizeof line, fmt, x, y);
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap * 2 + (size_t)n + 64;
        char *s = realloc(b->s, cap);
        if (!s)
            abort();
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, line, (size_t)n + 1);
    b->len += (size_t)n;
}

char *ar_ants_protocol_start(const struct ar_variant *v, long long player_seed)
{
    char *s = malloc(512);
    if (!s)
        abort();
    snprintf(s, 512,
             "turn 0\nloadtime %d\nturntime %d\nrows %d\ncols %d\nturns %d\nviewradius2 %d\nattackradius2 %d\n"
             "spawnradius2 %d\nplayer_seed %lld\nready\n",
             v->loadtime, v->turntime, v->rows, v->cols, v->turns, v->viewradius2, v->attackradius2,
             v->spawnradius2, player_seed);
    return s;
}

/* The player's number for owner q, met now if not before (render_changes). */
static int renumber(const struct ar_variant *v, ants_head *h, int player, int q)
{
    if (h->sw[player][q] < 0) {
        int known = 0;
        for (int r = 0; r < v->players; r++)
            known += h->sw[player][r] >= 0;
        h->sw[player][q] = (int8_t)known;
    }
    return h->sw[player][q];
}

char *ar_ants_protocol_turn(const struct ar_variant *v, const void *cpos, int player, uint8_t *told_water)
{
    /* the numbering of players met is part of the game's state, as in ants.py */
    void *pos = (void *)(uintptr_t)cpos;
    ants_head *h = pos;
    const uint8_t *map = ANTS_MAP(v, pos), *food = ANTS_FOOD(v, pos);
    uint8_t *vis = malloc((size_t)v->n);
    tbuf b = {NULL, 0, 0};
    if (!vis)
        abort();
    ar_ants_vision(v, pos, player, vis);
    b.cap = 256;
    b.s = malloc(b.cap);
    if (!b.s)
        abort();
    b.s[0] = '\0';
    for (int sq = 0; sq < v->n; sq++)
        if (vis[sq] && v->water[sq] && !told_water[sq]) {
            told_water[sq] = 1;
            tput(&b, "w %d %d\n", sq / v->cols, sq % v->cols, 0, 0);
        }
    for (int sq = 0; sq < v->n; sq++) {
        int hill = v->hill_at[sq];
        if (hill >= 0 && vis[sq] && ANTS_HILL_BY(v, pos)[hill] < 0)
            tput(&b, "h %d %d %d\n", sq / v->cols, sq % v->cols, renumber(v, h, player, v->hill_owner[hill]), 1);
    }
    for (int sq = 0; sq < v->n; sq++)
        if (vis[sq] && map[sq] < ANTS_MAX_PLAYERS)
            tput(&b, "a %d %d %d\n", sq / v->cols, sq % v->cols, renumber(v, h, player, map[sq]), 1);
    for (int sq = 0; sq < v->n; sq++)
        if (vis[sq] && food[sq])
            tput(&b, "f %d %d\n", sq / v->cols, sq % v->cols, 0, 0);
    /* the dead, by square then owner (ants.py sorts them so) */
    {
        int nd = h->ndead;
        const int32_t *dl = ANTS_DEAD_LOC(v, pos);
        const uint8_t *dw = ANTS_DEAD_OWNER(v, pos);
        int *idx = malloc(sizeof *idx * (size_t)(nd + 1));
        if (!idx)
            abort();
        for (int i = 0; i < nd; i++)
            idx[i] = i;
        for (int i = 1; i < nd; i++) {
            int x = idx[i], j = i - 1;
            while (j >= 0 && (dl[idx[j]] > dl[x] || (dl[idx[j]] == dl[x] && dw[idx[j]] > dw[x]))) {
                idx[j + 1] = idx[j];
                j--;
            }
            idx[j + 1] = x;
        }
        for (int i = 0; i < nd; i++) {
            int sq = dl[idx[i]], o = dw[idx[i]];
            if (vis[sq] || o == player)
                tput(&b, "d %d %d %d\n", sq / v->cols, sq % v->cols, renumber(v, h, player, o), 1);
        }
        free(idx);
    }
    free(vis);
    return b.s;
}

void ar_ants_view_from_engine(ants_view *w, const struct ar_variant *v, const void *pos, int player,
                           uint8_t *told_water)
{
    char *text = ar_ants_protocol_turn(v, pos, player, told_water), *line = text, why[128];
    ar_ants_view_begin_turn(w, ((const ants_head *)pos)->turn + 1);
    while (line && *line) {
        char *e = strchr(line, '\n');
        if (e)
            *e = '\0';
        (void)ar_ants_view_read_line(w, line, why, sizeof why);
        line = e ? e + 1 : NULL;
    }
    ar_ants_view_finish_turn(w);
    free(text);
}

long ar_ants_parse_orders(const struct ar_variant *v, const char *text, ants_order *out, size_t cap, char *why,
                       size_t why_size)
{
    size_t k = 0;
    const char *s = text;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        const char *next = e ? e + 1 : s + len;
        char line[128], d;
        int r, c, n = 0;
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' '))
            len--;
        while (len && *s == ' ') {
            s++;
            len--;
        }
        if (len && s[0] != '#') {
            if (len >= sizeof line) {
                snprintf(why, why_size, "a line of %zu characters is no order", len);
                return -1;
            }
            memcpy(line, s, len);
            line[len] = '\0';
            for (size_t i = 0; i < len; i++)
                line[i] = (char)tolower((unsigned char)line[i]);
            if (sscanf(line, "o %d %d %c%n", &r, &c, &d, &n) != 3 || line[n] || !d || !strchr("nesw", d)) {
                snprintf(why, why_size, "'%.60s' is not an order 'o ROW COL N|E|S|W'", line);
                return -1;
            }
            if (r < 0 || r >= v->rows || c < 0 || c >= v->cols) {
                snprintf(why, why_size, "'%.60s': off the %dx%d map", line, v->rows, v->cols);
                return -1;
            }
            if (k < cap)
                out[k++] = (ants_order){r * v->cols + c, (int32_t)(strchr("nesw", d) - "nesw")};
        }
        s = next;
    }
    return (long)k;
}
