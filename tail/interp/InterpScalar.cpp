// The scalar primitives: one small function per family, a switch over the table's scalar groups.
#include "tail/interp/InterpScalar.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "aplc_scalar.h"  // gcd and lcm, as generated programs compute them
#include "support/Diagnostics.h"

namespace aplc::tail::interp {

namespace {

[[noreturn]] void domain(const std::string& what) { raise(APLC_DOMAIN_ERROR, what); }

// ---- Integers ---------------------------------------------------------------------------------

[[noreturn]] void overflow(const char* what) {
  domain(std::string("integer overflow in ") + what + " (results must fit in 64 bits)");
}

int64_t addInt(int64_t x, int64_t y) {
  int64_t r = 0;
  if (__builtin_add_overflow(x, y, &r)) overflow("addition");
  return r;
}
int64_t subInt(int64_t x, int64_t y) {
  int64_t r = 0;
  if (__builtin_sub_overflow(x, y, &r)) overflow("subtraction");
  return r;
}
int64_t mulInt(int64_t x, int64_t y) {
  int64_t r = 0;
  if (__builtin_mul_overflow(x, y, &r)) overflow("multiplication");
  return r;
}
int64_t negInt(int64_t x) { return subInt(0, x); }
int64_t absInt(int64_t x) { return x < 0 ? negInt(x) : x; }

int64_t divInt(int64_t x, int64_t y) {
  if (y == 0) domain("integer division by zero");
  if (x == std::numeric_limits<int64_t>::min() && y == -1) domain("integer overflow in division");
  return x / y;  // C++ truncates toward zero
}

// APL's x|y: the residue of y modulo x, with the sign of x (or 0); 0|y = y.
int64_t resInt(int64_t x, int64_t y) {
  if (x == 0) return y;
  if (x == -1 || x == 1) return 0;  // also avoids min % -1, which C++ leaves undefined
  int64_t r = y % x;
  if (r != 0 && ((r < 0) != (x < 0))) r += x;
  return r;
}

int64_t powInt(int64_t x, int64_t y) {
  if (y < 0) domain("negative exponent " + std::to_string(y) + " in integer power");
  int64_t result = 1;
  // Square and multiply; every step checked, so an overflowing power is reported, not wrapped.
  while (y > 0) {
    if (y & 1) result = mulInt(result, x);
    y >>= 1;
    if (y > 0) x = mulInt(x, x);
  }
  return result;
}

int64_t signOf(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

// The low 32 bits of x as a signed 32-bit value, widened back to 64 bits.
int64_t signExtend32(uint32_t bits) { return static_cast<int32_t>(bits); }

int64_t shiftCount(int64_t y) {
  if (y < 0) domain("negative shift count " + std::to_string(y));
  return y;
}

int64_t shiftLeft32(int64_t x, int64_t y) {
  if (shiftCount(y) >= 32) return 0;
  return signExtend32(static_cast<uint32_t>(x) << y);
}
int64_t shiftRightLogical32(int64_t x, int64_t y) {
  if (shiftCount(y) >= 32) return 0;
  return signExtend32(static_cast<uint32_t>(x) >> y);
}
int64_t shiftRightArithmetic32(int64_t x, int64_t y) {
  int32_t v = static_cast<int32_t>(static_cast<uint32_t>(x));
  if (shiftCount(y) >= 32) return v < 0 ? -1 : 0;
  return v >> y;  // arithmetic on signed values (C++20)
}

// ---- Doubles ----------------------------------------------------------------------------------

double divReal(double x, double y) {
  if (y == 0.0) {
    if (x == 0.0) return 1.0;  // APL: 0÷0 is 1
    domain("division by zero");
  }
  return x / y;  // IEEE 754: ∞÷∞ is NaN (docs/semantics.md)
}

// mind / maxd: a NaN operand gives the other one (as C's fmin/fmax); otherwise std::min/max's
// choice, the left operand when they compare equal (0 and -0). Generated code computes the same
// (aplc_mind / aplc_maxd in backend/runtime/aplc_runtime.h) and constant folding agrees.
double minReal(double x, double y) { return std::isnan(x) ? y : std::min(x, y); }
double maxReal(double x, double y) { return std::isnan(x) ? y : std::max(x, y); }

// APL's x|y on doubles: y - x×⌊y÷x, so the result has the sign of x; 0|y = y.
double resReal(double x, double y) {
  if (x == 0.0) return y;
  double r = std::fmod(y, x);
  if (r != 0.0 && ((r < 0) != (x < 0))) r += x;
  return r;
}

double lnReal(double x) {
  if (x <= 0.0) domain("logarithm of a non-positive number");
  return std::log(x);
}

// Converting a double to int: NaN, ±∞ and values outside the 64-bit range are DOMAIN ERRORs.
int64_t toInt(double x, const char* what) {
  // 2^63 is exactly representable; every double below it (and >= -2^63) converts.
  if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0))
    domain(std::string(what) + " of a value outside the integer range");
  return static_cast<int64_t>(x);
}

int64_t toChar(int64_t code) {
  if (code < 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
    domain("no character has the code point " + std::to_string(code));
  return code;
}

// Doubles follow IEEE 754 (docs/semantics.md): ∞ and NaN are values and propagate.
Scalar unaryReal(double (*f)(double), double x) { return Scalar::ofDouble(f(x)); }

// ---- Complex numbers: pairs of doubles, IEEE 754 like doubles ---------------------------------

Scalar complexOf(double re, double im) { return Scalar::ofComplex(re, im); }

// Written out (not std::complex's operator*): C's Annex G rescues infinities that the naive
// formula turns into NaN; the naive formula is what compiled code and apltail compute.
Scalar mulComplex(const Scalar& x, const Scalar& y) {
  return complexOf(x.d * y.d - x.im * y.im, x.d * y.im + x.im * y.d);
}

// x ÷ y = x × conj(y) ÷ |y|²; as for doubles, 0÷0 is 1 and x÷0 (x ≠ 0) a DOMAIN ERROR.
Scalar divComplex(const Scalar& x, const Scalar& y) {
  if (y.d == 0.0 && y.im == 0.0) {
    if (x.d == 0.0 && x.im == 0.0) return complexOf(1.0, 0.0);
    domain("division by zero");
  }
  double norm = y.d * y.d + y.im * y.im;
  return complexOf((x.d * y.d + x.im * y.im) / norm, (x.im * y.d - x.d * y.im) / norm);
}

}  // namespace

bool isScalarPrim(Prim op) {
  // The scalar groups are the first groups of the table, AddI to D2Z (tail/ir/Prims.def).
  return op >= Prim::AddI && op <= Prim::D2Z;
}

int64_t ExactSum::value() const {
  if (wraps_ != 0) overflow("addition");
  return wrapped_;
}

Scalar applyScalar(Prim op, const Scalar* a) {
  using S = Scalar;
  switch (op) {
    // Integers
    case Prim::AddI: return S::ofInt(addInt(a[0].i, a[1].i));
    case Prim::SubI: return S::ofInt(subInt(a[0].i, a[1].i));
    case Prim::MulI: return S::ofInt(mulInt(a[0].i, a[1].i));
    case Prim::GcdI:
      if (aplc_gcd_overflows(a[0].i, a[1].i)) overflow("greatest common divisor");
      return S::ofInt(aplc_gcd(a[0].i, a[1].i));
    case Prim::LcmI:
      if (aplc_lcm_overflows(a[0].i, a[1].i)) overflow("least common multiple");
      return S::ofInt(aplc_lcm(a[0].i, a[1].i));
    case Prim::DivI: return S::ofInt(divInt(a[0].i, a[1].i));
    case Prim::ResI: return S::ofInt(resInt(a[0].i, a[1].i));
    case Prim::MinI: return S::ofInt(std::min(a[0].i, a[1].i));
    case Prim::MaxI: return S::ofInt(std::max(a[0].i, a[1].i));
    case Prim::PowI: return S::ofInt(powInt(a[0].i, a[1].i));
    case Prim::NegI: return S::ofInt(negInt(a[0].i));
    case Prim::AbsI: return S::ofInt(absInt(a[0].i));
    case Prim::SignI: return S::ofInt(a[0].i > 0 ? 1 : a[0].i < 0 ? -1 : 0);
    case Prim::AndI: return S::ofInt(a[0].i & a[1].i);
    case Prim::OrI: return S::ofInt(a[0].i | a[1].i);
    case Prim::XorI: return S::ofInt(a[0].i ^ a[1].i);
    case Prim::ShlI: return S::ofInt(shiftLeft32(a[0].i, a[1].i));
    case Prim::ShrI: return S::ofInt(shiftRightLogical32(a[0].i, a[1].i));
    case Prim::ShaI: return S::ofInt(shiftRightArithmetic32(a[0].i, a[1].i));
    // Doubles
    case Prim::AddD: return S::ofDouble(a[0].d + a[1].d);
    case Prim::SubD: return S::ofDouble(a[0].d - a[1].d);
    case Prim::MulD: return S::ofDouble(a[0].d * a[1].d);
    case Prim::DivD: return S::ofDouble(divReal(a[0].d, a[1].d));
    case Prim::ResD: return S::ofDouble(resReal(a[0].d, a[1].d));
    case Prim::MinD: return S::ofDouble(minReal(a[0].d, a[1].d));
    case Prim::MaxD: return S::ofDouble(maxReal(a[0].d, a[1].d));
    case Prim::PowD: return S::ofDouble(std::pow(a[0].d, a[1].d));
    case Prim::NegD: return S::ofDouble(-a[0].d);
    case Prim::AbsD: return S::ofDouble(std::fabs(a[0].d));
    case Prim::SignD: return S::ofInt(signOf(a[0].d));
    case Prim::Floor: return S::ofInt(toInt(std::floor(a[0].d), "floor"));
    case Prim::Ceil: return S::ofInt(toInt(std::ceil(a[0].d), "ceiling"));
    case Prim::ExpD: return unaryReal([](double x) { return std::exp(x); }, a[0].d);
    case Prim::LnD: return S::ofDouble(lnReal(a[0].d));
    case Prim::LogD: return S::ofDouble(divReal(lnReal(a[1].d), lnReal(a[0].d)));
    case Prim::PiMul: return S::ofDouble(std::numbers::pi * a[0].d);
    case Prim::Sin: return unaryReal([](double x) { return std::sin(x); }, a[0].d);
    case Prim::Cos: return unaryReal([](double x) { return std::cos(x); }, a[0].d);
    case Prim::Tan: return unaryReal([](double x) { return std::tan(x); }, a[0].d);
    case Prim::Asin: return unaryReal([](double x) { return std::asin(x); }, a[0].d);
    case Prim::Acos: return unaryReal([](double x) { return std::acos(x); }, a[0].d);
    case Prim::Atan: return unaryReal([](double x) { return std::atan(x); }, a[0].d);
    case Prim::Sinh: return unaryReal([](double x) { return std::sinh(x); }, a[0].d);
    case Prim::Cosh: return unaryReal([](double x) { return std::cosh(x); }, a[0].d);
    case Prim::Tanh: return unaryReal([](double x) { return std::tanh(x); }, a[0].d);
    // Booleans
    case Prim::AndB: return S::ofBool(a[0].i && a[1].i);
    case Prim::OrB: return S::ofBool(a[0].i || a[1].i);
    case Prim::NandB: return S::ofBool(!(a[0].i && a[1].i));
    case Prim::NorB: return S::ofBool(!(a[0].i || a[1].i));
    case Prim::XorB: return S::ofBool(a[0].i != a[1].i);
    case Prim::NotB: return S::ofBool(!a[0].i);
    // Comparisons (ints, booleans and characters compare their `i`)
    case Prim::LtI: return S::ofBool(a[0].i < a[1].i);
    case Prim::LteI: return S::ofBool(a[0].i <= a[1].i);
    case Prim::GtI: return S::ofBool(a[0].i > a[1].i);
    case Prim::GteI: return S::ofBool(a[0].i >= a[1].i);
    case Prim::EqI: return S::ofBool(a[0].i == a[1].i);
    case Prim::NeqI: return S::ofBool(a[0].i != a[1].i);
    case Prim::LtD: return S::ofBool(a[0].d < a[1].d);
    case Prim::LteD: return S::ofBool(a[0].d <= a[1].d);
    case Prim::GtD: return S::ofBool(a[0].d > a[1].d);
    case Prim::GteD: return S::ofBool(a[0].d >= a[1].d);
    case Prim::EqD: return S::ofBool(a[0].d == a[1].d);
    case Prim::NeqD: return S::ofBool(a[0].d != a[1].d);
    case Prim::EqB: return S::ofBool(a[0].i == a[1].i);
    case Prim::NeqB: return S::ofBool(a[0].i != a[1].i);
    case Prim::EqC: return S::ofBool(a[0].i == a[1].i);
    case Prim::NeqC: return S::ofBool(a[0].i != a[1].i);
    case Prim::LtC: return S::ofBool(a[0].i < a[1].i);
    // Conversions
    case Prim::I2D: return S::ofDouble(static_cast<double>(a[0].i));
    case Prim::B2I: return S::ofInt(a[0].i);
    case Prim::B2D: return S::ofDouble(static_cast<double>(a[0].i));
    case Prim::D2I: return S::ofInt(toInt(std::trunc(a[0].d), "conversion to int"));
    case Prim::PowCount:
      if (a[0].i < 0) domain("a negative ⍣ count, and aplc does not know the inverse of the function");
      return S::ofInt(a[0].i);
    case Prim::NonEmpty:
      if (a[0].i == 0) domain("reduction of an empty axis: no identity item, or ⌈/ ⌊/ of integers (Dyalog's ±1.797693135E308 is a double; not supported)");
      return S::ofInt(a[0].i);
    case Prim::D2IW: {
      double r = std::round(a[0].d);
      if (!(std::fabs(a[0].d - r) <= 1e-14 * std::fabs(a[0].d))) domain("a value that is not a whole number where an integer is needed");
      return S::ofInt(toInt(r, "conversion to int"));
    }
    case Prim::C2I: return S::ofInt(a[0].i);
    case Prim::I2C: return S::ofChar(static_cast<uint32_t>(toChar(a[0].i)));
    case Prim::B2IV: return S::ofInt(a[0].i);
    case Prim::I2B:
      if (a[0].i != 0 && a[0].i != 1) domain(std::to_string(a[0].i) + " is not a boolean (0 or 1)");
      return S::ofBool(a[0].i == 1);
    // Complex numbers
    case Prim::AddZ: return complexOf(a[0].d + a[1].d, a[0].im + a[1].im);
    case Prim::SubZ: return complexOf(a[0].d - a[1].d, a[0].im - a[1].im);
    case Prim::MulZ: return mulComplex(a[0], a[1]);
    case Prim::DivZ: return divComplex(a[0], a[1]);
    case Prim::NegZ: return complexOf(-a[0].d, -a[0].im);
    case Prim::ConjZ: return complexOf(a[0].d, -a[0].im);
    case Prim::AbsZ: return S::ofDouble(std::hypot(a[0].d, a[0].im));
    case Prim::RealZ: return S::ofDouble(a[0].d);
    case Prim::ImagZ: return S::ofDouble(a[0].im);
    case Prim::EqZ: return S::ofBool(a[0].d == a[1].d && a[0].im == a[1].im);
    case Prim::NeqZ: return S::ofBool(!(a[0].d == a[1].d && a[0].im == a[1].im));
    case Prim::D2Z: return complexOf(a[0].d, 0.0);
    default: break;
  }
  internalError(__FILE__, __LINE__, "applyScalar: not a scalar primitive: " + std::string(primName(op)));
}

}  // namespace aplc::tail::interp
