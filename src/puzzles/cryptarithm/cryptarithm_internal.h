/* cryptarithm_internal.h — what the files of the cryptarithm domain share.
 * cryptarithm.c: the puzzle (parsing, notation, descriptor);
 * cryptarithm_model.c: the constraint model (columns with carries for a
 * sum, a user constraint for a product); cryptarithm_tool.c: `ariadne count
 * cryptarithm`. */
#ifndef ARIADNE_CRYPTARITHM_INTERNAL_H
#define ARIADNE_CRYPTARITHM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "ariadne/csp.h"
#include "ariadne/puzzle.h"

#define CRYPT_MAX_TERMS 32
#define CRYPT_MAX_DIGITS 40          /* letters in a word of a sum */
#define CRYPT_MAX_PRODUCT_DIGITS 18  /* a product's words fit 64 bits */
#define CRYPT_MAX_VARS (10 + CRYPT_MAX_DIGITS + 2) /* letters, then a sum's carries */

typedef struct crypt_word {
    unsigned len;
    uint8_t letter[CRYPT_MAX_DIGITS]; /* letter indexes, most significant first */
} crypt_word;

struct ar_instance {
    crypt_word terms[CRYPT_MAX_TERMS];
    unsigned nterms;
    crypt_word result;
    int product;            /* '*' rather than '+' */
    char letters[10];       /* letter index -> 'A'.. in order of first appearance */
    int index_of[26];       /* 'A'.. -> letter index + 1 (0: absent) */
    unsigned nletters;
    int leading_zeros;      /* --leading-zeros */
    uint8_t start[10];      /* digits given at the start (digit + 1; 0 none): with_start */
    ar_csp_options csp;
    int csp_given;
};

/* The context of a product's user constraint. */
typedef struct crypt_product { const ar_instance *in; } crypt_product;

int ar_crypt_leads(const ar_instance *in, unsigned letter);
/* Whether digits (one per letter) make the arithmetic hold. */
int ar_crypt_holds(const ar_instance *in, const uint8_t *digit);
void ar_crypt_text(const ar_instance *in, char *buf, size_t size);
/* The model: variables 0..nletters-1 are the letters (then a sum's carries);
 * product (owned by the caller, alive as long as the model) is the context
 * of a product's constraint. */
ar_status ar_crypt_model(const ar_instance *in, ar_csp **out, crypt_product *product, ar_error *err);

#endif
