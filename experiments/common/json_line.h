/* json_line.h -- the line of a value in JSON text, for messages that
   name it (json_line.c).

   jansson parses and checks the text but keeps no positions, and no
   maintained C JSON library does (cJSON neither), so a key's line is
   found again in the text, only when a message needs it. */
#ifndef VCCD_JSON_LINE_H
#define VCCD_JSON_LINE_H

#include <stddef.h>

/* The line (from 1) of the value that the JSON Pointer `pointer` (RFC
   6901: "/rigid_body_problem/rigid_bodies/3/position", "" for the whole
   text) names in text (n bytes); for an object's member, the line of
   its key.  text must be JSON that a parser has accepted (it is not
   checked again).  0 when the pointer names nothing there, or names a
   key written with escapes (\u0041): keys are compared as written. */
long vccd_json_line(const char *text, size_t n, const char *pointer);

#endif
