/* obb.c -- oriented boxes: axes from the covariance of the vertices
   (principal axes), rounded to an integer quaternion q whose matrix M(q)
   has exactly orthogonal rows of exactly equal norm N = |q|^2; the box is
   the slabs lo[k] <= m_k . p <= hi[k] with outward-rounded bounds.  The
   principal axes only steer tightness, never rigour. */
#include "bv_impl.h"

/* Quaternion components are scaled to at most 2^14: entries of M(q) are
   below 2^31 (int32 storage, exact products with small integers) while
   the axes still resolve 2^-14 rad. */
#define OBB_QSCALE 16384.0

/* Vertices the axes are estimated from, at most. */
#define OBB_SAMPLES 96

/* Rows of M(q) = |q|^2 R(q / |q|): exact in doubles for |q_i| <= 2^14. */
static void
obb_axes(double m[3][3], double *N, const int32_t qi[4])
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

/* Eigenvectors of the symmetric a (columns of v) by cyclic Jacobi
   rotations: approximate, any orthonormal-ish result is acceptable. */
static void
jacobi3(double a[3][3], double v[3][3])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            v[i][j] = i == j;
    for (int sweep = 0; sweep < 12; sweep++) {
        double off = fabs(a[0][1]) + fabs(a[0][2]) + fabs(a[1][2]);
        if (!(off > 1e-9 * (fabs(a[0][0]) + fabs(a[1][1]) + fabs(a[2][2]))))
            break;
        for (int p = 0; p < 2; p++)
            for (int q = p + 1; q < 3; q++) {
                double th, tn, c, s;
                if (a[p][q] == 0.0)
                    continue;
                th = (a[q][q] - a[p][p]) / (2 * a[p][q]);
                tn = (th >= 0 ? 1.0 : -1.0) / (fabs(th) + sqrt(th * th + 1));
                if (!isfinite(tn))
                    tn = 0.0;
                c = 1 / sqrt(tn * tn + 1);
                s = tn * c;
                for (int k = 0; k < 3; k++) {   /* a := J^T a J */
                    double akp = a[k][p], akq = a[k][q];
                    a[k][p] = c * akp - s * akq;
                    a[k][q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; k++) {
                    double apk = a[p][k], aqk = a[q][k];
                    a[p][k] = c * apk - s * aqk;
                    a[q][k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; k++) {
                    double vkp = v[k][p], vkq = v[k][q];
                    v[k][p] = c * vkp - s * vkq;
                    v[k][q] = s * vkp + c * vkq;
                }
            }
    }
}

/* An integer quaternion whose rotation has rows close to the rows of r
   (a rotation matrix up to rounding). */
static void
obb_quat(int32_t qi[4], const double r[3][3])
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
        qi[i] = n > 0 && isfinite(n) ? (int32_t)lrint(q[i] / n * OBB_QSCALE) : (int32_t)(i == 0) * (int32_t)OBB_QSCALE;
}

static void
obb_fit(void *bv, const double (*pts)[3], long np)
{
    vccd_bv_obb *b = bv;
    double mean[3] = { 0, 0, 0 }, cov[3][3] = { { 0 } }, ev[3][3], r[3][3], m[3][3], N, scale = 0.0;

    /* Covariance of at most OBB_SAMPLES vertices (evenly strided): the
       axes only steer tightness, while the slabs below see every vertex;
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
    jacobi3(cov, ev);
    /* Rows of r: the eigenvectors, made right-handed. */
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            r[i][k] = ev[k][i];
    if (r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
        + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0]) < 0)
        for (int k = 0; k < 3; k++)
            r[2][k] = -r[2][k];
    obb_quat(b->q, r);
    obb_axes(m, &N, b->q);
    /* every |entry| of M(q) is at most its row norm N */
    bv_project(b->lo, b->hi, (const double (*)[3])m, 3, N, pts, np);
    /* Principal axes are ill-defined for nearly isotropic point sets (a
       cube's can come out diagonal); the body axes (q = 1, exact min and
       max) are kept instead when their box is smaller. */
    {
        double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY }, va = 1, vp = 1;
        for (const double *p = pts[0], *end = pts[0] + 3 * np; p < end; p += 3)
            for (int k = 0; k < 3; k++) {
                lo[k] = p[k] < lo[k] ? p[k] : lo[k];
                hi[k] = p[k] > hi[k] ? p[k] : hi[k];
            }
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
} obb_ctx;

static void
mid_rad(double *m, double *r, vccd_di x)
{
    *m = 0.5 * x.lo + 0.5 * x.hi;
    *r = BV_UP(fmax(BV_UP(x.hi - *m), BV_UP(*m - x.lo)));
}

static void
obb_prepare(void *ctx, const vccd_bv_relpose *p)
{
    obb_ctx *c = ctx;
    vccd_di_mat3 Rt;
    vccd_di_vec3 ob;
    double rr2 = 0.0, rmax = 0.0, r, e2 = 0.0, eb2 = 0.0;

    for (int i = 0; i < 9; i++) {
        mid_rad(&c->Rm[i], &r, p->R.m[i]);
        rr2 = BV_UP(rr2 + BV_UP(r * r));
        rmax = fmax(rmax, fabs(c->Rm[i]));
    }
    /* R^T o encloses the true R^-1 o: B's centre offset seen in B's frame */
    vccd_di_mat3_transpose(&Rt, &p->R);
    vccd_di_mat3_mul_vec3(&ob, &Rt, &p->o);
    c->om1 = c->obm1 = 0.0;
    for (int k = 0; k < 3; k++) {
        mid_rad(&c->om[k], &r, p->o.c[k]);
        e2 = BV_UP(e2 + BV_UP(r * r));
        mid_rad(&c->obm[k], &r, ob.c[k]);
        eb2 = BV_UP(eb2 + BV_UP(r * r));
        c->om1 = BV_UP(c->om1 + fabs(c->om[k]));
        c->obm1 = BV_UP(c->obm1 + fabs(c->obm[k]));
    }
    c->eps_o = BV_UP(sqrt(e2));
    c->eps_ob = BV_UP(sqrt(eb2));
    /* |u_a^T (R - Rm) u_b| <= ||rad R||_F for unit u_a, u_b; rounding of
       Chat = (m_a . (Rm m_b)) / (Na Nb) is below g8 |m_a|^T |Rm| |m_b| /
       (Na Nb) <= g8 ||Rm||_F <= 2^-48 * 3 rmax, plus underflow, which
       2^-1060 covers with room */
    c->eps_C = BV_UP(BV_UP(BV_UP(sqrt(rr2)) + BV_UP(0x1p-45 * rmax)) + 0x1p-1060);
}

/* The box in its unit frame: centre coordinates c and half extents e
   (approximate; the error bound accounts for their rounding). */
static void
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
    double ma[3][3], mb[3][3], ca[3], ea[3], cb[3], eb[3], G[3][3], C[3][3], ga[3], gb[3], la, lb;
    double Na = 0.0, Nb = 0.0, sa = 0.0, sb = 0.0;

    obb_unit(ca, ea, ma, a);
    obb_unit(cb, eb, mb, b);
    {
        const int32_t *qa = ((const vccd_bv_obb *)a)->q, *qb = ((const vccd_bv_obb *)b)->q;
        for (int i = 0; i < 4; i++) {
            Na += (double)qa[i] * qa[i];
            Nb += (double)qb[i] * qb[i];
        }
    }
    for (int j = 0; j < 3; j++) {       /* G[j] = Rm m^B_j */
        for (int i = 0; i < 3; i++)
            G[j][i] = c->Rm[3 * i] * mb[j][0] + c->Rm[3 * i + 1] * mb[j][1] + c->Rm[3 * i + 2] * mb[j][2];
        sa += fabs(ca[j]) + ea[j];
        sb += fabs(cb[j]) + eb[j];
    }
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            C[k][j] = (ma[k][0] * G[j][0] + ma[k][1] * G[j][1] + ma[k][2] * G[j][2]) / (Na * Nb);
    for (int k = 0; k < 3; k++) {       /* A's axes */
        double pc = (ma[k][0] * c->om[0] + ma[k][1] * c->om[1] + ma[k][2] * c->om[2]) / Na, pe = 0.0, S, err;
        S = c->om1 + fabs(ca[k]) + ea[k];
        for (int j = 0; j < 3; j++) {
            pc += C[k][j] * cb[j];
            pe += fabs(C[k][j]) * eb[j];
            S += fabs(C[k][j]) * (fabs(cb[j]) + eb[j]);
        }
        err = (0x1p-40 * S + c->eps_C * sb + c->eps_o + 0x1p-1060) * (1 + 0x1p-39);
        ga[k] = obb_gap(ca[k], ea[k], pc, pe, err);
    }
    for (int j = 0; j < 3; j++) {       /* B's axes */
        double bc = (mb[j][0] * c->obm[0] + mb[j][1] * c->obm[1] + mb[j][2] * c->obm[2]) / Nb + cb[j];
        double pc = 0.0, pe = 0.0, S, err;
        S = c->obm1 + fabs(cb[j]) + eb[j];
        for (int k = 0; k < 3; k++) {
            pc += C[k][j] * ca[k];
            pe += fabs(C[k][j]) * ea[k];
            S += fabs(C[k][j]) * (fabs(ca[k]) + ea[k]);
        }
        err = (0x1p-40 * S + c->eps_C * sa + c->eps_ob + 0x1p-1060) * (1 + 0x1p-39);
        gb[j] = obb_gap(pc, pe, bc, eb[j], err);
    }
    la = bv_norm_lower(ga);
    lb = bv_norm_lower(gb);
    return la > lb ? la : lb;
}

const vccd_bv_type vccd_bv_type_obb = {
    "obb", "oriented box on principal axes (integer-quaternion axes, outward slabs)",
    sizeof(vccd_bv_obb), sizeof(obb_ctx),
    obb_fit, NULL, obb_prepare, obb_distance_lower
};
