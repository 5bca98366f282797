/* bench_solvers.h -- what the parts of `vccd bench solvers` share
   (bench_solvers.c: options, CSV and the entry; bench_solvers_eps.c: the
   time to eps_t past binary64; bench_solvers_queries.c:
   the sample queries; bench_solvers_pairs.c: random pairs under ltlrm
   motions; bench_solvers_arith.c: every arithmetic and the tail
   families). */
#ifndef VCCD_BENCH_SOLVERS_H
#define VCCD_BENCH_SOLVERS_H

#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "cli.h"
#include "query_run.h"
#include "vccd.h"

#define MAX_SOLVERS 8

/* A touching pair may be reported first at t* plus the shift that the
   rounding of its construction causes (about 1e-14 for these sizes and
   speeds); anything later than this has skipped a contact. */
#define LATE_TOL 1e-9

/* BUG lines printed per kind of failure: a broken solver would otherwise
   bury the tables under thousands of them. */
#define MAX_BUG_LINES 20

typedef struct {
    FILE *csv;
    const char *qdir;
    long pairs;
    unsigned long seed;
    int quick;
    mpfr_prec_t motion_prec;    /* bits of the pairs' motion parameters */
} bs_opts;

/* Mean of total over n queries (0 for none). */
double bs_per_query(long total, long n);
/* Ratio of mean time and of mean boxes per query, a over b. */
void bs_ratios(double *time, double *boxes, const vccd_query_stats *a, const vccd_query_stats *b);
/* One CSV row (nothing when csv is NULL); ratios to base when it has
   queries. */
void bs_csv_row(FILE *csv, const char *part, const char *solver, const char *arith, const char *kind, const char *half,
                const vccd_query_stats *s, int with_fp, const vccd_query_stats *base);

/* The three parts; each returns the exit status.  run_queries sets
   *tl_ratio := taylor-lagrange/bisection mean time on the sample queries
   (0 without them), which run_pairs prints beside its own. */
int run_queries(const bs_opts *o, double *tl_ratio);
int run_pairs(const bs_opts *o, double q_tl_ratio);
int run_by_arith(const bs_opts *o);
/* Part 4 (bench_solvers_eps.c): the time to reach eps_t past binary64
   on the positive queries of qs[0 .. nf) and on random touching pairs. */
int run_eps(const bs_opts *o, const vccd_queries *qs, long nf);
/* The query files under dir (bench_solvers_queries.c); the exit status. */
int bs_read_queries(vccd_queries **qs, long *nf, long *nq, const char *dir);
void bs_free_queries(vccd_queries *qs, long nf);
/* --dump-pair: print pair idx's two motions and tracks. */
int dump_pair(const bs_opts *o, long idx);

/* The random pairs (bench_solvers_pairs.c), for run_by_arith. */
typedef double v3[3];

typedef struct {
    vccd_motion *m;
    v3 origin;                  /* pose at t*, midpoints */
    double R[9];
} body;

enum { HALF_TOUCH = 0, HALF_MISS = 1 };
enum { FAMILY_RANDOM = 0, FAMILY_GRAZE, FAMILY_BOUNDARY, FAMILY_ENDS, NFAMILY };
extern const char *const bs_family_name[];

typedef struct {
    body A, B;
    char text[2][1024];
    double tstar;
    int kind, half;
    vccd_track tr[4];
} bench_pair;

/* Pair idx of the seed in the family; -1 with e set on failure.  Free it
   with bs_free_pair either way. */
int bs_build_pair(bench_pair *bp, const bs_opts *o, long idx, int family, vccd_error *e);
void bs_free_pair(bench_pair *bp);
/* Record one answer and its time in s, growing s; -1 when out of memory. */
int bs_add_us(vccd_query_stats *s, const vccd_toc *r, double us);

#endif
