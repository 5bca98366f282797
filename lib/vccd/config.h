/* config.h -- INI config files (parsed by libinih), kept with the line
   of every key so that errors can name file, line and key. */
#ifndef VCCD_CONFIG_H
#define VCCD_CONFIG_H

#include "vccd/error.h"

typedef struct {
    char *key, *value;
    int line;
    int used;                   /* set by lookups; unused keys are errors */
} vccd_config_kv;

typedef struct {
    char *name;
    int line;                   /* line of the [name] header */
    const char *file;
    vccd_config_kv *kv;
    int n, cap;
} vccd_config_section;

typedef struct {
    char *file;
    vccd_config_section *sec;
    int n, cap;
} vccd_config;

/* Read path into *cfg.  0 on success; -1 with e set (unreadable file,
   syntax error with its line, duplicate key, out of memory). */
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

#endif
