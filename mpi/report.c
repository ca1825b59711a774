/* report.c — what rank 0 tells about a distributed run: every rank's
 * statistics gathered and printed (a Markdown table, or a JSON array), the
 * progress line of the whole run, and one status agreed by all ranks. */
#include "dist.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ariadne/memory.h"
#include "ariadne/timer.h"
#include "ariadne/tool.h"

#define STAT_FIELDS 16

static void to_array(const dist_stats *s, double *a)
{
    a[0] = (double)s->expanded;
    a[1] = (double)s->generated;
    a[2] = (double)s->sent;
    a[3] = (double)s->received;
    a[4] = (double)s->duplicates;
    a[5] = (double)s->reexpanded;
    a[6] = (double)s->local;
    a[7] = (double)s->msgs_sent;
    a[8] = (double)s->msgs_received;
    a[9] = (double)s->bytes_sent;
    a[10] = (double)s->bytes_received;
    a[11] = (double)s->steals;
    a[12] = (double)s->steals_refused;
    a[13] = (double)s->splits;
    a[14] = (double)s->peak_bytes;
    a[15] = s->idle;
}

static void from_array(const double *a, double seconds, dist_stats *s)
{
    s->expanded = (uint64_t)a[0];
    s->generated = (uint64_t)a[1];
    s->sent = (uint64_t)a[2];
    s->received = (uint64_t)a[3];
    s->duplicates = (uint64_t)a[4];
    s->reexpanded = (uint64_t)a[5];
    s->local = (uint64_t)a[6];
    s->msgs_sent = (uint64_t)a[7];
    s->msgs_received = (uint64_t)a[8];
    s->bytes_sent = (uint64_t)a[9];
    s->bytes_received = (uint64_t)a[10];
    s->steals = (uint64_t)a[11];
    s->steals_refused = (uint64_t)a[12];
    s->splits = (uint64_t)a[13];
    s->peak_bytes = (uint64_t)a[14];
    s->idle = a[15];
    s->seconds = seconds;
}

void dist_gather_stats(dist_comm *c, const dist_stats *mine, dist_run_info *info)
{
    /* Counters travel as doubles: exact up to 2^53, far beyond any run. */
    double a[STAT_FIELDS + 1], *all = NULL;
    int r, f;
    to_array(mine, a);
    a[STAT_FIELDS] = mine->seconds;
    if (c->rank == 0)
        all = ar_xmalloc(sizeof *all * (STAT_FIELDS + 1) * (size_t)c->size);
    MPI_Gather(a, STAT_FIELDS + 1, MPI_DOUBLE, all, STAT_FIELDS + 1, MPI_DOUBLE, 0, c->comm);
    info->size = c->size;
    if (c->rank != 0)
        return;
    free(info->ranks);
    info->ranks = ar_xcalloc((size_t)c->size, sizeof *info->ranks);
    memset(&info->total, 0, sizeof info->total);
    for (r = 0; r < c->size; r++) {
        double *row = all + (size_t)r * (STAT_FIELDS + 1), sum[STAT_FIELDS];
        from_array(row, row[STAT_FIELDS], &info->ranks[r]);
        to_array(&info->total, sum);
        for (f = 0; f < STAT_FIELDS; f++)
            sum[f] += row[f];
        from_array(sum, info->total.seconds > row[STAT_FIELDS] ? info->total.seconds : row[STAT_FIELDS],
                   &info->total);
    }
    free(all);
}

void dist_run_info_free(dist_run_info *info)
{
    free(info->ranks);
    free(info->iter_expanded);
    free(info->iter_bound);
    memset(info, 0, sizeof *info);
}

ar_status dist_agree(MPI_Comm comm, ar_status mine, ar_error *err)
{
    int local = (int)mine, worst = 0, me, who_local, who;
    MPI_Allreduce(&local, &worst, 1, MPI_INT, MPI_MAX, comm);
    if (worst == AR_OK)
        return AR_OK;
    MPI_Comm_rank(comm, &me);
    who_local = local == worst ? me : 1 << 30;
    MPI_Allreduce(&who_local, &who, 1, MPI_INT, MPI_MIN, comm);
    {
        char msg[AR_ERROR_MESSAGE_MAX];
        memset(msg, 0, sizeof msg);
        if (me == who && err)
            snprintf(msg, sizeof msg, "%s", err->message);
        MPI_Bcast(msg, (int)sizeof msg, MPI_CHAR, who, comm);
        if (err) {
            err->status = (ar_status)worst;
            snprintf(err->message, sizeof err->message, "%s", msg);
        }
    }
    return (ar_status)worst;
}

ar_status dist_staged(MPI_Comm comm, ar_status (*step)(void *ctx, ar_error *err), void *ctx, ar_error *err)
{
    MPI_Comm node;
    int me, node_rank = 0, stage, k;
    ar_status st = AR_OK;
    MPI_Comm_rank(comm, &me);
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_rank(node, &node_rank);
        MPI_Comm_free(&node);
    }
    stage = me == 0 ? 0 : node_rank == 0 ? 1 : 2;
    for (k = 0; k < 3; k++) {
        if (stage == k)
            st = step(ctx, err);
        MPI_Barrier(comm);
    }
    return dist_agree(comm, st, err);
}

/* --- progress ------------------------------------------------------------- */

void dist_progress_begin(dist_comm *c)
{
    if (c->rank == 0) {
        c->prog_expanded = ar_xcalloc((size_t)c->size, sizeof *c->prog_expanded);
        c->prog_generated = ar_xcalloc((size_t)c->size, sizeof *c->prog_generated);
    }
    c->next_progress = ar_now() + 0.5;
}

void dist_progress_take(dist_comm *c, int source, uint64_t expanded, uint64_t generated)
{
    if (c->prog_expanded && source >= 0 && source < c->size) {
        c->prog_expanded[source] = expanded;
        c->prog_generated[source] = generated;
    }
}

void dist_progress_tick(dist_comm *c, uint64_t expanded, uint64_t generated, ar_progress *pr,
                        const char *what)
{
    double now = ar_now();
    if (now < c->next_progress)
        return;
    c->next_progress = now + 0.5;
    if (c->rank != 0) {
        dist_control ctl = {DIST_PROGRESS, 0, expanded, generated};
        dist_send_control(c, 0, &ctl);
    } else if (pr && c->prog_expanded) {
        uint64_t e = 0, g = 0;
        int r;
        char detail[128];
        c->prog_expanded[0] = expanded;
        c->prog_generated[0] = generated;
        for (r = 0; r < c->size; r++) {
            e += c->prog_expanded[r];
            g += c->prog_generated[r];
        }
        snprintf(detail, sizeof detail, "%s, %d rank%s, generated %" PRIu64, what, c->size,
                 c->size == 1 ? "" : "s", g);
        ar_progress_update(pr, e, 0, "nodes", detail);
    }
}

void dist_progress_end(dist_comm *c, ar_progress *pr)
{
    if (c->rank == 0 && pr)
        ar_progress_finish(pr);
    free(c->prog_expanded);
    free(c->prog_generated);
    c->prog_expanded = c->prog_generated = NULL;
}

/* --- the table ------------------------------------------------------------ */

static void row(FILE *out, const char *name, const dist_stats *s)
{
    char b[32];
    fprintf(out,
            "| %s | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64
            " | %s | %.2f | %.2f |\n",
            name, s->expanded, s->generated, s->local, s->sent, s->received, s->duplicates,
            s->msgs_sent, ar_format_bytes((size_t)s->bytes_sent, b, sizeof b), s->idle, s->seconds);
}

void dist_print_stats(FILE *out, const dist_run_info *info)
{
    int r;
    char name[32];
    if (!info->ranks)
        return;
    fprintf(out, "\nper rank (%s):\n\n", info->algorithm);
    fprintf(out, "| rank | expanded | generated | kept local | sent | received | duplicates | messages | "
                 "bytes sent | idle s | s |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (r = 0; r < info->size; r++) {
        snprintf(name, sizeof name, "%d", r);
        row(out, name, &info->ranks[r]);
    }
    row(out, "all", &info->total);
    if (info->total.steals || info->total.steals_refused || info->total.splits)
        fprintf(out, "\nwork stealing: %" PRIu64 " requests answered with work, %" PRIu64
                     " refused, %" PRIu64 " searches split\n",
                info->total.steals, info->total.steals_refused, info->total.splits);
    if (info->total.reexpanded)
        fprintf(out, "re-expanded (a better path came later): %" PRIu64 "\n", info->total.reexpanded);
}

static void json_stats(FILE *out, const dist_stats *s)
{
    fprintf(out,
            "{\"expanded\":%" PRIu64 ",\"generated\":%" PRIu64 ",\"local\":%" PRIu64 ",\"sent\":%" PRIu64
            ",\"received\":%" PRIu64 ",\"duplicates\":%" PRIu64 ",\"reexpanded\":%" PRIu64
            ",\"messages_sent\":%" PRIu64 ",\"messages_received\":%" PRIu64 ",\"bytes_sent\":%" PRIu64
            ",\"bytes_received\":%" PRIu64 ",\"steals\":%" PRIu64 ",\"steals_refused\":%" PRIu64
            ",\"splits\":%" PRIu64 ",\"peak_bytes\":%" PRIu64 ",\"idle_seconds\":%.3f,\"seconds\":%.3f}",
            s->expanded, s->generated, s->local, s->sent, s->received, s->duplicates, s->reexpanded,
            s->msgs_sent, s->msgs_received, s->bytes_sent, s->bytes_received, s->steals,
            s->steals_refused, s->splits, s->peak_bytes, s->idle, s->seconds);
}

void dist_print_stats_json(FILE *out, const dist_run_info *info)
{
    int r;
    fputs("\"ranks\":[", out);
    for (r = 0; info->ranks && r < info->size; r++) {
        if (r)
            fputc(',', out);
        json_stats(out, &info->ranks[r]);
    }
    fputs("],\"total\":", out);
    json_stats(out, &info->total);
}
