/* fcl_ca.h -- FCL's conservative advancement as the peer of `vccd run`
   (NON-RIGOROUS: FCL computes in plain doubles, and its CA stops when a
   step falls under a fixed time tolerance).  Three ways in:
     fcl-ca           continuousCollide() with conservative advancement,
                      what FCL's users call;
     fcl-ca-rss       fcl::detail's oriented RSS routine as shipped (its
                      t = 0 collide() on the RSS models copies and
                      rebuilds both trees);
     fcl-ca-rss-fast  our loop on the same detail pieces (the RSS CA
                      traversal node and its motion bounds) with the
                      t = 0 check on OBBRSS copies made once.
   Built when configure finds libfcl-dev (HAVE_FCL). */
#ifndef VCCD_FCL_CA_H
#define VCCD_FCL_CA_H

#include "vccd/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vccd_fcl_ca_model vccd_fcl_ca_model;

enum { VCCD_FCL_CA = 0, VCCD_FCL_CA_RSS, VCCD_FCL_CA_RSS_FAST };

/* FCL's RSS and OBBRSS hierarchies over m (its own copies); NULL on
   failure. */
vccd_fcl_ca_model *vccd_fcl_ca_model_new(const vccd_mesh *m);
void vccd_fcl_ca_model_free(vccd_fcl_ca_model *f);

/* The thesis frame of one body: position p at t = 0 to the origin at
   t = 1, orientation q0 to q1 (w x y z) by FCL's InterpMotion. */
typedef struct {
    double p[3], q0[4], q1[4];
} vccd_fcl_ca_frame;

/* FCL's time of contact of a and b over [0, 1] by `kind`: 1 (contact
   at *toc), 0 (none: *toc = 1), -1 (FCL threw). */
int vccd_fcl_ca_toc(double *toc, int kind, const vccd_fcl_ca_model *a, const vccd_fcl_ca_frame *fa,
                    const vccd_fcl_ca_model *b, const vccd_fcl_ca_frame *fb);

#ifdef __cplusplus
}
#endif

#endif
