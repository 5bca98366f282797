/* toc_mesh.h -- the two-mesh form of `vccd toc` (toc_mesh.c). */
#ifndef VCCD_TOC_MESH_H
#define VCCD_TOC_MESH_H

#include "vccd/config.h"

/* Run the query of config c (its [body.NAME] sections) and print the
   answer, as JSON when json; an exit status (cli.h). */
int vccd_toc_mesh(vccd_config *c, int json);

#endif
