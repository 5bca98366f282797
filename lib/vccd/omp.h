/* omp.h -- OpenMP pragmas as a macro (private to the library): without
   OpenMP they vanish instead of tripping -Wunknown-pragmas (-Werror). */
#ifndef VCCD_OMP_H
#define VCCD_OMP_H

#ifdef _OPENMP
#define VCCD_OMP(x) _Pragma(#x)
#else
#define VCCD_OMP(x)
#endif

#endif
