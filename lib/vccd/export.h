/* export.h -- what marks libvccd's public boundary.

   libvccd is compiled with -fvisibility=hidden, so a function is exported
   from the shared library only when its declaration says so.  Every
   installed header (public under vccd/, plugin under vccd/plugin/) wraps
   its declarations, after its own #includes, in

       VCCD_BEGIN_DECLS
       ...
       VCCD_END_DECLS

   which gives them default visibility (one pragma for the whole header
   rather than a VCCD_API on each of some 300 declarations, which one new
   declaration could forget) and C linkage for C++ users.  Headers that
   are not installed do not use the guards, so what they declare stays
   inside the library; tests/lib/t-symbols.sh checks that the exported
   list and the installed declarations agree.

   VCCD_API marks a single declaration outside the guards. */
#ifndef VCCD_EXPORT_H
#define VCCD_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define VCCD_API __attribute__((visibility("default")))
#define VCCD_VISIBILITY_PUSH_ _Pragma("GCC visibility push(default)")
#define VCCD_VISIBILITY_POP_ _Pragma("GCC visibility pop")
#else
#define VCCD_API
#define VCCD_VISIBILITY_PUSH_
#define VCCD_VISIBILITY_POP_
#endif

#ifdef __cplusplus
#define VCCD_BEGIN_DECLS VCCD_VISIBILITY_PUSH_ extern "C" {
#define VCCD_END_DECLS } VCCD_VISIBILITY_POP_
#else
#define VCCD_BEGIN_DECLS VCCD_VISIBILITY_PUSH_
#define VCCD_END_DECLS VCCD_VISIBILITY_POP_
#endif

#endif
