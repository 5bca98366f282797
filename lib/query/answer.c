/* answer.c -- the query's answer built from its state (q_finish):
   status and [lo, hi] from the best pair's result, or possible from
   where the budget ran out, and the contact's point, normal and
   relative velocity for display. */
#include <math.h>
#include <string.h>

#include "query_impl.h"
#include "vccd/plugin/rigid.h"

static double mid(vccd_di x) { return 0.5 * x.lo + 0.5 * x.hi; }

/* Position P and velocity V of the point with frame y (the query's
   kept frame of a rigid body: kin_rigid_apply's y0, y1, y2) at the time
   t, in plain doubles from the midpoints: x = c + y0 + k0 y1 + k1 y2,
   v = cv + k2 y1 + k0 y2 with k0 = sin(|w| t) / |w|, k1 = (1 - cos(|w|
   t)) / |w|^2 = 2 (sin(|w| t / 2) / |w|)^2, k2 = cos(|w| t). */
static void
frame_point_d(double P[3], double V[3], const vccd_motion_pose_frame *f, const vccd_di_vec3 y[3], double t)
{
    const vccd_di *par = f->m->param_di;
    int nb = f->m->nparams >= VCCD_RIGID_NB;
    double wn = sqrt(mid(f->w2)), k0, k1, k2, h;
    if (wn > 0.0) {
        h = sin(0.5 * wn * t) / wn;
        k0 = sin(wn * t) / wn;
        k1 = 2.0 * h * h;
        k2 = cos(wn * t);
    } else {
        k0 = t;
        k1 = 0.5 * t * t;
        k2 = 1.0;
    }
    for (int c = 0; c < 3; c++) {
        double o = mid(par[VCCD_RIGID_O + c]), u = mid(par[VCCD_RIGID_U + c]), b = nb ? mid(par[VCCD_RIGID_B + c]) : 0.0;
        P[c] = o + u * t + 0.5 * b * t * t + mid(y[0].c[c]) + k0 * mid(y[1].c[c]) + k1 * mid(y[2].c[c]);
        V[c] = u + b * t + k2 * mid(y[1].c[c]) + k0 * mid(y[2].c[c]);
    }
}

/* Contact point, normal and relative velocity of the best pair, for
   display: they describe the contact, the proof is the time enclosure.
   A small rigid body's points are taken in plain doubles at the middle
   of [lo, hi] from their kept frames (frame_point_d): the enclosures over
   [lo, hi] they replace were 6% of a tetrahedron pair's query for the
   same digits; others are the midpoints of enclosures over [lo, hi]. */
static void
contact_geometry(q_state *q)
{
    vccd_query_result *r = q->r;
    vccd_track t[4];
    vccd_di_vec3 x[4], v[4], zero;
    vccd_di tt = vccd_di_set_2d(r->lo, r->hi);
    double P[4][3], V[4][3], u = mid(r->param[0]), w = mid(r->param[1]);
    double e1[3], e2[3], pa[3], va[3], pb[3], vb[3], n[3], nn;

    q_pair_tracks(t, q, &r->pair);
    vccd_di_vec3_set_d(&zero, 0, 0, 0);
    for (int k = 0; k < 4; k++) {
        int s = q_pair_body(&r->pair, k);
        const vccd_di_vec3 (*y)[3] = q_vertex_frame(q, s, r->pair.v[k]);
        vccd_di_vec3 p;
        if (y) {
            frame_point_d(P[k], V[k], &q->pf[s], *y, mid(tt));
            continue;
        }
        vccd_di_vec3_set_d(&p, t[k].p[0], t[k].p[1], t[k].p[2]);
        vccd_motion_eval_di(&x[k], &v[k], NULL, t[k].m, t[k].m->type->per_vertex ? &zero : &p, t[k].vertex, tt);
        for (int c = 0; c < 3; c++) {
            P[k][c] = mid(x[k].c[c]);
            V[k][c] = mid(v[k].c[c]);
        }
    }
    if (r->pair.kind == VCCD_FEATURE_VE2D)
        w = 0.0;                /* the edge's point is P1 + u (P2 - P1) */
    for (int c = 0; c < 3; c++) {
        if (r->pair.kind != VCCD_FEATURE_EE) {
            double fp = P[1][c] + u * (P[2][c] - P[1][c]) + w * (P[3][c] - P[1][c]);
            double fv = V[1][c] + u * (V[2][c] - V[1][c]) + w * (V[3][c] - V[1][c]);
            e1[c] = P[2][c] - P[1][c];
            /* 2D: the edge normal is (b - a) x z, in the plane */
            e2[c] = r->pair.kind == VCCD_FEATURE_VE2D ? c == 2 : P[3][c] - P[1][c];
            pa[c] = r->pair.vertex_body == 0 ? P[0][c] : fp;
            va[c] = r->pair.vertex_body == 0 ? V[0][c] : fv;
            pb[c] = r->pair.vertex_body == 0 ? fp : P[0][c];
            vb[c] = r->pair.vertex_body == 0 ? fv : V[0][c];
        } else {
            e1[c] = P[1][c] - P[0][c];
            e2[c] = P[3][c] - P[2][c];
            pa[c] = P[0][c] + u * e1[c];
            va[c] = V[0][c] + u * (V[1][c] - V[0][c]);
            pb[c] = P[2][c] + w * e2[c];
            vb[c] = V[2][c] + w * (V[3][c] - V[2][c]);
        }
    }
    n[0] = e1[1] * e2[2] - e1[2] * e2[1];
    n[1] = e1[2] * e2[0] - e1[0] * e2[2];
    n[2] = e1[0] * e2[1] - e1[1] * e2[0];
    nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    r->vn = 0.0;
    for (int c = 0; c < 3; c++) {
        r->point[c] = 0.5 * pa[c] + 0.5 * pb[c];
        r->velocity[c] = va[c] - vb[c];
        r->normal[c] = nn > 0.0 ? n[c] / nn : 0.0;
        r->vn += r->velocity[c] * r->normal[c];
    }
    /* Thesis 5.3.2: the normal along which the bodies approach. */
    if (r->vn < 0.0) {
        for (int c = 0; c < 3; c++)
            r->normal[c] = -r->normal[c];
        r->vn = -r->vn;
    }
}

/* The budget spent before the search ended: every time before open_lo
   is searched or proved free, and a pair's answer before it stands (a
   certified one: the first contact lies in [its lo, its hi] whatever
   the unsearched pairs hold), else the answer is possible from open_lo
   on, up to the cut (a certified contact's hi, or t1). */
static void
open_answer(q_state *q)
{
    vccd_query_result *r = q->r;
    vccd_time unset = { 0 };
    /* exactly: a pair's lo past binary64 time may round to open_lo and
       still lie above it, where nothing was searched */
    if (!r->out_of_work
        || (r->status != VCCD_TOC_NONE && vccd_time_cmp(&r->lo_exact, r->lo, &unset, q->open_lo) <= 0))
        return;
    r->status = VCCD_TOC_POSSIBLE;
    r->lo = q->open_lo;
    r->hi = q->cut;
    memset(&r->lo_exact, 0, sizeof r->lo_exact);
    memset(&r->hi_exact, 0, sizeof r->hi_exact);
    r->have_pair = 0;
}

void
q_finish(q_state *q)
{
    vccd_query_result *r = q->r;
    r->work = q_work(q);
    if (r->out_of_work)
        r->limited = 1;
    if (q->best_lo == INFINITY) {
        r->status = VCCD_TOC_NONE;
        r->lo = r->hi = q->o->solve.t1;
        open_answer(q);
        return;
    }
    r->status = q->best.status;
    r->lo = q->best_lo;
    r->lo_exact = q->best.lo_exact;
    /* hi: the least of the best pair's and the certified one's (the cut),
       exactly (time.h) */
    if (q->have_cert && vccd_time_cmp(&q->cert.hi_exact, q->cert.hi, &q->best.hi_exact, q->best.hi) < 0) {
        r->hi = q->cert.hi;
        r->hi_exact = q->cert.hi_exact;
    } else {
        r->hi = q->best.hi;
        r->hi_exact = q->best.hi_exact;
    }
    r->param[0] = q->best.param[0];
    r->param[1] = q->best.param[1];
    r->pair = q->best_pair;
    /* The pair at lo undecided, but another one's contact certified
       within eps_t of lo: no contact before lo (every pair's lo is a
       proof) and one by cut make [lo, cut] a certified answer, that
       pair's contact.  (Several pairs reaching the same time -- an edge
       parallel to a face -- tie at lo, and which one lands an ulp
       earlier is rounding's choice.) */
    if (r->status == VCCD_TOC_POSSIBLE && q->have_cert && !r->limited
        && vccd_time_diff_le(&q->cert.hi_exact, q->cert.hi, &q->best.lo_exact, q->best_lo,
                             vccd_solve_eps_at(&q->o->solve, q->best_lo))) {
        r->status = VCCD_TOC_CERTIFIED;
        r->hi = q->cert.hi;
        r->hi_exact = q->cert.hi_exact;
        r->param[0] = q->cert.param[0];
        r->param[1] = q->cert.param[1];
        r->pair = q->cert_pair;
    }
    r->have_pair = 1;
    contact_geometry(q);
    open_answer(q);
}
