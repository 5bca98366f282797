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

/* The motion a linear-query context refills (for the tests: its
   param_di and param_ui against the constructor's). */
const vccd_motion *vccd_toc_linear_ctx_motion(const vccd_toc_linear_ctx *c);

#endif
