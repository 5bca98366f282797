/* scene_impl.h -- what the scene's broad phase shares between its
   driver (broad.c) and its two ways of finding overlapping boxes, the
   refitted BVH (tree.c) and sort and sweep (sweep.c).  Not installed. */
#ifndef VCCD_SCENE_IMPL_H
#define VCCD_SCENE_IMPL_H

#include "vccd/bodies.h"
#include "vccd/omp.h"
#include "vccd/scene.h"

enum { SC_VERTEX, SC_EDGE, SC_FACE };

/* A feature's box over one time slice: every position it takes there
   lies inside, upper ends raised by min_separation. */
typedef struct {
    double lo[3], hi[3];
    int32_t id;
    int32_t type;
} sc_box;

/* A growing list of pairs; left: the pairs the whole broad phase may
   still push (shared by every list of it, NULL for no limit), taken
   SC_BUDGET_STEP at a time into allow (an atomic per pair made two
   threads contend for one cache line), so the limit is passed by at
   most that many per list. */
#define SC_BUDGET_STEP 4096
typedef struct {
    vccd_scene_pair *p;
    long n, cap;
    long *left;
    long allow;
} sc_list;

/* One slice's boxes: vertices, edges, faces (mesh order). */
typedef struct {
    const vccd_scene *s;
    const sc_box *vb, *eb, *fb;
    int32_t k;                  /* its index */
    const sc_box *pvb, *peb, *pfb;      /* the slice before (NULL for the
                                           first) */
} sc_slice;

static inline int
sc_overlap(const sc_box *x, const sc_box *y)
{
    for (int k = 0; k < 3; k++)
        if (x->lo[k] > y->hi[k] || y->lo[k] > x->hi[k])
            return 0;
    return 1;
}

/* The start of time slice k of n (0 <= k <= n): k / n rounded down, the
   same double in every rounding mode and thread (an OpenMP worker keeps
   the mode it was made with, so k / n computed there could differ by an
   ulp from the caller's, and a slice's end from the next one's start).
   0 and 1 are exact.  Every part of the scene's query takes its slice
   times from here. */
double sc_slice_time(int k, int n);

/* Vertex v's box over the time slice [ta, tb] of [0, 1] (ta <= tb),
   upper ends raised by d >= 0 rounded up: it holds the exact position
   p0 + t (p1 - p0) for every t in [ta, tb] (broad.c). */
void sc_vertex_box(sc_box *b, const vccd_scene *s, long v, double ta, double tb, double d);

/* Body b's box over the slice [ta, tb] of [0, 1] (bodies_broad.c),
   upper ends raised by d >= 0 rounded up.  A rigid body's mesh lies in
   its box [blo, bhi] (sc_mesh_box), so under the interval pose (o, R)
   of the slice every point is in o + R B, enclosed by interval
   arithmetic; a two-frame body's vertices each lie in their own slice
   box (sc_vertex_box) and its faces in their vertices' hull.  An
   enclosure that overflowed (NaN) is made the whole space: it then
   overlaps everything, which is slow but never wrong. */
void sc_body_box(sc_box *r, const vccd_body *b, const double blo[3], const double bhi[3], double ta, double tb,
                 double d);

/* The exact box [lo, hi] of m's vertices. */
void sc_mesh_box(double lo[3], double hi[3], const vccd_mesh *m);

/* The [scene] keys of the broad phase (config.c): min_separation (a
   decimal >= 0, rounded up), slices, max_candidates, broad, into bo.
   0, or -1 with e naming file, line, section and key. */
int sc_config_broad(vccd_scene_broad_opts *bo, vccd_config_section *sec, vccd_error *e);

/* A lower bound (0 .. 1, or 2 for never) of the first time candidate p,
   whose boxes first overlap in the slice starting at ta, can come
   within d (toc.c): at no t in [0, bound) are its features within d. */
double sc_pair_lower(const vccd_scene *s, vccd_scene_pair p, double ta, double d);

/* malloc for the broad phase's large arrays (free() frees them): on
   Linux, blocks of 2 MB and more are aligned to 2 MB and advised to use
   transparent huge pages, so that first touching them costs one fault
   per 2 MB instead of per 4 kB (broad.c). */
void *sc_alloc(size_t bytes);

/* Append p: 0, or -1 when out of memory or past the budget (*o->left
   then negative). */
int sc_push(sc_list *o, vccd_scene_pair p);

/* parts[0 .. n-1] appended to all in order (all's room made once), their
   arrays freed.  0, or -1 when out of memory. */
int sc_append(sc_list *all, sc_list *parts, long n);

/* The slice in which a feature with vertices a[0 .. na - 1] and one
   with b[0 .. nb - 1] become a candidate, or -1 (not one): each way's
   own test of their boxes. */
typedef int (*sc_first_fn)(const void *ctx, const vccd_mesh_index *a, int na, const vccd_mesh_index *b, int nb);

/* The feature pairs that faces fa != fb stand for by the ownership rules
   (broad.c): the vertices fa owns against face fb and those fb owns
   against fa, the edges fa owns against the edges fb owns, incident
   pairs left out; each appended to o with the slice first gives it,
   unless -1.  0, or -1 when out of memory. */
int sc_owned_pairs(sc_list *o, const vccd_mesh *m, int32_t fa, int32_t fb, sc_first_fn first, const void *ctx);

/* Every pair of faces of sl whose boxes overlap, through sc_owned_pairs,
   into out (sort and sweep, sweep.c).  w: room for every face box of the
   slice (the sweep's sorted copy).  0, or -1 when out of memory. */
int sc_sweep_slice(sc_list *out, const sc_slice *sl, sc_box *w);
/* The same for all ns slices through the BVH (tree.c), every feature
   pair at the first slice its boxes overlap in.  0, or -1 when out of
   memory. */
int sc_tree_all(sc_list *out, const vccd_scene *s, int ns, double d);

#endif
