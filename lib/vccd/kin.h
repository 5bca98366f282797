/* kin.h -- kinematics for motion models (kin_impl.h) on every backend. */
#ifndef VCCD_KIN_H
#define VCCD_KIN_H

#include "vccd/geom.h"
#include "vccd/elem.h"

#include "vccd/backend_di.h"
#include "vccd/kin_impl.h"
#include "vccd/backend_undef.h"

#include "vccd/backend_ui.h"
#include "vccd/kin_impl.h"
#include "vccd/backend_undef.h"

#include "vccd/backend_mi.h"
#include "vccd/kin_impl.h"
#include "vccd/backend_undef.h"

#endif
