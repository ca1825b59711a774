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
/* Uniform in [0, bound) without modulo bias; bound > 0. */
uint64_t ar_rng_below(ar_rng *rng, uint64_t bound);
/* Uniform double in [0, 1). */
double ar_rng_double(ar_rng *rng);

#ifdef __cplusplus
}
#endif
#endif
