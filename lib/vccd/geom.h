/* geom.h -- interval geometry (geom_impl.h) instantiated for the rigorous
   binary64 (vccd_di_vec3, ...), unrounded binary64 (vccd_ui_vec3, ...,
   NON-RIGOROUS) and MPFR (vccd_mi_vec3, ...) backends.  One source, three
   backends: see doc/arithmetic.md for why a template header and not a
   vtable of operations. */
#ifndef VCCD_GEOM_H
#define VCCD_GEOM_H

#include "vccd/di.h"
#include "vccd/ui.h"
#include "vccd/mi.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

#include "vccd/plugin/backend_di.h"
#include "vccd/geom_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_ui.h"
#include "vccd/geom_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_mi.h"
#include "vccd/geom_impl.h"
#include "vccd/plugin/backend_undef.h"

VCCD_END_DECLS

#endif
