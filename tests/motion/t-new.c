/* t-new.c -- motions from numbers (vccd_motion_new, the typed
   constructors of vccd/motions.h) against motions from configs, for
   every registered model and every signature of its parameter table:
   - doubles (huge, tiny, subnormal, +-0, random) give bit for bit the
     parameters of a config holding their exact decimal expansions (some
     770 digits: longer than the 256 bytes parse_reals once allowed), at
     low and high precisions; decimal text and rationals P/Q through the
     _str constructors give those of the same text in a config;
   - a table's defaults are what the parser takes for a missing key, and
     its per-vertex, integer and count entries are consistent;
   - every error (NaN, infinities, a wrong count, an unknown or repeated
     key, keys of two forms, a missing key, a NULL pointer, a non-unit
     quaternion, a zero axis, n = 0 vertices, an unknown type) is NULL
     with a one-line message "FUNCTION: [type] key: ...";
   - vccd_query_scenario is bit for bit the motions of its printed text.
   The loops run over the registry, so a new model is covered when it is
   registered; its typed constructors need one adapter below (the test
   fails until it has one). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/config.h"
#include "vccd/motion.h"
#include "vccd/motions.h"
#include "vccd/query.h"

#define MAXP 16             /* parameters of a signature */
#define MAXV 6              /* vertices of the random per-vertex motions */

/* --- the typed constructors, one adapter per signature ----------------------
   x[j] / t[j]: parameter j of the table (NULL: not given); t == NULL
   calls the doubles constructor, else the _str one.  0 when the doubles
   one cannot express the call (an omitted scalar or integer). */
typedef int (*typed_fn)(vccd_motion **m, const double *const *x, const char *const *t, int n, mpfr_prec_t p,
                        vccd_error *e);

/* The adapter call_NAME_new: 0 unless have (the doubles parameters it
   needs are given), then the _str constructor on the texts or
   the doubles one on doubles. */
#define CALL_NEW(NAME, have, texts, doubles)                                                                         \
    static int call_##NAME##_new(vccd_motion **m, const double *const *x, const char *const *t, int n,           \
                                 mpfr_prec_t p, vccd_error *e)                                                   \
    {                                                                                                            \
        (void)n;                                                                                                 \
        if (t) {                                                                                                 \
            *m = vccd_motion_##NAME##_new_str texts;                                                             \
            return 1;                                                                                            \
        }                                                                                                        \
        if (!(have))                                                                                             \
            return 0;                                                                                            \
        *m = vccd_motion_##NAME##_new doubles;                                                                   \
        return 1;                                                                                                \
    }
/* The constructors of four 3-vector or quaternion arguments, or their
   four texts. */
#define CALL_NEW4(NAME) CALL_NEW(NAME, 1, (t[0], t[1], t[2], t[3], p, e), (x[0], x[1], x[2], x[3], p, e))

CALL_NEW4(ltlrm)
CALL_NEW(ltlrm_poses, x[4], (t[0], t[1], t[2], t[3], t[4], p, e), (x[0], x[1], x[2], x[3], (long)x[4][0], p, e))
CALL_NEW(ballistic, 1, (t[0], t[1], t[2], t[3], t[4], p, e), (x[0], x[1], x[2], x[3], x[4], p, e))
CALL_NEW4(rotvec)
CALL_NEW(ltlrm2d, x[1] && x[3], (t[0], t[1], t[2], t[3], p, e), (x[0], x[1][0], x[2], x[3][0], p, e))
CALL_NEW(ballistic2d, x[1] && x[3], (t[0], t[1], t[2], t[3], t[4], p, e), (x[0], x[1][0], x[2], x[3][0], x[4], p, e))
CALL_NEW(vertex_linear, 1, (t[0], t[1], n, p, e), (x[0], x[1], n, p, e))
CALL_NEW4(interp)
CALL_NEW4(screw)
CALL_NEW(angaccel, x[4] && x[5], (t[0], t[1], t[2], t[3], t[4], t[5], p, e),
         (x[0], x[1], x[2], x[3], x[4][0], x[5][0], p, e))

static const struct {
    const char *function;
    typed_fn call;
} adapters[] = {
    { "vccd_motion_ltlrm_new", call_ltlrm_new },
    { "vccd_motion_ltlrm_poses_new", call_ltlrm_poses_new },
    { "vccd_motion_ballistic_new", call_ballistic_new },
    { "vccd_motion_rotvec_new", call_rotvec_new },
    { "vccd_motion_ltlrm2d_new", call_ltlrm2d_new },
    { "vccd_motion_ballistic2d_new", call_ballistic2d_new },
    { "vccd_motion_vertex_linear_new", call_vertex_linear_new },
    { "vccd_motion_interp_new", call_interp_new },
    { "vccd_motion_screw_new", call_screw_new },
    { "vccd_motion_angaccel_new", call_angaccel_new },
};

static typed_fn
adapter(const vccd_motion_signature *g)
{
    for (size_t i = 0; i < sizeof adapters / sizeof adapters[0]; i++)
        if (strcmp(adapters[i].function, g->function) == 0)
            return adapters[i].call;
    tu_fail("%s has no adapter in t-new.c: add one, so that its typed constructors are tested", g->function);
    return NULL;
}

/* --- helpers -------------------------------------------------------------- */

/* The same parameters, bit for bit: precision, both ends, signs of 0. */
static void
check_same(const vccd_motion *a, const vccd_motion *b, const char *what)
{
    TU_CHECK(a->type == b->type && a->nparams == b->nparams && a->nvertices == b->nvertices,
             "%s: %s vs %s, %d vs %d parameters, %d vs %d vertices", what, a->type->name, b->type->name, a->nparams,
             b->nparams, a->nvertices, b->nvertices);
    for (int i = 0; i < a->nparams; i++) {
        const vccd_mi_struct *p = &a->param[i], *q = &b->param[i];
        TU_CHECK(mpfr_get_prec(&p->lo) == mpfr_get_prec(&q->lo) && mpfr_get_prec(&p->hi) == mpfr_get_prec(&q->hi)
                     && mpfr_equal_p(&p->lo, &q->lo) && mpfr_equal_p(&p->hi, &q->hi)
                     && mpfr_signbit(&p->lo) == mpfr_signbit(&q->lo) && mpfr_signbit(&p->hi) == mpfr_signbit(&q->hi),
                 "%s: parameter %d of %s: %s vs %s", what, i, a->type->name, tu_fmt_mi(p), tu_fmt_mi(q));
        TU_CHECK(memcmp(&a->param_di[i], &b->param_di[i], sizeof a->param_di[i]) == 0,
                 "%s: binary64 parameter %d differs", what, i);
    }
}

/* The message after its "FILE:LINE: [section] " prefix: what the config
   and the constructors say alike. */
static const char *
msg_tail(const char *msg)
{
    const char *p = strstr(msg, "] ");
    return p ? p + 2 : msg;
}

/* The same key named by both messages (the words before ": " after the
   prefix): what doubles and decimals share, whose messages quote the
   value in their own form. */
static int
same_key(const char *a, const char *b)
{
    const char *p = msg_tail(a), *q = msg_tail(b), *pe = strstr(p, ": "), *qe = strstr(q, ": ");
    return pe && qe && pe - p == qe - q && strncmp(p, q, (size_t)(pe - p)) == 0;
}

/* A growing text buffer. */
typedef struct {
    char *s;
    size_t n, cap;
} buf;

static void
bprintf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
bprintf(buf *b, const char *fmt, ...)
{
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (b->n + (size_t)k + 1 > b->cap) {
        b->cap = 2 * (b->n + (size_t)k + 1);
        b->s = realloc(b->s, b->cap);
        ck_assert(b->s != NULL);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

/* The motion of section [motion] of text; NULL with e set. */
static vccd_motion *
from_text(const char *text, mpfr_prec_t prec, vccd_error *e)
{
    vccd_config cfg;
    vccd_config_section *s;
    vccd_motion *m;
    if (vccd_config_load_string(&cfg, "t.ini", text, e) != 0)
        tu_fail("config does not load: %s", e->msg);
    s = vccd_config_find(&cfg, "motion");
    ck_assert(s != NULL);
    m = vccd_motion_from_config(s, prec, e);
    vccd_config_clear(&cfg);
    return m;
}

/* One random call of a signature: x[j] (doubles) and t[j] (their exact
   decimals, or other decimal text) per parameter, NULL when left out. */
typedef struct {
    double x[MAXP][4 * MAXV];
    char *t[MAXP];
    int given[MAXP];
    int nv;
} call;

static void
call_clear(call *c)
{
    for (int j = 0; j < MAXP; j++)
        free(c->t[j]);
    memset(c, 0, sizeof *c);
}

/* A double from the classes that stress an exact reading: +-0,
   subnormals, tiny and huge magnitudes, +-DBL_MAX, near 1, random bits,
   small integers. */
static double
rand_real(void)
{
    switch (tu_ulong() % 8) {
    case 0:
        return tu_ulong() % 2 ? -0.0 : 0.0;
    case 1:
        return ldexp((double)(tu_ulong() % 1000 + 1), -1074) * (tu_ulong() % 2 ? -1 : 1);
    case 2:
        return ldexp(tu_unit() + 0.5, -1000 + (int)(tu_ulong() % 40)) * (tu_ulong() % 2 ? -1 : 1);
    case 3:
        return ldexp(tu_unit() + 0.5, 990 + (int)(tu_ulong() % 30)) * (tu_ulong() % 2 ? -1 : 1);
    default:
        return tu_double();
    }
}

/* A unit quaternion in doubles: a normalised random 4-vector, or an
   axis quaternion with signed zeros and subnormal crumbs. */
static void
rand_quat(double *q)
{
    if (tu_ulong() % 3 == 0) {
        int k = (int)(tu_ulong() % 4);
        for (int i = 0; i < 4; i++)
            q[i] = i == k ? (tu_ulong() % 2 ? -1.0 : 1.0) : tu_ulong() % 2 ? -0.0 : ldexp(1.0, -1074 + (int)(tu_ulong() % 60));
        return;
    }
    double n2;
    do {
        n2 = 0.0;
        for (int i = 0; i < 4; i++) {
            q[i] = 2.0 * tu_unit() - 1.0;
            n2 += q[i] * q[i];
        }
    } while (n2 < 0.01);
    for (int i = 0; i < 4; i++)
        q[i] /= sqrt(n2);
}

/* The exact decimal expansion of x (glibc prints it exactly: a binary64
   number has at most 767 significant decimal digits). */
static void
exact_decimal(buf *b, double x)
{
    bprintf(b, "%s%.767e", b->n ? " " : "", x);
}

/* Random values of every parameter of g (n vertices for a per-vertex
   one), each optional one left out with probability 1/3. */
static void
rand_call(call *c, const vccd_motion_signature *g, int nv)
{
    memset(c, 0, sizeof *c);
    c->nv = nv;
    for (int j = 0; j < g->nparam; j++) {
        const vccd_motion_param *p = &g->param[j];
        int cnt = p->count * (p->per_vertex ? nv : 1);
        buf b = { 0 };
        if (p->def && tu_ulong() % 3 == 0)
            continue;
        c->given[j] = 1;
        for (int k = 0; k < cnt; k += p->count) {
            double *x = c->x[j] + k;
            if (p->kind == VCCD_MOTION_PARAM_UNIT_QUAT)
                rand_quat(x);
            else if (p->kind == VCCD_MOTION_PARAM_INTEGER)
                x[0] = (double)((long)(tu_ulong() % 7) - 3);
            else
                for (int i = 0; i < p->count; i++)
                    x[i] = rand_real();
        }
        for (int k = 0; k < cnt; k++) {
            if (p->kind == VCCD_MOTION_PARAM_INTEGER)
                bprintf(&b, "%ld", (long)c->x[j][k]);
            else
                exact_decimal(&b, c->x[j][k]);
        }
        c->t[j] = b.s;
    }
}

/* The config of call c to g of model t. */
static char *
call_text(const vccd_motion_type *t, const vccd_motion_signature *g, const call *c)
{
    buf b = { 0 };
    int pv = 0;
    bprintf(&b, "[motion]\ntype = %s\n", t->name);
    for (int j = 0; j < g->nparam; j++) {
        if (g->param[j].per_vertex)
            pv = 1;
        else if (c->given[j])
            bprintf(&b, "%s = %s\n", g->param[j].key, c->t[j]);
    }
    if (pv) {
        /* vertex.I: the per-vertex parameters of vertex I in table order */
        bprintf(&b, "vertices = %d\n", c->nv);
        for (int k = 0; k < c->nv; k++) {
            bprintf(&b, "vertex.%d =", k);
            for (int j = 0; j < g->nparam; j++) {
                const vccd_motion_param *p = &g->param[j];
                buf v = { 0 };
                if (!p->per_vertex)
                    continue;
                for (int i = 0; i < p->count; i++)
                    exact_decimal(&v, c->x[j][k * p->count + i]);
                bprintf(&b, " %s", v.s);
                free(v.s);
            }
            bprintf(&b, "\n");
        }
    }
    return b.s;
}

/* c through vccd_motion_new as doubles (text: as text). */
static vccd_motion *
call_generic(const vccd_motion_type *t, const vccd_motion_signature *g, const call *c, int text, mpfr_prec_t prec,
             vccd_error *e)
{
    vccd_motion_value v[MAXP];
    int n = 0;
    for (int j = 0; j < g->nparam; j++) {
        const vccd_motion_param *p = &g->param[j];
        if (!c->given[j])
            continue;
        v[n] = (vccd_motion_value){ p->key, text ? NULL : c->x[j], text ? c->t[j] : NULL,
                                    text ? 0 : p->count * (p->per_vertex ? c->nv : 1) };
        n++;
    }
    return vccd_motion_new(t->name, v, n, prec, e);
}

/* c through g's typed constructors; 0 when they cannot express it. */
static int
call_typed(vccd_motion **m, const vccd_motion_signature *g, const call *c, int text, mpfr_prec_t prec, vccd_error *e)
{
    const double *x[MAXP];
    const char *t[MAXP];
    for (int j = 0; j < g->nparam; j++) {
        x[j] = c->given[j] ? c->x[j] : NULL;
        t[j] = c->given[j] ? c->t[j] : NULL;
    }
    return adapter(g)(m, x, text ? t : NULL, c->nv, prec, e);
}

static mpfr_prec_t
rand_prec(void)
{
    static const mpfr_prec_t p[] = { 2, 11, 24, 53, 64, 113, 320 };
    return tu_ulong() % 8 == 7 ? 2 + (mpfr_prec_t)(tu_ulong() % 600) : p[tu_ulong() % 7];
}

/* Every path of one call must agree: all the same motion, or all NULL
   with the same message after the prefix.  Counts the calls the config
   accepted and the comparisons made. */
static long n_accepted, n_refused, n_compared;

static void
check_call(const vccd_motion_type *t, const vccd_motion_signature *g, const call *c, mpfr_prec_t prec, long it)
{
    vccd_error e0, e1, e2, e3, e4;
    char *text = call_text(t, g, c), what[160];
    vccd_motion *m0 = from_text(text, prec, &e0), *m[4] = { NULL, NULL, NULL, NULL };
    int have[4];
    const char *msg[4] = { e1.msg, e2.msg, e3.msg, e4.msg };
    static const char *const path[4] = { "vccd_motion_new (doubles)", "vccd_motion_new (text)", "typed doubles",
                                         "typed text" };

    memset(&e1, 0, sizeof e1);
    memset(&e2, 0, sizeof e2);
    memset(&e3, 0, sizeof e3);
    memset(&e4, 0, sizeof e4);
    m[0] = call_generic(t, g, c, 0, prec, &e1);
    m[1] = call_generic(t, g, c, 1, prec, &e2);
    have[0] = have[1] = 1;
    have[2] = call_typed(&m[2], g, c, 0, prec, &e3);
    have[3] = call_typed(&m[3], g, c, 1, prec, &e4);
    for (int k = 0; k < 4; k++) {
        if (!have[k])
            continue;
        snprintf(what, sizeof what, "%s, call %ld at precision %ld, %s", g->function, it, (long)prec, path[k]);
        n_compared++;
        if (m0 && m[k]) {
            check_same(m0, m[k], what);
        } else {
            if (m0 || m[k])
                fprintf(stderr, "the config:\n%s\n", text);
            TU_CHECK(!m0 && !m[k], "%s: config %s, but %s (config: '%.200s', here: '%.200s'); config on stderr", what,
                     m0 ? "accepted" : "refused", m[k] ? "accepted" : "refused", m0 ? "" : e0.msg, m[k] ? "" : msg[k]);
            /* the text paths quote the config's text: the same message;
               the doubles ones the same key (the value in its own form) */
            TU_CHECK(k % 2 ? strcmp(msg_tail(e0.msg), msg_tail(msg[k])) == 0 : same_key(e0.msg, msg[k]),
                     "%s: config says '%.300s', here '%.300s'", what, e0.msg, msg[k]);
        }
        vccd_motion_free(m[k]);
    }
    if (m0)
        n_accepted++;
    else
        n_refused++;
    vccd_motion_free(m0);
    free(text);
}

/* --- tests ---------------------------------------------------------------- */

/* Every model's table is complete and consistent: what the Python
   package and the generated header read. */
START_TEST(test_tables)
{
    ck_assert_int_ge(vccd_motion_type_count(), 9);
    for (int i = 0; i < vccd_motion_type_count(); i++) {
        const vccd_motion_type *t = vccd_motion_type_get(i);
        char cname[64];
        snprintf(cname, sizeof cname, "%s", t->name);
        for (char *p = cname; *p; p++)
            if (*p == '-')
                *p = '_';
        TU_CHECK(t->nsig >= 1 && t->sig, "%s has no parameter table", t->name);
        for (int s = 0; s < t->nsig; s++) {
            const vccd_motion_signature *g = &t->sig[s];
            char fn[128];
            int pv = 0;
            snprintf(fn, sizeof fn, "vccd_motion_%s_%s", cname, g->name);
            TU_CHECK(strcmp(fn, g->function) == 0, "%s: function %s, expected %s", t->name, g->function, fn);
            TU_CHECK(g->doc && *g->doc && g->nparam >= 1 && g->nparam <= MAXP, "%s: doc or parameters", g->function);
            adapter(g);
            for (int j = 0; j < g->nparam; j++) {
                const vccd_motion_param *p = &g->param[j];
                TU_CHECK(p->key && *p->key && p->doc && *p->doc, "%s: parameter %d has no key or doc", g->function, j);
                TU_CHECK(p->count >= 1 && p->count <= 4 && (p->kind != VCCD_MOTION_PARAM_UNIT_QUAT || p->count == 4)
                             && (p->kind != VCCD_MOTION_PARAM_INTEGER || (p->count == 1 && !p->per_vertex))
                             && (p->kind != VCCD_MOTION_PARAM_DIRECTION || p->count >= 2),
                         "%s: %s: kind %d with count %d", g->function, p->key, (int)p->kind, p->count);
                TU_CHECK(!p->per_vertex || !p->def, "%s: per-vertex %s has a default", g->function, p->key);
                for (int k = 0; k < j; k++)
                    TU_CHECK(strcmp(g->param[k].key, p->key) != 0, "%s: %s twice", g->function, p->key);
                pv |= p->per_vertex;
            }
            TU_CHECK(pv == t->per_vertex, "%s: per-vertex parameters %d, model per_vertex %d", g->function, pv,
                     t->per_vertex);
        }
    }
}
END_TEST

/* Doubles are taken exactly, decimals as decimals: every path agrees
   with the config of the exact decimals. */
START_TEST(test_exact)
{
    long it = 0;
    for (int i = 0; i < vccd_motion_type_count(); i++) {
        const vccd_motion_type *t = vccd_motion_type_get(i);
        for (int s = 0; s < t->nsig; s++)
            for (long r = 0; r < tu_iters(40); r++, it++) {
                call c;
                rand_call(&c, &t->sig[s], 1 + (int)(tu_ulong() % MAXV));
                check_call(t, &t->sig[s], &c, rand_prec(), it);
                call_clear(&c);
            }
    }
    /* the refusals (a quaternion at 2 bits is no longer unit, +-DBL_MAX
       below 53 bits leaves the binary64 range, ...) must not be all */
    printf("exact: %ld calls accepted, %ld refused by the config, %ld comparisons\n", n_accepted, n_refused,
           n_compared);
    TU_CHECK(n_accepted > 3 * n_refused, "%ld calls accepted, %ld refused", n_accepted, n_refused);
}
END_TEST

/* Decimal text and rationals through the _str constructors and
   vccd_motion_new, as in a config (short decimals, P/Q, commas). */
START_TEST(test_text)
{
    static const char *const num[] = { "0", "-0", "1", "-2.5", "3/7", "-22/7", "1e-3", "0.1", "123456789.123456789",
                                       "-1.5E+2", "+4", "1/3", "7e300", "-4.9e-324" };
    for (int i = 0; i < vccd_motion_type_count(); i++) {
        const vccd_motion_type *t = vccd_motion_type_get(i);
        for (int s = 0; s < t->nsig; s++)
            for (long r = 0; r < tu_iters(20); r++) {
                const vccd_motion_signature *g = &t->sig[s];
                call c;
                rand_call(&c, g, 1 + (int)(tu_ulong() % MAXV));
                /* replace the real parameters' text by short decimals
                   (per-vertex ones keep their exact decimals, the config
                   of call_text writes those) */
                for (int j = 0; j < g->nparam; j++) {
                    const vccd_motion_param *p = &g->param[j];
                    buf b = { 0 };
                    if (!c.given[j] || p->per_vertex || p->kind != VCCD_MOTION_PARAM_REAL)
                        continue;
                    for (int k = 0; k < p->count; k++)
                        bprintf(&b, "%s%s", k ? (tu_ulong() % 2 ? ", " : " ") : "", num[tu_ulong() % (sizeof num / sizeof num[0])]);
                    free(c.t[j]);
                    c.t[j] = b.s;
                    /* the doubles no longer match the text: text paths only */
                }
                {
                    vccd_error e0, e1, e2;
                    char *text = call_text(t, g, &c);
                    mpfr_prec_t prec = rand_prec();
                    vccd_motion *m0 = from_text(text, prec, &e0), *m1 = call_generic(t, g, &c, 1, prec, &e1), *m2 = NULL;
                    call_typed(&m2, g, &c, 1, prec, &e2);
                    TU_CHECK(!m0 == !m1 && !m0 == !m2, "%s: config %s, vccd_motion_new %s, typed %s ('%s' '%s' '%s')\n%s",
                             g->function, m0 ? "ok" : "refused", m1 ? "ok" : "refused", m2 ? "ok" : "refused",
                             m0 ? "" : e0.msg, m1 ? "" : e1.msg, m2 ? "" : e2.msg, text);
                    if (m0) {
                        check_same(m0, m1, "text, vccd_motion_new");
                        check_same(m0, m2, "text, typed");
                    } else {
                        TU_CHECK(strcmp(msg_tail(e0.msg), msg_tail(e1.msg)) == 0 && strcmp(msg_tail(e0.msg), msg_tail(e2.msg)) == 0,
                                 "messages differ: '%s' '%s' '%s'", e0.msg, e1.msg, e2.msg);
                    }
                    vccd_motion_free(m0);
                    vccd_motion_free(m1);
                    vccd_motion_free(m2);
                    free(text);
                }
                call_clear(&c);
            }
    }
}
END_TEST

/* A table's default is what the parser takes for a missing key: left
   out and given as its default text, the same motion. */
START_TEST(test_defaults)
{
    for (int i = 0; i < vccd_motion_type_count(); i++) {
        const vccd_motion_type *t = vccd_motion_type_get(i);
        for (int s = 0; s < t->nsig; s++) {
            const vccd_motion_signature *g = &t->sig[s];
            for (int j = 0; j < g->nparam; j++) {
                call c;
                vccd_error e0, e1;
                vccd_motion *m0, *m1;
                if (!g->param[j].def)
                    continue;
                for (int tries = 0;; tries++) {
                    rand_call(&c, g, 2);
                    /* everything given but j, from doubles of modest size */
                    for (int k = 0; k < g->nparam; k++)
                        c.given[k] = k != j;
                    if (!(m0 = call_generic(t, g, &c, 0, 320, &e0)) && tries < 50) {
                        call_clear(&c);
                        continue;
                    }
                    break;
                }
                TU_CHECK(m0 != NULL, "%s without %s: %s", g->function, g->param[j].key, e0.msg);
                c.given[j] = 1;
                free(c.t[j]);
                c.t[j] = strdup(g->param[j].def);
                m1 = call_generic(t, g, &c, 1, 320, &e1);
                TU_CHECK(m1 != NULL, "%s with %s = its default '%s': %s", g->function, g->param[j].key,
                         g->param[j].def, e1.msg);
                check_same(m0, m1, g->param[j].key);
                vccd_motion_free(m0);
                vccd_motion_free(m1);
                call_clear(&c);
            }
        }
    }
}
END_TEST

/* e must be one line "fn: [type] key: ..." containing needle. */
static void
expect_msg(const vccd_motion *m, const vccd_error *e, const char *fn, const char *type, const char *key,
           const char *needle)
{
    char pfx[256];
    TU_CHECK(m == NULL, "%s accepted where %s: %s should fail", fn, key ? key : "", needle);
    if (key)
        snprintf(pfx, sizeof pfx, "%s: [%s] %s: ", fn, type, key);
    else
        snprintf(pfx, sizeof pfx, "%s: [%s] ", fn, type);
    TU_CHECK(strncmp(e->msg, pfx, strlen(pfx)) == 0, "message '%s' does not start with '%s'", e->msg, pfx);
    TU_CHECK(!strchr(e->msg, '\n'), "message '%s' is not one line", e->msg);
    TU_CHECK(!needle || strstr(e->msg, needle), "message '%s' does not say '%s'", e->msg, needle);
}

/* Every error path, for every parameter of every signature. */
START_TEST(test_errors)
{
    static const double bad[] = { NAN, INFINITY, -INFINITY };
    static const char *const badname[] = { "nan", "inf", "-inf" };
    for (int i = 0; i < vccd_motion_type_count(); i++) {
        const vccd_motion_type *t = vccd_motion_type_get(i);
        for (int s = 0; s < t->nsig; s++) {
            const vccd_motion_signature *g = &t->sig[s];
            call c;
            rand_call(&c, g, 3);
            for (int k = 0; k < g->nparam; k++)
                c.given[k] = !g->param[k].def;
            for (int j = 0; j < g->nparam; j++) {
                const vccd_motion_param *p = &g->param[j];
                int was = c.given[j];
                vccd_motion *m;
                vccd_error e;
                if (p->kind != VCCD_MOTION_PARAM_INTEGER) {
                    /* NaN and infinities, through the generic and the typed
                       constructors, at the last number */
                    int last = p->count * (p->per_vertex ? c.nv : 1) - 1;
                    double keep = c.x[j][last];
                    c.given[j] = 1;
                    for (int b = 0; b < 3; b++) {
                        c.x[j][last] = bad[b];
                        m = call_generic(t, g, &c, 0, 53, &e);
                        expect_msg(m, &e, "vccd_motion_new", t->name, p->key, badname[b]);
                        if (call_typed(&m, g, &c, 0, 53, &e))
                            expect_msg(m, &e, g->function, t->name, p->key, "not a finite number");
                    }
                    c.x[j][last] = keep;
                }
                if (!p->def) {
                    /* a required key left out, or a NULL pointer */
                    c.given[j] = 0;
                    m = call_generic(t, g, &c, 0, 53, &e);
                    expect_msg(m, &e, "vccd_motion_new", t->name, p->key, "missing");
                    if (call_typed(&m, g, &c, 0, 53, &e))
                        expect_msg(m, &e, g->function, t->name, p->key, "missing");
                    if (call_typed(&m, g, &c, 1, 53, &e)) {
                        char fs[160];
                        snprintf(fs, sizeof fs, "%s_str", g->function);
                        expect_msg(m, &e, fs, t->name, p->key, "missing");
                    }
                }
                c.given[j] = 1;
                {
                    /* a wrong count: one number fewer and one more */
                    vccd_motion_value v[MAXP];
                    int n = 0, want = p->count * (p->per_vertex ? c.nv : 1);
                    for (int d = -1; d <= 1; d += 2) {
                        n = 0;
                        for (int k = 0; k < g->nparam; k++)
                            if (c.given[k])
                                v[n++] = (vccd_motion_value){ g->param[k].key, c.x[k], NULL,
                                                              k == j ? want + d
                                                                     : g->param[k].count * (g->param[k].per_vertex ? c.nv : 1) };
                        m = vccd_motion_new(t->name, v, n, 53, &e);
                        expect_msg(m, &e, "vccd_motion_new", t->name, p->key, NULL);
                    }
                    /* the same key twice */
                    n = 0;
                    for (int k = 0; k < g->nparam; k++)
                        if (c.given[k])
                            v[n++] = (vccd_motion_value){ g->param[k].key, c.x[k], NULL,
                                                          g->param[k].count * (g->param[k].per_vertex ? c.nv : 1) };
                    v[n] = v[n - 1];
                    m = vccd_motion_new(t->name, v, n + 1, 53, &e);
                    expect_msg(m, &e, "vccd_motion_new", t->name, v[n].key, "given twice");
                    /* an unknown key */
                    v[n] = (vccd_motion_value){ "velocity", c.x[j], NULL, 1 };
                    m = vccd_motion_new(t->name, v, n + 1, 53, &e);
                    expect_msg(m, &e, "vccd_motion_new", t->name, "velocity", "unknown key");
                    /* keys of another signature */
                    for (int s2 = 0; s2 < t->nsig; s2++) {
                        const vccd_motion_param *q = &t->sig[s2].param[0];
                        int shared = 0;
                        for (int k = 0; k < g->nparam; k++)
                            shared |= strcmp(g->param[k].key, q->key) == 0;
                        if (s2 == s || shared)
                            continue;
                        v[n] = (vccd_motion_value){ q->key, NULL, "1 2 3 4", 0 };
                        m = vccd_motion_new(t->name, v, n + 1, 53, &e);
                        expect_msg(m, &e, "vccd_motion_new", t->name, q->key, "one form");
                    }
                }
                c.given[j] = was;
            }
            call_clear(&c);
        }
    }
}
END_TEST

/* The model-specific refusals, through the typed constructors. */
START_TEST(test_refusals)
{
    static const double o[3] = { 1, 2, 3 }, v[3] = { 0, 0, 1 }, w[3] = { 0, 0.5, 0 }, zero[3] = { 0, 0, 0 };
    static const double q2[4] = { 1, 1, 0, 0 }, q1[4] = { 1, 0, 0, 0 };
    static const double x0[6] = { 0, 0, 0, 1, 1, 1 }, x1[6] = { 1, 0, 0, 2, 2, 2 };
    vccd_error e;
    vccd_motion *m;
    long turns = 1;

    m = vccd_motion_ltlrm_new(o, v, q2, w, 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_new", "ltlrm", "q0", "not a unit quaternion");
    m = vccd_motion_ltlrm_new_str("1 2 3", "0 0 1", "0.5 0.5 0.5 0.6", "0 0 0", 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_new_str", "ltlrm", "q0", "not a unit quaternion");
    m = vccd_motion_ltlrm_new_str("1 2 nan", "0 0 1", NULL, "0 0 0", 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_new_str", "ltlrm", "o0", "not a decimal number");
    m = vccd_motion_ltlrm_new_str("1 2", "0 0 1", NULL, "0 0 0", 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_new_str", "ltlrm", "o0", "expected 3 numbers, got 2");
    m = vccd_motion_ltlrm_new_str("1 2 3", "0 0 1", NULL, "0 0 1e999", 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_new_str", "ltlrm", "omega", "binary64 range");
    m = vccd_motion_angaccel_new(o, v, NULL, zero, 1.0, 0.5, 53, &e);
    expect_msg(m, &e, "vccd_motion_angaccel_new", "angaccel", "axis", "nonzero");
    m = vccd_motion_ltlrm_poses_new(o, q1, v, q1, turns, 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_poses_new", "ltlrm", "turns", "coincide");
    m = vccd_motion_ltlrm_poses_new(o, q1, v, q2, turns, 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_poses_new", "ltlrm", "end_orientation", "not a unit quaternion");
    m = vccd_motion_ltlrm_poses_new(o, q1, v, q1, 2000000, 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_poses_new", "ltlrm", "turns", "not an integer number of turns");
    m = vccd_motion_ltlrm_poses_new_str("1 2 3", "1 0 0 0", "0 0 0", "1 0 0 0", "1.5", 53, &e);
    expect_msg(m, &e, "vccd_motion_ltlrm_poses_new_str", "ltlrm", "turns", "not an integer");
    /* n = 0 vertices, a negative n, too few numbers in text, NULL arrays */
    m = vccd_motion_vertex_linear_new(x0, x1, 0, 53, &e);
    expect_msg(m, &e, "vccd_motion_vertex_linear_new", "vertex-linear", "n", "at least one");
    m = vccd_motion_vertex_linear_new(x0, x1, -3, 53, &e);
    expect_msg(m, &e, "vccd_motion_vertex_linear_new", "vertex-linear", "n", "at least one");
    m = vccd_motion_vertex_linear_new_str("0 0 0 1 1 1", "1 0 0 2 2", 2, 53, &e);
    expect_msg(m, &e, "vccd_motion_vertex_linear_new_str", "vertex-linear", "x1", "expected 6 numbers");
    m = vccd_motion_vertex_linear_new(NULL, x1, 2, 53, &e);
    expect_msg(m, &e, "vccd_motion_vertex_linear_new", "vertex-linear", "x0", "missing");
    m = vccd_motion_vertex_linear_new(x0, NULL, 2, 53, &e);
    expect_msg(m, &e, "vccd_motion_vertex_linear_new", "vertex-linear", "x1", "missing");
    /* per-vertex: generic counts that do not make whole vertices or agree */
    {
        vccd_motion_value val[2] = { { "x0", x0, NULL, 6 }, { "x1", x1, NULL, 3 } };
        m = vccd_motion_new("vertex-linear", val, 2, 53, &e);
        expect_msg(m, &e, "vccd_motion_new", "vertex-linear", "x1", "expected 6 numbers");
        val[0].n = 4;
        m = vccd_motion_new("vertex-linear", val, 2, 53, &e);
        expect_msg(m, &e, "vccd_motion_new", "vertex-linear", "x0", "per vertex");
        val[0].n = 6;
        val[1] = (vccd_motion_value){ "x1", NULL, "1 0 0 2 2 2", 0 };
        m = vccd_motion_new("vertex-linear", val, 2, 53, &e);
        expect_msg(m, &e, "vccd_motion_new", "vertex-linear", "x1", "all as doubles or all as text");
    }
    /* an integer given as a double must be one */
    {
        vccd_motion_value val[5] = { { "start_position", o, NULL, 3 }, { "start_orientation", q1, NULL, 4 },
                                     { "end_position", v, NULL, 3 }, { "end_orientation", q1, NULL, 4 },
                                     { "turns", (const double[]){ 2.5 }, NULL, 1 } };
        m = vccd_motion_new("ltlrm", val, 5, 53, &e);
        expect_msg(m, &e, "vccd_motion_new", "ltlrm", "turns", "not an integer");
    }
    /* an unknown type, a value without a key */
    m = vccd_motion_new("ltlmr", NULL, 0, 53, &e);
    {
        static const char want[] = "vccd_motion_new: type: unknown motion 'ltlmr' (known: ltlrm ";
        TU_CHECK(!m && strncmp(e.msg, want, strlen(want)) == 0, "'%s'", e.msg);
    }
    m = vccd_motion_new(NULL, NULL, 0, 53, &e);
    TU_CHECK(!m && strstr(e.msg, "unknown motion"), "'%s'", e.msg);
    {
        vccd_motion_value val[1] = { { NULL, o, NULL, 3 } };
        m = vccd_motion_new("ltlrm", val, 1, 53, &e);
        expect_msg(m, &e, "vccd_motion_new", "ltlrm", NULL, "no key");
    }
    /* no values at all: the first required key is missing */
    m = vccd_motion_new("rotvec", NULL, 0, 53, &e);
    expect_msg(m, &e, "vccd_motion_new", "rotvec", "start_position", "missing");
}
END_TEST

/* The typed constructors against hand-written configs: what the
   parameters mean, not only that the paths agree (q0 NULL is the
   identity; a per-vertex motion keeps its vertices; a large one is
   built in linear time through the section's hash index). */
START_TEST(test_meaning)
{
    static const double o[3] = { 0.1, -2, 3e-310 }, v[3] = { -0.0, 5e300, 1 }, w[3] = { 0, 0.5, 0 };
    vccd_error e;
    vccd_motion *m = vccd_motion_ltlrm_new(o, v, NULL, w, 113, &e), *c;
    ck_assert_msg(m != NULL, "%s", e.msg);
    c = from_text("[motion]\ntype = ltlrm\no0 = 0.1000000000000000055511151231257827021181583404541015625 -2 "
                  "3.0000000000000000317e-310\nv = -0 5e300 1\nomega = 0 0.5 0\n",
                  113, &e);
    ck_assert_msg(c != NULL, "%s", e.msg);
    /* o0 and omega match; 3e-310 and 5e300 are not the doubles' exact
       decimals, so those parameters must differ */
    for (int i = 0; i < 13; i++) {
        int same = mpfr_equal_p(&m->param[i].lo, &c->param[i].lo) && mpfr_equal_p(&m->param[i].hi, &c->param[i].hi);
        TU_CHECK(same == (i != 2 && i != 4), "ltlrm parameter %d: %s vs %s", i, tu_fmt_mi(&m->param[i]),
                 tu_fmt_mi(&c->param[i]));
    }
    TU_CHECK(mpfr_cmp_ui(&m->param[6].lo, 1) == 0 && mpfr_cmp_ui(&m->param[6].hi, 1) == 0, "q0 NULL is not 1 0 0 0");
    TU_CHECK(mpfr_signbit(&m->param[3].lo) && mpfr_zero_p(&m->param[3].lo), "v = -0 lost its sign");
    vccd_motion_free(m);
    vccd_motion_free(c);

    {
        enum { N = 20000 };
        double *x0 = malloc(3 * N * sizeof *x0), *x1 = malloc(3 * N * sizeof *x1);
        ck_assert(x0 && x1);
        for (int i = 0; i < 3 * N; i++) {
            x0[i] = i;
            x1[i] = -0.5 * i;
        }
        m = vccd_motion_vertex_linear_new(x0, x1, N, 53, &e);
        ck_assert_msg(m != NULL, "%s", e.msg);
        TU_CHECK(m->nvertices == N && m->nparams == 6 * N, "%d vertices, %d parameters", m->nvertices, m->nparams);
        /* vertex N-1: x0 = (3N-3, 3N-2, 3N-1), u = x1 - x0 = -1.5 x0 */
        TU_CHECK(mpfr_cmp_si(&m->param[6 * (N - 1)].lo, 3 * N - 3) == 0
                     && mpfr_cmp_d(&m->param[6 * (N - 1) + 5].hi, -1.5 * (3 * N - 1)) == 0,
                 "vertex %d: %s %s", N - 1, tu_fmt_mi(&m->param[6 * (N - 1)]), tu_fmt_mi(&m->param[6 * (N - 1) + 5]));
        vccd_motion_free(m);
        free(x0);
        free(x1);
    }
}
END_TEST

/* vccd_query_scenario: the motions of the text it prints (turning) and
   of the same decimals in the o0/v form (translating), bit for bit, for
   many seeds and both speeds. */
START_TEST(test_scenario)
{
    for (long i = 0; i < tu_iters(150); i++) {
        uint64_t seed = tu_seed * 1000 + (uint64_t)i;
        double dist = i % 2 ? 512.0 : 4.0;
        char text[1024];
        vccd_motion *a, *b;
        vccd_error e;
        vccd_config cfg;
        ck_assert_int_eq(vccd_query_scenario_text(text, sizeof text, dist, seed), 0);
        ck_assert_int_eq(vccd_config_load_string(&cfg, "scenario", text, &e), 0);
        TU_CHECK(vccd_query_scenario(&a, &b, dist, seed, 320, &e) == 0, "seed %llu: %s", (unsigned long long)seed,
                 e.msg);
        for (int k = 0; k < 2; k++) {
            vccd_motion *m = vccd_motion_from_config(vccd_config_find(&cfg, k ? "motion.b" : "motion.a"), 320, &e);
            ck_assert_msg(m != NULL, "%s", e.msg);
            check_same(m, k ? b : a, "vccd_query_scenario");
            vccd_motion_free(m);
        }
        vccd_motion_free(a);
        vccd_motion_free(b);
        TU_CHECK(vccd_query_scenario_translating(&a, &b, dist, seed, 320, &e) == 0, "%s", e.msg);
        for (int k = 0; k < 2; k++) {
            /* o0 = start_position, v = its negation, token by token */
            vccd_config_section *s = vccd_config_find(&cfg, k ? "motion.b" : "motion.a");
            const char *sp = vccd_config_get(s, "start_position")->value;
            char t2[1024], neg[256];
            size_t o = 0;
            vccd_motion *m;
            vccd_config c2;
            for (const char *p = sp; *p;) {
                const char *q = strchr(p, ' ');
                int l = q ? (int)(q - p) : (int)strlen(p);
                if (*p == '-')
                    o += (size_t)snprintf(neg + o, sizeof neg - o, "%s%.*s", o ? " " : "", l - 1, p + 1);
                else
                    o += (size_t)snprintf(neg + o, sizeof neg - o, "%s-%.*s", o ? " " : "", l, p);
                p += l + (q != NULL);
            }
            snprintf(t2, sizeof t2, "[m]\ntype = ltlrm\no0 = %s\nv = %s\nq0 = %s\nomega = 0 0 0\n", sp, neg,
                     vccd_config_get(s, "start_orientation")->value);
            ck_assert_int_eq(vccd_config_load_string(&c2, "t", t2, &e), 0);
            m = vccd_motion_from_config(vccd_config_find(&c2, "m"), 320, &e);
            ck_assert_msg(m != NULL, "%s\n%s", e.msg, t2);
            check_same(m, k ? b : a, "vccd_query_scenario_translating");
            vccd_motion_free(m);
            vccd_config_clear(&c2);
        }
        vccd_motion_free(a);
        vccd_motion_free(b);
        vccd_config_clear(&cfg);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_tables,  test_exact,    test_text,    test_defaults,
                             test_errors, test_refusals, test_meaning, test_scenario };
    return tu_main("new", tests, (int)(sizeof tests / sizeof tests[0]));
}
