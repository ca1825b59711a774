/* solve.c — the verbs that run a search on one instance: `solve`, `hint`,
 * `verify` and `at`.
 *
 * A result is printed only once the search has finished, so an error never
 * leaves half a result on stdout. The one exception is a domain solver that
 * streams a closed-form solution too long to hold (2^30
 * moves): its moves are printed as they come, and an interruption is said
 * plainly after them. */
#include "cli.h"
#include "ariadne/game.h"
#include "page_cli.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "ariadne/local.h"
#include "ariadne/json.h"
#include "ariadne/memory.h"
#include "ariadne/timer.h"

static size_t process_peak_bytes(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (size_t)ru.ru_maxrss * 1024u;
}

static void print_head(printer *pr)
{
    FILE *out = pr->out;
    if (pr->head_done)
        return;
    pr->head_done = 1;
    if (pr->c->moves_only)
        return;
    if (pr->c->json) {
        fputs("{\"domain\":", out);
        ar_json_string(out, pr->p->name);
        if (pr->label) {
            fputs(",\"label\":", out);
            ar_json_string(out, pr->label);
        }
        fputs(",\"instance\":", out);
        ar_json_string(out, pr->description);
        fputs(",\"algorithm\":", out);
        ar_json_string(out, pr->res->algorithm ? pr->res->algorithm : "");
        fputs(",\"heuristic\":", out);
        if (pr->res->heuristic)
            ar_json_string(out, pr->res->heuristic);
        else
            fputs("null", out);
    } else {
        fprintf(out, "domain:      %s (%s)\n", pr->p->name, pr->description);
        fprintf(out, "algorithm:   %s", pr->res->algorithm ? pr->res->algorithm : "?");
        if (pr->res->heuristic)
            fprintf(out, " (heuristic %s)", pr->res->heuristic);
        fputc('\n', out);
    }
}

static void begin_moves(printer *pr)
{
    if (pr->c->moves_only)
        ;
    else if (pr->c->json)
        fputs(",\"moves\":\"", pr->out);
    else
        fputs("moves:\n", pr->out);
    pr->column = 0;
}

static ar_status stream_emit(void *ctx, const ar_move *moves, size_t count)
{
    printer *pr = ctx;
    if (ar_tool_interrupted)
        return AR_ERR_LIMIT;
    if (!pr->head_done) {
        print_head(pr);
        begin_moves(pr);
    }
    ar_puzzle_print_moves(pr->out, pr->p, pr->inst, moves, count, !pr->c->json, &pr->column);
    pr->emitted += count;
    if (ferror(pr->out))
        return AR_ERR_IO;
    return AR_OK;
}

static int exit_status(const ar_result *res, int have_moves)
{
    switch (res->outcome) {
    case AR_OUTCOME_SOLVED: return AR_EXIT_OK;
    case AR_OUTCOME_NO_SOLUTION: return AR_EXIT_NO_SOLUTION;
    case AR_OUTCOME_STOPPED: return have_moves ? AR_EXIT_OK : AR_EXIT_LIMIT;
    case AR_OUTCOME_NONE: break; /* ar_solve failed: reported before any result */
    }
    return AR_EXIT_LIMIT;
}

static void print_tail(printer *pr, int complete)
{
    FILE *out = pr->out;
    ar_result *res = pr->res;
    int have_moves = res->streamed ? 1
                                   : res->moves != NULL || (res->outcome == AR_OUTCOME_SOLVED &&
                                                            res->length == 0);
    size_t peak = res->peak_bytes > process_peak_bytes() ? res->peak_bytes : process_peak_bytes();
    char mem[32];
    const char *status = complete ? ar_outcome_name(res->outcome) : "limit";

    if (pr->c->moves_only) { /* the moves alone, as verify --moves-file reads them; the rest on stderr */
        if (pr->emitted)
            fputc('\n', out);
        else if (have_moves && res->length) {
            ar_puzzle_print_moves(out, pr->p, pr->inst, res->moves, res->length, 1, &pr->column);
            fputc('\n', out);
        }
        if (!complete)
            ar_tool_error(0, "solve: stopped by %s after %" PRIu64 " moves: the move list is incomplete",
                          res->stop != AR_STOP_NONE ? ar_stop_reason_name(res->stop) : "an output error", pr->emitted);
        else if (res->outcome == AR_OUTCOME_NO_SOLUTION)
            ar_tool_error(0, "solve: %s", res->note[0] ? res->note : "no solution");
        else if (res->outcome == AR_OUTCOME_STOPPED)
            ar_tool_error(0, "solve: stopped by %s%s", ar_stop_reason_name(res->stop),
                          have_moves ? " (the best solution so far, not proven optimal)" : " before any solution");
        return;
    }
    if (pr->c->json) {
        if (res->streamed || pr->emitted) {
            if (!pr->emitted)
                begin_moves(pr);
            fputs("\"", out);
        }
        else if (have_moves) {
            begin_moves(pr);
            ar_puzzle_print_moves(out, pr->p, pr->inst, res->moves, res->length, 0, &pr->column);
            fputs("\"", out);
        } else {
            fputs(",\"moves\":null", out);
        }
        if (have_moves && complete)
            fprintf(out, ",\"length\":%" PRIu64 ",\"cost\":%" PRIu64, res->length, res->cost);
        else if (have_moves || pr->emitted)
            fprintf(out, ",\"length\":%" PRIu64 ",\"cost\":null", pr->emitted);
        else
            fputs(",\"length\":null,\"cost\":null", out);
        /* A streamed list cut short is labelled as such, never passed off as
         * a solution. */
        fprintf(out, ",\"partial\":%s", complete ? "false" : "true");
        fprintf(out, ",\"optimal\":%s", complete && have_moves && res->optimal ? "true" : "false");
        fputs(",\"status\":", out);
        ar_json_string(out, status);
        fputs(",\"stop_reason\":", out);
        if (res->outcome == AR_OUTCOME_STOPPED || !complete)
            ar_json_string(out, ar_stop_reason_name(res->stop != AR_STOP_NONE ? res->stop
                                                                               : AR_STOP_INTERRUPT));
        else
            fputs("null", out);
        fputs(",\"lower_bound\":", out);
        if (res->has_lower_bound)
            fprintf(out, "%" PRIu64, res->lower_bound);
        else
            fputs("null", out);
        fprintf(out, ",\"nodes_expanded\":%" PRIu64 ",\"nodes_generated\":%" PRIu64
                     ",\"seconds\":%.6f,\"peak_bytes\":%zu,\"note\":",
                res->expanded, res->generated, res->seconds, peak);
        if (!complete) {
            char note[sizeof res->note + 160];
            snprintf(note, sizeof note, "the move list is incomplete: stopped by %s after %" PRIu64
                                        " moves were written%s%s",
                     res->stop != AR_STOP_NONE ? ar_stop_reason_name(res->stop) : "an output error", pr->emitted,
                     res->note[0] ? "; " : "", res->note);
            ar_json_string(out, note);
        } else {
            ar_json_string(out, res->note);
        }
        fputs("}\n", out);
        return;
    }
    if (pr->emitted) {
        fputc('\n', out);
    } else if (res->streamed) {
        fputs("moves:       (none: the start is already a goal)\n", out);
    } else if (have_moves) {
        if (res->length == 0)
            fputs("moves:       (none: the start is already a goal)\n", out);
        else {
            begin_moves(pr);
            ar_puzzle_print_moves(out, pr->p, pr->inst, res->moves, res->length, 1, &pr->column);
            fputc('\n', out);
        }
    }
    if (!complete) {
        fprintf(out, "status:      stopped by %s after %" PRIu64
                     " moves were printed: the move list above is incomplete\n",
                res->stop != AR_STOP_NONE ? ar_stop_reason_name(res->stop) : "an output error",
                pr->emitted);
    } else if (have_moves) {
        fprintf(out, "length:      %" PRIu64 " moves\n", res->length);
        if (res->cost != res->length || pr->p->move_cost)
            fprintf(out, "cost:        %" PRIu64 "\n", res->cost);
        fprintf(out, "optimal:     %s\n", res->optimal ? "yes (proven)" : "not proven");
    }
    if (complete) {
        if (res->outcome == AR_OUTCOME_STOPPED)
            fprintf(out, "status:      stopped by %s%s\n", ar_stop_reason_name(res->stop),
                    have_moves ? ": best solution found so far, not proven optimal"
                               : " before any solution was found");
        else if (res->outcome == AR_OUTCOME_NO_SOLUTION)
            fputs("status:      no solution\n", out);
        else
            fputs("status:      solved\n", out);
    }
    if (res->note[0])
        fprintf(out, "note:        %s\n", res->note);
    if (res->has_lower_bound && !(res->optimal && complete))
        fprintf(out, "lower bound: %" PRIu64 " (proven: no solution costs less)\n", res->lower_bound);
    fprintf(out, "nodes:       %" PRIu64 " expanded, %" PRIu64 " generated\n", res->expanded,
            res->generated);
    fprintf(out, "time:        %.3f s\n", res->seconds);
    fprintf(out, "peak memory: %s\n", ar_format_bytes(peak, mem, sizeof mem));
}

static int setup_instance(cli *c, ar_instance **inst, int max_positional)
{
    if (c->positional_count > max_positional)
        return ar_tool_fail("%s: unexpected argument '%s' (see `ariadne help %s`)", c->verb,
                        c->positional[max_positional], c->verb);
    return cli_make_instance(c, c->positional_count > 0 && max_positional > 0 ? c->positional[0] : NULL,
                             inst);
}

static int setup(cli *c, int argc, char **argv, ar_instance **inst, int max_positional)
{
    int rc = cli_parse(c, argc, argv, 1);
    return rc ? rc : setup_instance(c, inst, max_positional);
}

static int report_error(const cli *c, ar_status st, const ar_error *err)
{
    return ar_tool_error(st == AR_ERR_INPUT || st == AR_ERR_UNSUPPORTED ? AR_EXIT_BAD_INPUT : AR_EXIT_LIMIT,
                         "%s: %s", c->domain->name, err->message[0] ? err->message : ar_status_name(st));
}

void cli_print_json_result(printer *pr)
{
    print_head(pr);
    print_tail(pr, 1);
}

/* --seed and --trace apply to some algorithms only; which one runs is
 * known once the instance is (a domain's default may depend on it). */
static int check_algorithm_options(const cli *c, const ar_instance *inst)
{
    const char *algo = c->search.algorithm;
    const ar_domain_solver *ds;
    int local;
    if (!algo && c->domain->default_algorithm)
        algo = c->domain->default_algorithm(inst);
    if (!algo)
        algo = "astar";
    local = ar_local_strategy_find(algo) != NULL && !ar_puzzle_solver(c->domain, algo);
    ds = ar_puzzle_solver(c->domain, algo);
    if (c->seed_given && !local && !(ds && (ds->flags & AR_SOLVER_USES_SEED)))
        return ar_tool_fail("option --seed does not apply to solve --algo %s (only to randomised algorithms: "
                            "the local-search strategies, --algo hill, anneal, ...)", algo);
    if (c->trace_file && !local)
        return ar_tool_fail("option --trace does not apply to solve --algo %s (only to the local-search "
                            "strategies, --algo hill, anneal, ...)", algo);
    return 0;
}

/* --trace FILE: one line per step of a local search. */
static void write_trace(void *ctx, const ar_trace_point *pt)
{
    fprintf((FILE *)ctx, "%" PRIu64 "\t%" PRId64 "\t%" PRId64 "\t%.6g\t%s\n", pt->step, pt->current, pt->best,
            pt->temperature, pt->event);
}

static int open_trace(cli *c, FILE **out)
{
    *out = NULL;
    if (!c->trace_file)
        return 0;
    *out = strcmp(c->trace_file, "-") == 0 ? stderr : fopen(c->trace_file, "w");
    if (!*out)
        return ar_tool_fail("option --trace: cannot write '%s': %s", c->trace_file, strerror(errno));
    fputs("step\tcost\tbest\ttemperature\tevent\n", *out);
    c->search.on_trace = write_trace;
    c->search.on_trace_ctx = *out;
    return 0;
}

int verb_solve(int argc, char **argv)
{
    cli c;
    ar_instance *inst = NULL;
    ar_result res;
    ar_error err;
    ar_move_sink sink;
    printer pr;
    ar_status st;
    FILE *trace = NULL;
    solve_page sp = {0};
    int rc, complete = 1;

    if (cli_is_andor(argc, argv))
        return cli_andor_solve(argc, argv);
    rc = cli_parse(&c, argc, argv, 1);
    if (rc == 0 && c.batch)
        return cli_solve_batch(&c);
    if (rc == 0)
        rc = setup_instance(&c, &inst, 1);
    if (rc == 0)
        rc = check_algorithm_options(&c, inst);
    if (rc == 0)
        rc = open_trace(&c, &trace);
    if (rc == 0)
        rc = cli_page_begin(&c, inst, &sp);
    if (rc) {
        cli_page_free(&sp);
        if (inst)
            c.domain->destroy(inst);
        cli_free(&c);
        return rc;
    }
    ar_tool_install_sigint();
    memset(&pr, 0, sizeof pr);
    pr.out = stdout;
    pr.c = &c;
    pr.p = c.domain;
    pr.inst = inst;
    pr.res = &res;
    c.domain->describe(inst, pr.description, sizeof pr.description);
    sink.emit = stream_emit;
    sink.ctx = &pr;
    if (sp.pg || c.replay_out) {
        sp.next = sink;
        sink.emit = cli_page_emit;
        sink.ctx = &sp;
    }
    ar_error_clear(&err);
    st = ar_solve(c.domain, inst, &c.search, &sink, &res, &err);
    ar_progress_finish(&c.progress);
    cli_note_memory_default(&c, &res);
    if (st != AR_OK && !(res.streamed && pr.head_done)) {
        rc = report_error(&c, st, &err);
    } else {
        if (pr.emitted && (st != AR_OK || res.outcome != AR_OUTCOME_SOLVED))
            complete = 0; /* a streamed solution was cut short */
        print_head(&pr);
        print_tail(&pr, complete);
        fflush(stdout);
        rc = complete ? exit_status(&res, res.moves != NULL || res.streamed ||
                                              (res.outcome == AR_OUTCOME_SOLVED))
                      : AR_EXIT_LIMIT;
        if (complete && (rc == AR_EXIT_OK || rc == AR_EXIT_NO_SOLUTION)) {
            int prc = cli_page_finish(&c, inst, &res, &sp);
            if (prc)
                rc = prc;
        }
    }
    cli_page_free(&sp);
    ar_result_free(&res);
    c.domain->destroy(inst);
    cli_free(&c);
    if (trace && trace != stderr && fclose(trace) != 0 && rc == AR_EXIT_OK)
        rc = ar_tool_fail("option --trace: writing '%s' failed", c.trace_file);
    return rc;
}

typedef struct first_move {
    ar_move move;
    int have;
} first_move;

static ar_status capture_first(void *ctx, const ar_move *moves, size_t count)
{
    first_move *fm = ctx;
    if (count && !fm->have) {
        fm->move = moves[0];
        fm->have = 1;
    }
    return AR_ERR_LIMIT; /* one move is all a hint needs */
}

int verb_hint(int argc, char **argv)
{
    cli c;
    ar_instance *inst = NULL;
    ar_result res;
    ar_error err;
    ar_move_sink sink;
    first_move fm = {AR_NO_MOVE, 0};
    ar_status st;
    int rc;
    char move[64];

    rc = setup(&c, argc, argv, &inst, 1);
    if (rc) {
        cli_free(&c);
        return rc;
    }
    ar_tool_install_sigint();
    sink.emit = capture_first;
    sink.ctx = &fm;
    ar_error_clear(&err);
    st = ar_solve(c.domain, inst, &c.search, &sink, &res, &err);
    ar_progress_finish(&c.progress);
    if (st == AR_ERR_LIMIT && fm.have && res.length > 0)
        st = AR_OK; /* our sink stopped a streaming solver after the first move */
    else if (st == AR_OK && res.moves && res.length > 0) {
        fm.move = res.moves[0];
        fm.have = 1;
    }
    if (st != AR_OK) {
        rc = report_error(&c, st, &err);
    } else if (res.outcome == AR_OUTCOME_NO_SOLUTION) {
        if (c.json)
            printf("{\"domain\":\"%s\",\"status\":\"no_solution\",\"move\":null}\n", c.domain->name);
        else
            printf("%s%s\n", strncmp(res.note, "no solution", 11) == 0 ? "" : "no solution: ", res.note);
        rc = AR_EXIT_NO_SOLUTION;
    } else if (res.outcome == AR_OUTCOME_SOLVED && res.length == 0) {
        if (c.json)
            printf("{\"domain\":\"%s\",\"status\":\"solved\",\"move\":null,\"distance\":0,\"optimal\":true}\n",
                   c.domain->name);
        else
            puts("already solved: the position is a goal (distance 0)");
        rc = AR_EXIT_OK;
    } else if (!fm.have) {
        if (c.json)
            printf("{\"domain\":\"%s\",\"status\":\"limit\",\"move\":null}\n", c.domain->name);
        else
            printf("no hint: stopped by %s before a solution was found\n",
                   ar_stop_reason_name(res.stop));
        rc = AR_EXIT_LIMIT;
    } else {
        size_t n = c.domain->format_move(inst, fm.move, move, sizeof move);
        int proven = res.optimal && res.outcome == AR_OUTCOME_SOLVED;
        move[n < sizeof move ? n : sizeof move - 1] = '\0';
        if (c.json) {
            printf("{\"domain\":\"%s\",\"status\":\"%s\",\"move\":", c.domain->name,
                   ar_outcome_name(res.outcome));
            ar_json_string(stdout, move);
            printf(",\"distance\":%" PRIu64 ",\"cost\":%" PRIu64 ",\"optimal\":%s}\n", res.length,
                   res.cost, proven ? "true" : "false");
        } else {
            printf("next move: %s\n", move);
            printf("distance:  %" PRIu64 " moves to the goal%s\n", res.length,
                   proven ? " (optimal)" : " (best found, not proven optimal)");
        }
        rc = AR_EXIT_OK;
    }
    ar_result_free(&res);
    c.domain->destroy(inst);
    cli_free(&c);
    return rc;
}

/* The moves in a --moves-file: solve's own output (its text, whose moves
 * follow "moves:" up to the next "name:" line; or its JSON object's "moves")
 * or a bare list. Returns a malloc'd copy, or NULL with the reason. */
static char *moves_of_file(const char *text, char *why, size_t why_size)
{
    const char *p = text, *start = NULL, *end;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if (*p == '{') {
        ar_json root;
        const ar_json *m;
        char err[300];
        char *out;
        if (ar_json_parse(text, strlen(text), NULL, &root, err, sizeof err) != 0) {
            snprintf(why, why_size, "%s", err);
            return NULL;
        }
        m = ar_json_member(&root, "moves");
        if (!m || (m->type != AR_JSON_STRING && m->type != AR_JSON_NULL)) {
            ar_json_free(&root);
            snprintf(why, why_size, "a JSON object without a \"moves\" string");
            return NULL;
        }
        out = ar_xstrdup(m->type == AR_JSON_STRING ? m->string : "");
        ar_json_free(&root);
        return out;
    }
    for (p = text; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
        if (strncmp(p, "moves:", 6) == 0) {
            start = p + 6;
            break;
        }
    if (!start)
        return ar_xstrdup(text); /* a bare list */
    if (strncmp(start + strspn(start, " "), "(none", 5) == 0)
        return ar_xstrdup("");
    /* up to the next field line, "length:      27 moves" */
    for (end = start; *end; end = strchr(end, '\n') ? strchr(end, '\n') + 1 : end + strlen(end)) {
        size_t key = strspn(end, "abcdefghijklmnopqrstuvwxyz ");
        if (end != start && key > 0 && end[key] == ':' && (end[key + 1] == ' ' || end[key + 1] == '\n'))
            break;
    }
    {
        char *out = ar_xmalloc((size_t)(end - start) + 1);
        memcpy(out, start, (size_t)(end - start));
        out[end - start] = '\0';
        return out;
    }
}

/* Whether text, which is not a valid instance, replays as moves from the
 * default instance of the options: then it was meant as moves. */
static int looks_like_moves(cli *c, const char *text)
{
    ar_instance *inst = NULL;
    ar_error err;
    uint64_t length, cost;
    int solved, moves = 0;
    ar_error_clear(&err);
    if (c->domain->create(text, c->params, (size_t)c->param_count, &inst, &err) == AR_OK) {
        c->domain->destroy(inst);
        return 0; /* a valid instance */
    }
    inst = NULL;
    if (c->domain->create(NULL, c->params, (size_t)c->param_count, &inst, &err) == AR_OK) {
        moves = ar_puzzle_replay(c->domain, inst, text, &length, &cost, &solved, NULL, &err) == AR_OK;
        c->domain->destroy(inst);
    }
    return moves;
}

int verb_verify(int argc, char **argv)
{
    cli c;
    ar_instance *inst = NULL;
    ar_error err;
    const char *moves_text;
    char *file_moves = NULL, *state_text = NULL, *final_state = NULL;
    uint64_t length = 0, cost = 0;
    int solved = 0, rc;
    ar_status st;
    const ar_tool *fe;

    /* A game checks its own files (a strategy): its front end for verify. */
    if (argc > 1 && (fe = cli_game_front_end(ar_game_find(argv[1]), "verify")) != NULL)
        return fe->run(argc, argv);
    if (cli_is_andor(argc, argv))
        return cli_andor_verify(argc, argv);
    rc = cli_parse(&c, argc, argv, 1);
    if (rc)
        return rc;
    if (c.moves_file) {
        char why[300];
        if (c.positional_count > 1)
            return ar_tool_fail("verify: give the moves either as an argument or with --moves-file");
        {
            char *raw = ar_read_file(c.moves_file, why, sizeof why);
            if (!raw)
                return ar_tool_fail("%s", why);
            file_moves = moves_of_file(raw, why, sizeof why);
            free(raw);
            if (!file_moves)
                return ar_tool_fail("verify: %s: %s", c.moves_file, why);
        }
        moves_text = file_moves;
        if (c.positional_count == 1 && !c.file && looks_like_moves(&c, c.positional[0])) {
            free(file_moves);
            return ar_tool_fail("verify: '%s' reads as moves, and --moves-file gives them too: give the "
                                "moves one way", c.positional[0]);
        }
        rc = cli_make_instance(&c, c.positional_count == 1 ? c.positional[0] : NULL, &inst);
    } else {
        if (c.positional_count < 1)
            return ar_tool_fail("verify: which moves? usage: ariadne verify DOMAIN [INSTANCE] MOVES");
        if (c.positional_count > 2)
            return ar_tool_fail("verify: unexpected argument '%s'", c.positional[2]);
        moves_text = c.positional[c.positional_count - 1];
        rc = cli_make_instance(&c, c.positional_count == 2 ? c.positional[0] : NULL, &inst);
    }
    if (rc) {
        free(file_moves);
        cli_free(&c);
        return rc;
    }
    final_state = malloc(c.domain->state_size(inst) + 1);
    ar_error_clear(&err);
    st = final_state ? ar_puzzle_replay(c.domain, inst, moves_text, &length, &cost, &solved,
                                        final_state, &err)
                     : AR_ERR_MEMORY;
    if (st != AR_OK) {
        rc = ar_tool_fail("verify: %s", err.message[0] ? err.message : ar_status_name(st));
    } else {
        state_text = malloc(65536);
        if (state_text)
            c.domain->format_state(inst, final_state, state_text, 65536);
        if (c.json) {
            printf("{\"domain\":\"%s\",\"valid\":true,\"solved\":%s,\"length\":%" PRIu64
                   ",\"cost\":%" PRIu64 ",\"final_state\":",
                   c.domain->name, solved ? "true" : "false", length, cost);
            ar_json_string(stdout, state_text ? state_text : "");
            puts("}");
        } else if (solved) {
            printf("solved in %" PRIu64 " moves", length);
            if (cost != length || c.domain->move_cost)
                printf(" (cost %" PRIu64 ")", cost);
            putchar('\n');
        } else {
            printf("not solved: all %" PRIu64 " moves are legal but the final position is not a goal:\n%s\n",
                   length, state_text ? state_text : "");
        }
        rc = solved ? AR_EXIT_OK : AR_EXIT_NO_SOLUTION;
    }
    free(state_text);
    free(final_state);
    free(file_moves);
    c.domain->destroy(inst);
    cli_free(&c);
    return rc;
}

int verb_at(int argc, char **argv)
{
    cli c;
    ar_instance *inst = NULL;
    ar_error err;
    ar_status st;
    uint64_t m;
    char *end, *state = NULL, *text = NULL;
    int rc;

    rc = setup(&c, argc, argv, &inst, 1);
    if (rc) {
        cli_free(&c);
        return rc;
    }
    if (!c.at_moves) {
        rc = ar_tool_fail("at: how many moves? usage: ariadne at DOMAIN [options] --moves M");
        goto out;
    }
    errno = 0;
    m = strtoull(c.at_moves, &end, 10);
    if (*end || c.at_moves[0] < '0' || c.at_moves[0] > '9') {
        rc = ar_tool_fail("option --moves: '%s' is not a whole number", c.at_moves);
        goto out;
    }
    if (errno == ERANGE) {
        rc = ar_tool_fail("option --moves: %s is out of range (at most %llu)", c.at_moves, ULLONG_MAX);
        goto out;
    }
    state = malloc(c.domain->state_size(inst) + 1);
    text = malloc(65536);
    if (!state || !text) {
        rc = ar_tool_fail("out of memory");
        goto out;
    }
    /* The algorithm and heuristic named are checked whether or not a search
     * runs; where the domain's formula gives the position they do not apply. */
    if (c.search.algorithm && !ar_algorithm_find(c.search.algorithm) &&
        !ar_puzzle_solver(c.domain, c.search.algorithm)) {
        rc = ar_tool_fail("at %s: unknown algorithm '%s' (see `ariadne list`)", c.domain->name, c.search.algorithm);
        goto out;
    }
    if (c.search.heuristic && !ar_puzzle_heuristic(c.domain, c.search.heuristic)) {
        rc = ar_tool_fail("at %s: unknown heuristic '%s' (see `ariadne help %s`)", c.domain->name,
                          c.search.heuristic, c.domain->name);
        goto out;
    }
    ar_error_clear(&err);
    st = AR_ERR_UNSUPPORTED;
    if (c.domain->state_after)
        st = c.domain->state_after(inst, m, state, &err);
    if (st == AR_OK && (c.search.algorithm || c.search.heuristic)) {
        rc = ar_tool_fail("at %s: option --%s does not apply: the position comes from the domain's formula, "
                          "without a search", c.domain->name, c.search.algorithm ? "algo" : "heuristic");
        goto out;
    }
    if (st == AR_ERR_UNSUPPORTED) {
        /* No formula for this instance: solve, then replay the first m moves
         * of the solution (streamed solutions are stored for this). */
        ar_result res;
        ar_error_clear(&err);
        st = ar_solve(c.domain, inst, &c.search, NULL, &res, &err);
        ar_progress_finish(&c.progress);
        if (st == AR_OK && res.outcome != AR_OUTCOME_SOLVED)
            st = ar_error_set(&err, AR_ERR_UNSUPPORTED, "no solution was found to step through");
        if (st == AR_OK && !res.moves)
            st = ar_error_set(&err, AR_ERR_UNSUPPORTED, "the solution is too long to step through");
        if (st == AR_OK && m > res.length)
            st = ar_error_set(&err, AR_ERR_INPUT, "the solution has only %" PRIu64 " moves", res.length);
        if (st == AR_OK) {
            uint64_t i;
            c.domain->initial_state(inst, state);
            for (i = 0; i < m; i++)
                c.domain->apply(inst, state, res.moves[i]);
        }
        ar_result_free(&res);
    }
    if (st != AR_OK) {
        rc = report_error(&c, st, &err);
        goto out;
    }
    c.domain->format_state(inst, state, text, 65536);
    if (c.json) {
        printf("{\"domain\":\"%s\",\"moves\":%" PRIu64 ",\"state\":", c.domain->name, m);
        ar_json_string(stdout, text);
        puts("}");
    } else {
        printf("%s\n", text);
    }
    rc = AR_EXIT_OK;
out:
    free(state);
    free(text);
    if (inst)
        c.domain->destroy(inst);
    cli_free(&c);
    return rc;
}
