/* cmd_mesh.c -- `vccd mesh info SPEC...`: what a mesh is once loaded. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mesh_cli.h"

static int
mesh_info(int argc, char **argv)
{
    vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_NONE, 0 };
    int i, n = 0, status = VCCD_EXIT_OK;

    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "--")) {
            i++;
            break;
        }
        if (!val)
            return vccd_cli_usage_error("option %s needs a value", opt);
        if (!strcmp(opt, "--degenerate")) {
            if (vccd_mesh_degenerate_parse(&o.degenerate, val) != 0)
                return vccd_cli_usage_error("option --degenerate: '%s' (expected keep or drop)", val);
        } else if (!strcmp(opt, "--center")) {
            if (vccd_mesh_center_parse(&o.center, val) != 0)
                return vccd_cli_usage_error("option --center: '%s' (expected none, centroid, mass or bbox)", val);
        } else if (!strcmp(opt, "--scale")) {
            if (vccd_mesh_scale_parse(&o.radius, val) != 0)
                return vccd_cli_usage_error("option --scale: '%s' (expected none or 'radius R', R > 0)", val);
        } else {
            return vccd_cli_usage_error("mesh info: unknown option '%s' (see vccd help mesh)", opt);
        }
        i++;
    }
    if (i == argc)
        return vccd_cli_usage_error("mesh info: no mesh given (see vccd help mesh)");
    for (; i < argc; i++) {
        vccd_mesh m;
        double t;
        int rc = vccd_cli_mesh_load(&m, argv[i], &o, &t);
        if (rc != 0) {
            status = rc;
            continue;
        }
        if (n++)
            putchar('\n');
        vccd_cli_mesh_print(stdout, &m, t);
        vccd_mesh_clear(&m);
    }
    return status;
}

int
vccd_cmd_mesh(int argc, char **argv)
{
    if (argc < 2)
        return vccd_cli_usage_error("mesh: which action? (info; see vccd help mesh)");
    if (!strcmp(argv[1], "info"))
        return mesh_info(argc - 1, argv + 1);
    return vccd_cli_usage_error("mesh: unknown action '%s' (info; see vccd help mesh)", argv[1]);
}
