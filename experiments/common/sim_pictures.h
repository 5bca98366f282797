/* sim_pictures.h -- what a `vccd simulate` run draws and exports
   (sim_pictures.c): still frames and an animation of the bodies'
   meshes, the plots of heights, energy and gap, drawn by gnuplot, and
   every k-th state as a PLY file (sim_ply.h) that ParaView, Blender or
   MeshLab replay. */
#ifndef VCCD_SIM_PICTURES_H
#define VCCD_SIM_PICTURES_H

#include <stdio.h>

#include "vccd/sim.h"

typedef struct {
    const char *dir;
    FILE *frames, *anim;        /* frames.dat, anim.dat */
    int nframes, nanim;
    long frame_every, anim_every, ply_every;
    long budget;                /* triangles drawn per body and frame */
    int up, planar, draw;
    double lo[3], hi[3];        /* the bounding box of what is drawn */
    long nply;
} vccd_sim_pictures;

/* Start the pictures of a run of steps steps of nb bodies into dir
   (which exists): frames.dat holds 8 still frames, anim.dat up to 100
   for the animation, both the world coordinates of each drawn triangle;
   with ply_every > 0 every ply_every-th state (and the last) also goes
   to dir/ply/frame-NNNNNN.ply.  up: the axis drawn upwards; planar: a
   2D scene; draw 0: no pictures at all (the PLY files still).  0, or -1
   with a message on stderr. */
int vccd_sim_pictures_open(vccd_sim_pictures *p, const char *dir, long steps, const vccd_sim_body *bodies, int nb,
                           int up, int planar, int draw, long ply_every);
/* The state after step st (0: the start) of the steps: drawn or
   exported when it is one of the frames.  0, or -1 (a write failed,
   said on stderr). */
int vccd_sim_pictures_step(vccd_sim_pictures *p, const vccd_sim_body *bodies, int nb, long st, long steps);
/* Close the data, write dir/plot.gp and run gnuplot on it when it is
   on the PATH: side.png, top.png and perspective.png (a 2D scene: only
   its plane, side.png), anim.gif, height.png, energy.png and, with
   have_gap (some step proved a finite gap), gap.png.  1 drawn, 0
   gnuplot not found (plot.gp left to run) or nothing to draw, -1 a write
   or gnuplot failed (said on stderr). */
int vccd_sim_pictures_finish(vccd_sim_pictures *p, const vccd_sim_body *bodies, int nb, int have_gap);
/* Close what is open (after an error). */
void vccd_sim_pictures_clear(vccd_sim_pictures *p);

#endif
