/* test_sarov.c — tests of the Sarov towers domain and its solver.
 *
 * Golden: every layout in data/sarov is solved to the optimum stated in
 * its "# optimal: N moves" header, and the moves replay to the goal through the
 * domain's own rules. Property: on small random layouts an exhaustive
 * breadth-first search written here (no heuristic, no pruning, columns sorted
 * to merge renamings) gives the distance to the goal of every reachable
 * position; the solver must match it from the start and from sampled
 * positions, and both heuristics must never exceed it. Plus the parser's and
 * move parser's error messages, apply/undo/inverse, the generator, and limits.
 * The code under test is src/puzzles/sarov/: sarov.c (rules, parser, moves),
 * sarov_bound.c (the bounds behind both heuristics), sarov_solve.c (the
 * sarov-astar solver and its limits) and sarov_generate.c (the generator). */
#include "ariadne/puzzle.h"
#include "ariadne/search.h"
#include "check.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

extern const ar_puzzle ar_domain_sarov;
static const ar_puzzle *P = &ar_domain_sarov;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The repository's data directory: $ARIADNE_DATA (CTest sets it), else
 * data/ beside tests/ in the source tree this file is in. */
static void data_dir(char *out, size_t size)
{
    const char *env = getenv("ARIADNE_DATA");
    if (env && *env) {
        snprintf(out, size, "%s", env);
    } else {
        const char *file = __FILE__, *slash = strrchr(file, '/');
        if (slash)
            snprintf(out, size, "%.*s/../data", (int)(slash - file), file);
        else
            snprintf(out, size, "../data");
    }
}

static ar_instance *make(const char *text, ar_error *err)
{
    ar_instance *in = NULL;
    ar_error_clear(err);
    if (P->create(text, NULL, 0, &in, err) != AR_OK)
        return NULL;
    return in;
}

/* Solves with the domain's solver; returns the outcome and fills *res. */
static ar_status solve(ar_instance *in, const ar_search_options *opts, ar_result *res)
{
    ar_error err;
    ar_search_options o;
    memset(res, 0, sizeof *res);
    if (!opts) {
        memset(&o, 0, sizeof o);
        opts = &o;
    }
    ar_error_clear(&err);
    return P->solvers[0].run(in, opts, NULL, res, &err);
}

/* Formats the result's moves and replays them from the start. */
static int replays_to_goal(ar_instance *in, const ar_result *res)
{
    size_t cap = res->length * 8 + 8, used = 0;
    char *text = malloc(cap);
    uint64_t i, len = 0, cost = 0;
    int solved = 0;
    ar_error err;
    ar_status st;
    for (i = 0; i < res->length; i++) {
        used += P->format_move(in, res->moves[i], text + used, cap - used);
        text[used++] = ' ';
    }
    text[used] = '\0';
    st = ar_puzzle_replay(P, in, text, &len, &cost, &solved, NULL, &err);
    free(text);
    return st == AR_OK && solved && len == res->length;
}

/* --- golden layouts ---------------------------------------------------- */

static void test_golden(void)
{
    char dir[1024], path[1400];
    DIR *d;
    struct dirent *e;
    int files = 0;
    data_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/sarov", dir);
    d = opendir(path);
    CHECK_MSG(d != NULL, "cannot open %s (set ARIADNE_DATA)", path);
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        char *text;
        const char *opt;
        ar_instance *in;
        ar_error err;
        ar_result res;
        long want;
        if (n < 5 || strcmp(e->d_name + n - 4, ".txt") != 0)
            continue;
        snprintf(path, sizeof path, "%s/sarov/%s", dir, e->d_name);
        text = slurp(path);
        CHECK_MSG(text != NULL, "cannot read %s", path);
        if (!text)
            continue;
        opt = strstr(text, "# optimal:");
        CHECK_MSG(opt != NULL, "%s has no '# optimal:' line", e->d_name);
        want = opt ? strtol(opt + 10, NULL, 10) : -1;
        in = make(text, &err);
        CHECK_MSG(in != NULL, "%s: %s", e->d_name, err.message);
        if (in) {
            CHECK_EQ_U(solve(in, NULL, &res), AR_OK);
            CHECK_MSG(res.outcome == AR_OUTCOME_SOLVED && res.optimal, "%s not solved optimally",
                      e->d_name);
            CHECK_MSG((long)res.length == want, "%s: length %llu, optimal is %ld", e->d_name,
                      (unsigned long long)res.length, want);
            CHECK_MSG(replays_to_goal(in, &res), "%s: solution does not replay", e->d_name);
            free(res.moves);
            P->destroy(in);
        }
        free(text);
        files++;
    }
    closedir(d);
    CHECK_MSG(files >= 8, "only %d layouts found in %s/sarov", files, dir);
}

/* --- exhaustive BFS ------------------------------------------------------ */

typedef struct graph {
    size_t ss;              /* packed state size */
    unsigned char *states;  /* canonical states, ss bytes each */
    size_t n, cap;
    uint32_t *table;        /* index + 1 */
    size_t tcap;
    uint32_t *edge_from, *edge_to;
    size_t ne, ecap;
} graph;

/* Canonical form: the columns sorted (by height, then bricks), so layouts
 * that differ only by column names coincide. Written independently of the
 * solver's own encoding on purpose. */
static void canonical(const ar_instance *in, const unsigned char *s, unsigned char *out,
                      size_t ss, int ncols)
{
    const unsigned char *col[32];
    int h[32], i, j;
    size_t k = 0;
    (void)in;
    for (i = 0; i < ncols; i++) {
        col[i] = s + ncols + k;
        h[i] = s[i];
        k += s[i];
    }
    for (i = 1; i < ncols; i++) { /* insertion sort */
        const unsigned char *c = col[i];
        int hc = h[i];
        for (j = i; j > 0; j--) {
            int cmp = h[j - 1] != hc ? h[j - 1] - hc : memcmp(col[j - 1], c, (size_t)hc);
            if (cmp <= 0)
                break;
            col[j] = col[j - 1];
            h[j] = h[j - 1];
        }
        col[j] = c;
        h[j] = hc;
    }
    k = (size_t)ncols;
    for (i = 0; i < ncols; i++) {
        out[i] = (unsigned char)h[i];
        memcpy(out + k, col[i], (size_t)h[i]);
        k += (size_t)h[i];
    }
    (void)ss;
}

static uint64_t hash_bytes(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    while (n--)
        h = (h ^ *p++) * 1099511628211ull;
    return h;
}

static long graph_find_or_add(graph *g, const unsigned char *s, int *added)
{
    size_t j;
    if (g->n * 2 + 2 >= g->tcap) {
        size_t nc = g->tcap ? g->tcap * 2 : 1024, i;
        uint32_t *t = calloc(nc, sizeof *t);
        for (i = 0; i < g->n; i++) {
            size_t q = hash_bytes(g->states + i * g->ss, g->ss) & (nc - 1);
            while (t[q])
                q = (q + 1) & (nc - 1);
            t[q] = (uint32_t)(i + 1);
        }
        free(g->table);
        g->table = t;
        g->tcap = nc;
    }
    j = hash_bytes(s, g->ss) & (g->tcap - 1);
    while (g->table[j]) {
        size_t i = g->table[j] - 1;
        if (memcmp(g->states + i * g->ss, s, g->ss) == 0) {
            *added = 0;
            return (long)i;
        }
        j = (j + 1) & (g->tcap - 1);
    }
    if (g->n == g->cap) {
        g->cap = g->cap ? g->cap * 2 : 1024;
        g->states = realloc(g->states, g->cap * g->ss);
    }
    memcpy(g->states + g->n * g->ss, s, g->ss);
    g->table[j] = (uint32_t)(g->n + 1);
    *added = 1;
    return (long)g->n++;
}

static void graph_edge(graph *g, size_t from, size_t to)
{
    if (g->ne == g->ecap) {
        g->ecap = g->ecap ? g->ecap * 2 : 4096;
        g->edge_from = realloc(g->edge_from, g->ecap * sizeof *g->edge_from);
        g->edge_to = realloc(g->edge_to, g->ecap * sizeof *g->edge_to);
    }
    g->edge_from[g->ne] = (uint32_t)from;
    g->edge_to[g->ne] = (uint32_t)to;
    g->ne++;
}

/* Explores every position reachable from the start (all legal moves) and
 * returns each one's distance to the goal (-1: the goal is unreachable). */
static int *bfs_distances(ar_instance *in, graph *g)
{
    size_t ss = P->state_size(in), head = 0, i;
    int ncols = 0;
    unsigned char *cur = malloc(ss), *child = malloc(ss), *canon = malloc(ss);
    ar_move *moves = malloc(sizeof(ar_move) * P->max_moves(in));
    int *dist, added, changed;
    memset(g, 0, sizeof *g);
    g->ss = ss;
    P->initial_state(in, cur);
    /* number of columns = state size - bricks; bricks = sum of heights */
    {
        size_t bricks = 0;
        for (ncols = 0; (size_t)ncols + bricks < ss; ncols++)
            bricks += cur[ncols];
    }
    canonical(in, cur, canon, ss, ncols);
    graph_find_or_add(g, canon, &added);
    while (head < g->n) {
        unsigned n, k;
        memcpy(cur, g->states + head * ss, ss);
        n = P->legal_moves(in, cur, moves);
        for (k = 0; k < n; k++) {
            long to;
            memcpy(child, cur, ss);
            P->apply(in, child, moves[k]);
            canonical(in, child, canon, ss, ncols);
            to = graph_find_or_add(g, canon, &added);
            graph_edge(g, head, (size_t)to);
        }
        head++;
    }
    /* Distances to the goal by relaxation over the reversed edges (the
     * graphs are small; Bellman-Ford style sweeps keep this short). */
    dist = malloc(g->n * sizeof *dist);
    for (i = 0; i < g->n; i++)
        dist[i] = P->is_goal(in, g->states + i * ss) ? 0 : -1;
    do {
        changed = 0;
        for (i = 0; i < g->ne; i++) {
            int dt = dist[g->edge_to[i]];
            int *df = &dist[g->edge_from[i]];
            if (dt >= 0 && (*df < 0 || dt + 1 < *df)) {
                *df = dt + 1;
                changed = 1;
            }
        }
    } while (changed);
    free(cur);
    free(child);
    free(canon);
    free(moves);
    return dist;
}

static void graph_free(graph *g)
{
    free(g->states);
    free(g->table);
    free(g->edge_from);
    free(g->edge_to);
}

static void check_against_bfs(const char *text, const char *label, int *unsolvable_seen)
{
    ar_error err;
    ar_instance *in = make(text, &err);
    graph g;
    int *dist;
    size_t i;
    ar_result res;
    const ar_heuristic *ho = ar_puzzle_heuristic(P, "order"), *hr = ar_puzzle_heuristic(P, "runs");
    CHECK_MSG(in != NULL, "%s: %s", label, err.message);
    if (!in)
        return;
    dist = bfs_distances(in, &g);
    CHECK_EQ_U(solve(in, NULL, &res), AR_OK);
    if (dist[0] < 0) {
        CHECK_MSG(res.outcome == AR_OUTCOME_NO_SOLUTION, "%s: BFS finds no solution, solver %d",
                  label, (int)res.outcome);
        (*unsolvable_seen)++;
    } else {
        CHECK_MSG(res.outcome == AR_OUTCOME_SOLVED && res.optimal &&
                      res.length == (uint64_t)dist[0],
                  "%s: BFS distance %d, solver %llu (outcome %d)", label, dist[0],
                  (unsigned long long)res.length, (int)res.outcome);
        CHECK_MSG(replays_to_goal(in, &res), "%s: solution does not replay", label);
    }
    free(res.moves);
    /* Admissibility on every reachable position, and the solver from a
     * sample of positions (this exercises the pruning rules everywhere). */
    for (i = 0; i < g.n; i++) {
        const unsigned char *s = g.states + i * g.ss;
        uint64_t h1 = ho->estimate(in, s), h2 = hr->estimate(in, s);
        if (dist[i] >= 0) {
            CHECK_MSG(h1 <= (uint64_t)dist[i], "%s: order bound %llu > distance %d", label,
                      (unsigned long long)h1, dist[i]);
            CHECK_MSG(h2 <= (uint64_t)dist[i] && h2 <= h1, "%s: runs bound %llu", label,
                      (unsigned long long)h2);
        }
        if (i % 37 == 0 && P->with_start) {
            ar_instance *at = NULL;
            if (P->with_start(in, s, &at, &err) == AR_OK) {
                solve(at, NULL, &res);
                if (dist[i] < 0)
                    CHECK_MSG(res.outcome == AR_OUTCOME_NO_SOLUTION,
                              "%s: position %zu unsolvable but solver says %d", label, i,
                              (int)res.outcome);
                else
                    CHECK_MSG(res.outcome == AR_OUTCOME_SOLVED &&
                                  res.length == (uint64_t)dist[i],
                              "%s: position %zu distance %d, solver %llu", label, i, dist[i],
                              (unsigned long long)res.length);
                free(res.moves);
                P->destroy(at);
            }
        }
    }
    free(dist);
    graph_free(&g);
    P->destroy(in);
}

static void test_bfs(void)
{
    int c, seed, unsolvable = 0;
    for (c = 3; c <= 5; c++)
        for (seed = 1; seed <= 30; seed++) {
            char cs[16], label[64], *text = NULL;
            ar_param params[2] = {{"colours", cs}, {"any", NULL}};
            ar_error err;
            snprintf(cs, sizeof cs, "%d", c);
            /* odd seeds: shuffles as they come (some unsolvable); even: the
             * generator's proven-solvable layouts */
            CHECK(P->generate(params, seed % 2 ? 2 : 1, (uint64_t)seed, &text, &err) == AR_OK);
            if (!text)
                continue;
            snprintf(label, sizeof label, "%d colours seed %d%s", c, seed, seed % 2 ? " any" : "");
            check_against_bfs(text, label, &unsolvable);
            free(text);
        }
    CHECK_MSG(unsolvable > 0, "expected some unsolvable shuffles among the --any layouts");
}

/* --- parser -------------------------------------------------------------- */

static const char *good3 = "# three colours\n"
                           "a6 a5 b2 c0 c1\n"
                           "b6 b5 b4 b3\n"
                           "c6 c5 c4 c3\n"
                           "a4 a3 a2 a1\n"
                           "b1 b0 a0 c2\n";

static void expect_error(const char *text, const char *want)
{
    ar_error err;
    ar_instance *in = make(text, &err);
    CHECK_MSG(in == NULL, "accepted bad layout (wanted '%s')", want);
    if (in)
        P->destroy(in);
    else
        CHECK_MSG(strstr(err.message, want) != NULL, "message '%s' lacks '%s'", err.message,
                  want);
}

static void test_parser(void)
{
    ar_error err;
    ar_instance *in = make(good3, &err);
    char buf[1024], desc[256];
    CHECK_MSG(in != NULL, "%s", err.message);
    if (in) {
        unsigned char s[64];
        ar_instance *again;
        P->initial_state(in, s);
        P->format_state(in, s, buf, sizeof buf);
        CHECK_STR(buf, "a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3\na4 a3 a2 a1\nb1 b0 a0 c2\n");
        again = make(buf, &err); /* format_state's text is a layout */
        CHECK(again != NULL);
        if (again)
            P->destroy(again);
        P->describe(in, desc, sizeof desc);
        CHECK(strstr(desc, "3 colours") != NULL);
        P->destroy(in);
    }
    /* empty columns, '/' separators, comments, blank lines */
    in = make("a6 a5 a4 a3 a2 a1 a0 # done\n\n-\nb6 b5 b4 b3 b2 b1 b0 / -\n", &err);
    CHECK_MSG(in != NULL, "%s", err.message);
    if (in) {
        unsigned char s[64];
        P->initial_state(in, s);
        CHECK(P->is_goal(in, s));
        P->format_state(in, s, buf, sizeof buf);
        CHECK_STR(buf, "a6 a5 a4 a3 a2 a1 a0\n-\nb6 b5 b4 b3 b2 b1 b0\n-\n");
        P->destroy(in);
    }
    expect_error("a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3\na4 a3 a2 a1\nb1 b0 a0\n",
                 "colour c has no 2");
    expect_error("a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3\na4 a3 a2 a1\nb1 b3 a0 c2\n",
                 "colour b has two 3s (lines 2 and 5)");
    expect_error("a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3\nx9 a3 a2 a1\nb1 b0 a0 c2\n",
                 "line 4: brick 'x9': number must be 0..6");
    expect_error("a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3\na4 a3 a2 a1\nb1 b0 a0 zz\n",
                 "line 5: 'zz' is not a brick");
    expect_error("a6 a5 b2 c0 c1\nb6 b5 B4 b3\n", "line 2: brick 'B4': colour letters are lowercase");
    expect_error("a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3\na4 a3 a2 a1 b1 b0 a0 c2\n",
                 "expected 5 columns for 3 colours (a..c), found 4");
    expect_error("a6 a5 b2 c0 c1\nb6 b5 b4 b3 -\n", "line 2: '-' marks an empty column");
    expect_error("a6 a5 a4 a3 a2 a1 a0\nc6 c5 c4 c3 c2 c1 c0\n-\n-\n-\n", "colour b is missing");
    expect_error("a6 a5 a4 a3 a2 a1 a0\n-\n-\n", "at least 2 colours");
    expect_error("", "empty layout");
    expect_error("# only a comment\n", "empty layout");
    expect_error("q1\n", "colour must be one of a..p");
    expect_error("a12\n", "number must be 0..6");
    CHECK(make(NULL, &err) == NULL && err.status == AR_ERR_INPUT);
    /* arbitrary bytes must never crash the parser */
    {
        unsigned seed = 12345;
        int t;
        for (t = 0; t < 3000; t++) {
            char junk[96];
            int len = (int)(seed % 95), k;
            ar_instance *x;
            for (k = 0; k < len; k++) {
                static const char alphabet[] = "abcdefghijklmnopqAZ0123456789 -/#\n\t,\r\xff";
                seed = seed * 1103515245u + 12345u;
                junk[k] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
            }
            junk[len] = '\0';
            seed = seed * 1103515245u + 12345u;
            x = make(junk, &err);
            if (x)
                P->destroy(x);
        }
    }
}

/* --- moves --------------------------------------------------------------- */

static void expect_move_error(ar_instance *in, const void *s, const char *text, const char *want)
{
    ar_error err;
    ar_move m;
    ar_error_clear(&err);
    CHECK_MSG(P->parse_move(in, s, text, strlen(text), &m, &err) == AR_ERR_INPUT,
              "move '%s' accepted", text);
    CHECK_MSG(strstr(err.message, want) != NULL, "move '%s': '%s' lacks '%s'", text, err.message,
              want);
}

static void test_moves(void)
{
    ar_error err;
    ar_instance *in = make(good3, &err);
    unsigned char s[64], t[64];
    ar_move legal[64], m;
    unsigned n, i;
    char buf[32];
    size_t ss;
    if (!in)
        return;
    ss = P->state_size(in);
    P->initial_state(in, s);
    /* tops: c1 (alone: it stands on c0, not on c2), the whole columns b3..b6,
     * c3..c6 and a1..a4, and c2 on a0 */
    n = P->legal_moves(in, s, legal);
    CHECK(n > 0);
    for (i = 0; i < n; i++) {
        ar_move back;
        P->format_move(in, legal[i], buf, sizeof buf);
        CHECK(P->parse_move(in, s, buf, strlen(buf), &m, &err) == AR_OK && m == legal[i]);
        memcpy(t, s, ss);
        P->apply(in, t, legal[i]);
        P->undo(in, t, legal[i]);
        CHECK(memcmp(t, s, ss) == 0);
        back = P->inverse(in, legal[i]);
        if (back != AR_NO_MOVE) {
            unsigned n2, j;
            ar_move legal2[64];
            int found = 0;
            memcpy(t, s, ss);
            P->apply(in, t, legal[i]);
            n2 = P->legal_moves(in, t, legal2);
            for (j = 0; j < n2; j++)
                found |= legal2[j] == back;
            if (found) {
                P->apply(in, t, back);
                CHECK(memcmp(t, s, ss) == 0);
            }
        }
    }
    /* c2 (column 5) on c3 (column 3): in sequence, run c2 merges */
    CHECK(P->parse_move(in, s, "5-3", 3, &m, &err) == AR_OK);
    CHECK(P->inverse(in, m) == AR_NO_MOVE);
    memcpy(t, s, ss);
    P->apply(in, t, m);
    {
        char big[256];
        P->format_state(in, t, big, sizeof big);
        CHECK_STR(big, "a6 a5 b2 c0 c1\nb6 b5 b4 b3\nc6 c5 c4 c3 c2\na4 a3 a2 a1\nb1 b0 a0\n");
    }
    /* a run longer than one brick: after 5-3, column 3 has run c2 c3 c4 c5 c6 */
    CHECK(P->parse_move(in, t, "1-3", 3, &m, &err) == AR_OK); /* c1 onto c2 */
    expect_move_error(in, s, "1-1", "own column");
    expect_move_error(in, s, "0-2", "numbered 1..5");
    expect_move_error(in, s, "1-6", "numbered 1..5");
    expect_move_error(in, s, "1x2", "is not a move");
    expect_move_error(in, s, "1-", "is not a move");
    expect_move_error(in, s, "", "is not a move");
    expect_move_error(in, s, "12-3-", "is not a move");
    expect_move_error(in, s, "2-3", "cannot go on c3"); /* b3 onto c3 */
    expect_move_error(in, s, "3-5", "cannot go on c2"); /* c3 onto c2: needs larger */
    {
        /* nothing goes on a 0: a1 (column 2) onto a0 (column 1) */
        ar_instance *z = make("a6 a5 a4 a3 a2 a0\nb0 a1\nb6 b5 b4 b3 b2 b1\n-\n", &err);
        CHECK_MSG(z != NULL, "%s", err.message);
        if (z) {
            unsigned char zs[64];
            P->initial_state(z, zs);
            expect_move_error(z, zs, "2-1", "nothing goes on a 0");
            expect_move_error(z, zs, "4-1", "column 4 is empty");
            P->destroy(z);
        }
    }
    /* replay reports the first illegal move */
    {
        uint64_t len = 0, cost = 0;
        int solved = 0;
        CHECK(ar_puzzle_replay(P, in, "5-3 2-3", &len, &cost, &solved, NULL, &err) ==
              AR_ERR_INPUT);
        CHECK(strstr(err.message, "move 2") != NULL);
    }
    P->destroy(in);
}

/* --- the ordering-cycle bound on known structures --------------------------- */

/* Two arc-disjoint 2-cycles: a3 waits for b2 to leave a4 and b2 for a3 to
 * leave b3; b3 waits for a4 to leave a5, a4 for b3 to leave b4. Six bad links
 * (b3, a3, a4, b2, a2 on the floor, b1 on the floor), so the bound is 6 + 2,
 * and the BFS check confirms it is at most the true distance. */
static const char *two_cycles = "a6 a5 b3 a3\n"
                                "b6 b5 b4 a4 b2\n"
                                "c6 c5 c4 c3 c2 c1 c0\n"
                                "a2 a1 a0\n"
                                "b1 b0\n";

/* Crossed tops: b0 (on a1) waits for a0 to leave b1, and a0 (on b1) for b0
 * to leave a1, a 2-cycle even with two empty columns: the bound is the two
 * bad links plus one (true distance 3: b0 away, a0 onto a1, b0 onto b1). */
static const char *crossed = "a6 a5 a4 a3 a2 a1 b0\n"
                              "b6 b5 b4 b3 b2 b1 a0\n"
                              "c6 c5 c4 c3 c2 c1 c0\n"
                              "-\n"
                              "-\n";

/* An arc on no cycle: a1..a0 (on the floor) waits for c0 to leave a2, but c0
 * waits for nothing, so only the bad links count (true distance 2). */
static const char *open_chain = "a6 a5 a4 a3 a2 c0\n"
                                "b6 b5 b4 b3 b2 b1 b0\n"
                                "c6 c5 c4 c3 c2 c1\n"
                                "a1 a0\n"
                                "-\n";

/* A block above its own successor with another block between (a1..a0 over
 * c0 over a2): a self-cycle, so one waste move on top of the two bad links. */
static const char *self_cycle = "a6 a5 a4 a3 a2 c0 a1 a0\n"
                                "b6 b5 b4 b3 b2 b1 b0\n"
                                "c6 c5 c4 c3 c2 c1\n"
                                "-\n"
                                "-\n";

static void test_bound_structures(void)
{
    const ar_heuristic *ho = ar_puzzle_heuristic(P, "order"), *hr = ar_puzzle_heuristic(P, "runs");
    ar_error err;
    ar_instance *in = make(two_cycles, &err);
    unsigned char s[256];
    int unsolvable = 0;
    CHECK_MSG(in != NULL, "two_cycles: %s", err.message);
    if (in) {
        P->initial_state(in, s);
        CHECK_EQ_U(hr->estimate(in, s), 6);
        CHECK_EQ_U(ho->estimate(in, s), 8);
        P->destroy(in);
        check_against_bfs(two_cycles, "two cycles", &unsolvable);
    }
    in = make(crossed, &err);
    CHECK_MSG(in != NULL, "crossed: %s", err.message);
    if (in) {
        P->initial_state(in, s);
        CHECK_EQ_U(hr->estimate(in, s), 2);
        CHECK_EQ_U(ho->estimate(in, s), 3);
        P->destroy(in);
        check_against_bfs(crossed, "crossed tops", &unsolvable);
    }
    in = make(open_chain, &err);
    CHECK_MSG(in != NULL, "open_chain: %s", err.message);
    if (in) {
        P->initial_state(in, s);
        CHECK_EQ_U(hr->estimate(in, s), 2);
        CHECK_EQ_U(ho->estimate(in, s), 2);
        P->destroy(in);
        check_against_bfs(open_chain, "open chain", &unsolvable);
    }
    in = make(self_cycle, &err);
    CHECK_MSG(in != NULL, "self_cycle: %s", err.message);
    if (in) {
        P->initial_state(in, s);
        CHECK_EQ_U(hr->estimate(in, s), 2);
        CHECK_EQ_U(ho->estimate(in, s), 3);
        P->destroy(in);
        check_against_bfs(self_cycle, "self cycle", &unsolvable);
    }
}

/* More than 64 arcs: 16-colour layouts use the second word of the solver's
 * arc sets. Along a random walk the bound must stay between the bad links and
 * the bad links plus one waste move per block (each cycle needs a distinct
 * block), and must not depend on anything but the position. */
static void test_bound_wide(void)
{
    const ar_heuristic *ho = ar_puzzle_heuristic(P, "order"), *hr = ar_puzzle_heuristic(P, "runs");
    ar_param params[2] = {{"colours", "16"}, {"any", NULL}};
    char *text = NULL;
    ar_error err;
    ar_instance *in;
    unsigned char s[256];
    ar_move moves[18 * 18];
    uint64_t state = 12345;
    int step, above_runs = 0;
    CHECK(P->generate(params, 2, 3, &text, &err) == AR_OK);
    in = text ? make(text, &err) : NULL;
    CHECK_MSG(in != NULL, "16 colours: %s", err.message);
    if (!in) {
        free(text);
        return;
    }
    P->initial_state(in, s);
    for (step = 0; step < 300; step++) {
        uint64_t ho1 = ho->estimate(in, s), ho2 = ho->estimate(in, s), hr1 = hr->estimate(in, s);
        unsigned n;
        CHECK(ho1 == ho2);
        CHECK_MSG(ho1 >= hr1 && ho1 <= 2 * hr1, "16 colours step %d: order %llu, runs %llu", step,
                  (unsigned long long)ho1, (unsigned long long)hr1);
        above_runs += ho1 > hr1;
        n = P->legal_moves(in, s, moves);
        if (!n)
            break;
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        P->apply(in, s, moves[(state >> 33) % n]);
    }
    CHECK_MSG(above_runs > 0, "16 colours: the cycle part never contributed");
    P->destroy(in);
    free(text);
}

/* --- generator and limits -------------------------------------------------- */

static void test_generate_and_limits(void)
{
    ar_param p10 = {"colours", "10"}, p99 = {"colours", "99"};
    char *a = NULL, *b = NULL, *c = NULL;
    ar_error err;
    ar_instance *in;
    CHECK(P->generate(&p10, 1, 7, &a, &err) == AR_OK);
    CHECK(P->generate(&p10, 1, 7, &b, &err) == AR_OK);
    CHECK(P->generate(&p10, 1, 8, &c, &err) == AR_OK);
    CHECK(a && b && c && strcmp(a, b) == 0 && strcmp(a, c) != 0);
    {
        char *d = NULL;
        CHECK(P->generate(&p99, 1, 7, &d, &err) == AR_ERR_INPUT && d == NULL);
        CHECK(strstr(err.message, "parameter colours") != NULL);
    }
    in = a ? make(a, &err) : NULL;
    CHECK_MSG(in != NULL, "generated layout rejected: %s", err.message);
    if (in) {
        ar_search_options o;
        ar_result res;
        unsigned char s[256];
        int k, heights6 = 0, heights5 = 0;
        volatile sig_atomic_t stop = 1;
        P->initial_state(in, s);
        for (k = 0; k < 12; k++) {
            heights6 += s[k] == 6;
            heights5 += s[k] == 5;
        }
        CHECK(heights6 == 10 && heights5 == 2);
        memset(&o, 0, sizeof o);
        o.limits.node_limit = 50;
        CHECK(solve(in, &o, &res) == AR_OK);
        CHECK(res.outcome == AR_OUTCOME_STOPPED && res.stop == AR_STOP_NODES && !res.optimal);
        CHECK(res.has_lower_bound && res.lower_bound > 0);
        if (res.moves)
            CHECK(replays_to_goal(in, &res) && res.length >= res.lower_bound);
        free(res.moves);
        memset(&o, 0, sizeof o);
        o.limits.interrupt = &stop;
        CHECK(solve(in, &o, &res) == AR_OK);
        CHECK(res.outcome == AR_OUTCOME_STOPPED && res.stop == AR_STOP_INTERRUPT);
        free(res.moves);
        P->destroy(in);
    }
    free(a);
    free(b);
    free(c);
}

int main(void)
{
    test_parser();
    test_moves();
    test_generate_and_limits();
    test_golden();
    test_bound_structures();
    test_bound_wide();
    test_bfs();
    return check_report("test_sarov");
}
