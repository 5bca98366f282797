/* t-fuzz.c -- seeded mutation fuzzing of every reader and subcommand
   (doc/input.md): configs for toc, motion-check and queries --config,
   query CSVs (plain and gzip), and the options of every subcommand.
   Each run of ./experiments/vccd must end in success or in exit status
   2 with one line on stderr; when the input is a file, that line starts
   "vccd: FILE:LINE: ".  A signal, a sanitizer report, another exit
   status, a run over the time limit or an exit-2 message without its
   location fails the test.  Prints the seed and the count per outcome;
   VCCD_TEST_SEED replays a run, VCCD_TEST_MULTIPLIER scales the count
   (the sanitizer pass of `make check-full` runs it with 0.1). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"

/* Seconds per run: a hang, not a slow sanitizer build (the slowest
   legitimate run, bench arith --quick under ASan, takes a few). */
#define TIME_LIMIT 60
#define CASES 400

/* A broken harness (not a finding): exit 99, a hard error to automake. */
#define must(c)                                                                        \
    do {                                                                               \
        if (!(c)) {                                                                    \
            fprintf(stderr, "t-fuzz: %s:%d: %s does not hold\n", __FILE__, __LINE__, #c); \
            exit(99);                                                                  \
        }                                                                              \
    } while (0)

static const char *vccd = "./experiments/vccd";
static char dir[128];

/* --- growable text ---------------------------------------------------- */

typedef struct {
    char *p;
    size_t n, cap;
} text;

static void
text_insert(text *t, size_t pos, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = 2 * (t->n + n + 1);
        t->p = realloc(t->p, t->cap);
        must(t->p != NULL);
    }
    memmove(t->p + pos + n, t->p + pos, t->n - pos);
    memcpy(t->p + pos, s, n);
    t->n += n;
    t->p[t->n] = '\0';
}

static void
text_erase(text *t, size_t pos, size_t n)
{
    if (pos + n > t->n)
        n = t->n - pos;
    memmove(t->p + pos, t->p + pos + n, t->n - pos - n);
    t->n -= n;
    t->p[t->n] = '\0';
}

static void
text_set(text *t, const char *s, size_t n)
{
    t->n = 0;
    text_insert(t, 0, s, n);
}

static unsigned long
rnd(unsigned long n)
{
    return tu_ulong() % n;
}

/* Start and end (before its "\n") of line k (0-based) of t; the number
   of lines when k is past them. */
static size_t
line_span(const text *t, size_t k, size_t *a, size_t *e)
{
    size_t line = 0, start = 0;
    for (size_t i = 0; i <= t->n; i++)
        if (i == t->n || t->p[i] == '\n') {
            if (line == k) {
                *a = start;
                *e = i;
                return k;
            }
            line++;
            start = i + 1;
        }
    *a = *e = t->n;
    return line;
}

static size_t
count_lines(const text *t)
{
    size_t a, e;
    return line_span(t, (size_t)-1, &a, &e);
}

/* --- mutations ---------------------------------------------------------- */

/* Bytes and strings that readers have got wrong, or might. */
static const struct { const char *s; size_t n; } odd[] = {
    { "\0", 1 }, { "\r", 1 }, { "\t", 1 }, { "\x1b[2J", 4 }, { "\xff", 1 }, { "\xef\xbb\xbf", 3 },
    { "\n", 1 }, { " ", 1 }, { "#", 1 }, { ";", 1 }, { "[", 1 }, { "]", 1 }, { "=", 1 }, { ",", 1 },
    { "-", 1 }, { "/", 1 }, { ".", 1 }, { "\\", 1 }, { "\xc2\x9b", 2 }, { ":", 1 },
};

static const char *const numbers[] = {
    "0", "-0", "1e309", "-1e309", "nan", "inf", "1/0", "0/0", "-", "", "0x1p-1074", "4294967296", "-1",
    "99999999999999999999", "1/3", "-7/2", "1e-320", "0.1", "+", "1..2", "--1", "1/-2", "3,4",
};

static const char *const words[] = {
    "", "motion", "frisbee", "vertex", "ltlrm", "vertex-linear", "ballistic", "interp", "screw", "rotvec",
    "ltlrm2d", "angaccel", "pair", "solver", "arithmetic", "newton", "bisection", "adaptive", "mpfr:53",
    "mpfr:1", "unrounded", "edge-edge", "vertex-face", "vertex-edge-2d", "point", "type",
};

static const char *const lines[] = {
    "[motion.x]", "[solvr]", "[motion]", "[pair]", "[]", "[", "= 1", "key = value", "vertices = 1048576",
    "point.9 = a 0 0 0", "type = vertex-linear", "  [solver]", "turns = 99999999999", "kind = edge-edge",
    "backend = mpfr:65536", "max_boxes = 0", "eps_t = 0", "[motion.a] x", "vertex.5 = 1 2 3 4 5 6",
};

static int
is_num_char(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' || c == '/';
}

static int
is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-' || c == '.' || c == ':'
           || (c >= '0' && c <= '9');
}

/* Replace the run of chars (by pred) around a random position. */
static void
replace_run(text *t, int (*pred)(char), const char *with)
{
    size_t pos, a, e;
    if (t->n == 0)
        return;
    pos = rnd(t->n);
    for (size_t k = 0; k < t->n && !pred(t->p[pos]); k++)
        pos = (pos + 1) % t->n;
    if (!pred(t->p[pos]))
        return;
    for (a = pos; a > 0 && pred(t->p[a - 1]); a--)
        ;
    for (e = pos; e < t->n && pred(t->p[e]); e++)
        ;
    text_erase(t, a, e - a);
    text_insert(t, a, with, strlen(with));
}

/* Insert s at the start (or end) of a random one of the nl lines. */
static void
at_line(text *t, size_t nl, int at_end, const char *s)
{
    size_t a, e;
    if (nl) {
        line_span(t, rnd(nl), &a, &e);
        text_insert(t, at_end ? e : a, s, strlen(s));
    }
}

static void
mutate(text *t)
{
    size_t a, e, nl = count_lines(t), pos = t->n ? rnd(t->n + 1) : 0;
    char big[400];

    switch (rnd(13)) {
    case 0: {
        int k = (int)rnd(sizeof odd / sizeof odd[0]);
        text_insert(t, pos, odd[k].s, odd[k].n);
        break;
    }
    case 1:
        text_erase(t, pos, 1 + rnd(20));
        break;
    case 2:                     /* duplicate a line */
        if (nl) {
            char *copy;
            line_span(t, rnd(nl), &a, &e);
            copy = malloc(e - a + 2);
            memcpy(copy, t->p + a, e - a);
            copy[e - a] = '\n';
            text_insert(t, a, copy, e - a + 1);
            free(copy);
        }
        break;
    case 3:                     /* delete a line */
        if (nl) {
            line_span(t, rnd(nl), &a, &e);
            text_erase(t, a, e - a + 1);
        }
        break;
    case 4:                     /* indent a line */
        at_line(t, nl, 0, rnd(2) ? "    " : "\t");
        break;
    case 5:
        replace_run(t, is_num_char, numbers[rnd(sizeof numbers / sizeof numbers[0])]);
        break;
    case 6:
        replace_run(t, is_word_char, words[rnd(sizeof words / sizeof words[0])]);
        break;
    case 7:                     /* a line inserted */
        if (nl) {
            const char *l = lines[rnd(sizeof lines / sizeof lines[0])];
            line_span(t, rnd(nl + 1), &a, &e);
            text_insert(t, a, "\n", 1);
            text_insert(t, a, l, strlen(l));
        }
        break;
    case 8:                     /* truncated */
        text_erase(t, pos, t->n);
        break;
    case 9:                     /* a long token: digits or a name */
        memset(big, rnd(2) ? '7' : 'n', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        replace_run(t, rnd(2) ? is_num_char : is_word_char, big + rnd(sizeof big - 40));
        break;
    case 10:                    /* a random byte */
        big[0] = (char)rnd(256);
        text_insert(t, pos, big, 1);
        break;
    case 11:                    /* an inline comment */
        at_line(t, nl, 1, rnd(2) ? "   # note" : " ; note");
        break;
    default:                    /* a byte changed */
        if (t->n)
            t->p[rnd(t->n)] = odd[rnd(sizeof odd / sizeof odd[0])].s[0];
        break;
    }
}

/* --- files -------------------------------------------------------------- */

static char *
slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *p;
    long len;
    must(f != NULL);
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    rewind(f);
    p = malloc((size_t)len + 1);
    must(fread(p, 1, (size_t)len, f) == (size_t)len);
    fclose(f);
    p[len] = '\0';
    *n = (size_t)len;
    return p;
}

/* Write t to path: plain, gzip, or gzip cut short. */
static void
put_file(const char *path, const text *t, int form)
{
    if (form == 0) {
        FILE *f = fopen(path, "wb");
        must(f != NULL);
        must(fwrite(t->p, 1, t->n, f) == t->n);
        must(fclose(f) == 0);
        return;
    }
    {
        gzFile g = gzopen(path, "wb");
        must(g != NULL);
        if (t->n)
            must(gzwrite(g, t->p, (unsigned)t->n) == (int)t->n);
        must(gzclose(g) == Z_OK);
    }
    if (form == 2) {
        size_t n;
        char *raw = slurp(path, &n);
        FILE *f = fopen(path, "wb");
        must(f != NULL);
        must(fwrite(raw, 1, n / 2, f) == n / 2);
        must(fclose(f) == 0);
        free(raw);
    }
}

/* --- runs ----------------------------------------------------------------- */

enum { OUT_OK, OUT_FAIL_ALLOWED, OUT_LOCATED, OUT_USAGE, OUT_BAD, OUT_N };
static const char *const out_name[OUT_N] = {
    "ok (exit 0)", "exit 1 allowed (false negative against mutated ground truth, unrounded violation)",
    "error with FILE:LINE (exit 2)", "usage error, one line (exit 2)", "FAILED"
};
static long counts[OUT_N];

typedef struct {
    const char *argv[40];
    int argc;
    const char *file;           /* the fuzzed input file, or NULL */
    int empty;                  /* it has no line: no LINE to name */
    int allow_exit1;
    int must_refuse;            /* exit 0 is a failure: the input is bad */
    int limit;                  /* seconds; 0: TIME_LIMIT */
} run_spec;

static void
arg(run_spec *r, const char *a)
{
    must(r->argc < 38);
    r->argv[r->argc++] = a;
    r->argv[r->argc] = NULL;
}

/* Run, classify, count; on failure print the command for replay. */
static void
run(run_spec *r, long id)
{
    char errpath[256], err[2048] = "", why[256] = "";
    int status, out;
    pid_t pid;
    FILE *f;
    size_t n;

    snprintf(errpath, sizeof errpath, "%s/stderr", dir);
    fflush(stdout);
    pid = fork();
    must(pid >= 0);
    if (pid == 0) {
        /* alarm survives exec: SIGALRM ends a run over the limit */
        if (!freopen("/dev/null", "r", stdin) || !freopen("/dev/null", "w", stdout)
            || !freopen(errpath, "w", stderr))
            _exit(127);
        alarm(r->limit ? (unsigned)r->limit : TIME_LIMIT);
        execv(vccd, (char *const *)r->argv);
        _exit(127);
    }
    must(waitpid(pid, &status, 0) == pid);
    f = fopen(errpath, "rb");
    n = f ? fread(err, 1, sizeof err - 1, f) : 0;
    if (f)
        fclose(f);
    err[n] = '\0';
    if (WIFSIGNALED(status)) {
        snprintf(why, sizeof why, "%s", WTERMSIG(status) == SIGALRM ? "over the time limit" : "killed by a signal");
        out = OUT_BAD;
    } else if (strstr(err, "Sanitizer") || strstr(err, "runtime error:")) {
        snprintf(why, sizeof why, "sanitizer report");
        out = OUT_BAD;
    } else if (WEXITSTATUS(status) == 0 && r->must_refuse) {
        snprintf(why, sizeof why, "bad input accepted (exit 0)");
        out = OUT_BAD;
    } else if (WEXITSTATUS(status) == 0) {
        out = OUT_OK;
    } else if (WEXITSTATUS(status) == 1 && r->allow_exit1) {
        out = OUT_FAIL_ALLOWED;
    } else if (WEXITSTATUS(status) != 2) {
        snprintf(why, sizeof why, "exit status %d", WEXITSTATUS(status));
        out = OUT_BAD;
    } else if (strncmp(err, "vccd: ", 6) != 0 || !strchr(err, '\n') || strchr(err, '\n')[1] != '\0') {
        snprintf(why, sizeof why, "exit 2 without exactly one 'vccd: ' line on stderr");
        out = OUT_BAD;
    } else if (r->file) {
        size_t k = strlen(r->file);
        const char *p = err + 6 + k;
        out = OUT_LOCATED;
        if (strncmp(err + 6, r->file, k) != 0 || *p != ':') {
            snprintf(why, sizeof why, "exit 2 message does not start with the file");
            out = OUT_BAD;
        } else if (!(p[1] >= '1' && p[1] <= '9') && !(r->empty && p[1] == ' ')) {
            snprintf(why, sizeof why, "exit 2 message without the line");
            out = OUT_BAD;
        }
    } else {
        out = OUT_USAGE;
    }
    counts[out]++;
    if (out == OUT_BAD) {
        printf("FAIL case %ld: %s:", id, why);
        for (int i = 0; i < r->argc; i++)
            printf(" '%s'", r->argv[i]);
        printf("\n  stderr: %.600s\n", err);
        if (r->file) {
            /* keep the input for replay */
            char keep[300];
            snprintf(keep, sizeof keep, "t-fuzz-case%ld.input", id);
            if (rename(r->file, keep) == 0)
                printf("  input kept as %s\n", keep);
        }
    }
}

/* --- the cases ------------------------------------------------------------ */

static const char solver_cfg[] =
    "[solver]\n"
    "type = newton          # bisection | taylor-lagrange | newton\n"
    "eps_t = 1e-6           # width of the TOC enclosure\n"
    "max_boxes = 100000     # work limit: reached, the answer is possible\n"
    "[arithmetic]\n"
    "backend = adaptive     # binary64 | mpfr:PREC | adaptive | unrounded\n"
    "max_precision = 1024   # adaptive: the last MPFR precision tried\n";

/* One of the values an option might be given, valid or not. */
static const char *
pick(const char *const *v, size_t n)
{
    return v[rnd(n)];
}
#define PICK(...) pick((const char *const[]){ __VA_ARGS__ }, sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(const char *))

static void
options_case(run_spec *r, int sub, const char *csv, const char *qdir, const char *cfg, const char *toc)
{
    const char *nowhere = "/nonexistent/x", *opt;
    int nopt = (int)rnd(5);
    arg(r, vccd);
    switch (sub) {
    case 0:                     /* queries: bounded work first, later options override */
        arg(r, "queries");
        arg(r, "--max-boxes");
        arg(r, "2000");
        for (int i = 0; i < nopt; i++) {
            opt = PICK("--solver", "--arith", "--eps-t", "--max-boxes", "--max-work", "--max-precision", "--kind",
                       "--config", "--verbose", "--bogus", "-", "--", "-x");
            arg(r, opt);
            if (!strcmp(opt, "--solver"))
                arg(r, PICK("bisection", "taylor-lagrange", "newton", "bogus", ""));
            else if (!strcmp(opt, "--arith"))
                arg(r, PICK("binary64", "mpfr:53", "mpfr:1", "mpfr:70000", "adaptive", "unrounded", "mpfr:", "x"));
            else if (!strcmp(opt, "--eps-t"))
                arg(r, PICK("1e-6", "-1", "nan", "2", "", "1e-300", "0x1p-20"));
            else if (!strcmp(opt, "--max-boxes"))
                arg(r, PICK("1", "0", "500", "-5", "99999999999999999999", "abc", "2000"));
            else if (!strcmp(opt, "--max-work"))
                arg(r, PICK("1", "0", "3000", "-5", "1000000000001", "99999999999999999999", "1e4", ""));
            else if (!strcmp(opt, "--max-precision"))
                arg(r, PICK("64", "63", "256", "2048", "100000", ""));
            else if (!strcmp(opt, "--kind"))
                arg(r, PICK("vertex-face", "edge-edge", "vertex-edge-2d", "x"));
            else if (!strcmp(opt, "--config"))
                arg(r, PICK(cfg, nowhere, dir, "/dev/null", toc));
        }
        for (int i = 0, nf = (int)rnd(3); i < nf; i++)
            arg(r, PICK(csv, csv, nowhere, dir, "/dev/null", toc));
        r->allow_exit1 = 1;
        break;
    case 1:                     /* motion-check: few samples first */
        arg(r, "motion-check");
        arg(r, "--samples");
        arg(r, "2");
        for (int i = 0; i < nopt; i++) {
            opt = PICK("--all", "--section", "--samples", "--backend", "--seed", "--bogus", "CONFIG");
            if (!strcmp(opt, "CONFIG")) {
                arg(r, PICK(toc, toc, nowhere, dir, "/dev/null", csv));
                continue;
            }
            arg(r, opt);
            if (!strcmp(opt, "--section"))
                arg(r, PICK("motion.spinner", "nope", "", "motion"));
            else if (!strcmp(opt, "--samples"))
                arg(r, PICK("1", "3", "0", "-1", "x", ""));
            else if (!strcmp(opt, "--backend"))
                arg(r, PICK("binary64", "unrounded", "mpfr:53", "mpfr:300", "mpfr:1", "adaptive", "x"));
            else if (!strcmp(opt, "--seed"))
                arg(r, PICK("0", "1", "-1", "4611686018427387904", "x"));
        }
        /* unrounded is NON-RIGOROUS: a violation is its point */
        for (int i = 0; i < r->argc; i++)
            if (!strcmp(r->argv[i], "unrounded"))
                r->allow_exit1 = 1;
        break;
    case 2:
        arg(r, "toc");
        for (int i = 0, n = (int)rnd(4); i < n; i++)
            arg(r, PICK(toc, toc, nowhere, dir, "/dev/null", csv, "--x", "-", "--json", "--max-work",
                        PICK("1", "0", "50", "-2", "x", "99999999999999999999")));
        break;
    case 3:                     /* bench: solvers mostly, with few pairs; arith rarely (slow) */
        arg(r, "bench");
        arg(r, rnd(8) ? "solvers" : PICK("arith", "bogus", "--quick"));
        arg(r, "--quick");
        arg(r, "--pairs");
        arg(r, "2");
        for (int i = 0; i < nopt; i++) {
            opt = PICK("--queries", "--pairs", "--seed", "--dump-pair", "--csv", "--quick", "--bogus", "extra");
            arg(r, opt);
            if (!strcmp(opt, "--queries"))
                arg(r, PICK(qdir, nowhere, csv, "/dev/null"));
            else if (!strcmp(opt, "--pairs"))
                arg(r, PICK("1", "3", "0", "-1", "x"));
            else if (!strcmp(opt, "--seed"))
                arg(r, PICK("0", "7", "-1", "4294967296", "x"));
            else if (!strcmp(opt, "--dump-pair"))
                arg(r, PICK("0", "5", "-1", "x"));
            else if (!strcmp(opt, "--csv"))
                arg(r, PICK("CSV", "/nonexistent/dir/x.csv", dir));
        }
        for (int i = 0; i < r->argc; i++)
            if (!strcmp(r->argv[i], "CSV")) {
                static char out[200];
                snprintf(out, sizeof out, "%s/bench.csv", dir);
                r->argv[i] = out;
            }
        break;
    default:
        arg(r, PICK("help", "version", "--version", "--help", "bogus", "-q"));
        for (int i = 0, n = (int)rnd(3); i < n; i++)
            arg(r, PICK("queries", "toc", "bogus", "--help", "a b", ""));
        break;
    }
}

/* --- classes the mutations do not reach (doc/input.md) ------------------ */

/* Write text to path. */
static void
put_text(const char *path, const char *s)
{
    text t = { 0 };
    text_set(&t, s, strlen(s));
    put_file(path, &t, 0);
    free(t.p);
}

/* Not a regular file where a file is read: a FIFO (open() of a FIFO
   blocks until a writer comes, which none does), a directory, a
   character device.  Every surface must refuse it at once with a
   message naming it, never wait: a shorter limit than a run's. */
/* The commands that read the odd file as a mesh named in their config:
   the config, with %s for the mesh. */
static const struct {
    const char *cmd, *text;
} in_config[] = {
    { "toc", "[body.a]\nmesh = %s\nmotion = m\n[body.b]\nmesh = box:1:1:1\nmotion = n\n"
             "[motion.m]\ntype = ltlrm\no0 = 0 0 0\nv = 1 0 0\nomega = 0 0 0\n"
             "[motion.n]\ntype = ltlrm\no0 = 3 0 0\nv = 0 0 0\nomega = 0 0 0\n" },
    { "distance", "[mesh.a]\nfile = %s\n[distance]\nmesh.0 = a\nmesh.1 = a\n" },
    { "simulate", "[simulate]\nsteps = 2\ndt = 0.01\n[body.a]\nmesh = %s\nfixed = yes\n"
                  "[body.b]\nmesh = box:1:1:1\nposition = 0 0 3\n" },
    { "run", "[experiment]\nname = x\nseed = 1\ninstances = 1\nspeeds = low\npairs = a-a\n"
             "[model.a]\nmesh = %s\n[system.exact]\nmode = exact\n" },
};

static void
class_nonregular(long *id)
{
    char fifo[256], cfg[256], body[1024], shard[256], csv[300];
    const char *what[3];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    must(mkfifo(fifo, 0600) == 0);
    what[0] = fifo;
    what[1] = dir;
    what[2] = "/dev/zero";
    snprintf(cfg, sizeof cfg, "%s/nonregular.ini", dir);
    snprintf(shard, sizeof shard, "%s/shard", dir);
    mkdir(shard, 0700);
    snprintf(csv, sizeof csv, "%s/instances.csv", shard);
    for (int w = 0; w < 3; w++)
        for (int surface = 0; surface < 11; surface++) {
            const char *p = what[w];
            run_spec r = { { NULL }, 0, NULL, 0, 0, 0, 10 };
            r.must_refuse = 1;
            arg(&r, vccd);
            r.file = cfg;
            switch (surface) {
            case 0: arg(&r, "mesh"); arg(&r, "info"); arg(&r, p); r.file = p; r.empty = 1; break;
            case 1: arg(&r, "toc"); arg(&r, p); r.file = p; r.empty = 1; break;
            case 2: arg(&r, "distance"); arg(&r, p); r.file = p; r.empty = 1; break;
            case 3: arg(&r, "simulate"); arg(&r, p); r.file = p; r.empty = 1; break;
            case 4: arg(&r, "queries"); arg(&r, p); r.file = p; r.empty = 1; break;
            case 5: arg(&r, "motion-check"); arg(&r, p); r.file = p; r.empty = 1; break;
            case 6: case 7: case 8: case 9:
                snprintf(body, sizeof body, in_config[surface - 6].text, p);
                put_text(cfg, body);
                arg(&r, in_config[surface - 6].cmd); arg(&r, cfg);
                if (surface == 9) {
                    arg(&r, "--out"); arg(&r, shard);
                }
                break;
            default:
                /* merge reads SHARD/instances.csv: make it the odd file */
                snprintf(body, sizeof body,
                         "[experiment]\nname = x\nseed = 1\ninstances = 1\nspeeds = low\npairs = a-a\n"
                         "[model.a]\nmesh = box:1:1:1\n[system.exact]\nmode = exact\n");
                put_text(cfg, body);
                unlink(csv);
                if (w == 0)
                    must(mkfifo(csv, 0600) == 0);
                else if (w == 1)
                    must(mkdir(csv, 0700) == 0);
                else
                    must(symlink("/dev/zero", csv) == 0);
                arg(&r, "merge"); arg(&r, cfg); arg(&r, shard);
                r.file = csv;
                r.empty = 1;
                break;
            }
            run(&r, (*id)++);
            if (surface == 10) {
                rmdir(csv);
                unlink(csv);
            }
        }
    unlink(fifo);
    unlink(cfg);
}

/* Numbers at the ends of binary64 in every numeric key of a mesh
   query, a simulation and a distance: an answer, `possible`, or a
   located refusal, within the time limit (never a wait on the
   arithmetic). */
static const char *const magnitudes[] = {
    "1e300", "-1e300", "1e-300", "-1e-300", "1e200", "1e160", "3e-162", "1e-170", "4.9e-324",
    "1.7976931348623157e308", "1e100", "1e8", "1e6", "0", "-0", "1", "0.5", "2",
};
#define MAG() magnitudes[rnd(sizeof magnitudes / sizeof magnitudes[0])]

static void
class_magnitudes(long *id, long n)
{
    char cfg[256], body[2048];
    snprintf(cfg, sizeof cfg, "%s/magnitude.ini", dir);
    for (long k = 0; k < n; k++) {
        run_spec r = { { NULL }, 0, NULL, 0, 0, 0, 0 };
        r.file = cfg;
        arg(&r, vccd);
        /* The mesh query ends within its work budget ([query]
           max_work) however far or fast the bodies go. */
        switch (k % 3) {
        case 0:
            snprintf(body, sizeof body,
                     "[body.a]\nmesh = box:%s:1:1\nscale = radius %s\nmotion = m\n"
                     "[body.b]\nmesh = tetrahedron\nmotion = n\n"
                     "[motion.m]\ntype = ltlrm\no0 = %s 0 %s\nv = %s %s 0\nomega = 0 %s %s\n"
                     "[motion.n]\ntype = %s\nstart_position = %s 0 0\nend_position = 0 %s 0\n",
                     MAG(), MAG(), MAG(), MAG(), MAG(), MAG(), MAG(), MAG(), rnd(2) ? "ltlrm" : "interp", MAG(),
                     MAG());
            arg(&r, "toc");
            break;
        case 1:
            snprintf(body, sizeof body,
                     "[simulate]\nsteps = 3\ndt = %s\ngravity = 0 0 %s\n"
                     "[body.g]\nmesh = box:4:4:1\nfixed = yes\nposition = 0 0 -0.5\n"
                     "[body.b]\nmesh = box:1:1:1\nposition = 0 0 %s\nvelocity = %s 0 0\nomega = 0 %s 0\n"
                     "orientation = %s %s 0 0\ndensity = %s\n",
                     MAG(), MAG(), MAG(), MAG(), MAG(), rnd(2) ? "1" : MAG(), rnd(2) ? "0" : MAG(),
                     rnd(2) ? "1" : MAG());
            arg(&r, "simulate");
            break;
        default:
            snprintf(body, sizeof body,
                     "[mesh.a]\nfile = box:1:1:1\nscale = radius %s\n[mesh.b]\nfile = tetrahedron\n"
                     "[motion.m]\ntype = ltlrm\no0 = %s 0 0\nv = %s 0 0\nomega = %s 0 0\n"
                     "[distance]\nmesh.0 = a\npose.0 = %s 0 0 1 0 0 0\nmesh.1 = b\nmotion.1 = m\nt = %s\n",
                     MAG(), MAG(), MAG(), MAG(), MAG(), rnd(2) ? "0.5" : MAG());
            arg(&r, "distance");
            break;
        }
        put_text(cfg, body);
        arg(&r, cfg);
        run(&r, (*id)++);
    }
    unlink(cfg);
}

/* Bytes after a gzip stream: another member is read as gzip(1) reads
   it (so a bad line there is an error), anything else is an error; a
   file is never taken shorter than it is. */
static void
class_gzip_trailing(long *id, const text *config, long n)
{
    char path[256];
    snprintf(path, sizeof path, "%s/trailing.ini.gz", dir);
    for (long k = 0; k < n; k++) {
        run_spec r = { { NULL }, 0, NULL, 0, 0, 0, 0 };
        FILE *f;
        int how = (int)(k % 3);
        put_file(path, config, 1);
        f = fopen(path, "ab");
        must(f != NULL);
        if (how == 0) {             /* junk: random bytes, at least one */
            for (int i = 0, m = 1 + (int)rnd(64); i < m; i++)
                fputc((int)rnd(256), f);
        } else {                    /* a second member */
            gzFile g;
            must(fclose(f) == 0);
            g = gzopen(path, "ab");
            must(g != NULL);
            if (how == 1)
                gzputs(g, rnd(2) ? "\n[bogus]\n" : "\nnot a key value line\n");
            else
                gzputs(g, "\n# only a comment\n");
            must(gzclose(g) == Z_OK);
            f = NULL;
        }
        if (f)
            must(fclose(f) == 0);
        r.file = path;
        r.must_refuse = how != 2;
        arg(&r, vccd);
        arg(&r, "toc");
        arg(&r, path);
        run(&r, (*id)++);
    }
    unlink(path);
}

int
main(void)
{
    const char *srcdir = getenv("srcdir") ? getenv("srcdir") : ".";
    char path[512], csv[256], qdir[256], cfg[256], toc[256], input[256];
    text base[5] = { { 0 } }, t = { 0 };
    size_t n;
    long cases;
    int bad;

    tu_init();
    cases = tu_iters(CASES);
    printf("t-fuzz: seed %lu (VCCD_TEST_SEED), %ld cases (VCCD_TEST_MULTIPLIER), %d s limit per run\n", tu_seed,
           cases, TIME_LIMIT);
    tu_tmp_template(dir, sizeof dir, "t-fuzz.");
    if (!mkdtemp(dir))
        return 99;
    /* the corpus: the shipped configs, the README's solver config, the
       first two queries of a vertex-face and an edge-edge file */
    {
        char *s;
        snprintf(path, sizeof path, "%s/experiments/configs/toc.ini", srcdir);
        s = slurp(path, &n);
        text_set(&base[0], s, n);
        free(s);
        snprintf(path, sizeof path, "%s/experiments/configs/motions.ini", srcdir);
        s = slurp(path, &n);
        text_set(&base[1], s, n);
        free(s);
        text_set(&base[2], solver_cfg, strlen(solver_cfg));
        for (int k = 0; k < 2; k++) {
            size_t a, e;
            snprintf(path, sizeof path, "%s/tests/data/sample-queries/unit-tests/%s/data_0_0.csv", srcdir,
                     k ? "edge-edge" : "vertex-face");
            s = slurp(path, &n);
            text_set(&base[3 + k], s, n);
            free(s);
            line_span(&base[3 + k], 16, &a, &e);
            text_erase(&base[3 + k], a, base[3 + k].n);
        }
    }
    /* fixed files for the option cases */
    snprintf(csv, sizeof csv, "%s/vertex-face.csv", dir);
    put_file(csv, &base[3], 0);
    snprintf(qdir, sizeof qdir, "%s/q", dir);
    mkdir(qdir, 0700);
    snprintf(path, sizeof path, "%s/vertex-face", qdir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/q/vertex-face/a.csv", dir);
    put_file(path, &base[3], 0);
    snprintf(cfg, sizeof cfg, "%s/solver.ini", dir);
    put_file(cfg, &base[2], 0);
    snprintf(toc, sizeof toc, "%s/toc.ini", dir);
    put_file(toc, &base[0], 0);

    for (long id = 0; id < cases; id++) {
        run_spec r = { { NULL }, 0, NULL, 0, 0, 0, 0 };
        int kind = (int)(id % 9);
        if (kind >= 5) {
            options_case(&r, (int)rnd(5), csv, qdir, cfg, toc);
            run(&r, id);
            continue;
        }
        text_set(&t, base[kind].p, base[kind].n);
        for (int m = 0, nm = 1 + (int)rnd(4); m < nm; m++)
            mutate(&t);
        /* gzip now and then; the kind of a CSV comes from its name */
        {
            int form = rnd(8) == 0 ? 1 + (int)rnd(2) : 0;
            snprintf(input, sizeof input, "%s/%s%ld.%s%s", dir, kind == 4 ? "edge-edge" : "vertex-face", id,
                     kind >= 3 ? "csv" : "ini", form ? ".gz" : "");
            put_file(input, &t, form);
            r.empty = t.n == 0 || form == 2;
        }
        r.file = input;
        arg(&r, vccd);
        switch (kind) {
        case 0:
            arg(&r, "toc");
            arg(&r, input);
            break;
        case 1:
            arg(&r, "motion-check");
            arg(&r, input);
            arg(&r, "--samples");
            arg(&r, "3");
            break;
        case 2:                 /* later options override the config's */
            arg(&r, "queries");
            arg(&r, "--config");
            arg(&r, input);
            arg(&r, "--max-boxes");
            arg(&r, "2000");
            arg(&r, csv);
            break;
        default:
            arg(&r, "queries");
            arg(&r, "--max-boxes");
            arg(&r, "2000");
            arg(&r, input);
            r.allow_exit1 = 1;  /* a mutated row changes the answer, not the truth */
            break;
        }
        run(&r, id);
        unlink(input);
    }
    {
        long id = cases, nc = tu_iters(30) < 6 ? 6 : tu_iters(30);
        class_nonregular(&id);
        class_magnitudes(&id, nc);
        class_gzip_trailing(&id, &base[0], nc);
    }
    for (int o = 0; o < OUT_N; o++)
        printf("t-fuzz: %-90s %ld\n", out_name[o], counts[o]);
    bad = counts[OUT_BAD] > 0;
    if (bad)
        printf("t-fuzz: FAILED with seed %lu (set VCCD_TEST_SEED to replay)\n", tu_seed);
    {
        char cmd[200];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            bad = 1;
    }
    for (int k = 0; k < 5; k++)
        free(base[k].p);
    free(t.p);
    return bad;
}
