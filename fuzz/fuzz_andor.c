/* fuzz_andor.c — libFuzzer target for the AND-OR graph format (andor-graph)
 * and the solution-tree checker: the input is a graph, a line "---", and a
 * tree. An accepted graph is solved by AO* and the depth-first search under a
 * node limit (equal costs when both finish), the solution's tree must read
 * back as solved, and the given tree is checked against the graph and against
 * Hanoi's reduction: it may be refused, never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/andor.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t solve(const ar_andor_domain *d, ar_andor_problem *prob, const char *algo)
{
    ar_andor_options o;
    ar_andor_result r;
    ar_error err;
    uint64_t cost = 0;
    ar_andor_options_init(&o);
    o.search.algorithm = algo;
    o.search.limits.node_limit = 500;
    if (ar_andor_solve(d, prob, &o, &r, &err) != AR_OK)
        abort();
    if (r.search.outcome == AR_OUTCOME_SOLVED) {
        char *tree = ar_andor_tree_text(d, prob, &r.solution);
        ar_andor_verdict v;
        if (tree && (ar_andor_verify(d, prob, tree, &v, &err) != AR_OK || !v.solved))
            abort();
        free(tree);
        cost = r.search.optimal ? r.search.cost : 0;
    }
    ar_andor_result_free(&r);
    return cost;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ar_andor_domain *g = ar_andor_domain_find("andor-graph"), *h = ar_andor_domain_find("hanoi-goals");
    char *text, *tree;
    ar_andor_problem *prob = NULL;
    ar_andor_verdict v;
    ar_error err;
    ar_param params[2] = {{"discs", "3"}, {"pegs", "4"}};
    if (size > 8192)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    if (strlen(text) != size) {
        free(text);
        return 0;
    }
    tree = strstr(text, "\n---\n");
    if (tree) {
        *tree = '\0';
        tree += 5;
    } else
        tree = text + size;
    if (g->create(text, NULL, 0, &prob, &err) == AR_OK) {
        uint64_t a = solve(g, prob, "aostar"), b = solve(g, prob, "andor-dfs");
        if (a && b && a != b)
            abort();
        if (ar_andor_verify(g, prob, tree, &v, &err) != AR_OK && (!err.message[0] || strchr(err.message, '\n')))
            abort();
        g->destroy(prob);
    } else if (!err.message[0] || strchr(err.message, '\n'))
        abort();
    if (h->create(NULL, params, 2, &prob, &err) == AR_OK) {
        if (ar_andor_verify(h, prob, tree, &v, &err) != AR_OK && (!err.message[0] || strchr(err.message, '\n')))
            abort();
        h->destroy(prob);
    }
    free(text);
    return 0;
}
