/* t-feature-rigid.c -- the jets s, s', s'' of feature pairs under rigid
   motions (the 3D models, and ltlrm2d for the 2D pair) against the
   multinomial MPFR reference, the jets a pair keeps between calls, and
   pairs made from precomputed point frames.  The references are
   described in t-feature.c. */
#include "feature-ref.h"

/* --- feature pairs under rigid motions --------------------------------------- */

/* Motion classes: the rates and scales where the enclosures of sin/cos
   and of large coordinates are hardest. */
enum { RC_GENERIC, RC_REST, RC_HALF, RC_LARGE, RC_TINY_W, RC_FAST, RC_N };
static const char *const rc_name[RC_N] = {
    "generic", "at rest", "half turn", "1e6 with 1e-3 features", "omega 1e-9", "omega 50",
};
static const char *const rig3_models[] = { "ltlrm", "ballistic", "angaccel", "interp", "screw", "rotvec" };
#define N_RIG3 ((int)(sizeof rig3_models / sizeof rig3_models[0]))

/* Body point configurations. */
enum { RG_GENERIC, RG_ZERO_EDGE, RG_DEGENERATE, RG_COPLANAR, RG_N };
static const char *const rg_name[RG_N] = { "generic", "zero-length edge", "on a line", "coplanar" };

/* Append "key = v0 v1 ...".  %.17g is a decimal the parser encloses
   exactly; the reference evaluates the same motion, so it does not
   matter that the decimal is not quite the double. */
static size_t
cfg_key(char *buf, size_t cap, size_t len, const char *key, const double *v, int n)
{
    len += (size_t)snprintf(buf + len, cap - len, "%s =", key);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, " %.17g", v[i]);
    return len + (size_t)snprintf(buf + len, cap - len, "\n");
}

static void
rnd_unit(double *d, int n)
{
    double s;
    do {
        s = 0.0;
        for (int i = 0; i < n; i++) {
            d[i] = rnd_sym(1.0);
            s += d[i] * d[i];
        }
    } while (s < 0.01);
    s = sqrt(s);
    for (int i = 0; i < n; i++)
        d[i] /= s;
}

/* r := the turn by angle about the unit axis, after q. */
static void
quat_turn(double r[4], const double q[4], const double axis[3], double angle)
{
    double a[4] = { cos(0.5 * angle), 0, 0, 0 };
    for (int i = 0; i < 3; i++)
        a[i + 1] = sin(0.5 * angle) * axis[i];
    r[0] = a[0] * q[0] - a[1] * q[1] - a[2] * q[2] - a[3] * q[3];
    r[1] = a[0] * q[1] + a[1] * q[0] + a[2] * q[3] - a[3] * q[2];
    r[2] = a[0] * q[2] - a[1] * q[3] + a[2] * q[0] + a[3] * q[1];
    r[3] = a[0] * q[3] + a[1] * q[2] - a[2] * q[1] + a[3] * q[0];
}

/* A 3D body at rest: its trajectory is x(t) = o + v t + acc t^2 / 2 +
   R(q) p exactly, with rational o, v, acc, q (the decimals of its config
   keys): ltlrm, ballistic and angaccel with zero rates; interp and screw
   between two equal orientations, and rotvec with both rotation vectors
   0 (then q = 1), their velocity end - start.  Then s and its
   derivatives are rationals at a double t (rig_ref_exact). */
typedef struct {
    int exact;
    double o[3], v[3], end[3], acc[3], q[4];
    int from_end, has_acc;
} rest_body;

/* Section [name] of a random motion of the given model and class; rb
   records it when it is a rest_body. */
static size_t
rig_config(char *buf, size_t cap, size_t len, const char *name, const char *model, int cls, rest_body *rb)
{
    double o[3], v[3], w[3], dir[3], q[4], q1[4], x[3], y;
    double scale = cls == RC_LARGE ? 1e6 : 2.0;
    double rate = cls == RC_REST ? 0.0 : cls == RC_HALF ? 3.141592653589793
                : cls == RC_TINY_W ? 1e-9 : cls == RC_FAST ? 50.0 : 4.0 * tu_unit();

    len += (size_t)snprintf(buf + len, cap - len, "[%s]\ntype = %s\n", name, model);
    for (int i = 0; i < 3; i++) {
        o[i] = rnd_sym(scale);
        v[i] = rnd_sym(2.0);
    }
    rnd_unit(dir, 3);
    rnd_unit(q, 4);
    for (int i = 0; i < 3; i++)
        w[i] = rate * dir[i];
    memset(rb, 0, sizeof *rb);
    rb->exact = cls == RC_REST && strcmp(model, "ltlrm2d") != 0;
    memcpy(rb->o, o, sizeof o);
    memcpy(rb->v, v, sizeof v);
    memcpy(rb->q, q, sizeof q);
    if (strcmp(model, "ltlrm2d") == 0) {
        y = rnd_sym(4.0);
        len = cfg_key(buf, cap, len, "o0", o, 2);
        len = cfg_key(buf, cap, len, "v", v, 2);
        len = cfg_key(buf, cap, len, "alpha0", &y, 1);
        y = tu_ulong() & 1 ? rate : -rate;
        return cfg_key(buf, cap, len, "omega", &y, 1);
    }
    if (strcmp(model, "interp") == 0 || strcmp(model, "screw") == 0 || strcmp(model, "rotvec") == 0) {
        len = cfg_key(buf, cap, len, "start_position", o, 3);
        for (int i = 0; i < 3; i++)
            x[i] = o[i] + v[i];
        len = cfg_key(buf, cap, len, "end_position", x, 3);
        memcpy(rb->end, x, sizeof x);
        rb->from_end = 1;
        if (strcmp(model, "rotvec") == 0) {
            /* at rest about the zero rotation vector: exp(0) = I is the
               one rotation vector with a rational rotation */
            for (int i = 0; i < 3; i++) {
                x[i] = cls == RC_REST ? 0.0 : rnd_sym(3.0);
                v[i] = x[i] + w[i];
            }
            rb->q[0] = 1.0;
            rb->q[1] = rb->q[2] = rb->q[3] = 0.0;
            len = cfg_key(buf, cap, len, "start_rotvec", x, 3);
            return cfg_key(buf, cap, len, "end_rotvec", v, 3);
        }
        quat_turn(q1, q, dir, rate);
        len = cfg_key(buf, cap, len, "start_orientation", q, 4);
        return cfg_key(buf, cap, len, "end_orientation", q1, 4);
    }
    len = cfg_key(buf, cap, len, "o0", o, 3);
    len = cfg_key(buf, cap, len, "v", v, 3);
    len = cfg_key(buf, cap, len, "q0", q, 4);
    if (strcmp(model, "angaccel") == 0) {
        len = cfg_key(buf, cap, len, "axis", dir, 3);
        y = tu_ulong() & 1 ? rate : -rate;
        len = cfg_key(buf, cap, len, "omega0", &y, 1);
        y = cls == RC_REST ? 0.0 : rnd_sym(cls == RC_FAST ? 50.0 : cls == RC_TINY_W ? 1e-9 : 4.0);
        return cfg_key(buf, cap, len, "alpha", &y, 1);
    }
    len = cfg_key(buf, cap, len, "omega", w, 3);
    if (strcmp(model, "ballistic") == 0) {
        for (int i = 0; i < 3; i++)
            x[i] = rnd_sym(10.0);
        len = cfg_key(buf, cap, len, "a", x, 3);
        memcpy(rb->acc, x, sizeof x);
        rb->has_acc = 1;
    }
    return len;
}

/* Feature A's points (the vertex, or edge ab) are body points of motion
   m[0], feature B's of m[1], which may be the same body. */
typedef struct {
    vccd_feature_kind kind;
    int np;
    vccd_motion *m[2];
    rest_body rest[2];          /* the bodies' trajectories, when exact */
    int body[4];                /* point i rides on m[body[i]] */
    vccd_track tr[4];
    vccd_feature *f[NB];
} rig_pair;

static void
rig_release(rig_pair *rp)
{
    for (int b = 0; b < NB; b++) {
        vccd_feature_free(rp->f[b]);
        rp->f[b] = NULL;
    }
    if (rp->m[1] != rp->m[0])
        vccd_motion_free(rp->m[1]);
    vccd_motion_free(rp->m[0]);
    rp->m[0] = rp->m[1] = NULL;
}

/* Body points of configuration geo.  They are computed in doubles, so
   the lines and planes are only nearly so; the motions' rotations
   round them further apart anyway. */
static void
rig_points(double p[4][3], vccd_feature_kind kind, int geo, double scale)
{
    int dim = kind == VCCD_FEATURE_VE2D ? 2 : 3;
    double al = rnd_sym(2.0), be = rnd_sym(2.0);
    const int *g = degen_pts[kind];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            p[i][j] = j < dim ? rnd_sym(scale) : 0.0;
    for (int j = 0; j < dim; j++)
        switch (geo) {
        case RG_ZERO_EDGE:
            p[zero_edge[kind][1]][j] = p[zero_edge[kind][0]][j];
            break;
        case RG_DEGENERATE:
            p[g[0]][j] = p[g[1]][j] + al * (p[g[3]][j] - p[g[2]][j]);
            break;
        case RG_COPLANAR:       /* the last point in the plane of the first three */
            p[kind == VCCD_FEATURE_VE2D ? 0 : 3][j] = p[g[1]][j] + al * (p[g[3]][j] - p[g[2]][j])
                + (kind == VCCD_FEATURE_VE2D ? 0.0 : be * (p[kind == VCCD_FEATURE_VF ? 0 : 2][j] - p[g[2]][j]));
            break;
        default:
            break;
        }
}

static void
rig_build(rig_pair *rp, vccd_feature_kind kind, int cls, int geo)
{
    char text[4096];
    size_t len = 0;
    int same = rnd_one_in(4), na = kind == VCCD_FEATURE_EE ? 2 : 1;
    double p[4][3];
    vccd_config cfg;
    vccd_error e;

    rp->kind = kind;
    rp->np = npoints(kind);
    for (int body = 0; body < 2; body++)
        len = rig_config(text, sizeof text, len, body ? "b" : "a",
                         kind == VCCD_FEATURE_VE2D ? "ltlrm2d" : rig3_models[tu_ulong() % N_RIG3], cls,
                         &rp->rest[body]);
    if (vccd_config_load_string(&cfg, "t-feature", text, &e) != 0)
        tu_fail("config rejected: %s\n%s", e.msg, text);
    rp->m[0] = vccd_motion_from_config(vccd_config_find(&cfg, "a"), RIG_PREC, &e);
    rp->m[1] = same || !rp->m[0] ? rp->m[0] : vccd_motion_from_config(vccd_config_find(&cfg, "b"), RIG_PREC, &e);
    vccd_config_clear(&cfg);
    if (!rp->m[0] || !rp->m[1])
        tu_fail("motion rejected: %s\n%s", e.msg, text);
    rig_points(p, kind, geo, cls == RC_LARGE ? 1e-3 : 1.0);
    len = (size_t)snprintf(ctx, sizeof ctx, "%s pair, %s motions, %s points%s\n%s", vccd_feature_kind_name(kind),
                           rc_name[cls], rg_name[geo], same ? ", both on body a" : "", text);
    for (int i = 0; i < rp->np; i++) {
        rp->body[i] = i < na || same ? 0 : 1;
        rp->tr[i] = (vccd_track){ rp->m[i < na ? 0 : 1], 0, { p[i][0], p[i][1], p[i][2] } };
        len += (size_t)snprintf(ctx + len, sizeof ctx - len, "point %d on body %c: %a %a %a\n", i,
                                i < na || same ? 'a' : 'b', p[i][0], p[i][1], p[i][2]);
    }
    for (int b = 0; b < NB; b++) {
        rp->f[b] = vccd_feature_new(kind, rp->tr, &barith[b]);
        ck_assert_msg(rp->f[b] != NULL, "out of memory");
    }
}

/* The reference's workspace at REF_PREC. */
typedef struct {
    vccd_mi_vec3 X[4][3], V[3][3], p;
    vccd_mi_t t, term;
} ref_ws;

static void
ref_init(ref_ws *w)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_init(&w->X[i][k], REF_PREC);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_init(&w->V[i][k], REF_PREC);
    vccd_mi_vec3_init(&w->p, 64);
    vccd_mi_init2(w->t, REF_PREC);
    vccd_mi_init2(w->term, REF_PREC);
}

static void
ref_clear(ref_ws *w)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_clear(&w->X[i][k]);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_clear(&w->V[i][k]);
    vccd_mi_vec3_clear(&w->p);
    vccd_mi_clear(w->t);
    vccd_mi_clear(w->term);
}

/* r := det(a, b, c) as the sum of its six signed products. */
static void
ref_det(vccd_mi_t r, const vccd_mi_vec3 *a, const vccd_mi_vec3 *b, const vccd_mi_vec3 *c)
{
    VCCD_MI_TMP(p, REF_PREC);
    vccd_mi_set_d(r, 0.0);
    for (int t = 0; t < 6; t++) {
        vccd_mi_mul(p, &a->c[det_terms[t][0]], &b->c[det_terms[t][1]]);
        vccd_mi_mul(p, p, &c->c[det_terms[t][2]]);
        if (det_terms[t][3] > 0)
            vccd_mi_add(r, r, p);
        else
            vccd_mi_sub(r, r, p);
    }
}

/* s[k] := s^(k)(t), k <= 2: the points' x, v, a from their motions at the
   point time t, then s^(k) = sum over i + j + l = k of
   k!/(i! j! l!) det(u^(i), e1^(j), e2^(l)); for k <= 2 the coefficient is
   2 exactly when two of i, j, l are 1, else 1. */
static void
rig_ref(vccd_mi_struct s[3], ref_ws *w, const rig_pair *rp, double t)
{
    vccd_mi_set_d(w->t, t);
    for (int i = 0; i < rp->np; i++) {
        vccd_mi_vec3_set_d(&w->p, rp->tr[i].p[0], rp->tr[i].p[1], rp->tr[i].p[2]);
        vccd_motion_eval_mi(&w->X[i][0], &w->X[i][1], &w->X[i][2], rp->tr[i].m, &w->p, rp->tr[i].vertex, w->t);
    }
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++) {
            const int *ij = vec_pts[rp->kind][v];
            if (ij[0] < 0)
                vccd_mi_vec3_set_d(&w->V[v][k], 0.0, 0.0, k == 0 ? 1.0 : 0.0);
            else
                vccd_mi_vec3_sub(&w->V[v][k], &w->X[ij[0]][k], &w->X[ij[1]][k]);
        }
    for (int k = 0; k < 3; k++) {
        vccd_mi_set_d(&s[k], 0.0);
        for (int i = 0; i <= k; i++)
            for (int j = 0; i + j <= k; j++) {
                int l = k - i - j;
                ref_det(w->term, &w->V[0][i], &w->V[1][j], &w->V[2][l]);
                if ((i == 1) + (j == 1) + (l == 1) == 2)
                    vccd_mi_mul_2si(w->term, w->term, 1);
                vccd_mi_add(&s[k], &s[k], w->term);
            }
    }
}

/* r := the rational the config parser reads for d, the decimal "%.17g"
   of d that rig_config wrote (not d itself). */
static void
q_set_g17(mpq_t r, double d)
{
    char buf[64], *c = buf;
    mpz_t m;
    long e = 0;
    int neg = 0;

    snprintf(buf, sizeof buf, "%.17g", d);
    mpz_init(m);
    if (*c == '-' || *c == '+')
        neg = *c++ == '-';
    for (; *c && *c != 'e'; c++)
        if (*c == '.') {
            e = 0;
            for (c++; *c >= '0' && *c <= '9'; c++, e--) {
                mpz_mul_ui(m, m, 10);
                mpz_add_ui(m, m, (unsigned long)(*c - '0'));
            }
            break;
        } else {
            if (*c < '0' || *c > '9')
                tu_fail("test bug: cannot read '%s'", buf);
            mpz_mul_ui(m, m, 10);
            mpz_add_ui(m, m, (unsigned long)(*c - '0'));
        }
    if (*c == 'e')
        e += strtol(c + 1, NULL, 10);
    mpq_set_z(r, m);
    mpz_ui_pow_ui(m, 10, (unsigned long)labs(e));
    if (e >= 0)
        mpz_mul(mpq_numref(r), mpq_numref(r), m);
    else
        mpz_mul(mpq_denref(r), mpq_denref(r), m);
    mpq_canonicalize(r);
    if (neg)
        mpq_neg(r, r);
    mpz_clear(m);
}

/* r := det(a, b, c), exactly. */
static void
q_det(mpq_t r, mpq_t *a, mpq_t *b, mpq_t *c)
{
    mpq_t p;
    mpq_init(p);
    mpq_set_ui(r, 0, 1);
    for (int t = 0; t < 6; t++) {
        mpq_mul(p, a[det_terms[t][0]], b[det_terms[t][1]]);
        mpq_mul(p, p, c[det_terms[t][2]]);
        if (det_terms[t][3] > 0)
            mpq_add(r, r, p);
        else
            mpq_sub(r, r, p);
    }
    mpq_clear(p);
}

/* X[k] := the k-th derivative at time t of body point p of the exact
   body rb: o + R(q) p + v t + acc t^2 / 2, with R(q) p =
   ((w^2 - |u|^2) p + 2 (u.p) u + 2 w u x p) / |q|^2 for q = (w, u), the
   rotation of the unit quaternion q / |q| (rational in q). */
static void
rest_point(mpq_t X[3][3], const rest_body *rb, const double pd[3], double t)
{
    mpq_t q[4], p[3], o[3], v[3], a[3], n2, up, c, d, tq, x;
    for (int i = 0; i < 4; i++) {
        mpq_init(q[i]);
        q_set_g17(q[i], rb->q[i]);
    }
    mpq_inits(n2, up, c, d, tq, x, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_inits(p[i], o[i], v[i], a[i], NULL);
        mpq_set_d(p[i], pd[i]);
        q_set_g17(o[i], rb->o[i]);
        q_set_g17(v[i], rb->from_end ? rb->end[i] : rb->v[i]);
        if (rb->from_end)
            mpq_sub(v[i], v[i], o[i]);
        if (rb->has_acc)
            q_set_g17(a[i], rb->acc[i]);
    }
    mpq_set_d(tq, t);
    mpq_set_ui(n2, 0, 1);
    mpq_set_ui(up, 0, 1);
    for (int i = 0; i < 4; i++) {
        mpq_mul(c, q[i], q[i]);
        mpq_add(n2, n2, c);
    }
    for (int i = 0; i < 3; i++) {
        mpq_mul(c, q[i + 1], p[i]);
        mpq_add(up, up, c);
    }
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        /* (w^2 - |u|^2) p_i = (2 w^2 - |q|^2) p_i */
        mpq_mul(x, q[0], q[0]);
        mpq_add(x, x, x);
        mpq_sub(x, x, n2);
        mpq_mul(x, x, p[i]);
        mpq_mul(c, up, q[i + 1]);
        mpq_add(x, x, c);
        mpq_add(x, x, c);
        mpq_mul(c, q[j + 1], p[k]);             /* (u x p)_i */
        mpq_mul(d, q[k + 1], p[j]);
        mpq_sub(c, c, d);
        mpq_mul(c, c, q[0]);
        mpq_add(x, x, c);
        mpq_add(x, x, c);
        mpq_div(x, x, n2);
        /* position, velocity, acceleration */
        mpq_add(X[0][i], o[i], x);
        mpq_mul(c, v[i], tq);
        mpq_add(X[0][i], X[0][i], c);
        mpq_mul(c, a[i], tq);
        mpq_set(X[1][i], v[i]);
        mpq_add(X[1][i], X[1][i], c);
        mpq_mul(c, c, tq);
        mpq_div_2exp(c, c, 1);
        mpq_add(X[0][i], X[0][i], c);
        mpq_set(X[2][i], a[i]);
    }
    for (int i = 0; i < 4; i++)
        mpq_clear(q[i]);
    for (int i = 0; i < 3; i++)
        mpq_clears(p[i], o[i], v[i], a[i], NULL);
    mpq_clears(n2, up, c, d, tq, x, NULL);
}

/* n jets of 3-vectors, orders 0 .. 2 */
static void
qjets_init(mpq_t (*X)[3][3], int n)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            qv_init(X[i][k]);
}

static void
qjets_clear(mpq_t (*X)[3][3], int n)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            qv_clear(X[i][k]);
}

/* Is rp's s exactly rational (every body a rest_body, a 3D pair)? */
static int
rig_exact(const rig_pair *rp)
{
    if (rp->kind == VCCD_FEATURE_VE2D)
        return 0;
    for (int i = 0; i < rp->np; i++)
        if (!rp->rest[rp->body[i]].exact)
            return 0;
    return 1;
}

/* s[k] := s^(k)(t) exactly, k <= 2, for a pair with rig_exact: the same
   multinomial sum as rig_ref over the exact jets of rest_point. */
static void
rig_ref_exact(mpq_t s[3], const rig_pair *rp, double t)
{
    mpq_t X[4][3][3], V[3][3][3], d;
    mpq_init(d);
    qjets_init(X, 4);
    qjets_init(V, 3);
    for (int i = 0; i < rp->np; i++)
        rest_point(X[i], &rp->rest[rp->body[i]], rp->tr[i].p, t);
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++)
            qv_sub(V[v][k], X[vec_pts[rp->kind][v][0]][k], X[vec_pts[rp->kind][v][1]][k]);
    for (int k = 0; k < 3; k++) {
        mpq_set_ui(s[k], 0, 1);
        for (int i = 0; i <= k; i++)
            for (int j = 0; i + j <= k; j++) {
                int l = k - i - j;
                q_det(d, V[0][i], V[1][j], V[2][l]);
                if ((i == 1) + (j == 1) + (l == 1) == 2)
                    mpq_add(d, d, d);
                mpq_add(s[k], s[k], d);
            }
    }
    qjets_clear(X, 4);
    qjets_clear(V, 3);
    mpq_clear(d);
}

/* Does the MPFR interval r hold the rational v? */
static int
mi_has_q(const vccd_mi_struct *r, const mpq_t v)
{
    return mpfr_cmp_q(&r->lo, v) <= 0 && mpfr_cmp_q(&r->hi, v) >= 0;
}

START_TEST(test_jets_rigid)
{
    long n = tu_iters(600), before = tu_nchecks;
    rig_pair rp = { 0 };
    ref_ws w;
    vccd_mi_t ref[NSAMP][3];
    mpq_t qref[NSAMP][3];
    double ts[NSAMP];
    vccd_di s[3];
    long nexact = 0;

    ref_init(&w);
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_init2(ref[i][k], REF_PREC);
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++)
            mpq_init(qref[i][k]);
    for (long it = 0; it < n; it++) {
        int exact;
        rig_build(&rp, kinds[it % 3], (int)((it / 3) % RC_N), (int)(tu_ulong() % RG_N));
        exact = rig_exact(&rp);
        nexact += exact;
        for (int j = 0; j < 3; j++) {
            vccd_di T = t_rand();
            for (int i = 0; i < NSAMP; i++) {
                ts[i] = t_sample(T, i);
                rig_ref(&ref[i][0][0], &w, &rp, ts[i]);
                if (!exact)
                    continue;
                /* the exact values, which the MPFR reference must hold
                   too (else this file's rest_point is wrong) */
                rig_ref_exact(qref[i], &rp, ts[i]);
                for (int k = 0; k < 3; k++)
                    if (!mi_has_q(ref[i][k], qref[i][k]))
                        tu_fail("test bug: the exact s^(%d)(%a) = %s is outside the MPFR reference\n%s", k, ts[i],
                                q_fmt(qref[i][k]), ctx);
            }
            for (int b = 0; b < NB; b++) {
                int order = jet_order();
                vccd_feature_jet(s, rp.f[b], T, order);
                for (int i = 0; i < NSAMP; i++)
                    for (int k = 0; k <= order && exact; k++)
                        TU_CHECK(di_has_q(s[k], qref[i][k]),
                                 "%s: jet order %d over T = [%a, %a]: s^(%d) = [%a, %a] misses the exact "
                                 "s^(%d)(%a) = %s\n%s",
                                 bname[b], order, T.lo, T.hi, k, s[k].lo, s[k].hi, k, ts[i], q_fmt(qref[i][k]), ctx);
                for (int i = 0; i < NSAMP; i++)
                    for (int k = 0; k <= order && !exact; k++)
                        TU_CHECK(di_has_mi(s[k], ref[i][k]),
                                 "%s: jet order %d over T = [%a, %a]: s^(%d) = [%a, %a] misses "
                                 "s^(%d)(%a) in [%a, %a]\n%s",
                                 bname[b], order, T.lo, T.hi, k, s[k].lo, s[k].hi, k, ts[i],
                                 mpfr_get_d(&ref[i][k]->lo, MPFR_RNDD), mpfr_get_d(&ref[i][k]->hi, MPFR_RNDU), ctx);
            }
        }
        rig_release(&rp);
    }
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++) {
            vccd_mi_clear(ref[i][k]);
            mpq_clear(qref[i][k]);
        }
    ref_clear(&w);
    /* the class at rest is one in RC_N, and exact for the 3D pairs */
    ck_assert_msg(n < 60 || nexact > 0, "no pair at rest was checked against the exact reference");
    if (verbose)
        fprintf(stderr, "jets, rigid: %ld pairs (%ld exact at rest), %ld checks\n", n, nexact, tu_nchecks - before);
}
END_TEST

/* A feature pair keeps its points' last jets and, per rigid body, the
   coefficients of the last time box (feature.c): whatever the order of
   the calls, an answer must be bit for bit the one a fresh pair gives.
   Each pair is asked for s over T at order 0, at a point P of T (which
   sets T's jets aside in binary64, feature.c's spare_use), over T at
   orders 2 and 1, the predicate over T, s at P and at T again, and is
   compared with fresh pairs asked once. */
static int
di_same(vccd_di a, vccd_di b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (a.lo == b.lo && a.hi == b.hi);
}

START_TEST(test_jets_cached)
{
    long n = tu_iters(400), before = tu_nchecks;
    rig_pair rp = { 0 };

    for (long it = 0; it < n; it++) {
        rig_build(&rp, kinds[it % 3], (int)((it / 3) % RC_N), (int)(tu_ulong() % RG_N));
        for (int b = 0; b < NB; b++) {
            vccd_di T = t_rand(), P = vccd_di_set_d(t_sample(T, 1)), s[7][3], r[3];
            const vccd_arith *a = vccd_feature_get_arith(rp.f[b]);
            static const int order[7] = { 0, 1, 2, 1, -1, 2, 2 }, at_p[7] = { 0, 1, 0, 0, 0, 1, 0 };
            for (int c = 0; c < 7; c++) {
                vccd_di t = at_p[c] ? P : T;
                if (order[c] < 0)
                    (void)vccd_feature_inclusion(rp.f[b], t);
                else
                    vccd_feature_jet(s[c], rp.f[b], t, order[c]);
            }
            for (int c = 0; c < 7; c++) {
                vccd_feature *g;
                if (order[c] < 0)
                    continue;
                g = vccd_feature_new(rp.kind, rp.tr, a);
                ck_assert_ptr_nonnull(g);
                vccd_feature_jet(r, g, at_p[c] ? P : T, order[c]);
                for (int k = 0; k <= order[c]; k++)
                    TU_CHECK(di_same(s[c][k], r[k]), "%s: call %d (order %d): s^(%d) = [%a, %a] after earlier "
                             "calls, [%a, %a] fresh\n%s", bname[b], c, order[c], k, s[c][k].lo, s[c][k].hi,
                             r[k].lo, r[k].hi, ctx);
                vccd_feature_free(g);
            }
        }
        rig_release(&rp);
    }
    if (verbose)
        fprintf(stderr, "jets, cached: %ld pairs, %ld checks\n", n, tu_nchecks - before);
}
END_TEST

/* vccd_feature_new_framed with the frames vccd_motion_point_frame_di
   makes (what a mesh query keeps per vertex) answers bit for bit as
   vccd_feature_new, on every backend (MPFR and unrounded ignore them). */
START_TEST(test_jets_framed)
{
    long n = tu_iters(300), framed = 0;
    rig_pair rp = { 0 };

    for (long it = 0; it < n; it++) {
        vccd_motion_pose_frame pf[2];
        vccd_di_vec3 y[4][3];
        const vccd_di_vec3 (*fr[4])[3];
        int have[2];
        rig_build(&rp, kinds[it % 3], (int)((it / 3) % RC_N), (int)(tu_ulong() % RG_N));
        for (int k = 0; k < 2; k++)
            have[k] = vccd_motion_pose_frame_init(&pf[k], rp.m[k]) == 0;
        for (int i = 0; i < rp.np; i++) {
            int k = rp.tr[i].m == rp.m[0] ? 0 : 1;
            vccd_di_vec3 p;
            fr[i] = NULL;
            if (!have[k])
                continue;
            vccd_di_vec3_set_d(&p, rp.tr[i].p[0], rp.tr[i].p[1], rp.tr[i].p[2]);
            vccd_motion_point_frame_di(y[i], &pf[k], &p);
            fr[i] = (const vccd_di_vec3 (*)[3])&y[i];
            framed++;
        }
        for (int b = 0; b < NB; b++) {
            vccd_di T = t_rand(), P = vccd_di_set_d(t_sample(T, 1)), s[3], r[3];
            vccd_feature *g = vccd_feature_new_framed(rp.kind, rp.tr, fr, &barith[b]);
            ck_assert_ptr_nonnull(g);
            for (int c = 0; c < 2; c++) {
                vccd_di t = c ? P : T;
                vccd_feature_jet(s, g, t, 2);
                vccd_feature_jet(r, rp.f[b], t, 2);
                for (int k = 0; k <= 2; k++)
                    TU_CHECK(di_same(s[k], r[k]), "%s: s^(%d) over [%a, %a] framed [%a, %a], plain [%a, %a]\n%s",
                             bname[b], k, t.lo, t.hi, s[k].lo, s[k].hi, r[k].lo, r[k].hi, ctx);
                TU_CHECK(vccd_feature_inclusion(g, t) == vccd_feature_inclusion(rp.f[b], t),
                         "%s: the predicate differs framed\n%s", bname[b], ctx);
            }
            vccd_feature_free(g);
        }
        rig_release(&rp);
    }
    /* most of the models are not RIGID-form: a quarter of the pairs is plenty */
    TU_CHECK(4 * framed >= n, "only %ld framed points in %ld pairs", framed, n);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = {
        test_jets_rigid, test_jets_cached, test_jets_framed,
    };
    verbose = getenv("VCCD_TEST_VERBOSE") != NULL;
    return tu_main("feature-rigid", tests, (int)(sizeof tests / sizeof tests[0]));
}
