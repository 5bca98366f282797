/* t-alloc.c -- the MPFR backend allocates nothing per operation: GMP's
   memory functions (which MPFR uses) are counted around hot loops of
   vccd_mi arithmetic and geometry on pre-initialised operands. */
#include <stdlib.h>

#include "testutil.h"

static long n_alloc;

static void *count_alloc(size_t n) { n_alloc++; return malloc(n); }
static void *count_realloc(void *p, size_t o, size_t n) { (void)o; n_alloc++; return realloc(p, n); }
static void count_free(void *p, size_t n) { (void)n; free(p); }

START_TEST(test_no_malloc_in_hot_loop)
{
    static const mpfr_prec_t precs[] = { 53, 113, 256, 1000 };
    tu_init();
    for (size_t k = 0; k < sizeof precs / sizeof precs[0]; k++) {
        mpfr_prec_t p = precs[k];
        vccd_mi_t a, b, r, r1;
        vccd_mi_vec3 u, v, w;
        vccd_mi_quat q;
        long before, iters = tu_iters(20000);

        vccd_mi_init2(a, p); vccd_mi_init2(b, p); vccd_mi_init2(r, p); vccd_mi_init2(r1, p);
        vccd_mi_vec3_init(&u, p); vccd_mi_vec3_init(&v, p); vccd_mi_vec3_init(&w, p);
        vccd_mi_quat_init(&q, p);
        mp_set_memory_functions(count_alloc, count_realloc, count_free);
        before = n_alloc;
        for (long i = 0; i < iters; i++) {
            vccd_mi_set_2d(a, 0.5 + tu_unit(), 2.0 + tu_unit());
            vccd_mi_set_2d(b, -1.0 - tu_unit(), 3.0);
            vccd_mi_add(r, a, b);
            vccd_mi_sub(r, r, b);
            vccd_mi_mul(r, a, b);
            vccd_mi_mul(r, r, r);
            vccd_mi_sqr(r, b);
            vccd_mi_div(r, b, a);
            vccd_mi_div_ext(r, r1, a, b);
            vccd_mi_sqrt(r, a);
            vccd_mi_hull(r, a, b);
            vccd_mi_abs(r, b);
            vccd_mi_vec3_set_d(&u, tu_unit(), -tu_unit(), 1.0);
            vccd_mi_vec3_set_d(&v, 2.0, tu_unit(), -3.0);
            vccd_mi_vec3_cross(&w, &u, &v);
            vccd_mi_vec3_dot(r, &w, &u);
            vccd_mi_quat_set_d(&q, 0.5, 0.5, 0.5, 0.5);
            vccd_mi_quat_rotate(&w, &q, &w);
        }
        mp_set_memory_functions(NULL, NULL, NULL);
        if (n_alloc != before)
            tu_fail("prec %ld: %ld GMP allocations in %ld iterations", (long)p, n_alloc - before, iters);
        vccd_mi_clear(a); vccd_mi_clear(b); vccd_mi_clear(r); vccd_mi_clear(r1);
        vccd_mi_vec3_clear(&u); vccd_mi_vec3_clear(&v); vccd_mi_vec3_clear(&w);
        vccd_mi_quat_clear(&q);
    }
}
END_TEST

/* The counter must see allocations when there are some, or the test above
   proves nothing. */
START_TEST(test_counter_sees_init)
{
    vccd_mi_t a;
    long before;
    mp_set_memory_functions(count_alloc, count_realloc, count_free);
    before = n_alloc;
    vccd_mi_init2(a, 128);
    vccd_mi_clear(a);
    mp_set_memory_functions(NULL, NULL, NULL);
    ck_assert_int_gt(n_alloc - before, 0);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_no_malloc_in_hot_loop, test_counter_sees_init };
    return tu_main("mi-alloc", tests, (int)(sizeof tests / sizeof tests[0]));
}
