/* escape.c -- input bytes made safe to print in a message (input.h): a
   config value or file name may hold escape sequences that would
   otherwise drive the user's terminal. */
#include <stdio.h>
#include <string.h>

#include "vccd/input.h"

/* Length of the valid UTF-8 sequence at s (at most len bytes) that is
   not a C1 control, or 0. */
static size_t
utf8_len(const unsigned char *s, size_t len)
{
    size_t n;
    unsigned long cp, min;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2, cp = s[0] & 0x1f, min = 0x80;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3, cp = s[0] & 0x0f, min = 0x800;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4, cp = s[0] & 0x07, min = 0x10000;
    else
        return 0;
    if (n > len)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f))
        return 0;
    return n;
}

/* The text of the byte(s) at s[i] into piece (8 bytes); its length,
   and *adv the input bytes it stands for. */
static size_t
piece_at(char *piece, size_t *adv, const unsigned char *u, size_t i, size_t len)
{
    *adv = 1;
    if (u[i] == '\\') {
        memcpy(piece, "\\\\", 2);
        return 2;
    }
    if (u[i] >= 0x20 && u[i] < 0x7f) {
        piece[0] = (char)u[i];
        return 1;
    }
    if (u[i] >= 0x80 && (*adv = utf8_len(u + i, len - i)) > 0) {
        memcpy(piece, u + i, *adv);
        return *adv;
    }
    *adv = 1;
    snprintf(piece, 8, "\\x%02x", u[i]);
    return 4;
}

size_t
vccd_input_escaped_len(const char *s, size_t len)
{
    char piece[8];
    size_t total = 0, adv;
    for (size_t i = 0; i < len; i += adv)
        total += piece_at(piece, &adv, (const unsigned char *)s, i, len);
    return total;
}

char *
vccd_input_escape(char *out, size_t size, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, i, total = 0, k, adv;
    char piece[8];
    int cut;

    if (size == 0)
        return out;
    total = vccd_input_escaped_len(s, len);
    cut = total >= size;
    for (i = 0; i < len; i += adv) {
        k = piece_at(piece, &adv, u, i, len);
        /* a piece is never split; when cutting, leave room for "..." */
        if (o + k + (cut ? 3 : 0) >= size)
            break;
        memcpy(out + o, piece, k);
        o += k;
    }
    for (int d = 0; cut && d < 3 && o + 1 < size; d++)
        out[o++] = '.';
    out[o] = '\0';
    return out;
}
