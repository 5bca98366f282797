/* problem_meshes.c -- the two-mesh form of a toc config (toc.h):
       [body.a]
       mesh = bunny              # a file, a shape (box:1:1:1) or a bundled model
       center = mass             # the [mesh.NAME] normalisation keys
       scale = radius 1
       degenerate = keep
       motion = ma               # a [motion.ma] section, any model
       [body.b] ...
       [query]
       mode = exact              # exact | capoeira (BVH alone, approximate)
       bv = obb                  # sphere aabb obb kdop14 kdop18
       eps_d = 0.01              # step back to a proved gap >= eps_d
       positive_gap = yes        # step back to a proved gap > 0 (default)
       min_separation = 0.05     # first time the distance can be <= d
       search = auto             # auto | bvh | brute (vccd_query_search)
       advance = yes             # yes | no: tiny meshes advance first
       max_work = 10000000       # the query's work budget (query.h)
       leaf_size = 1             # default 1
       split = sah
       [solver] / [arithmetic]   as for one feature pair
   read into a vccd_toc_input, the meshes loaded and their BVHs built
   here, once, so that solving only reads them. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/config_pending.h"
#include "toc_impl.h"
#include "vccd/omp.h"

/* [query] (optional) and [solver] / [arithmetic] into o and bo. */
static int
parse_query(vccd_query_opts *o, vccd_bvh_opts *bo, vccd_config *c, vccd_error *e)
{
    vccd_config_section *s = vccd_config_find(c, "query");
    vccd_config_kv *kv;

    vccd_query_opts_init(o);
    vccd_bvh_opts_init(bo);
    /* One triangle per leaf: a feature pair solved costs far more than a
       volume test that could have excluded it (bench toc). */
    bo->leaf_size = 1;
    if (vccd_solve_opts_from_config(&o->solve, c, e) != 0)
        return -1;
    if (!s)
        goto types;
    if ((kv = vccd_config_get(s, "mode"))) {
        if (!strcmp(kv->value, "exact"))
            o->mode = VCCD_QUERY_EXACT;
        else if (!strcmp(kv->value, "capoeira"))
            o->mode = VCCD_QUERY_CAPOEIRA;
        else
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown mode '%s' (exact, capoeira)",
                                  kv->value);
    }
    if ((kv = vccd_config_get(s, "search"))) {
        int sr = vccd_query_search_find(kv->value);
        if (sr < 0)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown search '%s' (auto, bvh, brute)",
                                  kv->value);
        o->search = (vccd_query_search)sr;
        if (o->search == VCCD_QUERY_SEARCH_BRUTE && o->mode != VCCD_QUERY_EXACT)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                  "search = brute needs mode = exact (capoeira is the BVH alone)");
    }
    if ((kv = vccd_config_get(s, "advance"))) {
        if (!strcmp(kv->value, "yes") || !strcmp(kv->value, "no"))
            o->advance = !strcmp(kv->value, "yes");
        else
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected yes or no, not '%s'", kv->value);
    }
    if ((kv = vccd_config_get(s, "bv")) && (o->bv = vccd_bv_type_find(kv->value)) < 0)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown BV type '%s' (%s)", kv->value,
                              vccd_bv_type_names());
    if ((kv = vccd_config_get(s, "eps_d"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo > 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected a decimal > 0");
        /* the proof must reach at least the value asked for */
        o->eps_d = d.hi;
        if (o->mode != VCCD_QUERY_EXACT)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                  "the step back needs mode = exact (a proved contact time)");
    }
    if ((kv = vccd_config_get(s, "positive_gap")) && vccd_config_bool(&o->positive_gap, s, kv, e) != 0)
        return -1;
    if ((kv = vccd_config_get(s, "max_work")) && vccd_config_long(&o->max_work, s, kv, 1, VCCD_QUERY_MAX_WORK_LIMIT, e) != 0)
        return -1;
    if ((kv = vccd_config_get(s, "min_separation"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo >= 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected a decimal >= 0");
        /* proved farther than the upper end: farther than the decimal */
        o->min_separation = d.hi;
    }
    if (vccd_bvh_opts_from_config(bo, s, e) != 0)
        return -1;
    if (vccd_config_check_unused(s, e) != 0)
        return -1;
types:
    bo->types = 1u << o->bv;
    return 0;
}

/* A [body.NAME] section between its reading and its mesh's load
   (config_pending.h): the motion's section found, the mesh keys read. */
typedef struct {
    vccd_config_section *s, *ms;
    vccd_config_kv *mk;
    vccd_mesh_pending mesh;
} body_pending;

static int
body_parse(body_pending *b, vccd_config *c, vccd_config_section *s, vccd_error *e)
{
    char sec[96];

    memset(b, 0, sizeof *b);
    b->s = s;
    b->mk = vccd_config_get(s, "motion");
    if (!b->mk || !*b->mk->value)
        return vccd_error_set(e, s->file, b->mk ? b->mk->line : s->line, s->name, "motion",
                              "missing (the name of a [motion.NAME] section)");
    snprintf(sec, sizeof sec, "motion.%s", b->mk->value);
    if (strlen(b->mk->value) > 64 || !(b->ms = vccd_config_find(c, sec)))
        return vccd_error_set(e, s->file, b->mk->line, s->name, "motion", "no section [motion.%s]", b->mk->value);
    return vccd_mesh_pending_parse(&b->mesh, s, "mesh", e);
}

static int
body_finish(vccd_motion **mo, body_pending *b, const vccd_mesh *m, mpfr_prec_t prec, vccd_error *e)
{
    vccd_config_section *s = b->s;
    vccd_config_kv *mk = b->mk;

    if (vccd_mesh_pending_finish(&b->mesh, e) != 0)
        return -1;
    if (!(*mo = vccd_motion_from_config(b->ms, prec, e)))
        return -1;
    if ((*mo)->type->dim != 3 && !m->planar)
        return vccd_error_set(e, s->file, mk->line, s->name, "motion",
                              "motion '%s' (%s) is planar: a mesh body needs a 3D motion", mk->value,
                              (*mo)->type->name);
    if ((*mo)->type->dim != 2 && m->planar)
        return vccd_error_set(e, s->file, mk->line, s->name, "motion",
                              "motion '%s' (%s) is 3D: a 2D body (%s) needs a planar motion (ltlrm2d)", mk->value,
                              (*mo)->type->name, m->name);
    if ((*mo)->type->per_vertex && (*mo)->nvertices < m->nv)
        return vccd_error_set(e, s->file, mk->line, s->name, "motion",
                              "motion '%s' moves %d vertices, the mesh has %ld", mk->value, (*mo)->nvertices,
                              m->nv);
    return 0;
}

int
vccd_toc_body_load(vccd_mesh *m, vccd_motion **mo, vccd_config *c, vccd_config_section *s, mpfr_prec_t prec,
                   vccd_error *e)
{
    body_pending b;

    *mo = NULL;
    memset(m, 0, sizeof *m);
    if (body_parse(&b, c, s, e) != 0)
        return -1;
    vccd_mesh_pending_load(m, &b.mesh);
    return body_finish(mo, &b, m, prec, e);
}

/* 1 when two parsed mesh keys make the same mesh: the same spec (or
   file near the config), normalisation and limit. */
static int
same_mesh(const vccd_mesh_pending *a, const vccd_mesh_pending *b)
{
    const char *x = a->near ? a->near : a->spec, *y = b->near ? b->near : b->spec;
    return strcmp(x, y) == 0 && a->o.degenerate == b->o.degenerate && a->o.center == b->o.center
           && a->o.radius == b->o.radius && a->max_nt == b->max_nt;
}

/* The bodies of p from the nb (1 or 2) sections s: every section read,
   then the meshes loaded at once (a million-triangle mesh takes most of
   a second to read and index, and the two are independent), then each
   body finished in turn, so that the error reported is the one loading
   them in turn would report: the first body's first.  Two bodies with
   the same mesh keys (a bunny against a bunny) share one mesh and one
   BVH, as `vccd run` shares its models: the query only reads them.
   0, or -1 with e. */
static int
load_bodies(vccd_toc_problem *p, vccd_config_section **s, int nb, mpfr_prec_t prec, vccd_error *e)
{
    body_pending b[2];
    vccd_error pe[2];
    int prc[2] = { -1, -1 }, rc = 0;
    fenv_t env;

    for (int i = 0; i < nb; i++) {
        snprintf(p->body[i].name, sizeof p->body[i].name, "%s", s[i]->name + 5);
        p->body[i].loaded = 1;  /* a zeroed mesh clears */
        prc[i] = body_parse(&b[i], &p->cfg, s[i], &pe[i]);
    }
    if (nb == 2 && prc[0] == 0 && prc[1] == 0 && same_mesh(&b[0].mesh, &b[1].mesh)) {
        p->body[1].shared = 1;
        p->body[1].loaded = 0;
        b[1].mesh.rc = 0;       /* its load is body 0's, reported there */
    }
    fegetenv(&env);
    VCCD_OMP(omp parallel for num_threads(2) schedule(static, 1)
             if (nb == 2 && prc[0] == 0 && prc[1] == 0 && !p->body[1].shared))
    for (int i = 0; i < nb; i++)
        if (prc[i] == 0 && !p->body[i].shared) {
            /* A pool thread keeps the floating-point environment it was
               made in; strtod and the normalisation round in the
               caller's, so that a file reads to the same bits on either
               thread (doc/meshes.md). */
            fenv_t own;
            fegetenv(&own);
            fesetenv(&env);
            vccd_mesh_pending_load(&p->body[i].m, &b[i].mesh);
            fesetenv(&own);
        }
    for (int i = 0; i < nb; i++) {
        if (rc != 0) {          /* given up: only free */
            if (prc[i] == 0)
                vccd_mesh_pending_clear(&b[i].mesh);
        } else if (prc[i] != 0) {
            *e = pe[i];
            rc = -1;
        } else
            rc = body_finish(&p->body[i].mo, &b[i], p->body[i].shared ? &p->body[0].m : &p->body[i].m, prec, e);
    }
    return rc;
}

int
vccd_toc_problem_read_meshes(vccd_toc_problem *p, const vccd_toc_problem_opts *opts, vccd_error *e)
{
    vccd_config *c = &p->cfg;
    vccd_query_opts *o = &p->meshes.opts;
    vccd_bvh_opts bo;
    mpfr_prec_t prec;
    int nb = 0;

    vccd_toc_input_init(&p->meshes);
    for (int i = 0; i < c->n; i++) {
        const char *n = c->sec[i].name;
        if (strcmp(n, "query") && strcmp(n, "solver") && strcmp(n, "arithmetic") && strncmp(n, "motion.", 7)
            && strncmp(n, "body.", 5))
            return vccd_error_set(e, c->sec[i].file, c->sec[i].line, n, NULL,
                                  "unknown section (body.NAME, motion.NAME, query, solver, arithmetic)");
    }
    if (parse_query(o, &bo, c, e) != 0)
        return -1;
    if (opts->max_work > 0)
        o->solve.max_work = opts->max_work;
    if (opts->query_max_work > 0)
        o->max_work = opts->query_max_work;
    prec = vccd_toc_motion_prec(&o->solve);
    {
        vccd_config_section *bs[2], *third = NULL;
        for (int i = 0; i < c->n && !third; i++) {
            vccd_config_section *s = &c->sec[i];
            if (strncmp(s->name, "body.", 5))
                continue;
            if (nb == 2)
                third = s;
            else
                bs[nb++] = s;
        }
        /* the first two bodies' errors come before a third body's, as
           when each was loaded where it was met */
        if (nb > 0 && load_bodies(p, bs, nb, prec, e) != 0)
            return -1;
        if (third)
            return vccd_error_set(e, third->file, third->line, third->name, NULL,
                                  "a third body: the query takes two");
    }
    if (nb != 2)
        return vccd_error_set(e, c->file, 0, NULL, NULL, "%s [body.NAME] section%s: the query takes two",
                              nb ? "one" : "no", nb ? "" : "s");
    /* The step back proves its gap with the rigorous distance of two
       posed meshes, which a deforming mesh does not have: refused, not
       answered without the safe time asked for. */
    for (int i = 0; i < 2 && o->eps_d > 0.0; i++)
        if (p->body[i].mo->type->per_vertex) {
            vccd_config_section *s = vccd_config_find(c, "query");
            vccd_config_kv *kv = vccd_config_get(s, "eps_d");
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                  "the step back needs rigid motions ([body.%s] moves its vertices: %s)",
                                  p->body[i].name, p->body[i].mo->type->name);
        }
    for (int i = 0; i < 2; i++) {
        if (!p->body[i].shared) {
            if (vccd_bvh_build(&p->body[i].h, &p->body[i].m, &bo, e) != 0)
                return -1;
            p->body[i].built = 1;
        }
        p->meshes.body[i].bvh = p->body[i].shared ? &p->body[0].h : &p->body[i].h;
        p->meshes.body[i].motion = p->body[i].mo;
    }
    return 0;
}
