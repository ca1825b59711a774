/* csp_domain.h — what the files of the model-file puzzle share: csp.c
 * (the puzzle over a model in the text format), csp_tool.c (`ariadne count
 * csp`), csp_bench.c (`ariadne bench csp`, the methods compared). */
#ifndef ARIADNE_CSP_DOMAIN_H
#define ARIADNE_CSP_DOMAIN_H

#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/puzzle.h"

struct ar_instance {
    ar_csp *m;
    char *text;              /* the model as given (with_start parses it again) */
    int32_t *start;          /* values given at the start (with_start), AR_CSP_UNSET none */
    uint32_t *inc_start;     /* variable -> the constraints on it (CSR) */
    uint32_t *inc;
    unsigned value_bits;     /* a move: variable << value_bits | (value - lo) */
    unsigned max_width;
    ar_csp_options csp;
    int csp_given;
};

int ar_model_bench(int quick);

#endif
