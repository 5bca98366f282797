/* t-arith.c -- randomized containment, validity, tightness and aliasing of every vccd_mi (MPFR interval) operation. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define LO(x) (&(x)->lo)
#define HI(x) (&(x)->hi)
/* Allocation size of every variable: at least max(256, 600 + 64), the
   largest reference precision; mpfr_set_prec below it never reallocates. */
#define PMAX 704


/* --- formatting and generic checks ---------------------------------- */

/* Exact hex text of an interval / number, for failure messages. */





/* Change the precision of both endpoints; the contents become NaN, so an
   operation that forgets to write an endpoint is caught by check_valid. */
static void
mi_prec(vccd_mi_t x, mpfr_prec_t p)
{
    mpfr_set_prec(LO(x), p);
    mpfr_set_prec(HI(x), p);
}

static void
mi_init(vccd_mi_t x)
{
    vccd_mi_init2(x, PMAX);
}



static mpfr_prec_t
ref_prec(mpfr_prec_t p)
{
    return p + 64 > 256 ? p + 64 : 256;
}

/* A random operand: tu_mi, sometimes empty (to check propagation inside
   the random loop too), sometimes scaled beyond the binary64 exponent
   range, which MPFR intervals must handle. */
static void
gen_mi(vccd_mi_t r)
{
    unsigned long k = tu_ulong() % 64;
    if (k == 0) {
        vccd_mi_set_empty(r);
        return;
    }
    tu_mi(r, 0);
    if (k <= 2) {
        long s = 1100 + (long)(tu_ulong() % 4000);
        if (k == 2)
            s = -s;
        mpfr_mul_2si(LO(r), LO(r), s, MPFR_RNDD);
        mpfr_mul_2si(HI(r), HI(r), s, MPFR_RNDU);
    }
}

/* Round the exact interval [elo, ehi] (empty if lo > hi) outward to
   precision p into e. */
static void
round_out(vccd_mi_t e, mpfr_prec_t p, const mpfr_t elo, const mpfr_t ehi)
{
    mi_prec(e, p);
    if (mpfr_greater_p(elo, ehi)) {
        vccd_mi_set_empty(e);
        return;
    }
    mpfr_set(LO(e), elo, MPFR_RNDD);
    mpfr_set(HI(e), ehi, MPFR_RNDU);
}

/* --- point references ----------------------------------------------- */

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MIN, OP_MAX, NBIN };
static const char *const bin_name[NBIN] = { "add", "sub", "mul", "div", "min", "max" };
typedef void (*mi_bin_fn)(vccd_mi_ptr, vccd_mi_srcptr, vccd_mi_srcptr);
static const mi_bin_fn bin_fn[NBIN] = {
    vccd_mi_add, vccd_mi_sub, vccd_mi_mul, vccd_mi_div, vccd_mi_min, vccd_mi_max
};

/* op(x, y) rounded by rnd at v's precision; 0 if (x, y) is outside the
   domain (y == 0 for div). */
static int
ref_bin(int op, mpfr_t v, const mpfr_t x, const mpfr_t y, mpfr_rnd_t rnd)
{
    switch (op) {
    case OP_ADD: mpfr_add(v, x, y, rnd); return 1;
    case OP_SUB: mpfr_sub(v, x, y, rnd); return 1;
    case OP_MUL: mpfr_mul(v, x, y, rnd); return 1;
    case OP_DIV:
        if (mpfr_zero_p(y))
            return 0;
        mpfr_div(v, x, y, rnd);
        return 1;
    case OP_MIN: mpfr_min(v, x, y, rnd); return 1;
    default: mpfr_max(v, x, y, rnd); return 1;
    }
}

enum { OP_NEG, OP_ABS, OP_SQR, OP_SQRT, NUN };
static const char *const un_name[NUN] = { "neg", "abs", "sqr", "sqrt" };
typedef void (*mi_un_fn)(vccd_mi_ptr, vccd_mi_srcptr);
static const mi_un_fn un_fn[NUN] = { vccd_mi_neg, vccd_mi_abs, vccd_mi_sqr, vccd_mi_sqrt };

static int
ref_un(int op, mpfr_t v, const mpfr_t x, mpfr_rnd_t rnd)
{
    switch (op) {
    case OP_NEG: mpfr_neg(v, x, rnd); return 1;
    case OP_ABS: mpfr_abs(v, x, rnd); return 1;
    case OP_SQR: mpfr_sqr(v, x, rnd); return 1;
    default:
        if (mpfr_sgn(x) < 0)
            return 0;
        mpfr_sqrt(v, x, rnd);
        return 1;
    }
}

/* --- arithmetic: containment, validity, point tightness -------------- */

START_TEST(test_arith)
{
    vccd_mi_t a, b, r, r1, e, c;
    mpfr_t x, y, xs, vd, vu, t1, t2;
    long i, n = tu_iters(1000000);
    int op;

    tu_init();
    tu_nchecks = 0;
    mi_init(a); mi_init(b); mi_init(r); mi_init(r1); mi_init(e); mi_init(c);
    mpfr_inits2(PMAX, x, y, xs, vd, vu, t1, t2, (mpfr_ptr)0);
    for (i = 0; i < n; i++) {
        mpfr_prec_t p = tu_pick_prec(i), pa, pb, pr, P = ref_prec(p);
        int ne, pts;

        /* a quarter of the cases mix the precisions of operands and
           result: the result is at the output's precision */
        tu_mix_precs(p, &pa, &pb, &pr);
        mi_prec(a, pa);
        mi_prec(b, pb);
        gen_mi(a);
        gen_mi(b);
        mpfr_set_prec(x, pa);
        mpfr_set_prec(xs, pa);
        mpfr_set_prec(y, pb);
        mpfr_set_prec(vd, P);
        mpfr_set_prec(vu, P);
        mpfr_set_prec(t1, P);
        mpfr_set_prec(t2, P);
        ne = !vccd_mi_is_empty(a) && !vccd_mi_is_empty(b);
        if (!vccd_mi_is_empty(a))
            tu_fr_point_in(x, a);
        if (!vccd_mi_is_empty(b))
            tu_fr_point_in(y, b);
        pts = ne && vccd_mi_is_point(a) && vccd_mi_is_point(b);

        for (op = 0; op < NBIN; op++) {
            mi_prec(r, pr);
            bin_fn[op](r, a, b);
            tu_mi_check_valid(bin_name[op], r, pr);
            if (!ne) {
                TU_CHECK(vccd_mi_is_empty(r), "%s: empty operand gave %s (a=%s b=%s)",
                      bin_name[op], tu_fmt_mi(r), tu_fmt_mi(a), tu_fmt_mi(b));
                continue;
            }
            if (op == OP_DIV && vccd_mi_contains_zero(b)) {
                if (mpfr_zero_p(LO(b)) && mpfr_zero_p(HI(b)))
                    TU_CHECK(vccd_mi_is_empty(r), "div by [0,0]: %s / %s = %s", tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r));
                else
                    TU_CHECK(vccd_mi_is_entire(r), "div by zero-containing: %s / %s = %s",
                          tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r));
            }
            if (ref_bin(op, vd, x, y, MPFR_RNDD)) {
                ref_bin(op, vu, x, y, MPFR_RNDU);
                TU_CHECK(tu_encloses_fr(LO(r), HI(r), vd, vu),
                      "%s: %s op %s = %s misses x=%s y=%s (RD %s RU %s)", bin_name[op],
                      tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r), tu_fmt_fr(x), tu_fmt_fr(y), tu_fmt_fr(vd), tu_fmt_fr(vu));
            }
            /* point operands: endpoints must be the correctly rounded
               values at the output precision */
            if (pts && ref_bin(op, t1, x, y, MPFR_RNDD)) {
                mpfr_set_prec(t1, pr);
                mpfr_set_prec(t2, pr);
                ref_bin(op, t1, LO(a), LO(b), MPFR_RNDD);
                ref_bin(op, t2, LO(a), LO(b), MPFR_RNDU);
                TU_CHECK(mpfr_equal_p(LO(r), t1) && mpfr_equal_p(HI(r), t2),
                      "%s: points %s, %s give %s, not [%s, %s]", bin_name[op], tu_fmt_mi(a), tu_fmt_mi(b),
                      tu_fmt_mi(r), tu_fmt_fr(t1), tu_fmt_fr(t2));
                mpfr_set_prec(t1, P);
                mpfr_set_prec(t2, P);
            }
        }

        /* min and max are exact set formulas when nothing is rounded */
        if (ne && pr >= pa && pr >= pb) {
            mi_prec(r, pr);
            vccd_mi_min(r, a, b);
            mpfr_min(t1, LO(a), LO(b), MPFR_RNDN);
            mpfr_min(t2, HI(a), HI(b), MPFR_RNDN);
            TU_CHECK(mpfr_equal_p(LO(r), t1) && mpfr_equal_p(HI(r), t2),
                  "min: %s, %s = %s", tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r));
            vccd_mi_max(r, a, b);
            mpfr_max(t1, LO(a), LO(b), MPFR_RNDN);
            mpfr_max(t2, HI(a), HI(b), MPFR_RNDN);
            TU_CHECK(mpfr_equal_p(LO(r), t1) && mpfr_equal_p(HI(r), t2),
                  "max: %s, %s = %s", tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r));
        }

        /* hull: the exact hull rounded outward (empty is neutral) */
        mi_prec(r, pr);
        vccd_mi_hull(r, a, b);
        tu_mi_check_valid("hull", r, pr);
        if (vccd_mi_is_empty(a) && vccd_mi_is_empty(b)) {
            TU_CHECK(vccd_mi_is_empty(r), "hull of empties = %s", tu_fmt_mi(r));
        } else {
            if (vccd_mi_is_empty(a)) {
                round_out(e, pr, LO(b), HI(b));
            } else if (vccd_mi_is_empty(b)) {
                round_out(e, pr, LO(a), HI(a));
            } else {
                mpfr_min(t1, LO(a), LO(b), MPFR_RNDN);
                mpfr_max(t2, HI(a), HI(b), MPFR_RNDN);
                round_out(e, pr, t1, t2);
            }
            TU_CHECK(tu_mi_same(r, e), "hull: %s, %s = %s, expected %s", tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r), tu_fmt_mi(e));
            if (!vccd_mi_is_empty(a))
                TU_CHECK(vccd_mi_contains_fr(r, x), "hull %s misses %s", tu_fmt_mi(r), tu_fmt_fr(x));
            if (!vccd_mi_is_empty(b))
                TU_CHECK(vccd_mi_contains_fr(r, y), "hull %s misses %s", tu_fmt_mi(r), tu_fmt_fr(y));
        }

        /* intersect: the exact intersection rounded outward */
        mi_prec(r, pr);
        vccd_mi_intersect(r, a, b);
        tu_mi_check_valid("intersect", r, pr);
        if (!ne) {
            TU_CHECK(vccd_mi_is_empty(r), "intersect with empty = %s", tu_fmt_mi(r));
        } else {
            mpfr_max(t1, LO(a), LO(b), MPFR_RNDN);
            mpfr_min(t2, HI(a), HI(b), MPFR_RNDN);
            round_out(e, pr, t1, t2);
            TU_CHECK(tu_mi_same(r, e), "intersect: %s, %s = %s, expected %s", tu_fmt_mi(a), tu_fmt_mi(b), tu_fmt_mi(r), tu_fmt_mi(e));
            if (vccd_mi_contains_fr(b, x))
                TU_CHECK(vccd_mi_contains_fr(r, x), "intersect %s misses %s", tu_fmt_mi(r), tu_fmt_fr(x));
        }

        /* div_ext: the quotient of the points lies in one of the pieces */
        {
            int k;
            mi_prec(r, pr);
            mi_prec(r1, pr);
            k = vccd_mi_div_ext(r, r1, a, b);
            TU_CHECK(k >= 0 && k <= 2, "div_ext returned %d", k);
            TU_CHECK((k == 0) == (!ne || (mpfr_zero_p(LO(b)) && mpfr_zero_p(HI(b)))),
                  "div_ext: %d pieces for %s / %s", k, tu_fmt_mi(a), tu_fmt_mi(b));
            if (k >= 1) {
                tu_mi_check_valid("div_ext r0", r, pr);
                TU_CHECK(!vccd_mi_is_empty(r), "div_ext: empty piece 0");
            }
            if (k == 2) {
                tu_mi_check_valid("div_ext r1", r1, pr);
                TU_CHECK(!vccd_mi_is_empty(r1), "div_ext: empty piece 1");
                TU_CHECK(mpfr_lessequal_p(HI(r), LO(r1)),
                      "div_ext: pieces %s %s not ordered", tu_fmt_mi(r), tu_fmt_mi(r1));
                /* only a zero-containing divisor splits */
                TU_CHECK(vccd_mi_contains_zero(b) && !vccd_mi_contains_zero(a),
                      "div_ext: 2 pieces for %s / %s", tu_fmt_mi(a), tu_fmt_mi(b));
            }
            if (k == 1 && !vccd_mi_contains_zero(b)) {
                mi_prec(e, pr);
                vccd_mi_div(e, a, b);
                TU_CHECK(tu_mi_same(r, e), "div_ext %s != div %s", tu_fmt_mi(r), tu_fmt_mi(e));
            }
            {
                /* div_ui: the same as div by the exact point u, and r may alias a */
                unsigned long u = 1 + tu_ulong() % (tu_ulong() & 1 ? 7UL : 4294967295UL);
                VCCD_MI_TMP(ub, 64);
                VCCD_MI_TMP(q, pr);
                VCCD_MI_TMP(q2, pr);
                vccd_mi_set_d(ub, (double)u);
                vccd_mi_div_ui(q, a, u);
                vccd_mi_div(q2, a, ub);
                TU_CHECK(tu_mi_same(q, q2), "div_ui %s / %lu = %s, div gives %s", tu_fmt_mi(a), u, tu_fmt_mi(q),
                         tu_fmt_mi(q2));
                {
                    VCCD_MI_TMP(qa, vccd_mi_get_prec(a));
                    VCCD_MI_TMP(qb, vccd_mi_get_prec(a));
                    vccd_mi_div_ui(qb, a, u);
                    vccd_mi_set(qa, a);
                    vccd_mi_div_ui(qa, qa, u);
                    TU_CHECK(tu_mi_same(qa, qb), "div_ui aliased: %s, not %s", tu_fmt_mi(qa), tu_fmt_mi(qb));
                }
            }
            if (ne && ref_bin(OP_DIV, vd, x, y, MPFR_RNDD)) {
                ref_bin(OP_DIV, vu, x, y, MPFR_RNDU);
                TU_CHECK(k >= 1, "div_ext: no piece");
                TU_CHECK(tu_encloses_fr(LO(r), HI(r), vd, vu)
                      || (k == 2 && tu_encloses_fr(LO(r1), HI(r1), vd, vu)),
                      "div_ext: %s / %s = %s U %s (%d) misses %s / %s", tu_fmt_mi(a), tu_fmt_mi(b),
                      tu_fmt_mi(r), tu_fmt_mi(r1), k, tu_fmt_fr(x), tu_fmt_fr(y));
            }
        }

        /* unary operations on a */
        for (op = 0; op < NUN; op++) {
            int dom = 1;
            mi_prec(r, pr);
            un_fn[op](r, a);
            tu_mi_check_valid(un_name[op], r, pr);
            if (vccd_mi_is_empty(a)) {
                TU_CHECK(vccd_mi_is_empty(r), "%s: empty gave %s", un_name[op], tu_fmt_mi(r));
                continue;
            }
            mpfr_set(xs, x, MPFR_RNDN);
            if (op == OP_SQRT) {
                if (mpfr_sgn(HI(a)) < 0) {
                    TU_CHECK(vccd_mi_is_empty(r), "sqrt of negative %s = %s", tu_fmt_mi(a), tu_fmt_mi(r));
                    dom = 0;
                } else if (mpfr_sgn(xs) < 0) {
                    /* a point of the domain part [max(lo, 0), hi] */
                    mi_prec(c, pa);
                    mpfr_set_zero(LO(c), 1);
                    mpfr_set(HI(c), HI(a), MPFR_RNDN);
                    tu_fr_point_in(xs, c);
                }
            }
            if (op == OP_SQR || op == OP_ABS)
                TU_CHECK(mpfr_sgn(LO(r)) >= 0, "%s: negative lower bound %s", un_name[op], tu_fmt_mi(r));
            if (dom) {
                ref_un(op, vd, xs, MPFR_RNDD);
                ref_un(op, vu, xs, MPFR_RNDU);
                TU_CHECK(tu_encloses_fr(LO(r), HI(r), vd, vu), "%s: %s = %s misses x=%s",
                      un_name[op], tu_fmt_mi(a), tu_fmt_mi(r), tu_fmt_fr(xs));
            }
            if (dom && vccd_mi_is_point(a)) {
                mpfr_set_prec(t1, pr);
                mpfr_set_prec(t2, pr);
                ref_un(op, t1, LO(a), MPFR_RNDD);
                ref_un(op, t2, LO(a), MPFR_RNDU);
                TU_CHECK(mpfr_equal_p(LO(r), t1) && mpfr_equal_p(HI(r), t2),
                      "%s: point %s gives %s, not [%s, %s]", un_name[op], tu_fmt_mi(a), tu_fmt_mi(r),
                      tu_fmt_fr(t1), tu_fmt_fr(t2));
                mpfr_set_prec(t1, P);
                mpfr_set_prec(t2, P);
            }
            /* neg and abs are exact when nothing is rounded */
            if (pr >= pa && (op == OP_NEG || op == OP_ABS)) {
                if (op == OP_NEG) {
                    mpfr_neg(t1, HI(a), MPFR_RNDN);
                    mpfr_neg(t2, LO(a), MPFR_RNDN);
                } else if (mpfr_sgn(LO(a)) >= 0) {
                    mpfr_set(t1, LO(a), MPFR_RNDN);
                    mpfr_set(t2, HI(a), MPFR_RNDN);
                } else if (mpfr_sgn(HI(a)) <= 0) {
                    mpfr_neg(t1, HI(a), MPFR_RNDN);
                    mpfr_neg(t2, LO(a), MPFR_RNDN);
                } else {
                    mpfr_set_zero(t1, 1);
                    mpfr_neg(t2, LO(a), MPFR_RNDN);
                    mpfr_max(t2, t2, HI(a), MPFR_RNDN);
                }
                TU_CHECK(mpfr_equal_p(LO(r), t1) && mpfr_equal_p(HI(r), t2),
                      "%s: %s = %s, expected [%s, %s]", un_name[op], tu_fmt_mi(a), tu_fmt_mi(r), tu_fmt_fr(t1), tu_fmt_fr(t2));
            }
        }
    }
    printf("t-mi-arith arith: %ld checks, %ld iterations\n", tu_nchecks, n);
    vccd_mi_clear(a); vccd_mi_clear(b); vccd_mi_clear(r); vccd_mi_clear(r1);
    vccd_mi_clear(e); vccd_mi_clear(c);
    mpfr_clears(x, y, xs, vd, vu, t1, t2, (mpfr_ptr)0);
}
END_TEST

/* --- measures, splitting, predicates, get_di ------------------------ */

START_TEST(test_measures)
{
    vccd_mi_t a, b, L, R;
    mpfr_t m, t, u, x, y;
    long i, n = tu_iters(1000000);

    tu_init();
    tu_nchecks = 0;
    mi_init(a); mi_init(b); mi_init(L); mi_init(R);
    mpfr_inits2(PMAX, m, t, u, x, y, (mpfr_ptr)0);
    for (i = 0; i < n; i++) {
        mpfr_prec_t p = tu_pick_prec(i), pa = p, pb = p, pm, P;
        int ea, eb, k;
        vccd_di d;

        if (tu_ulong() % 4 == 0) {
            pa = tu_prec_upto(p);
            pb = tu_prec_upto(p);
        }
        mi_prec(a, pa);
        mi_prec(b, pb);
        gen_mi(a);
        if (tu_ulong() % 16 == 0 && mpfr_regular_p(HI(a))) {
            /* up against MPFR's largest number, which mid returns for
               half-lines and bisect therefore meets: hi's exponent
               becomes emax - (0..2) */
            long s = (long)mpfr_get_emax() - (long)mpfr_get_exp(HI(a)) - (long)(tu_ulong() % 3);
            mpfr_mul_2si(LO(a), LO(a), s, MPFR_RNDD);
            mpfr_mul_2si(HI(a), HI(a), s, MPFR_RNDU);
        }
        if (tu_ulong() % 4 == 0 && mpfr_number_p(HI(a))) {
            /* b touching a from above, so that <= and < differ */
            mpfr_set(LO(b), HI(a), MPFR_RNDD);
            mpfr_set_d(HI(b), tu_unit() * 4, MPFR_RNDU);
            mpfr_add(HI(b), HI(b), HI(a), MPFR_RNDU);
        } else {
            gen_mi(b);
        }
        ea = vccd_mi_is_empty(a);
        eb = vccd_mi_is_empty(b);
        mpfr_set_prec(x, pa);
        mpfr_set_prec(y, pb);
        if (!ea)
            tu_fr_point_in(x, a);
        if (!eb)
            tu_fr_point_in(y, b);

        /* mid, at the operand's precision or a random one */
        pm = tu_ulong() & 1 ? pa : tu_prec_upto(PMAX - 64);
        mpfr_set_prec(m, pm);
        vccd_mi_mid(m, a);
        if (ea) {
            TU_CHECK(mpfr_nan_p(m), "mid of empty = %s", tu_fmt_fr(m));
        } else if (vccd_mi_is_entire(a)) {
            TU_CHECK(mpfr_zero_p(m), "mid of entire = %s", tu_fmt_fr(m));
        } else {
            /* a finite number inside whenever a holds one of m's
               precision: t is the least finite one >= lo (none when a
               starts beyond m's largest number) */
            TU_CHECK(!mpfr_nan_p(m), "mid of %s = %s", tu_fmt_mi(a), tu_fmt_fr(m));
            mpfr_set_prec(t, pm);
            mpfr_set(t, LO(a), MPFR_RNDU);
            if (tu_is_minf(t))
                mpfr_nextabove(t);
            if (mpfr_number_p(t) && mpfr_lessequal_p(t, HI(a)))
                TU_CHECK(mpfr_number_p(m) && vccd_mi_contains_fr(a, m),
                      "mid of %s = %s is outside", tu_fmt_mi(a), tu_fmt_fr(m));
            /* balanced: when m's precision has a number in
               [lo + 0.3 w, lo + 0.45 w], the rounded midpoint must fall in
               [lo + 0.2 w, lo + 0.8 w], or bisection stalls */
            if (vccd_mi_is_bounded(a) && pm >= pa) {
                /* all in halves (exact), since hi - lo can overflow
                   near MPFR's largest number: u = w/2 */
                MPFR_DECL_INIT(l2, PMAX);
                mpfr_set_prec(t, PMAX);
                mpfr_set_prec(u, PMAX);
                mpfr_set_prec(y, pm);
                mpfr_div_2ui(l2, LO(a), 1, MPFR_RNDN);
                mpfr_div_2ui(u, HI(a), 1, MPFR_RNDN);
                mpfr_sub(u, u, l2, MPFR_RNDN);
                mpfr_mul_d(t, u, 0.3, MPFR_RNDN);
                mpfr_add(t, t, l2, MPFR_RNDN);
                mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
                mpfr_set(y, t, MPFR_RNDU);
                mpfr_mul_d(t, u, 0.45, MPFR_RNDN);
                mpfr_add(t, t, l2, MPFR_RNDN);
                mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
                if (mpfr_lessequal_p(y, t)) {
                    mpfr_div_2ui(t, m, 1, MPFR_RNDN);
                    mpfr_sub(t, t, l2, MPFR_RNDN);
                    mpfr_div(t, t, u, MPFR_RNDN);
                    TU_CHECK(mpfr_cmp_d(t, 0.2) >= 0 && mpfr_cmp_d(t, 0.8) <= 0,
                          "mid of %s = %s is unbalanced", tu_fmt_mi(a), tu_fmt_fr(m));
                }
                mpfr_set_prec(y, pb);
                if (!eb)
                    tu_fr_point_in(y, b);
            }
        }

        /* width: rounded up and tight; P >= pw makes the test exact */
        pm = tu_ulong() & 1 ? pa : tu_prec_upto(PMAX - 64);
        P = ref_prec(pm > pa ? pm : pa);
        mpfr_set_prec(m, pm);
        mpfr_set_prec(t, P);
        vccd_mi_width(m, a);
        if (ea) {
            TU_CHECK(mpfr_nan_p(m), "width of empty = %s", tu_fmt_fr(m));
        } else if (!vccd_mi_is_bounded(a)) {
            TU_CHECK(tu_is_pinf(m), "width of %s = %s", tu_fmt_mi(a), tu_fmt_fr(m));
        } else {
            mpfr_sub(t, HI(a), LO(a), MPFR_RNDU);
            TU_CHECK(mpfr_greaterequal_p(m, t), "width of %s = %s < exact", tu_fmt_mi(a), tu_fmt_fr(m));
            mpfr_set_prec(u, pm);
            mpfr_set(u, m, MPFR_RNDN);
            mpfr_nextbelow(u);
            TU_CHECK(mpfr_less_p(u, t), "width of %s = %s not tight", tu_fmt_mi(a), tu_fmt_fr(m));
        }

        /* mag: max |x| rounded up to m's precision */
        mpfr_set_prec(m, pm);
        vccd_mi_mag(m, a);
        if (ea) {
            TU_CHECK(mpfr_nan_p(m), "mag of empty = %s", tu_fmt_fr(m));
        } else {
            mpfr_set_prec(t, pa);
            mpfr_set_prec(u, pm);
            mpfr_abs(t, LO(a), MPFR_RNDN);
            if (mpfr_cmpabs(HI(a), t) > 0)
                mpfr_abs(t, HI(a), MPFR_RNDN);
            mpfr_set(u, t, MPFR_RNDU);
            TU_CHECK(mpfr_equal_p(m, u), "mag of %s = %s, expected %s", tu_fmt_mi(a), tu_fmt_fr(m), tu_fmt_fr(u));
            TU_CHECK(mpfr_cmpabs(m, x) >= 0, "mag of %s = %s < |%s|", tu_fmt_mi(a), tu_fmt_fr(m), tu_fmt_fr(x));
        }

        /* bisect: covering; split strictly inside iff it returns 1 */
        {
            mpfr_prec_t pl = pa, pr = pa;
            int full;
            if (tu_ulong() % 4 == 0) {
                pl = tu_prec_upto(PMAX - 64);
                pr = tu_prec_upto(PMAX - 64);
            }
            full = pl >= pa && pr >= pa;
            mi_prec(L, pl);
            mi_prec(R, pr);
            k = vccd_mi_bisect(L, R, a);
            tu_mi_check_valid("bisect left", L, pl);
            tu_mi_check_valid("bisect right", R, pr);
            if (ea) {
                TU_CHECK(k == 0 && vccd_mi_is_empty(L) && vccd_mi_is_empty(R),
                      "bisect of empty: %d %s %s", k, tu_fmt_mi(L), tu_fmt_mi(R));
            } else {
                /* is there a number of a's precision strictly inside? */
                int inside;
                mpfr_set_prec(t, pa);
                mpfr_set(t, LO(a), MPFR_RNDN);
                mpfr_nextabove(t);
                inside = mpfr_less_p(t, HI(a));
                TU_CHECK(k == inside, "bisect of %s returned %d", tu_fmt_mi(a), k);
                TU_CHECK(mpfr_lessequal_p(LO(L), LO(a)) && mpfr_lessequal_p(LO(R), HI(L))
                      && mpfr_lessequal_p(HI(a), HI(R)),
                      "bisect of %s into %s %s does not cover", tu_fmt_mi(a), tu_fmt_mi(L), tu_fmt_mi(R));
                TU_CHECK(!vccd_mi_is_empty(L) && !vccd_mi_is_empty(R), "bisect: empty half");
                if (k == 1 && full) {
                    TU_CHECK(mpfr_equal_p(LO(L), LO(a)) && mpfr_equal_p(HI(R), HI(a))
                          && mpfr_equal_p(HI(L), LO(R)) && mpfr_less_p(LO(a), HI(L))
                          && mpfr_less_p(LO(R), HI(a)),
                          "bisect of %s into %s %s: not split strictly inside", tu_fmt_mi(a), tu_fmt_mi(L), tu_fmt_mi(R));
                }
                if (k == 0 && full)
                    TU_CHECK(tu_mi_same(L, a) && tu_mi_same(R, a), "bisect of %s gave %s %s with 0",
                          tu_fmt_mi(a), tu_fmt_mi(L), tu_fmt_mi(R));
            }
        }

        /* get_di: the smallest binary64 interval containing a */
        d = vccd_mi_get_di(a);
        tu_nchecks++;
        if (ea) {
            TU_CHECK(vccd_di_is_empty(d), "get_di of empty = [%a, %a]", d.lo, d.hi);
        } else {
            TU_CHECK(!isnan(d.lo) && !isnan(d.hi), "get_di NaN");
            TU_CHECK(mpfr_cmp_d(LO(a), d.lo) >= 0 && mpfr_cmp_d(HI(a), d.hi) <= 0,
                  "get_di of %s = [%a, %a] does not contain it", tu_fmt_mi(a), d.lo, d.hi);
            TU_CHECK(tu_is_minf(LO(a)) ? d.lo == -INFINITY
                  : mpfr_cmp_d(LO(a), vccd_fp_next_up(d.lo)) < 0,
                  "get_di of %s: lo %a not tight", tu_fmt_mi(a), d.lo);
            TU_CHECK(tu_is_pinf(HI(a)) ? d.hi == INFINITY
                  : mpfr_cmp_d(HI(a), vccd_fp_next_down(d.hi)) > 0,
                  "get_di of %s: hi %a not tight", tu_fmt_mi(a), d.hi);
            TU_CHECK(!(d.lo == INFINITY) && !(d.hi == -INFINITY), "get_di invalid [%a, %a]",
                  d.lo, d.hi);
        }

        /* contains_fr: inside points, and just outside each end */
        if (!ea) {
            TU_CHECK(vccd_mi_contains_fr(a, x), "contains_fr(%s, %s) = 0", tu_fmt_mi(a), tu_fmt_fr(x));
            mpfr_set_prec(t, pa + 8);
            if (mpfr_number_p(LO(a))) {
                mpfr_set(t, LO(a), MPFR_RNDN);
                mpfr_nextbelow(t);
                TU_CHECK(!vccd_mi_contains_fr(a, t), "contains_fr(%s, %s) = 1", tu_fmt_mi(a), tu_fmt_fr(t));
            }
            if (mpfr_number_p(HI(a))) {
                mpfr_set(t, HI(a), MPFR_RNDN);
                mpfr_nextabove(t);
                TU_CHECK(!vccd_mi_contains_fr(a, t), "contains_fr(%s, %s) = 1", tu_fmt_mi(a), tu_fmt_fr(t));
            }
            TU_CHECK(vccd_mi_contains_zero(a) == (mpfr_sgn(LO(a)) <= 0 && mpfr_sgn(HI(a)) >= 0),
                  "contains_zero(%s)", tu_fmt_mi(a));
        } else {
            TU_CHECK(!vccd_mi_contains_fr(a, x) && !vccd_mi_contains_zero(a), "empty contains");
        }
        mpfr_set_nan(t);
        TU_CHECK(!vccd_mi_contains_fr(a, t), "contains NaN");

        /* subset: definition, plus a superset built by widening */
        {
            int s = vccd_mi_subset(a, b);
            int def = ea || (!eb && mpfr_lessequal_p(LO(b), LO(a)) && mpfr_lessequal_p(HI(a), HI(b)));
            TU_CHECK(s == def, "subset(%s, %s) = %d", tu_fmt_mi(a), tu_fmt_mi(b), s);
            if (s && !ea)
                TU_CHECK(vccd_mi_contains_fr(b, x), "subset(%s, %s) but %s not in b", tu_fmt_mi(a),
                      tu_fmt_mi(b), tu_fmt_fr(x));
            TU_CHECK(vccd_mi_subset(a, a), "subset(%s, itself) = 0", tu_fmt_mi(a));
            if (!ea) {
                mi_prec(L, pa);
                mpfr_sub_d(LO(L), LO(a), tu_unit(), MPFR_RNDD);
                mpfr_add_d(HI(L), HI(a), tu_unit(), MPFR_RNDU);
                TU_CHECK(vccd_mi_subset(a, L), "subset(%s, %s) = 0", tu_fmt_mi(a), tu_fmt_mi(L));
                TU_CHECK(!mpfr_less_p(LO(L), LO(a)) || !vccd_mi_subset(L, a),
                      "subset(%s, %s) = 1", tu_fmt_mi(L), tu_fmt_mi(a));
            }
        }

        /* comparisons: definition, and what it implies for the points */
        {
            int clt = vccd_mi_certainly_lt(a, b), cle = vccd_mi_certainly_le(a, b);
            int plt = vccd_mi_possibly_lt(a, b), ple = vccd_mi_possibly_le(a, b);
            int both = !ea && !eb;
            TU_CHECK(clt == (both && mpfr_less_p(HI(a), LO(b))), "certainly_lt(%s, %s)", tu_fmt_mi(a), tu_fmt_mi(b));
            TU_CHECK(cle == (both && mpfr_lessequal_p(HI(a), LO(b))), "certainly_le(%s, %s)", tu_fmt_mi(a), tu_fmt_mi(b));
            TU_CHECK(plt == (both && mpfr_less_p(LO(a), HI(b))), "possibly_lt(%s, %s)", tu_fmt_mi(a), tu_fmt_mi(b));
            TU_CHECK(ple == (both && mpfr_lessequal_p(LO(a), HI(b))), "possibly_le(%s, %s)", tu_fmt_mi(a), tu_fmt_mi(b));
            if (both) {
                if (clt) TU_CHECK(mpfr_less_p(x, y), "certainly_lt but %s >= %s", tu_fmt_fr(x), tu_fmt_fr(y));
                if (cle) TU_CHECK(mpfr_lessequal_p(x, y), "certainly_le but %s > %s", tu_fmt_fr(x), tu_fmt_fr(y));
                if (!plt) TU_CHECK(mpfr_greaterequal_p(x, y), "!possibly_lt but %s < %s", tu_fmt_fr(x), tu_fmt_fr(y));
                if (!ple) TU_CHECK(mpfr_greater_p(x, y), "!possibly_le but %s <= %s", tu_fmt_fr(x), tu_fmt_fr(y));
                TU_CHECK(!clt || cle, "certainly_lt without certainly_le");
                TU_CHECK(!cle || ple, "certainly_le without possibly_le");
                TU_CHECK(!plt || ple, "possibly_lt without possibly_le");
            }
        }

        /* other predicates */
        if (!ea) {
            TU_CHECK(vccd_mi_is_point(a) == mpfr_equal_p(LO(a), HI(a)), "is_point(%s)", tu_fmt_mi(a));
            TU_CHECK(vccd_mi_is_bounded(a) == (mpfr_number_p(LO(a)) && mpfr_number_p(HI(a))),
                  "is_bounded(%s)", tu_fmt_mi(a));
            TU_CHECK(vccd_mi_is_entire(a) == (tu_is_minf(LO(a)) && tu_is_pinf(HI(a))), "is_entire(%s)", tu_fmt_mi(a));
        } else {
            TU_CHECK(!vccd_mi_is_point(a) && !vccd_mi_is_entire(a), "predicates on empty");
        }
    }
    printf("t-mi-arith measures: %ld checks, %ld iterations\n", tu_nchecks, n);
    vccd_mi_clear(a); vccd_mi_clear(b); vccd_mi_clear(L); vccd_mi_clear(R);
    mpfr_clears(m, t, u, x, y, (mpfr_ptr)0);
}
END_TEST

/* --- conversions ------------------------------------------------------ */

/* lo <= q <= hi, and each endpoint is the nearest number of r's
   precision on its side (the constructors round correctly). */
static void
check_q_tight(const char *what, const vccd_mi_t r, const mpq_t q, const char *src)
{
    MPFR_DECL_INIT(t, mpfr_get_prec(LO(r)));
    TU_CHECK(mpfr_cmp_q(LO(r), q) <= 0 && mpfr_cmp_q(HI(r), q) >= 0,
          "%s(%s) = %s does not contain it", what, src, tu_fmt_mi(r));
    mpfr_set(t, LO(r), MPFR_RNDN);
    mpfr_nextabove(t);
    TU_CHECK(mpfr_cmp_q(t, q) > 0 || mpfr_equal_p(LO(r), HI(r)), "%s(%s) = %s: lo not tight",
          what, src, tu_fmt_mi(r));
    mpfr_set(t, HI(r), MPFR_RNDN);
    mpfr_nextbelow(t);
    TU_CHECK(mpfr_cmp_q(t, q) < 0 || mpfr_equal_p(LO(r), HI(r)), "%s(%s) = %s: hi not tight",
          what, src, tu_fmt_mi(r));
    if (mpfr_equal_p(LO(r), HI(r)))
        TU_CHECK(mpfr_cmp_q(LO(r), q) == 0, "%s(%s) = point %s, not exact", what, src, tu_fmt_mi(r));
}

/* A random decimal string "[-]d...d[.d...d][e[-]n]" and its exact
   value. */
static void
random_decimal(char *s, mpq_t q)
{
    int nd = 1 + (int)(tu_ulong() % 30), nf = (int)(tu_ulong() % 30), j;
    long ex = 0;
    char *p = s;
    mpz_t z, ten;

    if (tu_ulong() & 1)
        *p++ = '-';
    for (j = 0; j < nd; j++)
        *p++ = (char)('0' + tu_ulong() % 10);
    if (nf > 0 || tu_ulong() % 4 == 0) {
        *p++ = '.';
        for (j = 0; j < nf; j++)
            *p++ = (char)('0' + tu_ulong() % 10);
    }
    switch (tu_ulong() % 4) {
    case 0: break;
    case 1: ex = (long)(tu_ulong() % 41) - 20; break;
    case 2: ex = (long)(tu_ulong() % 801) - 400; break;     /* binary64 range */
    default: ex = (long)(tu_ulong() % 4001) - 2000; break;  /* beyond it */
    }
    if (ex != 0 || tu_ulong() % 8 == 0)
        p += sprintf(p, "%c%ld", tu_ulong() & 1 ? 'e' : 'E', ex);
    *p = '\0';

    /* exact value: digits * 10^(ex - nf) */
    mpz_init(z);
    mpz_init(ten);
    {
        const char *c;
        for (c = s; *c && *c != 'e' && *c != 'E'; c++)
            if (*c >= '0' && *c <= '9') {
                mpz_mul_ui(z, z, 10);
                mpz_add_ui(z, z, (unsigned long)(*c - '0'));
            }
    }
    if (s[0] == '-')
        mpz_neg(z, z);
    ex -= nf;
    mpz_ui_pow_ui(ten, 10, (unsigned long)(ex < 0 ? -ex : ex));
    mpq_set_z(q, z);
    if (ex >= 0) {
        mpz_mul(mpq_numref(q), mpq_numref(q), ten);
    } else {
        mpz_set(mpq_denref(q), ten);
        mpq_canonicalize(q);
    }
    mpz_clear(z);
    mpz_clear(ten);
}

START_TEST(test_set)
{
    vccd_mi_t r, s, a;
    mpq_t q;
    mpz_t z;
    mpfr_t x;
    char str[200], qs[64];
    long i, n = tu_iters(1000000);
    static const char *const bad[] = {
        "", "x", "1.2.3", "1e", "--1", "1 ", " ", "nan", "@nan@", "1e5x", "0x10", "+",
        ".", "e5", "1,5"
    };

    tu_init();
    tu_nchecks = 0;
    mi_init(r); mi_init(s); mi_init(a);
    mpq_init(q);
    mpz_init(z);
    mpfr_init2(x, PMAX);
    for (i = 0; i < n; i++) {
        mpfr_prec_t p = tu_pick_prec(i);
        unsigned long nb = tu_ulong() % 8 == 0 ? 1 + tu_ulong() % 3000 : 1 + tu_ulong() % 200;

        /* set_q: random rationals with numerator and denominator of up
           to a few thousand bits (values far outside binary64) */
        mpz_urandomb(mpq_numref(q), tu_rand, nb);
        mpz_urandomb(mpq_denref(q), tu_rand,
                     tu_ulong() % 8 == 0 ? 1 + tu_ulong() % 3000 : 1 + tu_ulong() % 200);
        mpz_add_ui(mpq_denref(q), mpq_denref(q), 1);
        if (tu_ulong() & 1)
            mpz_neg(mpq_numref(q), mpq_numref(q));
        mpq_canonicalize(q);
        mi_prec(r, p);
        vccd_mi_set_q(r, q);
        tu_mi_check_valid("set_q", r, p);
        gmp_snprintf(qs, sizeof qs, "%Qd", q);
        check_q_tight("set_q", r, q, qs);

        /* set_str: random decimals, including exponents beyond binary64 */
        random_decimal(str, q);
        mi_prec(r, p);
        TU_CHECK(vccd_mi_set_str(r, str) == 0, "set_str(\"%s\") failed", str);
        tu_mi_check_valid("set_str", r, p);
        check_q_tight("set_str", r, q, str);

        /* set_fr, set_2fr, set_prec_round: outward rounding of a wider
           value */
        {
            mpfr_prec_t pa = tu_prec_upto(PMAX - 64);
            mi_prec(a, pa);
            gen_mi(a);
            mpfr_set_prec(x, pa);
            if (!vccd_mi_is_empty(a)) {
                tu_fr_point_in(x, a);
                mi_prec(r, p);
                vccd_mi_set_fr(r, x);
                tu_mi_check_valid("set_fr", r, p);
                TU_CHECK(vccd_mi_contains_fr(r, x), "set_fr(%s) = %s", tu_fmt_fr(x), tu_fmt_mi(r));
            }
            mi_prec(r, p);
            vccd_mi_set_2fr(r, LO(a), HI(a));
            tu_mi_check_valid("set_2fr", r, p);
            TU_CHECK(vccd_mi_subset(a, r), "set_2fr(%s) = %s", tu_fmt_mi(a), tu_fmt_mi(r));
            mi_prec(r, p);
            vccd_mi_set(r, a);
            tu_mi_check_valid("set", r, p);
            TU_CHECK(vccd_mi_subset(a, r), "set(%s) = %s", tu_fmt_mi(a), tu_fmt_mi(r));
            TU_CHECK(vccd_mi_is_empty(a) || p < pa || tu_mi_same(a, r), "set(%s) = %s is not exact",
                  tu_fmt_mi(a), tu_fmt_mi(r));
            mi_prec(s, pa);
            vccd_mi_set(s, a);
            vccd_mi_set_prec_round(s, p);
            tu_mi_check_valid("set_prec_round", s, p);
            TU_CHECK(tu_mi_same(s, r), "set_prec_round(%s) = %s, set gives %s", tu_fmt_mi(a), tu_fmt_mi(s), tu_fmt_mi(r));
            /* set_di of get_di: the binary64 hull contains a */
            mi_prec(r, p);
            vccd_mi_set_di(r, vccd_mi_get_di(a));
            tu_mi_check_valid("set_di", r, p);
            TU_CHECK(vccd_mi_subset(a, r), "set_di(get_di(%s)) = %s", tu_fmt_mi(a), tu_fmt_mi(r));
        }
    }

    /* malformed strings are rejected and leave r alone */
    for (i = 0; i < (long)(sizeof bad / sizeof bad[0]); i++) {
        mi_prec(r, 53);
        vccd_mi_set_2d(r, 1.0, 2.0);
        TU_CHECK(vccd_mi_set_str(r, bad[i]) == -1, "set_str(\"%s\") accepted", bad[i]);
        TU_CHECK(mpfr_cmp_ui(LO(r), 1) == 0 && mpfr_cmp_ui(HI(r), 2) == 0,
              "set_str(\"%s\") changed r to %s", bad[i], tu_fmt_mi(r));
    }
    /* infinities are unbounded ends; overflow and underflow stay enclosed */
    mi_prec(r, 53);
    TU_CHECK(vccd_mi_set_str(r, "inf") == 0 && tu_is_pinf(HI(r)) && mpfr_number_p(LO(r)),
          "set_str(inf) = %s", tu_fmt_mi(r));
    TU_CHECK(vccd_mi_set_str(r, "-inf") == 0 && tu_is_minf(LO(r)) && mpfr_number_p(HI(r)),
          "set_str(-inf) = %s", tu_fmt_mi(r));
    TU_CHECK(vccd_mi_set_str(r, "1e999999999999") == 0 && tu_is_pinf(HI(r)) && mpfr_number_p(LO(r)),
          "set_str(1e999999999999) = %s", tu_fmt_mi(r));
    TU_CHECK(vccd_mi_set_str(r, "-1e-999999999999") == 0 && mpfr_zero_p(HI(r))
          && mpfr_sgn(LO(r)) < 0, "set_str(-1e-999999999999) = %s", tu_fmt_mi(r));
    TU_CHECK(vccd_mi_set_str(r, "0.1") == 0 && mpfr_cmp_d(LO(r), 0.1) < 0
          && mpfr_cmp_d(HI(r), 0.1) >= 0, "set_str(0.1) = %s", tu_fmt_mi(r));
    mpq_set_ui(q, 0, 1);
    vccd_mi_set_q(r, q);
    TU_CHECK(mpfr_zero_p(LO(r)) && mpfr_zero_p(HI(r)), "set_q(0) = %s", tu_fmt_mi(r));

    printf("t-mi-arith set: %ld checks, %ld iterations\n", tu_nchecks, n);
    vccd_mi_clear(r); vccd_mi_clear(s); vccd_mi_clear(a);
    mpq_clear(q);
    mpz_clear(z);
    mpfr_clear(x);
}
END_TEST

/* --- aliasing: every operation with outputs aliased to inputs -------- */

static void
copy_mi(vccd_mi_t d, const vccd_mi_t s)
{
    mi_prec(d, mpfr_get_prec(LO(s)));
    mpfr_set(LO(d), LO(s), MPFR_RNDN);
    mpfr_set(HI(d), HI(s), MPFR_RNDN);
}

START_TEST(test_alias)
{
    enum { NB = NBIN + 2 };
    static const char *const names[NB] = { "add", "sub", "mul", "div", "min", "max", "hull", "intersect" };
    const mi_bin_fn fns[NB] = { vccd_mi_add, vccd_mi_sub, vccd_mi_mul, vccd_mi_div,
                                vccd_mi_min, vccd_mi_max, vccd_mi_hull, vccd_mi_intersect };
    static const char *const unames[NUN + 2] = { "neg", "abs", "sqr", "sqrt", "sin", "cos" };
    const mi_un_fn ufns[NUN + 2] = { vccd_mi_neg, vccd_mi_abs, vccd_mi_sqr, vccd_mi_sqrt,
                                     vccd_mi_sin, vccd_mi_cos };
    vccd_mi_t a, b, r, r1, t, t1;
    long i, n = tu_iters(200000);
    int op;

    tu_init();
    tu_nchecks = 0;
    mi_init(a); mi_init(b); mi_init(r); mi_init(r1); mi_init(t); mi_init(t1);
    for (i = 0; i < n; i++) {
        mpfr_prec_t p = tu_pick_prec(i);
        int k, kt;

        mi_prec(a, p);
        mi_prec(b, p);
        gen_mi(a);
        gen_mi(b);
        if (tu_ulong() % 8 == 0)        /* a == b in value, too */
            copy_mi(b, a);

        for (op = 0; op < NB; op++) {
            mi_prec(r, p);
            fns[op](r, a, b);
            copy_mi(t, a);
            fns[op](t, t, b);
            TU_CHECK(tu_mi_same(t, r), "%s(r=a): %s, %s gives %s, expected %s", names[op], tu_fmt_mi(a), tu_fmt_mi(b),
                  tu_fmt_mi(t), tu_fmt_mi(r));
            copy_mi(t, b);
            fns[op](t, a, t);
            TU_CHECK(tu_mi_same(t, r), "%s(r=b): %s, %s gives %s, expected %s", names[op], tu_fmt_mi(a), tu_fmt_mi(b),
                  tu_fmt_mi(t), tu_fmt_mi(r));
            mi_prec(r, p);
            fns[op](r, a, a);
            copy_mi(t, a);
            fns[op](t, t, t);
            TU_CHECK(tu_mi_same(t, r), "%s(r=a=b): %s gives %s, expected %s", names[op], tu_fmt_mi(a), tu_fmt_mi(t),
                  tu_fmt_mi(r));
        }
        for (op = 0; op < NUN + 2; op++) {
            /* sin/cos are expensive and have their own program: fewer */
            if (op >= NUN && i % 8 != 0)
                continue;
            mi_prec(r, p);
            ufns[op](r, a);
            copy_mi(t, a);
            ufns[op](t, t);
            TU_CHECK(tu_mi_same(t, r), "%s(r=a): %s gives %s, expected %s", unames[op], tu_fmt_mi(a), tu_fmt_mi(t),
                  tu_fmt_mi(r));
        }

        /* div_ext: r0 == a, r1 == b, and the other way round */
        mi_prec(r, p);
        mi_prec(r1, p);
        k = vccd_mi_div_ext(r, r1, a, b);
        copy_mi(t, a);
        copy_mi(t1, b);
        kt = vccd_mi_div_ext(t, t1, t, t1);
        TU_CHECK(kt == k && (k < 1 || tu_mi_same(t, r)) && (k < 2 || tu_mi_same(t1, r1)),
              "div_ext(r0=a, r1=b): %s / %s gives %d %s %s, expected %d %s %s", tu_fmt_mi(a), tu_fmt_mi(b),
              kt, tu_fmt_mi(t), tu_fmt_mi(t1), k, tu_fmt_mi(r), tu_fmt_mi(r1));
        copy_mi(t, b);
        copy_mi(t1, a);
        kt = vccd_mi_div_ext(t, t1, t1, t);
        TU_CHECK(kt == k && (k < 1 || tu_mi_same(t, r)) && (k < 2 || tu_mi_same(t1, r1)),
              "div_ext(r0=b, r1=a): %s / %s gives %d %s %s, expected %d %s %s", tu_fmt_mi(a), tu_fmt_mi(b),
              kt, tu_fmt_mi(t), tu_fmt_mi(t1), k, tu_fmt_mi(r), tu_fmt_mi(r1));

        /* bisect with left == a and with right == a */
        mi_prec(r, p);
        mi_prec(r1, p);
        k = vccd_mi_bisect(r, r1, a);
        copy_mi(t, a);
        mi_prec(t1, p);
        kt = vccd_mi_bisect(t, t1, t);
        TU_CHECK(kt == k && tu_mi_same(t, r) && tu_mi_same(t1, r1), "bisect(left=a) of %s: %d %s %s, expected %d %s %s",
              tu_fmt_mi(a), kt, tu_fmt_mi(t), tu_fmt_mi(t1), k, tu_fmt_mi(r), tu_fmt_mi(r1));
        copy_mi(t, a);
        mi_prec(t1, p);
        kt = vccd_mi_bisect(t1, t, t);
        TU_CHECK(kt == k && tu_mi_same(t1, r) && tu_mi_same(t, r1), "bisect(right=a) of %s: %d %s %s, expected %d %s %s",
              tu_fmt_mi(a), kt, tu_fmt_mi(t1), tu_fmt_mi(t), k, tu_fmt_mi(r), tu_fmt_mi(r1));

        /* set / set_2fr with r aliasing its own endpoints */
        copy_mi(t, a);
        vccd_mi_set(t, t);
        TU_CHECK(tu_mi_same(t, a), "set(r=a) of %s gave %s", tu_fmt_mi(a), tu_fmt_mi(t));
        copy_mi(t, a);
        vccd_mi_set_2fr(t, LO(t), HI(t));
        TU_CHECK(tu_mi_same(t, a), "set_2fr(r, r.lo, r.hi) of %s gave %s", tu_fmt_mi(a), tu_fmt_mi(t));
        if (vccd_mi_is_point(a)) {
            copy_mi(t, a);
            vccd_mi_set_2fr(t, HI(t), LO(t));
            TU_CHECK(tu_mi_same(t, a), "set_2fr(r, r.hi, r.lo) of %s gave %s", tu_fmt_mi(a), tu_fmt_mi(t));
        }

        /* sin_cos with s == a and with c == a */
        if (i % 8 == 0) {
            mi_prec(r, p);
            mi_prec(r1, p);
            vccd_mi_sin_cos(r, r1, a);
            copy_mi(t, a);
            mi_prec(t1, p);
            vccd_mi_sin_cos(t, t1, t);
            TU_CHECK(tu_mi_same(t, r) && tu_mi_same(t1, r1), "sin_cos(s=a) of %s: %s %s, expected %s %s",
                  tu_fmt_mi(a), tu_fmt_mi(t), tu_fmt_mi(t1), tu_fmt_mi(r), tu_fmt_mi(r1));
            copy_mi(t, a);
            mi_prec(t1, p);
            vccd_mi_sin_cos(t1, t, t);
            TU_CHECK(tu_mi_same(t1, r) && tu_mi_same(t, r1), "sin_cos(c=a) of %s: %s %s, expected %s %s",
                  tu_fmt_mi(a), tu_fmt_mi(t1), tu_fmt_mi(t), tu_fmt_mi(r), tu_fmt_mi(r1));
        }
    }
    printf("t-mi-arith alias: %ld checks, %ld iterations\n", tu_nchecks, n);
    vccd_mi_clear(a); vccd_mi_clear(b); vccd_mi_clear(r); vccd_mi_clear(r1);
    vccd_mi_clear(t); vccd_mi_clear(t1);
}
END_TEST

/* --- hand-written special cases -------------------------------------- */

static void
mk(vccd_mi_t r, double lo, double hi)
{
    mi_prec(r, 53);
    mpfr_set_d(LO(r), lo, MPFR_RNDN);
    mpfr_set_d(HI(r), hi, MPFR_RNDN);
}

static int
is(const vccd_mi_t r, double lo, double hi)
{
    return mpfr_cmp_d(LO(r), lo) == 0 && mpfr_cmp_d(HI(r), hi) == 0;
}

START_TEST(test_special)
{
    vccd_mi_t E, W, a, b, r, r1;
    mpfr_t m;
    int op, k;

    tu_init();
    tu_nchecks = 0;
    mi_init(E); mi_init(W); mi_init(a); mi_init(b); mi_init(r); mi_init(r1);
    mpfr_init2(m, 53);
    mi_prec(E, 53);
    vccd_mi_set_empty(E);
    mi_prec(W, 53);
    vccd_mi_set_entire(W);
    mk(a, 1, 2);

    /* empty propagates through everything */
    for (op = 0; op < NBIN; op++) {
        mi_prec(r, 53);
        bin_fn[op](r, E, a);
        TU_CHECK(vccd_mi_is_empty(r), "%s(empty, a) = %s", bin_name[op], tu_fmt_mi(r));
        mi_prec(r, 53);
        bin_fn[op](r, W, E);
        TU_CHECK(vccd_mi_is_empty(r), "%s(entire, empty) = %s", bin_name[op], tu_fmt_mi(r));
    }
    for (op = 0; op < NUN; op++) {
        mi_prec(r, 53);
        un_fn[op](r, E);
        TU_CHECK(vccd_mi_is_empty(r), "%s(empty) = %s", un_name[op], tu_fmt_mi(r));
    }
    mi_prec(r, 53); vccd_mi_sin(r, E); TU_CHECK(vccd_mi_is_empty(r), "sin(empty) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_cos(r, E); TU_CHECK(vccd_mi_is_empty(r), "cos(empty) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_intersect(r, E, W); TU_CHECK(vccd_mi_is_empty(r), "intersect(empty, entire)");
    mi_prec(r, 53); vccd_mi_hull(r, E, a); TU_CHECK(is(r, 1, 2), "hull(empty, a) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_hull(r, E, E); TU_CHECK(vccd_mi_is_empty(r), "hull(empty, empty) = %s", tu_fmt_mi(r));
    TU_CHECK(vccd_mi_div_ext(r, r1, E, a) == 0 && vccd_mi_div_ext(r, r1, a, E) == 0, "div_ext empty");
    vccd_mi_mid(m, E); TU_CHECK(mpfr_nan_p(m), "mid(empty)");
    vccd_mi_width(m, E); TU_CHECK(mpfr_nan_p(m), "width(empty)");
    vccd_mi_mag(m, E); TU_CHECK(mpfr_nan_p(m), "mag(empty)");
    TU_CHECK(vccd_mi_bisect(r, r1, E) == 0 && vccd_mi_is_empty(r) && vccd_mi_is_empty(r1), "bisect(empty)");
    TU_CHECK(vccd_di_is_empty(vccd_mi_get_di(E)), "get_di(empty)");
    TU_CHECK(vccd_mi_subset(E, a) && !vccd_mi_subset(a, E), "subset with empty");
    TU_CHECK(!vccd_mi_certainly_lt(E, a) && !vccd_mi_possibly_le(E, a) && !vccd_mi_possibly_le(a, E),
          "comparisons with empty");

    /* the whole line */
    mi_prec(r, 53); vccd_mi_add(r, W, a); TU_CHECK(vccd_mi_is_entire(r), "entire + a = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_mul(r, W, a); TU_CHECK(vccd_mi_is_entire(r), "entire * a = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_neg(r, W); TU_CHECK(vccd_mi_is_entire(r), "-entire = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_sqr(r, W); TU_CHECK(is(r, 0, INFINITY), "sqr(entire) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_abs(r, W); TU_CHECK(is(r, 0, INFINITY), "abs(entire) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_sqrt(r, W); TU_CHECK(is(r, 0, INFINITY), "sqrt(entire) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_sin(r, W); TU_CHECK(is(r, -1, 1), "sin(entire) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_cos(r, W); TU_CHECK(is(r, -1, 1), "cos(entire) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_div(r, a, W); TU_CHECK(vccd_mi_is_entire(r), "a / entire = %s", tu_fmt_mi(r));
    vccd_mi_mid(m, W); TU_CHECK(mpfr_zero_p(m), "mid(entire) = %s", tu_fmt_fr(m));
    vccd_mi_width(m, W); TU_CHECK(tu_is_pinf(m), "width(entire) = %s", tu_fmt_fr(m));
    vccd_mi_mag(m, W); TU_CHECK(tu_is_pinf(m), "mag(entire) = %s", tu_fmt_fr(m));
    mi_prec(r, 53); mi_prec(r1, 53);
    TU_CHECK(vccd_mi_bisect(r, r1, W) == 1 && is(r, -INFINITY, 0) && is(r1, 0, INFINITY),
          "bisect(entire) = %s %s", tu_fmt_mi(r), tu_fmt_mi(r1));
    mi_prec(r, 53); vccd_mi_set_d(r, NAN); TU_CHECK(vccd_mi_is_entire(r), "set_d(NaN) = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_set_d(r, INFINITY); TU_CHECK(is(r, DBL_MAX, INFINITY), "set_d(inf) = %s", tu_fmt_mi(r));
    mk(b, 1, INFINITY);
    vccd_mi_mid(m, b);
    TU_CHECK(mpfr_number_p(m) && mpfr_cmp_ui(m, 1) > 0, "mid([1, inf]) = %s", tu_fmt_fr(m));
    mpfr_nextabove(m);
    TU_CHECK(tu_is_pinf(m), "mid([1, inf]) is not the largest finite number");
    /* repeated bisection of a half-line towards +inf keeps halving: the
       upper half of [1, inf] bisected again near 0.75 of the way */
    mi_prec(r, 53); mi_prec(r1, 53);
    vccd_mi_bisect(r, r1, b);           /* [1, M], [M, inf] */
    mi_prec(a, 53);
    mpfr_div_2ui(LO(a), HI(r), 1, MPFR_RNDN);
    mpfr_set(HI(a), HI(r), MPFR_RNDN);  /* [M/2, M] */
    TU_CHECK(vccd_mi_bisect(r, r1, a) == 1, "bisect [M/2, M] failed");
    mpfr_div(m, HI(r), HI(a), MPFR_RNDN);
    TU_CHECK(mpfr_cmp_d(m, 0.7) > 0 && mpfr_cmp_d(m, 0.8) < 0,
          "bisect of %s split at %s", tu_fmt_mi(a), tu_fmt_mi(r));

    /* 0 * inf at an endpoint is 0 */
    mk(a, 0, 0); mk(b, 1, INFINITY);
    mi_prec(r, 53); vccd_mi_mul(r, a, b); TU_CHECK(is(r, 0, 0), "[0,0]*[1,inf] = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_mul(r, b, a); TU_CHECK(is(r, 0, 0), "[1,inf]*[0,0] = %s", tu_fmt_mi(r));
    mi_prec(r, 53); vccd_mi_mul(r, a, W); TU_CHECK(is(r, 0, 0), "[0,0]*entire = %s", tu_fmt_mi(r));
    mk(a, 0, 1);
    mi_prec(r, 53); vccd_mi_mul(r, a, b); TU_CHECK(is(r, 0, INFINITY), "[0,1]*[1,inf] = %s", tu_fmt_mi(r));
    mk(a, -INFINITY, 0); mk(b, 0, 0);
    mi_prec(r, 53); vccd_mi_mul(r, a, b); TU_CHECK(is(r, 0, 0), "[-inf,0]*[0,0] = %s", tu_fmt_mi(r));
    mk(b, -INFINITY, -2);
    mi_prec(r, 53); vccd_mi_mul(r, a, b); TU_CHECK(is(r, 0, INFINITY), "[-inf,0]*[-inf,-2] = %s", tu_fmt_mi(r));

    /* division */
    mk(a, 1, 2); mk(b, 0, 0);
    mi_prec(r, 53); vccd_mi_div(r, a, b); TU_CHECK(vccd_mi_is_empty(r), "[1,2]/[0,0] = %s", tu_fmt_mi(r));
    mk(b, -1, 1);
    mi_prec(r, 53); vccd_mi_div(r, a, b); TU_CHECK(vccd_mi_is_entire(r), "[1,2]/[-1,1] = %s", tu_fmt_mi(r));
    mk(b, 0, 1);
    mi_prec(r, 53); vccd_mi_div(r, a, b); TU_CHECK(vccd_mi_is_entire(r), "[1,2]/[0,1] = %s", tu_fmt_mi(r));
    mk(b, 2, 4);
    mi_prec(r, 53); vccd_mi_div(r, a, b); TU_CHECK(is(r, 0.25, 1), "[1,2]/[2,4] = %s", tu_fmt_mi(r));
    mk(a, 1, INFINITY); mk(b, -INFINITY, -1);
    mi_prec(r, 53); vccd_mi_div(r, a, b); TU_CHECK(is(r, -INFINITY, 0), "[1,inf]/[-inf,-1] = %s", tu_fmt_mi(r));
    mk(a, 0, 0);
    mi_prec(r, 53); vccd_mi_div(r, a, b); TU_CHECK(is(r, 0, 0), "[0,0]/[-inf,-1] = %s", tu_fmt_mi(r));

    /* extended division */
    mk(a, 1, 2); mk(b, -1, 1);
    mi_prec(r, 53); mi_prec(r1, 53);
    k = vccd_mi_div_ext(r, r1, a, b);
    TU_CHECK(k == 2 && is(r, -INFINITY, -1) && is(r1, 1, INFINITY), "[1,2]/[-1,1] = %d %s %s", k,
          tu_fmt_mi(r), tu_fmt_mi(r1));
    mk(a, -2, -1);
    mi_prec(r, 53); mi_prec(r1, 53);
    k = vccd_mi_div_ext(r, r1, a, b);
    TU_CHECK(k == 2 && is(r, -INFINITY, -1) && is(r1, 1, INFINITY), "[-2,-1]/[-1,1] = %d %s %s", k,
          tu_fmt_mi(r), tu_fmt_mi(r1));
    mk(a, 1, 2); mk(b, 0, 1);
    mi_prec(r, 53);
    k = vccd_mi_div_ext(r, r1, a, b);
    TU_CHECK(k == 1 && is(r, 1, INFINITY), "[1,2]/[0,1] = %d %s", k, tu_fmt_mi(r));
    mk(b, -1, 0);
    mi_prec(r, 53);
    k = vccd_mi_div_ext(r, r1, a, b);
    TU_CHECK(k == 1 && is(r, -INFINITY, -1), "[1,2]/[-1,0] = %d %s", k, tu_fmt_mi(r));
    mk(a, -1, 1); mk(b, -1, 1);
    mi_prec(r, 53);
    k = vccd_mi_div_ext(r, r1, a, b);
    TU_CHECK(k == 1 && vccd_mi_is_entire(r), "[-1,1]/[-1,1] = %d %s", k, tu_fmt_mi(r));
    mk(a, 1, 2); mk(b, 0, 0);
    TU_CHECK(vccd_mi_div_ext(r, r1, a, b) == 0, "[1,2]/[0,0] has pieces");
    mk(b, 2, 4);
    mi_prec(r, 53);
    k = vccd_mi_div_ext(r, r1, a, b);
    TU_CHECK(k == 1 && is(r, 0.25, 1), "div_ext [1,2]/[2,4] = %d %s", k, tu_fmt_mi(r));

    /* sqrt domain */
    mk(a, -2, -1); mi_prec(r, 53); vccd_mi_sqrt(r, a);
    TU_CHECK(vccd_mi_is_empty(r), "sqrt([-2,-1]) = %s", tu_fmt_mi(r));
    mk(a, -1, 4); mi_prec(r, 53); vccd_mi_sqrt(r, a);
    TU_CHECK(is(r, 0, 2), "sqrt([-1,4]) = %s", tu_fmt_mi(r));

    /* outward rounding at precision 2: 1/3 in [0.25, 0.375] */
    mk(a, 1, 1); mk(b, 3, 3);
    mi_prec(r, 2); vccd_mi_div(r, a, b);
    TU_CHECK(is(r, 0.25, 0.375), "prec 2: 1/3 = %s", tu_fmt_mi(r));

    printf("t-mi-arith special: %ld checks\n", tu_nchecks);
    vccd_mi_clear(E); vccd_mi_clear(W); vccd_mi_clear(a); vccd_mi_clear(b);
    vccd_mi_clear(r); vccd_mi_clear(r1);
    mpfr_clear(m);
}
END_TEST

/* --- the empty test against MPFR's comparison ------------------------ */

/* vccd_mi_is_empty decides lo <= hi of regular ends by sign, exponent
   and significand limbs (mi_impl.h): ends of different precisions, equal
   values, neighbours, equal exponents and every sign, against
   mpfr_lessequal_p. */
START_TEST(test_empty)
{
    vccd_mi_t a;
    long i, n = tu_iters(200000);

    tu_init();
    tu_nchecks = 0;
    mpfr_init2(LO(a), 2);
    mpfr_init2(HI(a), 2);
    for (i = 0; i < n; i++) {
        mpfr_ptr x = LO(a), y = HI(a);
        unsigned long k = tu_ulong();
        mpfr_set_prec(x, tu_pick_prec(i));
        mpfr_set_prec(y, tu_pick_prec(i + 1 + (long)(k % 7)));
        mpfr_urandomb(x, tu_rand);
        mpfr_mul_2si(x, x, (long)(k >> 3 & 3) - 1, MPFR_RNDN);
        if (k >> 5 & 1)
            mpfr_neg(x, x, MPFR_RNDN);
        switch (k >> 6 & 7) {
        case 0: mpfr_set(y, x, MPFR_RNDN); break;           /* equal or rounded */
        case 1: mpfr_set(y, x, MPFR_RNDN); mpfr_nextabove(y); break;
        case 2: mpfr_set(y, x, MPFR_RNDN); mpfr_nextbelow(y); break;
        case 3: mpfr_neg(y, x, MPFR_RNDN); break;
        case 4: mpfr_set_zero(y, (k >> 9 & 1) ? 1 : -1); break;
        case 5: mpfr_set_inf(y, (k >> 9 & 1) ? 1 : -1); break;
        default:
            mpfr_urandomb(y, tu_rand);
            mpfr_mul_2si(y, y, (long)(k >> 9 & 3) - 1, MPFR_RNDN);
            if (k >> 11 & 1)
                mpfr_neg(y, y, MPFR_RNDN);
            break;
        }
        if (k >> 12 & 1)
            mpfr_swap(x, y);
        TU_CHECK(vccd_mi_is_empty(a) == !mpfr_lessequal_p(x, y), "is_empty [%s, %s] (precisions %ld, %ld)",
                 tu_fmt_fr(x), tu_fmt_fr(y), (long)mpfr_get_prec(x),
                 (long)mpfr_get_prec(y));
    }
    printf("t-mi-arith empty: %ld checks\n", tu_nchecks);
    vccd_mi_clear(a);
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_special, test_empty, test_alias, test_set, test_measures, test_arith };
    return tu_main("mi-arith", tests, (int)(sizeof tests / sizeof tests[0]));
}
