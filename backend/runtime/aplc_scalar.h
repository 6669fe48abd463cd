/* aplc_scalar.h: the scalar helpers of generated expressions, in the subset of C that is also
 * OpenCL C 1.2, so that the C programs aplc generates and their OpenCL kernels compute the same
 * bits (backend/opencl/OpenCLGen.cpp prints this file at the head of every kernel source; C programs get
 * it through aplc_runtime.h). Laila's operators whose meaning differs from C's are here (see
 * laila/ir/IR.h and laila/ir/Ops.cpp, which folds constants the same way), with the helpers the
 * lowering calls by name (laila/ir/Calls.def).
 *
 * In OpenCL C the fixed-width names are typedefs of OpenCL's own types (long is 64 bits there). */
#ifndef APLC_SCALAR_H
#define APLC_SCALAR_H

#ifdef __OPENCL_VERSION__
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
typedef long int64_t;
typedef ulong uint64_t;
typedef int int32_t;
typedef uint uint32_t;
typedef uchar uint8_t;
#define INT64_C(x) x##L
#define UINT32_C(x) x##U
#define INT64_MAX LONG_MAX
#define INT64_MIN LONG_MIN
#else
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#endif

/* Laila operators whose meaning differs from C's (see laila/ir/IR.h). */
static inline int64_t aplc_op_div_i(int64_t a, int64_t b) { /* floor division, a/0 = 0 */
  if (b == 0) return 0;
  if (b == -1) return (int64_t)(0 - (uint64_t)a);
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) q--;
  return q;
}
static inline int64_t aplc_op_mod_i(int64_t a, int64_t b) { /* floor modulus, a%0 = a */
  if (b == 0) return a;
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
/* Floor division and modulus of a ≥ 0 by b > 0, as unsigned operations (laila/passes/
 * FloorDivision.h emits them where the ranges prove the signs): no sign corrections. */
static inline int64_t aplc_op_udiv(int64_t a, int64_t b) { return (int64_t)((uint64_t)a / (uint64_t)b); }
static inline int64_t aplc_op_umod(int64_t a, int64_t b) { return (int64_t)((uint64_t)a % (uint64_t)b); }
static inline double aplc_op_mod_d(double a, double b) { return b == 0 ? a : a - b * floor(a / b); }
static inline int64_t aplc_op_min_i(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t aplc_op_max_i(int64_t a, int64_t b) { return a > b ? a : b; }
static inline double aplc_op_min_d(double a, double b) { return a < b ? a : b; }
static inline double aplc_op_max_d(double a, double b) { return a > b ? a : b; }
static inline int64_t aplc_op_abs_i(int64_t a) { return a < 0 ? -a : a; }
static inline int64_t aplc_op_sign_i(int64_t a) { return (a > 0) - (a < 0); }
static inline double aplc_op_sign_d(double a) { return a > 0 ? 1.0 : (a < 0 ? -1.0 : 0.0); }
static inline int64_t aplc_op_pow_i(int64_t base, int64_t exponent) {
  if (exponent < 0) return base == 1 ? 1 : (base == -1 ? (exponent % 2 == 0 ? 1 : -1) : 0);
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1) result *= base;
    base *= base;
    exponent >>= 1;
  }
  return result;
}
static inline int64_t aplc_op_d2i(double d) { /* truncation, saturating; NaN gives 0 */
  if (d != d) return 0;
  if (d >= 9223372036854775808.0) return INT64_MAX;
  if (d < -9223372036854775808.0) return INT64_MIN;
  return (int64_t)d;
}
static inline int64_t aplc_op_shl_i(int64_t a, int64_t n) {
  return (n < 0 || n > 63) ? 0 : (int64_t)((uint64_t)a << n);
}
static inline int64_t aplc_op_shr_i(int64_t a, int64_t n) {
  return (n < 0 || n > 63) ? (a < 0 ? -1 : 0) : (a >> n);
}

/* Whether a + b (a - b) overflows 64 bits: the lowering's checks of int + and -. */
#if defined(__GNUC__) && !defined(__OPENCL_VERSION__)
static inline bool aplc_add_overflows(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r);
}
static inline bool aplc_sub_overflows(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_sub_overflow(a, b, &r);
}
#else
static inline bool aplc_add_overflows(int64_t a, int64_t b) {
  return b > 0 ? a > INT64_MAX - b : a < INT64_MIN - b;
}
static inline bool aplc_sub_overflows(int64_t a, int64_t b) {
  return b < 0 ? a > INT64_MAX + b : a < INT64_MIN + b;
}
#endif
/* TAIL's mind / maxd (docs/semantics.md), as the interpreter computes them: a NaN operand gives
 * the other one; otherwise std::min / std::max's choice (the left operand when they compare
 * equal, as 0 and -0 do). Branch-free after compilation (minsd/maxsd and a blend). */
static inline double aplc_mind(double a, double b) { return (b < a || a != a) ? b : a; }
static inline double aplc_maxd(double a, double b) { return (a < b || a != a) ? b : a; }
static inline bool aplc_mul_overflows(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return false;
  if (a == -1) return b == INT64_MIN;
  if (b == -1) return a == INT64_MIN;
  if (a > 0) return b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a;
  return b > 0 ? a < INT64_MIN / b : b < INT64_MAX / a;
}
/* Whether x to the power y (y >= 0), computed by checked square and multiply, overflows. */
static inline bool aplc_pow_overflows(int64_t x, int64_t y) {
  int64_t result = 1;
  while (y > 0) {
    if (y & 1) {
      if (aplc_mul_overflows(result, x)) return true;
      result *= x;
    }
    y >>= 1;
    if (y > 0) {
      if (aplc_mul_overflows(x, x)) return true;
      x *= x;
    }
  }
  return false;
}
/* APL's ∨ and ∧ on integers (Dyalog): the greatest common divisor, never negative (¯12∨18 is 6,
 * 0∨0 is 0), and the least common multiple with the sign of x×y (x∧y is x×y÷x∨y; 0 with a 0).
 * Euclid's algorithm on the magnitudes, unsigned, so that ¯2^63 has one. A result that does not
 * fit 64 bits (the gcd 2^63 of ¯2^63 with 0 or itself; an lcm out of range) is the caller's
 * DOMAIN ERROR: the lowering checks aplc_gcd_overflows / aplc_lcm_overflows first. */
static inline uint64_t aplc_magnitude(int64_t a) { return a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a; }
static inline uint64_t aplc_gcd_magnitude(int64_t a, int64_t b) {
  uint64_t x = aplc_magnitude(a), y = aplc_magnitude(b);
  while (y != 0) {
    uint64_t r = x % y;
    x = y;
    y = r;
  }
  return x;
}
static inline bool aplc_gcd_overflows(int64_t a, int64_t b) { return aplc_gcd_magnitude(a, b) > (uint64_t)INT64_MAX; }
static inline int64_t aplc_gcd(int64_t a, int64_t b) { return (int64_t)aplc_gcd_magnitude(a, b); }
static inline bool aplc_lcm_overflows(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return false;
  uint64_t x = aplc_magnitude(a) / aplc_gcd_magnitude(a, b), y = aplc_magnitude(b);
  if (y > ((uint64_t)0 - 1) / x) return true; /* x × y beyond 64 bits (x ≥ 1) */
  uint64_t m = x * y;
  return (a < 0) != (b < 0) ? m > (uint64_t)INT64_MAX + 1 : m > (uint64_t)INT64_MAX;
}
static inline int64_t aplc_lcm(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  uint64_t m = aplc_magnitude(a) / aplc_gcd_magnitude(a, b) * aplc_magnitude(b);
  return (a < 0) != (b < 0) ? (int64_t)((uint64_t)0 - m) : (int64_t)m;
}
/* ⎕INT32SHL / SHR / SHAR on the low 32 bits, sign-extended results (y >= 0). */
static inline int64_t aplc_shl32(int64_t x, int64_t y) {
  return y >= 32 ? 0 : (int64_t)(int32_t)(uint32_t)((uint32_t)x << y);
}
static inline int64_t aplc_shr32(int64_t x, int64_t y) {
  return y >= 32 ? 0 : (int64_t)(int32_t)(uint32_t)((uint32_t)x >> y);
}
static inline int64_t aplc_sha32(int64_t x, int64_t y) {
  int32_t v = (int32_t)(uint32_t)x;
  if (y >= 32) return v < 0 ? -1 : 0;
  return v < 0 ? (int64_t)~(~v >> y) : (int64_t)(v >> y);
}
/* 2*k for an integer k, exactly glibc's pow(2.0, k) (exact wherever the power is representable,
 * subnormals included; +inf above, +0 below), built from its bits: a shift instead of a libm call,
 * and a program whose only libm function was pow (sobol's bit weights) need not load libm. */
static inline double aplc_exp2i(int64_t k) {
  uint64_t bits;
  if (k > 1023) bits = (uint64_t)0x7ff << 52;
  else if (k >= -1022) bits = (uint64_t)(k + 1023) << 52;
  else if (k >= -1074) bits = (uint64_t)1 << (k + 1074);
  else bits = 0;
#ifdef __OPENCL_VERSION__
  return as_double(bits);
#else
  union { uint64_t bits; double value; } pun = {bits};
  return pun.value;
#endif
}
/* APL's x|y on doubles: fmod adjusted to the sign of x; 0|y = y. */
static inline double aplc_residue_d(double x, double y) {
  if (x == 0.0) return y;
  double r = fmod(y, x);
  if (r != 0.0 && ((r < 0) != (x < 0))) r += x;
  return r;
}

#ifdef __OPENCL_VERSION__
/* pow in kernels: OpenCL allows double pow 16 ulp of error, and GPUs' pow is not exact even
 * where the result is representable (an NVIDIA H100 computed the sobol benchmark's 2*k wrongly
 * enough that ⌊ of it changed; CUDA's pow is known for this). An integral exponent is computed by
 * square and multiply, exact whenever the power is representable (as glibc's pow, which the C
 * programs use, is then); half-integral ones by a square root (below); other exponents use the
 * device's pow. */
/* r × b to the n (n ≥ 0) by square and multiply. */
static inline double aplc_cl_times_power(double r, double b, long n) {
  while (n != 0) {
    if (n & 1) r *= b;
    n >>= 1;
    if (n != 0) b *= b;
  }
  return r;
}
static inline double aplc_cl_pow(double x, double y) {
  if (y == floor(y) && fabs(y) <= 1024.0) {
    double r = aplc_cl_times_power(1.0, x, (long)fabs(y));
    return y < 0 ? 1.0 / r : r;
  }
  /* A half-integral exponent (x*0.5, x*¯1.5: distances, gravity) by square and multiply times a
   * square root, which is correctly rounded: a few roundings, within OpenCL's allowance for pow,
   * and 10x faster than POCL's double pow (the nbody benchmark). Only for x in [2^-100, 2^100],
   * where no step overflows or underflows; zeros, negatives, infinities, NaNs and the rest take
   * the device's pow and its special cases. */
  if (y - floor(y) == 0.5 && fabs(y) <= 8.0 && x >= 0x1p-100 && x <= 0x1p100) {
    double r = aplc_cl_times_power(sqrt(x), x, (long)floor(fabs(y)));
    return y < 0 ? 1.0 / r : r;
  }
  return pow(x, y); /* the device's (a function, or the platform's macro: POCL has one) */
}
#ifdef pow
#undef pow
#endif
#define pow(x, y) aplc_cl_pow(x, y)
#endif

#endif /* APLC_SCALAR_H */
