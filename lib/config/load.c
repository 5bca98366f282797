/* load.c -- reading INI config files (config.h).

   libinih does the "key = value" syntax; the lines reach it through
   ini_parse_stream from the shared input reader (input.h), one line per
   call, so inih's line count is ours and NUL bytes, BOMs and line
   lengths follow the one input policy (doc/input.md).  Debian's libinih
   is built with choices that the policy does not share, and which its
   reader interface lets us meet without forking the parser:
   - a 200-byte line buffer: exact rational motion parameters are longer.
     A longer "key = value" line reaches inih as "key = x" and the
     handler takes the value held here instead;
   - indented lines continue the previous value: a copied, indented key
     was "given twice".  Lines reach inih without leading blanks, and a
     blank is any byte that inih's isspace() takes for one: a form feed
     or vertical tab left in front of a key made it a continuation too;
   - only ";" starts an inline comment, and "#" is what the README's
     examples use.  Both are cut here (after a blank, so "a#b" is a
     value), before inih sees the line;
   - sections are reported with their first key only, and names are cut
     at 50 bytes: the headers are read here, so that an empty [section]
     is still a section (and can be rejected as unknown), long names stay
     whole and each section has its header's line.
   The handler is called for a line before the next is read, so the
   reader's state describes the line being handled. */
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"
#include "vccd/config.h"
#include "vccd/input.h"

/* A blank: space, tab, and the rest of what isspace() is in the "C"
   locale (vertical tab, form feed, carriage return; "\n" ends lines),
   which is what inih trims and what the policy must then ignore. */
static int
blank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

typedef struct {
    vccd_config *cfg;
    vccd_error *e;
    vccd_input in;
    int cur;                    /* current section, -1 before the first */
    const char *long_value;     /* value of a line too long for inih */
    int failed;
    long fail_line;             /* line of the first error */
} reader;

static int __attribute__((format(printf, 5, 6)))
fail(reader *r, long line, const char *section, const char *key, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->failed = 1;
    r->fail_line = line;
    return vccd_error_set(r->e, r->cfg->file, (int)line, section, key, "%s", msg);
}

static int
grow(void **p, int *cap, int n, size_t size)
{
    if (n < *cap)
        return 0;
    int c = *cap ? 2 * *cap : 8;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* A new section called name (len bytes) from line; 0 or -1 (r->failed). */
static int
add_section(reader *r, const char *name, size_t len, long line)
{
    vccd_config *cfg = r->cfg;
    vccd_config_names a = { cfg->sec, sizeof *cfg->sec, offsetof(vccd_config_section, name) };
    vccd_config_section *s;
    char *copy = malloc(len + 1);
    int old;

    if (!copy)
        return fail(r, line, NULL, NULL, "out of memory");
    memcpy(copy, name, len);
    copy[len] = '\0';
    if ((old = vccd_config_index_find(cfg->slot, cfg->nslot, a, cfg->n, copy)) >= 0) {
        fail(r, line, copy, NULL, "section given twice (first on line %d)", cfg->sec[old].line);
        free(copy);
        return -1;
    }
    if (grow((void **)&cfg->sec, &cfg->cap, cfg->n, sizeof *cfg->sec)) {
        free(copy);
        return fail(r, line, NULL, NULL, "out of memory");
    }
    s = &cfg->sec[cfg->n++];
    memset(s, 0, sizeof *s);
    s->name = copy;
    s->file = cfg->file;
    s->line = (int)line;
    a.base = cfg->sec;
    if (vccd_config_index_add(&cfg->slot, &cfg->nslot, a, cfg->n) != 0)
        return fail(r, line, NULL, NULL, "out of memory");
    r->cur = cfg->n - 1;
    return 0;
}

/* A "[name]" header (p starts with "[", has no comment or trailing
   blanks): enter the section, and hand inih a short stand-in. */
static int
header(reader *r, char *p, char *buf, long line)
{
    char *end = strchr(p, ']'), *a = p + 1, *b;
    if (!end) {
        /* inih's own message: "[" without "]" is a syntax error */
        strcpy(buf, "[\n");
        return 0;
    }
    if (end[1] != '\0')
        return fail(r, line, NULL, NULL, "text after ']' of a section header");
    b = end;
    while (blank(*a))
        a++;
    while (b > a && blank(b[-1]))
        b--;
    if (b == a)
        return fail(r, line, NULL, NULL, "empty section name");
    if (add_section(r, a, (size_t)(b - a), line) != 0)
        return -1;
    strcpy(buf, "[s]\n");
    return 0;
}

static char *
read_line(char *buf, int num, void *stream)
{
    reader *r = stream;
    char *l, *p, *q;
    size_t n;
    long line;
    int rc;

    r->long_value = NULL;
    if (r->failed)
        return NULL;
    if ((rc = vccd_input_line(&r->in, &l, &n, r->e)) <= 0) {
        if (rc < 0) {
            r->failed = 1;
            r->fail_line = r->in.line + 1;
        }
        return NULL;
    }
    line = r->in.line;
    for (p = l; blank(*p); p++)
        ;
    for (q = p; *q; q++)
        if ((*q == '#' || *q == ';') && (q == p || blank(q[-1]))) {
            *q = '\0';
            break;
        }
    while (q > p && blank(q[-1]))
        *--q = '\0';
    n = (size_t)(q - p);
    if (*p == '[')
        return header(r, p, buf, line) == 0 ? buf : NULL;
    if (n + 2 <= (size_t)num) {
        memcpy(buf, p, n);
        strcpy(buf + n, "\n");
        return buf;
    }
    /* too long for inih: split where inih would ("=" or ":") */
    q = p + strcspn(p, "=:");
    if (!*q) {
        strcpy(buf, "x\n");     /* no separator: inih's syntax error */
        return buf;
    }
    if ((size_t)(q - p) + 8 > (size_t)num)
        return fail(r, line, NULL, NULL, "key longer than %ld bytes", (long)num - 8), NULL;
    memcpy(buf, p, (size_t)(q - p));
    strcpy(buf + (q - p), "=x\n");
    for (q++; blank(*q); q++)
        ;
    r->long_value = q;
    return buf;
}

static int
handler(void *user, const char *section, const char *key, const char *value)
{
    reader *r = user;
    vccd_config *cfg = r->cfg;
    vccd_config_section *s;
    vccd_config_names a;
    long line = r->in.line;
    int old;

    (void)section;              /* ours is whole; inih cuts at 50 bytes */
    if (r->failed)              /* the first error is the one reported */
        return 0;
    if (r->long_value)
        value = r->long_value;
    if (r->cur < 0 && add_section(r, "", 0, line) != 0)      /* keys before any header */
        return 0;
    s = &cfg->sec[r->cur];
    if (!*key)
        return fail(r, line, s->name, NULL, "empty key before '='"), 0;
    a = (vccd_config_names){ s->kv, sizeof *s->kv, offsetof(vccd_config_kv, key) };
    if ((old = vccd_config_index_find(s->kslot, s->nkslot, a, s->n, key)) >= 0)
        return fail(r, line, s->name, key, "key given twice (first on line %d)", s->kv[old].line), 0;
    if (grow((void **)&s->kv, &s->cap, s->n, sizeof *s->kv))
        return fail(r, line, s->name, key, "out of memory"), 0;
    s->kv[s->n].key = strdup(key);
    s->kv[s->n].value = strdup(value);
    s->kv[s->n].line = (int)line;
    s->kv[s->n].used = 0;
    s->kv[s->n].dv = NULL;
    s->kv[s->n].dn = 0;
    s->n++;
    a.base = s->kv;
    if (!s->kv[s->n - 1].key || !s->kv[s->n - 1].value
        || vccd_config_index_add(&s->kslot, &s->nkslot, a, s->n) != 0)
        return fail(r, line, s->name, key, "out of memory"), 0;
    return 1;
}

/* r->in is open: parse it into cfg (named name), and close it. */
static int
load(vccd_config *cfg, const char *name, reader *r, vccd_error *e)
{
    int rc;

    r->cfg = cfg;
    r->e = e;
    r->cur = -1;
    if (!(cfg->file = strdup(name))) {
        vccd_input_close(&r->in);
        return vccd_error_set(e, name, 0, NULL, NULL, "out of memory");
    }
    rc = ini_parse_stream(read_line, r, handler, r);
    if (rc != 0 || r->failed) {
        /* inih's rc is the first line it could not parse (or a handler
           failed on); ours is earlier unless rc < fail_line */
        if (!r->failed || (rc > 0 && rc < r->fail_line))
            vccd_error_set(e, cfg->file, rc, NULL, NULL, "syntax error (expected [section] or key = value)");
        vccd_config_clear(cfg);
        vccd_input_close(&r->in);
        return -1;
    }
    cfg->lines = (int)r->in.line;
    vccd_input_close(&r->in);
    return 0;
}

int
vccd_config_load(vccd_config *cfg, const char *path, vccd_error *e)
{
    reader r = { 0 };

    memset(cfg, 0, sizeof *cfg);
    if (vccd_input_open(&r.in, path, 0, e) != 0)
        return -1;
    return load(cfg, path, &r, e);
}

int
vccd_config_load_string(vccd_config *cfg, const char *name, const char *text, vccd_error *e)
{
    reader r = { 0 };

    memset(cfg, 0, sizeof *cfg);
    if (vccd_input_open_mem(&r.in, name, text, strlen(text), 0, e) != 0)
        return -1;
    return load(cfg, name, &r, e);
}

void
vccd_config_clear(vccd_config *cfg)
{
    for (int i = 0; i < cfg->n; i++) {
        for (int j = 0; j < cfg->sec[i].n; j++) {
            free(cfg->sec[i].kv[j].key);
            free(cfg->sec[i].kv[j].value);
        }
        free(cfg->sec[i].kv);
        free(cfg->sec[i].kslot);
        free(cfg->sec[i].name);
    }
    free(cfg->sec);
    free(cfg->slot);
    free(cfg->file);
    memset(cfg, 0, sizeof *cfg);
}
