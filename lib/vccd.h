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
#include "vccd/arith.h"
#include "vccd/time.h"
#include "vccd/motion.h"
#include "vccd/motions.h"
#include "vccd/feature.h"
#include "vccd/solver.h"
#include "vccd/queries.h"
#include "vccd/mesh.h"
#include "vccd/bv.h"
#include "vccd/bvh.h"
#include "vccd/distance.h"
#include "vccd/query.h"
#include "vccd/toc.h"
#include "vccd/scene.h"
#include "vccd/bodies.h"

#endif
