// Lowering of TAIL's scalar primitives (tail/ir/Prims.def, "Scalar" groups) to Laila expressions,
// with the run-time checks of the reference interpreter (tail/interp/InterpScalar.cpp): checked 64-bit
// integer arithmetic, division by zero, conversions out of range, invalid code points. Doubles
// follow IEEE 754 (docs/semantics.md): ∞ and NaN propagate, so double arithmetic has no checks. Messages are the interpreter's; where the interpreter's message
// names a run-time value, it is spelled when the value is a compile-time constant.
#include <numbers>

#include "laila/lower/LowerInternal.h"
#include "support/Diagnostics.h"

namespace aplc::laila::lowering {

namespace {

Expr bitAnd(Expr a, Expr b) { return binary(BinaryOp::BitAnd, std::move(a), std::move(b)); }
Expr bitXor(Expr a, Expr b) { return binary(BinaryOp::BitXor, std::move(a), std::move(b)); }

// "prefix N suffix" when n is a constant, else "prefix suffix" without the number.
std::string withValue(const std::string& prefix, const Expr& n, const std::string& suffix = "") {
  if (auto v = asIntConst(n)) return prefix + " " + std::to_string(*v) + suffix;
  return prefix + suffix;
}

// The interpreter's message for i2b of a value other than 0 or 1, with the value when it is known.
std::string notBoolean(const Expr& x) {
  if (auto v = asIntConst(x)) return std::to_string(*v) + " is not a boolean (0 or 1)";
  return "a value that is not a boolean (0 or 1)";
}

const double kTwo63 = 9223372036854775808.0;

Expr inIntRange(const Expr& d) { return land(ge(d, doubleConst(-kTwo63)), lt(d, doubleConst(kTwo63))); }

class ScalarLowering {
 public:
  ScalarLowering(Lowerer& l, const SourceLoc& loc) : l_(l), loc_(loc) {}

  Expr overflow(const Expr& ok, const char* what) {
    l_.check(ok, ErrorKind::Domain, loc_,
             std::string("integer overflow in ") + what + " (results must fit in 64 bits)");
    return Expr();
  }
  void domain(const Expr& ok, const std::string& message) { l_.check(ok, ErrorKind::Domain, loc_, message); }

  Expr let(const Expr& e) { return l_.b().let(e, "s"); }

  // The overflow tests are calls of the runtime's predicates (aplc_runtime.h) so that
  // laila/passes/ElimChecks.h can recognise them and drop the ones value ranges prove false.
  Expr addInt(const Expr& a, const Expr& b) {
    overflow(lnot(call("aplc_add_overflows", BoolType, {a, b})), "addition");
    return a + b;
  }
  Expr subInt(const Expr& a, const Expr& b) {
    overflow(lnot(call("aplc_sub_overflows", BoolType, {a, b})), "subtraction");
    return a - b;
  }
  Expr mulInt(const Expr& a, const Expr& b) {
    overflow(lnot(call("aplc_mul_overflows", BoolType, {a, b})), "multiplication");
    return a * b;
  }
  Expr negInt(const Expr& a) {
    overflow(ne(a, intConst(INT64_MIN)), "subtraction");
    return neg(a);
  }
  Expr divInt(const Expr& a, const Expr& b) {
    domain(ne(b, intConst(0)), "integer division by zero");
    domain(lnot(land(eq(a, intConst(INT64_MIN)), eq(b, intConst(-1)))), "integer overflow in division");
    Expr q = let(a / b);  // floor division; truncation differs when the signs differ and it is inexact
    Expr inexact = land(ne(a % b, intConst(0)), ne(lt(a, intConst(0)), lt(b, intConst(0))));
    return select(inexact, q + 1, q);
  }
  Expr powInt(const Expr& a, const Expr& b) {
    domain(ge(b, intConst(0)), withValue("negative exponent", b, " in integer power"));
    overflow(lnot(call("aplc_pow_overflows", BoolType, {a, b})), "multiplication");
    return pow(a, b);
  }
  Expr shift(const char* helper, const Expr& a, const Expr& b) {
    domain(ge(b, intConst(0)), withValue("negative shift count", b));
    return call(helper, IntType, {a, b});
  }

  Expr divReal(const Expr& a, const Expr& b) {
    domain(lor(ne(b, doubleConst(0.0)), eq(a, doubleConst(0.0))), "division by zero");
    return select(eq(b, doubleConst(0.0)), doubleConst(1.0), a / b);  // APL: 0÷0 is 1
  }
  Expr lnReal(const Expr& x) {
    domain(lnot(le(x, doubleConst(0.0))), "logarithm of a non-positive number");
    return let(unary(UnaryOp::Log, x));
  }
  Expr toInt(const Expr& d, const std::string& what) {
    domain(inIntRange(d), what + " of a value outside the integer range");
    return d2i(d);
  }

 private:
  Lowerer& l_;
  SourceLoc loc_;
};

}  // namespace

// A let-bound scalar whose value converts an integer to a double (`let s = i2d(k)`): remembered,
// so that a later operation on the variable can use k (convertedInteger).
void Lowerer::rememberConversion(const Expr& bound, const Expr& value) {
  auto* variable = bound.as<Variable>();
  auto* conversion = value.as<Unary>();
  if (variable && conversion && conversion->op == UnaryOp::I2D) convertedIntegers_.emplace(variable->name, conversion->a);
}

// The integer k of a double `i2d(k)`, directly or through a let-bound variable; empty otherwise.
std::optional<Expr> Lowerer::convertedInteger(const Expr& e) const {
  if (auto* conversion = e.as<Unary>(); conversion && conversion->op == UnaryOp::I2D) return conversion->a;
  if (auto* variable = e.as<Variable>())
    if (auto found = convertedIntegers_.find(variable->name); found != convertedIntegers_.end()) return found->second;
  return std::nullopt;
}

Expr Lowerer::scalarPrim(tail::Prim op, const std::vector<Expr>& a, const SourceLoc& loc) {
  using tail::Prim;
  ScalarLowering s(*this, loc);
  switch (op) {
    // Integers
    case Prim::AddI: return s.addInt(a[0], a[1]);
    case Prim::SubI: return s.subInt(a[0], a[1]);
    case Prim::MulI: return s.mulInt(a[0], a[1]);
    case Prim::GcdI:
      s.overflow(lnot(call("aplc_gcd_overflows", BoolType, {a[0], a[1]})), "greatest common divisor");
      return call("aplc_gcd", IntType, {a[0], a[1]});
    case Prim::LcmI:
      s.overflow(lnot(call("aplc_lcm_overflows", BoolType, {a[0], a[1]})), "least common multiple");
      return call("aplc_lcm", IntType, {a[0], a[1]});
    case Prim::DivI: return s.divInt(a[0], a[1]);
    case Prim::ResI: return a[1] % a[0];  // floor modulus has the divisor's sign; y % 0 = y
    case Prim::MinI: return min(a[0], a[1]);
    case Prim::MaxI: return max(a[0], a[1]);
    case Prim::PowI: return s.powInt(a[0], a[1]);
    case Prim::NegI: return s.negInt(a[0]);
    case Prim::AbsI: s.overflow(ne(a[0], intConst(INT64_MIN)), "subtraction"); return abs(a[0]);
    case Prim::SignI: return unary(UnaryOp::Sign, a[0]);
    case Prim::AndI: return bitAnd(a[0], a[1]);
    case Prim::OrI: return binary(BinaryOp::BitOr, a[0], a[1]);
    case Prim::XorI: return bitXor(a[0], a[1]);
    case Prim::ShlI: return s.shift("aplc_shl32", a[0], a[1]);
    case Prim::ShrI: return s.shift("aplc_shr32", a[0], a[1]);
    case Prim::ShaI: return s.shift("aplc_sha32", a[0], a[1]);
    // Doubles
    case Prim::AddD: return a[0] + a[1];
    case Prim::SubD: return a[0] - a[1];
    case Prim::MulD: return a[0] * a[1];
    case Prim::DivD: return s.divReal(a[0], a[1]);
    case Prim::ResD: return call("aplc_residue_d", DoubleType, {a[0], a[1]});
    // Inline helpers with the interpreter's meaning (NaN operand → the other one), not libm calls.
    case Prim::MinD: return call("aplc_mind", DoubleType, {a[0], a[1]});
    case Prim::MaxD: return call("aplc_maxd", DoubleType, {a[0], a[1]});
    case Prim::PowD: {
      // 2*k with k an integer converted to double (a bit's weight): exact without libm.
      if (asDoubleConst(a[0]) == 2.0)
        if (std::optional<Expr> k = convertedInteger(a[1])) return call("aplc_exp2i", DoubleType, {*k});
      return call("pow", DoubleType, {a[0], a[1]});
    }
    case Prim::NegD: return neg(a[0]);
    case Prim::AbsD: return abs(a[0]);
    case Prim::SignD:
      return select(gt(a[0], doubleConst(0.0)), intConst(1),
                    select(lt(a[0], doubleConst(0.0)), intConst(-1), intConst(0)));
    case Prim::Floor: return s.toInt(s.let(call("floor", DoubleType, {a[0]})), "floor");
    case Prim::Ceil: return s.toInt(s.let(call("ceil", DoubleType, {a[0]})), "ceiling");
    case Prim::ExpD: return unary(UnaryOp::Exp, a[0]);
    case Prim::LnD: return s.lnReal(a[0]);
    case Prim::LogD: {
      Expr ly = s.lnReal(a[1]);
      Expr lx = s.lnReal(a[0]);
      return s.divReal(ly, lx);
    }
    case Prim::PiMul: return doubleConst(std::numbers::pi) * a[0];
    case Prim::Sin: return unary(UnaryOp::Sin, a[0]);
    case Prim::Cos: return unary(UnaryOp::Cos, a[0]);
    case Prim::Tan: return unary(UnaryOp::Tan, a[0]);
    case Prim::Asin: return unary(UnaryOp::Asin, a[0]);
    case Prim::Acos: return unary(UnaryOp::Acos, a[0]);
    case Prim::Atan: return unary(UnaryOp::Atan, a[0]);
    case Prim::Sinh: return unary(UnaryOp::Sinh, a[0]);
    case Prim::Cosh: return unary(UnaryOp::Cosh, a[0]);
    case Prim::Tanh: return unary(UnaryOp::Tanh, a[0]);
    // Booleans
    case Prim::AndB: return land(a[0], a[1]);
    case Prim::OrB: return lor(a[0], a[1]);
    case Prim::NandB: return lnot(land(a[0], a[1]));
    case Prim::NorB: return lnot(lor(a[0], a[1]));
    case Prim::XorB: return ne(a[0], a[1]);
    case Prim::NotB: return lnot(a[0]);
    // Comparisons
    case Prim::LtI: case Prim::LtD: case Prim::LtC: return lt(a[0], a[1]);
    case Prim::LteI: case Prim::LteD: return le(a[0], a[1]);
    case Prim::GtI: case Prim::GtD: return gt(a[0], a[1]);
    case Prim::GteI: case Prim::GteD: return ge(a[0], a[1]);
    case Prim::EqI: case Prim::EqD: case Prim::EqB: case Prim::EqC: return eq(a[0], a[1]);
    case Prim::NeqI: case Prim::NeqD: case Prim::NeqB: case Prim::NeqC: return ne(a[0], a[1]);
    // Conversions
    case Prim::I2D: return i2d(a[0]);
    case Prim::B2I: case Prim::B2IV: return b2i(a[0]);
    case Prim::B2D: return i2d(b2i(a[0]));
    case Prim::D2I: return s.toInt(a[0], "conversion to int");
    case Prim::PowCount: {
      Expr x = s.let(a[0]);
      s.domain(ge(x, intConst(0)), "a negative ⍣ count, and aplc does not know the inverse of the function");
      return x;
    }
    case Prim::NonEmpty: {
      Expr x = s.let(a[0]);
      s.domain(ne(x, intConst(0)),
               "reduction of an empty axis: no identity item, or ⌈/ ⌊/ of integers (Dyalog's ±1.797693135E308 is a double; not supported)");
      return x;
    }
    case Prim::D2IW: {
      Expr x = s.let(a[0]);
      Expr r = s.let(call("round", DoubleType, {x}));
      s.domain(le(unary(UnaryOp::Abs, x - r), doubleConst(1e-14) * unary(UnaryOp::Abs, x)),
               "a value that is not a whole number where an integer is needed");
      return s.toInt(r, "conversion to int");
    }
    case Prim::C2I: return unary(UnaryOp::C2I, a[0]);
    case Prim::I2B: {
      Expr x = s.let(a[0]);
      s.domain(lor(eq(x, intConst(0)), eq(x, intConst(1))), notBoolean(x));
      return eq(x, intConst(1));
    }
    case Prim::I2C: {
      Expr code = a[0];
      Expr valid = land(land(ge(code, intConst(0)), le(code, intConst(0x10FFFF))),
                        lor(lt(code, intConst(0xD800)), gt(code, intConst(0xDFFF))));
      s.domain(valid, withValue("no character has the code point", code));
      return unary(UnaryOp::I2C, code);
    }
    default: break;
  }
  internalError(__FILE__, __LINE__, "lowering: not a scalar primitive: " + std::string(tail::primName(op)));
}

}  // namespace aplc::laila::lowering
