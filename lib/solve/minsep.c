/* minsep.c -- the first time two features can come within d of each
   other: the distance pieces of feature.h handed to vccd_solve one by
   one, and the check at the start that the pieces' roots cannot make.

   Why it is a proof: let T be the first time in [t0, t1] with distance
   <= d.  If T > t0 the distance is exactly d at T (it is continuous),
   and the closest point of the second feature lies in the interior of
   the face, of an edge or at a vertex (for edge-edge pairs: both
   interiors, or an end), so the matching piece g vanishes at T with its
   constraints holding.  vccd_solve proves [t0, lo_p) free of such roots
   for every piece p, so T >= min lo_p.  If T = t0, the same piece has
   g(t0) <= 0 with its constraints holding, which the start check
   refutes or reports. */
#include <string.h>

#include "vccd/solver.h"

/* Can the distance be <= d at t0 along piece p (the feature already set
   to it)?  0: proved not; 1: undecided; 2: proved. */
static int
at_start(vccd_feature *f, double t0)
{
    vccd_di g, t = vccd_di_set_d(t0);
    int incl;
    vccd_feature_jet(&g, f, t, 0);
    if (!vccd_di_is_empty(g) && g.lo > 0.0)
        return 0;
    if ((incl = vccd_feature_inclusion(f, t)) == VCCD_INCL_NO)
        return 0;
    return g.hi <= 0.0 && incl == VCCD_INCL_YES ? 2 : 1;
}

/* Is a the better answer than b (earlier, or as early and proved)? */
static int
better(const vccd_toc *a, const vccd_toc *b)
{
    if (a->status == VCCD_TOC_NONE)
        return 0;
    int c;
    if (b->status == VCCD_TOC_NONE)
        return 1;
    /* exactly: past binary64 time two ends may round to one double */
    c = vccd_time_cmp(&a->lo_exact, a->lo, &b->lo_exact, b->lo);
    return c < 0 || (c == 0 && a->status == VCCD_TOC_CERTIFIED && b->status != VCCD_TOC_CERTIFIED);
}

void
vccd_solve_minsep(vccd_toc *r, vccd_feature *f, double d, unsigned skip, const vccd_solve_opts *o)
{
    vccd_feature_piece all[9], pc[9];
    int na, n = 0, start = 0;

    /* first: the pieces' list was 2% of an easy query's instructions */
    if (!(d > 0.0)) {
        vccd_solve(r, f, o);
        return;
    }
    na = vccd_feature_pieces(all, vccd_feature_get_kind(f));
    for (int i = 0; i < na; i++)
        if (!(skip >> all[i] & 1))
            pc[n++] = all[i];
    memset(r, 0, sizeof *r);
    r->status = VCCD_TOC_NONE;
    r->lo = r->hi = o->t1;
    r->param[0] = r->param[1] = vccd_di_entire();
    vccd_feature_set_arith(f, &o->arith);
    r->prec = vccd_feature_get_arith(f)->prec;
    /* Most pairs of a mesh query are farther than d over the whole
       domain: one axis test then stands for every piece's solve. */
    r->evals++;
    if (vccd_feature_apart(f, vccd_di_set_2d(o->t0, o->t1), d))
        return;
    for (int i = 0; i < n && start < 2; i++) {
        int s;
        vccd_feature_set_piece(f, pc[i], d);
        s = at_start(f, o->t0);
        start = s > start ? s : start;
    }
    if (start) {
        r->status = start == 2 ? VCCD_TOC_CERTIFIED : VCCD_TOC_POSSIBLE;
        r->lo = r->hi = o->t0;
        vccd_feature_set_piece(f, VCCD_PIECE_COPLANAR, 0.0);
        vccd_feature_params(r->param, f, vccd_di_set_d(o->t0));
        return;
    }
    for (int i = 0; i < n; i++) {
        vccd_solve_opts so = *o;
        vccd_toc sub;
        /* [t0, lo) stays proved for every piece as long as each is
           searched up to the best answer's hi at least */
        if (r->status != VCCD_TOC_NONE)
            so.t1 = r->hi;
        vccd_feature_set_piece(f, pc[i], d);
        vccd_solve(&sub, f, &so);
        r->boxes += sub.boxes;
        r->evals += sub.evals;
        r->escalations += sub.escalations;
        r->limited |= sub.limited;
        if (sub.prec > r->prec)
            r->prec = sub.prec;
        if (better(&sub, r)) {
            r->status = sub.status;
            r->lo = sub.lo;
            r->hi = sub.hi;
            r->lo_exact = sub.lo_exact;
            r->hi_exact = sub.hi_exact;
            r->param[0] = sub.param[0];
            r->param[1] = sub.param[1];
        }
    }
    vccd_feature_set_piece(f, VCCD_PIECE_COPLANAR, 0.0);
}
