/* test_maze.c — tests of the grid-path domain (src/puzzles/maze/).
 *
 * On seeded random boards, for every piece, with and without weights, the
 * costs found by Lee's wave (`lee`), A* with the `distance` heuristic and
 * Dijkstra (`ucs`) are checked against a Dijkstra and a breadth-first search
 * written here over the board text (fewest moves and cheapest cost), every
 * path is replayed, the heuristic is held against the true cost to the goal
 * on every square, and boards whose goal is walled off are proven
 * unsolvable (the independent search agrees). Bad boards get one line. */
#include "test_notes_util.h"

#include <stdio.h>
#include "ariadne/rng.h"

static const ar_puzzle *P;

#define SIDE 14
#define INF 0xFFFFFFFFu

typedef struct board {
    unsigned rows, cols, start, goal;
    unsigned char w[SIDE * SIDE]; /* 0 wall */
} board;

/* The squares a piece reaches in one move from `at`, written here from the
 * rules (not from the domain's code). */
static unsigned reach(const board *b, const char *piece, unsigned at, unsigned *out)
{
    static const int kd[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
    static const int nd[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
    static const int wd[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int r = (int)(at / b->cols), c = (int)(at % b->cols), k, n = 0;
    int dirs = piece[1] == 'n' || piece[0] == 'k' ? 8 : 4, slide = piece[0] == 'r';
    const int(*d)[2] = piece[1] == 'n' ? nd : piece[0] == 'k' ? kd : wd;
    for (k = 0; k < dirs; k++) {
        int rr = r + d[k][0], cc = c + d[k][1];
        while (rr >= 0 && cc >= 0 && rr < (int)b->rows && cc < (int)b->cols && b->w[rr * (int)b->cols + cc]) {
            out[n++] = (unsigned)(rr * (int)b->cols + cc);
            if (!slide)
                break;
            rr += d[k][0], cc += d[k][1];
        }
    }
    return (unsigned)n;
}

/* Dijkstra (weights) or BFS (unit) from `from` by a plain O(V^2) scan. */
static void shortest(const board *b, const char *piece, unsigned from, int unit, unsigned *dist)
{
    unsigned char done[SIDE * SIDE] = {0};
    unsigned n = b->rows * b->cols, k, to[2 * SIDE];
    for (k = 0; k < n; k++)
        dist[k] = INF;
    dist[from] = 0;
    for (;;) {
        unsigned best = INF, at = 0, m, cnt;
        for (k = 0; k < n; k++)
            if (!done[k] && dist[k] < best)
                best = dist[k], at = k;
        if (best == INF)
            return;
        done[at] = 1;
        cnt = reach(b, piece, at, to);
        for (m = 0; m < cnt; m++) {
            unsigned c = best + (unit ? 1 : b->w[to[m]]);
            if (c < dist[to[m]])
                dist[to[m]] = c;
        }
    }
}

static void random_board(board *b, ar_rng *rng, int weighted, int density)
{
    unsigned k;
    b->rows = 4 + (unsigned)ar_rng_below(rng, SIDE - 3);
    b->cols = 4 + (unsigned)ar_rng_below(rng, SIDE - 3);
    for (k = 0; k < b->rows * b->cols; k++)
        b->w[k] = (int)ar_rng_below(rng, 100) < density ? 0 : weighted ? (unsigned char)(1 + ar_rng_below(rng, 9)) : 1;
    b->start = (unsigned)ar_rng_below(rng, b->rows * b->cols);
    do
        b->goal = (unsigned)ar_rng_below(rng, b->rows * b->cols);
    while (b->goal == b->start);
    b->w[b->start] = b->w[b->goal] = 1;
}

static void board_text(const board *b, char *text)
{
    unsigned r, c, p = 0;
    for (r = 0; r < b->rows; r++) {
        for (c = 0; c < b->cols; c++) {
            unsigned k = r * b->cols + c;
            text[p++] = k == b->start ? 'S' : k == b->goal ? 'G' : !b->w[k] ? '#' : b->w[k] == 1 ? '.' : (char)('0' + b->w[k]);
        }
        text[p++] = '\n';
    }
    text[p] = '\0';
}

static void test_random_boards(void)
{
    static const char *const pieces[] = {"king", "rook", "knight", "walker"};
    ar_rng rng;
    unsigned trial, unsolvable = 0, solved = 0;
    ar_rng_seed(&rng, 42);
    for (trial = 0; trial < 160; trial++) {
        board b;
        char text[SIDE * (SIDE + 1) + 1], opts[32];
        const char *piece = pieces[trial % 4];
        int weighted = trial / 4 % 2;
        unsigned cheapest[SIDE * SIDE], fewest[SIDE * SIDE], to_goal[SIDE * SIDE], k;
        ar_instance *in;
        uint64_t len, cost;
        int optimal;
        random_board(&b, &rng, weighted, 15 + (int)(trial % 5) * 10);
        board_text(&b, text);
        snprintf(opts, sizeof opts, "piece=%s", piece);
        if (!(in = notes_must(P, text, opts)))
            continue;
        shortest(&b, piece, b.start, 0, cheapest);
        shortest(&b, piece, b.start, 1, fewest);
        if (cheapest[b.goal] == INF) {
            ar_error err;
            unsolvable++;
            CHECK(P->check_solvable(in, &err) == AR_ERR_UNSOLVABLE);
            CHECK(notes_solve(P, in, "lee", NULL, &len, &cost, &optimal) == AR_OUTCOME_NO_SOLUTION);
            CHECK(notes_solve(P, in, "ucs", NULL, &len, &cost, &optimal) == AR_OUTCOME_NO_SOLUTION);
            P->destroy(in);
            continue;
        }
        solved++;
        CHECK(notes_solve(P, in, "astar", "distance", &len, &cost, &optimal) == AR_OUTCOME_SOLVED);
        CHECK_EQ_U(cost, cheapest[b.goal]);
        CHECK(optimal);
        CHECK(notes_solve(P, in, "ucs", NULL, &len, &cost, &optimal) == AR_OUTCOME_SOLVED);
        CHECK_EQ_U(cost, cheapest[b.goal]);
        CHECK(notes_solve(P, in, "lee", NULL, &len, &cost, &optimal) == AR_OUTCOME_SOLVED);
        CHECK_EQ_U(len, fewest[b.goal]);
        CHECK(optimal == !weighted || cost == cheapest[b.goal]);
        /* the heuristic against the true cost to the goal from every square:
         * the moves are symmetric, and a path's cost is the weights of the
         * squares it lands on, so the cost from s to G is the cost from G to
         * s minus w(s) plus w(G) */
        shortest(&b, piece, b.goal, 0, to_goal);
        for (k = 0; k < b.rows * b.cols; k++)
            if (b.w[k] && to_goal[k] != INF) {
                uint32_t s = k;
                uint64_t h = P->heuristics[0].estimate(in, &s), truth = to_goal[k] - b.w[k] + b.w[b.goal];
                CHECK_MSG(h <= truth, "%s: h %llu > true %llu", piece, (unsigned long long)h,
                          (unsigned long long)truth);
            }
        P->destroy(in);
    }
    CHECK(unsolvable > 5);
    CHECK(solved > 50);
}

static void test_notes_board(void)
{
    /* the notes' wave example shape: a king around obstacles */
    ar_instance *in = notes_must(P, "S......#\n..##.#..\n.....#G.", NULL);
    uint64_t len, cost;
    int optimal;
    if (!in)
        return;
    CHECK(notes_solve(P, in, "lee", NULL, &len, &cost, &optimal) == AR_OUTCOME_SOLVED);
    CHECK_EQ_U(len, 7);
    CHECK(optimal);
    P->destroy(in);
}

static void test_bad_boards(void)
{
    uint32_t s = 0;
    ar_move m;
    ar_error err;
    ar_instance *in;
    notes_expect_error(P, "S.#\n..#G", NULL, "instance row 2: 4 squares, but row 1 has 3 (ragged board)");
    notes_expect_error(P, "S.x\n..G", NULL,
                       "instance row 1, column 3: unknown character 'x' (expected . # S G or 1-9)");
    notes_expect_error(P, "..\n.G", NULL, "instance: the board needs one start S and one goal G (it has 0 and 1)");
    notes_expect_error(P, "SG\nGG", NULL, "instance: the board needs one start S and one goal G (it has 1 and 3)");
    notes_expect_error(P, "S.\n\n.G", NULL, "instance row 2: empty row");
    notes_expect_error(P, "S.\n.G", "piece=queen", "parameter piece 'queen': expected king, rook, knight or walker");
    {
        char *wide = malloc(3000);
        memset(wide, '.', 2999);
        wide[0] = 'S', wide[1] = 'G', wide[2999] = '\0';
        notes_expect_error(P, wide, NULL, "instance row 1: more than 2048 squares");
        free(wide);
    }
    if ((in = notes_must(P, "S.#\n..G", NULL))) {
        CHECK(P->parse_move(in, &s, "r1c3", 4, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "square r1c3 is an obstacle");
        CHECK(P->parse_move(in, &s, "r2c3", 4, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "a king on r1c1 cannot move to r2c3");
        CHECK(P->parse_move(in, &s, "r9c1", 4, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "square r9c1 is off the 2x3 board");
        CHECK(P->parse_move(in, &s, "2,2", 3, &m, &err) == AR_ERR_INPUT);
        CHECK_STR(err.message, "expected rROWcCOL, the square to move to, e.g. r2c3");
        CHECK(P->parse_move(in, &s, "r2c2", 4, &m, &err) == AR_OK);
        P->destroy(in);
    }
}

int main(void)
{
    P = ar_puzzle_find("maze");
    CHECK(P != NULL);
    if (!P)
        return check_report("test_maze");
    test_random_boards();
    test_notes_board();
    test_bad_boards();
    return check_report("test_maze");
}
