/* pred.c -- exact predicates on MPFR intervals. */
#include "mi/mi_impl.h"

int vccd_mi_is_empty(const vccd_mi_t a) { return vccd_mi_empty_p(a); }

int
vccd_mi_is_entire(const vccd_mi_t a)
{
    return mpfr_inf_p(LO(a)) && mpfr_sgn(LO(a)) < 0
        && mpfr_inf_p(HI(a)) && mpfr_sgn(HI(a)) > 0;
}

int vccd_mi_is_point(const vccd_mi_t a) { return mpfr_equal_p(LO(a), HI(a)); }

int
vccd_mi_is_bounded(const vccd_mi_t a)
{
    return mpfr_number_p(LO(a)) && mpfr_number_p(HI(a));
}

int
vccd_mi_contains_fr(const vccd_mi_t a, const mpfr_t x)
{
    return mpfr_lessequal_p(LO(a), x) && mpfr_lessequal_p(x, HI(a));
}

int
vccd_mi_contains_zero(const vccd_mi_t a)
{
    return mpfr_sgn(LO(a)) <= 0 && mpfr_sgn(HI(a)) >= 0 && !vccd_mi_empty_p(a);
}

int
vccd_mi_subset(const vccd_mi_t a, const vccd_mi_t b)
{
    return vccd_mi_empty_p(a)
        || (mpfr_lessequal_p(LO(b), LO(a)) && mpfr_lessequal_p(HI(a), HI(b)));
}

#define BOTH(a, b) (!vccd_mi_empty_p(a) && !vccd_mi_empty_p(b))
int vccd_mi_certainly_lt(const vccd_mi_t a, const vccd_mi_t b) { return BOTH(a, b) && mpfr_less_p(HI(a), LO(b)); }
int vccd_mi_certainly_le(const vccd_mi_t a, const vccd_mi_t b) { return BOTH(a, b) && mpfr_lessequal_p(HI(a), LO(b)); }
int vccd_mi_possibly_lt(const vccd_mi_t a, const vccd_mi_t b) { return BOTH(a, b) && mpfr_less_p(LO(a), HI(b)); }
int vccd_mi_possibly_le(const vccd_mi_t a, const vccd_mi_t b) { return BOTH(a, b) && mpfr_lessequal_p(LO(a), HI(b)); }
