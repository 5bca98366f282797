/* obb.c -- oriented boxes: axes from the covariance of the vertices
   (principal axes), rounded to an integer quaternion q whose matrix M(q)
   has exactly orthogonal rows of exactly equal norm N = |q|^2; the box is
   the slabs lo[k] <= m_k . p <= hi[k] with outward-rounded bounds.  The
   principal axes only steer tightness, never rigour. */
#include "bv_impl.h"

/* Quaternion components are scaled to at most 2^14: they fit int16
   storage, entries of M(q) are below 2^31 (exact products with small
   integers), and the axes still resolve 2^-14 rad. */
#define OBB_QSCALE 16384.0

/* Vertices the axes are estimated from, at most. */
#define OBB_SAMPLES 96

/* Rows of M(q) = |q|^2 R(q / |q|): exact in doubles for |q_i| <= 2^14. */
static inline void
obb_axes(double m[3][3], double *N, const int16_t qi[4])
{
    double w = qi[0], x = qi[1], y = qi[2], z = qi[3];
    m[0][0] = w * w + x * x - y * y - z * z;
    m[0][1] = 2 * (x * y - w * z);
    m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z);
    m[1][1] = w * w - x * x + y * y - z * z;
    m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y);
    m[2][1] = 2 * (y * z + w * x);
    m[2][2] = w * w - x * x - y * y + z * z;
    *N = w * w + x * x + y * y + z * z;
}

static inline void
cross3(double r[3], const double a[3], const double b[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

static inline double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Orthonormal eigenvectors of the symmetric a (rows of v), in closed
   form: the eigenvalues from the trigonometric solution of the
   characteristic cubic; the eigenvector of the one farthest from the
   other two as the longest cross product of two rows of a - lambda I
   (rank 2 there); the other two by the 2 x 2 problem in the plane
   orthogonal to it (Eberly, "A Robust Eigensolver for 3 x 3 Symmetric
   Matrices", 2014).  Approximate, and any orthonormal result would be
   sound: the axes only steer tightness, and are rounded to a quaternion
   of 2^-14 resolution anyway.  It replaced cyclic Jacobi sweeps, which
   were a third of a big mesh's OBB fit (a node's covariance is 3 x 3, so
   its square roots and divisions, not the points, were the cost). */
static void
eigen3(double v[3][3], const double a[3][3])
{
    double q = (a[0][0] + a[1][1] + a[2][2]) / 3, b[3][3], p2 = 0.0, p, det, r, phi, lam, c[3][3], n[3];
    double u[3], w[3], au[3], aw[3], muu, muw, mww, ct, st;
    int best = 0;

    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            b[i][j] = a[i][j] - (i == j ? q : 0.0);
            p2 += b[i][j] * b[i][j];
        }
    p = sqrt(p2 / 6);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            v[i][j] = i == j;
    /* a multiple of I (or NaN): any basis */
    if (!(p > 0.0 && p < INFINITY))
        return;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            b[i][j] /= p;
    det = b[0][0] * (b[1][1] * b[2][2] - b[1][2] * b[2][1]) - b[0][1] * (b[1][0] * b[2][2] - b[1][2] * b[2][0])
          + b[0][2] * (b[1][0] * b[2][1] - b[1][1] * b[2][0]);
    r = det / 2;
    r = r < -1.0 ? -1.0 : r > 1.0 ? 1.0 : r;
    phi = acos(r) / 3;
    /* the eigenvalues of b are 2 cos(phi + 2 pi k / 3); with r >= 0 the
       largest (k = 0) is the isolated one, else the smallest (k = 1) */
    lam = r >= 0.0 ? 2 * cos(phi) : 2 * cos(phi + 2.0943951023931953);
    for (int i = 0; i < 3; i++)
        b[i][i] -= lam;
    cross3(c[0], b[0], b[1]);
    cross3(c[1], b[0], b[2]);
    cross3(c[2], b[1], b[2]);
    for (int i = 0; i < 3; i++) {
        n[i] = dot3(c[i], c[i]);
        best = n[i] > n[best] ? i : best;
    }
    if (!(n[best] > 0.0 && n[best] < INFINITY))
        return;
    for (int k = 0; k < 3; k++)
        v[0][k] = c[best][k] / sqrt(n[best]);
    /* u, w: an orthonormal basis of the plane orthogonal to v[0] */
    if (fabs(v[0][0]) > fabs(v[0][1])) {
        double l = sqrt(v[0][0] * v[0][0] + v[0][2] * v[0][2]);
        u[0] = -v[0][2] / l, u[1] = 0.0, u[2] = v[0][0] / l;
    } else {
        double l = sqrt(v[0][1] * v[0][1] + v[0][2] * v[0][2]);
        u[0] = 0.0, u[1] = v[0][2] / l, u[2] = -v[0][1] / l;
    }
    cross3(w, v[0], u);
    for (int i = 0; i < 3; i++) {
        au[i] = dot3(b[i], u);  /* b: a's eigenvectors, entries of order 1 */
        aw[i] = dot3(b[i], w);
    }
    muu = dot3(u, au);
    muw = dot3(u, aw);
    mww = dot3(w, aw);
    /* [[muu, muw], [muw, mww]]'s larger eigenvalue mu has the
       eigenvectors (muw, mu - muu) and (mu - mww, muw): the longer of the
       two, the other one orthogonal to it */
    {
        double h = 0.5 * (muu - mww), mu = 0.5 * (muu + mww) + sqrt(h * h + muw * muw);
        double x1 = muw, y1 = mu - muu, x2 = mu - mww, y2 = muw, l1 = x1 * x1 + y1 * y1, l2 = x2 * x2 + y2 * y2;
        if (l2 > l1) {
            x1 = x2, y1 = y2, l1 = l2;
        }
        if (l1 > 0.0 && l1 < INFINITY) {
            l1 = sqrt(l1);
            ct = x1 / l1;
            st = y1 / l1;
        } else {                /* a multiple of I in the plane: any pair */
            ct = 1.0;
            st = 0.0;
        }
    }
    for (int k = 0; k < 3; k++) {
        v[1][k] = ct * u[k] + st * w[k];
        v[2][k] = -st * u[k] + ct * w[k];
    }
}

/* An integer quaternion whose rotation has rows close to the rows of r
   (a rotation matrix up to rounding). */
static void
obb_quat(int16_t qi[4], const double r[3][3])
{
    double q[4], tr = r[0][0] + r[1][1] + r[2][2], n = 0.0;
    if (tr > 0) {
        double s = 2 * sqrt(tr + 1);
        q[0] = s / 4;
        q[1] = (r[2][1] - r[1][2]) / s;
        q[2] = (r[0][2] - r[2][0]) / s;
        q[3] = (r[1][0] - r[0][1]) / s;
    } else {
        int i = r[0][0] >= r[1][1] && r[0][0] >= r[2][2] ? 0 : r[1][1] >= r[2][2] ? 1 : 2;
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double s = 2 * sqrt(1 + r[i][i] - r[j][j] - r[k][k]);
        q[0] = (r[k][j] - r[j][k]) / s;
        q[1 + i] = s / 4;
        q[1 + j] = (r[j][i] + r[i][j]) / s;
        q[1 + k] = (r[k][i] + r[i][k]) / s;
    }
    for (int i = 0; i < 4; i++)
        n += q[i] * q[i];
    n = sqrt(n);
    for (int i = 0; i < 4; i++)
        qi[i] = n > 0 && isfinite(n) ? (int16_t)lrint(q[i] / n * OBB_QSCALE) : (int16_t)((i == 0) * OBB_QSCALE);
}

/* Rows of r: the principal axes of (at most OBB_SAMPLES of) the points,
   made right-handed. */
static void
obb_principal_axes(double r[3][3], const double (*pts)[3], long np)
{
    double mean[3] = { 0, 0, 0 }, cov[3][3] = { { 0 } }, scale = 0.0;

    /* Covariance of at most OBB_SAMPLES vertices (evenly strided): the
       axes only steer tightness, while the slabs see every vertex;
       sampling keeps the fit of big nodes one pass.  Coordinates are
       scaled by the largest sampled magnitude so that squares neither
       overflow nor vanish. */
    long stride = (np + OBB_SAMPLES - 1) / OBB_SAMPLES, ns = 0;
    for (long i = 0; i < np; i += stride) {
        const double *p = pts[i];
        for (int k = 0; k < 3; k++)
            scale = fabs(p[k]) > scale ? fabs(p[k]) : scale;
    }
    scale = scale > 0 && isfinite(scale) ? 1 / scale : 1.0;
    for (long i = 0; i < np; i += stride, ns++) {
        const double *p = pts[i];
        for (int k = 0; k < 3; k++)
            mean[k] += p[k] * scale;
    }
    for (int k = 0; k < 3; k++)
        mean[k] /= (double)ns;
    for (long i = 0; i < np; i += stride) {
        const double *p = pts[i];
        for (int a = 0; a < 3; a++)
            for (int b = a; b < 3; b++)
                cov[a][b] += (p[a] * scale - mean[a]) * (p[b] * scale - mean[b]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < i; j++)
            cov[i][j] = cov[j][i];
    eigen3(r, (const double (*)[3])cov);
    if (r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
        + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0]) < 0)
        for (int k = 0; k < 3; k++)
            r[2][k] = -r[2][k];
}

/* Rows of r for one triangle p[0..2]: its longest side, the in-plane
   direction across it, and its normal.  No rectangle around a triangle of
   area A is smaller than 2A, and the one on the longest side is exactly
   that (the angles at its ends are acute, so the third vertex projects
   inside it); with the normal as third axis the box is flat but for the
   axes' rounding.  The principal axes of three points are neither, and a
   Jacobi solve per leaf was most of a big mesh's fit (doc/bvh.md).  0,
   or -1 when the triangle has no usable normal (the caller falls back). */
static int
obb_triangle_axes(double r[3][3], const double (*p)[3])
{
    double sc = 0.0, q[3][3], e[3][3], len[3], n[3], nn;
    int j = 0;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            sc = fabs(p[i][k]) > sc ? fabs(p[i][k]) : sc;
    if (!(sc > 0.0 && sc < INFINITY))
        return -1;
    /* scaled to at most 1, so that no square below overflows */
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            q[i][k] = p[i][k] / sc;
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < 3; k++)
            e[i][k] = q[(i + 1) % 3][k] - q[i][k];
        len[i] = sqrt(e[i][0] * e[i][0] + e[i][1] * e[i][1] + e[i][2] * e[i][2]);
        j = len[i] > len[j] ? i : j;
    }
    n[0] = e[0][1] * e[1][2] - e[0][2] * e[1][1];
    n[1] = e[0][2] * e[1][0] - e[0][0] * e[1][2];
    n[2] = e[0][0] * e[1][1] - e[0][1] * e[1][0];
    nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    /* A sliver: its computed normal is rounding noise (about 2^-52 of
       the longest side squared), and the principal axes, which see the
       points' spread, give the thinner box.  Also an underflow. */
    if (!(len[j] > 0x1p-450 && nn > 0x1p-40 * len[j] * len[j]))
        return -1;
    for (int k = 0; k < 3; k++) {
        r[0][k] = e[j][k] / len[j];
        r[2][k] = n[k] / nn;
    }
    r[1][0] = r[2][1] * r[0][2] - r[2][2] * r[0][1];
    r[1][1] = r[2][2] * r[0][0] - r[2][0] * r[0][2];
    r[1][2] = r[2][0] * r[0][1] - r[2][1] * r[0][0];
    return 0;
}

static void
obb_fit(void *bv, const double (*pts)[3], long np)
{
    vccd_bv_obb *b = bv;
    double r[3][3], m[3][3], N, l1 = 0.0;
    double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };

    if (np != 3 || obb_triangle_axes(r, pts) != 0)
        obb_principal_axes(r, pts, np);
    obb_quat(b->q, r);
    obb_axes(m, &N, b->q);
    /* The slabs along M(q)'s rows, as bv_project computes them, and the
       body axes' box, in one pass over the points (the pass is most of
       a big node's fit). */
    for (int k = 0; k < 3; k++) {
        b->lo[k] = INFINITY;
        b->hi[k] = -INFINITY;
    }
    for (const double *p = pts[0], *end = pts[0] + 3 * np; p < end; p += 3) {
        double a = fabs(p[0]) + fabs(p[1]) + fabs(p[2]);
        l1 = a > l1 ? a : l1;
        for (int k = 0; k < 3; k++) {
            double s = m[k][0] * p[0] + m[k][1] * p[1] + m[k][2] * p[2];
            b->lo[k] = s < b->lo[k] ? s : b->lo[k];
            b->hi[k] = s > b->hi[k] ? s : b->hi[k];
            lo[k] = p[k] < lo[k] ? p[k] : lo[k];
            hi[k] = p[k] > hi[k] ? p[k] : hi[k];
        }
    }
    /* every |entry| of M(q) is at most its row norm N */
    bv_widen(b->lo, b->hi, 3, N, l1);
    /* Principal axes are ill-defined for nearly isotropic point sets (a
       cube's can come out diagonal), and a triangle along the body axes
       is flatter in them than in rounded ones: the body axes (q = 1,
       exact min and max) are kept instead when their box is smaller. */
    {
        double va = 1, vp = 1;
        for (int k = 0; k < 3; k++) {   /* volumes in units of the extents */
            va *= hi[k] - lo[k];
            vp *= (b->hi[k] - b->lo[k]) / N;
        }
        if (va < vp) {
            b->q[0] = 1;
            b->q[1] = b->q[2] = b->q[3] = 0;
            for (int k = 0; k < 3; k++) {
                b->lo[k] = lo[k];
                b->hi[k] = hi[k];
            }
        }
    }
}

/* What the node test needs of the relative pose, as midpoints and
   radii: the test runs in plain doubles with one error bound (below),
   which measured 8x faster than interval arithmetic throughout. */
typedef struct {
    double Rm[9];               /* midpoint of R */
    double om[3], obm[3];       /* midpoints of o and of R^T o */
    double eps_C;               /* bound on |C'_kj - Chat_kj| (see below) */
    double eps_o, eps_ob;       /* 2-norms of the radii of o and R^T o */
    double om1, obm1;           /* 1-norms of om and obm */
    /* obb_prepare_linear only: the velocity (see there) */
    double vm[3], vbm[3], eps_v, eps_vb, vm1, vbm1;
} obb_ctx;

static void
mid_rad(double *m, double *r, vccd_di x)
{
    *m = 0.5 * x.lo + 0.5 * x.hi;
    *r = BV_UP(fmax(BV_UP(x.hi - *m), BV_UP(*m - x.lo)));
}

/* m := the midpoint of x, *eps := the 2-norm of its radius (rounded
   up), *m1 := |m|_1 (rounded up). */
static void
vec_mid_rad(double m[3], double *eps, double *m1, const vccd_di_vec3 *x)
{
    double r, e2 = 0.0;
    *m1 = 0.0;
    for (int k = 0; k < 3; k++) {
        mid_rad(&m[k], &r, x->c[k]);
        e2 = BV_UP(e2 + BV_UP(r * r));
        *m1 = BV_UP(*m1 + fabs(m[k]));
    }
    *eps = BV_UP(sqrt(e2));
}

static void
obb_prepare(void *ctx, const vccd_bv_relpose *p)
{
    obb_ctx *c = ctx;
    vccd_di_mat3 Rt;
    vccd_di_vec3 ob;
    double rr2 = 0.0, rmax = 0.0, r;

    for (int i = 0; i < 9; i++) {
        mid_rad(&c->Rm[i], &r, p->R.m[i]);
        rr2 = BV_UP(rr2 + BV_UP(r * r));
        rmax = fmax(rmax, fabs(c->Rm[i]));
    }
    /* R^T o encloses the true R^-1 o: B's centre offset seen in B's frame */
    vec_mid_rad(c->om, &c->eps_o, &c->om1, &p->o);
    vccd_di_mat3_transpose(&Rt, &p->R);
    vccd_di_mat3_mul_vec3(&ob, &Rt, &p->o);
    vec_mid_rad(c->obm, &c->eps_ob, &c->obm1, &ob);
    /* |u_a^T (R - Rm) u_b| <= ||rad R||_F for unit u_a, u_b; rounding of
       Chat = (m_a . (Rm m_b)) / (Na Nb) is below g8 |m_a|^T |Rm| |m_b| /
       (Na Nb) <= g8 ||Rm||_F <= 2^-48 * 3 rmax, plus underflow, which
       2^-1060 covers with room */
    c->eps_C = BV_UP(BV_UP(BV_UP(sqrt(rr2)) + BV_UP(0x1p-45 * rmax)) + 0x1p-1060);
}

/* The box in its unit frame: centre coordinates c and half extents e
   (approximate; the error bound accounts for their rounding). */
static inline void
obb_unit(double c[3], double e[3], double m[3][3], const vccd_bv_obb *x)
{
    double N, h;
    obb_axes(m, &N, x->q);
    h = 0.5 / N;
    for (int k = 0; k < 3; k++) {
        c[k] = (x->lo[k] + x->hi[k]) * h;
        e[k] = (x->hi[k] - x->lo[k]) * h;
    }
}

/* A lower bound of the gap between [ac - ae, ac + ae] and
   [bc - be, bc + be], given an error bound err of the computed values. */
static inline double
obb_gap(double ac, double ae, double bc, double be, double err)
{
    double g1 = (bc - be) - (ac + ae), g2 = (ac - ae) - (bc + be), g = (g1 > g2 ? g1 : g2) - err;
    return g > 0.0 ? BV_DN(g) : 0.0;
}

/* What both node tests compute of a pair of boxes: each box in its unit
   frame (centre c, half extents e, integer axes m, N = |q|^2), and
   Chat_kj ~ C'_kj = u^A_k . (R u^B_j) from the midpoint of R. */
typedef struct {
    double ma[3][3], mb[3][3], ca[3], ea[3], cb[3], eb[3], C[3][3], Na, Nb, sa, sb;
} obb_pair;

static inline void
obb_pair_set(obb_pair *p, const obb_ctx *c, const void *a, const void *b)
{
    const int16_t *qa = ((const vccd_bv_obb *)a)->q, *qb = ((const vccd_bv_obb *)b)->q;
    double G[3][3];
    obb_unit(p->ca, p->ea, p->ma, a);
    obb_unit(p->cb, p->eb, p->mb, b);
    p->Na = p->Nb = p->sa = p->sb = 0.0;
    for (int i = 0; i < 4; i++) {
        p->Na += (double)qa[i] * qa[i];
        p->Nb += (double)qb[i] * qb[i];
    }
    for (int j = 0; j < 3; j++) {       /* G[j] = Rm m^B_j */
        for (int i = 0; i < 3; i++)
            G[j][i] = c->Rm[3 * i] * p->mb[j][0] + c->Rm[3 * i + 1] * p->mb[j][1] + c->Rm[3 * i + 2] * p->mb[j][2];
        p->sa += fabs(p->ca[j]) + p->ea[j];
        p->sb += fabs(p->cb[j]) + p->eb[j];
    }
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            p->C[k][j] = (p->ma[k][0] * G[j][0] + p->ma[k][1] * G[j][1] + p->ma[k][2] * G[j][2]) / (p->Na * p->Nb);
}

/* Onto A's axis u^A_k: B's centre projects to *pc, B's radius is *pe,
   A's are ca[k] +- ea[k]; *err bounds the difference of every computed
   value from the exact one (below). */
static inline void
obb_axis_a(double *pc, double *pe, double *err, const obb_ctx *c, const obb_pair *p, int k)
{
    double S = c->om1 + fabs(p->ca[k]) + p->ea[k];
    *pc = (p->ma[k][0] * c->om[0] + p->ma[k][1] * c->om[1] + p->ma[k][2] * c->om[2]) / p->Na;
    *pe = 0.0;
    for (int j = 0; j < 3; j++) {
        *pc += p->C[k][j] * p->cb[j];
        *pe += fabs(p->C[k][j]) * p->eb[j];
        S += fabs(p->C[k][j]) * (fabs(p->cb[j]) + p->eb[j]);
    }
    *err = (0x1p-40 * S + c->eps_C * p->sb + c->eps_o + 0x1p-1060) * (1 + 0x1p-39);
}

/* Onto B's axis R u^B_j: B's centre projects to *bc (through R^T o), A's
   centre to *pc and A's radius is *pe; B's radius is eb[j]. */
static inline void
obb_axis_b(double *bc, double *pc, double *pe, double *err, const obb_ctx *c, const obb_pair *p, int j)
{
    double S = c->obm1 + fabs(p->cb[j]) + p->eb[j];
    *bc = (p->mb[j][0] * c->obm[0] + p->mb[j][1] * c->obm[1] + p->mb[j][2] * c->obm[2]) / p->Nb + p->cb[j];
    *pc = *pe = 0.0;
    for (int k = 0; k < 3; k++) {
        *pc += p->C[k][j] * p->ca[k];
        *pe += fabs(p->C[k][j]) * p->ea[k];
        S += fabs(p->C[k][j]) * (fabs(p->ca[k]) + p->ea[k]);
    }
    *err = (0x1p-40 * S + c->eps_C * p->sa + c->eps_ob + 0x1p-1060) * (1 + 0x1p-39);
}

/* Separation along the six face normals, in each box's unit frame
   (u_k = m_k / N; the true unit vectors, never rounded), with
   C'_kj = u^A_k . (R u^B_j):
   - onto u^A_k, B projects to u^A_k . o + sum_j C'_kj (c^B_j +- e^B_j)
     and A to c^A_k +- e^A_k;
   - onto the true R u^B_j, B projects to u^B_j . (R^T o) + c^B_j +- e^B_j
     (R orthogonal) and A to sum_k C'_kj (c^A_k +- e^A_k).
   Everything is computed in plain doubles from the midpoints, then each
   gap is lowered by a bound of the difference from the exact value:
     2^-40 S (rounding: S sums the magnitudes of every term, and the
       few dozen operations err by far less than 2^-40 of it; underflow
       adds at most 2^-1075 per operation, inside the 2^-1060 term),
     + eps_C * sum (|c| + e) (C' vs Chat: the pose's width and Chat's
       rounding),
     + eps_o (the offset's width; |u . dr| <= |dr| for unit u).
   Overflow or NaN anywhere makes the bound infinite or NaN and the gap
   0.  Each frame's axes are orthogonal (A's exactly, R u^B_j too), so B
   lies in the box of its projections there and the Euclidean norm of
   the three gaps bounds the distance; the larger norm is returned.
   (The nine edge-edge axes would tighten edge-on configurations; the
   face axes keep the test cheap.) */
static double
obb_distance_lower(const void *ctx, const void *a, const void *b)
{
    const obb_ctx *c = ctx;
    obb_pair p;
    double ga[3], gb[3], la, lb;

    obb_pair_set(&p, c, a, b);
    for (int k = 0; k < 3; k++) {       /* A's axes */
        double pc, pe, err;
        obb_axis_a(&pc, &pe, &err, c, &p, k);
        ga[k] = obb_gap(p.ca[k], p.ea[k], pc, pe, err);
    }
    for (int j = 0; j < 3; j++) {       /* B's axes */
        double bc, pc, pe, err;
        obb_axis_b(&bc, &pc, &pe, &err, c, &p, j);
        gb[j] = obb_gap(pc, pe, bc, p.eb[j], err);
    }
    la = bv_norm_lower(ga);
    lb = bv_norm_lower(gb);
    return la > lb ? la : lb;
}

/* --- constant-velocity translation: Eberly's test, rigorous ---------- */

/* The relative motion x_A = o + t v + R x_B with constant R: the
   context of the pose at t = 0 (obb_prepare) and the velocity's
   midpoints in A's frame (vm) and through R^T (vbm), with the 2-norms
   of their radii and the 1-norms of the midpoints. */
static void
obb_prepare_linear(void *ctx, const vccd_bv_relpose *p, const vccd_di_vec3 *v)
{
    obb_ctx *c = ctx;
    vccd_di_mat3 Rt;
    vccd_di_vec3 vb;
    obb_prepare(ctx, p);
    vec_mid_rad(c->vm, &c->eps_v, &c->vm1, v);
    vccd_di_mat3_transpose(&Rt, &p->R);
    vccd_di_mat3_mul_vec3(&vb, &Rt, v);
    vec_mid_rad(c->vbm, &c->eps_vb, &c->vbm1, &vb);
}

/* Narrow [*lo, *hi] (0 <= *lo) to the times t at which an offset d + t w
   can lie in [-r, r], where the exact d, w and r are within err of the
   computed ones (the error of w scaled by t <= 1 is in err):
   |d + t w| <= r + err is linear in t on each side.  Each bound is
   rounded outward (fp.h steps); a NaN bound (overflow) is no constraint.
   Returns 0 when the set is proved empty. */
static inline int
lin_axis(double *lo, double *hi, double d, double w, double r, double err)
{
    double R = BV_UP(BV_UP(r + err) * (1 + 0x1p-50)), b;
    if (w > 0.0) {              /* (-R - d) / w <= t <= (R - d) / w */
        b = BV_UP(BV_UP(R - d) / w);
        *hi = b < *hi ? b : *hi;
        b = BV_DN(BV_DN(-R - d) / w);
        *lo = b > *lo ? b : *lo;
    } else if (w < 0.0) {       /* (R - d) / w <= t <= (-R - d) / w */
        b = BV_DN(BV_UP(R - d) / w);
        *lo = b > *lo ? b : *lo;
        b = BV_UP(BV_DN(-R - d) / w);
        *hi = b < *hi ? b : *hi;
    } else if (w == 0.0 && BV_DN(fabs(d) - R) > 0.0) {
        return 0;
    }
    return *lo <= *hi;
}

/* The separating-axis theorem for two boxes at one time, applied to each
   of its 15 axes over time (Eberly 2.2.2, "Dynamic Collision Detection using OBBs"): under a translation
   the offset of the projections on a fixed axis is linear in t, so the
   times at which the projections can overlap are an interval per axis,
   and the boxes can touch only in the intersection of the 15.  Unlike
   the swept test over a time box, a different axis may separate at
   different times, and the first time comes out directly.

   On A's axes and B's, d, w and r and their errors are those of
   obb_distance_lower (at t = 0), and w is the velocity's projection
   (error 2^-40 |v|_1 + eps_v).  The edge axes are e_i x C'_j in A's unit
   frame (C'_j: column j of C', B's axis j there): T = B's centre - A's,
   d = T_i2 C'_i1j - T_i1 C'_i2j, w the same with the velocity, and
   r = e^A_i1 |C'_i2j| + e^A_i2 |C'_i1j| + e^B_j1 |C'_ij2| + e^B_j2 |C'_ij1|
   (B's axes l project onto it as e_i . (C'_j x C'_l) = +-C'_im, since C'
   is a rotation).  Their errors: |T' C' - T Chat| <= errT (|Chat| +
   eps_C) + |T| eps_C per product, eps_C per entry of r, and 2^-40 of the
   magnitudes for rounding.  Near-parallel edges give an axis near 0,
   where every condition holds: no false "apart". */
static int
obb_overlap_times(const void *ctx, const void *a, const void *b, double t0, double t1, double *tf, double *tl)
{
    const obb_ctx *c = ctx;
    obb_pair p;
    double T[3], eT[3], V[3], eV[3], lo = t0, hi = t1, eC = c->eps_C;

    obb_pair_set(&p, c, a, b);
    for (int k = 0; k < 3; k++) {       /* A's axes */
        double pc, pe, err;
        obb_axis_a(&pc, &pe, &err, c, &p, k);
        T[k] = pc - p.ca[k];
        eT[k] = err;
        V[k] = (p.ma[k][0] * c->vm[0] + p.ma[k][1] * c->vm[1] + p.ma[k][2] * c->vm[2]) / p.Na;
        eV[k] = (0x1p-40 * c->vm1 + c->eps_v + 0x1p-1060) * (1 + 0x1p-39);
        if (!lin_axis(&lo, &hi, T[k], V[k], p.ea[k] + pe, err + eV[k]))
            return 0;
    }
    for (int j = 0; j < 3; j++) {       /* B's axes */
        double bc, pc, pe, err, w, ew;
        obb_axis_b(&bc, &pc, &pe, &err, c, &p, j);
        w = (p.mb[j][0] * c->vbm[0] + p.mb[j][1] * c->vbm[1] + p.mb[j][2] * c->vbm[2]) / p.Nb;
        ew = (0x1p-40 * c->vbm1 + c->eps_vb + 0x1p-1060) * (1 + 0x1p-39);
        if (!lin_axis(&lo, &hi, bc - pc, w, p.eb[j] + pe, err + ew))
            return 0;
    }
    for (int i = 0; i < 3; i++) {       /* edge pairs */
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            double c1 = p.C[i1][j], c2 = p.C[i2][j], a1 = fabs(c1), a2 = fabs(c2);
            double d = T[i2] * c1 - T[i1] * c2, w = V[i2] * c1 - V[i1] * c2;
            double r = p.ea[i1] * a2 + p.ea[i2] * a1 + p.eb[j1] * fabs(p.C[i][j2]) + p.eb[j2] * fabs(p.C[i][j1]);
            double mag = fabs(T[i2]) * a1 + fabs(T[i1]) * a2 + fabs(V[i2]) * a1 + fabs(V[i1]) * a2 + r;
            double err = eT[i2] * (a1 + eC) + eT[i1] * (a2 + eC) + eC * (fabs(T[i1]) + fabs(T[i2]))
                         + eV[i2] * (a1 + eC) + eV[i1] * (a2 + eC) + eC * (fabs(V[i1]) + fabs(V[i2]))
                         + eC * (p.ea[i1] + p.ea[i2] + p.eb[j1] + p.eb[j2]) + 0x1p-40 * mag + 0x1p-1060;
            if (!lin_axis(&lo, &hi, d, w, r, err * (1 + 0x1p-39)))
                return 0;
        }
    }
    *tf = lo;
    *tl = hi;
    return 1;
}

/* The slabs are along the rows of M(q), of norm |q|^2: the box's edges
   are (hi - lo) / |q|^2. */
static double
obb_radius(const void *bv)
{
    const vccd_bv_obb *b = bv;
    double n = 0.0;
    for (int k = 0; k < 4; k++)
        n += (double)b->q[k] * b->q[k];
    return bv_half_diagonal(b->lo, b->hi, n > 0.0 ? n : 1.0);
}

const vccd_bv_type vccd_bv_type_obb = {
    "obb", "oriented box on principal axes (integer-quaternion axes, outward slabs)",
    sizeof(vccd_bv_obb), sizeof(obb_ctx),
    obb_fit, NULL, obb_prepare, obb_distance_lower, obb_prepare_linear, obb_overlap_times, obb_radius
};
