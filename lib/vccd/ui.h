/* ui.h -- NON-RIGOROUS binary64 intervals ("unrounded").

   The same code as vccd_di (ivd_ops.h) with the outward steps removed:
   endpoints are computed in round-to-nearest and taken as they are.  This
   is the arithmetic of the thesis (Buddingh' 2014, ch. 5 and 8) and exists only
   so that experiments can show what rigour buys.  Its results may exclude
   the true value by an ulp or more; nothing built on it is a proof.
   Config name: "unrounded". */
#ifndef VCCD_UI_H
#define VCCD_UI_H

/* Template index: vccd_ui's names made by the templates (tpl.h), by
   template (tests/lib/t-tpl-index.sh --print ui writes it).
   vccd/ivd_ops.h:
     vccd_ui_abs vccd_ui_acc_end vccd_ui_acc_init vccd_ui_acc_max4
     vccd_ui_acc_min4 vccd_ui_acc_mul vccd_ui_acc_mul_d vccd_ui_acc_sqr
     vccd_ui_add vccd_ui_bisect vccd_ui_certainly_le vccd_ui_certainly_lt
     vccd_ui_contains_d vccd_ui_contains_zero vccd_ui_cos vccd_ui_div
     vccd_ui_div_d vccd_ui_div_ext vccd_ui_empty vccd_ui_entire
     vccd_ui_fadd2_mul2 vccd_ui_fadd_mul2 vccd_ui_fdot vccd_ui_fdot_d
     vccd_ui_from0 vccd_ui_hull vccd_ui_hull4_out vccd_ui_intersect
     vccd_ui_is_bounded vccd_ui_is_empty vccd_ui_is_entire vccd_ui_is_point
     vccd_ui_mag vccd_ui_max vccd_ui_max4 vccd_ui_mid vccd_ui_min
     vccd_ui_min4 vccd_ui_mul vccd_ui_mul_d vccd_ui_mul_end
     vccd_ui_mul_end_dn vccd_ui_mul_end_up vccd_ui_mul_nonneg vccd_ui_neg
     vccd_ui_pair_out vccd_ui_possibly_le vccd_ui_possibly_lt
     vccd_ui_set_2d vccd_ui_set_d vccd_ui_sin vccd_ui_sin_cos vccd_ui_sqr
     vccd_ui_sqrt vccd_ui_sub vccd_ui_subset vccd_ui_upto0 vccd_ui_width
   di/ivd_trig.h:
     vccd_ui_clamp_unit vccd_ui_cos vccd_ui_cos_series
     vccd_ui_point_sin_cos vccd_ui_series_corr vccd_ui_series_step
     vccd_ui_series_tail vccd_ui_sin vccd_ui_sin_cos vccd_ui_sin_series
   vccd/geom_impl.h:
     vccd_ui_dot3_strided vccd_ui_mat3_apply vccd_ui_mat3_clear
     vccd_ui_mat3_init vccd_ui_mat3_mul vccd_ui_mat3_mul_vec3
     vccd_ui_mat3_set vccd_ui_mat3_tmul_vec3 vccd_ui_mat3_transpose
     vccd_ui_quat_clear vccd_ui_quat_conj vccd_ui_quat_init
     vccd_ui_quat_mul vccd_ui_quat_norm2 vccd_ui_quat_rotate
     vccd_ui_quat_set vccd_ui_quat_set_d vccd_ui_quat_to_mat3
     vccd_ui_vec3_add vccd_ui_vec3_clear vccd_ui_vec3_cross
     vccd_ui_vec3_dot vccd_ui_vec3_init vccd_ui_vec3_norm2
     vccd_ui_vec3_scale vccd_ui_vec3_set vccd_ui_vec3_set_d
     vccd_ui_vec3_sub
   vccd/plugin/elem_impl.h:
     vccd_ui_family_closed vccd_ui_family_part vccd_ui_family_point
     vccd_ui_family_point_memo vccd_ui_family_series vccd_ui_series_depth
     vccd_ui_sinc_cosc vccd_ui_sinc_cosc_monotone vccd_ui_sinc_family
   vccd/plugin/kin_impl.h:
     vccd_ui_kin_clip_ball vccd_ui_kin_comb2 vccd_ui_kin_line
     vccd_ui_kin_line_rebase vccd_ui_kin_planar_eval
     vccd_ui_kin_quad_rebase vccd_ui_kin_quat_const vccd_ui_kin_rigid_apply
     vccd_ui_kin_rigid_body vccd_ui_kin_rigid_centre
     vccd_ui_kin_rigid_coefs vccd_ui_kin_rigid_eval vccd_ui_kin_rigid_frame
     vccd_ui_kin_rigid_point vccd_ui_kin_rotate_const vccd_ui_kin_rotvec
     vccd_ui_kin_screw_centre
   vccd/feature_impl.h:
     vccd_ui_feature_axis_project vccd_ui_feature_axis_project_rel
     vccd_ui_feature_coefs vccd_ui_feature_cross_dot
     vccd_ui_feature_cross_leibniz vccd_ui_feature_dot_leibniz
     vccd_ui_feature_incl_terms vccd_ui_feature_jet vccd_ui_feature_points
     vccd_ui_feature_prepare vccd_ui_feature_project
     vccd_ui_feature_state_clear vccd_ui_feature_state_init
     vccd_ui_feature_vectors vccd_ui_state_vec
   feature/piece_impl.h:
     vccd_ui_piece_edge vccd_ui_piece_jet vccd_ui_piece_norm2_jet
     vccd_ui_piece_point vccd_ui_piece_row vccd_ui_piece_sqr_jet
     vccd_ui_piece_terms
   (end of the index) */

#include "vccd/fp.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

#define IVD_T vccd_ui
#define IVD_DN(x) (x)
#define IVD_UP(x) (x)
#define IVD_DOT_ROUNDED 0
#include "vccd/ivd_ops.h"
#undef IVD_DOT_ROUNDED
#undef IVD_T
#undef IVD_DN
#undef IVD_UP

VCCD_END_DECLS

#endif
