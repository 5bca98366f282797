/* cli_body.c -- see cli_body.h. */
#include <string.h>

#include "cli.h"
#include "cli_body.h"

void
vccd_cli_body_clear(vccd_cli_body *b)
{
    if (b->bound)
        vccd_query_body_clear(&b->qb);
    if (b->built)
        vccd_bvh_clear(&b->h);
    if (b->loaded)
        vccd_mesh_clear(&b->m);
    vccd_motion_free(b->mo);
    memset(b, 0, sizeof *b);
}
