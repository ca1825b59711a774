/* ariadne/rng.h — a small seeded pseudo-random generator (xoshiro256** seeded
 * by splitmix64), so every randomised run is reproducible from its --seed. */
#ifndef ARIADNE_RNG_H
#define ARIADNE_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ar_rng {
    uint64_t s[4];
} ar_rng;

void ar_rng_seed(ar_rng *rng, uint64_t seed);
uint64_t ar_rng_next(ar_rng *rng);
/* The same step, inline, for hot loops (a simulator's card draws). */
static inline uint64_t ar_rng_next_inline(ar_rng *rng)
{
    uint64_t *s = rng->s, result = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3] << 45 | s[3] >> 19;
    return result;
}
/* Uniform in [0, bound) without modulo bias; bound > 0. */
uint64_t ar_rng_below(ar_rng *rng, uint64_t bound);
/* Uniform double in [0, 1). */
double ar_rng_double(ar_rng *rng);

#ifdef __cplusplus
}
#endif
#endif
