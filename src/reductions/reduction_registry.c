/* reduction_registry.c — the table of AND-OR domains, made from
 * reductions.def: the one place that lists them. Lookup by name; everything
 * else about a domain is reached through its descriptor (andor.h). */
#include "ariadne/andor.h"

#include <string.h>

#define AR_REDUCTION(sym) extern const ar_andor_domain sym;
#include "reductions.def"
#undef AR_REDUCTION

static const ar_andor_domain *const registry[] = {
#define AR_REDUCTION(sym) &sym,
#include "reductions.def"
#undef AR_REDUCTION
    NULL};

const ar_andor_domain *const *ar_andor_domains(void) { return registry; }

const ar_andor_domain *ar_andor_domain_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; registry[i]; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}
