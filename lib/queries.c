/* queries.c -- reading the benchmark's CSV query files (queries.h).
   Hand-written rather than through a CSV library: the format is integer
   fields only, no quoting, and every error must name its line and
   column, which is a few lines of code. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/grow.h"
#include "vccd/input.h"
#include "vccd/queries.h"

/* Digits per integer: far beyond binary64 (17), and short enough that
   "P/Q" fits a token of the motion parser (motion.c). */
#define FIELD_MAX 100

static const char *const column_name[7] = {
    "x numerator", "x denominator", "y numerator", "y denominator",
    "z numerator", "z denominator", "ground truth"
};

int
vccd_queries_kind_from_path(const char *path)
{
    int vf = strstr(path, "vertex-face") != NULL, ee = strstr(path, "edge-edge") != NULL;
    if (vf == ee)
        return -1;
    return vf ? VCCD_FEATURE_VF : VCCD_FEATURE_EE;
}

void
vccd_queries_clear(vccd_queries *qs)
{
    for (long i = 0; i < qs->n; i++)
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 3; c++)
                free(qs->q[i].coord[r][c]);
    free(qs->q);
    free(qs->file);
    memset(qs, 0, sizeof *qs);
}

/* Is s an optionally negative decimal integer?  Sets *zero if it is 0. */
static int
is_integer(const char *s, int *zero)
{
    const char *d = s + (*s == '-');
    if (!*d)
        return 0;
    *zero = 1;
    for (; *d; d++) {
        if (!isdigit((unsigned char)*d))
            return 0;
        if (*d != '0')
            *zero = 0;
    }
    return 1;
}

/* "P/Q" with the sign moved to the numerator, so that Q > 0. */
static char *
rational_text(const char *p, const char *q)
{
    int neg = (*p == '-') != (*q == '-');
    const char *pd = p + (*p == '-'), *qd = q + (*q == '-');
    size_t n = strlen(pd) + strlen(qd) + 3;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s/%s", neg ? "-" : "", pd, qd);
    return s;
}

/* Split one row into its 6 or 7 trimmed fields (modifies line). */
static int
split_row(char *line, char **field, int *nfield)
{
    int n = 0;
    char *p = line;
    for (;;) {
        char *end = strchr(p, ',');
        char *a = p, *b;
        if (end)
            *end = '\0';
        while (*a == ' ' || *a == '\t')
            a++;
        b = a + strlen(a);
        while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
            *--b = '\0';
        if (n < 7)
            field[n] = a;
        n++;
        if (!end)
            break;
        p = end + 1;
    }
    *nfield = n;
    return n == 6 || n == 7 ? 0 : -1;
}

static int
grow(vccd_queries *qs)
{
    if (vccd_grow((void **)&qs->q, &qs->cap, qs->n, sizeof *qs->q) != 0)
        return -1;
    memset(&qs->q[qs->n], 0, sizeof qs->q[qs->n]);
    return 0;
}

/* Parse one row (row r of the current query, the last of qs). */
static int
parse_row(vccd_queries *qs, char *line, int lineno, int r, vccd_error *e)
{
    char *field[7];
    int nfield, zero[7];
    vccd_query *q = &qs->q[qs->n - 1];

    if (split_row(line, field, &nfield) != 0)
        return vccd_error_set(e, qs->file, lineno, NULL, NULL, "expected 7 comma-separated integers, got %d field%s",
                              nfield, nfield == 1 ? "" : "s");
    /* the file's first row says whether it has the truth column: all
       rows then agree */
    if (qs->n == 1 && r == 0)
        qs->has_truth = nfield == 7;
    if (nfield != 6 + qs->has_truth)
        return vccd_error_set(e, qs->file, lineno, NULL, NULL,
                              "expected %d comma-separated integers, as the first row, got %d fields",
                              6 + qs->has_truth, nfield);
    for (int c = 0; c < nfield; c++) {
        /* the limit is on digits: a sign is not one */
        if (strlen(field[c] + (field[c][0] == '-')) > FIELD_MAX)
            return vccd_error_set(e, qs->file, lineno, NULL, NULL, "column %d (%s): more than %d digits", c + 1,
                                  column_name[c], FIELD_MAX);
        if (!is_integer(field[c], &zero[c]))
            return vccd_error_set(e, qs->file, lineno, NULL, NULL, "column %d (%s): '%s' is not an integer", c + 1,
                                  column_name[c], field[c]);
    }
    for (int c = 1; c < 6; c += 2)
        if (zero[c])
            return vccd_error_set(e, qs->file, lineno, NULL, NULL, "column %d (%s): zero denominator", c + 1,
                                  column_name[c]);
    if (!qs->has_truth) {
        if (r == 0) {
            q->line = lineno;
            q->truth = -1;
        }
    } else if (strcmp(field[6], "0") != 0 && strcmp(field[6], "1") != 0) {
        return vccd_error_set(e, qs->file, lineno, NULL, NULL, "column 7 (ground truth): '%s' is not 0 or 1",
                              field[6]);
    } else if (r == 0) {
        q->line = lineno;
        q->truth = field[6][0] - '0';
    } else if (q->truth != field[6][0] - '0') {
        return vccd_error_set(e, qs->file, lineno, NULL, NULL,
                              "column 7 (ground truth): %s differs from %d on line %d, the query's first row",
                              field[6], q->truth, q->line);
    }
    for (int c = 0; c < 3; c++)
        if (!(q->coord[r][c] = rational_text(field[2 * c], field[2 * c + 1])))
            return vccd_error_set(e, qs->file, lineno, NULL, NULL, "out of memory");
    return 0;
}

int
vccd_queries_read(vccd_queries *qs, const char *path, int kind, vccd_error *e)
{
    vccd_input in;
    char *line;
    size_t len;
    int lineno = 0, r = 0, blank = 0, rc = 0, got;

    memset(qs, 0, sizeof *qs);
    if (kind < 0 && (kind = vccd_queries_kind_from_path(path)) < 0)
        return vccd_error_set(e, path, 0, NULL, NULL,
                              "cannot tell vertex-face from edge-edge by the path; name the kind (--kind)");
    if (kind != VCCD_FEATURE_VF && kind != VCCD_FEATURE_EE)
        return vccd_error_set(e, path, 0, NULL, NULL, "query files hold vertex-face or edge-edge queries only");
    qs->kind = (vccd_feature_kind)kind;
    if (!(qs->file = strdup(path)))
        return vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
    /* the shared reader: NUL bytes, endless lines, a BOM, gzip and
       directories are handled by the one input policy (input.h) */
    if (vccd_input_open(&in, path, 0, e) != 0) {
        vccd_queries_clear(qs);
        return -1;
    }
    while ((got = vccd_input_line(&in, &line, &len, e)) == 1) {
        const char *p = line;
        lineno = (int)in.line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p) {
            if (!blank)
                blank = lineno;
            continue;
        }
        /* Blank lines may only trail: inside, they would shift rows. */
        if (blank) {
            rc = vccd_error_set(e, qs->file, blank, NULL, NULL, "blank line inside the data");
            break;
        }
        if (r == 0 && grow(qs) != 0) {
            rc = vccd_error_set(e, qs->file, lineno, NULL, NULL, "out of memory");
            break;
        }
        if (r == 0)
            qs->n++;
        if ((rc = parse_row(qs, line, lineno, r, e)) != 0)
            break;
        r = (r + 1) % 8;
    }
    if (got < 0)
        rc = -1;
    if (rc == 0 && r != 0)
        rc = vccd_error_set(e, qs->file, lineno, NULL, NULL,
                            "truncated query: %d row%s of 8 (it starts on line %d)", r, r == 1 ? "" : "s",
                            qs->q[qs->n - 1].line);
    if (rc == 0 && qs->n == 0)
        rc = vccd_error_set(e, qs->file, lineno, NULL, NULL, "no queries");
    vccd_input_close(&in);
    if (rc != 0)
        vccd_queries_clear(qs);
    return rc;
}
