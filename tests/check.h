/* check.h — ariadne's small assertion header for tests.
 *
 * CHECK(cond) records a failure with file and line and carries on, so one run
 * shows every broken expectation; CHECK_EQ_U/CHECK_STR print both values.
 * A test's main() ends with `return check_report("name");`, whose exit status
 * CTest reads. */
#ifndef ARIADNE_TESTS_CHECK_H
#define ARIADNE_TESTS_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                                     \
    do {                                                                                \
        check_count++;                                                                  \
        if (!(cond)) {                                                                  \
            check_failures++;                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);    \
        }                                                                               \
    } while (0)

#define CHECK_MSG(cond, ...)                                                            \
    do {                                                                                \
        check_count++;                                                                  \
        if (!(cond)) {                                                                  \
            check_failures++;                                                           \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);    \
            fprintf(stderr, __VA_ARGS__);                                               \
            fputc('\n', stderr);                                                        \
        }                                                                               \
    } while (0)

#define CHECK_EQ_U(a, b)                                                                \
    do {                                                                                \
        uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b);                    \
        check_count++;                                                                  \
        if (check_a_ != check_b_) {                                                     \
            check_failures++;                                                           \
            fprintf(stderr, "%s:%d: check failed: %s == %s (%" PRIu64 " vs %" PRIu64 ")\n", \
                    __FILE__, __LINE__, #a, #b, check_a_, check_b_);                    \
        }                                                                               \
    } while (0)

#define CHECK_STR(a, b)                                                                 \
    do {                                                                                \
        const char *check_a_ = (a), *check_b_ = (b);                                    \
        check_count++;                                                                  \
        if (!check_a_ || !check_b_ || strcmp(check_a_, check_b_) != 0) {                \
            check_failures++;                                                           \
            fprintf(stderr, "%s:%d: check failed: %s == %s (\"%s\" vs \"%s\")\n",       \
                    __FILE__, __LINE__, #a, #b, check_a_ ? check_a_ : "(null)",          \
                    check_b_ ? check_b_ : "(null)");                                    \
        }                                                                               \
    } while (0)

static inline int check_report(const char *name)
{
    if (check_failures) {
        fprintf(stderr, "%s: %d of %d checks failed\n", name, check_failures, check_count);
        return 1;
    }
    printf("%s: all %d checks passed\n", name, check_count);
    return 0;
}

#endif
