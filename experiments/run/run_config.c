/* run_config.c -- the experiment file of `vccd run`:
       [experiment]
       name = quick
       seed = 1
       instances = 8              # per benchmark
       speeds = low high          # 4 or 512 units apart (thesis 7.3)
       pairs = tetrahedron-bunny bunny-bunny    # model names, A-B
       leaf_size = 1
       reference = ../data/thesis # Appendix K CSVs, relative to this file
       instances_file = x.csv     # instances read, not made from the seed
                                  # (run_instances.c), relative to this file
       [model.NAME]               # the [mesh] keys: mesh, center, scale, degenerate
       [system.NAME]
       mode = exact               # exact | capoeira | step-back
       bv = obb
       solver = taylor-lagrange
       arithmetic = binary64      # mpfr:PREC | adaptive | unrounded (NON-RIGOROUS)
       eps_t = 1e-6
       eps_d = 0.01               # step-back only
       positive_gap = yes         # exact: lo stepped back to a proved gap > 0
       instances = 64             # this system runs only the first 64 of
                                  # each benchmark (a slow peer)
   Overrides from the command line ("experiment.instances=4") are read as
   a second config named "command line", looked up before the file. */
#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config.h"
#include "run.h"
#include "vccd/input.h"

typedef struct {
    vccd_config *file, *cl;
} cfgs;

/* key of section s, the command line's value first */
static vccd_config_kv *
get(cfgs *c, vccd_config_section *s, const char *key, vccd_config_section **where)
{
    vccd_config_section *o = vccd_config_find(c->cl, s->name);
    vccd_config_kv *kv;
    if (o && (kv = vccd_config_get(o, key))) {
        *where = o;
        vccd_config_get(s, key);    /* the file's value is overridden, not unused */
        return kv;
    }
    *where = s;
    return vccd_config_get(s, key);
}

static int
find_model(const run_experiment *x, const char *s, size_t n)
{
    for (int i = 0; i < x->nmodels; i++)
        if (strlen(x->model[i].name) == n && !strncmp(x->model[i].name, s, n))
            return i;
    return -1;
}

/* The keys of a [model.NAME] section: lib/mesh/config.c's, the mesh
   named by `mesh`. */
static const char *const model_keys[] = { "mesh", "center", "scale", "degenerate" };

/* With no override the section goes to the mesh loader as it is.  With
   one, any key may come from the command line and the others from the
   file, so the keys are checked here each where it was given, then
   handed to the loader together in one section named after where the
   mesh came from (the file's directory then resolves a relative mesh
   path as before).  A key the loader does not know is refused here. */
static int
load_model_keys(vccd_mesh *m, cfgs *c, vccd_config_section *s, vccd_config_section *o, vccd_config_kv **mkv,
                vccd_config_section **mw, vccd_error *e)
{
    vccd_config_kv kvs[4];
    vccd_config_section merged, *w;
    vccd_config_kv *kv;
    int n = 0;

    *mw = s;
    *mkv = NULL;
    for (int k = 0; k < 4; k++) {
        vccd_mesh_center ce;
        vccd_mesh_degenerate dg;
        double r;
        if (!(kv = get(c, s, model_keys[k], &w)))
            continue;
        if (k == 0) {
            *mw = w;
            *mkv = kv;
        } else if (k == 1 && vccd_mesh_center_parse(&ce, kv->value) != 0) {
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key,
                                  "'%s': expected none, centroid, mass or bbox", kv->value);
        } else if (k == 2 && vccd_mesh_scale_parse(&r, kv->value) != 0) {
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "'%s': expected none or radius R (R > 0)",
                                  kv->value);
        } else if (k == 3 && vccd_mesh_degenerate_parse(&dg, kv->value) != 0) {
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "'%s': expected keep or drop", kv->value);
        }
        kvs[n] = *kv;
        kvs[n++].used = 0;
    }
    if (vccd_config_check_unused(s, e) != 0 || vccd_config_check_unused(o, e) != 0)
        return -1;
    memset(&merged, 0, sizeof merged);
    merged.name = s->name;
    merged.line = (*mw)->line;
    merged.file = (*mw)->file;
    merged.kv = kvs;
    merged.n = merged.cap = n;
    return vccd_mesh_config_load_as(m, &merged, "mesh", e);
}

static int
load_model(run_experiment *x, cfgs *c, vccd_config_section *s, vccd_error *e)
{
    run_model *md = &x->model[x->nmodels];
    vccd_config_section *o = vccd_config_find(c->cl, s->name), *mw = s;
    vccd_config_kv *mkv;
    if (x->nmodels == RUN_MAX_MODELS)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "more than %d models", RUN_MAX_MODELS);
    if (strlen(s->name + 6) >= sizeof md->name || !s->name[6] || strchr(s->name + 6, '-'))
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "a model name is 1 to 63 characters, no '-'");
    snprintf(md->name, sizeof md->name, "%s", s->name + 6);
    if (!o) {
        if (vccd_mesh_config_load_as(&md->m, s, "mesh", e) != 0)
            return -1;
        mkv = vccd_config_get(s, "mesh");
    } else if (load_model_keys(&md->m, c, s, o, &mkv, &mw, e) != 0) {
        return -1;
    }
    /* The benchmarks are the thesis' 3D frames (7.3): a 2D body would
       fail at its first query, with no line to point at. */
    if (md->m.planar) {
        vccd_error_set(e, mw->file, mkv->line, s->name, "mesh",
                       "'%s' is a 2D body (segments in the plane z = 0); vccd run's benchmarks move 3D bodies",
                       mkv->value);
        vccd_mesh_clear(&md->m);
        return -1;
    }
    md->loaded = 1;
    x->nmodels++;
    return 0;
}

static int
load_system(run_experiment *x, cfgs *c, vccd_config_section *s, vccd_error *e)
{
    run_system *y = &x->sys[x->nsys];
    vccd_config_section *w;
    vccd_config_kv *kv;
    if (x->nsys == RUN_MAX_SYSTEMS)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "more than %d systems", RUN_MAX_SYSTEMS);
    if (strlen(s->name + 7) >= sizeof y->name || !s->name[7] || strchr(s->name + 7, ','))
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "a system name is 1 to 63 characters, no ','");
    snprintf(y->name, sizeof y->name, "%s", s->name + 7);
    vccd_query_opts_init(&y->q);
    y->q.gap = 0;               /* measured by run_bench_exec outside the timing */
    y->mode = RUN_EXACT;
    if ((kv = get(c, s, "mode", &w))) {
        if (!strcmp(kv->value, "exact"))
            y->mode = RUN_EXACT;
        else if (!strcmp(kv->value, "capoeira"))
            y->mode = RUN_CAPOEIRA;
        else if (!strcmp(kv->value, "step-back"))
            y->mode = RUN_STEP_BACK;
        else if (!strcmp(kv->value, "fcl-ca"))
            y->mode = RUN_FCL_CA;
        else if (!strcmp(kv->value, "fcl-ca-rss"))
            y->mode = RUN_FCL_CA_RSS;
        else if (!strcmp(kv->value, "fcl-ca-rss-fast"))
            y->mode = RUN_FCL_CA_RSS_FAST;
        else
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key,
                                  "unknown mode '%s' (exact, capoeira, step-back, fcl-ca, fcl-ca-rss, "
                                  "fcl-ca-rss-fast)", kv->value);
#ifndef HAVE_FCL
        if (RUN_IS_FCL(y->mode))
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key,
                                  "mode '%s' needs a vccd built with FCL (libfcl-dev)", kv->value);
#endif
    }
    y->q.mode = y->mode == RUN_CAPOEIRA ? VCCD_QUERY_CAPOEIRA : VCCD_QUERY_EXACT;
    if ((kv = get(c, s, "bv", &w)) && (y->q.bv = vccd_bv_type_find(kv->value)) < 0)
        return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "unknown BV type '%s' (%s)", kv->value,
                              vccd_bv_type_names());
    if ((kv = get(c, s, "solver", &w)) && !(y->q.solve.solver = vccd_solver_type_find(kv->value))) {
        char known[256];
        return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "unknown solver '%s' (known: %s)", kv->value,
                              vccd_solver_type_names(known, sizeof known));
    }
    if ((kv = get(c, s, "arithmetic", &w)) && vccd_arith_parse(&y->q.solve.arith, kv->value) != 0)
        return vccd_error_set(e, w->file, kv->line, w->name, kv->key,
                              "unknown arithmetic '%s' (binary64, mpfr:PREC, adaptive, unrounded)", kv->value);
    if ((kv = get(c, s, "eps_t", &w))) {
        char *end;
        double v = strtod(kv->value, &end);
        if (end == kv->value || *end || !(v >= 0.0 && v <= 1.0))
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "expected a number in [0, 1]");
        y->q.solve.eps_t = v;
    }
    if ((kv = get(c, s, "eps_d", &w))) {
        vccd_di d;
        if (y->mode != RUN_STEP_BACK)
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "eps_d is for mode = step-back");
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo > 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "expected a decimal > 0");
        y->q.eps_d = d.hi;      /* the proof must reach at least the value asked for */
    } else if (y->mode == RUN_STEP_BACK) {
        return vccd_error_set(e, s->file, s->line, s->name, "eps_d", "missing (the gap to step back to)");
    }
    if ((kv = get(c, s, "positive_gap", &w))) {
        if (y->mode != RUN_EXACT)
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "positive_gap is for mode = exact");
        if (vccd_config_bool(&y->q.positive_gap, w, kv, e) != 0)
            return -1;
    }
    y->instances = 0;
    if ((kv = get(c, s, "instances", &w))) {
        long n;
        if (vccd_config_long(&n, w, kv, 1, 1000000L, e) != 0)
            return -1;
        y->instances = n;
    }
    x->nsys++;
    return 0;
}

/* kv's path (of section w) relative to the directory of w's file; the
   command line's relative to the current one.  0, or -1 with e set when
   it does not fit in out. */
static int
resolve(char *out, size_t n, const vccd_config_section *w, const vccd_config_kv *kv, vccd_error *e)
{
    const char *slash = strrchr(w->file, '/');
    int dn = kv->value[0] == '/' || !slash ? 0 : (int)(slash - w->file + 1);
    if ((size_t)snprintf(out, n, "%.*s%s", dn, w->file, kv->value) >= n)
        return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "path too long");
    return 0;
}

static int
parse_experiment(run_experiment *x, cfgs *c, vccd_config_section *s, vccd_error *e)
{
    vccd_config_section *w;
    vccd_config_kv *kv;
    long v;
    int speeds = 1;
    char buf[4200];
    snprintf(x->name, sizeof x->name, "experiment");
    if ((kv = get(c, s, "name", &w)))
        snprintf(x->name, sizeof x->name, "%s", kv->value);
    x->seed = 1;
    if ((kv = get(c, s, "seed", &w))) {
        if (vccd_config_long(&v, w, kv, 0, 4294967295L, e) != 0)
            return -1;
        x->seed = (unsigned long)v;
    }
    x->instances = 8;
    if ((kv = get(c, s, "instances", &w))) {
        if (vccd_config_long(&v, w, kv, 1, 1000000L, e) != 0)
            return -1;
        x->instances = v;
    }
    x->leaf_size = 1;
    if ((kv = get(c, s, "leaf_size", &w))) {
        if (vccd_config_long(&v, w, kv, 1, VCCD_BVH_MAX_LEAF_SIZE, e) != 0)
            return -1;
        x->leaf_size = (int)v;
    }
    if ((kv = get(c, s, "reference", &w))) {
        vccd_input in;
        vccd_error why;
        if (resolve(x->reference, sizeof x->reference, w, kv, e) != 0)
            return -1;
        snprintf(buf, sizeof buf, "%s/appendix-k.csv", x->reference);
        /* Opened as the report will read it: a FIFO or directory is
           refused here, at the key, not when the report blocks on it. */
        if (vccd_input_open(&in, buf, 4096, &why) != 0)
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "%s", why.msg);
        vccd_input_close(&in);
    }
    if ((kv = get(c, s, "speeds", &w))) {
        char *save = NULL;
        speeds = 0;
        snprintf(buf, sizeof buf, "%s", kv->value);
        for (char *t = strtok_r(buf, " \t,", &save); t; t = strtok_r(NULL, " \t,", &save)) {
            if (!strcmp(t, "low"))
                speeds |= 1;
            else if (!strcmp(t, "high"))
                speeds |= 2;
            else
                return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "unknown speed '%s' (low, high)", t);
        }
        if (!speeds)
            return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "empty (low, high)");
    }
    return speeds;
}

static int
parse_pairs(run_experiment *x, cfgs *c, vccd_config_section *s, int speeds, vccd_error *e)
{
    vccd_config_section *w;
    vccd_config_kv *kv = get(c, s, "pairs", &w);
    const char *p;
    if (!kv)
        return vccd_error_set(e, s->file, s->line, s->name, "pairs", "missing (MODEL-MODEL ...)");
    if (!kv->value[strspn(kv->value, " \t,")])
        return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "empty (MODEL-MODEL ...)");
    p = kv->value;
    while (*p) {
        size_t n = strcspn(p, " \t,");
        const char *dash = memchr(p, '-', n);
        int a, b;
        if (n) {
            if (!dash || (a = find_model(x, p, (size_t)(dash - p))) < 0
                || (b = find_model(x, dash + 1, (size_t)(p + n - dash - 1))) < 0)
                return vccd_error_set(e, w->file, kv->line, w->name, kv->key,
                                      "'%.*s' is not MODEL-MODEL of [model.NAME] sections", (int)n, p);
            for (int sp = 0; sp < 2; sp++) {
                if (!(speeds >> sp & 1))
                    continue;
                if (x->nbench == RUN_MAX_BENCH)
                    return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "more than %d benchmarks",
                                          RUN_MAX_BENCH);
                x->bench[x->nbench].a = a;
                x->bench[x->nbench].b = b;
                x->bench[x->nbench].dist = sp ? 512.0 : 4.0;
                x->bench[x->nbench].speed = sp ? "high" : "low";
                x->nbench++;
            }
        }
        p += n;
        p += strspn(p, " \t,");
    }
    return 0;
}

/* [experiment] instances_file: the benchmarks' instances read from a
   CSV (run_instances.c) instead of made from the seed.  Then `seed`
   would change nothing, so it is refused (doc/input.md: a key with no
   effect is an error) -- but for the file's seed under an instances_file
   of the command line, which overrides the way instances are made as any
   override replaces a key (vccd run quick.ini
   experiment.instances_file=x.csv).  `instances` runs the first K of the
   file's (its default: all of them). */
static int
parse_instances_file(run_experiment *x, cfgs *c, vccd_config_section *s, vccd_error *e)
{
    vccd_config_section *w, *ws, *wi;
    vccd_config_kv *kv = get(c, s, "instances_file", &w), *seed, *inst;
    vccd_input in;
    vccd_error why;
    if (!kv)
        return 0;
    if ((seed = get(c, s, "seed", &ws)) && !(w != s && ws == s))
        return vccd_error_set(e, ws->file, seed->line, ws->name, seed->key,
                              "the instances come from instances_file (%s:%d), not from a seed", w->file, kv->line);
    if (resolve(x->instances_file, sizeof x->instances_file, w, kv, e) != 0)
        return -1;
    /* opened here first: a missing file or a directory is named at the
       key that names it */
    if (vccd_input_open(&in, x->instances_file, 0, &why) != 0)
        return vccd_error_set(e, w->file, kv->line, w->name, kv->key, "%s", why.msg);
    vccd_input_close(&in);
    if (run_instances_read(x, x->instances_file, e) != 0)
        return -1;
    if (!(inst = get(c, s, "instances", &wi))) {
        x->instances = x->inst_count;
    } else if (x->instances > x->inst_count) {
        return vccd_error_set(e, wi->file, inst->line, wi->name, inst->key,
                              "%ld, but %s holds %ld instances per benchmark", x->instances, x->instances_file,
                              x->inst_count);
    }
    return 0;
}

static int
load_overrides(vccd_config *cl, vccd_config *file, char **ov, int n, vccd_error *e)
{
    size_t size = 1;
    char *text, *q;
    int rc;
    for (int i = 0; i < n; i++)
        size += strlen(ov[i]) + 8;
    if (!(text = malloc(size)))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
    q = text;
    *q = 0;
    /* "[section]\nkey = value\n", the keys of a section together: the
       section is what comes before the last '.' of the key
       (system.exact.mode) */
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(ov[i], '='), *dot;
        int seen = 0;
        if (eq)
            for (dot = eq; dot > ov[i] && *dot != '.'; dot--)
                ;
        /* one line each: a newline would smuggle in lines of its own */
        if (!eq || dot == ov[i] || strpbrk(ov[i], "\n\r"))
            return free(text), vccd_error_set(e, "command line", 0, NULL, NULL,
                                              "'%s' is not SECTION.KEY=VALUE", ov[i]);
        for (int j = 0; j < i && !seen; j++)
            seen = !strncmp(ov[j], ov[i], (size_t)(dot - ov[i] + 1));
        if (seen)
            continue;
        q += sprintf(q, "[%.*s]\n", (int)(dot - ov[i]), ov[i]);
        for (int j = i; j < n; j++) {
            const char *eqj = strchr(ov[j], '=');
            if (eqj && !strncmp(ov[j], ov[i], (size_t)(dot - ov[i] + 1)) && !memchr(ov[j] + (dot - ov[i]) + 1, '.', (size_t)(eqj - ov[j] - (dot - ov[i]) - 1)))
                q += sprintf(q, "%.*s = %s\n", (int)(eqj - ov[j] - (dot - ov[i]) - 1), ov[j] + (dot - ov[i]) + 1, eqj + 1);
        }
    }
    rc = vccd_config_load_string(cl, "command line", text, e);
    free(text);
    if (rc != 0)
        return -1;
    for (int i = 0; i < cl->n; i++)
        if (!vccd_config_find(file, cl->sec[i].name))
            return vccd_error_set(e, "command line", cl->sec[i].line, cl->sec[i].name, NULL,
                                  "no section [%s] in the experiment file", cl->sec[i].name);
    return 0;
}

int
run_experiment_load(run_experiment *x, const char *path, char **overrides, int noverrides, vccd_error *e)
{
    static const char *const known[] = { "experiment", "model.", "system.", NULL };
    vccd_config file, cl;
    cfgs c = { &file, &cl };
    vccd_config_section *s;
    vccd_bvh_opts bo;
    int rc = -1, speeds;

    memset(x, 0, sizeof *x);
    x->shard_n = 1;
    memset(&cl, 0, sizeof cl);
    if (vccd_config_load(&file, path, e) != 0)
        return -1;
    if (vccd_config_check_sections(&file, known, e) != 0 || load_overrides(&cl, &file, overrides, noverrides, e) != 0)
        goto out;
    if (!(s = vccd_config_find(&file, "experiment"))) {
        vccd_error_set(e, path, file.lines, "experiment", NULL, "missing section [experiment]");
        goto out;
    }
    if ((speeds = parse_experiment(x, &c, s, e)) < 0)
        goto out;
    for (int i = 0; i < file.n; i++) {
        vccd_config_section *t = &file.sec[i];
        if (!strncmp(t->name, "model.", 6) && load_model(x, &c, t, e) != 0)
            goto out;
        if (!strncmp(t->name, "system.", 7)
            && (load_system(x, &c, t, e) != 0 || vccd_config_check_unused(t, e) != 0))
            goto out;
    }
    if (!x->nsys) {
        vccd_error_set(e, path, file.lines, NULL, NULL, "no [system.NAME] section");
        goto out;
    }
    if (parse_pairs(x, &c, s, speeds, e) != 0 || parse_instances_file(x, &c, s, e) != 0
        || vccd_config_check_unused(s, e) != 0)
        goto out;
    for (int i = 0; i < cl.n; i++)
        if (vccd_config_check_unused(&cl.sec[i], e) != 0)
            goto out;
    /* the BV types the systems use, and those alone */
    vccd_bvh_opts_init(&bo);
    bo.leaf_size = x->leaf_size;
    for (int i = 0; i < x->nsys; i++)
        bo.types |= 1u << x->sys[i].q.bv;
    /* only the models a benchmark uses: the others were read and checked,
       but a run narrowed by experiment.pairs= need not wait for their trees */
    for (int m = 0; m < x->nmodels; m++) {
        int used = 0;
        for (int b = 0; b < x->nbench; b++)
            used |= x->bench[b].a == m || x->bench[b].b == m;
        if (!used)
            continue;
        if (vccd_bvh_build(&x->model[m].h, &x->model[m].m, &bo, e) != 0)
            goto out;
        x->model[m].built = 1;
    }
    rc = 0;
out:
    vccd_config_clear(&file);
    vccd_config_clear(&cl);
    return rc;
}

void
run_experiment_clear(run_experiment *x)
{
    for (int i = 0; i < x->nmodels; i++)
        if (x->model[i].loaded) {
            if (x->model[i].built)
                vccd_bvh_clear(&x->model[i].h);

            vccd_mesh_clear(&x->model[i].m);
        }
    x->nmodels = 0;
    free(x->inst);
    x->inst = NULL;
}
