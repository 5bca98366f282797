/* json_line.c -- the line of a value in JSON text (json_line.h).

   A scan of the text's structure alone (strings, brackets, commas and
   colons), descending only where the pointer leads.  The text has been
   accepted by jansson, whose depth limit (2048) bounds the recursion. */
#include <string.h>

#include "json_line.h"

typedef struct {
    const char *p, *end;
    long line;
} scan;

static void
ws(scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\r' || *s->p == '\n')) {
        s->line += *s->p == '\n';
        s->p++;
    }
}

/* Past the string that starts at s->p (its opening quote).  A string in
   JSON holds no raw newline, so the line does not change. */
static void
skip_string(scan *s)
{
    s->p++;
    while (s->p < s->end && *s->p != '"')
        s->p += *s->p == '\\' ? 2 : 1;
    if (s->p < s->end)
        s->p++;
}

/* The pointer's token at tok (up to '/' or the end; ~0 is '~', ~1 is
   '/') against key k (len bytes, as written): 1 when equal.  *rest :=
   the pointer after the token. */
static int
token_is(const char *tok, const char *k, size_t len, const char **rest)
{
    size_t i = 0;
    int same = 1;
    for (; *tok && *tok != '/'; tok++, i++) {
        char c = *tok;
        if (c == '~' && (tok[1] == '0' || tok[1] == '1'))
            c = *++tok == '1' ? '/' : '~';
        same &= i < len && k[i] == c;
    }
    *rest = tok;
    return same && i == len;
}

/* The token at tok as an array index (RFC 6901: digits, no leading
   zero), or -1; *rest as above. */
static long
token_index(const char *tok, const char **rest)
{
    long x = 0;
    const char *t = tok;
    for (; *t >= '0' && *t <= '9'; t++)
        x = x < 100000000L ? 10 * x + (*t - '0') : -1;
    *rest = t;
    if (t == tok || (*t && *t != '/') || (*tok == '0' && t - tok > 1) || x < 0)
        return -1;
    return x;
}

/* The value at s->p: with target NULL, skipped; else the line of what
   target (a pointer relative to this value) names, or 0 with s->p past
   the value. */
static long
value(scan *s, const char *target)
{
    ws(s);
    if (target && !*target)
        return s->line;
    if (s->p >= s->end)
        return 0;
    if (*s->p == '{' || *s->p == '[') {
        int obj = *s->p == '{';
        long idx = 0, want = -1;
        const char *rest = "";
        if (target && !obj)
            want = token_index(target + 1, &rest);
        s->p++;
        for (;;) {
            int hit;
            long kline;
            ws(s);
            if (s->p >= s->end)
                return 0;
            if (*s->p == '}' || *s->p == ']') {
                s->p++;
                return 0;
            }
            if (*s->p == ',') {
                s->p++;
                continue;
            }
            kline = s->line;
            if (obj) {
                const char *k = s->p + 1;
                skip_string(s);
                hit = target && token_is(target + 1, k, (size_t)(s->p - 1 - k), &rest);
                ws(s);
                if (s->p < s->end && *s->p == ':')
                    s->p++;
                if (hit && !*rest)
                    return kline;
            } else {
                hit = target && idx++ == want;
            }
            if (hit)
                return value(s, rest);
            value(s, NULL);
        }
    }
    if (*s->p == '"') {
        skip_string(s);
        return 0;
    }
    /* a number, true, false or null */
    while (s->p < s->end && *s->p != ',' && *s->p != ']' && *s->p != '}' && *s->p != ' ' && *s->p != '\t'
           && *s->p != '\r' && *s->p != '\n')
        s->p++;
    return 0;
}

long
vccd_json_line(const char *text, size_t n, const char *pointer)
{
    scan s = { text, text + n, 1 };
    if (*pointer && *pointer != '/')
        return 0;
    return value(&s, pointer);
}
