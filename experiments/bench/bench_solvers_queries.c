/* bench_solvers_queries.c -- `vccd bench solvers`, part 1: every solver on
   the benchmark's sample queries (vertex-linear motions, exact ground
   truth), found under the --queries directory. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_solvers.h"
#include "vccd/grow.h"

/* --- part 1: the sample queries ---------------------------------------- */

typedef struct {
    char **v;
    long n, cap;
} str_list;

static int
str_push(str_list *l, const char *s)
{
    if (l->n == l->cap) {
        long cap = l->cap ? 2 * l->cap : 64;
        char **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    if (!(l->v[l->n] = strdup(s)))
        return -1;
    l->n++;
    return 0;
}

static void
str_clear(str_list *l)
{
    for (long i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
has_csv_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".csv") == 0;
}

/* Files and directories already walked, by (device, inode): a symlink
   loop ("loop -> .") or two links to one directory must not read a file
   twice and multiply the statistics. */
typedef struct {
    struct { dev_t dev; ino_t ino; } *v;
    long n, cap;
} seen_set;

/* 1 if st was seen before, else 0 and remembered; -1 out of memory. */
static int
seen_before(seen_set *s, const struct stat *st)
{
    for (long i = 0; i < s->n; i++)
        if (s->v[i].dev == st->st_dev && s->v[i].ino == st->st_ino)
            return 1;
    if (vccd_grow((void **)&s->v, &s->cap, s->n, sizeof *s->v) != 0)
        return -1;
    s->v[s->n].dev = st->st_dev;
    s->v[s->n++].ino = st->st_ino;
    return 0;
}

static int
find_csv_in(str_list *out, const char *dir, seen_set *seen)
{
    DIR *d = opendir(dir);
    struct dirent *ent;
    int rc = 0;
    if (!d)
        return vccd_cli_usage_error("bench solvers: %s: %s", dir, strerror(errno));
    while (rc == 0 && (ent = readdir(d))) {
        struct stat st;
        char *path;
        size_t len;
        int dup;
        if (ent->d_name[0] == '.')
            continue;
        len = strlen(dir) + strlen(ent->d_name) + 2;
        if (!(path = malloc(len))) {
            rc = vccd_cli_usage_error("out of memory");
            break;
        }
        snprintf(path, len, "%s/%s", dir, ent->d_name);
        if (stat(path, &st) == 0 && (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && has_csv_suffix(ent->d_name)))) {
            if ((dup = seen_before(seen, &st)) < 0)
                rc = vccd_cli_usage_error("out of memory");
            else if (dup)
                ;
            else if (S_ISDIR(st.st_mode))
                rc = find_csv_in(out, path, seen);
            else if (str_push(out, path) != 0)
                rc = vccd_cli_usage_error("out of memory");
        }
        free(path);
    }
    closedir(d);
    return rc;
}

/* Every *.csv below dir, each file once however many links lead to it;
   nonzero with a message on stderr when a directory cannot be read or
   memory runs out. */
static int
find_csv(str_list *out, const char *dir)
{
    seen_set seen = { NULL, 0, 0 };
    struct stat st;
    int rc = stat(dir, &st) == 0 && seen_before(&seen, &st) < 0 ? vccd_cli_usage_error("out of memory")
                                                                 : find_csv_in(out, dir, &seen);
    free(seen.v);
    return rc;
}

typedef struct {
    const vccd_solver_type *solver;
    const char *arith;
    vccd_query_stats st;
} q_row;

static void
print_q_header(void)
{
    printf("%-16s %-9s %7s %4s %4s %9s %9s %10s %9s %9s %8s %8s %7s\n", "solver", "arith", "queries", "fn", "fp",
           "mean_us", "median_us", "max_us", "boxes/q", "evals/q", "t/bisect", "bx/bisect", "t/b64");
}

static void
print_q_row(const q_row *r, const q_row *bisect, const q_row *b64)
{
    double mean, median, max, tr, br;
    const vccd_query_stats *s = &r->st;
    vccd_query_stats_times(s, &mean, &median, &max);
    printf("%-16s %-9s %7ld %4ld %4ld %9.2f %9.2f %10.1f %9.1f %9.1f", r->solver->name, r->arith, s->queries, s->fn,
           s->fp, mean, median, max, bs_per_query(s->boxes, s->queries), bs_per_query(s->evals, s->queries));
    if (bisect) {
        bs_ratios(&tr, &br, s, &bisect->st);
        printf(" %8.3f %8.3f", tr, br);
    } else {
        printf(" %8s %8s", "-", "-");
    }
    if (b64) {
        bs_ratios(&tr, &br, s, &b64->st);
        printf(" %7.2f\n", tr);
    } else {
        printf(" %7s\n", "-");
    }
}

/* Returns the exit status; *tl_ratio := taylor-lagrange/bisection mean
   time in binary64 (0 when not measured). */
/* Every *.csv query file under dir, read (parsing is not what is
   measured): *qs (free with bs_free_queries), *nf files, *nq queries.
   The exit status (usage error, said, on a bad directory or file). */
int
bs_read_queries(vccd_queries **qs_out, long *nf_out, long *nq_out, const char *dir)
{
    str_list files = { 0 };
    vccd_queries *qs;
    long nq = 0, nf;
    int rc = VCCD_EXIT_OK;

    if (find_csv(&files, dir) != 0) {
        str_clear(&files);
        return VCCD_EXIT_USAGE;     /* find_csv said why */
    }
    if (files.n == 0) {
        str_clear(&files);
        return vccd_cli_usage_error("bench solvers: no *.csv file under '%s'", dir);
    }
    qsort(files.v, (size_t)files.n, sizeof *files.v, cmp_str);
    if (!(qs = calloc((size_t)files.n, sizeof *qs))) {
        str_clear(&files);
        return vccd_cli_usage_error("out of memory");
    }
    for (nf = 0; nf < files.n; nf++) {
        vccd_error e;
        /* The library's message suggests --kind, which `vccd queries`
           has and this command does not. */
        if (vccd_queries_kind_from_path(files.v[nf]) < 0) {
            rc = vccd_cli_usage_error("bench solvers: %s: the path names neither vertex-face nor edge-edge",
                                      files.v[nf]);
            break;
        }
        if (vccd_queries_read(&qs[nf], files.v[nf], -1, &e) != 0) {
            rc = vccd_cli_usage_error("%s", e.msg);
            break;
        }
        if (!qs[nf].has_truth) {
            nf++;               /* freed below with the others */
            rc = vccd_cli_usage_error("bench solvers: %s: no ground truth column (rows of 6 fields, not 7)",
                                      files.v[nf - 1]);
            break;
        }
        nq += qs[nf].n;
    }
    str_clear(&files);
    if (rc != VCCD_EXIT_OK) {
        bs_free_queries(qs, nf);
        return rc;
    }
    *qs_out = qs;
    *nf_out = nf;
    *nq_out = nq;
    return rc;
}

void
bs_free_queries(vccd_queries *qs, long nf)
{
    for (long f = 0; f < nf; f++)
        vccd_queries_clear(&qs[f]);
    free(qs);
}

int
run_queries(const bs_opts *o, double *tl_ratio)
{
    /* Adaptive for every solver shows what escalation costs where
       binary64 is undecided; mpfr:113 only for taylor-lagrange keeps the
       run short while still showing the price of MPFR throughout. */
    static const struct { const char *solver, *arith; } plan[] = {
        { NULL, "binary64" }, { NULL, "adaptive" }, { "taylor-lagrange", "mpfr:113" },
    };
    int ns = vccd_solver_type_count(), nrows = 0, rc = VCCD_EXIT_OK;
    q_row rows[3 * MAX_SOLVERS];
    vccd_queries *qs = NULL;
    long nq = 0, nf = 0;

    *tl_ratio = 0.0;
    if (!o->qdir) {
        printf("\n== sample queries: skipped (no --queries DIR given; e.g. --queries "
               "../shared/data/sample-queries, the CSV files of Wang et al. 2021) ==\n");
        return VCCD_EXIT_OK;
    }
    if ((rc = bs_read_queries(&qs, &nf, &nq, o->qdir)) != VCCD_EXIT_OK)
        return rc;
    memset(rows, 0, sizeof rows);
    for (size_t p = 0; p < sizeof plan / sizeof plan[0]; p++)
        for (int j = 0; j < ns && nrows < 3 * MAX_SOLVERS; j++) {
            const vccd_solver_type *t = vccd_solver_type_get(j);
            if (plan[p].solver && strcmp(plan[p].solver, t->name) != 0)
                continue;
            rows[nrows].solver = t;
            rows[nrows].arith = plan[p].arith;
            nrows++;
        }

    {
        vccd_solve_opts d;
        vccd_solve_opts_init(&d);
        printf("\n== sample queries: %s (%ld queries in %ld files), eps_t %g, max_boxes %ld ==\n", o->qdir, nq, nf,
               d.eps_t, d.max_boxes);
    }
    printf("t/bisect, bx/bisect: mean time and mean boxes over bisection in the same arithmetic;\n"
           "t/b64: mean time over the same solver in binary64.  fn: contacts answered none.\n");
    print_q_header();
    for (int r = 0; r < nrows; r++) {
        vccd_solve_opts so;
        const q_row *bisect = NULL, *b64 = NULL;
        vccd_solve_opts_init(&so);
        so.solver = rows[r].solver;
        if (vccd_arith_parse(&so.arith, rows[r].arith) != 0) {
            rc = vccd_cli_usage_error("bench solvers: bad arithmetic '%s'", rows[r].arith);
            goto out;
        }
        for (long f = 0; f < nf; f++) {
            vccd_error e;
            if (vccd_query_run(&rows[r].st, &qs[f], &so, stdout, 0, NULL, &e) != 0) {
                rc = vccd_cli_usage_error("%s", e.msg);
                goto out;
            }
        }
        for (int k = 0; k < r; k++) {
            if (strcmp(rows[k].solver->name, "bisection") == 0 && strcmp(rows[k].arith, rows[r].arith) == 0)
                bisect = &rows[k];
            if (rows[k].solver == rows[r].solver && strcmp(rows[k].arith, "binary64") == 0)
                b64 = &rows[k];
        }
        print_q_row(&rows[r], bisect, b64);
        bs_csv_row(o->csv, "queries", rows[r].solver->name, rows[r].arith, "all", "all", &rows[r].st, 1,
                bisect ? &bisect->st : NULL);
        if (rows[r].st.fn > 0 && vccd_arith_is_rigorous(&so.arith)) {
            fprintf(stderr, "vccd: BUG: %s %s answered none on %ld ground-truth contacts (listed above)\n",
                    rows[r].solver->name, rows[r].arith, rows[r].st.fn);
            rc = VCCD_EXIT_FAIL;
        }
    }
    {
        const q_row *bis = NULL;
        for (int r = 0; r < nrows; r++)
            if (strcmp(rows[r].arith, "binary64") == 0 && strcmp(rows[r].solver->name, "bisection") == 0)
                bis = &rows[r];
        for (int r = 0; bis && r < nrows; r++) {
            double tr, br;
            if (strcmp(rows[r].arith, "binary64") != 0 || &rows[r] == bis)
                continue;
            bs_ratios(&tr, &br, &rows[r].st, &bis->st);
            printf("sample queries, binary64: %s/bisection mean time %.3f, mean boxes %.3f\n",
                   rows[r].solver->name, tr, br);
            if (strcmp(rows[r].solver->name, "taylor-lagrange") == 0)
                *tl_ratio = tr;
        }
    }
out:
    for (int r = 0; r < nrows; r++)
        vccd_query_stats_clear(&rows[r].st);
    bs_free_queries(qs, nf);
    return rc;
}
