/* cmd_mesh.c -- `vccd mesh info SPEC...`: what a mesh is once loaded. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mesh_cli.h"

/* Options may come before or after the meshes (as for the other
   subcommands); after "--" every argument is a mesh. */
static int
mesh_info(int argc, char **argv)
{
    vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_NONE, 0 };
    int n = 0, nspec = 0, dashdash = 0, status = VCCD_EXIT_OK;
    char **spec = calloc((size_t)argc, sizeof *spec);

    if (!spec)
        return vccd_cli_usage_error("out of memory");
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (dashdash || opt[0] != '-' || opt[1] != '-') {
            spec[nspec++] = argv[i];
            continue;
        }
        if (!strcmp(opt, "--")) {
            dashdash = 1;
            continue;
        }
        status = VCCD_EXIT_USAGE;
        if (!val)
            vccd_cli_usage_error("option %s needs a value", opt);
        else if (!strcmp(opt, "--degenerate")) {
            if (vccd_mesh_degenerate_parse(&o.degenerate, val) != 0)
                vccd_cli_usage_error("option --degenerate: '%s' (expected keep or drop)", val);
            else
                status = VCCD_EXIT_OK;
        } else if (!strcmp(opt, "--center")) {
            if (vccd_mesh_center_parse(&o.center, val) != 0)
                vccd_cli_usage_error("option --center: '%s' (expected none, centroid, mass or bbox)", val);
            else
                status = VCCD_EXIT_OK;
        } else if (!strcmp(opt, "--scale")) {
            if (vccd_mesh_scale_parse(&o.radius, val) != 0)
                vccd_cli_usage_error("option --scale: '%s' (expected none or 'radius R', R > 0)", val);
            else
                status = VCCD_EXIT_OK;
        } else {
            vccd_cli_usage_error("mesh info: unknown option '%s' (see vccd help mesh)", opt);
        }
        if (status != VCCD_EXIT_OK) {
            free(spec);
            return status;
        }
        i++;
    }
    if (nspec == 0) {
        free(spec);
        return vccd_cli_usage_error("mesh info: no mesh given (see vccd help mesh)");
    }
    for (int i = 0; i < nspec; i++) {
        vccd_mesh m;
        double t;
        int rc = vccd_cli_mesh_load(&m, spec[i], &o, &t);
        if (rc != 0) {
            status = rc;
            continue;
        }
        if (n++)
            putchar('\n');
        vccd_cli_mesh_print(stdout, &m, t);
        vccd_mesh_clear(&m);
    }
    free(spec);
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
