/* t-config.c -- vccd_toc_problem (toc.h): a toc config loaded and solved
   by the library gives, bit for bit, what vccd_toc_pair and
   vccd_toc_meshes give on the same inputs built by hand (typed motion
   constructors, meshes and BVHs); the overrides replace the config's
   budgets; errors name the file, the line, the section and the key. */
#include <fenv.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* text written to a fresh file; its path in path (size n) */
static void
write_config(char *path, size_t n, const char *text)
{
    FILE *f;
    int fd;
    snprintf(path, n, "t-config-XXXXXX");
    fd = mkstemp(path);
    if (fd < 0 || !(f = fdopen(fd, "w")))
        tu_fail("cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int
same_answer(const vccd_toc_answer *a, const vccd_toc_answer *b)
{
    return a->status == b->status && a->lo == b->lo && a->hi == b->hi && a->rigorous == b->rigorous
           && a->approximate == b->approximate && a->limited == b->limited && a->have_pair == b->have_pair
           && memcmp(&a->pair, &b->pair, sizeof a->pair) == 0 && a->param[0].lo == b->param[0].lo
           && a->param[0].hi == b->param[0].hi && a->param[1].lo == b->param[1].lo
           && a->param[1].hi == b->param[1].hi && memcmp(a->point, b->point, sizeof a->point) == 0
           && memcmp(a->normal, b->normal, sizeof a->normal) == 0 && a->vn == b->vn && a->have_gap == b->have_gap
           && a->gap_lower == b->gap_lower && a->gap_upper == b->gap_upper && a->gap_t == b->gap_t && a->stepped == b->stepped
           && a->have_safe == b->have_safe && a->safe_t == b->safe_t;
}

/* experiments/configs/toc.ini's pair: a spinning vertex onto a fixed
   triangle, at t = 1/2. */
static const char pair_config[] = "[motion.spinner]\n"
                                  "type = ltlrm\n"
                                  "o0 = 0 0 1\n"
                                  "v = 0 0 -2\n"
                                  "q0 = 1 0 0 0\n"
                                  "omega = 0 0 3\n"
                                  "[motion.ground]\n"
                                  "type = vertex-linear\n"
                                  "vertices = 3\n"
                                  "vertex.0 = -1 -1 0   -1 -1 0\n"
                                  "vertex.1 =  2 -1 0    2 -1 0\n"
                                  "vertex.2 = -1  2 0   -1  2 0\n"
                                  "[pair]\n"
                                  "kind = vertex-face\n"
                                  "point.0 = spinner 0.25 0.25 0\n"
                                  "point.1 = ground vertex 0\n"
                                  "point.2 = ground vertex 1\n"
                                  "point.3 = ground vertex 2\n"
                                  "[solver]\n"
                                  "eps_t = 1e-9\n";

START_TEST(pair_as_by_hand)
{
    char path[64];
    vccd_toc_problem *p;
    vccd_toc_problem_opts po;
    vccd_toc_answer a, b;
    vccd_toc_stats sa, sb;
    vccd_pair_input in;
    vccd_error e;
    const double o0[3] = { 0, 0, 1 }, v[3] = { 0, 0, -2 }, q0[4] = { 1, 0, 0, 0 }, w[3] = { 0, 0, 3 };
    const double g[9] = { -1, -1, 0, 2, -1, 0, -1, 2, 0 };
    vccd_motion *spinner, *ground;

    write_config(path, sizeof path, pair_config);
    TU_CHECK(vccd_toc_problem_load(&p, path, NULL, &e) == 0, "load: %s", e.msg);
    TU_CHECK(vccd_toc_problem_form_get(p) == VCCD_TOC_PROBLEM_PAIR && vccd_toc_problem_meshes(p) == NULL
                 && vccd_toc_problem_pair(p) != NULL && vccd_toc_problem_body_name(p, 0) == NULL
                 && strcmp(vccd_toc_problem_path(p), path) == 0,
             "pair accessors");
    TU_CHECK(vccd_toc_problem_solve(&a, &sa, p, &e) == 0, "solve: %s", e.msg);

    spinner = vccd_motion_ltlrm_new(o0, v, q0, w, 320, &e);
    TU_CHECK(spinner != NULL, "%s", e.msg);
    ground = vccd_motion_vertex_linear_new(g, g, 3, 320, &e);
    TU_CHECK(ground != NULL, "%s", e.msg);
    vccd_pair_input_init(&in);
    in.kind = VCCD_FEATURE_VF;
    in.solve.eps_t = 1e-9;
    in.point[0] = (vccd_track){ spinner, 0, { 0.25, 0.25, 0 } };
    for (int k = 0; k < 3; k++)
        in.point[1 + k] = (vccd_track){ ground, k, { 0, 0, 0 } };
    TU_CHECK(vccd_toc_pair(&b, &sb, &in, &e) == 0, "pair: %s", e.msg);
    TU_CHECK(same_answer(&a, &b) && a.status == VCCD_TOC_CERTIFIED && a.lo <= 0.5 && 0.5 <= a.hi,
             "config [%.17g, %.17g] %d, by hand [%.17g, %.17g] %d", a.lo, a.hi, (int)a.status, b.lo, b.hi,
             (int)b.status);
    TU_CHECK(sa.solver_boxes == sb.solver_boxes && sa.evals == sb.evals, "counters differ");
    vccd_toc_problem_free(p);

    /* --max-work replaces [solver] max_work; --query-max-work is refused */
    vccd_toc_problem_opts_init(&po);
    po.max_work = 3;
    TU_CHECK(vccd_toc_problem_load(&p, path, &po, &e) == 0, "load: %s", e.msg);
    TU_CHECK(vccd_toc_problem_pair(p)->solve.max_work == 3, "max_work not overridden");
    vccd_toc_problem_free(p);
    po.query_max_work = 10;
    TU_CHECK(vccd_toc_problem_load(&p, path, &po, &e) != 0 && p == NULL && strncmp(e.msg, path, strlen(path)) == 0
                 && strstr(e.msg, ": --query-max-work bounds the query of two meshes"),
             "query_max_work on a pair: %s", e.msg);
    vccd_motion_free(spinner);
    vccd_motion_free(ground);
    unlink(path);
}
END_TEST

/* Two boxes closing on x, the second turning: the config's answer is
   vccd_toc_meshes' on the same meshes, BVHs and motions. */
START_TEST(meshes_as_by_hand)
{
    static const char text[] = "[body.left]\n"
                               "mesh = box:1:1:1\n"
                               "motion = l\n"
                               "[body.right]\n"
                               "mesh = tetrahedron\n"
                               "center = centroid\n"
                               "motion = r\n"
                               "[motion.l]\n"
                               "type = ltlrm\n"
                               "o0 = -2 0 0\n"
                               "v = 4 0 0\n"
                               "q0 = 1 0 0 0\n"
                               "omega = 0 0 0\n"
                               "[motion.r]\n"
                               "type = ltlrm\n"
                               "o0 = 2 0 0\n"
                               "v = -4 0 0\n"
                               "q0 = 1 0 0 0\n"
                               "omega = 0 0 1\n"
                               "[query]\n"
                               "bv = aabb\n"
                               "max_work = 100000\n";
    char path[64];
    vccd_toc_problem *p;
    vccd_toc_problem_opts po;
    vccd_toc_answer a, b;
    vccd_toc_stats sa, sb;
    vccd_toc_input in;
    vccd_mesh m[2];
    vccd_bvh h[2];
    vccd_bvh_opts bo;
    vccd_mesh_load_opts lo;
    vccd_motion *mo[2];
    vccd_error e;
    const double o0[2][3] = { { -2, 0, 0 }, { 2, 0, 0 } }, v[2][3] = { { 4, 0, 0 }, { -4, 0, 0 } };
    const double q0[4] = { 1, 0, 0, 0 }, w[2][3] = { { 0, 0, 0 }, { 0, 0, 1 } };

    write_config(path, sizeof path, text);
    vccd_toc_problem_opts_init(&po);
    po.max_work = 5000;
    TU_CHECK(vccd_toc_problem_load(&p, path, &po, &e) == 0, "load: %s", e.msg);
    TU_CHECK(vccd_toc_problem_form_get(p) == VCCD_TOC_PROBLEM_MESHES && vccd_toc_problem_pair(p) == NULL
                 && strcmp(vccd_toc_problem_body_name(p, 0), "left") == 0
                 && strcmp(vccd_toc_problem_body_name(p, 1), "right") == 0
                 && vccd_toc_problem_mesh(p, 1)->normalized && vccd_toc_problem_mesh(p, 2) == NULL
                 && vccd_toc_problem_meshes(p)->opts.max_work == 100000
                 && vccd_toc_problem_meshes(p)->opts.solve.max_work == 5000,
             "meshes accessors");
    TU_CHECK(vccd_toc_problem_solve(&a, &sa, p, &e) == 0, "solve: %s", e.msg);

    vccd_bvh_opts_init(&bo);
    bo.leaf_size = 1;
    bo.types = 1u << vccd_bv_type_find("aabb");
    TU_CHECK(vccd_mesh_load(&m[0], "box:1:1:1", NULL, &e) == 0, "%s", e.msg);
    memset(&lo, 0, sizeof lo);
    lo.center = VCCD_MESH_CENTER_CENTROID;
    TU_CHECK(vccd_mesh_load(&m[1], "tetrahedron", &lo, &e) == 0, "%s", e.msg);
    vccd_toc_input_init(&in);
    in.opts.bv = vccd_bv_type_find("aabb");
    in.opts.max_work = 100000;
    in.opts.solve.max_work = 5000;
    for (int i = 0; i < 2; i++) {
        TU_CHECK(vccd_bvh_build(&h[i], &m[i], &bo, &e) == 0, "%s", e.msg);
        mo[i] = vccd_motion_ltlrm_new(o0[i], v[i], q0, w[i], 320, &e);
        TU_CHECK(mo[i] != NULL, "%s", e.msg);
        in.body[i] = (vccd_toc_body){ &h[i], mo[i] };
    }
    TU_CHECK(vccd_toc_meshes(&b, &sb, &in, &e) == 0, "meshes: %s", e.msg);
    TU_CHECK(same_answer(&a, &b) && a.status == VCCD_TOC_CERTIFIED,
             "config [%.17g, %.17g] %d, by hand [%.17g, %.17g] %d", a.lo, a.hi, (int)a.status, b.lo, b.hi,
             (int)b.status);
    TU_CHECK(sa.bv_tests == sb.bv_tests && sa.feature_pairs == sb.feature_pairs && sa.work == sb.work,
             "counters differ");
    for (int i = 0; i < 2; i++) {
        vccd_bvh_clear(&h[i]);
        vccd_mesh_clear(&m[i]);
        vccd_motion_free(mo[i]);
    }
    vccd_toc_problem_free(p);
    unlink(path);
}
END_TEST

/* The two bodies' meshes load at once, the second on a pool thread: it
   must read in the caller's rounding mode, so the same file gives the
   same bits to both bodies whatever mode the pool was made in.  And two
   bodies with the same mesh keys share one mesh. */
START_TEST(meshes_load_alike)
{
    static const char obj[] = "v 0.1 0.2 0.3\nv 1.1 0.7 0.3\nv 0.3 1.3 0.9\nv 0.7 0.1 1.7\n"
                              "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n";
    static const char fmt[] = "[body.a]\nmesh = %s\nmotion = a\n"
                              "[body.b]\nmesh = %s\n%smotion = b\n"
                              "[motion.a]\ntype = ltlrm\no0 = -2 0 0\nv = 4 0 0\nq0 = 1 0 0 0\nomega = 0 0 0\n"
                              "[motion.b]\ntype = ltlrm\no0 = 2 0 0\nv = -4 0 0\nq0 = 1 0 0 0\nomega = 0 0 1\n";
    static const int modes[3] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD };
    char dir[64], mesh[96], path[64], text[1024];
    vccd_toc_problem *p;
    vccd_error e;
    FILE *f;

    /* the reader goes by the extension: a file m.obj in a fresh directory */
    snprintf(dir, sizeof dir, "t-config-XXXXXX");
    if (!mkdtemp(dir))
        tu_fail("cannot make a directory %s", dir);
    snprintf(mesh, sizeof mesh, "%s/m.obj", dir);
    if (!(f = fopen(mesh, "w")))
        tu_fail("cannot write %s", mesh);
    fputs(obj, f);
    fclose(f);
    /* degenerate = drop changes nothing here but the keys: loaded apart */
    snprintf(text, sizeof text, fmt, mesh, mesh, "degenerate = drop\n");
    write_config(path, sizeof path, text);
    for (int k = 0; k < 3; k++) {
        const vccd_mesh *a, *b;
        fesetround(modes[k]);
        TU_CHECK(vccd_toc_problem_load(&p, path, NULL, &e) == 0, "load: %s", e.msg);
        fesetround(FE_TONEAREST);
        a = vccd_toc_problem_mesh(p, 0);
        b = vccd_toc_problem_mesh(p, 1);
        TU_CHECK(a != b && a->nv == b->nv && memcmp(a->v, b->v, (size_t)a->nv * sizeof *a->v) == 0,
                 "mode %d: the two bodies read the file to other bits (%a against %a)", k, a->v[0][2], b->v[0][2]);
        /* 0.3 read upward is above 0.3 read to nearest */
        TU_CHECK(k != 1 || a->v[0][2] > 0.3, "mode %d: the file was not read upward (%a)", k, a->v[0][2]);
        vccd_toc_problem_free(p);
    }
    unlink(path);
    snprintf(text, sizeof text, fmt, mesh, mesh, "");
    write_config(path, sizeof path, text);
    TU_CHECK(vccd_toc_problem_load(&p, path, NULL, &e) == 0, "load: %s", e.msg);
    TU_CHECK(vccd_toc_problem_mesh(p, 0) == vccd_toc_problem_mesh(p, 1)
                 && vccd_toc_problem_meshes(p)->body[0].bvh == vccd_toc_problem_meshes(p)->body[1].bvh,
             "the same mesh keys: two meshes");
    vccd_toc_problem_free(p);
    unlink(path);
    unlink(mesh);
    rmdir(dir);
}
END_TEST

/* Each bad config: the message the command line prints, which starts
   with file:line: [section] key. */
START_TEST(errors_name_file_and_line)
{
    static const struct {
        const char *text, *want;
    } bad[] = {
        { "[pair]\nkind = vertex-fase\n", ":2: [pair] kind: unknown kind 'vertex-fase'" },
        { "[motion.a]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0 0 0\n[pair]\nkind = edge-edge\n"
          "point.0 = b 0 0 0\n",
          ":9: [pair] point.0: no section [motion.b]" },
        { "[motion.a]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0 0 0\n[pair]\nkind = edge-edge\n"
          "point.0 = a 0.1 0 0\n",
          ":9: [pair] point.0: '0.1' is not exactly a finite binary64 number" },
        { "[pari]\n", ":1: [pari] unknown section" },
        { "[body.a]\nmesh = box:1:1:1\nmotion = m\n[query]\nmode = exakt\n", ":5: [query] mode: unknown mode 'exakt'" },
        { "[body.a]\nmesh = box:1:1:1\nmotion = m\n[body.b]\nmesh = box:1:1:1\nmotion = m\n",
          ":3: [body.a] motion: no section [motion.m]" },
        { "[body.a]\nmesh = box:1:1:1\nmotion = m\n[query]\nleaf_size = 0\n",
          ":5: [query] leaf_size: '0' is not an integer in [1, 1024]" },
        { "[body.a]\nmesh = box:1:1:1\nmotion = m\n[motion.m]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\n"
          "omega = 0 0 0\n",
          ": one [body.NAME] section: the query takes two" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[64];
        vccd_toc_problem *p = (vccd_toc_problem *)&p;
        vccd_error e;
        write_config(path, sizeof path, bad[i].text);
        TU_CHECK(vccd_toc_problem_load(&p, path, NULL, &e) != 0 && p == NULL, "bad config %zu accepted", i);
        TU_CHECK(strncmp(e.msg, path, strlen(path)) == 0 && strstr(e.msg, bad[i].want) == e.msg + strlen(path),
                 "config %zu: '%s', not '%s%s'", i, e.msg, path, bad[i].want);
        unlink(path);
    }
    {
        vccd_toc_problem *p;
        vccd_error e;
        TU_CHECK(vccd_toc_problem_load(&p, "no/such/file.ini", NULL, &e) != 0
                     && strcmp(e.msg, "no/such/file.ini: cannot open: No such file or directory") == 0,
                 "missing file: %s", e.msg);
        vccd_toc_problem_free(NULL);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { pair_as_by_hand, meshes_as_by_hand, meshes_load_alike, errors_name_file_and_line };
    return tu_main("toc_config", tests, (int)(sizeof tests / sizeof tests[0]));
}
