/* opts.c -- solver options from the [solver] and [arithmetic] sections,
   and the check of eps_t against the arithmetic's time resolution. */
#include <math.h>
#include <stdio.h>

#include "vccd/config.h"
#include "vccd/solver.h"
#include "vccd/time.h"

double
vccd_solve_eps_t_min(const vccd_solve_opts *o)
{
    mpfr_prec_t p = 53;
    if (o->arith.kind == VCCD_ARITH_MPFR)
        p = o->arith.prec;
    else if (o->arith.kind == VCCD_ARITH_ADAPTIVE)
        p = o->max_precision;
    if (p > VCCD_TIME_PREC_MAX)
        p = VCCD_TIME_PREC_MAX;
    return ldexp(1.0, -(int)p);
}

/* What eps_t needs, as advice: "mpfr:N or adaptive with max_precision
   >= N", N the bits that resolve eps_t. */
static const char *
advice(char *buf, size_t n, double eps_t)
{
    int ex;
    frexp(eps_t, &ex);
    snprintf(buf, n, "use eps_t = 0 for the two binary64 neighbours of the contact, or a backend that resolves it: "
             "mpfr:%d or more, or adaptive with max_precision >= %d", 1 - ex, 1 - ex);
    return buf;
}

/* The message of an eps_t finer than o resolves. */
static int
eps_t_error(const vccd_solve_opts *o, const char *file, int line, const char *section, const char *key,
            vccd_error *e)
{
    char arith[64], adv[256];
    return vccd_error_set(e, file, line, section, key,
                          "eps_t = %g is finer than %s resolves in time (smallest eps_t > 0: %g); %s", o->eps_t,
                          vccd_arith_name(arith, (int)sizeof arith, &o->arith), vccd_solve_eps_t_min(o),
                          advice(adv, sizeof adv, o->eps_t));
}

int
vccd_solve_opts_check(const vccd_solve_opts *o, const char *who, vccd_error *e)
{
    if (!(o->eps_t >= 0.0 && o->eps_t <= 1.0))
        return vccd_error_set(e, who, 0, NULL, NULL, "eps_t = %g is not in [0, 1]", o->eps_t);
    if (!(o->t0 >= 0.0 && o->t0 <= o->t1 && o->t1 <= 1.0))
        return vccd_error_set(e, who, 0, NULL, NULL, "the time domain [%g, %g] is not inside [0, 1]", o->t0, o->t1);
    if (o->eps_t > 0.0 && o->eps_t < vccd_solve_eps_t_min(o))
        return eps_t_error(o, who, 0, NULL, NULL, e);
    return 0;
}

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
    vccd_config_section *sv = vccd_config_find(c, "solver");
    if ((s = vccd_config_find(c, "arithmetic")) && arith_section(o, s, e) != 0)
        return -1;
    /* eps_t against the arithmetic, named at the eps_t line (or, the
       default eps_t being fine everywhere, at the backend's) */
    if (o->eps_t > 0.0 && o->eps_t < vccd_solve_eps_t_min(o)) {
        vccd_config_kv *kv = sv ? vccd_config_get(sv, "eps_t") : NULL;
        if (kv)
            return eps_t_error(o, sv->file, kv->line, sv->name, "eps_t", e);
        kv = s ? vccd_config_get(s, "backend") : NULL;
        return eps_t_error(o, s ? s->file : NULL, kv ? kv->line : 0, s ? s->name : NULL, kv ? "backend" : NULL, e);
    }
    return 0;
}
