/* model_check.h -- helpers shared by the model tests t-rotvec, t-ltlrm2d
   and t-vertex-linear: motions from config text, their evaluation on the
   rigorous backends held as MPFR intervals, and containment checks
   against references that each test computes independently of the code
   under test (closed forms in MPFR at MT_REF_PREC bits, or exact
   rationals). */
#ifndef VCCD_TESTS_MODEL_CHECK_H
#define VCCD_TESTS_MODEL_CHECK_H

#include <string.h>

#include "testutil.h"
#include "vccd/config.h"
#include "vccd/motion.h"

#define MT_PARAM_PREC 320       /* parameter precision of the motions */
#define MT_REF_PREC 1100        /* the references' working precision */
#define MT_FILE "test.ini"      /* the name errors must cite */

/* The rigorous backends under test: binary64, MPFR at 113 bits. */
enum { MT_DI, MT_MI, MT_NB };
static const char *const mt_bname[MT_NB] = { "binary64", "mpfr:113" };

/* x, v, a of one evaluation, as MPFR intervals at 113 bits (binary64
   endpoints convert exactly). */
typedef struct {
    vccd_mi_vec3 q[3];
} mt_xva;
static const char *const mt_qname[3] = { "x", "v", "a" };

static inline void
mt_xva_init(mt_xva *r)
{
    for (int i = 0; i < 3; i++)
        vccd_mi_vec3_init(&r->q[i], 113);
}

static inline void
mt_xva_clear(mt_xva *r)
{
    for (int i = 0; i < 3; i++)
        vccd_mi_vec3_clear(&r->q[i]);
}

/* The motion in section [motion] of config text; NULL with e set. */
static inline vccd_motion *
mt_motion_e(const char *text, vccd_error *e)
{
    vccd_config cfg;
    vccd_config_section *s;
    vccd_motion *m = NULL;

    if (vccd_config_load_string(&cfg, MT_FILE, text, e) != 0)
        return NULL;
    s = vccd_config_find(&cfg, "motion");
    if (s)
        m = vccd_motion_from_config(s, MT_PARAM_PREC, e);
    else
        snprintf(e->msg, sizeof e->msg, "no [motion] section");
    vccd_config_clear(&cfg);
    return m;
}

/* The same, failing the test on an error. */
static inline vccd_motion *
mt_motion(const char *text)
{
    vccd_error e;
    vccd_motion *m = mt_motion_e(text, &e);
    if (!m)
        tu_fail("config rejected: %s\n%s", e.msg, text);
    return m;
}

/* text must be rejected with a message "test.ini:LINE: ... KEY: ..." (key
   NULL: any), and the message must contain needle (NULL: any).  Line 0
   stands for the line the loader gives the [motion] section (errors
   about a missing key cite the section). */
static inline void
mt_expect_error(const char *text, int line, const char *key, const char *needle)
{
    vccd_error e;
    char want[64];
    vccd_motion *m = mt_motion_e(text, &e);
    if (m) {
        vccd_motion_free(m);
        tu_fail("config accepted, expected an error at line %d:\n%s", line, text);
    }
    if (line == 0) {
        vccd_config cfg;
        vccd_error e2;
        if (vccd_config_load_string(&cfg, MT_FILE, text, &e2) == 0) {
            vccd_config_section *s = vccd_config_find(&cfg, "motion");
            line = s ? s->line : 0;
            vccd_config_clear(&cfg);
        }
    }
    snprintf(want, sizeof want, "%s:%d:", MT_FILE, line);
    if (strncmp(e.msg, want, strlen(want)) != 0)
        tu_fail("error '%s' does not start with '%s'", e.msg, want);
    if (key) {
        char k[80];
        snprintf(k, sizeof k, " %s: ", key);
        if (!strstr(e.msg, k))
            tu_fail("error '%s' does not name key '%s'", e.msg, key);
    }
    if (needle && !strstr(e.msg, needle))
        tu_fail("error '%s' does not mention '%s'", e.msg, needle);
}

/* Evaluate m on backend b at times [tlo, thi] for body point p (or
   vertex). */
static inline void
mt_eval(mt_xva *r, const vccd_motion *m, int b, const double p[3], int vertex, double tlo, double thi)
{
    if (b == MT_DI) {
        vccd_di_vec3 x, v, a, dp;
        vccd_di_vec3_set_d(&dp, p[0], p[1], p[2]);
        vccd_motion_eval_di(&x, &v, &a, m, &dp, vertex, vccd_di_set_2d(tlo, thi));
        for (int i = 0; i < 3; i++) {
            vccd_mi_set_di(&r->q[0].c[i], x.c[i]);
            vccd_mi_set_di(&r->q[1].c[i], v.c[i]);
            vccd_mi_set_di(&r->q[2].c[i], a.c[i]);
        }
    } else {
        vccd_mi_vec3 mp;
        VCCD_MI_TMP(t, 113);
        vccd_mi_vec3_init(&mp, 113);
        vccd_mi_vec3_set_d(&mp, p[0], p[1], p[2]);
        vccd_mi_set_2d(t, tlo, thi);
        vccd_motion_eval_mi(&r->q[0], &r->q[1], &r->q[2], m, &mp, vertex, t);
        vccd_mi_vec3_clear(&mp);
    }
}

/* Does e contain [ref - tol, ref + tol] shifted to its nearest point,
   i.e. e.lo - tol <= ref <= e.hi + tol?  tol >= 0 covers the error of a
   reference computed at MT_REF_PREC (or of a finite difference). */
static inline int
mt_near(const vccd_mi_struct *e, mpfr_srcptr ref, mpfr_srcptr tol)
{
    mpfr_t b;
    int ok;
    if (vccd_mi_is_empty(e))
        return 0;
    mpfr_init2(b, MT_REF_PREC + 64);
    mpfr_sub(b, &e->lo, tol, MPFR_RNDD);
    ok = mpfr_lessequal_p(b, ref);
    mpfr_add(b, &e->hi, tol, MPFR_RNDU);
    ok = ok && mpfr_lessequal_p(ref, b);
    mpfr_clear(b);
    return ok;
}

/* Exact containment of the rational q. */
static inline int
mt_contains_q(const vccd_mi_struct *e, const mpq_t q)
{
    return !vccd_mi_is_empty(e) && mpfr_cmp_q(&e->lo, q) <= 0 && mpfr_cmp_q(&e->hi, q) >= 0;
}

/* Fail unless component i of quantity qi of r is within tol of ref. */
static inline void
mt_check(const mt_xva *r, int qi, int i, mpfr_srcptr ref, mpfr_srcptr tol, int b, const char *what)
{
    const vccd_mi_struct *e = &r->q[qi].c[i];
    if (!mt_near(e, ref, tol))
        tu_fail("%s: %s: %s[%d] = [%s, %s] misses %s (tol %s)", mt_bname[b], what, mt_qname[qi], i,
                tu_fmt_fr(&e->lo), tu_fmt_fr(&e->hi), tu_fmt_fr(ref), tu_fmt_fr(tol));
}

/* The decimal string s (digits with an optional sign and point, no
   exponent) as an exact rational. */
static inline void
mt_q_dec(mpq_t q, const char *s)
{
    char buf[128];
    size_t n = 0;
    long frac = -1;
    mpz_t den;
    for (; *s && n + 1 < sizeof buf; s++) {
        if (*s == '.')
            frac = 0;
        else {
            buf[n++] = *s;
            if (frac >= 0 && *s >= '0' && *s <= '9')
                frac++;
        }
    }
    buf[n] = '\0';
    mpz_init(den);
    mpz_ui_pow_ui(den, 10, (unsigned long)(frac > 0 ? frac : 0));
    mpz_set_str(mpq_numref(q), buf[0] == '+' ? buf + 1 : buf, 10);
    mpz_set(mpq_denref(q), den);
    mpq_canonicalize(q);
    mpz_clear(den);
}

/* A random decimal with `digits` fractional digits in [-scale, scale]
   (scale an integer), written to buf: inputs whose exact value the
   references know. */
static inline const char *
mt_rand_dec(char *buf, size_t n, long scale, int digits)
{
    double u = tu_unit();
    long ip = (long)(u * (double)scale);
    unsigned long f = tu_ulong();
    char frac[32];
    for (int i = 0; i < digits && i < 31; i++, f /= 10)
        frac[i] = (char)('0' + f % 10);
    frac[digits < 31 ? digits : 31] = '\0';
    snprintf(buf, n, "%s%ld.%s", tu_ulong() & 1 ? "-" : "", ip, frac);
    return buf;
}

/* main() of a model test: the named cases, one TCase each, no timeout
   (Check's 4 s default is for unit tests, not long random loops). */
typedef struct {
    const char *name;
    const TTest *fn;
} mt_case;

static inline int
mt_run(const char *suite, const mt_case *cases, size_t n)
{
    Suite *s = suite_create(suite);
    for (size_t i = 0; i < n; i++)
        tcase_add_test(tu_tcase(s, cases[i].name), cases[i].fn);
    tu_init();
    return tu_run(s);
}

#endif
