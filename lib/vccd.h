/* vccd.h -- verified continuous collision detection: the public API. */
#ifndef VCCD_H
#define VCCD_H

#include "vccd/fp.h"
#include "vccd/di.h"
#include "vccd/ui.h"
#include "vccd/mi.h"
#include "vccd/geom.h"
#include "vccd/fpenv.h"
#include "vccd/version.h"

#endif
