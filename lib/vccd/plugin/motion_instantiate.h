/* motion_instantiate.h -- include the model file VCCD_MOTION_FILE once
   per backend so that its kernel (the #else part) is compiled for
   binary64, unrounded binary64 and MPFR from one source. */
#include "vccd/plugin/backend_di.h"
#include VCCD_MOTION_FILE
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_ui.h"
#include VCCD_MOTION_FILE
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_mi.h"
#include VCCD_MOTION_FILE
#include "vccd/plugin/backend_undef.h"
