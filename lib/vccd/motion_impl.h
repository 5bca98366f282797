/* motion_impl.h -- what a motion model file (motions/NAME.c) uses: the
   parameter parsers, random parameters for the checker, and the macros
   that instantiate its kernel on every backend and define its vtable.

   A model file has two parts, selected by whether a backend is active:

       #ifndef VB_PFX
       #include "vccd/motion_impl.h"
       ... parse, randomize, rebase, bounds (backend independent) ...
       #define VCCD_MOTION_FILE "motions/NAME.c"
       #define VCCD_MOTION_NAME NAME
       #include "vccd/motion_instantiate.h"   (includes this file once per
                                                backend: the kernel below)
       VCCD_MOTION_DEFINE(NAME, "config-name", "summary", dim, per_vertex,
                          nkinds);
       #else
       static void VM_FN(eval)(...)            the kernel, with VB_ macros
       #endif

   and is registered by adding it to MOTION_SOURCES in Makefile.am. */
#ifndef VCCD_MOTION_IMPL_H
#define VCCD_MOTION_IMPL_H

#include <math.h>

#include "vccd/kin.h"
#include "vccd/motion.h"

/* Grow m to nparams parameters (new ones empty); -1 when out of memory. */
int vccd_motion_reserve(vccd_motion *m, int nparams);

/* Parse the value of key in s as exactly n decimal numbers (separated by
   commas and/or blanks) into m->param[first .. first+n), each an
   enclosure of the decimal value at m->prec (exact when representable).
   A missing key is an error when required, else leaves the parameters as
   def (a double) and returns 0.  NaN, infinities, junk and a wrong count
   are errors naming file, line and key. */
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
#define VM_CAT3_(a, b, c) a##_##b##_##c
#define VM_CAT3(a, b, c) VM_CAT3_(a, b, c)
#define VM_FN(f) VM_CAT3(VB_PFX, VCCD_MOTION_NAME, f)
#define VM_CAT2_(a, b) a##_##b
#define VM_CAT2(a, b) VM_CAT2_(a, b)
#define VM_G(f) VM_CAT2(VB_PFX, f)
#define VM_V3 VM_G(vec3)
#define VM_Q VM_G(quat)

/* The vtable, named vccd_motion_NAME as the registry expects. */
#define VCCD_MOTION_DEFINE(NAME, CNAME, SUMMARY, DIM, PER_VERTEX, NKINDS)  \
    VCCD_MOTION_DEFINE_FORM(NAME, CNAME, SUMMARY, DIM, PER_VERTEX, NKINDS,  \
                            VCCD_MOTION_FORM_GENERIC)
/* The same for a model whose parameters have one of the layouts of
   vccd_motion_form (motion.h), which feature pairs evaluate directly. */
#define VCCD_MOTION_DEFINE_FORM(NAME, CNAME, SUMMARY, DIM, PER_VERTEX, NKINDS, FORM) \
    const vccd_motion_type vccd_motion_##NAME = {                          \
        CNAME, SUMMARY, DIM, PER_VERTEX, NAME##_parse, NAME##_randomize,   \
        NKINDS, vccd_di_##NAME##_eval, vccd_ui_##NAME##_eval,              \
        vccd_mi_##NAME##_eval, NAME##_rebase, NAME##_bounds, FORM }

#endif
