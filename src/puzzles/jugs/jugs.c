/* jugs.c — the water-jug puzzle, and the template to copy for a new domain.
 *
 * Two to six jugs of whole-litre capacities and a tap: fill a jug to the brim,
 * empty it, or pour one jug into another until the first is empty or the
 * second is full. The goal is that some jug holds exactly T litres (--target)
 * or that the jugs hold exactly the given amounts (--goal). The file is small
 * on purpose and fills in each kind of slot once; docs/adding-a-domain.md walks
 * through it. With --cost water it is also the search tests' domain with
 * non-unit move costs.
 *
 * Move notation, jugs numbered from 1 in the order of --capacities:
 *   F<i>      fill jug i from the tap                      F2
 *   E<i>      empty jug i onto the ground                  E1
 *   P<i>-<j>  pour jug i into jug j until i is empty or j is full   P2-1
 * Letters may be lower case. A move that changes nothing (filling a full jug,
 * emptying an empty one, pouring from an empty jug or into a full one) is not
 * legal, so every legal move moves at least one litre. */
#include "ariadne/page.h"
#include "ariadne/puzzle.h"
#include "ariadne/rng.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JUGS_MAX 6

enum { FILL, EMPTY, POUR };

struct ar_instance {
    unsigned n;                   /* number of jugs, 2..JUGS_MAX */
    unsigned char cap[JUGS_MAX];  /* capacities 1..255; unused jugs 0 */
    unsigned char start[JUGS_MAX];
    unsigned char goal[JUGS_MAX]; /* exact contents, when has_goal */
    int has_goal;                 /* else: some jug holds `target` */
    unsigned target;
    int water;                    /* --cost water: a move costs the litres it moves */
};

/* A move code packs the kind (bits 0-1), the jug filled, emptied or poured from
 * (bits 2-4), the jug poured into (bits 5-7; the same jug for F and E) and the
 * litres moved (bits 8-15). move_cost sees the move but not the state, so the
 * litres must travel in the code; legal_moves and parse_move compute them from
 * the state, so both produce the same code for the same move. */
static ar_move pack(unsigned kind, unsigned i, unsigned j, unsigned litres)
{
    return (ar_move)(kind | i << 2 | j << 5 | litres << 8);
}
#define KIND(m) ((m) & 3u)
#define FROM(m) ((m) >> 2 & 7u)
#define TO(m) ((m) >> 5 & 7u)
#define LITRES(m) ((m) >> 8 & 255u)

/* The move `kind` on jugs i and j in state s, or AR_ERR_INPUT saying why it
 * would change nothing. legal_moves calls it with err NULL. */
static ar_status make_move(const ar_instance *in, const unsigned char *s, unsigned kind, unsigned i,
                           unsigned j, ar_move *out, ar_error *err)
{
    unsigned have = s[i], room = in->cap[j] - (unsigned)s[j], litres;
    if (kind == FILL && s[i] == in->cap[i])
        return ar_error_set(err, AR_ERR_INPUT, "jug %u is already full", i + 1);
    if (kind == EMPTY && s[i] == 0)
        return ar_error_set(err, AR_ERR_INPUT, "jug %u is already empty", i + 1);
    if (kind == POUR && i == j)
        return ar_error_set(err, AR_ERR_INPUT, "cannot pour jug %u into itself", i + 1);
    if (kind == POUR && s[i] == 0)
        return ar_error_set(err, AR_ERR_INPUT, "jug %u is empty: nothing to pour", i + 1);
    if (kind == POUR && room == 0)
        return ar_error_set(err, AR_ERR_INPUT, "jug %u is already full", j + 1);
    litres = kind == FILL ? room : kind == EMPTY || have < room ? have : room; /* j == i for F */
    *out = pack(kind, i, j, litres);
    return AR_OK;
}

/* --- instances ---------------------------------------------------------- */

/* Parses "3, 5,8" from s[0..len) into v[]; NULL on success, else what is wrong. */
static const char *parse_list(const char *s, size_t len, unsigned *v, unsigned *count)
{
    size_t p = 0;
    unsigned n = 0;
    for (;;) {
        while (p < len && isspace((unsigned char)s[p]))
            p++;
        if (p == len || !isdigit((unsigned char)s[p]))
            return "expected whole numbers separated by commas";
        if (n == JUGS_MAX)
            return "there are at most 6 jugs";
        for (v[n] = 0; p < len && isdigit((unsigned char)s[p]); p++)
            if ((v[n] = v[n] * 10 + (unsigned)(s[p] - '0')) > 255)
                return "a jug holds at most 255 litres";
        n++;
        while (p < len && isspace((unsigned char)s[p]))
            p++;
        if (p == len)
            break;
        if (s[p++] != ',')
            return "expected whole numbers separated by commas";
    }
    *count = n;
    return NULL;
}

/* One list-valued field of the instance: its text and where it came from, so an
 * error can name the option (or the instance text) and the value. */
typedef struct field {
    const char *text, *where;
    size_t len;
    unsigned v[JUGS_MAX], count;
} field;

static ar_status set_field(field *f, const char *where, const char *s, size_t len, ar_error *err)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (f->where)
        return ar_error_set(err, AR_ERR_INPUT, "%s: %s already gives this", where, f->where);
    f->text = s, f->len = len, f->where = where;
    return AR_OK;
}

static ar_status bad(const field *f, const char *why, ar_error *err)
{
    int shown = f->len > 40 ? 40 : (int)f->len;
    return ar_error_set(err, AR_ERR_INPUT, "%s '%.*s%s': %s", f->where, shown, f->text,
                        f->len > 40 ? "..." : "", why);
}

static ar_status parse_field(field *f, ar_error *err)
{
    const char *why = parse_list(f->text, f->len, f->v, &f->count);
    return why ? bad(f, why, err) : AR_OK;
}

/* Parses a field of one amount per jug (--start, --goal) into out[]. */
static ar_status amounts(field *f, const ar_instance *in, unsigned char *out, ar_error *err)
{
    unsigned k;
    ar_status st = f->count ? AR_OK : parse_field(f, err); /* the goal is parsed already */
    if (st != AR_OK)
        return st;
    if (f->count != in->n)
        return bad(f, "needs one amount per jug", err);
    for (k = 0; k < in->n; k++) {
        if (f->v[k] > in->cap[k])
            return bad(f, "a jug holds more than its capacity", err);
        out[k] = (unsigned char)f->v[k];
    }
    return AR_OK;
}

/* Instance text: "CAPACITIES [-> TARGET]" or "CAPACITIES -> GOAL", e.g.
 * "3,5 -> 4" or "3,5 -> 0,4". Options give the same things; a field given by
 * both is an error rather than a silent choice. */
static ar_status jugs_create(const char *text, const ar_param *params, size_t count,
                             ar_instance **out, ar_error *err)
{
    field caps = {0}, start = {0}, goal = {0}, *fields[4] = {&caps, &start, &goal, &goal};
    static const char *const labels[4] = {"parameter capacities", "parameter start",
                                          "parameter target", "parameter goal"};
    ar_instance in = {0};
    const char *opt, *arrow;
    unsigned k;
    ar_status st = AR_OK;

    if (text && text[strspn(text, " \t\r\n")]) { /* fresh fields: cannot clash */
        arrow = strstr(text, "->");
        set_field(&caps, "instance", text, arrow ? (size_t)(arrow - text) : strlen(text), NULL);
        if (arrow)
            set_field(&goal, "instance goal", arrow + 2, strlen(arrow + 2), NULL);
    }
    for (k = 0; k < 4 && st == AR_OK; k++) /* parameter name = label without "parameter " */
        if ((opt = ar_param_get(params, count, labels[k] + 10)))
            st = set_field(fields[k], labels[k], opt, strlen(opt), err);
    if (st != AR_OK)
        return st;
    if (!caps.where)
        set_field(&caps, "default capacities", "3,5", 3, NULL);
    if (!goal.where)
        set_field(&goal, "default target", "4", 1, NULL);

    if ((st = parse_field(&caps, err)) != AR_OK)
        return st;
    if (caps.count < 2)
        return bad(&caps, "needs at least 2 jugs", err);
    in.n = caps.count;
    for (k = 0; k < in.n; k++) {
        if (caps.v[k] == 0)
            return bad(&caps, "a jug's capacity must be at least 1", err);
        in.cap[k] = (unsigned char)caps.v[k];
    }
    if (start.where && (st = amounts(&start, &in, in.start, err)) != AR_OK)
        return st;
    if ((st = parse_field(&goal, err)) != AR_OK)
        return st;
    if (strcmp(goal.where, "parameter target") == 0 && goal.count != 1)
        return bad(&goal, "expected one number", err);
    in.has_goal = goal.count > 1 || strcmp(goal.where, "parameter goal") == 0;
    in.target = goal.v[0];
    if (in.has_goal && (st = amounts(&goal, &in, in.goal, err)) != AR_OK)
        return st;
    opt = ar_param_get(params, count, "cost");
    if (opt && strcmp(opt, "moves") != 0 && strcmp(opt, "water") != 0)
        return ar_error_set(err, AR_ERR_INPUT, "parameter cost '%.40s': expected 'moves' or 'water'", opt);
    in.water = opt && strcmp(opt, "water") == 0;

    if (!(*out = malloc(sizeof in)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a jugs instance");
    **out = in;
    return AR_OK;
}

static void jugs_destroy(ar_instance *inst) { free(inst); }

static void list(const unsigned char *v, unsigned n, char *buf, size_t size)
{
    size_t used = 0;
    unsigned k;
    if (size)
        buf[0] = '\0';
    for (k = 0; k < n && used < size; k++)
        used += (size_t)snprintf(buf + used, size - used, "%s%u", k ? "," : "", v[k]);
}

static void jugs_describe(const ar_instance *in, char *buf, size_t size)
{
    char caps[32], start[32], goal[32];
    list(in->cap, in->n, caps, sizeof caps);
    list(in->start, in->n, start, sizeof start);
    list(in->goal, in->n, goal, sizeof goal);
    if (!in->has_goal)
        snprintf(goal, sizeof goal, "some jug holds %u", in->target);
    snprintf(buf, size, "jugs %s from %s, goal %s, cost %s", caps, start, goal,
             in->water ? "water" : "moves");
}

static unsigned gcd(unsigned a, unsigned b) { return b ? gcd(b, a % b) : a; }

/* Proof of both tests. Let g be the gcd of the capacities and the start
 * contents. If every jug holds a multiple of g, so it does after any move:
 * filling gives cap[i], emptying gives 0, and a pour moves min(s[i], cap[j] -
 * s[j]) litres, all multiples of g. So a goal amount that is not a multiple of
 * g is never reached, and no jug ever holds more than the largest capacity.
 * Further, after any move some jug is empty or full (the one just filled or
 * emptied; for a pour, jug i ends empty or jug j ends full), so an exact goal
 * with no jug empty or full is reachable only if it is the start. For an empty
 * start and a --target, the two tests are also sufficient (Bezout's identity);
 * tests/test_jugs.c confirms it by exhaustive search on small instances. */
static ar_status jugs_check_solvable(const ar_instance *in, ar_error *err)
{
    unsigned g = 0, k, biggest = 0, edge = 0;
    for (k = 0; k < in->n; k++) {
        g = gcd(gcd(g, in->cap[k]), in->start[k]);
        biggest = in->cap[k] > biggest ? in->cap[k] : biggest;
    }
    if (!in->has_goal) {
        if (in->target > biggest)
            return ar_error_set(err, AR_ERR_UNSOLVABLE,
                                "target %u is more than the largest jug holds (%u)", in->target,
                                biggest);
        if (in->target % g)
            return ar_error_set(err, AR_ERR_UNSOLVABLE,
                                "every jug always holds a multiple of %u litres (the gcd of the "
                                "capacities and start contents) and %u is not one", g, in->target);
        return AR_OK;
    }
    for (k = 0; k < in->n; k++) {
        if (in->goal[k] % g)
            return ar_error_set(err, AR_ERR_UNSOLVABLE,
                                "every jug always holds a multiple of %u litres (the gcd of the "
                                "capacities and start contents) and goal jug %u holds %u", g, k + 1,
                                in->goal[k]);
        edge |= in->goal[k] == 0 || in->goal[k] == in->cap[k];
    }
    if (!edge && memcmp(in->goal, in->start, JUGS_MAX) != 0)
        return ar_error_set(err, AR_ERR_UNSOLVABLE,
                            "after any move some jug is empty or full, and in the goal none is");
    return AR_OK;
}

/* --- states: one byte per jug, always JUGS_MAX bytes with unused jugs 0, so
 * equal states have equal bytes and the library's byte hash serves. --- */

static size_t jugs_state_size(const ar_instance *in) { (void)in; return JUGS_MAX; }

static void jugs_initial_state(const ar_instance *in, void *state) { memcpy(state, in->start, JUGS_MAX); }

static int jugs_is_goal(const ar_instance *in, const void *state)
{
    const unsigned char *s = state;
    unsigned k;
    if (in->has_goal)
        return memcmp(s, in->goal, JUGS_MAX) == 0;
    for (k = 0; k < in->n; k++)
        if (s[k] == in->target)
            return 1;
    return 0;
}

static void jugs_format_state(const ar_instance *in, const void *state, char *buf, size_t size)
{
    list(state, in->n, buf, size); /* "0,4": the syntax of --start and --goal */
}

/* --- moves --- */

static unsigned jugs_max_moves(const ar_instance *in) { return in->n * (in->n + 1); }

static unsigned jugs_legal_moves(const ar_instance *in, const void *state, ar_move *moves)
{
    unsigned i, j, n = 0;
    for (i = 0; i < in->n; i++) {
        n += make_move(in, state, FILL, i, i, &moves[n], NULL) == AR_OK;
        n += make_move(in, state, EMPTY, i, i, &moves[n], NULL) == AR_OK;
        for (j = 0; j < in->n; j++)
            n += make_move(in, state, POUR, i, j, &moves[n], NULL) == AR_OK;
    }
    return n;
}

static void jugs_apply(const ar_instance *in, void *state, ar_move m)
{
    unsigned char *s = state;
    (void)in;
    if (KIND(m) == FILL)
        s[FROM(m)] = (unsigned char)(s[FROM(m)] + LITRES(m));
    else {
        s[FROM(m)] = (unsigned char)(s[FROM(m)] - LITRES(m));
        if (KIND(m) == POUR)
            s[TO(m)] = (unsigned char)(s[TO(m)] + LITRES(m));
    }
}

/* With --cost water a move costs the litres it moves: what the tap adds, what
 * goes on the ground, or what passes from jug to jug. A move that changes
 * nothing is illegal, so every cost is at least 1. */
static uint32_t jugs_move_cost(const ar_instance *in, ar_move m) { return in->water ? LITRES(m) : 1u; }

static size_t jugs_format_move(const ar_instance *in, ar_move m, char *buf, size_t size)
{
    int len;
    (void)in;
    if (KIND(m) == POUR)
        len = snprintf(buf, size, "P%u-%u", FROM(m) + 1, TO(m) + 1);
    else
        len = snprintf(buf, size, "%c%u", KIND(m) == FILL ? 'F' : 'E', FROM(m) + 1);
    return len < 0 ? 0 : (size_t)len;
}

static ar_status jugs_parse_move(const ar_instance *in, const void *state, const char *text,
                                 size_t len, ar_move *out, ar_error *err)
{
    const char *p = text + 1, *end = text + len, *num[2] = {p, p};
    int c = len ? toupper((unsigned char)text[0]) : 0, ok = c == 'F' || c == 'E' || c == 'P';
    unsigned kind = c == 'F' ? FILL : c == 'E' ? EMPTY : POUR, want = kind == POUR ? 2 : 1;
    unsigned k, jug[2] = {0, 0};
    int digits[2] = {0, 0};
    for (k = 0; ok && k < want; k++) {
        if (k == 1)
            ok = p < end && *p++ == '-';
        for (num[k] = p; ok && p < end && isdigit((unsigned char)*p); p++)
            if (jug[k] <= JUGS_MAX) /* saturate: any larger number is just "too big" */
                jug[k] = jug[k] * 10 + (unsigned)(*p - '0');
        ok = ok && p > num[k];
        digits[k] = (int)(p - num[k]);
    }
    if (!ok || p != end)
        return ar_error_set(err, AR_ERR_INPUT, "expected F<i>, E<i> or P<i>-<j>");
    for (k = 0; k < want; k++)
        if (jug[k] < 1 || jug[k] > in->n)
            return ar_error_set(err, AR_ERR_INPUT, "jug %.*s does not exist (there are %u jugs)",
                                digits[k] > 12 ? 12 : digits[k], num[k], in->n);
    return make_move(in, state, kind, jug[0] - 1, jug[want - 1] - 1, out, err);
}

/* --- solving --- */

/* An admissible, consistent lower bound for either cost. Moves: in an exact
 * goal a move changes at most two jugs, so at least ceil(wrong / 2) moves
 * remain; for a target at least one. Water: a move of a litres changes any
 * jug's contents by at most a, so it takes at least |s[k] - T| litres to bring
 * jug k to T (the cheapest jug that can hold T); for an exact goal the total
 * distance sum |s[k] - goal[k]| falls by at most 2a per move, so at least half
 * of it remains. Each bound drops by at most the cost of a move: consistent. */
static uint64_t jugs_gap(const ar_instance *in, const void *state)
{
    const unsigned char *s = state;
    unsigned k, d, best = 255, sum = 0, wrong = 0;
    if (jugs_is_goal(in, state))
        return 0;
    for (k = 0; k < in->n; k++) {
        d = in->has_goal ? (unsigned)abs(s[k] - in->goal[k]) : (unsigned)abs(s[k] - (int)in->target);
        sum += d, wrong += d != 0;
        if (in->cap[k] >= in->target && d < best)
            best = d;
    }
    if (!in->water)
        return in->has_goal ? (wrong + 1) / 2 : 1;
    return in->has_goal ? (sum + 1) / 2 : best;
}

static uint64_t jugs_zero(const ar_instance *in, const void *state)
{
    (void)in, (void)state;
    return 0;
}

static const ar_heuristic jugs_heuristics[] = {
    {.name = "gap",
     .summary = "lower bound from the jugs that differ from the goal (moves or litres)",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = jugs_gap},
    {.name = "zero",
     .summary = "no estimate: A* becomes uniform-cost search",
     .flags = AR_HEURISTIC_ADMISSIBLE | AR_HEURISTIC_CONSISTENT,
     .estimate = jugs_zero},
    {.name = NULL}};

/* A random solvable instance: --jugs N (default 2) capacities of 2..15 litres
 * and a target that is a multiple of their gcd, preferring one that no jug
 * holds when full (those take one move). */
static ar_status jugs_generate(const ar_param *params, size_t count, uint64_t seed, char **text,
                               ar_error *err)
{
    ar_rng rng;
    long n;
    unsigned cap[JUGS_MAX], k, g = 0, biggest = 0, target = 0, tries, trivial = 1;
    size_t used = 0, size = 64;
    ar_status st = ar_param_int(params, count, "jugs", 2, JUGS_MAX, 2, &n, err);
    if (st != AR_OK)
        return st;
    ar_rng_seed(&rng, seed);
    for (k = 0; k < (unsigned)n; k++) {
        cap[k] = 2 + (unsigned)ar_rng_below(&rng, 14);
        g = gcd(g, cap[k]);
        biggest = cap[k] > biggest ? cap[k] : biggest;
    }
    for (tries = 0; tries < 8 && trivial; tries++) {
        target = g * (1 + (unsigned)ar_rng_below(&rng, biggest / g));
        for (trivial = 0, k = 0; k < (unsigned)n; k++)
            trivial |= cap[k] == target;
    }
    if (!(*text = malloc(size)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory generating a jugs instance");
    for (k = 0; k < (unsigned)n; k++)
        used += (size_t)snprintf(*text + used, size - used, "%s%u", k ? "," : "", cap[k]);
    snprintf(*text + used, size - used, " -> %u", target);
    return AR_OK;
}

/* Needed here: the fallback would hand format_state's "0,4" to create, which
 * reads it as capacities. */
static ar_status jugs_with_start(const ar_instance *in, const void *state, ar_instance **out,
                                 ar_error *err)
{
    if (!(*out = malloc(sizeof **out)))
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory creating a jugs instance");
    **out = *in;
    memcpy((*out)->start, state, JUGS_MAX);
    return AR_OK;
}

static const ar_option_spec jugs_options[] = {
    {.name = "capacities",
     .metavar = "C1,C2,..",
     .help = "capacities of the 2 to 6 jugs in litres, 1..255 (default 3,5)"},
    {.name = "start",
     .metavar = "A1,A2,..",
     .help = "contents at the start (default all empty)"},
    {.name = "target",
     .metavar = "T",
     .help = "goal: some jug holds exactly T litres (default 4)"},
    {.name = "goal",
     .metavar = "A1,A2,..",
     .help = "goal: the jugs hold exactly these amounts"},
    {.name = "cost",
     .metavar = "moves|water",
     .help = "cost of a move: 1, or the litres it moves (default moves)"},
    {.name = "jugs",
     .metavar = "N",
     .help = "number of jugs for `ariadne generate` (default 2)"},
    {.name = NULL}};

static const ar_puzzle_example jugs_examples[] = {
    {.options = "", .instance = "3,5 -> 4", .cost = 6,
     .note = "the classic: 4 litres with a 3- and a 5-litre jug, 6 moves"},
    {.options = "capacities=3,5 target=4 cost=water", .cost = 19,
     .note = "the same with the litres moved as the cost: 19 litres in 6 moves"},
    {.options = "", .instance = "4,9,11 -> 0,0,5", .cost = 4, .note = "three jugs, an exact goal"},
    {.note = NULL}};

/* Each jug a column as tall as its capacity, filled to its contents (page.h). */
static void jugs_picture(const ar_instance *in, const void *state, ar_scene *scene)
{
    const unsigned char *s = state;
    unsigned i, top = 0, r;
    char label[16], names[JUGS_MAX * 4 + 1] = "";
    size_t used = 0;
    for (i = 0; i < in->n; i++)
        top = in->cap[i] > top ? in->cap[i] : top;
    if (top > 40)
        top = 40;
    ar_scene_grid(scene, (int)top + 1, (int)(2 * in->n - 1));
    for (i = 0; i < in->n; i++) {
        unsigned h = in->cap[i] * top / (top ? top : 1), full = (unsigned)s[i] * top / (in->cap[i] ? in->cap[i] : 1);
        if (in->cap[i] > 40)
            h = top;
        for (r = 0; r < h; r++) {
            unsigned level = r + 1;
            ar_scene_cell_sized(scene, (int)(top - 1 - r), (int)(2 * i), level <= full ? "jug+level" : "jug", NULL,
                                level <= full ? 1.0 : 0);
        }
        snprintf(label, sizeof label, "%u/%u", s[i], in->cap[i]);
        ar_scene_cell(scene, (int)top, (int)(2 * i), "text", label);
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%c%s", i ? "" : "", 'A' + i,
                                 i + 1 < in->n ? "  " : "");
    }
    ar_scene_caption(scene, "contents %s", names);
    {
        char text[128];
        jugs_format_state(in, state, text, sizeof text);
        ar_scene_caption(scene, "litres in the jugs: %s", text);
    }
}

const ar_puzzle ar_domain_jugs = {
    .name = "jugs",
    .summary = "water jugs: measure T litres with jugs of given sizes (non-unit costs with --cost water)",
    .help = "Instance: CAPACITIES [-> TARGET | -> GOAL], e.g. '3,5 -> 4' or '3,5 -> 0,4', or the\n"
    "options --capacities, --start, --target, --goal. Moves: F<i> fill jug i, E<i> empty\n"
    "jug i, P<i>-<j> pour jug i into jug j until i is empty or j is full; jugs count\n"
    "from 1. Example: jugs '3,5 -> 4' is solved by F2 P2-1 E1 P2-1 F2 P2-1.",
    .options = jugs_options,
    .create = jugs_create,
    .destroy = jugs_destroy,
    .describe = jugs_describe,
    .check_solvable = jugs_check_solvable,
    .state_size = jugs_state_size,
    .initial_state = jugs_initial_state,
    .is_goal = jugs_is_goal,
    .format_state = jugs_format_state,
    .picture = jugs_picture,
    .max_moves = jugs_max_moves,
    .legal_moves = jugs_legal_moves,
    .apply = jugs_apply,
    .move_cost = jugs_move_cost,
    .format_move = jugs_format_move,
    .parse_move = jugs_parse_move,
    .heuristics = jugs_heuristics,
    .generate = jugs_generate,
    .with_start = jugs_with_start,
    .examples = jugs_examples,
};
