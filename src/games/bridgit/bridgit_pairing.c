/* bridgit_pairing.c — O. Gross's pairing strategy, the classical perfect
 * player for black (the first player) in Bridg-it, in the form of the
 * lecture notes' n = 5 answer table, generalised here to every n.
 *
 * Black opens with point 1 (the bridge up from the bottom row at the left).
 * Every other point is paired with another: around the white dot in column
 * i = 1..n-1 and row j = 0..n-1 (lattice (2i, 2j+1)) the points next to it
 *     i >  j  (on or below the diagonal): right and up
 *     i == j:                             left and right
 *     i <  j  (above the diagonal):       down and left
 * form a pair, and each point belongs to exactly one pair (the variant
 * builds the table, bridgit.c). Whenever white claims a point of a pair,
 * black claims its partner, so black ends with one point of every pair;
 * tests/test_bridgit.c proves for n = 2..5 that every such choice (all
 * 2^(n^2-n) of them) plus the opening connects black, and plays the strategy
 * against every white reply on small boards. The three mirror images of the
 * pairing (half turn, left-right, top-bottom) are equally valid; the bot
 * follows whichever one the position still fits, so it also wins after a
 * different first move when one of them applies. */
#include "bridgit_internal.h"

/* Checks pairing k's invariant for black (player 0): the opening is black's
 * (or free with black to move), no pair has both points white, and at most
 * one pair (only when black is to move, and not while the opening is still
 * free) has a white point and a free one. Returns that pair's free point in
 * *reply (-1 when none), or 0 if broken. */
static int pairing_state(const ar_variant *v, const br_pos *p, int k, int *reply)
{
    int i, open = owner(p, v->opening[k]);
    *reply = -1;
    if (open == 1)
        return 0;
    if (open < 0 && p->to_move != 0)
        return 0;
    for (i = 0; i < v->cells; i++) {
        int j = v->partner[k][i], a, b;
        if (j < i)
            continue; /* each pair once; the opening has partner -1 */
        a = owner(p, i);
        b = owner(p, j);
        if (a == 1 && b == 1)
            return 0;
        if ((a == 1 && b < 0) || (b == 1 && a < 0)) {
            if (p->to_move != 0 || *reply >= 0)
                return 0;
            *reply = a < 0 ? i : j;
        }
    }
    /* Black cannot both take the opening and answer a threatened pair. */
    if (open < 0 && *reply >= 0)
        return 0;
    return 1;
}

ar_status ar_bridgit_pairing_value(const ar_variant *v, const void *pos, int *value, ar_error *err)
{
    const br_pos *p = pos;
    int reply;
    ar_game_outcome o = ar_bridgit_outcome(v, pos);
    if (o != AR_ONGOING) {
        *value = ar_game_outcome_for(o, (int)p->to_move);
        return AR_OK;
    }
    {
        int k;
        for (k = 0; k < 4; k++)
            if (pairing_state(v, p, k, &reply)) {
                *value = p->to_move == 0 ? 1 : -1;
                return AR_OK;
            }
    }
    return ar_error_set(err, AR_ERR_UNSUPPORTED,
                        "the position does not follow black's pairing strategy (or its mirror images)");
}

ar_status ar_bridgit_pairing_choose(const ar_variant *v, const void *pos, ar_rng *rng, ar_gmove *out,
                                ar_error *err)
{
    const br_pos *p = pos;
    int reply, i, k;
    (void)rng;
    if (ar_bridgit_outcome(v, pos) != AR_ONGOING)
        return ar_error_set(err, AR_ERR_INPUT, "the game is over");
    if (p->to_move != 0)
        return ar_error_set(err, AR_ERR_UNSUPPORTED, "the pairing strategy plays black, the first player");
    /* The first of the four symmetric pairings the position still follows. */
    for (k = 0; k < 4; k++)
        if (pairing_state(v, p, k, &reply))
            break;
    if (k == 4)
        return ar_error_set(err, AR_ERR_UNSUPPORTED,
                            "the position does not follow black's pairing strategy (or its mirror "
                            "images)");
    if (reply >= 0) {
        *out = (ar_gmove)reply;
        return AR_OK;
    }
    if (owner(p, v->opening[k]) < 0) {
        *out = (ar_gmove)v->opening[k];
        return AR_OK;
    }
    /* No pair is threatened: any free point keeps the invariant; prefer one
     * from a pair that is still empty. */
    for (i = 0; i < v->cells; i++)
        if (v->partner[k][i] >= 0 && owner(p, i) < 0 && owner(p, v->partner[k][i]) < 0) {
            *out = (ar_gmove)i;
            return AR_OK;
        }
    for (i = 0; i < v->cells; i++)
        if (owner(p, i) < 0) {
            *out = (ar_gmove)i;
            return AR_OK;
        }
    return ar_error_set(err, AR_ERR_INTERNAL, "no free point");
}
