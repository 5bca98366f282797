/* backend_ui.h -- the NON-RIGOROUS unrounded backend for single-source
   kernels (interface in backend_ivd.h).  Results are not enclosures. */
#define VB_IVD vccd_ui
#define VB_RIGOROUS 0
#include "vccd/plugin/backend_ivd.h"
