/* checkers_protocol.c — `ariadne checkers-engine`: the checkers engine
 * behind a line protocol modelled on UCI, so that other programs, GUIs and
 * `match checkers` (the `cmd:` bot) can drive it. docs/games/checkers.md
 * documents it; in short:
 *
 *   checkers                      -> id name ..., id author ..., option ..., checkersok
 *   isready                       -> readyok
 *   setoption name NAME value V   Hash (MB), EvalFile (handset|learned|FILE),
 *                                 DBPieces (0 off, 2..5), DBDir
 *   newgame                       forget the previous game (tables cleared)
 *   position startpos|fen FEN [moves M1 M2 ...]
 *   go [movetime MS] [depth D] [nodes N] [infinite]   (plain `go`: 1 s)
 *                                 -> info depth D seldepth S score cp X|win N|loss N
 *                                    nodes N nps N time MS dbhits N pv M ...
 *                                 -> bestmove M (or bestmove none: no legal move)
 *   stop                          end the search now (bestmove follows)
 *   quit
 *
 * The main thread reads commands and answers at once; a search runs on a
 * second thread so `stop` and `isready` are answered while it thinks.
 * Anything it cannot use — an unknown command, a bad FEN, an illegal move
 * in `position`, a bad number — gets one `info string error: ...` line and
 * is ignored (the previous position stays). End of input is `quit`, after a
 * timed search has answered. */
#include "ariadne/tool.h"
#include "checkers_engine.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE_MAX_BYTES 65536

typedef struct proto {
    ck_engine *engine;
    ck_db *db;
    char dbdir[512];
    int db_pieces;       /* -1: the largest built */
    ar_checkers_pos pos;
    ck_limits lim;
    int infinite;
    pthread_t thread;
    int searching;        /* a thread was started and not joined */
    atomic_int finished;  /* ... and it is about to send its bestmove */
    atomic_int stop_sent; /* `stop` or `quit` came for the running search */
    pthread_mutex_t lock; /* the output */
    FILE *out;
    int sync;             /* fuzzing: searches inline and shallow */
} proto;

static void say(proto *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(proto *p, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&p->lock);
    va_start(ap, fmt);
    vfprintf(p->out, fmt, ap);
    va_end(ap);
    fputc('\n', p->out);
    fflush(p->out);
    pthread_mutex_unlock(&p->lock);
}

static void report(void *ctx, const ck_info *info)
{
    proto *p = ctx;
    char pv[2048], score[48];
    size_t k = 0;
    int i;
    ck_board walk = p->pos.b;
    pv[0] = 0;
    for (i = 0; i < info->pvlen && k + 50 < sizeof pv; i++) {
        ck_move m;
        if (!ar_checkers_decode(&walk, info->pv[i], &m))
            break;
        pv[k++] = ' ';
        k += ar_checkers_move_text(&m, pv + k, sizeof pv - k);
        ar_checkers_make(&walk, &m);
    }
    if (info->score > CK_WIN - 1000)
        snprintf(score, sizeof score, "win %d", CK_WIN - info->score);
    else if (info->score < -(CK_WIN - 1000))
        snprintf(score, sizeof score, "loss %d", CK_WIN + info->score);
    else
        snprintf(score, sizeof score, "cp %d", info->score);
    say(p, "info depth %d seldepth %d score %s nodes %llu nps %.0f time %.0f dbhits %llu pv%s", info->depth,
        info->seldepth, score, (unsigned long long)info->nodes,
        info->seconds > 0 ? (double)info->nodes / info->seconds : 0.0, info->seconds * 1000,
        (unsigned long long)info->db_hits, pv);
}

static void *search_thread(void *arg)
{
    proto *p = arg;
    ck_info info;
    uint32_t best = ar_checkers_search(p->engine, &p->pos, &p->lim, &info);
    ck_move m;
    char text[48];
    /* An infinite search that ended by itself (a proven result) answers
     * only when told to stop, as the protocol promises. */
    while (p->infinite && !atomic_load(&p->stop_sent)) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    if (best != CK_NO_MOVE && ar_checkers_decode(&p->pos.b, best, &m))
        ar_checkers_move_text(&m, text, sizeof text);
    else
        snprintf(text, sizeof text, "none");
    /* Finished before the answer: the next command, which may come as soon
     * as the answer is read, finds the search over. */
    atomic_store(&p->finished, 1);
    say(p, "bestmove %s", text);
    return NULL;
}

static void finish_search(proto *p)
{
    if (!p->searching)
        return;
    atomic_store(&p->stop_sent, 1);
    ar_checkers_engine_request_stop(p->engine);
    pthread_join(p->thread, NULL);
    p->searching = 0;
}

static size_t word(const char **s, const char **w)
{
    size_t n;
    while (**s == ' ')
        (*s)++;
    *w = *s;
    n = strcspn(*s, " ");
    *s += n;
    return n;
}

static int is(const char *w, size_t n, const char *s) { return strlen(s) == n && !strncmp(w, s, n); }

static int number(const char *w, size_t n, long long lo, long long hi, long long *out)
{
    long long v = 0;
    size_t i;
    if (n == 0 || n > 18)
        return -1;
    for (i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static void cmd_position(proto *p, const char *s)
{
    const char *w;
    size_t n = word(&s, &w);
    ar_checkers_pos pos;
    ck_board b;
    ar_error err;
    unsigned k;
    if (is(w, n, "startpos")) {
        ar_checkers_startpos(&b);
    } else if (is(w, n, "fen")) {
        const char *f;
        size_t fn = word(&s, &f);
        if (ar_checkers_parse_fen(f, fn, &b, NULL, &err) != AR_OK) {
            say(p, "info string error: %s", err.message);
            return;
        }
    } else {
        say(p, "info string error: position startpos|fen FEN [moves ...], not '%.*s'", (int)(n > 40 ? 40 : n), w);
        return;
    }
    ar_checkers_pos_init(&pos, &b);
    n = word(&s, &w);
    if (n && !is(w, n, "moves")) {
        say(p, "info string error: expected 'moves' after the position, not '%.*s'", (int)(n > 40 ? 40 : n), w);
        return;
    }
    for (k = 0;; k++) {
        ck_move m;
        n = word(&s, &w);
        if (!n)
            break;
        if (ar_checkers_outcome(&pos, NULL) != AR_ONGOING ||
            ar_checkers_parse_move(&pos.b, w, n, &m, &err) != AR_OK) {
            say(p, "info string error: move %u '%.*s': %s", k + 1, (int)(n > 40 ? 40 : n), w,
                ar_checkers_outcome(&pos, NULL) != AR_ONGOING ? "the game is over" : err.message);
            return;
        }
        ar_checkers_pos_apply(&pos, &m);
    }
    p->pos = pos;
}

static void cmd_go(proto *p, const char *s)
{
    const char *w;
    size_t n;
    ck_limits lim;
    memset(&lim, 0, sizeof lim);
    p->infinite = 0;
    while ((n = word(&s, &w)) > 0) {
        const char *v;
        size_t vn;
        long long x;
        if (is(w, n, "infinite")) {
            p->infinite = 1;
            continue;
        }
        vn = word(&s, &v);
        if (is(w, n, "movetime") && number(v, vn, 1, 1000000000LL, &x) == 0)
            lim.soft = lim.hard = (double)x / 1000.0;
        else if (is(w, n, "depth") && number(v, vn, 1, CK_MAX_PLY - 2, &x) == 0)
            lim.depth = (int)x;
        else if (is(w, n, "nodes") && number(v, vn, 1, 1000000000000LL, &x) == 0)
            lim.nodes = (uint64_t)x;
        else {
            say(p, "info string error: go [movetime MS] [depth D] [nodes N] [infinite]: bad '%.*s %.*s'",
                (int)(n > 20 ? 20 : n), w, (int)(vn > 20 ? 20 : vn), v);
            return;
        }
    }
    if (!p->infinite && lim.soft <= 0 && !lim.depth && !lim.nodes)
        lim.soft = lim.hard = 1.0;
    if (p->sync) { /* fuzzing: shallow and inline (an infinite search cannot be stopped inline) */
        p->infinite = 0;
        lim.depth = lim.depth && lim.depth < 3 ? lim.depth : 3;
        lim.soft = lim.hard = 0;
        lim.nodes = 20000;
        p->lim = lim;
        search_thread(p);
        return;
    }
    p->lim = lim;
    atomic_store(&p->finished, 0);
    atomic_store(&p->stop_sent, 0);
    ar_checkers_engine_clear_stop(p->engine); /* here, not in the thread: a `stop` may come first */
    if (pthread_create(&p->thread, NULL, search_thread, p) != 0) {
        search_thread(p);
        return;
    }
    p->searching = 1;
}

static void set_db(proto *p)
{
    ar_error err;
    ar_checkers_db_close(p->db);
    p->db = NULL;
    if (p->db_pieces != 0 && !p->sync) { /* fuzzing reads no files */
        const char *dir = p->dbdir[0] ? p->dbdir : NULL;
        ar_status st = p->db_pieces > 0 ? ar_checkers_db_open(dir, p->db_pieces, &p->db, &err)
                                        : ar_checkers_db_open_auto(dir, 5, &p->db, &err);
        if (st != AR_OK)
            say(p, "info string error: %s", err.message);
    }
    ar_checkers_engine_set_db(p->engine, p->db);
}

static void cmd_setoption(proto *p, const char *s)
{
    const char *name, *value = NULL;
    size_t nlen = 0, vlen = 0, n;
    const char *w;
    char v[600];
    n = word(&s, &w);
    if (!is(w, n, "name")) {
        say(p, "info string error: setoption name NAME value VALUE");
        return;
    }
    nlen = word(&s, &name);
    n = word(&s, &w);
    if (is(w, n, "value")) {
        while (*s == ' ')
            s++;
        value = s;
        vlen = strlen(s);
        while (vlen && value[vlen - 1] == ' ')
            vlen--;
    }
    if (!value || vlen == 0 || vlen >= sizeof v) {
        say(p, "info string error: setoption name %.*s needs a value", (int)(nlen > 30 ? 30 : nlen), name);
        return;
    }
    memcpy(v, value, vlen);
    v[vlen] = 0;
    if (is(name, nlen, "Hash")) {
        long long mb;
        if (number(v, vlen, 1, 4096, &mb) != 0)
            say(p, "info string error: Hash: 1..4096 (MB), not '%.20s'", v);
        else
            ar_checkers_engine_set_hash(p->engine, (size_t)mb);
    } else if (is(name, nlen, "EvalFile")) {
        ck_eval_params params;
        ar_error err;
        if (ar_checkers_params_named(v, &params, &err) != AR_OK)
            say(p, "info string error: EvalFile: %s", err.message);
        else
            ar_checkers_engine_set_params(p->engine, &params);
    } else if (is(name, nlen, "DBPieces")) {
        long long k;
        if (number(v, vlen, 0, 5, &k) != 0 || k == 1)
            say(p, "info string error: DBPieces: 0 (none) or 2..5, not '%.20s'", v);
        else {
            p->db_pieces = (int)k;
            set_db(p);
        }
    } else if (is(name, nlen, "DBDir")) {
        if (vlen >= sizeof p->dbdir) {
            say(p, "info string error: DBDir: the path is too long");
            return;
        }
        memcpy(p->dbdir, v, vlen + 1);
        set_db(p);
    } else {
        say(p, "info string error: unknown option '%.*s' (Hash, EvalFile, DBPieces, DBDir)",
            (int)(nlen > 30 ? 30 : nlen), name);
    }
}

/* One command; 1 for quit. */
static int command(proto *p, const char *line)
{
    const char *w, *s = line;
    size_t n = word(&s, &w);
    if (n == 0)
        return 0;
    if (p->searching && atomic_load(&p->finished)) { /* the last search has answered */
        pthread_join(p->thread, NULL);
        p->searching = 0;
    }
    if (is(w, n, "quit"))
        return 1;
    if (is(w, n, "isready")) {
        say(p, "readyok");
    } else if (is(w, n, "stop")) {
        finish_search(p);
    } else if (p->searching && !is(w, n, "checkers")) {
        say(p, "info string error: '%.*s' while searching: send stop first", (int)(n > 20 ? 20 : n), w);
    } else if (is(w, n, "checkers")) {
        say(p, "id name ariadne checkers engine");
        say(p, "id author the ariadne project");
        say(p, "option name Hash type spin default 16 min 1 max 4096");
        say(p, "option name EvalFile type string default learned");
        say(p, "option name DBPieces type spin default %d min 0 max 5", ar_checkers_db_pieces(p->db));
        say(p, "option name DBDir type string default <cache>");
        say(p, "checkersok");
    } else if (is(w, n, "newgame")) {
        ar_checkers_engine_clear(p->engine);
    } else if (is(w, n, "position")) {
        cmd_position(p, s);
    } else if (is(w, n, "go")) {
        cmd_go(p, s);
    } else if (is(w, n, "setoption")) {
        cmd_setoption(p, s);
    } else {
        say(p, "info string error: unknown command '%.*s' (checkers, isready, setoption, newgame, position, go, "
               "stop, quit)",
            (int)(n > 30 ? 30 : n), w);
    }
    return 0;
}

static void proto_init(proto *p, FILE *out, int sync)
{
    ck_board b;
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    p->out = out;
    p->sync = sync;
    p->db_pieces = -1;
    p->engine = ar_checkers_engine_new(sync ? 1 : 16);
    if (!sync)
        ar_checkers_engine_set_report(p->engine, report, p);
    ar_checkers_startpos(&b);
    ar_checkers_pos_init(&p->pos, &b);
}

static void proto_free(proto *p)
{
    finish_search(p);
    ar_checkers_engine_free(p->engine);
    ar_checkers_db_close(p->db);
    pthread_mutex_destroy(&p->lock);
}

/* Makes a line printable: tabs and carriage returns become spaces. */
static void clean(char *line)
{
    for (; *line; line++)
        if (*line == '\r' || *line == '\t')
            *line = ' ';
}

int ar_checkers_engine_main(int argc, char **argv)
{
    proto p;
    char *line = malloc(LINE_MAX_BYTES);
    if (argc > 1) {
        free(line);
        return ar_tool_fail("checkers-engine takes no arguments (it speaks its protocol on stdin/stdout; "
                            "`ariadne help checkers-engine`), got '%s'",
                            argv[1]);
    }
    if (!line)
        abort();
    proto_init(&p, stdout, 0);
    set_db(&p);
    while (fgets(line, LINE_MAX_BYTES, stdin)) {
        size_t n = strlen(line);
        if (n == LINE_MAX_BYTES - 1 && line[n - 1] != '\n') { /* too long: drop it */
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            say(&p, "info string error: a line longer than %d bytes was ignored", LINE_MAX_BYTES - 1);
            continue;
        }
        if (n && line[n - 1] == '\n')
            line[n - 1] = 0;
        clean(line);
        if (command(&p, line)) {
            finish_search(&p);
            break;
        }
    }
    /* End of input: a timed search answers first; an infinite one stops. */
    if (p.searching && !p.infinite) {
        pthread_join(p.thread, NULL);
        p.searching = 0;
    }
    proto_free(&p);
    free(line);
    return AR_EXIT_OK;
}

void ar_checkers_engine_run_text(const char *text, size_t len)
{
    proto p;
    char line[4096];
    size_t at = 0;
    FILE *sink = fopen("/dev/null", "w");
    if (!sink)
        return;
    proto_init(&p, sink, 1);
    while (at < len) {
        size_t n = 0;
        while (at < len && text[at] != '\n') {
            if (n < sizeof line - 1)
                line[n++] = text[at] ? text[at] : ' ';
            at++;
        }
        at++;
        line[n] = 0;
        clean(line);
        if (command(&p, line))
            break;
    }
    proto_free(&p);
    fclose(sink);
}
