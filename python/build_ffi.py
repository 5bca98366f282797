"""build_ffi.py OUT.c -- the C source of the extension module vccd._vccd.

cffi in API (out-of-line) mode: the declarations below are the public
calls the package uses, a hand-kept subset of the headers (structs end
in `...;`, so only the fields the package reads are named).  The
generated C includes the real headers (vccd.h) and the build's -Werror
turns drift into a build error: a renamed or missing field, a field or
pointer argument of another type (but for the const of a pointer to
arrays, which cffi 1.15 writes as invalid C: the two such arguments are
declared without it, a conversion C allows), a return type.  Not caught
at build: an integer field of another width (ffi.error "wrong size for
field" on the struct's first use) and an integer or double argument of
another type (C converts it silently).  Every `...;` lets the compiler
fill in the offsets and the rest of a struct.  make
runs this script with configure's Python and compiles OUT.c as a
libtool module linked against lib/libvccd.la (Makefile.am).  cffi
releases the GIL around every call made through it.
"""
import sys

import cffi

CDEF = r"""
typedef int... mpfr_prec_t;
typedef int... vccd_mesh_index;

static const char *const VCCD_VERSION_STRING;
typedef struct { char msg[1024]; } vccd_error;
typedef struct { double lo, hi; ...; } vccd_di;

/* the registries (names for options and messages) */
typedef struct { const char *name; const char *summary; ...; } vccd_bv_type;
int vccd_bv_type_count(void);
const vccd_bv_type *vccd_bv_type_get(int i);
int vccd_bv_type_find(const char *name);
typedef struct { const char *name; const char *summary; ...; } vccd_solver_type;
const vccd_solver_type *vccd_solver_type_find(const char *name);
int vccd_solver_type_count(void);
const vccd_solver_type *vccd_solver_type_get(int i);

typedef enum { VCCD_ARITH_BINARY64, VCCD_ARITH_MPFR, VCCD_ARITH_ADAPTIVE, VCCD_ARITH_UNROUNDED, ... } vccd_arith_kind;
typedef struct { vccd_arith_kind kind; mpfr_prec_t prec; ...; } vccd_arith;
int vccd_arith_parse(vccd_arith *a, const char *name);
const char *vccd_arith_name(char *buf, int n, const vccd_arith *a);
int vccd_arith_is_rigorous(const vccd_arith *a);

/* motions: the registry, each model's parameter tables, the generic
   constructor */
typedef enum { VCCD_MOTION_PARAM_REAL, VCCD_MOTION_PARAM_UNIT_QUAT, VCCD_MOTION_PARAM_DIRECTION,
               VCCD_MOTION_PARAM_INTEGER, ... } vccd_motion_param_kind;
typedef struct {
    const char *key;
    vccd_motion_param_kind kind;
    int count;
    int per_vertex;
    const char *def;
    const char *doc;
    ...;
} vccd_motion_param;
typedef struct {
    const char *name;
    const char *function;
    const char *doc;
    const vccd_motion_param *param;
    int nparam;
    ...;
} vccd_motion_signature;
typedef struct {
    const char *name;
    const char *summary;
    int dim;
    int per_vertex;
    const vccd_motion_signature *sig;
    int nsig;
    ...;
} vccd_motion_type;
typedef struct vccd_motion {
    const vccd_motion_type *type;
    mpfr_prec_t prec;
    int nparams;
    int nvertices;
    ...;
} vccd_motion;
int vccd_motion_type_count(void);
const vccd_motion_type *vccd_motion_type_get(int i);
typedef struct {
    const char *key;
    const double *x;
    const char *text;
    int n;
    ...;
} vccd_motion_value;
vccd_motion *vccd_motion_new(const char *type, const vccd_motion_value *values, int nvalues, mpfr_prec_t prec,
                             vccd_error *e);
void vccd_motion_free(vccd_motion *m);

/* meshes */
typedef enum { VCCD_MESH_CLOSED, VCCD_MESH_OPEN, VCCD_MESH_NONMANIFOLD, VCCD_MESH_INCONSISTENT, ... }
    vccd_mesh_closure;
typedef enum { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_DEGENERATE_DROP, ... } vccd_mesh_degenerate;
typedef enum { VCCD_MESH_CENTER_NONE, VCCD_MESH_CENTER_CENTROID, VCCD_MESH_CENTER_MASS, VCCD_MESH_CENTER_BBOX,
               ... } vccd_mesh_center;
typedef struct {
    char *name;
    long nv, nt, ne;
    double (*v)[3];
    vccd_mesh_index (*t)[3];
    vccd_mesh_closure closure;
    long degenerate;
    int degenerate_dropped;
    long boundary_edges, nonmanifold_edges, inconsistent_edges;
    long unused_vertices;
    int planar;
    char *path;
    const char *format;
    int normalized;
    double center[3], scale;
    ...;
} vccd_mesh;
typedef struct {
    vccd_mesh_degenerate degenerate;
    vccd_mesh_center center;
    double radius;
    ...;
} vccd_mesh_load_opts;
int vccd_mesh_load(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, vccd_error *e);
int vccd_mesh_init_arrays(vccd_mesh *m, const char *name, double (*v)[3], long nv,
                          vccd_mesh_index (*t)[3], long nt, vccd_mesh_degenerate deg, vccd_error *e);
void vccd_mesh_clear(vccd_mesh *m);
const char *vccd_mesh_closure_name(vccd_mesh_closure c);
int vccd_mesh_center_parse(vccd_mesh_center *c, const char *s);

/* BVHs */
typedef enum { VCCD_BVH_SPLIT_MEDIAN, VCCD_BVH_SPLIT_SAH, ... } vccd_bvh_split;
typedef struct { int leaf_size; vccd_bvh_split split; unsigned types; ...; } vccd_bvh_opts;
typedef struct { const vccd_mesh *mesh; long nnodes; int depth; ...; } vccd_bvh;
void vccd_bvh_opts_init(vccd_bvh_opts *o);
int vccd_bvh_build(vccd_bvh *h, const vccd_mesh *m, const vccd_bvh_opts *o, vccd_error *e);
void vccd_bvh_clear(vccd_bvh *h);

/* the queries (toc.h) */
typedef enum { VCCD_TOC_NONE, VCCD_TOC_CERTIFIED, VCCD_TOC_POSSIBLE, ... } vccd_toc_status;
const char *vccd_toc_status_name(vccd_toc_status s);
typedef enum { VCCD_FEATURE_VF, VCCD_FEATURE_EE, VCCD_FEATURE_VE2D, ... } vccd_feature_kind;
const char *vccd_feature_kind_name(vccd_feature_kind k);
int vccd_feature_kind_find(const char *name);
int vccd_feature_kind_npoints(vccd_feature_kind k);
typedef struct { const vccd_motion *m; int vertex; double p[3]; ...; } vccd_track;

typedef struct {
    const vccd_solver_type *solver;
    vccd_arith arith;
    mpfr_prec_t max_precision;
    double eps_t;
    long max_boxes;
    long max_work;
    double t0, t1;
    int expect_contact;
    ...;
} vccd_solve_opts;
void vccd_solve_opts_init(vccd_solve_opts *o);

typedef enum { VCCD_QUERY_EXACT, VCCD_QUERY_CAPOEIRA, ... } vccd_query_mode;
typedef enum { VCCD_QUERY_SEARCH_AUTO, VCCD_QUERY_SEARCH_BVH, VCCD_QUERY_SEARCH_BRUTE, ... } vccd_query_search;
const char *vccd_query_mode_name(vccd_query_mode m);
const char *vccd_query_search_name(vccd_query_search s);
int vccd_query_search_find(const char *name);
#define VCCD_QUERY_MAX_WORK_LIMIT ...
typedef struct {
    vccd_query_mode mode;
    vccd_query_search search;
    int bv;
    double eps_d;
    double min_separation;
    int gap;
    int positive_gap;
    int linear;
    int advance;
    vccd_solve_opts solve;
    long max_work;
    ...;
} vccd_query_opts;
typedef struct {
    vccd_feature_kind kind;
    long tri[2];
    int vertex_body;
    long v[4];
    ...;
} vccd_query_pair;

typedef struct { const vccd_bvh *bvh; const vccd_motion *motion; ...; } vccd_toc_body;
typedef struct { vccd_toc_body body[2]; vccd_query_opts opts; ...; } vccd_toc_input;
void vccd_toc_input_init(vccd_toc_input *in);
typedef struct { mpfr_prec_t prec; ...; } vccd_time;
typedef enum { MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, ... } mpfr_rnd_t;
int vccd_time_snprint(char *buf, size_t n, const vccd_time *t, double d, mpfr_rnd_t rnd, int hex);
typedef struct {
    vccd_toc_status status;
    double lo, hi;
    vccd_time lo_exact, hi_exact;
    int rigorous;
    int approximate;
    int limited;
    int out_of_work;
    int have_pair;
    vccd_query_pair pair;
    vccd_di param[2];
    double point[3], normal[3], velocity[3];
    double vn;
    int have_gap;
    double gap_lower, gap_upper;
    int stepped;
    double lo_contact;
    int have_safe;
    double safe_t;
    double gap_t;
    ...;
} vccd_toc_answer;
typedef struct {
    long bv_tests, items, leaf_pairs, feature_pairs, filtered;
    long solver_boxes, evals, escalations, advance_steps, distance_queries;
    mpfr_prec_t prec;
    int guessed, window_plane;
    long work;
    ...;
} vccd_toc_stats;
int vccd_toc_meshes(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_toc_input *in, vccd_error *e);

typedef enum { VCCD_DISTANCE_SEPARATED, VCCD_DISTANCE_TOUCHING, VCCD_DISTANCE_INTERSECTING, ... }
    vccd_distance_status;
const char *vccd_distance_status_name(vccd_distance_status s);
typedef struct {
    double lower, upper;
    vccd_distance_status status;
    long tri[2];
    double point[2][3];
    long bv_tests, tri_tests;
    ...;
} vccd_distance_result;
int vccd_distance_meshes(vccd_distance_result *d, const vccd_toc_input *in, double t, vccd_error *e);

typedef struct {
    vccd_feature_kind kind;
    vccd_track point[4];
    double min_separation;
    vccd_solve_opts solve;
    ...;
} vccd_pair_input;
void vccd_pair_input_init(vccd_pair_input *in);
int vccd_toc_pair(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_pair_input *in, vccd_error *e);

/* a problem read from a toc config (toc.h), as `vccd toc CONFIG` reads it */
#define VCCD_SOLVE_MAX_WORK_LIMIT ...
typedef struct vccd_toc_problem vccd_toc_problem;
typedef enum { VCCD_TOC_PROBLEM_PAIR, VCCD_TOC_PROBLEM_MESHES, ... } vccd_toc_problem_form;
typedef struct { long max_work; long query_max_work; ...; } vccd_toc_problem_opts;
void vccd_toc_problem_opts_init(vccd_toc_problem_opts *o);
int vccd_toc_problem_load(vccd_toc_problem **p, const char *path, const vccd_toc_problem_opts *o, vccd_error *e);
int vccd_toc_problem_solve(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_toc_problem *p,
                           vccd_error *e);
void vccd_toc_problem_free(vccd_toc_problem *p);
vccd_toc_problem_form vccd_toc_problem_form_get(const vccd_toc_problem *p);
const char *vccd_toc_problem_path(const vccd_toc_problem *p);
const vccd_pair_input *vccd_toc_problem_pair(const vccd_toc_problem *p);
const vccd_toc_input *vccd_toc_problem_meshes(const vccd_toc_problem *p);
const char *vccd_toc_problem_body_name(const vccd_toc_problem *p, int i);
const vccd_mesh *vccd_toc_problem_mesh(const vccd_toc_problem *p, int i);
int vccd_toc_linear_batch(int *status, double *lo, double *hi, double (*q)[8][3], long n,
                          vccd_feature_kind kind, const vccd_solve_opts *o, vccd_error *e);

/* whole scenes (scene.h) */
typedef struct { ...; } vccd_scene;
int vccd_scene_load_frames(vccd_scene *s, const char *path0, const char *path1, vccd_error *e);
int vccd_scene_init_arrays(vccd_scene *s, const char *name, double (*v0)[3], double (*v1)[3], long nv,
                           vccd_mesh_index (*f)[3], long nf, vccd_error *e);
void vccd_scene_clear(vccd_scene *s);
typedef struct { int32_t kind; vccd_mesh_index a, b; int32_t slice; } vccd_scene_pair;
typedef struct { vccd_scene_pair *p; long n, nvf, nee; int slices; double min_separation; } vccd_scene_candidates;
typedef enum { VCCD_SCENE_BROAD_TREE, VCCD_SCENE_BROAD_SWEEP, ... } vccd_scene_broad_method;
typedef struct { double min_separation; int slices; vccd_scene_broad_method method; long max_candidates; } vccd_scene_broad_opts;
void vccd_scene_broad_opts_init(vccd_scene_broad_opts *o);
int vccd_scene_broad(vccd_scene_candidates *c, const vccd_scene *s, const vccd_scene_broad_opts *o, vccd_error *e);
void vccd_scene_candidates_clear(vccd_scene_candidates *c);
void vccd_scene_pair_points(double x0[4][3], double x1[4][3], const vccd_scene *s, vccd_scene_pair p);
typedef struct { vccd_solve_opts solve; double min_separation; } vccd_scene_opts;
void vccd_scene_opts_init(vccd_scene_opts *o);
typedef struct { vccd_toc_status status; double lo, hi; int limited; } vccd_scene_pair_answer;
typedef struct {
    vccd_toc_status status;
    double lo, hi;
    int have_pair;
    vccd_scene_pair pair;
    long candidates, solved;
    long certified, possible, none, limited;
    long solver_boxes, escalations;
} vccd_scene_answer;
int vccd_scene_toc(vccd_scene_answer *a, vccd_scene_pair_answer *per, const vccd_scene *s,
                   const vccd_scene_candidates *c, const vccd_scene_opts *o, vccd_error *e);
int vccd_scene_config_load(vccd_scene *s, vccd_scene_opts *o, vccd_scene_broad_opts *bo, const char *path,
                           vccd_error *e);
/* the scene's mesh, through a helper of the generated source */
long vccd_py_scene_counts(const vccd_scene *s, long out[3]);

/* scenes of bodies (bodies.h) */
typedef struct { ...; } vccd_bodies;
typedef struct { vccd_query_opts query; vccd_scene_broad_opts self; int slices; long max_pairs; } vccd_bodies_opts;
void vccd_bodies_opts_init(vccd_bodies_opts *o);
void vccd_bodies_init(vccd_bodies *s);
void vccd_bodies_clear(vccd_bodies *s);
int vccd_bodies_add_motion(vccd_bodies *s, const char *name, vccd_mesh *mesh, vccd_motion *motion, vccd_error *e);
int vccd_bodies_add_frames(vccd_bodies *s, const char *name, double (*v0)[3], double (*v1)[3], long nv,
                           vccd_mesh_index (*f)[3], long nf, vccd_error *e);
int vccd_bodies_add_scene(vccd_bodies *s, const char *name, vccd_scene *frames, vccd_error *e);
int vccd_bodies_prepare(vccd_bodies *s, const vccd_bodies_opts *o, vccd_error *e);
typedef struct { int a, b; int slice; } vccd_bodies_pair;
typedef struct {
    vccd_bodies_pair *p;
    long n;
    int slices;
    double min_separation, t0, t1;
    int nbodies;
} vccd_bodies_pairs;
int vccd_bodies_broad(vccd_bodies_pairs *p, const vccd_bodies *s, const vccd_bodies_opts *o, vccd_error *e);
void vccd_bodies_pairs_clear(vccd_bodies_pairs *p);
typedef struct {
    vccd_toc_status status;
    double lo, hi;
    int limited;
    int have_pair;
    vccd_feature_kind kind;
    int vertex_body;
    long v[4];
    long solver_boxes;
} vccd_bodies_pair_answer;
typedef struct {
    vccd_toc_status status;
    double lo, hi;
    int have_pair;
    long pair;
    vccd_bodies_pair_answer at;
    long pairs, certified, possible, none, limited;
    long solver_boxes;
} vccd_bodies_answer;
int vccd_bodies_toc(vccd_bodies_answer *a, vccd_bodies_pair_answer *per, vccd_bodies *s, const vccd_bodies_pairs *p,
                    const vccd_bodies_opts *o, vccd_error *e);
int vccd_bodies_config_load(vccd_bodies *s, vccd_bodies_opts *o, const char *path, vccd_error *e);
/* a body's name, vertex and face counts and whether it has two frames */
const char *vccd_py_bodies_body(const vccd_bodies *s, int i, long out[3]);
int vccd_py_bodies_count(const vccd_bodies *s);
"""

SOURCE = r"""
#include "vccd.h"

/* vertices, faces and edges of a scene (its mesh's counts, which the
   cdef above leaves opaque) */
static long
vccd_py_scene_counts(const vccd_scene *s, long out[3])
{
    out[0] = s->mesh.nv;
    out[1] = s->mesh.nt;
    out[2] = s->mesh.ne;
    return 0;
}

/* body i of a scene of bodies, which the cdef leaves opaque */
static int
vccd_py_bodies_count(const vccd_bodies *s)
{
    return s->n;
}

static const char *
vccd_py_bodies_body(const vccd_bodies *s, int i, long out[3])
{
    out[0] = s->body[i]->mesh.nv;
    out[1] = s->body[i]->mesh.nt;
    out[2] = s->body[i]->frames != NULL;
    return s->body[i]->name;
}
"""


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: build_ffi.py OUT.c\n")
        return 2
    ffibuilder = cffi.FFI()
    ffibuilder.cdef(CDEF)
    ffibuilder.set_source("vccd._vccd", SOURCE)
    ffibuilder.emit_c_code(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
