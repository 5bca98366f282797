/* t-data.c -- vccd_di operations against the hand-checked table tests/data/arith.dat (format described in its header). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A truncated or emptied table must not pass silently. */
#define MIN_ROWS 60

/* An expected endpoint: min <= value <= max (min == max for an exact
   expectation). */
struct bound { double min, max; };

enum { OPD_NONE, OPD_EMPTY, OPD_IV };

static const struct { const char *name; int binary; } ops[] = {
    { "add", 1 }, { "sub", 1 }, { "mul", 1 }, { "div", 1 },
    { "div_ext", 1 }, { "div_ext.1", 1 }, { "hull", 1 }, { "intersect", 1 },
    { "sqr", 0 }, { "sqrt", 0 }, { "abs", 0 }, { "neg", 0 },
    { "sin", 0 }, { "cos", 0 }, { "mid", 0 },
};
#define N_OPS ((int)(sizeof ops / sizeof ops[0]))

/* A number token: strtod syntax or inf/+inf/-inf/nan, then any number of
   trailing '+' (next_up) or '-' (next_down).  Returns 0 on success. */
static int
parse_num(const char *tok, double *x)
{
    char buf[128];
    size_t n = strlen(tok);
    int steps = 0;
    char *end;

    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, tok, n + 1);
    /* strip the step suffix; a sign directly after an exponent letter
       ("1e-", "0x1p+") is no suffix but a broken number, which strtod
       then rejects */
    while (n > 1 && (buf[n - 1] == '+' || buf[n - 1] == '-')
           && !strchr("eEpP", buf[n - 2])) {
        steps += buf[n - 1] == '+' ? 1 : -1;
        buf[--n] = '\0';
    }
    if (strcmp(buf, "inf") == 0 || strcmp(buf, "+inf") == 0)
        *x = INFINITY;
    else if (strcmp(buf, "-inf") == 0)
        *x = -INFINITY;
    else if (strcmp(buf, "nan") == 0)
        *x = NAN;
    else {
        if (!(isdigit((unsigned char)buf[0]) || ((buf[0] == '-' || buf[0] == '+' || buf[0] == '.')
                                                  && buf[1] != '\0' && buf[1] != 'i' && buf[1] != 'n')))
            return -1;          /* no words such as "infinity" or "empty" */
        *x = strtod(buf, &end);
        if (*end != '\0' || !isfinite(*x))
            return -1;
    }
    if (steps != 0 && *x != *x)
        return -1;
    for (; steps > 0; steps--) *x = vccd_fp_next_up(*x);
    for (; steps < 0; steps++) *x = vccd_fp_next_down(*x);
    return 0;
}

/* An expectation token: a number or "A..B". */
static int
parse_bound(const char *tok, struct bound *b)
{
    const char *dots = strstr(tok, "..");
    char buf[128];

    if (!dots)
        return parse_num(tok, &b->min) || (b->max = b->min, 0);
    if ((size_t)(dots - tok) >= sizeof buf)
        return -1;
    memcpy(buf, tok, (size_t)(dots - tok));
    buf[dots - tok] = '\0';
    if (parse_num(buf, &b->min) != 0 || parse_num(dots + 2, &b->max) != 0)
        return -1;
    return b->min <= b->max ? 0 : -1;
}

/* An operand: "_ _", "empty empty" or two numbers lo <= hi. */
static int
parse_operand(const char *t1, const char *t2, vccd_di *a, int *kind)
{
    if (strcmp(t1, "_") == 0 || strcmp(t2, "_") == 0) {
        *kind = OPD_NONE;
        return strcmp(t1, t2) == 0 ? 0 : -1;
    }
    if (strcmp(t1, "empty") == 0 || strcmp(t2, "empty") == 0) {
        *kind = OPD_EMPTY;
        *a = vccd_di_empty();
        return strcmp(t1, t2) == 0 ? 0 : -1;
    }
    *kind = OPD_IV;
    if (parse_num(t1, &a->lo) != 0 || parse_num(t2, &a->hi) != 0)
        return -1;
    /* an operand is a valid nonempty interval: no NaN, lo <= hi, no
       [+inf, +inf] */
    return a->lo <= a->hi && a->lo != INFINITY && a->hi != -INFINITY ? 0 : -1;
}

static int
in_bound(double x, struct bound b)
{
    if (b.min != b.min)
        return x != x;          /* nan expected: only mid of empty */
    return b.min <= x && x <= b.max;
}

START_TEST(test_table)
{
    const char *srcdir = getenv("srcdir");
    char path[4096], line[1024], copy[1024];
    FILE *f;
    int lineno = 0, rows = 0, bad = 0, first_bad = 0;

    tu_init();
    /* automake's test driver exports srcdir (the top source directory,
       as this is a non-recursive build); run by hand from the build
       directory, "." is right for an in-tree build */
    snprintf(path, sizeof path, "%s/tests/data/arith.dat", srcdir && *srcdir ? srcdir : ".");
    f = fopen(path, "r");
    if (!f)
        tu_fail("cannot open %s", path);

    while (fgets(line, sizeof line, f)) {
        char *tok[8], *hash, *save = NULL;
        int ntok = 0, op, ka, kb, ok;
        vccd_di a = { 0, 0 }, b = { 0, 0 }, r = { 0, 0 }, pieces[2];
        struct bound elo, ehi;
        int expect_empty;
        double m = 0.0;

        lineno++;
        if (!strchr(line, '\n') && !feof(f))
            tu_fail("%s:%d: line too long", path, lineno);
        hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        snprintf(copy, sizeof copy, "%s", line);
        copy[strcspn(copy, "\r\n")] = '\0';
        for (char *p = strtok_r(line, " \t\r\n", &save); p; p = strtok_r(NULL, " \t\r\n", &save)) {
            if (ntok == 8)
                break;
            tok[ntok++] = p;
        }
        if (ntok == 0)
            continue;
        if (ntok != 7)
            tu_fail("%s:%d: malformed line: %d columns, want 7: %s", path, lineno, ntok, copy);
        for (op = 0; op < N_OPS; op++)
            if (strcmp(tok[0], ops[op].name) == 0)
                break;
        if (op == N_OPS)
            tu_fail("%s:%d: malformed line: unknown op '%s'", path, lineno, tok[0]);
        if (parse_operand(tok[1], tok[2], &a, &ka) != 0 || ka == OPD_NONE)
            tu_fail("%s:%d: malformed line: bad first operand '%s %s'", path, lineno, tok[1], tok[2]);
        if (parse_operand(tok[3], tok[4], &b, &kb) != 0 || (kb == OPD_NONE) == ops[op].binary)
            tu_fail("%s:%d: malformed line: bad second operand '%s %s' for %s",
                    path, lineno, tok[3], tok[4], tok[0]);
        expect_empty = strcmp(tok[5], "empty") == 0;
        if (expect_empty != (strcmp(tok[6], "empty") == 0))
            tu_fail("%s:%d: malformed line: 'empty' must fill both expect columns", path, lineno);
        if (!expect_empty && (parse_bound(tok[5], &elo) != 0 || parse_bound(tok[6], &ehi) != 0))
            tu_fail("%s:%d: malformed line: bad expectation '%s %s'", path, lineno, tok[5], tok[6]);
        if (strcmp(tok[0], "mid") == 0 && expect_empty)
            tu_fail("%s:%d: malformed line: mid yields a number, not a set", path, lineno);

        switch (op) {
        case 0: r = vccd_di_add(a, b); break;
        case 1: r = vccd_di_sub(a, b); break;
        case 2: r = vccd_di_mul(a, b); break;
        case 3: r = vccd_di_div(a, b); break;
        case 4: case 5: {
            int n = vccd_di_div_ext(pieces, a, b);
            int k = op - 4;
            r = k < n ? pieces[k] : vccd_di_empty();
            break;
        }
        case 6: r = vccd_di_hull(a, b); break;
        case 7: r = vccd_di_intersect(a, b); break;
        case 8: r = vccd_di_sqr(a); break;
        case 9: r = vccd_di_sqrt(a); break;
        case 10: r = vccd_di_abs(a); break;
        case 11: r = vccd_di_neg(a); break;
        case 12: r = vccd_di_sin(a); break;
        case 13: r = vccd_di_cos(a); break;
        default: m = vccd_di_mid(a); break;
        }

        if (op == N_OPS - 1)
            ok = in_bound(m, elo) && in_bound(m, ehi);
        else if (expect_empty)
            ok = vccd_di_is_empty(r);
        else
            ok = !vccd_di_is_empty(r) && in_bound(r.lo, elo) && in_bound(r.hi, ehi)
                 && elo.min == elo.min && ehi.min == ehi.min;
        if (!ok) {
            if (op == N_OPS - 1)
                fprintf(stderr, "%s:%d: %s gives %a, want %a\n", path, lineno, tok[0], m, elo.min);
            else
                fprintf(stderr, "%s:%d: %s gives [%a, %a], want [%s, %s]\n",
                        path, lineno, tok[0], r.lo, r.hi, tok[5], tok[6]);
            if (!bad)
                first_bad = lineno;
            bad++;
        }
        rows++;
    }
    if (ferror(f))
        tu_fail("%s: read error", path);
    fclose(f);
    printf("t-data: %d rows of %s checked\n", rows, path);
    fflush(stdout);
    if (bad)
        tu_fail("%s: %d of %d rows wrong, the first at line %d (all listed on stderr)",
                path, bad, rows, first_bad);
    if (rows < MIN_ROWS)
        tu_fail("%s: only %d rows, want at least %d", path, rows, MIN_ROWS);
}
END_TEST

/* The reader itself: the suffix and range syntax, and that malformed
   tokens are refused (so a typo in the table fails instead of parsing as
   something else). */
START_TEST(test_parser)
{
    static const struct { const char *tok; double x; } good[] = {
        { "3", 3.0 }, { "3-", 0x1.7ffffffffffffp1 }, { "3+", 0x1.8000000000001p1 },
        { "0-", -0x1p-1074 }, { "0+", 0x1p-1074 }, { "0++", 0x1p-1073 }, { "-1+", -0x1.fffffffffffffp-1 },
        { "inf-", DBL_MAX }, { "-inf", -INFINITY }, { "+inf", INFINITY }, { "0x1p-1074", 0x1p-1074 },
        { "-0.75-", -0x1.8000000000001p-1 }, { "0x1.8p+1", 3.0 }, { "1e-3", 1e-3 }, { ".5", 0.5 },
    };
    static const char *const bad[] = {
        "", "+", "-", "x", "3x", "1e-", "0x1p+", "empty", "infinity", "nan+", "1e999", "--",
    };
    struct bound b;
    double x;

    tu_init();
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (parse_num(good[i].tok, &x) != 0 || x != good[i].x)
            tu_fail("token '%s' parsed as %a, want %a", good[i].tok, x, good[i].x);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (parse_num(bad[i], &x) == 0)
            tu_fail("malformed token '%s' accepted as %a", bad[i], x);
    if (parse_bound("1..2+", &b) != 0 || b.min != 1.0 || b.max != 0x1.0000000000001p1)
        tu_fail("range 1..2+ misparsed");
    if (parse_bound("2..1", &b) == 0 || parse_bound("1..", &b) == 0 || parse_bound("..1", &b) == 0)
        tu_fail("malformed range accepted");
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_parser, test_table };
    return tu_main("data", tests, (int)(sizeof tests / sizeof tests[0]));
}
