/* mm_tree.c — Mastermind strategies as decision trees: the check against
 * every code, and the tree file.
 *
 * Whatever made a strategy (a one-step rule, the exhaustive search, a person
 * with a text editor), it is judged the same way: every code of the game is
 * played down the tree, answering each guess as that code would, and must be
 * found; its guesses are counted. This is what `ariadne verify mastermind
 * FILE` runs and what every test of a strategy's totals relies on.
 *
 * The file is line-based so that a person can read a strategy and diff two:
 * a header naming the game, the first guess, then every node below its
 * parent, indented two spaces a level, as the answer that leads to it and
 * the guess made there. */
#include "mm_internal.h"

#include <stdlib.h>
#include <string.h>

mm_node *ar_mm_node_new(uint32_t guess, int children)
{
    mm_node *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->guess = guess;
    n->children = children;
    if (children > 0) {
        n->edge = calloc((size_t)children, sizeof *n->edge);
        if (!n->edge) {
            free(n);
            return NULL;
        }
    }
    return n;
}

void ar_mm_tree_free(mm_node *root)
{
    int i;
    if (!root)
        return;
    for (i = 0; i < root->children; i++)
        ar_mm_tree_free(root->edge[i].node);
    free(root->edge);
    free(root);
}

/* ----------------------------------------------------------- the check */

static void clear_reached(mm_node *n, uint32_t *nodes)
{
    int i;
    n->reached = 0;
    (*nodes)++;
    for (i = 0; i < n->children; i++)
        if (n->edge[i].node)
            clear_reached(n->edge[i].node, nodes);
}

/* The first node no code reached, in file order. */
static const mm_node *idle_node(const mm_node *n)
{
    int i;
    if (!n->reached)
        return n;
    for (i = 0; i < n->children; i++) {
        const mm_node *x = n->edge[i].node ? idle_node(n->edge[i].node) : NULL;
        if (x)
            return x;
    }
    return NULL;
}

static const mm_node *child_for(const mm_node *n, unsigned answer)
{
    int lo = 0, hi = n->children - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (n->edge[mid].answer == answer)
            return n->edge[mid].node;
        if (n->edge[mid].answer < answer)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

/* "1122 1B0W, 1344 0B2W": the first `upto` guesses code meets in the tree
 * and its answers to them. */
static void path_text(const mm_rules *r, const mm_node *root, uint32_t code, int upto, char *buf,
                      size_t size)
{
    const mm_node *n = root;
    mm_history h;
    h.count = 0;
    while (h.count < upto && h.count < MM_MAX_ROWS && n) {
        h.guess[h.count] = n->guess;
        h.answer[h.count] = (uint8_t)mm_answer(r, n->guess, code);
        n = child_for(n, h.answer[h.count]);
        h.count++;
    }
    ar_mm_history_text(r, &h, buf, size);
}

int ar_mm_tree_check(const mm_rules *r, mm_node *root, mm_stats *st)
{
    uint32_t code;
    memset(st, 0, sizeof *st);
    st->codes = r->codes;
    if (!root) {
        snprintf(st->why, sizeof st->why, "the strategy is empty");
        return 0;
    }
    clear_reached(root, &st->nodes);
    for (code = 0; code < r->codes; code++) {
        mm_node *n = root;
        int guesses = 1;
        for (;;) {
            unsigned answer;
            n->reached++;
            answer = mm_answer(r, n->guess, code);
            if (answer == (unsigned)r->win)
                break;
            if (guesses == MM_MAX_ROWS) {
                n = NULL;
                break;
            }
            n = (mm_node *)child_for(n, answer);
            if (!n)
                break;
            guesses++;
        }
        if (!n) {
            if (!st->why[0]) {
                char c[16], path[200];
                ar_mm_format_code(r, code, c, sizeof c);
                path_text(r, root, code, guesses, path, sizeof path);
                if (guesses == MM_MAX_ROWS)
                    snprintf(st->why, sizeof st->why, "code %s is not found within %d guesses (%s)", c,
                             MM_MAX_ROWS, path);
                else
                    snprintf(st->why, sizeof st->why, "code %s is not found: no guess follows %s", c,
                             path);
            }
            continue;
        }
        st->found++;
        st->total += (uint64_t)guesses;
        st->with[guesses]++;
        if (guesses > st->worst)
            st->worst = guesses;
    }
    if (st->found == st->codes) {
        const mm_node *idle = idle_node(root);
        if (idle) {
            char g[16];
            ar_mm_format_code(r, idle->guess, g, sizeof g);
            if (idle->line)
                snprintf(st->why, sizeof st->why, "line %d: no code reaches this guess (%s)", idle->line, g);
            else
                snprintf(st->why, sizeof st->why, "no code reaches the guess %s", g);
        }
    }
    return st->found == st->codes && !st->why[0];
}

void ar_mm_stats_distribution(const mm_stats *st, char *buf, size_t size)
{
    size_t used = 0;
    int k;
    buf[0] = '\0';
    for (k = 1; k <= st->worst && used + 12 < size; k++)
        used += (size_t)snprintf(buf + used, size - used, "%s%u", k > 1 ? "/" : "", (unsigned)st->with[k]);
}

/* ------------------------------------------------------- writing a file */

static void write_node(const mm_rules *r, const mm_node *n, int depth, FILE *out)
{
    int i;
    char g[16], a[16];
    for (i = 0; i < n->children; i++) {
        const mm_node *c = n->edge[i].node;
        if (!c)
            continue;
        ar_mm_format_answer(r, n->edge[i].answer, a, sizeof a);
        ar_mm_format_code(r, c->guess, g, sizeof g);
        fprintf(out, "%*s%s %s\n", 2 * (depth + 1), "", a, g);
        write_node(r, c, depth + 1, out);
    }
}

ar_status ar_mm_tree_write(const mm_rules *r, const mm_node *root, const char *comment, FILE *out,
                           ar_error *err)
{
    char g[16];
    const char *p = comment;
    while (p && *p) {
        size_t n = strcspn(p, "\n");
        fprintf(out, "# %.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
    fprintf(out, "mastermind-tree pegs=%d colours=%d\n", r->pegs, r->colours);
    ar_mm_format_code(r, root->guess, g, sizeof g);
    fprintf(out, "%s\n", g);
    write_node(r, root, 0, out);
    if (fflush(out) != 0 || ferror(out))
        return ar_error_set(err, AR_ERR_IO, "could not write the tree");
    return AR_OK;
}

/* ------------------------------------------------------- reading a file */

/* Adds an edge (answer -> child) to parent, keeping edges in answer order. */
static int add_edge(mm_node *parent, unsigned answer, mm_node *child)
{
    mm_edge *e = realloc(parent->edge, sizeof *e * (size_t)(parent->children + 1));
    int i;
    if (!e)
        return -1;
    parent->edge = e;
    for (i = parent->children; i > 0 && e[i - 1].answer > answer; i--)
        e[i] = e[i - 1];
    e[i].answer = answer;
    e[i].node = child;
    parent->children++;
    return 0;
}

/* A whole number after "key=" in the header. */
static int header_value(const char *line, size_t len, const char *key, int *value)
{
    size_t klen = strlen(key), i;
    for (i = 0; i + klen < len; i++)
        if ((i == 0 || line[i - 1] == ' ') && strncmp(line + i, key, klen) == 0 && line[i + klen] == '=') {
            size_t j = i + klen + 1;
            int v = 0, digits = 0;
            while (j < len && line[j] >= '0' && line[j] <= '9' && digits < 3) {
                v = v * 10 + (line[j++] - '0');
                digits++;
            }
            if (!digits || (j < len && line[j] != ' '))
                return -1;
            *value = v;
            return 1;
        }
    return 0;
}

ar_status ar_mm_tree_read(const char *text, const char *name, mm_rules *r, mm_node **root,
                          ar_error *err)
{
    mm_node *stack[MM_MAX_ROWS + 1];
    const char *p = text;
    int lineno = 0, have_rules = 0, depth_top = -1;
    ar_status st = AR_OK;
    ar_error sub;
    *root = NULL;
    memset(r, 0, sizeof *r);
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        char msg_[AR_ERROR_MESSAGE_MAX];                                                           \
        snprintf(msg_, sizeof msg_, __VA_ARGS__);                                                  \
        st = ar_error_set(err, AR_ERR_INPUT, "%s:%d: %s", name, lineno, msg_);                     \
        goto done;                                                                                 \
    } while (0)
    while (*p) {
        const char *line = p;
        size_t len = strcspn(p, "\n"), indent = 0, tok;
        int depth;
        p += len + (p[len] == '\n');
        lineno++;
        if (len && line[len - 1] == '\r')
            len--;
        while (indent < len && line[indent] == ' ')
            indent++;
        if (indent == len || line[indent] == '#')
            continue;
        if (memchr(line, '\t', len))
            FAIL("a tab: indent with two spaces a level");
        if (memchr(line, '\0', len))
            FAIL("a NUL byte");
        if (!have_rules) {
            int pegs = 0, colours = 0;
            static const char magic[] = "mastermind-tree";
            if (indent || len < sizeof magic - 1 || strncmp(line, magic, sizeof magic - 1) != 0 ||
                (len > sizeof magic - 1 && line[sizeof magic - 1] != ' '))
                FAIL("the file must start with the header 'mastermind-tree pegs=P colours=C'");
            if (header_value(line, len, "pegs", &pegs) != 1 || header_value(line, len, "colours", &colours) != 1)
                FAIL("the header needs pegs=P and colours=C");
            {
                size_t i = sizeof magic - 1;
                int words = 0;
                while (i < len) {
                    while (i < len && line[i] == ' ')
                        i++;
                    if (i < len)
                        words++;
                    while (i < len && line[i] != ' ')
                        i++;
                }
                if (words != 2)
                    FAIL("the header has words besides pegs=P colours=C");
            }
            ar_error_clear(&sub);
            if (ar_mm_rules_init(r, pegs, colours, &sub) != AR_OK)
                FAIL("%s", sub.message);
            if (r->codes > MM_DENSE_MAX) {
                ar_mm_rules_free(r);
                FAIL("a game of %d pegs and %d colours has %u codes: too many to check a tree against",
                     pegs, colours, (unsigned)r->codes);
            }
            have_rules = 1;
            continue;
        }
        if (indent % 2)
            FAIL("odd indentation (%zu spaces): indent two spaces a level", indent);
        depth = (int)(indent / 2);
        if (depth > depth_top + 1)
            FAIL("indented %d levels below its parent's", depth - depth_top);
        if (depth == 0 && *root)
            FAIL("a second first guess: every other line is indented below it");
        if (depth > MM_MAX_ROWS - 1)
            FAIL("deeper than %d guesses", MM_MAX_ROWS);
        tok = indent;
        {
            mm_node *node;
            uint32_t guess;
            unsigned answer = 0;
            size_t a0 = tok, a1, g0, g1;
            if (depth > 0) {
                while (tok < len && line[tok] != ' ')
                    tok++;
                a1 = tok;
                while (tok < len && line[tok] == ' ')
                    tok++;
                ar_error_clear(&sub);
                if (ar_mm_parse_answer(r, line + a0, a1 - a0, &answer, &sub) != AR_OK)
                    FAIL("%s", sub.message);
                if (answer == (unsigned)r->win)
                    FAIL("%.*s wins: no guess follows it", (int)(a1 - a0), line + a0);
                if (tok == len)
                    FAIL("the answer %.*s needs the guess made after it", (int)(a1 - a0), line + a0);
            }
            g0 = tok;
            while (tok < len && line[tok] != ' ')
                tok++;
            g1 = tok;
            while (tok < len && line[tok] == ' ')
                tok++;
            if (tok != len)
                FAIL("unexpected text after the guess");
            ar_error_clear(&sub);
            if (ar_mm_parse_code(r, line + g0, g1 - g0, &guess, &sub) != AR_OK)
                FAIL("%s", sub.message);
            node = ar_mm_node_new(guess, 0);
            if (!node) {
                st = ar_error_set(err, AR_ERR_MEMORY, "%s: out of memory", name);
                goto done;
            }
            node->line = lineno;
            if (depth == 0) {
                *root = node;
            } else {
                mm_node *parent = stack[depth - 1];
                if (child_for(parent, answer)) {
                    char a[16];
                    ar_mm_tree_free(node);
                    ar_mm_format_answer(r, answer, a, sizeof a);
                    FAIL("a second branch for the answer %s to the guess on line %d", a, parent->line);
                }
                if (add_edge(parent, answer, node) != 0) {
                    ar_mm_tree_free(node);
                    st = ar_error_set(err, AR_ERR_MEMORY, "%s: out of memory", name);
                    goto done;
                }
            }
            stack[depth] = node;
            depth_top = depth;
        }
    }
    if (!have_rules)
        FAIL("no header: the file must start with 'mastermind-tree pegs=P colours=C'");
    if (!*root)
        FAIL("no first guess after the header");
done:
#undef FAIL
    if (st != AR_OK) {
        ar_mm_tree_free(*root);
        *root = NULL;
        if (have_rules)
            ar_mm_rules_free(r);
    }
    return st;
}
