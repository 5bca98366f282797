/* tpl.h -- the one name-pasting mechanism of vccd's templates (FLINT's
   templates.h).  A template is written once and included once per
   backend (or per size, for the k-DOPs); each name it defines is its
   prefix, an underscore and the base name, pasted here and nowhere else:

     VCCD_TPL_FN(f)           VB_PFX_f, the current backend's (backend_ivd.h,
                              backend_mi.h): VCCD_TPL_FN(vec3_add) is
                              vccd_di_vec3_add under backend_di.h
     VCCD_TPL_CAT(a, b)       a_b, after expanding a and b: the templates
                              whose prefix is not VB_PFX (ivd_ops.h's IVD_T,
                              kdop_impl.h's KDOP_NAME) name theirs with it
     VCCD_TPL_CAT3(a, b, c)   a_b_c (a motion's VB_PFX_name_f, motion_impl.h)
     VCCD_TPL_STR(a)          "a", after expanding a (a k-DOP's name)

   The names a backend gets this way are listed, with the template that
   makes each, in the "Template index" of di.h, ui.h and mi.h: grep finds
   vccd_di_mul there, and its base name (mul, in IVD_FN(mul) or
   VCCD_TPL_FN(mul)) in the template.  tests/lib/t-tpl-index.sh checks
   each index against the templates and the library's symbols. */
#ifndef VCCD_TPL_H
#define VCCD_TPL_H

#define VCCD_TPL_CAT_(a, b) a##_##b
#define VCCD_TPL_CAT(a, b) VCCD_TPL_CAT_(a, b)
#define VCCD_TPL_CAT3_(a, b, c) a##_##b##_##c
#define VCCD_TPL_CAT3(a, b, c) VCCD_TPL_CAT3_(a, b, c)
#define VCCD_TPL_FN(f) VCCD_TPL_CAT(VB_PFX, f)
#define VCCD_TPL_STR_(a) #a
#define VCCD_TPL_STR(a) VCCD_TPL_STR_(a)

#endif
