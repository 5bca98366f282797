/* collinear.c -- the exact zero-area test of a triangle (mesh.h).

   Degenerate triangles are counted and may be dropped, so "zero area"
   must mean zero, not "small": a sliver 1e-300 wide is a real triangle
   of the geometry, and a cross product that rounds to 0 may not be 0.
   Each component of (b - a) x (c - a) is a 2x2 determinant; a filter in
   doubles (Shewchuk's orient2d bound, plus an absolute term for products
   that underflow) decides it when it is clearly nonzero, and MPFR with
   enough bits to make every step exact decides the rest. */
#include <math.h>
#include <mpfr.h>

#include "vccd/mesh.h"

/* Shewchuk's ccwerrboundA = (3 + 16 eps) eps with eps = 2^-53: the
   relative error of det = (p - q) (r - s) - (u - v) (w - x) against
   |(p - q) (r - s)| + |(u - v) (w - x)|, rounding of the differences
   included. */
#define ERRBOUND_A ((3.0 + 16.0 * 0x1p-53) * 0x1p-53)
/* Each product that underflows may be off by up to 2^-1075 absolutely;
   the detsum term covers only relative errors.  Generous. */
#define ERR_ABS 0x1p-1060

/* Bits for an exact difference of two doubles (exponents 1023 down to
   -1074, plus a carry) and an exact product of two such. */
#define DIFF_BITS 2112
#define PROD_BITS (2 * DIFF_BITS)

/* -1 when the filter cannot decide whether p q - r s is zero, 1 when it
   is certainly nonzero. */
static int
filter_nonzero(double p, double q, double r, double s)
{
    double l = p * q, rr = r * s, det = l - rr;
    double sum = fabs(l) + fabs(rr);
    if (!isfinite(det) || !isfinite(sum))
        return -1;
    return fabs(det) > ERRBOUND_A * sum + ERR_ABS ? 1 : -1;
}

/* Exactly: is (x1 - x0) (y2 - y0) == (y1 - y0) (x2 - x0)? */
static int
exact_zero(double x0, double x1, double x2, double y0, double y1, double y2)
{
    mpfr_t a, b, c, d;
    int z;
    mpfr_inits2(DIFF_BITS, a, b, c, d, (mpfr_ptr)0);
    mpfr_set_d(a, x1, MPFR_RNDN);
    mpfr_sub_d(a, a, x0, MPFR_RNDN);
    mpfr_set_d(b, y2, MPFR_RNDN);
    mpfr_sub_d(b, b, y0, MPFR_RNDN);
    mpfr_set_d(c, y1, MPFR_RNDN);
    mpfr_sub_d(c, c, y0, MPFR_RNDN);
    mpfr_set_d(d, x2, MPFR_RNDN);
    mpfr_sub_d(d, d, x0, MPFR_RNDN);
    mpfr_prec_round(a, PROD_BITS, MPFR_RNDN);
    mpfr_prec_round(c, PROD_BITS, MPFR_RNDN);
    mpfr_mul(a, a, b, MPFR_RNDN);
    mpfr_mul(c, c, d, MPFR_RNDN);
    z = mpfr_equal_p(a, c);
    mpfr_clears(a, b, c, d, (mpfr_ptr)0);
    return z;
}

int
vccd_mesh_collinear(const double a[3], const double b[3], const double c[3])
{
    /* component i of the cross product involves coordinates j and k */
    static const int J[3] = { 1, 2, 0 }, K[3] = { 2, 0, 1 };
    int undecided[3], n = 0;

    for (int i = 0; i < 3; i++) {
        int j = J[i], k = K[i];
        if (filter_nonzero(b[j] - a[j], c[k] - a[k], b[k] - a[k], c[j] - a[j]) > 0)
            return 0;
        undecided[n++] = i;
    }
    for (int u = 0; u < n; u++) {
        int j = J[undecided[u]], k = K[undecided[u]];
        if (!exact_zero(a[j], b[j], c[j], a[k], b[k], c[k]))
            return 0;
    }
    return 1;
}
