/* manual.c — the manual page and shell completion, made from the texts
 * `ariadne help` prints, so the three cannot drift apart.
 *
 * `ariadne help --man` writes the page (troff, man(7) macros): the verbs
 * with their usage and help, the domains' and games' own verbs, every
 * puzzle and game with its help text and options, the common options, exit
 * statuses and environment. The build writes it to ariadne.1 and installs
 * it. `ariadne completion bash|zsh` prints a completion script; the script
 * asks `ariadne completion --complete WORDS...` for the candidates, which
 * come from the registries and the usage lines, so a new domain, verb or
 * option completes without touching the script. */
#include "cli.h"

#include "ariadne/andor.h"

#include <string.h>
#include "ariadne/game.h"

/* Text for troff: a leading '.' or '\'' made literal, backslashes and
 * hyphens of options escaped; each line of s is one line of input. */
static void troff_text(FILE *out, const char *s)
{
    int bol = 1;
    for (; *s; s++) {
        if (bol && (*s == '.' || *s == '\''))
            fputs("\\&", out);
        bol = *s == '\n';
        if (*s == '\\')
            fputs("\\e", out);
        else if (*s == '-')
            fputs("\\-", out);
        else
            fputc(*s, out);
    }
    if (!bol)
        fputc('\n', out);
}

/* A help text as `ariadne help` shows it: its own line breaks kept. */
static void troff_block(FILE *out, const char *s)
{
    fputs(".nf\n", out);
    troff_text(out, s);
    fputs(".fi\n", out);
}

static void man_tool(const ar_tool *t, void *ctx)
{
    FILE *out = ctx;
    fputs(".TP\n.B ", out);
    troff_text(out, t->usage);
    troff_block(out, t->help);
}

static void man_options(FILE *out, const ar_option_spec *o)
{
    if (!o || !o->name)
        return;
    fputs(".RS\n.PP\nOptions:\n", out);
    for (; o->name; o++) {
        char left[96];
        snprintf(left, sizeof left, "--%s%s%s", o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
        fputs(".TP\n.B ", out);
        troff_text(out, left);
        troff_text(out, o->help);
    }
    fputs(".RE\n", out);
}

void cli_print_man(FILE *out)
{
    const cli_verb *v;
    const ar_puzzle *const *p;
    const ar_andor_domain *const *d;
    const ar_game *const *g;
    fprintf(out, ".TH ARIADNE 1 \"\" \"ariadne %s\" \"User Commands\"\n", AR_VERSION_TEXT);
    fputs(".SH NAME\nariadne \\- AI search for puzzles and games\n.SH SYNOPSIS\n", out);
    for (v = cli_verbs(); v->name; v++) {
        fputs(".B ", out);
        troff_text(out, v->usage);
        fputs(".br\n", out);
    }
    fputs(".SH DESCRIPTION\n"
          "ariadne solves single-agent puzzles optimally where that is feasible, and says so only when it\n"
          "is proven, and near-optimally where it is not; it plays two-player games against a person,\n"
          "against other programs over their protocols, and in matches rated by Elo. Every solution it\n"
          "prints can be replayed by\n.BR \"ariadne verify\" .\n"
          "This page is made from the same texts as\n.BR \"ariadne help\" ;\n"
          ".B ariadne help TOPIC\nshows one verb, puzzle or game.\n"
          ".SH VERBS\n",
          out);
    for (v = cli_verbs(); v->name; v++) {
        fputs(".TP\n.B ", out);
        troff_text(out, v->usage);
        troff_block(out, v->help);
    }
    fputs(".SS Verbs of one puzzle or game\n", out);
    cli_each_domain_verb(man_tool, out);
    fputs(".SH PUZZLES\n", out);
    for (p = ar_puzzles(); *p; p++) {
        fputs(".TP\n.B ", out);
        troff_text(out, (*p)->name);
        troff_text(out, (*p)->summary);
        fputs(".RS\n", out);
        troff_block(out, (*p)->help);
        fputs(".RE\n", out);
        man_options(out, (*p)->options);
    }
    fputs(".SH AND-OR DOMAINS\nProblem reduction (solve and verify, \\-\\-algo aostar or andor-dfs).\n", out);
    for (d = ar_andor_domains(); *d; d++) {
        fputs(".TP\n.B ", out);
        troff_text(out, (*d)->name);
        troff_text(out, (*d)->summary);
        fputs(".RS\n", out);
        troff_block(out, (*d)->help);
        fputs(".RE\n", out);
        man_options(out, (*d)->options);
    }
    fputs(".SH GAMES\n", out);
    for (g = ar_games(); *g; g++) {
        const ar_tool *t;
        fputs(".TP\n.B ", out);
        troff_text(out, (*g)->name);
        troff_text(out, (*g)->summary);
        fputs(".RS\n", out);
        troff_block(out, (*g)->help);
        fputs(".RE\n", out);
        man_options(out, (*g)->options);
        for (t = (*g)->tools; t && t->name; t++)
            if (strcmp(t->name, "match") == 0 || strcmp(t->name, "perft") == 0)
                man_tool(t, out);
    }
    fputs(".SH COMMON OPTIONS\n"
          "Every verb parses its options the same way: \\-\\-name value or \\-\\-name=value, \\-\\- ends the\n"
          "options, an option given twice or where it does not apply is an error (exit 2).\n"
          ".TP\n.B \\-\\-json\none JSON object per result (every verb that prints a result)\n"
          ".TP\n.B \\-\\-quiet\nnothing on stderr but errors\n"
          ".TP\n.B \\-\\-progress auto|text|json|off\nthe progress line on stderr; auto: on a terminal only\n"
          ".TP\n.B \\-\\-time-limit S\nstop after S seconds with the best result so far, labelled\n"
          ".TP\n.B \\-\\-memory-limit SIZE\ncap on memory (512M, 8G); default half of RAM, at most 8 GiB\n"
          ".TP\n.B \\-\\-node-limit N\nstop after N expanded nodes\n"
          ".TP\n.B \\-\\-seed S\nthe seed of anything random (0 .. 2^64\\-1)\n"
          ".TP\n.B \\-\\-threads N\nworker threads, 1..256 (default every core)\n"
          ".SH EXIT STATUS\n"
          ".TP\n.B 0\ndone; a solution was printed (optimal or not: the output says which)\n"
          ".TP\n.B 1\nproven that no solution exists; a check failed\n"
          ".TP\n.B 2\nbad input or usage: one line on stderr says what is wrong and where\n"
          ".TP\n.B 3\na limit or Ctrl\\-C stopped the work before any result\n"
          ".SH ENVIRONMENT\n"
          ".TP\n.B ARIADNE_DATA\nthe data directory (maps, instances, published values)\n"
          ".TP\n.B ARIADNE_PDB_DIR\nthe pattern-database cache (default $XDG_CACHE_HOME/ariadne or\n"
          "~/.cache/ariadne); off keeps databases in memory\n"
          ".SH SEE ALSO\nThe documentation in the source tree: README.md, docs/cli.md, docs/architecture.md.\n",
          out);
}

/* --- completion ------------------------------------------------------------- */

typedef struct words {
    const char *prefix;
} words;

static void say(const char *w, const char *prefix)
{
    if (strncmp(w, prefix, strlen(prefix)) == 0)
        puts(w);
}

static void say_tool(const ar_tool *t, void *ctx) { say(t->name, ((words *)ctx)->prefix); }

/* Every --option a usage line or help text names ("--time-limit S"). */
static void say_options_in(const char *text, const char *prefix)
{
    const char *p = text;
    while (p && (p = strstr(p, "--")) != NULL) {
        char name[64];
        size_t n = 2;
        while (n < sizeof name - 1 && ((p[n] >= 'a' && p[n] <= 'z') || p[n] == '-' || (p[n] >= '0' && p[n] <= '9')))
            n++;
        if (n > 2 && (p == text || p[-1] == ' ' || p[-1] == '[' || p[-1] == '(' || p[-1] == '\n' ||
                      p[-1] == '|')) {
            memcpy(name, p, n);
            name[n] = '\0';
            while (n > 2 && name[n - 1] == '-')
                name[--n] = '\0';
            say(name, prefix);
        }
        p += n;
    }
}

static void say_spec_options(const ar_option_spec *o, const char *prefix)
{
    for (; o && o->name; o++) {
        char name[80];
        snprintf(name, sizeof name, "--%s", o->name);
        say(name, prefix);
    }
}

/* The candidates for the last word of `ariadne WORDS...` (duplicates are
 * the shell's to drop). */
static int complete(int argc, char **argv)
{
    const char *prefix = argc > 0 ? argv[argc - 1] : "";
    words w = {prefix};
    const cli_verb *v, *verb = NULL;
    const ar_tool *tool = NULL;
    const ar_puzzle *const *p;
    const ar_andor_domain *const *d;
    const ar_game *const *g;
    static const char *const common[] = {"--json", "--quiet", "--progress", "--time-limit", "--memory-limit",
                                         "--node-limit", "--seed", "--threads", "--help", NULL};
    int k;
    if (argc <= 1) { /* the verb */
        for (v = cli_verbs(); v->name; v++)
            say(v->name, prefix);
        cli_each_domain_verb(say_tool, &w);
        return 0;
    }
    for (v = cli_verbs(); v->name && !verb; v++)
        if (strcmp(v->name, argv[0]) == 0)
            verb = v;
    if (!verb)
        tool = cli_domain_verb(argv[0]);
    if (argc == 2 && prefix[0] != '-') { /* a topic, a puzzle or a game */
        if (strcmp(argv[0], "help") == 0)
            for (v = cli_verbs(); v->name; v++)
                say(v->name, prefix);
        if (verb) {
            for (p = ar_puzzles(); *p; p++)
                say((*p)->name, prefix);
            for (d = ar_andor_domains(); *d; d++)
                say((*d)->name, prefix);
            for (g = ar_games(); *g; g++)
                say((*g)->name, prefix);
        }
        return 0;
    }
    if (prefix[0] != '-')
        return 0; /* an instance or a file: the shell's own file completion */
    for (k = 0; common[k]; k++)
        say(common[k], prefix);
    if (verb) {
        say_options_in(verb->usage, prefix);
        say_options_in(verb->help, prefix);
    }
    if (tool) {
        say_options_in(tool->usage, prefix);
        say_options_in(tool->help, prefix);
    }
    if (argc > 2) { /* the domain's or the game's own options */
        const ar_puzzle *pz = ar_puzzle_find(argv[1]);
        const ar_andor_domain *ad = ar_andor_domain_find(argv[1]);
        const ar_game *gm = ar_game_find(argv[1]);
        if (pz)
            say_spec_options(pz->options, prefix);
        if (ad && !pz)
            say_spec_options(ad->options, prefix);
        if (gm) {
            const ar_tool *fe = verb ? ar_tool_find(gm->tools, verb->name) : NULL;
            say_spec_options(gm->options, prefix);
            if (fe)
                say_options_in(fe->usage, prefix);
        }
    }
    return 0;
}

static const char bash_script[] =
    "# bash completion for ariadne (made by `ariadne completion bash`)\n"
    "_ariadne() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]}\n"
    "    local IFS=$'\\n'\n"
    "    COMPREPLY=($(\"${COMP_WORDS[0]}\" completion --complete \"${COMP_WORDS[@]:1:COMP_CWORD}\" 2>/dev/null))\n"
    "    if [ ${#COMPREPLY[@]} -eq 0 ] && [ \"${cur#-}\" = \"$cur\" ]; then\n"
    "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
    "    fi\n"
    "}\n"
    "complete -F _ariadne ariadne\n";

static const char zsh_script[] =
    "#compdef ariadne\n"
    "# zsh completion for ariadne (made by `ariadne completion zsh`)\n"
    "_ariadne() {\n"
    "    local -a candidates\n"
    "    candidates=(${(f)\"$(${words[1]} completion --complete ${words[2,CURRENT]} 2>/dev/null)\"})\n"
    "    if (( ${#candidates} )); then\n"
    "        compadd -a candidates\n"
    "    else\n"
    "        _files\n"
    "    fi\n"
    "}\n"
    "compdef _ariadne ariadne\n";

int verb_completion(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--complete") == 0)
        return complete(argc - 2, argv + 2);
    if (argc == 2 && strcmp(argv[1], "bash") == 0) {
        fputs(bash_script, stdout);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "zsh") == 0) {
        fputs(zsh_script, stdout);
        return 0;
    }
    return ar_tool_fail("completion: which shell? `ariadne completion bash` or `ariadne completion zsh`");
}
