/* t-box-sweep.c -- vccd_box3_sweep (lib/geom/box_sweep.c) against the
   brute force over every pair: random boxes at several densities, with
   tied lower ends, boxes that only touch, zero-width boxes, infinite and
   NaN ends (which must overlap everything along their axis); every
   overlapping pair reported exactly once, first the one lower along x,
   none else; the same pairs in the same order on a second run; a
   callback's nonzero value stops the sweep and is returned. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geom/box_sweep.h"
#include "testutil.h"

#define NMAX 200

typedef struct {
    int n;
    int seen[NMAX][NMAX];       /* times reported, by (min, max) index */
    int order[NMAX * NMAX][2];
    long k, stop_at;
    const vccd_box3 *b;
    int bad_first;
} rec;

static int
note(void *ctx, int i, int j)
{
    rec *r = ctx;
    int a = i < j ? i : j, c = i < j ? j : i;
    double li = r->b[i].lo[0] == r->b[i].lo[0] ? r->b[i].lo[0] : -INFINITY;
    double lj = r->b[j].lo[0] == r->b[j].lo[0] ? r->b[j].lo[0] : -INFINITY;
    /* i comes first along x, ties by index */
    if (!(li < lj || (li == lj && i < j)))
        r->bad_first++;
    r->seen[a][c]++;
    r->order[r->k][0] = i;
    r->order[r->k][1] = j;
    r->k++;
    return r->stop_at >= 0 && r->k == r->stop_at ? 7 : 0;
}

/* the overlap along one axis, written out: closed intervals, NaN never
   separating */
static int
axis_overlap(const vccd_box3 *x, const vccd_box3 *y, int k)
{
    return !(x->lo[k] > y->hi[k]) && !(y->lo[k] > x->hi[k]);
}

static double
end(double c, double w, int kind)
{
    switch (kind) {
    case 0:
        return NAN;
    case 1:
        return w < 0 ? -INFINITY : INFINITY;
    default:
        return c + w;
    }
}

START_TEST(test_random)
{
    long n = tu_iters(400), pairs = 0, apart = 0;
    static rec r1, r2;
    for (long it = 0; it < n; it++) {
        int nb = 1 + (int)(tu_ulong() % NMAX);
        double spread = it % 4 == 0 ? 1.0 : it % 4 == 1 ? 10.0 : 100.0;
        vccd_box3 *b = malloc((size_t)nb * sizeof *b);
        ck_assert(b != NULL);
        for (int i = 0; i < nb; i++)
            for (int k = 0; k < 3; k++) {
                /* centres on a coarse grid in a quarter of the cases:
                   tied lower ends and boxes that only touch */
                double c = it % 4 == 3 ? floor(spread * tu_unit()) : spread * tu_unit();
                double w = it % 4 == 3 ? 0.5 * (double)(tu_ulong() % 3) : tu_unit() * (tu_ulong() % 8 == 0 ? 0.0 : 2.0);
                int special = tu_ulong() % 64 == 0;
                b[i].lo[k] = special ? end(c, -w, (int)(tu_ulong() % 2)) : c - w;
                b[i].hi[k] = special ? end(c, w, (int)(tu_ulong() % 2)) : c + w;
            }
        memset(&r1, 0, sizeof r1);
        r1.n = nb;
        r1.b = b;
        r1.stop_at = -1;
        ck_assert_int_eq(vccd_box3_sweep(b, nb, note, &r1), 0);
        TU_CHECK(r1.bad_first == 0, "case %ld: %d pairs not first along x", it, r1.bad_first);
        for (int i = 0; i < nb; i++)
            for (int j = i + 1; j < nb; j++) {
                int ov = axis_overlap(&b[i], &b[j], 0) && axis_overlap(&b[i], &b[j], 1)
                         && axis_overlap(&b[i], &b[j], 2);
                TU_CHECK(r1.seen[i][j] == ov, "case %ld: pair %d %d reported %d times, overlap %d", it, i, j,
                         r1.seen[i][j], ov);
                TU_CHECK(vccd_box3_overlap(&b[i], &b[j]) == ov, "case %ld: vccd_box3_overlap(%d, %d) != %d", it, i,
                         j, ov);
                pairs += ov;
                apart += !ov;
            }
        /* the same order again */
        memset(&r2, 0, sizeof r2);
        r2.n = nb;
        r2.b = b;
        r2.stop_at = -1;
        ck_assert_int_eq(vccd_box3_sweep(b, nb, note, &r2), 0);
        TU_CHECK(r2.k == r1.k && !memcmp(r1.order, r2.order, (size_t)r1.k * sizeof r1.order[0]),
                 "case %ld: a second run differs", it);
        /* stopped at the first pair: 7 returned, one pair reported */
        if (r1.k > 1) {
            memset(&r2, 0, sizeof r2);
            r2.n = nb;
            r2.b = b;
            r2.stop_at = 1;
            TU_CHECK(vccd_box3_sweep(b, nb, note, &r2) == 7 && r2.k == 1, "case %ld: the stop was not kept", it);
        }
        free(b);
    }
    printf("box_sweep: %ld cases, %ld overlapping pairs and %ld apart, each as the brute force\n", n, pairs, apart);
    TU_CHECK(pairs > 0 && apart > 0, "vacuous: %ld overlapping, %ld apart", pairs, apart);
}
END_TEST

START_TEST(test_small)
{
    vccd_box3 b[2] = { { { 0, 0, 0 }, { 1, 1, 1 } }, { { 1, 1, 1 }, { 2, 2, 2 } } };
    static rec r;
    memset(&r, 0, sizeof r);
    r.b = b;
    r.stop_at = -1;
    ck_assert_int_eq(vccd_box3_sweep(b, 0, note, &r), 0);
    ck_assert_int_eq(vccd_box3_sweep(b, 1, note, &r), 0);
    TU_CHECK(r.k == 0, "%ld pairs of fewer than two boxes", r.k);
    /* touching at a corner: closed boxes overlap */
    ck_assert_int_eq(vccd_box3_sweep(b, 2, note, &r), 0);
    TU_CHECK(r.k == 1 && r.order[0][0] == 0 && r.order[0][1] == 1, "touching boxes: %ld pairs", r.k);
    /* apart by one ulp along z */
    b[1].lo[2] = nextafter(1.0, 2.0);
    memset(&r, 0, sizeof r);
    r.b = b;
    r.stop_at = -1;
    ck_assert_int_eq(vccd_box3_sweep(b, 2, note, &r), 0);
    TU_CHECK(r.k == 0, "boxes one ulp apart along z: %ld pairs", r.k);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_small, test_random };
    return tu_main("box-sweep", tests, (int)(sizeof tests / sizeof tests[0]));
}
