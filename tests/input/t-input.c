/* t-input.c -- the shared input reader: lines as an editor numbers them
   (last line without newline, "\r\n"), a BOM skipped on the first line
   only, NUL bytes and over-long lines rejected with line and column,
   gzip read transparently (members one after another as one stream) and
   truncated gzip or bytes after the last member rejected, directories,
   FIFOs, sockets and devices rejected without hanging, binary reads with
   byte offsets, and message escaping that never lets a control byte
   through. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "vccd/input.h"

static char tmpdir[256];

static const char *
tmp_path(const char *name)
{
    static char buf[8][512];
    static int k;
    char *p = buf[k++ % 8];
    snprintf(p, 512, "%s/%s", tmpdir, name);
    return p;
}

static void
write_file(const char *path, const char *s, size_t n, int gz)
{
    if (gz) {
        gzFile g = gzopen(path, "wb");
        ck_assert(g != NULL);
        ck_assert(n == 0 || gzwrite(g, s, (unsigned)n) == (int)n);
        ck_assert(gzclose(g) == Z_OK);
    } else {
        FILE *f = fopen(path, "wb");
        ck_assert(f != NULL);
        ck_assert(fwrite(s, 1, n, f) == n);
        ck_assert(fclose(f) == 0);
    }
}

/* s[0..n) as gzip members cut at the k offsets cuts[] (ascending, empty
   members allowed), then the tail bytes tail[0..tn) appended raw. */
static void
write_members(const char *path, const char *s, size_t n, const size_t *cuts, int k, const char *tail, size_t tn)
{
    FILE *f;
    size_t from = 0;
    for (int i = 0; i <= k; i++) {
        size_t to = i < k ? cuts[i] : n;
        char part[512], *raw;
        long sz;
        FILE *g;
        snprintf(part, sizeof part, "%s/member.gz", tmpdir);  /* not tmp_path's: path may be one */
        write_file(part, s + from, to - from, 1);
        g = fopen(part, "rb");
        ck_assert(g && fseek(g, 0, SEEK_END) == 0 && (sz = ftell(g)) > 0);
        rewind(g);
        raw = malloc((size_t)sz);
        ck_assert(raw && fread(raw, 1, (size_t)sz, g) == (size_t)sz);
        fclose(g);
        ck_assert((f = fopen(path, i ? "ab" : "wb")) != NULL);
        ck_assert(fwrite(raw, 1, (size_t)sz, f) == (size_t)sz && fclose(f) == 0);
        free(raw);
        from = to;
    }
    ck_assert((f = fopen(path, "ab")) != NULL);
    ck_assert(tn == 0 || fwrite(tail, 1, tn, f) == tn);
    ck_assert(fclose(f) == 0);
}

static long
file_size(const char *path)
{
    struct stat st;
    ck_assert(stat(path, &st) == 0);
    return (long)st.st_size;
}

/* All lines of in joined with "|" into out; the return of the last call. */
static int
all_lines(vccd_input *in, char *out, size_t size, vccd_error *e)
{
    char *l;
    size_t n, o = 0;
    int rc;
    out[0] = '\0';
    while ((rc = vccd_input_line(in, &l, &n, e)) == 1) {
        ck_assert(strlen(l) == n);
        o += (size_t)snprintf(out + o, size - o, "%s|", l);
        ck_assert(o < size);
    }
    return rc;
}

/* text read from memory must give the lines want (joined by "|"), or the
   error starting with want when want begins with "t.txt:". */
static void
expect_mem(const char *text, size_t len, size_t max, const char *want)
{
    vccd_input in;
    vccd_error e = { "" };
    char got[4096];
    int rc;
    ck_assert(vccd_input_open_mem(&in, "t.txt", text, len, max, &e) == 0);
    rc = all_lines(&in, got, sizeof got, &e);
    vccd_input_close(&in);
    if (strncmp(want, "t.txt:", 6) == 0) {
        TU_CHECK(rc == -1, "accepted '%s', want error %s", got, want);
        TU_CHECK(strncmp(e.msg, want, strlen(want)) == 0, "message '%s', want '%s...'", e.msg, want);
    } else {
        TU_CHECK(rc == 0, "error %s, want '%s'", e.msg, want);
        TU_CHECK(strcmp(got, want) == 0, "got '%s', want '%s'", got, want);
    }
}

START_TEST(test_lines)
{
    expect_mem("", 0, 0, "");
    expect_mem("a", 1, 0, "a|");
    expect_mem("a\n", 2, 0, "a|");
    expect_mem("a\nb\r\n\nc", 7, 0, "a|b||c|");
    expect_mem("\n\n", 2, 0, "||");
    /* a lone "\r" is not a line end (only "\n" ends lines) */
    expect_mem("a\rb\n", 4, 0, "a\rb|");
    /* the BOM is skipped on the first line only */
    expect_mem("\xef\xbb\xbfx\n\xef\xbb\xbfy\n", 10, 0, "x|\xef\xbb\xbfy|");
    expect_mem("\xef\xbb\xbf", 3, 0, "|");
}
END_TEST

START_TEST(test_nul_and_length)
{
    expect_mem("ab\nc\0d\n", 7, 0, "t.txt:2: NUL byte at column 2 ");
    expect_mem("\0", 1, 0, "t.txt:1: NUL byte at column 1 ");
    /* the BOM is not a column */
    expect_mem("\xef\xbb\xbfz\0", 5, 0, "t.txt:1: NUL byte at column 2 ");
    /* exactly the limit, with "\r\n" and a BOM, is fine; one more is not */
    expect_mem("abcd\r\n", 6, 4, "abcd|");
    expect_mem("\xef\xbb\xbf" "abcd\n", 8, 4, "abcd|");
    expect_mem("ab\nabcde\n", 9, 4, "t.txt:2: line longer than 4 bytes");
    expect_mem("abcde", 5, 4, "t.txt:1: line longer than 4 bytes");
    expect_mem("abcd\r\r\n", 7, 4, "t.txt:1: line longer than 4 bytes");
}
END_TEST

/* Random text, possibly with "\r\n", a BOM, long lines: a plain file, a
   gzip file and memory all give the lines of a naive split. */
START_TEST(test_random_files)
{
    long iters = tu_iters(40);
    for (long it = 0; it < iters; it++) {
        size_t n = (size_t)(tu_ulong() % 3) == 0 ? 200000 + tu_ulong() % 100000 : tu_ulong() % 300;
        char *s = malloc(n + 4), *want = malloc(2 * n + 8), *got = malloc(2 * n + 8);
        size_t w = 0, start = 0;
        int bom = tu_ulong() % 4 == 0;
        for (size_t i = 0; i < n; i++) {
            unsigned long r = tu_ulong() % 40;
            s[i] = r == 0 ? '\n' : r == 1 ? '\r' : (char)('a' + r % 26);
        }
        if (bom && n >= 3)
            memcpy(s, "\xef\xbb\xbf", 3);
        /* the naive split: pieces between "\n"s, the empty piece after a
           final "\n" (or of empty text) dropped, BOM and "\r" cut */
        for (size_t i = 0; i <= n; i++)
            if (i == n || s[i] == '\n') {
                size_t a = start, b = i;
                if (i == n && i == start)
                    break;
                if (a == 0 && bom && n >= 3)
                    a = 3;
                if (b > a && s[b - 1] == '\r')
                    b--;
                memcpy(want + w, s + a, b - a);
                w += b - a;
                want[w++] = '|';
                start = i + 1;
            }
        want[w] = '\0';
        for (int src = 0; src < 4; src++) {
            vccd_input in;
            vccd_error e = { "" };
            char *l;
            size_t len, o = 0;
            int rc;
            const char *path = tmp_path(src >= 2 ? "r.gz" : "r.txt");
            if (src == 0)
                ck_assert(vccd_input_open_mem(&in, "m", s, n, 0, &e) == 0);
            else {
                if (src == 3) {
                    /* up to 5 members cut anywhere, inside a line, a
                       "\r\n" or the BOM, or empty */
                    size_t cuts[5];
                    int k = (int)(tu_ulong() % 6);
                    for (int i = 0; i < k; i++)
                        cuts[i] = n ? tu_ulong() % (n + 1) : 0;
                    for (int i = 1; i < k; i++)
                        for (int j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
                            size_t t = cuts[j];
                            cuts[j] = cuts[j - 1];
                            cuts[j - 1] = t;
                        }
                    write_members(path, s, n, cuts, k, "", 0);
                } else
                    write_file(path, s, n, src == 2);
                ck_assert_msg(vccd_input_open(&in, path, 0, &e) == 0, "%s", e.msg);
            }
            while ((rc = vccd_input_line(&in, &l, &len, &e)) == 1) {
                memcpy(got + o, l, len);
                o += len;
                got[o++] = '|';
            }
            got[o] = '\0';
            TU_CHECK(rc == 0, "source %d: %s", src, e.msg);
            TU_CHECK(vccd_input_offset(&in) == (long long)n, "source %d: offset %lld of %zu", src,
                     vccd_input_offset(&in), n);
            TU_CHECK(strcmp(got, want) == 0, "source %d: %zu bytes, lines differ", src, n);
            vccd_input_close(&in);
        }
        free(s);
        free(want);
        free(got);
    }
}
END_TEST

START_TEST(test_files)
{
    vccd_input in;
    vccd_error e = { "" };
    char big[4096];
    const char *gz = tmp_path("t.gz"), *cut = tmp_path("cut.gz");
    FILE *f;
    long sz;

    /* directories and missing files: a message, not a read error later */
    ck_assert(vccd_input_open(&in, tmpdir, 0, &e) == -1);
    TU_CHECK(strstr(e.msg, "is a directory, not a regular file") != NULL, "%s", e.msg);
    ck_assert(vccd_input_open(&in, tmp_path("missing"), 0, &e) == -1);
    TU_CHECK(strstr(e.msg, "cannot open") != NULL, "%s", e.msg);
    /* gzip, and gzip cut short */
    for (int i = 0; i < (int)sizeof big - 1; i++)
        big[i] = i % 50 == 49 ? '\n' : (char)('0' + (i * 7919) % 10);
    big[sizeof big - 1] = '\0';
    write_file(gz, big, strlen(big), 1);
    ck_assert(vccd_input_open(&in, gz, 0, &e) == 0);
    {
        char *l;
        size_t n;
        long lines = 0;
        while (vccd_input_line(&in, &l, &n, &e) == 1)
            lines++;
        TU_CHECK(lines == 82, "%ld lines", lines);
    }
    vccd_input_close(&in);
    f = fopen(gz, "rb");
    fseek(f, 0, SEEK_END);
    sz = ftell(f);
    rewind(f);
    {
        char *raw = malloc((size_t)sz);
        ck_assert(fread(raw, 1, (size_t)sz, f) == (size_t)sz);
        fclose(f);
        write_file(cut, raw, (size_t)sz / 2, 0);
        free(raw);
    }
    ck_assert(vccd_input_open(&in, cut, 0, &e) == 0);
    {
        char *l;
        size_t n;
        int rc;
        while ((rc = vccd_input_line(&in, &l, &n, &e)) == 1)
            ;
        TU_CHECK(rc == -1 && strstr(e.msg, "read error") != NULL, "truncated gzip: rc %d '%s'", rc, e.msg);
    }
    vccd_input_close(&in);
}
END_TEST

/* Files that are not regular are refused at open, at once: a FIFO with
   no writer used to block open(2) forever (alarm: a regression fails the
   test instead of hanging it), a device may never end or never answer. */
START_TEST(test_not_regular)
{
    static const struct {
        const char *path, *msg;
    } dev[] = {
        { "/dev/zero", "/dev/zero: is a character device, not a regular file" },
        { "/dev/null", "/dev/null: is a character device, not a regular file" },
    };
    vccd_input in;
    vccd_error e = { "" };
    char want[600];
    const char *fifo = tmp_path("fifo"), *sock = tmp_path("sock");
    struct sockaddr_un a = { .sun_family = AF_UNIX };
    int fd;

    alarm(10);
    ck_assert(mkfifo(fifo, 0600) == 0);
    TU_CHECK(vccd_input_open(&in, fifo, 0, &e) == -1, "a FIFO opened");
    snprintf(want, sizeof want, "%s: is a FIFO, not a regular file", fifo);
    TU_CHECK(strcmp(e.msg, want) == 0, "'%s', want '%s'", e.msg, want);
    /* a socket cannot even be opened: it is named all the same */
    ck_assert(strlen(sock) < sizeof a.sun_path);
    strcpy(a.sun_path, sock);
    ck_assert((fd = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0);
    ck_assert(bind(fd, (const struct sockaddr *)&a, sizeof a) == 0);
    TU_CHECK(vccd_input_open(&in, sock, 0, &e) == -1, "a socket opened");
    snprintf(want, sizeof want, "%s: is a socket, not a regular file", sock);
    TU_CHECK(strcmp(e.msg, want) == 0, "'%s', want '%s'", e.msg, want);
    close(fd);
    for (int i = 0; i < (int)(sizeof dev / sizeof dev[0]); i++) {
        TU_CHECK(vccd_input_open(&in, dev[i].path, 0, &e) == -1, "%s opened", dev[i].path);
        TU_CHECK(strcmp(e.msg, dev[i].msg) == 0, "'%s', want '%s'", e.msg, dev[i].msg);
    }
    /* a symbolic link is what it points to */
    ck_assert(symlink(fifo, tmp_path("link")) == 0);
    TU_CHECK(vccd_input_open(&in, tmp_path("link"), 0, &e) == -1 && strstr(e.msg, "is a FIFO") != NULL, "%s",
             e.msg);
    ck_assert(symlink("t.gz", tmp_path("link2")) == 0);
    write_file(tmp_path("t.gz"), "a\n", 2, 1);
    TU_CHECK(vccd_input_open(&in, tmp_path("link2"), 0, &e) == 0, "%s", e.msg);
    vccd_input_close(&in);
    alarm(0);
}
END_TEST

/* gzip members one after another are one stream; any other byte after
   the last member is an error naming the line and its byte in the file
   (zlib's gzread skips it without a word). */
START_TEST(test_gzip_tail)
{
    static const char text[] = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    static const struct {
        const char *tail;
        size_t n;
        const char *msg;
    } tails[] = {
        { "v 0 0 1\nf 1 2 4\n", 16, "trailing data after the gzip stream, at byte " },
        { "\037", 1, "trailing data after the gzip stream, at byte " },
        { "\037\213", 2, "read error: unexpected end of file" },
        { "\037\213\010\0\0\0\0\0\0\003garbage", 17, "read error: corrupt gzip data (" },
        { "\0\0\0\0", 4, "trailing data after the gzip stream, at byte " },
    };
    const char *path = tmp_path("tail.gz");
    size_t cuts[2] = { 8, 8 };  /* a member with one line, an empty one, the rest */

    for (int i = 0; i < (int)(sizeof tails / sizeof tails[0]); i++) {
        vccd_input in;
        vccd_error e = { "" };
        char got[256], want[600];
        long clean;
        int rc;
        write_members(path, text, sizeof text - 1, cuts, 2, "", 0);
        clean = file_size(path);
        write_members(path, text, sizeof text - 1, cuts, 2, tails[i].tail, tails[i].n);
        ck_assert(vccd_input_open(&in, path, 0, &e) == 0);
        rc = all_lines(&in, got, sizeof got, &e);
        TU_CHECK(rc == -1, "tail %d accepted: '%s'", i, got);
        /* every line before the tail is read, the error is at the next */
        TU_CHECK(strcmp(got, "v 0 0 0|v 1 0 0|v 0 1 0|f 1 2 3|") == 0, "tail %d: lines '%s'", i, got);
        if (strncmp(tails[i].msg, "trailing", 8) == 0)
            snprintf(want, sizeof want, "%s:5: %s%ld of the file (not a gzip member)", path, tails[i].msg, clean);
        else
            snprintf(want, sizeof want, "%s:5: %s", path, tails[i].msg);
        TU_CHECK(strncmp(e.msg, want, strlen(want)) == 0, "tail %d: '%s', want '%s'", i, e.msg, want);
        vccd_input_close(&in);
    }
    {
        /* a binary body: vccd_input_end sees what follows */
        vccd_input in;
        vccd_error e = { "" };
        char b[sizeof text - 1];
        write_members(path, text, sizeof text - 1, cuts, 2, "", 0);
        ck_assert(vccd_input_open(&in, path, 0, &e) == 0);
        ck_assert(vccd_input_read(&in, b, 10, "head", &e) == 0);
        TU_CHECK(vccd_input_end(&in, &e) == 0, "bytes left, end says %s", e.msg);
        ck_assert(vccd_input_read(&in, b, sizeof b - 10, "body", &e) == 0);
        TU_CHECK(memcmp(b, text + 10, sizeof b - 10) == 0, "bytes across members");
        TU_CHECK(vccd_input_end(&in, &e) == 1, "at the end: %s", e.msg);
        vccd_input_close(&in);
        write_members(path, text, sizeof text - 1, cuts, 2, "x", 1);
        ck_assert(vccd_input_open(&in, path, 0, &e) == 0);
        ck_assert(vccd_input_read(&in, b, sizeof b, "body", &e) == 0);
        TU_CHECK(vccd_input_end(&in, &e) == -1 && strstr(e.msg, "trailing data") != NULL, "'%s'", e.msg);
        vccd_input_close(&in);
        /* plain text may well start with a 0x1f byte */
        write_file(path, "\037x\n", 3, 0);
        ck_assert(vccd_input_open(&in, path, 0, &e) == 0);
        TU_CHECK(all_lines(&in, b, sizeof b, &e) == 0 && strcmp(b, "\037x|") == 0, "%s", e.msg);
        vccd_input_close(&in);
        write_file(path, "\037", 1, 0);
        ck_assert(vccd_input_open(&in, path, 0, &e) == 0);
        TU_CHECK(all_lines(&in, b, sizeof b, &e) == 0 && strcmp(b, "\037|") == 0, "%s", e.msg);
        vccd_input_close(&in);
    }
}
END_TEST

START_TEST(test_binary)
{
    static const char text[] = "ply\nend_header\n\x01\x02\x03\x04\x05";
    vccd_input in;
    vccd_error e = { "" };
    unsigned char b[4];
    char *l;
    size_t n;

    for (int src = 0; src < 2; src++) {
        const char *path = tmp_path("b.gz");
        if (src == 0)
            ck_assert(vccd_input_open_mem(&in, "b.ply", text, sizeof text - 1, 0, &e) == 0);
        else {
            write_file(path, text, sizeof text - 1, 1);
            ck_assert(vccd_input_open(&in, path, 0, &e) == 0);
        }
        ck_assert(vccd_input_line(&in, &l, &n, &e) == 1 && strcmp(l, "ply") == 0);
        ck_assert(vccd_input_line(&in, &l, &n, &e) == 1 && strcmp(l, "end_header") == 0);
        TU_CHECK(vccd_input_offset(&in) == 15, "offset %lld", vccd_input_offset(&in));
        ck_assert(vccd_input_read(&in, b, 4, "vertex 0", &e) == 0);
        TU_CHECK(b[0] == 1 && b[3] == 4, "bytes");
        TU_CHECK(vccd_input_read(&in, b, 4, "vertex 1", &e) == -1, "short read accepted");
        TU_CHECK(strstr(e.msg, "the input ends at byte 20 inside vertex 1 (from byte 19)") != NULL, "%s", e.msg);
        vccd_input_close(&in);
    }
}
END_TEST

START_TEST(test_escape)
{
    char out[64];
    TU_CHECK(strcmp(vccd_input_escape(out, sizeof out, "a\x1b[2Jb\\", 7), "a\\x1b[2Jb\\\\") == 0, "%s", out);
    TU_CHECK(strcmp(vccd_input_escape(out, sizeof out, "\t\n\x7f", 3), "\\x09\\x0a\\x7f") == 0, "%s", out);
    /* UTF-8 is kept; invalid bytes and C1 controls (U+009B: CSI) are not */
    TU_CHECK(strcmp(vccd_input_escape(out, sizeof out, "\xc3\xa9", 2), "\xc3\xa9") == 0, "%s", out);
    TU_CHECK(strcmp(vccd_input_escape(out, sizeof out, "\xc2\x9b\xff", 3), "\\xc2\\x9b\\xff") == 0, "%s", out);
    TU_CHECK(strcmp(vccd_input_escape(out, sizeof out, "\xe2\x82", 2), "\\xe2\\x82") == 0, "%s", out);
    /* cut with "...", never inside an escape */
    TU_CHECK(strcmp(vccd_input_escape(out, 10, "abcdefghijkl", 12), "abcdef...") == 0, "%s", out);
    TU_CHECK(strcmp(vccd_input_escape(out, 11, "abc\x01\x02", 5), "abc\\x01...") == 0, "%s", out);
    TU_CHECK(strcmp(vccd_input_escape(out, 10, "abcdefghi", 9), "abcdefghi") == 0, "%s", out);
    /* random bytes: no control byte survives, the size is kept */
    for (long it = 0; it < tu_iters(20000); it++) {
        unsigned char in[40];
        size_t n = tu_ulong() % sizeof in, size = 1 + tu_ulong() % 63, k;
        for (size_t i = 0; i < n; i++)
            in[i] = (unsigned char)tu_ulong();
        vccd_input_escape(out, size, (const char *)in, n);
        k = strlen(out);
        TU_CHECK(k < size, "length %zu for size %zu", k, size);
        for (size_t i = 0; i < k; i++) {
            unsigned char c = (unsigned char)out[i];
            TU_CHECK(c >= 0x20 && c != 0x7f, "control byte 0x%02x in output", c);
            TU_CHECK(!(c == 0xc2 && i + 1 < k && (unsigned char)out[i + 1] < 0xa0), "C1 control in output");
        }
    }
}
END_TEST

int
main(void)
{
    const TTest *const tests[] = { test_lines, test_nul_and_length, test_random_files, test_files,
                                          test_not_regular, test_gzip_tail, test_binary, test_escape };
    char tpl[64];
    int rc;
    /* made here, not in a test: Check runs each test in its own process */
    tu_tmp_template(tpl, sizeof tpl, "t-input.");
    if (!mkdtemp(tpl))
        return 1;
    snprintf(tmpdir, sizeof tmpdir, "%s", tpl);
    rc = tu_main("input", tests, (int)(sizeof tests / sizeof tests[0]));
    {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
        if (system(cmd) != 0)
            rc = 1;
    }
    return rc;
}
