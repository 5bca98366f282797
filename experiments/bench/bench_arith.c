/* bench_arith.c -- `vccd bench arith`: cost of each arithmetic backend,
   and of the single-source geometry template, against plain doubles.

   Every loop reads its second operand at an index that shifts with the
   repetition counter, so the compiler cannot hoist work out of the
   repetition loop; results go to arrays that are checksummed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "vccd.h"

/* The geometry template on plain doubles: "the same code" without
   intervals, the baseline the template's overhead is judged against. */
#define VB_T double
#define VB_PFX bench_d
#define VB_RIGOROUS 0
#define VB_TMP(x, ref) double x[1]
#define VB_TMP_N(name, arr, n, ref) ((void)(arr), (void)(ref))
#define VB_INIT(x, prec) ((void)(prec), *(x) = 0.0)
#define VB_CLEAR(x) ((void)(x))
#define VB_SET(r, a) (*(r) = *(a))
#define VB_SET_D(r, d) (*(r) = (d))
#define VB_NEG(r, a) (*(r) = -*(a))
#define VB_ADD(r, a, b) (*(r) = *(a) + *(b))
#define VB_SUB(r, a, b) (*(r) = *(a) - *(b))
#define VB_MUL(r, a, b) (*(r) = *(a) * *(b))
#define VB_DIV(r, a, b) (*(r) = *(a) / *(b))
#define VB_SQR(r, a) (*(r) = *(a) * *(a))
#define VB_SQRT(r, a) (*(r) = sqrt(*(a)))
#define VB_MUL_D(r, a, d) (*(r) = *(a) * (d))
#define VB_SIN_COS(s, c, a) (*(s) = sin(*(a)), *(c) = cos(*(a)))
#include "vccd/geom_impl.h"
#include "vccd/plugin/backend_undef.h"

#define N 1024                  /* elements per array: stays in L1/L2 */
#define IDX(i, k) (((i) + (k)) & (N - 1))

static double da[N], db[N], dr[N], dr2[N];
static vccd_di ia[N], ib[N], ir[N], ir2[N];
static vccd_ui ua[N], ub[N], ur[N], ur2[N];
static bench_d_vec3 dva[N], dvb[N], dvr[N];
static vccd_di_vec3 iva[N], ivb[N], ivr[N];
static vccd_ui_vec3 uva[N], uvb[N], uvr[N];
static bench_d_quat dq[N];
static vccd_di_quat iq[N];
static vccd_ui_quat uq[N];
static bench_d_mat3 dm[N];
static vccd_di_mat3 im[N];
static vccd_ui_mat3 um[N];
static volatile double sink;

/* One loop body per (backend, op), generated: the loop is written once. */
#define LOOP(fname, BODY)                                                   \
    static void fname(void *arg, long reps)                                 \
    {                                                                       \
        (void)arg;                                                          \
        for (long k = 0; k < reps; k++)                                     \
            for (int i = 0; i < N; i++) {                                   \
                BODY;                                                       \
            }                                                               \
    }

/* Scalar ops on the by-value backends (d: plain double, di, ui). */
#define SCALAR_LOOPS(P, A, B, R, R2, ADD, MUL, DIV, SQRT, SINCOS)          \
    LOOP(P##_add, R[i] = ADD(A[i], B[IDX(i, k)]))                           \
    LOOP(P##_mul, R[i] = MUL(A[i], B[IDX(i, k)]))                           \
    LOOP(P##_div, R[i] = DIV(A[i], B[IDX(i, k)]))                           \
    LOOP(P##_sqrt, R[i] = SQRT(B[IDX(i, k)]))                               \
    LOOP(P##_sincos, SINCOS(&R[i], &R2[i], B[IDX(i, k)]))

#define D_ADD(a, b) ((a) + (b))
#define D_MUL(a, b) ((a) * (b))
#define D_DIV(a, b) ((a) / (b))
#define D_SINCOS(s, c, a) (*(s) = sin(a), *(c) = cos(a))
SCALAR_LOOPS(d, da, db, dr, dr2, D_ADD, D_MUL, D_DIV, sqrt, D_SINCOS)
SCALAR_LOOPS(di, ia, ib, ir, ir2, vccd_di_add, vccd_di_mul, vccd_di_div, vccd_di_sqrt, vccd_di_sin_cos)
SCALAR_LOOPS(ui, ua, ub, ur, ur2, vccd_ui_add, vccd_ui_mul, vccd_ui_div, vccd_ui_sqrt, vccd_ui_sin_cos)

/* Geometry ops through the template, on each by-value backend. */
#define GEOM_LOOPS(P, VA, VB, VR, Q, M)                                     \
    LOOP(P##_cross, P##_vec3_cross(&VR[i], &VA[i], &VB[IDX(i, k)]))         \
    LOOP(P##_dot, P##_vec3_dot(&VR[i].c[0], &VA[i], &VB[IDX(i, k)]))        \
    LOOP(P##_matvec, P##_mat3_mul_vec3(&VR[i], &M[i], &VB[IDX(i, k)]))      \
    LOOP(P##_rotate, P##_quat_rotate(&VR[i], &Q[i], &VB[IDX(i, k)]))

GEOM_LOOPS(bench_d, dva, dvb, dvr, dq, dm)
GEOM_LOOPS(vccd_di, iva, ivb, ivr, iq, im)
GEOM_LOOPS(vccd_ui, uva, uvb, uvr, uq, um)

/* --- the alternative single-source mechanism: an ops vtable ---------- */

typedef struct {
    void (*mul)(void *r, const void *a, const void *b);
    void (*sub)(void *r, const void *a, const void *b);
} vt_ops;

static void vt_di_mul(void *r, const void *a, const void *b) { *(vccd_di *)r = vccd_di_mul(*(const vccd_di *)a, *(const vccd_di *)b); }
static void vt_di_sub(void *r, const void *a, const void *b) { *(vccd_di *)r = vccd_di_sub(*(const vccd_di *)a, *(const vccd_di *)b); }
static const vt_ops vt_di = { vt_di_mul, vt_di_sub };
/* Read through a volatile pointer so the calls stay indirect, as they
   would be with a backend chosen at run time. */
static const vt_ops *volatile vt_current = &vt_di;

static void
vt_cross(const vt_ops *o, vccd_di *r, const vccd_di *a, const vccd_di *b)
{
    vccd_di x, y, z, t;
    o->mul(&x, &a[1], &b[2]); o->mul(&t, &a[2], &b[1]); o->sub(&x, &x, &t);
    o->mul(&y, &a[2], &b[0]); o->mul(&t, &a[0], &b[2]); o->sub(&y, &y, &t);
    o->mul(&z, &a[0], &b[1]); o->mul(&t, &a[1], &b[0]); o->sub(&z, &z, &t);
    r[0] = x; r[1] = y; r[2] = z;
}

LOOP(vt_di_cross, vt_cross(vt_current, ivr[i].c, iva[i].c, ivb[IDX(i, k)].c))

/* --- MPFR ------------------------------------------------------------ */

typedef struct {
    vccd_mi_t a[N], b[N], r[N], r2[N];
    vccd_mi_vec3 va[N], vb[N], vr[N];
} mi_data;

static void mi_add(void *p, long reps) { mi_data *m = p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) vccd_mi_add(m->r[i], m->a[i], m->b[IDX(i, k)]); }
static void mi_mul(void *p, long reps) { mi_data *m = p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) vccd_mi_mul(m->r[i], m->a[i], m->b[IDX(i, k)]); }
static void mi_div(void *p, long reps) { mi_data *m = p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) vccd_mi_div(m->r[i], m->a[i], m->b[IDX(i, k)]); }
static void mi_sqrt(void *p, long reps) { mi_data *m = p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) vccd_mi_sqrt(m->r[i], m->b[IDX(i, k)]); }
static void mi_sincos(void *p, long reps) { mi_data *m = p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) vccd_mi_sin_cos(m->r[i], m->r2[i], m->b[IDX(i, k)]); }
static void mi_cross(void *p, long reps) { mi_data *m = p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) vccd_mi_vec3_cross(&m->vr[i], &m->va[i], &m->vb[IDX(i, k)]); }

/* --- data -------------------------------------------------------------- */

static double
rnd_in(unsigned long *s, double lo, double hi)
{
    *s = *s * 6364136223846793005UL + 1442695040888963407UL;
    return lo + (hi - lo) * (double)(*s >> 11) * 0x1p-53;
}

/* Operands in [0.5, 2] (positive, so sqrt and / stay on their fast path)
   with a narrow interval around each, the typical shape inside a solver. */
static void
fill(void)
{
    unsigned long s = 42;
    for (int i = 0; i < N; i++) {
        double x = rnd_in(&s, 0.5, 2.0), y = rnd_in(&s, 0.5, 2.0), w = 0x1p-30;
        double qn, q[4];
        da[i] = x; db[i] = y;
        ia[i] = vccd_di_set_2d(x, x + w); ib[i] = vccd_di_set_2d(y, y + w);
        ua[i] = vccd_ui_set_2d(x, x + w); ub[i] = vccd_ui_set_2d(y, y + w);
        for (int j = 0; j < 3; j++) {
            double u = rnd_in(&s, -2.0, 2.0), v = rnd_in(&s, -2.0, 2.0);
            dva[i].c[j] = u; dvb[i].c[j] = v;
            iva[i].c[j] = vccd_di_set_2d(u, u + w); ivb[i].c[j] = vccd_di_set_2d(v, v + w);
            uva[i].c[j] = vccd_ui_set_2d(u, u + w); uvb[i].c[j] = vccd_ui_set_2d(v, v + w);
        }
        qn = 0.0;
        for (int j = 0; j < 4; j++) { q[j] = rnd_in(&s, -1.0, 1.0); qn += q[j] * q[j]; }
        for (int j = 0; j < 4; j++) {
            q[j] /= sqrt(qn);
            dq[i].q[j] = q[j];
            iq[i].q[j] = vccd_di_set_2d(q[j], q[j] + w);
            uq[i].q[j] = vccd_ui_set_2d(q[j], q[j] + w);
        }
        for (int j = 0; j < 9; j++) {
            double m = rnd_in(&s, -1.0, 1.0);
            dm[i].m[j] = m;
            im[i].m[j] = vccd_di_set_2d(m, m + w);
            um[i].m[j] = vccd_ui_set_2d(m, m + w);
        }
    }
}

static mi_data *
mi_new(mpfr_prec_t prec)
{
    mi_data *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    for (int i = 0; i < N; i++) {
        vccd_mi_init2(m->a[i], prec); vccd_mi_init2(m->b[i], prec);
        vccd_mi_init2(m->r[i], prec); vccd_mi_init2(m->r2[i], prec);
        vccd_mi_set_di(m->a[i], ia[i]); vccd_mi_set_di(m->b[i], ib[i]);
        vccd_mi_vec3_init(&m->va[i], prec); vccd_mi_vec3_init(&m->vb[i], prec);
        vccd_mi_vec3_init(&m->vr[i], prec);
        for (int j = 0; j < 3; j++) {
            vccd_mi_set_di(&m->va[i].c[j], iva[i].c[j]);
            vccd_mi_set_di(&m->vb[i].c[j], ivb[i].c[j]);
        }
    }
    return m;
}

static void
mi_free(mi_data *m)
{
    for (int i = 0; i < N; i++) {
        vccd_mi_clear(m->a[i]); vccd_mi_clear(m->b[i]);
        vccd_mi_clear(m->r[i]); vccd_mi_clear(m->r2[i]);
        vccd_mi_vec3_clear(&m->va[i]); vccd_mi_vec3_clear(&m->vb[i]);
        vccd_mi_vec3_clear(&m->vr[i]);
    }
    free(m);
}

typedef struct {
    const char *op;
    void (*d)(void *, long), (*di)(void *, long), (*ui)(void *, long), (*mi)(void *, long);
} op_row;

static const op_row ops[] = {
    { "add", d_add, di_add, ui_add, mi_add },
    { "mul", d_mul, di_mul, ui_mul, mi_mul },
    { "div", d_div, di_div, ui_div, mi_div },
    { "sqrt", d_sqrt, di_sqrt, ui_sqrt, mi_sqrt },
    { "sin_cos", d_sincos, di_sincos, ui_sincos, mi_sincos },
    { "cross", bench_d_cross, vccd_di_cross, vccd_ui_cross, mi_cross },
};
#define NOPS (sizeof ops / sizeof ops[0])

static int
run_arith(const vccd_bench_opts *o)
{
    static const mpfr_prec_t precs[] = { 53, 113, 256 };
    double base[NOPS], t, cksum = 0.0;
    char name[32];

    fill();
    printf("vccd bench arith: %d-element arrays, best of %d trials; ratio = ns/op divided by\n"
           "the same operation on plain doubles (libm sin+cos for sin_cos).\n",
           N, o->quick ? 3 : 6);

    vccd_bench_header(o, "== backends vs plain double ==", "double ns/op");
    for (size_t j = 0; j < NOPS; j++) {
        base[j] = vccd_bench_ns_per_op(o, ops[j].d, NULL, N);
        vccd_bench_row(o, "backend", "double", ops[j].op, base[j], 0);
    }
    for (size_t j = 0; j < NOPS; j++)
        vccd_bench_row(o, "backend", "binary64", ops[j].op,
                       vccd_bench_ns_per_op(o, ops[j].di, NULL, N), base[j]);
    for (size_t j = 0; j < NOPS; j++)
        vccd_bench_row(o, "backend", "unrounded(NONRIGOROUS)", ops[j].op,
                       vccd_bench_ns_per_op(o, ops[j].ui, NULL, N), base[j]);
    for (size_t p = 0; p < sizeof precs / sizeof precs[0]; p++) {
        mi_data *m = mi_new(precs[p]);
        if (!m) {
            fprintf(stderr, "vccd: out of memory\n");
            return VCCD_EXIT_FAIL;
        }
        snprintf(name, sizeof name, "mpfr:%ld", (long)precs[p]);
        for (size_t j = 0; j < NOPS; j++)
            vccd_bench_row(o, "backend", name, ops[j].op,
                           vccd_bench_ns_per_op(o, ops[j].mi, m, N), base[j]);
        cksum += mpfr_get_d(&m->r[7]->lo, MPFR_RNDN);
        mi_free(m);
    }

    vccd_bench_header(o, "== geometry template (one source) ==", "double ns/op");
    {
        static const struct { const char *op; void (*d)(void *, long), (*di)(void *, long), (*ui)(void *, long); } g[] = {
            { "cross", bench_d_cross, vccd_di_cross, vccd_ui_cross },
            { "dot", bench_d_dot, vccd_di_dot, vccd_ui_dot },
            { "mat3*vec3", bench_d_matvec, vccd_di_matvec, vccd_ui_matvec },
            { "quat_rotate", bench_d_rotate, vccd_di_rotate, vccd_ui_rotate },
        };
        double worst = 0.0;
        for (size_t j = 0; j < sizeof g / sizeof g[0]; j++) {
            double bd = vccd_bench_ns_per_op(o, g[j].d, NULL, N);
            double bu = vccd_bench_ns_per_op(o, g[j].ui, NULL, N);
            double bi = vccd_bench_ns_per_op(o, g[j].di, NULL, N);
            vccd_bench_row(o, "geometry", "double", g[j].op, bd, 0);
            vccd_bench_row(o, "geometry", "unrounded(NONRIGOROUS)", g[j].op, bu, bd);
            vccd_bench_row(o, "geometry", "binary64", g[j].op, bi, bd);
            snprintf(name, sizeof name, "binary64/unrounded");
            vccd_bench_row(o, "geometry-rigor", name, g[j].op, bi, bu);
            if (bi / bu > worst)
                worst = bi / bu;
        }
        t = vccd_bench_ns_per_op(o, vt_di_cross, NULL, N);
        vccd_bench_row(o, "geometry", "binary64 via vtable", "cross", t,
                       vccd_bench_ns_per_op(o, vccd_di_cross, NULL, N));
        printf("cost of rigour in the geometry template (binary64 / unrounded, same code): "
               "at most %.2fx (target < 3x)\n", worst);
    }

    vccd_bench_rounding(o);

    for (int i = 0; i < N; i++)
        cksum += dr[i] + dr2[i] + ir[i].lo + ir2[i].hi + ur[i].lo + ur2[i].hi
            + dvr[i].c[0] + ivr[i].c[1].lo + uvr[i].c[2].hi;
    sink = cksum;
    return VCCD_EXIT_OK;
}

int
vccd_bench_arith(int argc, char **argv)
{
    vccd_bench_opts o = { NULL, 0 };
    const char *csv = NULL;
    int rc;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "arith") == 0)
            continue;
        if (strcmp(argv[i], "--csv") == 0) {
            if (++i >= argc)
                return vccd_cli_usage_error("bench: option --csv needs a file name");
            csv = argv[i];
        } else if (strcmp(argv[i], "--quick") == 0) {
            o.quick = 1;
        } else {
            return vccd_bench_bad_arg(argv[i]);
        }
    }
    if (csv) {
        if (!(o.csv = vccd_cli_open_output(csv)))
            return VCCD_EXIT_USAGE;
        fputs("section,backend,op,ns_per_op,baseline_ns_per_op,ratio\n", o.csv);
    }
    rc = run_arith(&o);
    if (o.csv && vccd_cli_close_output(o.csv, csv) != 0)
        rc = VCCD_EXIT_FAIL;
    return rc;
}
