/* test_checkers_engine.c — checkers above the rules: the endgame databases
 * (built here for up to 4 pieces, 3 under the sanitizers), checked four
 * ways — their counts against the table of Schaeffer et al. (Science 2007),
 * the verifier's recomputation of every entry from its moves, a plain
 * negamax written here that proves the short wins and losses on its own,
 * and the file round trip with its checksum — then the engine: it
 * converts every sampled won position against a defender without
 * databases, its search finds the same distances as the databases with
 * every step switched off in turn, the evaluation is colour-symmetric, the
 * weights file reads back, the ballots are all legal, and PDN reads what
 * it writes and names the move of an illegal one. */
#include "check.h"
#include "ariadne/search.h"
#include "games/checkers/checkers_db.h"
#include "games/checkers/checkers_match.h"
#include "games/checkers/checkers_pdn.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef NDEBUG
#define PIECES 4
#else
#define PIECES 3 /* the sanitizers make the 4-piece build slow */
#endif

/* ------------------------------------------------------ a plain solver
 *
 * Negamax with no table and no pruning: the value of b for the side to
 * move within `depth` plies: +(100 - d) a win in d plies, -(100 - d) a loss
 * in d, 0 unknown (not decided that soon). */
static int solve(const ck_board *b, int depth, int ply)
{
    ck_move list[CK_MAX_MOVES];
    unsigned n = ar_checkers_legal(b, list), i;
    int best = -1000, unknown = 0;
    if (n == 0)
        return -(100 - ply);
    if (depth == 0)
        return 0;
    for (i = 0; i < n; i++) {
        ck_board c = *b;
        int v;
        ar_checkers_make(&c, &list[i]);
        if (!c.pieces[c.stm])
            v = 100 - (ply + 1); /* took the last piece: the opponent cannot move */
        else
            v = -solve(&c, depth - 1, ply + 1);
        if (v == 0)
            unknown = 1;
        else if (v > best)
            best = v;
    }
    if (best > 0)
        return best;
    return unknown ? 0 : best;
}

static ck_board random_board(const ck_db *db, ar_rng *rng, int pieces, uint64_t *index_out, ck_class **cls_out)
{
    int list[64][4];
    unsigned m = ar_checkers_db_classes(pieces, list, 64);
    ck_class *c = NULL;
    uint64_t idx;
    uint32_t bm, bk, wm, wk;
    ck_board b;
    while (!c || !c->size) {
        unsigned k = (unsigned)ar_rng_below(rng, m);
        c = db->cls[list[k][0]][list[k][1]][list[k][2]][list[k][3]];
    }
    idx = ar_rng_below(rng, c->size);
    ar_checkers_unindex(c, idx, &bm, &bk, &wm, &wk);
    ar_checkers_db_board(bm, bk, wm, wk, &b);
    if (index_out)
        *index_out = idx;
    if (cls_out)
        *cls_out = c;
    return b;
}

static void test_databases(ck_db *db)
{
    static const uint64_t published[] = {0, 120, 6972, 261224, 7092774};
    ar_search_options so;
    ar_stop_reason stop;
    ar_error err;
    uint64_t positions, checked, bad;
    char first_bad[200];
    int n, k;
    ar_rng rng;
    ar_search_options_init(&so);
    CHECK(ar_checkers_db_build(db, 2, PIECES, 2, &so, &positions, &stop, &err) == AR_OK);
    for (n = 2; n <= PIECES; n++) {
        int list[64][4];
        unsigned m = ar_checkers_db_classes(n, list, 64), i;
        uint64_t stored = 0, one_sided = 0;
        int men;
        for (i = 0; i < m; i++)
            stored += db->cls[list[i][0]][list[i][1]][list[i][2]][list[i][3]]->size;
        for (men = 0; men <= n; men++) {
            ck_class *a = ar_checkers_class_new(men, n - men, 0, 0), *b = ar_checkers_class_new(0, 0, men, n - men);
            one_sided += a->size + b->size;
            ar_checkers_class_free(a, 0);
            ar_checkers_class_free(b, 0);
        }
        CHECK_EQ_U(stored + one_sided, published[n]);
        CHECK(ar_checkers_db_verify(db, n, 2, &so, &checked, &bad, first_bad, sizeof first_bad, &stop, &err) == AR_OK);
        CHECK_EQ_U(checked, stored);
        CHECK_MSG(bad == 0, "%d pieces: %llu bad entries, first %s", n, (unsigned long long)bad, first_bad);
    }
    /* The plain solver agrees: every short result is found, and nothing
     * the databases call longer (or drawn) is decided sooner. */
    ar_rng_seed(&rng, 77);
    for (k = 0; k < 3000; k++) {
        ck_board b = random_board(db, &rng, 2 + k % (PIECES - 1), NULL, NULL);
        int v = ar_checkers_db_entry(db, &b), s = solve(&b, 7, 0);
        if (v > 0 && v - 1 <= 7) {
            int d = v - 1;
            CHECK_MSG(s == (ck_db_result((unsigned)v) == CK_DB_WIN ? 100 - d : -(100 - d)),
                      "db says %s in %d, negamax %d", ck_db_result((unsigned)v) == CK_DB_WIN ? "win" : "loss", d, s);
        } else {
            CHECK_MSG(s == 0, "db says %s, negamax decides %d", v ? "a long result" : "a draw", s);
        }
    }
}

static void test_files(const ck_db *db)
{
    char dir[] = "/tmp/ariadne-ckdb-XXXXXX", path[4300];
    ck_db *back = NULL;
    ar_error err;
    ar_rng rng;
    int n, k;
    FILE *f;
    if (!mkdtemp(dir)) {
        CHECK(0);
        return;
    }
    for (n = 2; n <= PIECES; n++) {
        ar_checkers_db_path(dir, n, path, sizeof path);
        CHECK(ar_checkers_db_write(db, n, path, &err) == AR_OK);
    }
    CHECK(ar_checkers_db_open(dir, PIECES, &back, &err) == AR_OK);
    ar_rng_seed(&rng, 5);
    for (k = 0; back && k < 2000; k++) {
        ck_board b = random_board(db, &rng, 2 + k % (PIECES - 1), NULL, NULL);
        CHECK(ar_checkers_db_entry(db, &b) == ar_checkers_db_entry(back, &b));
        b.stm = CK_WHITE; /* the turned board's entry */
        CHECK(ar_checkers_db_entry(db, &b) == ar_checkers_db_entry(back, &b));
    }
    ar_checkers_db_close(back);
    /* A damaged file is refused by its checksum, a missing one with the
     * command that builds it. */
    ar_checkers_db_path(dir, 3, path, sizeof path);
    f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (f) {
        fseek(f, 500, SEEK_SET);
        fputc(0x55, f);
        fclose(f);
    }
    CHECK(ar_checkers_db_open(dir, PIECES, &back, &err) == AR_ERR_INPUT && strstr(err.message, "checksum"));
    for (n = 2; n <= PIECES; n++) {
        ar_checkers_db_path(dir, n, path, sizeof path);
        remove(path);
    }
    CHECK(ar_checkers_db_open(dir, PIECES, &back, &err) == AR_ERR_INPUT && strstr(err.message, "checkers-db build"));
    rmdir(dir);
}

/* The engine with the databases wins every sampled won position against
 * an engine without them, in no more plies than the distance. */
static void test_conversion(const ck_db *db)
{
    const ar_game *g = ar_game_find("checkers");
    ck_engine *winner = ar_checkers_engine_new(4), *defender = ar_checkers_engine_new(4);
    ar_rng rng;
    int k, tried = 0, converted = 0;
    ar_checkers_engine_set_db(winner, db);
    ar_rng_seed(&rng, 11);
    (void)g;
    for (k = 0; k < 4000 && tried < 150; k++) {
        ck_board b = random_board(db, &rng, 2 + k % (PIECES - 1), NULL, NULL);
        int v = ar_checkers_db_entry(db, &b), ply, win_side = (int)b.stm;
        ar_checkers_pos p;
        if (v <= 0 || ck_db_result((unsigned)v) != CK_DB_WIN)
            continue;
        tried++;
        ar_checkers_pos_init(&p, &b);
        ar_checkers_engine_clear(winner);
        ar_checkers_engine_clear(defender);
        for (ply = 0; ply < 300; ply++) {
            ck_limits lim;
            ck_info info;
            ck_move m;
            uint32_t code;
            const char *why;
            ar_game_outcome o = ar_checkers_outcome(&p, &why);
            if (o != AR_ONGOING) {
                int won = (o == AR_WIN_P0 && win_side == CK_BLACK) || (o == AR_WIN_P1 && win_side == CK_WHITE);
                converted += won;
                CHECK_MSG(won && ply <= v - 1, "won position with distance %d: %s after %d plies", v - 1, why, ply);
                break;
            }
            memset(&lim, 0, sizeof lim);
            lim.depth = (int)p.b.stm == win_side ? 3 : 6;
            code = ar_checkers_search((int)p.b.stm == win_side ? winner : defender, &p, &lim, &info);
            CHECK(code != CK_NO_MOVE && ar_checkers_decode(&p.b, code, &m));
            if (code == CK_NO_MOVE)
                break;
            ar_checkers_pos_apply(&p, &m);
        }
    }
    CHECK(tried >= 100);
    CHECK_EQ_U(converted, tried);
    ar_checkers_engine_free(winner);
    ar_checkers_engine_free(defender);
}

/* The search (no databases) finds the databases' short distances, with all
 * steps and with each step off in turn. */
static void test_search_distances(const ck_db *db)
{
    ar_rng rng;
    int k, s, found = 0;
    ar_rng_seed(&rng, 23);
    for (k = 0; k < 20000 && found < 40; k++) {
        ck_board b = random_board(db, &rng, PIECES, NULL, NULL);
        int v = ar_checkers_db_entry(db, &b);
        if (v <= 1 || v - 1 > 9)
            continue;
        found++;
        for (s = 0; s < 11; s++) {
            unsigned steps = s == 0 ? CK_STEP_ALL & ~CK_STEP_DB : CK_STEP_ALL & ~CK_STEP_DB & ~(1u << s);
            ck_engine *e;
            ar_checkers_pos p;
            ck_limits lim;
            ck_info info;
            int d = v - 1, want = ck_db_result((unsigned)v) == CK_DB_WIN ? CK_WIN - d : -(CK_WIN - d);
            if (s == 10 || (s && !(CK_STEP_ALL & (1u << s))))
                continue;
            e = ar_checkers_engine_new(2);
            ar_checkers_engine_set_steps(e, steps);
            ar_checkers_pos_init(&p, &b);
            memset(&lim, 0, sizeof lim);
            lim.depth = 12;
            ar_checkers_search(e, &p, &lim, &info);
            CHECK_MSG(info.score == want, "steps %s off: score %d, databases %d", s ? ar_checkers_step_names[s] : "none",
                      info.score, want);
            ar_checkers_engine_free(e);
        }
    }
    CHECK(found >= 20);
}

static void turn_round(const ck_board *b, ck_board *out)
{
    uint32_t bm, bk, wm, wk;
    ar_checkers_db_masks(b, &bm, &bk, &wm, &wk); /* Black to move after turning when White was */
    ar_checkers_db_board(bm, bk, wm, wk, out);
    if (b->stm == CK_BLACK) { /* turn a Black-to-move board too */
        ck_board t = *b;
        t.stm = CK_WHITE;
        ar_checkers_db_masks(&t, &bm, &bk, &wm, &wk);
        ar_checkers_db_board(bm, bk, wm, wk, out);
        out->stm = CK_WHITE;
    }
}

static void test_eval_and_weights(void)
{
    ar_rng rng;
    int game;
    char path[] = "/tmp/ariadne-ckw-XXXXXX";
    int fd = mkstemp(path);
    ck_eval_params p, back;
    ar_error err;
    ar_rng_seed(&rng, 3);
    for (game = 0; game < 30; game++) {
        ck_board b;
        int ply;
        ar_checkers_startpos(&b);
        for (ply = 0; ply < 80; ply++) {
            ck_move list[CK_MAX_MOVES];
            unsigned n = ar_checkers_legal(&b, list);
            ck_board t;
            if (!n || !b.pieces[0] || !b.pieces[1])
                break;
            turn_round(&b, &t);
            CHECK(ar_checkers_evaluate(ar_checkers_params_handset(), &b) ==
                  ar_checkers_evaluate(ar_checkers_params_handset(), &t));
            CHECK(ar_checkers_evaluate(NULL, &b) == ar_checkers_evaluate(NULL, &t));
            ar_checkers_make(&b, &list[ar_rng_below(&rng, n)]);
        }
    }
    CHECK(fd >= 0);
    if (fd >= 0) {
        FILE *f = fdopen(fd, "w");
        p = *ar_checkers_params_learned();
        ar_checkers_params_write(f, &p, "test");
        fclose(f);
        CHECK(ar_checkers_params_load(path, &back, &err) == AR_OK && !memcmp(&p, &back, sizeof p));
        remove(path);
    }
    CHECK(ar_checkers_params_parse("man 1 2\n", &back, &err) == AR_ERR_INPUT && strstr(err.message, "missing"));
    CHECK(ar_checkers_params_parse("man 1 x\n", &back, &err) == AR_ERR_INPUT && strstr(err.message, "line 1"));
    CHECK(ar_checkers_params_parse("bogus 1 2\n", &back, &err) == AR_ERR_INPUT && strstr(err.message, "unknown"));
}

static void test_ballots_and_pdn(void)
{
    const ar_game *g = ar_game_find("checkers");
    ar_variant *v = NULL;
    ar_bot *a = NULL, *b = NULL;
    ar_error err;
    unsigned k;
    CHECK_EQ_U(ar_checkers_ballot_count(), 156);
    for (k = 0; k < ar_checkers_ballot_count(); k++) {
        ar_checkers_pos p;
        ck_game rec;
        ar_checkers_game_init(&rec);
        CHECK(ar_checkers_ballot_position(k, &p, &rec, &err) == AR_OK && rec.count == 3);
        ar_checkers_game_free(&rec);
    }
    CHECK(g && ar_game_create(g, NULL, 0, &v, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "engine:depth=3:db=off", 1, 0, &a, &err) == AR_OK);
    CHECK(ar_bot_create(g, v, "engine:depth=2:db=off", 2, 0, &b, &err) == AR_OK);
    if (a && b) {
        ck_game rec, back;
        ck_played r;
        FILE *f = tmpfile();
        char *text;
        long len;
        size_t pos = 0;
        ar_checkers_play(g, v, a, b, 17, 400, &rec, &r);
        CHECK(rec.count > 3 && r.why[0]);
        snprintf(rec.result, sizeof rec.result, "%s", r.winner == 0 ? "1-0" : r.winner == 1 ? "0-1" : "1/2-1/2");
        ar_checkers_game_tag(&rec, "Event", "test \"quoted\"");
        ar_checkers_pdn_write(f, &rec);
        len = ftell(f);
        rewind(f);
        text = calloc(1, (size_t)len + 1);
        CHECK(fread(text, 1, (size_t)len, f) == (size_t)len);
        fclose(f);
        CHECK(ar_checkers_pdn_read(text, &pos, &back, &err) == AR_OK);
        CHECK(back.count == rec.count && !memcmp(back.moves, rec.moves, rec.count * sizeof rec.moves[0]));
        CHECK_STR(back.result, rec.result);
        CHECK_STR(ar_checkers_game_get_tag(&back, "Event"), "test \"quoted\"");
        ar_checkers_game_free(&back);
        CHECK(ar_checkers_pdn_read(text, &pos, &back, &err) == AR_ERR_UNSUPPORTED);
        ar_checkers_game_free(&back);
        free(text);
        ar_checkers_game_free(&rec);
    }
    {
        static const char *const bad[][2] = {
            {"1. 11-15 22-18 2. 15-19 *", "move 2 (Black)"},
            {"[FEN \"W:W21:B1\"]\n1... 21-17 2. 1-6 17-13 3. 6-10 13-9 4. 10-14 9-5 5. 14-10 5-1 *", "move 5 (Black)"},
            {"1. 11-15 {unclosed", "never closed"},
            {"123 456 789", "neither a move"},
            {"[Event \"x]\n", "closing quote"},
            {"[FEN \"B:W33:B1\"]\n*", "tag FEN"},
        };
        for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            ck_game gm;
            size_t pos = 0;
            ar_error_clear(&err);
            CHECK_MSG(ar_checkers_pdn_read(bad[k][0], &pos, &gm, &err) == AR_ERR_INPUT && strstr(err.message, bad[k][1]),
                      "'%s' gave '%s'", bad[k][0], err.message);
            ar_checkers_game_free(&gm);
        }
    }
    ar_bot_destroy(a);
    ar_bot_destroy(b);
    if (v)
        g->destroy(v);
}

int main(void)
{
    ck_db *db = ar_checkers_db_new(PIECES);
    test_databases(db);
    test_files(db);
    test_conversion(db);
    test_search_distances(db);
    ar_checkers_db_close(db);
    test_eval_and_weights();
    test_ballots_and_pdn();
    return check_report("test_checkers_engine");
}
