/* feature-ref.h -- what the t-feature* tests share: the backends under
   test, random rationals and grid numbers, exact 3-vectors and cubics
   (GMP), containment of rationals in intervals, sample times, and the
   vertex-linear pair with its exact coplanarity function and jet check.
   Each is described where it is defined, in feature-ref.c. */
#ifndef VCCD_TEST_FEATURE_REF_H
#define VCCD_TEST_FEATURE_REF_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/feature.h"

#define LIN_PREC 320            /* vertex-linear parameters: above every backend's 256 */
#define RIG_PREC 1200           /* rigid parameters: above the reference's precision */
#define REF_PREC 1000
#define NSAMP 4                 /* sample times per time interval */
/* inih's line buffer is INI_MAX_LINE = 200 bytes with newline and NUL;
   the loader rejects longer lines. */
#define CFG_LINE_MAX 198

enum { B_DI, B_M53, B_M113, B_M256, NB };
typedef struct {
    mpq_t c[4];                 /* c[0] + c[1] t + c[2] t^2 + c[3] t^3 */
} poly;

typedef struct {
    vccd_feature_kind kind;
    int np, e10;
    mpq_t x[4][3], d[4][3];
    poly s;                     /* the exact coplanarity function */
    vccd_motion *m;
    vccd_feature *f[NB];
    char what[512];             /* the scene, for failure messages */
} lin_pair;

enum {
    LJ_GENERIC, LJ_NEAR_DEGENERATE, LJ_DEGENERATE, LJ_ZERO_EDGE, LJ_LARGE, LJ_TINY, LJ_HUGE,
    LJ_REST, LJ_COPLANAR, LJ_N
};

extern const vccd_arith barith[NB];
extern const char *const bname[NB];
extern const vccd_feature_kind kinds[3];
extern const int vec_pts[3][3][2];
extern const int det_terms[6][4];
extern char ctx[8192];
extern int verbose;
extern const char *const lj_name[LJ_N];
extern const int degen_pts[3][4];
extern const int zero_edge[3][2];

int npoints(vccd_feature_kind k);
long rnd_int(long lo, long hi);
int rnd_one_in(unsigned long n);
double rnd_sym(double s);
void q_k(mpq_t r, long lo, long hi, int bits);
void q_grid(mpq_t r, long range, int bits);
void q_rand(mpq_t r, long scale);
const char *q_fmt(const mpq_t q);
void qv_init(mpq_t *v);
void qv_clear(mpq_t *v);
void qv_set(mpq_t *r, mpq_t *a);
void qv_zero(mpq_t *r);
void qv_sub(mpq_t *r, mpq_t *a, mpq_t *b);
void qv_addmul(mpq_t *r, mpq_t *a, const mpq_t s, mpq_t *b);
void qv_grid(mpq_t *r, long range, int bits, int dim);
int qv_is_zero(mpq_t *a);
int qv_parallel(mpq_t *a, mpq_t *b);
void poly_init(poly *p);
void poly_clear(poly *p);
void poly_zero(poly *p);
void poly_addmul(poly *r, const poly *a, const poly *b, int sign);
void poly_deriv_at(mpq_t v, const poly *p, const mpq_t t, int k);
int di_has_q(vccd_di a, const mpq_t v);
int di_has_mi(vccd_di a, const vccd_mi_struct *r);
vccd_di t_rand(void);
double t_sample(vccd_di t, int i);
double t_star(void);
vccd_di t_around(double t, double maxw);
int jet_order(void);
void lin_init(lin_pair *lp);
void lin_release(lin_pair *lp);
void lin_clear(lin_pair *lp);
size_t q_append(char *buf, size_t cap, size_t len, const mpq_t q, int e10);
void lin_exact_s(lin_pair *lp);
void lin_build(lin_pair *lp, const char *what);
const char *arith_of(const vccd_feature *f);
void lin_check_jets(lin_pair *lp, vccd_di T);
void lin_random(lin_pair *lp, int cls);

#endif
