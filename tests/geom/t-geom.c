/* t-geom.c -- vec3/mat3/quat geometry over the binary64 and MPFR backends: containment of the exact formula value (GMP rationals), true rotations of unit quaternions, and aliasing. */

/* The per-backend part is written once, like geom_impl.h itself: this file
   includes itself (TG_PASS defined) once with the vccd_di and once with
   the vccd_mi backend macros.  Everything before the #else is the shared
   part and runs once. */
#ifndef TG_PASS

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* --- operations under test and the exact reference --------------------- */

/* Inputs, flattened: a[3] b[3] s m[9] n[9] p[4] q[4]. */
enum { OFF_A = 0, OFF_B = 3, OFF_S = 6, OFF_M = 7, OFF_N = 16, OFF_P = 25, OFF_Q = 29, N_IN = 33 };
enum { IN_A = 1, IN_B = 2, IN_S = 4, IN_M = 8, IN_N = 16, IN_P = 32, IN_Q = 64 };
static const int in_off[7] = { OFF_A, OFF_B, OFF_S, OFF_M, OFF_N, OFF_P, OFF_Q };
static const int in_len[7] = { 3, 3, 1, 9, 9, 4, 4 };

enum {
    OP_ADD, OP_SUB, OP_SCALE, OP_DOT, OP_NORM2, OP_CROSS, OP_MV, OP_MTV,
    OP_MM, OP_MT, OP_QMUL, OP_QCONJ, OP_QNORM2, OP_QROT, OP_QMAT, N_OPS
};
/* kind of output: 0 vec3, 1 scalar, 2 mat3, 3 quat */
static const struct { const char *name; int in, nout, kind; } op_info[N_OPS] = {
    { "vec3_add", IN_A | IN_B, 3, 0 },
    { "vec3_sub", IN_A | IN_B, 3, 0 },
    { "vec3_scale", IN_S | IN_A, 3, 0 },
    { "vec3_dot", IN_A | IN_B, 1, 1 },
    { "vec3_norm2", IN_A, 1, 1 },
    { "vec3_cross", IN_A | IN_B, 3, 0 },
    { "mat3_mul_vec3", IN_M | IN_A, 3, 0 },
    { "mat3_tmul_vec3", IN_M | IN_A, 3, 0 },
    { "mat3_mul", IN_M | IN_N, 9, 2 },
    { "mat3_transpose", IN_M, 9, 2 },
    { "quat_mul", IN_P | IN_Q, 4, 3 },
    { "quat_conj", IN_P, 4, 3 },
    { "quat_norm2", IN_P, 1, 1 },
    { "quat_rotate", IN_P | IN_A, 3, 0 },
    { "quat_to_mat3", IN_P, 9, 2 },
};

static mpq_t X[N_IN], Y[9], T[8];

static void
q_init(void)
{
    for (int i = 0; i < N_IN; i++) mpq_init(X[i]);
    for (int i = 0; i < 9; i++) mpq_init(Y[i]);
    for (int i = 0; i < 8; i++) mpq_init(T[i]);
}

static void
q_clear(void)
{
    for (int i = 0; i < N_IN; i++) mpq_clear(X[i]);
    for (int i = 0; i < 9; i++) mpq_clear(Y[i]);
    for (int i = 0; i < 8; i++) mpq_clear(T[i]);
}

/* r = a0 b0 + a1 b1 + a2 b2 with strides; r must not be T[0] or T[1]. */
static void
q_dot3(mpq_t r, mpq_t *a, int sa, mpq_t *b, int sb)
{
    mpq_mul(T[0], a[0], b[0]);
    mpq_mul(T[1], a[sa], b[sb]);
    mpq_add(T[0], T[0], T[1]);
    mpq_mul(T[1], a[2 * sa], b[2 * sb]);
    mpq_add(r, T[0], T[1]);
}

/* r = u x v; r must not overlap u, v or T[0..1]. */
static void
q_cross(mpq_t *r, mpq_t *u, mpq_t *v)
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(T[0], u[j], v[k]);
        mpq_mul(T[1], u[k], v[j]);
        mpq_sub(r[i], T[0], T[1]);
    }
}

/* Hamilton product o = p q, component by component (written out
   independently of geom_impl.h's dot/cross form); o must not overlap. */
static void
q_hamilton(mpq_t *o, mpq_t *p, mpq_t *q)
{
    static const int sgn[4][4] = {      /* o[i] = sum sgn * p[j] q[idx] */
        { 1, -1, -1, -1 }, { 1, 1, 1, -1 }, { 1, -1, 1, 1 }, { 1, 1, -1, 1 } };
    static const int idx[4][4] = {
        { 0, 1, 2, 3 }, { 1, 0, 3, 2 }, { 2, 3, 0, 1 }, { 3, 2, 1, 0 } };
    for (int i = 0; i < 4; i++) {
        mpq_set_ui(o[i], 0, 1);
        for (int j = 0; j < 4; j++) {
            mpq_mul(T[0], p[j], q[idx[i][j]]);
            if (sgn[i][j] > 0) mpq_add(o[i], o[i], T[0]);
            else mpq_sub(o[i], o[i], T[0]);
        }
    }
}

/* Y = the exact value of op's formula at the rational point X.  For
   quat_rotate and quat_to_mat3 the formula is the unit-quaternion one
   evaluated as written (v + w t + u x t with t = 2 u x v, and the matrix
   with 1 - 2(y^2 + z^2) on the diagonal), which is q v q* only when
   |q| = 1; the library promises an enclosure of the formula at every
   point of q, so that is the reference here.  test_unit_quat checks
   actual rotations. */
static void
q_ref(int op)
{
    mpq_t *a = X + OFF_A, *b = X + OFF_B, *m = X + OFF_M, *n = X + OFF_N;
    mpq_t *p = X + OFF_P, *q = X + OFF_Q;
    int i, j;

    switch (op) {
    case OP_ADD: for (i = 0; i < 3; i++) mpq_add(Y[i], a[i], b[i]); break;
    case OP_SUB: for (i = 0; i < 3; i++) mpq_sub(Y[i], a[i], b[i]); break;
    case OP_SCALE: for (i = 0; i < 3; i++) mpq_mul(Y[i], X[OFF_S], a[i]); break;
    case OP_DOT: q_dot3(Y[0], a, 1, b, 1); break;
    case OP_NORM2: q_dot3(Y[0], a, 1, a, 1); break;
    case OP_CROSS: q_cross(Y, a, b); break;
    case OP_MV: for (i = 0; i < 3; i++) q_dot3(Y[i], m + 3 * i, 1, a, 1); break;
    case OP_MTV: for (i = 0; i < 3; i++) q_dot3(Y[i], m + i, 3, a, 1); break;
    case OP_MM:
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                q_dot3(Y[3 * i + j], m + 3 * i, 1, n + j, 3);
        break;
    case OP_MT:
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                mpq_set(Y[3 * i + j], m[3 * j + i]);
        break;
    case OP_QMUL: q_hamilton(Y, p, q); break;
    case OP_QCONJ:
        mpq_set(Y[0], p[0]);
        for (i = 1; i < 4; i++) mpq_neg(Y[i], p[i]);
        break;
    case OP_QNORM2:
        q_dot3(Y[0], p + 1, 1, p + 1, 1);
        mpq_mul(T[2], p[0], p[0]);
        mpq_add(Y[0], Y[0], T[2]);
        break;
    case OP_QROT:
        q_cross(T + 2, p + 1, a);                       /* u x v */
        for (i = 2; i < 5; i++) mpq_add(T[i], T[i], T[i]);      /* t = 2 u x v */
        q_cross(T + 5, p + 1, T + 2);                   /* u x t */
        for (i = 0; i < 3; i++) {
            mpq_mul(Y[i], p[0], T[2 + i]);
            mpq_add(Y[i], Y[i], T[5 + i]);
            mpq_add(Y[i], Y[i], a[i]);
        }
        break;
    case OP_QMAT: {
        /* r[i][j] = delta_ij (1 - 2 (sum of the other two squares))
                     + 2 (u_i u_j -+ w u_k) off the diagonal */
        mpq_t *u = p + 1;
        for (i = 0; i < 3; i++) {
            int j1 = (i + 1) % 3, j2 = (i + 2) % 3;
            mpq_mul(T[0], u[j1], u[j1]);
            mpq_mul(T[1], u[j2], u[j2]);
            mpq_add(T[0], T[0], T[1]);
            mpq_add(T[0], T[0], T[0]);
            mpq_set_ui(T[1], 1, 1);
            mpq_sub(Y[4 * i], T[1], T[0]);
            /* (i, j1): 2 (u_i u_j1 - w u_j2);  (j1, i): 2 (u_i u_j1 + w u_j2) */
            mpq_mul(T[0], u[i], u[j1]);
            mpq_mul(T[1], p[0], u[j2]);
            mpq_sub(T[2], T[0], T[1]);
            mpq_add(Y[3 * i + j1], T[2], T[2]);
            mpq_add(T[2], T[0], T[1]);
            mpq_add(Y[3 * j1 + i], T[2], T[2]);
        }
        break;
    }
    default: abort();
    }
}

/* The true rotation matrix of a rational unit quaternion q: column j is
   the vector part of q e_j q*, by Hamilton products (not the formula
   under test). */
static void
q_true_matrix(mpq_t *r, mpq_t *q)
{
    mpq_t e[4], qc[4], t1[4], t2[4];
    for (int i = 0; i < 4; i++) {
        mpq_init(e[i]); mpq_init(qc[i]); mpq_init(t1[i]); mpq_init(t2[i]);
        mpq_set(qc[i], q[i]);
        if (i) mpq_neg(qc[i], qc[i]);
    }
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 4; i++) mpq_set_ui(e[i], i == j + 1, 1);
        q_hamilton(t1, q, e);
        q_hamilton(t2, t1, qc);
        if (mpq_sgn(t2[0]) != 0)
            tu_fail("internal: q e q* has a scalar part; q not unit?");
        for (int i = 0; i < 3; i++) mpq_set(r[3 * i + j], t2[i + 1]);
    }
    for (int i = 0; i < 4; i++) {
        mpq_clear(e[i]); mpq_clear(qc[i]); mpq_clear(t1[i]); mpq_clear(t2[i]);
    }
}

/* --- random components ------------------------------------------------- */

static double
rand_val(void)
{
    int e;
    double s = (tu_ulong() & 1) ? -1.0 : 1.0;
    switch (tu_ulong() % 10) {
    case 0: case 1: case 2: case 3: case 4: e = (int)(tu_ulong() % 61) - 30; break;
    case 5: case 6: e = 480 + (int)(tu_ulong() % 40); break;    /* ~1e150 */
    case 7: e = -520 + (int)(tu_ulong() % 40); break;           /* ~1e-150 */
    case 8: return s * (double)(tu_ulong() % 9);
    default: e = (int)(tu_ulong() % 2098) - 1075; break;         /* anything */
    }
    return s * ldexp(1.0 + tu_unit(), e);
}

/* A bounded component: tu_di(1) (points, zero-containing, tiny, huge up to
   DBL_MAX) or narrow around a random value of a chosen magnitude,
   zero-width, or zero-containing. */
static vccd_di
gen_comp(void)
{
    double x, y;
    switch (tu_ulong() % 10) {
    case 0: case 1: case 2: return tu_di(1);
    case 3: x = rand_val(); return vccd_di_set_2d(x, x);
    case 4:
        x = -fabs(rand_val());
        y = fabs(rand_val());
        switch (tu_ulong() % 4) {
        case 0: x = 0.0; break;
        case 1: y = 0.0; break;
        default: break;
        }
        return vccd_di_set_2d(x, y);
    default:
        x = rand_val();
        y = x + fabs(x) * ldexp(tu_unit(), -(int)(tu_ulong() % 53));
        if (!isfinite(y)) y = x;
        return vccd_di_set_2d(x, y);
    }
}

/* --- backend primitives: vccd_di ---------------------------------------- */

static void vccd_di_tgp_gen(vccd_di *x) { *x = gen_comp(); }
static void vccd_di_tgp_point_q(mpq_t q, const vccd_di *x) { mpq_set_d(q, tu_point_in(*x)); }

static int
vccd_di_tgp_contains_q(const vccd_di *x, const mpq_t q)
{
    int ok;
    mpq_t b;
    if (vccd_di_is_empty(*x))
        return 0;
    /* an infinite bound holds every rational on its open side and none on
       the other (a broken [-inf, -inf] must fail, not reach mpq_set_d,
       which traps on infinities) */
    if (!isfinite(x->lo) || !isfinite(x->hi))
        if (x->lo == INFINITY || x->hi == -INFINITY)
            return 0;
    mpq_init(b);
    ok = 1;
    if (x->lo != -INFINITY) {
        mpq_set_d(b, x->lo);
        ok = mpq_cmp(b, q) <= 0;
    }
    if (ok && x->hi != INFINITY) {
        mpq_set_d(b, x->hi);
        ok = mpq_cmp(q, b) <= 0;
    }
    mpq_clear(b);
    return ok;
}

static int
vccd_di_tgp_equal(const vccd_di *x, const vccd_di *y)
{
    return memcmp(&x->lo, &y->lo, sizeof x->lo) == 0 && memcmp(&x->hi, &y->hi, sizeof x->hi) == 0;
}

static void
vccd_di_tgp_set_q(vccd_di *x, const mpq_t q)
{
    VCCD_MI_TMP(t, 53);
    vccd_mi_set_q(t, q);
    *x = vccd_mi_get_di(t);
}

static void vccd_di_tgp_set_sqrt_half(vccd_di *x) { *x = vccd_di_sqrt(vccd_di_set_d(0.5)); }
static void vccd_di_tgp_show(char *buf, size_t n, const vccd_di *x) { snprintf(buf, n, "[%a, %a]", x->lo, x->hi); }

/* --- backend primitives: vccd_mi ---------------------------------------- */

/* A component at x's precision: a vccd_di one, and half the time with
   random low-order bits beyond binary64 so the MPFR backend sees genuine
   p-bit endpoints (as tu_mi does). */
static void
vccd_mi_tgp_gen(vccd_mi_struct *x)
{
    mpfr_prec_t p = vccd_mi_get_prec(x);
    vccd_di d = gen_comp();
    MPFR_DECL_INIT(lo, p);
    MPFR_DECL_INIT(hi, p);

    vccd_mi_set_di(x, d);
    if (p > 53 && !vccd_di_is_point(d) && (tu_ulong() & 1)) {
        mpfr_urandomb(lo, tu_rand);
        mpfr_urandomb(hi, tu_rand);
        mpfr_mul_d(lo, lo, d.hi * 0.5 - d.lo * 0.5, MPFR_RNDD);
        mpfr_add_d(lo, lo, d.lo, MPFR_RNDD);
        mpfr_mul_d(hi, hi, d.hi * 0.5 - d.lo * 0.5, MPFR_RNDU);
        mpfr_d_sub(hi, d.hi, hi, MPFR_RNDU);
        if (mpfr_number_p(lo) && mpfr_number_p(hi) && mpfr_lessequal_p(lo, hi))
            vccd_mi_set_2fr(x, lo, hi);
    }
}

static void
vccd_mi_tgp_point_q(mpq_t q, const vccd_mi_struct *x)
{
    MPFR_DECL_INIT(t, vccd_mi_get_prec(x));
    tu_fr_point_in(t, x);
    mpfr_get_q(q, t);           /* exact */
}

static int
vccd_mi_tgp_contains_q(const vccd_mi_struct *x, const mpq_t q)
{
    return mpfr_cmp_q(&x->lo, q) <= 0 && mpfr_cmp_q(&x->hi, q) >= 0;
}

static int
vccd_mi_tgp_equal(const vccd_mi_struct *x, const vccd_mi_struct *y)
{
    return mpfr_get_prec(&x->lo) == mpfr_get_prec(&y->lo)
        && mpfr_equal_p(&x->lo, &y->lo) && mpfr_equal_p(&x->hi, &y->hi);
}

static void vccd_mi_tgp_set_q(vccd_mi_struct *x, const mpq_t q) { vccd_mi_set_q(x, q); }

static void
vccd_mi_tgp_set_sqrt_half(vccd_mi_struct *x)
{
    vccd_mi_set_d(x, 0.5);
    vccd_mi_sqrt(x, x);
}

static void
vccd_mi_tgp_show(char *buf, size_t n, const vccd_mi_struct *x)
{
    mpfr_snprintf(buf, n, "[%Ra, %Ra] (%ld bits)", &x->lo, &x->hi, (long)mpfr_get_prec(&x->lo));
}

/* --- the per-backend part ------------------------------------------------ */

#define TG_PASS 1
#define TG_CAT2(a, b) a##_##b
#define TG_CAT(a, b) TG_CAT2(a, b)
#define TGN(f) TG_CAT(VB_PFX, f)
#define TG_STR2(x) #x
#define TG_STR(x) TG_STR2(x)

#include "vccd/plugin/backend_di.h"
#include "geom/t-geom.c"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_mi.h"
#include "geom/t-geom.c"
#include "vccd/plugin/backend_undef.h"

/* --- the tests ----------------------------------------------------------- */

static const long mi_precs[3] = { 53, 113, 256 };

/* Output components checked per operation: >= 10^6 for binary64 and
   >= 10^5 per precision for MPFR (3 x 10^5 per operation in all). */
#define DI_CHECKS 1000000
#define MI_CHECKS 100000

START_TEST(test_contain_di)
{
    int op = _i;
    long n;
    tu_init();
    q_init();
    n = vccd_di_tg_contain(op, 53, tu_iters(DI_CHECKS));
    printf("t-geom di %-15s %8ld containment checks\n", op_info[op].name, n);
    fflush(stdout);
    q_clear();
}
END_TEST

START_TEST(test_contain_mi)
{
    int op = _i;
    long n[3];
    tu_init();
    q_init();
    for (int k = 0; k < 3; k++)
        n[k] = vccd_mi_tg_contain(op, mi_precs[k], tu_iters(MI_CHECKS));
    printf("t-geom mi %-15s %8ld + %ld + %ld containment checks at 53/113/256 bits\n",
           op_info[op].name, n[0], n[1], n[2]);
    fflush(stdout);
    q_clear();
}
END_TEST

START_TEST(test_unit_quat)
{
    long n;
    tu_init();
    q_init();
    n = vccd_di_tg_unit(53, tu_iters(2000));
    for (int k = 0; k < 3; k++)
        n += vccd_mi_tg_unit(mi_precs[k], tu_iters(500));
    printf("t-geom unit quaternions: %ld true-rotation checks\n", n);
    fflush(stdout);
    q_clear();
}
END_TEST

START_TEST(test_alias)
{
    long n;
    tu_init();
    n = vccd_di_tg_alias(53, tu_iters(20000));
    for (int k = 0; k < 3; k++)
        n += vccd_mi_tg_alias(mi_precs[k], tu_iters(2000));
    printf("t-geom aliasing: %ld aliased calls compared\n", n);
    fflush(stdout);
}
END_TEST

static Suite *
make_suite(void)
{
    Suite *s = suite_create("geom");

    tcase_add_loop_test(tu_tcase(s, "contain_di"), test_contain_di, 0, N_OPS);
    tcase_add_loop_test(tu_tcase(s, "contain_mi"), test_contain_mi, 0, N_OPS);
    tcase_add_test(tu_tcase(s, "unit_quat"), test_unit_quat);
    tcase_add_test(tu_tcase(s, "alias"), test_alias);
    return s;
}

TU_MAIN_SUITE(make_suite)

#else  /* TG_PASS: the per-backend part, with the VB_ macros of one backend */

struct TGN(tg_args) { TGN(vec3) a, b; VB_T s; TGN(mat3) m, n; TGN(quat) p, q; };
struct TGN(tg_outs) { TGN(vec3) v; VB_T s; TGN(mat3) m; TGN(quat) q; };

static void
TGN(tg_args_init)(struct TGN(tg_args) *x, long prec)
{
    TGN(vec3_init)(&x->a, prec);
    TGN(vec3_init)(&x->b, prec);
    VB_INIT(&x->s, prec);
    TGN(mat3_init)(&x->m, prec);
    TGN(mat3_init)(&x->n, prec);
    TGN(quat_init)(&x->p, prec);
    TGN(quat_init)(&x->q, prec);
}

static void
TGN(tg_args_clear)(struct TGN(tg_args) *x)
{
    TGN(vec3_clear)(&x->a);
    TGN(vec3_clear)(&x->b);
    VB_CLEAR(&x->s);
    TGN(mat3_clear)(&x->m);
    TGN(mat3_clear)(&x->n);
    TGN(quat_clear)(&x->p);
    TGN(quat_clear)(&x->q);
}

static void
TGN(tg_outs_init)(struct TGN(tg_outs) *o, long prec)
{
    TGN(vec3_init)(&o->v, prec);
    VB_INIT(&o->s, prec);
    TGN(mat3_init)(&o->m, prec);
    TGN(quat_init)(&o->q, prec);
}

static void
TGN(tg_outs_clear)(struct TGN(tg_outs) *o)
{
    TGN(vec3_clear)(&o->v);
    VB_CLEAR(&o->s);
    TGN(mat3_clear)(&o->m);
    TGN(quat_clear)(&o->q);
}

/* Flat input k (layout of X). */
static VB_T *
TGN(tg_in)(struct TGN(tg_args) *x, int k)
{
    if (k < OFF_B) return &x->a.c[k];
    if (k < OFF_S) return &x->b.c[k - OFF_B];
    if (k < OFF_M) return &x->s;
    if (k < OFF_N) return &x->m.m[k - OFF_M];
    if (k < OFF_P) return &x->n.m[k - OFF_N];
    if (k < OFF_Q) return &x->p.q[k - OFF_P];
    return &x->q.q[k - OFF_Q];
}

/* Output component j of op. */
static VB_T *
TGN(tg_out)(struct TGN(tg_outs) *o, int op, int j)
{
    switch (op_info[op].kind) {
    case 0: return &o->v.c[j];
    case 1: return &o->s;
    case 2: return &o->m.m[j];
    default: return &o->q.q[j];
    }
}

static void
TGN(tg_run)(int op, struct TGN(tg_outs) *o, struct TGN(tg_args) *x)
{
    switch (op) {
    case OP_ADD: TGN(vec3_add)(&o->v, &x->a, &x->b); break;
    case OP_SUB: TGN(vec3_sub)(&o->v, &x->a, &x->b); break;
    case OP_SCALE: TGN(vec3_scale)(&o->v, &x->s, &x->a); break;
    case OP_DOT: TGN(vec3_dot)(&o->s, &x->a, &x->b); break;
    case OP_NORM2: TGN(vec3_norm2)(&o->s, &x->a); break;
    case OP_CROSS: TGN(vec3_cross)(&o->v, &x->a, &x->b); break;
    case OP_MV: TGN(mat3_mul_vec3)(&o->v, &x->m, &x->a); break;
    case OP_MTV: TGN(mat3_tmul_vec3)(&o->v, &x->m, &x->a); break;
    case OP_MM: TGN(mat3_mul)(&o->m, &x->m, &x->n); break;
    case OP_MT: TGN(mat3_transpose)(&o->m, &x->m); break;
    case OP_QMUL: TGN(quat_mul)(&o->q, &x->p, &x->q); break;
    case OP_QCONJ: TGN(quat_conj)(&o->q, &x->p); break;
    case OP_QNORM2: TGN(quat_norm2)(&o->s, &x->p); break;
    case OP_QROT: TGN(quat_rotate)(&o->v, &x->p, &x->a); break;
    default: TGN(quat_to_mat3)(&o->m, &x->p); break;
    }
}

/* Random inputs for op, a random point in each (as rationals in X), the
   exact formula value Y, and a check of every output component; returns
   the number of component checks (>= target). */
static long
TGN(tg_contain)(int op, long prec, long target)
{
    struct TGN(tg_args) x;
    struct TGN(tg_outs) o;
    long checks = 0;
    char b1[256], b2[256];

    TGN(tg_args_init)(&x, prec);
    TGN(tg_outs_init)(&o, prec);
    while (checks < target) {
        for (int g = 0; g < 7; g++) {
            if (!(op_info[op].in & (1 << g)))
                continue;
            for (int k = in_off[g]; k < in_off[g] + in_len[g]; k++) {
                TGN(tgp_gen)(TGN(tg_in)(&x, k));
                TGN(tgp_point_q)(X[k], TGN(tg_in)(&x, k));
            }
        }
        q_ref(op);
        TGN(tg_run)(op, &o, &x);
        for (int j = 0; j < op_info[op].nout; j++) {
            VB_T *r = TGN(tg_out)(&o, op, j);
            if (!TGN(tgp_contains_q)(r, Y[j])) {
                TGN(tgp_show)(b1, sizeof b1, r);
                TGN(tgp_show)(b2, sizeof b2, TGN(tg_in)(&x, in_off[__builtin_ctz((unsigned)op_info[op].in)]));
                tu_fail("%s %s prec %ld: component %d = %s misses the exact %.17g (first input %s)",
                        TG_STR(VB_PFX), op_info[op].name, prec, j, b1, mpq_get_d(Y[j]), b2);
            }
            checks++;
        }
    }
    TGN(tg_args_clear)(&x);
    TGN(tg_outs_clear)(&o);
    return checks;
}

/* Rotations by unit quaternions: the interval quaternion encloses an
   exact unit quaternion (exactly representable, or a rational or sqrt(1/2)
   enclosure), so quat_rotate and quat_to_mat3 must contain the true
   rotation, computed as q e_j q* in rationals (not by the formula under
   test) or, for the sqrt(1/2) cases, written down by hand. */
static long
TGN(tg_unit)(long prec, long trials)
{
    /* w x y z as num/den; den 0 marks sqrt(1/2) (num is the sign) */
    static const long uq[][4][2] = {
        { { 1, 1 }, { 0, 1 }, { 0, 1 }, { 0, 1 } },
        { { 0, 1 }, { 1, 1 }, { 0, 1 }, { 0, 1 } },
        { { 0, 1 }, { 0, 1 }, { 1, 1 }, { 0, 1 } },
        { { 0, 1 }, { 0, 1 }, { 0, 1 }, { -1, 1 } },
        { { -1, 1 }, { 0, 1 }, { 0, 1 }, { 0, 1 } },
        { { 1, 2 }, { 1, 2 }, { 1, 2 }, { 1, 2 } },
        { { 1, 2 }, { -1, 2 }, { 1, 2 }, { -1, 2 } },
        { { 3, 5 }, { 4, 5 }, { 0, 1 }, { 0, 1 } },
        { { 0, 1 }, { 0, 1 }, { 3, 5 }, { -4, 5 } },
        { { 3, 13 }, { 4, 13 }, { 12, 13 }, { 0, 1 } },
        { { 1, 3 }, { 2, 3 }, { -2, 3 }, { 0, 1 } },
        { { 2, 7 }, { 3, 7 }, { 0, 1 }, { 6, 7 } },
        { { 1, 0 }, { 1, 0 }, { 0, 1 }, { 0, 1 } },     /* 90 deg about x */
        { { 1, 0 }, { 0, 1 }, { 1, 0 }, { 0, 1 } },     /* about y */
        { { 1, 0 }, { 0, 1 }, { 0, 1 }, { 1, 0 } },     /* about z */
    };
    /* the matrices of the last three, by hand: x: y -> z, z -> -y; etc. */
    static const int rot90[3][9] = {
        { 1, 0, 0, 0, 0, -1, 0, 1, 0 },
        { 0, 0, 1, 0, 1, 0, -1, 0, 0 },
        { 0, -1, 0, 1, 0, 0, 0, 0, 1 },
    };
    const int nq = (int)(sizeof uq / sizeof uq[0]);
    struct TGN(tg_args) x;
    struct TGN(tg_outs) o, om;
    mpq_t qq[4], R[9];
    long checks = 0;
    char b1[256];

    TGN(tg_args_init)(&x, prec);
    TGN(tg_outs_init)(&o, prec);
    TGN(tg_outs_init)(&om, prec);
    for (int i = 0; i < 4; i++) mpq_init(qq[i]);
    for (int i = 0; i < 9; i++) mpq_init(R[i]);

    for (int iq = 0; iq < nq; iq++) {
        int irr = -1;
        for (int i = 0; i < 4; i++) {
            if (uq[iq][i][1] == 0) {
                TGN(tgp_set_sqrt_half)(&x.p.q[i]);
                if (uq[iq][i][0] < 0)
                    VB_NEG(&x.p.q[i], &x.p.q[i]);
                if (i > 0) irr = i - 1;
            } else {
                mpq_set_si(qq[i], uq[iq][i][0], (unsigned long)uq[iq][i][1]);
                mpq_canonicalize(qq[i]);
                TGN(tgp_set_q)(&x.p.q[i], qq[i]);
            }
        }
        if (irr >= 0) {
            for (int i = 0; i < 9; i++) mpq_set_si(R[i], rot90[irr][i], 1);
        } else {
            /* the table must hold unit quaternions */
            mpq_set_ui(T[3], 0, 1);
            for (int i = 0; i < 4; i++) {
                mpq_mul(T[4], qq[i], qq[i]);
                mpq_add(T[3], T[3], T[4]);
            }
            if (mpq_cmp_ui(T[3], 1, 1) != 0)
                tu_fail("internal: table quaternion %d is not unit", iq);
            q_true_matrix(R, qq);
        }
        TGN(quat_to_mat3)(&om.m, &x.p);
        for (int i = 0; i < 9; i++) {
            if (!TGN(tgp_contains_q)(&om.m.m[i], R[i])) {
                TGN(tgp_show)(b1, sizeof b1, &om.m.m[i]);
                tu_fail("%s quat_to_mat3 prec %ld: quaternion %d entry %d = %s misses the true %.17g",
                        TG_STR(VB_PFX), prec, iq, i, b1, mpq_get_d(R[i]));
            }
            checks++;
        }
        for (long t = 0; t < trials; t++) {
            for (int k = 0; k < 3; k++) {
                if (t < 3) {            /* the basis vectors first */
                    mpq_set_ui(X[k], (long)k == t, 1);
                    TGN(tgp_set_q)(&x.a.c[k], X[k]);
                } else {
                    TGN(tgp_gen)(&x.a.c[k]);
                    TGN(tgp_point_q)(X[k], &x.a.c[k]);
                }
            }
            TGN(quat_rotate)(&o.v, &x.p, &x.a);
            for (int i = 0; i < 3; i++) {
                q_dot3(Y[i], R + 3 * i, 1, X, 1);      /* true R v */
                if (!TGN(tgp_contains_q)(&o.v.c[i], Y[i])) {
                    TGN(tgp_show)(b1, sizeof b1, &o.v.c[i]);
                    tu_fail("%s quat_rotate prec %ld: quaternion %d, trial %ld: component %d = %s misses the true %.17g",
                            TG_STR(VB_PFX), prec, iq, t, i, b1, mpq_get_d(Y[i]));
                }
                checks++;
            }
        }
    }
    for (int i = 0; i < 4; i++) mpq_clear(qq[i]);
    for (int i = 0; i < 9; i++) mpq_clear(R[i]);
    TGN(tg_args_clear)(&x);
    TGN(tg_outs_clear)(&o);
    TGN(tg_outs_clear)(&om);
    return checks;
}

/* --- aliasing ---------------------------------------------------------------- */

static void
TGN(tg_v3_eq)(const TGN(vec3) *r, const TGN(vec3) *e, const char *what, long prec)
{
    for (int i = 0; i < 3; i++)
        if (!TGN(tgp_equal)(&r->c[i], &e->c[i]))
            tu_fail("%s prec %ld: %s: component %d differs from the unaliased result",
                    TG_STR(VB_PFX), prec, what, i);
}

static void
TGN(tg_m3_eq)(const TGN(mat3) *r, const TGN(mat3) *e, const char *what, long prec)
{
    for (int i = 0; i < 9; i++)
        if (!TGN(tgp_equal)(&r->m[i], &e->m[i]))
            tu_fail("%s prec %ld: %s: entry %d differs from the unaliased result",
                    TG_STR(VB_PFX), prec, what, i);
}

static void
TGN(tg_q_eq)(const TGN(quat) *r, const TGN(quat) *e, const char *what, long prec)
{
    for (int i = 0; i < 4; i++)
        if (!TGN(tgp_equal)(&r->q[i], &e->q[i]))
            tu_fail("%s prec %ld: %s: component %d differs from the unaliased result",
                    TG_STR(VB_PFX), prec, what, i);
}

static void
TGN(tg_s_eq)(const VB_T *r, const VB_T *e, const char *what, long prec)
{
    if (!TGN(tgp_equal)(r, e))
        tu_fail("%s prec %ld: %s differs from the unaliased result", TG_STR(VB_PFX), prec, what);
}

/* Every call whose output may alias an input (same type, or a scalar
   output that is a component of an input) is made once into a fresh
   output and once in place; the results must be identical, not merely
   both enclosures.  Returns the number of aliased calls. */
static long
TGN(tg_alias)(long prec, long trials)
{
    struct TGN(tg_args) x, w;       /* x: the inputs, w: the in-place copy */
    struct TGN(tg_outs) e;          /* the unaliased results */
    long calls = 0;

    TGN(tg_args_init)(&x, prec);
    TGN(tg_args_init)(&w, prec);
    TGN(tg_outs_init)(&e, prec);

/* reset the in-place copy w from x */
#define TG_RESET() do { for (int k_ = 0; k_ < N_IN; k_++) VB_SET(TGN(tg_in)(&w, k_), TGN(tg_in)(&x, k_)); calls++; } while (0)

    for (long t = 0; t < trials; t++) {
        for (int k = 0; k < N_IN; k++)
            TGN(tgp_gen)(TGN(tg_in)(&x, k));
        /* sometimes make b a copy of a (and n of m, q of p) so that the
           both-alias calls below see equal operands, as in a x a */
        if (t % 4 == 0)
            for (int k = 0; k < 3; k++) VB_SET(&x.b.c[k], &x.a.c[k]);

        /* vec3_add, vec3_sub, vec3_cross: r = a, r = b, r = a = b */
#define TG_V3_BINARY(f)                                                       \
        TGN(f)(&e.v, &x.a, &x.b);                                             \
        TG_RESET(); TGN(f)(&w.a, &w.a, &w.b); TGN(tg_v3_eq)(&w.a, &e.v, #f "(a, a, b)", prec); \
        TG_RESET(); TGN(f)(&w.b, &w.a, &w.b); TGN(tg_v3_eq)(&w.b, &e.v, #f "(b, a, b)", prec); \
        TGN(f)(&e.v, &x.a, &x.a);                                             \
        TG_RESET(); TGN(f)(&w.a, &w.a, &w.a); TGN(tg_v3_eq)(&w.a, &e.v, #f "(a, a, a)", prec)
        TG_V3_BINARY(vec3_add);
        TG_V3_BINARY(vec3_sub);
        TG_V3_BINARY(vec3_cross);
#undef TG_V3_BINARY

        /* vec3_scale: r = a, and the scalar a component of r (and of a) */
        TGN(vec3_scale)(&e.v, &x.s, &x.a);
        TG_RESET(); TGN(vec3_scale)(&w.a, &w.s, &w.a);
        TGN(tg_v3_eq)(&w.a, &e.v, "vec3_scale(a, s, a)", prec);
        for (int k = 0; k < 3; k++) {
            TGN(vec3_scale)(&e.v, &x.a.c[k], &x.a);
            TG_RESET(); TGN(vec3_scale)(&w.a, &w.a.c[k], &w.a);
            TGN(tg_v3_eq)(&w.a, &e.v, "vec3_scale(a, a[k], a)", prec);
            TGN(vec3_scale)(&e.v, &x.b.c[k], &x.a);
            TG_RESET(); TGN(vec3_scale)(&w.b, &w.b.c[k], &w.a);
            TGN(tg_v3_eq)(&w.b, &e.v, "vec3_scale(b, b[k], a)", prec);
        }

        /* scalar results written into a component of an input */
        for (int k = 0; k < 3; k++) {
            TGN(vec3_dot)(&e.s, &x.a, &x.b);
            TG_RESET(); TGN(vec3_dot)(&w.a.c[k], &w.a, &w.b);
            TGN(tg_s_eq)(&w.a.c[k], &e.s, "vec3_dot(a[k], a, b)", prec);
            TG_RESET(); TGN(vec3_dot)(&w.b.c[k], &w.a, &w.b);
            TGN(tg_s_eq)(&w.b.c[k], &e.s, "vec3_dot(b[k], a, b)", prec);
            TGN(vec3_norm2)(&e.s, &x.a);
            TG_RESET(); TGN(vec3_norm2)(&w.a.c[k], &w.a);
            TGN(tg_s_eq)(&w.a.c[k], &e.s, "vec3_norm2(a[k], a)", prec);
        }
        for (int k = 0; k < 4; k++) {
            TGN(quat_norm2)(&e.s, &x.p);
            TG_RESET(); TGN(quat_norm2)(&w.p.q[k], &w.p);
            TGN(tg_s_eq)(&w.p.q[k], &e.s, "quat_norm2(p[k], p)", prec);
        }

        /* matrix times vector in place: v = m v */
        TGN(mat3_mul_vec3)(&e.v, &x.m, &x.a);
        TG_RESET(); TGN(mat3_mul_vec3)(&w.a, &w.m, &w.a);
        TGN(tg_v3_eq)(&w.a, &e.v, "mat3_mul_vec3(v, m, v)", prec);
        TGN(mat3_tmul_vec3)(&e.v, &x.m, &x.a);
        TG_RESET(); TGN(mat3_tmul_vec3)(&w.a, &w.m, &w.a);
        TGN(tg_v3_eq)(&w.a, &e.v, "mat3_tmul_vec3(v, m, v)", prec);

        /* mat3_mul: r = a, r = b, r = a = b */
        TGN(mat3_mul)(&e.m, &x.m, &x.n);
        TG_RESET(); TGN(mat3_mul)(&w.m, &w.m, &w.n);
        TGN(tg_m3_eq)(&w.m, &e.m, "mat3_mul(a, a, b)", prec);
        TG_RESET(); TGN(mat3_mul)(&w.n, &w.m, &w.n);
        TGN(tg_m3_eq)(&w.n, &e.m, "mat3_mul(b, a, b)", prec);
        TGN(mat3_mul)(&e.m, &x.m, &x.m);
        TG_RESET(); TGN(mat3_mul)(&w.m, &w.m, &w.m);
        TGN(tg_m3_eq)(&w.m, &e.m, "mat3_mul(a, a, a)", prec);

        TGN(mat3_transpose)(&e.m, &x.m);
        TG_RESET(); TGN(mat3_transpose)(&w.m, &w.m);
        TGN(tg_m3_eq)(&w.m, &e.m, "mat3_transpose(a, a)", prec);

        /* quat_mul: r = p, r = q, r = p = q */
        TGN(quat_mul)(&e.q, &x.p, &x.q);
        TG_RESET(); TGN(quat_mul)(&w.p, &w.p, &w.q);
        TGN(tg_q_eq)(&w.p, &e.q, "quat_mul(p, p, q)", prec);
        TG_RESET(); TGN(quat_mul)(&w.q, &w.p, &w.q);
        TGN(tg_q_eq)(&w.q, &e.q, "quat_mul(q, p, q)", prec);
        TGN(quat_mul)(&e.q, &x.p, &x.p);
        TG_RESET(); TGN(quat_mul)(&w.p, &w.p, &w.p);
        TGN(tg_q_eq)(&w.p, &e.q, "quat_mul(p, p, p)", prec);

        TGN(quat_conj)(&e.q, &x.p);
        TG_RESET(); TGN(quat_conj)(&w.p, &w.p);
        TGN(tg_q_eq)(&w.p, &e.q, "quat_conj(p, p)", prec);

        /* quat_rotate in place: v = rotate(q, v) */
        TGN(quat_rotate)(&e.v, &x.p, &x.a);
        TG_RESET(); TGN(quat_rotate)(&w.a, &w.p, &w.a);
        TGN(tg_v3_eq)(&w.a, &e.v, "quat_rotate(v, q, v)", prec);
    }
#undef TG_RESET
    TGN(tg_args_clear)(&x);
    TGN(tg_args_clear)(&w);
    TGN(tg_outs_clear)(&e);
    return calls;
}

#endif /* TG_PASS */
