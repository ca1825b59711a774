/* test_chess.c — chess plays the right game: perft counts against the
 * published ones (the Chess Programming Wiki's "Perft Results" positions
 * and the edge-case positions collected by Martin Sedlak), FEN checks and
 * their messages, SAN and UCI notation both ways, PGN in and out, the
 * draws of the rules, and the engine finding mates with every search step
 * switched off in turn. Deep counts run in Release builds only (NDEBUG);
 * `ariadne bench chess` goes deeper still. */
#include "check.h"
#include "games/chess/chess_engine.h"

#include <stdlib.h>
#include <string.h>

typedef struct perft_case {
    const char *fen;
    int depth;
    unsigned long long nodes;
} perft_case;

static const perft_case cases[] = {
    /* Chess Programming Wiki, Perft Results: the initial position and positions 2-6 */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8902},
#ifdef NDEBUG
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324ULL},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
#else
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890},
#endif
    /* edge cases (Martin Sedlak's list) */
    {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},        /* illegal en passant (pinned) */
    {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},       /* illegal en passant (bishop) */
    {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},      /* en passant gives check */
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},            /* short castling gives check */
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},            /* long castling gives check */
    {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206}, /* castling rights */
    {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476}, /* castling through check prevented */
    {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},        /* promote out of check */
    {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},      /* discovered check */
    {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},            /* promote to give check */
    {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},              /* under-promote to give check */
    {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},               /* self stalemate */
    {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},            /* stalemate and checkmate */
    {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},          /* stalemate and checkmate */
    {NULL, 0, 0}};

static void parse_ok(const char *fen, ch_board *b)
{
    ar_error err;
    ar_error_clear(&err);
    CHECK_MSG(ar_chess_parse_fen(fen, strlen(fen), b, NULL, &err) == AR_OK, "%s: %s", fen, err.message);
}

static void test_perft(void)
{
    const perft_case *c;
    for (c = cases; c->fen; c++) {
        ch_board b;
        unsigned long long n;
        parse_ok(c->fen, &b);
        n = ar_chess_perft(&b, c->depth);
        CHECK_MSG(n == c->nodes, "perft %d of %s: %llu, published %llu", c->depth, c->fen, n, c->nodes);
    }
}

static void bad_fen(const char *fen, const char *want)
{
    ch_board b;
    ar_error err;
    ar_error_clear(&err);
    CHECK_MSG(ar_chess_parse_fen(fen, strlen(fen), &b, NULL, &err) == AR_ERR_INPUT, "accepted %s", fen);
    CHECK_MSG(strstr(err.message, want) != NULL, "%s: message '%s' lacks '%s'", fen, err.message, want);
}

static void test_fen(void)
{
    static const char *const good[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k b - - 99 200", NULL};
    unsigned i;
    for (i = 0; good[i]; i++) {
        ch_board b;
        char out[100];
        parse_ok(good[i], &b);
        ar_chess_format_fen(&b, out, sizeof out);
        CHECK_STR(out, good[i]);
    }
    {
        /* An en passant square nobody can use is dropped (positions compare equal). */
        ch_board a, b;
        char out[100];
        parse_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", &a);
        parse_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &b);
        CHECK(a.key == b.key);
        ar_chess_format_fen(&a, out, sizeof out);
        CHECK_STR(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }
    bad_fen("", "empty");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks");
    bad_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'9' is not a piece");
    bad_fen("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 7 squares");
    bad_fen("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'x' is not a piece");
    bad_fen("8/8/8/8/8/8/8/KK5k w - - 0 1", "white has 2 kings");
    bad_fen("8/8/8/8/8/8/8/K7 w - - 0 1", "black has 0 kings");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K'");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "given twice");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant square e6");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en passant square 'z9'");
    bad_fen("4k3/8/8/8/8/8/8/4r1K1 b - - 0 1", "not to move (white) is in check");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock");
    bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "move number");
    bad_fen("P7/8/8/8/8/8/8/K6k w - - 0 1", "pawn on the first or last rank");
    bad_fen("k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1", "black has 9 pawns");
    bad_fen("kqqqqqqq/qqq5/8/8/8/8/8/K7 w - - 0 1", "promoted pieces");
}

/* Every legal move's SAN and UCI read back to the same move. */
static void roundtrip_moves(const ch_board *b, int depth)
{
    ch_move list[CH_MAX_MOVES];
    unsigned n = ar_chess_legal(b, list), i;
    for (i = 0; i < n; i++) {
        char san[16], uci[8];
        ch_move m;
        ch_board c;
        ar_error err;
        ar_chess_move_san(b, list[i], san);
        ar_chess_move_uci(list[i], uci);
        CHECK_MSG(ar_chess_parse_move(b, san, strlen(san), &m, &err) == AR_OK && m == list[i], "SAN %s", san);
        CHECK_MSG(ar_chess_parse_move(b, uci, strlen(uci), &m, &err) == AR_OK && m == list[i], "UCI %s", uci);
        if (depth > 1) {
            c = *b;
            ar_chess_make(&c, list[i]);
            roundtrip_moves(&c, depth - 1);
        }
    }
}

static void san_is(const char *fen, const char *uci, const char *want)
{
    ch_board b;
    ch_move m;
    char san[16];
    ar_error err;
    parse_ok(fen, &b);
    CHECK_MSG(ar_chess_parse_move(&b, uci, strlen(uci), &m, &err) == AR_OK, "%s: %s", uci, err.message);
    ar_chess_move_san(&b, m, san);
    CHECK_STR(san, want);
}

static void bad_move(const char *fen, const char *text, const char *want)
{
    ch_board b;
    ch_move m;
    ar_error err;
    parse_ok(fen, &b);
    ar_error_clear(&err);
    CHECK_MSG(ar_chess_parse_move(&b, text, strlen(text), &m, &err) == AR_ERR_INPUT, "accepted %s", text);
    CHECK_MSG(strstr(err.message, want) != NULL, "%s: '%s' lacks '%s'", text, err.message, want);
}

static void test_notation(void)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", NULL};
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    unsigned i;
    for (i = 0; fens[i]; i++) {
        ch_board b;
        parse_ok(fens[i], &b);
        roundtrip_moves(&b, 2);
    }
    san_is(start, "g1f3", "Nf3");
    san_is(start, "e2e4", "e4");
    san_is("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1", "O-O");
    san_is("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1c1", "O-O-O");
    san_is("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "d5e6", "dxe6");
    san_is("6k1/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1", "Rad1"); /* two rooks reach d1: file */
    san_is("7k/8/8/8/R7/8/R7/4K3 w - - 0 1", "a2a3", "R2a3");  /* same file: rank */
    san_is("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3", "Qa4b3"); /* both needed */
    san_is("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", "a8=Q");
    san_is("7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8r", "a8=R+");
    san_is("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", "Rd8#");
    san_is("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6");
    bad_move(start, "e2e5", "illegal");
    bad_move(start, "e3e4", "no white piece on e3");
    bad_move(start, "Nf4", "illegal");
    bad_move(start, "O-O", "castling is not legal");
    bad_move(start, "hello", "neither UCI");
    bad_move("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8", "promotes");
    bad_move("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8k", "promotion");
    bad_move("7k/8/8/8/R7/8/R7/4K3 w - - 0 1", "Ra3", "ambiguous");
}

static void test_pgn(void)
{
    const char *text = "[Event \"test\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n"
                       "1. f3 {a comment} e5 (1... e6 2. g4) 2. g4 $2 Qh4# 0-1\n\n"
                       "[Event \"two\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n"
                       "1. O-O Kd7 2. Rd1+ *\n";
    size_t pos = 0;
    ch_game g;
    ar_error err;
    char san[16];
    FILE *f;
    CHECK(ar_chess_pgn_read(text, &pos, &g, &err) == AR_OK);
    CHECK_EQ_U(g.count, 4);
    CHECK_STR(g.result, "0-1");
    {
        ch_board b = g.start;
        unsigned i;
        for (i = 0; i + 1 < g.count; i++)
            ar_chess_make(&b, g.moves[i]);
        ar_chess_move_san(&b, g.moves[3], san);
        CHECK_STR(san, "Qh4#");
    }
    ar_chess_game_free(&g);
    CHECK(ar_chess_pgn_read(text, &pos, &g, &err) == AR_OK);
    CHECK_EQ_U(g.count, 3);
    CHECK_STR(g.result, "*");
    /* written and read back: the same moves */
    f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        char buf[2048];
        size_t n, p2 = 0;
        ch_game h;
        ar_chess_pgn_write(f, &g);
        rewind(f);
        n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = 0;
        fclose(f);
        CHECK(strstr(buf, "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]") != NULL);
        CHECK(strstr(buf, "1. O-O Kd7 2. Rd1+ *") != NULL);
        CHECK(ar_chess_pgn_read(buf, &p2, &h, &err) == AR_OK);
        CHECK(h.count == g.count && !memcmp(h.moves, g.moves, g.count * sizeof *g.moves));
        ar_chess_game_free(&h);
    }
    ar_chess_game_free(&g);
    CHECK(ar_chess_pgn_read(text, &pos, &g, &err) == AR_ERR_UNSUPPORTED); /* the end */
    ar_chess_game_free(&g);
    pos = 0;
    CHECK(ar_chess_pgn_read("1. e4 e5 2. Ke3 *", &pos, &g, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "move 2. move 'Ke3' is illegal") != NULL, "%s", err.message);
    ar_chess_game_free(&g);
    pos = 0;
    CHECK(ar_chess_pgn_read("[Event \"x\"\n1. e4", &pos, &g, &err) == AR_ERR_INPUT);
    ar_chess_game_free(&g);
}

static void play(ar_chess_pos *p, const char *moves)
{
    while (*moves) {
        size_t n = strcspn(moves, " ");
        ch_move m;
        ar_error err;
        CHECK_MSG(ar_chess_parse_move(&p->b, moves, n, &m, &err) == AR_OK, "%.*s", (int)n, moves);
        ar_chess_pos_apply(p, m);
        moves += n;
        while (*moves == ' ')
            moves++;
    }
}

static void test_rules(void)
{
    ar_chess_pos p;
    const char *why;
    memset(&p, 0, sizeof p);
    ar_chess_startpos(&p.b);
    play(&p, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    CHECK(ar_chess_outcome(&p, &why) == AR_ONGOING);
    play(&p, "Ng8");
    CHECK(ar_chess_outcome(&p, &why) == AR_DRAW && !strcmp(why, "threefold repetition"));
    memset(&p, 0, sizeof p);
    parse_ok("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", &p.b);
    play(&p, "Ra2");
    CHECK(ar_chess_outcome(&p, &why) == AR_DRAW && !strcmp(why, "fifty-move rule"));
    memset(&p, 0, sizeof p);
    parse_ok("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", &p.b);
    CHECK(ar_chess_outcome(&p, &why) == AR_DRAW && !strcmp(why, "insufficient material"));
    parse_ok("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", &p.b); /* two bishops can mate */
    CHECK(ar_chess_outcome(&p, &why) == AR_ONGOING);
    parse_ok("4k3/8/8/8/8/8/8/4KB1b w - - 0 1", &p.b); /* bishops on one colour cannot */
    CHECK(ar_chess_outcome(&p, &why) == AR_DRAW);
    parse_ok("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", &p.b);
    CHECK(ar_chess_outcome(&p, &why) == AR_DRAW && !strcmp(why, "stalemate"));
    memset(&p, 0, sizeof p);
    ar_chess_startpos(&p.b);
    play(&p, "f3 e5 g4 Qh4#");
    CHECK(ar_chess_outcome(&p, &why) == AR_WIN_P1 && !strcmp(why, "checkmate"));
}

static void test_engine(void)
{
    static const struct {
        const char *fen, *best;
        int depth;
    } mates[] = {{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 3},
                 {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1", "f3f7", 3},
                 {"6k1/8/6K1/8/8/8/8/1R6 w - - 0 1", "b1b8", 3},
                 {NULL, NULL, 0}};
    ch_engine *e = ar_chess_engine_new(4);
    unsigned i, step;
    for (step = 0; step < 12; step++) {
        unsigned steps = step == 0 ? CH_STEP_ALL : CH_STEP_ALL & ~(1u << step);
        ar_chess_engine_set_steps(e, steps);
        for (i = 0; mates[i].fen; i++) {
            ar_chess_pos p;
            ch_limits lim;
            ch_info info;
            char mv[8];
            memset(&p, 0, sizeof p);
            memset(&lim, 0, sizeof lim);
            lim.depth = mates[i].depth;
            parse_ok(mates[i].fen, &p.b);
            ar_chess_engine_clear(e);
            ar_chess_move_uci(ar_chess_search(e, &p, &lim, &info, NULL), mv);
            CHECK_MSG(!strcmp(mv, mates[i].best), "step %u off: %s found %s", step, mates[i].fen, mv);
            CHECK_MSG(info.score == CH_MATE - 1, "step %u off: score %d", step, info.score);
        }
    }
    {
        /* A draw by repetition is seen in the game's history. */
        ar_chess_pos p;
        ch_limits lim;
        ch_info info;
        memset(&p, 0, sizeof p);
        memset(&lim, 0, sizeof lim);
        ar_chess_engine_set_steps(e, CH_STEP_ALL);
        lim.depth = 4;
        parse_ok("7k/8/8/8/8/8/8/K7 w - - 0 1", &p.b);
        ar_chess_search(e, &p, &lim, &info, NULL);
        CHECK(info.score == 0);
    }
    {
        unsigned s;
        ar_error err;
        CHECK(ar_chess_parse_steps("all,-nullmove", &s, &err) == 0 && s == (CH_STEP_ALL & ~CH_STEP_NULLMOVE));
        CHECK(ar_chess_parse_steps("none,qsearch", &s, &err) == 0 && s == CH_STEP_QSEARCH);
        CHECK(ar_chess_parse_steps("all,bogus", &s, &err) != 0 && strstr(err.message, "bogus"));
    }
    ar_chess_engine_free(e);
}

int main(void)
{
    ar_chess_tables();
    test_perft();
    test_fen();
    test_notation();
    test_pgn();
    test_rules();
    test_engine();
    return check_report("test_chess");
}
