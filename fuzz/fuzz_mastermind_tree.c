/* fuzz_mastermind_tree.c — libFuzzer target for Mastermind's strategy-tree
 * reader (src/games/mastermind/mm_tree.c), what `ariadne verify mastermind`
 * runs on a file.
 *
 * Any input: ar_mm_tree_read either refuses it with one non-empty line that
 * starts with the file name and a line number, or returns a tree. A tree is
 * checked against every code of its game (which must end, whatever the
 * tree), written back, and read again: the second reading must succeed and
 * write the same text. A failed check aborts, which libFuzzer reports.
 * Seeds: fuzz/corpus/mastermind_tree. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/mastermind/mm_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The tree written to a malloc'd string. */
static char *written(const mm_rules *r, const mm_node *root)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ar_error err;
    if (!f)
        abort();
    if (ar_mm_tree_write(r, root, NULL, f, &err) != AR_OK)
        abort();
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *once, *twice;
    mm_rules r, r2;
    mm_node *root, *again;
    mm_stats st;
    ar_error err;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    ar_error_clear(&err);
    if (ar_mm_tree_read(text, "f", &r, &root, &err) != AR_OK) {
        if (err.status != AR_ERR_INPUT || strncmp(err.message, "f:", 2) != 0 || strchr(err.message, '\n') ||
            root)
            abort();
        free(text);
        return 0;
    }
    if (r.codes > 4096) { /* checking every code of a large game is slow, not wrong */
        ar_mm_tree_free(root);
        ar_mm_rules_free(&r);
        free(text);
        return 0;
    }
    ar_mm_tree_check(&r, root, &st);
    if (st.found > st.codes || (st.found == st.codes && st.total < st.codes))
        abort();
    once = written(&r, root);
    if (ar_mm_tree_read(once, "g", &r2, &again, &err) != AR_OK)
        abort();
    twice = written(&r2, again);
    if (strcmp(once, twice) != 0)
        abort();
    free(once);
    free(twice);
    ar_mm_tree_free(again);
    ar_mm_rules_free(&r2);
    ar_mm_tree_free(root);
    ar_mm_rules_free(&r);
    free(text);
    return 0;
}
