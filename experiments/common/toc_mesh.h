/* toc_mesh.h -- the two-mesh form of `vccd toc` (toc_mesh.c). */
#ifndef VCCD_TOC_MESH_H
#define VCCD_TOC_MESH_H

#include "vccd/config.h"

/* Run the query of config c (its [body.NAME] sections) and print the
   answer, as JSON when json; an exit status (cli.h).  max_work > 0
   overrides the config's [solver] max_work (--max-work: each feature
   pair's solve), query_max_work > 0 its [query] max_work
   (--query-max-work: the whole query). */
int vccd_toc_mesh(vccd_config *c, int json, long max_work, long query_max_work);

#endif
