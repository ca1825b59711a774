/* test_hanoi_search.c — the Towers of Hanoi solvers that search and the
 * heuristics they use, against the tests' own breadth-first search
 * (hanoi_oracle.h): the recursive 3-peg solver from any position to any
 * other, the fs-heuristic solver, every heuristic's admissibility and
 * consistency on every reachable state, and BFS on whole towers. */
#include "hanoi_oracle.h"

/* ------------------------------------------------------------------ */
/* 3 pegs, any to any: recursive against BFS */

static void check_recursive_pair(const unsigned char *a, const unsigned char *b, unsigned n,
                                 int expected)
{
    ar_instance *inst = make_pair(3, a, b, n);
    ar_result r;
    ar_error err;
    if (!inst)
        return;
    CHECK_STR(P->default_algorithm(inst), "recursive");
    CHECK(run("recursive", inst, NULL, &r, &err) == AR_OK);
    CHECK_EQ_U(r.length, (uint64_t)expected);
    CHECK_EQ_U(r.optimal, 1);
    CHECK(own_verify(inst, r.moves, r.length, a, b, n, 3));
    free(r.moves);
    P->destroy(inst);
}

static void test_recursive_vs_bfs(void)
{
    unsigned n, g, s, i;
    unsigned char a[MAXD], b[MAXD];
    ar_rng rng;
    ar_rng_seed(&rng, 12345);
    for (n = 1; n <= 4; n++) {
        unsigned total = count_states(n, 3);
        for (g = 0; g < total; g++) {
            int *dist;
            decode(g, n, 3, b);
            dist = bfs(b, n, 3);
            for (s = 0; s < total; s++) {
                decode(s, n, 3, a);
                check_recursive_pair(a, b, n, dist[s]);
            }
            free(dist);
        }
    }
    for (n = 5; n <= 10; n++)
        for (g = 0; g < 4; g++) {
            int *dist;
            random_pos(&rng, b, n, 3);
            dist = bfs(b, n, 3);
            for (i = 0; i < 25; i++) {
                random_pos(&rng, a, n, 3);
                check_recursive_pair(a, b, n, dist[code_of(a, n, 3)]);
            }
            free(dist);
        }
}

/* ------------------------------------------------------------------ */
/* fs-heuristic */

static void test_fs_heuristic(void)
{
    static const unsigned cases[][3] = {{4, 3, 4}, {4, 5, 4}, {4, 6, 3}, {4, 7, 3}, {4, 8, 2},
                                        {5, 3, 4}, {5, 4, 3}, {5, 5, 3}, {5, 6, 2}, {6, 5, 2}};
    unsigned c, g, i;
    ar_rng rng;
    ar_rng_seed(&rng, 777);
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned k = cases[c][0], n = cases[c][1];
        for (g = 0; g < cases[c][2]; g++) {
            unsigned char a[MAXD], b[MAXD];
            int *dist;
            random_pos(&rng, b, n, k);
            dist = bfs(b, n, k);
            for (i = 0; i < 20; i++) {
                ar_instance *inst;
                ar_result r;
                ar_error err;
                random_pos(&rng, a, n, k);
                inst = make_pair(k, a, b, n);
                if (!inst)
                    continue;
                CHECK(run("fs-heuristic", inst, NULL, &r, &err) == AR_OK);
                CHECK(r.outcome == AR_OUTCOME_SOLVED);
                CHECK(r.length >= (uint64_t)dist[code_of(a, n, k)]);
                CHECK(r.has_lower_bound && r.lower_bound <= (uint64_t)dist[code_of(a, n, k)]);
                if (r.optimal)
                    CHECK_EQ_U(r.length, dist[code_of(a, n, k)]);
                CHECK(own_verify(inst, r.moves, r.length, a, b, n, k));
                free(r.moves);
                P->destroy(inst);
            }
            free(dist);
        }
    }
    /* a large instance: quick, and verifies */
    {
        unsigned char a[MAXD], b[MAXD];
        ar_instance *inst;
        ar_result r;
        ar_error err;
        random_pos(&rng, a, 40, 4);
        random_pos(&rng, b, 40, 4);
        a[39] = 0;
        b[39] = 3;
        inst = make_pair(4, a, b, 40);
        CHECK(inst != NULL);
        if (inst) {
            CHECK_STR(P->default_algorithm(inst), "fs-heuristic");
            CHECK(run("fs-heuristic", inst, NULL, &r, &err) == AR_OK);
            /* each gathered disc d costs at most 1 + T4(d) <= 1 + T4(39) = 2562 */
            CHECK(r.length > 0 && r.length <= 2u * 39u * 2562u + 1u);
            CHECK(r.length >= r.lower_bound);
            CHECK(own_verify(inst, r.moves, r.length, a, b, 40, 4));
            free(r.moves);
            P->destroy(inst);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Heuristics against BFS */

static void check_heuristics(unsigned k, unsigned n, const unsigned char *goal)
{
    unsigned total = count_states(n, k), s, i, hidx;
    int *dist = bfs(goal, n, k);
    uint64_t *h[8];
    unsigned nh = 0;
    const ar_heuristic *heur;
    unsigned char pos[MAXD];
    unsigned nb[256];
    unsigned stronger = 0;

    for (heur = P->heuristics; heur->name; heur++)
        h[nh++] = malloc(sizeof(uint64_t) * total);
    for (s = 0; s < total; s++) {
        ar_instance *inst;
        unsigned char state[64];
        decode(s, n, k, pos);
        inst = make_pair(k, pos, goal, n);
        if (!inst)
            continue;
        P->initial_state(inst, state);
        for (hidx = 0; hidx < nh; hidx++) {
            heur = &P->heuristics[hidx];
            h[hidx][s] = heur->estimate(inst, state);
            CHECK_MSG(h[hidx][s] <= (uint64_t)dist[s], "%s: k=%u n=%u state %u: h %llu > d %d",
                      heur->name, k, n, s, (unsigned long long)h[hidx][s], dist[s]);
            if (k == 3 && strcmp(heur->name, "exact3") == 0)
                CHECK_EQ_U(h[hidx][s], dist[s]);
        }
        P->destroy(inst);
    }
    /* consistency of those flagged consistent: h(s) <= 1 + h(t) */
    for (hidx = 0; hidx < nh; hidx++) {
        heur = &P->heuristics[hidx];
        if (!(heur->flags & AR_HEURISTIC_CONSISTENT))
            continue;
        for (s = 0; s < total; s++) {
            unsigned c;
            decode(s, n, k, pos);
            c = neighbours(pos, n, k, nb);
            for (i = 0; i < c; i++)
                CHECK_MSG(h[hidx][s] <= 1 + h[hidx][nb[i]], "%s inconsistent k=%u n=%u", heur->name,
                          k, n);
        }
    }
    /* disc-bound (index 1) beats misplaced (index 3) somewhere */
    for (s = 0; s < total; s++)
        if (h[1][s] > h[3][s])
            stronger++;
    CHECK(n < 2 || stronger > 0);
    for (hidx = 0; hidx < nh; hidx++)
        free(h[hidx]);
    free(dist);
}

static void test_heuristics(void)
{
    static const unsigned cases[][2] = {{3, 6}, {4, 6}, {5, 5}, {3, 1}, {4, 2}};
    unsigned c, g;
    ar_rng rng;
    ar_error err;
    ar_instance *inst;
    const ar_heuristic *h;
    ar_rng_seed(&rng, 99);
    CHECK_STR(P->heuristics[0].name, "best");
    CHECK_STR(P->heuristics[1].name, "disc-bound");
    CHECK_STR(P->heuristics[3].name, "misplaced");
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned k = cases[c][0], n = cases[c][1];
        unsigned char goal[MAXD];
        for (g = 0; g < 3; g++) {
            if (g == 0)
                memset(goal, k - 1, n);
            else
                random_pos(&rng, goal, n, k);
            check_heuristics(k, n, goal);
        }
    }
    /* exact3 refuses 4 pegs in prepare */
    inst = make(NULL, 4, 5, NULL, NULL, &err);
    h = ar_puzzle_heuristic(P, "exact3");
    CHECK(inst && h && h->prepare);
    if (inst && h && h->prepare) {
        CHECK(h->prepare(inst, NULL, &err) == AR_ERR_UNSUPPORTED);
        P->destroy(inst);
    }
}

/* BFS confirms Frame-Stewart for 4 pegs on small towers (Bousch's theorem) */
static void test_bfs_towers(void)
{
    unsigned n;
    for (n = 1; n <= 7; n++) {
        unsigned char start[MAXD], goal[MAXD];
        int *dist;
        memset(start, 0, n);
        memset(goal, 3, n);
        dist = bfs(goal, n, 4);
        CHECK_EQ_U(dist[code_of(start, n, 4)], fs4_ref[n - 1]);
        free(dist);
    }
}

/* ------------------------------------------------------------------ */
int main(void)
{
    test_bfs_towers();
    test_recursive_vs_bfs();
    test_fs_heuristic();
    test_heuristics();
    return check_report("test_hanoi_search");
}
