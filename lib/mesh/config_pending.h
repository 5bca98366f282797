/* config_pending.h -- vccd_mesh_config_load_as in three steps, so that
   several bodies' meshes load at once (internal, not installed).

   Reading a config section marks its keys used (vccd_config_get), so the
   reading is done in one thread: _parse before the loads and _finish
   after them, in the bodies' order.  _load reads the mesh alone and
   touches nothing another load does. */
#ifndef VCCD_MESH_CONFIG_PENDING_H
#define VCCD_MESH_CONFIG_PENDING_H

#include "vccd/mesh.h"

typedef struct {
    vccd_config_section *s;
    const char *key;
    char *spec, *near;          /* the spec, and the file near the config */
    vccd_mesh_load_opts o;
    long max_nt;
    const char *at;             /* the key at fault in a normalisation */
    vccd_error inner;           /* the loader's own error */
    int rc;                     /* the load's result, -1 until it runs */
} vccd_mesh_pending;

/* Read the mesh keys of s (the mesh named by key): 0, or -1 with e as
   vccd_mesh_config_load_as gives it (p then holds nothing to free). */
int vccd_mesh_pending_parse(vccd_mesh_pending *p, vccd_config_section *s, const char *key, vccd_error *e);
/* Load the mesh into m (m is set to an empty mesh first). */
void vccd_mesh_pending_load(vccd_mesh *m, vccd_mesh_pending *p);
/* The load's result, its error named at the config's file, line and key;
   frees what p holds. */
int vccd_mesh_pending_finish(vccd_mesh_pending *p, vccd_error *e);
/* Free what p holds without reporting (a body given up before its load
   was reported). */
void vccd_mesh_pending_clear(vccd_mesh_pending *p);

#endif
