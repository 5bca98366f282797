/* config.h -- INI config files (syntax by libinih, lines through the
   shared input reader), kept with the line of every key so that errors
   can name file, line and key.  The accepted syntax is doc/input.md's:
   "[section]" and "key = value" lines, indentation ignored, whole-line
   and inline comments starting "#" or ";" (inline: after a space or
   tab), lines up to VCCD_INPUT_MAX_LINE bytes. */
#ifndef VCCD_CONFIG_H
#define VCCD_CONFIG_H

#include "vccd/error.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef struct {
    char *key, *value;
    int line;
    int used;                   /* set by lookups; unused keys are errors */
    /* Set only in sections built in memory by vccd_motion_new (motion.h):
       the value is then these dn binary64 numbers, taken exactly, with
       no decimal text in between (value is ""). */
    const double *dv;
    int dn;
} vccd_config_kv;

typedef struct {
    char *name;
    int line;                   /* line of the [name] header */
    const char *file;
    vccd_config_kv *kv;
    int n, cap;
    int *kslot, nkslot;         /* hash index of the keys (none: 0) */
} vccd_config_section;

typedef struct {
    char *file;
    vccd_config_section *sec;
    int n, cap;
    int *slot, nslot;           /* hash index of the section names */
    int lines;                  /* lines read: where a missing section
                                   would have been looked for */
} vccd_config;

/* Read path (plain or gzip) into *cfg.  0 on success; -1 with e set
   naming file and line: unreadable file or directory, NUL byte, line
   too long, syntax error, section given twice, key given twice, out of
   memory. */
int vccd_config_load(vccd_config *cfg, const char *path, vccd_error *e);
/* The same from a string; name is used in messages. */
int vccd_config_load_string(vccd_config *cfg, const char *name, const char *text, vccd_error *e);
void vccd_config_clear(vccd_config *cfg);

/* The section called name, or NULL. */
vccd_config_section *vccd_config_find(vccd_config *cfg, const char *name);
/* The entry for key in s (marked used), or NULL. */
vccd_config_kv *vccd_config_get(vccd_config_section *s, const char *key);
/* -1 with e naming the first key of s never looked up: a misspelt key
   must not be silently ignored. */
int vccd_config_check_unused(const vccd_config_section *s, vccd_error *e);
/* -1 with e naming the line of the first section of cfg whose name is
   not in known (NULL-terminated; an entry ending in "." such as
   "motion." stands for every name with that prefix and something
   after it): a misspelt section must not be silently ignored. */
int vccd_config_check_sections(const vccd_config *cfg, const char *const *known, vccd_error *e);

/* The file `value` of section s next to the config file: its directory
   joined to value, malloc'd, when value is a relative path and a file of
   that name is there; NULL otherwise (value is then taken as written:
   the current directory, an absolute path, a shape) or when out of
   memory. */
char *vccd_config_near_path(const vccd_config_section *s, const char *value);

/* kv's value (of section s) as yes/no (also true/false, 1/0), as a
   decimal integer in [lo, hi] or as a number (strtod: decimal or hex,
   subnormals included) in [lo, hi]: 0 with *out set, or -1 with e
   naming file, line, section and key ("expected yes or no", "'V' is not
   an integer in [lo, hi]", "'V' is not a number in [lo, hi]") and *out
   unchanged. */
int vccd_config_bool(int *out, const vccd_config_section *s, const vccd_config_kv *kv, vccd_error *e);
int vccd_config_long(long *out, const vccd_config_section *s, const vccd_config_kv *kv, long lo, long hi,
                     vccd_error *e);
int vccd_config_double(double *out, const vccd_config_section *s, const vccd_config_kv *kv, double lo, double hi,
                       vccd_error *e);

VCCD_END_DECLS

#endif
