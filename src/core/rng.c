/* rng.c — xoshiro256** (Blackman & Vigna) seeded through splitmix64; written
 * from the published description. Deterministic: the same seed gives the same
 * sequence on every machine. */
#include "ariadne/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ar_rng_seed(ar_rng *rng, uint64_t seed)
{
    int i;
    for (i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

uint64_t ar_rng_next(ar_rng *rng) { return ar_rng_next_inline(rng); }

uint64_t ar_rng_below(ar_rng *rng, uint64_t bound)
{
    /* Rejection of the short top interval removes the modulo bias. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do
        x = ar_rng_next(rng);
    while (x >= limit);
    return x % bound;
}

double ar_rng_double(ar_rng *rng) { return (double)(ar_rng_next(rng) >> 11) * 0x1.0p-53; }
