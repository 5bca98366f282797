/* queries.h -- CCD query files in the CSV format of the benchmark of Wang,
   Ferguson, Schneider, Jiang, Attene and Panozzo (ACM TOG 2021), "Sample
   Queries": 8 rows per query, each row "Px,Qx,Py,Qy,Pz,Qz,TRUTH" with the
   exact rational coordinates Px/Qx ... of one vertex and the query's
   ground truth (1: the primitives touch for some t in [0, 1]).  Rows
   0-3 are the four vertices at t = 0, rows 4-7 the same vertices at
   t = 1; each vertex moves linearly.  Vertex-face rows are v, f0, f1, f2;
   edge-edge rows are ea0, ea1, eb0, eb1 -- in both cases the point order
   of feature.h. */
#ifndef VCCD_QUERIES_H
#define VCCD_QUERIES_H

#include "vccd/error.h"
#include "vccd/feature.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef struct {
    int line;                   /* line of its first row in the file */
    int truth;                  /* ground truth, 0 or 1 (-1: the file has
                                   no truth column) */
    char *coord[8][3];          /* "P/Q" with Q > 0, in lowest terms or not */
} vccd_query;

typedef struct {
    char *file;
    vccd_feature_kind kind;
    vccd_query *q;
    long n, cap;
    int has_truth;              /* 1: rows of 7 fields; 0: of 6, the
                                   truth given elsewhere (Scalable CCD's
                                   files, whose verdicts are JSON) */
} vccd_queries;

/* The kind named by a path: a directory or file name containing
   "vertex-face" or "edge-edge"; -1 if neither or both. */
int vccd_queries_kind_from_path(const char *path);

/* Read path into qs; kind < 0 infers it from the path.  0 on success, -1
   with e naming the file and line of the first problem: unreadable file,
   a row without 7 integer fields (or 6 in a file whose first row has 6:
   no truth column, truth -1), a row whose count differs from the
   first's, a zero denominator, a truth other than 0 or 1 or differing within a query, a truncated last query,
   an unknown kind. */
int vccd_queries_read(vccd_queries *qs, const char *path, int kind, vccd_error *e);
void vccd_queries_clear(vccd_queries *qs);

/* A query is solved by the linear-query context of toc.h
   (vccd_toc_linear_ctx_set_str takes its coord text as it is). */

VCCD_END_DECLS

#endif
