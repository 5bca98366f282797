/* cli_json.h -- the vccd program's --json output: C values as jansson
   values, and one object printed as one line (cli_json.c).  The format
   and its conventions: doc/query.md, "JSON output". */
#ifndef VCCD_CLI_JSON_H
#define VCCD_CLI_JSON_H

#include <jansson.h>

#include "vccd/toc.h"

/* x as a JSON number, or, when x is not finite (which JSON cannot
   write, and json_real refuses), as the string "inf", "-inf" or "nan".
   A new reference; NULL when out of memory. */
json_t *vccd_cli_json_number(double x);

/* An end of a's TOC enclosure (end 0: lo, rounded down; 1: hi, rounded
   up) as a JSON string, so that no JSON reader rounds it: the text of
   vccd_cli_toc_end, with the digits of the end's precision (P bits when
   eps_t took time past binary64) or, hex, an exact hex float.  A new
   reference; NULL when out of memory. */
json_t *vccd_cli_json_time(const vccd_toc_answer *a, int end, int hex);

/* The C string s (a user's name, say) as a JSON string.  JSON text is
   UTF-8: each ill-formed subsequence of s becomes U+FFFD, as Python's
   decode(errors="replace") does, so the Python package writes the
   same.  A new reference; NULL when out of memory. */
json_t *vccd_cli_json_string(const char *s);

/* Print o on stdout as one compact line ending in a newline, and release
   it.  o may be NULL, from a failed allocation while building it: then
   nothing is printed and "vccd: out of memory" goes to stderr.  0 on
   success, -1 otherwise. */
int vccd_cli_json_print(json_t *o);

#endif
