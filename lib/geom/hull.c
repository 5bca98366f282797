/* hull.c -- the distance of the convex hulls of two small point sets by
   GJK (Gilbert, Johnson, Keerthi 1988) in plain doubles.  NON-RIGOROUS:
   it only chooses the direction along which rigorous code (the hull gap
   of lib/query/advance.c) then bounds the separation of the two sets'
   interval enclosures; a poor direction costs tightness, never the
   proof.

   Written by hand: libccd (Debian's GJK, a dependency of FCL) offers
   intersection and penetration but no separation distance in 2.1, and
   the hull gap needs the direction of the closest points, including the
   edge-edge case that the separating-axis candidates of two polyhedra
   only approximate (one axis per edge pair, and 45 of them on the
   tetrahedron pair where GJK takes 2 to 4 support steps).

   The closest point of a simplex of up to 4 points to the origin is
   Johnson's distance sub-algorithm: over the subsets X of the simplex,
   the cofactors d_i(X) (d_i({i}) = 1, d_j(X + j) = sum over i in X of
   d_i(X) (y_i . y_k - y_i . y_j), k a fixed member of X) give the
   barycentric weights of the origin's projection onto the affine hull
   of X; the answer is the subset whose weights are all positive and
   that no point outside it would improve (d_j(X + j) <= 0).  In
   rounding trouble no subset passes, and the best positive one is
   taken, as Johnson's backup procedure does. */
#include <math.h>
#include <string.h>

#include "vccd/closest.h"

#define HULL_MAX_ITER 64

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* The simplex: its points y (in B - A) and their sources. */
typedef struct {
    int n;
    double y[4][3];
    int ia[4], ib[4];
} simplex;

/* v := the point of the simplex nearest the origin; the simplex is
   reduced to the smallest subset holding it (all = 0: one holding the
   last point, the support point just added).  0, or -1 when no subset
   has positive weights (rounding on a degenerate simplex). */
/* The members of each subset mask of a 4-point simplex: count, then the
   indices in increasing order.  Johnson's loops walk these lists instead
   of testing every bit of every mask (a third of the advance's GJK time
   on the tetrahedron pair went to those tests and their mispredicted
   branches). */
static const signed char members[16][5] = {
    { 0 }, { 1, 0 }, { 1, 1 }, { 2, 0, 1 }, { 1, 2 }, { 2, 0, 2 }, { 2, 1, 2 }, { 3, 0, 1, 2 },
    { 1, 3 }, { 2, 0, 3 }, { 2, 1, 3 }, { 3, 0, 1, 3 }, { 2, 2, 3 }, { 3, 0, 2, 3 }, { 3, 1, 2, 3 }, { 4, 0, 1, 2, 3 },
};

static int
johnson(simplex *s, double v[3], int all)
{
    int n = s->n, best = -1, best_valid = 0, last = 1 << (n - 1);
    double G[4][4], d[16][4], best_v2 = INFINITY;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            G[i][j] = G[j][i] = dot3(s->y[i], s->y[j]);
    /* subsets by increasing mask: a mask's cofactors read those of its
       subsets with one member fewer, all smaller masks */
    for (int mask = 1; mask < 1 << n && !best_valid; mask++) {
        const signed char *m = members[mask];
        int cnt = m[0], lowest = m[1], ok = 1;
        double sum = 0.0, p[3] = { 0, 0, 0 }, p2, inv;
        for (int a = 1; a <= cnt; a++) {
            int j = m[a], sub = mask & ~(1 << j);
            double dj = 1.0;
            if (sub) {
                const signed char *ms = members[sub];
                int k = ms[1];
                dj = 0.0;
                for (int b = 1; b <= ms[0]; b++) {
                    int i = ms[b];
                    dj += d[sub][i] * (G[i][k] - G[i][j]);
                }
            }
            d[mask][j] = dj;
            ok &= dj > 0.0;
            sum += dj;
        }
        /* the nearest point holds the support point just added (the last):
           the subsets without it only feed the cofactors of those with it */
        if (!ok || (!all && !(mask & last)))
            continue;
        inv = 1.0 / sum;
        for (int a = 1; a <= cnt; a++) {
            int i = m[a];
            double w = d[mask][i] * inv;
            for (int c = 0; c < 3; c++)
                p[c] += w * s->y[i][c];
        }
        /* valid: no point outside the subset would bring it nearer */
        best_valid = 1;
        for (int j = 0; j < n; j++) {
            double dj = 0.0;
            if (mask & 1 << j)
                continue;
            for (int a = 1; a <= cnt; a++) {
                int i = m[a];
                dj += d[mask][i] * (G[i][lowest] - G[i][j]);
            }
            if (dj > 0.0)
                best_valid = 0;
        }
        p2 = dot3(p, p);
        if (best_valid || p2 < best_v2) {
            best_v2 = p2;
            best = mask;
            memcpy(v, p, sizeof p);
        }
    }
    if (best < 0)
        return -1;
    {
        simplex t = *s;
        const signed char *m = members[best];
        for (int a = 1; a <= m[0]; a++) {
            memcpy(s->y[a - 1], t.y[m[a]], sizeof t.y[0]);
            s->ia[a - 1] = t.ia[m[a]];
            s->ib[a - 1] = t.ib[m[a]];
        }
        s->n = m[0];
    }
    return 0;
}

/* The separation of the projections of the sets along v, per unit of
   v (plain doubles). */
static double
support_gap(const double v[3], const double (*pa)[3], int na, const double (*pb)[3], int nb)
{
    double ha = -INFINITY, lb = INFINITY;
    for (int i = 0; i < na; i++)
        ha = fmax(ha, dot3(pa[i], v));
    for (int j = 0; j < nb; j++)
        lb = fmin(lb, dot3(pb[j], v));
    return (lb - ha) / sqrt(dot3(v, v));
}

/* The result n = v with the simplex kept in seed. */
static int
settle(double n[3], const double v[3], const simplex *s, vccd_hull_seed *seed)
{
    memcpy(n, v, 3 * sizeof *v);
    if (seed) {
        seed->n = s->n;
        memcpy(seed->ia, s->ia, sizeof s->ia);
        memcpy(seed->ib, s->ib, sizeof s->ib);
    }
    return 0;
}

static int
give_up(vccd_hull_seed *seed)
{
    if (seed)
        seed->n = 0;
    return -1;
}

int
vccd_hull_direction(double n[3], const double (*pa)[3], int na, const double (*pb)[3], int nb, vccd_hull_seed *seed)
{
    simplex s;
    double v[3], v2;
    int seeded = 0;
    if (na < 1 || nb < 1)
        return give_up(seed);
    /* a NaN point would never be a support point: refuse, not ignore */
    for (int i = 0; i < na + nb; i++) {
        const double *x = i < na ? pa[i] : pb[i - na];
        if (!isfinite(x[0]) || !isfinite(x[1]) || !isfinite(x[2]))
            return give_up(seed);
    }
    s.n = 1;
    s.ia[0] = s.ib[0] = 0;
    /* the last answer's simplex, the points moved: a few steps of the
       advance apart it is usually the answer again, and GJK stops at
       its first support point */
    if (seed && seed->n > 0 && seed->n <= 4) {
        s.n = seed->n;
        for (int k = 0; k < s.n; k++) {
            s.ia[k] = seed->ia[k];
            s.ib[k] = seed->ib[k];
            if (s.ia[k] < 0 || s.ia[k] >= na || s.ib[k] < 0 || s.ib[k] >= nb)
                s.n = 1, s.ia[0] = s.ib[0] = 0, k = 4;
        }
    }
    for (int k = 0; k < s.n; k++)
        for (int c = 0; c < 3; c++)
            s.y[k][c] = pb[s.ib[k]][c] - pa[s.ia[k]][c];
    seeded = s.n > 1;
    if (s.n == 1)
        memcpy(v, s.y[0], sizeof v);
    else if (johnson(&s, v, 1) != 0)
        return give_up(seed);
    v2 = dot3(v, v);
    for (int it = 0; it < HULL_MAX_ITER; it++) {
        /* support of B - A in direction -v: B's lowest point along v
           less A's highest */
        int ja = 0, jb = 0;
        double ha = -INFINITY, lb = INFINITY, w[3], vw;
        if (!(v2 > 0.0) || !(v2 < INFINITY))
            return give_up(seed);       /* touching, overlapping or overflowed */
        for (int i = 0; i < na; i++) {
            double x = dot3(pa[i], v);
            if (x > ha) {
                ha = x;
                ja = i;
            }
        }
        for (int j = 0; j < nb; j++) {
            double x = dot3(pb[j], v);
            if (x < lb) {
                lb = x;
                jb = j;
            }
        }
        for (int c = 0; c < 3; c++)
            w[c] = pb[jb][c] - pa[ja][c];
        vw = dot3(v, w);
        /* |v| - v.w / |v| is how much nearer the hulls may be than |v|:
           stop within a relative 1e-12 (or when w adds nothing new) */
        if (v2 - vw <= 1e-12 * v2)
            return vw > 0.0 ? settle(n, v, &s, seed) : give_up(seed);
        {
            /* 0: go on; 1: settle on v; -1: give up */
            int out = 0, known = 0;
            for (int k = 0; k < s.n; k++)
                known |= s.ia[k] == ja && s.ib[k] == jb;
            if (known)          /* w adds nothing: v is as good as it gets */
                out = vw > 0.0 ? 1 : -1;
            else if (s.n == 4)  /* a full simplex cannot grow: rounding */
                out = -1;
            else {
                double u[3];
                memcpy(u, v, sizeof u);
                memcpy(s.y[s.n], w, sizeof w);
                s.ia[s.n] = ja;
                s.ib[s.n] = jb;
                s.n++;
                if (johnson(&s, v, 0) != 0)
                    out = -1;
                else if (!(dot3(v, v) < v2)) {
                    /* no progress: the better of the last v (support gap
                       vw / |u|) and the new one, by their support gaps */
                    double gu = vw / sqrt(v2), gv = support_gap(v, pa, na, pb, nb);
                    if (!(gv >= gu))
                        memcpy(v, u, sizeof u);
                    out = gv > 0.0 || gu > 0.0 ? 1 : -1;
                } else
                    v2 = dot3(v, v);
            }
            /* A run started from a seed, whose simplex need not be one
               GJK would have built, does not trust these ends: once more
               from w alone. */
            if (out != 0 && seeded) {
                seeded = 0;
                s.n = 1;
                s.ia[0] = ja;
                s.ib[0] = jb;
                memcpy(s.y[0], w, sizeof w);
                memcpy(v, w, sizeof v);
                v2 = dot3(v, v);
                continue;
            }
            if (out != 0)
                return out > 0 ? settle(n, v, &s, seed) : give_up(seed);
        }
    }
    return give_up(seed);
}
