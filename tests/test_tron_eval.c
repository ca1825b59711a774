/* test_tron_eval.c — chamber-ab's speed-ups change no values: its
 * bitboard evaluation (tron_biteval.c) and the byte-label one before it
 * (tron_fasteval.c) give exactly the values of the code they replaced
 * (ar_tron_eval_chambers_tight of tron_eval.c, kept as the reference), and
 * its transposition table (tron_search.c) leaves the value of a search
 * unchanged while saving work on the next move's search.
 *
 * The positions: every position of seeded random games on all official
 * maps (long straight trails, corridors and pockets as in real games), in
 * contact and separated, and random small rooms with scattered walls, whose
 * many articulation points and odd-shaped regions exercise the chamber walk
 * and the proven bound (and make the bitboard walk's exits meet, so that
 * it walks again in the scalar order: counted); the scratch labels and
 * bitsets must be clean after every call, the board's bitboard must match
 * its cells, and the generation stamps must survive wrapping around. */
#include "check.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "ariadne/arena.h"
#include "ariadne/rng.h"
#include "ariadne/tool.h"
#include "games/tron/tron.h"
#include "games/tron/tron_internal.h"
#include "test_tron_util.h"

typedef struct compare {
    tron_work ref, fast;
    unsigned positions, contact, separated, mismatches;
    uint64_t conflicts; /* bitboard walks done again in the scalar order */
} compare;

static int labels_clean(const tron_work *w)
{
    int i;
    for (i = 0; i < w->fast.n; i++)
        if (w->fast.lab[i])
            return 0;
    return 1;
}

/* The board's bitboard rows hold exactly its free cells. */
static int bits_match(const tron_board *b)
{
    int i;
    if (!b->bits)
        return 1;
    for (i = 0; i < b->n; i++) {
        int j = b->bitpos[i];
        if ((int)(b->bits[j >> 6] >> (j & 63) & 1u) != !b->cell[i])
            return 0;
    }
    return 1;
}

/* The bitboard evaluation's bitsets are all zero between calls. */
static int bitsets_clean(const tron_work *w)
{
    const tron_bits *t = &w->bits;
    int k;
    for (k = 0; k < t->rows; k++)
        if (t->lab[k][0] | t->lab[k][1] | t->f[k][0] | t->f[k][1] | t->nf[k][0] | t->nf[k][1] | t->reached[k] |
            t->reg[k] | t->seen[k] | t->art[k] | t->cham[k])
            return 0;
    return 1;
}

static void compare_visit(const tron_board *b, void *ctx)
{
    compare *c = ctx;
    int p;
    c->positions++;
    if (ar_tron_board_separated(b, &c->ref))
        c->separated++;
    else
        c->contact++;
    CHECK(bits_match(b));
    for (p = 0; p < 2; p++) {
        int want = ar_tron_eval_chambers_tight(b, &c->ref, p);
        int got = ar_tron_eval_chambers_fast(b, &c->fast, p);
        int bits = ar_tron_eval_chambers_bits(b, &c->fast, p);
        if ((want != got || want != bits) && c->mismatches++ < 5)
            fprintf(stderr, "player %d: reference %d, bytes %d, bits %d (heads %d %d)\n", p, want, got, bits,
                    b->head[0], b->head[1]);
    }
    CHECK(labels_clean(&c->fast));
    CHECK(bitsets_clean(&c->fast));
}

/* The three codes compared on every position of `games` seeded random
 * games on v (the counts; the scratch is freed). */
static compare compare_games(const ar_variant *v, uint64_t seed, int games)
{
    compare c;
    memset(&c, 0, sizeof c);
    ar_tron_work_init(&c.ref, v->n);
    ar_tron_work_init(&c.fast, v->n);
    ar_tron_random_positions(v, seed, games, compare_visit, &c);
    c.conflicts = c.fast.bits.conflicts;
    ar_tron_work_free(&c.ref);
    ar_tron_work_free(&c.fast);
    return c;
}

static ar_variant *load_map(const char *path, const char *name)
{
    char why[256], *text = ar_read_file(path, why, sizeof why);
    ar_variant *v;
    if (!text)
        return NULL;
    v = tron_map_of(text, name);
    free(text);
    return v;
}

static void test_official_maps(void)
{
    const char *data = getenv("ARIADNE_DATA");
    char dir[1024];
    DIR *d;
    struct dirent *e;
    unsigned maps = 0, positions = 0, contact = 0, separated = 0;
    snprintf(dir, sizeof dir, "%s/tron/maps", data ? data : "data");
    d = opendir(dir);
    if (!d) {
        fprintf(stderr, "test_tron_eval: %s not found; official maps skipped\n", dir);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        char path[2048];
        ar_variant *v;
        compare c;
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        v = load_map(path, e->d_name);
        CHECK_MSG(v != NULL, "%s", path);
        if (!v)
            continue;
        memset(&c, 0, sizeof c);
        ar_tron_work_init(&c.ref, v->n);
        ar_tron_work_init(&c.fast, v->n);
        ar_tron_random_positions(v, 7 + maps, 4, compare_visit, &c);
        CHECK_MSG(c.mismatches == 0, "%s: %u of %u positions differ", e->d_name, c.mismatches, c.positions);
        positions += c.positions;
        contact += c.contact;
        separated += c.separated;
        /* The stamps wrap around: the next calls clear and start again. */
        c.fast.fast.clock = UINT32_MAX - (uint32_t)v->n;
        c.fast.fast.gen = UINT32_MAX - 1;
        c.fast.bits.clock = UINT32_MAX - 64 * (uint32_t)c.fast.bits.rows;
        ar_tron_random_positions(v, 99, 1, compare_visit, &c);
        CHECK(c.mismatches == 0);
        CHECK(c.fast.fast.gen < 1000);
        CHECK(c.fast.bits.clock < 64 * (uint32_t)c.fast.bits.rows * 1000u);
        ar_tron_work_free(&c.ref);
        ar_tron_work_free(&c.fast);
        ar_tron_variant_free(v);
        maps++;
    }
    closedir(d);
    CHECK(maps >= 26);
    /* Both kinds of position are well represented. */
    CHECK(contact > 1000);
    CHECK(separated > 1000);
    printf("official maps: %u maps, %u positions (%u in contact, %u separated) compared\n", maps, positions,
           contact, separated);
}

/* Random rooms of w x h with walls at the given density (percent) and the
 * two players on random free cells; every position of random games there. */
static void test_random_rooms(void)
{
    ar_rng rng;
    unsigned room, positions = 0;
    uint64_t conflicts = 0;
    ar_rng_seed(&rng, 2026);
    for (room = 0; room < 300; room++) {
        int w = 4 + (int)ar_rng_below(&rng, 12), h = 4 + (int)ar_rng_below(&rng, 12);
        int density = 10 + (int)ar_rng_below(&rng, 35), x, y, k;
        char text[4096], *t = text;
        int cells[2], placed = 0;
        ar_variant *v;
        ar_error err;
        compare c;
        t += sprintf(t, "%d %d\n", w, h);
        cells[0] = (int)ar_rng_below(&rng, (uint64_t)(w * h));
        do
            cells[1] = (int)ar_rng_below(&rng, (uint64_t)(w * h));
        while (cells[1] == cells[0]);
        for (y = 0; y < h; y++) {
            for (x = 0; x < w; x++) {
                k = y * w + x;
                if (k == cells[0])
                    *t++ = '1', placed++;
                else if (k == cells[1])
                    *t++ = '2', placed++;
                else
                    *t++ = (int)ar_rng_below(&rng, 100) < density ? '#' : ' ';
            }
            *t++ = '\n';
        }
        *t = '\0';
        CHECK(placed == 2);
        ar_error_clear(&err);
        v = NULL;
        if (ar_tron_variant_from_text(text, strlen(text), NULL, &v, &err) != AR_OK) {
            CHECK_MSG(0, "room rejected: %s", err.message);
            continue;
        }
        c = compare_games(v, room, 3);
        CHECK_MSG(c.mismatches == 0, "room %u:\n%s", room, text);
        positions += c.positions;
        conflicts += c.conflicts;
        ar_tron_variant_free(v);
    }
    CHECK(positions > 1000);
    /* The bitboard walk met exits leading into the same cells (and walked
     * again in the scalar order) on these rooms: that path is compared too. */
    CHECK(conflicts > 100);
    printf("random rooms: 300 rooms, %u positions compared (%llu bitboard walks done again in order)\n", positions,
           (unsigned long long)conflicts);
}

/* Rooms wider than a bitboard row (the grid with its frame over 64 cells):
 * the bitboard evaluation falls back to the byte labels, same values. */
static void test_wide_rooms(void)
{
    ar_rng rng;
    unsigned room, positions = 0;
    ar_rng_seed(&rng, 33);
    for (room = 0; room < 6; room++) {
        int w = 60 + (int)ar_rng_below(&rng, 20), h = 4 + (int)ar_rng_below(&rng, 8), x, y;
        char *text = malloc((size_t)(w + 1) * (size_t)h + 16), *t = text;
        ar_variant *v;
        compare c;
        t += sprintf(t, "%d %d\n", w, h);
        for (y = 0; y < h; y++) {
            for (x = 0; x < w; x++)
                *t++ = x == 0 && y == 0 ? '1' : x == w - 1 && y == h - 1 ? '2' : ar_rng_below(&rng, 6) == 0 ? '#' : ' ';
            *t++ = '\n';
        }
        *t = '\0';
        v = tron_map_of(text, "wide");
        CHECK(v != NULL);
        if (v) {
            tron_board b;
            ar_tron_board_init(&b, v);
            CHECK((b.bits != NULL) == (w + 2 <= 64));
            ar_tron_board_free(&b);
            c = compare_games(v, room, 3);
            CHECK_MSG(c.mismatches == 0, "wide room %u:\n%s", room, text);
            positions += c.positions;
            ar_tron_variant_free(v);
        }
        free(text);
    }
    CHECK(positions > 100);
    printf("wide rooms: 6 rooms 60-79 cells wide, %u positions compared\n", positions);
}

/* The positions stored in data/tron (endgames, separations, the head-on
 * audit's, the quoted ones) and every position of random games from each. */
static void test_data_positions(void)
{
    static const char *const dirs[] = {"endgames", "separations", "head-on/aside", "head-on/aside-1s",
                                       "head-on/before", "positions"};
    unsigned i, files = 0, positions = 0;
    for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char dir[1024];
        const char *name;
        char *text;
        DIR *d = tron_open_data_dir(dirs[i], dir, sizeof dir);
        if (!d)
            continue;
        while ((text = tron_next_map_file(d, dir, &name)) != NULL) {
            ar_variant *v = tron_map_of(text, name);
            compare c;
            free(text);
            CHECK_MSG(v != NULL, "%s/%s", dir, name);
            if (!v)
                continue;
            c = compare_games(v, files, 2);
            CHECK_MSG(c.mismatches == 0, "%s/%s: %u of %u positions differ", dir, name, c.mismatches, c.positions);
            positions += c.positions;
            ar_tron_variant_free(v);
            files++;
        }
        closedir(d);
    }
    CHECK(files > 200);
    printf("data/tron positions: %u files, %u positions compared\n", files, positions);
}

/* The score a Tron bot's info line reports ("... score +1.5 cells ..."). */
static double info_score(const ar_bot_info *info)
{
    const char *at = strstr(info->text, "score ");
    double x = -1e9;
    CHECK_MSG(at != NULL && sscanf(at + 6, "%lf", &x) == 1, "no score in '%s'", info->text);
    return x;
}

/* The transposition table: a fresh table (one search) gives exactly the
 * value of the search without one, for both players of every position of
 * games on five official maps; a table kept from move to move (the bot's
 * normal use, asked for both players in turn) makes the same searches with
 * far fewer nodes, and its move is always safe. */
static void test_transposition_table(void)
{
    static const char *const names[] = {"oval.txt", "duel-small.txt", "joust.txt", "platform.txt", "u.txt"};
    const char *data = getenv("ARIADNE_DATA");
    uint64_t nodes_kept = 0, nodes_none = 0;
    unsigned m, compared = 0;
    for (m = 0; m < sizeof names / sizeof names[0]; m++) {
        char path[1024];
        ar_variant *v;
        ar_bot *kept, *none;
        ar_error err;
        tron_pos *p;
        int turn;
        snprintf(path, sizeof path, "%s/tron/maps/%s", data ? data : "data", names[m]);
        v = load_map(path, names[m]);
        if (!v) {
            fprintf(stderr, "test_tron_eval: %s not found; transposition table test skipped\n", path);
            return;
        }
        CHECK(ar_bot_create(&ar_game_tron, v, "chamber-ab:depth=5:endgame=0", 1, 0, &kept, &err) == AR_OK);
        CHECK(ar_bot_create(&ar_game_tron, v, "chamber-ab:depth=5:endgame=0:tt=0", 1, 0, &none, &err) == AR_OK);
        p = malloc(ar_game_tron.position_size(v));
        ar_game_tron.initial_position(v, p);
        for (turn = 0; turn < 80 && ar_game_tron.outcome(v, p) == AR_ONGOING; turn++) {
            ar_gmove mv[2];
            int q;
            for (q = 0; q < 2; q++) {
                ar_bot *fresh;
                ar_bot_info fi, ni, ki;
                ar_gmove fm, km;
                int safe = 0, d;
                memset(&fi, 0, sizeof fi);
                memset(&ni, 0, sizeof ni);
                memset(&ki, 0, sizeof ki);
                CHECK(ar_bot_create(&ar_game_tron, v, "chamber-ab:depth=5:endgame=0", 1, 0, &fresh, &err) == AR_OK);
                CHECK(ar_bot_choose(fresh, p, q, &fm, &fi, &err) == AR_OK);
                CHECK(ar_bot_choose(none, p, q, &mv[q], &ni, &err) == AR_OK);
                CHECK(ar_bot_choose(kept, p, q, &km, &ki, &err) == AR_OK);
                ar_bot_destroy(fresh);
                for (d = 1; d <= 4; d++)
                    safe += !tron_occ(p, p->head[q] + tron_delta(v->w, d));
                CHECK(!safe || !tron_occ(p, p->head[q] + tron_delta(v->w, (int)km)));
                if (strstr(ni.text, "score ") == NULL)
                    continue; /* one safe move: no search */
                CHECK_MSG(info_score(&fi) == info_score(&ni), "%s turn %d player %d: with a fresh table '%s', "
                          "without '%s'", names[m], turn, q + 1, fi.text, ni.text);
                compared++;
                nodes_kept += ki.nodes;
                nodes_none += ni.nodes;
            }
            ar_game_tron.apply(v, p, AR_JOINT_MOVE(mv[0], mv[1]));
        }
        free(p);
        ar_bot_destroy(kept);
        ar_bot_destroy(none);
        ar_tron_variant_free(v);
    }
    CHECK(compared > 300);
    CHECK_MSG(nodes_kept < nodes_none * 3 / 4, "kept table %llu nodes, none %llu", (unsigned long long)nodes_kept,
              (unsigned long long)nodes_none);
    printf("transposition table: %u searches with equal values; nodes with the table kept %llu, without %llu\n",
           compared, (unsigned long long)nodes_kept, (unsigned long long)nodes_none);
}

/* The new search (principal variation search, lazy leaves, the
 * aspiration window, the bitboard evaluation) finds exactly issue 17's
 * values and moves at a fixed depth: chamber-ab against chamber-ab-v1 on
 * the positions of data/tron/search, with and without the table (a fresh
 * bot each), and the new one with each change switched off alone. */
static void test_search_values(void)
{
    static const char *const variants[] = {"", ":tt=0", ":pvs=0", ":lazy=0", ":aspire=0", ":eval=bytes"};
    char dir[1024];
    const char *name;
    char *text;
    DIR *d = tron_open_data_dir("search", dir, sizeof dir);
    unsigned files = 0, compared = 0;
    if (!d)
        return;
    while ((text = tron_next_map_file(d, dir, &name)) != NULL) {
        ar_variant *v = tron_map_of(text, name);
        tron_pos *p;
        ar_bot_info want;
        ar_gmove want_move;
        unsigned k;
        free(text);
        CHECK(v != NULL);
        if (!v)
            continue;
        p = malloc(ar_game_tron.position_size(v));
        ar_game_tron.initial_position(v, p);
        for (k = 0; k <= sizeof variants / sizeof variants[0]; k++) {
            char spec[96];
            ar_bot *bot;
            ar_bot_info info;
            ar_gmove m;
            ar_error err;
            if (k == 0)
                snprintf(spec, sizeof spec, "chamber-ab-v1:depth=5:endgame=0");
            else
                snprintf(spec, sizeof spec, "chamber-ab:depth=5:endgame=0%s", variants[k - 1]);
            memset(&info, 0, sizeof info);
            CHECK(ar_bot_create(&ar_game_tron, v, spec, 1, 0, &bot, &err) == AR_OK);
            CHECK(ar_bot_choose(bot, p, 0, &m, &info, &err) == AR_OK);
            ar_bot_destroy(bot);
            if (k == 0) {
                want = info;
                want_move = m;
                continue;
            }
            CHECK_MSG(info_score(&info) == info_score(&want) && m == want_move, "%s, %s: '%s' (move %d), v1 '%s' (move %d)",
                      name, spec, info.text, (int)m, want.text, (int)want_move);
            compared++;
        }
        free(p);
        ar_tron_variant_free(v);
        files++;
    }
    closedir(d);
    CHECK(files >= 70);
    printf("search values: %u positions, %u searches equal to chamber-ab-v1's at depth 5\n", files, compared);
}

int main(void)
{
    test_official_maps();
    test_random_rooms();
    test_wide_rooms();
    test_data_positions();
    test_transposition_table();
    test_search_values();
    return check_report("test_tron_eval");
}
