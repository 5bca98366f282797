/* ui.h -- NON-RIGOROUS binary64 intervals ("unrounded").

   The same code as vccd_di (ivd_ops.h) with the outward steps removed:
   endpoints are computed in round-to-nearest and taken as they are.  This
   is the arithmetic of the thesis (Buddingh' 2014, ch. 5 and 8) and exists only
   so that experiments can show what rigour buys.  Its results may exclude
   the true value by an ulp or more; nothing built on it is a proof.
   Config name: "unrounded". */
#ifndef VCCD_UI_H
#define VCCD_UI_H

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
