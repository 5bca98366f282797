/* motion.c -- the motion registry, lifetime, config parsing and the
   backend dispatch shared by all models. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"
#include "motion/number.h"

/* motion/list.h is generated from MOTION_SOURCES in Makefile.am: one
   VCCD_MOTION(name) per model file. */
#define VCCD_MOTION(name) extern const vccd_motion_type vccd_motion_##name;
#include "motion/list.h"
#undef VCCD_MOTION
#define VCCD_MOTION(name) &vccd_motion_##name,
static const vccd_motion_type *const registry[] = {
#include "motion/list.h"
};
#undef VCCD_MOTION

int vccd_motion_type_count(void) { return (int)(sizeof registry / sizeof registry[0]); }

const vccd_motion_type *
vccd_motion_type_get(int i)
{
    return i >= 0 && i < vccd_motion_type_count() ? registry[i] : NULL;
}

const vccd_motion_type *
vccd_motion_type_find(const char *name)
{
    for (int i = 0; i < vccd_motion_type_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

vccd_motion *
vccd_motion_alloc(const vccd_motion_type *type, int nparams, mpfr_prec_t prec)
{
    vccd_motion *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->type = type;
    m->prec = prec;
    m->nparams = nparams;
    m->param = calloc((size_t)(nparams ? nparams : 1), sizeof *m->param);
    m->param_di = calloc((size_t)(nparams ? nparams : 1), sizeof *m->param_di);
    m->param_ui = calloc((size_t)(nparams ? nparams : 1), sizeof *m->param_ui);
    if (!m->param || !m->param_di || !m->param_ui) {
        free(m->param);
        free(m->param_di);
        free(m->param_ui);
        free(m);
        return NULL;
    }
    for (int i = 0; i < nparams; i++) {
        vccd_mi_init2(&m->param[i], prec);
        m->param_di[i] = vccd_di_empty();
        m->param_ui[i] = vccd_ui_empty();
    }
    return m;
}

void
vccd_motion_free(vccd_motion *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->nparams; i++)
        vccd_mi_clear(&m->param[i]);
    free(m->param);
    free(m->param_di);
    free(m->param_ui);
    free(m);
}

void
vccd_motion_sync(vccd_motion *m)
{
    for (int i = 0; i < m->nparams; i++) {
        vccd_di d = vccd_mi_get_di(&m->param[i]);
        m->param_di[i] = d;
        m->param_ui[i] = vccd_ui_set_2d(d.lo, d.hi);
    }
}

vccd_motion *
vccd_motion_from_config(vccd_config_section *s, mpfr_prec_t prec, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, "type");
    const vccd_motion_type *type;
    char known[256] = "";

    /* the known names, for both messages below (the missing-type one was
       passed "" and printed an empty list) */
    for (int i = 0; i < vccd_motion_type_count(); i++) {
        strncat(known, " ", sizeof known - strlen(known) - 1);
        strncat(known, registry[i]->name, sizeof known - strlen(known) - 1);
    }
    if (!kv) {
        vccd_error_set(e, s->file, s->line, s->name, "type", "missing (one of:%s)", known);
        return NULL;
    }
    type = vccd_motion_type_find(kv->value);
    if (!type) {
        vccd_error_set(e, s->file, kv->line, s->name, "type", "unknown motion '%s' (known:%s)",
                       kv->value, known);
        return NULL;
    }
    return vccd_motion_from_section(type, s, prec, e);
}

vccd_motion *
vccd_motion_from_section(const vccd_motion_type *type, vccd_config_section *s, mpfr_prec_t prec, vccd_error *e)
{
    vccd_motion *m = vccd_motion_alloc(type, 0, prec);
    if (!m) {
        vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
        return NULL;
    }
    if (type->parse(m, s, e) != 0 || vccd_config_check_unused(s, e) != 0) {
        vccd_motion_free(m);
        return NULL;
    }
    vccd_motion_sync(m);
    return m;
}

vccd_motion *
vccd_motion_rebase_di(const vccd_motion *m, vccd_di t0, vccd_di t1)
{
    vccd_motion *r = vccd_motion_alloc(m->type, m->nparams, m->prec);
    VCCD_MI_TMP(a, m->prec);
    VCCD_MI_TMP(b, m->prec);

    if (!r)
        return NULL;
    r->nvertices = m->nvertices;
    /* the models' rebase is interval arithmetic on t0 and t1, so an
       enclosure in gives the enclosure of every restriction it holds */
    vccd_mi_set_di(a, t0);
    vccd_mi_set_di(b, t1);
    m->type->rebase(r->param, m->param, m->nparams, a, b);
    vccd_motion_sync(r);
    return r;
}

vccd_motion *
vccd_motion_rebase(const vccd_motion *m, double t0, double t1)
{
    return vccd_motion_rebase_di(m, vccd_di_set_d(t0), vccd_di_set_d(t1));
}

/* A per-vertex model's kernel sees only the parameters, so the index is
   checked here: reading past them would be a silent wrong answer. */
void
vccd_motion_check_vertex(const vccd_motion *m, int vertex)
{
    if (m->type->per_vertex && (vertex < 0 || vertex >= m->nvertices)) {
        fprintf(stderr, "vccd_motion_eval: vertex %d outside [0, %d) of a %s motion\n",
                vertex, m->nvertices, m->type->name);
        abort();
    }
}

void
vccd_motion_eval_di(vccd_di_vec3 *x, vccd_di_vec3 *v, vccd_di_vec3 *a, const vccd_motion *m, const vccd_di_vec3 *p,
                    int vertex, vccd_di t)
{
    vccd_motion_check_vertex(m, vertex);
    m->type->eval_di(x, v, a, m->param_di, p, vertex, &t);
}

void
vccd_motion_eval_ui(vccd_ui_vec3 *x, vccd_ui_vec3 *v, vccd_ui_vec3 *a, const vccd_motion *m, const vccd_ui_vec3 *p,
                    int vertex, vccd_ui t)
{
    vccd_motion_check_vertex(m, vertex);
    m->type->eval_ui(x, v, a, m->param_ui, p, vertex, &t);
}

void
vccd_motion_eval_mi(vccd_mi_vec3 *x, vccd_mi_vec3 *v, vccd_mi_vec3 *a, const vccd_motion *m, const vccd_mi_vec3 *p,
                    int vertex, const vccd_mi_t t)
{
    /* Parameters stay at the motion's precision: MPFR rounds every
       result to its output's precision, and kernels take temporaries at
       that precision, so no copy (and no allocation) is needed. */
    vccd_motion_check_vertex(m, vertex);
    m->type->eval_mi(x, v, a, m->param, p, vertex, t);
}

void
vccd_motion_bounds(double *speed, double *accel, const vccd_motion *m, double r)
{
    m->type->bounds(speed, accel, m->param_di, m->nparams, r);
}

/* --- helpers for model files (motion_impl.h) ---------------------------- */

void
vccd_motion_set_param_d(vccd_motion *m, int i, double x)
{
    vccd_mi_set_d(&m->param[i], x);
}

/* The doubles of an entry built in memory (config.h's dv): taken
   exactly, so the enclosure is the one the exact decimal would give. */
static int
parse_doubles(vccd_motion *m, vccd_config_section *s, const vccd_config_kv *kv, const char *key, int first, int n,
              vccd_error *e)
{
    if (kv->dn != n)
        return vccd_error_set(e, s->file, kv->line, s->name, key, "expected %d number%s, got %d", n,
                              n == 1 ? "" : "s", kv->dn);
    for (int i = 0; i < n; i++) {
        if (!isfinite(kv->dv[i]))
            return vccd_error_set(e, s->file, kv->line, s->name, key, "number %d of %d is %s, not a finite number",
                                  i + 1, n, isnan(kv->dv[i]) ? "nan" : kv->dv[i] > 0 ? "inf" : "-inf");
        vccd_motion_set_param_d(m, first + i, kv->dv[i]);
        /* below 53 bits, +-DBL_MAX rounds outward past it: the check of
           decimal text */
        if (!vccd_di_is_bounded(vccd_mi_get_di(&m->param[first + i])))
            return vccd_error_set(e, s->file, kv->line, s->name, key,
                                  "number %d of %d (%.17g) is outside the binary64 range at precision %ld", i + 1,
                                  n, kv->dv[i], (long)m->prec);
    }
    return 0;
}

/* tok for a message: a long one as its start and end around "...", so
   that what is wrong with it still fits the message. */
static const char *
quote(char *out, size_t size, const char *tok, size_t len)
{
    if (len < 64)
        snprintf(out, size, "%s", tok);
    else
        snprintf(out, size, "%.40s...%s", tok, tok + len - 20);
    return out;
}

int
vccd_motion_parse_reals(vccd_motion *m, vccd_config_section *s, const char *key,
                        int first, int n, int required, double def, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    const char *p;
    char *tok, q[80];
    int k = 0, rc = 0;

    if (!kv) {
        if (required)
            return vccd_error_set(e, s->file, s->line, s->name, key,
                                  "missing (expected %d number%s)", n, n == 1 ? "" : "s");
        for (int i = 0; i < n; i++)
            vccd_motion_set_param_d(m, first + i, def);
        return 0;
    }
    if (kv->dv)
        return parse_doubles(m, s, kv, key, first, n, e);
    /* A number is as long as the line allows: the exact decimal of a
       double near 1e-300 has some 750 significant digits. */
    p = kv->value;
    if (!(tok = malloc(strlen(p) + 1)))
        return vccd_error_set(e, s->file, kv->line, s->name, key, "out of memory");
    for (;;) {
        size_t len = 0;
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            break;
        while (p[len] && p[len] != ' ' && p[len] != '\t' && p[len] != ',')
            len++;
        memcpy(tok, p, len);
        tok[len] = '\0';
        p += len;
        if (k >= n) {
            rc = vccd_error_set(e, s->file, kv->line, s->name, key,
                                "expected %d number%s, got more", n, n == 1 ? "" : "s");
            break;
        }
        if (!vccd_motion_number_chars(tok, len))
            rc = vccd_error_set(e, s->file, kv->line, s->name, key, "'%s' is not a decimal number or a rational P/Q",
                                quote(q, sizeof q, tok, len));
        if (rc == 0
            && (vccd_mi_set_str(&m->param[first + k], tok) != 0 || !vccd_mi_is_bounded(&m->param[first + k])))
            rc = vccd_error_set(e, s->file, kv->line, s->name, key,
                                "'%s' is not a finite number (decimal, or P/Q with Q != 0)", quote(q, sizeof q, tok, len));
        /* Beyond binary64's range the binary64 backend would only see
           [DBL_MAX, inf]: rigorous but useless, and surely a typo. */
        if (rc == 0 && !vccd_di_is_bounded(vccd_mi_get_di(&m->param[first + k])))
            rc = vccd_error_set(e, s->file, kv->line, s->name, key,
                                "'%s' is outside the binary64 range", quote(q, sizeof q, tok, len));
        if (rc != 0)
            break;
        k++;
    }
    free(tok);
    if (rc == 0 && k != n)
        rc = vccd_error_set(e, s->file, kv->line, s->name, key,
                            "expected %d number%s, got %d", n, n == 1 ? "" : "s", k);
    return rc;
}

void
vccd_motion_normalize_quat(vccd_motion *m, int first)
{
    vccd_mi_quat q;
    VCCD_MI_TMP(n, m->prec);
    for (int i = 0; i < 4; i++)
        q.q[i] = m->param[first + i];       /* shallow view, read only */
    vccd_mi_quat_norm2(n, &q);
    vccd_mi_sqrt(n, n);
    for (int i = 0; i < 4; i++)
        vccd_mi_div(&m->param[first + i], &m->param[first + i], n);
}

int
vccd_motion_parse_unit_quat(vccd_motion *m, vccd_config_section *s, const char *key,
                            int first, int required, vccd_error *e)
{
    vccd_mi_quat q;
    VCCD_MI_TMP(n, 64);
    vccd_di nd;

    if (vccd_motion_parse_reals(m, s, key, first, 4, required, 0.0, e) != 0)
        return -1;
    if (!vccd_config_get(s, key)) {         /* absent and optional: identity */
        vccd_motion_set_param_d(m, first, 1.0);
        return 0;
    }
    for (int i = 0; i < 4; i++)
        q.q[i] = m->param[first + i];
    vccd_mi_quat_norm2(n, &q);
    nd = vccd_mi_get_di(n);
    if (!(nd.lo > 1.0 - 2e-6 && nd.hi < 1.0 + 2e-6))
        return vccd_error_set(e, s->file, vccd_config_get(s, key)->line, s->name, key,
                              "not a unit quaternion (|q|^2 = %.17g); give w x y z of a rotation",
                              0.5 * nd.lo + 0.5 * nd.hi);
    vccd_motion_normalize_quat(m, first);
    return 0;
}

void
vccd_motion_random_reals(vccd_motion *m, gmp_randstate_t rs, int first, int n, double scale)
{
    for (int i = 0; i < n; i++) {
        double u = (double)gmp_urandomb_ui(rs, 30) * 0x1p-30;
        vccd_motion_set_param_d(m, first + i, scale * (2.0 * u - 1.0));
    }
}

void
vccd_motion_random_unit_quat(vccd_motion *m, gmp_randstate_t rs, int first)
{
    double n2;
    do {
        vccd_motion_random_reals(m, rs, first, 4, 1.0);
        n2 = 0.0;
        for (int i = 0; i < 4; i++) {
            double x = mpfr_get_d(&m->param[first + i].lo, MPFR_RNDN);
            n2 += x * x;
        }
    } while (n2 < 0.01);
    vccd_motion_normalize_quat(m, first);
}

int
vccd_motion_reserve(vccd_motion *m, int nparams)
{
    vccd_mi_struct *p = realloc(m->param, (size_t)nparams * sizeof *p);
    vccd_di *d;
    vccd_ui *u;
    if (!p)
        return -1;
    m->param = p;
    d = realloc(m->param_di, (size_t)nparams * sizeof *d);
    if (d)
        m->param_di = d;
    u = realloc(m->param_ui, (size_t)nparams * sizeof *u);
    if (u)
        m->param_ui = u;
    if (!d || !u)
        return -1;
    for (int i = m->nparams; i < nparams; i++) {
        vccd_mi_init2(&m->param[i], m->prec);
        m->param_di[i] = vccd_di_empty();
        m->param_ui[i] = vccd_ui_empty();
    }
    m->nparams = nparams > m->nparams ? nparams : m->nparams;
    return 0;
}

/* A planar model moves the plane z = 0 and ignores z, so eval gives no
   third column; the rotation about z it performs has e_z there, which
   makes R a true rotation (bv.h's relative poses invert it by its
   transpose) and x = origin + R p exact for every point of the plane. */
#define PLANAR_Z(m, j) ((m)->type->dim == 2 && (j) == 2)

int
vccd_motion_pose_frame_init(vccd_motion_pose_frame *f, const vccd_motion *m)
{
    const vccd_di *P = m->param_di;
    const vccd_di_vec3 *w = (const vccd_di_vec3 *)(P + VCCD_RIGID_W);
    vccd_di_mat3 R;
    f->m = m;
    if (m->type->per_vertex || m->type->form != VCCD_MOTION_FORM_RIGID)
        return -1;
    vccd_di_vec3_norm2(&f->w2, w);
    /* kin_rigid_frame of the unit vectors: R(q0) e_j is column j of the
       rotation matrix, one quat_to_mat3 (9 products) where three
       quat_rotate calls took 45 (the same contract: q0 a unit
       quaternion's enclosure) */
    vccd_di_quat_to_mat3(&R, (const vccd_di_quat *)(P + VCCD_RIGID_Q));
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 3; i++)
            f->y[j][0].c[i] = R.m[3 * i + j];
        vccd_di_vec3_cross(&f->y[j][1], w, &f->y[j][0]);
        vccd_di_vec3_cross(&f->y[j][2], w, &f->y[j][1]);
    }
    return 0;
}

/* The pose of a RIGID-form motion (rigid.h) from its parts: the centre
   c(t) and the columns R(w, t) R(q0) e_j, each enclosed by itself over t.
   One sinc/cosc per call instead of one per evaluated point, and the
   columns do not carry the centre's travel over t twice, as
   x(e_j) - x(0) does (the same formula as kin_rigid_eval: x(p, t) =
   c(t) + R(t) p holds for every t, with c(t) and R(t) in their own
   enclosures). */
/* The centre c(t) and the coefficients of kin_rigid_apply over t of a
   RIGID-form motion with |w|^2 in w2: what every point shares. */
static void
rigid_centre_coefs(const vccd_motion *m, vccd_di_vec3 *c, vccd_di k[4], const vccd_di *w2, vccd_di t)
{
    const vccd_di *P = m->param_di;
    vccd_di_kin_rigid_centre(c, NULL, (const vccd_di_vec3 *)(P + VCCD_RIGID_O), (const vccd_di_vec3 *)(P + VCCD_RIGID_U),
                             m->nparams >= VCCD_RIGID_NB ? (const vccd_di_vec3 *)(P + VCCD_RIGID_B) : NULL, &t);
    vccd_di_kin_rigid_coefs(k, w2, &t);
}

void
vccd_motion_pose_frame_di(vccd_di_vec3 *origin, vccd_di_mat3 *R, const vccd_motion_pose_frame *f, vccd_di t)
{
    vccd_di_vec3 zero, col;
    vccd_di k[4];

    rigid_centre_coefs(f->m, origin, k, &f->w2, t);
    vccd_di_vec3_set_d(&zero, 0.0, 0.0, 0.0);
    for (int j = 0; j < 3; j++) {
        vccd_di_kin_rigid_apply(&col, NULL, NULL, &zero, NULL, NULL, f->y[j], k);
        for (int i = 0; i < 3; i++)
            R->m[3 * i + j] = col.c[i];
    }
}

static double
mid(vccd_di x)
{
    return 0.5 * x.lo + 0.5 * x.hi;
}

/* sin(x) / x, 1 at 0 (sin(x) / x is then within an ulp for every
   x != 0: no series needed) */
static double
sinc_d(double x)
{
    return x == 0.0 ? 1.0 : sin(x) / x;
}

void
vccd_motion_pose_frame_approx(double origin[3], double R[9], const vccd_motion_pose_frame *f, double t)
{
    const vccd_di *P = f->m->param_di;
    int acc = f->m->nparams >= VCCD_RIGID_NB;
    double w = sqrt(fmax(mid(f->w2), 0.0)), k0, k1, h;
    /* kin_rigid_coefs' t S and t^2 C, C = (1 - cos x) / x^2 taken as
       sinc(x / 2)^2 / 2, which does not cancel at small x */
    k0 = t * sinc_d(w * t);
    h = t * sinc_d(0.5 * w * t);
    k1 = 0.5 * h * h;
    for (int i = 0; i < 3; i++) {
        origin[i] = mid(P[VCCD_RIGID_O + i]) + mid(P[VCCD_RIGID_U + i]) * t
                    + (acc ? 0.5 * mid(P[VCCD_RIGID_B + i]) * t * t : 0.0);
        for (int j = 0; j < 3; j++)
            R[3 * i + j] = mid(f->y[j][0].c[i]) + k0 * mid(f->y[j][1].c[i]) + k1 * mid(f->y[j][2].c[i]);
    }
}

void
vccd_motion_point_frame_di(vccd_di_vec3 y[3], const vccd_motion_pose_frame *f, const vccd_di_vec3 *p)
{
    const vccd_di *P = f->m->param_di;
    vccd_di_kin_rigid_frame(y, (const vccd_di_quat *)(P + VCCD_RIGID_Q), (const vccd_di_vec3 *)(P + VCCD_RIGID_W), p);
}

void
vccd_motion_point_frame_lin_di(vccd_di_vec3 y[3], const vccd_motion_pose_frame *f, const double p[3])
{
    /* y[i].c[c] = sum_j p_j f->y[j][i].c[c], rounded once (fdot_d):
       consecutive j are 9 intervals apart in f->y */
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 3; c++)
            y[i].c[c] = vccd_di_fdot_d(vccd_di_set_d(0.0), &f->y[0][i].c[c], 9, p, 3);
}

void
vccd_motion_frame_time_di(vccd_motion_frame_time *ft, const vccd_motion_pose_frame *f, vccd_di t)
{
    rigid_centre_coefs(f->m, &ft->c, ft->k, &f->w2, t);
}

void
vccd_motion_frame_centre_di(vccd_di_vec3 *c, vccd_di_vec3 *cv, const vccd_motion_pose_frame *f, vccd_di t)
{
    const vccd_di *P = f->m->param_di;
    vccd_di_kin_rigid_centre(c, cv, (const vccd_di_vec3 *)(P + VCCD_RIGID_O), (const vccd_di_vec3 *)(P + VCCD_RIGID_U),
                             f->m->nparams >= VCCD_RIGID_NB ? (const vccd_di_vec3 *)(P + VCCD_RIGID_B) : NULL, &t);
}

void
vccd_motion_frame_velocity_di(vccd_di_vec3 *v, const vccd_motion_pose_frame *f, const vccd_motion_frame_time *ft,
                              const vccd_di_vec3 y[3], vccd_di t)
{
    const vccd_di *P = f->m->param_di;
    vccd_di_vec3 cv;
    vccd_di_kin_rigid_centre(NULL, &cv, (const vccd_di_vec3 *)(P + VCCD_RIGID_O), (const vccd_di_vec3 *)(P + VCCD_RIGID_U),
                             f->m->nparams >= VCCD_RIGID_NB ? (const vccd_di_vec3 *)(P + VCCD_RIGID_B) : NULL, &t);
    vccd_di_kin_rigid_apply(NULL, v, NULL, NULL, &cv, NULL, y, ft->k);
}

void
vccd_motion_frame_apply_di(vccd_di_vec3 *x, const vccd_motion_frame_time *ft, const vccd_di_vec3 y[3])
{
    vccd_di_kin_rigid_apply(x, NULL, NULL, &ft->c, NULL, NULL, y, ft->k);
}

void
vccd_motion_eval_frames_di(vccd_di_vec3 *x, const vccd_motion_pose_frame *f, const vccd_di_vec3 (*y)[3],
                           const long *index, int n, vccd_di t)
{
    vccd_motion_frame_time ft;
    vccd_motion_frame_time_di(&ft, f, t);
    for (int i = 0; i < n; i++)
        vccd_motion_frame_apply_di(&x[i], &ft, y[index[i]]);
}

void
vccd_motion_eval_points_di(vccd_di_vec3 *x, const vccd_motion *m, const vccd_di_vec3 *p, const int *vertex, int n,
                           vccd_di t)
{
    const vccd_di *P = m->param_di;
    const vccd_di_vec3 *w = (const vccd_di_vec3 *)(P + VCCD_RIGID_W);
    vccd_di_vec3 c, y[3];
    vccd_di k[4], w2;

    if (m->type->form != VCCD_MOTION_FORM_RIGID) {
        for (int i = 0; i < n; i++)
            vccd_motion_eval_di(&x[i], NULL, NULL, m, &p[i], vertex ? vertex[i] : 0, t);
        return;
    }
    /* kin_rigid_eval with the centre and the coefficients shared */
    vccd_di_vec3_norm2(&w2, w);
    rigid_centre_coefs(m, &c, k, &w2, t);
    for (int i = 0; i < n; i++) {
        vccd_di_kin_rigid_frame(y, (const vccd_di_quat *)(P + VCCD_RIGID_Q), w, &p[i]);
        vccd_di_kin_rigid_apply(&x[i], NULL, NULL, &c, NULL, NULL, y, k);
    }
}

int
vccd_motion_pose_di(vccd_di_vec3 *origin, vccd_di_mat3 *R, const vccd_motion *m, vccd_di t)
{
    vccd_di_vec3 p, x;
    if (m->type->per_vertex)
        return -1;
    if (m->type->form == VCCD_MOTION_FORM_RIGID) {
        vccd_motion_pose_frame f;
        vccd_motion_pose_frame_init(&f, m);
        vccd_motion_pose_frame_di(origin, R, &f, t);
        return 0;
    }
    vccd_di_vec3_set_d(&p, 0.0, 0.0, 0.0);
    vccd_motion_eval_di(origin, NULL, NULL, m, &p, 0, t);
    for (int j = 0; j < 3; j++) {
        if (PLANAR_Z(m, j)) {
            for (int i = 0; i < 3; i++)
                R->m[3 * i + j] = vccd_di_set_d(i == 2);
            continue;
        }
        vccd_di_vec3_set_d(&p, j == 0, j == 1, j == 2);
        vccd_motion_eval_di(&x, NULL, NULL, m, &p, 0, t);
        vccd_di_vec3_sub(&x, &x, origin);
        for (int i = 0; i < 3; i++)
            R->m[3 * i + j] = x.c[i];
    }
    return 0;
}

int
vccd_motion_pose_mi(vccd_mi_vec3 *origin, vccd_mi_mat3 *R, const vccd_motion *m, const vccd_mi_t t)
{
    mpfr_prec_t prec = vccd_mi_get_prec(&origin->c[0]);
    vccd_mi_vec3 p, x;
    if (m->type->per_vertex)
        return -1;
    vccd_mi_vec3_init(&p, prec);
    vccd_mi_vec3_init(&x, prec);
    vccd_mi_vec3_set_d(&p, 0.0, 0.0, 0.0);
    vccd_motion_eval_mi(origin, NULL, NULL, m, &p, 0, t);
    for (int j = 0; j < 3; j++) {
        if (PLANAR_Z(m, j)) {
            for (int i = 0; i < 3; i++)
                vccd_mi_set_d(&R->m[3 * i + j], i == 2);
            continue;
        }
        vccd_mi_vec3_set_d(&p, j == 0, j == 1, j == 2);
        vccd_motion_eval_mi(&x, NULL, NULL, m, &p, 0, t);
        vccd_mi_vec3_sub(&x, &x, origin);
        for (int i = 0; i < 3; i++)
            vccd_mi_set(&R->m[3 * i + j], &x.c[i]);
    }
    vccd_mi_vec3_clear(&p);
    vccd_mi_vec3_clear(&x);
    return 0;
}

int
vccd_motion_number_chars(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!(isdigit((unsigned char)s[i]) || strchr("+-.eE/", s[i])))
            return 0;
    return 1;
}
