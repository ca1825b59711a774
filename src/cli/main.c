/* main.c — the `ariadne` command: dispatches a verb to its handler, and holds
 * the help texts, `list`, and `generate`. Every verb, option and exit status a
 * user can meet is described here and in README.md. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "ariadne/andor.h"
#include "ariadne/game.h"
#include "ariadne/local.h"
#include "ariadne/timer.h"

typedef cli_verb verb;

#define COMMON_LIMITS                                                                        \
    "  --time-limit S      stop after S seconds (best solution so far is printed, labelled)\n" \
    "  --memory-limit SIZE cap on search memory, e.g. 512M, 8G (default: half of RAM, <= 8G)\n"  \
    "  --node-limit N      stop after N expanded nodes\n"                                     \
    "  Ctrl-C              stops the search the same way\n"


static int verb_help_impl(int argc, char **argv);

static const verb verbs[] = {
    {"solve", verb_solve, "ariadne solve DOMAIN [INSTANCE | -f FILE] [options] | -f FILE --batch",
     "Solves an instance and prints the moves, their number and cost, whether the\n"
     "result is proven optimal, nodes expanded/generated, time and peak memory.\n"
     "With --batch, FILE holds one instance per line (a domain may read its own list\n"
     "format, e.g. a numbered benchmark list whose published lengths are then checked):\n"
     "every line is checked first,\n"
     "then they are solved on --threads N cores (default all), a result line each in\n"
     "input order (a JSON object each with --json) and a summary line; limits apply to\n"
     "each instance.\n\n"
     "Options:\n"
     "  --algo A            algorithm (see `ariadne list`); default: the domain's choice\n"
     "  --heuristic H       heuristic for A*, IDA*, B&B, greedy, beam (default: the domain's first)\n"
     "  --weight W          weighted search: f = g + W*h (W >= 1, default 2), with wastar or a\n"
     "                      domain's weighted solver (`ariadne list` shows the solvers)\n"
     "  --batch             -f FILE holds one instance per line\n"
     "  --threads N         threads for --batch (default: every core)\n"
     "  --beam-width N      beam search: states kept per level (default 1000)\n"
     "  --depth-limit D     DFS depth bound (also caps IDDFS and IDA*)\n"
     "  --seed S            seed of a randomised algorithm (local search; default 0)\n"
     "  --moves-only        print the moves alone (what verify --moves-file reads)\n"
     "  --html OUT          a self-contained browser page of the solution\n"
     "  --visualise         with --html: the search itself in the page (expansions, frontier)\n"
     "  --compare ALGO      with --visualise: a second search animated beside the first\n"
     "  --replay FILE       the solution as a replay file (ariadne replay FILE --html OUT)\n" COMMON_LIMITS
     "  --json              one JSON object: domain, instance, algorithm, heuristic, length,\n"
     "                      cost, optimal, moves, status, stop_reason, lower_bound,\n"
     "                      nodes_expanded, nodes_generated, seconds, peak_bytes, note\n"
     "  --quiet             no progress line on stderr\n"
     "  --progress MODE     auto (a line on a terminal), text, json, off\n"
     "  plus the domain's own options (see `ariadne help DOMAIN`)\n\n"
     "Exit status: 0 a solution was printed (optimal or not: the output says which);\n"
     "1 proven that no solution exists; 2 bad input or usage; 3 a limit or Ctrl-C\n"
     "stopped the search before any solution was found."},
    {"verify", verb_verify, "ariadne verify DOMAIN [INSTANCE | -f FILE] MOVES | --moves-file F",
     "Replays MOVES (separated by spaces, commas or newlines; single-letter domains may\n"
     "run them together) from the start with the domain's own rules. Prints \"solved in N\n"
     "moves\" (exit 0), or that the moves are legal but do not reach a goal (exit 1), or\n"
     "names the first illegal or unreadable move and its 1-based index (exit 2).\n"
     "--moves-file - reads the moves from standard input. --json for a JSON object."},
    {"hint", verb_hint, "ariadne hint DOMAIN [INSTANCE | -f FILE] [options]",
     "Prints the next move of an optimal solution (when the domain's default solver\n"
     "proves optimality) and the distance to the goal. Takes the options of `solve`."},
    {"at", verb_at, "ariadne at DOMAIN [INSTANCE] [options] --moves M",
     "Prints the position after M moves of the domain's canonical solution, directly\n"
     "where the domain has a formula (`ariadne list` marks those domains), otherwise by\n"
     "solving and replaying M moves."},
    {"list", verb_list, "ariadne list",
     "Lists the domains with their heuristics (admissible ones marked) and own solvers,\n"
     "and the generic search algorithms."},
    {"generate", verb_generate, "ariadne generate DOMAIN [--seed S] [domain options]",
     "Prints a random instance in the domain's input format. The seed used is printed\n"
     "on stderr (and, where the format allows comments, in the output); the same seed\n"
     "gives the same instance."},
    {"play", verb_play, "ariadne play DOMAIN|GAME [INSTANCE | -f FILE] [options]",
     "Play a puzzle at the terminal: the position is shown after every move; type a\n"
     "move in the domain's notation, `undo`, `hint` (the solver's next move), `moves`\n"
     "(the legal moves), `restart`, `help` or `quit`. A bad move is explained and the\n"
     "prompt returns; nothing is lost.\n\n"
     "Play a game against a bot: ariadne play GAME [--bot SPEC] [--first me|bot]\n"
     "[game options]; the same commands, `undo` taking back your move and the bot's\n"
     "(bot specs as in `ariadne help match`; the default bot plays perfectly where the\n"
     "game has a perfect-play rule or is small enough to search to the end)."},
    {"bench", verb_bench, "ariadne bench SUITE [--quick] [--json]",
     "Runs a named benchmark suite and prints a table (see BENCHMARKS.md); `ariadne\n"
     "bench` alone lists the suites. --quick runs smaller sizes (CI uses it to check\n"
     "that every suite still runs); --json prints the tables as one object. Ctrl-C\n"
     "stops a suite within a fraction of a second, keeping the rows finished before\n"
     "it (exit 3)."},
#define AR_VERB(name, fn, usage, help) {name, fn, usage, help},
#include "verbs.def"
#undef AR_VERB
    {"help", verb_help_impl, "ariadne help [VERB | DOMAIN | GAME]",
     "Shows help for a verb, for a puzzle domain (its instance format, options, move\n"
     "notation, heuristics and solvers) or for a game (rules, notation, options,\n"
     "evaluations and perfect-play rules)."},
    {NULL, NULL, NULL, NULL}};

const cli_verb *cli_verbs(void) { return verbs; }

static void print_usage(const ar_tool *t, void *out)
{
    fprintf((FILE *)out, "  %s\n", t->usage);
}

static void print_verb_help(const char *usage, const char *help)
{
    printf("Usage: %s\n\n%s\n", usage, help);
}

/* Whether --help or -h follows the verb. */
static int wants_help(int argc, char **argv)
{
    int i;
    for (i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

static void overview(FILE *out)
{
    const verb *v;
    fputs("ariadne — AI search for puzzles and games\n\nUsage:\n", out);
    for (v = verbs; v->name; v++)
        fprintf(out, "  %s\n", v->usage);
    cli_each_domain_verb(print_usage, out);
    fputs("\nStart with `ariadne list`", out);
    if (ar_puzzles()[0]) /* the showcase: the first example of the first puzzle */
        fprintf(out, ", then `ariadne help %s` for its examples", ar_puzzles()[0]->name);
    fputs(".\n`ariadne help VERB` and `ariadne help DOMAIN` explain each verb and domain.\n", out);
}

/* An example as the command that solves it: options "a=1 b=2" become
 * "--a 1 --b 2", the instance is quoted when it has spaces. */
static void print_example(const ar_puzzle *p, const ar_puzzle_example *x)
{
    char buf[256], line[512];
    ar_param params[16];
    size_t n, i, used;
    snprintf(buf, sizeof buf, "%s", x->options ? x->options : "");
    n = ar_param_split(buf, params, 16);
    used = (size_t)snprintf(line, sizeof line, "ariadne solve %s", p->name);
    for (i = 0; i < n && used < sizeof line; i++)
        used += (size_t)snprintf(line + used, sizeof line - used, " --%s%s%s", params[i].name,
                                 params[i].value ? " " : "", params[i].value ? params[i].value : "");
    if (x->instance && used < sizeof line) {
        /* Quoted for the shell so that the line runs as printed: '...' when
         * it has spaces or special characters, $'...' (newlines as \n) when
         * it spans lines. */
        const char *c;
        if (strchr(x->instance, '\n')) {
            used += (size_t)snprintf(line + used, sizeof line - used, " $'");
            for (c = x->instance; *c && used + 4 < sizeof line; c++) {
                if (*c == '\n')
                    line[used++] = '\\', line[used++] = 'n';
                else if (*c == '\'' || *c == '\\')
                    line[used++] = '\\', line[used++] = *c;
                else
                    line[used++] = *c;
            }
            used += (size_t)snprintf(line + used, sizeof line - used, "'");
        } else {
            used += (size_t)snprintf(line + used, sizeof line - used,
                                     strpbrk(x->instance, " <>|&;*?()$\"`\\#~") ? " '%s'" : " %s", x->instance);
        }
    }
    printf("  %s\n      %s\n", line, x->note);
}

/* A list of words for people: buf gets ", word" (or "word" first). */
typedef struct word_list {
    char *buf;
    size_t size, used;
} word_list;

static void add_word(word_list *w, const char *prefix, const char *word)
{
    if (w->used < w->size)
        w->used += (size_t)snprintf(w->buf + w->used, w->size - w->used, "%s%s%s",
                                    w->used ? ", " : "", prefix, word);
}

/* A domain's own verbs and benchmark suites. */
static void add_tools(word_list *w, const ar_tool *tools, const ar_bench_suite *suites)
{
    for (; tools && tools->name; tools++)
        add_word(w, "", strcmp(tools->name, "match") == 0 ? "match (its own)" : tools->name);
    for (; suites && suites->name; suites++)
        add_word(w, "bench ", suites->name);
}

/* The verbs beyond solve/verify/hint/play that the puzzle's slots enable,
 * and its own verbs and benchmark suites, as one line ("" when none). */
static void capabilities(const ar_puzzle *p, char *buf, size_t size)
{
    word_list w = {buf, size, 0};
    buf[0] = '\0';
    if (p->state_after)
        add_word(&w, "", "at (formula)");
    if (p->generate)
        add_word(&w, "", "generate");
    if (p->bfs2)
        add_word(&w, "", "bfs");
    if (p->pdb)
        add_word(&w, "", "pdb");
    if (p->local)
        add_word(&w, "", "local search");
    add_tools(&w, p->tools, p->bench_suites);
}

/* The same for a game: its own front ends, verbs, replays and suites. */
static void game_capabilities(const ar_game *g, char *buf, size_t size)
{
    word_list w = {buf, size, 0};
    buf[0] = '\0';
    add_tools(&w, g->tools, NULL);
    if (g->perft)
        add_word(&w, "", "perft (its own generator)");
    if (g->replay)
        add_word(&w, "", "replay");
    add_tools(&w, NULL, g->bench_suites);
}

/* The local-search strategies and their options, for a domain with a
 * local-search view. */
static void local_help(void)
{
    const ar_local_strategy *ls;
    const ar_option_spec *o, *seen[64];
    size_t nseen = 0, i;
    puts("\nLocal search (use with --algo, on the domain's local-search view; --seed S, --trace FILE):");
    for (ls = ar_local_strategies(); ls->name; ls++)
        printf("  %-20s %s\n", ls->name, ls->summary);
    puts("\nLocal-search options (each for the strategies that name it; docs/methods.md):");
    for (ls = ar_local_strategies(); ls->name; ls++)
        for (o = ls->options; o && o->name; o++) {
            char left[64];
            for (i = 0; i < nseen && strcmp(seen[i]->name, o->name) != 0; i++)
                ;
            if (i < nseen || nseen == sizeof seen / sizeof seen[0])
                continue;
            seen[nseen++] = o;
            snprintf(left, sizeof left, "--%s%s%s", o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
            printf("  %-20s %s\n", left, o->help);
        }
}

static void domain_help(const ar_puzzle *p)
{
    char caps[512];
    const ar_puzzle_example *x;
    const ar_option_spec *o;
    const ar_heuristic *h;
    const ar_domain_solver *s;
    printf("%s — %s\n\n%s\n", p->name, p->summary, p->help);
    if (p->options && p->options[0].name) {
        puts("\nOptions:");
        for (o = p->options; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "--%s%s%s", o->name, o->metavar ? " " : "",
                     o->metavar ? o->metavar : "");
            printf("  %-20s %s\n", left, o->help);
        }
    }
    if (p->heuristics && p->heuristics[0].name) {
        puts("\nHeuristics (the first is the generic algorithms' default; the text above says what the\n"
             "domain's own solvers choose):");
        for (h = p->heuristics; h->name; h++)
            printf("  %-20s %s%s\n", h->name, h->summary,
                   (h->flags & AR_HEURISTIC_ADMISSIBLE) ? " [admissible]" : " [not admissible]");
    }
    if (p->solvers && p->solvers[0].name) {
        puts("\nDomain solvers (use with --algo):");
        for (s = p->solvers; s->name; s++)
            printf("  %-20s %s\n", s->name, s->summary);
    }
    if (p->local)
        local_help();
    capabilities(p, caps, sizeof caps);
    if (caps[0])
        printf("\nAlso: %s (see `ariadne help VERB`).\n", caps);
    if (p->examples && p->examples[0].note) {
        puts("\nExamples:");
        for (x = p->examples; x->note; x++)
            print_example(p, x);
    }
    printf("\nGeneric algorithms work too (`ariadne list`).%s\n",
           p->generate ? " `ariadne generate` makes random instances." : "");
}

static void game_help(const ar_game *g)
{
    char caps[512];
    const ar_option_spec *o;
    const ar_game_eval *e;
    const ar_game_strategy *s;
    printf("%s — %s (a game)\n\n%s\n", g->name, g->summary, g->help);
    if (g->options && g->options[0].name) {
        puts("\nOptions:");
        for (o = g->options; o->name; o++) {
            char left[64];
            snprintf(left, sizeof left, "--%s%s%s", o->name, o->metavar ? " " : "",
                     o->metavar ? o->metavar : "");
            printf("  %-20s %s\n", left, o->help);
        }
    }
    if (g->evals && g->evals[0].name) {
        puts("\nEvaluations (eval=NAME in a bot spec; the first is the default):");
        for (e = g->evals; e->name; e++)
            printf("  %-20s %s\n", e->name, e->summary);
    }
    if (g->strategies && g->strategies[0].name) {
        puts("\nPerfect-play rules (bot kind `perfect` or the rule's name):");
        for (s = g->strategies; s->name; s++)
            printf("  %-20s %s\n", s->name, s->summary);
    }
    game_capabilities(g, caps, sizeof caps);
    if (caps[0])
        printf("\nAlso: %s (see `ariadne help VERB`).\n", caps);
    if (g->examples && g->examples[0].args) {
        const ar_game_example *x;
        puts("\nExamples:");
        for (x = g->examples; x->args; x++)
            printf("  ariadne %s\n      %s\n", x->args, x->note);
    }
    puts("\nPlay it with `ariadne play`, pit bots against each other with `ariadne match`, and\n"
         "ask for the value and best move of a position with `ariadne analyse` (docs/games.md).");
}

static int verb_help_impl(int argc, char **argv)
{
    const verb *v;
    const ar_tool *t;
    const ar_puzzle *p;
    if (argc < 2) {
        overview(stdout);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--man") == 0) { /* the manual page, from these texts */
        cli_print_man(stdout);
        return 0;
    }
    if (argc > 2)
        return ar_tool_fail("help: one topic at a time");
    for (v = verbs; v->name; v++)
        if (strcmp(v->name, argv[1]) == 0) {
            print_verb_help(v->usage, v->help);
            return 0;
        }
    if ((t = cli_domain_verb(argv[1])) != NULL) {
        print_verb_help(t->usage, t->help);
        return 0;
    }
    p = ar_puzzle_find(argv[1]);
    if (p) {
        domain_help(p);
        return 0;
    }
    if (ar_game_find(argv[1])) {
        game_help(ar_game_find(argv[1]));
        return 0;
    }
    if (ar_andor_domain_find(argv[1])) {
        cli_andor_help(ar_andor_domain_find(argv[1]));
        return 0;
    }
    return ar_tool_fail("help: no verb or domain called '%s' (see `ariadne help`)", argv[1]);
}

int verb_help(int argc, char **argv) { return verb_help_impl(argc, argv); }

/* `ariadne list --json`: the same as one object. */
static void list_json(void)
{
    const ar_puzzle *const *p;
    const ar_game *const *g;
    const ar_algorithm *a;
    char caps[512];
    printf("{\"puzzles\":[");
    for (p = ar_puzzles(); *p; p++) {
        const ar_heuristic *h;
        const ar_domain_solver *s;
        printf("%s{\"name\":", p == ar_puzzles() ? "" : ",");
        ar_json_string(stdout, (*p)->name);
        printf(",\"summary\":");
        ar_json_string(stdout, (*p)->summary);
        printf(",\"heuristics\":[");
        for (h = (*p)->heuristics; h && h->name; h++) {
            printf("%s{\"name\":", h == (*p)->heuristics ? "" : ",");
            ar_json_string(stdout, h->name);
            printf(",\"admissible\":%s}", (h->flags & AR_HEURISTIC_ADMISSIBLE) ? "true" : "false");
        }
        printf("],\"solvers\":[");
        for (s = (*p)->solvers; s && s->name; s++) {
            printf("%s", s == (*p)->solvers ? "" : ",");
            ar_json_string(stdout, s->name);
        }
        capabilities(*p, caps, sizeof caps);
        printf("],\"also\":");
        ar_json_string(stdout, caps);
        printf("}");
    }
    printf("],\"games\":[");
    for (g = ar_games(); *g; g++) {
        const ar_game_strategy *s;
        printf("%s{\"name\":", g == ar_games() ? "" : ",");
        ar_json_string(stdout, (*g)->name);
        printf(",\"summary\":");
        ar_json_string(stdout, (*g)->summary);
        printf(",\"perfect_play\":[");
        for (s = (*g)->strategies; s && s->name; s++) {
            printf("%s", s == (*g)->strategies ? "" : ",");
            ar_json_string(stdout, s->name);
        }
        game_capabilities(*g, caps, sizeof caps);
        printf("],\"also\":");
        ar_json_string(stdout, caps);
        printf("}");
    }
    printf("],\"algorithms\":[");
    for (a = ar_algorithms(); a->name; a++) {
        printf("%s{\"name\":", a == ar_algorithms() ? "" : ",");
        ar_json_string(stdout, a->name);
        printf(",\"summary\":");
        ar_json_string(stdout, a->summary);
        printf("}");
    }
    printf("]}\n");
}

int verb_list(int argc, char **argv)
{
    const ar_puzzle *const *p;
    const ar_algorithm *a;
    char caps[512];
    ar_tool_cmd cmd = {.name = "list", .help_topic = "list", .common = AR_COMMON_JSON | AR_COMMON_QUIET};
    int rc = ar_tool_parse(&cmd, argc, argv, 1);
    if (rc)
        return rc;
    if (cmd.json) {
        list_json();
        return 0;
    }
    puts("Domains:");
    for (p = ar_puzzles(); *p; p++) {
        const ar_heuristic *h;
        const ar_domain_solver *s;
        printf("  %-10s %s\n", (*p)->name, (*p)->summary);
        if ((*p)->heuristics && (*p)->heuristics[0].name) {
            printf("  %-10s heuristics:", "");
            for (h = (*p)->heuristics; h->name; h++)
                printf(" %s%s", h->name, (h->flags & AR_HEURISTIC_ADMISSIBLE) ? "" : " (inadmissible)");
            putchar('\n');
        }
        if ((*p)->solvers && (*p)->solvers[0].name) {
            printf("  %-10s solvers:", "");
            for (s = (*p)->solvers; s->name; s++)
                printf(" %s", s->name);
            putchar('\n');
        }
        capabilities(*p, caps, sizeof caps);
        if (caps[0])
            printf("  %-10s also: %s\n", "", caps);
    }
    {
        const ar_game *const *g;
        puts("\nGames (ariadne play / match / analyse / perft):");
        for (g = ar_games(); *g; g++) {
            const ar_game_strategy *s;
            printf("  %-10s %s\n", (*g)->name, (*g)->summary);
            if ((*g)->strategies && (*g)->strategies[0].name) {
                printf("  %-10s perfect play:", "");
                for (s = (*g)->strategies; s->name; s++)
                    printf(" %s", s->name);
                putchar('\n');
            }
            game_capabilities(*g, caps, sizeof caps);
            if (caps[0])
                printf("  %-10s also: %s\n", "", caps);
        }
    }
    cli_andor_list();
    puts("\nAlgorithms (--algo):");
    for (a = ar_algorithms(); a->name; a++)
        printf("  %-10s %s\n", a->name, a->summary);
    {
        const ar_local_strategy *ls;
        puts("\nLocal search (--algo, for domains with a local-search view: \"also: local search\"):");
        for (ls = ar_local_strategies(); ls->name; ls++)
            printf("  %-12s %s\n", ls->name, ls->summary);
    }
    puts("\nAdmissible heuristics make astar, idastar and bnb optimal; `ariadne help DOMAIN`\n"
         "describes each heuristic and solver.");
    return 0;
}

int verb_generate(int argc, char **argv)
{
    cli c;
    ar_error err;
    char *text = NULL;
    uint64_t seed;
    int rc = cli_parse(&c, argc, argv, 1);
    if (rc)
        return rc;
    if (c.positional_count > 0)
        return ar_tool_fail("generate: unexpected argument '%s'", c.positional[0]);
    if (!c.domain->generate)
        return ar_tool_fail("generate: the %s domain has no generator", c.domain->name);
    if (c.seed_given)
        seed = c.seed;
    else
        seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    ar_error_clear(&err);
    if (c.domain->generate(c.params, (size_t)c.param_count, seed, &text, &err) != AR_OK)
        return ar_tool_fail("generate: %s", err.message);
    if (!c.quiet && !c.json) /* under --json the seed is in the object */
        fprintf(stderr, "ariadne: seed %" PRIu64 "\n", seed);
    if (c.json) {
        size_t n = strlen(text);
        if (n && text[n - 1] == '\n')
            text[n - 1] = '\0';
        printf("{\"domain\":");
        ar_json_string(stdout, c.domain->name);
        printf(",\"seed\":%" PRIu64 ",\"instance\":", seed);
        ar_json_string(stdout, text);
        printf("}\n");
    } else {
        fputs(text, stdout);
        if (text[0] && text[strlen(text) - 1] != '\n')
            putchar('\n');
    }
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    const verb *v;
    const ar_tool *t;
    if (argc < 2) {
        overview(stderr);
        return AR_EXIT_BAD_INPUT;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        overview(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("ariadne %s (%s)\n", AR_VERSION_TEXT, AR_GIT_REVISION);
        return 0;
    }
    for (v = verbs; v->name; v++)
        if (strcmp(v->name, argv[1]) == 0) {
            /* `ariadne VERB GAME --help`: the game's own front end's help. */
            const ar_tool *fe = argc > 2 ? cli_game_front_end(ar_game_find(argv[2]), v->name) : NULL;
            if (wants_help(argc, argv)) {
                print_verb_help(fe ? fe->usage : v->usage, fe ? fe->help : v->help);
                return 0;
            }
            return v->run(argc - 1, argv + 1);
        }
    if ((t = cli_domain_verb(argv[1])) != NULL) {
        if (wants_help(argc, argv)) {
            print_verb_help(t->usage, t->help);
            return 0;
        }
        return t->run(argc - 1, argv + 1);
    }
    return ar_tool_fail("unknown verb '%s' (see `ariadne help`)", argv[1]);
}
