/* checkers_bots.c — checkers's own bot kinds: `engine` (the checkers engine
 * of checkers_search.c, with the endgame databases when they are built) and
 * `cmd` (an external program speaking the checkers-engine protocol of
 * checkers_protocol.c, on the shared adapter for external programs,
 * ariadne/extprog.h).
 *
 * Spec syntax (options separated by ':'):
 *   engine[:time=S][:depth=D][:nodes=N][:hash=MB][:steps=LIST][:eval=NAME|FILE][:db=auto|off|N][:dbdir=DIR]
 *   cmd[:time=S][:depth=D][:nodes=N]:COMMAND
 * For `cmd` the first part without '=' starts the command, which runs to the
 * end of the spec (`cmd:time=0.5:./my-engine --level 3`). The external
 * program is started once per bot, greeted with `checkers` (it must answer
 * `checkersok` within 10 s) and asked for each move with the game so far
 * (`position fen START moves ...`, so it can see repetitions) and `go`; it
 * must answer `bestmove M` within the move's time plus a margin. A program
 * that crashes, answers late or plays an illegal move loses the game (the
 * choose call fails with one line saying which) and is restarted for the
 * next game. */
#include "ariadne/extprog.h"
#include "ariadne/timer.h"
#include "checkers_engine.h"

#include <stdlib.h>
#include <string.h>

/* Seconds over its time an external engine may take (a loaded machine
 * delays pipes and scheduling), and the time it has to start and greet. */
#define CMD_MARGIN 0.5
#define CMD_STARTUP 10.0

typedef struct bot_opts {
    double movetime;
    int depth;
    uint64_t nodes;
    int hash_mb;
    unsigned steps;
    char eval[256];  /* handset, learned, default or a weights file ("" default) */
    int db;          /* -1 auto, 0 off, else the piece count required */
    char dbdir[512];
    char command[512];
} bot_opts;

static ar_status read_steps(const void *context, const char *value, void *field, ar_error *err)
{
    (void)context;
    return ar_checkers_parse_steps(value, field, err) == 0 ? AR_OK : AR_ERR_INPUT;
}

/* A named evaluation or a weights file that reads (it is loaded again when
 * the engine is made). */
static ar_status read_eval(const void *context, const char *value, void *field, ar_error *err)
{
    ck_eval_params params;
    (void)context;
    if (strlen(value) >= sizeof((bot_opts *)0)->eval)
        return ar_error_set(err, AR_ERR_INPUT, "expected handset, learned or a weights file");
    if (ar_checkers_params_named(value, &params, err) != AR_OK)
        return AR_ERR_INPUT;
    strcpy(field, value);
    return AR_OK;
}

/* db=auto (-1), off (0) or the piece count required. */
static ar_status read_db(const void *context, const char *value, void *field, ar_error *err)
{
    char *end;
    long v = strtol(value, &end, 10);
    int db;
    (void)context;
    if (!strcmp(value, "auto"))
        db = -1;
    else if (!strcmp(value, "off"))
        db = 0;
    else if (end != value && !*end && v >= 2 && v <= 5)
        db = (int)v;
    else
        return ar_error_set(err, AR_ERR_INPUT, "expected auto, off or a piece count 2..5");
    memcpy(field, &db, sizeof db);
    return AR_OK;
}

/* The engine's options; `cmd` takes the first three, then its command. */
enum { C_TIME, C_DEPTH, C_NODES, C_HASH, C_STEPS, C_EVAL, C_DB, C_DBDIR };
#define C(name) ((uint64_t)1 << (name))

static const ar_bot_option checkers_options[] = {
    [C_TIME] = {.name = "time", .type = AR_BOT_OPT_SECONDS, .offset = offsetof(bot_opts, movetime), .max = 1e6},
    [C_DEPTH] = {.name = "depth", .type = AR_BOT_OPT_INT, .offset = offsetof(bot_opts, depth), .min = 1,
                 .max = CK_MAX_PLY - 2},
    [C_NODES] = {.name = "nodes", .type = AR_BOT_OPT_COUNT, .offset = offsetof(bot_opts, nodes), .min = 1,
                 .max = 1e15},
    [C_HASH] = {.name = "hash", .type = AR_BOT_OPT_INT, .offset = offsetof(bot_opts, hash_mb), .min = 1,
                .max = 4096},
    [C_STEPS] = {.name = "steps", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, steps),
                 .parse = read_steps},
    [C_EVAL] = {.name = "eval", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, eval), .parse = read_eval},
    [C_DB] = {.name = "db", .type = AR_BOT_OPT_CUSTOM, .offset = offsetof(bot_opts, db), .parse = read_db},
    [C_DBDIR] = {.name = "dbdir", .type = AR_BOT_OPT_TEXT, .offset = offsetof(bot_opts, dbdir),
                 .size = sizeof((bot_opts *)0)->dbdir},
    {.name = NULL}};

static ar_status parse_options(const char *text, bot_opts *o, int external, ar_error *err)
{
    ar_bot_option_set set = {.kind = external ? "cmd" : "engine", .table = checkers_options};
    ar_status st;
    memset(o, 0, sizeof *o);
    o->steps = CK_STEP_ALL;
    o->hash_mb = 16;
    o->db = -1;
    if (external) {
        set.allowed = C(C_TIME) | C(C_DEPTH) | C(C_NODES);
        set.command = o->command;
        set.command_size = sizeof o->command;
        set.command_example = "cmd:time=0.5:./my-engine";
    } else {
        set.allowed = AR_BOT_OPT_ALL;
    }
    st = ar_bot_parse_options(&set, text, o, NULL, err);
    if (st != AR_OK)
        return st;
    if (o->movetime <= 0 && !o->depth && !o->nodes)
        o->movetime = 1;
    return AR_OK;
}

static void move_limits(const bot_opts *o, ck_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    lim->depth = o->depth;
    lim->nodes = o->nodes;
    lim->soft = lim->hard = o->movetime;
}

/* ------------------------------------------------------------ the engine */

typedef struct engine_bot {
    bot_opts o;
    ck_engine *e;
    ck_db *db;
} engine_bot;

static ar_status engine_create(ar_bot *bot, const char *options, ar_error *err)
{
    engine_bot *b = ar_xcalloc(1, sizeof *b);
    if (parse_options(options, &b->o, 0, err) != AR_OK) {
        free(b);
        return AR_ERR_INPUT;
    }
    if (b->o.db != 0) {
        const char *dir = b->o.dbdir[0] ? b->o.dbdir : NULL;
        ar_status st = b->o.db > 0 ? ar_checkers_db_open(dir, b->o.db, &b->db, err)
                                   : ar_checkers_db_open_auto(dir, 5, &b->db, err);
        if (st != AR_OK) {
            free(b);
            return AR_ERR_INPUT;
        }
    }
    b->e = ar_checkers_engine_new((size_t)b->o.hash_mb);
    ar_checkers_engine_set_steps(b->e, b->o.steps);
    ar_checkers_engine_set_db(b->e, b->db);
    if (b->o.eval[0]) {
        ck_eval_params params;
        ar_checkers_params_named(b->o.eval, &params, err);
        ar_checkers_engine_set_params(b->e, &params);
    }
    ar_bot_set_state(bot, b);
    return AR_OK;
}

/* "+0.35", "win in 7", "loss in 12" for a score of the side to move. */
static void score_text(int score, char *buf, size_t size)
{
    if (score > CK_WIN - 1000)
        snprintf(buf, size, "win in %d", CK_WIN - score);
    else if (score < -(CK_WIN - 1000))
        snprintf(buf, size, "loss in %d", CK_WIN + score);
    else
        snprintf(buf, size, "%+.2f", score / 100.0);
}

static ar_status engine_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                               ar_error *err)
{
    engine_bot *b = ar_bot_state(bot);
    ck_limits lim;
    ck_info ci;
    uint32_t m;
    double t0 = ar_now();
    (void)player;
    move_limits(&b->o, &lim);
    ar_checkers_engine_set_stop(b->e, ar_bot_interrupt(bot));
    m = ar_checkers_search(b->e, pos, &lim, &ci);
    if (m == CK_NO_MOVE)
        return ar_error_set(err, AR_ERR_INPUT, "engine: no legal move");
    *out = m;
    if (info) {
        char s[32];
        score_text(ci.score, s, sizeof s);
        info->has_score = 1;
        info->score = ci.score;
        info->exact = ci.exact;
        info->depth = ci.depth;
        info->nodes = ci.nodes;
        info->seconds = ar_now() - t0;
        snprintf(info->text, sizeof info->text, "depth %d score %s, %llu nodes, %llu db hits, %.3f s", ci.depth, s,
                 (unsigned long long)ci.nodes, (unsigned long long)ci.db_hits, info->seconds);
    }
    return AR_OK;
}

static void engine_new_game(ar_bot *bot)
{
    engine_bot *b = ar_bot_state(bot);
    ar_checkers_engine_clear(b->e);
}

static void engine_destroy(ar_bot *bot)
{
    engine_bot *b = ar_bot_state(bot);
    if (!b)
        return;
    ar_checkers_engine_free(b->e);
    ar_checkers_db_close(b->db);
    free(b);
}

/* ------------------------------------------------- external engines */

#define CMD_MAX_MOVES 1024

typedef struct cmd_bot {
    bot_opts o;
    ar_extprog *prog;
    int ready; /* greeted in this process */
    ck_board start, last; /* the game as followed: its start, the position after our last move */
    uint32_t moves[CMD_MAX_MOVES];
    unsigned nmoves;
    int following;
    char *text;
    size_t cap;
} cmd_bot;

static ar_status cmd_create(ar_bot *bot, const char *options, ar_error *err)
{
    cmd_bot *c = ar_xcalloc(1, sizeof *c);
    ar_error why;
    ar_extprog_options eo;
    if (parse_options(options, &c->o, 1, err) != AR_OK) {
        free(c);
        return AR_ERR_INPUT;
    }
    ar_error_clear(&why);
    if (ar_extprog_check(c->o.command, &why) != AR_OK) {
        free(c);
        return ar_error_set(err, AR_ERR_INPUT, "bot cmd: %s", why.message);
    }
    memset(&eo, 0, sizeof eo);
    eo.max_line = 1 << 16;
    c->prog = ar_extprog_new(c->o.command, &eo);
    ar_bot_set_state(bot, c);
    return AR_OK;
}

/* The program failed: stop it (a new game restarts it) and say why. */
static ar_status cmd_fail(cmd_bot *c, ar_extprog_status st, const char *doing, ar_error *err)
{
    char reason[300];
    snprintf(reason, sizeof reason, "%s", ar_extprog_reason(c->prog));
    ar_extprog_stop(c->prog);
    c->ready = 0;
    c->following = 0;
    return ar_error_set(err, st == AR_EXTPROG_TIMEOUT ? AR_ERR_LIMIT : AR_ERR_INPUT, "'%s' %s %s: %s",
                        c->o.command, st == AR_EXTPROG_CRASHED ? "crashed" : "failed", doing, reason);
}

static ar_status cmd_greet(cmd_bot *c, ar_error *err)
{
    ar_extprog_status st;
    const char *line;
    size_t len;
    if (c->ready && ar_extprog_running(c->prog))
        return AR_OK;
    if ((st = ar_extprog_start(c->prog)) != AR_EXTPROG_OK)
        return cmd_fail(c, st, "to start", err);
    ar_extprog_set_deadline(c->prog, CMD_STARTUP);
    if ((st = ar_extprog_send(c->prog, "checkers\n", 9)) != AR_EXTPROG_OK)
        return cmd_fail(c, st, "at the greeting", err);
    do {
        if ((st = ar_extprog_read_line(c->prog, &line, &len)) != AR_EXTPROG_OK)
            return cmd_fail(c, st, "at the greeting (it must answer `checkersok`)", err);
    } while (strcmp(line, "checkersok") != 0);
    c->ready = 1;
    c->following = 0;
    return AR_OK;
}

/* Follows the game: pos is our last position plus one move of the opponent,
 * or a new start. */
static void cmd_follow(cmd_bot *c, const ck_board *b)
{
    if (c->following && c->nmoves + 2 < CMD_MAX_MOVES) {
        ck_move list[CK_MAX_MOVES];
        unsigned n = ar_checkers_legal(&c->last, list), i;
        for (i = 0; i < n; i++) {
            ck_board x = c->last;
            ar_checkers_make(&x, &list[i]);
            if (!memcmp(&x, b, sizeof x)) {
                c->moves[c->nmoves++] = list[i].code;
                return;
            }
        }
    }
    c->start = *b;
    c->nmoves = 0;
    c->following = 1;
}

static void text_add(cmd_bot *c, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > c->cap) {
        c->cap = (*len + n + 1) * 2;
        c->text = ar_xrealloc(c->text, c->cap);
    }
    memcpy(c->text + *len, s, n + 1);
    *len += n;
}

static ar_status cmd_choose(ar_bot *bot, const void *pos, int player, ar_gmove *out, ar_bot_info *info,
                            ar_error *err)
{
    cmd_bot *c = ar_bot_state(bot);
    const ar_checkers_pos *p = pos;
    ar_extprog_status st;
    const char *line;
    size_t len = 0, llen;
    char buf[200], fen[200];
    double t0 = ar_now(), allowed;
    ck_board walk;
    unsigned i;
    ck_move m;
    (void)player;
    if (cmd_greet(c, err) != AR_OK)
        return err->status;
    cmd_follow(c, &p->b);
    ar_checkers_format_fen(&c->start, fen, sizeof fen);
    text_add(c, &len, "position fen ");
    text_add(c, &len, fen);
    if (c->nmoves)
        text_add(c, &len, " moves");
    walk = c->start;
    for (i = 0; i < c->nmoves; i++) {
        ck_move mv;
        char t[48];
        if (!ar_checkers_decode(&walk, c->moves[i], &mv))
            break;
        ar_checkers_move_text(&mv, t, sizeof t);
        text_add(c, &len, " ");
        text_add(c, &len, t);
        ar_checkers_make(&walk, &mv);
    }
    if (c->o.depth)
        snprintf(buf, sizeof buf, "\ngo depth %d\n", c->o.depth);
    else if (c->o.nodes)
        snprintf(buf, sizeof buf, "\ngo nodes %llu\n", (unsigned long long)c->o.nodes);
    else
        snprintf(buf, sizeof buf, "\ngo movetime %.0f\n", c->o.movetime * 1000);
    text_add(c, &len, buf);
    /* depth and node limits get the time of a long move */
    allowed = c->o.depth || c->o.nodes ? 60.0 : c->o.movetime + CMD_MARGIN + 0.05 * c->o.movetime;
    ar_extprog_set_deadline(c->prog, allowed);
    if ((st = ar_extprog_send(c->prog, c->text, len)) != AR_EXTPROG_OK)
        return cmd_fail(c, st, "taking the position", err);
    for (;;) {
        if ((st = ar_extprog_read_line(c->prog, &line, &llen)) != AR_EXTPROG_OK)
            return cmd_fail(c, st, "before its `bestmove`", err);
        if (!strncmp(line, "bestmove ", 9))
            break;
    }
    line += 9;
    while (*line == ' ')
        line++;
    llen = strcspn(line, " \t");
    if (ar_checkers_parse_move(&p->b, line, llen, &m, err) != AR_OK) {
        char msg[sizeof err->message];
        snprintf(msg, sizeof msg, "%s", err->message);
        ar_extprog_stop(c->prog);
        c->ready = 0;
        return ar_error_set(err, AR_ERR_INPUT, "'%s' played an illegal move: %s", c->o.command, msg);
    }
    c->last = p->b;
    ar_checkers_make(&c->last, &m);
    if (c->nmoves < CMD_MAX_MOVES)
        c->moves[c->nmoves++] = m.code;
    else
        c->following = 0; /* the next position is sent as a new start */
    *out = m.code;
    if (info) {
        memset(info, 0, sizeof *info);
        info->seconds = ar_now() - t0;
        snprintf(info->text, sizeof info->text, "%.3f s", info->seconds);
    }
    return AR_OK;
}

static void cmd_new_game(ar_bot *bot)
{
    cmd_bot *c = ar_bot_state(bot);
    c->following = 0;
    c->nmoves = 0;
    if (c->ready && ar_extprog_running(c->prog))
        ar_extprog_send(c->prog, "newgame\n", 8);
}

static void cmd_destroy(ar_bot *bot)
{
    cmd_bot *c = ar_bot_state(bot);
    if (!c)
        return;
    if (c->ready && ar_extprog_running(c->prog)) {
        ar_extprog_set_deadline(c->prog, 1);
        ar_extprog_send(c->prog, "quit\n", 5);
    }
    ar_extprog_free(c->prog);
    free(c->text);
    free(c);
}

const ar_bot_kind ar_checkers_bot_kinds[] = {
    {.name = "engine",
     .summary = "the checkers engine: PVS with TT, killers, history, quiescence and the endgame databases",
     .options = "time=S depth=D nodes=N hash=MB steps=LIST eval=handset|learned|FILE db=auto|off|N dbdir=DIR",
     .create = engine_create,
     .choose = engine_choose,
     .new_game = engine_new_game,
     .destroy = engine_destroy},
    {.name = "cmd",
     .summary = "an external program speaking the checkers-engine protocol (`ariadne help checkers-engine`)",
     .options = "time=S depth=D nodes=N, then :COMMAND",
     .create = cmd_create,
     .choose = cmd_choose,
     .new_game = cmd_new_game,
     .destroy = cmd_destroy},
    {.name = NULL}};
