/* new.c -- motions from numbers: vccd_motion_new and the typed
   constructors of vccd/motions.h (motion_impl.h defines them from each
   model's parameter table).

   The values are checked against the model's table, placed in a config
   section built in memory and read by the model's own parser, the one
   path of vccd_motion_from_config: a model's parsing is written once.
   Doubles ride in the entries' dv (config.h), which
   vccd_motion_parse_reals encloses exactly, so no decimal text stands
   between a double and its enclosure.  Messages name the constructor as
   their file, with no line: "vccd_motion_ltlrm_new: [ltlrm] q0: ...". */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/index.h"
#include "vccd/plugin/motion_impl.h"

const char *
vccd_motion_long_text(char *buf, long x)
{
    snprintf(buf, 24, "%ld", x);
    return buf;
}

/* The index of key in signature g of type, or -1. */
static int
sig_find(const vccd_motion_type *type, int g, const char *key)
{
    for (int j = 0; j < type->sig[g].nparam; j++)
        if (strcmp(type->sig[g].param[j].key, key) == 0)
            return j;
    return -1;
}

/* out := " KEY KEY ..., or KEY ..." over the signatures of type in mask
   (the keys a message offers). */
static void
key_list(char *out, size_t size, const vccd_motion_type *type, unsigned long mask)
{
    size_t o = 0;
    int first = 1;
    out[0] = '\0';
    for (int g = 0; g < type->nsig; g++) {
        if (!(mask >> g & 1))
            continue;
        if (!first)
            o += (size_t)snprintf(out + o, o < size ? size - o : 0, ",%s", " or");
        first = 0;
        for (int j = 0; j < type->sig[g].nparam; j++)
            o += (size_t)snprintf(out + o, o < size ? size - o : 0, " %s", type->sig[g].param[j].key);
    }
}

/* The numbers of text, separated by blanks and commas as
   vccd_motion_parse_reals reads them: their count, and when at is not
   NULL their offsets and lengths. */
static long
tokens(const char *text, long *at, long *len)
{
    long k = 0;
    const char *p = text;
    for (;;) {
        long l = 0;
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            return k;
        while (p[l] && p[l] != ' ' && p[l] != '\t' && p[l] != ',')
            l++;
        if (at) {
            at[k] = (long)(p - text);
            len[k] = l;
        }
        k++;
        p += l;
    }
}

/* The section being built and what its entries point to. */
typedef struct {
    vccd_config_section s;
    char *keys;                 /* the "vertex.I" names */
    double *dv;                 /* per-vertex doubles, vertex after vertex */
    char *text;                 /* per-vertex text, likewise */
    long *at, *len;             /* the per-vertex text's numbers */
    char ibuf[8][24];           /* integers and the vertex count as text */
    int nibuf;
} built;

static int
add_kv(built *b, const char *key, const char *value, const double *dv, int dn)
{
    vccd_config_section *s = &b->s;
    vccd_config_names a;
    s->kv[s->n] = (vccd_config_kv){ (char *)key, (char *)value, 0, 0, dv, dn };
    s->n++;
    a = (vccd_config_names){ s->kv, sizeof *s->kv, offsetof(vccd_config_kv, key) };
    return vccd_config_index_add(&s->kslot, &s->nkslot, a, s->n);
}

static void
built_clear(built *b)
{
    free(b->s.kv);
    free(b->s.kslot);
    free(b->keys);
    free(b->dv);
    free(b->text);
    free(b->at);
    free(b->len);
}

/* How many numbers value v of parameter p holds: its doubles (n, or
   when a typed constructor passed 0 for a per-vertex one, count times
   its vertex count nv), or the numbers of its text. */
static long
held(const vccd_motion_value *v, const vccd_motion_param *p, int fixed_n, long nv)
{
    if (v->x)
        return v->n == 0 && p->per_vertex && fixed_n ? p->count * nv : v->n;
    return tokens(v->text, NULL, NULL);
}

/* The n doubles of v (parameter p) must be finite; an integer
   parameter's one number, an integer, is then written as text into b. */
static int
check_doubles(built *b, const char *fn, const vccd_motion_type *type, const vccd_motion_param *p,
              const vccd_motion_value *v, long n, const char **text, vccd_error *e)
{
    for (long i = 0; i < n; i++)
        if (!isfinite(v->x[i]))
            return vccd_error_set(e, fn, 0, type->name, p->key, "number %ld of %ld is %s, not a finite number",
                                  i + 1, n, isnan(v->x[i]) ? "nan" : v->x[i] > 0 ? "inf" : "-inf");
    if (p->kind == VCCD_MOTION_PARAM_INTEGER) {
        if (b->nibuf >= (int)(sizeof b->ibuf / sizeof b->ibuf[0]) - 1)
            return vccd_error_set(e, fn, 0, type->name, p->key, "too many integer parameters");
        /* |x| < 2^62 converts to long; the model's parser checks its own
           range */
        if (v->x[0] != floor(v->x[0]) || fabs(v->x[0]) >= 0x1p62)
            return vccd_error_set(e, fn, 0, type->name, p->key, "%.17g is not an integer", v->x[0]);
        *text = vccd_motion_long_text(b->ibuf[b->nibuf++], (long)v->x[0]);
    }
    return 0;
}

/* The per-vertex parameters of signature sig (given[j]: the value of
   parameter j, or NULL) as "vertices" and "vertex.I" entries of b. */
static int
add_vertices(built *b, const char *fn, const vccd_motion_type *type, const vccd_motion_signature *sig,
             const vccd_motion_value *const *given, long nv, int stride, int text, vccd_error *e)
{
    const size_t klen = 32, ntok = (size_t)nv * (size_t)stride;
    size_t tlen = 1, to = 0;
    int off = 0;

    for (int j = 0; j < sig->nparam; j++)
        if (sig->param[j].per_vertex && text)
            tlen += strlen(given[j]->text) + (size_t)sig->param[j].count * (size_t)nv;
    if (!(b->keys = malloc((size_t)nv * klen))
        || (text ? !(b->text = malloc(tlen)) || !(b->at = malloc(ntok * sizeof *b->at))
                       || !(b->len = malloc(ntok * sizeof *b->len))
                 : !(b->dv = malloc(ntok * sizeof *b->dv))))
        return vccd_error_set(e, fn, 0, type->name, NULL, "out of memory");
    /* parameter j's numbers, vertex after vertex, at off * nv in at/len
       (text) or at vertex k's off in dv */
    for (int j = 0; j < sig->nparam; j++) {
        const vccd_motion_param *p = &sig->param[j];
        if (!p->per_vertex)
            continue;
        if (text)
            tokens(given[j]->text, b->at + (size_t)off * (size_t)nv, b->len + (size_t)off * (size_t)nv);
        else
            for (long k = 0; k < nv; k++)
                memcpy(b->dv + (size_t)k * (size_t)stride + (size_t)off, given[j]->x + (size_t)k * (size_t)p->count,
                       (size_t)p->count * sizeof *b->dv);
        off += p->count;
    }
    snprintf(b->ibuf[b->nibuf], sizeof b->ibuf[0], "%ld", nv);
    if (add_kv(b, "vertices", b->ibuf[b->nibuf++], NULL, 0) != 0)
        return vccd_error_set(e, fn, 0, type->name, NULL, "out of memory");
    for (long k = 0; k < nv; k++) {
        char *key = b->keys + (size_t)k * klen;
        const char *value = "";
        snprintf(key, klen, "vertex.%ld", k);
        if (text) {
            /* vertex k's numbers of each parameter, in table order */
            value = b->text + to;
            off = 0;
            for (int j = 0; j < sig->nparam; j++) {
                const vccd_motion_param *p = &sig->param[j];
                if (!p->per_vertex)
                    continue;
                for (int c = 0; c < p->count; c++) {
                    size_t t = (size_t)off * (size_t)nv + (size_t)k * (size_t)p->count + (size_t)c;
                    memcpy(b->text + to, given[j]->text + b->at[t], (size_t)b->len[t]);
                    to += (size_t)b->len[t];
                    b->text[to++] = ' ';
                }
                off += p->count;
            }
            b->text[to - 1] = '\0';
        }
        if (add_kv(b, key, value, text ? NULL : b->dv + (size_t)k * (size_t)stride, text ? 0 : stride) != 0)
            return vccd_error_set(e, fn, 0, type->name, NULL, "out of memory");
    }
    return 0;
}

vccd_motion *
vccd_motion_new_typed(const char *fn, const vccd_motion_type *type, const vccd_motion_value *values, int nvalues,
                      long nvertices, mpfr_prec_t prec, vccd_error *e)
{
    built b;
    const vccd_motion_signature *sig;
    const vccd_motion_value *given[64];
    unsigned long all, mask;
    int g = 0, stride = 0, text = -1;
    const int fixed_n = nvertices != VCCD_MOTION_COUNT_VERTICES;  /* a typed per-vertex constructor's n */
    long nv = fixed_n ? nvertices : -1;
    char known[512];
    vccd_motion *m = NULL;

    memset(&b, 0, sizeof b);
    if (type->nsig < 1 || type->nsig > 32) {
        vccd_error_set(e, fn, 0, type->name, NULL, "the model has %d parameter tables (1 to 32)", type->nsig);
        return NULL;
    }
    all = mask = (1ul << type->nsig) - 1;
    if (nvalues < 0 || (nvalues > 0 && !values)) {
        vccd_error_set(e, fn, 0, type->name, NULL, "%d values at %s", nvalues, values ? "values" : "NULL");
        return NULL;
    }
    /* Every key in a table, once, and the given ones from one signature. */
    for (int i = 0; i < nvalues; i++) {
        const vccd_motion_value *v = &values[i];
        unsigned long in = 0;
        if (!v->key) {
            vccd_error_set(e, fn, 0, type->name, NULL, "value %d has no key", i + 1);
            return NULL;
        }
        for (int h = 0; h < type->nsig; h++)
            if (sig_find(type, h, v->key) >= 0)
                in |= 1ul << h;
        if (!in) {
            key_list(known, sizeof known, type, all);
            vccd_error_set(e, fn, 0, type->name, v->key, "unknown key (the keys of %s:%s)", type->name, known);
            return NULL;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(values[j].key, v->key) == 0) {
                vccd_error_set(e, fn, 0, type->name, v->key, "given twice");
                return NULL;
            }
        if (!v->x && !v->text)
            continue;
        if (!(mask & in)) {
            key_list(known, sizeof known, type, all);
            vccd_error_set(e, fn, 0, type->name, v->key, "not with the keys given before it; the keys of one form:%s",
                           known);
            return NULL;
        }
        mask &= in;
    }
    while (!(mask >> g & 1))
        g++;
    sig = &type->sig[g];
    if (sig->nparam > 64) {
        vccd_error_set(e, fn, 0, type->name, NULL, "more than 64 parameters");
        return NULL;
    }
    for (int j = 0; j < sig->nparam; j++) {
        given[j] = NULL;
        for (int i = 0; i < nvalues; i++)
            if (strcmp(values[i].key, sig->param[j].key) == 0 && (values[i].x || values[i].text))
                given[j] = &values[i];
    }

    /* The per-vertex parameters: all given, all doubles or all text, for
       one number of vertices. */
    if (fixed_n && nvertices < 1) {
        vccd_error_set(e, fn, 0, type->name, "n", "%ld vertices; a %s motion needs at least one", nvertices, type->name);
        return NULL;
    }
    for (int j = 0; j < sig->nparam; j++) {
        const vccd_motion_param *p = &sig->param[j];
        const vccd_motion_value *v = given[j];
        long n;
        if (!p->per_vertex)
            continue;
        stride += p->count;
        if (!v) {
            vccd_error_set(e, fn, 0, type->name, p->key, "missing (%d numbers per vertex)", p->count);
            return NULL;
        }
        if (text >= 0 && text != !v->x) {
            vccd_error_set(e, fn, 0, type->name, p->key, "give the per-vertex parameters all as doubles or all as text");
            return NULL;
        }
        text = !v->x;
        n = held(v, p, fixed_n, nv);
        if (nv < 0 && (n < 1 || n % p->count)) {
            vccd_error_set(e, fn, 0, type->name, p->key, "%ld numbers; expected %d per vertex, for one or more vertices",
                           n, p->count);
            return NULL;
        }
        if (nv < 0)
            nv = n / p->count;
        if (n != p->count * nv || (v->text && v->n > 0 && n != v->n)) {
            vccd_error_set(e, fn, 0, type->name, p->key, "expected %ld numbers (%d per vertex, %ld vertices), got %ld",
                           p->count * nv, p->count, nv, n);
            return NULL;
        }
        if (v->x && check_doubles(&b, fn, type, p, v, n, &(const char *){ NULL }, e) != 0)
            return NULL;
    }
    if (stride && nv > INT_MAX / stride) {
        vccd_error_set(e, fn, 0, type->name, "n", "%ld vertices: too many", nv);
        return NULL;
    }

    /* The section: an entry per given key, and for the per-vertex ones
       "vertices" and "vertex.I" (motion.h). */
    b.s.name = (char *)type->name;
    b.s.file = fn;
    b.s.cap = sig->nparam + (stride ? (int)nv + 1 : 0);
    if (!(b.s.kv = malloc((size_t)b.s.cap * sizeof *b.s.kv))) {
        vccd_error_set(e, fn, 0, type->name, NULL, "out of memory");
        goto done;
    }
    for (int j = 0; j < sig->nparam; j++) {
        const vccd_motion_param *p = &sig->param[j];
        const vccd_motion_value *v = given[j];
        const char *t;
        if (p->per_vertex || !v)
            continue;
        t = v->text;
        if (v->text && v->n > 0 && tokens(v->text, NULL, NULL) != v->n) {
            vccd_error_set(e, fn, 0, type->name, p->key, "expected %d number%s, got %ld", v->n, v->n == 1 ? "" : "s",
                           tokens(v->text, NULL, NULL));
            goto done;
        }
        if (v->x && v->n != p->count) {
            vccd_error_set(e, fn, 0, type->name, p->key, "expected %d number%s, got %d", p->count,
                           p->count == 1 ? "" : "s", v->n);
            goto done;
        }
        if (v->x && check_doubles(&b, fn, type, p, v, v->n, &t, e) != 0)
            goto done;
        if (add_kv(&b, p->key, t ? t : "", t ? NULL : v->x, t ? 0 : v->n) != 0) {
            vccd_error_set(e, fn, 0, type->name, NULL, "out of memory");
            goto done;
        }
    }
    /* A required key left out is named here, as the form's: a parser
       that tells its forms apart by a key (rigid.h's start_position)
       would name the other form's. */
    for (int j = 0; j < sig->nparam; j++)
        if (!sig->param[j].def && !given[j]) {
            vccd_error_set(e, fn, 0, type->name, sig->param[j].key, "missing (expected %d number%s)",
                           sig->param[j].count, sig->param[j].count == 1 ? "" : "s");
            goto done;
        }
    if (stride && add_vertices(&b, fn, type, sig, given, nv, stride, text, e) != 0)
        goto done;
    m = vccd_motion_from_section(type, &b.s, prec, e);
done:
    built_clear(&b);
    return m;
}

vccd_motion *
vccd_motion_new(const char *type, const vccd_motion_value *values, int nvalues, mpfr_prec_t prec, vccd_error *e)
{
    const vccd_motion_type *t = type ? vccd_motion_type_find(type) : NULL;
    if (!t) {
        char known[256] = "";
        for (int i = 0; i < vccd_motion_type_count(); i++) {
            strncat(known, " ", sizeof known - strlen(known) - 1);
            strncat(known, vccd_motion_type_get(i)->name, sizeof known - strlen(known) - 1);
        }
        vccd_error_set(e, "vccd_motion_new", 0, NULL, "type", "unknown motion '%s' (known:%s)",
                       type ? type : "(null)", known);
        return NULL;
    }
    return vccd_motion_new_typed("vccd_motion_new", t, values, nvalues, VCCD_MOTION_COUNT_VERTICES, prec, e);
}
