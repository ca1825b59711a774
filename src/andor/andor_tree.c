/* andor_tree.c — a solution graph as the indented tree people read
 * (andor.h gives the format), and the checker that reads such a tree back:
 * from the root down, each line must be the node its parent's step gives,
 * each step one of the node's connectors with exactly the subproblems listed
 * under it, each leaf primitive or a node solved above, each stated cost the
 * sum below it; the domain's own answer check runs last. One pass over the
 * lines in order, with a stack of the open ancestors: a node's cost is
 * complete when its subtree closes, which is before any later line can refer
 * to it "as above". */
#include "andor_internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_CHARS 1024

/* --- printing --- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int failed;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int need;
    if (b->failed)
        return;
    va_start(ap, fmt);
    need = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (need < 0) {
        b->failed = 1;
        return;
    }
    if (!b->s || b->n + (size_t)need + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        char *s;
        while (cap < b->n + (size_t)need + 1)
            cap *= 2;
        s = realloc(b->s, cap);
        if (!s) {
            b->failed = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
        va_start(ap, fmt);
        vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
    }
    b->n += (size_t)need;
}

char *ar_andor_tree_text(const ar_andor_domain *d, const ar_andor_problem *prob,
                         const ar_andor_solution *sol)
{
    sbuf b = {NULL, 0, 0, 0};
    uint32_t *stack = NULL, *depth = NULL, top = 0;
    unsigned char *shown = NULL;
    char label[LINE_MAX_CHARS], rule[LINE_MAX_CHARS];
    if (!sol->count)
        return calloc(1, 1);
    stack = malloc(sizeof *stack * (sol->child_count + 1));
    depth = malloc(sizeof *depth * (sol->child_count + 1));
    shown = calloc(sol->count, 1);
    if (!stack || !depth || !shown)
        b.failed = 1;
    else {
        stack[top] = 0;
        depth[top++] = 0;
    }
    sb_printf(&b, "%s", "");
    while (top && !b.failed) {
        uint32_t i = stack[--top], dp = depth[top], j;
        const ar_andor_step *s = &sol->steps[i];
        d->format_node(prob, ar_andor_solution_node(sol, i), label, sizeof label);
        if (shown[i]) {
            sb_printf(&b, "%*s%s  (as above, cost %" PRIu64 ")\n", (int)(2 * dp), "", label, s->cost);
            continue;
        }
        shown[i] = 1;
        if (s->count == 0) {
            sb_printf(&b, "%*s%s  (primitive, cost %" PRIu64 ")\n", (int)(2 * dp), "", label, s->cost);
            continue;
        }
        d->format_rule(prob, ar_andor_solution_node(sol, i), s->rule, rule, sizeof rule);
        sb_printf(&b, "%*s%s  <= %s  (cost %" PRIu64 ")\n", (int)(2 * dp), "", label, rule, s->cost);
        for (j = s->count; j-- > 0;) {
            stack[top] = sol->children[s->first + j];
            depth[top++] = dp + 1;
        }
    }
    free(stack);
    free(depth);
    free(shown);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

ar_status ar_andor_print_tree(FILE *out, const ar_andor_domain *d, const ar_andor_problem *prob,
                              const ar_andor_solution *sol)
{
    char *text = ar_andor_tree_text(d, prob, sol);
    if (!text)
        return AR_ERR_MEMORY;
    fputs(text, out);
    free(text);
    return ferror(out) ? AR_ERR_IO : AR_OK;
}

/* --- reading back --- */

enum { E_RULE, E_PRIMITIVE, E_ABOVE };

typedef struct entry {
    uint32_t line, depth, parent;
    int kind;
    const char *label, *rule; /* into the copy of the text, NUL-terminated */
    uint64_t stated, cost, acc;
    uint32_t node;            /* its node in the solution being rebuilt */
    uint32_t rule_code, conn_cost; /* the connector the step matched */
    uint32_t ref;                  /* "as above": the entry that solves the node */
    uint32_t first_child, nchildren;
} entry;

typedef struct reader {
    const ar_andor_domain *d;
    ar_andor_problem *prob;
    ar_andor_verdict *v;
    entry *e;
    uint32_t n;
    size_t ns;
    unsigned char *expect; /* the node each entry must be, n * ns */
} reader;

static int parse_u64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!isdigit((unsigned char)*s))
        return -1;
    for (; isdigit((unsigned char)*s); s++) {
        if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return *s ? -1 : 0;
}

/* Splits one line (NUL-terminated, modified in place) into an entry. */
static ar_status parse_line(char *s, uint32_t line, entry *e, ar_error *err)
{
    size_t len = strlen(s), sp = 0;
    char *open, *ann, *sep;
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\r' || s[len - 1] == '\t'))
        s[--len] = '\0';
    while (s[sp] == ' ')
        sp++;
    if (s[sp] == '\t')
        return ar_error_set(err, AR_ERR_INPUT, "line %u: indent with spaces, two per level", line);
    if (sp % 2)
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %u: an indent of %zu spaces (two spaces per level)", line, sp);
    if (len > LINE_MAX_CHARS)
        return ar_error_set(err, AR_ERR_INPUT, "line %u is longer than %d characters", line,
                            LINE_MAX_CHARS);
    e->line = line;
    e->depth = (uint32_t)(sp / 2);
    open = strrchr(s + sp, '(');
    if (!open || s[len - 1] != ')' || open - (s + sp) < 3 || open[-1] != ' ' || open[-2] != ' ')
        return ar_error_set(err, AR_ERR_INPUT,
                            "line %u: expected a node followed by two spaces and (cost C), "
                            "(primitive, cost C) or (as above, cost C)", line);
    s[len - 1] = '\0';
    ann = open + 1;
    open[-2] = '\0';
    if (strncmp(ann, "primitive, cost ", 16) == 0) {
        e->kind = E_PRIMITIVE;
        ann += 16;
    } else if (strncmp(ann, "as above, cost ", 15) == 0) {
        e->kind = E_ABOVE;
        ann += 15;
    } else if (strncmp(ann, "cost ", 5) == 0) {
        e->kind = E_RULE;
        ann += 5;
    } else
        return ar_error_set(err, AR_ERR_INPUT, "line %u: '(%.40s)' is not (cost C), (primitive, "
                                               "cost C) or (as above, cost C)", line, ann);
    if (parse_u64(ann, &e->stated))
        return ar_error_set(err, AR_ERR_INPUT, "line %u: '%.30s' is not a cost (a whole number)",
                            line, ann);
    e->label = s + sp;
    e->rule = NULL;
    if (e->kind == E_RULE) {
        sep = strstr(s + sp, "  <= ");
        if (!sep)
            return ar_error_set(err, AR_ERR_INPUT,
                                "line %u: a reduced node is written NODE  <= RULE  (cost C)", line);
        *sep = '\0';
        e->rule = sep + 5;
    }
    if (!*e->label)
        return ar_error_set(err, AR_ERR_INPUT, "line %u: no node before the annotation", line);
    return AR_OK;
}

static int fail(reader *r, const entry *e, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(r->v->why, sizeof r->v->why, "line %u: ", e->line);
    va_start(ap, fmt);
    vsnprintf(r->v->why + n, sizeof r->v->why - (size_t)n, fmt, ap);
    va_end(ap);
    r->v->solved = 0;
    return 1;
}

/* Finds the connector of entry i's node that the tree names: its rule and
 * exactly the labels of its child entries; sets their expected nodes. */
static ar_status match_step(reader *r, uint32_t i, ar_andor_connector *conns, unsigned char *kids,
                            unsigned max_arity, uint64_t *conn_cost, ar_error *err)
{
    entry *e = &r->e[i];
    const void *node = r->expect + (size_t)i * r->ns;
    unsigned n = r->d->expand(r->prob, node, conns, kids), c, j;
    char buf[LINE_MAX_CHARS];
    for (c = 0; c < n; c++) {
        uint32_t k = e->first_child;
        r->d->format_rule(r->prob, node, conns[c].rule, buf, sizeof buf);
        if (strcmp(buf, e->rule) != 0 || conns[c].count != e->nchildren)
            continue;
        for (j = 0; j < conns[c].count; j++, k++) {
            while (r->e[k].depth != e->depth + 1)
                k++;
            r->d->format_node(r->prob, kids + ((size_t)c * max_arity + j) * r->ns, buf, sizeof buf);
            if (strcmp(buf, r->e[k].label) != 0)
                break;
        }
        if (j < conns[c].count)
            continue;
        for (j = 0, k = e->first_child; j < conns[c].count; j++, k++) {
            while (r->e[k].depth != e->depth + 1)
                k++;
            memcpy(r->expect + (size_t)k * r->ns, kids + ((size_t)c * max_arity + j) * r->ns, r->ns);
        }
        *conn_cost = conns[c].cost;
        e->rule_code = conns[c].rule;
        e->conn_cost = conns[c].cost;
        return AR_OK;
    }
    return ar_error_set(err, AR_ERR_INPUT,
                        "line %u: '%.80s' is not a reduction of %.120s into the %u subproblems "
                        "listed under it", e->line, e->rule, e->label, e->nchildren);
}

static uint64_t bytes_hash(const void *ctx, const void *node)
{
    return ar_hash_bytes(node, *(const size_t *)ctx);
}

static uint64_t add_cost(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/* Builds the solution the tree describes and lets the domain check it. */
static ar_status answer_check(reader *r, ar_error *err)
{
    ar_andor_solution sol;
    uint32_t i, n = 0, kids = 0;
    char *text = NULL;
    ar_error why;
    ar_status st;
    memset(&sol, 0, sizeof sol);
    sol.node_size = r->ns;
    sol.nodes = malloc(r->ns * r->n);
    sol.steps = malloc(sizeof *sol.steps * r->n);
    sol.children = malloc(sizeof *sol.children * r->n);
    if (!sol.nodes || !sol.steps || !sol.children) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory checking the tree");
        goto out;
    }
    for (i = 0; i < r->n; i++)
        if (r->e[i].kind == E_ABOVE)
            r->e[i].node = r->e[r->e[i].ref].node; /* ref < i: numbered already */
        else {
            r->e[i].node = n;
            memcpy(sol.nodes + (size_t)n * r->ns, r->expect + (size_t)i * r->ns, r->ns);
            n++;
        }
    for (i = 0; i < r->n; i++) {
        entry *e = &r->e[i];
        ar_andor_step *s;
        uint32_t k, j;
        if (e->kind == E_ABOVE)
            continue;
        s = &sol.steps[e->node];
        s->cost = e->cost;
        s->first = kids;
        s->count = e->kind == E_RULE ? e->nchildren : 0;
        s->rule = e->kind == E_RULE ? e->rule_code : 0;
        s->rule_cost = e->kind == E_RULE ? e->conn_cost
                                         : (uint32_t)(e->cost > UINT32_MAX ? UINT32_MAX : e->cost);
        for (j = 0, k = e->first_child; j < s->count; j++, k++) {
            while (r->e[k].depth != e->depth + 1)
                k++;
            sol.children[kids++] = r->e[k].node;
        }
    }
    sol.count = n;
    sol.child_count = kids;
    ar_error_clear(&why);
    st = r->d->answer(r->prob, &sol, &text, &why);
    if (st == AR_ERR_UNSOLVABLE) {
        r->v->solved = 0;
        snprintf(r->v->why, sizeof r->v->why, "%.300s", why.message);
        st = AR_OK;
    } else if (st != AR_OK && err)
        *err = why;
out:
    free(text);
    free(sol.nodes);
    free(sol.steps);
    free(sol.children);
    return st;
}

static ar_status read_tree(reader *r, char *copy, ar_error *err)
{
    char *line = copy;
    uint32_t no = 0, cap = 0;
    while (line && *line) {
        char *end = strchr(line, '\n'), *p;
        no++;
        if (end)
            *end = '\0';
        for (p = line; *p == ' ' || *p == '\t' || *p == '\r'; p++)
            ;
        if (*p && *p != '#') {
            ar_status st;
            if (r->n == cap) {
                entry *more = realloc(r->e, sizeof *more * (cap ? cap * 2 : 64));
                if (!more)
                    return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the tree");
                r->e = more;
                cap = cap ? cap * 2 : 64;
            }
            memset(&r->e[r->n], 0, sizeof r->e[r->n]);
            st = parse_line(line, no, &r->e[r->n], err);
            if (st != AR_OK)
                return st;
            r->n++;
        }
        line = end ? end + 1 : NULL;
    }
    if (!r->n)
        return ar_error_set(err, AR_ERR_INPUT, "the tree is empty");
    return AR_OK;
}

/* Shape: one root, each line at most one level below the one before, only
 * under a reduced node; links each entry to its parent and children. */
static ar_status link_shape(reader *r, ar_error *err)
{
    uint32_t *open = malloc(sizeof *open * (r->n + 1)), top = 0, i;
    if (!open)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory reading the tree");
    for (i = 0; i < r->n; i++) {
        entry *e = &r->e[i];
        if (i > 0 && e->depth == 0) {
            free(open);
            return ar_error_set(err, AR_ERR_INPUT, "line %u: a second root (every line after the "
                                                   "first is indented under it)", e->line);
        }
        if (e->depth > top || (i == 0 && e->depth != 0)) {
            free(open);
            return ar_error_set(err, AR_ERR_INPUT, "line %u: indented deeper than under the line "
                                                   "before", e->line);
        }
        top = e->depth;
        if (top > 0) {
            entry *p = &r->e[open[top - 1]];
            if (p->kind != E_RULE) {
                free(open);
                return ar_error_set(err, AR_ERR_INPUT, "line %u: a subproblem under line %u, "
                                                       "which is not reduced", e->line, p->line);
            }
            e->parent = open[top - 1];
            if (!p->nchildren)
                p->first_child = i;
            p->nchildren++;
        } else
            e->parent = UINT32_MAX;
        open[top++] = i;
    }
    free(open);
    return AR_OK;
}

ar_status ar_andor_verify(const ar_andor_domain *d, ar_andor_problem *prob, const char *tree,
                          ar_andor_verdict *v, ar_error *err)
{
    reader r;
    char *copy = NULL;
    ar_andor_connector *conns = NULL;
    unsigned char *kids = NULL;
    unsigned max_conns = d->max_connectors(prob), max_arity = d->max_arity(prob);
    ar_mem mem;
    ar_state_store seen;
    uint32_t *seen_entry = NULL, *open = NULL, top = 0, i;
    char buf[LINE_MAX_CHARS];
    int failed = 0, seen_ready = 0;
    ar_status st;

    memset(v, 0, sizeof *v);
    memset(&r, 0, sizeof r);
    r.d = d;
    r.prob = prob;
    r.v = v;
    r.ns = d->node_size(prob);
    copy = strdup(tree ? tree : "");
    conns = malloc(sizeof *conns * (max_conns ? max_conns : 1));
    kids = malloc(r.ns * max_arity * (max_conns ? max_conns : 1));
    if (!copy || !conns || !kids) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        goto out;
    }
    st = read_tree(&r, copy, err);
    if (st == AR_OK)
        st = link_shape(&r, err);
    if (st != AR_OK)
        goto out;
    v->lines = r.n;
    r.expect = calloc(r.n, r.ns);
    seen_entry = malloc(sizeof *seen_entry * r.n);
    open = malloc(sizeof *open * (r.n + 1));
    ar_mem_init(&mem, 0);
    if (!r.expect || !seen_entry || !open ||
        ar_store_init(&seen, r.ns, bytes_hash, &r.ns, &mem, err) != AR_OK) {
        st = ar_error_set(err, AR_ERR_MEMORY, "out of memory");
        goto out;
    }
    seen_ready = 1;
    d->root(prob, r.expect);
    v->solved = 1;
    for (i = 0; i <= r.n && !failed; i++) {
        entry *e = i < r.n ? &r.e[i] : NULL;
        const void *node = e ? r.expect + (size_t)i * r.ns : NULL;
        uint64_t c = 0;
        /* Close the subtrees this line leaves: their costs are complete. */
        while (top && (!e || r.e[open[top - 1]].depth >= e->depth)) {
            entry *x = &r.e[open[--top]];
            uint32_t id;
            int fresh;
            if (x->kind == E_RULE)
                x->cost = x->acc;
            if (x->cost != x->stated) {
                failed = fail(&r, x, "the cost is %" PRIu64 ", not %" PRIu64 " as stated",
                              x->cost, x->stated);
                break;
            }
            if (x->parent != UINT32_MAX)
                r.e[x->parent].acc = add_cost(r.e[x->parent].acc, x->cost);
            if (x->kind != E_ABOVE) {
                st = ar_store_insert(&seen, r.expect + (size_t)(x - r.e) * r.ns,
                                     ar_hash_bytes(r.expect + (size_t)(x - r.e) * r.ns, r.ns), &id,
                                     &fresh, err);
                if (st != AR_OK)
                    goto out;
                if (fresh)
                    seen_entry[id] = (uint32_t)(x - r.e);
            }
        }
        if (!e || failed)
            break;
        d->format_node(prob, node, buf, sizeof buf);
        if (strcmp(buf, e->label) != 0) {
            st = ar_error_set(err, AR_ERR_INPUT, "line %u: expected %.150s here (%s), found %.150s",
                              e->line, buf, i ? "the step above gives it" : "the problem",
                              e->label);
            goto out;
        }
        if (e->kind == E_ABOVE) {
            uint32_t id = ar_store_find(&seen, node, ar_hash_bytes(node, r.ns));
            if (id == UINT32_MAX) {
                st = ar_error_set(err, AR_ERR_INPUT, "line %u: %.150s is marked as above, but no "
                                                     "line above solves it", e->line, e->label);
                goto out;
            }
            e->ref = seen_entry[id];
            e->cost = r.e[e->ref].cost;
        } else if (e->kind == E_PRIMITIVE) {
            if (d->classify(prob, node, &c) != AR_ANDOR_PRIMITIVE) {
                failed = fail(&r, e, "%.150s is not primitive: it must be reduced further", e->label);
                break;
            }
            e->cost = c;
        } else {
            int kind = d->classify(prob, node, &c);
            if (kind != AR_ANDOR_OPEN) {
                st = ar_error_set(err, AR_ERR_INPUT, "line %u: %.150s is %s and has no reductions",
                                  e->line, e->label, kind == AR_ANDOR_PRIMITIVE ? "primitive"
                                                                                : "unsolvable");
                goto out;
            }
            st = match_step(&r, i, conns, kids, max_arity, &e->acc, err);
            if (st != AR_OK)
                goto out;
        }
        open[top++] = i;
    }
    v->cost = r.e[0].cost;
    if (!failed && d->answer)
        st = answer_check(&r, err);
out:
    if (seen_ready)
        ar_store_free(&seen);
    free(seen_entry);
    free(open);
    free(r.expect);
    free(r.e);
    free(copy);
    free(conns);
    free(kids);
    if (st != AR_OK)
        v->solved = 0;
    return st;
}
