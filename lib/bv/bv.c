/* bv.c -- the BV registry and what is common to every type. */
#include <string.h>

#include "vccd/bv.h"

/* bv/list.h is generated from BV_SOURCES in Makefile.am: one VCCD_BV(name)
   per type file. */
#define VCCD_BV(name) extern const vccd_bv_type vccd_bv_type_##name;
#include "bv/list.h"
#undef VCCD_BV
#define VCCD_BV(name) &vccd_bv_type_##name,
static const vccd_bv_type *const registry[] = {
#include "bv/list.h"
};
#undef VCCD_BV

_Static_assert(sizeof registry / sizeof registry[0] <= VCCD_BV_MAX, "raise VCCD_BV_MAX");

int vccd_bv_type_count(void) { return (int)(sizeof registry / sizeof registry[0]); }

const vccd_bv_type *
vccd_bv_type_get(int i)
{
    return i >= 0 && i < vccd_bv_type_count() ? registry[i] : NULL;
}

int
vccd_bv_type_find(const char *name)
{
    for (int i = 0; i < vccd_bv_type_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return i;
    return -1;
}

/* "sphere, aabb, ..." from the same list, by the compiler: no state. */
#define VCCD_BV(name) ", " #name
static const char names[] =
#include "bv/list.h"
    ;
#undef VCCD_BV

const char *
vccd_bv_type_names(void)
{
    return names + 2;
}

int
vccd_bv_overlap(const vccd_bv_type *bt, const void *ctx, const void *a, const void *b)
{
    return !(bt->distance_lower(ctx, a, b) > 0.0);
}

void
vccd_bv_relpose_from(vccd_bv_relpose *r, const vccd_di_vec3 *oa, const vccd_di_mat3 *Ra,
                     const vccd_di_vec3 *ob, const vccd_di_mat3 *Rb)
{
    vccd_di_mat3 Rt;
    vccd_di_vec3 d;
    vccd_di_mat3_transpose(&Rt, Ra);
    vccd_di_mat3_mul(&r->R, &Rt, Rb);
    vccd_di_vec3_sub(&d, ob, oa);
    vccd_di_mat3_mul_vec3(&r->o, &Rt, &d);
}
