/* problem_pair.c -- the feature-pair form of a toc config (toc.h):
       [motion.a]  ...           the motions (as for motion-check)
       [pair]
       kind = vertex-face        # vertex-face | edge-edge | vertex-edge-2d
       point.0 = a  0 0 0.5      # motion name, body point (rigid motion)
       point.1 = b vertex 2      # or: motion name, "vertex", index
       ...
       min_separation = 0.01     # optional: the first time within it
       [solver] / [arithmetic]   as in solver.h
   read into a vccd_pair_input, every error at its file, line and key. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "toc_impl.h"

/* The sections a pair config may hold ("motion." stands for
   [motion.NAME]; [mesh.NAME] is kept for configs shared with vccd
   mesh): a misspelt section must not be silently ignored. */
static const char *const known_sections[] = { "pair", "solver", "arithmetic", "motion", "motion.", "mesh.", NULL };

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

/* The motion of [motion.NAME], made at its first use. */
static vccd_motion *
motion_named(vccd_toc_problem *p, const char *name, mpfr_prec_t prec, vccd_config_section *pair,
             vccd_config_kv *kv, vccd_error *e)
{
    vccd_config *c = &p->cfg;
    vccd_config_section *s = NULL;
    for (int i = 0; i < p->nmotions; i++)
        if (strcmp(p->motion_name[i], name) == 0)
            return p->motion[i];
    /* [motion.NAME] by its name, however long */
    for (int i = 0; i < c->n && !s; i++)
        if (strncmp(c->sec[i].name, "motion.", 7) == 0 && strcmp(c->sec[i].name + 7, name) == 0)
            s = &c->sec[i];
    if (!s) {
        vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "no section [motion.%s]", name);
        return NULL;
    }
    if (p->nmotions == VCCD_TOC_PROBLEM_MAX_MOTIONS) {
        vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "more than %d motions",
                       VCCD_TOC_PROBLEM_MAX_MOTIONS);
        return NULL;
    }
    if (!(p->motion[p->nmotions] = vccd_motion_from_config(s, prec, e)))
        return NULL;
    p->motion_name[p->nmotions] = s->name + 7;
    return p->motion[p->nmotions++];
}

static int
point_tokens(vccd_track *t, vccd_toc_problem *p, vccd_config_section *pair, vccd_config_kv *kv, mpfr_prec_t prec,
             char **tok, int n, vccd_error *e)
{
    if ((n != 4 && n != 3) || (n == 4 && strcmp(tok[1], "vertex") == 0))
        return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key,
                              "expected 'MOTION x y z' or 'MOTION vertex INDEX'");
    if (!(t->m = motion_named(p, tok[0], prec, pair, kv, e)))
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

/* One "point.K = NAME x y z" or "point.K = NAME vertex I". */
static int
parse_point(vccd_track *t, vccd_toc_problem *p, vccd_config_section *pair, vccd_config_kv *kv, mpfr_prec_t prec,
            vccd_error *e)
{
    char *buf, *tok[5], *save = NULL;
    int n = 0, rc;

    if (!(buf = strdup(kv->value)))
        return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "out of memory");
    for (char *s = strtok_r(buf, " \t", &save); s && n < 5; s = strtok_r(NULL, " \t", &save))
        tok[n++] = s;
    rc = point_tokens(t, p, pair, kv, prec, tok, n, e);
    free(buf);
    return rc;
}

int
vccd_toc_problem_read_pair(vccd_toc_problem *p, const vccd_toc_problem_opts *opts, vccd_error *e)
{
    vccd_config *c = &p->cfg;
    vccd_pair_input *in = &p->pair;
    vccd_config_section *pair;
    vccd_config_kv *kv;
    mpfr_prec_t prec;
    int kind;

    /* before anything is read: the override names what to use instead */
    if (opts->query_max_work > 0)
        return vccd_error_set(e, c->file, 0, NULL, NULL,
                              "--query-max-work bounds the query of two meshes ([body.NAME] sections); "
                              "one feature pair's budget is --max-work");
    vccd_pair_input_init(in);
    /* A misspelt section must not be silently ignored, nor a motion
       that no point uses be left unread. */
    if (vccd_config_check_sections(c, known_sections, e) != 0 || vccd_solve_opts_from_config(&in->solve, c, e) != 0)
        return -1;
    prec = vccd_toc_motion_prec(&in->solve);
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
    if (!(pair = vccd_config_find(c, "pair")))
        return vccd_error_set(e, c->file, c->lines, NULL, NULL,
                              "no [pair] section (nor two [body.NAME] sections; read to the end)");
    if (!(kv = vccd_config_get(pair, "kind")))
        return vccd_error_set(e, pair->file, pair->line, pair->name, "kind", "missing");
    if ((kind = vccd_feature_kind_find(kv->value)) < 0)
        return vccd_error_set(e, pair->file, kv->line, pair->name, "kind",
                              "unknown kind '%s' (vertex-face, edge-edge, vertex-edge-2d)", kv->value);
    in->kind = (vccd_feature_kind)kind;
    for (int i = 0; i < vccd_feature_kind_npoints(in->kind); i++) {
        char key[32];
        snprintf(key, sizeof key, "point.%d", i);
        if (!(kv = vccd_config_get(pair, key)))
            return vccd_error_set(e, pair->file, pair->line, pair->name, key, "missing (a %s pair has %d points)",
                                  vccd_feature_kind_name(in->kind), vccd_feature_kind_npoints(in->kind));
        if (parse_point(&in->point[i], p, pair, kv, prec, e) != 0)
            return -1;
    }
    if ((kv = vccd_config_get(pair, "min_separation"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo >= 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, pair->file, kv->line, pair->name, kv->key, "expected a decimal >= 0");
        in->min_separation = d.hi;      /* proved farther than the upper end: farther than the decimal */
    }
    if (vccd_config_check_unused(pair, e) != 0)
        return -1;
    if (opts->max_work > 0)
        in->solve.max_work = opts->max_work;
    return 0;
}
