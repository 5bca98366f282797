/* models.c -- where the bundled models are (mesh.h): $VCCD_MODELS when
   set, else the installed models directory, else the source tree's
   experiments/models, so that `vccd mesh info bunny` works installed and
   uninstalled alike.  The two directories come from Makefile.am. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vccd/mesh.h"

#ifndef VCCD_MODELS_INSTALLED
#define VCCD_MODELS_INSTALLED ""
#endif
#ifndef VCCD_MODELS_SOURCE
#define VCCD_MODELS_SOURCE ""
#endif

int
vccd_mesh_model_path(char *out, size_t size, const char *name, vccd_error *e)
{
    static const char *const suffix[] = { ".obj.gz", ".obj", ".off.gz", ".off", ".ply.gz", ".ply" };
    const char *env = getenv("VCCD_MODELS");
    const char *dirs[2];
    int nd = 0;

    if (env && *env)
        dirs[nd++] = env;
    else {
        if (*VCCD_MODELS_INSTALLED)
            dirs[nd++] = VCCD_MODELS_INSTALLED;
        if (*VCCD_MODELS_SOURCE)
            dirs[nd++] = VCCD_MODELS_SOURCE;
    }
    for (int d = 0; d < nd; d++)
        for (size_t s = 0; s < sizeof suffix / sizeof suffix[0]; s++) {
            int n = snprintf(out, size, "%s/%s%s", dirs[d], name, suffix[s]);
            if (n > 0 && (size_t)n < size && access(out, R_OK) == 0)
                return 0;
        }
    {
        char shapes[256] = "";
        const char *n, *p, *w;
        for (int i = 0; vccd_mesh_shape_info(i, &n, &p, &w); i++) {
            size_t l = strlen(shapes);
            snprintf(shapes + l, sizeof shapes - l, "%s%s%s", i ? ", " : "", n, p);
        }
        return vccd_error_set(e, name, 0, NULL, NULL,
                              "no such file, and no bundled model of that name in %s%s%s (shapes: %s)",
                              nd > 0 ? dirs[0] : "(no models directory)", nd > 1 ? " or " : "", nd > 1 ? dirs[1] : "",
                              shapes);
    }
}
