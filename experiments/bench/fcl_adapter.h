/* fcl_adapter.h -- FCL's distance() behind a C interface, for the
   comparison in `vccd bench mesh` only (NON-RIGOROUS: FCL computes in
   plain doubles and returns one number).  Built when configure finds
   libfcl-dev (HAVE_FCL). */
#ifndef VCCD_FCL_ADAPTER_H
#define VCCD_FCL_ADAPTER_H

#include "vccd/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vccd_fcl_model vccd_fcl_model;

/* FCL's OBBRSS hierarchy over m (its own copy); NULL on failure. */
vccd_fcl_model *vccd_fcl_model_new(const vccd_mesh *m);
void vccd_fcl_model_free(vccd_fcl_model *f);
/* FCL's minimum distance of a and b placed by x = R p + o (R row-major),
   or a negative number on failure. */
double vccd_fcl_distance(const vccd_fcl_model *a, const double Ra[9], const double oa[3],
                         const vccd_fcl_model *b, const double Rb[9], const double ob[3]);

#ifdef __cplusplus
}
#endif

#endif
