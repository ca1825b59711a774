/* chess_uci.c — `ariadne chess-uci`: the engine behind the Universal Chess
 * Interface, so that any chess GUI (or a match runner) can use it.
 *
 * The main thread reads standard input line by line (a line may arrive in
 * pieces, several may arrive at once, '\r' is ignored) and answers at once;
 * a search runs in a second thread, so `stop`, `ponderhit` and `isready`
 * are answered while it thinks. Anything it cannot use — an unknown
 * command, a FEN that is not a legal position, an illegal move in
 * `position`, a bad number in `go` — gets one `info string` line and the
 * command is ignored (the previous position stays). End of input is `quit`.
 *
 * Pondering (the "permanent brain"): `go ponder` searches the position
 * after the expected reply without a time limit; `ponderhit` turns that
 * search into a normal timed one counted from then, and `stop` ends it.
 * As the protocol requires, a search of `go infinite` or `go ponder` that
 * ends by itself (mate found, depth limit) waits for `stop`/`ponderhit`
 * before it sends `bestmove`. */
#include "ariadne/tool.h"
#include "chess_engine.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct uci_go {
    double wtime, btime, winc, binc, movetime; /* seconds; < 0 when not given */
    int movestogo, depth, infinite, ponder;
    uint64_t nodes;
} uci_go;

typedef struct uci {
    ch_engine *engine;
    ar_chess_pos pos;
    size_t hash_mb;
    double overhead;
    pthread_t thread;
    int searching;        /* a thread was started and not joined */
    pthread_mutex_t lock; /* stdout and the fields below */
    pthread_cond_t cond;
    int waiting_release;  /* an infinite/ponder search must wait for stop or ponderhit */
    int released;
    uci_go go;
    ch_limits lim;
    FILE *out;            /* stdout; /dev/null when fuzzing */
    int sync;             /* fuzzing: searches run inline, shallow, small table */
} uci;

static void say(uci *u, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(uci *u, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&u->lock);
    va_start(ap, fmt);
    vfprintf(u->out, fmt, ap);
    va_end(ap);
    fputc('\n', u->out);
    fflush(u->out);
    pthread_mutex_unlock(&u->lock);
}

static void report(void *ctx, const ch_info *info)
{
    uci *u = ctx;
    char line[4096], mv[8], score[32];
    size_t k;
    int i;
    double secs = info->seconds > 0.001 ? info->seconds : 0.001;
    if (info->score > CH_MATE - CH_MAX_PLY)
        snprintf(score, sizeof score, "mate %d", (CH_MATE - info->score + 1) / 2);
    else if (info->score < -CH_MATE + CH_MAX_PLY)
        snprintf(score, sizeof score, "mate -%d", (CH_MATE + info->score) / 2);
    else
        snprintf(score, sizeof score, "cp %d", info->score);
    k = (size_t)snprintf(line, sizeof line,
                         "info depth %d seldepth %d score %s nodes %llu nps %llu hashfull %d time %llu pv",
                         info->depth, info->seldepth, score, (unsigned long long)info->nodes,
                         (unsigned long long)((double)info->nodes / secs), info->hashfull,
                         (unsigned long long)(info->seconds * 1000));
    for (i = 0; i < info->pvlen && k + 8 < sizeof line; i++) {
        ar_chess_move_uci(info->pv[i], mv);
        k += (size_t)snprintf(line + k, sizeof line - k, " %s", mv);
    }
    say(u, "%s", line);
}

static void limits_from_go(const uci *u, const uci_go *go, int stm, ch_limits *lim)
{
    double left = stm == CH_WHITE ? go->wtime : go->btime;
    double inc = stm == CH_WHITE ? go->winc : go->binc;
    memset(lim, 0, sizeof *lim);
    lim->depth = go->depth;
    lim->nodes = go->nodes;
    if (go->movetime >= 0) {
        double t = go->movetime - u->overhead;
        lim->soft = lim->hard = t > 0.005 ? t : 0.005;
    } else if (left >= 0) {
        ar_chess_time_budget(left, inc > 0 ? inc : 0, go->movestogo, u->overhead, lim);
    }
    lim->infinite = go->infinite || go->ponder;
}

static void *search_thread(void *arg)
{
    uci *u = arg;
    ch_info info;
    ch_move ponder = CH_MOVE_NONE, best;
    char bm[8], pm[8];
    best = ar_chess_search(u->engine, &u->pos, &u->lim, &info, &ponder);
    pthread_mutex_lock(&u->lock);
    while (u->waiting_release && !u->released)
        pthread_cond_wait(&u->cond, &u->lock);
    pthread_mutex_unlock(&u->lock);
    ar_chess_move_uci(best, bm);
    if (ponder != CH_MOVE_NONE) {
        ar_chess_move_uci(ponder, pm);
        say(u, "bestmove %s ponder %s", bm, pm);
    } else {
        say(u, "bestmove %s", bm);
    }
    return NULL;
}

static void release(uci *u)
{
    pthread_mutex_lock(&u->lock);
    u->released = 1;
    pthread_cond_broadcast(&u->cond);
    pthread_mutex_unlock(&u->lock);
}

static void finish_search(uci *u)
{
    if (!u->searching)
        return;
    ar_chess_engine_request_stop(u->engine);
    release(u);
    pthread_join(u->thread, NULL);
    u->searching = 0;
}

/* The next word of *p (advanced past it); its length, 0 at the end. */
static size_t word(const char **p, const char **w)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    *w = *p;
    while (**p && **p != ' ' && **p != '\t')
        (*p)++;
    return (size_t)(*p - *w);
}

static int is_word(const char *w, size_t n, const char *s) { return strlen(s) == n && !strncmp(w, s, n); }

static int parse_number(const char *w, size_t n, long long min, long long max, long long *out)
{
    long long v = 0;
    size_t i = 0;
    int neg = 0;
    if (n && w[0] == '-') {
        neg = 1;
        i = 1;
    }
    if (i == n || n - i > 15)
        return -1;
    for (; i < n; i++) {
        if (!isdigit((unsigned char)w[i]))
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    if (neg)
        v = -v;
    if (v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static void cmd_position(uci *u, const char *p)
{
    ar_chess_pos pos;
    const char *w;
    size_t n = word(&p, &w);
    ar_error err;
    memset(&pos, 0, sizeof pos);
    if (is_word(w, n, "startpos")) {
        ar_chess_startpos(&pos.b);
        n = word(&p, &w);
    } else if (is_word(w, n, "fen")) {
        const char *fen = p, *moves = strstr(p, " moves");
        size_t len = moves ? (size_t)(moves - fen) : strlen(fen);
        size_t used = 0;
        if (ar_chess_parse_fen(fen, len, &pos.b, &used, &err) != AR_OK) {
            say(u, "info string position ignored: %s", err.message);
            return;
        }
        while (used < len && fen[used] == ' ')
            used++;
        if (used < len) {
            say(u, "info string position ignored: unexpected '%.*s' after the FEN",
                (int)(len - used > 20 ? 20 : len - used), fen + used);
            return;
        }
        p = fen + len;
        n = word(&p, &w);
    } else {
        say(u, "info string position ignored: expected startpos or fen, got '%.*s'", (int)(n > 20 ? 20 : n), w);
        return;
    }
    if (n) {
        if (!is_word(w, n, "moves")) {
            say(u, "info string position ignored: expected moves, got '%.*s'", (int)(n > 20 ? 20 : n), w);
            return;
        }
        while ((n = word(&p, &w)) != 0) {
            ch_move m;
            if (ar_chess_outcome(&pos, NULL) != AR_ONGOING && pos.b.halfmove < 100 &&
                ar_chess_repetitions(&pos) < 2 && !ar_chess_insufficient(&pos.b)) {
                say(u, "info string position ignored: move '%.*s' after the end of the game",
                    (int)(n > 10 ? 10 : n), w);
                return;
            }
            if (n < 4 || n > 5 || ar_chess_parse_move(&pos.b, w, n, &m, &err) != AR_OK) {
                say(u, "info string position ignored: move '%.*s' is illegal", (int)(n > 10 ? 10 : n), w);
                return;
            }
            ar_chess_pos_apply(&pos, m);
        }
    }
    u->pos = pos;
}

static void cmd_go(uci *u, const char *p)
{
    uci_go go;
    const char *w;
    size_t n;
    memset(&go, 0, sizeof go);
    go.wtime = go.btime = go.movetime = -1;
    while ((n = word(&p, &w)) != 0) {
        long long v;
        const char *w2;
        size_t n2;
        if (is_word(w, n, "infinite")) {
            go.infinite = 1;
            continue;
        }
        if (is_word(w, n, "ponder")) {
            go.ponder = 1;
            continue;
        }
        if (is_word(w, n, "searchmoves")) {
            say(u, "info string go: searchmoves is not supported; searching every move");
            while (word(&p, &w2))
                ;
            break;
        }
        n2 = word(&p, &w2);
        if (parse_number(w2, n2, -100000000LL, 1000000000000LL, &v) != 0) {
            say(u, "info string go ignored: '%.*s' needs a number, got '%.*s'", (int)(n > 12 ? 12 : n), w,
                (int)(n2 > 12 ? 12 : n2), w2);
            return;
        }
        if (is_word(w, n, "wtime"))
            go.wtime = (double)v / 1000.0;
        else if (is_word(w, n, "btime"))
            go.btime = (double)v / 1000.0;
        else if (is_word(w, n, "winc"))
            go.winc = (double)v / 1000.0;
        else if (is_word(w, n, "binc"))
            go.binc = (double)v / 1000.0;
        else if (is_word(w, n, "movetime"))
            go.movetime = (double)v / 1000.0;
        else if (is_word(w, n, "movestogo"))
            go.movestogo = (int)(v > 0 && v < 1000 ? v : 0);
        else if (is_word(w, n, "depth"))
            go.depth = (int)(v > 0 && v < 100 ? v : 100);
        else if (is_word(w, n, "nodes"))
            go.nodes = v > 0 ? (uint64_t)v : 1;
        else if (is_word(w, n, "mate"))
            go.depth = (int)(v > 0 && v < 50 ? 2 * v : 100);
        else {
            say(u, "info string go ignored: unknown parameter '%.*s'", (int)(n > 12 ? 12 : n), w);
            return;
        }
    }
    u->go = go;
    limits_from_go(u, &go, u->pos.b.stm, &u->lim);
    u->waiting_release = u->lim.infinite;
    u->released = 0;
    ar_chess_engine_clear_stop(u->engine);
    if (u->sync) {
        memset(&u->lim, 0, sizeof u->lim);
        u->lim.depth = 2;
        u->waiting_release = 0;
        search_thread(u);
        return;
    }
    if (pthread_create(&u->thread, NULL, search_thread, u) != 0) {
        say(u, "info string go: cannot start the search thread");
        return;
    }
    u->searching = 1;
}

static int strcasecmp_local(const char *a, const char *b)
{
    for (; *a && tolower((unsigned char)*a) == tolower((unsigned char)*b); a++, b++)
        ;
    return tolower((unsigned char)*a) - tolower((unsigned char)*b);
}

static void cmd_setoption(uci *u, const char *p)
{
    const char *name = strstr(p, "name "), *value = strstr(p, " value ");
    char key[64];
    size_t klen;
    long long v;
    if (!name) {
        say(u, "info string setoption ignored: expected 'setoption name NAME value VALUE'");
        return;
    }
    name += 5;
    klen = value ? (size_t)(value - name) : strlen(name);
    while (klen && name[klen - 1] == ' ')
        klen--;
    if (klen >= sizeof key)
        klen = sizeof key - 1;
    memcpy(key, name, klen);
    key[klen] = 0;
    if (value)
        value += 7;
    if (!strcasecmp_local(key, "Hash")) {
        if (!value || parse_number(value, strlen(value), 1, 4096, &v) != 0) {
            say(u, "info string setoption Hash ignored: value must be 1..4096 (MB)");
            return;
        }
        u->hash_mb = u->sync ? 1 : (size_t)v;
        ar_chess_engine_set_hash(u->engine, u->hash_mb);
    } else if (!strcasecmp_local(key, "Move Overhead")) {
        if (!value || parse_number(value, strlen(value), 0, 5000, &v) != 0) {
            say(u, "info string setoption Move Overhead ignored: value must be 0..5000 (ms)");
            return;
        }
        u->overhead = (double)v / 1000.0;
    } else if (!strcasecmp_local(key, "Ponder")) {
        /* Ponder only tells us the GUI may send go ponder. */
    } else if (!strcasecmp_local(key, "Threads")) {
        /* Not advertised: the search is single-threaded. A GUI that sends
         * it anyway is told when it asks for more than one. */
        if (!value || parse_number(value, strlen(value), 1, 1, &v) != 0)
            say(u, "info string setoption Threads ignored: the engine searches with one thread");
    } else if (!strcasecmp_local(key, "Clear Hash")) {
        ar_chess_engine_clear(u->engine);
    } else if (!strcasecmp_local(key, "EvalFile")) {
        /* A weights file of `ariadne chess-tune`; "<default>" (or no
         * value) goes back to the built-in weights. */
        ch_eval_params params;
        ar_error err;
        if (!value || !*value || !strcmp(value, "<default>")) {
            ar_chess_engine_set_params(u->engine, ar_chess_params_default());
        } else if (u->sync) {
            say(u, "info string setoption EvalFile ignored: no files are read when fuzzing");
        } else if (ar_chess_params_load(value, &params, &err) != AR_OK) {
            say(u, "info string setoption EvalFile ignored: %s", err.message);
        } else {
            ar_chess_engine_set_params(u->engine, &params);
            say(u, "info string EvalFile %s loaded", value);
        }
    } else {
        say(u, "info string setoption ignored: no option '%s'", key);
    }
}

/* Answers one command line (NUL-terminated, blanks normalised); 1 for quit. */
static int uci_command(uci *u, char *line)
{
    const char *p, *w;
    size_t n;
    p = line;
    n = word(&p, &w);
    if (n == 0) {
        /* blank */
    } else if (is_word(w, n, "uci")) {
        say(u, "id name ariadne-chess\nid author the ariadne project\n"
                "option name Hash type spin default 16 min 1 max 4096\n"
                "option name Clear Hash type button\n"
                "option name Ponder type check default false\n"
                "option name Move Overhead type spin default 30 min 0 max 5000\n"
                "option name EvalFile type string default <default>\nuciok");
    } else if (is_word(w, n, "isready")) {
        say(u, "readyok");
    } else if (is_word(w, n, "quit")) {
        return 1;
    } else if (is_word(w, n, "stop")) {
        finish_search(u);
    } else if (is_word(w, n, "ponderhit")) {
        if (u->searching) {
            ch_limits lim;
            uci_go go = u->go;
            go.ponder = 0;
            limits_from_go(u, &go, u->pos.b.stm, &lim);
            ar_chess_engine_update_limits(u->engine, &lim);
            if (!go.infinite)
                release(u);
        }
    } else if (u->searching && !is_word(w, n, "debug")) {
        if (is_word(w, n, "position") || is_word(w, n, "go") || is_word(w, n, "ucinewgame") ||
            is_word(w, n, "setoption")) {
            /* A GUI sends these only after bestmove; finish the search first. */
            finish_search(u);
            goto dispatch;
        }
        say(u, "info string unknown command '%.*s'", (int)(n > 20 ? 20 : n), w);
    } else {
    dispatch:
        if (is_word(w, n, "ucinewgame"))
            ar_chess_engine_clear(u->engine);
        else if (is_word(w, n, "position"))
            cmd_position(u, p);
        else if (is_word(w, n, "go"))
            cmd_go(u, p);
        else if (is_word(w, n, "setoption"))
            cmd_setoption(u, p);
        else if (is_word(w, n, "debug") || is_word(w, n, "register"))
            ;
        else if (is_word(w, n, "d")) {
            char board[1024];
            ar_chess_draw_board(&u->pos.b, board, sizeof board);
            say(u, "%s", board);
        } else
            say(u, "info string unknown command '%.*s'", (int)(n > 20 ? 20 : n), w);
    }
    return 0;
}

int ar_chess_uci_main(int argc, char **argv)
{
    uci u;
    char *buf = NULL;
    size_t cap = 1 << 16, len = 0;
    int eof = 0;
    ar_tool_cmd cmd = {.name = "chess-uci", .help_topic = "chess-uci", /* it speaks UCI on stdin */
                       .common = AR_COMMON_QUIET | AR_COMMON_PROGRESS};
    if (ar_tool_parse(&cmd, argc, argv, 1))
        return AR_EXIT_BAD_INPUT;
    memset(&u, 0, sizeof u);
    pthread_mutex_init(&u.lock, NULL);
    pthread_cond_init(&u.cond, NULL);
    u.hash_mb = 16;
    u.overhead = 0.03;
    u.out = stdout;
    u.engine = ar_chess_engine_new(u.hash_mb);
    ar_chess_engine_set_report(u.engine, report, &u);
    ar_chess_startpos(&u.pos.b);
    buf = malloc(cap);
    if (!buf)
        abort();
    while (!eof) {
        char *nl;
        ssize_t got;
        while ((nl = memchr(buf, '\n', len)) == NULL) {
            if (len == cap - 1) { /* a line longer than the buffer: drop it */
                say(&u, "info string ignored a line longer than %zu bytes", cap - 1);
                len = 0;
                while ((got = read(0, buf, cap - 1)) > 0 && !memchr(buf, '\n', (size_t)got))
                    ;
                if (got <= 0) {
                    eof = 1;
                    break;
                }
                nl = memchr(buf, '\n', (size_t)got);
                len = (size_t)got - (size_t)(nl + 1 - buf);
                memmove(buf, nl + 1, len);
                continue;
            }
            got = read(0, buf + len, cap - 1 - len);
            if (got <= 0) {
                eof = 1;
                nl = buf + len; /* a last line without a newline */
                break;
            }
            len += (size_t)got;
        }
        if (eof && nl == NULL)
            break;
        {
            size_t linelen = (size_t)(nl - buf), i;
            char *line = buf;
            line[linelen] = 0;
            for (i = 0; i < linelen; i++)
                if (line[i] == '\r' || line[i] == '\t' || line[i] == 0)
                    line[i] = ' ';
            if (uci_command(&u, line))
                break;
            if (eof)
                break;
            len -= linelen + 1;
            memmove(buf, nl + 1, len);
        }
    }
    /* End of input lets a timed search finish (a script piping commands
     * expects its answer); quit and infinite searches stop at once. */
    if (eof && u.searching && !u.lim.infinite)
        pthread_join(u.thread, NULL), u.searching = 0;
    finish_search(&u);
    free(buf);
    ar_chess_engine_free(u.engine);
    pthread_mutex_destroy(&u.lock);
    pthread_cond_destroy(&u.cond);
    return AR_EXIT_OK;
}

void ar_chess_uci_run_text(const char *text, size_t len)
{
    uci u;
    char line[4096];
    size_t at = 0;
    memset(&u, 0, sizeof u);
    pthread_mutex_init(&u.lock, NULL);
    pthread_cond_init(&u.cond, NULL);
    u.hash_mb = 1;
    u.sync = 1;
    u.out = fopen("/dev/null", "w");
    if (!u.out)
        return;
    u.engine = ar_chess_engine_new(1);
    ar_chess_startpos(&u.pos.b);
    while (at < len) {
        size_t n = 0, i;
        while (at < len && text[at] != '\n') {
            if (n < sizeof line - 1)
                line[n++] = text[at];
            at++;
        }
        at++;
        line[n] = 0;
        for (i = 0; i < n; i++)
            if (line[i] == '\r' || line[i] == '\t' || line[i] == 0)
                line[i] = ' ';
        if (uci_command(&u, line))
            break;
    }
    ar_chess_engine_free(u.engine);
    fclose(u.out);
    pthread_mutex_destroy(&u.lock);
    pthread_cond_destroy(&u.cond);
}
