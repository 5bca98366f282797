/* backend_ivd.h -- the binary64 backends (rigorous vccd_di, unrounded
   vccd_ui) as seen by single-source kernels (geom_impl.h, and later the
   motions, feature functions and solvers).

   A kernel is written once against the VB_ macros below, with every
   interval handled through a pointer, and is then included once per
   backend.  For binary64 the macros expand to the by-value inline
   operations, which gcc compiles to the same code as a hand-written
   version (measured in `vccd bench arith`, doc/arithmetic.md); for MPFR
   they expand to function calls on stack temporaries.

   The interface a backend provides:
     VB_T                   element (interval) type
     VB_PFX                 prefix for kernel names (VCCD_TPL_FN(f) = VB_PFX_f, tpl.h)
     VB_RIGOROUS            1 if results are enclosures, 0 otherwise
     VB_TMP(x, ref)         declare a temporary x (a VB_T *) with the
                            precision of the existing *ref
     VB_TMP_N(name, arr, n, ref)  make arr[0..n) (VB_T already declared)
                            temporaries, storage on the stack under name
     VB_INIT(x, prec), VB_CLEAR(x)   lifetime of a VB_T owned by a struct
     VB_SET(r, a)  VB_SET_D(r, d)  VB_NEG(r, a)
     VB_ADD(r, a, b)  VB_SUB  VB_MUL  VB_DIV  VB_SQR(r, a)  VB_SQRT
     VB_DIV_UI(r, a, u)  (u an integer > 0, below 2^53)
     VB_MUL_D(r, a, d)      times a double
     VB_SIN_COS(s, c, a)
     VB_SET_2D(r, lo, hi)  VB_HULL(r, a, b)  VB_INTERSECT(r, a, b)
     VB_MUL_2EXP(r, a, e)   times 2^e
     VB_IS_EMPTY(a)  VB_CERTAINLY_LE(a, b)   predicates (int)
     VB_PREC(a)             working precision in bits (53 for binary64)
   Outputs come first and may alias inputs.

   The includer defines VB_IVD (vccd_di or vccd_ui) and VB_RIGOROUS. */
#include "vccd/tpl.h"
#define VB_T VB_IVD
#define VB_PFX VB_IVD
#define VB_TMP(x, ref) VB_IVD x[1]
#define VB_TMP_N(name, arr, n, ref) ((void)(arr), (void)(ref))
#define VB_INIT(x, prec) (*(x) = VCCD_TPL_FN(empty)(), (void)(prec))
#define VB_CLEAR(x) ((void)(x))
#define VB_SET(r, a) (*(r) = *(a))
#define VB_SET_D(r, d) (*(r) = VCCD_TPL_FN(set_d)(d))
#define VB_NEG(r, a) (*(r) = VCCD_TPL_FN(neg)(*(a)))
#define VB_ADD(r, a, b) (*(r) = VCCD_TPL_FN(add)(*(a), *(b)))
#define VB_SUB(r, a, b) (*(r) = VCCD_TPL_FN(sub)(*(a), *(b)))
#define VB_MUL(r, a, b) (*(r) = VCCD_TPL_FN(mul)(*(a), *(b)))
#define VB_DIV(r, a, b) (*(r) = VCCD_TPL_FN(div)(*(a), *(b)))
#define VB_DIV_UI(r, a, u) (*(r) = VCCD_TPL_FN(div)(*(a), VCCD_TPL_FN(set_d)((double)(u))))
#define VB_SQR(r, a) (*(r) = VCCD_TPL_FN(sqr)(*(a)))
#define VB_SQRT(r, a) (*(r) = VCCD_TPL_FN(sqrt)(*(a)))
#define VB_MUL_D(r, a, d) (*(r) = VCCD_TPL_FN(mul_d)(*(a), (d)))
#define VB_SIN_COS(s, c, a) VCCD_TPL_FN(sin_cos)((s), (c), *(a))
#define VB_SET_2D(r, lo, hi) (*(r) = VCCD_TPL_FN(set_2d)((lo), (hi)))
#define VB_HULL(r, a, b) (*(r) = VCCD_TPL_FN(hull)(*(a), *(b)))
#define VB_INTERSECT(r, a, b) (*(r) = VCCD_TPL_FN(intersect)(*(a), *(b)))
#define VB_MUL_2EXP(r, a, e) (*(r) = VCCD_TPL_FN(mul_d)(*(a), vccd_fp_pow2(e)))
#define VB_IS_EMPTY(a) VCCD_TPL_FN(is_empty)(*(a))
#define VB_CERTAINLY_LE(a, b) VCCD_TPL_FN(certainly_le)(*(a), *(b))
#define VB_PREC(a) ((void)(a), 53L)
/* The value as a binary64 interval: itself, or for the unrounded mode the
   same bounds (which enclose nothing). */
#define VB_GET_DI(a) ((vccd_di){ (a)->lo, (a)->hi })
