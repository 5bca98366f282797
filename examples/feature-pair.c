/* feature-pair.c -- one feature pair at MPFR 256 bits: a vertex falling
   onto a triangle while the triangle turns, the answer [lo, hi] with
   [0, lo) proved contact-free.  The motions' parameters are decimal
   text, enclosed exactly at the precision given (here 256 bits, at
   least the arithmetic's, so that no MPFR evaluation sees them rounded
   to binary64).  Run: ./feature-pair */
#include <stdio.h>
#include <vccd.h>

int
main(void)
{
    vccd_pair_input in;
    vccd_toc_answer a;
    vccd_toc_stats st;
    vccd_error e;
    /* the vertex: a body point at the origin of a body that starts 1
       above the triangle's plane and falls at 1 per step */
    vccd_motion *mv = vccd_motion_ltlrm_new_str("0.1 0.2 1", "0 0 -1", "1 0 0 0", "0 0 0", 256, &e);
    /* the triangle: turning about z at 0.1 rad per step, tilted so the
       vertex meets it */
    vccd_motion *mt = vccd_motion_ltlrm_new_str("0 0 0", "0 0 0", "1 0 0 0", "0 0 0.1", 256, &e);
    const double f[3][3] = { { -1, -1, 0.125 }, { 1, -1, 0.25 }, { 0, 1, 0.5 } };

    if (!mv || !mt)
        return fprintf(stderr, "%s\n", e.msg), 1;
    vccd_pair_input_init(&in);
    in.kind = VCCD_FEATURE_VF;                      /* points v, f0, f1, f2 */
    in.point[0] = (vccd_track){ mv, -1, { 0, 0, 0 } };
    for (int i = 0; i < 3; i++)
        in.point[1 + i] = (vccd_track){ mt, -1, { f[i][0], f[i][1], f[i][2] } };
    if (vccd_arith_parse(&in.solve.arith, "mpfr:256") != 0)
        return fprintf(stderr, "mpfr:256: unknown arithmetic\n"), 1;
    in.solve.eps_t = 1e-12;
    if (vccd_toc_pair(&a, &st, &in, &e) != 0)
        return fprintf(stderr, "%s\n", e.msg), 1;
    printf("%s: no contact in [0, %.17g); contact by %.17g (width %.3g)\n", vccd_toc_status_name(a.status), a.lo,
           a.hi, a.hi - a.lo);
    printf("at u in [%.17g, %.17g], v in [%.17g, %.17g]; %ld boxes, %ld evaluations at %ld bits\n", a.param[0].lo,
           a.param[0].hi, a.param[1].lo, a.param[1].hi, st.solver_boxes, st.evals, (long)st.prec);
    vccd_motion_free(mv);
    vccd_motion_free(mt);
    return 0;
}
