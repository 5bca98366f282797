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
}

static void
obb_prepare(void *ctx, const vccd_bv_relpose *p)
{
    *(vccd_bv_relpose *)ctx = *p;
}

/* Separation along the six face normals.  With A's rows a_k, B's rows
   b_j (norms Na, Nb) and C_kj = a_k . (R b_j):
   - B = { sum_j t_j b_j : t_j in [lo_j, hi_j] / Nb^2 } because the rows
     are orthogonal with norm Nb, so B's projection onto a_k in A's frame
     is a_k . o + sum_j C_kj t_j, against [lo_k, hi_k] for A;
   - onto the true R b_j, B projects to (R b_j) . o + [lo_j, hi_j] (R is
     orthogonal) and A to sum_k C_kj s_k, s_k in [lo_k, hi_k] / Na^2.
   Each gap over the axis norm is a distance lower bound, and as each
   frame's three axes are orthogonal (A's exactly, B's true rotated rows
   too), B lies in the box of its projections in that frame: the
   Euclidean norm of the three gaps bounds the distance.  The larger of
   the two norms is returned.  (The nine edge-edge axes would tighten
   edge-on configurations; the face axes keep the test cheap.) */
static double
obb_distance_lower(const void *ctx, const void *a, const void *b)
{
    const vccd_bv_relpose *rp = ctx;
    const vccd_bv_obb *x = a, *y = b;
    double ma[3][3], mb[3][3], Na, Nb, ga[3], gb[3], la, lb;
    vccd_di G[3][3], C[3][3], ta[3], tb[3], Na2, Nb2;

    obb_axes(ma, &Na, x->q);
    obb_axes(mb, &Nb, y->q);
    Na2 = vccd_di_sqr(vccd_di_set_d(Na));
    Nb2 = vccd_di_sqr(vccd_di_set_d(Nb));
    for (int k = 0; k < 3; k++) {
        ta[k] = vccd_di_div(vccd_di_set_2d(x->lo[k], x->hi[k]), Na2);
        tb[k] = vccd_di_div(vccd_di_set_2d(y->lo[k], y->hi[k]), Nb2);
    }
    for (int j = 0; j < 3; j++)         /* G[j] = R b_j */
        for (int i = 0; i < 3; i++)
            G[j][i] = vccd_di_add(vccd_di_add(vccd_di_mul_d(rp->R.m[3 * i], mb[j][0]),
                                              vccd_di_mul_d(rp->R.m[3 * i + 1], mb[j][1])),
                                  vccd_di_mul_d(rp->R.m[3 * i + 2], mb[j][2]));
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            C[k][j] = vccd_di_add(vccd_di_add(vccd_di_mul_d(G[j][0], ma[k][0]), vccd_di_mul_d(G[j][1], ma[k][1])),
                                  vccd_di_mul_d(G[j][2], ma[k][2]));
    for (int k = 0; k < 3; k++) {       /* A's axes */
        vccd_di pb = vccd_di_add(vccd_di_add(vccd_di_mul_d(rp->o.c[0], ma[k][0]), vccd_di_mul_d(rp->o.c[1], ma[k][1])),
                                 vccd_di_mul_d(rp->o.c[2], ma[k][2]));
        for (int j = 0; j < 3; j++)
            pb = vccd_di_add(pb, vccd_di_mul(C[k][j], tb[j]));
        ga[k] = bv_gap_lower(x->lo[k], x->hi[k], pb.lo, pb.hi, Na);
    }
    for (int j = 0; j < 3; j++) {       /* B's axes */
        vccd_di pa = vccd_di_set_d(0.0), pb = vccd_di_set_d(0.0);
        for (int i = 0; i < 3; i++)
            pb = vccd_di_add(pb, vccd_di_mul(G[j][i], rp->o.c[i]));
        pb = vccd_di_add(pb, vccd_di_set_2d(y->lo[j], y->hi[j]));
        for (int k = 0; k < 3; k++)
            pa = vccd_di_add(pa, vccd_di_mul(C[k][j], ta[k]));
        gb[j] = bv_gap_lower(pa.lo, pa.hi, pb.lo, pb.hi, Nb);
    }
    la = bv_norm_lower(ga);
    lb = bv_norm_lower(gb);
    return la > lb ? la : lb;
}

const vccd_bv_type vccd_bv_type_obb = {
    "obb", "oriented box on principal axes (integer-quaternion axes, outward slabs)",
    sizeof(vccd_bv_obb), sizeof(vccd_bv_relpose),
    obb_fit, NULL, obb_prepare, obb_distance_lower
};
