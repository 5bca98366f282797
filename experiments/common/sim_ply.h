/* sim_ply.h -- the bodies of a simulation at one state as a PLY file
   (sim_ply.c), for viewers: a sequence frame-000000.ply,
   frame-000010.ply, ... is what ParaView opens as a time series and
   Blender or MeshLab import. */
#ifndef VCCD_SIM_PLY_H
#define VCCD_SIM_PLY_H

#include "vccd/sim.h"

/* Bodies in world coordinates (each vertex fl(x + R(q) v), doubles) as
   one binary little-endian PLY file at path: every body's vertices and
   triangles, and per face the body's index (an int property "body",
   for colouring).  0, or -1 with e naming path. */
int vccd_sim_ply_write(const char *path, const vccd_sim_body *bodies, int nb, vccd_error *e);

#endif
