/* di.h -- rigorous binary64 intervals: {lo, hi} by value, outward rounded.

   Every operation returns an interval containing the exact real result for
   every choice of real points in its operands.  Outward rounding is done
   without touching the rounding mode: each endpoint is computed in the
   current mode and widened outward by vccd_fp_widen_up/down (one to two
   ulps in round to nearest, a few more in directed modes), which is sound because every IEEE basic operation (+ - * / sqrt)
   is within one ulp of the exact value in any rounding mode and the
   widening is never less than that ulp (fp.h).  It is branch-free
   floating-point arithmetic that -ffp-contract=off keeps as written;
   doc/arithmetic.md gives the measurements that chose it over the exact
   bit step and over switching the rounding mode.

   Preconditions: FLT_EVAL_METHOD == 0 (checked at compile time) and no
   flush-to-zero/denormals-are-zero (checked by vccd_fpenv_check and by the
   test suite).  See ivd_ops.h for the empty/NaN/infinity conventions. */
#ifndef VCCD_DI_H
#define VCCD_DI_H

/* Template index: vccd_di's names made by the templates (tpl.h), by
   template (tests/lib/t-tpl-index.sh --print di writes it).
   vccd/ivd_ops.h:
     vccd_di_abs vccd_di_acc_end vccd_di_acc_init vccd_di_acc_max4
     vccd_di_acc_min4 vccd_di_acc_mul vccd_di_acc_mul_d vccd_di_acc_sqr
     vccd_di_add vccd_di_bisect vccd_di_certainly_le vccd_di_certainly_lt
     vccd_di_contains_d vccd_di_contains_zero vccd_di_cos vccd_di_div
     vccd_di_div_d vccd_di_div_ext vccd_di_empty vccd_di_entire
     vccd_di_fadd2_mul2 vccd_di_fadd_mul2 vccd_di_fdot vccd_di_fdot_d
     vccd_di_from0 vccd_di_hull vccd_di_hull4_out vccd_di_intersect
     vccd_di_is_bounded vccd_di_is_empty vccd_di_is_entire vccd_di_is_point
     vccd_di_mag vccd_di_max vccd_di_max4 vccd_di_mid vccd_di_min
     vccd_di_min4 vccd_di_mul vccd_di_mul_d vccd_di_mul_end
     vccd_di_mul_end_dn vccd_di_mul_end_up vccd_di_mul_nonneg vccd_di_neg
     vccd_di_pair_out vccd_di_possibly_le vccd_di_possibly_lt
     vccd_di_set_2d vccd_di_set_d vccd_di_sin vccd_di_sin_cos vccd_di_sqr
     vccd_di_sqrt vccd_di_sub vccd_di_subset vccd_di_upto0 vccd_di_width
   di/ivd_trig.h:
     vccd_di_clamp_unit vccd_di_cos vccd_di_cos_series
     vccd_di_point_sin_cos vccd_di_series_corr vccd_di_series_step
     vccd_di_series_tail vccd_di_sin vccd_di_sin_cos vccd_di_sin_series
   vccd/geom_impl.h:
     vccd_di_dot3_strided vccd_di_mat3_apply vccd_di_mat3_clear
     vccd_di_mat3_init vccd_di_mat3_mul vccd_di_mat3_mul_vec3
     vccd_di_mat3_set vccd_di_mat3_tmul_vec3 vccd_di_mat3_transpose
     vccd_di_quat_clear vccd_di_quat_conj vccd_di_quat_init
     vccd_di_quat_mul vccd_di_quat_norm2 vccd_di_quat_rotate
     vccd_di_quat_set vccd_di_quat_set_d vccd_di_quat_to_mat3
     vccd_di_vec3_add vccd_di_vec3_clear vccd_di_vec3_cross
     vccd_di_vec3_dot vccd_di_vec3_init vccd_di_vec3_norm2
     vccd_di_vec3_scale vccd_di_vec3_set vccd_di_vec3_set_d
     vccd_di_vec3_sub
   vccd/plugin/elem_impl.h:
     vccd_di_family_closed vccd_di_family_part vccd_di_family_point
     vccd_di_family_point_memo vccd_di_family_series vccd_di_series_depth
     vccd_di_sinc_cosc vccd_di_sinc_cosc_monotone vccd_di_sinc_family
   vccd/plugin/kin_impl.h:
     vccd_di_kin_clip_ball vccd_di_kin_comb2 vccd_di_kin_line
     vccd_di_kin_line_rebase vccd_di_kin_planar_eval
     vccd_di_kin_quad_rebase vccd_di_kin_quat_const vccd_di_kin_rigid_apply
     vccd_di_kin_rigid_body vccd_di_kin_rigid_centre
     vccd_di_kin_rigid_coefs vccd_di_kin_rigid_eval vccd_di_kin_rigid_frame
     vccd_di_kin_rigid_point vccd_di_kin_rotate_const vccd_di_kin_rotvec
     vccd_di_kin_screw_centre
   vccd/feature_impl.h:
     vccd_di_feature_axis_project vccd_di_feature_axis_project_rel
     vccd_di_feature_coefs vccd_di_feature_cross_dot
     vccd_di_feature_cross_leibniz vccd_di_feature_dot_leibniz
     vccd_di_feature_incl_terms vccd_di_feature_jet vccd_di_feature_points
     vccd_di_feature_prepare vccd_di_feature_project
     vccd_di_feature_state_clear vccd_di_feature_state_init
     vccd_di_feature_vectors vccd_di_state_vec
   feature/piece_impl.h:
     vccd_di_piece_edge vccd_di_piece_jet vccd_di_piece_norm2_jet
     vccd_di_piece_point vccd_di_piece_row vccd_di_piece_sqr_jet
     vccd_di_piece_terms
   (end of the index) */

#include "vccd/fp.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* The outward step of every rounded endpoint: a double >= (<=) each
   real that rounds to x in any rounding mode (fp.h). */
static inline double vccd_di_round_up(double x) { return vccd_fp_widen_up(x); }
static inline double vccd_di_round_down(double x) { return vccd_fp_widen_down(x); }

#define IVD_T vccd_di
#define IVD_DN(x) vccd_di_round_down(x)
#define IVD_UP(x) vccd_di_round_up(x)
#define IVD_DOT_ROUNDED 1
#include "vccd/ivd_ops.h"
#undef IVD_DOT_ROUNDED
#undef IVD_T
#undef IVD_DN
#undef IVD_UP

/* [lo, hi] with lo <= q <= hi for a rational num/den (den != 0), and for
   a decimal string such as "0.1" or "-1.5e-3"; exact when representable.
   set_str returns 0 on success and -1 when s is not a number (then *r is
   left unchanged). */
vccd_di vccd_di_set_si_frac(long num, long den);
int vccd_di_set_str(vccd_di *r, const char *s);

VCCD_END_DECLS

#endif
