/* ants_text.c — an Ants variant from options, and a position as one line of
 * text (format, parse, hash) and as one player's view (observe).
 *
 * Position text: space-separated fields `NAME=VALUE`: t turn, e end reason,
 * sc scores, bo bonus, hv hive, kl killed players, sw the players' numbering
 * of each other, cb/ct/hk the cutoff counter, fx the food fraction, rng the
 * generator, hl/hb/hr/he each hill's last touch, razer, points taken and
 * raze turn, rv each player's revealed squares (hex), d this turn's deaths
 * (square:owner), f food under ants, m the squares row by row joined by '/'
 * ('.' land, '%' water, '*' food, 'a'-'j' ants, '?' unseen in a view). */
#include "ants_internal.h"
#include "ants_game.h"
#include "ariadne/tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A small 2-player map for the default variant (the generic tools and the
 * conformance tests); contest maps come with --map. */
static const char default_map[] = "rows 12\ncols 24\nplayers 2\n"
                                  "m ........................\n"
                                  "m ...%%.........%%........\n"
                                  "m ...%.....0.....%........\n"
                                  "m ........................\n"
                                  "m ........%%.......%%.....\n"
                                  "m ........................\n"
                                  "m ........................\n"
                                  "m .....%%.........%%......\n"
                                  "m ........................\n"
                                  "m ....%.....1.....%.......\n"
                                  "m ....%%.........%%.......\n"
                                  "m ........................\n";

static ar_status int_opt(const ar_param *params, size_t count, const char *name, long lo, long hi, int *field,
                         ar_error *err)
{
    long x;
    ar_status st = ar_param_int(params, count, name, lo, hi, *field, &x, err);
    if (st == AR_OK)
        *field = (int)x;
    return st;
}

ar_status ar_ants_variant_create_params(const ar_param *params, size_t count, struct ar_variant **out, ar_error *err)
{
    const char *file = ar_param_get(params, count, "map");
    char why[256];
    char *text = NULL;
    struct ar_variant *v;
    ar_status st;
    const char *pct;
    *out = NULL;
    if (file) {
        text = ar_read_file(file, why, sizeof why);
        if (!text)
            return ar_error_set(err, AR_ERR_INPUT, "parameter map: %s", why);
    }
    st = ar_ants_variant_from_text(text ? text : default_map, file ? file : "the default map", &v, err);
    free(text);
    if (st != AR_OK)
        return st;
    if ((st = int_opt(params, count, "turns", 1, 100000, &v->turns, err)) ||
        (st = int_opt(params, count, "turntime", 1, 3600000, &v->turntime, err)) ||
        (st = int_opt(params, count, "loadtime", 1, 3600000, &v->loadtime, err)) ||
        (st = int_opt(params, count, "viewradius2", 1, 400, &v->viewradius2, err)) ||
        (st = int_opt(params, count, "attackradius2", 1, 100, &v->attackradius2, err)) ||
        (st = int_opt(params, count, "spawnradius2", 1, 100, &v->spawnradius2, err)) ||
        (st = int_opt(params, count, "cutoff-turn", 1, 100000, &v->cutoff_turn, err)) ||
        (st = int_opt(params, count, "food-rate", 0, 1000, &v->food_rate, err)) ||
        (st = int_opt(params, count, "food-turn", 1, 1000, &v->food_turn, err)) ||
        (st = int_opt(params, count, "food-start", 0, 100000, &v->food_start, err)) ||
        (st = int_opt(params, count, "food-visible", 0, 100, &v->food_visible, err))) {
        ar_ants_variant_free(v);
        return st;
    }
    if ((pct = ar_param_get(params, count, "cutoff-percent")) != NULL) {
        char *end;
        double x = strtod(pct, &end);
        if (end == pct || *end || !(x > 0 && x <= 1)) {
            ar_ants_variant_free(v);
            return ar_error_set(err, AR_ERR_INPUT, "parameter cutoff-percent: '%s' is not a fraction in (0, 1]", pct);
        }
        v->cutoff_percent = x;
    }
    if ((pct = ar_param_get(params, count, "seed")) != NULL)
        v->seed = strtoull(pct, NULL, 10);
    st = ar_ants_variant_prepare(v, err);
    if (st != AR_OK) {
        ar_ants_variant_free(v);
        return st;
    }
    *out = v;
    return AR_OK;
}

/* ------------------------------------------------------------ the text */

typedef struct sbuf {
    char *buf;
    size_t size, len;
} sbuf;

static void put(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#include <stdarg.h>
static void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (b->len >= b->size)
        return;
    va_start(ap, fmt);
    n = vsnprintf(b->buf + b->len, b->size - b->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->len += (size_t)n;
    if (b->len >= b->size)
        b->len = b->size;
}

static void put_ints(sbuf *b, const char *name, const int32_t *x, int n)
{
    put(b, " %s=", name);
    for (int i = 0; i < n; i++)
        put(b, i ? ",%d" : "%d", (int)x[i]);
}

char ar_ants_square_char(const struct ar_variant *v, const void *pos, int sq)
{
    uint8_t m = ANTS_MAP(v, pos)[sq];
    if (m < ANTS_MAX_PLAYERS)
        return (char)('a' + m);
    return m == SQ_WATER ? '%' : m == SQ_FOOD ? '*' : m == SQ_UNSEEN ? '?' : '.';
}

void ar_ants_format_position(const struct ar_variant *v, const void *pos, char *buf, size_t size)
{
    const ants_head *h = pos;
    sbuf b = {buf, size, 0};
    int32_t tmp[ANTS_MAX_PLAYERS * ANTS_MAX_PLAYERS];
    if (!size)
        return;
    buf[0] = '\0';
    put(&b, "t=%d e=%d", (int)h->turn, (int)h->ended);
    put_ints(&b, "sc", h->score, v->players);
    put_ints(&b, "bo", h->bonus, v->players);
    put_ints(&b, "hv", h->hive, v->players);
    for (int p = 0; p < v->players; p++)
        tmp[p] = h->killed[p];
    put_ints(&b, "kl", tmp, v->players);
    for (int p = 0; p < v->players; p++)
        for (int q = 0; q < v->players; q++)
            tmp[p * v->players + q] = h->sw[p][q];
    put_ints(&b, "sw", tmp, v->players * v->players);
    put(&b, " cb=%d ct=%d hk=%d fx=%lld rng=%llx,%llx,%llx,%llx", (int)h->cutoff_bot, (int)h->cutoff_turns,
        (int)h->hill_kill, (long long)h->food_extra, (unsigned long long)h->rng.s[0],
        (unsigned long long)h->rng.s[1], (unsigned long long)h->rng.s[2], (unsigned long long)h->rng.s[3]);
    put_ints(&b, "hl", ANTS_HILL_LAST(v, pos), v->nhills);
    put(&b, " hb=");
    for (int i = 0; i < v->nhills; i++)
        put(&b, i ? ",%d" : "%d", ANTS_HILL_BY(v, pos)[i]);
    put(&b, " hr=");
    for (int i = 0; i < v->nhills; i++)
        put(&b, "%d", ANTS_HILL_RAZE(v, pos)[i]);
    put_ints(&b, "he", ANTS_HILL_END(v, pos), v->nhills);
    put(&b, " rv=");
    for (int p = 0; p < v->players; p++) {
        const uint8_t *r = ANTS_REVEALED(v, pos, p);
        if (p)
            put(&b, "/");
        for (size_t i = 0; i < v->revealed_bytes; i++)
            put(&b, "%02x", r[i]);
    }
    put(&b, " d=");
    for (int i = 0; i < h->ndead; i++)
        put(&b, i ? ",%d:%d" : "%d:%d", (int)ANTS_DEAD_LOC(v, pos)[i], ANTS_DEAD_OWNER(v, pos)[i]);
    put(&b, " f=");
    for (int sq = 0, k = 0; sq < v->n; sq++)
        if (ANTS_FOOD(v, pos)[sq] && ANTS_MAP(v, pos)[sq] != SQ_FOOD)
            put(&b, k++ ? ",%d" : "%d", sq);
    put(&b, " m=");
    for (int sq = 0; sq < v->n; sq++) {
        if (sq && sq % v->cols == 0)
            put(&b, "/");
        put(&b, "%c", ar_ants_square_char(v, pos, sq));
    }
}

static const char *field(const char *text, const char *name)
{
    size_t len = strlen(name);
    const char *s = text;
    while (s && *s) {
        if ((s == text || s[-1] == ' ') && strncmp(s, name, len) == 0 && s[len] == '=')
            return s + len + 1;
        s = strchr(s, ' ');
        if (s)
            s++;
    }
    return NULL;
}

static int read_list(const char *s, long long *out, int n, int base)
{
    for (int i = 0; i < n; i++) {
        char *end;
        if (!s)
            return -1;
        out[i] = strtoll(s, &end, base);
        if (end == s || (i + 1 < n && *end != ',') || (i + 1 == n && *end && *end != ' '))
            return -1;
        s = end + 1;
    }
    return 0;
}

ar_status ar_ants_parse_position(const struct ar_variant *v, const char *text, void *pos, ar_error *err)
{
    ants_head *h = pos;
    long long x[ANTS_MAX_PLAYERS * ANTS_MAX_PLAYERS + 8];
    const char *s;
    static const char *const names[] = {"t", "e", "sc", "bo", "hv", "kl", "sw", "cb", "ct", "hk", "fx", "rng",
                                        "hl", "hb", "hr", "he", "rv", "d", "f", "m"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!field(text, names[i]))
            return ar_error_set(err, AR_ERR_INPUT, "the position has no %s= field", names[i]);
    /* every word is one of the fields */
    for (s = text; *s; s++) {
        size_t len = strcspn(s, "= ");
        int known = 0;
        for (size_t i = 0; i < sizeof names / sizeof *names; i++)
            known |= strlen(names[i]) == len && strncmp(s, names[i], len) == 0 && s[len] == '=';
        if (!known)
            return ar_error_set(err, AR_ERR_INPUT, "'%.20s' is not a field of the position (t=, e=, sc=, ... m=)", s);
        s = strchr(s, ' ');
        if (!s)
            break;
    }
    memset(pos, 0, v->size);
    if (read_list(field(text, "t"), x, 1, 10) || x[0] < 0 || x[0] > 1000000)
        return ar_error_set(err, AR_ERR_INPUT, "t= is not a turn number");
    h->turn = (int32_t)x[0];
    if (read_list(field(text, "e"), x, 1, 10) || x[0] < END_NONE || x[0] > END_TURNS)
        return ar_error_set(err, AR_ERR_INPUT, "e= is not an end reason 0..6");
    h->ended = (int32_t)x[0];
#define LIST(name, n, lo, hi)                                                                                          \
    do {                                                                                                               \
        if (read_list(field(text, name), x, (n), 10))                                                                  \
            return ar_error_set(err, AR_ERR_INPUT, name "= needs %d comma-separated numbers", (int)(n));               \
        for (int i_ = 0; i_ < (n); i_++)                                                                               \
            if (x[i_] < (lo) || x[i_] > (hi))                                                                          \
                return ar_error_set(err, AR_ERR_INPUT, name "= has %lld, out of range", x[i_]);                        \
    } while (0)
    LIST("sc", v->players, -100000, 100000);
    for (int p = 0; p < v->players; p++)
        h->score[p] = (int32_t)x[p];
    LIST("bo", v->players, -100000, 100000);
    for (int p = 0; p < v->players; p++)
        h->bonus[p] = (int32_t)x[p];
    LIST("hv", v->players, 0, 10000000);
    for (int p = 0; p < v->players; p++)
        h->hive[p] = (int32_t)x[p];
    LIST("kl", v->players, 0, 1);
    for (int p = 0; p < v->players; p++)
        h->killed[p] = (uint8_t)x[p];
    LIST("sw", v->players * v->players, -1, v->players - 1);
    for (int p = 0; p < ANTS_MAX_PLAYERS; p++)
        for (int q = 0; q < ANTS_MAX_PLAYERS; q++)
            h->sw[p][q] = (int8_t)(p < v->players && q < v->players ? x[p * v->players + q] : (p == q ? 0 : -1));
    LIST("cb", 1, CUTOFF_FOOD, v->players - 1);
    h->cutoff_bot = (int32_t)x[0];
    LIST("ct", 1, 0, 10000000);
    h->cutoff_turns = (int32_t)x[0];
    LIST("hk", 1, 0, 1);
    h->hill_kill = (int32_t)x[0];
    LIST("fx", 1, 0, 1000000000);
    h->food_extra = x[0];
    s = field(text, "rng");
    for (int i = 0; i < 4; i++) {
        char *end;
        h->rng.s[i] = strtoull(s, &end, 16);
        if (end == s || *end != (i < 3 ? ',' : ' '))
            return ar_error_set(err, AR_ERR_INPUT, "rng= needs 4 hexadecimal numbers");
        s = end + 1;
    }
    {
        long long *a = malloc(sizeof *a * (size_t)(v->nhills + 1));
        static const char *const names2[] = {"hl", "hb", "he"};
        if (!a)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        for (int k = 0; k < 3; k++) {
            if (v->nhills && read_list(field(text, names2[k]), a, v->nhills, 10)) {
                free(a);
                return ar_error_set(err, AR_ERR_INPUT, "%s= needs %d comma-separated numbers", names2[k], v->nhills);
            }
            for (int i = 0; i < v->nhills; i++) {
                if (k == 1 && (a[i] < -1 || a[i] >= v->players)) {
                    long long bad = a[i];
                    free(a);
                    return ar_error_set(err, AR_ERR_INPUT, "hb= has %lld, not a player or -1", bad);
                }
                if (k == 0)
                    ANTS_HILL_LAST(v, pos)[i] = (int32_t)a[i];
                else if (k == 1)
                    ANTS_HILL_BY(v, pos)[i] = (int8_t)a[i];
                else
                    ANTS_HILL_END(v, pos)[i] = (int32_t)a[i];
            }
        }
        free(a);
        s = field(text, "hr");
        for (int i = 0; i < v->nhills; i++) {
            if (s[i] != '0' && s[i] != '1')
                return ar_error_set(err, AR_ERR_INPUT, "hr= needs %d digits 0 or 1", v->nhills);
            ANTS_HILL_RAZE(v, pos)[i] = (uint8_t)(s[i] - '0');
        }
    }
    s = field(text, "rv");
    for (int p = 0; p < v->players; p++) {
        uint8_t *r = ANTS_REVEALED(v, pos, p);
        for (size_t i = 0; i < v->revealed_bytes; i++) {
            unsigned byte;
            if (sscanf(s, "%2x", &byte) != 1 || !s[0] || !s[1])
                return ar_error_set(err, AR_ERR_INPUT, "rv= needs %zu hex bytes per player", v->revealed_bytes);
            r[i] = (uint8_t)byte;
            s += 2;
        }
        if (p + 1 < v->players && *s++ != '/')
            return ar_error_set(err, AR_ERR_INPUT, "rv= needs one block per player, joined by '/'");
    }
    s = field(text, "d");
    while (*s && *s != ' ') {
        int sq, o, n = 0;
        if (sscanf(s, "%d:%d%n", &sq, &o, &n) != 2 || sq < 0 || sq >= v->n || o < 0 || o >= v->players ||
            h->ndead >= v->n)
            return ar_error_set(err, AR_ERR_INPUT, "d= needs square:owner pairs");
        ANTS_DEAD_LOC(v, pos)[h->ndead] = sq;
        ANTS_DEAD_OWNER(v, pos)[h->ndead++] = (uint8_t)o;
        s += n;
        if (*s == ',')
            s++;
    }
    s = field(text, "m");
    for (int sq = 0; sq < v->n; sq++) {
        uint8_t *m = &ANTS_MAP(v, pos)[sq];
        if (sq && sq % v->cols == 0 && *s++ != '/')
            return ar_error_set(err, AR_ERR_INPUT, "m=: row %d is not %d squares long", sq / v->cols - 1, v->cols);
        char c = *s++;
        if (c >= 'a' && c < 'a' + v->players)
            *m = (uint8_t)(c - 'a');
        else if (c == '.')
            *m = SQ_LAND;
        else if (c == '%')
            *m = SQ_WATER;
        else if (c == '*') {
            *m = SQ_FOOD;
            ANTS_FOOD(v, pos)[sq] = 1;
        } else if (c == '?')
            *m = SQ_UNSEEN;
        else
            return ar_error_set(err, AR_ERR_INPUT, "m=: row %d column %d: '%c' is not . %% * ? or a-%c", sq / v->cols,
                                sq % v->cols, c ? c : ' ', 'a' + v->players - 1);
        if (v->water[sq] != (*m == SQ_WATER) && *m != SQ_UNSEEN)
            return ar_error_set(err, AR_ERR_INPUT, "m=: row %d column %d disagrees with the map's water", sq / v->cols,
                                sq % v->cols);
    }
    if (*s && *s != ' ')
        return ar_error_set(err, AR_ERR_INPUT, "m=: more squares than the map's %d x %d", v->rows, v->cols);
    s = field(text, "f");
    while (*s && *s != ' ') {
        int sq, n = 0;
        if (sscanf(s, "%d%n", &sq, &n) != 1 || sq < 0 || sq >= v->n)
            return ar_error_set(err, AR_ERR_INPUT, "f= needs square numbers");
        ANTS_FOOD(v, pos)[sq] = 1;
        s += n;
        if (*s == ',')
            s++;
    }
#undef LIST
    return AR_OK;
}

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

uint64_t ar_ants_hash(const struct ar_variant *v, const void *pos)
{
    const ants_head *h = pos;
    uint64_t x = fnv(1469598103934665603ull, pos, sizeof *h);
    x = fnv(x, (const uint8_t *)pos + v->off_map, v->off_dead_loc - v->off_map);
    x = fnv(x, ANTS_DEAD_LOC(v, pos), sizeof(int32_t) * (size_t)h->ndead);
    x = fnv(x, ANTS_DEAD_OWNER(v, pos), (size_t)h->ndead);
    return x;
}

void ar_ants_observe(const struct ar_variant *v, const void *pos, int player, void *view)
{
    ants_head *h = view;
    uint8_t *vis = malloc((size_t)v->n);
    int k = 0;
    if (!vis)
        abort();
    memcpy(view, pos, v->size);
    ar_ants_vision(v, pos, player, vis);
    for (int sq = 0; sq < v->n; sq++) {
        int revealed = (ANTS_REVEALED(v, pos, player)[sq >> 3] >> (sq & 7)) & 1;
        if (vis[sq])
            continue;
        ANTS_MAP(v, view)[sq] = revealed && v->water[sq] ? SQ_WATER : SQ_UNSEEN;
        ANTS_FOOD(v, view)[sq] = 0;
    }
    for (int q = 0; q < v->players; q++) {
        if (q != player) {
            h->hive[q] = 0;
            memset(ANTS_REVEALED(v, view, q), 0, v->revealed_bytes);
        }
        for (int r = 0; r < ANTS_MAX_PLAYERS; r++)
            if (q != player)
                h->sw[q][r] = (int8_t)(q == r ? 0 : -1);
    }
    memset(&h->rng, 0, sizeof h->rng);
    h->food_extra = 0;
    for (int i = 0; i < h->ndead; i++) {
        int sq = ANTS_DEAD_LOC(v, pos)[i], o = ANTS_DEAD_OWNER(v, pos)[i];
        if (vis[sq] || o == player) {
            ANTS_DEAD_LOC(v, view)[k] = sq;
            ANTS_DEAD_OWNER(v, view)[k++] = (uint8_t)o;
        }
    }
    h->ndead = k;
    free(vis);
}
