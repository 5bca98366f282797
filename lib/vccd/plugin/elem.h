/* elem.h -- elementary functions written once over all backends
   (elem_impl.h): vccd_di_sinc_cosc, vccd_ui_sinc_cosc, vccd_mi_sinc_cosc. */
#ifndef VCCD_ELEM_H
#define VCCD_ELEM_H

#include <math.h>
#include <string.h>

#include "vccd/di.h"
#include "vccd/ui.h"
#include "vccd/mi.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

#include "vccd/plugin/backend_di.h"
#include "vccd/plugin/elem_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_ui.h"
#include "vccd/plugin/elem_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_mi.h"
#include "vccd/plugin/elem_impl.h"
#include "vccd/plugin/backend_undef.h"

VCCD_END_DECLS

#endif
