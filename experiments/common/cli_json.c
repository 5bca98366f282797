/* cli_json.c -- the vccd program's --json output through libjansson,
   which escapes strings and never writes invalid JSON (printf with a
   bare %s wrote a name's quote or backslash as is, and %.17g wrote inf
   and nan, which JSON has no word for). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"

/* The one spelling of a non-finite double in the JSON output: the words
   printf uses, which Python's float() and strtod read back. */
static const char *
nonfinite_name(double x)
{
    return isnan(x) ? "nan" : x > 0 ? "inf" : "-inf";
}

json_t *
vccd_cli_json_number(double x)
{
    return isfinite(x) ? json_real(x) : json_string(nonfinite_name(x));
}

json_t *
vccd_cli_json_time(const vccd_toc_answer *a, int end, int hex)
{
    char buf[VCCD_TIME_STR_MAX];
    double t = end ? a->hi : a->lo;
    if (!isfinite(t))
        return json_string(nonfinite_name(t));
    return json_string(vccd_cli_toc_end(buf, a, end, hex));
}

/* The length of the well-formed UTF-8 sequence at s (Unicode's table
   3-7), or minus the length of its maximal ill-formed prefix, the part
   one U+FFFD replaces (Unicode's "maximal subpart" practice, which
   Python's decoder follows).  s is NUL-terminated; NUL is never a
   continuation byte. */
static int
utf8_sequence(const unsigned char *s)
{
    unsigned char lo = 0x80, hi = 0xbf;
    int n;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        n = 3;
        if (s[0] == 0xe0)
            lo = 0xa0;          /* no overlong form */
        else if (s[0] == 0xed)
            hi = 0x9f;          /* no surrogate */
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        n = 4;
        if (s[0] == 0xf0)
            lo = 0x90;          /* no overlong form */
        else if (s[0] == 0xf4)
            hi = 0x8f;          /* nothing past U+10FFFF */
    } else
        return -1;
    for (int i = 1; i < n; i++) {
        if (s[i] < lo || s[i] > hi)
            return -i;
        lo = 0x80;
        hi = 0xbf;
    }
    return n;
}

json_t *
vccd_cli_json_string(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, k = 0, n = strlen(s);
    char *buf;
    json_t *j;
    int len;

    while (u[i] && (len = utf8_sequence(u + i)) > 0)
        i += (size_t)len;
    if (!u[i])
        return json_string(s);
    /* each replaced part is at least one byte and U+FFFD three */
    if (n > (SIZE_MAX - 1) / 3 || !(buf = malloc(3 * n + 1)))
        return NULL;
    for (i = 0; u[i];) {
        len = utf8_sequence(u + i);
        if (len > 0) {
            memcpy(buf + k, s + i, (size_t)len);
            k += (size_t)len;
            i += (size_t)len;
        } else {
            memcpy(buf + k, "\xef\xbf\xbd", 3);
            k += 3;
            i += (size_t)-len;
        }
    }
    j = json_stringn(buf, k);
    free(buf);
    return j;
}

int
vccd_cli_json_print(json_t *o)
{
    int rc = 0;
    /* a write error is reported once, when vccd_cli_finish closes stdout */
    if (!o || (json_dumpf(o, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER) != 0 && !ferror(stdout))) {
        fprintf(stderr, "vccd: out of memory writing the JSON output\n");
        rc = -1;
    } else
        putchar('\n');
    json_decref(o);
    return rc;
}
