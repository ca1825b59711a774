/* comm.c — the message layer of ariadne-mpi (dist.h): batches of work per
 * destination sent without blocking, receives of any tag, Safra's
 * termination detection, idling with back-off, and the end-of-phase drain.
 *
 * Sends are MPI_Isend of buffers the layer owns until MPI says they are
 * done; nothing ever blocks on a send, so two ranks sending to each other
 * cannot deadlock. A batch buffer leaves with its send and a new one is
 * taken, so appending never waits either. */
#include "dist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ariadne/memory.h"
#include "ariadne/timer.h"

struct dist_flight {
    MPI_Request req;
    unsigned char *buf;
};

typedef struct token {
    int64_t q;
    int32_t black;
    int32_t pad;
} token;

void dist_init(dist_comm *c, MPI_Comm comm, size_t batch_bytes, dist_stats *st)
{
    int i;
    memset(c, 0, sizeof *c);
    c->comm = comm;
    MPI_Comm_rank(comm, &c->rank);
    MPI_Comm_size(comm, &c->size);
    c->batch_bytes = batch_bytes < 256 ? 256 : batch_bytes;
    c->batch = ar_xcalloc((size_t)c->size, sizeof *c->batch);
    c->batch_len = ar_xcalloc((size_t)c->size, sizeof *c->batch_len);
    for (i = 0; i < c->size; i++)
        c->batch[i] = ar_xmalloc(c->batch_bytes);
    c->rcap = c->batch_bytes + 1024;
    c->rbuf = ar_xmalloc(c->rcap);
    c->st = st;
}

/* Frees the buffers of sends MPI has finished with. */
static void reap(dist_comm *c)
{
    size_t i = 0;
    while (i < c->nflights) {
        int done = 0;
        MPI_Test(&c->flights[i].req, &done, MPI_STATUS_IGNORE);
        if (done) {
            free(c->flights[i].buf);
            c->flights[i] = c->flights[--c->nflights];
        } else {
            i++;
        }
    }
}

void dist_free(dist_comm *c)
{
    int i;
    while (c->nflights) { /* every send must complete before the buffers go */
        MPI_Wait(&c->flights[c->nflights - 1].req, MPI_STATUS_IGNORE);
        free(c->flights[--c->nflights].buf);
    }
    for (i = 0; i < c->size; i++)
        free(c->batch[i]);
    free(c->batch);
    free(c->batch_len);
    free(c->flights);
    free(c->rbuf);
    free(c->prog_expanded);
    free(c->prog_generated);
    memset(c, 0, sizeof *c);
}

/* Sends buf (which the layer now owns) to dest. */
static void post(dist_comm *c, int dest, int tag, unsigned char *buf, size_t len)
{
    dist_flight *f;
    if (c->nflights == c->flights_cap) {
        reap(c);
        if (c->nflights == c->flights_cap) {
            c->flights_cap = c->flights_cap ? c->flights_cap * 2 : 64;
            c->flights = ar_xrealloc(c->flights, c->flights_cap * sizeof *c->flights);
        }
    }
    f = &c->flights[c->nflights++];
    f->buf = buf;
    MPI_Isend(buf, (int)len, MPI_BYTE, dest, tag, c->comm, &f->req);
    if (tag == DIST_TAG_WORK)
        c->count++;
    if (c->st) {
        c->st->msgs_sent++;
        c->st->bytes_sent += len;
    }
}

void dist_send(dist_comm *c, int dest, int tag, const void *data, size_t len)
{
    unsigned char *buf = ar_xmalloc(len ? len : 1);
    if (len)
        memcpy(buf, data, len);
    post(c, dest, tag, buf, len);
}

void dist_send_control(dist_comm *c, int dest, const dist_control *ctl)
{
    dist_send(c, dest, DIST_TAG_CONTROL, ctl, sizeof *ctl);
}

void dist_broadcast_control(dist_comm *c, const dist_control *ctl)
{
    int r;
    for (r = 0; r < c->size; r++)
        if (r != c->rank)
            dist_send_control(c, r, ctl);
}

void dist_flush(dist_comm *c, int dest)
{
    if (!c->batch_len[dest])
        return;
    post(c, dest, DIST_TAG_WORK, c->batch[dest], c->batch_len[dest]);
    c->batch[dest] = ar_xmalloc(c->batch_bytes);
    c->batch_len[dest] = 0;
}

void dist_flush_all(dist_comm *c)
{
    int r;
    for (r = 0; r < c->size; r++)
        dist_flush(c, r);
    reap(c);
}

size_t dist_pending(const dist_comm *c)
{
    size_t n = 0;
    int r;
    for (r = 0; r < c->size; r++)
        n += c->batch_len[r];
    return n;
}

unsigned char *dist_batch_append(dist_comm *c, int dest, size_t len)
{
    unsigned char *p;
    if (c->batch_len[dest] + len > c->batch_bytes)
        dist_flush(c, dest);
    if (len > c->batch_bytes) { /* one record larger than a batch: a batch of its own */
        free(c->batch[dest]);
        c->batch[dest] = ar_xmalloc(len);
    }
    p = c->batch[dest] + c->batch_len[dest];
    c->batch_len[dest] += len;
    if (len > c->batch_bytes) { /* sent at once, the next batch normal-sized */
        post(c, dest, DIST_TAG_WORK, c->batch[dest], len);
        c->batch[dest] = ar_xmalloc(c->batch_bytes);
        c->batch_len[dest] = 0;
    }
    return p;
}

int dist_receive(dist_comm *c, dist_msg *m)
{
    int flag = 0, count;
    MPI_Status status;
    if (c->nflights > 32)
        reap(c);
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, c->comm, &flag, &status);
    if (!flag)
        return 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    if ((size_t)count > c->rcap) {
        c->rcap = (size_t)count;
        c->rbuf = ar_xrealloc(c->rbuf, c->rcap);
    }
    MPI_Recv(c->rbuf, count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, c->comm, MPI_STATUS_IGNORE);
    m->source = status.MPI_SOURCE;
    m->tag = status.MPI_TAG;
    m->data = c->rbuf;
    m->len = (size_t)count;
    if (c->st) {
        c->st->msgs_received++;
        c->st->bytes_received += (uint64_t)count;
    }
    if (m->tag == DIST_TAG_WORK) {
        c->count--;
        c->black = 1;
    } else if (m->tag == DIST_TAG_END) {
        c->ends++; /* may come before this rank reaches its own drain */
    } else if (m->tag == DIST_TAG_TOKEN && (size_t)count == sizeof(token)) {
        token t;
        memcpy(&t, m->data, sizeof t);
        c->has_token = 1;
        c->token_q = t.q;
        c->token_black = t.black;
    }
    return 1;
}

void dist_token_reset(dist_comm *c)
{
    c->count = 0;
    c->black = 0;
    c->has_token = 0;
    c->probing = 0;
    c->token_q = 0;
    c->token_black = 0;
}

static void pass_token(dist_comm *c, int64_t q, int black)
{
    token t;
    memset(&t, 0, sizeof t);
    t.q = q;
    t.black = black;
    dist_send(c, (c->rank + 1) % c->size, DIST_TAG_TOKEN, &t, sizeof t);
}

int dist_token_step(dist_comm *c)
{
    if (c->size == 1)
        return 1; /* alone and passive: done */
    if (c->rank == 0) {
        if (c->probing && !c->has_token)
            return 0; /* the token is on its way round */
        if (c->probing) { /* it is back */
            c->has_token = 0;
            if (!c->token_black && !c->black && c->token_q + c->count == 0)
                return 1;
        }
        c->probing = 1; /* start a (new) round */
        c->black = 0;
        pass_token(c, 0, 0);
        return 0;
    }
    if (c->has_token) {
        c->has_token = 0;
        pass_token(c, c->token_q + c->count, c->token_black || c->black);
        c->black = 0;
    }
    return 0;
}

void dist_busy(dist_comm *c) { c->idle_rounds = 0; }

void dist_idle(dist_comm *c)
{
    /* 2 us doubling to 1 ms: an answer that is on its way costs little
     * latency, a long wait costs no CPU */
    unsigned shift = c->idle_rounds < 9 ? c->idle_rounds : 9;
    struct timespec ts = {0, (long)(2000u << shift)};
    double t0 = ar_now();
    c->idle_rounds++;
    reap(c);
    nanosleep(&ts, NULL);
    if (c->st)
        c->st->idle += ar_now() - t0;
}

void dist_drain(dist_comm *c, void (*handle)(void *ctx, const dist_msg *m), void *ctx)
{
    int r;
    dist_flush_all(c);
    for (r = 0; r < c->size; r++)
        if (r != c->rank)
            dist_send(c, r, DIST_TAG_END, NULL, 0);
    while (c->ends < c->size - 1) {
        dist_msg m;
        if (!dist_receive(c, &m)) {
            dist_idle(c);
            continue;
        }
        dist_busy(c);
        if (m.tag != DIST_TAG_END && handle)
            handle(ctx, &m);
    }
    c->ends = 0;
    for (r = 0; r < c->size; r++) /* nobody reads a batch queued now: dropped */
        c->batch_len[r] = 0;
    reap(c);
    dist_token_reset(c);
}

int dist_take_control(dist_comm *c, const dist_msg *m, dist_control *ctl, int *done, ar_stop_reason *stop)
{
    memset(ctl, 0, sizeof *ctl);
    if (m->tag != DIST_TAG_CONTROL || m->len != sizeof *ctl)
        return 0; /* tokens are the layer's */
    memcpy(ctl, m->data, sizeof *ctl);
    switch (ctl->kind) {
    case DIST_DONE:
        *done = 1;
        return 1;
    case DIST_STOP:
        if (*stop == AR_STOP_NONE)
            *stop = (ar_stop_reason)ctl->a;
        return 1;
    case DIST_PROGRESS:
        dist_progress_take(c, m->source, ctl->x, ctl->y);
        return 1;
    default:
        return 0;
    }
}
