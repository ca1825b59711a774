/* tsp_data.c — distances and candidate neighbours of a travelling-salesman
 * instance.
 *
 * The distance functions are TSPLIB's (Reinelt, "TSPLIB 95", section 2):
 * whole numbers, rounded as the library prescribes for each EDGE_WEIGHT_TYPE,
 * so tour lengths agree with the published optima. Up to TSP_MATRIX_MAX
 * cities they are computed once into a matrix. Each city's k nearest cities
 * (the candidate lists every local-search move is drawn from) are found by
 * scanning all cities for small or non-planar instances, and through a
 * bucket grid for large planar ones; ties are broken by city number, so
 * both ways give the same lists. */
#include "tsp_internal.h"

#include <stdlib.h>
#include <string.h>

static int32_t nint(double v) { return (int32_t)(v + 0.5); }

int32_t ar_tsp_dist_compute(const tsp_data *d, uint32_t i, uint32_t j)
{
    double dx, dy, dz, r;
    if (i == j)
        return 0;
    switch (d->metric) {
    case TSP_EUC_2D:
        dx = d->x[i] - d->x[j];
        dy = d->y[i] - d->y[j];
        return nint(sqrt(dx * dx + dy * dy));
    case TSP_CEIL_2D:
        dx = d->x[i] - d->x[j];
        dy = d->y[i] - d->y[j];
        return (int32_t)ceil(sqrt(dx * dx + dy * dy));
    case TSP_ATT: {
        int32_t t;
        dx = d->x[i] - d->x[j];
        dy = d->y[i] - d->y[j];
        r = sqrt((dx * dx + dy * dy) / 10.0);
        t = nint(r);
        return (double)t < r ? t + 1 : t;
    }
    case TSP_GEO: {
        /* x: latitude, y: longitude, both in radians (tsp_tsplib.c). */
        const double rrr = 6378.388;
        double q1 = cos(d->y[i] - d->y[j]), q2 = cos(d->x[i] - d->x[j]), q3 = cos(d->x[i] + d->x[j]);
        double c = 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3);
        if (c > 1.0)
            c = 1.0;
        if (c < -1.0)
            c = -1.0;
        return (int32_t)(rrr * acos(c) + 1.0);
    }
    case TSP_MAN_2D:
        return nint(fabs(d->x[i] - d->x[j]) + fabs(d->y[i] - d->y[j]));
    case TSP_MAX_2D: {
        int32_t a = nint(fabs(d->x[i] - d->x[j])), b = nint(fabs(d->y[i] - d->y[j]));
        return a > b ? a : b;
    }
    case TSP_EUC_3D:
        dx = d->x[i] - d->x[j];
        dy = d->y[i] - d->y[j];
        dz = d->z[i] - d->z[j];
        return nint(sqrt(dx * dx + dy * dy + dz * dz));
    case TSP_EXPLICIT:
        return d->matrix[(size_t)i * d->n + j];
    }
    return 0;
}

int64_t ar_tsp_tour_length(const tsp_data *d, const uint32_t *order)
{
    int64_t sum = 0;
    uint32_t i;
    for (i = 0; i < d->n; i++)
        sum += tsp_dist(d, order[i], order[i + 1 == d->n ? 0 : i + 1]);
    return sum;
}

void ar_tsp_data_free(tsp_data *d)
{
    if (!d)
        return;
    free(d->x);
    free(d->y);
    free(d->z);
    free(d->matrix);
    free(d->neighbours);
    free(d->neighbour_dist);
    free(d);
}

/* --- candidate lists --- */

/* Inserts (j, dj) into city i's sorted list of at most k (ties by number). */
static void offer(uint32_t *list, int32_t *dist, uint32_t *count, uint32_t k, uint32_t j, int32_t dj)
{
    uint32_t p = *count < k ? (*count)++ : k;
    if (p == k && (dj > dist[k - 1] || (dj == dist[k - 1] && j > list[k - 1])))
        return;
    if (p == k)
        p = k - 1;
    while (p > 0 && (dist[p - 1] > dj || (dist[p - 1] == dj && list[p - 1] > j))) {
        list[p] = list[p - 1];
        dist[p] = dist[p - 1];
        p--;
    }
    list[p] = j;
    dist[p] = dj;
}

static void neighbours_by_scan(tsp_data *d)
{
    uint32_t n = d->n, k = d->k, i, j;
    for (i = 0; i < n; i++) {
        uint32_t count = 0, *list = d->neighbours + (size_t)i * k;
        int32_t *dist = d->neighbour_dist + (size_t)i * k;
        for (j = 0; j < n; j++)
            if (j != i)
                offer(list, dist, &count, k, j, tsp_dist(d, i, j));
    }
}

/* The smallest distance a city can have to another whose coordinates
 * differ by more than t in x or y. */
static double lower_beyond(const tsp_data *d, double t)
{
    return d->metric == TSP_ATT ? t / sqrt(10.0) - 1.0 : t - 1.0;
}

static ar_status neighbours_by_grid(tsp_data *d, ar_error *err)
{
    uint32_t n = d->n, k = d->k, g, i, c;
    double minx = d->x[0], maxx = d->x[0], miny = d->y[0], maxy = d->y[0], cell;
    uint32_t *start, *items, *cx, *cy;
    for (i = 1; i < n; i++) {
        minx = d->x[i] < minx ? d->x[i] : minx;
        maxx = d->x[i] > maxx ? d->x[i] : maxx;
        miny = d->y[i] < miny ? d->y[i] : miny;
        maxy = d->y[i] > maxy ? d->y[i] : maxy;
    }
    g = (uint32_t)ceil(sqrt((double)n / 2.0));
    cell = ((maxx - minx > maxy - miny ? maxx - minx : maxy - miny) + 1e-9) / g;
    if (cell <= 0)
        cell = 1;
    start = calloc((size_t)g * g + 1, sizeof *start);
    items = malloc(sizeof *items * n);
    cx = malloc(sizeof *cx * n);
    cy = malloc(sizeof *cy * n);
    if (!start || !items || !cx || !cy) {
        free(start);
        free(items);
        free(cx);
        free(cy);
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory building the neighbour grid");
    }
    for (i = 0; i < n; i++) {
        cx[i] = (uint32_t)((d->x[i] - minx) / cell);
        cy[i] = (uint32_t)((d->y[i] - miny) / cell);
        cx[i] = cx[i] >= g ? g - 1 : cx[i];
        cy[i] = cy[i] >= g ? g - 1 : cy[i];
        start[cy[i] * g + cx[i] + 1]++;
    }
    for (c = 0; c < g * g; c++)
        start[c + 1] += start[c];
    {
        uint32_t *fill = malloc(sizeof *fill * ((size_t)g * g));
        if (!fill) {
            free(start);
            free(items);
            free(cx);
            free(cy);
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory building the neighbour grid");
        }
        memcpy(fill, start, sizeof *fill * ((size_t)g * g));
        for (i = 0; i < n; i++)
            items[fill[cy[i] * g + cx[i]]++] = i;
        free(fill);
    }
    for (i = 0; i < n; i++) {
        uint32_t count = 0, *list = d->neighbours + (size_t)i * k, r;
        int32_t *dist = d->neighbour_dist + (size_t)i * k;
        for (r = 0; r <= g; r++) {
            long y0 = (long)cy[i] - (long)r, y1 = (long)cy[i] + (long)r, x0 = (long)cx[i] - (long)r,
                 x1 = (long)cx[i] + (long)r, yy, xx;
            for (yy = y0; yy <= y1; yy++) {
                if (yy < 0 || yy >= (long)g)
                    continue;
                for (xx = x0; xx <= x1; xx++) {
                    uint32_t s;
                    if (xx < 0 || xx >= (long)g)
                        continue;
                    if (yy != y0 && yy != y1 && xx != x0 && xx != x1)
                        continue; /* inside the ring: done already */
                    for (s = start[yy * (long)g + xx]; s < start[yy * (long)g + xx + 1]; s++)
                        if (items[s] != i)
                            offer(list, dist, &count, k, items[s], tsp_dist(d, i, items[s]));
                }
            }
            /* Every city beyond ring r is more than r cells away in x or y. */
            if (count == k && (double)dist[k - 1] < lower_beyond(d, (double)r * cell))
                break;
        }
    }
    free(start);
    free(items);
    free(cx);
    free(cy);
    return AR_OK;
}

ar_status ar_tsp_prepare(tsp_data *d, ar_error *err)
{
    uint32_t n = d->n, i, j;
    if (!d->matrix && n <= TSP_MATRIX_MAX) {
        d->matrix = malloc(sizeof *d->matrix * (size_t)n * n);
        if (!d->matrix)
            return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the distance matrix of %u cities", n);
        for (i = 0; i < n; i++) {
            d->matrix[(size_t)i * n + i] = 0;
            for (j = 0; j < i; j++)
                d->matrix[(size_t)i * n + j] = d->matrix[(size_t)j * n + i] = ar_tsp_dist_compute(d, i, j);
        }
    }
    if (d->k > n - 1)
        d->k = n - 1;
    d->neighbours = malloc(sizeof *d->neighbours * (size_t)n * d->k);
    d->neighbour_dist = malloc(sizeof *d->neighbour_dist * (size_t)n * d->k);
    if (!d->neighbours || !d->neighbour_dist)
        return ar_error_set(err, AR_ERR_MEMORY, "out of memory for the neighbour lists of %u cities", n);
    if (n > 2000 && d->metric != TSP_EXPLICIT && d->metric != TSP_GEO && d->metric != TSP_EUC_3D)
        return neighbours_by_grid(d, err);
    neighbours_by_scan(d);
    return AR_OK;
}
