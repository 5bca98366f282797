/* motion_impl.h -- what a motion model file (motions/NAME.c) uses: the
   parameter parsers, random parameters for the checker, and the macros
   that instantiate its kernel on every backend and define its vtable.

   A model file has two parts, selected by whether a backend is active:

       #ifndef VB_PFX
       #include "vccd/plugin/motion_impl.h"
       ... parse, randomize, rebase, bounds (backend independent) ...
       #define VCCD_MOTION_FILE "motions/NAME.c"
       #define VCCD_MOTION_NAME NAME
       #include "vccd/plugin/motion_instantiate.h"   (includes this file once per
                                                backend: the kernel below)
       VCCD_MOTION_DEFINE(NAME, "config-name", "summary", dim, per_vertex,
                          nkinds);
       #else
       static void VM_FN(eval)(...)            the kernel, with VB_ macros
       #endif

   and is registered by adding it to MOTION_SOURCES in Makefile.am.

   Before VCCD_MOTION_DEFINE, the file declares its parameter tables
   (motion.h's vccd_motion_param) as X-macros, one row per key:

       #define NAME_PARAMS(P, V)                                        \
           P(o0, REAL, 3, NULL, "position of the centre at t = 0")      \
           P(q0, UNIT_QUAT, 4, "1 0 0 0", "orientation at t = 0")       \
           ...
       #define NAME_SIGNATURES(S)                                       \
           S(NAME, new, NAME_PARAMS, "one line: what this form gives")  \
           S(NAME, poses_new, OTHER_PARAMS, "...")

   P(key, KIND, count, default, doc) is a parameter of count numbers
   (KIND: REAL, UNIT_QUAT, DIRECTION or INTEGER; default NULL when
   required, else a string in config syntax); V(...) the same per vertex.
   A table may use another's rows (P and V passed on: rigid.h's shared
   tables).  Each S row is one signature: VCCD_MOTION_DEFINE makes the
   table, and defines vccd_motion_NAME_TAIL (doubles: a count-1 REAL as
   double, others as const double[count], INTEGER as long, per-vertex
   ones as const double * followed by int n, the vertex count) and
   vccd_motion_NAME_TAIL_str (each key as const char *), both ending
   (mpfr_prec_t prec, vccd_error *e).  The generated vccd/motions.h
   (lib/motion/motions-h.awk) declares them from the same rows, so its
   prototypes and the definitions cannot drift: the compiler checks one
   against the other.  A default must be what the model's parser takes
   for a missing key (tests/motion/t-new.c checks every table so).  The
   rows must keep this one-call-per-row shape for the awk script. */
#ifndef VCCD_MOTION_IMPL_H
#define VCCD_MOTION_IMPL_H

#include <limits.h>
#include <math.h>

#include "vccd/plugin/kin.h"
#include "vccd/motion.h"
#include "vccd/motions.h"

#include "vccd/export.h"
#include "vccd/tpl.h"

VCCD_BEGIN_DECLS

/* The motion of model type read from section s by the model's parser
   (every key must be read); NULL with e set.  vccd_motion_from_config
   and vccd_motion_new both end here. */
vccd_motion *vccd_motion_from_section(const vccd_motion_type *type, vccd_config_section *s, mpfr_prec_t prec,
                                      vccd_error *e);

/* Grow m to nparams parameters (new ones empty); -1 when out of memory. */
int vccd_motion_reserve(vccd_motion *m, int nparams);

/* Parse the value of key in s as exactly n decimal numbers (separated by
   commas and/or blanks) into m->param[first .. first+n), each an
   enclosure of the decimal value at m->prec (exact when representable).
   A missing key is an error when required, else leaves the parameters as
   def (a double) and returns 0.  NaN, infinities, junk and a wrong count
   are errors naming file, line and key.  A number may be as long as the
   line (the exact decimal of a double has up to 767 significant
   digits).  An entry holding doubles (config.h's dv, from
   vccd_motion_new) gives them exactly. */
int vccd_motion_parse_reals(vccd_motion *m, vccd_config_section *s, const char *key,
                            int first, int n, int required, double def, vccd_error *e);

/* As parse_reals for a quaternion "w x y z" that must be a rotation:
   its norm must be within 1e-6 of 1 (farther is taken as a typo and
   rejected), and it is then normalised, as the enclosure of q/|q| at
   m->prec, so that decimal inputs such as 0.7071 0 0 0.7071 denote an
   exact unit quaternion. */
int vccd_motion_parse_unit_quat(vccd_motion *m, vccd_config_section *s, const char *key,
                                int first, int required, vccd_error *e);

/* Random parameters for the checker: n values in [-scale, scale] (exact
   doubles), and a random unit quaternion (enclosure of a normalised
   random 4-vector). */
void vccd_motion_random_reals(vccd_motion *m, gmp_randstate_t rs, int first, int n, double scale);
void vccd_motion_random_unit_quat(vccd_motion *m, gmp_randstate_t rs, int first);
/* Set parameter i to the double x exactly. */
void vccd_motion_set_param_d(vccd_motion *m, int i, double x);
/* Normalise the quaternion at param[first .. first+4) rigorously. */
void vccd_motion_normalize_quat(vccd_motion *m, int first);

/* Kernel-side names: VM_FN(f) is backend_model_f, VM_V3/VM_Q the
   backend's vector and quaternion types. */
#define VM_FN(f) VCCD_TPL_CAT3(VB_PFX, VCCD_MOTION_NAME, f)
#define VM_G(f) VCCD_TPL_FN(f)
#define VM_V3 VM_G(vec3)
#define VM_Q VM_G(quat)

/* What the typed constructors call: vccd_motion_new for type, with fn
   (the constructor's name) as the file of every message, and nvertices
   the vertex count n a per-vertex constructor was given (below 1 is an
   error naming n), or VCCD_MOTION_COUNT_VERTICES: none given, count
   them from the values. */
#define VCCD_MOTION_COUNT_VERTICES LONG_MIN
vccd_motion *vccd_motion_new_typed(const char *fn, const vccd_motion_type *type, const vccd_motion_value *values,
                                   int nvalues, long nvertices, mpfr_prec_t prec, vccd_error *e);
/* buf (24 bytes) := x in decimal; returns buf. */
const char *vccd_motion_long_text(char *buf, long x);

/* --- the rows of a parameter table, expanded (see the top) --- */
/* the table entry */
#define VCCD_MP_ROW(K, KIND, N, DEF, DOC) { #K, VCCD_MOTION_PARAM_##KIND, N, 0, DEF, DOC },
#define VCCD_MP_ROWV(K, KIND, N, DEF, DOC) { #K, VCCD_MOTION_PARAM_##KIND, N, 1, DEF, DOC },
/* the argument of the doubles constructor */
#define VCCD_MP_ARG(K, KIND, N, DEF, DOC) VCCD_MP_ARG_##KIND(K, N),
#define VCCD_MP_ARG_REAL(K, N) VCCD_MP_D##N(K)
#define VCCD_MP_ARG_UNIT_QUAT(K, N) VCCD_MP_D##N(K)
#define VCCD_MP_ARG_DIRECTION(K, N) VCCD_MP_D##N(K)
#define VCCD_MP_ARG_INTEGER(K, N) long K
#define VCCD_MP_ARGV(K, KIND, N, DEF, DOC) const double *K,
#define VCCD_MP_D1(K) double K
#define VCCD_MP_D2(K) const double K[2]
#define VCCD_MP_D3(K) const double K[3]
#define VCCD_MP_D4(K) const double K[4]
#define VCCD_MP_D5(K) const double K[5]
#define VCCD_MP_D6(K) const double K[6]
/* its value for vccd_motion_new_typed */
#define VCCD_MP_VAL(K, KIND, N, DEF, DOC) VCCD_MP_VAL_##KIND(K, N),
#define VCCD_MP_VAL_REAL(K, N) { #K, VCCD_MP_P##N(K), NULL, N }
#define VCCD_MP_VAL_UNIT_QUAT(K, N) { #K, VCCD_MP_P##N(K), NULL, N }
#define VCCD_MP_VAL_DIRECTION(K, N) { #K, VCCD_MP_P##N(K), NULL, N }
#define VCCD_MP_VAL_INTEGER(K, N) { #K, NULL, vccd_motion_long_text((char[24]){ 0 }, K), 1 }
#define VCCD_MP_VALV(K, KIND, N, DEF, DOC) { #K, K, NULL, 0 },
#define VCCD_MP_P1(K) &K
#define VCCD_MP_P2(K) K
#define VCCD_MP_P3(K) K
#define VCCD_MP_P4(K) K
#define VCCD_MP_P5(K) K
#define VCCD_MP_P6(K) K
/* the decimal constructor's argument and value */
#define VCCD_MP_SARG(K, KIND, N, DEF, DOC) const char *K,
#define VCCD_MP_SVAL(K, KIND, N, DEF, DOC) { #K, NULL, K, 0 },
/* the vertex count of a per-vertex model's constructors */
#define VCCD_MP_NARG_0
#define VCCD_MP_NARG_1 int n,
#define VCCD_MP_NVAL_0 VCCD_MOTION_COUNT_VERTICES
#define VCCD_MP_NVAL_1 (long)n

/* One signature S(M, TAIL, PARAMS, DOC): its table and two constructors
   (VCCD_MP_DEFINE_1 for per-vertex models). */
#define VCCD_MP_DEFINE_(M, TAIL, PARAMS, DOC, PV)                                                      \
    static const vccd_motion_param M##_##TAIL##_param[] = { PARAMS(VCCD_MP_ROW, VCCD_MP_ROWV) };      \
    vccd_motion *vccd_motion_##M##_##TAIL(PARAMS(VCCD_MP_ARG, VCCD_MP_ARGV) VCCD_MP_NARG_##PV        \
                                          mpfr_prec_t prec, vccd_error *e)                             \
    {                                                                                                  \
        const vccd_motion_value v_[] = { PARAMS(VCCD_MP_VAL, VCCD_MP_VALV) };                          \
        return vccd_motion_new_typed("vccd_motion_" #M "_" #TAIL, &vccd_motion_##M, v_,                \
                                     (int)(sizeof v_ / sizeof v_[0]), VCCD_MP_NVAL_##PV, prec, e);      \
    }                                                                                                  \
    vccd_motion *vccd_motion_##M##_##TAIL##_str(PARAMS(VCCD_MP_SARG, VCCD_MP_SARG) VCCD_MP_NARG_##PV \
                                                mpfr_prec_t prec, vccd_error *e)                       \
    {                                                                                                  \
        const vccd_motion_value v_[] = { PARAMS(VCCD_MP_SVAL, VCCD_MP_SVAL) };                         \
        return vccd_motion_new_typed("vccd_motion_" #M "_" #TAIL "_str", &vccd_motion_##M, v_,         \
                                     (int)(sizeof v_ / sizeof v_[0]), VCCD_MP_NVAL_##PV, prec, e);      \
    }
#define VCCD_MP_DEFINE_0(M, TAIL, PARAMS, DOC) VCCD_MP_DEFINE_(M, TAIL, PARAMS, DOC, 0)
#define VCCD_MP_DEFINE_1(M, TAIL, PARAMS, DOC) VCCD_MP_DEFINE_(M, TAIL, PARAMS, DOC, 1)
#define VCCD_MP_SIG(M, TAIL, PARAMS, DOC)                                                              \
    { #TAIL, "vccd_motion_" #M "_" #TAIL, DOC, M##_##TAIL##_param,                                     \
      (int)(sizeof M##_##TAIL##_param / sizeof M##_##TAIL##_param[0]) },

/* The vtable, named vccd_motion_NAME as the registry expects, with the
   parameter tables and typed constructors of NAME_SIGNATURES.
   PER_VERTEX is a literal 0 or 1. */
#define VCCD_MOTION_DEFINE(NAME, CNAME, SUMMARY, DIM, PER_VERTEX, NKINDS)  \
    VCCD_MOTION_DEFINE_FORM(NAME, CNAME, SUMMARY, DIM, PER_VERTEX, NKINDS,  \
                            VCCD_MOTION_FORM_GENERIC)
/* The same for a model whose parameters have one of the layouts of
   vccd_motion_form (motion.h), which feature pairs evaluate directly. */
#define VCCD_MOTION_DEFINE_FORM(NAME, CNAME, SUMMARY, DIM, PER_VERTEX, NKINDS, FORM) \
    extern const vccd_motion_type vccd_motion_##NAME;                      \
    NAME##_SIGNATURES(VCCD_MP_DEFINE_##PER_VERTEX)                         \
    static const vccd_motion_signature NAME##_sig[] = { NAME##_SIGNATURES(VCCD_MP_SIG) }; \
    const vccd_motion_type vccd_motion_##NAME = {                          \
        CNAME, SUMMARY, DIM, PER_VERTEX, NAME##_parse, NAME##_randomize,   \
        NKINDS, vccd_di_##NAME##_eval, vccd_ui_##NAME##_eval,              \
        vccd_mi_##NAME##_eval, NAME##_rebase, NAME##_bounds, FORM,         \
        NAME##_sig, (int)(sizeof NAME##_sig / sizeof NAME##_sig[0]) }

VCCD_END_DECLS

#endif
