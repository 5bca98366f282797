/* body.c -- a rigid body's pose, point velocities and world inertia
   (plain doubles but for the pose, which is an enclosure for the proofs). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/di.h"
#include "vccd/sim.h"

/* A 2D body: the rotation by its angle about z, the enclosure its
   planar motion evaluates (sin and cos of the same double). */
static void
planar_pose(vccd_pose *p, const vccd_sim_body *b)
{
    vccd_di s, c;
    vccd_di_sin_cos(&s, &c, vccd_di_set_d(b->angle));
    vccd_di_vec3_set_d(&p->o, b->x[0], b->x[1], 0.0);
    for (int i = 0; i < 9; i++)
        p->R.m[i] = vccd_di_set_d(i == 8);
    p->R.m[0] = c;
    p->R.m[1] = vccd_di_neg(s);
    p->R.m[3] = s;
    p->R.m[4] = c;
}

void
vccd_sim_body_set_angle(vccd_sim_body *b, double angle)
{
    b->angle = angle;
    b->q[0] = cos(0.5 * angle);
    b->q[1] = b->q[2] = 0.0;
    b->q[3] = sin(0.5 * angle);
}

int
vccd_sim_body_pose(vccd_pose *p, const vccd_sim_body *b)
{
    vccd_di pos[3], q[4];
    if (b->planar) {
        planar_pose(p, b);
        return 0;
    }
    for (int k = 0; k < 3; k++)
        pos[k] = vccd_di_set_d(b->x[k]);
    for (int k = 0; k < 4; k++)
        q[k] = vccd_di_set_d(b->q[k]);
    return vccd_pose_from_quat(p, pos, q);
}

void
vccd_sim_body_centre(vccd_di c[3], const vccd_sim_body *b)
{
    if (b->qb.m) {
        vccd_di_vec3 p, x;
        vccd_di t = vccd_di_set_d(0.0);
        for (int k = 0; k < 3; k++)
            p.c[k] = t;
        vccd_motion_eval_points_di(&x, b->qb.m, &p, NULL, 1, t);
        for (int k = 0; k < 3; k++)
            c[k] = x.c[k];
        return;
    }
    for (int k = 0; k < 3; k++)
        c[k] = vccd_di_set_d(b->x[k]);
}

int
vccd_sim_pair_distance(vccd_distance_result *d, const vccd_sim_body *bodies, int i, int j, int bv, vccd_error *e)
{
    vccd_pose pi, pj;
    if (vccd_sim_body_pose(&pi, &bodies[i]) != 0 || vccd_sim_body_pose(&pj, &bodies[j]) != 0)
        return vccd_error_set(e, bodies[i].name, 0, NULL, NULL, "orientation of %s or %s is not a rotation",
                              bodies[i].name, bodies[j].name);
    return vccd_distance(d, &bodies[i].bvh, &pi, &bodies[j].bvh, &pj, bv, e);
}

void
vccd_sim_cross(double r[3], const double a[3], const double b[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

void
vccd_sim_body_point_velocity(double out[3], const vccd_sim_body *b, const double p[3])
{
    double r[3], c[3];
    for (int k = 0; k < 3; k++)
        r[k] = p[k] - b->x[k];
    vccd_sim_cross(c, b->w, r);
    for (int k = 0; k < 3; k++)
        out[k] = b->v[k] + c[k];
}

/* R of unit quaternion q (w x y z), doubles: for the physics only. */
static void
quat_mat(double R[3][3], const double q[4])
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    R[0][0] = 1 - 2 * (y * y + z * z);
    R[0][1] = 2 * (x * y - w * z);
    R[0][2] = 2 * (x * z + w * y);
    R[1][0] = 2 * (x * y + w * z);
    R[1][1] = 1 - 2 * (x * x + z * z);
    R[1][2] = 2 * (y * z - w * x);
    R[2][0] = 2 * (x * z - w * y);
    R[2][1] = 2 * (y * z + w * x);
    R[2][2] = 1 - 2 * (x * x + y * y);
}

void
vccd_sim_body_to_world(double w[3], const vccd_sim_body *b, const double p[3])
{
    double R[3][3];
    quat_mat(R, b->q);
    for (int i = 0; i < 3; i++)
        w[i] = b->x[i] + R[i][0] * p[0] + R[i][1] * p[1] + R[i][2] * p[2];
}

/* out := R M R^T for body b's rotation R. */
static void
to_world(double out[3][3], const vccd_sim_body *b, const double M[3][3])
{
    double R[3][3], T[3][3];
    quat_mat(R, b->q);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            T[i][j] = 0;
            for (int k = 0; k < 3; k++)
                T[i][j] += R[i][k] * M[k][j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            out[i][j] = 0;
            for (int k = 0; k < 3; k++)
                out[i][j] += T[i][k] * R[j][k];
        }
}

void
vccd_sim_body_inv_inertia_world(double out[3][3], const vccd_sim_body *b)
{
    to_world(out, b, b->inv_inertia);
}

void
vccd_sim_body_inertia_world(double out[3][3], const vccd_sim_body *b)
{
    to_world(out, b, b->inertia);
}

void
vccd_sim_body_clear_cache(vccd_sim_body *b)
{
    vccd_query_body_clear(&b->qb);
    free(b->memo);
    b->memo = NULL;
    b->nmemo = 0;
}

int
vccd_sim_body_finish(vccd_sim_body *b)
{
    double (*I)[3] = b->inertia, det;
    if (b->fixed) {
        b->inv_mass = 0.0;
        memset(b->inv_inertia, 0, sizeof b->inv_inertia);
        return 0;
    }
    if (!(b->mass > 0.0) || !isfinite(b->mass))
        return -1;
    b->inv_mass = 1.0 / b->mass;
    det = I[0][0] * (I[1][1] * I[2][2] - I[1][2] * I[2][1]) - I[0][1] * (I[1][0] * I[2][2] - I[1][2] * I[2][0])
          + I[0][2] * (I[1][0] * I[2][1] - I[1][1] * I[2][0]);
    if (!(det > 0.0) || !isfinite(det))
        return -1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
            b->inv_inertia[i][j] = (I[i1][j1] * I[i2][j2] - I[i1][j2] * I[i2][j1]) / det;
        }
    return 0;
}

/* The parameters of body b's ballistic motion over the next h seconds
   as the unit time: velocity v h, acceleration g h^2, angular velocity
   w h (0 for a fixed body), the doubles the motion is made of: one below
   VCCD_SIM_TINY is 0, as the step writes it into the motion, so that
   the reach bounds the motion itself (a flushed u beside an a of about
   2^-600 would otherwise shrink the bound below the motion's a / 2). */
void
vccd_sim_body_piece(double v[3], double a[3], double w[3], const vccd_sim_body *b, double h, const double g[3])
{
    for (int i = 0; i < 3; i++) {
        v[i] = b->fixed ? 0.0 : b->v[i] * h;
        a[i] = b->fixed ? 0.0 : g[i] * h * h;
        w[i] = b->fixed ? 0.0 : b->w[i] * h;
        v[i] = fabs(v[i]) < VCCD_SIM_TINY ? 0.0 : v[i];
        a[i] = fabs(a[i]) < VCCD_SIM_TINY ? 0.0 : a[i];
        w[i] = fabs(w[i]) < VCCD_SIM_TINY ? 0.0 : w[i];
    }
}

/* The farthest any point of body b moves over the next h seconds of
   its ballistic motion (vccd_sim_body_piece), rounded up: the centre's path
   u t + a t^2 / 2 over t in [0, 1] reaches, per axis, at most its end
   |u + a / 2| or, when its apex t = -u / a is inside, the apex's
   u^2 / (2 |a|); the norm of
   those, plus the rotation's chord |w| r for the root radius r (max |p|
   about the centre, rounded up).  Interval arithmetic, so every bound
   is upward.  A body resting under gravity moves up and back within a
   step: its reach is the apex, not |u| + |a| (12 times less on the
   3-box stack), so a pair resting eps_d apart is proved unable to meet
   without a TOC query.  0 for a fixed body; infinity before the query
   body exists. */
double
vccd_sim_body_reach(const vccd_sim_body *b, double h, const double g[3])
{
    double u[3], a[3], w[3];
    vccd_di t = vccd_di_set_d(0.0), wn;
    if (b->fixed)
        return 0.0;
    if (!b->qb.rad)
        return INFINITY;
    vccd_sim_body_piece(u, a, w, b, h, g);
    for (int k = 0; k < 3; k++) {
        vccd_di U = vccd_di_set_d(u[k]), A = vccd_di_set_d(a[k]);
        double m = vccd_di_mag(vccd_di_add(U, vccd_di_mul_d(A, 0.5)));
        /* the apex t = -u / a is inside (0, 1) exactly when u and a
           have opposite signs and |u| < |a| (the motion's own doubles,
           compared exactly); else |f| grows all the way to t = 1 */
        if (((u[k] > 0 && a[k] < 0) || (u[k] < 0 && a[k] > 0)) && fabs(u[k]) < fabs(a[k])) {
            double x = vccd_di_div(vccd_di_sqr(U), vccd_di_mul_d(vccd_di_abs(A), 2.0)).hi;
            m = !(x <= m) ? x : m;      /* a NaN would win, not vanish as in fmax */
        }
        t = vccd_di_add(t, vccd_di_sqr(vccd_di_set_d(m)));
    }
    wn = vccd_di_add(vccd_di_add(vccd_di_sqr(vccd_di_set_d(w[0])), vccd_di_sqr(vccd_di_set_d(w[1]))),
                     vccd_di_sqr(vccd_di_set_d(w[2])));
    return vccd_di_add(vccd_di_sqrt(t), vccd_di_mul(vccd_di_sqrt(wn), vccd_di_set_d(b->qb.rad[0]))).hi;
}
