/* sim_pictures.c -- the pictures and exports of a `vccd simulate` run
   (sim_pictures.h).

   The meshes are drawn as their triangles' outlines by gnuplot
   (Debian's gnuplot-nox, as `vccd run` draws its box plots): still
   frames seen from the side, from above and in perspective, and an
   animated GIF of the side view.  A large scene is sketched: at most a
   budget of triangles per body and frame (every k-th), so that the
   data stay a few MB whatever the meshes. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "sim_pictures.h"
#include "sim_ply.h"

#define STILLS 8                /* still frames */
#define ANIM_FRAMES 100         /* frames of the animation, at most */
#define STILL_TRIS 60000L       /* triangles per still frame, all bodies */
#define ANIM_TRIS 20000L        /* per animation frame */

static FILE *
open_in(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return vccd_cli_open_output(path);
}

int
vccd_sim_pictures_open(vccd_sim_pictures *p, const char *dir, long steps, const vccd_sim_body *bodies, int nb,
                       int up, int planar, int draw, long ply_every)
{
    memset(p, 0, sizeof *p);
    p->dir = dir, p->up = up, p->planar = planar, p->draw = draw, p->ply_every = ply_every;
    for (int k = 0; k < 3; k++)
        p->lo[k] = INFINITY, p->hi[k] = -INFINITY;
    (void)bodies, (void)nb;
    p->frame_every = steps >= STILLS - 1 ? steps / (STILLS - 1) : 1;
    p->anim_every = steps >= ANIM_FRAMES - 1 ? (steps + ANIM_FRAMES - 2) / (ANIM_FRAMES - 1) : 1;
    if (draw && (!(p->frames = open_in(dir, "frames.dat")) || !(p->anim = open_in(dir, "anim.dat")))) {
        vccd_sim_pictures_clear(p);
        return -1;
    }
    if (ply_every > 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s/ply", dir);
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "vccd: cannot create %s: %s\n", path, strerror(errno));
            vccd_sim_pictures_clear(p);
            return -1;
        }
    }
    return 0;
}

/* The bodies' triangles, world coordinates "x y z body", each a closed
   outline of 4 points, at most total / nb triangles per body; a frame
   ends in two blank lines (a gnuplot data block).  The box grows to
   what is drawn. */
static void
write_frame(vccd_sim_pictures *p, FILE *f, const vccd_sim_body *bodies, int nb, long st, long total)
{
    long per = total / nb > 0 ? total / nb : 1;
    fprintf(f, "# step %ld\n", st);
    for (int i = 0; i < nb; i++) {
        const vccd_sim_body *b = &bodies[i];
        long k = (b->mesh.nt + per - 1) / per;
        for (long t = 0; t < b->mesh.nt; t += k) {
            for (int j = 0; j <= 3; j++) {
                double w[3];
                vccd_sim_body_to_world(w, b, b->mesh.v[b->mesh.t[t][j % 3]]);
                for (int c = 0; c < 3; c++)
                    p->lo[c] = fmin(p->lo[c], w[c]), p->hi[c] = fmax(p->hi[c], w[c]);
                fprintf(f, "%.9g %.9g %.9g %d\n", w[0], w[1], w[2], i);
            }
            fputc('\n', f);
        }
    }
    fputs("\n\n", f);
}

int
vccd_sim_pictures_step(vccd_sim_pictures *p, const vccd_sim_body *bodies, int nb, long st, long steps)
{
    if (p->draw && ((st % p->frame_every == 0 && p->nframes < STILLS) || (st == steps && p->nframes < STILLS))) {
        write_frame(p, p->frames, bodies, nb, st, STILL_TRIS);
        p->nframes++;
    }
    if (p->draw && (st % p->anim_every == 0 || st == steps)) {
        write_frame(p, p->anim, bodies, nb, st, ANIM_TRIS);
        p->nanim++;
    }
    if (p->ply_every > 0 && (st % p->ply_every == 0 || st == steps)) {
        char path[4096];
        vccd_error e;
        snprintf(path, sizeof path, "%s/ply/frame-%06ld.ply", p->dir, st);
        if (vccd_sim_ply_write(path, bodies, nb, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            return -1;
        }
        p->nply++;
    }
    return 0;
}

/* gnuplot's range over axis c, with a margin of 5% of the largest
   extent so that the views keep one scale. */
static void
range(FILE *f, const char *axis, const vccd_sim_pictures *p, int c)
{
    double m = 0;
    for (int k = 0; k < 3; k++)
        m = fmax(m, p->hi[k] - p->lo[k]);
    m = m > 0 ? 0.05 * m : 1;
    fprintf(f, "set %srange [%.9g:%.9g]\n", axis, p->lo[c] - m, p->hi[c] + m);
}

static void
write_script(FILE *f, const vccd_sim_pictures *p, const vccd_sim_body *bodies, int nb, int have_gap)
{
    static const char names[] = "xyz";
    int up = p->up, hz = up == 0 ? 1 : 0, dp = 3 - up - hz, n = p->nframes;
    const char *shade = "sprintf('#%%02x%%02x%%02x', 200-180*i/%d, 200-180*i/%d, 255) lw (i == %d ? 2.5 : 1)";
    char lc[160];
    snprintf(lc, sizeof lc, shade, n > 1 ? n - 1 : 1, n > 1 ? n - 1 : 1, n - 1);
    fprintf(f, "# gnuplot plot.gp, in the output folder of vccd simulate (which runs it)\n"
               "set terminal pngcairo size 1000,700\nset datafile separator whitespace\nunset key\n"
               "set size ratio -1\n");
    /* side: the horizontal axis and up */
    range(f, "x", p, hz);
    range(f, "y", p, up);
    fprintf(f, "set output 'side.png'\nset title '%s (%c, %c): %d frames, darker is later, the last one thick'\n"
               "set xlabel '%c'\nset ylabel '%c'\n"
               "plot for [i=0:%d] 'frames.dat' index i using %d:%d with lines lc rgb %s\n",
            p->planar ? "2D scene, the plane" : "side view", names[hz], names[up], n, names[hz], names[up], n - 1,
            hz + 1, up + 1, lc);
    if (!p->planar) {
        /* top: looking down the up axis */
        range(f, "y", p, dp);
        fprintf(f, "set output 'top.png'\nset title 'top view (%c, %c), looking down %c: %d frames'\n"
                   "set ylabel '%c'\n"
                   "plot for [i=0:%d] 'frames.dat' index i using %d:%d with lines lc rgb %s\n",
                names[hz], names[dp], names[up], n, names[dp], n - 1, hz + 1, dp + 1, lc);
        /* perspective: the first frame faint, the last one */
        range(f, "x", p, hz);
        range(f, "y", p, dp);
        range(f, "z", p, up);
        fprintf(f, "set output 'perspective.png'\nset title 'perspective: the first frame (faint) and the last'\n"
                   "set view 60, 30\nset view equal xyz\nset surface explicit\nset xyplane 0\nset xlabel '%c'\nset ylabel '%c'\n"
                   "set zlabel '%c'\n"
                   "splot 'frames.dat' index 0 using %d:%d:%d with lines lc rgb '#d0d0f0', "
                   "'' index %d using %d:%d:%d with lines lc rgb '#1030c0'\n"
                   "unset zrange\n",
                names[hz], names[dp], names[up], hz + 1, dp + 1, up + 1, n - 1, hz + 1, dp + 1, up + 1);
    }
    /* the animation: the side view, one frame per data block */
    range(f, "x", p, hz);
    range(f, "y", p, up);
    fprintf(f, "set terminal gif animate delay 6 size 800,560 optimize\nset output 'anim.gif'\n"
               "set xlabel '%c'\nset ylabel '%c'\n"
               "do for [i=0:%d] {\n  set title sprintf('%s, frame %%d of %d', i + 1)\n"
               "  plot 'anim.dat' index i using %d:%d with lines lc rgb '#1030c0'\n}\nunset output\n",
            names[hz], names[up], p->nanim - 1, p->planar ? "the plane" : "side view", p->nanim, hz + 1, up + 1);
    /* the plots over time */
    fprintf(f, "reset\nset terminal pngcairo size 1000,700\nset datafile separator ','\n"
               "set key outside\nset output 'height.png'\nset title 'centre height; contact events on the axis'\n"
               "set xlabel 'time (s)'\nset ylabel '%c'\nplot ", names[up]);
    for (int i = 0; i < nb; i++)
        fprintf(f, "'trajectory.csv' skip 1 every %d::%d using 2:%d with lines title '%s', ", nb, i, 4 + up,
                bodies[i].name);
    fprintf(f, "'events.csv' using 2:(0) every ::1 with points pt 2 title 'contacts'\n"
               "set output 'energy.png'\nset title 'energy'\nset ylabel 'J'\n"
               "plot 'energy.csv' using 2:3 every ::1 with lines title 'kinetic', '' using 2:5 every ::1 "
               "with lines title 'total'\n");
    if (have_gap)
        fprintf(f, "set output 'gap.png'\nset title 'the step''s proved gap lower bound (log scale)'\n"
                   "set logscale y\nset ylabel 'gap lower bound'\n"
                   "plot 'energy.csv' every ::2 using 2:(($12 > 0 && $12 < 1e300) ? $12 : NaN) with lines "
                   "title 'gap lower bound'\n");
}

int
vccd_sim_pictures_finish(vccd_sim_pictures *p, const vccd_sim_body *bodies, int nb, int have_gap)
{
    FILE *gp;
    char cmd[8192];
    int rc = 0;
    if (!p->draw)
        return 0;
    if (vccd_cli_close_output(p->frames, "frames.dat") != 0)
        rc = -1;
    if (vccd_cli_close_output(p->anim, "anim.dat") != 0)
        rc = -1;
    p->frames = p->anim = NULL;
    if (rc != 0 || !(gp = open_in(p->dir, "plot.gp")))
        return -1;
    write_script(gp, p, bodies, nb, have_gap);
    if (vccd_cli_close_output(gp, "plot.gp") != 0)
        return -1;
    if (system("command -v gnuplot >/dev/null 2>&1") != 0)
        return 0;
    if (strchr(p->dir, '\'')) {
        fprintf(stderr, "vccd: %s: a quote in the folder's name: run gnuplot plot.gp there yourself\n", p->dir);
        return 0;
    }
    snprintf(cmd, sizeof cmd, "cd '%s' && gnuplot plot.gp >gnuplot.log 2>&1", p->dir);
    if (system(cmd) != 0) {
        fprintf(stderr, "vccd: gnuplot failed on %s/plot.gp: see %s/gnuplot.log\n", p->dir, p->dir);
        return -1;
    }
    return 1;
}

void
vccd_sim_pictures_clear(vccd_sim_pictures *p)
{
    if (p->frames)
        fclose(p->frames);
    if (p->anim)
        fclose(p->anim);
    p->frames = p->anim = NULL;
}
