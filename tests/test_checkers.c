/* test_checkers.c — checkers plays the right game: perft from the start
 * position against the published counts (OEIS A133046, Bik 2009) to depth
 * 9, perft of positions with kings and long captures against a second,
 * deliberately plain move generator written here on an 8x8 array (so the
 * two must agree on positions the start never reaches within 9 plies), the
 * rules' edge cases (crowning ends the move, multi-jumps, compulsory
 * captures, men never capture backwards, a king's ring capture counted both
 * ways round), FEN and move notation both ways and their errors, and the
 * draw rules of the game interface. */
#include "check.h"
#include "games/checkers/checkers_engine.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------ the reference generator
 *
 * board[r][c], r = 0 the row of squares 1-4 (Black's side): 0 empty, 1 black
 * man, 2 black king, 3 white man, 4 white king. Black moves to larger r. */
typedef struct ref {
    int sq[8][8];
    int black_to_move;
} ref;

static void ref_from(const ck_board *b, ref *r)
{
    int n;
    memset(r, 0, sizeof *r);
    for (n = 1; n <= 32; n++) {
        int row = (n - 1) / 4, col = 2 * ((n - 1) % 4) + (row % 2 == 0 ? 1 : 0);
        uint64_t bit = ck_bit(ck_square_bit(n));
        int king = (b->kings & bit) != 0;
        if (b->pieces[CK_BLACK] & bit)
            r->sq[row][col] = king ? 2 : 1;
        else if (b->pieces[CK_WHITE] & bit)
            r->sq[row][col] = king ? 4 : 3;
    }
    r->black_to_move = b->stm == CK_BLACK;
}

static int ref_mine(const ref *r, int v) { return r->black_to_move ? (v == 1 || v == 2) : (v == 3 || v == 4); }
static int ref_theirs(const ref *r, int v) { return v && !ref_mine(r, v); }

static unsigned long long ref_perft(const ref *r, int depth);

/* A capture ends with piece on (row, col): the taken pieces (marked 9) leave
 * the board, the turn passes, perft below. */
static unsigned long long ref_capture_done(const ref *r, int row, int col, int piece, int depth)
{
    ref child = *r;
    int a, b;
    child.sq[row][col] = piece;
    for (a = 0; a < 8; a++)
        for (b = 0; b < 8; b++)
            if (child.sq[a][b] == 9)
                child.sq[a][b] = 0;
    child.black_to_move = !r->black_to_move;
    return ref_perft(&child, depth - 1);
}

/* Plays every capture path from (row, col) and sums perft below it. */
static unsigned long long ref_capture_tree(ref *r, int row, int col, int piece, int depth, int *any_out)
{
    static const int dr[4] = {1, 1, -1, -1}, dc[4] = {-1, 1, -1, 1};
    unsigned long long total = 0;
    int k, any = 0, king = piece == 2 || piece == 4;
    for (k = 0; k < 4; k++) {
        int r1 = row + dr[k], c1 = col + dc[k], r2 = row + 2 * dr[k], c2 = col + 2 * dc[k];
        int forward = r->black_to_move ? dr[k] > 0 : dr[k] < 0;
        int taken, crowned;
        if (!king && !forward)
            continue;
        if (r2 < 0 || r2 > 7 || c2 < 0 || c2 > 7 || !ref_theirs(r, r->sq[r1][c1]) || r->sq[r1][c1] == 9 ||
            r->sq[r2][c2] != 0)
            continue;
        any = 1;
        taken = r->sq[r1][c1];
        r->sq[r1][c1] = 9;
        crowned = !king && (r2 == 0 || r2 == 7);
        if (crowned) {
            total += ref_capture_done(r, r2, c2, piece + 1, depth);
        } else {
            int more = 0;
            unsigned long long below = ref_capture_tree(r, r2, c2, piece, depth, &more);
            total += more ? below : ref_capture_done(r, r2, c2, piece, depth);
        }
        r->sq[r1][c1] = taken;
    }
    *any_out = any;
    return total;
}

static unsigned long long ref_perft(const ref *r, int depth)
{
    static const int dr[4] = {1, 1, -1, -1}, dc[4] = {-1, 1, -1, 1};
    unsigned long long total = 0;
    int row, col, captured_any = 0;
    if (depth == 0)
        return 1;
    for (row = 0; row < 8; row++)
        for (col = 0; col < 8; col++) {
            int piece = r->sq[row][col], any = 0;
            ref work;
            unsigned long long t;
            if (!ref_mine(r, piece))
                continue;
            work = *r;
            work.sq[row][col] = 0;
            t = ref_capture_tree(&work, row, col, piece, depth, &any);
            if (any) {
                captured_any = 1;
                total += t;
            }
        }
    if (captured_any)
        return total;
    for (row = 0; row < 8; row++)
        for (col = 0; col < 8; col++) {
            int piece = r->sq[row][col], k, king = piece == 2 || piece == 4;
            if (!ref_mine(r, piece))
                continue;
            for (k = 0; k < 4; k++) {
                int r1 = row + dr[k], c1 = col + dc[k];
                int forward = r->black_to_move ? dr[k] > 0 : dr[k] < 0;
                ref child;
                if ((!king && !forward) || r1 < 0 || r1 > 7 || c1 < 0 || c1 > 7 || r->sq[r1][c1])
                    continue;
                child = *r;
                child.sq[row][col] = 0;
                child.sq[r1][c1] = !king && (r1 == 0 || r1 == 7) ? piece + 1 : piece;
                child.black_to_move = !r->black_to_move;
                total += ref_perft(&child, depth - 1);
            }
        }
    return total;
}

/* ---------------------------------------------------------------- helpers */

static ck_board fen(const char *text)
{
    ck_board b;
    ar_error err;
    ar_error_clear(&err);
    if (ar_checkers_parse_fen(text, strlen(text), &b, NULL, &err) != AR_OK) {
        fprintf(stderr, "bad test FEN %s: %s\n", text, err.message);
        CHECK(0);
        ar_checkers_startpos(&b);
    }
    return b;
}

/* The legal moves as text joined by spaces. */
static void moves_text(const ck_board *b, char *buf, size_t size)
{
    ck_move list[CK_MAX_MOVES];
    unsigned n = ar_checkers_legal(b, list), i;
    size_t k = 0;
    buf[0] = 0;
    for (i = 0; i < n && k + 50 < size; i++) {
        if (i)
            buf[k++] = ' ';
        k += ar_checkers_move_text(&list[i], buf + k, size - k);
    }
}

static void test_start_perft(void)
{
    static const unsigned long long published[] = {1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680};
    ck_board b;
    int d;
    ar_checkers_startpos(&b);
    for (d = 0; d <= 9; d++)
        CHECK_EQ_U(ar_checkers_perft(&b, d), published[d]);
    /* the reference generator agrees where it is quick */
    {
        ref r;
        ref_from(&b, &r);
        CHECK_EQ_U(ref_perft(&r, 6), published[6]);
    }
}

/* Perft against the reference on positions of random games (kings, long
 * captures and crowning mid-capture all occur), and on hand-made ones. */
static void test_reference_perft(void)
{
    static const char *const positions[] = {
        "B:WK18,K19,K10,K11:BK14",                 /* a king's ring capture, both ways round */
        "B:W26,27,5:B22",                          /* a man crowned by a capture stops */
        "W:WK1,K3,K29,K32,13,14:B5,6,9,10,K17,K18,25", /* kings on both sides */
        "B:W10,11,12,18,19,20,26,27,28:BK1,6,7",
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    };
    ar_rng rng;
    unsigned i, game;
    for (i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        ck_board b = fen(positions[i]);
        ref r;
        int d;
        ref_from(&b, &r);
        for (d = 1; d <= 5; d++)
            CHECK_MSG(ar_checkers_perft(&b, d) == ref_perft(&r, d), "%s depth %d: %llu vs %llu", positions[i],
                      d, (unsigned long long)ar_checkers_perft(&b, d), ref_perft(&r, d));
    }
    ar_rng_seed(&rng, 2029);
    for (game = 0; game < 40; game++) {
        ck_board b;
        unsigned ply;
        ar_checkers_startpos(&b);
        for (ply = 0; ply < 120; ply++) {
            ck_move list[CK_MAX_MOVES];
            unsigned n = ar_checkers_legal(&b, list);
            if (!n)
                break;
            if (ply % 10 == 9) {
                ref r;
                char f[160];
                ref_from(&b, &r);
                ar_checkers_format_fen(&b, f, sizeof f);
                CHECK_MSG(ar_checkers_perft(&b, 3) == ref_perft(&r, 3), "%s: perft 3 %llu vs %llu", f,
                          (unsigned long long)ar_checkers_perft(&b, 3), ref_perft(&r, 3));
                CHECK_EQ_U(ar_checkers_count_moves(&b), n);
            }
            ar_checkers_make(&b, &list[ar_rng_below(&rng, n)]);
        }
    }
}

static void test_rules(void)
{
    char buf[512];
    ck_board b;
    ck_move m;
    ar_error err;
    /* The legal moves of positions that show one rule each. */
    static const char *const cases[][2] = {
        {"B:W26,27,5:B22", "22x31"},                          /* crowning ends the move: no 22x31x24 */
        {"B:W18,19,10,11:BK14", "14x23x16x7x14 14x7x16x23x14"}, /* a ring both ways round: two moves */
        {"B:W14,15,22,23:B9,10", "9x18x25 9x18x27 10x17x26 10x19x26"}, /* multi-jumps, any capture */
        {"B:W14:B18", "18-22 18-23"},                         /* men do not capture backwards */
        {"B:W14:BK18", "18x9"},                               /* kings do, and must */
        {"B:W9,14:B5", ""},                                   /* blocked: no legal move */
    };
    unsigned k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        b = fen(cases[k][0]);
        moves_text(&b, buf, sizeof buf);
        CHECK_MSG(!strcmp(buf, cases[k][1]), "%s: moves '%s', expected '%s'", cases[k][0], buf, cases[k][1]);
    }
    b = fen("B:W18,19,10,11:BK14");
    CHECK_EQ_U(ar_checkers_perft(&b, 1), 2);
    CHECK(ar_checkers_parse_move(&b, "14x14", 5, &m, &err) == AR_OK); /* same result: either */
    b = fen("B:W14,15,22,23:B9,10");
    CHECK(ar_checkers_parse_move(&b, "10x26", 5, &m, &err) == AR_ERR_INPUT && strstr(err.message, "ambiguous"));
    CHECK(ar_checkers_parse_move(&b, "10x19x26", 8, &m, &err) == AR_OK && ck_popcount(m.captured) == 2);
    CHECK(ar_checkers_parse_move(&b, "9x27", 4, &m, &err) == AR_OK);
    /* Compulsory capture, with the reason. */
    b = fen("W:W22,30:B18,1");
    CHECK(ar_checkers_parse_move(&b, "30-26", 5, &m, &err) == AR_ERR_INPUT && strstr(err.message, "compulsory") &&
          strstr(err.message, "22x15"));
    b = fen("B:W9,14:B5");
    CHECK_EQ_U(ar_checkers_count_moves(&b), 0);
    /* Errors name the fault. */
    b = fen("B:W21-32:B1-12");
    CHECK(ar_checkers_parse_move(&b, "11-17", 5, &m, &err) == AR_ERR_INPUT && strstr(err.message, "not a legal"));
    CHECK(ar_checkers_parse_move(&b, "21-17", 5, &m, &err) == AR_ERR_INPUT && strstr(err.message, "no Black piece"));
    CHECK(ar_checkers_parse_move(&b, "11-", 3, &m, &err) == AR_ERR_INPUT);
    CHECK(ar_checkers_parse_move(&b, "33-29", 5, &m, &err) == AR_ERR_INPUT && strstr(err.message, "33"));
    CHECK(ar_checkers_parse_move(&b, "11-15", 5, &m, &err) == AR_OK && m.code != 0);
}

static void test_fen(void)
{
    static const char *const good[][2] = {
        {"B:W21-32:B1-12", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
        {"W:BK1,2:WK32,31.", "W:W31,K32:BK1,2"},
        {"B:W:B5", "B:W:B5"},
    };
    static const char *const bad[][2] = {
        {"", "empty"},
        {"X:W1:B2", "side to move"},
        {"B:W21:W22", "twice"},
        {"B:W21,21:B1", "given twice"},
        {"B:W33:B1", "not a square"},
        {"B:W1:B2", "crowned"},
        {"B:W21:B29", "crowned"},
        {"B:W5-3:B1", "range"},
        {"B:W1-13,K14,15,16,17,18,19,20,21,22,23:B31", "crowned"},
        {"B:W5-17:B1", "at most 12"},
        {"B:W21", "other side"},
        {"B:W21:B1 x", "after the pieces"},
    };
    unsigned i;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_board b = fen(good[i][0]);
        char out[200];
        ar_checkers_format_fen(&b, out, sizeof out);
        CHECK_STR(out, good[i][1]);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_board b;
        ar_error err;
        ar_error_clear(&err);
        CHECK_MSG(ar_checkers_parse_fen(bad[i][0], strlen(bad[i][0]), &b, NULL, &err) == AR_ERR_INPUT &&
                      strstr(err.message, bad[i][1]),
                  "'%s' gave '%s'", bad[i][0], err.message);
    }
}

/* The game interface's draw rules. */
static void test_draws(void)
{
    const ar_game *g = ar_game_find("checkers");
    ar_variant *v = NULL;
    ar_checkers_pos p;
    ar_error err;
    const char *why = NULL;
    static const char *const shuffle[] = {"1-5", "32-28", "5-1", "28-32"};
    int i;
    CHECK(g != NULL);
    if (!g || ar_game_create(g, NULL, 0, &v, &err) != AR_OK)
        return;
    CHECK(g->parse_position(v, "B:WK32:BK1", &p, &err) == AR_OK);
    for (i = 0; i < 8 && ar_checkers_outcome(&p, NULL) == AR_ONGOING; i++) {
        ar_gmove m;
        const char *t = shuffle[i % 4];
        CHECK(g->parse_move(v, &p, g->to_move(v, &p), t, strlen(t), &m, &err) == AR_OK);
        g->apply(v, &p, m);
    }
    CHECK(ar_checkers_outcome(&p, &why) == AR_DRAW && why && strstr(why, "repetition"));
    CHECK_EQ_U(i, 8);
    /* 40 moves each without a man moving or a capture. */
    CHECK(g->parse_position(v, "B:WK32,K30:BK1,K3", &p, &err) == AR_OK);
    p.quiet = AR_CHECKERS_QUIET_DRAW - 1;
    {
        ar_gmove m;
        CHECK(g->parse_move(v, &p, 0, "1-5", 3, &m, &err) == AR_OK);
        g->apply(v, &p, m);
        CHECK(ar_checkers_outcome(&p, &why) == AR_DRAW && why && strstr(why, "40-move"));
    }
    /* ... and a man's move resets the count. */
    CHECK(g->parse_position(v, "B:WK32,K30:B1,K3", &p, &err) == AR_OK);
    p.quiet = AR_CHECKERS_QUIET_DRAW - 1;
    {
        ar_gmove m;
        CHECK(g->parse_move(v, &p, 0, "1-5", 3, &m, &err) == AR_OK);
        g->apply(v, &p, m);
        CHECK(ar_checkers_outcome(&p, NULL) == AR_ONGOING && p.quiet == 0);
    }
    /* A side with no move has lost. */
    CHECK(g->parse_position(v, "B:W9,14:B5", &p, &err) == AR_OK);
    CHECK(g->outcome(v, &p) == AR_WIN_P1);
    CHECK(g->parse_position(v, "W:W:B5", &p, &err) == AR_OK);
    CHECK(g->outcome(v, &p) == AR_WIN_P0);
    g->destroy(v);
}

int main(void)
{
    test_start_perft();
    test_reference_perft();
    test_rules();
    test_fen();
    test_draws();
    return check_report("test_checkers");
}
