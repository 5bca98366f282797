/* manifold_nodes.c -- capoeira mode's cheaper manifold (thesis 6.1.1):
   contacts from the BVH leaves near each other, without looking at a
   triangle.  Everything but the gap bound is approximate, and the
   contacts say so. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/bv.h"
#include "vccd/descend.h"
#include "vccd/sim.h"

/* Leaf i's centre (the mean of its triangles' vertices), world. */
static void
leaf_centre(double c[3], const vccd_sim_body *b, int32_t i)
{
    const vccd_bvh_node *nd = &b->bvh.node[i];
    const vccd_mesh *m = &b->mesh;
    double p[3] = { 0, 0, 0 };
    for (int32_t k = 0; k < nd->n; k++)
        for (int j = 0; j < 3; j++)
            for (int d = 0; d < 3; d++)
                p[d] += m->v[m->t[b->bvh.tri[nd->start + k]][j]][d];
    for (int d = 0; d < 3; d++)
        p[d] /= 3.0 * nd->n;
    vccd_sim_body_to_world(c, b, p);
}

/* Of leaf i's face normals (world), the one most nearly along +-dir
   into n, when it is closer than *best (|cos|); turned to dir. */
static void
leaf_face_along(double n[3], double *best, const vccd_sim_body *b, int32_t i, const double dir[3])
{
    const vccd_bvh_node *nd = &b->bvh.node[i];
    const vccd_mesh *m = &b->mesh;
    double o[3] = { 0, 0, 0 }, wo[3];
    vccd_sim_body_to_world(wo, b, o);
    for (int32_t k = 0; k < nd->n; k++) {
        const vccd_mesh_index *t = m->t[b->bvh.tri[nd->start + k]];
        const double *p0 = m->v[t[0]], *p1 = m->v[t[1]], *p2 = m->v[t[2]];
        double u[3], v[3], f[3], w[3], l, c;
        for (int d = 0; d < 3; d++) {
            u[d] = p1[d] - p0[d];
            v[d] = p2[d] - p0[d];
        }
        vccd_sim_cross(f, u, v);
        vccd_sim_body_to_world(w, b, f);
        for (int d = 0; d < 3; d++)
            w[d] -= wo[d];
        l = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        if (!(l > 0.0) || !isfinite(l))
            continue;           /* a degenerate triangle has no normal */
        c = (w[0] * dir[0] + w[1] * dir[1] + w[2] * dir[2]) / l;
        if (fabs(c) > *best) {
            *best = fabs(c);
            for (int d = 0; d < 3; d++)
                n[d] = (c < 0 ? -w[d] : w[d]) / l;
        }
    }
}

/* Leaf i's vertex spread: the largest distance of a vertex from the
   first one (a size to compare leaves by). */
static double
leaf_size(const vccd_sim_body *b, int32_t i)
{
    const vccd_bvh_node *nd = &b->bvh.node[i];
    const vccd_mesh *m = &b->mesh;
    const double *p0 = m->v[m->t[b->bvh.tri[nd->start]][0]];
    double r = 0.0;
    for (int32_t k = 0; k < nd->n; k++)
        for (int j = 0; j < 3; j++) {
            const double *p = m->v[m->t[b->bvh.tri[nd->start + k]][j]];
            double d = (p[0] - p0[0]) * (p[0] - p0[0]) + (p[1] - p0[1]) * (p[1] - p0[1])
                       + (p[2] - p0[2]) * (p[2] - p0[2]);
            r = d > r ? d : r;
        }
    return sqrt(r);
}

/* The points of contact c (normal set): the vertices of the smaller of
   the two leaves that lie within the band of its extreme along the
   normal (towards the other body) -- the corner an edge lands on, the
   four corners of a face landing flat -- each once.  The leaves'
   centres would put the point up to a leaf's size off, under the centre
   of mass of a box landing on its edge, which then balanced there. */
static int
support_contacts(vccd_sim_contacts *out, size_t first, vccd_sim_contact *c, const vccd_sim_body *A, int32_t la,
                 const vccd_sim_body *B, int32_t lb, double band)
{
    int small_b = leaf_size(B, lb) <= leaf_size(A, la);
    const vccd_sim_body *S = small_b ? B : A;
    const vccd_bvh_node *nd = &S->bvh.node[small_b ? lb : la];
    const vccd_mesh *m = &S->mesh;
    /* towards the other body: -n for b's vertices, +n for a's */
    double sg = small_b ? -1.0 : 1.0, top = -INFINITY;
    for (int pass = 0; pass < 2; pass++)
        for (int32_t k = 0; k < nd->n; k++)
            for (int j = 0; j < 3; j++) {
                double w[3], h;
                vccd_sim_body_to_world(w, S, m->v[m->t[S->bvh.tri[nd->start + k]][j]]);
                h = sg * (w[0] * c->normal[0] + w[1] * c->normal[1] + w[2] * c->normal[2]);
                if (pass == 0) {
                    top = h > top ? h : top;
                    continue;
                }
                if (!(h >= top - band))
                    continue;
                memcpy(c->point, w, sizeof w);
                /* once: the same vertex comes from its triangles and from
                   other leaf pairs */
                {
                    size_t i = first;
                    while (i < out->n && memcmp(out->c[i].point, w, sizeof w) != 0)
                        i++;
                    if (i < out->n)
                        continue;
                }
                if (vccd_sim_contacts_push(out, c) != 0)
                    return -1;
            }
    return 0;
}

/* The contact of leaves la (of A) and lb (of B), their volumes' distance
   at least lower.  The thesis takes the line between the leaves' centres
   as the normal (its "primitive method").  That line is far off for two
   flat faces, whose leaves are offset sideways by up to a leaf's size
   but in depth only by the gap, so here the line only picks, among the
   two leaves' face normals, the one most nearly along it (the face that
   lies across the line): still no triangle pair is looked at.  It is
   turned from a to b by the centres of mass, so a deeply non-convex
   body can get a normal on the wrong side. */
static int
leaf_contact(vccd_sim_contacts *out, size_t first, const vccd_sim_body *A, const vccd_sim_body *B, int ia, int ib,
             int32_t la, int32_t lb, double lower, double band)
{
    vccd_sim_contact c;
    double ca[3], cb[3], d[3], l = 0.0, best = -1.0;
    memset(&c, 0, sizeof c);
    c.a = ia;
    c.b = ib;
    c.tri[0] = c.tri[1] = -1;
    c.gap_lower = lower;
    c.gap_upper = INFINITY;
    c.approximate = VCCD_SIM_APPROX_NODES;
    leaf_centre(ca, A, la);
    leaf_centre(cb, B, lb);
    for (int k = 0; k < 3; k++) {
        d[k] = cb[k] - ca[k];
        l += d[k] * d[k];
    }
    if (!(l > 0.0) || !isfinite(l)) {
        /* coincident centres: the centres of mass give the line */
        l = 0.0;
        for (int k = 0; k < 3; k++) {
            d[k] = B->x[k] - A->x[k];
            l += d[k] * d[k];
        }
        if (!(l > 0.0))
            return 0;
    }
    for (int k = 0; k < 3; k++)
        d[k] /= sqrt(l);
    memcpy(c.normal, d, sizeof c.normal);
    leaf_face_along(c.normal, &best, A, la, d);
    leaf_face_along(c.normal, &best, B, lb, d);
    /* from a towards b: the centres of mass say which side is which (the
       leaves' line can point sideways, and opposed normals in one solve
       fight each other) */
    l = 0.0;
    for (int k = 0; k < 3; k++)
        l += c.normal[k] * (B->x[k] - A->x[k]);
    if (l < 0.0)
        for (int k = 0; k < 3; k++)
            c.normal[k] = -c.normal[k];
    return support_contacts(out, first, &c, A, la, B, lb, band);
}

int
vccd_sim_manifold_nodes(vccd_sim_contacts *out, double *min_gap, const vccd_sim_body *bodies, int ia, int ib,
                        int bv, double band, vccd_error *e)
{
    const vccd_sim_body *A = &bodies[ia], *B = &bodies[ib];
    const vccd_bv_type *bt = vccd_bv_type_get(bv);
    union { char c[VCCD_BV_CTX_MAX]; double d; vccd_di_vec3 v; } ctx;
    vccd_pose pa, pb;
    vccd_bv_relpose rp;
    int32_t (*st)[2] = NULL;
    size_t n = 0, cap = 0, first = out->n;
    if (!bt || !A->bvh.bv[bv] || !B->bvh.bv[bv] || bt->ctx_size > sizeof ctx)
        return vccd_error_set(e, A->name, 0, NULL, NULL, "BV type %s was not built for %s and %s",
                              bt ? bt->name : "(none)", A->name, B->name);
    if (vccd_sim_body_pose(&pa, A) != 0 || vccd_sim_body_pose(&pb, B) != 0)
        return vccd_error_set(e, A->name, 0, NULL, NULL, "a body's orientation is not a rotation");
    vccd_bv_relpose_from(&rp, &pa.o, &pa.R, &pb.o, &pb.R);
    bt->prepare(ctx.c, &rp);
    *min_gap = band;
    /* Depth first over node pairs: a pair whose volumes are proved band
       apart bounds every triangle pair under it by band, the rest go
       down to their leaves. */
    for (int32_t x[2] = { 0, 0 };;) {
        const vccd_bvh_node *na = &A->bvh.node[x[0]], *nb = &B->bvh.node[x[1]];
        double lo = bt->distance_lower(ctx.c, vccd_bvh_bv(&A->bvh, bv, x[0]), vccd_bvh_bv(&B->bvh, bv, x[1]));
        if (lo < band) {
            if (na->left == 0 && nb->left == 0) {
                if (lo < *min_gap)
                    *min_gap = lo;
                if (leaf_contact(out, first, A, B, ia, ib, x[0], x[1], lo, band) != 0)
                    goto oom;
            } else {
                /* both children of one node (vccd/descend.h) */
                int da = vccd_descend_a(na, bt->radius(vccd_bvh_bv(&A->bvh, bv, x[0])), nb,
                                        bt->radius(vccd_bvh_bv(&B->bvh, bv, x[1])));
                if (n + 2 > cap) {
                    size_t nc = cap ? 2 * cap : 64;
                    int32_t (*ns)[2] = realloc(st, nc * sizeof *ns);
                    if (!ns)
                        goto oom;
                    st = ns;
                    cap = nc;
                }
                for (int c = 0; c < 2; c++) {
                    st[n][0] = da ? na->left + c : x[0];
                    st[n][1] = da ? x[1] : nb->left + c;
                    n++;
                }
            }
        }
        if (n == 0)
            break;
        n--;
        x[0] = st[n][0];
        x[1] = st[n][1];
    }
    free(st);
    vccd_sim_contacts_cluster(out, first);
    return 0;
oom:
    free(st);
    return vccd_error_set(e, A->name, 0, NULL, NULL, "out of memory for the contacts");
}
