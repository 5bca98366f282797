/* sim_scene.h -- a `vccd simulate` scene (sim_scene.c; the keys are in
   cmd_simulate.c's help text). */
#ifndef VCCD_SIM_SCENE_H
#define VCCD_SIM_SCENE_H

#include "vccd/config.h"
#include "vccd/sim.h"

typedef struct {
    vccd_config cfg;
    int loaded;
    vccd_sim_opts o;
    long steps;
    vccd_sim_body *bodies;
    int nb;
    int planar;                 /* 1: a 2D scene (every body a polygon) */
} vccd_sim_scene;

/* Load scene file path (dt > 0 replaces its dt): 0, or -1 with e naming
   file, line and key.  vccd_sim_scene_clear in both cases. */
int vccd_sim_scene_load(vccd_sim_scene *sc, const char *path, double dt, vccd_error *e);
void vccd_sim_scene_clear(vccd_sim_scene *sc);

#endif
