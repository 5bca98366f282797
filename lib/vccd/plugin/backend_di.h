/* backend_di.h -- the rigorous binary64 backend for single-source kernels
   (interface and rationale in backend_ivd.h). */
#define VB_IVD vccd_di
#define VB_RIGOROUS 1
#include "vccd/plugin/backend_ivd.h"
