/* kin.h -- kinematics for motion models (kin_impl.h) on every backend. */
#ifndef VCCD_KIN_H
#define VCCD_KIN_H

#include "vccd/geom.h"
#include "vccd/plugin/elem.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

#include "vccd/plugin/backend_di.h"
#include "vccd/plugin/kin_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_ui.h"
#include "vccd/plugin/kin_impl.h"
#include "vccd/plugin/backend_undef.h"

#include "vccd/plugin/backend_mi.h"
#include "vccd/plugin/kin_impl.h"
#include "vccd/plugin/backend_undef.h"

VCCD_END_DECLS

#endif
