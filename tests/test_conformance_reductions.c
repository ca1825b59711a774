/* test_conformance_reductions.c — what every registered AND-OR domain
 * (src/reductions/reductions.def) must do: declare its slots and at least one
 * example; solve every example with AO* (each heuristic) at the cost it
 * states; print trees the checker reads back as solved, at the same cost, and
 * refuses once tampered with; pass its own answer check; agree with the
 * depth-first search whenever that finishes; keep the connectors of a node
 * apart by text or subproblems; and refuse bad text in one line. A new domain
 * is tested by being registered. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/andor.h"
#include "check.h"

static ar_andor_problem *create(const ar_andor_domain *d, const ar_andor_example *ex, ar_error *err)
{
    char buf[256];
    ar_param params[8];
    size_t n;
    ar_andor_problem *prob = NULL;
    snprintf(buf, sizeof buf, "%s", ex->options ? ex->options : "");
    n = ar_param_split(buf, params, 8);
    return d->create(ex->instance, params, n, &prob, err) == AR_OK ? prob : NULL;
}

static void check_slots(const ar_andor_domain *d)
{
    const char *c;
    CHECK(d->name && d->summary && d->help && d->create && d->destroy && d->describe);
    CHECK(d->node_size && d->root && d->classify && d->max_connectors && d->max_arity && d->expand);
    CHECK(d->format_node && d->format_rule && d->examples && d->examples[0].note);
    for (c = d->name; *c; c++)
        CHECK_MSG((*c >= 'a' && *c <= 'z') || *c == '-' || (*c >= '0' && *c <= '9'), "name %s", d->name);
    CHECK(ar_andor_domain_find(d->name) == d);
}

/* The root's connectors: equal texts only with different subproblems. */
static void check_connectors(const ar_andor_domain *d, ar_andor_problem *prob)
{
    size_t ns = d->node_size(prob);
    unsigned mc = d->max_connectors(prob), ma = d->max_arity(prob), n, i, j;
    ar_andor_connector *conns = malloc(sizeof *conns * (mc ? mc : 1));
    unsigned char *kids = malloc(ns * ma * (mc ? mc : 1)), *root = calloc(1, ns);
    char a[1024], b[1024], line[1024];
    uint64_t cost;
    CHECK(ma >= 1 && ma <= AR_ANDOR_MAX_ARITY);
    if (!conns || !kids || !root)
        goto out;
    d->root(prob, root);
    d->format_node(prob, root, line, sizeof line);
    CHECK_MSG(!strstr(line, "  "), "%s: node text '%s' has two spaces in a row", d->name, line);
    if (d->classify(prob, root, &cost) != AR_ANDOR_OPEN)
        goto out;
    n = d->expand(prob, root, conns, kids);
    CHECK(n <= mc);
    for (i = 0; i < n; i++) {
        CHECK(conns[i].count >= 1 && conns[i].count <= ma);
        d->format_rule(prob, root, conns[i].rule, a, sizeof a);
        CHECK_MSG(!strstr(a, "  ") && a[0], "%s: rule text '%s'", d->name, a);
        for (j = 0; j < i; j++) {
            d->format_rule(prob, root, conns[j].rule, b, sizeof b);
            if (strcmp(a, b) == 0)
                CHECK_MSG(conns[i].count != conns[j].count ||
                              memcmp(kids + (size_t)i * ma * ns, kids + (size_t)j * ma * ns,
                                     ns * conns[i].count) != 0,
                          "%s: two connectors read '%s' with the same subproblems", d->name, a);
        }
    }
out:
    free(conns);
    free(kids);
    free(root);
}

/* A tree that no longer solves the problem is caught. */
static void check_tampering(const ar_andor_domain *d, ar_andor_problem *prob, const char *tree)
{
    char *bad = malloc(strlen(tree) + 32), *end;
    ar_andor_verdict v;
    ar_error err;
    if (!bad)
        return;
    /* the root's stated cost, one more */
    end = strchr(tree, '\n');
    if (end && end > tree + 2 && end[-1] == ')') {
        const char *digits = end - 1;
        while (digits > tree && digits[-1] >= '0' && digits[-1] <= '9')
            digits--;
        snprintf(bad, strlen(tree) + 32, "%.*s%llu)%s", (int)(digits - tree), tree,
                 strtoull(digits, NULL, 10) + 1, end);
        CHECK(ar_andor_verify(d, prob, bad, &v, &err) == AR_OK && !v.solved && strstr(v.why, "line 1"));
    }
    /* the last line dropped: a step loses a subproblem, or the tree ends early */
    snprintf(bad, strlen(tree) + 32, "%s", tree);
    end = bad + strlen(bad);
    if (end > bad && end[-1] == '\n')
        *--end = '\0';
    end = strrchr(bad, '\n');
    if (end) {
        ar_status st;
        *end = '\0';
        st = ar_andor_verify(d, prob, bad, &v, &err);
        CHECK_MSG(st == AR_ERR_INPUT || (st == AR_OK && !v.solved), "%s: a tree without its last line "
                  "still checks", d->name);
    }
    free(bad);
}

static void check_example(const ar_andor_domain *d, const ar_andor_example *ex)
{
    ar_error err;
    ar_andor_problem *prob = create(d, ex, &err);
    const ar_andor_heuristic *h;
    uint64_t best = 0;
    char desc[512];
    CHECK_MSG(prob != NULL, "%s example '%s': %s", d->name, ex->note, prob ? "" : err.message);
    if (!prob)
        return;
    d->describe(prob, desc, sizeof desc);
    CHECK(desc[0] != '\0');
    check_connectors(d, prob);
    for (h = d->heuristics; h && h->name; h++) {
        ar_andor_options o;
        ar_andor_result r;
        ar_andor_options_init(&o);
        o.search.heuristic = h->name;
        o.search.limits.node_limit = 200000;
        CHECK(ar_andor_solve(d, prob, &o, &r, &err) == AR_OK);
        CHECK_MSG(r.search.outcome == AR_OUTCOME_SOLVED, "%s '%s' with %s: %s", d->name, ex->note,
                  h->name, r.search.note);
        if (r.search.outcome == AR_OUTCOME_SOLVED) {
            char *tree = ar_andor_tree_text(d, prob, &r.solution), *ans = NULL;
            ar_andor_verdict v;
            if (ex->cost && (h->flags & AR_HEURISTIC_ADMISSIBLE))
                CHECK_MSG(r.search.cost == ex->cost, "%s '%s' with %s: cost %llu, stated %llu",
                          d->name, ex->note, h->name, (unsigned long long)r.search.cost,
                          (unsigned long long)ex->cost);
            best = r.search.cost;
            CHECK(tree && ar_andor_verify(d, prob, tree, &v, &err) == AR_OK && v.solved &&
                  v.cost == r.search.cost);
            if (tree && h == d->heuristics)
                check_tampering(d, prob, tree);
            if (d->answer)
                CHECK_MSG(d->answer(prob, &r.solution, &ans, &err) == AR_OK && ans && ans[0],
                          "%s answer: %s", d->name, err.message);
            free(ans);
            free(tree);
        }
        ar_andor_result_free(&r);
    }
    {
        ar_andor_options o;
        ar_andor_result r;
        ar_andor_options_init(&o);
        o.search.algorithm = "andor-dfs";
        o.search.limits.node_limit = 5000;
        CHECK(ar_andor_solve(d, prob, &o, &r, &err) == AR_OK);
        if (r.search.outcome == AR_OUTCOME_SOLVED && r.search.optimal)
            CHECK_MSG(!best || r.search.cost == best, "%s '%s': depth-first %llu, AO* %llu", d->name,
                      ex->note, (unsigned long long)r.search.cost, (unsigned long long)best);
        else
            CHECK(r.search.outcome == AR_OUTCOME_STOPPED || r.search.outcome == AR_OUTCOME_SOLVED);
        ar_andor_result_free(&r);
    }
    d->destroy(prob);
}

static void check_bad_text(const ar_andor_domain *d)
{
    static const char *const junk[] = {"((((", "\x01\x02 -> |", "A -> B | | ~ =", "0/0", ")"};
    size_t i;
    for (i = 0; i < sizeof junk / sizeof *junk; i++) {
        ar_andor_problem *prob = NULL;
        ar_error err;
        err.message[0] = '\0';
        if (d->create(junk[i], NULL, 0, &prob, &err) == AR_OK) {
            d->destroy(prob);
            continue;
        }
        CHECK_MSG(err.message[0] && !strchr(err.message, '\n'), "%s: '%s' refused without one line",
                  d->name, junk[i]);
    }
}

int main(void)
{
    const ar_andor_domain *const *all = ar_andor_domains();
    size_t i, count = 0;
    for (i = 0; all[i]; i++) {
        const ar_andor_example *ex;
        check_slots(all[i]);
        for (ex = all[i]->examples; ex && ex->note; ex++)
            check_example(all[i], ex);
        check_bad_text(all[i]);
        count++;
    }
    CHECK(count >= 3);
    return check_report("test_conformance_reductions");
}
