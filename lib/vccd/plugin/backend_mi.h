/* backend_mi.h -- the MPFR interval backend for single-source kernels; see
   backend_di.h for the interface.  Temporaries take the precision of the
   object they are declared against, which is the output's precision, as
   in MPFR. */
#define VB_T vccd_mi_struct
#define VB_PFX vccd_mi
#define VB_RIGOROUS 1
#define VB_TMP(x, ref) VCCD_MI_TMP(x, vccd_mi_get_prec(ref))
#define VB_TMP_N(name, arr, n, ref)                                          \
    mp_limb_t name[2 * (n) * VCCD_MI_LIMBS(vccd_mi_get_prec(ref))];         \
    for (int name##_i = 0; name##_i < (n); name##_i++)                       \
        vccd_mi_init_on(&(arr)[name##_i], vccd_mi_get_prec(ref),             \
                        name + 2 * name##_i * VCCD_MI_LIMBS(vccd_mi_get_prec(ref)))
#define VB_INIT(x, prec) vccd_mi_init2((x), (prec))
#define VB_CLEAR(x) vccd_mi_clear(x)
/* n intervals of a struct on one block of limbs (never cleared one by
   one, nor given another precision): VB_INIT_ON(x, prec, at) inits x on
   the limbs at `at` (a char *) and moves `at` past them */
#define VB_INIT_BLOCK(n, prec) ((char *)vccd_mi_alloc_limbs((n), (prec)))
#define VB_INIT_ON(x, prec, at)                                              \
    (vccd_mi_init_on((x), (prec), (mp_limb_t *)(void *)(at)),              \
     (at) += 2 * VCCD_MI_LIMBS(prec) * sizeof(mp_limb_t))
#define VB_FREE_BLOCK(p) free(p)
#define VB_SET(r, a) vccd_mi_set((r), (a))
#define VB_SET_D(r, d) vccd_mi_set_d((r), (d))
#define VB_NEG(r, a) vccd_mi_neg((r), (a))
#define VB_ADD(r, a, b) vccd_mi_add((r), (a), (b))
#define VB_SUB(r, a, b) vccd_mi_sub((r), (a), (b))
#define VB_MUL(r, a, b) vccd_mi_mul((r), (a), (b))
#define VB_DIV(r, a, b) vccd_mi_div((r), (a), (b))
#define VB_DIV_UI(r, a, u) vccd_mi_div_ui((r), (a), (u))
#define VB_SQR(r, a) vccd_mi_sqr((r), (a))
#define VB_SQRT(r, a) vccd_mi_sqrt((r), (a))
#define VB_MUL_D(r, a, d) do { VB_TMP(vb_d_, (r)); vccd_mi_set_d(vb_d_, (d)); vccd_mi_mul((r), (a), vb_d_); } while (0)
#define VB_SIN_COS(s, c, a) vccd_mi_sin_cos((s), (c), (a))
#define VB_SET_2D(r, lo, hi) vccd_mi_set_2d((r), (lo), (hi))
#define VB_HULL(r, a, b) vccd_mi_hull((r), (a), (b))
#define VB_INTERSECT(r, a, b) vccd_mi_intersect((r), (a), (b))
#define VB_MUL_2EXP(r, a, e) vccd_mi_mul_2si((r), (a), (e))
#define VB_IS_EMPTY(a) vccd_mi_is_empty(a)
#define VB_CERTAINLY_LE(a, b) vccd_mi_certainly_le((a), (b))
#define VB_PREC(a) ((long)vccd_mi_get_prec(a))
#define VB_GET_DI(a) vccd_mi_get_di(a)
