/* t-hull.c -- vccd_hull_direction (GJK in plain doubles) against the
   distance of the two hulls by brute force over their points' segment
   pairs and point-triangle pairs, on separated random sets: single
   points, collinear and coplanar sets, repeated points, tiny gaps,
   magnitudes from 1e-30 to 1e30.  The direction only steers a rigorous
   bound elsewhere, so what must hold is that its gap (the separation of
   the projections along it) is the hulls' distance -- to 1e-7 of GJK's
   own certificate |n| and of the brute force -- and that it never
   claims a gap where the sets overlap. */
#include <math.h>
#include <stdio.h>

#include "testutil.h"
#include "vccd/closest.h"

#define NMAX 8

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static double
dist3(const double a[3], const double b[3])
{
    double d[3] = { a[0] - b[0], a[1] - b[1], a[2] - b[2] };
    return sqrt(dot3(d, d));
}

/* The distance of the hulls, when they are disjoint: the nearest pair of
   points of the two hulls lies on a segment of each (a point is a
   segment from it to itself) or is a point against a triangle's
   inside. */
static double
hull_distance(const double (*a)[3], int na, const double (*b)[3], int nb)
{
    double best = INFINITY;
    for (int i = 0; i < na; i++)
        for (int j = i; j < na; j++)
            for (int k = 0; k < nb; k++)
                for (int l = k; l < nb; l++) {
                    double p[3], q[3], s, t;
                    vccd_closest_segment_segment(p, q, &s, &t, a[i], a[j], b[k], b[l]);
                    best = fmin(best, dist3(p, q));
                }
    for (int side = 0; side < 2; side++) {
        const double (*x)[3] = side ? b : a, (*y)[3] = side ? a : b;
        int nx = side ? nb : na, ny = side ? na : nb;
        for (int i = 0; i < nx; i++)
            for (int j = 0; j < ny; j++)
                for (int k = j + 1; k < ny; k++)
                    for (int l = k + 1; l < ny; l++) {
                        double q[3], u, v;
                        if (vccd_closest_point_triangle_inside(q, &u, &v, x[i], y[j], y[k], y[l]))
                            best = fmin(best, dist3(x[i], q));
                    }
    }
    return best;
}

/* The separation of the projections of the sets along n, per unit. */
static double
gap_along(const double n[3], const double (*a)[3], int na, const double (*b)[3], int nb)
{
    double ha = -INFINITY, lb = INFINITY;
    for (int i = 0; i < na; i++)
        ha = fmax(ha, dot3(a[i], n));
    for (int j = 0; j < nb; j++)
        lb = fmin(lb, dot3(b[j], n));
    return (lb - ha) / sqrt(dot3(n, n));
}

/* A random set of n points of kind 0 (general), 1 (collinear), 2
   (coplanar) or 3 (with repeated points), about the origin, radius 1. */
static void
random_set(double (*p)[3], int n, int kind)
{
    double d[3] = { tu_unit() - 0.5, tu_unit() - 0.5, tu_unit() - 0.5 }, e[3];
    for (int c = 0; c < 3; c++)
        e[c] = tu_unit() - 0.5;
    for (int i = 0; i < n; i++) {
        double s = 2.0 * tu_unit() - 1.0, t = 2.0 * tu_unit() - 1.0;
        for (int c = 0; c < 3; c++) {
            switch (kind) {
            case 1: p[i][c] = s * d[c]; break;
            case 2: p[i][c] = s * d[c] + t * e[c]; break;
            default: p[i][c] = tu_unit() - 0.5; break;
            }
        }
        if (kind == 3 && i > 0 && tu_unit() < 0.5)
            for (int c = 0; c < 3; c++)
                p[i][c] = p[(int)(tu_unit() * i)][c];
    }
}

START_TEST(test_separated)
{
    long iters = tu_iters(20000), settled = 0;
    for (long it = 0; it < iters; it++) {
        double a[NMAX][3], b[NMAX][3], dir[3], n[3], scale = pow(10.0, (double)(it % 7) * 10.0 - 30.0);
        int na = 1 + (int)(tu_unit() * NMAX), nb = 1 + (int)(tu_unit() * NMAX), kind = (int)(it % 4);
        double ha = -INFINITY, lb = INFINITY, want, ref, got, len;
        /* the gap, relative to the sets' size: 1e-9 to 10 */
        double gap = pow(10.0, -9.0 + 10.0 * tu_unit());
        random_set(a, na, kind);
        random_set(b, nb, (kind + it / 4) % 4);
        for (int c = 0; c < 3; c++)
            dir[c] = tu_unit() - 0.5;
        len = sqrt(dot3(dir, dir));
        if (!(len > 1e-3))
            continue;
        /* B moved along dir until its projection clears A's by gap: a
           separated pair, at least gap apart */
        for (int i = 0; i < na; i++)
            ha = fmax(ha, dot3(a[i], dir) / len);
        for (int j = 0; j < nb; j++)
            lb = fmin(lb, dot3(b[j], dir) / len);
        want = ha - lb + gap;
        for (int j = 0; j < nb; j++)
            for (int c = 0; c < 3; c++)
                b[j][c] += want * dir[c] / len;
        for (int i = 0; i < na; i++)
            for (int c = 0; c < 3; c++)
                a[i][c] *= scale;
        for (int j = 0; j < nb; j++)
            for (int c = 0; c < 3; c++)
                b[j][c] *= scale;
        ref = hull_distance((const double (*)[3])a, na, (const double (*)[3])b, nb);
        if (vccd_hull_direction(n, (const double (*)[3])a, na, (const double (*)[3])b, nb, NULL) != 0) {
            /* giving up is allowed near touching, where the rigorous
               gap could prove little anyway */
            TU_CHECK(ref < 1e-6 * scale, "it %ld (na %d nb %d kind %d): no direction at distance %.17g (scale %g)",
                     it, na, nb, kind, ref, scale);
            continue;
        }
        settled++;
        got = gap_along(n, (const double (*)[3])a, na, (const double (*)[3])b, nb);
        /* the gap along any direction is at most the distance; GJK's is
           the distance, to its stopping rule and the rounding */
        TU_CHECK(got <= ref * (1.0 + 1e-12) + 1e-15 * scale,
                 "it %ld: gap %.17g along the direction exceeds the distance %.17g", it, got, ref);
        /* GJK's certificate: n is a point of the hulls' difference, so
           |n| >= the distance >= the gap along n, and the two agree --
           to 1e-12 when its stopping rule ends the run, to a few 1e-9
           when rounding does (a support point already in the simplex, no
           progress: seed 8, it 14497, collinear A, 1.04e-9) */
        TU_CHECK(got >= sqrt(dot3(n, n)) * (1.0 - 1e-7),
                 "it %ld (na %d nb %d kind %d): gap %.17g along the direction, |n| = %.17g", it, na, nb, kind, got,
                 sqrt(dot3(n, n)));
        /* and the reference agrees, to its own accuracy: its nearly
           parallel segment pairs are good to a few 1e-9 at a gap of 1e-2
           of the coordinates (seed 8, it 17537: 3.1e-9) */
        TU_CHECK(got >= ref * (1.0 - 1e-7) - 1e-13 * scale,
                 "it %ld (na %d nb %d kind %d): gap %.17g along the direction, distance %.17g (scale %g)", it, na,
                 nb, kind, got, ref, scale);
        /* started from a simplex: the last answer's (the advance's use),
           or any one of the sets' index pairs, indices past the sets
           included (then ignored) */
        for (int k = 0; k < 2; k++) {
            vccd_hull_seed seed;
            if (k == 0) {
                if (vccd_hull_direction(n, (const double (*)[3])a, na, (const double (*)[3])b, nb, &seed) != 0)
                    tu_fail("it %ld: no direction the second time", it);
            } else {
                seed.n = 1 + (int)(tu_unit() * 4);
                for (int j = 0; j < seed.n; j++) {
                    seed.ia[j] = (int)(tu_unit() * (na + (it % 9 == 0)));
                    seed.ib[j] = (int)(tu_unit() * nb);
                }
            }
            if (vccd_hull_direction(n, (const double (*)[3])a, na, (const double (*)[3])b, nb, &seed) != 0) {
                TU_CHECK(ref < 1e-6 * scale, "it %ld: no direction from seed %d at distance %.17g", it, k, ref);
                continue;
            }
            got = gap_along(n, (const double (*)[3])a, na, (const double (*)[3])b, nb);
            TU_CHECK(got >= sqrt(dot3(n, n)) * (1.0 - 1e-7) && got >= ref * (1.0 - 1e-7) - 1e-13 * scale
                         && got <= ref * (1.0 + 1e-12) + 1e-15 * scale,
                     "it %ld: from seed %d, gap %.17g along the direction, distance %.17g", it, k, got, ref);
            TU_CHECK(seed.n >= 1 && seed.n <= 4, "it %ld: seed of %d points kept", it, seed.n);
        }
    }
    TU_CHECK(settled >= iters * 9 / 10, "GJK settled on only %ld of %ld separated pairs", settled, iters);
    printf("t-hull separated: %ld of %ld settled\n", settled, iters);
}
END_TEST

/* Overlapping sets (B's points in A's hull): no gap along the direction,
   if any; a non-finite point: no direction. */
START_TEST(test_overlap)
{
    long iters = tu_iters(5000);
    for (long it = 0; it < iters; it++) {
        double a[NMAX][3], b[NMAX][3], n[3];
        int na = 2 + (int)(tu_unit() * (NMAX - 1)), nb = 1 + (int)(tu_unit() * NMAX);
        random_set(a, na, (int)(it % 4));
        for (int j = 0; j < nb; j++) {
            /* a convex combination of two of A's points: inside A's hull */
            int i0 = (int)(tu_unit() * na), i1 = (int)(tu_unit() * na);
            double s = tu_unit();
            for (int c = 0; c < 3; c++)
                b[j][c] = a[i0][c] + s * (a[i1][c] - a[i0][c]);
        }
        if (it % 5 == 0) {      /* a non-finite coordinate anywhere */
            double (*x)[3] = it % 2 ? a : b;
            x[(int)(tu_unit() * (it % 2 ? na : nb))][(int)(tu_unit() * 3)] = it % 10 ? NAN : INFINITY;
            TU_CHECK(vccd_hull_direction(n, (const double (*)[3])a, na, (const double (*)[3])b, nb, NULL) != 0,
                     "it %ld: a direction for a non-finite point", it);
            continue;
        }
        /* B's points lie in A's hull up to the rounding of their
           coordinates: no direction, or one along which the sets are
           not apart by more than that rounding */
        if (vccd_hull_direction(n, (const double (*)[3])a, na, (const double (*)[3])b, nb, NULL) == 0)
            TU_CHECK(gap_along(n, (const double (*)[3])a, na, (const double (*)[3])b, nb) <= 1e-15,
                     "it %ld: the hulls overlap, but are %.3g apart along (%g %g %g)", it,
                     gap_along(n, (const double (*)[3])a, na, (const double (*)[3])b, nb), n[0], n[1], n[2]);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_separated, test_overlap };
    return tu_main("hull", tests, (int)(sizeof tests / sizeof tests[0]));
}
