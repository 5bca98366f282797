/* cli_body.h -- a body as the commands load it from a config: its name,
   mesh, BVH, motion or pose, and query body, with what was made so far,
   so that one clear undoes any partial load (`vccd distance`; `vccd
   toc` has the library read its config: toc.h's vccd_toc_problem). */
#ifndef VCCD_CLI_BODY_H
#define VCCD_CLI_BODY_H

#include "vccd/config.h"
#include "vccd/distance.h"
#include "vccd/query.h"

typedef struct {
    char name[64];
    vccd_mesh m;
    vccd_bvh h;
    vccd_motion *mo;            /* NULL: none */
    vccd_pose p;                /* a fixed pose, when the command takes one */
    vccd_query_body qb;
    double load_s;              /* time to load the mesh */
    int loaded, built, bound;   /* m, h, qb made */
} vccd_cli_body;

/* Free what b holds (after any partial load) and leave it zeroed. */
void vccd_cli_body_clear(vccd_cli_body *b);

#endif
