/* qbody.h -- a moving body for the query tests (t-query, t-planar): a
   mesh, its BVH, its motion (from config text) and the query's view of
   them.  Included by one test program each, so its functions are
   static. */
#ifndef VCCD_TESTS_QBODY_H
#define VCCD_TESTS_QBODY_H

#include "testutil.h"

typedef struct {
    vccd_mesh m;
    vccd_bvh h;
    vccd_motion *mo;
    vccd_query_body qb;
} body;

/* The motion of section [motion.m] of text, at 320 bits. */
static vccd_motion *
motion_from_text(const char *text)
{
    vccd_config c;
    vccd_error e;
    vccd_motion *m;
    if (vccd_config_load_string(&c, "test", text, &e) != 0)
        tu_fail("config: %s\n%s", e.msg, text);
    if (!(m = vccd_motion_from_config(vccd_config_find(&c, "motion.m"), 320, &e)))
        tu_fail("motion: %s\n%s", e.msg, text);
    vccd_config_clear(&c);
    return m;
}

/* Give b motion m (b takes it), binding the query body on first use. */
static void
body_move(body *b, vccd_motion *m)
{
    vccd_error e;
    vccd_motion_free(b->mo);
    b->mo = m;
    if (b->qb.bvh ? vccd_query_body_set_motion(&b->qb, m, &e) : vccd_query_body_init(&b->qb, &b->h, m, &e))
        tu_fail("body: %s", e.msg);
}

static void
body_clear(body *b)
{
    vccd_query_body_clear(&b->qb);
    vccd_bvh_clear(&b->h);
    vccd_mesh_clear(&b->m);
    vccd_motion_free(b->mo);
}

#endif
