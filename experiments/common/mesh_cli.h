/* mesh_cli.h -- loading and describing meshes for the commands: one
   place prints the load errors, the degenerate warning and the mesh part
   of `vccd mesh info`, so every command words them alike. */
#ifndef VCCD_MESH_CLI_H
#define VCCD_MESH_CLI_H

#include <stdio.h>

#include "vccd/mesh.h"

/* Load spec with o (NULL: defaults), timing it into *seconds (may be
   NULL).  On error prints "vccd: MESSAGE" to stderr and returns
   VCCD_EXIT_USAGE; else prints the degenerate warning (one line with the
   count, to stderr) if any and returns 0. */
int vccd_cli_mesh_load(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, double *seconds);
/* The same with the limit max_triangles (0: the default,
   VCCD_MESH_MAX_TRIANGLES). */
int vccd_cli_mesh_load_max(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, long max_triangles,
                           double *seconds);

/* The mesh lines of `vccd mesh info` ("key: value", one per line):
   source, counts, degenerates, bbox, closure, mass properties or why
   there are none, normalisation, load time.  Commands that know more
   about the mesh (the BVH) print their lines after these. */
void vccd_cli_mesh_print(FILE *f, const vccd_mesh *m, double load_seconds);

#endif
