/* sim.h -- rigid bodies on top of the mesh TOC (thesis ch. 6, 6.1
   and 6.2): contact manifolds at a stepped-back contact time, impulses for
   several contacts at once, and the stepping loop.

   What is proved and what is not (doc/simulate.md): every pose the
   simulation passes through is separated, because each piece of motion
   starts where a rigorous distance lower bound is > 0 and the TOC query
   proves [0, lo) contact-free; the impulses are plain double-precision
   physics (Newton's impact law) and prove nothing. */
#ifndef VCCD_SIM_H
#define VCCD_SIM_H

#include "vccd/distance.h"
#include "vccd/query.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* A rigid body: its mesh in the body frame with the origin at the centre
   of mass, the state (centre x, unit quaternion q = w x y z, velocity v,
   angular velocity w in the world frame), its inverse mass and inverse
   body-frame inertia (0 for a static body, which never moves). */
/* A gap lower bound between two bodies proved at their states s[0] and
   s[1] (x, q, then a 2D body's angle, from which its pose is made and
   which several angles can share one rounded q): still a proof while
   both states are bit for bit the same. */
typedef struct {
    double s[2][8];
    double lower;
    int valid;
} vccd_sim_gap_memo;

typedef struct {
    char name[64];
    vccd_mesh mesh;
    vccd_bvh bvh;
    int fixed;
    double mass, inertia[3][3];
    double inv_mass, inv_inertia[3][3];
    double x[3], q[4], v[3], w[3];
    /* A 2D body (mesh.planar; doc/simulate.md, "2D mode"): it stays in
       the plane z = 0 with x[2] = v[2] = 0 and w = (0, 0, omega), and
       its orientation is the angle (radians about z), an exact double
       that both its pose and its planar motion (ballistic2d's alpha0)
       start from; q is kept as (cos angle/2, 0, 0, sin angle/2) for the
       physics and the output. */
    int planar;
    double angle;
    /* Kept by vccd_sim_step between calls (zero them with the body, free
       them with vccd_sim_body_clear_cache): the query's per-node sizes,
       made on the first step rather than for every TOC query, and the
       gaps proved to the bodies after this one (memo[j], j > index). */
    vccd_query_body qb;
    vccd_sim_gap_memo *memo;
    int nmemo;
} vccd_sim_body;

/* One contact: between bodies a and b, the normal n (unit, from a
   towards b), the point (world), the triangle pair, the pair's rigorous
   distance bounds at the contact time and, after the solve, the normal
   impulse magnitude (on b along n, on a along -n) and friction impulse
   (on b; -it on a). */
typedef struct {
    int a, b;
    long tri[2];
    double point[3], normal[3];
    double gap_lower, gap_upper;
    double vn;                  /* relative normal velocity before */
    double impulse, friction[3];
    /* 0: exact; VCCD_SIM_APPROX_TIME: capoeira's contact time (the exact
       manifold at it); VCCD_SIM_APPROX_NODES: the node manifold of thesis
       6.1.1 (point and normal from BVH leaves, tri = -1) */
    int approximate;
    /* 1: a resting contact solved before a step (vccd_sim_rest_solve):
       the solve brings its normal velocity to at least target, not to
       Newton's law's */
    int speculative;
    double target;
} vccd_sim_contact;

typedef struct {
    vccd_sim_contact *c;
    size_t n, cap;
} vccd_sim_contacts;

enum { VCCD_SIM_APPROX_TIME = 1, VCCD_SIM_APPROX_NODES = 2 };

/* --- the contact list (lib/sim/contacts.c) --------------------------------- */
void vccd_sim_contacts_clear(vccd_sim_contacts *l);
/* Append c: 0, or -1 when out of memory (l unchanged). */
int vccd_sim_contacts_push(vccd_sim_contacts *l, const vccd_sim_contact *c);
/* Cluster l->c[first..] in place: contacts with normals within 2
   degrees form a group, and a group keeps at most 4 -- the closest, the
   farthest from it, and the two making the largest triangles with those
   on either side -- so a resting face gives 4 points, not one per
   feature pair. */
void vccd_sim_contacts_cluster(vccd_sim_contacts *l, size_t first);

/* The pose enclosure of body b (vccd_pose_from_quat of its state; a 2D
   body's from its angle, as its planar motion's pose at t = 0). */
int vccd_sim_body_pose(vccd_pose *p, const vccd_sim_body *b);
/* An enclosure of b's centre at the start of its current piece: its
   query body's motion at t = 0 (after an event, a body whose motion goes
   on is a rebased motion, and its state's doubles only approximate it),
   or its state before it has one. */
void vccd_sim_body_centre(vccd_di c[3], const vccd_sim_body *b);
/* The rigorous distance of bodies i and j at their states
   (vccd_distance with BV type bv, no memo): 0, or -1 with e set. */
int vccd_sim_pair_distance(vccd_distance_result *d, const vccd_sim_body *bodies, int i, int j, int bv,
                           vccd_error *e);
/* r := a x b (doubles; r may not alias a or b). */
void vccd_sim_cross(double r[3], const double a[3], const double b[3]);
/* w := world position of body-frame point p of b (doubles, physics). */
void vccd_sim_body_to_world(double w[3], const vccd_sim_body *b, const double p[3]);
/* World velocity of body b's material point at world position p. */
void vccd_sim_body_point_velocity(double out[3], const vccd_sim_body *b, const double p[3]);
/* World inverse inertia R I^-1 R^T of body b. */
void vccd_sim_body_inv_inertia_world(double out[3][3], const vccd_sim_body *b);
void vccd_sim_body_inertia_world(double out[3][3], const vccd_sim_body *b);
/* The parameters of b's ballistic motion over the next h seconds as
   the motion's unit time (velocity v h, acceleration g h^2, angular
   velocity w h; 0 for a fixed body and below VCCD_SIM_TINY): the doubles
   the step writes into the piece's motion, exactly. */
void vccd_sim_body_piece(double v[3], double a[3], double w[3], const vccd_sim_body *b, double h, const double g[3]);
/* An upper bound of how far any point of b moves over that motion: per
   axis the centre's |u t + a t^2 / 2| at t = 1 or at its apex, their
   norm, plus the rotation's chord |w| r for b's query root radius r;
   interval arithmetic, rounded up.  0 for a fixed body, infinity before
   b's query body exists (vccd_sim_step makes it). */
double vccd_sim_body_reach(const vccd_sim_body *b, double h, const double g[3]);
/* b's inverse mass and inverse inertia from mass and inertia (3x3
   inverse; 0 when fixed).  -1 when the inertia is not invertible. */
int vccd_sim_body_finish(vccd_sim_body *b);
/* Free what vccd_sim_step kept in b (not its mesh or BVH). */
void vccd_sim_body_clear_cache(vccd_sim_body *b);

/* --- the manifold (lib/sim/manifold.c) -----------------------------------

   Bodies ia and ib (in bodies[]) at their current states: every triangle
   pair within `band` (vccd_distance_within, BV type bv) becomes a contact
   at the midpoint of its closest points with the normal along them
   (which is the face normal for a vertex or edge over a face interior,
   and the common perpendicular -- the edges' cross product -- for two
   edges), oriented from a to b; a pair closer than the rounding falls
   back to a's triangle normal turned away from a's centre.  A pair
   whose closest points are nearer than every feature found, and that
   may be the closest pair, gets them as a contact too (a vertex against
   an edge is no feature).  The pairs are
   then clustered: contacts with normals within 2 degrees form a group,
   and a group keeps at most 4 -- the extremes along two tangents -- so a
   resting face gives 4 points, not one per triangle pair.  approximate
   marks them (capoeira).  Appends to out; *min_gap := the rigorous
   distance lower bound of the pair (min with band).  0, or -1 with e. */
int vccd_sim_manifold(vccd_sim_contacts *out, double *min_gap, const vccd_sim_body *bodies, int ia, int ib,
                      int bv, double band, int approximate, vccd_error *e);

/* The cheaper manifold of capoeira mode (thesis 6.1.1, lib/sim/
   manifold_nodes.c): no triangle is looked at.  Every pair of BVH leaves
   whose volumes (type bv) are not proved `band` apart -- the thesis'
   "do the nodes overlap when enlarged?" -- gives one contact at the
   midpoint of the two leaves' centres (the mean of their vertices),
   with the normal along the line between those centres from a to b (the
   thesis' own "primitive" normal) and gap_lower the volumes' distance
   lower bound; then clustered as above.  Approximate by construction
   (VCCD_SIM_APPROX_NODES).  *min_gap := the min of band and the leaf
   pairs' bounds: still a proof.  0, or -1 with e (bv not built, out of
   memory). */
int vccd_sim_manifold_nodes(vccd_sim_contacts *out, double *min_gap, const vccd_sim_body *bodies, int ia,
                            int ib, int bv, double band, vccd_error *e);

/* --- impulses (lib/sim/impulse.c) ------------------------------------------

   Newton's impact law at every approaching contact (vn < 0) of l at
   once: find lambda >= 0 with, at each contact, post-velocity
   vn+ >= target = -e vn (a resting contact, |vn| < v_rest, approaching
   or not, gets target v_sep instead: zero restitution plus a separating
   speed; a contact leaving faster than v_rest gets target 0) and
   lambda_i (vn+_i - target_i) = 0, by projected Gauss-Seidel on the
   contacts' effective-mass matrix K.  The thesis' system guarantees
   nothing, so the solve reports:
     converged: max violation <= tol * max(|target|, |vn|) within iters;
     singular:  K is rank deficient (a pivot of its Cholesky factor below
                1e-10 of the diagonal): the impulses are not unique;
                K is block diagonal over the groups of contacts that
                moving bodies join, and each block is factored alone;
                -1 (not checked) when a block has more than unique_max
                active contacts (a dense factor costs its size cubed);
   and when PGS does not converge (unless o->fallback is 0: its last
   iterate is kept) it falls back to sequential impulses
   from the velocities before the solve (one contact at a time, the one
   furthest below its target first, until none is below it by more than
   tol x max(|target|, |vn|), or 100 n impulses).  mu > 0 then adds Coulomb friction per
   contact (tangential impulse clamped to mu lambda), separately. */
typedef struct {
    double e, mu;               /* restitution in [0, 1], friction >= 0 */
    double v_rest, v_sep;       /* resting threshold, separating speed */
    int iters;                  /* PGS sweeps (default 200) */
    double tol;                 /* relative (default 1e-10) */
    int unique_max;             /* the singular check's largest block
                                   (default 128; 0: no check) */
    int fallback;               /* PGS not converged: 1 (default), one
                                   impulse per contact in turn from the
                                   start, until none is short of its
                                   target; 0: keep PGS's last iterate
                                   (every impulse >= 0, each contact
                                   maybe short of its target) */
} vccd_sim_impulse_opts;

typedef struct {
    int contacts, approaching;
    int converged, singular, fallback;
    int sweeps;
    double residual;            /* max violation at the end */
    int rounds;                 /* vccd_sim_event_solve: the cluster's solves */
} vccd_sim_impulse_result;

void vccd_sim_impulse_opts_init(vccd_sim_impulse_opts *o);
/* Apply the impulses to bodies' v and w; fills each contact's impulse,
   friction and vn.  Returns 0, or -1 when out of memory (nothing applied). */
int vccd_sim_impulse_solve(vccd_sim_impulse_result *r, vccd_sim_body *bodies, vccd_sim_contacts *l,
                           const vccd_sim_impulse_opts *o);

/* --- the stepping loop (lib/sim/step.c) ------------------------------------

   One step of length dt: every body moves ballistically (gravity g) from
   its state; the first contact of all body pairs is found with
   vccd_query_toc over the rest of the step, stepped back to a gap
   >= eps_d (exact mode); all bodies advance to that time; each pair
   closer than its band gets a manifold (band = max(band_factor eps_d,
   1.5 x the contacting pair's gap upper bound), so the manifold always
   holds the contact that stopped the motion); the impulses are solved
   for all contacts at once; and the rest of the step follows.  Before
   each piece of motion the rigorous distance of every pair is measured
   at the state the piece starts from: the piece's contact-free interval
   is proved by the TOC query, its start by that distance (> 0), which is
   the whole non-penetration proof (doc/simulate.md).  More than
   max_events contacts in one step end the step there (truncated). */
/* The manifold at a contact: the triangle pairs' features (6.1.2), or
   the BVH leaves' (6.1.1, approximate); AUTO is the leaves' in capoeira
   mode and the features' in exact mode. */
enum { VCCD_SIM_MANIFOLD_AUTO = 0, VCCD_SIM_MANIFOLD_FEATURES, VCCD_SIM_MANIFOLD_NODES };

/* Resting contacts (doc/simulate.md, "Resting contact"): solved at the
   velocity level before each step (speculative, the default), or met
   only as the TOC's contact events (events). */
enum { VCCD_SIM_REST_SPECULATIVE = 0, VCCD_SIM_REST_EVENTS };

typedef struct {
    double g[3], dt;
    int bv;
    int rest;                   /* VCCD_SIM_REST_* */
    vccd_query_mode mode;
    double eps_d, band_factor;
    int max_events;
    int manifold;               /* VCCD_SIM_MANIFOLD_* */
    mpfr_prec_t prec;           /* of the motions' parameters */
    vccd_sim_impulse_opts impulse;
    vccd_solve_opts solve;      /* solver, arithmetic, eps_t */
} vccd_sim_opts;

/* The range of a simulation's numbers (doc/simulate.md, "Ranges").
   Each piece of motion reaches the motion parser as text, every state
   double written as its exact rational (so the piece starts exactly at
   the state whose gap was proved), and the parser takes a number of at
   most 255 characters: that holds for 0 and for every double of
   magnitude in [2^-735, 2^843).  So the step flushes to 0 a position,
   quaternion or angle component, or a piece's v h, g h^2 or omega h, of
   magnitude below VCCD_SIM_TINY (a move of less than 2^-600, which only
   the doubles' own arithmetic makes: a scene's numbers are 0 or at
   least VCCD_SIM_MIN), and fails, naming the body, on one of
   VCCD_SIM_HUGE or more.
   A scene's numbers (positions, velocities, angular velocities,
   gravity, angles, masses, densities, inertias) are held to 0 or a
   magnitude in [VCCD_SIM_MIN, VCCD_SIM_MAX].  A run lasts at most
   T = 1e9 steps x 1e3 s = 1e12 s, so from such a scene a ballistic state
   stays below 1e50 (1 + T + T^2 / 2) < 1e74 in position and 1e63 in
   velocity, and the energies and momenta (m v^2, m g x, m x v: up to
   1e186) stay finite doubles, far below VCCD_SIM_HUGE (about 6.7e240);
   impulses at restitution <= 1 add no energy. */
#define VCCD_SIM_TINY 0x1p-600
#define VCCD_SIM_HUGE 0x1p800
#define VCCD_SIM_MIN 1e-50
#define VCCD_SIM_MAX 1e50

/* No gravity, dt 1/60, obb, exact, eps_d 1e-3, band factor 2, 64 events. */
void vccd_sim_opts_init(vccd_sim_opts *o);

/* A contact event of a step, for the caller's log: time within the
   step (seconds), the contacts (impulses filled), the solve's report,
   the rigorous gap of the pair whose contact stopped the motion. */
typedef struct {
    double t;
    int a, b;                   /* the pair that stopped the motion */
    double gap_lower, gap_upper;
    int stepped;                /* the query's step back (1, or -1: none) */
    const vccd_sim_contacts *contacts;
    vccd_sim_impulse_result solve;
} vccd_sim_event;

typedef void (*vccd_sim_event_fn)(void *ctx, const vccd_sim_event *ev);

typedef struct {
    int events, pieces, truncated;
    double min_gap;             /* rigorous lower bound: min over the gap
                                   checks -- the step's first piece and
                                   end, all pairs; a piece after an event,
                                   the pairs of the bodies whose motion
                                   it remade -- where a pair the broad
                                   phase leaves out counts as its margin
                                   and one the resting manifold proved
                                   farther than its band as that band */
    double t_ccd, t_manifold, t_impulse, t_gap, t_broad;    /* seconds */
    long queries;               /* TOC queries run */
    long skipped;               /* pairs kept by the broad phase that
                                   could not meet in a piece */
    long broad_pairs;           /* pairs kept by the broad phase, summed
                                   over its runs */
    long broad_runs;            /* its runs: one per piece, one at the end */
    long distances;             /* distance queries of the gap checks */
    long rest_pairs, rest_contacts; /* solved before the next step */
    long event_pairs;           /* manifolds made at contact events */
    long reused;                /* pairs of two motions that went on after
                                   an event: the last piece's answer kept
                                   (none when its broad phase had left the
                                   pair out) */
    long rebased;               /* motions that went on after an event,
                                   rebased for a pair with a new one */
    double t_rest;              /* seconds in that (manifolds and solve) */
    double *pair_gap;           /* internal: each pair's last gap bound */
} vccd_sim_step_result;

/* Pairs of bodies (i < j), sorted. */
typedef struct {
    int (*p)[2];
    long n, cap;
} vccd_sim_pairs;

/* The broad phase over bodies (lib/sim/broad.c): into p, the pairs
   i < j of bodies[0 .. nb) (two fixed bodies never) that may come within
   h >= 0 of each other over the current piece.  Each body's box is its
   centre where the piece starts (vccd_sim_body_centre, an enclosure)
   plus or minus r + s + h / 2, r its query's root radius and s
   its root's speed bound over the piece (vccd_query_body_speed; 0 for a
   fixed body), rounded outward; a pair whose boxes are apart along
   some axis is proved more than h apart at every time of the piece, at
   its start state included.  The bodies' query bodies must hold the
   piece's motions (a body without one gets the whole space).  Sort and
   sweep along x: O(nb log nb) plus the pairs that overlap along x.  0,
   or -1 when out of memory. */
int vccd_sim_broad(vccd_sim_pairs *p, vccd_sim_body *bodies, int nb, double h);
/* The same at the bodies' states alone (a piece of no length: no speed
   term, boxes about the states' centres, which after an event can
   differ from where a motion that went on started): the step's end. */
int vccd_sim_broad_at_states(vccd_sim_pairs *p, vccd_sim_body *bodies, int nb, double h);
void vccd_sim_pairs_clear(vccd_sim_pairs *p);

/* --- an event's contacts (lib/sim/cluster.c) -------------------------------

   The impulses at a contact event between bodies a and b act on the
   event's cluster, not on every contact of the scene.  cand holds the
   pairs (i < j) within band at the current states.  The cluster starts
   as the manifolds (vccd_sim_manifold, or the node manifold as the
   step chooses it) of the candidates that have a or b as a moving body;
   it is solved (vccd_sim_impulse_solve, o->impulse) from the bodies'
   velocities before the event, and it grows by every candidate of a
   body the solve moved that has a contact the solve turned towards its
   neighbour: approaching now, and having lost more normal velocity than
   it could over the `left` seconds of the step without closing its gap
   lower bound.  Then it is solved again from the velocities
   before the event, until it no longer grows.  A far body is moved by
   no event (the solve over all contacts pushed every resting pair apart
   at the separating speed, at every event of the scene).
   Out: cl the cluster's contacts, solved; gaps[u] the manifold's bound
   of candidate u (min with band) when its manifold was made, else NaN;
   changed[i] = 1 for each body whose velocity the solve changed (nb
   entries); *t_solve += the seconds spent in the impulse solves; res the
   last solve's result (res->rounds: how many).  0, or -1 with e. */
int vccd_sim_event_solve(vccd_sim_impulse_result *res, vccd_sim_contacts *cl, double *gaps, unsigned char *changed,
                         double *t_solve, vccd_sim_body *bodies, int nb, const vccd_sim_pairs *cand, int a, int b,
                         double band, double left, const vccd_sim_opts *o, vccd_error *e);

/* Seconds of a monotonic clock (the step's timings). */
double vccd_sim_clock(void);

/* The band of the resting contacts solved before a step: twice the
   manifold's, so that a pair just outside the band, which the solve
   would otherwise leave out while it pushes one of the two up into the
   other, is in it (measured on the 3-box stack: 11 contact events in 300
   steps at the manifold's band, 3 at twice it, all at the landing).
   At restitution 0 vccd_sim_step widens it per pair by how far the
   pair's points can close over the step, by at most 1.5 times it. */
#define VCCD_SIM_REST_BAND(o) (2.0 * (o)->band_factor * (o)->eps_d)
/* The share of a resting contact's gap error (eps_d - d) that its
   target velocity makes up in one step.  A whole step's (1) let the
   correction of a tilted box rock the stack above it: the 3-box stack
   over 10,000 steps took 55 contact events and its gap fell to 1.3e-4
   (eps_d = 1e-3); at 0.5, 5 events and 3.8e-4; at 0.3, 4 events (3 of
   them the landing) and 4.3e-4. */
#define VCCD_SIM_REST_RATE 0.3

/* Resting contacts for the next step (lib/sim/rest.c; doc/simulate.md,
   "Resting contact"): cl holds the manifolds, at the current states, of
   the pairs within VCCD_SIM_REST_BAND (vccd_sim_step gathers them at
   the step's end, with vccd_sim_manifold in that band).  Each contact
   vccd_sim_rest_targets marks is aimed at a normal velocity of at
   least
     rate (eps_d - d) / dt - a_n dt / 2,
   d its triangle pair's gap lower bound, a_n the pair's relative
   acceleration along the normal (gravity on the moving bodies) and rate
   VCCD_SIM_REST_RATE: the velocity that, under gravity, moves the gap
   the rate's share of the way to eps_d by the end of the next step, a
   speculative contact (it may pull no body, only push: a gap above
   eps_d may close, towards eps_d).  The impulses (and friction) are
   solved for all of them at once by PGS, 30 sweeps and its iterate kept
   (a target may be missed: the step's proof is the CCD's), and applied
   to v and w; no position
   changes, so every gap proved at these states stays proved.  The
   contacts vccd_sim_rest_targets does not mark are dropped from cl
   (Newton's law is for them, at their contact event).  Adds to r's rest_contacts.  0, or -1 with e. */
int vccd_sim_rest_solve(vccd_sim_step_result *r, vccd_sim_body *bodies, vccd_sim_contacts *cl,
                        const vccd_sim_opts *o, vccd_error *e);

/* The speculative targets of the contacts cl->c[first ..] over the next
   h seconds (h <= dt; vccd_sim_rest_solve gives dt): each
   contact not approaching faster than v_rest is marked speculative with
   target rate (eps_d - d) / dt - a_n h / 2, so that its gap after h
   seconds is at least d + rate (eps_d - d) h / dt under gravity, to
   first order (rate VCCD_SIM_REST_RATE).  With restitution 0 the faster
   ones are marked too, with rate 1 when d > eps_d (the gap may close to
   eps_d over the step, no further): Newton's law at e = 0 stops them
   all the same.  The others keep Newton's law.  Returns how many were
   marked. */
long vccd_sim_rest_targets(vccd_sim_contacts *cl, size_t first, const vccd_sim_body *bodies, const vccd_sim_opts *o,
                           double h);

/* One step of bodies[0..nb).  0, or -1 with e set (a query failed, or a
   gap lower bound <= 0 was found: the run can no longer prove anything,
   and says so). */
int vccd_sim_step(vccd_sim_step_result *r, vccd_sim_body *bodies, int nb, const vccd_sim_opts *o,
                  vccd_sim_event_fn on_event, void *ctx, vccd_error *e);

/* Set a 2D body's angle (and q from it). */
void vccd_sim_body_set_angle(vccd_sim_body *b, double angle);

/* Kinetic energy, linear and angular momentum (about the origin) of the
   moving bodies, and their potential energy -m g.x. */
void vccd_sim_energy(double *kinetic, double *potential, double p[3], double L[3], const vccd_sim_body *bodies,
                     int nb, const double g[3]);

VCCD_END_DECLS

#endif
