/* bench_toc.c -- `vccd bench toc`: the mesh query on the thesis'
   benchmark frames (7.3): pairs of the tetrahedron, bunny, dragon and
   buddha (each scaled to radius 1 about its centroid) thrown at each
   other at low speed (4 units apart) and high speed (512), per BV type
   and mode: the median time of the first call on each instance, of the
   warm calls after it, and of the library's one call (vccd_toc_meshes
   on the built BVHs: what a program or Python pays per query, its
   per-query state made and freed each time), the mean, BV tests and
   feature pairs per
   query, the answers' statuses, and for exact answers the rigorous gap
   at lo (penetrations: a certified crossing there).  --step-back EPS
   adds the exact query with the step back and its gaps.
   --min-separation D asks every query for the first time within D
   instead of the first contact; a penetration is then a gap at lo
   proved below D (the proof says the distance is >= D there).
   Issue 30's rows beside them (bench_toc_frames.c): box-MODEL and
   plate-MODEL, a model falling onto a big flat body at rest (big
   triangles against a dense mesh), and near-MODEL, two of the model
   passing 1e-3, 1e-6 and 1e-9 apart (the answer must be none). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "vccd/query.h"
#include "vccd/toc.h"

typedef struct {
    vccd_mesh m;
    vccd_bvh h;
    int ok;
} model;

typedef struct {
    long instances;
    unsigned long seed;
    int quick;
    double eps_d;
    double min_separation;
    unsigned bvs;               /* bit per BV type */
    int modes;                  /* bit 0 exact, bit 1 capoeira */
    int speeds;                 /* bit 0 low, bit 1 high */
    const char *pairs;
    int leaf_size;
    FILE *csv;
    int translate;              /* the frames without the turns */
} bt_opts;

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double
median(double *v, long n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n ? (n % 2 ? v[n / 2] : 0.5 * v[n / 2 - 1] + 0.5 * v[n / 2]) : NAN;
}

/* The bodies: the thesis' four, scaled to radius 1, then issue 30's
   dense sphere and its flat bodies, kept at their size: a ground box of
   12 triangles 200 wide and a plate 40 wide and 0.02 thick. */
#define BT_MODELS 7
static const char *const model_names[BT_MODELS] = { "tetrahedron", "bunny", "dragon", "buddha", "icosphere",
                                                    "box", "plate" };
static const char *const model_specs[BT_MODELS] = { "tetrahedron", "bunny", "dragon", "buddha", "icosphere:5",
                                                    "box:200:200:2", "box:40:40:0.02" };
#define BT_FLAT 5               /* models from here on are grounds */

static int
load_model(model *md, int k, int leaf_size)
{
    vccd_mesh_load_opts lo = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_CENTROID, k < BT_FLAT ? 1.0 : 0.0 };
    const char *name = model_specs[k];
    vccd_bvh_opts bo;
    vccd_error e;
    if (md->ok)
        return 0;
    vccd_bvh_opts_init(&bo);
    bo.leaf_size = leaf_size;
    if (vccd_mesh_load(&md->m, name, &lo, &e) != 0 || vccd_bvh_build(&md->h, &md->m, &bo, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return -1;
    }
    md->ok = 1;
    return 0;
}

/* One query, timed: the first call on the instance into *first (what
   one `vccd toc` or a simulator's new step pays), then warm calls, tiny
   ones repeated to 1 ms so the clock can see them, into *ms (their
   mean: what `vccd run` measures).  Issue 30 asks for the two apart. */
static int
timed(vccd_query_result *r, double *first, double *ms, vccd_query_body *a, vccd_query_body *b,
      const vccd_query_opts *o)
{
    vccd_error e;
    long reps = 0;
    double t0 = vccd_clock_now(), t;
    if (vccd_query_toc(r, a, b, o, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return -1;
    }
    *first = 1e3 * (vccd_clock_now() - t0);
    t0 = vccd_clock_now();
    do {
        if (vccd_query_toc(r, a, b, o, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            return -1;
        }
        reps++;
        t = vccd_clock_now() - t0;
    } while (t < 1e-3 && reps < 1000);
    *ms = 1e3 * t / (double)reps;
    return 0;
}

/* The library's one call on the instance, timed into *ms: the same
   answer as r's, or an error (the one-call path and the bodies kept
   across calls must agree). */
static int
one_call(double *ms, const vccd_query_result *r, const model *ma, const model *mb, const vccd_motion *a,
         const vccd_motion *b, const vccd_query_opts *qo)
{
    vccd_toc_input in;
    vccd_toc_answer ans;
    vccd_error e;
    double t0;
    vccd_toc_input_init(&in);
    in.body[0] = (vccd_toc_body){ &ma->h, a };
    in.body[1] = (vccd_toc_body){ &mb->h, b };
    in.opts = *qo;
    t0 = vccd_clock_now();
    if (vccd_toc_meshes(&ans, NULL, &in, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return -1;
    }
    *ms = 1e3 * (vccd_clock_now() - t0);
    if ((int)ans.status != (int)r->status || ans.lo != r->lo || ans.hi != r->hi) {
        fprintf(stderr, "vccd: bench toc: the library call answers %s [%.17g, %.17g], the kept bodies %s [%.17g, %.17g]\n",
                vccd_toc_status_name(ans.status), ans.lo, ans.hi, vccd_toc_status_name(r->status), r->lo, r->hi);
        return -1;
    }
    return 0;
}

typedef struct {
    double *ms, *first, *call, *gap;
    long n, ngap, certified, possible, none, pen, bv_tests, pairs, stepped_ok;
} stats;

static void
row(const bt_opts *o, const char *pair, const char *speed, const char *bv, const char *mode, stats *s)
{
    double mean = 0.0, med, fmed, cmed, gmin = NAN, gmed = NAN, gmax = NAN;
    for (long i = 0; i < s->n; i++)
        mean += s->ms[i] / (double)s->n;
    med = median(s->ms, s->n);
    fmed = median(s->first, s->n);
    cmed = median(s->call, s->n);
    if (s->ngap) {
        gmed = median(s->gap, s->ngap);
        gmin = s->gap[0];
        gmax = s->gap[s->ngap - 1];
    }
    printf("%-18s %-5s %-7s %-10s %9.3f %9.3f %9.3f %9.3f %9.0f %9.0f %4ld/%ld/%ld", pair, speed, bv, mode, cmed, fmed,
           med, mean,
           (double)s->bv_tests / (double)s->n, (double)s->pairs / (double)s->n, s->certified, s->possible, s->none);
    if (s->ngap)
        printf("  pen=%ld gap_lo min/med/max %.3g/%.3g/%.3g", s->pen, gmin, gmed, gmax);
    printf("\n");
    if (o->csv)
        fprintf(o->csv, "%s,%s,%s,%s,%ld,%.6f,%.6f,%.1f,%.1f,%ld,%ld,%ld,%ld,%ld,%.17g,%.17g,%.17g,%.6f,%.6f\n", pair,
                speed, bv, mode, s->n, med, mean, (double)s->bv_tests / (double)s->n, (double)s->pairs / (double)s->n,
                s->certified, s->possible, s->none, s->ngap ? s->pen : -1, s->ngap, gmin, gmed, gmax, fmed, cmed);
}

/* The frames of a pair: the thesis', a fall onto a ground, a graze. */
typedef enum { BT_THESIS, BT_FALL, BT_GRAZE } bt_kind;

static int
make_frame(vccd_motion **a, vccd_motion **b, const bt_opts *o, bt_kind kind, const model *ma, const model *mb,
           double dist, uint64_t seed, vccd_error *e)
{
    if (kind == BT_FALL)
        return vccd_bench_frame_fall(a, b, &ma->m, dist, seed, e);
    if (kind == BT_GRAZE)
        return vccd_bench_frame_graze(a, b, &ma->m, &mb->m, dist, seed, e);
    return (o->translate ? vccd_query_scenario_translating : vccd_query_scenario)(a, b, dist, seed, 320, e);
}

/* Every selected BV type and mode on n frames of one pair and speed
   (for a graze, dist is the gap). */
static int
run_pair(const bt_opts *o, bt_kind kind, model *ma, model *mb, const char *pair, double dist, const char *speed)
{
    vccd_query_body qa, qb;
    vccd_motion **mo = calloc((size_t)(2 * o->instances), sizeof *mo);
    stats s;
    vccd_error e;
    int rc = -1, init = 0;
    double best = INFINITY;
    const char *best_bv = "-";

    s.ms = malloc((size_t)o->instances * sizeof *s.ms);
    s.first = malloc((size_t)o->instances * sizeof *s.first);
    s.call = malloc((size_t)o->instances * sizeof *s.call);
    s.gap = malloc((size_t)o->instances * sizeof *s.gap);
    if (!mo || !s.ms || !s.first || !s.call || !s.gap)
        goto out;
    for (long i = 0; i < o->instances; i++)
        if (make_frame(&mo[2 * i], &mo[2 * i + 1], o, kind, ma, mb, dist, o->seed * 1000003u + (uint64_t)i,
                       &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            goto out;
        }
    if (vccd_query_body_init(&qa, &ma->h, mo[0], &e) != 0 || vccd_query_body_init(&qb, &mb->h, mo[1], &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        goto out;
    }
    init = 1;
    /* mode 3: exact with the swept test where the constant-velocity
       fast path would apply (--translate), to show what it gains */
    for (int mode = 0; mode < 4; mode++) {
        for (int bv = 0; bv < vccd_bv_type_count(); bv++) {
            vccd_query_opts qo;
            if (!(o->bvs >> bv & 1) || (mode < 2 && !(o->modes >> mode & 1)))
                continue;
            if (mode == 2 && (!(o->eps_d > 0.0) || bv != vccd_bv_type_find("obb")))
                continue;
            if (mode == 3 && (!o->translate || !(o->modes & 1) || !vccd_bv_type_get(bv)->overlap_times))
                continue;
            vccd_query_opts_init(&qo);
            qo.bv = bv;
            qo.linear = mode != 3;
            qo.mode = mode == 1 ? VCCD_QUERY_CAPOEIRA : VCCD_QUERY_EXACT;
            qo.gap = 0;
            qo.eps_d = mode == 2 ? o->eps_d : 0.0;
            qo.min_separation = o->min_separation;
            s.n = s.ngap = s.certified = s.possible = s.none = s.pen = s.bv_tests = s.pairs = s.stepped_ok = 0;
            for (long i = 0; i < o->instances; i++) {
                vccd_query_result r;
                vccd_distance_result d;
                if (vccd_query_body_set_motion(&qa, mo[2 * i], &e) != 0
                    || vccd_query_body_set_motion(&qb, mo[2 * i + 1], &e) != 0) {
                    fprintf(stderr, "vccd: %s\n", e.msg);
                    goto out;
                }
                if (timed(&r, &s.first[s.n], &s.ms[s.n], &qa, &qb, &qo) != 0
                    || one_call(&s.call[s.n], &r, ma, mb, mo[2 * i], mo[2 * i + 1], &qo) != 0)
                    goto out;
                s.n++;
                s.bv_tests += r.bv_tests;
                s.pairs += r.feature_pairs;
                s.certified += r.status == VCCD_TOC_CERTIFIED;
                s.possible += r.status == VCCD_TOC_POSSIBLE;
                s.none += r.status == VCCD_TOC_NONE;
                if (mode == 1 || r.status == VCCD_TOC_NONE)
                    continue;
                /* the gap at the answer, outside the timing */
                if (mode == 2) {
                    s.gap[s.ngap++] = r.gap_lower;
                    s.pen += !(r.stepped == 1 && r.gap_lower >= o->eps_d);
                    continue;
                }
                if (vccd_query_distance_at(&d, &qa, &qb, r.lo, bv, &e) != 0) {
                    fprintf(stderr, "vccd: %s\n", e.msg);
                    goto out;
                }
                s.gap[s.ngap++] = d.lower;
                s.pen += o->min_separation > 0.0 ? d.upper < o->min_separation
                                                 : d.status == VCCD_DISTANCE_INTERSECTING;
            }
            row(o, pair, speed, vccd_bv_type_get(bv)->name,
                mode == 0 ? "exact" : mode == 1 ? "capoeira" : mode == 2 ? "step_back" : "exact-swept", &s);
            /* a graze is a proved miss: an exact answer must say so */
            if (kind == BT_GRAZE && mode != 1 && s.none != s.n) {
                fprintf(stderr, "vccd: bench toc: %s %s %s: an exact answer is not none\n", pair, speed,
                        vccd_bv_type_get(bv)->name);
                goto out;
            }
            if (mode == 0 && median(s.ms, s.n) < best) {
                best = median(s.ms, s.n);
                best_bv = vccd_bv_type_get(bv)->name;
            }
            fflush(stdout);
        }
    }
    if (o->modes & 1)
        printf("%-18s %-5s best BV type (exact, median): %s %.3f ms\n", pair, speed, best_bv, best);
    rc = 0;
out:
    if (init) {
        vccd_query_body_clear(&qa);
        vccd_query_body_clear(&qb);
    }
    for (long i = 0; mo && i < 2 * o->instances; i++)
        vccd_motion_free(mo[i]);
    free(mo);
    free(s.ms);
    free(s.first);
    free(s.call);
    free(s.gap);
    return rc;
}

static const char *const default_pairs = "tetrahedron-tetrahedron,tetrahedron-bunny,bunny-bunny,"
                                         "tetrahedron-dragon,tetrahedron-buddha,dragon-dragon,buddha-buddha,"
                                         "box-bunny,box-dragon,box-buddha,plate-dragon,near-icosphere,near-bunny";

static int
model_index(const char *s, size_t n)
{
    for (int i = 0; i < BT_MODELS; i++)
        if (strlen(model_names[i]) == n && !strncmp(model_names[i], s, n))
            return i;
    return -1;
}

/* Pair [p, end) of --pairs: its kind and models, or -1.  A ground only
   first, and only against a model of radius 1; near-M is M against M. */
static int
parse_pair(bt_kind *kind, int *ia, int *ib, const char *p, const char *end)
{
    const char *dash = memchr(p, '-', (size_t)(end - p));
    if (!dash)
        return -1;
    *ib = model_index(dash + 1, (size_t)(end - dash - 1));
    if (dash - p == 4 && !strncmp(p, "near", 4)) {
        *kind = BT_GRAZE;
        *ia = *ib;
        return *ib >= 0 && *ib < BT_FLAT ? 0 : -1;
    }
    *ia = model_index(p, (size_t)(dash - p));
    *kind = *ia >= BT_FLAT ? BT_FALL : BT_THESIS;
    return *ia >= 0 && *ib >= 0 && *ib < BT_FLAT ? 0 : -1;
}

static int
parse_list(unsigned *bits, const char *s, int bv)
{
    char buf[256], *save = NULL;
    *bits = 0;
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int i = bv ? vccd_bv_type_find(t) : !strcmp(t, "exact") ? 0 : !strcmp(t, "capoeira") ? 1
                    : !strcmp(t, "low") ? 2 : !strcmp(t, "high") ? 3 : -1;
        if (i < 0)
            return -1;
        *bits |= 1u << i;
    }
    return 0;
}

int
vccd_bench_toc(int argc, char **argv)
{
    bt_opts o = { 0, 1, 0, 0.0, 0.0, 0, 3, 3, default_pairs, 1, NULL, 0 };
    const char *csv = NULL;
    model md[BT_MODELS];
    int rc = 0, seen = 0, only_2d = 0, pairs_given = 0;
    unsigned bits;

    memset(md, 0, sizeof md);
    o.bvs = (1u << vccd_bv_type_count()) - 1;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (strcmp(opt, "toc") == 0 && !seen) {
            seen = 1;
        } else if (strcmp(opt, "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(opt, "--translate") == 0) {
            o.translate = 1;
        } else if (strcmp(opt, "--2d") == 0) {
            only_2d = 1;
        } else if (opt[0] == '-' && opt[1] == '-' && val
                   && (!strcmp(opt, "--instances") || !strcmp(opt, "--seed") || !strcmp(opt, "--bv")
                       || !strcmp(opt, "--leaf-size")
                       || !strcmp(opt, "--modes") || !strcmp(opt, "--speeds") || !strcmp(opt, "--pairs")
                       || !strcmp(opt, "--step-back") || !strcmp(opt, "--min-separation")
                       || !strcmp(opt, "--csv"))) {
            i++;
            if (!strcmp(opt, "--leaf-size")) {
                if (vccd_cli_parse_long(&n, opt, val, 1, 1024) != 0)
                    return VCCD_EXIT_USAGE;
                o.leaf_size = (int)n;
            } else if (!strcmp(opt, "--instances") || !strcmp(opt, "--seed")) {
                if (vccd_cli_parse_long(&n, opt, val, opt[2] == 'i' ? 1 : 0,
                                        opt[2] == 'i' ? 100000L : 4294967295L) != 0)
                    return VCCD_EXIT_USAGE;
                if (opt[2] == 'i')
                    o.instances = n;
                else
                    o.seed = (unsigned long)n;
            } else if (!strcmp(opt, "--bv")) {
                if (parse_list(&o.bvs, val, 1) != 0 || !o.bvs)
                    return vccd_cli_usage_error("bench toc: --bv: expected a list of %s", vccd_bv_type_names());
            } else if (!strcmp(opt, "--modes") || !strcmp(opt, "--speeds")) {
                int m = opt[2] == 'm';
                if (parse_list(&bits, val, 0) != 0 || !bits || (m ? bits > 3 : (bits & 3)))
                    return vccd_cli_usage_error("bench toc: %s: expected a list of %s", opt,
                                                m ? "exact, capoeira" : "low, high");
                if (m)
                    o.modes = (int)bits;
                else
                    o.speeds = (int)(bits >> 2);
            } else if (!strcmp(opt, "--pairs")) {
                o.pairs = val;
                pairs_given = 1;
            } else if (!strcmp(opt, "--min-separation")) {
                vccd_di d;
                if (vccd_di_set_str(&d, val) != 0 || !(d.lo >= 0.0) || !(d.hi < INFINITY))
                    return vccd_cli_usage_error("bench toc: --min-separation: expected a decimal >= 0");
                o.min_separation = d.hi;
            } else if (!strcmp(opt, "--step-back")) {
                vccd_di d;
                if (vccd_di_set_str(&d, val) != 0 || !(d.lo > 0.0) || !(d.hi < INFINITY))
                    return vccd_cli_usage_error("bench toc: --step-back: expected a decimal > 0");
                o.eps_d = d.hi;
            } else {
                csv = val;
            }
        } else if (opt[0] == '-') {
            return vccd_cli_usage_error("bench toc: unknown option '%s' or missing value (see vccd help bench)",
                                        opt);
        } else {
            return vccd_cli_usage_error("bench toc: unexpected argument '%s'", opt);
        }
    }
    if (!o.instances)
        o.instances = o.quick ? 8 : 64;
    /* Check every pair name before loading anything. */
    for (const char *p = o.pairs; *p;) {
        const char *end = strchr(p, ',');
        bt_kind kind;
        int ia, ib;
        if (!end)
            end = p + strlen(p);
        if (parse_pair(&kind, &ia, &ib, p, end) != 0)
            return vccd_cli_usage_error("bench toc: --pairs: '%.*s' is not MODEL-MODEL, box-MODEL, plate-MODEL "
                                        "or near-MODEL (models: tetrahedron, bunny, dragon, buddha, icosphere)",
                                        (int)(end - p), p);
        p = *end ? end + 1 : end;
    }
    if (csv) {
        if (!(o.csv = fopen(csv, "w"))) {
            perror(csv);
            return VCCD_EXIT_USAGE;
        }
        fputs("pair,speed,bv,mode,instances,median_ms,mean_ms,bv_tests,feature_pairs,certified,possible,none,"
              "penetrations,gaps,gap_min,gap_median,gap_max,first_median_ms,call_median_ms\n", o.csv);
    }
    printf("vccd bench toc: %ld instances per pair and speed, seed %lu, leaf size %d (thesis 7.3 frames%s; models "
           "scaled to radius 1)", o.instances, o.seed, o.leaf_size,
           o.translate ? " without the turns: pure translations" : "");
    if (o.min_separation > 0.0)
        printf(", min_separation %.17g (first time within it; pen = gap at lo proved below it)",
               o.min_separation);
    printf("\n");
    printf("call_ms: median time of one vccd_toc_meshes call on each instance (BVHs built once); first_ms: of the "
           "first call with bodies kept across instances; median_ms, mean_ms: of the warm calls after it\n");
    printf("%-18s %-5s %-7s %-10s %9s %9s %9s %9s %9s %9s %s\n", "pair", "speed", "bv", "mode", "call_ms", "first_ms",
           "median_ms", "mean_ms", "bv_tests", "features", "cert/poss/none");
    for (const char *p = only_2d ? "" : o.pairs; *p && rc == 0;) {
        static const char *const gaps[3] = { "1e-3", "1e-6", "1e-9" };
        const char *end = strchr(p, ',');
        bt_kind kind;
        int ia, ib;
        char name[64];
        if (!end)
            end = p + strlen(p);
        parse_pair(&kind, &ia, &ib, p, end);
        snprintf(name, sizeof name, "%.*s", (int)(end - p), p);
        if (load_model(&md[ia], ia, o.leaf_size) != 0 || load_model(&md[ib], ib, o.leaf_size) != 0) {
            rc = VCCD_EXIT_USAGE;
            break;
        }
        /* a graze has no speed: its rows are its three gaps */
        for (int sp = 0; kind == BT_GRAZE && sp < 3 && rc == 0; sp++)
            if (run_pair(&o, kind, &md[ia], &md[ib], name, strtod(gaps[sp], NULL), gaps[sp]) != 0)
                rc = VCCD_EXIT_FAIL;
        for (int sp = 0; kind != BT_GRAZE && sp < 2 && rc == 0; sp++)
            if (o.speeds >> sp & 1)
                if (run_pair(&o, kind, &md[ia], &md[ib], name, sp ? 512.0 : 4.0, sp ? "high" : "low") != 0)
                    rc = VCCD_EXIT_FAIL;
        p = *end ? end + 1 : end;
    }
    /* The 2D rows: asked for, or part of the default run. */
    if (rc == 0 && (only_2d || !pairs_given) && (o.modes & 1))
        rc = vccd_bench_toc_2d(o.instances, o.seed, o.bvs, o.quick ? 64 : 1024, o.csv);
    for (int i = 0; i < BT_MODELS; i++)
        if (md[i].ok) {
            vccd_bvh_clear(&md[i].h);
            vccd_mesh_clear(&md[i].m);
        }
    if (o.csv && fclose(o.csv) != 0) {
        perror(csv);
        rc = VCCD_EXIT_FAIL;
    }
    return rc;
}
