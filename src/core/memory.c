/* memory.c — the allocation wrapper with accounting against --memory-limit.
 *
 * Searches allocate their big tables through ar_mem_alloc so an over-limit
 * request becomes a clean AR_ERR_MEMORY (the search then reports the best it has)
 * rather than the kernel's OOM killer. Small CLI bookkeeping uses ar_x*alloc. */
#include "ariadne/memory.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ar_mem_init(ar_mem *mem, size_t limit)
{
    mem->limit = limit;
    mem->used = 0;
    mem->peak = 0;
}

int ar_mem_fits(const ar_mem *mem, size_t extra)
{
    if (!mem || mem->limit == 0)
        return 1;
    return mem->used <= mem->limit && extra <= mem->limit - mem->used;
}

static ar_status refuse(const ar_mem *mem, size_t size, const char *what, ar_error *err)
{
    char need[32], used[32], limit[32];
    ar_format_bytes(size, need, sizeof need);
    if (mem && mem->limit && !ar_mem_fits(mem, size)) {
        ar_format_bytes(mem->used, used, sizeof used);
        ar_format_bytes(mem->limit, limit, sizeof limit);
        return ar_error_set(err, AR_ERR_MEMORY,
                            "memory limit reached: %s needs %s more with %s in use of a %s limit "
                            "(raise parameter memory-limit or choose a smaller problem)",
                            what ? what : "allocation", need, used, limit);
    }
    return ar_error_set(err, AR_ERR_MEMORY, "out of memory: %s could not get %s",
                        what ? what : "allocation", need);
}

static void account(ar_mem *mem, size_t add, size_t sub)
{
    if (!mem)
        return;
    mem->used = mem->used - sub + add;
    if (mem->used > mem->peak)
        mem->peak = mem->used;
}

void *ar_mem_alloc(ar_mem *mem, size_t size, int zero, const char *what, ar_error *err)
{
    void *p;
    if (size == 0)
        size = 1;
    if (!ar_mem_fits(mem, size)) {
        refuse(mem, size, what, err);
        return NULL;
    }
    p = zero ? calloc(1, size) : malloc(size);
    if (!p) {
        refuse(NULL, size, what, err);
        return NULL;
    }
    account(mem, size, 0);
    return p;
}

void *ar_mem_realloc(ar_mem *mem, void *ptr, size_t old_size, size_t new_size, const char *what,
                     ar_error *err)
{
    void *p;
    if (new_size == 0)
        new_size = 1;
    if (new_size > old_size && !ar_mem_fits(mem, new_size - old_size)) {
        refuse(mem, new_size - old_size, what, err);
        return NULL;
    }
    p = realloc(ptr, new_size);
    if (!p) {
        refuse(NULL, new_size, what, err);
        return NULL;
    }
    account(mem, new_size, ptr ? old_size : 0);
    return p;
}

void ar_mem_free(ar_mem *mem, void *ptr, size_t size)
{
    if (!ptr)
        return;
    free(ptr);
    if (mem) {
        if (size == 0)
            size = 1;
        mem->used = size <= mem->used ? mem->used - size : 0;
    }
}

size_t ar_physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0)
        return 0;
    return (size_t)pages * (size_t)page_size;
}

ar_status ar_parse_size(const char *text, size_t *bytes, ar_error *err)
{
    char *end;
    double value, scale = 1.0;
    if (!text || !*text || isspace((unsigned char)*text) || *text == '-')
        return ar_error_set(err, AR_ERR_INPUT, "bad size '%s': expected a number such as 512M or 4G",
                            text ? text : "");
    if (strpbrk(text, "xXnN")) /* no hex, nan or inf: sizes are plain decimals */
        return ar_error_set(err, AR_ERR_INPUT, "bad size '%s': expected a number such as 512M or 4G",
                            text);
    errno = 0;
    value = strtod(text, &end);
    if (end == text || errno || !(value >= 0))
        return ar_error_set(err, AR_ERR_INPUT, "bad size '%s': expected a number such as 512M or 4G",
                            text);
    switch (toupper((unsigned char)*end)) {
    case '\0': break;
    case 'K': scale = 1024.0; end++; break;
    case 'M': scale = 1024.0 * 1024.0; end++; break;
    case 'G': scale = 1024.0 * 1024.0 * 1024.0; end++; break;
    case 'T': scale = 1024.0 * 1024.0 * 1024.0 * 1024.0; end++; break;
    case 'B': break;
    default:
        return ar_error_set(err, AR_ERR_INPUT, "bad size '%s': unknown unit '%s' (use K, M, G or T)",
                            text, end);
    }
    if ((end[0] == 'i' || end[0] == 'I') && (end[1] == 'B' || end[1] == 'b'))
        end += 2;
    else if (end[0] == 'B' || end[0] == 'b')
        end++;
    if (*end)
        return ar_error_set(err, AR_ERR_INPUT, "bad size '%s': unexpected '%s' after the number",
                            text, end);
    value *= scale;
    if (value >= 18446744073709551615.0 || value > (double)SIZE_MAX)
        return ar_error_set(err, AR_ERR_INPUT, "bad size '%s': too large", text);
    *bytes = (size_t)value;
    return AR_OK;
}

const char *ar_format_bytes(size_t bytes, char *buf, size_t size)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        u++;
    }
    if (u == 0)
        snprintf(buf, size, "%zu B", bytes);
    else
        snprintf(buf, size, "%.1f %s", v, units[u]);
    return buf;
}

static void *checked(void *p)
{
    if (!p) {
        fputs("ariadne: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *ar_xmalloc(size_t size) { return checked(malloc(size ? size : 1)); }
void *ar_xcalloc(size_t count, size_t size) { return checked(calloc(count ? count : 1, size ? size : 1)); }
void *ar_xrealloc(void *ptr, size_t size) { return checked(realloc(ptr, size ? size : 1)); }

size_t ar_xsize(uint64_t n)
{
    if (n > SIZE_MAX) {
        fputs("ariadne: out of memory (a size past this platform's address space)\n", stderr);
        abort();
    }
    return (size_t)n;
}

char *ar_xstrdup(const char *text)
{
    size_t n = strlen(text) + 1;
    return memcpy(ar_xmalloc(n), text, n);
}
