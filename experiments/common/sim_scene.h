/* sim_scene.h -- a `vccd simulate` scene: an INI file (sim_scene.c; the
   keys are in cmd_simulate.c's help text) or a Rigid IPC JSON scene
   (sim_scene_ipc.c). */
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
    /* The axis drawn upwards in the pictures: the one gravity is most
       along (z when there is none; a 2D scene's y). */
    int up;
} vccd_sim_scene;

/* The step keeps a gap memo per pair of bodies (144 bytes each, sim.h):
   nb^2 of them, 151 MB at this many.  The broad phase (lib/sim/broad.c)
   keeps the time per step near linear in nb; the memos are what bound
   it. */
#define VCCD_SIM_SCENE_MAX_BODIES 1024

/* Load scene file path, a Rigid IPC scene when its name ends in .json,
   else an INI file (dt > 0 replaces its dt; meshes, for a Rigid IPC
   scene only, is the folder of its meshes, or NULL to look for them
   next to it): 0, or -1 with e naming file, line and key.
   vccd_sim_scene_clear in both cases. */
int vccd_sim_scene_load(vccd_sim_scene *sc, const char *path, double dt, const char *meshes, vccd_error *e);
void vccd_sim_scene_clear(vccd_sim_scene *sc);

/* The Rigid IPC scene at path (sim_scene_ipc.c; doc/simulate.md, "Rigid
   IPC scenes"), into sc with its options initialised: 0, or -1 with e.
   Keys it cannot honour are warned about on stderr, once each. */
int vccd_sim_scene_load_ipc(vccd_sim_scene *sc, const char *path, const char *meshes, double dt, vccd_error *e);

/* 1 when x is 0 or of magnitude in [VCCD_SIM_MIN, VCCD_SIM_MAX]: the
   range a run can carry to its end (sim.h, doc/simulate.md). */
int vccd_sim_scene_in_range(double x);

/* b's mass and inertia from its mesh, filled with density (shell: a thin
   shell of that density per unit area; a 2D body: a lamina) or, with
   by_mass, scaled to b->mass; the mesh is moved so that its centre of
   mass is the body's origin, and com := where that centre was; then
   vccd_sim_body_finish.  0; or, with msg (size bytes) saying why, -1
   (no mass properties), -2 (outside the simulation's range) or -3 (a
   singular inertia). */
int vccd_sim_scene_mass(vccd_sim_body *b, double density, int by_mass, int shell, double com[3], char *msg,
                        size_t size);

#endif
