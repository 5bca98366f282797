/* plane_ball.c -- the distance from a triangle's plane to a ball, from
   below (plane_ball.h). */
#include <math.h>

#include "vccd/plane_ball.h"

double
vccd_plane_ball_lower(const vccd_di_vec3 x[3], const vccd_di_vec3 *c, double r)
{
    vccd_di_vec3 e1, e2, n, d;
    vccd_di s, n2;
    double len, g;
    vccd_di_vec3_sub(&e1, &x[1], &x[0]);
    vccd_di_vec3_sub(&e2, &x[2], &x[0]);
    vccd_di_vec3_cross(&n, &e1, &e2);
    vccd_di_vec3_sub(&d, c, &x[0]);
    vccd_di_vec3_dot(&s, &n, &d);
    vccd_di_vec3_norm2(&n2, &n);
    if (!(s.lo <= s.hi))        /* NaN or an empty enclosure: nothing */
        return 0.0;
    len = vccd_fp_next_up(sqrt(n2.hi));
    /* |s| / |n| from below, the radius off; NaN proves nothing */
    g = s.lo > 0.0 ? s.lo : s.hi < 0.0 ? -s.hi : 0.0;
    if (!(g > 0.0) || !(len < INFINITY))
        return 0.0;
    g = vccd_fp_next_down(vccd_fp_next_down(g / len) - r);
    return g > 0.0 ? g : 0.0;
}
