/* problem.c -- vccd_toc_problem (toc.h): a time-of-contact problem read
   from a config file, kept whole (config, motions, meshes, BVHs, input)
   so that the command line, the Python package and C callers read a
   config alike and solve it with the one call of its form. */
#include <stdlib.h>
#include <string.h>

#include "toc_impl.h"

void
vccd_toc_problem_opts_init(vccd_toc_problem_opts *o)
{
    memset(o, 0, sizeof *o);
}

/* The overrides' ranges are those of the config keys they replace. */
static int
check_opts(const vccd_toc_problem_opts *o, vccd_error *e)
{
    const char *who = "vccd_toc_problem_load";
    if (o->max_work < 0 || o->max_work > VCCD_SOLVE_MAX_WORK_LIMIT)
        return vccd_error_set(e, who, 0, NULL, NULL, "max_work = %ld is not in 1 .. %ld (0: the config's)",
                              o->max_work, VCCD_SOLVE_MAX_WORK_LIMIT);
    if (o->query_max_work < 0 || o->query_max_work > VCCD_QUERY_MAX_WORK_LIMIT)
        return vccd_error_set(e, who, 0, NULL, NULL, "query_max_work = %ld is not in 1 .. %ld (0: the config's)",
                              o->query_max_work, VCCD_QUERY_MAX_WORK_LIMIT);
    return 0;
}

int
vccd_toc_problem_load(vccd_toc_problem **pp, const char *path, const vccd_toc_problem_opts *o, vccd_error *e)
{
    vccd_toc_problem_opts none;
    vccd_toc_problem *p;
    int rc;

    *pp = NULL;
    if (!o) {
        vccd_toc_problem_opts_init(&none);
        o = &none;
    }
    if (check_opts(o, e) != 0)
        return -1;
    if (!(p = calloc(1, sizeof *p)))
        return vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
    if (vccd_config_load(&p->cfg, path, e) != 0) {
        free(p);
        return -1;
    }
    /* Two bodies: the mesh query; otherwise one feature pair. */
    p->form = VCCD_TOC_PROBLEM_PAIR;
    for (int i = 0; i < p->cfg.n; i++)
        if (strncmp(p->cfg.sec[i].name, "body.", 5) == 0)
            p->form = VCCD_TOC_PROBLEM_MESHES;
    rc = p->form == VCCD_TOC_PROBLEM_MESHES ? vccd_toc_problem_read_meshes(p, o, e)
                                            : vccd_toc_problem_read_pair(p, o, e);
    if (rc != 0) {
        vccd_toc_problem_free(p);
        return -1;
    }
    *pp = p;
    return 0;
}

int
vccd_toc_problem_solve(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_toc_problem *p, vccd_error *e)
{
    if (p->form == VCCD_TOC_PROBLEM_MESHES)
        return vccd_toc_meshes(answer, stats, &p->meshes, e);
    return vccd_toc_pair(answer, stats, &p->pair, e);
}

void
vccd_toc_problem_free(vccd_toc_problem *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->nmotions; i++)
        vccd_motion_free(p->motion[i]);
    for (int i = 0; i < 2; i++) {
        if (p->body[i].built)
            vccd_bvh_clear(&p->body[i].h);
        if (p->body[i].loaded)
            vccd_mesh_clear(&p->body[i].m);
        vccd_motion_free(p->body[i].mo);
    }
    vccd_config_clear(&p->cfg);
    free(p);
}

vccd_toc_problem_form
vccd_toc_problem_form_get(const vccd_toc_problem *p)
{
    return p->form;
}

const char *
vccd_toc_problem_path(const vccd_toc_problem *p)
{
    return p->cfg.file;
}

const vccd_pair_input *
vccd_toc_problem_pair(const vccd_toc_problem *p)
{
    return p->form == VCCD_TOC_PROBLEM_PAIR ? &p->pair : NULL;
}

const vccd_toc_input *
vccd_toc_problem_meshes(const vccd_toc_problem *p)
{
    return p->form == VCCD_TOC_PROBLEM_MESHES ? &p->meshes : NULL;
}

const char *
vccd_toc_problem_body_name(const vccd_toc_problem *p, int i)
{
    return p->form == VCCD_TOC_PROBLEM_MESHES && (i == 0 || i == 1) ? p->body[i].name : NULL;
}

const vccd_mesh *
vccd_toc_problem_mesh(const vccd_toc_problem *p, int i)
{
    if (p->form != VCCD_TOC_PROBLEM_MESHES || (i != 0 && i != 1))
        return NULL;
    return p->body[i].shared ? &p->body[0].m : &p->body[i].m;
}
