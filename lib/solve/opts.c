/* opts.c -- solver options from the [solver] and [arithmetic] sections. */
#include "vccd/config.h"
#include "vccd/solver.h"

/* key of s, when present, into *out: a number or integer in [min, max]
   (config.h's one wording of the errors) */
static int
parse_double(double *out, vccd_config_section *s, const char *key, double min, double max, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    return kv ? vccd_config_double(out, s, kv, min, max, e) : 0;
}

static int
parse_long(long *out, vccd_config_section *s, const char *key, long min, long max, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    return kv ? vccd_config_long(out, s, kv, min, max, e) : 0;
}

static int
solver_section(vccd_solve_opts *o, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, "type");
    if (kv) {
        const vccd_solver_type *t = vccd_solver_type_find(kv->value);
        if (!t) {
            char known[256];
            return vccd_error_set(e, s->file, kv->line, s->name, "type", "unknown solver '%s' (known: %s)",
                                  kv->value, vccd_solver_type_names(known, sizeof known));
        }
        o->solver = t;
    }
    /* eps_t = 0 asks for the binary64 resolution of time. */
    if (parse_double(&o->eps_t, s, "eps_t", 0.0, 1.0, e) != 0)
        return -1;
    if (parse_long(&o->max_boxes, s, "max_boxes", 1, 1000000000L, e) != 0)
        return -1;
    if (parse_long(&o->max_work, s, "max_work", 1, VCCD_SOLVE_MAX_WORK_LIMIT, e) != 0)
        return -1;
    return vccd_config_check_unused(s, e);
}

static int
arith_section(vccd_solve_opts *o, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, "backend");
    long p = (long)o->max_precision;
    if (kv && vccd_arith_parse(&o->arith, kv->value) != 0)
        return vccd_error_set(e, s->file, kv->line, s->name, "backend",
                              "unknown arithmetic '%s' (binary64, mpfr:PREC with PREC in %d .. %d, adaptive, unrounded)",
                              kv->value, VCCD_ARITH_PREC_MIN, VCCD_ARITH_PREC_MAX);
    if (parse_long(&p, s, "max_precision", 64, VCCD_ARITH_PREC_MAX, e) != 0)
        return -1;
    o->max_precision = (mpfr_prec_t)p;
    return vccd_config_check_unused(s, e);
}

int
vccd_solve_opts_from_config(vccd_solve_opts *o, vccd_config *c, vccd_error *e)
{
    vccd_config_section *s;
    if ((s = vccd_config_find(c, "solver")) && solver_section(o, s, e) != 0)
        return -1;
    if ((s = vccd_config_find(c, "arithmetic")) && arith_section(o, s, e) != 0)
        return -1;
    return 0;
}
