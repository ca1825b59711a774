/* play_game.c — `ariadne play GAME`: a person plays a game at the terminal
 * against a bot, plus the helpers every game verb shares (game_cli.h).
 *
 * The loop never loses the game state: every position is kept on a history
 * stack, a bad move is answered with the game's own explanation and a new
 * prompt, `undo` takes back the person's last move (and the bot's reply),
 * end of input quits cleanly. The bot is the game's perfect player unless
 * --bot names another (arena.h gives the syntax). Chance events are drawn
 * from the seed and shown as they happen. */
#include "cli.h"
#include "game_cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------ helpers */

/* The game verbs' own options; a verb names those it takes in `allowed`.
 * --json, --quiet, --seed and the limits are the common options of
 * ar_tool_parse, spelt and ranged as for every verb. */
enum { G_TEXT, G_UINT, G_FLAG };
static const struct game_option {
    const char *name;
    int kind;
    uint64_t min, max;
    const char *alias;
} game_options[] = {
    {.name = "bot", .kind = G_TEXT},
    {.name = "bots", .kind = G_TEXT},
    {.name = "first", .kind = G_TEXT},
    {.name = "games", .kind = G_UINT, .min = 1, .max = 1000000},
    {.name = "openings", .kind = G_UINT, .max = 1000},
    {.name = "max-plies", .kind = G_UINT, .min = 1, .max = 1000000},
    {.name = "depth", .kind = G_UINT, .min = 1, .max = AR_GAME_MAX_PLY - 1},
    {.name = "moves", .kind = G_TEXT},
    {.name = "algo", .kind = G_TEXT},
    {.name = "eval", .kind = G_TEXT},
    {.name = "steps", .kind = G_TEXT},
    {.name = "iters", .kind = G_UINT, .min = 1, .max = 1000000000000ull},
    {.name = "verbose", .kind = G_FLAG},
    {.name = "divide", .kind = G_FLAG},
    {.name = "position", .kind = G_TEXT, .alias = "fen"},
    {.name = "html", .kind = G_TEXT},
    {.name = "visualise", .kind = G_FLAG},
    {.name = NULL}};
enum { GAME_OPTION_COUNT = sizeof game_options / sizeof game_options[0] - 1 };

static int word_in(const char *list, const char *word)
{
    size_t n = strlen(word);
    const char *p = list;
    while ((p = strstr(p, word)) != NULL) {
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
        p += n;
    }
    return 0;
}

static void game_names(char *buf, size_t size)
{
    const ar_game *const *g;
    buf[0] = '\0';
    for (g = ar_games(); *g; g++) {
        strncat(buf, g == ar_games() ? "" : ", ", size - strlen(buf) - 1);
        strncat(buf, (*g)->name, size - strlen(buf) - 1);
    }
}

int game_parse_args(game_args *a, int argc, char **argv, const char *allowed)
{
    ar_opt opts[GAME_OPTION_COUNT + GAME_CLI_MAX + 1];
    uint64_t values[GAME_OPTION_COUNT];
    const char *texts[GAME_OPTION_COUNT], *domain_values[GAME_CLI_MAX];
    int flags[GAME_OPTION_COUNT], domain_flags[GAME_CLI_MAX], seen[GAME_OPTION_COUNT + GAME_CLI_MAX + 1];
    int index_of[GAME_OPTION_COUNT];
    char names[256], name[96], other[300];
    const ar_option_spec *spec;
    ar_tool_cmd cmd;
    size_t n = 0, k, first_game;
    unsigned common = 0;
    memset(a, 0, sizeof *a);
    memset(seen, 0, sizeof seen);
    memset(flags, 0, sizeof flags);
    memset(domain_flags, 0, sizeof domain_flags);
    a->verb = argv[0];
    game_names(names, sizeof names);
    if (argc < 2 || argv[1][0] == '-')
        return ar_tool_fail("%s: which game? (games: %s)", a->verb, names);
    a->g = ar_game_find(argv[1]);
    if (!a->g) {
        char q[64];
        return ar_tool_fail("%s: unknown game '%s' (games: %s)", a->verb, ar_tool_quote(argv[1], 30, q, sizeof q),
                            names);
    }
    other[0] = '\0';
    for (k = 0; k < GAME_OPTION_COUNT; k++) {
        const struct game_option *o = &game_options[k];
        index_of[k] = -1;
        values[k] = 0, texts[k] = NULL;
        if (!word_in(allowed, o->name)) {
            snprintf(other + strlen(other), sizeof other - strlen(other), "%s ", o->name);
            continue;
        }
        index_of[k] = (int)n;
        opts[n] = (ar_opt){.name = o->name, .alias = o->alias, .seen = &seen[n]};
        if (o->kind == G_UINT)
            opts[n].kind = AR_OPT_UINT, opts[n].dest = &values[k], opts[n].min = o->min, opts[n].max = o->max;
        else if (o->kind == G_FLAG)
            opts[n].kind = AR_OPT_FLAG, opts[n].dest = &flags[k];
        else
            opts[n].kind = AR_OPT_TEXT, opts[n].dest = &texts[k];
        n++;
    }
    first_game = n;
    for (spec = a->g->options, k = 0; spec && spec->name && k < GAME_CLI_MAX; spec++, k++, n++)
        opts[n] = (ar_opt){.name = spec->name, .kind = spec->metavar ? AR_OPT_TEXT : AR_OPT_FLAG,
                           .dest = spec->metavar ? (void *)&domain_values[k] : (void *)&domain_flags[k],
                           .metavar = spec->metavar, .seen = &seen[n]};
    opts[n].name = NULL;
    if (word_in(allowed, "json"))
        common |= AR_COMMON_JSON;
    common |= AR_COMMON_QUIET | AR_COMMON_PROGRESS; /* every verb takes them */
    if (word_in(allowed, "seed"))
        common |= AR_COMMON_SEED;
    if (word_in(allowed, "time-limit"))
        common |= AR_COMMON_TIME_LIMIT;
    if (word_in(allowed, "node-limit"))
        common |= AR_COMMON_NODE_LIMIT;
    if (word_in(allowed, "memory-limit"))
        common |= AR_COMMON_MEMORY_LIMIT;
    snprintf(name, sizeof name, "%s %s", a->verb, a->g->name);
    cmd = (ar_tool_cmd){.name = name, .help_topic = a->g->name, .common = common, .options = opts,
                        .max_args = GAME_CLI_MAX, .other_options = other};
    if (ar_tool_parse(&cmd, argc, argv, 2))
        return AR_EXIT_BAD_INPUT;
    for (k = 0; k < cmd.nargs; k++)
        a->positional[a->npositional++] = cmd.args[k];
    for (k = first_game; k < n; k++)
        if (seen[k]) {
            a->params[a->nparams].name = opts[k].name;
            a->params[a->nparams].value = opts[k].kind == AR_OPT_TEXT ? *(const char **)opts[k].dest : NULL;
            a->nparams++;
        }
#define GIVEN(i) (index_of[i] >= 0 && seen[index_of[i]])
    for (k = 0; k < GAME_OPTION_COUNT; k++) {
        const char *o = game_options[k].name;
        if (!GIVEN(k))
            continue;
        if (strcmp(o, "bot") == 0)
            a->bot = texts[k];
        else if (strcmp(o, "bots") == 0)
            a->bots = texts[k];
        else if (strcmp(o, "first") == 0) {
            if (strcmp(texts[k], "me") != 0 && strcmp(texts[k], "bot") != 0) {
                char q[64];
                return ar_tool_fail("%s: option --first: '%s': expected me or bot", name,
                                    ar_tool_quote(texts[k], 30, q, sizeof q));
            }
            a->first = texts[k];
        } else if (strcmp(o, "games") == 0)
            a->games = (unsigned)values[k];
        else if (strcmp(o, "openings") == 0)
            a->openings = (unsigned)values[k], a->has_openings = 1;
        else if (strcmp(o, "max-plies") == 0)
            a->max_plies = (unsigned)values[k];
        else if (strcmp(o, "depth") == 0)
            a->depth = (int)values[k];
        else if (strcmp(o, "moves") == 0)
            a->moves = texts[k];
        else if (strcmp(o, "algo") == 0)
            a->algo = texts[k];
        else if (strcmp(o, "eval") == 0)
            a->eval = texts[k];
        else if (strcmp(o, "steps") == 0)
            a->steps = texts[k];
        else if (strcmp(o, "iters") == 0)
            a->iters = values[k];
        else if (strcmp(o, "verbose") == 0)
            a->verbose = 1;
        else if (strcmp(o, "divide") == 0)
            a->divide = 1;
        else if (strcmp(o, "position") == 0)
            a->position = texts[k];
        else if (strcmp(o, "html") == 0)
            a->html = texts[k];
        else if (strcmp(o, "visualise") == 0)
            a->visualise = 1;
    }
#undef GIVEN
    a->has_seed = (cmd.given & AR_COMMON_SEED) != 0;
    a->seed = cmd.seed;
    a->time_limit = cmd.limits.time_limit;
    a->node_limit = cmd.limits.node_limit;
    a->memory_limit = (cmd.given & AR_COMMON_MEMORY_LIMIT) ? cmd.limits.memory_limit : 0;
    a->json = cmd.json;
    a->quiet = cmd.quiet;
    a->progress_mode = cmd.progress_mode;
    return 0;
}

int game_make_variant(game_args *a)
{
    ar_error err;
    ar_error_clear(&err);
    if (ar_game_create(a->g, a->params, (size_t)a->nparams, &a->v, &err) != AR_OK)
        return ar_tool_fail("%s: %s", a->g->name, err.message);
    return 0;
}

int game_make_position(game_args *a, const char *text, const char *moves, void *pos)
{
    ar_error err;
    ar_error_clear(&err);
    if (!text || strcmp(text, "start") == 0)
        a->g->initial_position(a->v, pos);
    else if (a->g->parse_position(a->v, text, pos, &err) != AR_OK)
        return ar_tool_fail("%s: position '%s': %s", a->g->name, text, err.message);
    if (moves) {
        const char *s = moves;
        unsigned index = 0;
        while (*s) {
            const char *e;
            ar_gmove m;
            int who;
            while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n')
                s++;
            if (!*s)
                break;
            e = s;
            while (*e && *e != ' ' && *e != ',' && *e != '\t' && *e != '\n')
                e++;
            index++;
            if (a->g->outcome(a->v, pos) != AR_ONGOING)
                return ar_tool_fail("%s: move %u '%.*s': the game is already over", a->g->name, index,
                                (int)(e - s), s);
            who = a->g->to_move(a->v, pos);
            if (who < 0)
                return ar_tool_fail("%s: --moves handles alternating moves only", a->g->name);
            if (a->g->parse_move(a->v, pos, who, s, (size_t)(e - s), &m, &err) != AR_OK)
                return ar_tool_fail("%s: move %u '%.*s': %s", a->g->name, index, (int)(e - s), s, err.message);
            if (!ar_game_is_legal(a->g, a->v, pos, who, m))
                return ar_tool_fail("%s: move %u '%.*s' is not legal", a->g->name, index, (int)(e - s), s);
            a->g->apply(a->v, pos, m);
            s = e;
        }
    }
    return 0;
}

uint64_t game_seed(game_args *a)
{
    if (!a->has_seed) {
        a->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
        a->has_seed = 1;
        if (!a->quiet)
            fprintf(stderr, "ariadne: seed %" PRIu64 "\n", a->seed);
    }
    return a->seed;
}

void game_score_text(ar_score s, int exact, char *buf, size_t size)
{
    if (AR_SCORE_IS_PROVEN(s)) {
        int plies = s > 0 ? AR_SCORE_WIN - s : AR_SCORE_WIN + s;
        snprintf(buf, size, "%s in %d pl%s (proven)", s > 0 ? "win" : "loss", plies,
                 plies == 1 ? "y" : "ies");
    } else if (exact && s == 0) {
        snprintf(buf, size, "draw (proven)");
    } else {
        snprintf(buf, size, "%+d (%s)", (int)s, exact ? "proven" : "heuristic");
    }
}

void game_args_free(game_args *a)
{
    if (a->v)
        a->g->destroy(a->v);
    a->v = NULL;
}

/* ---------------------------------------------------------------- play */

typedef struct history {
    unsigned char *positions; /* count positions of psize bytes */
    int *mover;               /* who made the move into position i (-1 for the start) */
    size_t count, cap, psize;
} history;

static void *hist_top(history *h) { return h->positions + (h->count - 1) * h->psize; }

static void hist_push(history *h, int mover)
{
    if (h->count == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 64;
        h->positions = ar_xrealloc(h->positions, h->cap * h->psize);
        h->mover = ar_xrealloc(h->mover, h->cap * sizeof(int));
    }
    if (h->count)
        memcpy(h->positions + h->count * h->psize, hist_top(h), h->psize);
    h->mover[h->count] = mover;
    h->count++;
}

static void show_moves(const ar_game *g, const ar_variant *v, const void *pos, int player)
{
    unsigned cap = g->max_moves(v, pos), n, i, col = 0;
    ar_gmove *moves = ar_xmalloc(sizeof(ar_gmove) * (cap ? cap : 1));
    n = g->legal_moves(v, pos, player, moves);
    printf("legal moves (%u):", n);
    for (i = 0; i < n && i < 400; i++) {
        char buf[64];
        size_t len = g->format_move(v, pos, player, moves[i], buf, sizeof buf);
        if (col + len + 1 > 70) {
            printf("\n ");
            col = 0;
        }
        printf(" %s", buf);
        col += (unsigned)len + 1;
    }
    if (n > 400)
        printf(" ... (%u more)", n - 400);
    putchar('\n');
    free(moves);
}

static void read_line_trim(char *line)
{
    size_t len = strcspn(line, "\r\n");
    char *s = line;
    line[len] = '\0';
    while (*s == ' ' || *s == '\t')
        s++;
    memmove(line, s, strlen(s) + 1);
    len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        line[--len] = '\0';
}

int verb_play_game(int argc, char **argv)
{
    game_args a;
    const ar_game *g;
    ar_bot *bot = NULL;
    ar_error err;
    history h;
    char *picture = NULL, line[512];
    int rc, me, announced = 0, players, hidden, secret;
    const char *spec;
    ar_rng chance;
    unsigned char *view = NULL;
    rc = game_parse_args(&a, argc, argv, "bot first seed moves memory-limit");
    if (rc)
        return rc;
    g = a.g;
    if (a.npositional > 1)
        return ar_tool_fail("play %s: one position at most (got '%s' too)", g->name, a.positional[1]);
    if ((rc = game_make_variant(&a)) != 0)
        return rc;
    players = ar_game_players(g, a.v);
    memset(&h, 0, sizeof h);
    h.psize = g->position_size(a.v);
    hist_push(&h, -1);
    if ((rc = game_make_position(&a, a.npositional ? a.positional[0] : NULL, a.moves, hist_top(&h))) != 0) {
        free(h.positions);
        free(h.mover);
        game_args_free(&a);
        return rc;
    }
    spec = a.bot ? a.bot : g->default_bot;
    ar_error_clear(&err);
    if (ar_bot_create(g, a.v, spec, game_seed(&a), a.memory_limit, &bot, &err) != AR_OK) {
        free(h.positions);
        free(h.mover);
        game_args_free(&a);
        return ar_tool_fail("play %s: %s", g->name, err.message);
    }
    ar_tool_install_sigint();
    ar_bot_set_interrupt(bot, &ar_tool_interrupted);
    ar_rng_seed(&chance, a.seed ^ 0x9E3779B97F4A7C15ull);
    {
        int who = g->outcome(a.v, hist_top(&h)) == AR_ONGOING ? g->to_move(a.v, hist_top(&h)) : 0;
        int first = who >= 0 ? who : 0;
        /* --first me (default): the person is the player to move now. */
        me = (a.first && strcmp(a.first, "bot") == 0) ? (first + 1) % players : first;
    }
    picture = ar_xmalloc(65536);
    {
        char desc[160];
        g->describe(a.v, desc, sizeof desc);
        if (players == 2)
            printf("%s — you are %s, the bot (%s) is %s. Type `help` for commands.\n", desc,
                   g->player_name(a.v, me), spec, g->player_name(a.v, 1 - me));
        else
            printf("%s — you are %s, the bot (%s) plays the other %d seats. Type `help` for commands.\n", desc,
                   g->player_name(a.v, me), spec, players - 1);
    }
    hidden = (g->flags & AR_GAME_HIDDEN) != 0;
    view = ar_xmalloc(h.psize);
    for (;;) {
        void *pos = hist_top(&h);
        ar_game_outcome oc = g->outcome(a.v, pos);
        int who = oc == AR_ONGOING ? g->to_move(a.v, pos) : -3;
        char cmd_text[512];
        ar_gmove m;
        /* What the person sees: with hidden information, his view until the
         * game is over (then everything); `secret` when it hides something
         * now, so that chance outcomes and the bot's notes are not shown. */
        const void *shown = pos;
        secret = 0;
        if (hidden && oc == AR_ONGOING) {
            ar_game_observe(g, a.v, pos, me, view);
            shown = view;
            secret = memcmp(view, pos, h.psize) != 0;
        }
        if (g->draw)
            g->draw(a.v, shown, picture, 65536);
        else
            g->format_position(a.v, shown, picture, 65536);
        if (oc != AR_ONGOING) {
            char res[200];
            if (!announced) {
                printf("\n%s\n", picture);
                if (players == 2) {
                    ar_game_outcome_text(g, a.v, oc, res, sizeof res);
                    printf("game over: %s — %s\n", res,
                           ar_game_outcome_for(oc, me) > 0   ? "you win!"
                           : ar_game_outcome_for(oc, me) < 0 ? "the bot wins."
                                                             : "a draw.");
                } else {
                    double scores[AR_MAX_PLAYERS];
                    ar_game_result_text(g, a.v, pos, res, sizeof res);
                    ar_game_scores(g, a.v, pos, scores);
                    printf("game over: %s — you (%s) score %g\n", res, g->player_name(a.v, me), scores[me]);
                }
                announced = 1;
            }
            printf("game over> (undo, new, quit) ");
        } else if (who == AR_PLAYER_CHANCE) {
            char mv[64];
            m = ar_game_chance_draw(g, a.v, pos, &chance);
            if (m == AR_GMOVE_NONE) {
                printf("the game lists no chance outcome here\n");
                rc = AR_EXIT_BAD_INPUT;
                break;
            }
            /* While something is hidden the outcome may be secret (a card
             * dealt to another player): the person sees it in his view. */
            if (!secret) {
                g->format_move(a.v, pos, 0, m, mv, sizeof mv);
                printf("\n%s\nchance: %s\n", picture, mv);
            }
            hist_push(&h, AR_PLAYER_CHANCE);
            g->apply(a.v, hist_top(&h), m);
            continue;
        } else if (who >= 0 && who != me) {
            ar_bot_info info;
            char mv[64];
            printf("\n%s\n", picture);
            fflush(stdout);
            ar_error_clear(&err);
            ar_tool_interrupted = 0;
            if (ar_bot_choose(bot, pos, who, &m, &info, &err) != AR_OK || !ar_game_is_legal(g, a.v, pos, who, m)) {
                printf("the bot could not move: %s\n", err.message[0] ? err.message : "illegal move");
                rc = AR_EXIT_BAD_INPUT;
                break;
            }
            g->format_move(a.v, pos, who, m, mv, sizeof mv);
            /* A bot's notes may tell what it holds while something is hidden. */
            if (secret)
                printf("bot (%s) plays %s\n", g->player_name(a.v, who), mv);
            else
                printf("bot (%s) plays %s   [%s]\n", g->player_name(a.v, who), mv, info.text);
            hist_push(&h, who);
            g->apply(a.v, hist_top(&h), m);
            continue;
        } else {
            printf("\n%s\n%s to move (you). Your move> ", picture, g->player_name(a.v, me));
        }
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            puts("\nbye");
            rc = 0;
            break;
        }
        read_line_trim(line);
        snprintf(cmd_text, sizeof cmd_text, "%s", line);
        if (!cmd_text[0])
            continue;
        if (strcmp(cmd_text, "quit") == 0 || strcmp(cmd_text, "q") == 0 || strcmp(cmd_text, "exit") == 0) {
            rc = 0;
            break;
        }
        if (strcmp(cmd_text, "help") == 0 || strcmp(cmd_text, "?") == 0) {
            printf("%s\n\nCommands: a move in the notation above; moves (list the legal moves);\n"
                   "undo (take back your last move and the bot's reply); hint (what the bot\n"
                   "would play); new (start again); position (the position as text); quit.\n",
                   g->help);
            continue;
        }
        if (strcmp(cmd_text, "undo") == 0 || strcmp(cmd_text, "u") == 0) {
            size_t k = h.count;
            while (k > 1 && h.mover[k - 1] != me)
                k--;
            if (k <= 1) {
                puts("nothing to undo: you have not moved yet");
                continue;
            }
            h.count = k - 1;
            announced = 0;
            puts("taken back.");
            continue;
        }
        if (strcmp(cmd_text, "new") == 0 || strcmp(cmd_text, "restart") == 0) {
            h.count = 1;
            announced = 0;
            ar_bot_new_game(bot);
            continue;
        }
        if (strcmp(cmd_text, "position") == 0) {
            g->format_position(a.v, shown, picture, 65536);
            printf("%s\n", picture);
            continue;
        }
        if (oc != AR_ONGOING) {
            printf("the game is over: type undo, new or quit\n");
            continue;
        }
        if (strcmp(cmd_text, "moves") == 0) {
            show_moves(g, a.v, pos, me);
            continue;
        }
        if (strcmp(cmd_text, "hint") == 0) {
            ar_bot_info info;
            char mv[64];
            ar_error_clear(&err);
            if (ar_bot_choose(bot, pos, me, &m, &info, &err) == AR_OK) {
                g->format_move(a.v, pos, me, m, mv, sizeof mv);
                printf("hint: %s   [%s]\n", mv, info.text);
            } else {
                printf("no hint: %s\n", err.message);
            }
            continue;
        }
        ar_error_clear(&err);
        if (g->parse_move(a.v, pos, me, cmd_text, strlen(cmd_text), &m, &err) != AR_OK) {
            printf("not a move here: %s\n(type `moves` for the legal moves, `help` for commands)\n",
                   err.message);
            continue;
        }
        if (!ar_game_is_legal(g, a.v, pos, me, m)) {
            printf("'%s' is not legal in this position (type `moves` for the legal moves)\n", cmd_text);
            continue;
        }
        if (who == AR_PLAYER_SIMULTANEOUS) {
            /* The bot chooses for every other seat without seeing the
             * person's move. */
            ar_gmove all[AR_MAX_PLAYERS];
            ar_bot_info info;
            unsigned cap = g->max_moves(a.v, pos);
            ar_gmove *scratch = ar_xmalloc(sizeof *scratch * (cap ? cap : 1));
            int p, failed = 0;
            info.text[0] = '\0';
            for (p = 0; p < players; p++) {
                all[p] = AR_GMOVE_NONE;
                if (p == me) {
                    all[p] = m;
                    continue;
                }
                ar_error_clear(&err);
                if (g->legal_moves(a.v, pos, p, scratch) &&
                    ar_bot_choose(bot, pos, p, &all[p], &info, &err) != AR_OK) {
                    printf("the bot could not move: %s\n", err.message);
                    failed = 1;
                    break;
                }
            }
            free(scratch);
            if (failed) {
                rc = AR_EXIT_BAD_INPUT;
                break;
            }
            /* Everyone's move, once all are made (a bid is revealed after it
             * is played); the bots' notes only when nothing is hidden. */
            {
                char mv[64];
                g->format_move(a.v, pos, me, all[me], mv, sizeof mv);
                printf("you play %s", mv);
                for (p = 0; p < players; p++)
                    if (p != me && all[p] != AR_GMOVE_NONE) {
                        g->format_move(a.v, pos, p, all[p], mv, sizeof mv);
                        printf("; the bot (%s) plays %s", g->player_name(a.v, p), mv);
                    }
                if (!secret && players == 2 && info.text[0])
                    printf("   [%s]", info.text);
                printf("\n");
            }
            hist_push(&h, me);
            ar_game_apply_simultaneous(g, a.v, hist_top(&h), all);
            continue;
        }
        hist_push(&h, me);
        g->apply(a.v, hist_top(&h), m);
    }
    free(picture);
    free(view);
    free(h.positions);
    free(h.mover);
    ar_bot_destroy(bot);
    game_args_free(&a);
    return rc;
}
