/* run_merge.c -- the instances.csv of a shard (`vccd run --shard K/N`)
   read back into cells, so that `vccd merge` writes the files of the
   whole experiment as one run would (numbers are printed %.17g, so they
   come back exactly).  Rows are matched to the experiment by benchmark
   number, models, speed and system name: shards of another experiment
   or of other overrides are refused. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

enum { C_BENCH, C_MODELS, C_SPEED, C_INST, C_SYS, C_STATUS, C_LO, C_HI, C_MS, C_GL, C_GU, C_DS, C_V, C_VN, C_BVT, C_FP,
       C_SB, C_ESC, C_LIM, C_STEP, C_ERR, NCOLS };
static const char *const col_names[NCOLS] = { "benchmark", "models", "speed", "instance", "system", "status",
                                              "toc_lo", "toc_hi", "time_ms", "gap_lower", "gap_upper",
                                              "distance_status", "v", "v_dot_n", "bv_tests", "feature_pairs",
                                              "solver_boxes", "escalations", "limited", "stepped", "error" };

#define MAXF 128

static int
split(char **f, char *line)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = 0;
    for (char *p = line;; p++) {
        if (n == MAXF)
            return -1;
        f[n++] = p;
        p = strchr(p, ',');
        if (!p)
            return n;
        *p = 0;
    }
}

static int
num(double *out, const char *s)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return end == s || *end || errno ? -1 : 0;
}

static int
lnum(long *out, const char *s)
{
    char *end;
    errno = 0;
    *out = strtol(s, &end, 10);
    return end == s || *end || errno ? -1 : 0;
}

static int
parse_row(run_cell *c, char *const *f)
{
    long l;
    memset(c, 0, sizeof *c);
    if (!strcmp(f[C_STATUS], "error")) {
        c->failed = 1;
    } else {
        int k;
        for (k = 0; k < 3 && strcmp(f[C_STATUS], vccd_toc_status_name((vccd_toc_status)k)); k++)
            ;
        if (k == 3)
            return -1;
        c->r.status = (vccd_toc_status)k;
    }
    if (*f[C_LO] && (num(&c->r.lo, f[C_LO]) || num(&c->r.hi, f[C_HI])))
        return -1;
    if (num(&c->ms, f[C_MS]))
        return -1;
    if (*f[C_GL]) {
        int k;
        if (num(&c->d.lower, f[C_GL]) || num(&c->d.upper, f[C_GU]))
            return -1;
        for (k = 0; k < 3 && strcmp(f[C_DS], vccd_distance_status_name((vccd_distance_status)k)); k++)
            ;
        if (k == 3)
            return -1;
        c->d.status = (vccd_distance_status)k;
        c->have_dist = 1;
    }
    if (*f[C_V]) {
        if (num(&c->v, f[C_V]) || num(&c->r.vn, f[C_VN]))
            return -1;
        c->r.have_pair = 1;
    }
    if (lnum(&c->r.bv_tests, f[C_BVT]) || lnum(&c->r.feature_pairs, f[C_FP]) || lnum(&c->r.solver_boxes, f[C_SB])
        || lnum(&c->r.escalations, f[C_ESC]))
        return -1;
    if (lnum(&l, f[C_LIM]))
        return -1;
    c->r.limited = (int)l;
    if (lnum(&l, f[C_STEP]))
        return -1;
    c->r.stepped = (int)l;
    if (lnum(&l, f[C_ERR]) || l != c->failed)
        return -1;
    return 0;
}

int
run_merge_read(run_cell *const *cells, unsigned char *const *seen, const run_experiment *x, const char *path,
               vccd_error *e)
{
    FILE *in = fopen(path, "r");
    char *line = NULL, *f[MAXF];
    size_t cap = 0;
    int col[NCOLS], ln = 0, rc = -1;
    if (!in)
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot read: %s", strerror(errno));
    if (getline(&line, &cap, in) < 0) {
        vccd_error_set(e, path, 1, NULL, NULL, "empty file");
        goto out;
    }
    ln = 1;
    {
        int n = split(f, line);
        for (int k = 0; k < NCOLS; k++) {
            col[k] = -1;
            for (int j = 0; j < n; j++)
                if (!strcmp(f[j], col_names[k]))
                    col[k] = j;
            if (col[k] < 0) {
                vccd_error_set(e, path, 1, NULL, col_names[k], "no such column (not a vccd run instances.csv)");
                goto out;
            }
        }
    }
    while (getline(&line, &cap, in) >= 0) {
        char *g[NCOLS], label[160];
        long b, i;
        int n = split(f, line), s;
        run_cell c;
        ln++;
        if (n < 0) {
            vccd_error_set(e, path, ln, NULL, NULL, "too many fields");
            goto out;
        }
        for (int k = 0; k < NCOLS; k++) {
            if (col[k] >= n) {
                vccd_error_set(e, path, ln, NULL, col_names[k], "missing field");
                goto out;
            }
            g[k] = f[col[k]];
        }
        if (lnum(&b, g[C_BENCH]) || b < 1 || b > x->nbench || lnum(&i, g[C_INST]) || i < 0 || i >= x->instances) {
            vccd_error_set(e, path, ln, NULL, "benchmark", "no benchmark %s instance %s in this experiment",
                           g[C_BENCH], g[C_INST]);
            goto out;
        }
        snprintf(label, sizeof label, "%s-%s", x->model[x->bench[b - 1].a].name, x->model[x->bench[b - 1].b].name);
        if (strcmp(label, g[C_MODELS]) || strcmp(x->bench[b - 1].speed, g[C_SPEED])) {
            vccd_error_set(e, path, ln, NULL, "models", "benchmark %ld is %s at %s speed here, not %s at %s", b, label,
                           x->bench[b - 1].speed, g[C_MODELS], g[C_SPEED]);
            goto out;
        }
        for (s = 0; s < x->nsys && strcmp(x->sys[s].name, g[C_SYS]); s++)
            ;
        if (s == x->nsys) {
            vccd_error_set(e, path, ln, NULL, "system", "no system '%s' in this experiment", g[C_SYS]);
            goto out;
        }
        if (parse_row(&c, g) != 0) {
            vccd_error_set(e, path, ln, NULL, NULL, "a field is not what vccd run writes");
            goto out;
        }
        if (!run_cell_planned(x, s, i)) {
            vccd_error_set(e, path, ln, NULL, "instance", "system %s runs only the first %ld instances here",
                           g[C_SYS], x->sys[s].instances);
            goto out;
        }
        if (seen[b - 1][i * x->nsys + s]) {
            vccd_error_set(e, path, ln, NULL, NULL, "benchmark %ld instance %ld system %s given twice", b, i, g[C_SYS]);
            goto out;
        }
        seen[b - 1][i * x->nsys + s] = 1;
        cells[b - 1][i * x->nsys + s] = c;
    }
    rc = 0;
out:
    free(line);
    fclose(in);
    return rc;
}
