/* feature.c -- feature pairs: lifetime, the backend dispatch of the
   kernels in feature_impl.h, and the inclusion predicate's decisions. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cubic.h"
#include "vccd/feature.h"
#include "vccd/plugin/kin.h"
#include "vccd/motion.h"
#include "vccd/plugin/rigid.h"

/* Each backend's parameters and kernel (motion.h). */
#include "vccd/plugin/backend_di.h"
#define VF_PARAMS(m) ((m)->param_di)
#define VF_EVAL(m) ((m)->type->eval_di)
#include "vccd/feature_impl.h"
#include "piece_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_ui.h"
#define VF_PARAMS(m) ((m)->param_ui)
#define VF_EVAL(m) ((m)->type->eval_ui)
#include "vccd/feature_impl.h"
#include "piece_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_mi.h"
#define VF_PARAMS(m) ((const vccd_mi_struct *)(m)->param)
#define VF_EVAL(m) ((m)->type->eval_mi)
#include "vccd/feature_impl.h"
#include "piece_impl.h"
#include "vccd/plugin/backend_undef.h"

/* What a backend's state holds from the last evaluations: the predicate
   and the solvers evaluate the same box more than once. */
typedef struct {
    /* the points' jets hold at times last_t up to order last_order
       (-1: none) */
    vccd_di last_t;
    int last_order[4];
    /* the rigid bodies' coefficients hold at coef_t */
    int coef_ok;
    vccd_di coef_t;
    unsigned jet_points;        /* the points s needs jets of (bit i) */
    vccd_di vec_t;              /* u, e1, e2 hold over vec_t */
    int vec_order;              /* up to this order (-1: none) */
    /* incl_terms over terms_t (terms_n < 0: none): the predicate's box is
       the one whose parameters a certified solve reports next */
    vccd_di terms_t, terms_q[4], terms_nn;
    int terms_n;
} eval_cache;

static void
cache_reset(eval_cache *c)
{
    for (int i = 0; i < 4; i++)
        c->last_order[i] = -1;
    c->coef_ok = 0;
    c->vec_order = -1;
    c->terms_n = -1;
}

struct vccd_feature {
    vccd_feature_kind kind;
    int np;
    vccd_track pt[4];
    int body[4];                /* the first point on the same motion */
    vccd_arith arith;
    long evals;
    long work, weight;          /* evaluations weighted by their cost */
    /* What the state of the current backend holds (eval_cache), and
       while f works in MPFR, what the binary64 state holds for
       vccd_feature_excluded_binary64. */
    eval_cache c, c64;
    int di_ready, ui_ready;     /* di, ui prepared (feature_prepare) */
    vccd_di_feature_state di;
    /* binary64: a box's order-0 jets set aside while a point of it is
       evaluated (spare_use, spare_move) */
    int spare_ok;
    struct {
        eval_cache c;
        vccd_di_vec3 X[4], V[3], cen[4];
        vccd_di k[16];
    } spare;
    int mi_ready;
    mpfr_prec_t mi_prec;
    /* 1 while an MPFR time (vccd_feature_jet_mi) sits in t: the binary64
       box handed down is then only an outward rounding of it */
    int t_fine;
    /* The function evaluated: s, or a distance piece with margin d. */
    vccd_feature_piece piece;
    double margin;
    /* A pair whose points all move on straight lines has s as a cubic
       (cubic.h), enclosed at its second binary64 jet (JET_CUBIC_AFTER):
       lin 0 not yet, 1 made, -1 not such a pair. */
    int lin;
    vccd_feature_cubic cubic;
    int terms_asked;            /* incl_terms evaluated (cache misses) */
    int jets_asked;             /* vccd_feature_jet, any arithmetic */
    /* The other backends' states, last: a new feature zeroes only what
       comes before them (FEATURE_ZEROED), and each is cleared when its
       backend is first used.  They are 15 kB of the 19 kB, and zeroing
       them was 9% of a tetrahedron pair's query, which solves one
       feature in binary64. */
    vccd_ui_feature_state ui;
    /* MPFR state at arith.prec (initialised only for mpfr). */
    vccd_mi_feature_state mi;
    vccd_mi_t t;
};

#define FEATURE_ZEROED offsetof(struct vccd_feature, ui)

static const char *const kind_names[] = { "vertex-face", "edge-edge", "vertex-edge-2d" };

const char *
vccd_feature_kind_name(vccd_feature_kind k)
{
    return (unsigned)k < 3 ? kind_names[k] : "?";
}

int
vccd_feature_kind_find(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, kind_names[i]) == 0)
            return i;
    return -1;
}

int
vccd_feature_kind_npoints(vccd_feature_kind k)
{
    return k == VCCD_FEATURE_VE2D ? 3 : 4;
}

/* The points whose jets the vectors of s not taken from difference
   frames read (feature_vectors), as a bit mask. */
static unsigned
jet_points(vccd_feature_kind kind, const int *diff)
{
    /* the table is the same on every backend */
    const int (*pts)[3][2] = vccd_di_feature_vector_points;
    unsigned m = 0;
    for (int v = 0; v < 3; v++)
        if (!diff[v] && pts[kind][v][0] >= 0)
            m |= 1u << pts[kind][v][0] | 1u << pts[kind][v][1];
    return m;
}

static void
mi_release(vccd_feature *f)
{
    if (!f->mi_ready)
        return;
    vccd_mi_feature_state_clear(&f->mi);
    vccd_mi_clear(f->t);
    f->mi_ready = 0;
}

int
vccd_feature_set_arith(vccd_feature *f, const vccd_arith *a)
{
    /* The prepared state of a backend stays valid (the motions do not
       change): each solve sets the arithmetic again, and preparing was a
       third of an easy query's solve. */
    if (a->kind == VCCD_ARITH_MPFR && f->mi_ready && f->mi_prec != a->prec)
        mi_release(f);
    f->arith = *a;
    cache_reset(&f->c);
    cache_reset(&f->c64);
    f->spare_ok = 0;
    if (a->kind == VCCD_ARITH_ADAPTIVE)
        f->arith.kind = VCCD_ARITH_BINARY64;
    if (f->arith.kind == VCCD_ARITH_BINARY64 || f->arith.kind == VCCD_ARITH_UNROUNDED)
        f->arith.prec = 53;
    f->weight = vccd_feature_eval_weight(&f->arith);
    switch (f->arith.kind) {
    case VCCD_ARITH_MPFR:
        if (!f->mi_ready) {
            memset(&f->mi, 0, sizeof f->mi);
            vccd_mi_feature_state_init(&f->mi, (long)a->prec);
            vccd_mi_init2(f->t, a->prec);
            f->mi_ready = 1;
            f->mi_prec = a->prec;
            vccd_mi_feature_prepare(&f->mi, f->pt, f->body, f->np, f->kind, NULL);
        }
        f->c.jet_points = jet_points(f->kind, f->mi.diff);
        break;
    case VCCD_ARITH_UNROUNDED:
        if (!f->ui_ready) {
            memset(&f->ui, 0, sizeof f->ui);
            vccd_ui_feature_prepare(&f->ui, f->pt, f->body, f->np, f->kind, NULL);
        }
        f->ui_ready = 1;
        f->c.jet_points = jet_points(f->kind, f->ui.diff);
        break;
    default:
        if (!f->di_ready)
            vccd_di_feature_prepare(&f->di, f->pt, f->body, f->np, f->kind, NULL);
        f->di_ready = 1;
        f->c.jet_points = jet_points(f->kind, f->di.diff);
        break;
    }
    return 0;
}

/* f := a new feature in f's storage (f holds no MPFR state). */
static void
feature_setup(vccd_feature *f, vccd_feature_kind kind, const vccd_track *pts, const vccd_di_vec3 (*const *frames)[3],
              const vccd_arith *a)
{
    memset(f, 0, FEATURE_ZEROED);
    f->kind = kind;
    f->np = vccd_feature_kind_npoints(kind);
    for (int i = 0; i < f->np; i++) {
        f->pt[i] = pts[i];
        vccd_motion_check_vertex(pts[i].m, pts[i].vertex);
        f->body[i] = i;
        for (int j = i - 1; j >= 0; j--)
            if (pts[j].m == pts[i].m)
                f->body[i] = j;
    }
    if (frames && a->kind != VCCD_ARITH_MPFR && a->kind != VCCD_ARITH_UNROUNDED) {
        vccd_di_feature_prepare(&f->di, f->pt, f->body, f->np, f->kind, frames);
        f->di_ready = 1;
    }
    vccd_feature_set_arith(f, a);
}

vccd_feature *
vccd_feature_new_framed(vccd_feature_kind kind, const vccd_track *pts, const vccd_di_vec3 (*const *frames)[3],
                        const vccd_arith *a)
{
    vccd_feature *f = malloc(sizeof *f);
    if (f)
        feature_setup(f, kind, pts, frames, a);
    return f;
}

_Static_assert(sizeof(struct vccd_feature) <= VCCD_FEATURE_BYTES, "VCCD_FEATURE_BYTES is too small");

vccd_feature *
vccd_feature_init_framed(void *mem, vccd_feature_kind kind, const vccd_track *pts,
                         const vccd_di_vec3 (*const *frames)[3], const vccd_arith *a)
{
    vccd_feature *f = mem;
    feature_setup(f, kind, pts, frames, a);
    return f;
}

void
vccd_feature_clear(vccd_feature *f)
{
    if (f)
        mi_release(f);
}

void
vccd_feature_reset_framed(vccd_feature *f, vccd_feature_kind kind, const vccd_track *pts,
                          const vccd_di_vec3 (*const *frames)[3], const vccd_arith *a)
{
    mi_release(f);
    feature_setup(f, kind, pts, frames, a);
}

vccd_feature *
vccd_feature_new(vccd_feature_kind kind, const vccd_track *pts, const vccd_arith *a)
{
    return vccd_feature_new_framed(kind, pts, NULL, a);
}

void
vccd_feature_free(vccd_feature *f)
{
    if (!f)
        return;
    mi_release(f);
    free(f);
}

vccd_feature_kind vccd_feature_get_kind(const vccd_feature *f) { return f->kind; }
const vccd_arith *vccd_feature_get_arith(const vccd_feature *f) { return &f->arith; }
long vccd_feature_evals(const vccd_feature *f) { return f->evals; }
long vccd_feature_work(const vccd_feature *f) { return f->work; }

long
vccd_feature_eval_weight(const vccd_arith *a)
{
    /* Measured on rotating ltlrm pairs (doc/solvers.md): an MPFR
       evaluation costs about 25 binary64 ones at 113 bits and grows
       slowly with the precision. */
    if (a->kind != VCCD_ARITH_MPFR)
        return 1;
    return 16 + (long)a->prec / 12;
}

/* The rigid bodies' coefficients over t on f's backend, unless they
   are those of t already (feature_coefs); for MPFR, f->t := t. */
static void
coefs(vccd_feature *f, vccd_di t)
{
    if (f->arith.kind == VCCD_ARITH_MPFR && !f->t_fine)
        vccd_mi_set_di(f->t, t);
    if (f->c.coef_ok && f->c.coef_t.lo == t.lo && f->c.coef_t.hi == t.hi)
        return;
    switch (f->arith.kind) {
    case VCCD_ARITH_MPFR:
        vccd_mi_feature_coefs(&f->mi, f->pt, f->body, f->np, f->t);
        break;
    case VCCD_ARITH_UNROUNDED: {
        vccd_ui tu = { t.lo, t.hi };
        vccd_ui_feature_coefs(&f->ui, f->pt, f->body, f->np, &tu);
        break;
    }
    default:
        vccd_di_feature_coefs(&f->di, f->pt, f->body, f->np, &t);
        break;
    }
    f->c.coef_ok = 1;
    f->c.coef_t = t;
}

/* The jets up to `order` over t of the points in want (bit i for point
   i) on f's backend, from the last evaluation when it covers them. */
static void
points(vccd_feature *f, vccd_di t, int order, unsigned want)
{
    unsigned mask = 0;
    int from = order;           /* the lowest order some point lacks */
    coefs(f, t);
    if (!(f->c.last_t.lo == t.lo && f->c.last_t.hi == t.hi))
        for (int i = 0; i < 4; i++)
            f->c.last_order[i] = -1;
    for (int i = 0; i < f->np; i++)
        if ((want >> i & 1) && f->c.last_order[i] < order) {
            mask |= 1u << i;
            if (f->c.last_order[i] + 1 < from)
                from = f->c.last_order[i] + 1;
        }
    if (!mask)
        return;
    switch (f->arith.kind) {
    case VCCD_ARITH_MPFR:
        vccd_mi_feature_points(&f->mi, f->pt, f->body, f->np, f->t, from, order, mask);
        break;
    case VCCD_ARITH_UNROUNDED: {
        vccd_ui tu = { t.lo, t.hi };
        vccd_ui_feature_points(&f->ui, f->pt, f->body, f->np, &tu, from, order, mask);
        break;
    }
    default:
        vccd_di_feature_points(&f->di, f->pt, f->body, f->np, &t, from, order, mask);
        break;
    }
    /* A 2D pair lives in the xy-plane: z is dropped, so that a motion
       moving in 3D is seen projected, as the coplanarity function s
       (which reads x and y only) already sees it, and the inclusion
       predicate and its separating axis agree with s. */
    if (f->kind == VCCD_FEATURE_VE2D)
        for (int i = 0; i < f->np; i++)
            for (int k = 0; k <= order && (mask >> i & 1); k++) {
                if (f->arith.kind == VCCD_ARITH_MPFR)
                    vccd_mi_set_d(&f->mi.X[i][k].c[2], 0.0);
                else if (f->arith.kind == VCCD_ARITH_UNROUNDED)
                    f->ui.X[i][k].c[2] = vccd_ui_set_d(0.0);
                else
                    f->di.X[i][k].c[2] = vccd_di_set_d(0.0);
            }
    f->c.last_t = t;
    for (int i = 0; i < f->np; i++)
        if (mask >> i & 1)
            f->c.last_order[i] = order;
}

/* Evaluate the points' jets up to `order` over t on f's backend and hand
   them to one of the kernels: BODY is run with X naming the jets. */
#define FEATURE_WITH_POINTS(f, t, order, DI_BODY, UI_BODY, MI_BODY)      \
    do {                                                                  \
        points((f), (t), (order), 0xfu);                                  \
        if ((f)->arith.kind == VCCD_ARITH_MPFR) {                         \
            vccd_mi_vec3 (*X)[3] = (f)->mi.X;                             \
            MI_BODY;                                                      \
        } else if ((f)->arith.kind == VCCD_ARITH_UNROUNDED) {             \
            vccd_ui_vec3 (*X)[3] = (f)->ui.X;                             \
            UI_BODY;                                                      \
        } else {                                                          \
            vccd_di_vec3 (*X)[3] = (f)->di.X;                             \
            DI_BODY;                                                      \
        }                                                                 \
    } while (0)

/* u, e1, e2 of s up to `order` over t in the state of f's backend
   (feature_vectors), unless they are there already. */
static void
vectors(vccd_feature *f, vccd_di t, int order)
{
    /* the orders held for t already are not computed again (a box
       bounded at order 0 by the search, then at order 2 by the solver) */
    int from = f->c.vec_t.lo == t.lo && f->c.vec_t.hi == t.hi ? f->c.vec_order + 1 : 0;
    if (from > order)
        return;
    /* the vectors from difference frames need no point jets */
    points(f, t, order, f->c.jet_points);
    switch (f->arith.kind) {
    case VCCD_ARITH_MPFR:
        vccd_mi_feature_vectors(f->mi.V, &f->mi, f->pt, f->body, f->kind, f->t, from, order);
        break;
    case VCCD_ARITH_UNROUNDED: {
        vccd_ui tu = { t.lo, t.hi };
        vccd_ui_feature_vectors(f->ui.V, &f->ui, f->pt, f->body, f->kind, &tu, from, order);
        break;
    }
    default:
        vccd_di_feature_vectors(f->di.V, &f->di, f->pt, f->body, f->kind, &t, from, order);
        break;
    }
    f->c.vec_t = t;
    f->c.vec_order = order;
}

/* The binary64 evaluation state of a box held at order 0 (the cache,
   the points' positions, u, e1, e2, the bodies' centres and
   coefficients): into the spare (keep 1), or back from it (keep 0). */
static void
spare_move(vccd_feature *f, int keep)
{
#define SPARE_MOVE(a, b) (keep ? memcpy(&(b), &(a), sizeof(a)) : memcpy(&(a), &(b), sizeof(a)))
    SPARE_MOVE(f->c, f->spare.c);
    for (int i = 0; i < 4; i++)
        SPARE_MOVE(f->di.X[i][0], f->spare.X[i]);
    for (int v = 0; v < 3; v++)
        SPARE_MOVE(f->di.V[v][0], f->spare.V[v]);
    SPARE_MOVE(f->di.c, f->spare.cen);
    SPARE_MOVE(f->di.k, f->spare.k);
#undef SPARE_MOVE
}

/* Before s at t in binary64: a box [a, b] is bounded by the search,
   then its end a by taylor-lagrange (its middle by newton), then the box
   again at a higher order.  The box's jets go to the spare when a point
   follows it, and come back when the box is asked for again: the higher
   order then adds to them (feature_points, feature_vectors) instead of
   starting over (the same bits either way; with that, 14% fewer
   instructions on rotating ltlrm pairs, doc/solvers.md). */
static void
spare_use(vccd_feature *f, vccd_di t)
{
    const vccd_di *h = &f->c.vec_t;
    if (f->arith.kind != VCCD_ARITH_BINARY64 || (h->lo == t.lo && h->hi == t.hi) || f->c.vec_order < 0)
        return;
    if (f->spare_ok && f->spare.c.vec_t.lo == t.lo && f->spare.c.vec_t.hi == t.hi) {
        spare_move(f, 0);
        f->spare_ok = 0;
    } else if (f->c.vec_order == 0 && f->c.last_order[0] <= 0 && f->c.last_order[1] <= 0
               && f->c.last_order[2] <= 0 && f->c.last_order[3] <= 0 && t.lo == t.hi && h->lo < h->hi
               && h->lo <= t.lo && t.hi <= h->hi) {
        /* only a box bounded at order 0 (by the search) is asked for
           again at a higher order: one held at a higher order has been
           contracted already; and spare_move keeps order 0 only */
        spare_move(f, 1);
        f->spare_ok = 1;
    }
}

/* Is f a vertex-face or edge-edge pair with every point on a straight
   line (form LINE)?  Then its cubic is made (once: the binary64
   parameters do not change while f lives), from u, e1, e2 at t = 0 and
   their slopes, each the difference of its two points' (the difference
   frames where feature_prepare made them). */
static int
lin_ready(vccd_feature *f)
{
    vccd_di_vec3 base[3], slope[3];
    if (f->lin)
        return f->lin > 0;
    f->lin = -1;
    if (f->kind != VCCD_FEATURE_VF && f->kind != VCCD_FEATURE_EE)
        return 0;
    for (int i = 0; i < f->np; i++)
        if (f->pt[i].m->type->form != VCCD_MOTION_FORM_LINE)
            return 0;
    for (int v = 0; v < 3; v++) {
        int i = vccd_di_feature_vector_points[f->kind][v][0], j = vccd_di_feature_vector_points[f->kind][v][1];
        if (f->di.diff[v]) {
            base[v] = f->di.d[v][0];
            slope[v] = f->di.d[v][1];
        } else {
            vccd_feature_cubic_sub(&base[v], &f->di.y[j][0], &f->di.y[i][0]);
            vccd_feature_cubic_sub(&slope[v], &f->di.y[j][1], &f->di.y[i][1]);
        }
    }
    vccd_feature_cubic_init(&f->cubic, base, slope);
    f->lin = 1;
    return 1;
}

#define JET_CUBIC_AFTER 1

int
vccd_feature_linear_guess(double c[4], vccd_feature *f)
{
    if (f->arith.kind != VCCD_ARITH_BINARY64 || f->piece || !f->di_ready || !lin_ready(f))
        return 0;
    /* the caller evaluates the cubic from here on: its first jet too */
    if (f->jets_asked < JET_CUBIC_AFTER)
        f->jets_asked = JET_CUBIC_AFTER;
    for (int k = 0; k < 4; k++)
        c[k] = vccd_di_mid(f->cubic.c[k]);
    return 1;
}

void
vccd_feature_jet(vccd_di *s, vccd_feature *f, vccd_di t, int order)
{
    f->evals++;
    f->work += f->weight;
    /* On straight lines, the cubic once the pair has been evaluated
       JET_CUBIC_AFTER times: making it costs about four evaluations from
       the points, and most pairs of a scene are proved apart by the first
       one (s has no zero over the whole step). */
    if (++f->jets_asked > JET_CUBIC_AFTER && f->arith.kind == VCCD_ARITH_BINARY64 && !f->piece && f->di_ready
        && lin_ready(f)) {
        vccd_feature_cubic_jet(s, &f->cubic, t, order);
        return;
    }
    spare_use(f, t);
    vectors(f, t, order);
    switch (f->arith.kind) {
    case VCCD_ARITH_MPFR:
        if (f->piece)
            vccd_mi_piece_jet(s, f->mi.V, f->kind, f->piece, f->margin, order);
        else
            vccd_mi_feature_jet(s, &f->mi, order);
        break;
    case VCCD_ARITH_UNROUNDED:
        if (f->piece)
            vccd_ui_piece_jet(s, f->ui.V, f->kind, f->piece, f->margin, order);
        else
            vccd_ui_feature_jet(s, &f->ui, order);
        break;
    default:
        if (f->piece)
            vccd_di_piece_jet(s, f->di.V, f->kind, f->piece, f->margin, order);
        else
            vccd_di_feature_jet(s, &f->di, order);
        break;
    }
}

/* Evaluation at an MPFR time t (the _mi entries): f->t := t, and the
   caches emptied before and after, since their keys are binary64 boxes
   and t is not one.  Returns the box the internal calls are handed, t
   rounded outward to doubles: on another backend than MPFR, where f->t
   is not read, they evaluate over it, a wider enclosure and as rigorous. */
static vccd_di
fine_begin(vccd_feature *f, vccd_mi_srcptr t)
{
    vccd_di d = { mpfr_get_d(&t->lo, MPFR_RNDD), mpfr_get_d(&t->hi, MPFR_RNDU) };
    if (f->arith.kind != VCCD_ARITH_MPFR)
        return d;
    vccd_mi_set(f->t, t);
    cache_reset(&f->c);
    f->t_fine = 1;
    return d;
}

static void
fine_end(vccd_feature *f)
{
    if (!f->t_fine)
        return;
    cache_reset(&f->c);
    f->t_fine = 0;
}

void
vccd_feature_jet_mi(vccd_di *s, vccd_feature *f, vccd_mi_srcptr t, int order)
{
    vccd_di d = fine_begin(f, t);
    vccd_feature_jet(s, f, d, order);
    fine_end(f);
}

/* The constraint terms of f's piece over t (piece_terms in
   piece_impl.h); returns their number. */
static int
piece_terms(vccd_di *q, vccd_di *nn, vccd_feature *f, vccd_di t)
{
    vectors(f, t, 0);
    switch (f->arith.kind) {
    case VCCD_ARITH_MPFR: return vccd_mi_piece_terms(q, nn, f->mi.V, f->kind, f->piece);
    case VCCD_ARITH_UNROUNDED: return vccd_ui_piece_terms(q, nn, f->ui.V, f->kind, f->piece);
    default: return vccd_di_piece_terms(q, nn, f->di.V, f->kind, f->piece);
    }
}

int
vccd_feature_pieces(vccd_feature_piece *pieces, vccd_feature_kind k)
{
    static const vccd_feature_piece all[] = { VCCD_PIECE_SLAB, VCCD_PIECE_CAPSULE_0, VCCD_PIECE_CAPSULE_1,
                                              VCCD_PIECE_CAPSULE_2, VCCD_PIECE_CAPSULE_3, VCCD_PIECE_SPHERE_0,
                                              VCCD_PIECE_SPHERE_1, VCCD_PIECE_SPHERE_2, VCCD_PIECE_SPHERE_3 };
    /* capsules and spheres per kind; VE2D has no slab */
    static const int ncap[3] = { 3, 4, 1 }, nsph[3] = { 3, 4, 2 };
    int n = 0;
    if (k != VCCD_FEATURE_VE2D)
        pieces[n++] = VCCD_PIECE_SLAB;
    for (int i = 0; i < ncap[k]; i++)
        pieces[n++] = all[1 + i];
    for (int i = 0; i < nsph[k]; i++)
        pieces[n++] = all[5 + i];
    return n;
}

int
vccd_feature_set_piece(vccd_feature *f, vccd_feature_piece p, double d)
{
    vccd_feature_piece all[9];
    int n = vccd_feature_pieces(all, f->kind), ok = p == VCCD_PIECE_COPLANAR;
    for (int i = 0; i < n; i++)
        ok |= all[i] == p;
    if (!ok || !(d >= 0.0 && d < INFINITY))
        return -1;
    f->piece = p;
    f->margin = d;
    return 0;
}

/* The inclusion terms over t (feature_incl_terms in feature_impl.h);
   returns their number. */
#define TERMS_POLY_AFTER 4
static int
incl_terms(vccd_di *q, vccd_di *nn, vccd_feature *f, vccd_di t)
{
    int nq = 0;
    eval_cache *c = &f->c;
    if (c->terms_n >= 0 && c->terms_t.lo == t.lo && c->terms_t.hi == t.hi) {
        memcpy(q, c->terms_q, (size_t)c->terms_n * sizeof *q);
        *nn = c->terms_nn;
        return c->terms_n;
    }
    /* On straight lines, the terms' polynomials (cubic.h), made once the
       predicate has been asked for the terms of TERMS_POLY_AFTER boxes:
       making them costs about six evaluations of the terms from the
       points, and evaluating them a third of one.  A pair that touches
       asks about four times (armadillo-rollers' data set queries: 4.2),
       where the points are cheaper; a pair near a double root or an edge
       asks many more, where the polynomials are, and their enclosures
       over boxes are tighter (cloth-funnel's edge-edge queries: 5,388 ->
       1,523 boxes). */
    ++f->terms_asked;
    if (f->arith.kind == VCCD_ARITH_BINARY64 && f->di_ready && lin_ready(f) && f->terms_asked <= TERMS_POLY_AFTER) {
        /* before the polynomials, from the vectors u, e1, e2 (cubic.h) */
        nq = vccd_feature_cubic_terms_at(q, nn, &f->cubic, f->kind == VCCD_FEATURE_EE, t);
    } else if (f->arith.kind == VCCD_ARITH_BINARY64 && f->di_ready && lin_ready(f)) {
        if (!f->cubic.terms_n) {
            vccd_di_vec3 base[4], slope[4];
            for (int i = 0; i < 4; i++) {
                base[i] = f->di.y[i][0];
                slope[i] = f->di.y[i][1];
            }
            vccd_feature_cubic_terms_init(&f->cubic, f->kind == VCCD_FEATURE_EE, base, slope);
        }
        nq = vccd_feature_cubic_terms(q, nn, &f->cubic, t);
    } else {
        FEATURE_WITH_POINTS(f, t, 0,
                            nq = vccd_di_feature_incl_terms(q, nn, X, f->kind),
                            nq = vccd_ui_feature_incl_terms(q, nn, X, f->kind),
                            nq = vccd_mi_feature_incl_terms(q, nn, X, f->kind));
    }
    if (nq <= 4) {
        memcpy(c->terms_q, q, (size_t)nq * sizeof *q);
        c->terms_nn = *nn;
        c->terms_t = t;
        c->terms_n = nq;
    }
    return nq;
}

/* The projections on the closest-point axis over t
   (feature_axis_project); 0 when there is no axis. */
static int
axis_project(vccd_di *pi, double axis[3], vccd_feature *f, vccd_di t)
{
    int have = 0;
    if (!f->c.jet_points && f->kind != VCCD_FEATURE_VE2D) {
        /* every vector from difference frames: relative points */
        vectors(f, t, 0);
        switch (f->arith.kind) {
        case VCCD_ARITH_MPFR: return vccd_mi_feature_axis_project_rel(pi, axis, &f->mi, f->kind);
        case VCCD_ARITH_UNROUNDED: return vccd_ui_feature_axis_project_rel(pi, axis, &f->ui, f->kind);
        default: return vccd_di_feature_axis_project_rel(pi, axis, &f->di, f->kind);
        }
    }
    FEATURE_WITH_POINTS(f, t, 0,
                        have = vccd_di_feature_axis_project(pi, axis, X, f->kind, f->np),
                        have = vccd_ui_feature_axis_project(pi, axis, X, f->kind, f->np),
                        have = vccd_mi_feature_axis_project(pi, axis, X, f->kind, f->np));
    return have;
}

/* Are the point sets {0 .. na-1} and {na .. np-1}, projected to pi on
   axis, more than d apart (d >= 0)?  Each feature's projection is the
   hull of its vertices' (the features are convex hulls of their
   vertices), so a gap between the hulls wider than d |axis| proves the
   features more than d apart at every time of T (d = 0: disjoint). */
static int
projections_apart(const vccd_di *pi, int na, int np, const double axis[3], double d)
{
    double amax = -INFINITY, amin = INFINITY, bmax = -INFINITY, bmin = INFINITY, m = 0.0;
    for (int i = 0; i < np; i++) {
        if (vccd_di_is_empty(pi[i]) || !(pi[i].lo <= pi[i].hi))
            return 0;
        if (i < na) {
            amax = fmax(amax, pi[i].hi);
            amin = fmin(amin, pi[i].lo);
        } else {
            bmax = fmax(bmax, pi[i].hi);
            bmin = fmin(bmin, pi[i].lo);
        }
    }
    if (d > 0.0) {
        vccd_di n2 = vccd_di_add(vccd_di_add(vccd_di_sqr(vccd_di_set_d(axis[0])), vccd_di_sqr(vccd_di_set_d(axis[1]))),
                                 vccd_di_sqr(vccd_di_set_d(axis[2])));
        m = vccd_di_mul_d(vccd_di_sqrt(n2), d).hi;
        if (!(m < INFINITY))
            return 0;
    }
    /* the gaps rounded down: a gap > m is then one in exact arithmetic */
    return vccd_di_sub(vccd_di_set_d(bmin), vccd_di_set_d(amax)).lo > m
           || vccd_di_sub(vccd_di_set_d(amin), vccd_di_set_d(bmax)).lo > m;
}

/* Is [alo, ahi] more than d below or above [blo, bhi] (d >= 0)?  The
   gaps rounded down, as in projections_apart; d = 0 compares exactly. */
static inline int
spans_apart(double alo, double ahi, double blo, double bhi, double d)
{
    if (d == 0.0)
        return blo > ahi || alo > bhi;
    return vccd_di_sub(vccd_di_set_d(blo), vccd_di_set_d(ahi)).lo > d
           || vccd_di_sub(vccd_di_set_d(alo), vccd_di_set_d(bhi)).lo > d;
}

/* min and max of doubles known not to be NaN (no libm call) */
static inline double min2(double x, double y) { return x < y ? x : y; }
static inline double max2(double x, double y) { return x > y ? x : y; }

/* Are the features more than d apart along a coordinate axis over t, in
   binary64, for a pair whose u, e1, e2 all come from difference frames?
   On the points relative to one of them (as axis_project's), each
   feature lies in the box of its relative points' enclosures (it is
   their convex hull at each t), and boxes apart along x, y or z by more
   than d keep the features so: a separating axis with no product and no
   rounding but the gap's, tried before the closest-point axis. */
static int
boxes_apart(vccd_feature *f, vccd_di t, double d)
{
    const vccd_di_vec3 *u, *e1, *e2;
    if (f->arith.kind != VCCD_ARITH_BINARY64 || f->c.jet_points || f->kind == VCCD_FEATURE_VE2D)
        return 0;
    vectors(f, t, 0);
    u = &f->di.V[0][0];
    e1 = &f->di.V[1][0];
    e2 = &f->di.V[2][0];
    for (int c = 0; c < 3; c++) {
        vccd_di a = u->c[c], b = e1->c[c], e = e2->c[c];
        /* NaN or empty ends decide nothing (min2 would drop a NaN) */
        if (!(a.lo <= a.hi) || !(b.lo <= b.hi) || !(e.lo <= e.hi))
            return 0;
        if (f->kind == VCCD_FEATURE_VF) {
            /* the vertex u against the triangle {0, e1, e2} */
            if (spans_apart(a.lo, a.hi, min2(0.0, min2(b.lo, e.lo)), max2(0.0, max2(b.hi, e.hi)), d))
                return 1;
        } else {
            /* the edge {0, e1} against the edge {u, u + e2} */
            vccd_di w = vccd_di_add(a, e);
            if (!(w.lo <= w.hi))
                return 0;
            if (spans_apart(min2(0.0, b.lo), max2(0.0, b.hi), min2(a.lo, w.lo), max2(a.hi, w.hi), d))
                return 1;
        }
    }
    return 0;
}

int
vccd_feature_points_apart(vccd_feature_kind kind, const vccd_di_vec3 *const *P, double d)
{
    int np = vccd_feature_kind_npoints(kind);
    double M[4][3], axis[3];
    vccd_di pi[4];
    for (int i = 0; i < np; i++)
        for (int j = 0; j < 3; j++)
            M[i][j] = vccd_di_mid(P[i]->c[j]);
    if (vccd_feature_axis(axis, kind, (const double (*)[3])M) != 0)
        return 0;
    for (int i = 0; i < np; i++)
        pi[i] = vccd_di_add(vccd_di_add(vccd_di_mul_d(P[i]->c[0], axis[0]), vccd_di_mul_d(P[i]->c[1], axis[1])),
                            vccd_di_mul_d(P[i]->c[2], axis[2]));
    return projections_apart(pi, kind == VCCD_FEATURE_EE ? 2 : 1, np, axis, d);
}

int
vccd_feature_apart(vccd_feature *f, vccd_di t, double d)
{
    vccd_di pi[4];
    double axis[3];
    f->evals++;
    f->work += f->weight;
    return axis_project(pi, axis, f, t) && projections_apart(pi, f->kind == VCCD_FEATURE_EE ? 2 : 1, f->np, axis, d);
}

/* The decision of the in-plane terms over t. */
static int
terms_decide(vccd_feature *f, vccd_di t)
{
    vccd_di q[4], nn;
    int nq, all_nonneg = 1;
    nq = f->piece ? piece_terms(q, &nn, f, t) : incl_terms(q, &nn, f, t);
    for (int i = 0; i < nq; i++) {
        /* NaN bounds (an overflowed product) decide nothing. */
        if (q[i].hi < 0.0)
            return VCCD_INCL_NO;
        if (!(q[i].lo >= 0.0))
            all_nonneg = 0;
    }
    return all_nonneg && nn.lo > 0.0 ? VCCD_INCL_YES : VCCD_INCL_MAYBE;
}

/* The separating tests: 1 when they prove the features apart over t. */
static int
apart(vccd_feature *f, vccd_di t)
{
    vccd_di pi[4];
    double axis[3];
    if (boxes_apart(f, t, f->piece ? f->margin : 0.0))
        return 1;
    return axis_project(pi, axis, f, t)
           && projections_apart(pi, f->kind == VCCD_FEATURE_EE ? 2 : 1, f->np, axis, f->piece ? f->margin : 0.0);
}

int
vccd_feature_inclusion(vccd_feature *f, vccd_di t)
{
    f->evals++;
    f->work += f->weight;
    /* The separating axis first: a few dot products against the terms'
       cross products, and on easy pairs it decides alone; the coordinate
       axes before it, with no product at all. */
    if (apart(f, t))
        return VCCD_INCL_NO;
    return terms_decide(f, t);
}

int
vccd_feature_inclusion_expect(vccd_feature *f, vccd_di t)
{
    int d;
    f->evals++;
    f->work += f->weight;
    if ((d = terms_decide(f, t)) != VCCD_INCL_MAYBE)
        return d;
    return apart(f, t) ? VCCD_INCL_NO : VCCD_INCL_MAYBE;
}

int
vccd_feature_inclusion_tight(vccd_feature *f, vccd_di t)
{
    /* the polynomials from now on (incl_terms), and not the terms the
       cache holds for t if they came from the vectors */
    if (f->terms_asked <= TERMS_POLY_AFTER) {
        f->terms_asked = TERMS_POLY_AFTER;
        f->c.terms_n = -1;
    }
    return vccd_feature_inclusion_expect(f, t);
}

int
vccd_feature_inclusion_mi(vccd_feature *f, vccd_mi_srcptr t)
{
    vccd_di d = fine_begin(f, t);
    int r = vccd_feature_inclusion(f, d);
    fine_end(f);
    return r;
}

int
vccd_feature_excluded_binary64(vccd_feature *f, vccd_di t)
{
    vccd_arith a = f->arith;
    eval_cache c = f->c;
    long weight = f->weight;
    vccd_di s;
    int out;

    if (a.kind != VCCD_ARITH_MPFR)
        return 0;
    if (!f->di_ready)
        vccd_di_feature_prepare(&f->di, f->pt, f->body, f->np, f->kind, NULL);
    f->di_ready = 1;
    /* binary64 with its own cache, then back to MPFR untouched */
    f->arith = (vccd_arith){ VCCD_ARITH_BINARY64, 53 };
    f->weight = 1;
    f->c = f->c64;
    f->c.jet_points = jet_points(f->kind, f->di.diff);
    vccd_feature_jet(&s, f, t, 0);
    out = !vccd_di_is_empty(s) && (s.lo > 0.0 || s.hi < 0.0);
    if (!out)
        out = vccd_feature_inclusion(f, t) == VCCD_INCL_NO ? 2 : 0;
    f->c64 = f->c;
    f->c = c;
    f->spare_ok = 0;
    f->arith = a;
    f->weight = weight;
    return out;
}

void
vccd_feature_params(vccd_di uv[2], vccd_feature *f, vccd_di t)
{
    vccd_di q[4], nn;
    incl_terms(q, &nn, f, t);
    if (!(nn.lo > 0.0)) {
        /* Degenerate (or not resolved from degenerate): no parameter is
           determined, and 0 / [0, 0] would be empty. */
        uv[0] = vccd_di_set_2d(0.0, 1.0);
        uv[1] = f->kind == VCCD_FEATURE_VE2D ? vccd_di_set_d(0.0) : uv[0];
        return;
    }
    uv[0] = vccd_di_div(q[0], nn);
    switch (f->kind) {
    case VCCD_FEATURE_VF: uv[1] = vccd_di_div(q[1], nn); break;
    case VCCD_FEATURE_EE: uv[1] = vccd_di_div(q[2], nn); break;
    default: uv[1] = vccd_di_set_d(0.0); break;
    }
    /* A parameter is in [0, 1] at a contact; the quotient may be wider. */
    for (int i = 0; i < 2; i++) {
        vccd_di c = vccd_di_intersect(uv[i], vccd_di_set_2d(0.0, 1.0));
        if (!vccd_di_is_empty(c))
            uv[i] = c;
    }
}

void
vccd_feature_params_mi(vccd_di uv[2], vccd_feature *f, vccd_mi_srcptr t)
{
    vccd_di d = fine_begin(f, t);
    vccd_feature_params(uv, f, d);
    fine_end(f);
}
