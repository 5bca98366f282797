/* vertex_linear.c -- per-vertex linear motion (the motion of the CCD
   benchmark queries, ../shared/data/sample-queries): every vertex goes
   on its own straight segment from its t = 0 to its t = 1 position.
   Config:
       type = vertex-linear
       vertices = N
       vertex.0 = x0 y0 z0  x1 y1 z1
       ...
       vertex.N-1 = ...
   one key per vertex, its start then its end position; every index in
   0 .. N-1 exactly once, no other.  The body point of eval is ignored:
   the vertex index selects the segment, and must be below nvertices (the
   kernel sees only the parameters, so it cannot check). */
#ifndef VB_PFX
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/plugin/motion_impl.h"

/* Layout of m->param: per vertex i, start x0 at 6i and displacement
   u = x1 - x0 at 6i + 3 (a line x0 + u t, rebased as one). */
enum { VL_X = 0, VL_U = 3, VL_STRIDE = 6 };
#define VL_MAX_VERTICES (1 << 20)

static int
vertex_linear_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, "vertices");
    char key[32], *end;
    long n;

    if (!kv)
        return vccd_error_set(e, s->file, s->line, s->name, "vertices", "missing (the number of vertices)");
    errno = 0;
    n = strtol(kv->value, &end, 10);
    if (end == kv->value || *end || errno || n < 1 || n > VL_MAX_VERTICES)
        return vccd_error_set(e, s->file, kv->line, s->name, "vertices",
                              "'%s' is not a vertex count in 1 .. %d", kv->value, VL_MAX_VERTICES);
    /* The count is checked against the keys the section holds before
       anything is allocated: a mistyped count must cost a message, not
       gigabytes of MPFR parameters. */
    {
        long keys = 0;
        for (int i = 0; i < s->n; i++)
            keys += strncmp(s->kv[i].key, "vertex.", 7) == 0;
        if (keys < n) {
            long i = 0;
            for (; i < n; i++) {
                snprintf(key, sizeof key, "vertex.%ld", i);
                if (!vccd_config_get(s, key))
                    break;
            }
            return vccd_error_set(e, s->file, s->line, s->name, key,
                                  "missing (vertices = %ld, but the section has %ld vertex keys)", n, keys);
        }
    }
    if (vccd_motion_reserve(m, (int)n * VL_STRIDE) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    for (int i = 0; i < (int)n; i++) {
        vccd_mi_struct *P = m->param + i * VL_STRIDE;
        snprintf(key, sizeof key, "vertex.%d", i);
        if (vccd_motion_parse_reals(m, s, key, i * VL_STRIDE, 6, 1, 0, e) != 0)
            return -1;
        for (int j = 0; j < 3; j++)
            vccd_mi_sub(&P[VL_U + j], &P[VL_U + j], &P[VL_X + j]);
    }
    /* A vertex key not looked up above names a vertex that does not
       exist: say so, rather than the generic "unknown key". */
    for (int i = 0; i < s->n; i++)
        if (!s->kv[i].used && strncmp(s->kv[i].key, "vertex.", 7) == 0)
            return vccd_error_set(e, s->file, s->kv[i].line, s->name, s->kv[i].key,
                                  "no such vertex (vertices = %ld: vertex.0 .. vertex.%ld)", n, n - 1);
    m->nvertices = (int)n;
    return 0;
}

/* kind 0 generic; 1 some zero-length segments (vertices at rest);
   2 coordinates near 1e6, short moves; 3 moves of length ~1e6. */
static void
vertex_linear_randomize(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    int n = 1 + (int)(gmp_urandomb_ui(rs, 8) % 8);
    vccd_motion_reserve(m, n * VL_STRIDE);
    m->nvertices = n;
    for (int i = 0; i < n; i++) {
        int first = i * VL_STRIDE;
        vccd_motion_random_reals(m, rs, first + VL_X, 3, kind == 2 || kind == 3 ? 1e6 : 2.0);
        vccd_motion_random_reals(m, rs, first + VL_U, 3, kind == 3 ? 1e6 : 2.0);
        if (kind == 1 && (i == 0 || gmp_urandomb_ui(rs, 1)))
            for (int j = 0; j < 3; j++)
                vccd_motion_set_param_d(m, first + VL_U + j, 0.0);
    }
}

static void
vertex_linear_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams,
                     const vccd_mi_struct *t0, const vccd_mi_struct *t1)
{
    for (int i = 0; i + VL_STRIDE <= nparams; i += VL_STRIDE)
        vccd_mi_kin_line_rebase(out + i + VL_X, out + i + VL_U, P + i + VL_X, P + i + VL_U, 3, t0, t1);
}

/* Speed |x1 - x0| of the fastest vertex; no acceleration. */
static void
vertex_linear_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    double sp = 0.0;
    (void)r;
    for (int i = 0; i + VL_STRIDE <= nparams; i += VL_STRIDE) {
        vccd_di_vec3 u;
        vccd_di n2;
        memcpy(u.c, P + i + VL_U, sizeof u.c);
        vccd_di_vec3_norm2(&n2, &u);
        n2 = vccd_di_sqrt(n2);
        if (!(n2.hi <= sp))
            sp = n2.hi;
    }
    *speed = sp;
    *accel = 0.0;
}

/* The parameter table and typed constructor (vccd/motions.h): the start
   and end positions of the n vertices, n x 3 row-major; a config gives
   them as vertex.I = x0 x1 (motion.h). */
#define VERTEX_LINEAR_PARAMS(P, V)                                                               \
    V(x0, REAL, 3, NULL, "position of the vertex at t = 0")                                      \
    V(x1, REAL, 3, NULL, "position of the vertex at t = 1")
#define vertex_linear_SIGNATURES(S)                                                              \
    S(vertex_linear, new, VERTEX_LINEAR_PARAMS, "every vertex on the segment from x0 to x1")

#define VCCD_MOTION_FILE "motions/vertex_linear.c"
#define VCCD_MOTION_NAME vertex_linear
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE_FORM(vertex_linear, "vertex-linear",
                   "every vertex on its own segment (the CCD benchmark queries of Wang et al. 2021)",
                   3, 1, 4, VCCD_MOTION_FORM_LINE);
#else

static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VM_V3 *x0 = (const VM_V3 *)(P + vertex * VL_STRIDE + VL_X);
    const VM_V3 *u = (const VM_V3 *)(P + vertex * VL_STRIDE + VL_U);
    (void)p;
    if (x)
        VM_G(kin_line)(x, x0, u, t);
    if (v)
        VM_G(vec3_set)(v, u);
    if (a)
        VM_G(vec3_set_d)(a, 0.0, 0.0, 0.0);
}

#endif
