/* cmd_scene.c -- `vccd scene CONFIG`: one step of a whole scene (every
   vertex on a straight line from frame 0 to frame 1, self-contact
   included), or of a scene of bodies ([body.NAME] sections, bodies.h):
   the earliest contact with [0, lo) proved free, the pair, the counters;
   with --all-pairs FILE every candidate's (or pair of bodies') answer as
   CSV. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "vccd/bodies.h"
#include "vccd/scene.h"

typedef struct {
    const char *all_pairs;
} scene_args;

static const vccd_cli_opt opts[] = {
    VCCD_OPT_STR_(scene_args, all_pairs, "all-pairs", "FILE",
                  "every candidate's answer as CSV into FILE:\n"
                  "kind,a,b,v0,v1,v2,v3,slice,status,lo,hi,limited (a, b:\n"
                  "vertex and face, or the two edges; v0-v3 the four\n"
                  "vertices in the solver's order)"),
    VCCD_OPT_END
};

/* The step's answer: none, or [lo, hi] with [t0, lo) proved free. */
static void
print_earliest(vccd_toc_status status, double lo, double hi, double min_separation, const vccd_solve_opts *so)
{
    if (status == VCCD_TOC_NONE)
        printf("earliest contact: none (no two features %s in [%.17g, %.17g])\n",
               min_separation > 0 ? "within min_separation" : "touch", so->t0, so->t1);
    else if (lo > so->t0)
        printf("earliest contact: %s [%.17g, %.17g]; [%.17g, %.17g) proved free of contact\n",
               vccd_toc_status_name(status), lo, hi, so->t0, lo);
    else
        printf("earliest contact: %s [%.17g, %.17g]; no time after %.17g proved free (a contact may be there)\n",
               vccd_toc_status_name(status), lo, hi, so->t0);
}

static void
print_pair(const vccd_scene *s, vccd_scene_pair p)
{
    const vccd_mesh *m = &s->mesh;
    if (p.kind == VCCD_FEATURE_VF)
        printf("pair: vertex-face, vertex %ld, face %ld (vertices %ld %ld %ld)\n", (long)p.a, (long)p.b,
               (long)m->t[p.b][0], (long)m->t[p.b][1], (long)m->t[p.b][2]);
    else
        printf("pair: edge-edge, edges %ld (vertices %ld %ld) and %ld (vertices %ld %ld)\n", (long)p.a,
               (long)m->e[p.a].v[0], (long)m->e[p.a].v[1], (long)p.b, (long)m->e[p.b].v[0], (long)m->e[p.b].v[1]);
}

static int
write_all(const char *path, const vccd_scene *s, const vccd_scene_candidates *c, const vccd_scene_pair_answer *r)
{
    FILE *f = vccd_cli_open_output(path);
    if (!f)
        return VCCD_EXIT_USAGE;
    fputs("kind,a,b,v0,v1,v2,v3,slice,status,lo,hi,limited\n", f);
    for (long i = 0; i < c->n; i++) {
        vccd_scene_pair p = c->p[i];
        vccd_mesh_index v[4];
        vccd_scene_pair_vertices(v, s, p);
        fprintf(f, "%s,%ld,%ld,%ld,%ld,%ld,%ld,%d,%s,%.17g,%.17g,%d\n", vccd_feature_kind_name(p.kind), (long)p.a,
                (long)p.b, (long)v[0], (long)v[1], (long)v[2], (long)v[3], (int)p.slice,
                vccd_toc_status_name(r[i].status), r[i].lo, r[i].hi, r[i].limited);
    }
    return vccd_cli_close_output(f, path) != 0 ? VCCD_EXIT_FAIL : VCCD_EXIT_OK;
}

/* --- a scene of [body.NAME] sections (bodies.h) --------------------- */

/* Does the config at path have a [body.NAME] section?  -1 when it cannot
   be read (e set). */
static int
has_bodies(const char *path, vccd_error *e)
{
    vccd_config c;
    int found = 0;
    if (vccd_config_load(&c, path, e) != 0)
        return -1;
    for (int i = 0; i < c.n && !found; i++)
        found = strncmp(c.sec[i].name, "body.", 5) == 0;
    vccd_config_clear(&c);
    return found;
}

static void
print_body_pair(const vccd_bodies *s, const vccd_bodies_pairs *p, const vccd_bodies_answer *ans)
{
    const vccd_bodies_pair q = p->p[ans->pair];
    const vccd_bodies_pair_answer *r = &ans->at;
    const char *na = s->body[q.a]->name, *nb = s->body[q.b]->name;
    if (!r->have_pair)
        printf("pair: bodies '%s' and '%s'\n", na, nb);
    else if (r->kind == VCCD_FEATURE_VF) {
        const char *nv = s->body[r->vertex_body]->name, *nf = r->vertex_body == q.a ? nb : na;
        printf("pair: vertex-face, vertex %ld of '%s' against the face (vertices %ld %ld %ld) of '%s'\n", r->v[0],
               nv, r->v[1], r->v[2], r->v[3], nf);
    } else
        printf("pair: edge-edge, edge (vertices %ld %ld) of '%s' against edge (vertices %ld %ld) of '%s'\n", r->v[0],
               r->v[1], na, r->v[2], r->v[3], nb);
}

static int
write_bodies(const char *path, const vccd_bodies *s, const vccd_bodies_pairs *p, const vccd_bodies_pair_answer *r)
{
    FILE *f = vccd_cli_open_output(path);
    if (!f)
        return VCCD_EXIT_USAGE;
    fputs("body_a,body_b,slice,status,lo,hi,limited,kind,vertex_body,v0,v1,v2,v3\n", f);
    for (long i = 0; i < p->n; i++) {
        const vccd_bodies_pair_answer *x = &r[i];
        fprintf(f, "%s,%s,%d,%s,%.17g,%.17g,%d,", s->body[p->p[i].a]->name, s->body[p->p[i].b]->name, p->p[i].slice,
                vccd_toc_status_name(x->status), x->lo, x->hi, x->limited);
        if (x->have_pair)
            fprintf(f, "%s,%s,%ld,%ld,%ld,%ld\n", vccd_feature_kind_name(x->kind),
                    x->kind == VCCD_FEATURE_VF ? s->body[x->vertex_body]->name : "", x->v[0], x->v[1], x->v[2],
                    x->v[3]);
        else
            fputs(",,,,,\n", f);
    }
    return vccd_cli_close_output(f, path) != 0 ? VCCD_EXIT_FAIL : VCCD_EXIT_OK;
}

static int
run_bodies(const char *path, const scene_args *a)
{
    vccd_bodies s;
    vccd_bodies_opts o;
    vccd_bodies_pairs p;
    vccd_bodies_answer ans;
    vccd_bodies_pair_answer *r = NULL;
    vccd_error e;
    double t0 = vccd_clock_now(), t_broad, t_narrow;
    long self = 0, n;
    int rc = VCCD_EXIT_OK;

    if (vccd_bodies_config_load(&s, &o, path, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    if (vccd_bodies_prepare(&s, &o, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        vccd_bodies_clear(&s);
        return VCCD_EXIT_FAIL;
    }
    printf("scene: %s: %d bod%s (loaded, BVHs built in %.1f ms)\n", path, s.n, s.n == 1 ? "y" : "ies",
           1e3 * (vccd_clock_now() - t0));
    for (int i = 0; i < s.n; i++)
        printf("  body %s: %ld vertices, %ld faces, %s\n", s.body[i]->name, s.body[i]->mesh.nv, s.body[i]->mesh.nt,
               s.body[i]->frames ? "two frames (every vertex on a straight line), self-contact included"
                                 : s.body[i]->motion->type->name);
    t0 = vccd_clock_now();
    if (vccd_bodies_broad(&p, &s, &o, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        vccd_bodies_clear(&s);
        return VCCD_EXIT_FAIL;
    }
    t_broad = vccd_clock_now() - t0;
    for (long i = 0; i < p.n; i++)
        self += p.p[i].a == p.p[i].b;
    n = s.n;
    printf("broad phase over the bodies: %d time slices, min_separation %.17g: %ld of %ld pairs of bodies, %ld "
           "self-contact%s, in %.1f ms\n", p.slices, o.query.min_separation, p.n - self, n * (n - 1) / 2, self,
           self == 1 ? "" : "s", 1e3 * t_broad);
    if (a->all_pairs && !(r = malloc((size_t)(p.n > 0 ? p.n : 1) * sizeof *r))) {
        fprintf(stderr, "vccd: out of memory\n");
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    t0 = vccd_clock_now();
    if (vccd_bodies_toc(&ans, r, &s, &p, &o, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    t_narrow = vccd_clock_now() - t0;
    print_earliest(ans.status, ans.lo, ans.hi, o.query.min_separation, &o.query.solve);
    if (ans.have_pair)
        print_body_pair(&s, &p, &ans);
    printf("narrow phase: %ld pairs solved (%ld certified, %ld possible, %ld none, %ld limited), %ld solver boxes, "
           "in %.1f ms\n", ans.pairs, ans.certified, ans.possible, ans.none, ans.limited, ans.solver_boxes,
           1e3 * t_narrow);
    if (a->all_pairs)
        rc = write_bodies(a->all_pairs, &s, &p, r);
done:
    free(r);
    vccd_bodies_pairs_clear(&p);
    vccd_bodies_clear(&s);
    return rc;
}

static int
run(int argc, char **argv)
{
    scene_args a = { NULL };
    vccd_scene s;
    vccd_scene_opts o;
    vccd_scene_broad_opts bo;
    vccd_scene_candidates c;
    vccd_scene_answer ans;
    vccd_scene_pair_answer *r = NULL;
    vccd_error e;
    double t0, t_broad, t_narrow;
    int npos, rc = VCCD_EXIT_OK;

    if (vccd_cli_parse("scene", opts, &a, argc, argv, &npos) != 0)
        return VCCD_EXIT_USAGE;
    if (npos != 1)
        return vccd_cli_usage_error("scene: usage: vccd scene [--all-pairs FILE] CONFIG (see vccd help scene)");
    switch (has_bodies(argv[1], &e)) {
    case -1:
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    case 1:
        return run_bodies(argv[1], &a);
    }
    t0 = vccd_clock_now();
    if (vccd_scene_config_load(&s, &o, &bo, argv[1], &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    printf("scene: %s (frame 0 %s): %ld vertices, %ld faces, %ld edges (loaded in %.1f ms)\n", argv[1],
           s.mesh.name, s.mesh.nv, s.mesh.nt, s.mesh.ne, 1e3 * (vccd_clock_now() - t0));
    t0 = vccd_clock_now();
    if (vccd_scene_broad(&c, &s, &bo, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        vccd_scene_clear(&s);
        return VCCD_EXIT_FAIL;
    }
    t_broad = vccd_clock_now() - t0;
    printf("broad phase: %s, %d time slice%s, min_separation %.17g: %ld candidates (%ld vertex-face, %ld edge-edge) "
           "in %.1f ms\n", vccd_scene_broad_method_name(bo.method), c.slices, c.slices == 1 ? "" : "s",
           bo.min_separation, c.n, c.nvf, c.nee, 1e3 * t_broad);
    if (a.all_pairs && !(r = malloc((size_t)(c.n > 0 ? c.n : 1) * sizeof *r))) {
        fprintf(stderr, "vccd: out of memory\n");
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    t0 = vccd_clock_now();
    if (vccd_scene_toc(&ans, r, &s, &c, &o, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    t_narrow = vccd_clock_now() - t0;
    print_earliest(ans.status, ans.lo, ans.hi, o.min_separation, &o.solve);
    if (ans.have_pair)
        print_pair(&s, ans.pair);
    printf("narrow phase: %ld of %ld candidates solved (%ld certified, %ld possible, %ld none, %ld limited), "
           "%ld solver boxes, in %.1f ms\n", ans.solved, ans.candidates, ans.certified, ans.possible, ans.none,
           ans.limited, ans.solver_boxes, 1e3 * t_narrow);
    if (a.all_pairs)
        rc = write_all(a.all_pairs, &s, &c, r);
done:
    free(r);
    vccd_scene_candidates_clear(&c);
    vccd_scene_clear(&s);
    return rc;
}

const vccd_cli_cmd vccd_cmd_scene = {
    "scene", "one step of a whole scene (every vertex on a straight line, self-contact included) or of many bodies",
    "usage: vccd scene [--all-pairs FILE] CONFIG\n"
    "\n"
    "The earliest contact of one simulation step in which every vertex of\n"
    "a mesh moves on a straight line from its position in frame 0 (t = 0) to\n"
    "its position in frame 1 (t = 1): every vertex against every face and\n"
    "every edge against every edge, self-contact included, except incident\n"
    "pairs (a vertex of the face, edges sharing a vertex).  [0, lo) is\n"
    "proved free of contact for the whole scene: the step a simulator may\n"
    "take.  CONFIG:\n"
    "\n"
    "  [scene]\n"
    "  frame0 = frames/227.ply    # the mesh at t = 0 (OBJ, OFF, PLY, .gz)\n"
    "  frame1 = frames/228.ply    # the same faces at t = 1\n"
    "  min_separation = 0         # first time any two features within d\n"
    "  slices = 0                 # broad phase time slices (0: automatic)\n"
    "  broad = tree               # tree | sweep\n"
    "  max_candidates = 67108864  # the broad phase stops past it (default 2^26)\n"
    "  [solver] / [arithmetic]    # as for vccd toc\n"
    "\n"
    "Frame paths are relative to the config's directory when the file is\n"
    "there.  doc/scene.md has the guarantee and the broad phase.\n"
    "\n"
    "A scene of bodies, rigid and deforming mixed, has [body.NAME] sections\n"
    "instead of frames in [scene]:\n"
    "\n"
    "  [scene]\n"
    "  min_separation = 0         # the step's, for every pair\n"
    "  body_slices = 16           # time slices of the broad phase over bodies\n"
    "  max_pairs = 67108864       # it stops past this many pairs (default 2^26)\n"
    "  bv = obb                   # the pair queries' bounding volume\n"
    "  [body.cloth]\n"
    "  frame0 = 227.ply           # a deforming mesh, self-contact included\n"
    "  frame1 = 228.ply\n"
    "  [body.ball]\n"
    "  mesh = icosphere:3         # a mesh (normalisation keys as for vccd toc)\n"
    "  motion = fall              # moved by any 3D model: [motion.fall]\n"
    "\n"
    "Every pair of bodies whose boxes meet in some time slice is one mesh\n"
    "query, and each deforming body's self-contact one scene query; the\n"
    "step's answer is their earliest.  --all-pairs then writes one row per\n"
    "pair: body_a,body_b,slice,status,lo,hi,limited,kind,vertex_body,v0-v3.\n",
    opts,
    "Exit status 2 for bad options or input (the message names file, line\n"
    "and key), 1 when the computation fails (more than max_candidates pairs,\n"
    "out of memory).\n",
    run
};
