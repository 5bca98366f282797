/* broad.c -- the simulation's broad phase over bodies (sim.h): each
   body's box over the piece from its bounding sphere about the centre
   where its motion starts and the most any of its points moves, then sort and sweep (geom/box_sweep.c), so that only
   the pairs that can come near reach the gap checks, the TOC queries and
   the manifold. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geom/box_sweep.h"
#include "vccd/fp.h"
#include "vccd/grow.h"
#include "vccd/sim.h"

typedef struct {
    vccd_sim_pairs *p;
    const vccd_sim_body *bodies;
} keep_ctx;

static int
keep(void *ctx, int i, int j)
{
    keep_ctx *c = ctx;
    vccd_sim_pairs *p = c->p;
    if (c->bodies[i].fixed && c->bodies[j].fixed)
        return 0;
    if (vccd_grow((void **)&p->p, &p->cap, p->n + 1, sizeof *p->p) != 0)
        return -1;
    p->p[p->n][0] = i < j ? i : j;
    p->p[p->n][1] = i < j ? j : i;
    p->n++;
    return 0;
}

static int
by_pair(const void *x, const void *y)
{
    const int *a = x, *b = y;
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : a[1] > b[1];
}

/* The pairs whose boxes overlap: over the piece (at_states = 0), or at
   the states alone (1). */
static int
broad_boxes(vccd_sim_pairs *p, vccd_sim_body *bodies, int nb, double h, int at_states)
{
    vccd_box3 *box;
    keep_ctx c = { p, bodies };
    int rc;
    p->n = 0;
    if (nb < 2)
        return 0;
    if (!(box = malloc((size_t)nb * sizeof *box)))
        return -1;
    for (int i = 0; i < nb; i++) {
        vccd_sim_body *b = &bodies[i];
        /* Every point of b lies within the root radius r of its centre
           at the piece's start (the pose turns by a true rotation about
           it) and moves by at most the root's speed bound s over the
           piece's unit time, so it stays within r + s of the start
           centre; h / 2 more on each body puts a pair whose boxes are
           apart along some axis more than h apart over the whole
           piece.  All sums rounded up and the ends outward. */
        double R = INFINITY;
        vccd_di c[3];
        if (b->qb.rad) {
            double s = b->fixed || at_states ? 0.0 : vccd_query_body_speed(&b->qb, 0);
            R = vccd_fp_next_up(vccd_fp_next_up(b->qb.rad[0] + s) + vccd_fp_next_up(0.5 * h));
        }
        /* the centre where the piece's motion starts (a motion that went
           on after an event starts at an enclosure, not at the state),
           or the state */
        if (at_states)
            for (int k = 0; k < 3; k++)
                c[k] = vccd_di_set_d(b->x[k]);
        else
            vccd_sim_body_centre(c, b);
        for (int k = 0; k < 3; k++) {
            box[i].lo[k] = R < INFINITY ? vccd_fp_next_down(c[k].lo - R) : -INFINITY;
            box[i].hi[k] = R < INFINITY ? vccd_fp_next_up(c[k].hi + R) : INFINITY;
        }
    }
    rc = vccd_box3_sweep(box, nb, keep, &c);
    free(box);
    if (rc != 0)
        return -1;
    if (p->n > 1)
        qsort(p->p, (size_t)p->n, sizeof *p->p, by_pair);
    return 0;
}

int
vccd_sim_broad(vccd_sim_pairs *p, vccd_sim_body *bodies, int nb, double h)
{
    return broad_boxes(p, bodies, nb, h, 0);
}

int
vccd_sim_broad_at_states(vccd_sim_pairs *p, vccd_sim_body *bodies, int nb, double h)
{
    return broad_boxes(p, bodies, nb, h, 1);
}

void
vccd_sim_pairs_clear(vccd_sim_pairs *p)
{
    free(p->p);
    memset(p, 0, sizeof *p);
}
