/* mi.h -- rigorous MPFR intervals at a precision chosen at run time.

   A vccd_mi_t holds two mpfr_t endpoints of one precision.  Conventions
   follow MPFR and MPFI: output arguments first, the result is computed to
   the precision of the output, the lower endpoint is rounded with
   MPFR_RNDD and the upper with MPFR_RNDU, and any argument may alias any
   other.  The set conventions are those of the binary64 backend
   (ivd_ops.h): empty is {+inf, -inf}, unbounded ends are +-inf, NaN never
   appears in an interval.

   No operation allocates: temporaries live on the stack (VCCD_MI_TMP), so
   hot loops call malloc only when the caller inits its own variables.
   The precision is capped at VCCD_MI_PREC_MAX to keep those temporaries a
   sane stack size.

   Why not MPFI: it allocates per operation for temporaries, keeps global
   state, and Debian's 1.5.3 has no extended division.  MPFI and Arb are
   used as independent oracles in tests/ only. */
#ifndef VCCD_MI_H
#define VCCD_MI_H

/* Template index: vccd_mi's names made by the templates (tpl.h), by
   template (tests/lib/t-tpl-index.sh --print mi writes it).
   vccd/geom_impl.h:
     vccd_mi_dot3_strided vccd_mi_mat3_apply vccd_mi_mat3_clear
     vccd_mi_mat3_init vccd_mi_mat3_mul vccd_mi_mat3_mul_vec3
     vccd_mi_mat3_set vccd_mi_mat3_tmul_vec3 vccd_mi_mat3_transpose
     vccd_mi_quat_clear vccd_mi_quat_conj vccd_mi_quat_init
     vccd_mi_quat_mul vccd_mi_quat_norm2 vccd_mi_quat_rotate
     vccd_mi_quat_set vccd_mi_quat_set_d vccd_mi_quat_to_mat3
     vccd_mi_vec3_add vccd_mi_vec3_clear vccd_mi_vec3_cross
     vccd_mi_vec3_dot vccd_mi_vec3_init vccd_mi_vec3_norm2
     vccd_mi_vec3_scale vccd_mi_vec3_set vccd_mi_vec3_set_d
     vccd_mi_vec3_sub
   vccd/plugin/elem_impl.h:
     vccd_mi_family_closed vccd_mi_family_part vccd_mi_family_point
     vccd_mi_family_point_memo vccd_mi_family_series vccd_mi_series_depth
     vccd_mi_sinc_cosc vccd_mi_sinc_cosc_monotone vccd_mi_sinc_family
   vccd/plugin/kin_impl.h:
     vccd_mi_kin_clip_ball vccd_mi_kin_comb2 vccd_mi_kin_line
     vccd_mi_kin_line_rebase vccd_mi_kin_planar_eval
     vccd_mi_kin_quad_rebase vccd_mi_kin_quat_const vccd_mi_kin_rigid_apply
     vccd_mi_kin_rigid_body vccd_mi_kin_rigid_centre
     vccd_mi_kin_rigid_coefs vccd_mi_kin_rigid_eval vccd_mi_kin_rigid_frame
     vccd_mi_kin_rigid_point vccd_mi_kin_rotate_const vccd_mi_kin_rotvec
     vccd_mi_kin_screw_centre
   vccd/feature_impl.h:
     vccd_mi_feature_axis_project vccd_mi_feature_axis_project_rel
     vccd_mi_feature_coefs vccd_mi_feature_cross_dot
     vccd_mi_feature_cross_leibniz vccd_mi_feature_dot_leibniz
     vccd_mi_feature_incl_terms vccd_mi_feature_jet vccd_mi_feature_points
     vccd_mi_feature_prepare vccd_mi_feature_project
     vccd_mi_feature_state_clear vccd_mi_feature_state_init
     vccd_mi_feature_vectors vccd_mi_state_vec
   feature/piece_impl.h:
     vccd_mi_piece_edge vccd_mi_piece_jet vccd_mi_piece_norm2_jet
     vccd_mi_piece_point vccd_mi_piece_row vccd_mi_piece_sqr_jet
     vccd_mi_piece_terms
   (end of the index) */

#include <gmp.h>
#include <mpfr.h>

#include "vccd/di.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

#define VCCD_MI_PREC_MAX ((mpfr_prec_t)1 << 18)

typedef struct {
    __mpfr_struct lo, hi;
} vccd_mi_struct;
typedef vccd_mi_struct vccd_mi_t[1];
typedef vccd_mi_struct *vccd_mi_ptr;
typedef const vccd_mi_struct *vccd_mi_srcptr;

/* A temporary interval of precision prec on the stack, valid until the end
   of the enclosing block: no malloc.  prec must be in
   [MPFR_PREC_MIN, VCCD_MI_PREC_MAX]. */
#define VCCD_MI_LIMBS(prec) (((prec) - 1) / GMP_NUMB_BITS + 1)
#define VCCD_MI_TMP(x, prec)                                                \
    mp_limb_t x##_limbs_[2 * VCCD_MI_LIMBS(prec)];                          \
    vccd_mi_t x;                                                            \
    vccd_mi_init_on(x, prec, x##_limbs_)

/* Lifetime and precision. */
/* x := empty; aborts if prec is outside [MPFR_PREC_MIN, VCCD_MI_PREC_MAX]. */
void vccd_mi_init2(vccd_mi_t x, mpfr_prec_t prec);
void vccd_mi_clear(vccd_mi_t x);
void vccd_mi_init_on(vccd_mi_t x, mpfr_prec_t prec, mp_limb_t *limbs);
/* A block of limbs for n intervals at prec, for vccd_mi_init_on (2
   VCCD_MI_LIMBS(prec) each), to be released with free(); aborts, as
   mpfr_init2 does, when out of memory or prec is out of range. */
mp_limb_t *vccd_mi_alloc_limbs(long n, mpfr_prec_t prec);
mpfr_prec_t vccd_mi_get_prec(const vccd_mi_t x);
/* Change the precision, keeping an enclosure of the old value. */
void vccd_mi_set_prec_round(vccd_mi_t x, mpfr_prec_t prec);

/* Assignment; all results are outward rounded to the precision of r. */
void vccd_mi_set(vccd_mi_t r, const vccd_mi_t a);
void vccd_mi_set_empty(vccd_mi_t r);
void vccd_mi_set_entire(vccd_mi_t r);
void vccd_mi_set_d(vccd_mi_t r, double x);          /* NaN -> entire */
void vccd_mi_set_2d(vccd_mi_t r, double lo, double hi);
void vccd_mi_set_di(vccd_mi_t r, vccd_di a);
void vccd_mi_set_fr(vccd_mi_t r, const mpfr_t x);   /* NaN -> entire */
void vccd_mi_set_2fr(vccd_mi_t r, const mpfr_t lo, const mpfr_t hi);
void vccd_mi_set_q(vccd_mi_t r, const mpq_t q);
/* Decimal (or MPFR-syntax) string, or an exact rational "P/Q" (decimal
   integers, Q != 0); 0 on success, -1 if s is not a number, leaving r
   unchanged. */
int vccd_mi_set_str(vccd_mi_t r, const char *s);
/* The smallest binary64 interval containing a. */
vccd_di vccd_mi_get_di(const vccd_mi_t a);

/* Predicates (exact). */
int vccd_mi_is_empty(const vccd_mi_t a);
int vccd_mi_is_entire(const vccd_mi_t a);
int vccd_mi_is_point(const vccd_mi_t a);
int vccd_mi_is_bounded(const vccd_mi_t a);
int vccd_mi_contains_fr(const vccd_mi_t a, const mpfr_t x);
int vccd_mi_contains_zero(const vccd_mi_t a);
int vccd_mi_subset(const vccd_mi_t a, const vccd_mi_t b);
int vccd_mi_certainly_lt(const vccd_mi_t a, const vccd_mi_t b);
int vccd_mi_certainly_le(const vccd_mi_t a, const vccd_mi_t b);
int vccd_mi_possibly_lt(const vccd_mi_t a, const vccd_mi_t b);
int vccd_mi_possibly_le(const vccd_mi_t a, const vccd_mi_t b);

/* Set operations. */
void vccd_mi_hull(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_intersect(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_neg(vccd_mi_t r, const vccd_mi_t a);
void vccd_mi_abs(vccd_mi_t r, const vccd_mi_t a);
void vccd_mi_min(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_max(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);

/* Arithmetic, with the same contracts as the vccd_di functions of the
   same name. */
void vccd_mi_add(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_sub(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_mul(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_sqr(vccd_mi_t r, const vccd_mi_t a);
/* r = a * 2^e (exact unless the exponent range is left). */
void vccd_mi_mul_2si(vccd_mi_t r, const vccd_mi_t a, long e);
void vccd_mi_div(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b);
/* r = a / u for an integer u > 0 (u = 0: empty); r may alias a. */
void vccd_mi_div_ui(vccd_mi_t r, const vccd_mi_t a, unsigned long u);
/* Up to two pieces, r0 below r1; returns how many (0, 1 or 2). */
int vccd_mi_div_ext(vccd_mi_t r0, vccd_mi_t r1, const vccd_mi_t a, const vccd_mi_t b);
void vccd_mi_sqrt(vccd_mi_t r, const vccd_mi_t a);
void vccd_mi_sin(vccd_mi_t r, const vccd_mi_t a);
void vccd_mi_cos(vccd_mi_t r, const vccd_mi_t a);
/* s and c must not alias each other; either may alias a. */
void vccd_mi_sin_cos(vccd_mi_t s, vccd_mi_t c, const vccd_mi_t a);

/* {acos x : x in a, -1 <= x <= 1}; empty if a misses [-1, 1]. */
void vccd_mi_acos(vccd_mi_t r, const vccd_mi_t a);
/* An enclosure of pi at r's precision. */
void vccd_mi_const_pi(vccd_mi_t r);

/* Measures and splitting.  mid is a number inside a at the precision of
   m (0 for the whole line, the largest finite magnitude at m's precision
   for half-lines; NaN for empty).  width is rounded up. */
void vccd_mi_mid(mpfr_t m, const vccd_mi_t a);
void vccd_mi_width(mpfr_t w, const vccd_mi_t a);
void vccd_mi_mag(mpfr_t m, const vccd_mi_t a);
/* As vccd_di_bisect: 1 if split at a point strictly inside, else 0 and
   left = right = a.  left and right have their own precisions. */
int vccd_mi_bisect(vccd_mi_t left, vccd_mi_t right, const vccd_mi_t a);

/* Rigorous sin/cos of a binary64 interval through MPFR, for arguments
   too large for the binary64 kernel (di/ivd_trig.h). */
void vccd_di_sin_cos_mpfr(vccd_di *s, vccd_di *c, vccd_di a);

VCCD_END_DECLS

#endif
