/* cmd_scene.c -- `vccd scene CONFIG`: one step of a whole scene (every
   vertex on a straight line from frame 0 to frame 1, self-contact
   included): the earliest contact with [0, lo) proved free, the pair,
   the counters; with --all-pairs FILE every candidate's answer as CSV. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
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
    const vccd_mesh *m = &s->mesh;
    if (!f)
        return VCCD_EXIT_USAGE;
    fputs("kind,a,b,v0,v1,v2,v3,slice,status,lo,hi,limited\n", f);
    for (long i = 0; i < c->n; i++) {
        vccd_scene_pair p = c->p[i];
        long v[4];
        if (p.kind == VCCD_FEATURE_VF) {
            v[0] = p.a;
            for (int k = 0; k < 3; k++)
                v[k + 1] = m->t[p.b][k];
        } else {
            v[0] = m->e[p.a].v[0];
            v[1] = m->e[p.a].v[1];
            v[2] = m->e[p.b].v[0];
            v[3] = m->e[p.b].v[1];
        }
        fprintf(f, "%s,%ld,%ld,%ld,%ld,%ld,%ld,%d,%s,%.17g,%.17g,%d\n", vccd_feature_kind_name(p.kind), (long)p.a,
                (long)p.b, v[0], v[1], v[2], v[3], (int)p.slice, vccd_toc_status_name(r[i].status), r[i].lo, r[i].hi,
                r[i].limited);
    }
    return vccd_cli_close_output(f, path) != 0 ? VCCD_EXIT_FAIL : VCCD_EXIT_OK;
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
    if (ans.status == VCCD_TOC_NONE)
        printf("earliest contact: none (no two features %s in [%.17g, %.17g])\n",
               o.min_separation > 0 ? "within min_separation" : "touch", o.solve.t0, o.solve.t1);
    else if (ans.lo > o.solve.t0)
        printf("earliest contact: %s [%.17g, %.17g]; [%.17g, %.17g) proved free of contact\n",
               vccd_toc_status_name(ans.status), ans.lo, ans.hi, o.solve.t0, ans.lo);
    else
        printf("earliest contact: %s [%.17g, %.17g]; no time after %.17g proved free (a contact may be there)\n",
               vccd_toc_status_name(ans.status), ans.lo, ans.hi, o.solve.t0);
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
    "scene", "one step of a whole scene: every vertex on a straight line, self-contact included",
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
    "there.  doc/scene.md has the guarantee and the broad phase.\n",
    opts,
    "Exit status 2 for bad options or input (the message names file, line\n"
    "and key), 1 when the computation fails (more than max_candidates pairs,\n"
    "out of memory).\n",
    run
};
