/* cmd_toc.c -- `vccd toc CONFIG`: the first time of contact of one
   feature pair described in a config file, under any motion models:
       [motion.a]  ...           the motions (as for motion-check)
       [pair]
       kind = vertex-face        # vertex-face | edge-edge | vertex-edge-2d
       point.0 = a  0 0 0.5      # motion name, body point (rigid motion)
       point.1 = b vertex 2      # or: motion name, "vertex", index
       ...
       min_separation = 0.01     # optional: the first time within it
       [solver] / [arithmetic]   as in solver.h */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "toc_mesh.h"
#include "vccd/query.h"
#include "vccd/solver.h"

#define MAX_MOTIONS 4

typedef struct {
    const char *name;           /* in the config's [motion.NAME] */
    vccd_motion *m;
} named_motion;

/* A decimal that is exactly a double, or -1: body points are exact
   doubles (mesh coordinates), and rounding a decimal such as 0.1 here
   would silently move the point the proof is about. */
static int
exact_double(double *out, const char *s)
{
    mpfr_t x;
    char *end;
    int ok;

    /* Base 0: decimal, or a C99 hex float such as 0x1.999999999999ap-4
       (how `bench solvers --dump-pair` writes points). */
    mpfr_init2(x, 4096);
    ok = mpfr_strtofr(x, s, &end, 0, MPFR_RNDN) == 0 && end != s && !*end && mpfr_number_p(x)
         && mpfr_get_d(x, MPFR_RNDN) == mpfr_get_d(x, MPFR_RNDN)
         && mpfr_cmp_d(x, mpfr_get_d(x, MPFR_RNDN)) == 0 && fabs(mpfr_get_d(x, MPFR_RNDN)) <= 1.7976931348623157e308;
    if (ok)
        *out = mpfr_get_d(x, MPFR_RNDN);
    mpfr_clear(x);
    return ok ? 0 : -1;
}

static vccd_motion *
motion_named(named_motion *ms, int *nm, vccd_config *c, const char *name, mpfr_prec_t prec,
             vccd_config_section *pair, vccd_config_kv *kv, vccd_error *e)
{
    vccd_config_section *s = NULL;
    for (int i = 0; i < *nm; i++)
        if (strcmp(ms[i].name, name) == 0)
            return ms[i].m;
    /* [motion.NAME] by its name, however long */
    for (int i = 0; i < c->n && !s; i++)
        if (strncmp(c->sec[i].name, "motion.", 7) == 0 && strcmp(c->sec[i].name + 7, name) == 0)
            s = &c->sec[i];
    if (!s) {
        vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "no section [motion.%s]", name);
        return NULL;
    }
    if (*nm == MAX_MOTIONS) {
        vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "more than %d motions", MAX_MOTIONS);
        return NULL;
    }
    if (!(ms[*nm].m = vccd_motion_from_config(s, prec, e)))
        return NULL;
    ms[*nm].name = s->name + 7;
    return ms[(*nm)++].m;
}

static int point_tokens(vccd_track *t, named_motion *ms, int *nm, vccd_config *c, vccd_config_section *pair,
                        vccd_config_kv *kv, mpfr_prec_t prec, char **tok, int n, vccd_error *e);

/* One "point.K = NAME x y z" or "point.K = NAME vertex I". */
static int
parse_point(vccd_track *t, named_motion *ms, int *nm, vccd_config *c, vccd_config_section *pair,
            vccd_config_kv *kv, mpfr_prec_t prec, vccd_error *e)
{
    char *buf, *tok[5], *save = NULL;
    int n = 0, rc;

    if (!(buf = strdup(kv->value)))
        return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "out of memory");
    for (char *p = strtok_r(buf, " \t", &save); p && n < 5; p = strtok_r(NULL, " \t", &save))
        tok[n++] = p;
    rc = point_tokens(t, ms, nm, c, pair, kv, prec, tok, n, e);
    free(buf);
    return rc;
}

static int
point_tokens(vccd_track *t, named_motion *ms, int *nm, vccd_config *c, vccd_config_section *pair,
             vccd_config_kv *kv, mpfr_prec_t prec, char **tok, int n, vccd_error *e)
{
    if ((n != 4 && n != 3) || (n == 4 && strcmp(tok[1], "vertex") == 0))
        return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                              "expected 'MOTION x y z' or 'MOTION vertex INDEX'");
    if (!(t->m = motion_named(ms, nm, c, tok[0], prec, pair, kv, e)))
        return -1;
    t->vertex = 0;
    t->p[0] = t->p[1] = t->p[2] = 0.0;
    if (n == 3) {
        char *end;
        long v;
        errno = 0;
        v = strtol(tok[2], &end, 10);
        if (strcmp(tok[1], "vertex") != 0 || end == tok[2] || *end || errno || v < 0)
            return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                                  "expected 'MOTION vertex INDEX' with INDEX >= 0");
        if (!t->m->type->per_vertex)
            return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                                  "motion '%s' (%s) is rigid: give a body point x y z", tok[0], t->m->type->name);
        if (v >= t->m->nvertices)
            return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                                  "motion '%s' has %d vertices: no vertex %ld", tok[0], t->m->nvertices, v);
        t->vertex = (int)v;
        return 0;
    }
    if (t->m->type->per_vertex)
        return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                              "motion '%s' (%s) moves vertices: give 'vertex INDEX'", tok[0], t->m->type->name);
    for (int i = 0; i < 3; i++)
        if (exact_double(&t->p[i], tok[1 + i]) != 0)
            return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                                  "'%s' is not exactly a finite binary64 number (body points are exact "
                                  "doubles: write e.g. 0.125 or a hex float 0x1.8p-3)", tok[1 + i]);
    if (t->m->type->dim == 2 && t->p[2] != 0.0)
        return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                              "motion '%s' is planar: z must be 0", tok[0]);
    return 0;
}

static int
load_pair(vccd_config *c, vccd_solve_opts *o, int *kind, double *dmin, vccd_track *t, named_motion *ms, int *nm,
          vccd_error *e)
{
    vccd_config_section *pair = vccd_config_find(c, "pair");
    vccd_config_kv *kv;
    mpfr_prec_t prec = 320;

    /* A misspelt section must not be silently ignored, nor a motion
       that no point uses be left unread. */
    if (vccd_cli_check_sections(c, e) != 0 || vccd_solve_opts_from_config(o, c, e) != 0)
        return -1;
    if (o->arith.kind == VCCD_ARITH_MPFR && o->arith.prec > prec)
        prec = o->arith.prec;
    if (o->arith.kind == VCCD_ARITH_ADAPTIVE && o->max_precision > prec)
        prec = o->max_precision;
    for (int i = 0; i < c->n; i++) {
        vccd_motion *m;
        if (strcmp(c->sec[i].name, "motion") == 0)
            return vccd_error_set(e, c->sec[i].file, c->sec[i].line, c->sec[i].name, NULL,
                                  "toc names its motions: [motion.NAME]");
        if (strncmp(c->sec[i].name, "motion.", 7) != 0)
            continue;
        if (!(m = vccd_motion_from_config(&c->sec[i], prec, e)))
            return -1;
        vccd_motion_free(m);
    }
    if (!pair)
        return vccd_error_set(e, c->file, c->lines, NULL, NULL,
                              "no [pair] section (nor two [body.NAME] sections; read to the end)");
    if (!(kv = vccd_config_get(pair, "kind")))
        return vccd_error_set(e, pair->file, pair->line, pair->name, "kind", "missing");
    if ((*kind = vccd_feature_kind_find(kv->value)) < 0)
        return vccd_error_set(e, pair->file, kv->line, pair->name, "kind",
                              "unknown kind '%s' (vertex-face, edge-edge, vertex-edge-2d)", kv->value);
    for (int i = 0; i < vccd_feature_kind_npoints((vccd_feature_kind)*kind); i++) {
        char key[32];
        snprintf(key, sizeof key, "point.%d", i);
        if (!(kv = vccd_config_get(pair, key)))
            return vccd_error_set(e, pair->file, pair->line, pair->name, key, "missing (a %s pair has %d points)",
                                  vccd_feature_kind_name((vccd_feature_kind)*kind),
                                  vccd_feature_kind_npoints((vccd_feature_kind)*kind));
        if (parse_point(&t[i], ms, nm, c, pair, kv, prec, e) != 0)
            return -1;
    }
    if ((kv = vccd_config_get(pair, "min_separation"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo >= 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "expected a decimal >= 0");
        *dmin = d.hi;           /* proved farther than the upper end: farther than the decimal */
    }
    return vccd_config_check_unused(pair, e);
}

int
vccd_cmd_toc(int argc, char **argv)
{
    vccd_config c;
    vccd_error e;
    vccd_solve_opts o;
    vccd_track t[4];
    named_motion ms[MAX_MOTIONS];
    vccd_feature *f = NULL;
    vccd_toc r;
    char aname[32];
    int nm = 0, kind = 0, rc = VCCD_EXIT_USAGE, json = 0;
    long max_work = 0;          /* 0: the config's, or the default */
    long query_max_work = 0;    /* the same for [query] max_work */
    const char *path = NULL;
    double t0, dmin = 0.0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--max-work") == 0) {
            /* the same range as [solver] max_work (opts.c) */
            if (vccd_cli_parse_long(&max_work, argv[i], i + 1 < argc ? argv[i + 1] : NULL, 1,
                                    VCCD_SOLVE_MAX_WORK_LIMIT) != 0)
                return VCCD_EXIT_USAGE;
            i++;
        } else if (strcmp(argv[i], "--query-max-work") == 0) {
            /* the same range as [query] max_work (toc_mesh.c) */
            if (vccd_cli_parse_long(&query_max_work, argv[i], i + 1 < argc ? argv[i + 1] : NULL, 1,
                                    VCCD_QUERY_MAX_WORK_LIMIT) != 0)
                return VCCD_EXIT_USAGE;
            i++;
        } else if (argv[i][0] == '-') {
            return vccd_cli_usage_error("toc: unknown option '%s' (see vccd help toc)", argv[i]);
        } else if (path) {
            return vccd_cli_usage_error("toc: usage: vccd toc [--json] [--max-work W] [--query-max-work W] CONFIG "
                                        "(see vccd help toc)");
        } else {
            path = argv[i];
        }
    }
    if (!path)
        return vccd_cli_usage_error("toc: usage: vccd toc [--json] [--max-work W] [--query-max-work W] CONFIG "
                                    "(see vccd help toc)");
    if (vccd_config_load(&c, path, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    /* Two bodies: the mesh query; otherwise one feature pair. */
    for (int i = 0; i < c.n; i++)
        if (strncmp(c.sec[i].name, "body.", 5) == 0) {
            rc = vccd_toc_mesh(&c, json, max_work, query_max_work);
            vccd_config_clear(&c);
            return rc;
        }
    if (query_max_work > 0) {
        fprintf(stderr, "vccd: %s: --query-max-work bounds the query of two meshes ([body.NAME] sections); "
                "one feature pair's budget is --max-work\n", path);
        vccd_config_clear(&c);
        return VCCD_EXIT_USAGE;
    }
    vccd_solve_opts_init(&o);
    if (load_pair(&c, &o, &kind, &dmin, t, ms, &nm, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        goto done;
    }
    if (max_work > 0)
        o.max_work = max_work;
    if (!(f = vccd_feature_new((vccd_feature_kind)kind, t, &o.arith))) {
        fprintf(stderr, "vccd: out of memory\n");
        goto done;
    }
    t0 = vccd_clock_now();
    /* a lone pair: every piece, the edges' ends included */
    vccd_solve_minsep(&r, f, dmin, 0, &o);
    t0 = vccd_clock_now() - t0;
    if (json) {
        printf("{\"pair\": \"%s\", \"min_separation\": %.17g, \"solver\": \"%s\", \"arith\": \"%s\", "
               "\"eps_t\": %.17g, \"rigorous\": %s, "
               "\"status\": \"%s\", \"lo\": %.17g, \"hi\": %.17g, \"boxes\": %ld, \"evals\": %ld, "
               "\"escalations\": %d, \"precision\": %ld, \"limited\": %s, \"time_us\": %.3f}\n",
               vccd_feature_kind_name((vccd_feature_kind)kind), dmin, o.solver->name,
               vccd_arith_name(aname, sizeof aname, &o.arith), o.eps_t,
               vccd_arith_is_rigorous(&o.arith) ? "true" : "false", vccd_toc_status_name(r.status), r.lo, r.hi,
               r.boxes, r.evals, r.escalations, (long)r.prec, r.limited ? "true" : "false", 1e6 * t0);
        rc = VCCD_EXIT_OK;
        goto done;
    }
    printf("pair: %s solver=%s arith=%s eps_t=%g%s\n", vccd_feature_kind_name((vccd_feature_kind)kind),
           o.solver->name, vccd_arith_name(aname, sizeof aname, &o.arith), o.eps_t,
           vccd_arith_is_rigorous(&o.arith) ? "" : " (NON-RIGOROUS)");
    printf("status: %s\n", vccd_toc_status_name(r.status));
    if (dmin > 0.0)
        printf("toc: [%.17g, %.17g] (first time the distance can be <= min_separation=%.17g)\n", r.lo, r.hi, dmin);
    else
        printf("toc: [%.17g, %.17g]\n", r.lo, r.hi);
    if (r.status != VCCD_TOC_NONE)
        printf("params: u in [%.17g, %.17g], v in [%.17g, %.17g]\n", r.param[0].lo, r.param[0].hi,
               r.param[1].lo, r.param[1].hi);
    printf("boxes=%ld evals=%ld escalations=%d precision=%ld%s time_us=%.2f\n", r.boxes, r.evals, r.escalations,
           (long)r.prec, r.limited ? " limited" : "", 1e6 * t0);
    rc = VCCD_EXIT_OK;
done:
    vccd_feature_free(f);
    for (int i = 0; i < nm; i++)
        vccd_motion_free(ms[i].m);
    vccd_config_clear(&c);
    return rc;
}
