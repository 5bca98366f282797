/* cmd_motion_check.c -- `vccd motion-check`: every enclosure of a motion
   model checked against MPFR evaluation of the trajectory at >= 256 bits
   and always 64 bits more than the backend checked, and the width of the
   enclosures as the time interval shrinks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "vccd/arith.h"
#include "vccd/motion.h"
#include "vccd/plugin/motion_impl.h"

#define KMAX 20                 /* sub-intervals of width 2^-k, k = 0..KMAX */
/* The reference must be narrower than the enclosure it checks: at a
   fixed 256 bits, mpfr:P with P > 256 reported false violations.  The
   parameters are enclosed at least as precisely as the reference. */
#define REF_PREC_MIN 256
#define REF_EXTRA 64
#define PARAM_PREC_MIN 320

static mpfr_prec_t
ref_prec(mpfr_prec_t prec)
{
    return prec + REF_EXTRA > REF_PREC_MIN ? prec + REF_EXTRA : REF_PREC_MIN;
}

static mpfr_prec_t
param_prec(mpfr_prec_t prec)
{
    return ref_prec(prec) > PARAM_PREC_MIN ? ref_prec(prec) : PARAM_PREC_MIN;
}

typedef struct {
    long checks, violations;
    double *w[KMAX + 1];        /* position widths per k */
    long nw[KMAX + 1], cap[KMAX + 1];
} tally;

/* The backend as motion-check numbers it: 0 binary64, 1 unrounded,
   2 MPFR ("adaptive" is a solver mode, not an evaluation backend). */
static int
backend_parse(const char *s, int *kind, mpfr_prec_t *prec)
{
    vccd_arith a;
    if (vccd_arith_parse(&a, s) != 0 || a.kind == VCCD_ARITH_ADAPTIVE)
        return -1;
    *kind = a.kind == VCCD_ARITH_BINARY64 ? 0 : a.kind == VCCD_ARITH_UNROUNDED ? 1 : 2;
    *prec = a.prec;
    return 0;
}

static void
tally_width(tally *t, int k, double w)
{
    if (t->nw[k] == t->cap[k]) {
        long c = t->cap[k] ? 2 * t->cap[k] : 64;
        double *p = realloc(t->w[k], (size_t)c * sizeof *p);
        if (!p)
            return;
        t->w[k] = p;
        t->cap[k] = c;
    }
    t->w[k][t->nw[k]++] = w;
}

/* Is the MPFR point enclosure r inside the backend enclosure e? */
static int
inside(const vccd_mi_struct *r, vccd_di e)
{
    return !vccd_di_is_empty(e) && mpfr_cmp_d(&r->lo, e.lo) >= 0 && mpfr_cmp_d(&r->hi, e.hi) <= 0;
}

static int
inside_mi(const vccd_mi_struct *r, const vccd_mi_struct *e)
{
    return vccd_mi_subset(r, e);
}

/* One sample: body point p (or vertex), sub-interval [t0, t0 + 2^-k]. */
static void
check_sample(tally *tl, const vccd_motion *m, int backend, mpfr_prec_t prec, gmp_randstate_t rs)
{
    int k = (int)(gmp_urandomb_ui(rs, 16) % (KMAX + 1));
    double h = ldexp(1.0, -k);
    double t0 = (1.0 - h) * (double)gmp_urandomb_ui(rs, 30) * 0x1p-30;
    double pt[3], wmax = 0.0;
    int vertex = m->nvertices ? (int)(gmp_urandomb_ui(rs, 30) % (unsigned long)m->nvertices) : 0;
    vccd_di T = vccd_di_set_2d(t0, t0 + h);
    vccd_di_vec3 dx, dv, da, dp;
    vccd_mi_vec3 mx, mv, ma, mp, rx, rv, ra, rp;
    VCCD_MI_TMP(mt, prec);
    VCCD_MI_TMP(rt, ref_prec(prec));

    for (int i = 0; i < 3; i++)
        pt[i] = m->type->dim == 2 && i == 2 ? 0.0 : 4.0 * (double)gmp_urandomb_ui(rs, 30) * 0x1p-30 - 2.0;
    vccd_di_vec3_set_d(&dp, pt[0], pt[1], pt[2]);
    vccd_mi_vec3_init(&rx, ref_prec(prec)); vccd_mi_vec3_init(&rv, ref_prec(prec));
    vccd_mi_vec3_init(&ra, ref_prec(prec)); vccd_mi_vec3_init(&rp, ref_prec(prec));
    vccd_mi_vec3_set_d(&rp, pt[0], pt[1], pt[2]);
    if (backend == 2) {
        vccd_mi_vec3_init(&mx, prec); vccd_mi_vec3_init(&mv, prec);
        vccd_mi_vec3_init(&ma, prec); vccd_mi_vec3_init(&mp, prec);
        vccd_mi_vec3_set_d(&mp, pt[0], pt[1], pt[2]);
        vccd_mi_set_di(mt, T);
        vccd_motion_eval_mi(&mx, &mv, &ma, m, &mp, vertex, mt);
        for (int i = 0; i < 3; i++) {
            dx.c[i] = vccd_mi_get_di(&mx.c[i]);
            dv.c[i] = vccd_mi_get_di(&mv.c[i]);
            da.c[i] = vccd_mi_get_di(&ma.c[i]);
        }
    } else if (backend == 1) {
        vccd_ui_vec3 ux, uv, ua, up;
        vccd_ui_vec3_set_d(&up, pt[0], pt[1], pt[2]);
        vccd_motion_eval_ui(&ux, &uv, &ua, m, &up, vertex, vccd_ui_set_2d(T.lo, T.hi));
        for (int i = 0; i < 3; i++) {
            dx.c[i] = vccd_di_set_2d(ux.c[i].lo, ux.c[i].hi);
            dv.c[i] = vccd_di_set_2d(uv.c[i].lo, uv.c[i].hi);
            da.c[i] = vccd_di_set_2d(ua.c[i].lo, ua.c[i].hi);
        }
    } else {
        vccd_motion_eval_di(&dx, &dv, &da, m, &dp, vertex, T);
    }
    for (int i = 0; i < 3; i++) {
        double w = vccd_di_width(dx.c[i]);
        if (!(w <= wmax))
            wmax = w;
    }
    tally_width(tl, k, wmax);
    /* the trajectory at the ends and at random interior times */
    for (int j = 0; j < 4; j++) {
        double t = j == 0 ? T.lo : j == 1 ? T.hi : T.lo + h * (double)gmp_urandomb_ui(rs, 30) * 0x1p-30;
        if (t > T.hi) t = T.hi;
        vccd_mi_set_d(rt, t);
        vccd_motion_eval_mi(&rx, &rv, &ra, m, &rp, vertex, rt);
        for (int i = 0; i < 3; i++) {
            int ok;
            if (backend == 2)
                ok = inside_mi(&rx.c[i], &mx.c[i]) && inside_mi(&rv.c[i], &mv.c[i])
                    && inside_mi(&ra.c[i], &ma.c[i]);
            else
                ok = inside(&rx.c[i], dx.c[i]) && inside(&rv.c[i], dv.c[i]) && inside(&ra.c[i], da.c[i]);
            tl->checks += 3;
            if (!ok) {
                tl->violations++;
                if (tl->violations <= 5)
                    fprintf(stderr, "violation: %s k=%d t=%.17g in [%.17g, %.17g] component %d p=(%.17g, %.17g, %.17g)\n",
                            m->type->name, k, t, T.lo, T.hi, i, pt[0], pt[1], pt[2]);
            }
        }
    }
    vccd_mi_vec3_clear(&rx); vccd_mi_vec3_clear(&rv); vccd_mi_vec3_clear(&ra); vccd_mi_vec3_clear(&rp);
    if (backend == 2) {
        vccd_mi_vec3_clear(&mx); vccd_mi_vec3_clear(&mv); vccd_mi_vec3_clear(&ma); vccd_mi_vec3_clear(&mp);
    }
}

static void
report(const char *name, const char *backend, tally *t)
{
    printf("model %s backend %s: checks=%ld violations=%ld\n", name, backend, t->checks, t->violations);
    printf("  %3s %12s %14s %8s\n", "k", "|T| = 2^-k", "median width", "samples");
    for (int k = 0; k <= KMAX; k++) {
        double med = NAN;
        if (t->nw[k]) {
            qsort(t->w[k], (size_t)t->nw[k], sizeof(double), vccd_cli_cmp_double);
            med = t->w[k][t->nw[k] / 2];
        }
        printf("  %3d %12.3g %14.3e %8ld\n", k, ldexp(1.0, -k), med, t->nw[k]);
        free(t->w[k]);
        t->w[k] = NULL;
    }
}

typedef struct {
    const char *bname, *section;
    long samples, seed;
    int all, backend;
    mpfr_prec_t prec;
} mc_args;

static int
set_backend(void *args, const char *val)
{
    mc_args *a = args;
    a->bname = val;
    return backend_parse(val, &a->backend, &a->prec);
}

static const vccd_cli_opt opts[] = {
    VCCD_OPT_FLAG_(mc_args, all, "all",
                   "every registered model, with random parameters,\n"
                   "instead of CONFIG's sections:\n"
                   "{motion}"),
    VCCD_OPT_STR_(mc_args, section, "section", "NAME", "only CONFIG's section [NAME]"),
    VCCD_OPT_LONG_(mc_args, samples, "samples", "N", 1, 100000000, "samples per model (default 10000)"),
    VCCD_OPT_CALL_("backend", "B", set_backend, "binary64, unrounded, mpfr:PREC",
                   "binary64 (default), unrounded (NON-RIGOROUS), mpfr:PREC"),
    VCCD_OPT_LONG_(mc_args, seed, "seed", "S", 0, 1L << 62, "random seed (default 1)"),
    VCCD_OPT_END
};

static int
run(int argc, char **argv)
{
    mc_args a = { "binary64", NULL, 10000, 1, 0, 0, 53 };
    const char *cfgpath, *bname, *section;
    long samples, seed;
    int all, backend, models = 0, npos;
    mpfr_prec_t prec;
    long checks = 0, violations = 0;
    gmp_randstate_t rs;

    if (vccd_cli_parse("motion-check", opts, &a, argc, argv, &npos) != 0)
        return VCCD_EXIT_USAGE;
    if (npos > 1)
        return vccd_cli_usage_error("motion-check: unexpected argument '%s'", argv[2]);
    cfgpath = npos ? argv[1] : NULL;
    bname = a.bname, section = a.section, samples = a.samples, seed = a.seed;
    all = a.all, backend = a.backend, prec = a.prec;
    if (!all == !cfgpath)
        return vccd_cli_usage_error("motion-check: give a CONFIG file or --all");
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, (unsigned long)seed);
    if (all) {
        for (int i = 0; i < vccd_motion_type_count(); i++) {
            const vccd_motion_type *ty = vccd_motion_type_get(i);
            tally t = { 0 };
            /* fresh random parameters every 64 samples, cycling through
               the model's degenerate kinds */
            vccd_motion *m = NULL;
            for (long s = 0; s < samples; s++) {
                if (s % 64 == 0) {
                    vccd_motion_free(m);
                    m = vccd_motion_alloc(ty, 0, param_prec(prec));
                    if (!m) { fprintf(stderr, "vccd: out of memory\n"); return VCCD_EXIT_FAIL; }
                    ty->randomize(m, rs, (int)((s / 64) % ty->nkinds));
                    vccd_motion_sync(m);
                }
                check_sample(&t, m, backend, prec, rs);
            }
            vccd_motion_free(m);
            report(ty->name, bname, &t);
            checks += t.checks;
            violations += t.violations;
            models++;
        }
    } else {
        vccd_config cfg;
        vccd_error e;
        if (vccd_config_load(&cfg, cfgpath, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            gmp_randclear(rs);
            return VCCD_EXIT_USAGE;
        }
        /* a misspelt section ([moton.b]) must not be silently skipped */
        if (vccd_cli_check_sections(&cfg, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            vccd_config_clear(&cfg);
            gmp_randclear(rs);
            return VCCD_EXIT_USAGE;
        }
        for (int i = 0; i < cfg.n; i++) {
            vccd_motion *m;
            tally t = { 0 };
            const char *name = cfg.sec[i].name;
            if ((strcmp(name, "motion") != 0 && strncmp(name, "motion.", 7) != 0)
                || (section && strcmp(name, section) != 0))
                continue;
            m = vccd_motion_from_config(&cfg.sec[i], param_prec(prec), &e);
            if (!m) {
                fprintf(stderr, "vccd: %s\n", e.msg);
                vccd_config_clear(&cfg);
                gmp_randclear(rs);
                return VCCD_EXIT_USAGE;
            }
            for (long s = 0; s < samples; s++)
                check_sample(&t, m, backend, prec, rs);
            report(cfg.sec[i].name, bname, &t);
            checks += t.checks;
            violations += t.violations;
            models++;
            vccd_motion_free(m);
        }
        if (models == 0) {
            if (section)
                vccd_error_set(&e, cfgpath, cfg.lines, NULL, NULL, "no [motion] or [motion.NAME] section named %s "
                               "(read to the end)", section);
            else
                vccd_error_set(&e, cfgpath, cfg.lines, NULL, NULL, "no [motion] or [motion.NAME] section "
                               "(read to the end)");
            fprintf(stderr, "vccd: %s\n", e.msg);
            vccd_config_clear(&cfg);
            gmp_randclear(rs);
            return VCCD_EXIT_USAGE;
        }
        vccd_config_clear(&cfg);
    }
    gmp_randclear(rs);
    printf("total: models=%d checks=%ld violations=%ld\n", models, checks, violations);
    return violations ? VCCD_EXIT_FAIL : VCCD_EXIT_OK;
}

const vccd_cli_cmd vccd_cmd_motion_check = {
    "motion-check", "check a motion model's enclosures against MPFR",
    "usage: vccd motion-check CONFIG [--section NAME] [--samples N] [--backend B] [--seed S]\n"
    "       vccd motion-check --all [--samples N] [--backend B] [--seed S]\n"
    "\n"
    "For each [motion...] section of CONFIG (or, with --all, every registered\n"
    "model with random parameters, cycling through its degenerate cases),\n"
    "sample N body points and sub-intervals T of [0,1] of width 2^-k,\n"
    "k = 0..20, enclose position, velocity and acceleration over T on\n"
    "backend B, and check each against the trajectory evaluated in MPFR at\n"
    "256 bits (or 64 more than B's) at the ends and at random times of T.\n"
    "Prints the violations\n"
    "(there must be none) and the median position-enclosure width per k.\n"
    "The last line is `total: models=K checks=C violations=V`; the exit\n"
    "status is 1 when V > 0.\n",
    opts, NULL, run
};
