/* ariadne/vec.h — a typed growable array through macros, for small
 * bookkeeping (move lists, solution paths, option lists). Memory comes from
 * ar_xrealloc, which aborts only if the C library itself is out of memory, so
 * vectors are for small data; tables that should count against
 * --memory-limit use ar_mem directly.
 *
 *     AR_VEC(uint32_t) path;            // or: typedef AR_VEC(ar_move) move_vec;
 *     ar_vec_init(path);
 *     ar_vec_push(path, 7);
 *     for (size_t i = 0; i < path.len; i++) use(path.data[i]);
 *     uint32_t last = ar_vec_pop(path);
 *     ar_vec_free(path);
 *
 * The vector is a plain struct { type *data; size_t len, cap; }; its data may
 * be handed to a caller as a malloc'd array (free() releases it). Macro
 * arguments naming the vector are evaluated more than once, so pass a plain
 * lvalue (`v`, `s->moves`), never an expression with side effects. */
#ifndef ARIADNE_VEC_H
#define ARIADNE_VEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/memory.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An anonymous struct type; typedef it to pass vectors between functions. */
#define AR_VEC(type)  \
    struct {          \
        type *data;   \
        size_t len;   \
        size_t cap;   \
    }

/* Returns data reallocated so that at least `need` elements of `elem` bytes
 * fit, updating *cap (capacity doubles, starting at 8). Private to the macros. */
static inline void *ar_vec_grow_(void *data, size_t *cap, size_t need, size_t elem)
{
    size_t c = *cap ? *cap : 8;
    if (need <= *cap)
        return data;
    while (c < need)
        c = c > SIZE_MAX / 2 ? need : c * 2;
    /* A size that cannot be represented is an allocation that cannot succeed:
     * asking for SIZE_MAX makes ar_xrealloc report it as out of memory. */
    data = ar_xrealloc(data, c > SIZE_MAX / elem ? SIZE_MAX : c * elem);
    *cap = c;
    return data;
}

#define ar_vec_init(v) ((v).data = NULL, (v).len = 0, (v).cap = 0)
#define ar_vec_free(v) (free((v).data), ar_vec_init(v))
#define ar_vec_clear(v) ((v).len = 0)

/* Ensures capacity for n elements in total (len unchanged). */
#define ar_vec_reserve(v, n) \
    ((v).data = ar_vec_grow_((v).data, &(v).cap, (size_t)(n), sizeof *(v).data))

/* Sets len to n; elements beyond the old len are zeroed. */
#define ar_vec_resize(v, n)                                                               \
    do {                                                                                  \
        size_t ar_vec_n_ = (size_t)(n);                                                   \
        ar_vec_reserve(v, ar_vec_n_);                                                     \
        if (ar_vec_n_ > (v).len)                                                          \
            memset((v).data + (v).len, 0, (ar_vec_n_ - (v).len) * sizeof *(v).data);     \
        (v).len = ar_vec_n_;                                                              \
    } while (0)

/* Appends x. */
#define ar_vec_push(v, x)                                                                 \
    do {                                                                                  \
        if ((v).len == (v).cap)                                                           \
            ar_vec_reserve(v, (v).len + 1);                                               \
        (v).data[(v).len++] = (x);                                                        \
    } while (0)

/* Appends n elements copied from the array src. */
#define ar_vec_append(v, src, n)                                                          \
    do {                                                                                  \
        size_t ar_vec_n_ = (size_t)(n);                                                   \
        if (ar_vec_n_ > 0) {                                                              \
            ar_vec_reserve(v, (v).len + ar_vec_n_);                                       \
            memcpy((v).data + (v).len, (src), ar_vec_n_ * sizeof *(v).data);              \
            (v).len += ar_vec_n_;                                                         \
        }                                                                                 \
    } while (0)

/* Removes and yields the last element (len > 0; not checked). */
#define ar_vec_pop(v) ((v).data[--(v).len])
/* The last element as an lvalue (len > 0; not checked). */
#define ar_vec_last(v) ((v).data[(v).len - 1])

#ifdef __cplusplus
}
#endif
#endif
