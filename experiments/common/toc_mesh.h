/* toc_mesh.h -- the two-mesh form of `vccd toc` (toc_mesh.c). */
#ifndef VCCD_TOC_MESH_H
#define VCCD_TOC_MESH_H

#include "vccd/toc.h"

/* Print the answer a (counters st) of the meshes problem p, as JSON
   when json, ms the query's time in milliseconds; hex: lo and hi as
   hex floats.  -1 when the JSON could not be built (out of memory), 0
   otherwise. */
int vccd_toc_mesh_print(const vccd_toc_problem *p, const vccd_toc_answer *a, const vccd_toc_stats *st, int json,
                        int hex, double ms);

#endif
