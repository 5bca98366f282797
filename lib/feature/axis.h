/* axis.h -- a candidate separating axis for a feature pair (internal). */
#ifndef VCCD_FEATURE_AXIS_H
#define VCCD_FEATURE_AXIS_H

#include "vccd/feature.h"

/* d := q_B - q_A for closest points q_A of the first feature (vertex, or
   edge P0 P1) and q_B of the second (face, edge or 2D edge) of the pair
   with points P.  Plain doubles: the axis is only a guess, which the
   caller tests rigorously, so its rounding errors cannot make anything
   wrong.  Returns -1 when the features meet (d = 0) or P is not finite. */
int vccd_feature_axis(double d[3], vccd_feature_kind kind, const double P[4][3]);

#endif
