/* bodies_broad.c -- the broad phase over the bodies of a scene
   (bodies.h): each body's box over each time slice, then sort and sweep
   of their unions along x (geom/box_sweep.c), each pair so found kept
   when its boxes overlap in some slice. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geom/box_sweep.h"
#include "scene_impl.h"
#include "vccd/bodies.h"
#include "vccd/di.h"
#include "vccd/fp.h"
#include "vccd/geom.h"
#include "vccd/grow.h"

void
sc_body_box(sc_box *r, const vccd_body *b, const double blo[3], const double bhi[3], double ta, double tb, double d)
{
    if (b->frames) {
        sc_box v;
        for (int k = 0; k < 3; k++) {
            r->lo[k] = INFINITY;
            r->hi[k] = -INFINITY;
        }
        for (long i = 0; i < b->frames->mesh.nv; i++) {
            sc_vertex_box(&v, b->frames, i, ta, tb, 0.0);
            for (int k = 0; k < 3; k++) {
                r->lo[k] = fmin(r->lo[k], v.lo[k]);
                r->hi[k] = fmax(r->hi[k], v.hi[k]);
            }
        }
    } else {
        vccd_di_vec3 o, x, B;
        vccd_di_mat3 R;
        vccd_motion_pose_di(&o, &R, b->motion, vccd_di_set_2d(ta, tb));
        for (int k = 0; k < 3; k++)
            B.c[k] = vccd_di_set_2d(blo[k], bhi[k]);
        vccd_di_mat3_mul_vec3(&x, &R, &B);
        vccd_di_vec3_add(&x, &x, &o);
        for (int k = 0; k < 3; k++) {
            r->lo[k] = x.c[k].lo;
            r->hi[k] = x.c[k].hi;
        }
    }
    for (int k = 0; k < 3; k++) {
        if (!(r->lo[k] <= r->hi[k])) {
            r->lo[k] = -INFINITY;
            r->hi[k] = INFINITY;
        }
        if (d > 0.0)
            r->hi[k] = vccd_fp_next_up(r->hi[k] + d);
    }
}

void
sc_mesh_box(double lo[3], double hi[3], const vccd_mesh *m)
{
    for (int k = 0; k < 3; k++) {
        lo[k] = INFINITY;
        hi[k] = -INFINITY;
    }
    for (long i = 0; i < m->nv; i++)
        for (int k = 0; k < 3; k++) {
            lo[k] = fmin(lo[k], m->v[i][k]);
            hi[k] = fmax(hi[k], m->v[i][k]);
        }
}

/* The sweep's pairs of bodies whose unions overlap, kept when their
   boxes overlap in some slice. */
typedef struct {
    vccd_bodies_pairs *p;
    const sc_box *box;
    int S, self;
    long cap, max;
} sweep_ctx;

static int
keep_pair(void *ctx, int i, int j)
{
    sweep_ctx *c = ctx;
    const sc_box *bi = c->box + (size_t)i * (size_t)c->S, *bj = c->box + (size_t)j * (size_t)c->S;
    int k;
    for (k = 0; k < c->S; k++)
        if (sc_overlap(&bi[k], &bj[k]))
            break;
    if (k == c->S)
        return 0;
    if (c->p->n - c->self >= c->max)
        return 1;
    if (vccd_grow((void **)&c->p->p, &c->cap, c->p->n + 1, sizeof *c->p->p) != 0)
        return -1;
    c->p->p[c->p->n++] = (vccd_bodies_pair){ i < j ? i : j, i < j ? j : i, k };
    return 0;
}

static int
by_pair(const void *x, const void *y)
{
    const vccd_bodies_pair *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

int
vccd_bodies_broad(vccd_bodies_pairs *p, const vccd_bodies *s, const vccd_bodies_opts *o, vccd_error *e)
{
    const int n = s->n, S = o->slices;
    const double d = o->query.min_separation, t0 = o->query.solve.t0, t1 = o->query.solve.t1;
    double ts[VCCD_SCENE_MAX_SLICES + 1];
    sc_box *box = NULL;
    vccd_box3 *all = NULL;
    int rc = -1, sw;
    sweep_ctx c = { p, NULL, S, 0, 0, o->max_pairs > 0 ? o->max_pairs : VCCD_SCENE_MAX_CANDIDATES };

    memset(p, 0, sizeof *p);
    if (S < 1 || S > VCCD_SCENE_MAX_SLICES)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: %d time slices (1 .. %d)", S, VCCD_SCENE_MAX_SLICES);
    if (!(d >= 0.0 && d < INFINITY))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: min_separation %g (a number >= 0)", d);
    if (!(0.0 <= t0 && t0 <= t1 && t1 <= 1.0))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: [t0, t1] = [%g, %g] is not inside [0, 1]", t0, t1);
    /* the slice ends, computed here once: consecutive slices share their
       end exactly, so together they cover [t0, t1] */
    ts[0] = t0;
    ts[S] = t1;
    for (int k = 1; k < S; k++)
        ts[k] = fmin(t1, fmax(ts[k - 1], t0 + (t1 - t0) * ((double)k / S)));
    if (n > 0 && (!(box = malloc((size_t)n * (size_t)S * sizeof *box)) || !(all = malloc((size_t)n * sizeof *all)))) {
        vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
        goto done;
    }
    VCCD_OMP(omp parallel for schedule(dynamic, 1))
    for (int i = 0; i < n; i++) {
        double blo[3], bhi[3];
        sc_box *bi = box + (size_t)i * (size_t)S;
        sc_mesh_box(blo, bhi, &s->body[i]->mesh);
        for (int k = 0; k < S; k++)
            sc_body_box(&bi[k], s->body[i], blo, bhi, ts[k], ts[k + 1], d);
        for (int a = 0; a < 3; a++) {
            all[i].lo[a] = bi[0].lo[a];
            all[i].hi[a] = bi[0].hi[a];
            for (int k = 1; k < S; k++) {
                all[i].lo[a] = fmin(all[i].lo[a], bi[k].lo[a]);
                all[i].hi[a] = fmax(all[i].hi[a], bi[k].hi[a]);
            }
        }
    }
    /* every two-frame body against itself first */
    for (int i = 0; i < n; i++)
        if (s->body[i]->frames) {
            if (vccd_grow((void **)&p->p, &c.cap, p->n + 1, sizeof *p->p) != 0)
                goto oom;
            p->p[p->n++] = (vccd_bodies_pair){ i, i, 0 };
            c.self++;
        }
    /* sort and sweep of the unions along x (the order is the same on
       every run), then the slices of each pair so found */
    c.box = box;
    if ((sw = vccd_box3_sweep(all, n, keep_pair, &c)) == 1) {
        vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: more than %ld pairs of bodies may meet "
                       "(max_pairs): more slices (body_slices), or bodies farther apart", c.max);
        vccd_bodies_pairs_clear(p);
        goto done;
    }
    if (sw != 0)
        goto oom;
    if (p->n > c.self)
        qsort(p->p + c.self, (size_t)(p->n - c.self), sizeof *p->p, by_pair);
    p->slices = S;
    p->min_separation = d;
    p->t0 = t0;
    p->t1 = t1;
    p->nbodies = n;
    rc = 0;
    goto done;
oom:
    vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
    vccd_bodies_pairs_clear(p);
done:
    free(box);
    free(all);
    return rc;
}

void
vccd_bodies_pairs_clear(vccd_bodies_pairs *p)
{
    free(p->p);
    memset(p, 0, sizeof *p);
}
