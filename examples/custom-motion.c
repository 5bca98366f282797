/* custom-motion.c -- a motion model defined outside vccd's tree, used in
   a mesh query: "drift", a body that translates with constant
   acceleration and does not turn,

       x(p, t) = o + p + t (v + b t),   dx/dt = v + 2 b t,   d2x/dt2 = 2 b.

   It is written as vccd's own models are (doc/adding-a-motion.md), with
   the plugin headers (vccd/plugin/): the kernel once, against the
   backend macros VB_*, compiled by motion_instantiate.h for binary64
   intervals, the unrounded comparison mode and MPFR; a parameter table
   from which VCCD_MOTION_DEFINE makes the typed constructors
   vccd_motion_drift_new (doubles, taken exactly) and _new_str (decimal
   text); rebase and bounds.  The program then checks the kernel against
   MPFR at 512 bits (each binary64 enclosure must contain the MPFR one's
   midpoint, for random times and body points) and asks when a drifting
   box first touches a resting one, at t* = 1/2 exactly (below).  Build: cc custom-motion.c $(pkg-config --cflags --libs vccd)
   -I. (this directory holds the file motion_instantiate.h includes). */
#ifndef VB_PFX
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <vccd.h>
#include <vccd/plugin/motion_impl.h>

/* P[0..3) = o, P[3..6) = v, P[6..9) = b */
#define DRIFT_NPARAMS 9

static int
drift_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e)
{
    if (vccd_motion_reserve(m, DRIFT_NPARAMS) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    return vccd_motion_parse_reals(m, s, "o", 0, 3, 1, 0, e) || vccd_motion_parse_reals(m, s, "v", 3, 3, 1, 0, e)
                   || vccd_motion_parse_reals(m, s, "b", 6, 3, 0, 0, e)
               ? -1
               : 0;
}

static void
drift_randomize(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    (void)kind;
    if (vccd_motion_reserve(m, DRIFT_NPARAMS) != 0)
        abort();
    vccd_motion_random_reals(m, rs, 0, DRIFT_NPARAMS, 2.0);
}

/* The restriction to [t0, t1] as a drift over [0, 1]: with t = t0 + h s,
   h = t1 - t0, x = o' + p + s (v' + b' s) for o' = o + t0 (v + b t0),
   v' = h (v + 2 b t0), b' = b h^2 (MPFR intervals: each rounds
   outward, so the new parameters enclose the exact ones). */
static void
drift_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams, const vccd_mi_struct *t0,
             const vccd_mi_struct *t1)
{
    mpfr_prec_t p = vccd_mi_get_prec(&out[0]);
    VCCD_MI_TMP(h, p);
    VCCD_MI_TMP(s, p);
    (void)nparams;
    vccd_mi_sub(h, t1, t0);
    for (int i = 0; i < 3; i++) {
        vccd_mi_mul(s, &P[6 + i], t0);          /* b t0 */
        vccd_mi_add(s, s, &P[3 + i]);           /* v + b t0 */
        vccd_mi_mul(s, s, t0);
        vccd_mi_add(&out[i], &P[i], s);         /* o' */
        vccd_mi_mul(s, &P[6 + i], t0);
        vccd_mi_mul_2si(s, s, 1);
        vccd_mi_add(s, s, &P[3 + i]);           /* v + 2 b t0 */
        vccd_mi_mul(&out[3 + i], s, h);         /* v' */
        vccd_mi_mul(s, h, h);
        vccd_mi_mul(&out[6 + i], &P[6 + i], s); /* b' */
    }
}

/* Over t in [0, 1]: |dx/dt| <= |v| + 2 |b|, |d2x/dt2| = 2 |b|, for any
   body point (the body does not turn), rounded upward by intervals. */
static void
drift_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 v, b;
    vccd_di nv, nb;
    (void)nparams, (void)r;
    for (int i = 0; i < 3; i++)
        v.c[i] = P[3 + i], b.c[i] = P[6 + i];
    vccd_di_vec3_norm2(&nv, &v);
    vccd_di_vec3_norm2(&nb, &b);
    nv = vccd_di_sqrt(nv);
    nb = vccd_di_mul_d(vccd_di_sqrt(nb), 2.0);
    *speed = vccd_di_add(nv, nb).hi;
    *accel = nb.hi;
}

/* The parameter table: one row per key (kind, count, default, doc). */
#define DRIFT_PARAMS(P, V)                                             \
    P(o, REAL, 3, NULL, "position of the body origin at t = 0")        \
    P(v, REAL, 3, NULL, "velocity at t = 0, per step")                 \
    P(b, REAL, 3, "0 0 0", "half the acceleration, per step^2")
#define drift_SIGNATURES(S) S(drift, new, DRIFT_PARAMS, "o + v t + b t^2, no rotation")

/* The typed constructors VCCD_MOTION_DEFINE makes below (vccd's own
   models have theirs declared in the generated vccd/motions.h). */
vccd_motion *vccd_motion_drift_new(const double o[3], const double v[3], const double b[3], mpfr_prec_t prec,
                                   vccd_error *e);
vccd_motion *vccd_motion_drift_new_str(const char *o, const char *v, const char *b, mpfr_prec_t prec,
                                       vccd_error *e);

#define VCCD_MOTION_FILE "custom-motion.c"
#define VCCD_MOTION_NAME drift
#include <vccd/plugin/motion_instantiate.h>
VCCD_MOTION_DEFINE(drift, "drift", "constant acceleration without rotation (an out-of-tree example)", 3, 0, 1);

/* The binary64 kernel against MPFR at 512 bits on random parameters,
   times (points and intervals) and body points: every binary64
   enclosure must contain the MPFR enclosure's midpoint. */
static int
check_kernel(void)
{
    gmp_randstate_t rs;
    mpfr_t mid;
    int bad = 0;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, 2026);
    mpfr_init2(mid, 512);
    for (int k = 0; k < 1000 && !bad; k++) {
        vccd_motion *m = vccd_motion_alloc(&vccd_motion_drift, 0, 512);
        double t0 = (double)(k % 17) / 16, w = (k % 3) ? 0.0 : 0.0625;
        vccd_di_vec3 x, v, a, pd;
        vccd_mi_vec3 xm[3], pm;
        VCCD_MI_TMP(tm, 512);
        if (!m)
            return 1;
        drift_randomize(m, rs, 0);
        vccd_motion_sync(m);
        for (int i = 0; i < 3; i++) {
            double p = ldexp((double)((k * 7 + i * 13) % 64) - 32, -4);
            pd.c[i] = vccd_di_set_d(p);
            vccd_mi_init2(&pm.c[i], 512);
            vccd_mi_set_d(&pm.c[i], p);
            for (int j = 0; j < 3; j++)
                vccd_mi_init2(&xm[j].c[i], 512);
        }
        vccd_mi_set_d(tm, t0 + w / 2); /* a time inside the interval */
        vccd_motion_eval_di(&x, &v, &a, m, &pd, 0, vccd_di_set_2d(t0, t0 + w));
        vccd_motion_eval_mi(&xm[0], &xm[1], &xm[2], m, &pm, 0, tm);
        for (int i = 0; i < 3; i++) {
            const vccd_di *d[3] = { &x.c[i], &v.c[i], &a.c[i] };
            for (int j = 0; j < 3; j++) {
                double y;
                vccd_mi_mid(mid, &xm[j].c[i]);
                y = mpfr_get_d(mid, MPFR_RNDN);
                if (!(d[j]->lo <= y && y <= d[j]->hi))
                    bad = 1, fprintf(stderr, "case %d: output %d, axis %d: %.17g outside [%.17g, %.17g]\n", k, j,
                                     i, y, d[j]->lo, d[j]->hi);
                vccd_mi_clear(&xm[j].c[i]);
            }
            vccd_mi_clear(&pm.c[i]);
        }
        vccd_motion_free(m);
    }
    mpfr_clear(mid);
    gmp_randclear(rs);
    return bad;
}

int
main(void)
{
    vccd_mesh box;
    vccd_bvh h;
    vccd_bvh_opts bo;
    vccd_toc_input in;
    vccd_toc_answer a;
    vccd_error e;
    /* Two unit cubes, the second's centre drifting back from x = 3 as
       x(t) = 3 - 2 t - 4 t^2: the facing faces (x = 0.5 and x(t) - 0.5)
       meet when 2 t^2 + t - 1 = 0, at t* = 1/2 exactly. */
    const double zero[3] = { 0, 0, 0 };
    vccd_motion *ma, *mb;

    if (check_kernel() != 0)
        return 1;
    printf("drift: binary64 kernel encloses MPFR 512-bit values on 1000 random cases\n");
    vccd_bvh_opts_init(&bo);
    bo.types = 1u << vccd_bv_type_find("obb");
    if (vccd_mesh_shape(&box, "box:1:1:1", VCCD_MESH_DEGENERATE_KEEP, &e) != 0 || vccd_bvh_build(&h, &box, &bo, &e))
        return fprintf(stderr, "%s\n", e.msg), 1;
    ma = vccd_motion_drift_new(zero, zero, NULL, 64, &e);
    mb = ma ? vccd_motion_drift_new_str("3 0.25 0", "-2 0 0", "-4 0 0", 64, &e) : NULL;
    if (!ma || !mb)
        return fprintf(stderr, "%s\n", e.msg), 1;
    vccd_toc_input_init(&in);
    in.body[0] = (vccd_toc_body){ &h, ma };
    in.body[1] = (vccd_toc_body){ &h, mb };
    in.opts.solve.eps_t = 1e-9;
    if (vccd_toc_meshes(&a, NULL, &in, &e) != 0)
        return fprintf(stderr, "%s\n", e.msg), 1;
    printf("%s: no contact in [0, %.17g), contact by %.17g (exact: t* = 0.5)\n", vccd_toc_status_name(a.status), a.lo,
           a.hi);
    vccd_motion_free(ma);
    vccd_motion_free(mb);
    vccd_bvh_clear(&h);
    vccd_mesh_clear(&box);
    /* the guarantee: [0, lo) contact-free, so lo <= t*; a certified
       contact in [lo, hi], so hi >= t* */
    return a.lo <= 0.5 && (a.status != VCCD_TOC_CERTIFIED || a.hi >= 0.5) ? 0 : 1;
}
#else

/* The kernel, once for every backend (VB_* macros, backend_ivd.h):
   x = o + p + t (v + b t), v = v + 2 b t, a = 2 b. */
static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VB_TMP(s, ref);
    (void)vertex, (void)ref;    /* ref sets the MPFR temporaries' precision */
    for (int i = 0; i < 3; i++) {
        if (x) {
            VB_MUL(s, &P[6 + i], t);
            VB_ADD(s, s, &P[3 + i]);
            VB_MUL(s, s, t);
            VB_ADD(s, s, &P[i]);
            VB_ADD(&x->c[i], s, &p->c[i]);
        }
        if (v) {
            VB_MUL(s, &P[6 + i], t);
            VB_MUL_2EXP(s, s, 1);
            VB_ADD(&v->c[i], s, &P[3 + i]);
        }
        if (a)
            VB_MUL_2EXP(&a->c[i], &P[6 + i], 1);
    }
}

#endif
