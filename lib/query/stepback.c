/* stepback.c -- the gap at the answer, and the step back to a proved gap
   (thesis 5.3.2).  The thesis stepped back by a time computed from the
   speed and checked the gap afterwards, empirically; here a time is only
   reported once the rigorous distance proves its gap >= eps_d, and since
   it is before lo, [t0, that time] is contact-free as well.  A none
   answer gets the same safe time (from t1), since a near miss can end
   closer than eps_d. */
#include <math.h>
#include <string.h>

#include "query_impl.h"

/* Enclosures of every vertex of body k placed by pose p. */
static void
place_vertices(vccd_di_vec3 *x, const vccd_mesh *m, const vccd_pose *p)
{
    /* o + R p with p exact doubles: products by a double (two corner
       products each), the sum rounded once (fdot_d) */
    for (long v = 0; v < m->nv; v++)
        for (int i = 0; i < 3; i++)
            x[v].c[i] = vccd_di_fdot_d(p->o.c[i], &p->R.m[3 * i], 1, m->v[v], 3);
}

/* Enclosures of every vertex of m at the single time t under the
   RIGID-form motion mo, from its frames (vertices.c's cache: the same
   operations, so the same bits, as q_vertex at [t, t]); -1 for other
   forms. */
static int
frame_vertices(vccd_di_vec3 *x, const vccd_mesh *m, const vccd_motion *mo, double t)
{
    vccd_motion_pose_frame f;
    vccd_motion_frame_time ft;
    if (vccd_motion_pose_frame_init(&f, mo) != 0)
        return -1;
    vccd_motion_frame_time_di(&ft, &f, vccd_di_set_2d(t, t));
    for (long v = 0; v < m->nv; v++) {
        vccd_di_vec3 y[3];
        vccd_motion_point_frame_lin_di(y, &f, m->v[v]);
        vccd_motion_frame_apply_di(&x[v], &ft, y);
    }
    return 0;
}

/* Small meshes (a tetrahedron pair) also take the gap of their vertex
   hulls: the triangle pairs see B in A's frame through both rotations,
   twice the rounding, and near contact proved a gap of 0 where the
   hulls, each placed by its own pose, prove 5.6e-15 (74 of the 512
   thesis tetrahedron frames at the root finder's lo).  The vertices come
   from the motions' frames where they have them, as a query's own do
   (hull_gap_only reads them from its cache, which saves the poses), else
   from the poses. */
static double
hull_gap_at(const vccd_query_body *a, const vccd_pose *pa, const vccd_query_body *b, const vccd_pose *pb, double t)
{
    vccd_di_vec3 xa[Q_ADVANCE_MAX_VERTICES], xb[Q_ADVANCE_MAX_VERTICES];
    const vccd_mesh *ma = a->bvh->mesh, *mb = b->bvh->mesh;
    if (!q_hull_small(ma, mb))
        return 0.0;
    if (frame_vertices(xa, ma, a->m, t) != 0)
        place_vertices(xa, ma, pa);
    if (frame_vertices(xb, mb, b->m, t) != 0)
        place_vertices(xb, mb, pb);
    /* every candidate, bounded rigorously: at least what any one of them
       proves, the contact pair's axis of hull_gap_only among them */
    return q_hull_gap_points(NULL, ma, xa, mb, xb, 1);
}

static int
poses_at(vccd_pose p[2], vccd_query_body *a, vccd_query_body *b, double t, vccd_error *e)
{
    vccd_query_body *s[2] = { a, b };
    for (int i = 0; i < 2; i++)
        if (vccd_motion_pose_di(&p[i].o, &p[i].R, s[i]->m, vccd_di_set_d(t)) != 0)
            return vccd_error_set(e, s[i]->bvh->mesh->name, 0, NULL, NULL,
                                  "the gap needs rigid motions (%s moves vertices)", s[i]->m->type->name);
    return 0;
}

int
vccd_query_distance_at(vccd_distance_result *d, vccd_query_body *a, vccd_query_body *b, double t, int bv,
                       vccd_error *e)
{
    vccd_pose p[2];
    double h;
    if (poses_at(p, a, b, t, e) != 0 || vccd_distance(d, a->bvh, &p[0], b->bvh, &p[1], bv, e) != 0)
        return -1;
    if (d->status != VCCD_DISTANCE_INTERSECTING && (h = hull_gap_at(a, &p[0], b, &p[1], t)) > d->lower) {
        d->lower = h;
        d->status = VCCD_DISTANCE_SEPARATED;
    }
    return 0;
}

/* The hull gap alone (0 when the meshes are not small): the proof of a
   positive gap without the distance query, which costs more than the
   whole search on a tetrahedron pair (30 to 110 us).  It is the bound
   vccd_query_distance_at adds, so a gap proved here is one it reports. */
static double
hull_gap_only(q_state *q, double t)
{
    vccd_pose p[2];
    vccd_error e;
    vccd_di_vec3 x[2][Q_ADVANCE_MAX_VERTICES];
    const vccd_mesh *m[2] = { q->body[0]->bvh->mesh, q->body[1]->bvh->mesh };
    if (!q_hull_small(m[0], m[1]))
        return 0.0;
    /* the vertices as hull_gap_at places them: from the query's vertex
       cache where the motion has frames (then so has it), else from the
       poses */
    if (!(q->vc[0].frame && q->vc[1].frame) && poses_at(p, q->body[0], q->body[1], t, &e) != 0)
        return 0.0;
    for (int k = 0; k < 2; k++)
        for (long v = 0; v < m[k]->nv; v++)
            if (q->vc[k].frame)
                x[k][v] = *q_vertex(q, k, v, t, t);
            else if (v == 0)
                place_vertices(x[k], m[k], &p[k]);
    /* At lo the contact pair's own axis (its face's normal, its edges'
       cross product) is nearly always the one that proves the gap: one
       bound instead of GJK and every candidate.  It is one of the
       candidates vccd_query_distance_at bounds, so a gap it proves is one
       the distance reports. */
    if (q->r->have_pair) {
        double g = q_pair_gap_points(&q->r->pair, m[0], x[0], m[1], x[1]);
        if (g > 0.0)
            return g;
    }
    return q_hull_gap_points(NULL, m[0], x[0], m[1], x[1], 1);
}

/* Most distance queries one step back spends bisecting towards lo once
   a good time is known: each halves the time lost. */
#define Q_STEP_BISECT 12

/* The first step of the step back to a positive gap, as a fraction of the
   query's time span: 2^-44 of a unit step moves a point at the thesis's
   speeds (4 to 512 units per step) by 2e-13 to 3e-11, above the rounding
   of the distance near the origin (about 1e-15), and the step doubles
   from there, so a far scene costs a few more distance queries. */
#define Q_GAP_STEP0 0x1p-44

static int
gap_at(vccd_distance_result *d, q_state *q, double t, vccd_error *e)
{
    q->r->distance_queries++;
    return vccd_query_distance_at(d, q->body[0], q->body[1], t, q->bv, e);
}

/* eps > 0: the gap must be proved >= eps; eps = 0: proved > 0. */
static int
gap_ok(const vccd_distance_result *d, double eps)
{
    return eps > 0.0 ? d->lower >= eps : d->lower > 0.0;
}

/* *ok := gap_ok of the gap at t, with d that gap (gap_at's) when *ok.
   Only the verdict of a failing time is used, so on large meshes the
   distance stops at the first triangle pair that refutes it
   (vccd_distance_at_least): near a contact that is a descent to it
   instead of the whole distance query -- bunny-bunny at high speed
   failed at its lo in most frames, for about half the step back's cost.
   Small meshes add the hull gap (vccd_query_distance_at), which a pair
   below eps does not refute. */
static int
gap_check(int *ok, vccd_distance_result *d, q_state *q, double t, double eps, vccd_error *e)
{
    vccd_pose p[2];
    if (q_hull_small(q->body[0]->bvh->mesh, q->body[1]->bvh->mesh)) {
        if (gap_at(d, q, t, e) != 0)
            return -1;
        *ok = gap_ok(d, eps);
        return 0;
    }
    q->r->distance_queries++;
    if (poses_at(p, q->body[0], q->body[1], t, e) != 0)
        return -1;
    return vccd_distance_at_least(ok, d, q->body[0]->bvh, &p[0], q->body[1]->bvh, &p[1], q->bv, eps, e);
}

/* From `from`, where the gap is not proved ok, back to the latest time
   found whose rigorous gap is proved >= eps (> 0 when eps = 0): first
   steps of dt, doubling, then a bisection between the last time that
   failed and the first that passed.  1 with *t and *dg that time and its
   gap; 0 when not even t0 passes (*t = t0, *dg its gap); -1 with e set. */
static int
back_to_gap(double *t, vccd_distance_result *dg, q_state *q, double eps, double from, double dt, vccd_error *e)
{
    double t0 = q->o->solve.t0, good, bad = from;
    vccd_distance_result d;
    int ok;

    /* a step that underflowed would never leave `from` */
    if (!(dt > 0.0))
        dt = Q_GAP_STEP0 * (q->o->solve.t1 - t0);
    for (;;) {
        good = bad - dt > t0 ? bad - dt : t0;
        if (gap_check(&ok, &d, q, good, eps, e) != 0)
            return -1;
        if (ok)
            break;
        if (good == t0) {
            /* reported: the whole distance, not a refuted part of it
               (small meshes had it from gap_check already) */
            *t = t0;
            if (q_hull_small(q->body[0]->bvh->mesh, q->body[1]->bvh->mesh)) {
                *dg = d;
                return 0;
            }
            return gap_at(dg, q, t0, e) != 0 ? -1 : 0;
        }
        bad = good;
        dt *= 2.0;
    }
    *dg = d;
    for (int i = 0; i < Q_STEP_BISECT && bad - good > q->o->solve.eps_t; i++) {
        double m = 0.5 * good + 0.5 * bad;
        if (!(m > good && m < bad))
            break;
        if (gap_check(&ok, &d, q, m, eps, e) != 0)
            return -1;
        if (ok) {
            good = m;
            *dg = d;
        } else {
            bad = m;
        }
    }
    *t = good;
    return 1;
}

static void
set_gap(vccd_query_result *r, const vccd_distance_result *d, double t)
{
    r->gap_lower = d->lower;
    r->gap_upper = d->upper;
    r->gap_t = t;
    r->have_gap = 1;
}

/* The relative speed bound of the two bodies (every point, over [0, 1]):
   the gap changes at most at this rate. */
static double
speed_bound(q_state *q)
{
    return Q_UP(vccd_query_body_speed(q->body[0], 0) + vccd_query_body_speed(q->body[1], 0));
}

/* lo moved back to the latest time found whose rigorous gap is proved
   >= eps (or > 0 when eps = 0).  Since [t0, lo) is contact-free, so is
   [t0, that time]; hi is unchanged and still bounds the contact. */
static int
step_back(q_state *q, double eps, vccd_error *e)
{
    vccd_query_result *r = q->r;
    double t0 = q->o->solve.t0, dt, s = speed_bound(q), t;
    vccd_distance_result d;
    int rc;

    r->lo_contact = r->lo;
    /* The gap closes at most at the roots' relative speed, so no time
       later than lo - eps_d / s can have a gap of eps_d: start there and
       double the step until the gap is proved.  For a positive gap any
       earlier time has one (lo is a proved lower bound), and only the
       rounding of the distance hides it: start a tiny step back. */
    if (eps > 0.0)
        dt = s > 0.0 && s < INFINITY ? eps / s : r->lo - t0;
    else
        dt = Q_GAP_STEP0 * (q->o->solve.t1 - t0);
    if ((rc = back_to_gap(&t, &d, q, eps, r->lo, dt, e)) < 0)
        return -1;
    r->stepped = rc ? 1 : -1;
    r->lo = t;
    memset(&r->lo_exact, 0, sizeof r->lo_exact);      /* lo is the double t now */
    set_gap(r, &d, t);
    if (rc && eps > 0.0) {
        r->have_safe = 1;
        r->safe_t = t;
    }
    return 0;
}

/* A none answer with eps_d: no contact in [t0, t1] is proved, but a near
   miss can end closer than eps_d at t1 (9 in 400 random pairs of an
   independent check), so a caller moving to t1 would break the distance
   it asked for.  safe_t is t1 when the gap there is proved >= eps, else
   the latest time found before it that is, by the contact answers' step
   back; lo and hi keep their meaning (t1). */
static int
safe_none(q_state *q, double eps, vccd_error *e)
{
    vccd_query_result *r = q->r;
    double t0 = q->o->solve.t0, t1 = q->o->solve.t1, dt, s = speed_bound(q), t;
    vccd_distance_result d;
    int rc;

    r->lo_contact = r->lo;
    if (gap_at(&d, q, t1, e) != 0)
        return -1;
    if (gap_ok(&d, eps)) {
        r->stepped = 0;
        r->have_safe = 1;
        r->safe_t = t1;
        set_gap(r, &d, t1);
        return 0;
    }
    /* A time t with a gap >= eps is at least (eps - gap(t1)) / s before
       t1, and the gap at t1 is at most d.upper: start there (a double
       rounded either way: it only decides where the search starts, each
       time reported carries its own proof).  When the upper bound is
       already >= eps only rounding hides the gap: a tiny step
       (back_to_gap's default). */
    dt = s > 0.0 && s < INFINITY ? (eps - d.upper) / s : t1 - t0;
    if ((rc = back_to_gap(&t, &d, q, eps, t1, dt, e)) < 0)
        return -1;
    r->stepped = rc ? 1 : -1;
    if ((r->have_safe = rc))
        r->safe_t = t;
    set_gap(r, &d, t);
    return 0;
}

int
q_after(q_state *q, vccd_error *e)
{
    vccd_query_result *r = q->r;
    vccd_distance_result d;
    int rigid = !q->body[0]->m->type->per_vertex && !q->body[1]->m->type->per_vertex;
    int exact = q->o->mode == VCCD_QUERY_EXACT && r->status != VCCD_TOC_NONE;

    if (!rigid)
        return 0;
    if (exact && q->o->eps_d > 0.0)
        return step_back(q, q->o->eps_d, e);
    if (q->o->mode == VCCD_QUERY_EXACT && r->status == VCCD_TOC_NONE && q->o->eps_d > 0.0)
    {
        if (q->o->safe_none)
            return safe_none(q, q->o->eps_d, e);
        r->lo_contact = r->lo;
        return 0;
    }
    if (!q->o->gap && !(exact && q->o->positive_gap))
        return 0;
    /* Only the proof is asked for: on small meshes the hulls' gap gives
       it in a few microseconds. */
    if (!q->o->gap && exact && q->o->positive_gap && hull_gap_only(q, r->lo) > 0.0)
        return 0;
    /* lo lies within the root finder's tolerance of a root and can be so
       close to it (about one frame in eight of the thesis's; most at high
       speed, where the poses' rounding exceeds the gap) that the distance
       there rounds to 0: a proof of "no contact before lo" that the gap at
       lo cannot show.  Stepping back a little shows it. */
    if (exact && q->o->positive_gap) {
        int ok;
        if (gap_check(&ok, &d, q, r->lo, 0.0, e) != 0)
            return -1;
        if (!ok)
            return step_back(q, 0.0, e);
    } else if (gap_at(&d, q, r->lo, e) != 0) {
        return -1;
    }
    set_gap(r, &d, r->lo);
    return 0;
}
