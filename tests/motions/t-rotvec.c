/* t-rotvec.c -- rotation-vector interpolation: a quarter turn about z with exact expected poses, random motions (generic, phi = 0, parallel ends, |phi| near pi, |phi| > 2 pi, constant phi, tiny phi, huge coordinates) against an independent quaternion reference in MPFR with velocity and acceleration from high-precision finite differences, the sinc family of elem_impl.h against its closed forms, rebase, bounds and config errors. */
#include <stdlib.h>

#include "model_check.h"
#include "vccd/plugin/elem.h"

/* The reference: decimal parameters as exact rationals and as MPFR
   numbers at MT_REF_PREC: centre c0 -> c1, rotation vector f0 -> f1. */
typedef struct {
    mpfr_t c0[3], c1[3], f0[3], f1[3];
    double scale;               /* magnitude of the motion, for tolerances */
} refrv;

/* x = c(t) + exp([phi(t)]) p with the rotation applied through the unit
   quaternion (cos(th/2), sin(th/2) phi/th), th = |phi|: not the
   sinc/cosc form of the code under test. */
static void
ref_pos(mpfr_t x[3], refrv *r, mpfr_srcptr t, const double p[3])
{
    mpfr_t phi[3], w, s, th, u[3], tt[3], pp[3];
    for (int i = 0; i < 3; i++)
        mpfr_inits2(MT_REF_PREC, phi[i], u[i], tt[i], pp[i], (mpfr_ptr)0);
    mpfr_inits2(MT_REF_PREC, w, s, th, (mpfr_ptr)0);
    mpfr_set_zero(th, 1);
    for (int i = 0; i < 3; i++) {
        mpfr_sub(phi[i], r->f1[i], r->f0[i], MPFR_RNDN);
        mpfr_mul(phi[i], phi[i], t, MPFR_RNDN);
        mpfr_add(phi[i], phi[i], r->f0[i], MPFR_RNDN);
        mpfr_sqr(s, phi[i], MPFR_RNDN);
        mpfr_add(th, th, s, MPFR_RNDN);
        mpfr_set_d(pp[i], p[i], MPFR_RNDN);
    }
    mpfr_sqrt(th, th, MPFR_RNDN);
    if (mpfr_zero_p(th)) {
        for (int i = 0; i < 3; i++)
            mpfr_set(x[i], pp[i], MPFR_RNDN);
    } else {
        mpfr_div_2ui(w, th, 1, MPFR_RNDN);
        mpfr_sin_cos(s, w, w, MPFR_RNDN);
        mpfr_div(s, s, th, MPFR_RNDN);
        for (int i = 0; i < 3; i++)
            mpfr_mul(u[i], phi[i], s, MPFR_RNDN);
        /* x = p + w tt + u x tt, tt = 2 u x p */
        for (int i = 0; i < 3; i++) {
            int j = (i + 1) % 3, k = (i + 2) % 3;
            mpfr_mul(tt[i], u[j], pp[k], MPFR_RNDN);
            mpfr_mul(s, u[k], pp[j], MPFR_RNDN);
            mpfr_sub(tt[i], tt[i], s, MPFR_RNDN);
            mpfr_mul_2ui(tt[i], tt[i], 1, MPFR_RNDN);
        }
        for (int i = 0; i < 3; i++) {
            int j = (i + 1) % 3, k = (i + 2) % 3;
            mpfr_mul(x[i], u[j], tt[k], MPFR_RNDN);
            mpfr_mul(s, u[k], tt[j], MPFR_RNDN);
            mpfr_sub(x[i], x[i], s, MPFR_RNDN);
            mpfr_mul(s, w, tt[i], MPFR_RNDN);
            mpfr_add(x[i], x[i], s, MPFR_RNDN);
            mpfr_add(x[i], x[i], pp[i], MPFR_RNDN);
        }
    }
    for (int i = 0; i < 3; i++) {
        mpfr_sub(s, r->c1[i], r->c0[i], MPFR_RNDN);
        mpfr_mul(s, s, t, MPFR_RNDN);
        mpfr_add(s, s, r->c0[i], MPFR_RNDN);
        mpfr_add(x[i], x[i], s, MPFR_RNDN);
    }
    for (int i = 0; i < 3; i++)
        mpfr_clears(phi[i], u[i], tt[i], pp[i], (mpfr_ptr)0);
    mpfr_clears(w, s, th, (mpfr_ptr)0);
}

/* FD step 2^-FD_LG: truncation ~2^-2 FD_LG, rounding ~2^-(REF_PREC - 2
   FD_LG), both far below FD_TOL. */
#define FD_LG 250
#define FD_TOL 420

/* q[0] = x(t) directly; q[1] = v, q[2] = a by central differences. */
static void
ref_xva(mpfr_t q[3][3], refrv *r, mpfr_srcptr t, const double p[3])
{
    mpfr_t xm[3], xp[3], tm, tp;
    for (int i = 0; i < 3; i++)
        mpfr_inits2(MT_REF_PREC, xm[i], xp[i], (mpfr_ptr)0);
    mpfr_inits2(MT_REF_PREC, tm, tp, (mpfr_ptr)0);
    mpfr_set_ui_2exp(tp, 1, -FD_LG, MPFR_RNDN);
    mpfr_sub(tm, t, tp, MPFR_RNDN);
    mpfr_add(tp, t, tp, MPFR_RNDN);
    ref_pos(q[0], r, t, p);
    ref_pos(xm, r, tm, p);
    ref_pos(xp, r, tp, p);
    for (int i = 0; i < 3; i++) {
        mpfr_sub(q[1][i], xp[i], xm[i], MPFR_RNDN);
        mpfr_mul_2si(q[1][i], q[1][i], FD_LG - 1, MPFR_RNDN);
        mpfr_add(q[2][i], xp[i], xm[i], MPFR_RNDN);
        mpfr_mul_2ui(xm[i], q[0][i], 1, MPFR_RNDN);
        mpfr_sub(q[2][i], q[2][i], xm[i], MPFR_RNDN);
        mpfr_mul_2si(q[2][i], q[2][i], 2 * FD_LG, MPFR_RNDN);
    }
    for (int i = 0; i < 3; i++)
        mpfr_clears(xm[i], xp[i], (mpfr_ptr)0);
    mpfr_clears(tm, tp, (mpfr_ptr)0);
}

/* tol[0] for x (rounding only), tol[1] for v and a (finite differences). */
static void
ref_tols(mpfr_t tol[2], refrv *r, const double p[3])
{
    double s = r->scale * (1.0 + fabs(p[0]) + fabs(p[1]) + fabs(p[2]));
    mpfr_set_d(tol[0], s, MPFR_RNDU);
    mpfr_mul_2si(tol[0], tol[0], -1000, MPFR_RNDU);
    mpfr_set_d(tol[1], s, MPFR_RNDU);
    mpfr_mul_2si(tol[1], tol[1], -FD_TOL, MPFR_RNDU);
}

/* buf := the decimal of q, whose denominator must divide 10^digits. */
static const char *
q_dec(char *buf, size_t n, const mpq_t q, int digits)
{
    mpz_t z, p;
    char *s;
    size_t len;
    mpz_inits(z, p, (mpz_ptr)0);
    mpz_ui_pow_ui(p, 10, (unsigned long)digits);
    mpz_mul(z, mpq_numref(q), p);
    ck_assert(mpz_divisible_p(z, mpq_denref(q)));
    mpz_divexact(z, z, mpq_denref(q));
    s = mpz_get_str(NULL, 10, z);
    {
        int neg = s[0] == '-';
        const char *d = s + neg;
        char pad[256];
        len = strlen(d);
        snprintf(pad, sizeof pad, "%0*d%s", len <= (size_t)digits ? (int)(digits + 1 - len) : 0, 0, d);
        if (len > (size_t)digits)
            snprintf(pad, sizeof pad, "%s", d);
        len = strlen(pad);
        snprintf(buf, n, "%s%.*s.%s", neg ? "-" : "", (int)(len - (size_t)digits), pad,
                 pad + len - (size_t)digits);
    }
    free(s);
    mpz_clears(z, p, (mpz_ptr)0);
    return buf;
}

/* q := a random integer in [-range, range] over 10^digits. */
static void
rq(mpq_t q, long range, int digits)
{
    mpz_t p;
    long k = (long)(tu_ulong() % (unsigned long)(2 * range + 1)) - range;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, (unsigned long)digits);
    mpz_set_si(mpq_numref(q), k);
    mpz_set(mpq_denref(q), p);
    mpq_canonicalize(q);
    mpz_clear(p);
}

#define NKINDS 8
static const char *const kind_name[NKINDS] = {
    "generic", "phi = 0", "parallel", "near pi", "beyond 2 pi", "constant phi", "tiny phi", "huge coordinates",
};

/* A random motion of the given kind as config text, and its reference. */
static vccd_motion *
random_motion(refrv *r, int kind)
{
    /* unit axes with exact decimal components, and pi to 30 digits */
    static const char *const axes[4][3] = {
        { "1", "0", "0" }, { "0", "0.6", "0.8" }, { "0", "0", "-1" }, { "0.48", "0.6", "-0.64" },
    };
    mpq_t v[4][3], a, b;
    char s[4][3][128], text[2048];
    vccd_motion *m;
    double big = 0.0;

    mpq_inits(a, b, (mpq_ptr)0);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++) {
            mpq_init(v[k][i]);
            rq(v[k][i], kind == 7 && k < 2 ? 3000000000000L : 3000000, 6);
        }
    switch (kind) {
    case 1:
        for (int i = 0; i < 3; i++) {
            mpq_set_ui(v[2][i], 0, 1);
            mpq_set_ui(v[3][i], 0, 1);
        }
        break;
    case 2:
        /* phi0 = a dir, phi1 = b dir (the path may cross 0) */
        rq(a, 30, 1);
        rq(b, 30, 1);
        for (int i = 0; i < 3; i++) {
            mpq_mul(v[3][i], v[2][i], b);
            mpq_mul(v[2][i], v[2][i], a);
        }
        break;
    case 3:
        /* |phi| = pi (1 + k 1e-7) about one of the axes at each end;
           sometimes phi1 = -phi0, a flip through 0 */
        for (int e = 2; e < 4; e++) {
            const char *const *ax = axes[tu_ulong() % 4];
            mpq_t pi;
            mpq_init(pi);
            mt_q_dec(pi, "3.141592653589793238462643383279");
            rq(a, 10, 7);
            mpq_set_ui(b, 1, 1);
            mpq_add(a, a, b);
            mpq_mul(a, a, pi);
            for (int i = 0; i < 3; i++) {
                mt_q_dec(v[e][i], ax[i]);
                mpq_mul(v[e][i], v[e][i], a);
            }
            mpq_clear(pi);
        }
        if (tu_ulong() % 3 == 0)
            for (int i = 0; i < 3; i++)
                mpq_neg(v[3][i], v[2][i]);
        break;
    case 4:
        /* |phi| > 2 pi at both ends (|phi|^2 > 40 > (2 pi)^2) */
        for (int e = 2; e < 4; e++) {
            double n2;
            do {
                n2 = 0.0;
                for (int i = 0; i < 3; i++) {
                    rq(v[e][i], 9000, 3);
                    n2 += mpq_get_d(v[e][i]) * mpq_get_d(v[e][i]);
                }
            } while (n2 <= 40.0);
        }
        break;
    case 5:
        for (int i = 0; i < 3; i++)
            mpq_set(v[3][i], v[2][i]);
        break;
    case 6:
        for (int e = 2; e < 4; e++)
            for (int i = 0; i < 3; i++)
                rq(v[e][i], 1000, 12);
        break;
    default:
        break;
    }
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++) {
            q_dec(s[k][i], sizeof s[k][i], v[k][i], 40);
            mpfr_init2(k == 0 ? r->c0[i] : k == 1 ? r->c1[i] : k == 2 ? r->f0[i] : r->f1[i], MT_REF_PREC);
            mpfr_set_q(k == 0 ? r->c0[i] : k == 1 ? r->c1[i] : k == 2 ? r->f0[i] : r->f1[i], v[k][i],
                       MPFR_RNDN);
            if (fabs(mpq_get_d(v[k][i])) > big)
                big = fabs(mpq_get_d(v[k][i]));
            mpq_clear(v[k][i]);
        }
    mpq_clears(a, b, (mpq_ptr)0);
    r->scale = (1.0 + big) * (1.0 + big) * (1.0 + big);
    snprintf(text, sizeof text,
             "[motion]\ntype = rotvec\nstart_position = %s %s %s\nend_position = %s %s %s\n"
             "start_rotvec = %s %s %s\nend_rotvec = %s %s %s\n",
             s[0][0], s[0][1], s[0][2], s[1][0], s[1][1], s[1][2], s[2][0], s[2][1], s[2][2], s[3][0],
             s[3][1], s[3][2]);
    m = mt_motion(text);
    return m;
}

static void
refrv_clear(refrv *r)
{
    for (int i = 0; i < 3; i++)
        mpfr_clears(r->c0[i], r->c1[i], r->f0[i], r->f1[i], (mpfr_ptr)0);
}

/* m over [tlo, thi] against the reference at the ends and inside. */
static void
check_motion(const vccd_motion *m, refrv *r, const double p[3], double tlo, double thi, const char *what)
{
    mt_xva e;
    mpfr_t q[3][3], tol[2], t;
    mt_xva_init(&e);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_init2(q[k][i], MT_REF_PREC);
    mpfr_inits2(64, tol[0], tol[1], (mpfr_ptr)0);
    mpfr_init2(t, 64);
    ref_tols(tol, r, p);
    for (int b = 0; b < MT_NB; b++) {
        mt_eval(&e, m, b, p, 0, tlo, thi);
        for (int j = 0; j < 3; j++) {
            mpfr_set_d(t, j == 0 ? tlo : j == 1 ? thi : tlo + (thi - tlo) * tu_unit(), MPFR_RNDN);
            if (mpfr_cmp_d(t, thi) > 0)
                mpfr_set_d(t, thi, MPFR_RNDN);
            ref_xva(q, r, t, p);
            for (int k = 0; k < 3; k++)
                for (int i = 0; i < 3; i++)
                    mt_check(&e, k, i, q[k][i], tol[k ? 1 : 0], b, what);
        }
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_clear(q[k][i]);
    mpfr_clears(tol[0], tol[1], t, (mpfr_ptr)0);
    mt_xva_clear(&e);
}

/* phi0 = 0, phi1 = (0, 0, pi/2): a quarter turn about z.  No decimal is
   pi/2, so the change of the rotation vector is set to an enclosure of
   (0, 0, pi/2) after parsing (parameter layout c0, c1 - c0, phi0,
   phi1 - phi0).  Centre (1, 2, 3) -> (4, 5, 6). */
START_TEST(test_quarter_turn)
{
    vccd_motion *m = mt_motion("[motion]\ntype = rotvec\nstart_position = 1 2 3\nend_position = 4, 5, 6\n"
                               "start_rotvec = 0 0 0\nend_rotvec = 0 0 1\n");
    static const double px[3] = { 1, 0, 0 }, pz[3] = { 0, 0, 1 };
    /* p = (1, 0, 0): (2, 2, 3) at t = 0, (4, 5, 6) + (0, 1, 0) at t = 1;
       p = (0, 0, 1) on the axis: (1, 2, 4) and (4, 5, 7) */
    static const double ex[2][2][3] = { { { 2, 2, 3 }, { 4, 6, 6 } }, { { 1, 2, 4 }, { 4, 5, 7 } } };
    mt_xva e;
    mpq_t q;
    mpfr_t h, c, s, ref, tol;

    ck_assert_int_eq(m->nparams, 12);
    vccd_mi_const_pi(&m->param[11]);
    vccd_mi_mul_2si(&m->param[11], &m->param[11], -1);
    vccd_motion_sync(m);
    mt_xva_init(&e);
    mpq_init(q);
    mpfr_inits2(MT_REF_PREC, h, c, s, ref, tol, (mpfr_ptr)0);
    mpfr_set_ui_2exp(tol, 1, -1000, MPFR_RNDN);
    for (int b = 0; b < MT_NB; b++) {
        for (int pi = 0; pi < 2; pi++)
            for (int k = 0; k < 2; k++) {
                mt_eval(&e, m, b, pi ? pz : px, 0, k, k);
                for (int i = 0; i < 3; i++) {
                    mpq_set_d(q, ex[pi][k][i]);
                    if (!mt_contains_q(&e.q[0].c[i], q))
                        tu_fail("%s: quarter turn: x[%d] at t = %d misses %g", mt_bname[b], i, k, ex[pi][k][i]);
                }
                if (pi) {
                    /* on the axis: v = (3, 3, 3), a = 0 */
                    for (int i = 0; i < 3; i++) {
                        mpfr_set_ui(ref, 3, MPFR_RNDN);
                        mt_check(&e, 1, i, ref, tol, b, "axis point v");
                        mpfr_set_zero(ref, 1);
                        mt_check(&e, 2, i, ref, tol, b, "axis point a");
                    }
                }
            }
        /* p = (1, 0, 0) at t = k/4: angle th = k pi/8, x = c(t) + (cos, sin, 0),
           v = (3, 3, 3) + pi/2 (-sin, cos, 0), a = -(pi/2)^2 (cos, sin, 0) */
        for (int k = 0; k <= 4; k++) {
            mt_eval(&e, m, b, px, 0, k / 4.0, k / 4.0);
            mpfr_const_pi(h, MPFR_RNDN);
            mpfr_mul_d(ref, h, k / 8.0, MPFR_RNDN);
            mpfr_sin_cos(s, c, ref, MPFR_RNDN);
            mpfr_div_2ui(h, h, 1, MPFR_RNDN);
            for (int i = 0; i < 3; i++) {
                mpfr_set_d(ref, 1 + i + 3 * k / 4.0, MPFR_RNDN);
                if (i < 2)
                    mpfr_add(ref, ref, i ? s : c, MPFR_RNDN);
                mt_check(&e, 0, i, ref, tol, b, "quarter turn x");
                mpfr_mul(ref, h, i ? c : s, MPFR_RNDN);
                if (i == 0)
                    mpfr_neg(ref, ref, MPFR_RNDN);
                if (i == 2)
                    mpfr_set_zero(ref, 1);
                mpfr_add_ui(ref, ref, 3, MPFR_RNDN);
                mt_check(&e, 1, i, ref, tol, b, "quarter turn v");
                mpfr_sqr(ref, h, MPFR_RNDN);
                mpfr_mul(ref, ref, i ? s : c, MPFR_RNDN);
                mpfr_neg(ref, ref, MPFR_RNDN);
                if (i == 2)
                    mpfr_set_zero(ref, 1);
                mt_check(&e, 2, i, ref, tol, b, "quarter turn a");
            }
        }
    }
    mpfr_clears(h, c, s, ref, tol, (mpfr_ptr)0);
    mpq_clear(q);
    mt_xva_clear(&e);
    vccd_motion_free(m);
}
END_TEST

/* Poses at t = 0 and t = 1 contain the given ones, and x, v, a at point
   and interval times contain the reference, for every kind. */
START_TEST(test_random)
{
    long iters = tu_iters(400);
    for (long it = 0; it < iters; it++) {
        int kind = (int)(it % NKINDS);
        refrv r;
        vccd_motion *m = random_motion(&r, kind);
        double p[3] = { 4 * tu_unit() - 2, 4 * tu_unit() - 2, 4 * tu_unit() - 2 };
        double t0 = tu_unit(), w = ldexp(1.0, -(int)(tu_ulong() % 30));
        double t1 = t0 + w > 1.0 ? 1.0 : t0 + w;
        char what[64];
        snprintf(what, sizeof what, "%s, t = 0", kind_name[kind]);
        check_motion(m, &r, p, 0.0, 0.0, what);
        snprintf(what, sizeof what, "%s, t = 1", kind_name[kind]);
        check_motion(m, &r, p, 1.0, 1.0, what);
        snprintf(what, sizeof what, "%s, point t", kind_name[kind]);
        check_motion(m, &r, p, t0, t0, what);
        snprintf(what, sizeof what, "%s, interval t", kind_name[kind]);
        check_motion(m, &r, p, t0, t1, what);
        refrv_clear(&r);
        vccd_motion_free(m);
    }
}
END_TEST

/* The restriction to [t0, t1] at s is the original at t0 + s (t1 - t0),
   with velocity scaled by h = t1 - t0 and acceleration by h^2. */
START_TEST(test_rebase)
{
    long iters = tu_iters(200);
    mt_xva e;
    mpfr_t q[3][3], tol[2], h, t;
    mt_xva_init(&e);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_init2(q[k][i], MT_REF_PREC);
    mpfr_inits2(64, tol[0], tol[1], (mpfr_ptr)0);
    mpfr_inits2(MT_REF_PREC, h, t, (mpfr_ptr)0);
    for (long it = 0; it < iters; it++) {
        int kind = (int)(it % NKINDS);
        refrv r;
        vccd_motion *m = random_motion(&r, kind), *mr;
        double p[3] = { 4 * tu_unit() - 2, 4 * tu_unit() - 2, 4 * tu_unit() - 2 };
        double t0 = tu_unit(), t1 = tu_unit();
        if (t1 < t0) {
            double x = t0;
            t0 = t1;
            t1 = x;
        }
        mr = vccd_motion_rebase(m, t0, t1);
        ref_tols(tol, &r, p);
        mpfr_set_d(h, t1, MPFR_RNDN);
        mpfr_sub_d(h, h, t0, MPFR_RNDN);        /* exact */
        for (int j = 0; j <= 4; j++) {
            mpfr_mul_d(t, h, j / 4.0, MPFR_RNDN);
            mpfr_add_d(t, t, t0, MPFR_RNDN);    /* exact */
            ref_xva(q, &r, t, p);
            for (int i = 0; i < 3; i++) {
                mpfr_mul(q[1][i], q[1][i], h, MPFR_RNDN);
                mpfr_mul(q[2][i], q[2][i], h, MPFR_RNDN);
                mpfr_mul(q[2][i], q[2][i], h, MPFR_RNDN);
            }
            for (int b = 0; b < MT_NB; b++) {
                mt_eval(&e, mr, b, p, 0, j / 4.0, j / 4.0);
                for (int k = 0; k < 3; k++)
                    for (int i = 0; i < 3; i++)
                        mt_check(&e, k, i, q[k][i], tol[k ? 1 : 0], b, kind_name[kind]);
            }
        }
        vccd_motion_free(mr);
        vccd_motion_free(m);
        refrv_clear(&r);
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_clear(q[k][i]);
    mpfr_clears(tol[0], tol[1], h, t, (mpfr_ptr)0);
    mt_xva_clear(&e);
}
END_TEST

/* |v(t)| <= speed and |a(t)| <= accel for |p| <= rad at random t. */
START_TEST(test_bounds)
{
    long iters = tu_iters(400);
    mpfr_t q[3][3], n, s, t;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_init2(q[k][i], MT_REF_PREC);
    mpfr_inits2(MT_REF_PREC, n, s, t, (mpfr_ptr)0);
    for (long it = 0; it < iters; it++) {
        int kind = (int)(it % NKINDS);
        refrv r;
        vccd_motion *m = random_motion(&r, kind);
        double rad = 3 * tu_unit(), speed, accel, p[3], n2 = 0;
        for (int i = 0; i < 3; i++) {
            p[i] = 2 * tu_unit() - 1;
            n2 += p[i] * p[i];
        }
        for (int i = 0; i < 3; i++)
            p[i] *= rad / sqrt(n2 > 0 ? n2 : 1);
        vccd_motion_bounds(&speed, &accel, m, rad * (1 + 1e-12));
        mpfr_set_d(t, tu_unit(), MPFR_RNDN);
        ref_xva(q, &r, t, p);
        for (int k = 1; k < 3; k++) {
            mpfr_set_zero(n, 1);
            for (int i = 0; i < 3; i++) {
                mpfr_sqr(s, q[k][i], MPFR_RNDN);
                mpfr_add(n, n, s, MPFR_RNDN);
            }
            mpfr_sqrt(n, n, MPFR_RNDN);
            if (mpfr_cmp_d(n, (k == 1 ? speed : accel) * (1 + 1e-15)) > 0)
                tu_fail("%s: |%s| = %s exceeds the bound %.17g (r = %g)", kind_name[kind], mt_qname[k],
                        tu_fmt_fr(n), k == 1 ? speed : accel, rad);
        }
        refrv_clear(&r);
        vccd_motion_free(m);
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_clear(q[k][i]);
    mpfr_clears(n, s, t, (mpfr_ptr)0);
}
END_TEST

/* --- the sinc family of elem_impl.h ------------------------------------ */

/* f_n(y) from the textbook closed forms with th = sqrt(y) > 0:
   f1 = sin th/th, f2 = (1 - cos th)/th^2, f3 = (th - sin th)/th^3,
   f4 = (th^2/2 - 1 + cos th)/th^4, f5 = (th^3/6 - th + sin th)/th^5. */
static void
fam_closed(mpfr_t f[5], mpfr_srcptr y)
{
    mpfr_t th, sn, cs, u, v;
    mpfr_inits2(MT_REF_PREC, th, sn, cs, u, v, (mpfr_ptr)0);
    mpfr_sqrt(th, y, MPFR_RNDN);
    mpfr_sin_cos(sn, cs, th, MPFR_RNDN);
    mpfr_div(f[0], sn, th, MPFR_RNDN);
    mpfr_ui_sub(u, 1, cs, MPFR_RNDN);
    mpfr_div(f[1], u, y, MPFR_RNDN);
    mpfr_sub(u, th, sn, MPFR_RNDN);
    mpfr_div(u, u, th, MPFR_RNDN);
    mpfr_div(f[2], u, y, MPFR_RNDN);
    mpfr_div_2ui(u, y, 1, MPFR_RNDN);
    mpfr_sub_ui(u, u, 1, MPFR_RNDN);
    mpfr_add(u, u, cs, MPFR_RNDN);
    mpfr_div(u, u, y, MPFR_RNDN);
    mpfr_div(f[3], u, y, MPFR_RNDN);
    mpfr_mul(u, th, y, MPFR_RNDN);
    mpfr_div_ui(u, u, 6, MPFR_RNDN);
    mpfr_sub(u, u, th, MPFR_RNDN);
    mpfr_add(u, u, sn, MPFR_RNDN);
    mpfr_div(u, u, th, MPFR_RNDN);
    mpfr_div(u, u, y, MPFR_RNDN);
    mpfr_div(f[4], u, y, MPFR_RNDN);
    mpfr_clears(th, sn, cs, u, v, (mpfr_ptr)0);
}

/* Reference f_1..f_5 and g_1..g_3 (g by central differences of the
   closed forms) at y >= 0; near 0 the first Taylor terms, whose error
   (below y^2) the tolerance covers. */
static void
fam_ref(mpfr_t f[5], mpfr_t g[3], mpfr_srcptr y)
{
    static const unsigned long fact[8] = { 1, 1, 2, 6, 24, 120, 720, 5040 };
    if (mpfr_cmp_d(y, 0x1p-200) < 0) {
        for (int n = 1; n <= 5; n++) {
            mpfr_set_ui(f[n - 1], 1, MPFR_RNDN);
            mpfr_div_ui(f[n - 1], f[n - 1], fact[n], MPFR_RNDN);
            if (n <= 3) {
                mpfr_set_si(g[n - 1], -1, MPFR_RNDN);
                mpfr_div_ui(g[n - 1], g[n - 1], fact[n + 2], MPFR_RNDN);
            }
        }
        return;
    }
    {
        mpfr_t fm[5], fp[5], h, ym;
        for (int i = 0; i < 5; i++)
            mpfr_inits2(MT_REF_PREC, fm[i], fp[i], (mpfr_ptr)0);
        mpfr_inits2(MT_REF_PREC, h, ym, (mpfr_ptr)0);
        fam_closed(f, y);
        mpfr_mul_2si(h, y, -300, MPFR_RNDN);
        mpfr_sub(ym, y, h, MPFR_RNDN);
        fam_closed(fm, ym);
        mpfr_add(ym, y, h, MPFR_RNDN);
        fam_closed(fp, ym);
        for (int n = 0; n < 3; n++) {
            mpfr_sub(g[n], fp[n], fm[n], MPFR_RNDN);
            mpfr_div(g[n], g[n], h, MPFR_RNDN);
            mpfr_div_2ui(g[n], g[n], 1, MPFR_RNDN);
        }
        for (int i = 0; i < 5; i++)
            mpfr_clears(fm[i], fp[i], (mpfr_ptr)0);
        mpfr_clears(h, ym, (mpfr_ptr)0);
    }
}

/* A random argument: 0, tiny, in [0, 1], near 1, in [1, 100], up to 1e4. */
static double
fam_arg(void)
{
    switch (tu_ulong() % 6) {
    case 0: return 0.0;
    case 1: return ldexp(tu_unit(), -(int)(tu_ulong() % 300));
    case 2: return tu_unit();
    case 3: return 1.0 + ldexp(tu_unit() - 0.5, -(int)(tu_ulong() % 50));
    case 4: return 1.0 + 99.0 * tu_unit();
    default: return 1e4 * tu_unit();
    }
}

START_TEST(test_family)
{
    long iters = tu_iters(20000);
    mpfr_t f[5], g[3], y, tol, u;
    for (int i = 0; i < 5; i++)
        mpfr_init2(f[i], MT_REF_PREC);
    for (int i = 0; i < 3; i++)
        mpfr_init2(g[i], MT_REF_PREC);
    mpfr_inits2(MT_REF_PREC, y, tol, u, (mpfr_ptr)0);
    for (long it = 0; it < iters; it++) {
        double lo = fam_arg(), hi = lo;
        vccd_di X, df[5], dg[3];
        vccd_mi_struct mf[5], mg[3];
        vccd_di *dfp[5], *dgp[3];
        vccd_mi_struct *mfp[5], *mgp[3];
        VCCD_MI_TMP(mx, 113);
        if (it % 2) {                           /* an interval, maybe across 1 */
            double w = ldexp(tu_unit(), -(int)(tu_ulong() % 40));
            hi = lo + w;
            if (it % 4 == 1 && lo > w)
                lo -= w;
        }
        X = vccd_di_set_2d(lo, hi);
        vccd_mi_set_2d(mx, lo, hi);
        for (int i = 0; i < 5; i++) {
            dfp[i] = &df[i];
            vccd_mi_init2(&mf[i], 113);
            mfp[i] = &mf[i];
        }
        for (int i = 0; i < 3; i++) {
            dgp[i] = &dg[i];
            vccd_mi_init2(&mg[i], 113);
            mgp[i] = &mg[i];
        }
        vccd_di_sinc_family(dfp, 5, dgp, 3, &X);
        vccd_mi_sinc_family(mfp, 5, mgp, 3, mx);
        for (int j = 0; j < 3; j++) {
            double yd = j == 0 ? lo : j == 1 ? hi : lo + (hi - lo) * tu_unit();
            mpfr_set_d(y, yd > hi ? hi : yd, MPFR_RNDN);
            fam_ref(f, g, y);
            for (int k = 0; k < 8; k++) {
                mpfr_srcptr ref = k < 5 ? f[k] : g[k - 5];
                vccd_mi_struct *e = k < 5 ? &mf[k] : &mg[k - 5];
                vccd_di de = k < 5 ? df[k] : dg[k - 5];
                VCCD_MI_TMP(dm, 53);
                /* 2^-140 relative, and y for the Taylor stand-in near 0 */
                mpfr_abs(tol, ref, MPFR_RNDU);
                mpfr_add_ui(tol, tol, 1, MPFR_RNDU);
                mpfr_mul_2si(tol, tol, -140, MPFR_RNDU);
                if (mpfr_cmp_d(y, 0x1p-200) < 0)
                    mpfr_add(tol, tol, y, MPFR_RNDU);
                vccd_mi_set_di(dm, de);
                if (!mt_near(dm, ref, tol) || !mt_near(e, ref, tol))
                    tu_fail("%s %d at %.17g in [%.17g, %.17g]: binary64 [%.17g, %.17g], mpfr [%s, %s], "
                            "reference %s", k < 5 ? "f" : "g", k < 5 ? k + 1 : k - 4, mpfr_get_d(y, MPFR_RNDN),
                            lo, hi, de.lo, de.hi, tu_fmt_fr(&e->lo), tu_fmt_fr(&e->hi), tu_fmt_fr(ref));
                /* point arguments: tight, not merely enclosing */
                if (lo == hi && !(de.hi - de.lo <= 1e-12 * (1 + fabs(de.hi))))
                    tu_fail("%s %d at %.17g: binary64 [%.17g, %.17g] too wide", k < 5 ? "f" : "g",
                            k < 5 ? k + 1 : k - 4, lo, de.lo, de.hi);
            }
        }
        for (int i = 0; i < 5; i++)
            vccd_mi_clear(&mf[i]);
        for (int i = 0; i < 3; i++)
            vccd_mi_clear(&mg[i]);
    }
    for (int i = 0; i < 5; i++)
        mpfr_clear(f[i]);
    for (int i = 0; i < 3; i++)
        mpfr_clear(g[i]);
    mpfr_clears(y, tol, u, (mpfr_ptr)0);
}
END_TEST

START_TEST(test_errors)
{
    static const char *const good[] = {
        "start_position = 0 0 0", "end_position = 1 1 1", "start_rotvec = 0 0 0", "end_rotvec = 0 0 1",
    };
    static const char *const key[] = { "start_position", "end_position", "start_rotvec", "end_rotvec" };
    char text[512];
    /* each key missing in turn */
    for (int miss = 0; miss < 4; miss++) {
        size_t len = (size_t)snprintf(text, sizeof text, "[motion]\ntype = rotvec\n");
        for (int i = 0; i < 4; i++)
            if (i != miss)
                len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", good[i]);
        mt_expect_error(text, 0, key[miss], "missing");
    }
    mt_expect_error("[motion]\ntype = rotvec\nstart_position = 0 0\nend_position = 1 1 1\n"
                    "start_rotvec = 0 0 0\nend_rotvec = 0 0 1\n", 3, "start_position", "expected 3 numbers, got 2");
    mt_expect_error("[motion]\ntype = rotvec\nstart_position = 0 0 0\nend_position = 1 1 1\n"
                    "start_rotvec = 0 0 0 0\nend_rotvec = 0 0 1\n", 5, "start_rotvec", "got more");
    mt_expect_error("[motion]\ntype = rotvec\nstart_position = 0 0 0\nend_position = 1 1 1\n"
                    "start_rotvec = 0 0 0\nend_rotvec = 0 NaN 1\n", 6, "end_rotvec", "NaN");
    mt_expect_error("[motion]\ntype = rotvec\nstart_position = 0 0 0\nend_position = 1 inf 1\n"
                    "start_rotvec = 0 0 0\nend_rotvec = 0 0 1\n", 4, "end_position", NULL);
    mt_expect_error("[motion]\ntype = rotvec\nstart_position = 0 0 0\nend_position = 1 1 1\n"
                    "start_rotvec = 0 0 0\nend_rotvec = 0 0 1\nstart_orientation = 1 0 0 0\n", 7,
                    "start_orientation", "unknown key");
}
END_TEST

int
main(void)
{
    const mt_case cases[] = {
        { "quarter_turn", test_quarter_turn }, { "random", test_random }, { "rebase", test_rebase },
        { "bounds", test_bounds }, { "family", test_family }, { "errors", test_errors },
    };
    return mt_run("rotvec", cases, sizeof cases / sizeof cases[0]);
}
