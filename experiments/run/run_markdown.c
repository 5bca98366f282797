/* run_markdown.c -- report.md: Appendix K's tables per benchmark, the
   remarks computed as the thesis computed them (worst-case timing: ratio
   of the maximum times; average timing: of the mean times; worst-case
   accuracy: of the maximum gaps; under a factor 1.5 is "not
   significantly"), the thesis' own figures and remarks beside them, and
   the verdict over all instances (Tables 61-63). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run_report.h"
#include "vccd/input.h"

static void
num(FILE *f, double v)
{
    if (isnan(v))
        fputs(" - |", f);
    else
        fprintf(f, " %.3g |", v);
}

static void
group_table(FILE *f, const run_group *g)
{
    fprintf(f, "| | time (ms) | gap | v | v.n | TOC |\n|---|---|---|---|---|---|\n");
    for (int k = 0; k < RUN_NSTATS; k++) {
        fprintf(f, "| %s |", run_stat_names[k]);
        for (int m = 0; m < RUN_NMETRICS; m++)
            num(f, g->st[m][k]);
        fputc('\n', f);
    }
}

static void
ratio_remark(FILE *f, const char *a, double va, const char *b, double vb, const char *what, const char *opp)
{
    /* smaller is better for time and gap alike */
    const char *win = va <= vb ? a : b, *lose = va <= vb ? b : a;
    double lo = fmin(va, vb), hi = fmax(va, vb);
    if (isnan(va) || isnan(vb))
        return;
    if (lo <= 0.0)
        fprintf(f, "- %s: %.3g against %.3g for %s (no ratio: a zero)\n", win, lo, hi, lose);
    else if (hi / lo < 1.5)
        fprintf(f, "- %s is not significantly %s than %s nor is it %s than %s (ratio %.2g).\n", win, what, lose,
                opp, lose, hi / lo);
    else
        fprintf(f, "- %s is %.2g times %s than %s.\n", win, hi / lo, what, lose);
}

/* The thesis' Appendix K rows and remarks for one model pair and speed,
   from the reference directory (appendix-k.csv, remarks.csv).  Both are
   read through vccd_input like every other input (a FIFO is refused, a
   long line is one line, not fgets' pieces): 0, or -1 with e naming the
   file and line that cannot be read.  A row that does not parse is not
   the thesis' and is skipped, as before. */
static int
thesis_reference(FILE *f, const char *ref, const char *ma, const char *mb, const char *speed, vccd_error *e)
{
    char path[4200], k_id[16] = "";
    vccd_input in;
    char *line;
    size_t len;
    int header = 0, got;
    snprintf(path, sizeof path, "%s/appendix-k.csv", ref);
    if (vccd_input_open(&in, path, 4096, e) != 0)
        return -1;
    while ((got = vccd_input_line(&in, &line, &len, e)) > 0) {
        char bench[16], models[128], sp[16], sys[32], stat[32], rest[512];
        char ab[260], ba[260];
        if (sscanf(line, "%15[^,],%127[^,],%15[^,],%31[^,],%31[^,],%511[^\n]", bench, models, sp, sys, stat, rest) != 6)
            continue;
        snprintf(ab, sizeof ab, "%s-%s", ma, mb);
        snprintf(ba, sizeof ba, "%s-%s", mb, ma);
        if (strcmp(sp, speed) || (strcmp(models, ab) && strcmp(models, ba)))
            continue;
        if (strcmp(stat, "median") && strcmp(stat, "max") && strcmp(stat, "mean"))
            continue;
        if (!header) {
            snprintf(k_id, sizeof k_id, "%s", bench);
            fprintf(f, "\nThe thesis' own figures (%s: its hardware, D2M = its method, C2A its peer; from `%s`):\n\n"
                       "| system | stat | time (ms) | dist | v | v.n | TOC |\n|---|---|---|---|---|---|---|\n", bench, path);
            header = 1;
        }
        fprintf(f, "| %s | %s | ", sys, stat);
        for (const char *r = rest; *r; r++)
            fputs(*r == ',' ? " | " : (char[2]){ *r, 0 }, f);
        fprintf(f, " |\n");
    }
    vccd_input_close(&in);
    if (got < 0)
        return -1;
    if (!header)
        return 0;
    snprintf(path, sizeof path, "%s/remarks.csv", ref);
    if (vccd_input_open(&in, path, 4096, e) != 0)
        return -1;
    fprintf(f, "\nThe thesis' remarks:\n\n");
    while ((got = vccd_input_line(&in, &line, &len, e)) > 0) {
        size_t n = strlen(k_id);
        if (!strncmp(line, k_id, n) && line[n] == ',') {
            char *st = strchr(line + n + 1, ',');
            if (st)
                fprintf(f, "- %s\n", st + 1);
        }
    }
    vccd_input_close(&in);
    return got < 0 ? -1 : 0;
}

/* The instances both s and t run: a prefix of every benchmark. */
static long
common_instances(const run_experiment *x, int s, int t)
{
    long n = x->instances;
    if (x->sys[s].instances > 0 && x->sys[s].instances < n)
        n = x->sys[s].instances;
    if (x->sys[t].instances > 0 && x->sys[t].instances < n)
        n = x->sys[t].instances;
    return n;
}

/* 0, or -1 with e set (out of memory, or the reference unreadable). */
static int
bench_section(FILE *f, const run_experiment *x, run_cell *const *cells, int b, vccd_error *e)
{
    run_group *g = malloc((size_t)x->nsys * sizeof *g);
    const run_bench *bn = &x->bench[b];
    if (!g)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
    fprintf(f, "\n## %d. %s - %s, %s speed\n", b + 1, x->model[bn->a].name, x->model[bn->b].name, bn->speed);
    for (int s = 0; s < x->nsys; s++) {
        if (run_group_compute(&g[s], x, cells, s, b, b + 1, x->instances) != 0)
            return free(g), vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
        fprintf(f, "\n### %s\n\n%ld instances: %ld contacts reported, %ld penetrate or touch (gap lower bound 0), "
                   "%ld cross (certified), %ld errors.\n\n", x->sys[s].name, g[s].n, g[s].contacts, g[s].touching,
                g[s].crossing, g[s].failed);
        group_table(f, &g[s]);
    }
    fprintf(f, "\nRemarks (as the thesis computed them; two systems that run different instances are "
               "compared on the ones both run):\n\n");
    for (int kind = 0; kind < 3; kind++)
        for (int s = 0; s < x->nsys; s++)
            for (int t = s + 1; t < x->nsys; t++) {
                run_group gs = g[s], gt = g[t];
                long cap = common_instances(x, s, t);
                if (cap < x->instances && (run_group_compute(&gs, x, cells, s, b, b + 1, cap) != 0
                                           || run_group_compute(&gt, x, cells, t, b, b + 1, cap) != 0))
                    return free(g), vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
                if (kind == 0)
                    ratio_remark(f, x->sys[s].name, gs.st[RUN_M_TIME][RUN_STAT_MAX], x->sys[t].name,
                                 gt.st[RUN_M_TIME][RUN_STAT_MAX], "faster (worst case)", "slower");
                else if (kind == 1)
                    ratio_remark(f, x->sys[s].name, gs.st[RUN_M_TIME][RUN_STAT_MEAN], x->sys[t].name,
                                 gt.st[RUN_M_TIME][RUN_STAT_MEAN], "faster (average)", "slower");
                else
                    ratio_remark(f, x->sys[s].name, gs.st[RUN_M_GAP][RUN_STAT_MAX], x->sys[t].name,
                                 gt.st[RUN_M_GAP][RUN_STAT_MAX], "more accurate (worst case)", "less accurate");
            }
    if (x->reference[0]
        && thesis_reference(f, x->reference, x->model[bn->a].name, x->model[bn->b].name, bn->speed, e) != 0)
        return free(g), -1;
    free(g);
    return 0;
}

static int
verdict(FILE *f, const run_experiment *x, run_cell *const *cells)
{
    run_group g;
    fprintf(f, "\n## Verdict over all %ld instances (as Tables 61-63)\n\n"
               "| system | instances | contacts | penetrate or touch | cross | errors | time median | time mean | time max "
               "| gap min | gap median | gap max |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n",
            (long)x->nbench * x->instances);
    for (int s = 0; s < x->nsys; s++) {
        if (run_group_compute(&g, x, cells, s, 0, x->nbench, x->instances) != 0)
            return -1;
        fprintf(f, "| %s | %ld | %ld | %ld | %ld | %ld |", x->sys[s].name, g.n, g.contacts, g.touching, g.crossing, g.failed);
        num(f, g.st[RUN_M_TIME][RUN_STAT_MEDIAN]);
        num(f, g.st[RUN_M_TIME][RUN_STAT_MEAN]);
        num(f, g.st[RUN_M_TIME][RUN_STAT_MAX]);
        num(f, g.st[RUN_M_GAP][RUN_STAT_MIN]);
        num(f, g.st[RUN_M_GAP][RUN_STAT_MEDIAN]);
        num(f, g.st[RUN_M_GAP][RUN_STAT_MAX]);
        fputc('\n', f);
    }
    for (int s = 0; s < x->nsys; s++) {
        if (run_group_compute(&g, x, cells, s, 0, x->nbench, x->instances) != 0)
            return -1;
        fprintf(f, "\n### %s, all instances\n\n", x->sys[s].name);
        group_table(f, &g);
    }
    return 0;
}

int
run_report_markdown(FILE *f, const char *dir, const run_experiment *x, run_cell *const *cells, vccd_error *e)
{
    const char *plots[64];
    char an[32], from[4200];
    if (x->inst)
        snprintf(from, sizeof from, "read from %s", x->instances_file);
    else
        snprintf(from, sizeof from, "seed %lu; thesis 7.3 frames", x->seed);
    fprintf(f, "# %s\n\n`vccd run`: %d benchmarks x %ld instances (%s), %d systems. "
               "Times are ms per query (short queries repeated to 1 ms); the gap is vccd's rigorous distance lower "
               "bound at the reported time (lo) for every system alike.\n\n"
               "| system | mode | BV | solver | arithmetic | eps_t | eps_d | instances per benchmark |\n"
               "|---|---|---|---|---|---|---|---|\n",
            x->name, x->nbench, x->instances, from, x->nsys);
    for (int s = 0; s < x->nsys; s++) {
        const run_system *y = &x->sys[s];
        fprintf(f, "| %s | %s | %s | %s | %s%s | %g | %g | %ld%s |\n", y->name, run_mode_name(y->mode),
                vccd_bv_type_get(y->q.bv)->name, y->q.solve.solver->name,
                vccd_arith_name(an, sizeof an, &y->q.solve.arith),
                vccd_arith_is_rigorous(&y->q.solve.arith) ? "" : " (NON-RIGOROUS)", y->q.solve.eps_t, y->q.eps_d,
                y->instances > 0 && y->instances < x->instances ? y->instances : x->instances,
                y->instances > 0 && y->instances < x->instances ? " (the first)" : "");
    }
    if (verdict(f, x, cells) != 0)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
    if (run_plot_write(dir, x, cells, plots, 64) == 0) {
        fprintf(f, "\n## Box plots\n\n");
        for (int i = 0; plots[i]; i++)
            fprintf(f, "![%s](%s)\n\n", plots[i], plots[i]);
    } else {
        fprintf(f, "\n(No box plots: gnuplot was not found or failed.)\n");
    }
    for (int b = 0; b < x->nbench; b++)
        if (bench_section(f, x, cells, b, e) != 0)
            return -1;
    return 0;
}
