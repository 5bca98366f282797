/* config.c -- INI config files through libinih, with line numbers.

   Debian's libinih is built without INI_HANDLER_LINENO, so the handler
   is not told the line.  We feed inih through ini_parse_stream with a
   reader that counts the lines it hands out; inih calls the handler for a
   line before it reads the next, so the count is that key's line. */
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/config.h"

typedef struct {
    vccd_config *cfg;
    vccd_error *e;
    int line;
    int header_line;            /* line of the last "[section]" read */
    int mid_line;               /* the last chunk did not end its line */
    int failed;
    int fail_line;              /* line of the first error */
    /* one of the two sources */
    FILE *f;
    const char *s;
} reader;

static char *
read_line(char *buf, int size, void *stream)
{
    reader *r = stream;
    char *p = NULL;

    if (r->f) {
        p = fgets(buf, size, r->f);
    } else if (r->s && *r->s) {
        int i = 0;
        while (*r->s && *r->s != '\n' && i < size - 1)
            buf[i++] = *r->s++;
        if (*r->s == '\n' && i < size - 1)
            buf[i++] = *r->s++;
        buf[i] = '\0';
        p = buf;
    }
    if (p) {
        const char *q = p;
        size_t len = strlen(p);
        /* inih asks for at most size - 1 characters: a longer line comes
           in several chunks, which must not count as several lines, and
           inih would parse the rest as a line of its own (so a long
           value was cut, and the error that followed named the wrong
           line): report it here, as the first error if it is */
        if (!r->mid_line) {
            r->line++;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '[')
                r->header_line = r->line;
        }
        r->mid_line = len > 0 && p[len - 1] != '\n';
        if (r->mid_line && len == (size_t)size - 1 && !r->failed) {
            r->failed = 1;
            r->fail_line = r->line;
            vccd_error_set(r->e, r->cfg->file, r->line, NULL, NULL,
                           "line too long (at most %d characters)", size - 2);
        }
    }
    return p;
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

static int
handler(void *user, const char *section, const char *key, const char *value)
{
    reader *r = user;
    vccd_config *cfg = r->cfg;
    vccd_config_section *s = cfg->n ? &cfg->sec[cfg->n - 1] : NULL;

    if (r->failed)              /* the first error is the one reported */
        return 0;
    if (!s || strcmp(s->name, section) != 0) {
        if (vccd_config_find(cfg, section)) {
            r->failed = 1;
            r->fail_line = r->header_line > 0 ? r->header_line : r->line;
            vccd_error_set(r->e, cfg->file, r->fail_line, section, NULL,
                           "section appears twice (or is split by another section)");
            return 0;
        }
        if (grow((void **)&cfg->sec, &cfg->cap, cfg->n, sizeof *cfg->sec))
            goto oom;
        s = &cfg->sec[cfg->n++];
        memset(s, 0, sizeof *s);
        s->name = strdup(section);
        s->file = cfg->file;
        /* inih reports a section only with its first key, so r->line is
           that key's line; the header is the last "[" line read (keys
           before any header go to section "", which has none) */
        s->line = r->header_line > 0 && *section ? r->header_line : r->line;
        if (!s->name)
            goto oom;
    }
    if (key == NULL)            /* a section header with no keys yet */
        return 1;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->kv[i].key, key) == 0) {
            r->failed = 1;
            r->fail_line = r->line;
            vccd_error_set(r->e, cfg->file, r->line, section, key,
                           "key given twice (first on line %d)", s->kv[i].line);
            return 0;
        }
    if (grow((void **)&s->kv, &s->cap, s->n, sizeof *s->kv))
        goto oom;
    s->kv[s->n].key = strdup(key);
    s->kv[s->n].value = strdup(value);
    s->kv[s->n].line = r->line;
    s->kv[s->n].used = 0;
    if (!s->kv[s->n].key || !s->kv[s->n].value)
        goto oom;
    s->n++;
    return 1;
oom:
    r->failed = 1;
    r->fail_line = r->line;
    vccd_error_set(r->e, cfg->file, r->line, section, key, "out of memory");
    return 0;
}

static int
load(vccd_config *cfg, const char *name, reader *r, vccd_error *e)
{
    int rc;

    memset(cfg, 0, sizeof *cfg);
    cfg->file = strdup(name);
    r->cfg = cfg;
    r->e = e;
    if (!cfg->file)
        return vccd_error_set(e, name, 0, NULL, NULL, "out of memory");
    rc = ini_parse_stream(read_line, r, handler, r);
    if (rc != 0 || r->failed) {
        /* inih's rc is the first line it could not parse (or a handler
           failed on); ours is earlier unless rc < fail_line */
        if (!r->failed || (rc > 0 && rc < r->fail_line))
            vccd_error_set(e, name, rc, NULL, NULL, "syntax error (expected [section] or key = value)");
        vccd_config_clear(cfg);
        return -1;
    }
    return 0;
}

int
vccd_config_load(vccd_config *cfg, const char *path, vccd_error *e)
{
    reader r = { 0 };
    int rc;

    r.f = fopen(path, "r");
    if (!r.f) {
        memset(cfg, 0, sizeof *cfg);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: %s", strerror(errno));
    }
    rc = load(cfg, path, &r, e);
    /* fgets ends both at end of file and on a read error (a directory:
       EISDIR): only the stream says which. */
    if (rc == 0 && ferror(r.f)) {
        int err = errno;
        vccd_config_clear(cfg);
        rc = vccd_error_set(e, path, 0, NULL, NULL, "read error: %s", strerror(err));
    }
    fclose(r.f);
    return rc;
}

int
vccd_config_load_string(vccd_config *cfg, const char *name, const char *text, vccd_error *e)
{
    reader r = { 0 };
    r.s = text;
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
        free(cfg->sec[i].name);
    }
    free(cfg->sec);
    free(cfg->file);
    memset(cfg, 0, sizeof *cfg);
}

vccd_config_section *
vccd_config_find(vccd_config *cfg, const char *name)
{
    for (int i = 0; i < cfg->n; i++)
        if (strcmp(cfg->sec[i].name, name) == 0)
            return &cfg->sec[i];
    return NULL;
}

vccd_config_kv *
vccd_config_get(vccd_config_section *s, const char *key)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->kv[i].key, key) == 0) {
            s->kv[i].used = 1;
            return &s->kv[i];
        }
    return NULL;
}

int
vccd_config_check_unused(const vccd_config_section *s, vccd_error *e)
{
    for (int i = 0; i < s->n; i++)
        if (!s->kv[i].used)
            return vccd_error_set(e, s->file, s->kv[i].line, s->name, s->kv[i].key,
                                  "unknown key");
    return 0;
}
