/* run_merge.c -- a shard of `vccd run --shard K/N` read back for `vccd
   merge`: its instances.csv opened and its header checked, its
   resolved.ini compared key by key with the experiment being merged,
   then the rows read into cells, every row's instance, system and motion
   columns compared with what this experiment would have written there.  So a shard of another seed, name, override,
   instance count, system list, mesh or vccd version is refused by file,
   line and field instead of lending its answers to this experiment's
   parameters.  Numbers are printed %.17g, so they come back exactly and
   the merged files equal one run's. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/config.h"
#include "vccd/input.h"
#include "run.h"
#include "run_report.h"

/* What a shard's messages call the experiment it is compared with. */
#define MERGED "the experiment merged"

typedef struct {
    vccd_config_section *s;
    vccd_config_kv *kv;         /* NULL: a section without keys */
} entry;

/* The (section, key) entries of c in file order, the section named skip
   left out: n entries into *out (malloc'd), or -1 out of memory. */
static int
flatten(entry **out, vccd_config *c, const char *skip)
{
    int n = 0, k = 0;
    for (int i = 0; i < c->n; i++)
        n += c->sec[i].n ? c->sec[i].n : 1;
    if (!(*out = malloc((size_t)(n ? n : 1) * sizeof **out)))
        return -1;
    for (int i = 0; i < c->n; i++) {
        vccd_config_section *s = &c->sec[i];
        if (skip && !strcmp(s->name, skip))
            continue;
        for (int j = 0; j < (s->n ? s->n : 1); j++) {
            (*out)[k].s = s;
            (*out)[k++].kv = s->n ? &s->kv[j] : NULL;
        }
    }
    return k;
}

static int
same_place(const entry *a, const entry *b)
{
    return !strcmp(a->s->name, b->s->name) && (a->kv ? b->kv && !strcmp(a->kv->key, b->kv->key) : !b->kv);
}

/* The first entry where got (the shard's resolved.ini) and want (this
   experiment's) differ, as an error; 0 when they agree. */
static int
compare(const char *path, vccd_config *got, const entry *g, int ng, const entry *w, int nw, vccd_error *e)
{
    for (int k = 0;; k++) {
        if (k == ng && k == nw)
            return 0;
        if (k == ng)
            return vccd_error_set(e, path, got->lines, w[k].s->name, w[k].kv ? w[k].kv->key : NULL,
                                  "missing (" MERGED " has %s)", w[k].kv ? w[k].kv->value : "this section");
        if (k == nw || !same_place(&g[k], &w[k])) {
            char has[300];
            if (k == nw)
                snprintf(has, sizeof has, "which ends before it");
            else
                snprintf(has, sizeof has, "which has [%s]%s%s here", w[k].s->name, w[k].kv ? " " : "",
                         w[k].kv ? w[k].kv->key : "");
            return vccd_error_set(e, path, g[k].kv ? g[k].kv->line : g[k].s->line, g[k].s->name,
                                  g[k].kv ? g[k].kv->key : NULL, "not in " MERGED ", %s (a shard of another experiment)",
                                  has);
        }
        if (g[k].kv && strcmp(g[k].kv->value, w[k].kv->value))
            return vccd_error_set(e, path, g[k].kv->line, g[k].s->name, g[k].kv->key,
                                  "'%s' in this shard, '%s' in " MERGED " (a shard of another experiment)",
                                  g[k].kv->value, w[k].kv->value);
    }
}

/* Compare path, the resolved.ini of a shard, with x's
   (run_identity_write): 0 with the shard's K/N in *shard_k (from 0) and
   *shard_n, or -1 with e naming the file, line, section and key of the
   first difference. */
static int
identity(long *shard_k, long *shard_n, const run_experiment *x, const char *path, vccd_error *e)
{
    vccd_config got, want;
    vccd_config_section *sh;
    vccd_config_kv *kv;
    entry *g = NULL, *w = NULL;
    char *text = NULL, *end;
    size_t len = 0;
    FILE *f;
    int ng, nw, rc = -1, wloaded = 0;

    if (vccd_config_load(&got, path, e) != 0)
        return -1;
    if (!(f = open_memstream(&text, &len))) {
        vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
        goto out;
    }
    run_identity_write(f, x, 0);
    if (fclose(f) != 0 || !text) {
        vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
        goto out;
    }
    if (vccd_config_load_string(&want, MERGED, text, e) != 0)
        goto out;
    wloaded = 1;
    if ((ng = flatten(&g, &got, "shard")) < 0 || (nw = flatten(&w, &want, NULL)) < 0) {
        vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
        goto out;
    }
    if (compare(path, &got, g, ng, w, nw, e) != 0)
        goto out;
    if (!(sh = vccd_config_find(&got, "shard")) || !(kv = vccd_config_get(sh, "shard"))) {
        vccd_error_set(e, path, sh ? sh->line : got.lines, "shard", "shard", "missing (K/N, as vccd run writes it)");
        goto out;
    }
    errno = 0;
    *shard_k = strtol(kv->value, &end, 10);
    if (end == kv->value || *end != '/' || (*shard_n = strtol(end + 1, &end, 10)) < 1 || *end || errno
        || *shard_k < 1 || *shard_k > *shard_n) {
        vccd_error_set(e, path, kv->line, "shard", "shard", "'%s': expected K/N with 1 <= K <= N", kv->value);
        goto out;
    }
    (*shard_k)--;
    rc = vccd_config_check_unused(sh, e);
out:
    free(g);
    free(w);
    free(text);
    if (wloaded)
        vccd_config_clear(&want);
    vccd_config_clear(&got);
    return rc;
}

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

#define NID 34                  /* the columns of run_row_identity_header */

int
run_merge_read(run_cell *const *cells, unsigned char *const *seen, const run_experiment *x, const char *dir,
               vccd_error *e)
{
    vccd_input in;
    char path[4200], rpath[4200];
    char *line, *f[MAXF], *g[NCOLS], *h[NID], ids[1024], *idn[MAXF], want[2048], *wf[MAXF];
    size_t len;
    int col[NCOLS], cid[NID], nidn, ln, rc = -1, r, lb = -1;
    long li = -1, shard_k = 0, shard_n = 1;
    double p[22];

    if ((size_t)snprintf(path, sizeof path, "%s/instances.csv", dir) >= sizeof path
        || (size_t)snprintf(rpath, sizeof rpath, "%s/resolved.ini", dir) >= sizeof rpath)
        return vccd_error_set(e, dir, 0, NULL, NULL, "directory name too long");
    /* through the input reader: a directory, a FIFO, a NUL byte or an
       endless line get its messages, as every other input does */
    if (vccd_input_open(&in, path, 0, e) != 0)
        return -1;
    if ((r = vccd_input_line(&in, &line, &len, e)) <= 0) {
        if (r == 0)
            vccd_error_set(e, path, 1, NULL, NULL, "empty file (not a vccd run instances.csv)");
        goto out;
    }
    snprintf(ids, sizeof ids, "%s", run_row_identity_header);
    if ((nidn = split(idn, ids)) != NID) {
        vccd_error_set(e, path, 0, NULL, NULL, "internal: %d identity columns, not %d", nidn, NID);
        goto out;
    }
    {
        int n = split(f, line);
        for (int k = 0; k < NCOLS + NID; k++) {
            const char *name = k < NCOLS ? col_names[k] : idn[k - NCOLS];
            int *c = k < NCOLS ? &col[k] : &cid[k - NCOLS];
            *c = -1;
            for (int j = 0; j < n; j++)
                if (!strcmp(f[j], name))
                    *c = j;
            if (*c < 0) {
                vccd_error_set(e, path, 1, NULL, name, "no such column (not a vccd run instances.csv)");
                goto out;
            }
        }
    }
    /* a shard's identity before any of its rows: a shard of another
       experiment is named by the key that differs */
    if (identity(&shard_k, &shard_n, x, rpath, e) != 0)
        goto out;
    while ((r = vccd_input_line(&in, &line, &len, e)) > 0) {
        long b, i;
        int n = split(f, line), s;
        run_cell c;
        ln = (int)in.line;
        if (n < 0) {
            vccd_error_set(e, path, ln, NULL, NULL, "too many fields");
            goto out;
        }
        for (int k = 0; k < NCOLS + NID; k++) {
            int j = k < NCOLS ? col[k] : cid[k - NCOLS];
            if (j >= n) {
                vccd_error_set(e, path, ln, NULL, k < NCOLS ? col_names[k] : idn[k - NCOLS], "missing field");
                goto out;
            }
            if (k < NCOLS)
                g[k] = f[j];
            else
                h[k - NCOLS] = f[j];
        }
        if (lnum(&b, g[C_BENCH]) || b < 1 || b > x->nbench) {
            vccd_error_set(e, path, ln, NULL, "benchmark", "'%s': " MERGED " has benchmarks 1 to %d", g[C_BENCH],
                           x->nbench);
            goto out;
        }
        if (lnum(&i, g[C_INST]) || i < 0 || i >= x->instances) {
            vccd_error_set(e, path, ln, NULL, "instance", "'%s': " MERGED " has instances 0 to %ld", g[C_INST],
                           x->instances - 1);
            goto out;
        }
        if (i % shard_n != shard_k) {
            vccd_error_set(e, path, ln, NULL, "instance", "%ld is not in shard %ld/%ld, which resolved.ini names", i,
                           shard_k + 1, shard_n);
            goto out;
        }
        for (s = 0; s < x->nsys && strcmp(x->sys[s].name, g[C_SYS]); s++)
            ;
        if (s == x->nsys) {
            vccd_error_set(e, path, ln, NULL, "system", "no system '%s' in " MERGED, g[C_SYS]);
            goto out;
        }
        /* the row's instance, system and motion: this experiment's */
        if (b - 1 != lb || i != li) {
            if (run_instance_params(p, x, (int)b - 1, i) != 0) {
                vccd_error_set(e, path, ln, NULL, NULL, "instance parameters lost");
                goto out;
            }
            lb = (int)b - 1;
            li = i;
        }
        if (run_row_identity(want, sizeof want, x, (int)b - 1, i, s, p) != 0 || split(wf, want) != NID) {
            vccd_error_set(e, path, ln, NULL, NULL, "instance parameters lost");
            goto out;
        }
        for (int k = 0; k < NID; k++)
            if (strcmp(h[k], wf[k])) {
                vccd_error_set(e, path, ln, NULL, idn[k], "'%s' in this shard, '%s' in " MERGED
                               " (a shard of another experiment)", h[k], wf[k]);
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
    rc = r < 0 ? -1 : 0;
out:
    vccd_input_close(&in);
    return rc;
}
