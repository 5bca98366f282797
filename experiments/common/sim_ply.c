/* sim_ply.c -- the bodies at one state as a binary PLY file (sim_ply.h).

   Written by hand: a PLY file is a few lines of header and fixed-size
   little-endian records, less code than an adapter to a PLY library
   would be; lib/mesh/ply.c reads these files back
   (tests/cli/t-sim-ipc.sh). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sim_ply.h"

/* n bytes of x, little-endian, whatever the host's order */
static void
le(unsigned char *out, uint64_t x, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = (unsigned char)(x >> (8 * i));
}

int
vccd_sim_ply_write(const char *path, const vccd_sim_body *bodies, int nb, vccd_error *e)
{
    FILE *f = fopen(path, "wb");
    long nv = 0, nt = 0, base = 0;
    int ok = 1;
    if (!f)
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot create: %s", strerror(errno));
    for (int i = 0; i < nb; i++)
        nv += bodies[i].mesh.nv, nt += bodies[i].mesh.nt;
    if (nv > INT32_MAX) {
        fclose(f);
        return vccd_error_set(e, path, 0, NULL, NULL, "%ld vertices: more than a PLY int index holds", nv);
    }
    fprintf(f,
            "ply\nformat binary_little_endian 1.0\ncomment vccd simulate: %d bodies in world coordinates\n"
            "element vertex %ld\nproperty double x\nproperty double y\nproperty double z\n"
            "element face %ld\nproperty list uchar int vertex_indices\nproperty int body\nend_header\n",
            nb, nv, nt);
    for (int i = 0; i < nb && ok; i++) {
        const vccd_sim_body *b = &bodies[i];
        for (long k = 0; k < b->mesh.nv && ok; k++) {
            unsigned char rec[24];
            double w[3];
            vccd_sim_body_to_world(w, b, b->mesh.v[k]);
            for (int c = 0; c < 3; c++) {
                uint64_t bits;
                memcpy(&bits, &w[c], 8);
                le(rec + 8 * c, bits, 8);
            }
            ok = fwrite(rec, sizeof rec, 1, f) == 1;
        }
    }
    for (int i = 0; i < nb && ok; i++) {
        const vccd_sim_body *b = &bodies[i];
        for (long k = 0; k < b->mesh.nt && ok; k++) {
            unsigned char rec[17];
            rec[0] = 3;
            for (int c = 0; c < 3; c++)
                le(rec + 1 + 4 * c, (uint64_t)(uint32_t)(base + (long)b->mesh.t[k][c]), 4);
            le(rec + 13, (uint64_t)(uint32_t)i, 4);
            ok = fwrite(rec, sizeof rec, 1, f) == 1;
        }
        base += b->mesh.nv;
    }
    if (fclose(f) != 0 || !ok)
        return vccd_error_set(e, path, 0, NULL, NULL, "write failed: %s", strerror(errno));
    return 0;
}
