/* step.c -- the simulation step: ballistic pieces of motion between
   contacts, each proved contact-free by the TOC query and started from a
   state with a proved positive gap. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>

#include "vccd/bv.h"
#include "vccd/config.h"
#include "vccd/fp.h"
#include "vccd/grow.h"
#include "vccd/sim.h"

void
vccd_sim_opts_init(vccd_sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->dt = 1.0 / 60.0;
    o->bv = vccd_bv_type_find("obb");
    o->mode = VCCD_QUERY_EXACT;
    o->eps_d = 1e-3;
    o->band_factor = 2.0;
    o->max_events = 64;
    o->prec = 128;
    vccd_sim_impulse_opts_init(&o->impulse);
    vccd_solve_opts_init(&o->solve);
}

double
vccd_sim_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Append "key = x y z" with each double written as its exact rational
   (GMP: the motion parser reads decimals and P/Q, and a decimal of a
   double is not always exact).  A magnitude below VCCD_SIM_TINY is
   written as 0 (its rational would not fit the parser's 255 characters;
   the state's own are flushed before, by flush_state).  -1 when out of
   memory, -2 with *bad := the value when it is VCCD_SIM_HUGE or more. */
static int
put_key(char **buf, size_t *len, const char *key, const double *x, int n, double *bad)
{
    for (int i = -1; i < n; i++) {
        char *str = NULL;
        size_t sl;
        char *nb;
        if (i < 0) {
            str = malloc(strlen(key) + 4);
            if (!str)
                return -1;
            sprintf(str, "%s =", key);
        } else {
            mpq_t q;
            if (!(fabs(x[i]) < VCCD_SIM_HUGE)) {
                *bad = x[i];
                return -2;
            }
            mpq_init(q);
            mpq_set_d(q, fabs(x[i]) < VCCD_SIM_TINY ? 0.0 : x[i]);
            str = mpq_get_str(NULL, 10, q);
            mpq_clear(q);
        }
        sl = strlen(str);
        if (!(nb = realloc(*buf, *len + sl + 3))) {
            free(str);
            return -1;
        }
        *buf = nb;
        nb[(*len)++] = ' ';
        memcpy(nb + *len, str, sl);
        *len += sl;
        nb[*len] = 0;
        free(str);
    }
    (*buf)[(*len)++] = '\n';
    (*buf)[*len] = 0;
    return 0;
}

/* Flush to 0 the components of b's position and orientation (its angle
   for a 2D body) of magnitude below VCCD_SIM_TINY, so that the piece's
   motion, which starts from them written exactly, starts at the state
   itself (sim.h: the range of a simulation's numbers).  Such a
   component only arises from the doubles' own arithmetic (a scene's are
   0 or at least VCCD_SIM_MIN); the body moves by less than 2^-600, and
   the gap check that follows is at the flushed state, so the proof
   holds as for any other rounding of the state. */
static void
flush_state(vccd_sim_body *b)
{
    for (int k = 0; k < 3; k++)
        if (fabs(b->x[k]) < VCCD_SIM_TINY)
            b->x[k] = 0.0;
    if (b->planar) {
        if (b->angle != 0.0 && fabs(b->angle) < VCCD_SIM_TINY)
            vccd_sim_body_set_angle(b, 0.0);
        return;
    }
    for (int k = 0; k < 4; k++)
        if (fabs(b->q[k]) < VCCD_SIM_TINY)
            b->q[k] = 0.0;
}

/* The ballistic motion of body b over the next h seconds as the unit
   time of the motion: o0 = x, v = v h, a = g h^2, omega = w h, q0 = q,
   each the state's double exactly (q0 normalised with intervals by the
   parser). */
static vccd_motion *
piece_motion(const vccd_sim_body *b, double h, const double g[3], mpfr_prec_t prec, vccd_error *e)
{
    /* the keys of ballistic (3D) and ballistic2d, and what each is */
    static const char *const key3[] = { "o0", "v", "a", "q0", "omega" };
    static const char *const key2[] = { "o0", "v", "a", "alpha0", "omega" };
    static const int n3[] = { 3, 3, 3, 4, 3 }, n2[] = { 2, 2, 2, 1, 1 };
    static const char *const what[] = { "position", "velocity x time", "gravity x time^2", "orientation",
                                        "angular velocity x time" };
    char *text = NULL;
    size_t len = 0;
    vccd_config c;
    vccd_config_section *s;
    vccd_motion *m = NULL;
    double v[3], a[3], w[3], bad = 0.0;
    const double *val[5];
    int rc = 0, k;
    vccd_sim_body_piece(v, a, w, b, h, g);
    val[0] = b->x, val[1] = v, val[2] = a;
    val[3] = b->planar ? &b->angle : b->q;
    val[4] = b->planar ? w + 2 : w;
    if (!(text = malloc(64))) {
        vccd_error_set(e, b->name, 0, NULL, NULL, "out of memory");
        return NULL;
    }
    /* A 2D body: the planar motion from its angle (sim.h). */
    len = (size_t)sprintf(text, "[motion]\ntype = %s\n", b->planar ? "ballistic2d" : "ballistic");
    for (k = 0; k < 5 && rc == 0; k++)
        rc = put_key(&text, &len, (b->planar ? key2 : key3)[k], val[k], (b->planar ? n2 : n3)[k], &bad);
    if (rc != 0) {
        free(text);
        if (rc == -1)
            vccd_error_set(e, b->name, 0, NULL, NULL, "out of memory");
        else
            vccd_error_set(e, NULL, 0, NULL, NULL,
                           "body %s: %s %g is beyond the simulation's range (2^800, doc/simulate.md); "
                           "the run stops", b->name, what[k - 1], bad);
        return NULL;
    }
    if (vccd_config_load_string(&c, b->name, text, e) == 0) {
        if ((s = vccd_config_find(&c, "motion")))
            m = vccd_motion_from_config(s, prec, e);
        vccd_config_clear(&c);
    }
    free(text);
    return m;
}

/* Move b's state on by s seconds of ballistic motion (plain doubles: the
   next piece starts from exactly these numbers, and its start is
   checked by the distance, so their rounding costs no proof). */
static void
advance(vccd_sim_body *b, double s, const double g[3])
{
    double th, ax[3], n, c, sn, q[4], r[4];
    if (b->fixed || s == 0.0)
        return;
    for (int k = 0; k < 3; k++) {
        b->x[k] += b->v[k] * s + 0.5 * g[k] * s * s;
        b->v[k] += g[k] * s;
    }
    if (b->planar) {
        vccd_sim_body_set_angle(b, b->angle + b->w[2] * s);
        return;
    }
    n = sqrt(b->w[0] * b->w[0] + b->w[1] * b->w[1] + b->w[2] * b->w[2]);
    th = n * s;
    if (!(th > 0.0))
        return;
    for (int k = 0; k < 3; k++)
        ax[k] = b->w[k] / n;
    c = cos(0.5 * th);
    sn = sin(0.5 * th);
    r[0] = c, r[1] = sn * ax[0], r[2] = sn * ax[1], r[3] = sn * ax[2];
    /* world-frame angular velocity: q := r q */
    q[0] = r[0] * b->q[0] - r[1] * b->q[1] - r[2] * b->q[2] - r[3] * b->q[3];
    q[1] = r[0] * b->q[1] + r[1] * b->q[0] + r[2] * b->q[3] - r[3] * b->q[2];
    q[2] = r[0] * b->q[2] - r[1] * b->q[3] + r[2] * b->q[0] + r[3] * b->q[1];
    q[3] = r[0] * b->q[3] + r[1] * b->q[2] - r[2] * b->q[1] + r[3] * b->q[0];
    n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; k++)
        b->q[k] = q[k] / n;
}

/* Body b's query body, its per-node sizes made once and kept in b, with
   motion m. */
static int
body_query(vccd_sim_body *b, const vccd_motion *m, vccd_error *e)
{
    if (b->qb.bvh == &b->bvh)
        return vccd_query_body_set_motion(&b->qb, m, e);
    vccd_query_body_clear(&b->qb);
    return vccd_query_body_init(&b->qb, &b->bvh, m, e);
}

/* Room for the gap memos of bodies[0..nb), forgotten when nb changed. */
static int
memo_ready(vccd_sim_body *bodies, int nb)
{
    for (int i = 0; i < nb; i++) {
        vccd_sim_body *b = &bodies[i];
        if (b->nmemo == nb)
            continue;
        free(b->memo);
        if (!(b->memo = calloc((size_t)nb, sizeof *b->memo))) {
            b->nmemo = 0;
            return -1;
        }
        b->nmemo = nb;
    }
    return 0;
}

static void
state_of(double s[8], const vccd_sim_body *b)
{
    memcpy(s, b->x, 3 * sizeof *s);
    memcpy(s + 3, b->q, 4 * sizeof *s);
    s[7] = b->planar ? b->angle : 0.0;
}

/* The memo of pair i < j if it still holds at their states, else NULL. */
static const vccd_sim_gap_memo *
memo_get(const vccd_sim_body *bodies, int i, int j)
{
    const vccd_sim_gap_memo *m = &bodies[i].memo[j];
    double si[8], sj[8];
    state_of(si, &bodies[i]);
    state_of(sj, &bodies[j]);
    if (!m->valid || memcmp(m->s[0], si, sizeof si) || memcmp(m->s[1], sj, sizeof sj))
        return NULL;
    return m;
}

static void
memo_put(vccd_sim_body *bodies, int i, int j, double lower)
{
    vccd_sim_gap_memo *m = &bodies[i].memo[j];
    state_of(m->s[0], &bodies[i]);
    state_of(m->s[1], &bodies[j]);
    m->lower = lower;
    m->valid = 1;
}

/* A lower bound of the distance of bodies i and j from their bounding
   spheres about the centres: |x_i - x_j| - r_i - r_j rounded down, r the
   query's root radius (max |p| over the mesh, rounded up; the pose turns
   by a true rotation, so no point leaves it).  -INFINITY before the
   query bodies exist. */
static double
sphere_gap(const vccd_sim_body *bodies, int i, int j)
{
    const vccd_sim_body *a = &bodies[i], *b = &bodies[j];
    double s = 0.0;
    if (!a->qb.rad || !b->qb.rad)
        return -INFINITY;
    for (int k = 0; k < 3; k++) {
        double d = fabs(a->x[k] - b->x[k]);
        d = d > 0.0 ? vccd_fp_next_down(d) : 0.0;
        s = vccd_fp_next_down(s + vccd_fp_next_down(d * d));
    }
    s = s > 0.0 ? vccd_fp_next_down(sqrt(s)) : 0.0;
    return vccd_fp_next_down(vccd_fp_next_down(s - a->qb.rad[0]) - b->qb.rad[0]);
}

/* The gap lower bound of pair i, j at their states into *d: a memo
   still valid, else the spheres' bound when it is at least `enough` (a
   pair that far needs no more), else the distance query.  -1 with e. */
static int
gap_at_states(vccd_distance_result *d, vccd_sim_step_result *r, vccd_sim_body *bodies, int i, int j, int bv,
              double enough, vccd_error *e)
{
    const vccd_sim_gap_memo *mm;
    memset(d, 0, sizeof *d);
    if ((mm = memo_get(bodies, i, j))) {
        d->lower = mm->lower;
    } else if ((d->lower = sphere_gap(bodies, i, j)) < enough) {
        if (vccd_sim_pair_distance(d, bodies, i, j, bv, e) != 0)
            return -1;
        r->distances++;
    }
    return 0;
}

/* Record pair i, j's bound d (the step's minimum, the pair's gap) and
   fail (with e) when it is not > 0.  `after` names where it was taken. */
static int
gap_record(vccd_sim_step_result *r, const vccd_sim_body *bodies, int nb, int i, int j, const vccd_distance_result *d,
           const char *after, vccd_error *e)
{
    if (d->lower < r->min_gap)
        r->min_gap = d->lower;
    r->pair_gap[i * nb + j] = d->lower;
    if (!(d->lower > 0.0))
        return vccd_error_set(e, bodies[i].name, 0, NULL, NULL,
                              "bodies %s and %s: no positive gap lower bound (%s, [%g, %g])%s; "
                              "non-penetration is no longer proved, the run stops",
                              bodies[i].name, bodies[j].name, vccd_distance_status_name(d->status), d->lower,
                              d->upper, after);
    return 0;
}

/* A pair the broad phase leaves out of pl is more than `enough` apart
   (vccd_sim_broad with h = enough): `enough` is its lower bound. */
static void
gap_left_out(vccd_sim_step_result *r, const vccd_sim_body *bodies, int nb, const vccd_sim_pairs *pl, double enough)
{
    long nf = 0;
    for (int i = 0; i < nb; i++)
        nf += bodies[i].fixed != 0;
    /* the pairs with a moving body */
    if (pl->n < (long)nb * (nb - 1) / 2 - nf * (nf - 1) / 2 && enough < r->min_gap)
        r->min_gap = enough;
}

/* The gap lower bound of every pair of pl (the broad phase's at the
   current states) into r->pair_gap, the minimum into r->min_gap: a memo
   still valid, else the spheres' bound when it is at least `enough` (a
   pair that far needs no more), else the distance query.  A pair that
   pl leaves out is more than `enough` apart (vccd_sim_broad with h =
   enough), so `enough` is its lower bound.  -1 (with e) when some lower
   bound is not > 0. */
static int
check_gaps(vccd_sim_step_result *r, vccd_sim_body *bodies, int nb, const vccd_sim_pairs *pl, int bv, double enough,
           vccd_error *e)
{
    double t0 = vccd_sim_clock();
    gap_left_out(r, bodies, nb, pl, enough);
    for (long u = 0; u < pl->n; u++) {
        int i = pl->p[u][0], j = pl->p[u][1];
        vccd_distance_result d;
        if (gap_at_states(&d, r, bodies, i, j, bv, enough, e) != 0 || gap_record(r, bodies, nb, i, j, &d, "", e) != 0) {
            r->t_gap += vccd_sim_clock() - t0;
            return -1;
        }
        memo_put(bodies, i, j, d.lower);
    }
    r->t_gap += vccd_sim_clock() - t0;
    return 0;
}

/* The broad phase into pl, timed and counted: over the piece, or at the
   states alone (the step's end). */
static int
broad(vccd_sim_step_result *r, vccd_sim_pairs *pl, vccd_sim_body *bodies, int nb, double enough, int at_states,
      vccd_error *e)
{
    double t0 = vccd_sim_clock();
    if ((at_states ? vccd_sim_broad_at_states(pl, bodies, nb, enough) : vccd_sim_broad(pl, bodies, nb, enough)) != 0)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the broad phase");
    r->t_broad += vccd_sim_clock() - t0;
    r->broad_pairs += pl->n;
    r->broad_runs++;
    return 0;
}

/* The resting band's widening at restitution 0 is at most this many
   times the band: the manifolds' rigorous triangle distances grow with
   the band, and past it they cost more than the events they spare.
   Rigid IPC's chain nets, 1,000 steps of `vccd bench simulate`, us per
   body per step (events), base then widened, one after the other: the
   4x4 459-466 (106) -> 474-493 (23), the 8x8 944 (2,106) -> 783 (572).
   At most 0.5 band the 4x4 kept 69 events; at most 3 bands it took 15%
   more time than base in the same stretch, and unbounded the 8x8's
   first 120 steps 1.5 times base's (both measured with variants of the
   targets not kept: doc/journal/2026-12-01-resting-band.md). */
#define REST_WIDEN_MAX 1.5

/* The resting band's widest, as a multiple of VCCD_SIM_REST_BAND: 1
   unless restitution is 0. */
static double
rest_widen(const vccd_sim_opts *o)
{
    return o->impulse.e == 0.0 ? 1.0 + REST_WIDEN_MAX : 1.0;
}

static double norm3(const double v[3]) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

/* How far the points of a and b can close on each other over the next
   h seconds at their velocities: h (|v_a - v_b| + |w_a| r_a + |w_b| r_b)
   + h^2 |g_a - g_b| / 2, r the query body's root radius and g_x gravity
   on a moving body, 0 on a fixed one (two moving bodies fall together).
   Plain doubles: it only widens the resting band (it proves nothing).
   0 before the query bodies exist. */
static double
pair_closing(const vccd_sim_body *a, const vccd_sim_body *b, const double g[3], double h)
{
    double dv = 0.0, dg = 0.0;
    if (!a->qb.rad || !b->qb.rad)
        return 0.0;
    for (int k = 0; k < 3; k++) {
        double u = b->v[k] - a->v[k], c = (b->fixed ? 0.0 : g[k]) - (a->fixed ? 0.0 : g[k]);
        dv += u * u;
        dg += c * c;
    }
    return h * (sqrt(dv) + norm3(a->w) * a->qb.rad[0] + norm3(b->w) * b->qb.rad[0]) + 0.5 * h * h * sqrt(dg);
}

/* 1 when pair i, j cannot touch over the piece: its gap at the start
   exceeds the most both can move (vccd_sim_body_reach, per body, rch[])
   summed and rounded up. */
static int
cannot_meet(const double *rch, int i, int j, double gap)
{
    return gap > vccd_fp_next_up(rch[i] + rch[j]);
}

/* A pair's TOC answer over the current piece, kept for the pieces after
   an event while neither body's motion is remade (doc/simulate.md,
   "Events are local"). */
typedef struct {
    int contact;                /* a contact (status not none) at lo */
    double lo;
    int have_gap, stepped;
    double gap_lower, gap_upper;
} pair_answer;

static void
answer_from(pair_answer *a, const vccd_query_result *q)
{
    a->contact = q->status != VCCD_TOC_NONE;
    a->lo = q->lo;
    a->have_gap = q->have_gap;
    a->stepped = q->stepped;
    a->gap_lower = q->gap_lower;
    a->gap_upper = q->gap_upper;
}

/* *a over the rest of its piece from s, reparametrised to [0, 1] as
   vccd_motion_rebase does the motions: no contact before
   (lo - s) / (1 - s), rounded down, so the proof still holds. */
static void
answer_rebase(pair_answer *a, double s)
{
    vccd_di q;
    if (!a->contact)
        return;
    q = vccd_di_div(vccd_di_sub(vccd_di_set_d(a->lo), vccd_di_set_d(s)),
                    vccd_di_sub(vccd_di_set_d(1.0), vccd_di_set_d(s)));
    a->lo = q.lo > 0.0 ? fmin(q.lo, 1.0) : 0.0;
}

static int
pair_before(const int a[2], const int b[2])
{
    return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
}

/* A lower bound of the gap of bodies i and j where their pieces start,
   from the enclosures of their centres (vccd_sim_body_centre) and their
   query root radii: -INFINITY before the query bodies exist. */
static double
centre_gap(const vccd_sim_body *bodies, int i, int j)
{
    const vccd_sim_body *a = &bodies[i], *b = &bodies[j];
    vccd_di ca[3], cb[3];
    double s = 0.0;
    if (!a->qb.rad || !b->qb.rad)
        return -INFINITY;
    vccd_sim_body_centre(ca, a);
    vccd_sim_body_centre(cb, b);
    for (int k = 0; k < 3; k++) {
        double d = fmax(0.0, fmax(ca[k].lo - cb[k].hi, cb[k].lo - ca[k].hi));
        d = d > 0.0 ? vccd_fp_next_down(d) : 0.0;
        s = vccd_fp_next_down(s + vccd_fp_next_down(d * d));
    }
    s = s > 0.0 ? vccd_fp_next_down(sqrt(s)) : 0.0;
    return vccd_fp_next_down(vccd_fp_next_down(s - a->qb.rad[0]) - b->qb.rad[0]);
}

/* The gap checks of a piece after an event: only the pairs of pl with a
   body whose motion was remade (restart[]) jump to a new motion; a pair
   of two such starts at their states (check_gaps' way), any other at the
   motions' t = 0 (vccd_query_distance_at: a rebased motion's start is an
   enclosure).  A pair of two motions that go on needs no check: its
   motions are the last piece's, restricted.  -1 (with e) when some
   lower bound is not > 0. */
static int
check_moved_gaps(vccd_sim_step_result *r, vccd_sim_body *bodies, int nb, const vccd_sim_pairs *pl,
                 const unsigned char *restart, int bv, double enough, vccd_error *e)
{
    double t0 = vccd_sim_clock();
    gap_left_out(r, bodies, nb, pl, enough);
    for (long u = 0; u < pl->n; u++) {
        int i = pl->p[u][0], j = pl->p[u][1], rc = 0;
        vccd_distance_result d;
        if (!restart[i] && !restart[j])
            continue;
        memset(&d, 0, sizeof d);
        if (restart[i] && restart[j]) {
            rc = gap_at_states(&d, r, bodies, i, j, bv, enough, e);
            if (rc == 0 && d.lower > 0.0)
                memo_put(bodies, i, j, d.lower);
        } else if ((d.lower = centre_gap(bodies, i, j)) < enough) {
            rc = vccd_query_distance_at(&d, &bodies[i].qb, &bodies[j].qb, 0.0, bv, e);
            r->distances += rc == 0;
        }
        if (rc != 0 || gap_record(r, bodies, nb, i, j, &d, " after an event", e) != 0) {
            r->t_gap += vccd_sim_clock() - t0;
            return -1;
        }
    }
    r->t_gap += vccd_sim_clock() - t0;
    return 0;
}

int
vccd_sim_step(vccd_sim_step_result *r, vccd_sim_body *bodies, int nb, const vccd_sim_opts *o,
              vccd_sim_event_fn on_event, void *ctx, vccd_error *e)
{
    double left = o->dt;                /* seconds of the step still to go */
    vccd_motion **m = calloc((size_t)nb, sizeof *m);
    vccd_sim_contacts cl = { NULL, 0, 0 };
    vccd_sim_pairs pl = { NULL, 0, 0 }, cand = { NULL, 0, 0 };
    double *cgap = NULL;                /* cand's manifold gap bounds */
    long cgap_cap = 0;
    unsigned char *changed = calloc((size_t)nb + 1, 1), *restart = calloc((size_t)nb + 1, 1);
    /* rest[i]: the share of m[i]'s unit time still ahead where the
       current piece starts, an enclosure (the product of the pieces'
       rests since m[i] was made); stale[i]: it is not [1, 1], so m[i]
       must be rebased before a query or a gap check needs it */
    vccd_di *rest = calloc((size_t)nb + 1, sizeof *rest);
    unsigned char *stale = calloc((size_t)nb + 1, 1);
    /* the last piece's pairs and answers, kept for the pairs whose
       motions go on after an event */
    vccd_sim_pairs pl_old = { NULL, 0, 0 };
    pair_answer *ans = NULL, *ans_old = NULL;
    long ans_cap = 0, ans_old_cap = 0;
    double s_prev = 0.0;                /* the last event's time in its piece */
    int first = 1;                      /* the step's first piece */
    int rc = -1;
    double *pg = calloc((size_t)nb * (size_t)nb, sizeof *pg), *rch = calloc((size_t)nb, sizeof *rch);
    /* a pair this far apart needs no distance query for the step back
       (fmin below) or the manifold */
    double enough = fmax(2.0 * o->eps_d, o->band_factor * o->eps_d);
    memset(r, 0, sizeof *r);
    r->min_gap = INFINITY;
    r->pair_gap = pg;
    if (!m || !pg || !rch || !changed || !restart || !rest || !stale || memo_ready(bodies, nb) != 0) {
        free(changed);
        free(restart);
        free(rest);
        free(stale);
        free(m);
        free(pg);
        free(rch);
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
    }
    while (left > 0.0) {
        vccd_query_opts qo;
        pair_answer best;
        int ba = -1, bb = -1;
        double s = 1.0, t0;
        r->pieces++;
        /* Each body's motion over the piece: from its state on the
           step's first piece and, after an event, for the bodies whose
           velocity the event changed (and the event's two).  The others'
           go on: the same motion, so their pairs' answers still hold,
           rebased to the rest of the piece only when a pair with a new
           motion needs it (below).  Until then the motion over its
           whole unit time bounds the rest of it (the broad phase's box).
           A fixed body's stands still over any part of the piece. */
        for (int i = 0; i < nb; i++) {
            vccd_sim_body *b = &bodies[i];
            if (first || restart[i]) {
                vccd_motion_free(m[i]);
                flush_state(b);
                if (!(m[i] = piece_motion(b, left, o->g, o->prec, e)) || body_query(b, m[i], e) != 0)
                    goto done;
                rch[i] = vccd_sim_body_reach(b, left, o->g);
                rest[i] = vccd_di_set_d(1.0);
                stale[i] = 0;
            }
        }
        /* the pairs that can come within `enough` over the piece: the
           others need neither a gap check nor a query */
        if (broad(r, &pl, bodies, nb, enough, 0, e) != 0)
            goto done;
        /* the motions that go on of the pairs with a new one, rebased to
           where the piece starts: vccd_motion_rebase_di from the
           enclosure of that time in the motion's own */
        for (long u = 0; !first && u < pl.n; u++)
            for (int k = 0; k < 2 && (restart[pl.p[u][0]] || restart[pl.p[u][1]]); k++) {
                int i = pl.p[u][k];
                vccd_sim_body *b = &bodies[i];
                vccd_motion *mr;
                if (!stale[i])
                    continue;
                if (!(mr = vccd_motion_rebase_di(m[i], vccd_di_sub(vccd_di_set_d(1.0), rest[i]),
                                                 vccd_di_set_d(1.0)))) {
                    vccd_error_set(e, b->name, 0, NULL, NULL, "out of memory");
                    goto done;
                }
                vccd_motion_free(m[i]);
                m[i] = mr;
                if (body_query(b, m[i], e) != 0)
                    goto done;
                /* its root's speed bound over the unit time: how far any
                   point can move (its state no longer is the motion's
                   start, so not vccd_sim_body_reach) */
                rch[i] = vccd_query_body_speed(&b->qb, 0);
                rest[i] = vccd_di_set_d(1.0);
                stale[i] = 0;
                r->rebased++;
            }
        if ((first ? check_gaps(r, bodies, nb, &pl, o->bv, enough, e)
                   : check_moved_gaps(r, bodies, nb, &pl, restart, o->bv, enough, e))
            != 0)
            goto done;
        while (ans_cap < pl.n)
            if (vccd_grow((void **)&ans, &ans_cap, ans_cap, sizeof *ans) != 0) {
                vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
                goto done;
            }
        vccd_query_opts_init(&qo);
        qo.mode = o->mode;
        qo.bv = o->bv;
        qo.eps_d = o->mode == VCCD_QUERY_EXACT ? o->eps_d : 0.0;
        qo.gap = 1;
        /* a none answer moves every body to the piece's end, whose gaps
           check_gaps proves at the states reached: the query's own gap
           at t1 would be a second distance query, unused */
        qo.safe_none = 0;
        qo.solve = o->solve;
        qo.solve.t0 = 0.0;
        qo.solve.t1 = 1.0;
        t0 = vccd_sim_clock();
        memset(&best, 0, sizeof best);
        for (long u = 0, v = 0; u < pl.n; u++) {
            int i = pl.p[u][0], j = pl.p[u][1];
            pair_answer *a = &ans[u];
            memset(a, 0, sizeof *a);
            a->lo = 1.0;
            if (!first && !restart[i] && !restart[j]) {
                /* both motions go on: the last piece's answer over its
                   rest; a pair it did not keep was proved more than
                   `enough` apart over the whole of it */
                while (v < pl_old.n && pair_before(pl_old.p[v], pl.p[u]))
                    v++;
                if (v < pl_old.n && pl_old.p[v][0] == i && pl_old.p[v][1] == j) {
                    *a = ans_old[v];
                    answer_rebase(a, s_prev);
                }
                r->reused++;
            } else if (cannot_meet(rch, i, j, r->pair_gap[i * nb + j])) {
                r->skipped++;
            } else {
                vccd_query_result q;
                /* A pair starting closer than eps_d steps back to half
                   its starting gap instead: stepping back to eps_d would
                   stop it at t = 0 for ever (a resting contact). */
                qo.eps_d = o->mode == VCCD_QUERY_EXACT ? fmin(o->eps_d, 0.5 * r->pair_gap[i * nb + j]) : 0.0;
                r->queries++;
                if (vccd_query_toc(&q, &bodies[i].qb, &bodies[j].qb, &qo, e) != 0)
                    goto done;
                answer_from(a, &q);
            }
            if (a->contact && a->lo < s) {
                s = a->lo;
                best = *a;
                ba = i;
                bb = j;
            }
        }
        r->t_ccd += vccd_sim_clock() - t0;
        for (int i = 0; i < nb; i++)
            advance(&bodies[i], s * left, o->g);
        if (ba < 0) {
            left = 0.0;
            break;
        }
        left -= s * left;
        /* The contact: the impulses over the event's cluster (cluster.c)
           among the pairs within its band. */
        {
            vccd_sim_event ev;
            double band = o->band_factor * o->eps_d;
            int via_pl;
            long nc = 0;
            double t_imp = r->t_impulse;
            if (best.have_gap && 1.5 * best.gap_upper > band)
                band = 1.5 * best.gap_upper;
            t0 = vccd_sim_clock();
            cand.n = 0;
            /* Every pair within the band: among the broad phase's, which
               keeps every pair that came within `enough` over the piece,
               unless the band is wider (a stepped-back gap past it). */
            via_pl = band <= enough;
            for (long u = 0, nu = via_pl ? pl.n : (long)nb * nb; u < nu; u++) {
                int i = via_pl ? pl.p[u][0] : (int)(u / nb), j = via_pl ? pl.p[u][1] : (int)(u % nb);
                double g;
                if (j <= i || (bodies[i].fixed && bodies[j].fixed))
                    continue;
                g = sphere_gap(bodies, i, j);
                /* proved farther apart than the band: no contact */
                if (g >= band && g >= enough) {
                    memo_put(bodies, i, j, g);
                    continue;
                }
                if (vccd_grow((void **)&cand.p, &cand.cap, cand.n, sizeof *cand.p) != 0
                    || vccd_grow((void **)&cgap, &cgap_cap, cand.n, sizeof *cgap) != 0) {
                    vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
                    goto done;
                }
                cand.p[cand.n][0] = i;
                cand.p[cand.n][1] = j;
                cand.n++;
            }
            /* Newton's law here, with the separating speed for resting
               contacts, in both schemes: speculative targets at the
               event as well (over the rest of the step) threw a pile of
               spheres into a storm of events at most PGS tolerances
               (doc/journal/2026-11-30-rigid-ipc-pictures-and-resting.md) */
            memset(&ev, 0, sizeof ev);
            if (vccd_sim_event_solve(&ev.solve, &cl, cgap, changed, &r->t_impulse, bodies, nb, &cand, ba, bb, band, left, o,
                                     e) != 0)
                goto done;
            for (long u = 0; u < cand.n; u++) {
                double g = cgap[u];
                /* the manifold's bound is the pair's (min with the
                   band): the next piece's start needs no query
                   unless it is 0 (the nodes' volumes overlap) */
                nc += !isnan(g);
                if (g > 0.0 && (g < band || g >= enough))
                    memo_put(bodies, cand.p[u][0], cand.p[u][1], g);
            }
            r->event_pairs += nc;
            r->t_manifold += vccd_sim_clock() - t0 - (r->t_impulse - t_imp);
            ev.t = o->dt - left;
            ev.a = ba;
            ev.b = bb;
            ev.gap_lower = best.have_gap ? best.gap_lower : NAN;
            ev.gap_upper = best.have_gap ? best.gap_upper : NAN;
            ev.stepped = best.stepped;
            ev.contacts = &cl;
            r->events++;
            if (on_event)
                on_event(ctx, &ev);
        }
        /* the next piece remakes the motions the event changed, and the
           event pair's (re-queried even when the solve left them: its
           answer was this contact) */
        for (int i = 0; i < nb; i++) {
            restart[i] = !bodies[i].fixed && (changed[i] || i == ba || i == bb);
            /* a motion that goes on: the rest of it shrinks by the
               piece's */
            if (!restart[i] && !bodies[i].fixed) {
                rest[i] = vccd_di_mul(rest[i], vccd_di_sub(vccd_di_set_d(1.0), vccd_di_set_d(s)));
                stale[i] = 1;
            }
        }
        s_prev = s;
        first = 0;
        {
            vccd_sim_pairs tp = pl_old;
            pair_answer *ta = ans_old;
            long tc = ans_old_cap;
            pl_old = pl;
            pl = tp;
            ans_old = ans;
            ans_old_cap = ans_cap;
            ans = ta;
            ans_cap = tc;
        }
        if (r->events >= o->max_events) {
            r->truncated = 1;
            break;
        }
    }
    /* the step's end states, each pair's gap proved afresh; then the
       resting contacts' velocities for the next step (no position
       changes: these gaps stay proved) */
    /* at the states: a motion that went on after an event started at an
       enclosure its state has drifted from by the doubles' rounding,
       and the gap check below takes every pair left out as `enough`
       apart at the states */
    if (broad(r, &pl, bodies, nb,
              o->rest == VCCD_SIM_REST_SPECULATIVE ? fmax(enough, rest_widen(o) * VCCD_SIM_REST_BAND(o)) : enough, 1,
              e) != 0)
        goto done;
    if (o->rest == VCCD_SIM_REST_SPECULATIVE) {
        /* the manifolds of the pairs within the resting band, each of
           whose bounds is a proof at these states: the gap check
           below takes it from the memo instead of a distance query */
        double t0 = vccd_sim_clock(), rb = VCCD_SIM_REST_BAND(o);
        /* At restitution 0 a resting contact may approach (rest.c), so
           each pair's band is widened by how far its points can close
           over the next step (pair_closing, at most REST_WIDEN_MAX rb;
           the broad phase above kept every pair within that): a feature
           that would touch within the step is then aimed at eps_d by
           the solve instead of stopped by a contact event and its step
           back, which halves the gap.  With e > 0 an approach is an
           event all the same (its bounce): the band stays rb. */
        int widen = rest_widen(o) > 1.0;
        cl.n = 0;
        for (long u = 0; u < pl.n; u++) {
            int i = pl.p[u][0], j = pl.p[u][1];
            const vccd_sim_gap_memo *mm = memo_get(bodies, i, j);
            size_t first = cl.n;
            double g = mm ? mm->lower : sphere_gap(bodies, i, j);
            double w = widen ? rb + fmin(pair_closing(&bodies[i], &bodies[j], o->g, o->dt), REST_WIDEN_MAX * rb) : rb;
            if (!(g < w))
                continue;
            if (vccd_sim_manifold(&cl, &g, bodies, i, j, o->bv, w, 0, e) != 0)
                goto done;
            r->rest_pairs += cl.n > first;
            /* min(band, the pairs' bounds), a proof either way: the
               band itself when no pair is within it, which the gap check
               below then takes instead of a distance query (the query
               only bettered a bound the next step's reach test seldom
               needs: it was a quarter of a pile's time) */
            if (g > 0.0)
                memo_put(bodies, i, j, g);
        }
        if (vccd_sim_rest_solve(r, bodies, &cl, o, e) != 0)
            goto done;
        r->t_rest += vccd_sim_clock() - t0;
    }
    if (check_gaps(r, bodies, nb, &pl, o->bv, enough, e) != 0)
        goto done;
    rc = 0;
done:
    for (int i = 0; i < nb; i++) {
        vccd_motion_free(m[i]);
        bodies[i].qb.m = NULL;          /* the kept query body outlives m */
    }
    free(m);
    free(pg);
    free(rch);
    r->pair_gap = NULL;
    vccd_sim_contacts_clear(&cl);
    vccd_sim_pairs_clear(&pl);
    vccd_sim_pairs_clear(&cand);
    vccd_sim_pairs_clear(&pl_old);
    free(ans);
    free(ans_old);
    free(cgap);
    free(changed);
    free(restart);
    free(rest);
    free(stale);
    return rc;
}

void
vccd_sim_energy(double *kinetic, double *potential, double p[3], double L[3], const vccd_sim_body *bodies, int nb,
                const double g[3])
{
    *kinetic = *potential = 0.0;
    memset(p, 0, 3 * sizeof *p);
    memset(L, 0, 3 * sizeof *L);
    for (int i = 0; i < nb; i++) {
        const vccd_sim_body *b = &bodies[i];
        double Iw[3][3], Lb[3], v2 = 0.0, wIw = 0.0;
        if (b->fixed)
            continue;
        vccd_sim_body_inertia_world(Iw, b);
        for (int k = 0; k < 3; k++) {
            Lb[k] = Iw[k][0] * b->w[0] + Iw[k][1] * b->w[1] + Iw[k][2] * b->w[2];
            v2 += b->v[k] * b->v[k];
            wIw += b->w[k] * Lb[k];
            p[k] += b->mass * b->v[k];
            *potential -= b->mass * g[k] * b->x[k];
        }
        L[0] += b->mass * (b->x[1] * b->v[2] - b->x[2] * b->v[1]) + Lb[0];
        L[1] += b->mass * (b->x[2] * b->v[0] - b->x[0] * b->v[2]) + Lb[1];
        L[2] += b->mass * (b->x[0] * b->v[1] - b->x[1] * b->v[0]) + Lb[2];
        *kinetic += 0.5 * b->mass * v2 + 0.5 * wIw;
    }
}
