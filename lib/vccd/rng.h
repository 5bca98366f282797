/* rng.h -- the project's one pseudo-random generator: splitmix64.

   Instances, random shapes and bench pairs are named by an integer seed
   in configs, CSVs and bug reports, so the sequence must be the same on
   every platform and libc (rand() and random() are not); splitmix64 is
   a fixed, well-mixed 64-bit function of its counter, and small enough
   to be inline. */
#ifndef VCCD_RNG_H
#define VCCD_RNG_H

#include <math.h>
#include <stdint.h>

/* The next 64 bits of the sequence whose state is *s. */
static inline uint64_t
vccd_rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1) on the 2^53 doubles k 2^-53. */
static inline double
vccd_rng_unit(uint64_t *s)
{
    return (double)(vccd_rng_next(s) >> 11) * 0x1p-53;
}

/* Uniform on the unit sphere of dimension n - 1 into x[0 .. n-1]
   (rejection from the cube): the turn axes and orientations of the
   benchmark frames. */
static inline void
vccd_rng_sphere(double *x, int n, uint64_t *s)
{
    double r2;
    do {
        r2 = 0.0;
        for (int i = 0; i < n; i++) {
            x[i] = 2.0 * vccd_rng_unit(s) - 1.0;
            r2 += x[i] * x[i];
        }
    } while (r2 > 1.0 || r2 < 1e-6);
    for (int i = 0; i < n; i++)
        x[i] /= sqrt(r2);
}

#endif
