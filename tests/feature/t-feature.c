/* t-feature.c -- feature pairs (vccd/feature.h): the coplanarity jets
   s, s', s'', the inclusion predicate and the contact parameters, against
   references that share no code with lib/feature (feature-ref.c).  This
   file: the kind names, the small API and the jets under vertex-linear
   motion; t-feature-rigid.c: the jets under rigid motions;
   t-feature-inclusion.c: the predicate and the parameters.

   References for the jets.
   - Vertex-linear motion: point i is x_i + d_i t with rational x_i, d_i
     (the config gives them exactly, as P/Q or as an integer times a power
     of ten), so s is a cubic with rational coefficients.  It is expanded
     here by multiplying polynomials (the six signed products of the
     determinant) and its derivatives are evaluated exactly with GMP at
     the sample times, which are doubles and hence rationals.
   - Rigid motions: the points' position, velocity and acceleration come
     from their motions at 1000 bits at a point time (the motion tests
     check those), and s^(k) from them by the multinomial expansion of the
     determinant, sum k!/(i! j! l!) det(u^(i), e1^(j), e2^(l)), in MPFR
     intervals -- not the library's cross-then-dot Leibniz kernel.
   Every rigorous backend (binary64, MPFR at 53, 113 and 256 bits) must
   enclose the reference at every sampled time of T.

   The inclusion predicate is checked on scenes built exactly at a dyadic
   time t*: pairs that touch at t* (NO there would be a missed contact),
   pairs coplanar at t* that miss each other (YES would be a false
   contact), and clearly separated pairs, where NO must come in nearly
   every case, or the predicate prunes nothing.  Degenerate scenes --
   zero-length edges, collinear and point triangles, parallel and
   collinear edges, points sliding in a common plane so that s vanishes
   for all t -- are in every group, because there the barycentric signs
   decide nothing and the separating axis has to. */

#include "feature-ref.h"

START_TEST(test_jets_linear)
{
    long n = tu_iters(4500), before = tu_nchecks;
    lin_pair lp;
    lin_init(&lp);
    for (long it = 0; it < n; it++) {
        int cls = (int)((it / 3) % LJ_N);
        lp.kind = kinds[it % 3];
        lp.np = npoints(lp.kind);
        lin_random(&lp, cls);
        lin_build(&lp, lj_name[cls]);
        for (int j = 0; j < 4; j++)
            lin_check_jets(&lp, t_rand());
    }
    lin_clear(&lp);
    if (verbose)
        fprintf(stderr, "jets, vertex-linear: %ld pairs, %ld checks\n", n, tu_nchecks - before);
}
END_TEST

/* --- names and the small API --------------------------------------------------- */

START_TEST(test_names)
{
    static const char *const names[3] = { "vertex-face", "edge-edge", "vertex-edge-2d" };
    static const int np[3] = { 4, 4, 3 };
    static const char *const unknown[] = {
        "", "vertex", "Vertex-Face", "edge-edge ", " edge-edge", "vertex-edge", "vertex-edge-3d", "face-vertex",
        "edge", "vf", "ee",
    };
    for (int k = 0; k < 3; k++) {
        const char *s = vccd_feature_kind_name(kinds[k]);
        TU_CHECK(s && strcmp(s, names[k]) == 0, "kind %d is named '%s', expected '%s'", k, s ? s : "(null)", names[k]);
        TU_CHECK(vccd_feature_kind_find(s) == (int)kinds[k], "find('%s') = %d, expected %d", s,
                 vccd_feature_kind_find(s), (int)kinds[k]);
        TU_CHECK(vccd_feature_kind_npoints(kinds[k]) == np[k], "kind %s has %d points, expected %d", s,
                 vccd_feature_kind_npoints(kinds[k]), np[k]);
    }
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        TU_CHECK(vccd_feature_kind_find(unknown[i]) == -1, "find('%s') = %d, expected -1", unknown[i],
                 vccd_feature_kind_find(unknown[i]));
}
END_TEST

/* Kind, arithmetic switching (adaptive means binary64 here) and the
   evaluation count, with jets still enclosing after each switch. */
START_TEST(test_api)
{
    static const vccd_arith adaptive = { VCCD_ARITH_ADAPTIVE, 113 }, unrounded = { VCCD_ARITH_UNROUNDED, 200 };
    lin_pair lp;
    vccd_di s[3], uv[2];
    lin_init(&lp);
    for (int k = 0; k < 3; k++) {
        vccd_feature *f;
        lp.kind = kinds[k];
        lp.np = npoints(lp.kind);
        lin_random(&lp, LJ_GENERIC);
        lin_build(&lp, "api");
        f = lp.f[0];
        TU_CHECK(vccd_feature_get_kind(f) == kinds[k], "get_kind");
        TU_CHECK(vccd_feature_evals(f) == 0, "evals = %ld at creation", vccd_feature_evals(f));
        vccd_feature_jet(s, f, vccd_di_set_2d(0.25, 0.5), 2);
        vccd_feature_inclusion(f, vccd_di_set_2d(0.25, 0.5));
        vccd_feature_params(uv, f, vccd_di_set_d(0.5));
        TU_CHECK(vccd_feature_evals(f) == 2, "evals = %ld after a jet and a predicate", vccd_feature_evals(f));

        TU_CHECK(vccd_feature_set_arith(f, &adaptive) == 0, "set_arith(adaptive)");
        TU_CHECK(vccd_feature_get_arith(f)->kind == VCCD_ARITH_BINARY64 && vccd_feature_get_arith(f)->prec == 53,
                 "adaptive gives kind %d prec %ld, expected binary64", (int)vccd_feature_get_arith(f)->kind,
                 (long)vccd_feature_get_arith(f)->prec);
        TU_CHECK(vccd_feature_set_arith(f, &unrounded) == 0, "set_arith(unrounded)");
        TU_CHECK(vccd_feature_get_arith(f)->kind == VCCD_ARITH_UNROUNDED && vccd_feature_get_arith(f)->prec == 53,
                 "unrounded gives kind %d prec %ld", (int)vccd_feature_get_arith(f)->kind,
                 (long)vccd_feature_get_arith(f)->prec);
        /* every backend's feature switched to the next one's arithmetic
           (MPFR workspaces released and made at a new precision) */
        for (int b = 0; b < NB; b++) {
            const vccd_arith *a = &barith[(b + 1) % NB];
            TU_CHECK(vccd_feature_set_arith(lp.f[b], a) == 0, "set_arith");
            TU_CHECK(vccd_feature_get_arith(lp.f[b])->kind == a->kind
                         && vccd_feature_get_arith(lp.f[b])->prec == a->prec,
                     "get_arith after set_arith(%s)", bname[(b + 1) % NB]);
        }
        for (int j = 0; j < 8; j++)
            lin_check_jets(&lp, t_rand());
    }
    lin_clear(&lp);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = {
        test_names, test_api, test_jets_linear,
    };
    verbose = getenv("VCCD_TEST_VERBOSE") != NULL;
    return tu_main("feature", tests, (int)(sizeof tests / sizeof tests[0]));
}
