/* motion.h -- motion models behind a vtable, with a registry by name.

   A motion maps body-local points to world space over the time step
   t in [0, 1].  Its parameters are kept as MPFR intervals at the motion's
   precision (exact enclosures of the decimal inputs; see motion_impl.h),
   with binary64 copies rounded outward, so every backend evaluates the
   same enclosures.  Each model is one file in motions/ (a kernel written
   once over the backends, plus parsing), registered by one line in
   Makefile.am (MOTION_SOURCES); doc/adding-a-motion.md walks through it.
   A motion is made from a config section (vccd_motion_from_config), or
   from numbers: vccd_motion_new, and the typed constructors generated
   from each model's parameter table (vccd/motions.h). */
#ifndef VCCD_MOTION_H
#define VCCD_MOTION_H

#include <gmp.h>

#include "vccd/config.h"
#include "vccd/geom.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef struct vccd_motion vccd_motion;

/* Position x, velocity v = dx/dt and acceleration a = d2x/dt2 of the
   body point p (rigid models) or of vertex `vertex` (per-vertex models)
   at every time in t.  On a rigorous backend each output encloses the
   exact value for every t in t (intersected with [0, 1] by the caller)
   and every parameter value in the parameter enclosures.  Outputs may be
   NULL when not wanted. */
typedef void (*vccd_motion_eval_di_fn)(vccd_di_vec3 *x, vccd_di_vec3 *v, vccd_di_vec3 *a,
                                       const vccd_di *P, const vccd_di_vec3 *p, int vertex,
                                       const vccd_di *t);
typedef void (*vccd_motion_eval_ui_fn)(vccd_ui_vec3 *x, vccd_ui_vec3 *v, vccd_ui_vec3 *a,
                                       const vccd_ui *P, const vccd_ui_vec3 *p, int vertex,
                                       const vccd_ui *t);
typedef void (*vccd_motion_eval_mi_fn)(vccd_mi_vec3 *x, vccd_mi_vec3 *v, vccd_mi_vec3 *a,
                                       const vccd_mi_struct *P, const vccd_mi_vec3 *p, int vertex,
                                       const vccd_mi_struct *t);

/* What a feature pair may assume about a model's parameters, beyond
   its eval kernels (lib/feature/feature.c evaluates these forms without
   the vtable, sharing the work between the points of a pair):
   - LINE: per-vertex, vertex i at x0 + u t with x0 = P[6i .. 6i+3) and
     u = P[6i+3 .. 6i+6);
   - RIGID: the layout of vccd/plugin/rigid.h, centre o + u t (+ b t^2/2 when
     nparams >= VCCD_RIGID_NB), orientation R(w, t) R(q0) with constant
     w (kin_rigid_body). */
typedef enum {
    VCCD_MOTION_FORM_GENERIC = 0, VCCD_MOTION_FORM_LINE, VCCD_MOTION_FORM_RIGID
} vccd_motion_form;

/* A model's parameter table: what its constructors take, one entry per
   key (the C file of each model declares it, vccd/plugin/motion_impl.h).  The
   typed constructors of vccd/motions.h and the Python classes are made
   from it, and vccd_motion_new checks its values against it. */
typedef enum {
    VCCD_MOTION_PARAM_REAL = 0,     /* count real numbers */
    VCCD_MOTION_PARAM_UNIT_QUAT,    /* w x y z of a rotation: |q| within
                                       1e-6 of 1, normalised when read */
    VCCD_MOTION_PARAM_DIRECTION,    /* a nonzero vector: its direction */
    VCCD_MOTION_PARAM_INTEGER       /* one integer */
} vccd_motion_param_kind;

typedef struct {
    const char *key;            /* the argument and the config key; a
                                   per-vertex one is given in a config as
                                   part of vertex.I (see vccd_motion_new) */
    vccd_motion_param_kind kind;
    int count;                  /* how many numbers (per vertex when
                                   per_vertex) */
    int per_vertex;
    const char *def;            /* NULL: required; else the value taken
                                   when it is not given, as config text */
    const char *doc;            /* one line */
} vccd_motion_param;

/* One way to give a model's parameters: its typed constructors
   vccd_motion_NAME_TAIL (doubles) and vccd_motion_NAME_TAIL_str (decimal
   text), TAIL being "new" or e.g. "poses_new".  A model's signatures are
   alternatives: a config or a vccd_motion_new call gives the keys of one
   of them. */
typedef struct {
    const char *name;           /* TAIL */
    const char *function;       /* "vccd_motion_ltlrm_poses_new" */
    const char *doc;            /* one line */
    const vccd_motion_param *param;
    int nparam;
} vccd_motion_signature;

typedef struct {
    const char *name;           /* the config's "type = NAME" */
    const char *summary;        /* one line, with its source */
    int dim;                    /* 3, or 2 for planar models (z stays 0) */
    int per_vertex;             /* 1: moves vertices, not body points */
    /* Fill m's parameters from the config section (vccd_motion_alloc
       first).  -1 with e naming file, line and key on bad input.  The
       section may be one vccd_motion_new built from doubles: read real
       keys with the helpers of motion_impl.h, which take them exactly
       (an entry's value text is then empty); integer keys are text. */
    int (*parse)(vccd_motion *m, vccd_config_section *s, vccd_error *e);
    /* Random parameters for `motion-check --all`: kind 0 is generic,
       1 .. nkinds-1 are the model's degenerate cases. */
    void (*randomize)(vccd_motion *m, gmp_randstate_t rs, int kind);
    int nkinds;
    vccd_motion_eval_di_fn eval_di;
    vccd_motion_eval_ui_fn eval_ui;  /* NON-RIGOROUS backend */
    vccd_motion_eval_mi_fn eval_mi;
    /* out := parameters of the restriction to [t0, t1] reparametrised to
       [0, 1] (out has nparams intervals at out's precision). */
    void (*rebase)(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams,
                   const vccd_mi_struct *t0, const vccd_mi_struct *t1);
    /* Upper bounds, over t in [0, 1], of |dx/dt| and |d2x/dt2| for body
       points with |p| <= r (per-vertex models: for every vertex). */
    void (*bounds)(double *speed, double *accel, const vccd_di *P, int nparams, double r);
    vccd_motion_form form;
    const vccd_motion_signature *sig;   /* the parameter tables */
    int nsig;
} vccd_motion_type;

struct vccd_motion {
    const vccd_motion_type *type;
    mpfr_prec_t prec;           /* precision of param */
    int nparams;
    int nvertices;              /* per-vertex models */
    vccd_mi_struct *param;
    vccd_di *param_di;          /* param rounded outward to binary64 */
    vccd_ui *param_ui;          /* the same bounds for the unrounded mode */
};

/* The registry. */
const vccd_motion_type *vccd_motion_type_find(const char *name);
int vccd_motion_type_count(void);
const vccd_motion_type *vccd_motion_type_get(int i);

/* A motion of the given type with n parameters at precision prec (all
   empty until parsed or randomized); NULL when out of memory. */
vccd_motion *vccd_motion_alloc(const vccd_motion_type *type, int nparams, mpfr_prec_t prec);
void vccd_motion_free(vccd_motion *m);
/* Refresh param_di/param_ui after param changed. */
void vccd_motion_sync(vccd_motion *m);

/* The motion described by config section s ("type = ..." plus the
   model's keys) at parameter precision prec; NULL with e set. */
vccd_motion *vccd_motion_from_config(vccd_config_section *s, mpfr_prec_t prec, vccd_error *e);

/* One parameter given to vccd_motion_new: n binary64 numbers x, taken
   exactly (no decimal text in between), or, when x is NULL, text in the
   syntax of a config value (decimals or rationals P/Q, blank or comma
   separated; n = 0, or the count text must hold).  x and text both NULL:
   not given (its default, when it has one).  An integer parameter takes
   one number, which must be an integer. */
typedef struct {
    const char *key;
    const double *x;
    const char *text;
    int n;
} vccd_motion_value;

/* The motion of the model named type (the config's type) from the keys
   of one of its signatures, at parameter precision prec: the same
   parameters as vccd_motion_from_config on a section holding the same
   numbers as exact decimals (the model's own parser reads them).  For a
   per-vertex model, each per-vertex parameter holds count numbers per
   vertex, vertex after vertex (n = count * vertices); a config gives
   them as "vertices = N" and, for each vertex I, "vertex.I = " its
   per-vertex parameters in table order.  NULL with e set ("vccd_motion_new:
   [type] key: what is wrong") on an unknown type or key, keys of two
   signatures, a missing required key, a wrong count, NaN or an infinity,
   and whatever the model's parser refuses (a non-unit quaternion, ...).
   vccd/motions.h has one typed constructor per signature, which call
   this. */
vccd_motion *vccd_motion_new(const char *type, const vccd_motion_value *values, int nvalues, mpfr_prec_t prec,
                             vccd_error *e);

/* The restriction of m to [t0, t1] (0 <= t0 <= t1 <= 1, exact doubles)
   reparametrised to [0, 1], as a motion of the same type. */
vccd_motion *vccd_motion_rebase(const vccd_motion *m, double t0, double t1);
/* The same with t0 and t1 known only as enclosures (0 <= t0 <= t1 <= 1):
   the result encloses the restriction to [t0', t1'] for every t0' in t0
   and t1' in t1 (the models' rebase is interval arithmetic).  The
   simulation rebases a motion to where a later piece starts, a product
   of the pieces' rests that no double holds exactly. */
vccd_motion *vccd_motion_rebase_di(const vccd_motion *m, vccd_di t0, vccd_di t1);

/* Abort with a message when vertex is not one of a per-vertex model's
   vertices (the kernels see only the parameters and cannot check). */
void vccd_motion_check_vertex(const vccd_motion *m, int vertex);

/* Evaluate on a backend (see vccd_motion_eval_*_fn). */
void vccd_motion_eval_di(vccd_di_vec3 *x, vccd_di_vec3 *v, vccd_di_vec3 *a, const vccd_motion *m,
                         const vccd_di_vec3 *p, int vertex, vccd_di t);
void vccd_motion_eval_ui(vccd_ui_vec3 *x, vccd_ui_vec3 *v, vccd_ui_vec3 *a, const vccd_motion *m,
                         const vccd_ui_vec3 *p, int vertex, vccd_ui t);
/* x[i] := the position of body point p[i] (per-vertex models: vertex
   vertex[i]; vertex may be NULL for rigid ones) for i < n over t, as
   vccd_motion_eval_di would give it; the points of a rigid motion share
   the work that does not depend on the point. */
void vccd_motion_eval_points_di(vccd_di_vec3 *x, const vccd_motion *m, const vccd_di_vec3 *p, const int *vertex,
                                int n, vccd_di t);
/* MPFR: parameters are rounded outward to the outputs' precision. */
void vccd_motion_eval_mi(vccd_mi_vec3 *x, vccd_mi_vec3 *v, vccd_mi_vec3 *a, const vccd_motion *m,
                         const vccd_mi_vec3 *p, int vertex, const vccd_mi_t t);

/* The pose of a rigid motion at the time t (a point, or an interval):
   origin encloses where the body origin is, and column j of R where the
   body axis e_j points, i.e. x(p, t) = origin + R p.  Built from eval of
   the origin and of origin + e_j, so it holds for every model without
   model code.  A planar model (dim 2) gets e_z as R's third column: the
   pose is then exact for the points of the plane z = 0, the only ones it
   moves.  Returns -1 (and leaves the outputs alone) for per-vertex
   models, which have no pose. */
int vccd_motion_pose_di(vccd_di_vec3 *origin, vccd_di_mat3 *R, const vccd_motion *m, vccd_di t);
/* What vccd_motion_pose_di computes of a RIGID-form motion (ltlrm,
   ballistic) that does not depend on t, for callers that ask for many
   poses of one motion: init returns 0, or -1 for other models (then use
   vccd_motion_pose_di); pose_frame_di gives the pose of pose_di.  f
   refers to m, which must outlive it unchanged. */
typedef struct {
    const vccd_motion *m;
    vccd_di_vec3 y[3][3];
    vccd_di w2;
} vccd_motion_pose_frame;
int vccd_motion_pose_frame_init(vccd_motion_pose_frame *f, const vccd_motion *m);
void vccd_motion_pose_frame_di(vccd_di_vec3 *origin, vccd_di_mat3 *R, const vccd_motion_pose_frame *f, vccd_di t);
/* Not an enclosure: the same pose at the single time t in plain
   doubles (row-major R), from the midpoints of f's frame and of the
   motion's parameters, rounded to nearest without any bound on the
   error.  For choices that no proof rests on (where to stop the
   advance, where GJK starts); a few hundred cycles where pose_frame_di
   takes a few thousand. */
void vccd_motion_pose_frame_approx(double origin[3], double R[9], const vccd_motion_pose_frame *f, double t);
/* The part of the position of body point p under f's motion that does
   not depend on t (kin_rigid_frame: R(q0) p, w x R(q0) p, w x (w x
   R(q0) p)), for callers that evaluate the same points over many times.
   eval_frames_di: x[i] := the position over t of the point whose frame
   is y[index[i]], for i < n -- the enclosure vccd_motion_eval_points_di
   gives of that point (the same operations, the frame computed once). */
void vccd_motion_point_frame_di(vccd_di_vec3 y[3], const vccd_motion_pose_frame *f, const vccd_di_vec3 *p);
/* Another enclosure of the same frame for a point p given in doubles:
   the frame is linear in p, so it is p_x, p_y, p_z times the unit
   axes' frames that f keeps (27 products by exact doubles, where
   point_frame_di rotates p by the quaternion and takes two interval
   cross products).  Not the same bits as point_frame_di. */
void vccd_motion_point_frame_lin_di(vccd_di_vec3 y[3], const vccd_motion_pose_frame *f, const double p[3]);
void vccd_motion_eval_frames_di(vccd_di_vec3 *x, const vccd_motion_pose_frame *f, const vccd_di_vec3 (*y)[3],
                                const long *index, int n, vccd_di t);
/* eval_frames_di in two parts, for callers that evaluate a few points
   at a time over one t: the time part every point shares (the centre
   and kin_rigid_coefs, one sinc/cosc), then a point from its frame.
   The same operations, so the same bits, as eval_frames_di. */
typedef struct {
    vccd_di_vec3 c;
    vccd_di k[4];
} vccd_motion_frame_time;
void vccd_motion_frame_time_di(vccd_motion_frame_time *ft, const vccd_motion_pose_frame *f, vccd_di t);
void vccd_motion_frame_apply_di(vccd_di_vec3 *x, const vccd_motion_frame_time *ft, const vccd_di_vec3 y[3]);
/* The centre c(t) of f's motion over t and its velocity cv(t) (either
   may be NULL): every body point p is at c(t) + R(t) p, so within |p|
   of it, and moves at cv(t) + w x R(t) p. */
void vccd_motion_frame_centre_di(vccd_di_vec3 *c, vccd_di_vec3 *cv, const vccd_motion_pose_frame *f, vccd_di t);
/* The velocity of the point with frame y over t, ft being f's time part
   over the same t (vccd_motion_eval_di's v, the same operations). */
void vccd_motion_frame_velocity_di(vccd_di_vec3 *v, const vccd_motion_pose_frame *f, const vccd_motion_frame_time *ft,
                                   const vccd_di_vec3 y[3], vccd_di t);
int vccd_motion_pose_mi(vccd_mi_vec3 *origin, vccd_mi_mat3 *R, const vccd_motion *m, const vccd_mi_t t);

/* Upper bounds of speed and acceleration for |p| <= r (thesis 5.3.1,
   ComputeN in 5.4.3). */
void vccd_motion_bounds(double *speed, double *accel, const vccd_motion *m, double r);

VCCD_END_DECLS

#endif
