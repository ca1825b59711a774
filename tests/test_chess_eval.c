/* test_chess_eval.c — the chess evaluation's one table of weights: the
 * trace the tuner fits to gives back the evaluation (it is linear in the
 * weights, as the tuner assumes), the colour-flipped position scores the
 * same, the weights file round-trips and bad files are refused with the
 * line named, and the tuned weights differ from the hand-set ones they
 * started from. */
#include "check.h"
#include "games/chess/chess_engine.h"

#include <stdlib.h>
#include <string.h>

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/5pp1/p3p2p/1p1qP3/3P4/1P3Q1P/P4PP1/2R3K1 b - - 0 28",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5k2/8/8/8/3B4/8/4K3 w - - 0 1", /* a lone bishop: scaled down */
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    NULL};

/* The evaluation from the trace: sum of weight x coefficient, tapered and
 * scaled, plus the tempo; white's view turned to the side to move. */
static double from_trace(const ch_eval_params *p, const ch_eval_trace *tr, int stm)
{
    const ch_param_group *g;
    double mg = 0, eg = 0, tempo = 0, score;
    int k;
    for (g = ar_chess_param_groups; g->name; g++)
        for (k = g->first; k < g->first + g->count; k++) {
            double term = tr->coef[k] * p->v[k];
            if (g->taper == CH_TAPER_MG)
                mg += term;
            else if (g->taper == CH_TAPER_EG)
                eg += term;
            else
                tempo += term;
        }
    score = (mg * tr->phase + eg * (24 - tr->phase)) / 24 * tr->scale;
    return (stm == CH_WHITE ? score : -score) + tempo * (stm == CH_WHITE ? 1 : -1);
}

static void mirror(const ch_board *b, ch_board *out)
{
    char fen[128], flipped[128], *sp, *rank[8];
    int r, n = 0;
    size_t k = 0;
    ar_chess_format_fen(b, fen, sizeof fen);
    sp = strchr(fen, ' ');
    *sp = 0;
    for (r = 0, rank[0] = fen; r < 7; r++) {
        rank[r + 1] = strchr(rank[r], '/');
        *rank[r + 1]++ = 0;
    }
    for (r = 7; r >= 0; r--) {
        const char *c;
        for (c = rank[r]; *c; c++)
            flipped[k++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        if (r)
            flipped[k++] = '/';
    }
    n = snprintf(flipped + k, sizeof flipped - k, " %c - - 0 1", b->stm == CH_WHITE ? 'b' : 'w');
    CHECK(n > 0 && ar_chess_parse_fen(flipped, strlen(flipped), out, NULL, NULL) == AR_OK);
}

static void test_trace(const ch_eval_params *p)
{
    ch_eval_trace *tr = malloc(sizeof *tr);
    int i;
    for (i = 0; fens[i]; i++) {
        ch_board b, m;
        int e, em;
        CHECK(ar_chess_parse_fen(fens[i], strlen(fens[i]), &b, NULL, NULL) == AR_OK);
        e = ar_chess_evaluate_trace(p, &b, tr);
        CHECK(e == ar_chess_evaluate(p, &b));
        /* integer division in the engine: within a few centipawns */
        CHECK_MSG(abs(e - (int)from_trace(p, tr, b.stm)) <= 3, "%s: eval %d, trace %.1f", fens[i], e,
                  from_trace(p, tr, b.stm));
        mirror(&b, &m);
        em = ar_chess_evaluate(p, &m);
        CHECK_MSG(abs(e - em) <= 1, "%s: eval %d, colour-flipped %d", fens[i], e, em);
    }
    free(tr);
}

static void test_file(void)
{
    const ch_eval_params *d = ar_chess_params_default();
    ch_eval_params back;
    ar_error err;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(f != NULL);
    ar_chess_params_write(f, d, "test");
    fclose(f);
    CHECK(ar_chess_params_parse(text, &back, &err) == AR_OK);
    CHECK(memcmp(&back, d, sizeof back) == 0);
    /* a value removed from the end: the missing count is named */
    text[len - 2] = '\n';
    text[len - 1] = 0;
    {
        char *last = strrchr(text, ' ');
        *last = '\n';
        last[1] = 0;
    }
    CHECK(ar_chess_params_parse(text, &back, &err) == AR_ERR_INPUT);
    free(text);
    CHECK(ar_chess_params_parse("value_mg 1 2 3 4 5 6\nvalue_mg 1 2 3 4 5 6\n", &back, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "line 2") && strstr(err.message, "twice"), "%s", err.message);
    CHECK(ar_chess_params_parse("# c\nvalue_xx 1\n", &back, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "line 2") && strstr(err.message, "value_xx"), "%s", err.message);
    CHECK(ar_chess_params_parse("value_mg 1 2 x 4 5 6\n", &back, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "value 3 of 6"), "%s", err.message);
    CHECK(ar_chess_params_parse("value_mg 1 2 3 4 5 6\n", &back, &err) == AR_ERR_INPUT);
    CHECK_MSG(strstr(err.message, "missing"), "%s", err.message);
}

int main(void)
{
    ar_chess_tables();
    test_trace(ar_chess_params_handset());
    test_trace(ar_chess_params_tuned());
    CHECK(memcmp(ar_chess_params_tuned(), ar_chess_params_handset(), sizeof(ch_eval_params)) != 0);
    test_file();
    return check_report("test_chess_eval");
}
