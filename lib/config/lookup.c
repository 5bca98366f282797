/* lookup.c -- sections and keys of a loaded config (config.h), and the
   checks that nothing in it went unread; paths next to it. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "index.h"
#include "vccd/config.h"

vccd_config_section *
vccd_config_find(vccd_config *cfg, const char *name)
{
    vccd_config_names a = { cfg->sec, sizeof *cfg->sec, offsetof(vccd_config_section, name) };
    int i = vccd_config_index_find(cfg->slot, cfg->nslot, a, cfg->n, name);
    return i < 0 ? NULL : &cfg->sec[i];
}

vccd_config_kv *
vccd_config_get(vccd_config_section *s, const char *key)
{
    vccd_config_names a = { s->kv, sizeof *s->kv, offsetof(vccd_config_kv, key) };
    int i = vccd_config_index_find(s->kslot, s->nkslot, a, s->n, key);
    if (i < 0)
        return NULL;
    s->kv[i].used = 1;
    return &s->kv[i];
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

int
vccd_config_check_sections(const vccd_config *cfg, const char *const *known, vccd_error *e)
{
    for (int i = 0; i < cfg->n; i++) {
        const char *name = cfg->sec[i].name;
        int ok = 0;
        char list[256];
        size_t o = 0;
        for (const char *const *k = known; *k && !ok; k++) {
            size_t n = strlen(*k);
            ok = n && (*k)[n - 1] == '.' ? strncmp(name, *k, n) == 0 && name[n] : strcmp(name, *k) == 0;
        }
        if (ok)
            continue;
        for (const char *const *k = known; *k; k++) {
            size_t n = strlen(*k);
            o += (size_t)snprintf(list + o, o < sizeof list ? sizeof list - o : 0, "%s[%s%s]",
                                  k == known ? "" : ", ", *k, n && (*k)[n - 1] == '.' ? "NAME" : "");
            if (o >= sizeof list)
                break;
        }
        if (*name == '\0')
            return vccd_error_set(e, cfg->sec[i].file, cfg->sec[i].line, NULL, NULL,
                                  "key outside any section (known sections: %s)", list);
        return vccd_error_set(e, cfg->sec[i].file, cfg->sec[i].line, name, NULL,
                              "unknown section (known: %s)", list);
    }
    return 0;
}

char *
vccd_config_near_path(const vccd_config_section *s, const char *value)
{
    const char *slash = s->file ? strrchr(s->file, '/') : NULL;
    struct stat st;
    size_t dl;
    char *p;
    if (!slash || value[0] == '/')
        return NULL;
    dl = (size_t)(slash - s->file) + 1;
    if (!(p = malloc(dl + strlen(value) + 1)))
        return NULL;
    memcpy(p, s->file, dl);
    strcpy(p + dl, value);
    if (stat(p, &st) != 0) {
        free(p);
        return NULL;
    }
    return p;
}
