/* mesh_cli.c -- loading and describing meshes for the commands. */
#include <math.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "mesh_cli.h"

int
vccd_cli_mesh_load(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, double *seconds)
{
    return vccd_cli_mesh_load_max(m, spec, o, 0, seconds);
}

int
vccd_cli_mesh_load_max(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, long max_triangles,
                       double *seconds)
{
    vccd_error e;
    double t0 = vccd_clock_now();
    if (vccd_mesh_load_max(m, spec, o, max_triangles, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    if (seconds)
        *seconds = vccd_clock_now() - t0;
    if (m->degenerate > 0)
        fprintf(stderr, "vccd: warning: %s: %ld degenerate triangle%s (repeated vertex or zero area), %s\n", m->name,
                m->degenerate, m->degenerate == 1 ? "" : "s",
                m->degenerate_dropped ? "dropped" : "kept (degenerate = drop removes them)");
    return 0;
}

void
vccd_cli_mesh_print(FILE *f, const vccd_mesh *m, double load_seconds)
{
    double lo[3], hi[3];
    char d[200];
    vccd_mesh_mass mp;
    vccd_error e;

    fprintf(f, "mesh: %s\n", m->name);
    fprintf(f, "format: %s\n", m->format ? m->format : "arrays");
    if (m->path && strcmp(m->path, m->name) != 0)
        fprintf(f, "path: %s\n", m->path);
    fprintf(f, "vertices: %ld\n", m->nv);
    fprintf(f, "triangles: %ld\n", m->nt);
    fprintf(f, "edges: %ld\n", m->ne);
    fprintf(f, "degenerate: %ld%s\n", m->degenerate,
            m->degenerate ? (m->degenerate_dropped ? " (dropped)" : " (kept)") : "");
    if (m->unused_vertices)
        fprintf(f, "unused vertices: %ld (in no triangle)\n", m->unused_vertices);
    for (int k = 0; k < 3; k++)
        lo[k] = INFINITY, hi[k] = -INFINITY;
    for (long i = 0; i < m->nt; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                lo[k] = fmin(lo[k], m->v[m->t[i][j]][k]);
                hi[k] = fmax(hi[k], m->v[m->t[i][j]][k]);
            }
    fprintf(f, "bbox: [%.17g, %.17g] x [%.17g, %.17g] x [%.17g, %.17g]\n", lo[0], hi[0], lo[1], hi[1], lo[2],
            hi[2]);
    vccd_mesh_closure_describe(d, sizeof d, m);
    fprintf(f, "closure: %s\n", d);
    if (vccd_mesh_mass_props(&mp, m, &e) == 0) {
        fprintf(f, "volume: %.17g\n", mp.volume);
        fprintf(f, "center of mass: %.17g %.17g %.17g\n", mp.com[0], mp.com[1], mp.com[2]);
        fprintf(f, "inertia (about the center of mass, density 1):\n");
        for (int k = 0; k < 3; k++)
            fprintf(f, "  %24.17g %24.17g %24.17g\n", mp.inertia[k][0], mp.inertia[k][1], mp.inertia[k][2]);
    } else {
        /* the reason without the mesh name the message starts with */
        const char *why = strstr(e.msg, "no mass properties");
        fprintf(f, "mass properties: none: %s\n", why ? why + strlen("no mass properties: ") : e.msg);
    }
    if (m->normalized)
        fprintf(f, "normalized: x -> %.17g * (x - (%.17g, %.17g, %.17g))\n", m->scale, m->center[0], m->center[1],
                m->center[2]);
    fprintf(f, "load: %.1f ms\n", load_seconds * 1e3);
}
