/* toc_impl.h -- private to lib/toc: the answer and the counters of
   vccd_toc_answer / vccd_toc_stats filled from the engine's results. */
#ifndef VCCD_TOC_IMPL_H
#define VCCD_TOC_IMPL_H

#include "vccd/toc.h"

/* From the mesh query's result (query.h). */
void vccd_toc_answer_from_query(vccd_toc_answer *a, vccd_toc_stats *st, const vccd_query_result *r,
                                const vccd_query_opts *o);
/* From one feature pair's solve (solver.h). */
void vccd_toc_answer_from_solve(vccd_toc_answer *a, vccd_toc_stats *st, const vccd_toc *r, vccd_feature_kind kind,
                                const vccd_solve_opts *o);

/* A problem read from a config (toc.h): the config, whose section names
   the motion names point into, and what was made from it, with what was
   made so far, so that one free undoes any partial load. */
#define VCCD_TOC_PROBLEM_MAX_MOTIONS 4

/* A body of the meshes form: [body.NAME]'s mesh, BVH and motion. */
typedef struct {
    char name[64];
    vccd_mesh m;
    vccd_bvh h;
    vccd_motion *mo;
    int loaded, built;
    /* 1 for the second body when its mesh keys are the first's: it uses
       body[0]'s mesh and BVH (m and h stay empty) */
    int shared;
} vccd_toc_problem_body;

struct vccd_toc_problem {
    vccd_config cfg;
    vccd_toc_problem_form form;
    /* the pair form: the motions its points name */
    vccd_pair_input pair;
    vccd_motion *motion[VCCD_TOC_PROBLEM_MAX_MOTIONS];
    const char *motion_name[VCCD_TOC_PROBLEM_MAX_MOTIONS];
    int nmotions;
    /* the meshes form */
    vccd_toc_input meshes;
    vccd_toc_problem_body body[2];
};

/* The two forms' readers (problem_pair.c, problem_meshes.c): fill p
   from p->cfg with the overrides o.  0, or -1 with e set; p->form is
   already set, and what was made is freed by vccd_toc_problem_free. */
int vccd_toc_problem_read_pair(vccd_toc_problem *p, const vccd_toc_problem_opts *o, vccd_error *e);
int vccd_toc_problem_read_meshes(vccd_toc_problem *p, const vccd_toc_problem_opts *o, vccd_error *e);

/* A [body.NAME] section of c: mesh = (with the normalisation keys of
   vccd_mesh_config_load_as) and motion = the name of a [motion.NAME]
   section, read at parameter precision prec, checked to fit (a planar
   motion for a 2D mesh and only then, a per-vertex motion with a vertex
   for each of the mesh's).  0, or -1 with e naming file, line, section
   and key; on -1 *m and *mo hold what was made (the caller frees both). */
int vccd_toc_body_load(vccd_mesh *m, vccd_motion **mo, vccd_config *c, vccd_config_section *s, mpfr_prec_t prec,
                       vccd_error *e);

/* The motion parameters' precision: at least the finest arithmetic the
   solve uses, so that no MPFR run sees rounded inputs. */
mpfr_prec_t vccd_toc_motion_prec(const vccd_solve_opts *o);

/* The motion a linear-query context refills (for the tests: its
   param_di and param_ui against the constructor's). */
const vccd_motion *vccd_toc_linear_ctx_motion(const vccd_toc_linear_ctx *c);

#endif
