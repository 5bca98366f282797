/* t-fuzz.c -- a seeded mutation fuzzer over the mesh readers: the
   hand-checked box in OBJ, OFF, PLY ascii and binary (both endians) is
   mutated (bit flips, bytes and tokens that readers trip on, deleted,
   duplicated and truncated ranges, overwritten binary counts), written
   plain or gzip-compressed, and loaded with random options.  A quarter
   of the cases are counts that lie: an OFF or PLY header announcing up
   to 2^31 - 1 vertices, faces or instances of an element the reader
   skips (with no property, fixed-size ones or a list), with the body
   kept, cut or padded, and a random limit of one mesh (max_triangles)
   that the box may exceed.  Nothing may crash or hang (an alarm fails
   the test), an error must be one line starting with the file's name,
   and an accepted mesh must satisfy the mesh invariants.

   Memory guard: the cases run with the address space limited to 1 GiB
   (RLIMIT_AS), so an allocation that a lying count drives fails, and an
   "out of memory" message fails the test: every input here is a few KB,
   and a reader may take memory only as data arrives.  Under
   AddressSanitizer, which reserves terabytes of address space for its
   shadow memory, the limit cannot be set, and the output says so.

   Counts per outcome are printed.  VCCD_TEST_MULTIPLIER scales the
   number of cases. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "vccd/mesh.h"

/* An ASan build: gcc says __SANITIZE_ADDRESS__, clang __has_feature. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define MEMORY_GUARD (1L << 30)

static const char *const seeds[] = { "box.obj", "box.off", "box-ascii.ply", "box-le.ply", "box-be.ply" };
#define NSEEDS ((int)(sizeof seeds / sizeof seeds[0]))

static const char *const tokens[] = {
    "-1", "0", "1", "3", "4294967295", "2147483648", "-2147483649", "nan", "-inf", "1e999", "1e-999", "-0",
    "0x1p-1074", "99999999999999999999", " ", "\n", "\r\n", "/", "//", "#", "f ", "v ", "f 1 2 3\n", "v 1 2 3\n",
    "element vertex 1000000000\n", "property list uint uint vertex_indices\n", "end_header\n",
    "format binary_big_endian 1.0\n", "OFF\n", "ply\n", "\xef\xbb\xbf", "\x7f", "\xff\xff\xff\xff",
};
#define NTOKENS ((int)(sizeof tokens / sizeof tokens[0]))

/* Outcome classes, by the words of the message. */
static const char *const classes[] = { "limit (max_triangles)", "index out of range", "count mismatch", "NaN",
                                       "infinite / out of range", "not a number / integer", "truncated binary",
                                       "empty mesh", "long line", "NUL byte", "face < 3 vertices", "header / format",
                                       "read error (gzip)", "other" };
static const char *const needles[][3] = {
    { "max_triangles", NULL }, { "vertex index", NULL }, { "count mismatch", NULL },       { "NaN", NULL },
    { "infinite", "out of range", "beyond" }, { "not a number", "not an integer", NULL }, { "ends at byte", NULL },
    { "empty", NULL },        { "line longer", NULL },          { "NUL", NULL },
    { "at least 3", NULL },   { "PLY", "OFF", "format" },       { "read error", NULL },
};
#define NCLASSES ((int)(sizeof classes / sizeof classes[0]))

typedef struct {
    char *b;
    size_t n, cap;
} buf;

static void
reserve(buf *x, size_t n)
{
    if (n > x->cap) {
        x->cap = 2 * n;
        x->b = realloc(x->b, x->cap);
        ck_assert(x->b != NULL);
    }
}

static void
insert(buf *x, size_t at, const char *s, size_t n)
{
    reserve(x, x->n + n);
    memmove(x->b + at + n, x->b + at, x->n - at);
    memcpy(x->b + at, s, n);
    x->n += n;
}

static size_t
pos(const buf *x)
{
    return x->n ? (size_t)(tu_ulong() % (x->n + 1)) : 0;
}

static void
mutate(buf *x)
{
    int k = 1 + (int)(tu_ulong() % 4);
    while (k--) {
        size_t at = pos(x), len;
        switch (tu_ulong() % 7) {
        case 0: /* flip a bit */
            if (x->n)
                x->b[at % x->n] ^= (char)(1u << (tu_ulong() % 8));
            break;
        case 1: /* a byte readers care about */
            if (x->n)
                x->b[at % x->n] = " \n-/0919e.\t#"[tu_ulong() % 13];
            break;
        case 2: /* delete a range */
            len = (size_t)(tu_ulong() % 16);
            if (at + len > x->n)
                len = x->n - at;
            memmove(x->b + at, x->b + at + len, x->n - at - len);
            x->n -= len;
            break;
        case 3: /* duplicate a range */
        {
            size_t from = pos(x);
            len = (size_t)(tu_ulong() % 64);
            if (from + len > x->n)
                len = x->n - from;
            {
                char tmp[64];
                memcpy(tmp, x->b + from, len);
                insert(x, at, tmp, len);
            }
            break;
        }
        case 4: /* truncate */
            x->n = at;
            break;
        case 5: /* a token */
        {
            const char *t = tokens[tu_ulong() % NTOKENS];
            insert(x, at, t, strlen(t));
            break;
        }
        default: /* overwrite 4 bytes with a random word (binary counts) */
        {
            uint32_t w = (uint32_t)tu_ulong();
            if (tu_ulong() % 2)
                w %= 1024;
            if (x->n >= 4) {
                at %= x->n - 3;
                memcpy(x->b + at, &w, 4);
            }
            break;
        }
        }
    }
}

/* Replace the first occurrence of `from` (a whole header line or the
   counts) by `to`; 0 when absent. */
static int
replace(buf *x, const char *from, const char *to)
{
    size_t nf = strlen(from), nt = strlen(to);
    for (size_t i = 0; i + nf <= x->n; i++)
        if (!memcmp(x->b + i, from, nf)) {
            reserve(x, x->n + nt);
            memmove(x->b + i + nt, x->b + i + nf, x->n - i - nf);
            memcpy(x->b + i, to, nt);
            x->n = x->n - nf + nt;
            return 1;
        }
    return 0;
}

/* Counts that lie: a header count made huge (or just past the default
   limit), or an element the reader skips announced with a huge count;
   then the body kept, cut short or padded.  s: the seed's index. */
static void
lie(buf *x, int s)
{
    static const char *const big[] = { "2147483647", "2147483646", "1000000000", "12582913", "4194305", "65536" };
    char to[160];
    const char *n = big[tu_ulong() % 6];
    if (s == 1) {
        /* OFF: the counts line "8 6 12" */
        switch (tu_ulong() % 3) {
        case 0: snprintf(to, sizeof to, "%s 6 12", n); break;
        case 1: snprintf(to, sizeof to, "8 %s 12", n); break;
        default: snprintf(to, sizeof to, "%s %s 0", n, n); break;
        }
        replace(x, "8 6 12", to);
    } else if (s >= 2) {
        /* PLY: a count of the header, or an element the reader skips
           (each "%s" is the count) */
        static const struct { const char *old, *fmt; } ply[] = {
            { "element vertex 8\n", "element vertex %s\n" },
            { "element face 6\n", "element face %s\n" },
            { "end_header\n", "element junk %s\nend_header\n" },
            { "end_header\n", "element junk %s\nproperty uchar a\nproperty double b\nend_header\n" },
            { "end_header\n", "element junk %s\nproperty list uchar int c\nend_header\n" },
        };
        unsigned long k = tu_ulong() % 5;
        snprintf(to, sizeof to, ply[k].fmt, n);
        replace(x, ply[k].old, to);
    }
    /* the data that follows: as it was, cut short, or more of it */
    switch (tu_ulong() % 3) {
    case 0:
        break;
    case 1:
        x->n -= (size_t)(tu_ulong() % (x->n / 2 + 1));
        break;
    default: {
        size_t k = (size_t)(tu_ulong() % 4096);
        reserve(x, x->n + k);
        for (size_t i = 0; i < k; i++)
            x->b[x->n + i] = s >= 3 ? (char)tu_ulong() : "0 1\n"[tu_ulong() % 4];
        x->n += k;
        break;
    }
    }
}

static void
read_seed(buf *x, const char *name)
{
    char path[600];
    FILE *f;
    const char *s = getenv("srcdir");
    snprintf(path, sizeof path, "%s/tests/data/meshes/%s", s && *s ? s : ".", name);
    f = fopen(path, "rb");
    if (!f)
        tu_fail("cannot read seed %s", path);
    reserve(x, 1 << 16);
    x->n = fread(x->b, 1, x->cap, f);
    fclose(f);
}

/* The invariants of an accepted mesh. */
static void
check_mesh(const vccd_mesh *m, const char *path)
{
    TU_CHECK(m->nv > 0 && m->nt > 0, "%s: accepted with %ld vertices, %ld triangles", path, m->nv, m->nt);
    for (long i = 0; i < m->nv; i++)
        for (int k = 0; k < 3; k++)
            TU_CHECK(isfinite(m->v[i][k]), "%s: vertex %ld not finite", path, i);
    for (long i = 0; i < m->nt; i++)
        for (int k = 0; k < 3; k++) {
            TU_CHECK(m->t[i][k] >= 0 && m->t[i][k] < m->nv, "%s: triangle %ld index out of range", path, i);
            TU_CHECK(m->te[i][k] >= -1 && m->te[i][k] < m->ne, "%s: te out of range", path);
        }
}

START_TEST(test_fuzz)
{
    long n = tu_iters(4000), ok = 0, lies = 0, count[NCLASSES] = { 0 };
    char dir[256], path[400];
    buf seed[NSEEDS], x = { NULL, 0, 0 };
    struct rlimit old;
    int guard = 0;

    alarm(300); /* a hang fails the test instead of stalling make check */
    if (UNDER_ASAN)
        printf("mesh fuzz: memory guard off (AddressSanitizer reserves more address space than the 1 GiB limit)\n");
    else if (getrlimit(RLIMIT_AS, &old) == 0) {
        struct rlimit lim = old;
        if (lim.rlim_max == RLIM_INFINITY || lim.rlim_max > (rlim_t)MEMORY_GUARD)
            lim.rlim_cur = (rlim_t)MEMORY_GUARD;
        guard = setrlimit(RLIMIT_AS, &lim) == 0;
        printf("mesh fuzz: memory guard %s (address space %s 1 GiB)\n", guard ? "on" : "off",
               guard ? "limited to" : "could not be limited to");
    }
    snprintf(dir, sizeof dir - 8, "%s/vccd-fuzz-", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    {
        size_t l = strlen(dir);
        memset(dir + l, 'X', 6);
        dir[l + 6] = '\0';
    }
    ck_assert(mkdtemp(dir) != NULL);
    memset(seed, 0, sizeof seed);
    for (int s = 0; s < NSEEDS; s++)
        read_seed(&seed[s], seeds[s]);
    for (long it = 0; it < n; it++) {
        int s = (int)(it % NSEEDS), liar = tu_ulong() % 4 == 0, gz = tu_ulong() % (liar ? 2 : 8) == 0;
        const char *ext = strrchr(seeds[s], '.');
        vccd_mesh m;
        vccd_error e;
        vccd_mesh_load_opts o;
        long max_nt = 0;
        int c;
        x.n = 0;
        reserve(&x, seed[s].n);
        memcpy(x.b, seed[s].b, seed[s].n);
        x.n = seed[s].n;
        if (liar) {
            lie(&x, s);
            lies++;
            /* a limit the box's 12 triangles may exceed, or the default */
            if (tu_ulong() % 2)
                max_nt = 1 + (long)(tu_ulong() % 16);
        } else
            mutate(&x);
        snprintf(path, sizeof path, "%s/case%s%s", dir, ext, gz ? ".gz" : "");
        if (gz) {
            gzFile g = gzopen(path, "wb1");
            ck_assert(g != NULL);
            if (x.n)
                ck_assert(gzwrite(g, x.b, (unsigned)x.n) == (int)x.n);
            gzclose(g);
        } else {
            FILE *f = fopen(path, "wb");
            ck_assert(f && fwrite(x.b, 1, x.n, f) == x.n);
            fclose(f);
        }
        o.degenerate = tu_ulong() % 2 ? VCCD_MESH_DEGENERATE_DROP : VCCD_MESH_DEGENERATE_KEEP;
        o.center = (vccd_mesh_center)(tu_ulong() % 4);
        o.radius = tu_ulong() % 2 ? 1 : 0;
        memset(&e, 0, sizeof e);
        c = vccd_mesh_load_max(&m, path, &o, max_nt, &e);
        unlink(path);
        if (c == 0) {
            check_mesh(&m, path);
            vccd_mesh_clear(&m);
            ok++;
            continue;
        }
        TU_CHECK(strncmp(e.msg, path, strlen(path)) == 0 && e.msg[strlen(path)] == ':',
                 "case %ld: message '%s' does not start with the file name", it, e.msg);
        TU_CHECK(!strchr(e.msg, '\n'), "case %ld: message '%s' is not one line", it, e.msg);
        TU_CHECK(!strstr(e.msg, "out of memory"), "case %ld: '%s': a few KB of input exhausted the memory", it,
                 e.msg);
        for (c = 0; c < NCLASSES - 1; c++) {
            int hit = 0;
            for (int j = 0; j < 3 && needles[c][j]; j++)
                hit |= strstr(e.msg, needles[c][j]) != NULL;
            if (hit)
                break;
        }
        count[c]++;
        if (getenv("VCCD_TEST_VERBOSE"))
            printf("%s\n", e.msg);
    }
    if (guard)
        setrlimit(RLIMIT_AS, &old);
    printf("mesh fuzz: %ld cases (%ld with counts that lie), %ld loaded", n, lies, ok);
    for (int c = 0; c < NCLASSES; c++)
        if (count[c])
            printf(", %s %ld", classes[c], count[c]);
    printf("\n");
    /* the mutations must reach both sides */
    TU_CHECK(ok > n / 20 && ok < n - n / 20, "only %ld of %ld cases loaded: the fuzzer lost its reach", ok, n);
    unlink(path);
    {
        char gzp[420];
        snprintf(gzp, sizeof gzp, "%s.gz", path);
        for (int s = 0; s < NSEEDS; s++) {
            snprintf(path, sizeof path, "%s/case%s", dir, strrchr(seeds[s], '.'));
            unlink(path);
            snprintf(gzp, sizeof gzp, "%s.gz", path);
            unlink(gzp);
        }
    }
    rmdir(dir);
    for (int s = 0; s < NSEEDS; s++)
        free(seed[s].b);
    free(x.b);
    alarm(0);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_fuzz };
    return tu_main("fuzz", tests, 1);
}
