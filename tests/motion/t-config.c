/* t-config.c -- config files and motion parsing: every error names
   FILE:LINE: and the key, in one line; bad numbers, counts, quaternions,
   duplicate and unknown keys and syntax are rejected; near-unit decimal
   quaternions are accepted and normalised; and ltlrm's pose form really
   starts at the start pose and ends at the end pose, turns included. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "vccd/config.h"
#include "vccd/input.h"
#include "vccd/motion.h"

/* --- helpers -------------------------------------------------------------- */

/* The motion of section [motion] of text, loaded as "t.ini"; NULL with
   e set when loading or the motion fails. */
static vccd_motion *
motion_from(const char *text, vccd_error *e)
{
    vccd_config cfg;
    vccd_config_section *s;
    vccd_motion *m;

    if (vccd_config_load_string(&cfg, "t.ini", text, e) != 0)
        return NULL;
    s = vccd_config_find(&cfg, "motion");
    ck_assert_msg(s != NULL, "test config without [motion]:\n%s", text);
    m = vccd_motion_from_config(s, 320, e);
    vccd_config_clear(&cfg);
    return m;
}

/* text must be rejected with a one-line message starting "t.ini:LINE: "
   and containing key (unless NULL) and needle (unless NULL). */
static void
expect_error(const char *text, int line, const char *key, const char *needle)
{
    vccd_error e;
    char pfx[64];
    vccd_motion *m;

    memset(&e, 0, sizeof e);
    m = motion_from(text, &e);
    if (m) {
        vccd_motion_free(m);
        ck_abort_msg("accepted, but should fail at line %d%s%s:\n%s", line, key ? " naming " : "",
                     key ? key : "", text);
    }
    snprintf(pfx, sizeof pfx, "t.ini:%d: ", line);
    ck_assert_msg(strncmp(e.msg, pfx, strlen(pfx)) == 0, "message '%s' does not start with '%s' for:\n%s",
                  e.msg, pfx, text);
    ck_assert_msg(!strchr(e.msg, '\n'), "message '%s' is not one line", e.msg);
    if (key) {
        /* the key as a word: "KEY:" as vccd_error_set writes it */
        char kk[128];
        snprintf(kk, sizeof kk, " %s: ", key);
        ck_assert_msg(strstr(e.msg, kk) != NULL, "message '%s' does not name key %s", e.msg, key);
    }
    if (needle)
        ck_assert_msg(strstr(e.msg, needle) != NULL, "message '%s' lacks '%s'", e.msg, needle);
}

static vccd_motion *
expect_ok(const char *text)
{
    vccd_error e;
    vccd_motion *m = motion_from(text, &e);
    ck_assert_msg(m != NULL, "rejected (%s):\n%s", m ? "" : e.msg, text);
    return m;
}

/* A valid ltlrm section, lines 1..5, to be extended or broken. */
#define LTLRM "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 0.5, 0, -0.25\nomega = 0 0 1\n"
#define BALLISTIC "[motion]\ntype = ballistic\no0 = 1 2 3\nv = 0.5 0 0\na = 0 0 -9.81\nomega = 0 0 1\n"

/* --- generic errors ------------------------------------------------------- */

START_TEST(test_type)
{
    vccd_error e;
    vccd_motion *m;

    tu_init();
    /* missing and unknown type: the message lists every known model, so
       a model added later is listed without touching this test */
    expect_error("[motion]\no0 = 1 2 3\n", 1, "type", "missing");
    expect_error("[motion]\n; a comment\ntype = frisbee\n", 3, "type", "frisbee");
    for (int pass = 0; pass < 2; pass++) {
        m = motion_from(pass ? "[motion]\ntype = frisbee\n" : "[motion]\nv = 1 2 3\n", &e);
        ck_assert_ptr_null(m);
        for (int i = 0; i < vccd_motion_type_count(); i++)
            ck_assert_msg(strstr(e.msg, vccd_motion_type_get(i)->name) != NULL,
                          "message '%s' does not list %s", e.msg, vccd_motion_type_get(i)->name);
    }
    expect_error("[motion]\ntype = LTLRM\n", 2, "type", "LTLRM");   /* names are exact */
    m = expect_ok(LTLRM);
    ck_assert_str_eq(m->type->name, "ltlrm");
    ck_assert_int_eq(m->nparams, 13);
    vccd_motion_free(m);
    m = expect_ok(BALLISTIC);
    ck_assert_str_eq(m->type->name, "ballistic");
    vccd_motion_free(m);
}
END_TEST

START_TEST(test_keys)
{
    tu_init();
    static const struct { const char *text; int line; const char *key, *needle; } bad[] = {
        /* a missing key is reported at the section header */
        { "[motion]\ntype = ltlrm\nv = 1 2 3\nomega = 0 0 1\n", 1, "o0", "missing" },
        { "\n\n[motion]\ntype = ltlrm\no0 = 1 2 3\nomega = 0 0 1\n", 3, "v", "missing" },
        { "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 2 3\n", 1, "omega", "missing" },
        { "[motion]\ntype = ballistic\no0 = 1 2 3\nv = 1 2 3\nomega = 0 0 1\n", 1, "a", "missing" },
        /* an unknown key (a typo must not be ignored) */
        { LTLRM "colour = red\n", 6, "colour", "unknown key" },
        { LTLRM "omgea = 0 0 1\n", 6, "omgea", "unknown key" },
        { LTLRM "a = 0 0 1\n", 6, "a", "unknown key" },       /* ballistic's, not ltlrm's */
        /* wrong number of numbers */
        { "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 2\nomega = 0 0 1\n", 4, "v", "got 2" },
        { "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 2 3 4\nomega = 0 0 1\n", 4, "v", "more" },
        { "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 2 3\nomega =\n", 5, "omega", "got 0" },
        { "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = , ,\nomega = 0 0 1\n", 4, "v", "got 0" },
        { LTLRM "q0 = 1 0 0\n", 6, "q0", "got 3" },
        /* the same key twice, at the second */
        { LTLRM "v = 1 2 3\n", 6, "v", "twice" },
        { "[motion]\ntype = ltlrm\ntype = ballistic\n", 3, "type", "twice" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(bad[i].text, bad[i].line, bad[i].key, bad[i].needle);
}
END_TEST

START_TEST(test_numbers)
{
    /* what MPFR's parser would take but a motion must not: NaN,
       infinities, hex, MPFR's @ forms, trailing junk, overflow */
    static const char *const bad[] = {
        "1.0x", "nan", "NaN", "-nan", "inf", "-inf", "Inf", "infinity", "0x1p3", "0X10", "@NaN@",
        "@Inf@", "1e99999999999", "-1e99999999999", "1..2", "1e", "e5", "+", "-", ".", "1e+",
        "--1", "1-2", "1.0.0", "one", "1;", "1f", "1_000", "\"1\"", "1e5x",
    };
    char text[512];

    tu_init();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 %s 3\nomega = 0 0 1\n", bad[i]);
        expect_error(text, 4, "v", bad[i]);
        snprintf(text, sizeof text, "[motion]\ntype = ballistic\no0 = 1 2 3\nv = 1 2 3\n"
                 "a = %s 0 0\nomega = 0 0 1\n", bad[i]);
        expect_error(text, 5, "a", bad[i]);
    }
    /* accepted forms: signs, exponents, commas, tabs, many digits */
    vccd_motion_free(expect_ok("[motion]\ntype = ltlrm\no0 = +1.5e3, -2E-3,\t.5\n"
                               "v = 0.1000000000000000000000000000000000000001 1. -0\nomega = 0 0 1\n"));
}
END_TEST

/* A number is as long as its line allows: the exact decimals of
   doubles near 1e-300 and 1e300 (some 750 and 300 digits, and the
   subnormals' up to 767; `vccd simulate` writes such values) were "too
   long" beyond 255 bytes.  Each reads as exactly its double. */
START_TEST(test_long_numbers)
{
    static const double x[] = { 0x1.fffffffffffffp-1000, -0x1.123456789abcdp+1000, 0x1.fedcba9876543p-1060 };
    char *text = malloc(8192);
    size_t n;
    vccd_motion *m;

    tu_init();
    n = (size_t)snprintf(text, 8192, "[motion]\ntype = ltlrm\no0 =");
    for (int i = 0; i < 3; i++)
        n += (size_t)snprintf(text + n, 8192 - n, " %.800e", x[i]);
    snprintf(text + n, 8192 - n, "\nv = 1 2 3\nomega = 0 0 1\n");
    m = expect_ok(text);
    for (int i = 0; i < 3; i++)
        TU_CHECK(mpfr_cmp_d(&m->param[i].lo, x[i]) == 0 && mpfr_cmp_d(&m->param[i].hi, x[i]) == 0,
                 "o0[%d] = %a read as %s", i, x[i], tu_fmt_mi(&m->param[i]));
    vccd_motion_free(m);
    /* junk stays junk however long */
    memset(text, '7', 5000);
    memcpy(text, "[motion]\ntype = ltlrm\no0 = 1 2 ", 31);
    strcpy(text + 5000, "x\nv = 1 2 3\nomega = 0 0 1\n");
    expect_error(text, 3, "o0", "not a decimal number");
    free(text);
}
END_TEST

START_TEST(test_syntax)
{
    tu_init();
    expect_error(LTLRM "this line has no equals sign\n", 6, NULL, "syntax");
    expect_error("[motion\ntype = ltlrm\n", 1, NULL, "syntax");
    /* a section split in two */
    expect_error("[motion]\ntype = ltlrm\n[other]\nx = 1\n[motion]\no0 = 1 2 3\n", 5, NULL, "twice");
    /* the first error is the one reported */
    expect_error(LTLRM "v = 1 2 3\nomega = 0 0 1\n", 6, "v", "twice");
    {
        /* long lines (exact rationals, padding) are read whole, up to the
           input limit; beyond it, the error is at the line itself */
        size_t pad = 70000, big = VCCD_INPUT_MAX_LINE + 10;
        char *text = malloc(big + 100);
        vccd_motion *m;
        snprintf(text, 100, "[motion]\ntype = ltlrm\no0 = 1 2 ");
        memset(text + strlen(text), ' ', pad);
        strcpy(text + strlen("[motion]\ntype = ltlrm\no0 = 1 2 ") + pad, "3\nv = 1 2 3\nomega = 0 0 1\n");
        m = expect_ok(text);
        ck_assert(mpfr_cmp_ui(&m->param[2].lo, 3) == 0);
        vccd_motion_free(m);
        snprintf(text, 100, "[motion]\ntype = ltlrm\no0 = 1 2 ");
        memset(text + strlen(text), ' ', big);
        strcpy(text + strlen("[motion]\ntype = ltlrm\no0 = 1 2 ") + big, "3\nv = 1 2 3\nomega = 0 0 1\n");
        expect_error(text, 3, NULL, "line longer than");
        free(text);
    }
    /* indentation is not continuation: indented keys and headers are
       keys and headers */
    vccd_motion_free(expect_ok("  [motion]\n  type = ltlrm\n\to0 = 1 2 3\n    v = 1 2 3\n omega = 0 0 1\n"));
    expect_error("[motion]\ntype = ltlrm\n  type = ltlrm\n", 3, "type", "twice");
    /* "#" and ";" start inline comments after a blank, not inside a word */
    vccd_motion_free(expect_ok("[motion]   # the README's style\ntype = ltlrm   # or ballistic, ...\n"
                               "o0 = 1 2 3 ; start\nv = 1 2 3\t# velocity\nomega = 0 0 1 #\n"));
    expect_error("[motion]\ntype = ltl#rm\n", 2, "type", "ltl#rm");
    /* headers: text after "]", empty names, a name longer than inih's
       50-byte section buffer stays whole */
    expect_error("[motion] x\ntype = ltlrm\n", 1, NULL, "after ']'");
    expect_error("[ ]\ntype = ltlrm\n", 1, NULL, "empty section name");
    expect_error("[motion]\n= 1\n", 2, NULL, "empty key");
    {
        vccd_config cfg;
        vccd_error e;
        char name[300], text[400];
        memset(name, 'n', sizeof name - 1);
        name[sizeof name - 1] = '\0';
        snprintf(text, sizeof text, "[%s]\n[empty]\n", name);
        ck_assert_int_eq(vccd_config_load_string(&cfg, "t.ini", text, &e), 0);
        ck_assert_int_eq(cfg.n, 2);
        ck_assert_ptr_nonnull(vccd_config_find(&cfg, name));
        ck_assert_int_eq(vccd_config_find(&cfg, "empty")->line, 2);
        vccd_config_clear(&cfg);
    }
    {
        /* unknown sections: exact names, and prefixes that need a rest */
        static const char *const known[] = { "pair", "motion.", NULL };
        vccd_config cfg;
        vccd_error e;
        ck_assert_int_eq(vccd_config_load_string(&cfg, "t.ini", "[pair]\n[motion.a]\n\n[motion.]\n", &e), 0);
        ck_assert_int_eq(vccd_config_check_sections(&cfg, known, &e), -1);
        ck_assert_msg(strncmp(e.msg, "t.ini:4: [motion.] unknown section", 34) == 0, "%s", e.msg);
        vccd_config_clear(&cfg);
        ck_assert_int_eq(vccd_config_load_string(&cfg, "t.ini", "x = 1\n[pair]\n", &e), 0);
        ck_assert_int_eq(vccd_config_check_sections(&cfg, known, &e), -1);
        ck_assert_msg(strncmp(e.msg, "t.ini:1: key outside any section", 32) == 0, "%s", e.msg);
        vccd_config_clear(&cfg);
        ck_assert_int_eq(vccd_config_load_string(&cfg, "t.ini", "[pair]\n[motion.b]\n", &e), 0);
        ck_assert_int_eq(vccd_config_check_sections(&cfg, known, &e), 0);
        vccd_config_clear(&cfg);
    }
    {
        /* many sections and keys: found through the index, duplicates
           caught however far apart */
        size_t cap = 2000000, o = 0;
        char *text = malloc(cap), name[32];
        vccd_config cfg;
        vccd_error e;
        for (int i = 0; i < 20000; i++)
            o += (size_t)snprintf(text + o, cap - o, "[s%d]\nk%d = %d\n", i, i, i);
        for (int i = 0; i < 20000; i++)
            o += (size_t)snprintf(text + o, cap - o, "key%d = %d\n", i, i);
        ck_assert_int_eq(vccd_config_load_string(&cfg, "t.ini", text, &e), 0);
        ck_assert_int_eq(cfg.n, 20000);
        for (int i = 0; i < 20000; i += 997) {
            snprintf(name, sizeof name, "s%d", i);
            ck_assert_int_eq(vccd_config_find(&cfg, name)->line, 2 * i + 1);
        }
        ck_assert_ptr_nonnull(vccd_config_get(&cfg.sec[19999], "key12345"));
        ck_assert_ptr_null(vccd_config_get(&cfg.sec[19999], "key20000"));
        vccd_config_clear(&cfg);
        o += (size_t)snprintf(text + o, cap - o, "[s17]\n");
        ck_assert_int_eq(vccd_config_load_string(&cfg, "t.ini", text, &e), -1);
        ck_assert_msg(strstr(e.msg, "t.ini:60001: [s17] section given twice (first on line 35)") != NULL, "%s", e.msg);
        free(text);
    }
}
END_TEST

/* Through a real file: the message names the path given. */
START_TEST(test_file)
{
    char path[64];
    const char *text = "# motion config\n[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 nan 3\nomega = 0 0 1\n";
    vccd_config cfg;
    vccd_error e;
    char pfx[128];
    int fd;
    FILE *f;

    tu_init();
    tu_tmp_template(path, sizeof path, "vccd-t-config-");
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    ck_assert_int_eq(vccd_config_load(&cfg, path, &e), 0);
    ck_assert_ptr_null(vccd_motion_from_config(vccd_config_find(&cfg, "motion"), 320, &e));
    snprintf(pfx, sizeof pfx, "%s:5: [motion] v: ", path);
    ck_assert_msg(strncmp(e.msg, pfx, strlen(pfx)) == 0, "message '%s', expected it to start '%s'", e.msg, pfx);
    vccd_config_clear(&cfg);
    /* a duplicate key while loading the file */
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("[motion]\ntype = ltlrm\n\ntype = ltlrm\n", f);
    fclose(f);
    ck_assert_int_eq(vccd_config_load(&cfg, path, &e), -1);
    snprintf(pfx, sizeof pfx, "%s:4: [motion] type: ", path);
    ck_assert_msg(strncmp(e.msg, pfx, strlen(pfx)) == 0, "message '%s', expected it to start '%s'", e.msg, pfx);
    unlink(path);
    /* and a file that is not there */
    ck_assert_int_eq(vccd_config_load(&cfg, path, &e), -1);
    ck_assert_msg(strstr(e.msg, path) && strstr(e.msg, "cannot open"), "message '%s'", e.msg);
}
END_TEST

/* --- quaternions ---------------------------------------------------------- */

/* |q0|^2 over the parameter enclosures at their precision. */
static void
q0_norm2(vccd_mi_t n, const vccd_motion *m, int first)
{
    vccd_mi_quat q;
    memcpy(q.q, m->param + first, sizeof q.q);  /* read-only view */
    vccd_mi_quat_norm2(n, &q);
}

START_TEST(test_quat)
{
    static const char *const bad[] = { "1 1 0 0", "0 0 0 0", "0.7071 0 0 0.7071", "2 0 0 0", "-0.5 0 0 0" };
    char text[512];
    vccd_motion *m;
    VCCD_MI_TMP(n, 320);
    MPFR_DECL_INIT(w, 64);

    tu_init();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, LTLRM "q0 = %s\n", bad[i]);
        expect_error(text, 6, "q0", "unit");
    }
    /* a decimal near-unit quaternion is a rotation: normalised exactly
       (as an enclosure of q/|q|), so |q|^2 encloses 1 tightly */
    m = expect_ok(LTLRM "q0 = 0.7071067811865476 0 0 0.7071067811865476\n");
    q0_norm2(n, m, 6);
    ck_assert_msg(mpfr_cmp_ui(&n->lo, 1) <= 0 && mpfr_cmp_ui(&n->hi, 1) >= 0, "|q|^2 misses 1");
    vccd_mi_width(w, n);
    ck_assert_msg(mpfr_cmp_d(w, 0x1p-300) < 0, "|q|^2 is %g wide", mpfr_get_d(w, MPFR_RNDU));
    vccd_motion_free(m);
    /* -q is the same rotation, and the default is the identity */
    vccd_motion_free(expect_ok(LTLRM "q0 = -0.5 -0.5 -0.5 -0.5\n"));
    m = expect_ok(LTLRM);
    ck_assert_msg(vccd_mi_is_point(&m->param[6]) && mpfr_cmp_ui(&m->param[6].lo, 1) == 0, "default q0.w");
    for (int i = 7; i < 10; i++)
        ck_assert_msg(vccd_mi_is_point(&m->param[i]) && mpfr_zero_p(&m->param[i].lo), "default q0");
    vccd_motion_free(m);
}
END_TEST

/* --- ltlrm's pose form ---------------------------------------------------- */

/* x of the body point p at time t (256 bits) must contain
   centre + (R_z(angle) R0 p) with centre = start + t (end - start), to
   within 1e-60: R_z the rotation about z, R0 the start orientation. */
static void
check_pose(const vccd_motion *m, double t, double angle_over_pi, const double start[3],
           const double end[3], int start_x90, const char *what)
{
    static const double body[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
    vccd_mi_vec3 x, p;
    VCCD_MI_TMP(tt, 64);
    MPFR_DECL_INIT(a, 300);
    MPFR_DECL_INIT(c, 300);
    MPFR_DECL_INIT(s, 300);
    MPFR_DECL_INIT(ex, 300);
    MPFR_DECL_INIT(d, 300);

    vccd_mi_vec3_init(&x, 256);
    vccd_mi_vec3_init(&p, 64);
    vccd_mi_set_d(tt, t);
    mpfr_const_pi(a, MPFR_RNDN);
    mpfr_mul_d(a, a, angle_over_pi, MPFR_RNDN);
    mpfr_sin_cos(s, c, a, MPFR_RNDN);
    for (int k = 0; k < 3; k++) {
        double q[3] = { body[k][0], body[k][1], body[k][2] };
        if (start_x90) {            /* R0 = 90 degrees about x: y -> z, z -> -y */
            double y = q[1];
            q[1] = -q[2];
            q[2] = y;
        }
        vccd_mi_vec3_set_d(&p, body[k][0], body[k][1], body[k][2]);
        vccd_motion_eval_mi(&x, NULL, NULL, m, &p, 0, tt);
        for (int i = 0; i < 3; i++) {
            /* expected i-th coordinate */
            double ctr = start[i] + t * (end[i] - start[i]);
            if (i == 0) {
                mpfr_mul_d(ex, c, q[0], MPFR_RNDN);
                mpfr_mul_d(d, s, q[1], MPFR_RNDN);
                mpfr_sub(ex, ex, d, MPFR_RNDN);
            } else if (i == 1) {
                mpfr_mul_d(ex, s, q[0], MPFR_RNDN);
                mpfr_mul_d(d, c, q[1], MPFR_RNDN);
                mpfr_add(ex, ex, d, MPFR_RNDN);
            } else {
                mpfr_set_d(ex, q[2], MPFR_RNDN);
            }
            mpfr_add_d(ex, ex, ctr, MPFR_RNDN);
            vccd_mi_mid(d, &x.c[i]);
            mpfr_sub(d, d, ex, MPFR_RNDN);
            if (!(fabs(mpfr_get_d(d, MPFR_RNDN)) < 1e-60))
                ck_abort_msg("%s: t=%g, body axis %d: x[%d] = %.17g, expected %.17g (rotation by "
                             "%g pi)", what, t, k, i, mpfr_get_d(&x.c[i].lo, MPFR_RNDN),
                             mpfr_get_d(ex, MPFR_RNDN), angle_over_pi);
        }
    }
    vccd_mi_vec3_clear(&x);
    vccd_mi_vec3_clear(&p);
}

START_TEST(test_poses)
{
    static const double start[3] = { 1, 2, 3 }, end[3] = { 4, 6, 3 };
    static const int turns[] = { 0, 1, -1, 2 };
    static const double ts[] = { 0.0, 0.25, 0.5, 1.0 };
    char text[1024];
    vccd_motion *m;

    tu_init();
    for (int so = 0; so < 2; so++) {
        for (size_t k = 0; k < sizeof turns / sizeof turns[0]; k++) {
            /* start orientation: identity or 90 degrees about x; end: then
               90 degrees about z (in the world frame), given as decimals */
            snprintf(text, sizeof text,
                     "[motion]\ntype = ltlrm\nstart_position = 1 2 3\nend_position = 4 6 3\n"
                     "start_orientation = %s\nend_orientation = %s\nturns = %d\n",
                     so ? "0.7071067811865476 0.7071067811865476 0 0" : "1 0 0 0",
                     so ? "0.5 0.5 0.5 0.5" : "0.7071067811865476 0 0 0.7071067811865476", turns[k]);
            m = expect_ok(text);
            for (size_t j = 0; j < sizeof ts / sizeof ts[0]; j++)
                check_pose(m, ts[j], ts[j] * (0.5 + 2.0 * turns[k]), start, end, so, text);
            {
                /* binary64 at t = 1 contains the end pose exactly */
                vccd_di_vec3 x, p;
                vccd_di_vec3_set_d(&p, 1, 0, 0);
                vccd_motion_eval_di(&x, NULL, NULL, m, &p, 0, vccd_di_set_d(1.0));
                ck_assert_msg(vccd_di_contains_d(x.c[0], 4.0) && vccd_di_contains_d(x.c[1], 7.0)
                              && vccd_di_contains_d(x.c[2], 3.0) && vccd_di_width(x.c[0]) < 1e-12,
                              "binary64: x(1) of (1, 0, 0) is not the end pose (4, 7, 3):\n%s", text);
            }
            vccd_motion_free(m);
        }
    }
    /* equal orientations: turns = 0 is at rest, turns != 0 has no axis */
    m = expect_ok("[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 1 0 0\n"
                  "start_orientation = 1 0 0 0\nend_orientation = -1 0 0 0\n");
    for (int i = 10; i < 13; i++)
        ck_assert_msg(vccd_mi_contains_zero(&m->param[i]), "omega[%d] should be 0", i - 10);
    vccd_motion_free(m);
    static const struct { const char *text; int line; const char *key, *needle; } pose_bad[] = {
        { "[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 1 0 0\n"
          "start_orientation = 1 0 0 0\nend_orientation = 1 0 0 0\nturns = 1\n", 7, "turns", NULL },
        /* turns must be an integer; poses and o0/v/omega do not mix; each
           pose key is required */
        { "[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 1 0 0\n"
          "start_orientation = 1 0 0 0\nend_orientation = 0 1 0 0\nturns = 1.5\n", 7, "turns", "1.5" },
        { "[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 1 0 0\n"
          "start_orientation = 1 0 0 0\nend_orientation = 0 1 0 0\nv = 1 2 3\n", 1, NULL, "not both" },
        { "[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 1 0 0\n"
          "start_orientation = 1 0 0 0\n", 1, "end_orientation", "missing" },
        { "[motion]\ntype = ltlrm\nstart_position = 0 0 0\n"
          "start_orientation = 1 0 0 0\nend_orientation = 0 1 0 0\n", 1, "end_position", "missing" },
        { "[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 1 0 0\n"
          "start_orientation = 1 0 0 0\nend_orientation = 0 1 1 0\n", 6, "end_orientation", "unit" },
        /* ballistic has no pose form: its keys are required */
        { "[motion]\ntype = ballistic\nstart_position = 0 0 0\nend_position = 1 0 0\n", 1, "o0", "missing" },
    };
    for (size_t i = 0; i < sizeof pose_bad / sizeof pose_bad[0]; i++)
        expect_error(pose_bad[i].text, pose_bad[i].line, pose_bad[i].key, pose_bad[i].needle);
}
END_TEST

/* angaccel (the worked example of doc/adding-a-motion.md) */
START_TEST(test_angaccel)
{
    vccd_motion *m;
    VCCD_MI_TMP(n, 320);

    tu_init();
    m = expect_ok("[motion]\ntype = angaccel\no0 = 0 0 0\nv = 1 0 0\naxis = 0 0 2\nomega0 = 1\nalpha = 0.5\n");
    /* the axis is normalised */
    ck_assert_msg(vccd_mi_contains_zero(&m->param[10]) && vccd_mi_contains_zero(&m->param[11])
                  && mpfr_cmp_ui(&m->param[12].lo, 1) <= 0 && mpfr_cmp_ui(&m->param[12].hi, 1) >= 0,
                  "axis (0, 0, 2) not normalised to (0, 0, 1)");
    vccd_motion_free(m);
    m = expect_ok("[motion]\ntype = angaccel\no0 = 0 0 0\nv = 1 0 0\naxis = 1 1 1\nomega0 = 1\nalpha = 0.5\n");
    {
        vccd_mi_vec3 a;
        memcpy(a.c, m->param + 10, sizeof a.c);
        vccd_mi_vec3_norm2(n, &a);
        ck_assert_msg(mpfr_cmp_ui(&n->lo, 1) <= 0 && mpfr_cmp_ui(&n->hi, 1) >= 0, "|axis|^2 misses 1");
    }
    vccd_motion_free(m);
    expect_error("[motion]\ntype = angaccel\no0 = 0 0 0\nv = 1 0 0\naxis = 0 0 0\nomega0 = 1\nalpha = 0\n",
                 5, "axis", "nonzero");
    expect_error("[motion]\ntype = angaccel\no0 = 0 0 0\nv = 1 0 0\naxis = 0 0 1\nomega0 = 1\n", 1, "alpha",
                 "missing");
    expect_error("[motion]\ntype = angaccel\no0 = 0 0 0\nv = 1 0 0\naxis = 0 0 1\nomega0 = 1 2\nalpha = 0\n",
                 6, "omega0", "expected 1 number");
}
END_TEST

int
main(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("config");

    tu_init();
    tcase_add_test(tc, test_type);
    tcase_add_test(tc, test_keys);
    tcase_add_test(tc, test_numbers);
    tcase_add_test(tc, test_long_numbers);
    tcase_add_test(tc, test_syntax);
    tcase_add_test(tc, test_file);
    tcase_add_test(tc, test_quat);
    tcase_add_test(tc, test_poses);
    tcase_add_test(tc, test_angaccel);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
