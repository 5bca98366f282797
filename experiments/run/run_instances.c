/* run_instances.c -- the instances of `vccd run`: the 2 x 11 motion
   parameters of each instance of each benchmark, made from the seed
   (the thesis' 7.3 frames) or read from a CSV ([experiment]
   instances_file), so that another program can be run on the very
   instances vccd runs and vccd on another program's.  Either way the
   motions are built the same way from the same doubles (run_instance_
   motions), so a run's instances.csv fed back gives its answers again.

   The CSV is what vccd run writes (instances.csv: one row per instance
   x system) or any file with a header naming at least the columns
   models, speed, instance and the 22 motion columns of
   run_row_identity_header; other columns are not read.  No CSV library
   is in use in vccd and Debian's (libcsv) would add a dependency for
   what is here a split on ','; quoting is not needed (no field of these
   columns holds a comma), and a quote makes its field fail to parse. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/config.h"
#include "vccd/input.h"
#include "vccd/motions.h"
#include "run.h"
#include "run_report.h"

uint64_t
run_instance_seed(const run_experiment *x, long i)
{
    /* the seeds of `vccd bench toc`, so both see the same frames */
    return (uint64_t)x->seed * 1000003u + (uint64_t)i;
}

int
run_instance_params(double p[22], const run_experiment *x, int b, long i)
{
    char text[1024];
    const char *q = text;
    if (x->inst) {
        if (i < 0 || i >= x->inst_count)
            return -1;
        memcpy(p, x->inst + ((size_t)b * (size_t)x->inst_count + (size_t)i) * 22, 22 * sizeof *p);
        return 0;
    }
    if (vccd_query_scenario_text(text, sizeof text, x->bench[b].dist, run_instance_seed(x, i)) != 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        double *v = p + 11 * k;
        if (!(q = strstr(q, "start_position = "))
            || sscanf(q, "start_position = %lg %lg %lg", &v[0], &v[1], &v[2]) != 3
            || !(q = strstr(q, "start_orientation = "))
            || sscanf(q, "start_orientation = %lg %lg %lg %lg", &v[3], &v[4], &v[5], &v[6]) != 4
            || !(q = strstr(q, "end_orientation = "))
            || sscanf(q, "end_orientation = %lg %lg %lg %lg", &v[7], &v[8], &v[9], &v[10]) != 4)
            return -1;
        q++;
    }
    return 0;
}

int
run_instance_motions(vccd_motion **a, vccd_motion **b, const double p[22], mpfr_prec_t prec, vccd_error *e)
{
    vccd_motion **m[2] = { a, b };
    vccd_error why;
    *a = *b = NULL;
    for (int k = 0; k < 2; k++) {
        const double *v = p + 11 * k;
        char pos[80], q0[100], q1[100];
        /* %.17g, as vccd_query_scenario builds the generated frames: the
           decimal reads back as the double, and a generated instance
           gives bit for bit the motions it gave before it was read
           through its parameters */
        snprintf(pos, sizeof pos, "%.17g %.17g %.17g", v[0], v[1], v[2]);
        snprintf(q0, sizeof q0, "%.17g %.17g %.17g %.17g", v[3], v[4], v[5], v[6]);
        snprintf(q1, sizeof q1, "%.17g %.17g %.17g %.17g", v[7], v[8], v[9], v[10]);
        if (!(*m[k] = vccd_motion_ltlrm_poses_new_str(pos, q0, "0 0 0", q1, NULL, prec, &why))) {
            vccd_motion_free(*a);
            *a = NULL;
            return vccd_error_set(e, NULL, 0, NULL, NULL, "body %c (columns %c_*): %s", 'a' + k, 'a' + k, why.msg);
        }
    }
    return 0;
}

/* One row read: its benchmark, instance and line, and the parameters. */
typedef struct {
    int b, line;
    long i;
    double p[22];
} row;

/* The fields of line, split at ',' in place, blanks around each field
   dropped (as the query CSVs allow): their count, with *f (malloc'd)
   pointing at them; -1 out of memory. */
static int
fields(char ***f, char *line)
{
    int n = 1, k = 0;
    for (const char *c = line; *c; c++)
        n += *c == ',';
    if (!(*f = malloc((size_t)n * sizeof **f)))
        return -1;
    for (char *c = line;; c++) {
        char *end = c + strcspn(c, ",");
        int last = !*end;
        *end = 0;
        c += strspn(c, " \t");
        for (char *t = end; t > c && (t[-1] == ' ' || t[-1] == '\t'); t--)
            t[-1] = 0;
        (*f)[k++] = c;
        if (last)
            return n;
        c = end;
    }
}

/* The columns read: models, speed, instance, then the 22 motion columns
   (the last 22 of run_row_identity_header: one list of names for what
   vccd run writes and what it reads). */
enum { C_MODELS, C_SPEED, C_INST, C_P, NCOL = C_P + 22 };

static int
column_names(const char *names[NCOL], char *buf, size_t n)
{
    char **all;
    int k;
    snprintf(buf, n, "%s", run_row_identity_header);
    if ((k = fields(&all, buf)) < 22) {
        if (k >= 0)
            free(all);
        return -1;
    }
    names[C_MODELS] = "models";
    names[C_SPEED] = "speed";
    names[C_INST] = "instance";
    for (int j = 0; j < 22; j++)
        names[C_P + j] = all[k - 22 + j];
    free(all);
    return 0;
}

/* The benchmark of x named by models "A-B" and speed, or -1. */
static int
find_bench(const run_experiment *x, const char *models, const char *speed)
{
    for (int b = 0; b < x->nbench; b++) {
        const run_bench *bn = &x->bench[b];
        const char *an = x->model[bn->a].name, *bm = x->model[bn->b].name;
        size_t la = strlen(an);
        if (!strncmp(models, an, la) && models[la] == '-' && !strcmp(models + la + 1, bm)
            && !strcmp(speed, bn->speed))
            return b;
    }
    return -1;
}

/* A field as a config value, so that the config's number readers (and
   their wording) serve: the "section" is the file, the key names the
   column. */
static void
as_kv(vccd_config_section *s, vccd_config_kv *kv, char *key, size_t n, const char *path, int line, int col,
      const char *name, char *value)
{
    memset(s, 0, sizeof *s);
    memset(kv, 0, sizeof *kv);
    s->file = path;
    snprintf(key, n, "column %d (%s)", col + 1, name);
    kv->key = key;
    kv->value = value;
    kv->line = line;
}

/* The header: col[c] := the index of column c.  0, or -1 with e set. */
static int
read_header(int col[NCOL], const char *const names[NCOL], char *line, const char *path, vccd_error *e)
{
    char **f;
    int n = fields(&f, line);
    if (n < 0)
        return vccd_error_set(e, path, 1, NULL, NULL, "out of memory");
    for (int c = 0; c < NCOL; c++) {
        col[c] = -1;
        for (int j = 0; j < n; j++) {
            if (strcmp(f[j], names[c]))
                continue;
            if (col[c] >= 0) {
                free(f);
                return vccd_error_set(e, path, 1, NULL, NULL, "column '%s' given twice (columns %d and %d)",
                                      names[c], col[c] + 1, j + 1);
            }
            col[c] = j;
        }
        if (col[c] < 0) {
            free(f);
            return vccd_error_set(e, path, 1, NULL, NULL,
                                  "no column '%s' in the header (the columns: doc/experiments.md, "
                                  "Instances from a file)", names[c]);
        }
    }
    free(f);
    return n;
}

/* One data row into r.  0, or -1 with e naming file, line and column. */
static int
read_row(row *r, const run_experiment *x, const int col[NCOL], const char *const names[NCOL], int ncol,
         char *line, const char *path, int ln, vccd_error *e)
{
    vccd_config_section s;
    vccd_config_kv kv;
    char key[96], **f;
    int n = fields(&f, line), rc = -1;
    if (n < 0)
        return vccd_error_set(e, path, ln, NULL, NULL, "out of memory");
    r->line = ln;
    if (n != ncol) {
        vccd_error_set(e, path, ln, NULL, NULL, "%d fields, the header has %d", n, ncol);
        goto out;
    }
    if ((r->b = find_bench(x, f[col[C_MODELS]], f[col[C_SPEED]])) < 0) {
        vccd_error_set(e, path, ln, NULL, NULL,
                       "models '%s' at speed '%s' (columns %d and %d): not a benchmark of this experiment "
                       "(its pairs and speeds)", f[col[C_MODELS]], f[col[C_SPEED]], col[C_MODELS] + 1,
                       col[C_SPEED] + 1);
        goto out;
    }
    as_kv(&s, &kv, key, sizeof key, path, ln, col[C_INST], names[C_INST], f[col[C_INST]]);
    if (vccd_config_long(&r->i, &s, &kv, 0, 999999L, e) != 0)
        goto out;
    for (int j = 0; j < 22; j++) {
        as_kv(&s, &kv, key, sizeof key, path, ln, col[C_P + j], names[C_P + j], f[col[C_P + j]]);
        /* strtod: the double nearest the decimal (or a %a hex float),
           and only a finite one */
        if (vccd_config_double(&r->p[j], &s, &kv, -DBL_MAX, DBL_MAX, e) != 0)
            goto out;
    }
    rc = 0;
out:
    free(f);
    return rc;
}

/* The rows of path, blank lines allowed only at the end (inside the
   data they would hide a lost row).  0 with *rows (malloc'd), *n and
   the columns' indices col, or -1 with e set. */
static int
read_rows(row **rows, long *n, int col[NCOL], const run_experiment *x, const char *path, vccd_error *e)
{
    const char *names[NCOL];
    char nbuf[1024], *line;
    vccd_input in;
    size_t len;
    long cap = 0;
    int ncol, r, blank = 0;

    *rows = NULL;
    *n = 0;
    if (column_names(names, nbuf, sizeof nbuf) != 0)
        return vccd_error_set(e, path, 0, NULL, NULL, "internal: too few identity columns");
    if (vccd_input_open(&in, path, 0, e) != 0)
        return -1;
    if ((r = vccd_input_line(&in, &line, &len, e)) <= 0) {
        if (r == 0)
            vccd_error_set(e, path, 1, NULL, NULL,
                           "empty file (expected a header: models,speed,instance,a_px,...,b_q1z)");
        goto fail;
    }
    if ((ncol = read_header(col, names, line, path, e)) < 0)
        goto fail;
    while ((r = vccd_input_line(&in, &line, &len, e)) > 0) {
        if (!line[strspn(line, " \t")]) {
            if (!blank)
                blank = (int)in.line;
            continue;
        }
        if (blank) {
            vccd_error_set(e, path, blank, NULL, NULL, "blank line inside the data (allowed only at the end)");
            goto fail;
        }
        if (*n == cap) {
            row *g = realloc(*rows, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *g);
            if (!g) {
                vccd_error_set(e, path, (int)in.line, NULL, NULL, "out of memory");
                goto fail;
            }
            *rows = g;
        }
        if (read_row(&(*rows)[*n], x, col, names, ncol, line, path, (int)in.line, e) != 0)
            goto fail;
        (*n)++;
    }
    if (r < 0)
        goto fail;
    vccd_input_close(&in);
    if (!*n)
        return vccd_error_set(e, path, 1, NULL, NULL, "no instances (a header and no rows)");
    return 0;
fail:
    vccd_input_close(&in);
    free(*rows);
    *rows = NULL;
    return -1;
}

/* "A-B at low speed" */
static const char *
bench_name(char *out, size_t n, const run_experiment *x, int b)
{
    snprintf(out, n, "%s-%s at %s speed", x->model[x->bench[b].a].name, x->model[x->bench[b].b].name,
             x->bench[b].speed);
    return out;
}

/* Where a row goes: its benchmark and instance, and its index in the
   file (its line order). */
typedef struct {
    int b;
    long i, k;
} place;

static int
place_cmp(const void *p, const void *q)
{
    const place *u = p, *v = q;
    if (u->b != v->b)
        return u->b < v->b ? -1 : 1;
    if (u->i != v->i)
        return u->i < v->i ? -1 : 1;
    return (u->k > v->k) - (u->k < v->k);
}

/* The rows sorted by (benchmark, instance, line), so that memory stays
   linear in the file whatever the numbers: a row repeating an instance
   with other parameters refused, then every benchmark checked to hold
   instances 0 to k - 1 with the same k.  0 with *count := k and
   first[b * k + i] := the first row of instance i of benchmark b, or -1
   with e set. */
static int
index_rows(long *first, long *count, const run_experiment *x, const row *rows, long nrows, const int col[NCOL],
           const char *path, vccd_error *e)
{
    const char *names[NCOL];
    char nbuf[1024], bn[200], bn2[200], key[96];
    long nb[RUN_MAX_BENCH] = { 0 }, ng = 0;
    place *o;
    int rc = -1;

    if (column_names(names, nbuf, sizeof nbuf) != 0)
        return vccd_error_set(e, path, 0, NULL, NULL, "internal: too few identity columns");
    if (!(o = malloc((size_t)nrows * sizeof *o)))
        return vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
    for (long k = 0; k < nrows; k++) {
        o[k].b = rows[k].b;
        o[k].i = rows[k].i;
        o[k].k = k;
    }
    qsort(o, (size_t)nrows, sizeof *o, place_cmp);
    for (long g = 0; g < nrows; g++) {
        const row *r = &rows[o[g].k], *f;
        if (g > 0 && o[g].b == o[g - 1].b && o[g].i == o[g - 1].i) {
            /* vccd run's own instances.csv repeats an instance once per
               system, with the same parameters: that is one instance */
            f = &rows[first[ng - 1]];
            for (int j = 0; j < 22; j++)
                if (memcmp(&r->p[j], &f->p[j], sizeof r->p[j])) {
                    snprintf(key, sizeof key, "column %d (%s)", col[C_P + j] + 1, names[C_P + j]);
                    vccd_error_set(e, path, r->line, NULL, key,
                                   "instance %ld of %s given again with other parameters: %.17g here, %.17g at "
                                   "line %d", r->i, bench_name(bn, sizeof bn, x, r->b), r->p[j], f->p[j], f->line);
                    goto out;
                }
            continue;
        }
        if (r->i != nb[r->b]) {
            snprintf(key, sizeof key, "column %d (%s)", col[C_INST] + 1, names[C_INST]);
            vccd_error_set(e, path, r->line, NULL, key,
                           "instance %ld of %s, but no instance %ld (instances are numbered 0, 1, 2, ... in each "
                           "benchmark)", r->i, bench_name(bn, sizeof bn, x, r->b), nb[r->b]);
            goto out;
        }
        nb[r->b]++;
        first[ng++] = o[g].k;
    }
    for (int b = 0; b < x->nbench; b++) {
        if (!nb[b]) {
            vccd_error_set(e, path, 0, NULL, NULL, "no rows of %s, a benchmark of this experiment",
                           bench_name(bn, sizeof bn, x, b));
            goto out;
        }
        if (nb[b] != nb[0]) {
            vccd_error_set(e, path, 0, NULL, NULL,
                           "%ld instances of %s, %ld of %s: every benchmark needs the same number", nb[0],
                           bench_name(bn, sizeof bn, x, 0), nb[b], bench_name(bn2, sizeof bn2, x, b));
            goto out;
        }
    }
    *count = nb[0];
    rc = 0;
out:
    free(o);
    return rc;
}

int
run_instances_read(run_experiment *x, const char *path, vccd_error *e)
{
    row *rows;
    long nrows, *first = NULL, count = 0;
    int rc = -1, col[NCOL];

    if (read_rows(&rows, &nrows, col, x, path, e) != 0)
        return -1;
    if (!(first = malloc((size_t)nrows * sizeof *first))) {
        vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
        goto out;
    }
    if (index_rows(first, &count, x, rows, nrows, col, path, e) != 0)
        goto out;
    if (!(x->inst = malloc((size_t)x->nbench * (size_t)count * 22 * sizeof *x->inst))) {
        vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
        goto out;
    }
    x->inst_count = count;
    for (int b = 0; b < x->nbench; b++)
        for (long i = 0; i < count; i++) {
            const row *r = &rows[first[(long)b * count + i]];
            vccd_motion *ma, *mb;
            vccd_error why;
            /* the motions now, so that a parameter they refuse (a
               quaternion far from unit length) is named by its line
               and not found by the run's first query */
            if (run_instance_motions(&ma, &mb, r->p, RUN_MOTION_PREC, &why) != 0) {
                vccd_error_set(e, path, r->line, NULL, NULL, "instance %ld: %s", r->i, why.msg);
                goto out;
            }
            vccd_motion_free(ma);
            vccd_motion_free(mb);
            memcpy(x->inst + ((size_t)b * (size_t)count + (size_t)i) * 22, r->p, sizeof r->p);
        }
    rc = 0;
out:
    if (rc) {
        free(x->inst);
        x->inst = NULL;
        x->inst_count = 0;
    }
    free(first);
    free(rows);
    return rc;
}
