/* chess_bots.c — chess's own bot kinds: `engine` (the chess engine of
 * chess_search.c) and `uci` (an external UCI engine, on the shared adapter
 * for external programs, ariadne/extprog.h). Both can play on a clock:
 * `tc=BASE+INC` seconds gives each game BASE seconds plus INC a move, kept
 * by the bot (a bot whose clock runs out loses the game on time: its choose
 * fails with AR_ERR_LIMIT and the match scores it as a loss).
 *
 * Spec syntax (options separated by ':'):
 *   engine[:time=S][:depth=D][:nodes=N][:hash=MB][:steps=LIST][:eval=FILE|handset|tuned][:tc=B+I]
 *   uci[:tc=B+I][:movetime=S][:depth=D][:nodes=N][:opt.NAME=VALUE]...:COMMAND
 * For `uci` the first part without '=' starts the command, which runs the
 * rest of the spec (`uci:tc=10+0.1:opt.UCI_LimitStrength=true:opt.UCI_Elo=1500:stockfish`).
 * The uci bot follows the game itself: when the position it is asked about
 * is its last one plus one opponent move, it sends `position fen START
 * moves ...` with the whole game, so the engine sees repetitions. */
#include "ariadne/arena.h"
#include "ariadne/extprog.h"
#include "ariadne/timer.h"
#include "chess_bots.h"

#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- the options */

/* tc=BASE+INC: seconds per game and per move. */
static ar_status read_tc(const void *context, const char *v, void *field, ar_error *err)
{
    ar_chess_bot_opts *o = field; /* offset 0: the whole options */
    char *end;
    (void)context;
    o->tc_base = strtod(v, &end);
    o->tc_inc = 0;
    if (end != v && *end == '+') {
        const char *p = end + 1;
        o->tc_inc = strtod(p, &end);
        if (end == p)
            end = (char *)p - 1;
    }
    if (end == v || *end || o->tc_base <= 0 || o->tc_inc < 0 || o->tc_base > 1e6)
        return ar_error_set(err, AR_ERR_INPUT, "expected BASE+INC in seconds, e.g. tc=10+0.1");
    return AR_OK;
}

static ar_status read_steps(const void *context, const char *value, void *field, ar_error *err)
{
    (void)context;
    return ar_chess_parse_steps(value, field, err) == 0 ? AR_OK : AR_ERR_INPUT;
}

/* uci: opt.NAME=VALUE, sent to the engine as setoption (at most 8). */
static int read_engine_option(void *out, const char *name, const char *value, ar_error *err)
{
    ar_chess_bot_opts *o = out;
    if (strncmp(name, "opt.", 4) != 0)
        return 0;
    if (o->nopts == 8)
        return ar_error_set(err, AR_ERR_INPUT, "bot uci: more than 8 opt.NAME options"), -1;
    snprintf(o->opt_name[o->nopts], sizeof o->opt_name[0], "%.47s", name + 4);
    snprintf(o->opt_value[o->nopts], sizeof o->opt_value[0], "%.47s", value);
    o->nopts++;
    return 1;
}

/* The engine's options; uci takes tc, movetime, depth and nodes, then its
 * command. */
enum { H_TC, H_TIME, H_MOVETIME, H_DEPTH, H_NODES, H_HASH, H_EVAL, H_STEPS };
#define H(name) ((uint64_t)1 << (name))

static const ar_bot_option chess_options[] = {
    [H_TC] = {.name = "tc", .type = AR_BOT_OPT_CUSTOM, .offset = 0, .parse = read_tc},
    [H_TIME] = {.name = "time", .type = AR_BOT_OPT_SECONDS, .offset = offsetof(ar_chess_bot_opts, movetime),
                .max = 1e6},
    [H_MOVETIME] = {.name = "movetime", .type = AR_BOT_OPT_SECONDS, .offset = offsetof(ar_chess_bot_opts, movetime),
                    .max = 1e6},
    [H_DEPTH] = {.name = "depth", .type = AR_BOT_OPT_INT, .offset = offsetof(ar_chess_bot_opts, depth), .min = 1,
                 .max = 100},
    [H_NODES] = {.name = "nodes", .type = AR_BOT_OPT_COUNT, .offset = offsetof(ar_chess_bot_opts, nodes), .min = 1,
                 .max = 1e15},
    [H_HASH] = {.name = "hash", .type = AR_BOT_OPT_INT, .offset = offsetof(ar_chess_bot_opts, hash_mb), .min = 1,
                .max = 4096},
    [H_EVAL] = {.name = "eval", .type = AR_BOT_OPT_TEXT, .offset = offsetof(ar_chess_bot_opts, eval),
                .size = sizeof((ar_chess_bot_opts *)0)->eval},
    [H_STEPS] = {.name = "steps", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(ar_chess_bot_opts, steps),
                 .parse = read_steps},
    {.name = NULL}};

ar_status ar_chess_bot_options(const char *text, ar_chess_bot_opts *o, int uci, ar_error *err)
{
    ar_bot_option_set set = {.kind = uci ? "uci" : "engine", .table = chess_options};
    ar_status st;
    memset(o, 0, sizeof o[0]);
    o->steps = CH_STEP_ALL;
    o->hash_mb = 16;
    if (uci) {
        set.allowed = H(H_TC) | H(H_TIME) | H(H_MOVETIME) | H(H_DEPTH) | H(H_NODES);
        set.command = o->command;
        set.command_size = sizeof o->command;
        set.command_example = "uci:tc=10+0.1:/usr/games/stockfish";
        set.other = read_engine_option;
        set.other_names = "opt.NAME";
    } else {
        set.allowed = AR_BOT_OPT_ALL;
    }
    st = ar_bot_parse_options(&set, text, o, NULL, err);
    if (st != AR_OK)
        return st;
    if (o->movetime <= 0 && !o->depth && !o->nodes && o->tc_base <= 0)
        o->movetime = 1;
    return AR_OK;
}

/* The limits of one move from the options and the clock left. */
static void move_limits(const ar_chess_bot_opts *o, double clock, ch_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    lim->depth = o->depth;
    lim->nodes = o->nodes;
    if (o->tc_base > 0)
        ar_chess_time_budget(clock, o->tc_inc, 0, 0.05, lim);
    else if (o->movetime > 0)
        lim->soft = lim->hard = o->movetime;
}

/* ------------------------------------------------------------ the engine */

typedef struct engine_bot {
    ar_chess_bot_opts o;
    ch_engine *e;
    double clock;
} engine_bot;

static ar_status engine_create(ar_bot *bot, const char *options, ar_error *err)
{
    engine_bot *b = calloc(1, sizeof *b);
    if (!b)
        abort();
    if (ar_chess_bot_options(options, &b->o, 0, err) != AR_OK) {
        free(b);
        return AR_ERR_INPUT;
    }
    b->e = ar_chess_engine_new((size_t)b->o.hash_mb);
    ar_chess_engine_set_steps(b->e, b->o.steps);
    if (!strcmp(b->o.eval, "handset")) {
        ar_chess_engine_set_params(b->e, ar_chess_params_handset());
    } else if (!strcmp(b->o.eval, "tuned")) {
        ar_chess_engine_set_params(b->e, ar_chess_params_tuned());
    } else if (b->o.eval[0] && strcmp(b->o.eval, "default") != 0) {
        ch_eval_params params;
        if (ar_chess_params_load(b->o.eval, &params, err) != AR_OK) {
            ar_chess_engine_free(b->e);
            free(b);
            return AR_ERR_INPUT;
        }
        ar_chess_engine_set_params(b->e, &params);
    }
    b->clock = b->o.tc_base;
    ar_bot_set_state(bot, b);
    return AR_OK;
}

static ar_status engine_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                               ar_error *err)
{
    engine_bot *b = ar_bot_state(bot);
    ch_limits lim;
    ch_info ci;
    ch_move m;
    double t0 = ar_now(), used;
    (void)player;
    move_limits(&b->o, b->clock, &lim);
    ar_chess_engine_set_stop(b->e, ar_bot_interrupt(bot));
    m = ar_chess_search(b->e, pos, &lim, &ci, NULL);
    used = ar_now() - t0;
    if (m == CH_MOVE_NONE)
        return ar_error_set(err, AR_ERR_INPUT, "engine: no legal move");
    if (b->o.tc_base > 0) {
        b->clock -= used;
        if (b->clock < -AR_CHESS_TIME_MARGIN)
            return ar_error_set(err, AR_ERR_LIMIT, "engine lost on time (%.3f s over)", -b->clock);
        b->clock = (b->clock > 0 ? b->clock : 0) + b->o.tc_inc;
    }
    *out = m;
    if (info) {
        info->has_score = 1;
        info->score = ci.score;
        info->depth = ci.depth;
        info->nodes = ci.nodes;
        info->seconds = used;
        snprintf(info->text, sizeof info->text, "depth %d score %+d cp, %llu nodes, %.3f s", ci.depth, ci.score,
                 (unsigned long long)ci.nodes, used);
    }
    return AR_OK;
}

static void engine_new_game(ar_bot *bot)
{
    engine_bot *b = ar_bot_state(bot);
    ar_chess_engine_clear(b->e);
    b->clock = b->o.tc_base;
}

static void engine_destroy(ar_bot *bot)
{
    engine_bot *b = ar_bot_state(bot);
    if (!b)
        return;
    ar_chess_engine_free(b->e);
    free(b);
}

/* --------------------------------------------------- external UCI engines */

typedef struct uci_bot {
    ar_chess_bot_opts o;
    ar_extprog *prog;
    double clock;
    int ready;           /* uci/uciok exchanged in this process */
    int dead;
    ch_board start;      /* the game as this bot has followed it */
    ch_board last;       /* the position after its own last move */
    ch_move *moves;
    unsigned nmoves, cap;
    int following;
    int sent;            /* xboard: moves of the record the engine has been given (-1: none) */
    int setboard;        /* xboard: the engine accepts setboard */
    char *text;
    size_t text_cap;
} uci_bot;

static ar_status uci_create(ar_bot *bot, const char *options, ar_error *err)
{
    uci_bot *u = calloc(1, sizeof *u);
    ar_error why;
    ar_extprog_options eo;
    if (!u)
        abort();
    if (ar_chess_bot_options(options, &u->o, 1, err) != AR_OK) {
        free(u);
        return AR_ERR_INPUT;
    }
    ar_error_clear(&why);
    if (ar_extprog_check(u->o.command, &why) != AR_OK) {
        free(u);
        return ar_error_set(err, AR_ERR_INPUT, "bot uci: %s", why.message);
    }
    if (u->o.movetime <= 0 && !u->o.depth && !u->o.nodes && u->o.tc_base <= 0)
        u->o.movetime = 1;
    memset(&eo, 0, sizeof eo);
    eo.max_line = 1 << 16;
    u->prog = ar_extprog_new(u->o.command, &eo);
    u->clock = u->o.tc_base;
    ar_bot_set_state(bot, u);
    return AR_OK;
}

static ar_status uci_fail(uci_bot *u, ar_status st, ar_error *err, const char *what)
{
    u->dead = 1;
    ar_error_set(err, st, "'%s' %s: %s", u->o.command, what, ar_extprog_reason(u->prog));
    ar_extprog_stop(u->prog);
    return st;
}

static ar_status uci_send(uci_bot *u, const char *s, ar_error *err)
{
    ar_extprog_status st = ar_extprog_send(u->prog, s, strlen(s));
    if (st != AR_EXTPROG_OK)
        return uci_fail(u, st == AR_EXTPROG_TIMEOUT ? AR_ERR_LIMIT : AR_ERR_INPUT, err, "did not read");
    return AR_OK;
}

/* Reads lines until one starts with `prefix`; *line is that line. Scores
 * seen on the way ("info ... score cp X | mate N") go to *score. */
static ar_status uci_wait(uci_bot *u, const char *prefix, const char **line, int *score, ar_error *err)
{
    size_t len, plen = strlen(prefix);
    for (;;) {
        ar_extprog_status st = ar_extprog_read_line(u->prog, line, &len);
        if (st != AR_EXTPROG_OK)
            return uci_fail(u, st == AR_EXTPROG_TIMEOUT ? AR_ERR_LIMIT : AR_ERR_INPUT, err,
                            st == AR_EXTPROG_TIMEOUT ? "timed out" : "failed");
        if (score && !strncmp(*line, "info ", 5)) {
            const char *s = strstr(*line, " score ");
            if (s && !strncmp(s + 7, "cp ", 3))
                *score = atoi(s + 10);
            else if (s && !strncmp(s + 7, "mate ", 5))
                *score = atoi(s + 12) > 0 ? CH_MATE - atoi(s + 12) : -CH_MATE - atoi(s + 12);
        }
        if (len >= plen && !strncmp(*line, prefix, plen) && (len == plen || (*line)[plen] == ' '))
            return AR_OK;
    }
}

static void remember(uci_bot *u, ch_move m)
{
    if (u->nmoves == u->cap) {
        u->cap = u->cap ? 2 * u->cap : 128;
        u->moves = realloc(u->moves, u->cap * sizeof *u->moves);
        if (!u->moves)
            abort();
    }
    u->moves[u->nmoves++] = m;
}

/* Brings the bot's record of the game up to pos: pos must be its last
 * position plus one legal opponent move; otherwise the record restarts
 * from pos. */
static void follow(uci_bot *u, const ch_board *pos)
{
    ch_move list[CH_MAX_MOVES];
    unsigned n, i;
    if (u->following && u->last.key == pos->key && !memcmp(u->last.board, pos->board, 64))
        return;
    if (u->following) {
        n = ar_chess_legal(&u->last, list);
        for (i = 0; i < n; i++) {
            ch_board c = u->last;
            ar_chess_make(&c, list[i]);
            if (c.key == pos->key && !memcmp(c.board, pos->board, 64)) {
                remember(u, list[i]);
                return;
            }
        }
    }
    {
        ch_move line[16];
        unsigned count = 0;
        u->nmoves = 0;
        u->following = 1;
        if (ar_chess_opening_line(pos, line, 16, &count)) {
            ar_chess_startpos(&u->start);
            for (i = 0; i < count; i++)
                remember(u, line[i]);
        } else {
            u->start = *pos;
        }
    }
}

static void append(uci_bot *u, size_t *k, const char *s)
{
    size_t n = strlen(s);
    if (*k + n + 1 > u->text_cap) {
        u->text_cap = (*k + n + 1) * 2;
        u->text = realloc(u->text, u->text_cap);
        if (!u->text)
            abort();
    }
    memcpy(u->text + *k, s, n + 1);
    *k += n;
}

/* The move an external engine answered with (the text after "bestmove" or
 * "move"), checked on the board and charged to its clock: an illegal move
 * (with uci_only, also one not in UCI's 4-5 characters) or an overrun beyond
 * the margin loses the game. The move is remembered as played. */
static ar_status take_move(uci_bot *u, const ch_board *b, const char *w, int uci_only, double used,
                           ch_move *m, ar_error *err)
{
    size_t n;
    ar_error why;
    while (*w == ' ')
        w++;
    n = strcspn(w, " ");
    ar_error_clear(&why);
    if (ar_chess_parse_move(b, w, n, m, &why) != AR_OK || (uci_only && (n < 4 || n > 5))) {
        u->dead = 1;
        return ar_error_set(err, AR_ERR_INPUT, "'%s' played an illegal move '%.*s'", u->o.command,
                            (int)(n > 10 ? 10 : n), w);
    }
    if (u->o.tc_base > 0) {
        u->clock -= used;
        if (u->clock < -AR_CHESS_TIME_MARGIN) {
            u->dead = 1;
            return ar_error_set(err, AR_ERR_LIMIT, "'%s' lost on time (%.3f s over)", u->o.command, -u->clock);
        }
        u->clock = (u->clock > 0 ? u->clock : 0) + u->o.tc_inc;
    }
    u->last = *b;
    ar_chess_make(&u->last, *m);
    remember(u, *m);
    return AR_OK;
}

/* What an external engine's move tells the match: its score (-CH_INF - 1
 * when it gave none) and the time it took. */
static void report_move(ar_bot_info *info, int score, double used)
{
    if (!info)
        return;
    info->has_score = score != -CH_INF - 1;
    info->score = info->has_score ? score : 0;
    info->seconds = used;
    snprintf(info->text, sizeof info->text, "score %+d cp, %.3f s", info->score, used);
}

static ar_status uci_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                            ar_error *err)
{
    uci_bot *u = ar_bot_state(bot);
    const ar_chess_pos *p = pos;
    const char *line;
    char buf[512], fen[100], mv[8];
    size_t k = 0;
    unsigned i;
    int score = -CH_INF - 1;
    double t0 = ar_now(), used, deadline;
    ch_move m;
    (void)player;
    if (u->dead)
        return ar_error_set(err, AR_ERR_INPUT, "'%s' has already failed in this game", u->o.command);
    deadline = u->o.tc_base > 0 ? u->clock + AR_CHESS_TIME_MARGIN + 1.0 : u->o.movetime > 0 ? u->o.movetime * 3 + 2 : 0;
    ar_extprog_set_deadline(u->prog, u->ready ? deadline : (deadline > 0 ? deadline + 10 : 0));
    if (!ar_extprog_running(u->prog)) {
        if (ar_extprog_start(u->prog) != AR_EXTPROG_OK)
            return uci_fail(u, AR_ERR_IO, err, "could not start");
        u->ready = 0;
    }
    if (!u->ready) {
        if (uci_send(u, "uci\n", err) || uci_wait(u, "uciok", &line, NULL, err))
            return err->status;
        for (i = 0; i < u->o.nopts; i++) {
            snprintf(buf, sizeof buf, "setoption name %s value %s\n", u->o.opt_name[i], u->o.opt_value[i]);
            if (uci_send(u, buf, err))
                return err->status;
        }
        if (uci_send(u, "ucinewgame\nisready\n", err) || uci_wait(u, "readyok", &line, NULL, err))
            return err->status;
        u->ready = 1;
        t0 = ar_now(); /* start-up does not count on the clock */
        ar_extprog_set_deadline(u->prog, deadline);
    }
    follow(u, &p->b);
    ar_chess_format_fen(&u->start, fen, sizeof fen);
    append(u, &k, "position fen ");
    append(u, &k, fen);
    if (u->nmoves)
        append(u, &k, " moves");
    for (i = 0; i < u->nmoves; i++) {
        ar_chess_move_uci(u->moves[i], mv);
        append(u, &k, " ");
        append(u, &k, mv);
    }
    append(u, &k, "\n");
    if (u->o.tc_base > 0)
        snprintf(buf, sizeof buf, "go wtime %.0f btime %.0f winc %.0f binc %.0f\n", u->clock * 1000,
                 u->clock * 1000, u->o.tc_inc * 1000, u->o.tc_inc * 1000);
    else if (u->o.movetime > 0)
        snprintf(buf, sizeof buf, "go movetime %.0f\n", u->o.movetime * 1000);
    else if (u->o.depth)
        snprintf(buf, sizeof buf, "go depth %d\n", u->o.depth);
    else
        snprintf(buf, sizeof buf, "go nodes %llu\n", (unsigned long long)u->o.nodes);
    append(u, &k, buf);
    if (uci_send(u, u->text, err) || uci_wait(u, "bestmove", &line, &score, err))
        return err->status;
    used = ar_now() - t0;
    if (take_move(u, &p->b, line + 8, 1, used, &m, err) != AR_OK)
        return err->status;
    *out = m;
    report_move(info, score, used);
    return AR_OK;
}

static void uci_new_game(ar_bot *bot)
{
    uci_bot *u = ar_bot_state(bot);
    u->clock = u->o.tc_base;
    u->following = 0;
    u->nmoves = 0;
    if (u->dead) {
        ar_extprog_stop(u->prog);
        u->ready = 0;
        u->dead = 0;
    } else if (u->ready) {
        ar_error err;
        if (uci_send(u, "ucinewgame\n", &err) != AR_OK) {
            ar_extprog_stop(u->prog);
            u->ready = 0;
            u->dead = 0;
        }
    }
}

static void uci_destroy(ar_bot *bot)
{
    uci_bot *u = ar_bot_state(bot);
    if (!u)
        return;
    if (ar_extprog_running(u->prog)) {
        ar_extprog_set_deadline(u->prog, 1);
        ar_extprog_send(u->prog, "quit\n", 5);
    }
    ar_extprog_free(u->prog);
    free(u->moves);
    free(u->text);
    free(u);
}

/* ------------------------------------------ external xboard (CECP) engines
 *
 * Engines such as fairymax speak the older xboard protocol (CECP v2). The
 * bot keeps the engine in force mode, gives it the moves it has not seen,
 * then the clocks (`time`/`otim`, centiseconds) and `go`, and reads lines
 * up to `move MOVE`; `post` output ("depth score time nodes pv") gives the
 * scores for adjudication. A game not starting from the start position (or
 * from one of the match's openings) needs the engine's `setboard`. */

static ar_status xboard_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                               ar_error *err)
{
    uci_bot *u = ar_bot_state(bot);
    const ar_chess_pos *p = pos;
    const char *line;
    size_t len, k = 0;
    char buf[256], mv[8];
    int score = -CH_INF - 1, i;
    double t0 = ar_now(), used, deadline;
    ch_move m;
    (void)player;
    if (u->dead)
        return ar_error_set(err, AR_ERR_INPUT, "'%s' has already failed in this game", u->o.command);
    deadline = u->o.tc_base > 0 ? u->clock + AR_CHESS_TIME_MARGIN + 1.0 : u->o.movetime > 0 ? u->o.movetime * 3 + 2 : 0;
    if (!ar_extprog_running(u->prog)) {
        if (ar_extprog_start(u->prog) != AR_EXTPROG_OK)
            return uci_fail(u, AR_ERR_IO, err, "could not start");
        u->ready = 0;
    }
    if (!u->ready) {
        ar_extprog_set_deadline(u->prog, 10);
        if (uci_send(u, "xboard\nprotover 2\n", err))
            return err->status;
        for (;;) {
            ar_extprog_status st = ar_extprog_read_line(u->prog, &line, &len);
            if (st == AR_EXTPROG_TIMEOUT)
                break; /* a protocol-1 engine sends no features */
            if (st != AR_EXTPROG_OK)
                return uci_fail(u, AR_ERR_INPUT, err, "failed while starting");
            if (strstr(line, "setboard=1"))
                u->setboard = 1;
            if (strstr(line, "done=1"))
                break;
        }
        if (uci_send(u, "post\neasy\n", err))
            return err->status;
        u->ready = 1;
        u->sent = -1;
        t0 = ar_now();
    }
    ar_extprog_set_deadline(u->prog, deadline);
    follow(u, &p->b);
    append(u, &k, "force\n");
    if (u->sent < 0 || u->sent > (int)u->nmoves || u->sent + 1 < (int)u->nmoves) {
        ch_board start;
        ar_chess_startpos(&start);
        append(u, &k, "new\nforce\n");
        if (u->o.tc_base > 0)
            snprintf(buf, sizeof buf, "level 0 %d:%02d %g\n", (int)u->o.tc_base / 60, (int)u->o.tc_base % 60,
                     u->o.tc_inc);
        else if (u->o.movetime > 0)
            snprintf(buf, sizeof buf, "st %d\n", (int)(u->o.movetime + 0.5) > 0 ? (int)(u->o.movetime + 0.5) : 1);
        else
            snprintf(buf, sizeof buf, "sd %d\n", u->o.depth > 0 ? u->o.depth : 6);
        append(u, &k, buf);
        if (start.key != u->start.key || memcmp(start.board, u->start.board, 64)) {
            char fen[100];
            if (!u->setboard) {
                u->dead = 1;
                return ar_error_set(err, AR_ERR_UNSUPPORTED, "'%s' cannot be set up on this position (no setboard)",
                                    u->o.command);
            }
            ar_chess_format_fen(&u->start, fen, sizeof fen);
            snprintf(buf, sizeof buf, "setboard %s\n", fen);
            append(u, &k, buf);
        }
        u->sent = 0;
    }
    for (i = u->sent; i < (int)u->nmoves; i++) {
        ar_chess_move_uci(u->moves[i], mv);
        append(u, &k, mv);
        append(u, &k, "\n");
    }
    u->sent = (int)u->nmoves;
    if (u->o.tc_base > 0) {
        snprintf(buf, sizeof buf, "time %.0f\notim %.0f\n", u->clock * 100, u->clock * 100);
        append(u, &k, buf);
    }
    append(u, &k, "go\n");
    if (uci_send(u, u->text, err))
        return err->status;
    for (;;) {
        ar_extprog_status st = ar_extprog_read_line(u->prog, &line, &len);
        if (st != AR_EXTPROG_OK)
            return uci_fail(u, st == AR_EXTPROG_TIMEOUT ? AR_ERR_LIMIT : AR_ERR_INPUT, err,
                            st == AR_EXTPROG_TIMEOUT ? "timed out" : "failed");
        if (line[0] >= '0' && line[0] <= '9') {
            int d, s;
            if (sscanf(line, "%d %d", &d, &s) == 2)
                score = s;
        } else if (!strncmp(line, "move ", 5)) {
            break;
        } else if (!strncmp(line, "resign", 6) || !strncmp(line, "Illegal move", 12) ||
                   !strncmp(line, "Error", 5) || !strncmp(line, "1-0", 3) || !strncmp(line, "0-1", 3) ||
                   !strncmp(line, "1/2-1/2", 7)) {
            /* resigning, or claiming a result the rules have not given
             * (they end the game before asking for a move), is a loss */
            u->dead = 1;
            return ar_error_set(err, AR_ERR_INPUT, "'%s' said '%.60s'", u->o.command, line);
        }
    }
    used = ar_now() - t0;
    if (take_move(u, &p->b, line + 5, 0, used, &m, err) != AR_OK)
        return err->status;
    u->sent = (int)u->nmoves;
    *out = m;
    report_move(info, score, used);
    return AR_OK;
}

/* A fresh process every game: xboard engines keep state between games
 * (pondering, a half-finished search) that `new` does not always clear. */
static void xboard_new_game(ar_bot *bot)
{
    uci_bot *u = ar_bot_state(bot);
    u->clock = u->o.tc_base;
    u->following = 0;
    u->nmoves = 0;
    u->sent = -1;
    if (ar_extprog_running(u->prog)) {
        ar_extprog_set_deadline(u->prog, 1);
        ar_extprog_send(u->prog, "quit\n", 5);
    }
    ar_extprog_stop(u->prog);
    u->ready = 0;
    u->dead = 0;
}

const ar_bot_kind ar_chess_bot_kinds[] = {
    {.name = "engine",
     .summary = "the chess engine: iterative deepening, PVS, aspiration, TT, null move, quiescence",
     .options = "time=S depth=D nodes=N hash=MB steps=LIST tc=BASE+INC",
     .create = engine_create,
     .choose = engine_choose,
     .new_game = engine_new_game,
     .destroy = engine_destroy},
    {.name = "uci",
     .summary = "an external UCI chess engine (the rest of the spec is its command)",
     .options = "tc=BASE+INC movetime=S depth=D nodes=N opt.NAME=VALUE ... COMMAND",
     .create = uci_create,
     .choose = uci_choose,
     .new_game = uci_new_game,
     .destroy = uci_destroy},
    {.name = "xboard",
     .summary = "an external xboard (CECP) chess engine such as fairymax (the rest of the spec is its command)",
     .options = "tc=BASE+INC movetime=S depth=D ... COMMAND",
     .create = uci_create,
     .choose = xboard_choose,
     .new_game = xboard_new_game,
     .destroy = uci_destroy},
    {.name = NULL}};
