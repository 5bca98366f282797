/* scene.c -- a scene of per-vertex straight-line motion (scene.h): two
   frames of one mesh, read and checked against each other. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/scene.h"

/* Leaves of the broad phase's BVH: a few faces each, tested pairwise. */
#define SCENE_LEAF_SIZE 2

void
vccd_scene_clear(vccd_scene *s)
{
    vccd_bvh_clear(&s->bvh);
    vccd_mesh_clear(&s->mesh);
    free(s->v1);
    memset(s, 0, sizeof *s);
}

/* s->v1 := a copy of v1 (nv positions), checked finite. */
static int
set_v1(vccd_scene *s, const char *name, const double (*v1)[3], long nv, vccd_error *e)
{
    for (long i = 0; i < nv; i++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(v1[i][k]))
                return vccd_error_set(e, name, 0, NULL, NULL, "vertex %ld at t = 1: coordinate %d is %s", i, k,
                                      isnan(v1[i][k]) ? "NaN" : "infinite");
    if (!(s->v1 = malloc((size_t)(nv > 0 ? nv : 1) * sizeof *s->v1)))
        return vccd_error_set(e, name, 0, NULL, NULL, "out of memory");
    memcpy(s->v1, v1, (size_t)nv * sizeof *s->v1);
    return 0;
}

/* The broad phase's BVH over the mesh at rest: its topology alone is
   used (tree.c refits boxes), so the cheapest volume type is fitted, and
   the median split is built fastest. */
static int
scene_bvh(vccd_scene *s, vccd_error *e)
{
    vccd_bvh_opts o;
    int aabb = vccd_bv_type_find("aabb");
    if (s->mesh.nt == 0)
        return 0;
    vccd_bvh_opts_init(&o);
    o.leaf_size = SCENE_LEAF_SIZE;
    o.split = VCCD_BVH_SPLIT_MEDIAN;
    o.types = aabb >= 0 ? 1u << aabb : 0;
    return vccd_bvh_build(&s->bvh, &s->mesh, &o, e);
}

int
vccd_scene_init_arrays(vccd_scene *s, const char *name, const double (*v0)[3], const double (*v1)[3], long nv,
                       const vccd_mesh_index (*f)[3], long nf, vccd_error *e)
{
    memset(s, 0, sizeof *s);
    if (vccd_mesh_init_arrays(&s->mesh, name, v0, nv, f, nf, VCCD_MESH_DEGENERATE_KEEP, e) != 0)
        return -1;
    if (set_v1(s, name, v1, nv, e) != 0 || scene_bvh(s, e) != 0) {
        vccd_scene_clear(s);
        return -1;
    }
    return 0;
}

int
vccd_scene_load_frames(vccd_scene *s, const char *path0, const char *path1, vccd_error *e)
{
    vccd_mesh m1;
    int rc = -1;

    memset(s, 0, sizeof *s);
    if (vccd_mesh_load(&s->mesh, path0, NULL, e) != 0)
        return -1;
    if (vccd_mesh_load(&m1, path1, NULL, e) != 0) {
        vccd_scene_clear(s);
        return -1;
    }
    /* the same mesh in both frames: same vertex count, same faces in the
       same order (the motion of vertex i is from its position in one to
       its position in the other) */
    if (m1.nv != s->mesh.nv)
        vccd_error_set(e, path1, 0, NULL, NULL, "%ld vertices, but %s has %ld: the frames must be the same mesh",
                       m1.nv, path0, s->mesh.nv);
    else if (m1.nt != s->mesh.nt)
        vccd_error_set(e, path1, 0, NULL, NULL, "%ld faces, but %s has %ld: the frames must be the same mesh",
                       m1.nt, path0, s->mesh.nt);
    else
        rc = 0;
    for (long i = 0; rc == 0 && i < m1.nt; i++)
        if (memcmp(m1.t[i], s->mesh.t[i], sizeof m1.t[i]) != 0) {
            vccd_error_set(e, path1, 0, NULL, NULL,
                           "face %ld is (%ld %ld %ld), but in %s it is (%ld %ld %ld): the frames must have the same faces",
                           i, (long)m1.t[i][0], (long)m1.t[i][1], (long)m1.t[i][2], path0, (long)s->mesh.t[i][0],
                           (long)s->mesh.t[i][1], (long)s->mesh.t[i][2]);
            rc = -1;
        }
    if (rc == 0) {
        /* the frame-1 mesh's vertex array becomes v1 */
        s->v1 = m1.v;
        m1.v = NULL;
        rc = scene_bvh(s, e);
    }
    vccd_mesh_clear(&m1);
    if (rc != 0)
        vccd_scene_clear(s);
    return rc;
}

int
vccd_scene_pair_cmp(const void *x, const void *y)
{
    const vccd_scene_pair *a = x, *b = y;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

void
vccd_scene_pair_vertices(vccd_mesh_index v[4], const vccd_scene *s, vccd_scene_pair p)
{
    const vccd_mesh *m = &s->mesh;
    if (p.kind == VCCD_FEATURE_VF) {
        v[0] = p.a;
        v[1] = m->t[p.b][0];
        v[2] = m->t[p.b][1];
        v[3] = m->t[p.b][2];
    } else {
        v[0] = m->e[p.a].v[0];
        v[1] = m->e[p.a].v[1];
        v[2] = m->e[p.b].v[0];
        v[3] = m->e[p.b].v[1];
    }
}

void
vccd_scene_pair_points(double x0[4][3], double x1[4][3], const vccd_scene *s, vccd_scene_pair p)
{
    vccd_mesh_index v[4];
    vccd_scene_pair_vertices(v, s, p);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            x0[i][k] = s->mesh.v[v[i]][k];
            x1[i][k] = s->v1[v[i]][k];
        }
}
