/* geom_impl.h -- 3-vectors, 3x3 matrices and quaternions over intervals,
   written once for every backend.  Include through vccd/geom.h.

   Each function evaluates its formula in the backend's interval
   arithmetic, so on a rigorous backend the result encloses the formula's
   value for every choice of points in the inputs.  Outputs come first and
   may alias inputs.  Matrices are row-major; quaternions are (w, x, y, z).
   MPFR-backed objects must be initialised (vec3_init etc.) and results
   take the precision of the output; for binary64 init/clear cost nothing. */

#ifndef VB_PFX
#error "include vccd/geom.h"
#endif

#include "vccd/tpl.h"
#define VG_V3 VCCD_TPL_FN(vec3)
#define VG_M3 VCCD_TPL_FN(mat3)
#define VG_Q VCCD_TPL_FN(quat)

typedef struct { VB_T c[3]; } VG_V3;
typedef struct { VB_T m[9]; } VG_M3;
typedef struct { VB_T q[4]; } VG_Q;

/* --- lifetime ------------------------------------------------------ */

static inline void VCCD_TPL_FN(vec3_init)(VG_V3 *v, long prec) { for (int i = 0; i < 3; i++) VB_INIT(&v->c[i], prec); }
static inline void VCCD_TPL_FN(vec3_clear)(VG_V3 *v) { for (int i = 0; i < 3; i++) VB_CLEAR(&v->c[i]); }
static inline void VCCD_TPL_FN(mat3_init)(VG_M3 *a, long prec) { for (int i = 0; i < 9; i++) VB_INIT(&a->m[i], prec); }
static inline void VCCD_TPL_FN(mat3_clear)(VG_M3 *a) { for (int i = 0; i < 9; i++) VB_CLEAR(&a->m[i]); }
static inline void VCCD_TPL_FN(quat_init)(VG_Q *q, long prec) { for (int i = 0; i < 4; i++) VB_INIT(&q->q[i], prec); }
static inline void VCCD_TPL_FN(quat_clear)(VG_Q *q) { for (int i = 0; i < 4; i++) VB_CLEAR(&q->q[i]); }

/* --- vectors ------------------------------------------------------- */

static inline void
VCCD_TPL_FN(vec3_set)(VG_V3 *r, const VG_V3 *a)
{
    for (int i = 0; i < 3; i++)
        VB_SET(&r->c[i], &a->c[i]);
}

static inline void
VCCD_TPL_FN(vec3_set_d)(VG_V3 *r, double x, double y, double z)
{
    VB_SET_D(&r->c[0], x);
    VB_SET_D(&r->c[1], y);
    VB_SET_D(&r->c[2], z);
}

static inline void
VCCD_TPL_FN(vec3_add)(VG_V3 *r, const VG_V3 *a, const VG_V3 *b)
{
    for (int i = 0; i < 3; i++)
        VB_ADD(&r->c[i], &a->c[i], &b->c[i]);
}

static inline void
VCCD_TPL_FN(vec3_sub)(VG_V3 *r, const VG_V3 *a, const VG_V3 *b)
{
    for (int i = 0; i < 3; i++)
        VB_SUB(&r->c[i], &a->c[i], &b->c[i]);
}

/* r = s * a for an interval scalar s. */
static inline void
VCCD_TPL_FN(vec3_scale)(VG_V3 *r, const VB_T *s, const VG_V3 *a)
{
    VB_TMP(t, &r->c[0]);
    VB_SET(t, s);               /* s may be a component of r */
    for (int i = 0; i < 3; i++)
        VB_MUL(&r->c[i], t, &a->c[i]);
}

/* r = a[0]b[0] + a[sa]b[sb] + a[2sa]b[2sb]: the one dot product that
   vectors, matrix rows and matrix columns share. */
static inline void
VCCD_TPL_FN(dot3_strided)(VB_T *r, const VB_T *a, int sa, const VB_T *b, int sb)
{
#ifdef VB_IVD
    /* binary64: rounded once for the whole sum (ivd_ops.h fdot) */
    *r = VCCD_TPL_FN(fdot)(VCCD_TPL_FN(set_d)(0.0), a, sa, b, sb, 3);
#else
    VB_TMP(s, r);
    VB_TMP(t, r);
    VB_MUL(s, &a[0], &b[0]);
    VB_MUL(t, &a[sa], &b[sb]);
    VB_ADD(s, s, t);
    VB_MUL(t, &a[2 * sa], &b[2 * sb]);
    VB_ADD(r, s, t);
#endif
}

/* r = a . b */
static inline void
VCCD_TPL_FN(vec3_dot)(VB_T *r, const VG_V3 *a, const VG_V3 *b)
{
    VCCD_TPL_FN(dot3_strided)(r, a->c, 1, b->c, 1);
}

/* r = a . a, with squares so that zero-containing components stay tight. */
static inline void
VCCD_TPL_FN(vec3_norm2)(VB_T *r, const VG_V3 *a)
{
#ifdef VB_IVD
    /* binary64: the three squares summed and rounded once (ivd_ops.h) */
    VCCD_TPL_FN(acc) s;
    VCCD_TPL_FN(acc_init)(&s, VCCD_TPL_FN(set_d)(0.0));
    for (int i = 0; i < 3; i++)
        VCCD_TPL_FN(acc_sqr)(&s, a->c[i]);
    *r = VCCD_TPL_FN(acc_end)(&s, 3);
#else
    VB_TMP(s, r);
    VB_TMP(t, r);
    VB_SQR(s, &a->c[0]);
    VB_SQR(t, &a->c[1]);
    VB_ADD(s, s, t);
    VB_SQR(t, &a->c[2]);
    VB_ADD(r, s, t);
#endif
}

/* r = a x b */
static inline void
VCCD_TPL_FN(vec3_cross)(VG_V3 *r, const VG_V3 *a, const VG_V3 *b)
{
#ifdef VB_IVD
    /* binary64: each component a_i b_j - a_j b_i rounded once (ivd_ops.h
       fadd_mul2; negation is exact); r may alias a or b */
    const VB_T zero = VCCD_TPL_FN(set_d)(0.0);
    VB_T x = VCCD_TPL_FN(fadd_mul2)(zero, a->c[1], b->c[2], VCCD_TPL_FN(neg)(a->c[2]), b->c[1]);
    VB_T y = VCCD_TPL_FN(fadd_mul2)(zero, a->c[2], b->c[0], VCCD_TPL_FN(neg)(a->c[0]), b->c[2]);
    VB_T z = VCCD_TPL_FN(fadd_mul2)(zero, a->c[0], b->c[1], VCCD_TPL_FN(neg)(a->c[1]), b->c[0]);
    r->c[0] = x;
    r->c[1] = y;
    r->c[2] = z;
#else
    VB_TMP(x, &r->c[0]);
    VB_TMP(y, &r->c[1]);
    VB_TMP(z, &r->c[2]);
    VB_TMP(t, &r->c[0]);
    VB_MUL(x, &a->c[1], &b->c[2]);
    VB_MUL(t, &a->c[2], &b->c[1]);
    VB_SUB(x, x, t);
    VB_MUL(y, &a->c[2], &b->c[0]);
    VB_MUL(t, &a->c[0], &b->c[2]);
    VB_SUB(y, y, t);
    VB_MUL(z, &a->c[0], &b->c[1]);
    VB_MUL(t, &a->c[1], &b->c[0]);
    VB_SUB(z, z, t);
    VB_SET(&r->c[0], x);
    VB_SET(&r->c[1], y);
    VB_SET(&r->c[2], z);
#endif
}

/* --- matrices ------------------------------------------------------ */

static inline void
VCCD_TPL_FN(mat3_set)(VG_M3 *r, const VG_M3 *a)
{
    for (int i = 0; i < 9; i++)
        VB_SET(&r->m[i], &a->m[i]);
}

/* r_i = sum_j a[i*rs + j*cs] v_j: a v (rs = 3, cs = 1) and a^T v
   (rs = 1, cs = 3) share this one loop. */
static inline void
VCCD_TPL_FN(mat3_apply)(VG_V3 *r, const VG_M3 *a, int rs, int cs, const VG_V3 *v)
{
    VG_V3 t;
    VB_TMP_N(t_limbs, t.c, 3, &r->c[0]);
    for (int i = 0; i < 3; i++)
        VCCD_TPL_FN(dot3_strided)(&t.c[i], &a->m[i * rs], cs, v->c, 1);
    VCCD_TPL_FN(vec3_set)(r, &t);
}

/* r = a v */
static inline void
VCCD_TPL_FN(mat3_mul_vec3)(VG_V3 *r, const VG_M3 *a, const VG_V3 *v)
{
    VCCD_TPL_FN(mat3_apply)(r, a, 3, 1, v);
}

/* r = a^T v */
static inline void
VCCD_TPL_FN(mat3_tmul_vec3)(VG_V3 *r, const VG_M3 *a, const VG_V3 *v)
{
    VCCD_TPL_FN(mat3_apply)(r, a, 1, 3, v);
}

/* r = a b */
static inline void
VCCD_TPL_FN(mat3_mul)(VG_M3 *r, const VG_M3 *a, const VG_M3 *b)
{
    VG_M3 t;
    VB_TMP_N(t_limbs, t.m, 9, &r->m[0]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            VCCD_TPL_FN(dot3_strided)(&t.m[3 * i + j], &a->m[3 * i], 1, &b->m[j], 3);
    VCCD_TPL_FN(mat3_set)(r, &t);
}

/* r = a^T */
static inline void
VCCD_TPL_FN(mat3_transpose)(VG_M3 *r, const VG_M3 *a)
{
    for (int i = 0; i < 3; i++) {
        VB_SET(&r->m[4 * i], &a->m[4 * i]);
        for (int j = i + 1; j < 3; j++) {
            VB_TMP(t, &r->m[3 * i + j]);
            VB_SET(t, &a->m[3 * i + j]);
            VB_SET(&r->m[3 * i + j], &a->m[3 * j + i]);
            VB_SET(&r->m[3 * j + i], t);
        }
    }
}

/* --- quaternions --------------------------------------------------- */

/* The vector part (x, y, z) viewed as a vec3: same element type, so the
   layouts of q[1..3] and vec3.c[0..2] agree. */
#define VG_QV(p) ((const VG_V3 *)(const void *)&(p)->q[1])

static inline void
VCCD_TPL_FN(quat_set)(VG_Q *r, const VG_Q *a)
{
    for (int i = 0; i < 4; i++)
        VB_SET(&r->q[i], &a->q[i]);
}

static inline void
VCCD_TPL_FN(quat_set_d)(VG_Q *r, double w, double x, double y, double z)
{
    VB_SET_D(&r->q[0], w);
    VB_SET_D(&r->q[1], x);
    VB_SET_D(&r->q[2], y);
    VB_SET_D(&r->q[3], z);
}

/* r = conjugate of a = (w, -x, -y, -z) */
static inline void
VCCD_TPL_FN(quat_conj)(VG_Q *r, const VG_Q *a)
{
    VB_SET(&r->q[0], &a->q[0]);
    for (int i = 1; i < 4; i++)
        VB_NEG(&r->q[i], &a->q[i]);
}

/* r = |a|^2 */
static inline void
VCCD_TPL_FN(quat_norm2)(VB_T *r, const VG_Q *a)
{
    VB_TMP(s, r);
    VB_TMP(t, r);
    VCCD_TPL_FN(vec3_norm2)(s, VG_QV(a));
    VB_SQR(t, &a->q[0]);
    VB_ADD(r, s, t);
}

/* r = p q (Hamilton product):
   w = pw qw - pv.qv,  v = pw qv + qw pv + pv x qv. */
static inline void
VCCD_TPL_FN(quat_mul)(VG_Q *r, const VG_Q *p, const VG_Q *q)
{
    VG_Q o;
    VG_V3 c;
    VB_TMP(t, &r->q[0]);
    VB_TMP_N(o_limbs, o.q, 4, &r->q[0]);
    VB_TMP_N(c_limbs, c.c, 3, &r->q[0]);

    VCCD_TPL_FN(vec3_dot)(t, VG_QV(p), VG_QV(q));
    VB_MUL(&o.q[0], &p->q[0], &q->q[0]);
    VB_SUB(&o.q[0], &o.q[0], t);
    VCCD_TPL_FN(vec3_cross)(&c, VG_QV(p), VG_QV(q));
    for (int i = 0; i < 3; i++) {
        VB_MUL(&o.q[i + 1], &p->q[0], &q->q[i + 1]);
        VB_MUL(t, &q->q[0], &p->q[i + 1]);
        VB_ADD(&o.q[i + 1], &o.q[i + 1], t);
        VB_ADD(&o.q[i + 1], &o.q[i + 1], &c.c[i]);
    }
    VCCD_TPL_FN(quat_set)(r, &o);
}

/* r = rotation of v by the unit quaternion q, as v + w t + u x t with
   u = (x, y, z) and t = 2 u x v.  The formula is q v q* only for |q| = 1:
   on a rigorous backend r encloses the formula at every point of q, so it
   encloses the rotation whenever q encloses a unit quaternion. */
static inline void
VCCD_TPL_FN(quat_rotate)(VG_V3 *r, const VG_Q *q, const VG_V3 *v)
{
    VG_V3 t, s;
    VB_TMP_N(t_limbs, t.c, 3, &r->c[0]);
    VB_TMP_N(s_limbs, s.c, 3, &r->c[0]);

    VCCD_TPL_FN(vec3_cross)(&t, VG_QV(q), v);
    for (int i = 0; i < 3; i++)
        VB_MUL_D(&t.c[i], &t.c[i], 2.0);
    VCCD_TPL_FN(vec3_cross)(&s, VG_QV(q), &t);
    for (int i = 0; i < 3; i++) {
        VB_MUL(&t.c[i], &q->q[0], &t.c[i]);
        VB_ADD(&s.c[i], &s.c[i], &t.c[i]);
    }
    VCCD_TPL_FN(vec3_add)(r, v, &s);
}

/* r = rotation matrix of the unit quaternion q (same contract as
   quat_rotate):
     [1-2(y2+z2)  2(xy-wz)    2(xz+wy)  ]
     [2(xy+wz)    1-2(x2+z2)  2(yz-wx)  ]
     [2(xz-wy)    2(yz+wx)    1-2(x2+y2)] */
static inline void
VCCD_TPL_FN(quat_to_mat3)(VG_M3 *r, const VG_Q *q)
{
    const VB_T *w = &q->q[0], *x = &q->q[1], *y = &q->q[2], *z = &q->q[3];
    VB_T p[9];                  /* xx yy zz xy xz yz wx wy wz */
    VB_TMP(one, &r->m[0]);
    VB_TMP(t, &r->m[0]);
    VB_TMP_N(p_limbs, p, 9, &r->m[0]);
    static const int diag[3][2] = { { 1, 2 }, { 0, 2 }, { 0, 1 } };
    /* off-diagonal (i, j): 2 (p[a] + sign * p[b]) */
    static const int off[3][3][3] = {
        { { 0, 0, 0 }, { 3, 8, -1 }, { 4, 7, 1 } },
        { { 3, 8, 1 }, { 0, 0, 0 }, { 5, 6, -1 } },
        { { 4, 7, -1 }, { 5, 6, 1 }, { 0, 0, 0 } },
    };

    VB_SQR(&p[0], x);
    VB_SQR(&p[1], y);
    VB_SQR(&p[2], z);
    VB_MUL(&p[3], x, y);
    VB_MUL(&p[4], x, z);
    VB_MUL(&p[5], y, z);
    VB_MUL(&p[6], w, x);
    VB_MUL(&p[7], w, y);
    VB_MUL(&p[8], w, z);
    VB_SET_D(one, 1.0);
    for (int i = 0; i < 3; i++) {
        VB_ADD(t, &p[diag[i][0]], &p[diag[i][1]]);
        VB_MUL_D(t, t, 2.0);
        VB_SUB(&r->m[4 * i], one, t);
        for (int j = 0; j < 3; j++) {
            if (j == i)
                continue;
            if (off[i][j][2] > 0)
                VB_ADD(t, &p[off[i][j][0]], &p[off[i][j][1]]);
            else
                VB_SUB(t, &p[off[i][j][0]], &p[off[i][j][1]]);
            VB_MUL_D(&r->m[3 * i + j], t, 2.0);
        }
    }
}

#undef VG_QV
#undef VG_V3
#undef VG_M3
#undef VG_Q
