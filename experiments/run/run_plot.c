/* run_plot.c -- box plots like the thesis' Figures 17-22: per speed, the
   query times and the gaps at the reported time, one group of boxes per
   benchmark and one box per system, on log scales.  gnuplot (Debian's
   gnuplot-nox) draws them from a data file and a script written here,
   both left in DIR so anyone can redraw them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_report.h"

static const char *const speeds[2] = { "low", "high" };

/* One value of cell c for the plot, or NaN: a log scale has no place for
   a gap of 0, so touching gaps are drawn at 1e-18 and counted in the
   title. */
static double
value(const run_cell *c, int gap)
{
    if (c->failed)
        return NAN;
    if (!gap)
        return c->ms;
    if (!c->have_dist)
        return NAN;
    return c->d.lower > 0.0 ? c->d.lower : 1e-18;
}

static int
plot_one(const char *dir, const run_experiment *x, run_cell *const *cells, int sp, int gap, char *png, size_t n)
{
    char path[4200], cmd[8600];
    FILE *f;
    int nb = 0, block = 0, rc, titled[RUN_MAX_SYSTEMS] = { 0 }, nclauses = 0;
    unsigned char empty[RUN_MAX_BENCH * RUN_MAX_SYSTEMS];
    long zeros = 0;
    const double w = 0.8 / x->nsys;

    snprintf(png, n, "%s-%s.png", speeds[sp], gap ? "gap" : "time");
    snprintf(path, sizeof path, "%s/%s-%s.dat", dir, speeds[sp], gap ? "gap" : "time");
    if (!(f = fopen(path, "w")))
        return -1;
    /* one block per (benchmark, system), in the order the script reads */
    for (int b = 0; b < x->nbench; b++) {
        if (strcmp(x->bench[b].speed, speeds[sp]))
            continue;
        for (int s = 0; s < x->nsys; s++) {
            int any = 0;
            fprintf(f, "# %s-%s %s\n", x->model[x->bench[b].a].name, x->model[x->bench[b].b].name, x->sys[s].name);
            for (long i = 0; i < x->instances; i++) {
                const run_cell *c = &cells[b][i * x->nsys + s];
                double v = run_cell_planned(x, s, i) ? value(c, gap) : NAN;
                if (!isnan(v)) {
                    fprintf(f, "%.17g\n", v);
                    any = 1;
                    zeros += gap && v == 1e-18;
                }
            }
            if (!any)           /* an empty block would shift the indices */
                fprintf(f, "NaN\n");
            empty[nb * x->nsys + s] = !any;
            fprintf(f, "\n\n");
        }
        nb++;
    }
    if (fclose(f) != 0 || nb == 0)
        return nb == 0 ? 1 : -1;
    snprintf(path, sizeof path, "%s/%s-%s.gp", dir, speeds[sp], gap ? "gap" : "time");
    if (!(f = fopen(path, "w")))
        return -1;
    fprintf(f, "set terminal pngcairo size %d,560 font 'sans,10'\nset output '%s'\n", 300 + 110 * nb < 820 ? 820 : 300 + 110 * nb, png);
    fprintf(f, "set title \"%s: %s speed, %ld instances per benchmark", x->name, speeds[sp], x->instances);
    {
        const char *sep = " (";         /* the systems that run fewer say so */
        for (int s = 0; s < x->nsys; s++)
            if (x->sys[s].instances > 0 && x->sys[s].instances < x->instances) {
                fprintf(f, "%s%s %ld", sep, x->sys[s].name, x->sys[s].instances);
                sep = ", ";
            }
        if (sep[0] == ',')
            fputc(')', f);
    }
    if (gap) {
        const char *sep = "; no contact, so no gap: ";  /* a system absent from the key says why */
        fprintf(f, "\\ngap = rigorous distance lower bound at the reported time; %ld gaps of 0 drawn at 1e-18", zeros);
        for (int s = 0; s < x->nsys; s++) {
            int none = 1;
            for (int k = 0; k < nb; k++)
                none &= empty[k * x->nsys + s];
            if (none) {
                fprintf(f, "%s%s", sep, x->sys[s].name);
                sep = ", ";
            }
        }
    }
    fprintf(f, "\"\n");
    fprintf(f, "set logscale y\nset format y '10^{%%L}'\nset ylabel '%s'\n", gap ? "gap (model units)" : "time per query (ms)");
    fprintf(f, "set style fill solid 0.35 border -1\nset style boxplot outliers pointtype 7\n"
               "set pointsize 0.35\nset boxwidth %g\nset grid ytics\nset key outside right top\n"
               "set xrange [-0.6:%g]\nset xtics rotate by -25 nomirror\n", w, nb - 0.4);
    fprintf(f, "set xtics (");
    for (int b = 0, k = 0; b < x->nbench; b++)
        if (!strcmp(x->bench[b].speed, speeds[sp]))
            fprintf(f, "%s\"%s-%s\" %d", k ? ", " : "", x->model[x->bench[b].a].name, x->model[x->bench[b].b].name,
                    k), k++;
    fprintf(f, ")\nplot \\\n");
    /* gnuplot refuses a box plot of no points: a system without a value
       in a benchmark (no contact, so no gap) has no box there */
    for (int k = 0; k < nb; k++)
        for (int s = 0; s < x->nsys; s++, block++) {
            if (empty[k * x->nsys + s])
                continue;
            fprintf(f, "%s  '%s-%s.dat' index %d using (%g):1 with boxplot lc %d ", nclauses++ ? ", \\\n" : "",
                    speeds[sp], gap ? "gap" : "time", block, k - 0.4 + w * (s + 0.5), s + 1);
            if (titled[s]++)
                fprintf(f, "notitle");
            else
                fprintf(f, "title '%s'", x->sys[s].name);
        }
    fprintf(f, "\n");
    if (!nclauses)              /* nothing to draw */
        fprintf(f, "set xrange [0:1]\nplot NaN notitle\n");
    if (fclose(f) != 0)
        return -1;
    snprintf(cmd, sizeof cmd, "cd '%s' && gnuplot '%s-%s.gp' >/dev/null 2>&1", dir, speeds[sp], gap ? "gap" : "time");
    rc = system(cmd);
    return rc == 0 ? 0 : -1;
}

int
run_plot_write(const char *dir, const run_experiment *x, run_cell *const *cells, const char **names, int max)
{
    static char pngs[4][64];
    int k = 0;
    if (strchr(dir, '\''))
        return -1;
    for (int sp = 0; sp < 2; sp++)
        for (int gap = 0; gap < 2; gap++) {
            int rc = plot_one(dir, x, cells, sp, gap, pngs[2 * sp + gap], sizeof pngs[0]);
            if (rc == 0 && k < max - 1)
                names[k++] = pngs[2 * sp + gap];
        }
    names[k] = NULL;
    return k ? 0 : -1;
}
