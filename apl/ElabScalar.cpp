// Scalar functions: overloading by element type (+ on ints is addi, on doubles addd, ÷ always
// gives doubles, comparisons give booleans), the coercions APL's promotion needs, scalar extension
// (a scalar with an array: each; equal ranks: zipWith, which extends a one-element argument at
// run time; different ranks: singleton extension, docs/semantics.md), identity items.
// Promotion is bool → int → double → complex; complex numbers support + - × ÷ | = ≠, monadic
// + (conjugate) - ÷ |, and 9○ 11○ (real and imaginary part); the rest is "not supported".
#include <cmath>
#include <limits>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"

namespace aplc::apl::elab {

using tail::BaseKind;
using tail::Prim;

namespace {

bool isNumeric(Base b) {
  return b.kind == BaseKind::Int || b.kind == BaseKind::Double || b.kind == BaseKind::Bool || b.kind == BaseKind::Complex;
}

bool isComplex(const Val& x) { return x.base().kind == BaseKind::Complex; }

std::string glyphText(char32_t g) {
  std::string s;
  if (g < 0x80) s += static_cast<char>(g);
  else if (g < 0x800) { s += static_cast<char>(0xC0 | (g >> 6)); s += static_cast<char>(0x80 | (g & 0x3F)); }
  else {
    s += static_cast<char>(0xE0 | (g >> 12));
    s += static_cast<char>(0x80 | ((g >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (g & 0x3F));
  }
  return s;
}

void requireNumeric(const Val& x, char32_t glyph, SourceLoc loc) {
  if (!isNumeric(x.base()))
    fail(loc, "DOMAIN ERROR: " + glyphText(glyph) + " needs numbers, not " + describeBase(x.base()) + "s");
}

// Prim for an int/double pair of operations.
struct IntDouble {
  Prim i, d;
};

}  // namespace

bool Elaborator::isScalarGlyph(char32_t g, bool dyadic) const {
  switch (g) {
    case U'+': case U'-': case U'×': case U'÷': case U'*': case U'⍟': case U'|': case U'⌈': case U'⌊':
    case U'○': case U'!': return true;
    case U'?': return !dyadic;
    case U'~': return !dyadic;
    case U'∧': case U'∨': case U'⍲': case U'⍱': case U'<': case U'≤': case U'=': case U'≥': case U'>':
    case U'≠': return dyadic;
    default: return false;
  }
}

Val Elaborator::complexMonadic(char32_t g, const Val& x, SourceLoc loc) {
  switch (g) {
    case U'+': return bindPrim(Prim::ConjZ, {x.exp}, loc);
    case U'-': return bindPrim(Prim::NegZ, {x.exp}, loc);
    case U'÷': return bindPrim(Prim::DivZ, {tail::ComplexConst::make(1.0, 0.0), x.exp}, loc);
    case U'|': return bindPrim(Prim::AbsZ, {x.exp}, loc);
    default: notSupported(loc, "monadic " + glyphText(g) + " on complex numbers");
  }
}

Val Elaborator::complexDyadic(char32_t g, const Val& x, const Val& y, SourceLoc loc) {
  auto z2 = [&](Prim op) {
    return bindPrim(op, {convert(x, Base::complexT(), loc).exp, convert(y, Base::complexT(), loc).exp}, loc);
  };
  switch (g) {
    case U'+': return z2(Prim::AddZ);
    case U'-': return z2(Prim::SubZ);
    case U'×': return z2(Prim::MulZ);
    case U'÷': return z2(Prim::DivZ);
    case U'=': return z2(Prim::EqZ);
    case U'≠': return z2(Prim::NeqZ);
    case U'<': case U'≤': case U'≥': case U'>': case U'⌈': case U'⌊':
      fail(loc, "DOMAIN ERROR: complex numbers have no order (" + glyphText(g) + ")");
    case U'○': {
      auto k = x.knownInt();
      if (k && *k == 9) return bindPrim(Prim::RealZ, {y.exp}, loc);
      if (k && *k == 11) return bindPrim(Prim::ImagZ, {y.exp}, loc);
      notSupported(loc, "○ on complex numbers other than 9○ and 11○");
    }
    default: notSupported(loc, "dyadic " + glyphText(g) + " on complex numbers");
  }
}

Val Elaborator::scalarMonadic(char32_t g, const Val& x, SourceLoc loc) {
  if (g != U'+' ) requireNumeric(x, g, loc);
  if (isComplex(x)) return complexMonadic(g, x, loc);
  Base b = x.base();
  bool dbl = b.kind == BaseKind::Double;
  auto asInt = [&] { return convert(x, Base::intT(), loc); };
  auto asDouble = [&] { return convert(x, Base::doubleT(), loc); };
  switch (g) {
    case U'+': return x;
    case U'-':
      if (dbl) return bindPrim(Prim::NegD, {x.exp}, loc);
      if (auto c = x.knownInt()) return intConst(-*c);
      return bindPrim(Prim::NegI, {asInt().exp}, loc);
    case U'×': return dbl ? bindPrim(Prim::SignD, {x.exp}, loc) : bindPrim(Prim::SignI, {asInt().exp}, loc);
    case U'÷': return bindPrim(Prim::DivD, {tail::DoubleConst::make(1.0), asDouble().exp}, loc);
    case U'*': return bindPrim(Prim::ExpD, {asDouble().exp}, loc);
    case U'⍟': return bindPrim(Prim::LnD, {asDouble().exp}, loc);
    case U'|': return dbl ? bindPrim(Prim::AbsD, {x.exp}, loc) : bindPrim(Prim::AbsI, {asInt().exp}, loc);
    case U'⌈': return dbl ? bindPrim(Prim::Ceil, {x.exp}, loc) : x;
    case U'⌊': return dbl ? bindPrim(Prim::Floor, {x.exp}, loc) : x;
    case U'○': return bindPrim(Prim::PiMul, {asDouble().exp}, loc);
    case U'~': return bindPrim(Prim::NotB, {convert(x, Base::boolT(), loc).exp}, loc);
    case U'!': {
      if (dbl) notSupported(loc, "! (factorial) of non-integers");
      Val n = asInt();
      Val range = bindPrim(Prim::Iota, {n.exp}, loc);
      return bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::MulI), tail::IntConst::make(1), range.exp}, loc);
    }
    case U'?': {
      if (dbl) fail(loc, "DOMAIN ERROR: ? needs integers");
      auto c = x.knownInt();
      if (!c && x.known) c = x.knownInt();
      if (c && *c == 0) return bindPrim(Prim::RollD, {tail::IntConst::make(0)}, loc);
      return fromOrigin1(bindPrim(Prim::Roll, {asInt().exp}, loc), loc);
    }
    default: break;
  }
  throw InternalError("scalarMonadic: not a scalar glyph");
}

Val Elaborator::scalarDyadic(char32_t g, const Val& x, const Val& y, SourceLoc loc) {
  Base bx = x.base(), by = y.base();
  // = and ≠ compare anything; characters never equal numbers.
  if (g == U'=' || g == U'≠') {
    bool eq = g == U'=';
    if (bx.kind == BaseKind::Char && by.kind == BaseKind::Char)
      return bindPrim(eq ? Prim::EqC : Prim::NeqC, {x.exp, y.exp}, loc);
    if (bx.kind == BaseKind::Char || by.kind == BaseKind::Char) return boolConst(!eq);
    if (bx.kind == BaseKind::Bool && by.kind == BaseKind::Bool)
      return bindPrim(eq ? Prim::EqB : Prim::NeqB, {x.exp, y.exp}, loc);
  }
  requireNumeric(x, g, loc);
  requireNumeric(y, g, loc);
  Base joined = joinBase(bx, by, loc);
  if (joined.kind == BaseKind::Complex) {
    if (g == U'○' && bx.kind == BaseKind::Complex) fail(loc, "DOMAIN ERROR: the left argument of ○ must be an integer");
    return complexDyadic(g, x, y, loc);
  }
  bool dbl = joined.kind == BaseKind::Double;
  auto num = [&](IntDouble ops) {
    Base to = dbl ? Base::doubleT() : Base::intT();
    return bindPrim(dbl ? ops.d : ops.i, {convert(x, to, loc).exp, convert(y, to, loc).exp}, loc);
  };
  auto dbl2 = [&](Prim op) {
    return bindPrim(op, {convert(x, Base::doubleT(), loc).exp, convert(y, Base::doubleT(), loc).exp}, loc);
  };
  auto int2 = [&](Prim op) {
    return bindPrim(op, {convert(x, Base::intT(), loc).exp, convert(y, Base::intT(), loc).exp}, loc);
  };
  auto bool2 = [&](Prim op) {
    return bindPrim(op, {convert(x, Base::boolT(), loc).exp, convert(y, Base::boolT(), loc).exp}, loc);
  };
  switch (g) {
    case U'+': return num({Prim::AddI, Prim::AddD});
    case U'-': return num({Prim::SubI, Prim::SubD});
    case U'×': return num({Prim::MulI, Prim::MulD});
    case U'÷': return dbl2(Prim::DivD);
    case U'*': return dbl2(Prim::PowD);
    case U'⍟': return dbl2(Prim::LogD);
    case U'|': return num({Prim::ResI, Prim::ResD});
    case U'⌈': return num({Prim::MaxI, Prim::MaxD});
    case U'⌊': return num({Prim::MinI, Prim::MinD});
    case U'<': return num({Prim::LtI, Prim::LtD});
    case U'≤': return num({Prim::LteI, Prim::LteD});
    case U'=': return num({Prim::EqI, Prim::EqD});
    case U'≥': return num({Prim::GteI, Prim::GteD});
    case U'>': return num({Prim::GtI, Prim::GtD});
    case U'≠': return num({Prim::NeqI, Prim::NeqD});
    // Dyalog's lcm and gcd of two numbers (a whole double converted to an integer, with d2iw's
    // DOMAIN ERROR otherwise); and, or when either argument is boolean, the other converted with
    // i2b's check. They agree on 0 and 1, and the boolean result keeps what follows boolean: an
    // int-typed 0/1 array (2|x) and'ed with a comparison, then reduced by ≠ (sobol's ≠.∧), would
    // otherwise be a fold of integers by ≠, with no identity: the quadratic scan (10× slower).
    case U'∧': return bx.kind == BaseKind::Bool || by.kind == BaseKind::Bool ? bool2(Prim::AndB) : int2(Prim::LcmI);
    case U'∨': return bx.kind == BaseKind::Bool || by.kind == BaseKind::Bool ? bool2(Prim::OrB) : int2(Prim::GcdI);
    case U'⍲': return bool2(Prim::NandB);
    case U'⍱': return bool2(Prim::NorB);
    case U'○': {
      auto k = x.knownInt();
      if (!k) notSupported(loc, "○ with a left argument that is not a constant");
      Val v = convert(y, Base::doubleT(), loc);
      switch (*k) {
        case 0: {  // (1-y²)*0.5
          Val sq = bindPrim(Prim::MulD, {v.exp, v.exp}, loc);
          Val d = bindPrim(Prim::SubD, {tail::DoubleConst::make(1.0), sq.exp}, loc);
          return bindPrim(Prim::PowD, {d.exp, tail::DoubleConst::make(0.5)}, loc);
        }
        case 1: return bindPrim(Prim::Sin, {v.exp}, loc);
        case 2: return bindPrim(Prim::Cos, {v.exp}, loc);
        case 3: return bindPrim(Prim::Tan, {v.exp}, loc);
        case -1: return bindPrim(Prim::Asin, {v.exp}, loc);
        case -2: return bindPrim(Prim::Acos, {v.exp}, loc);
        case -3: return bindPrim(Prim::Atan, {v.exp}, loc);
        case 5: return bindPrim(Prim::Sinh, {v.exp}, loc);
        case 6: return bindPrim(Prim::Cosh, {v.exp}, loc);
        case 7: return bindPrim(Prim::Tanh, {v.exp}, loc);
        case 9: return v;                        // the real part of a real number
        case 11: return doubleConst(0.0);        // its imaginary part
        default: notSupported(loc, std::to_string(*k) + "○ (circular function " + std::to_string(*k) + ")");
      }
    }
    case U'!': {  // binomial, for integer arguments (Dyalog's table)
      if (dbl) notSupported(loc, "! (binomial) of non-integers");
      Val xi = convert(x, Base::intT(), loc), yi = convert(y, Base::intT(), loc);
      // x ≥ 0: P(x, y) = (y-x+1)×…×y ÷ 1×…×x, which is also Dyalog's (¯1*x)×x!x-y+1 for y < 0
      // and 0 for 0 ≤ y < x (a factor is 0). x < 0: (¯1*y-x)×(|y+1)!(|x+1) = ±P(-y-1, -x-1)
      // when y < 0 and y ≥ x, else 0. Selected arithmetically (masks 0/1), without overflow.
      // 0 ≤ y < x is 0 with no terms at all, not x of them (43046721!1 took the interpreter 27 s).
      auto i = [&](int64_t v) { return tail::IntConst::make(v); };
      Exp xNeg = prim(Prim::LtI, {xi.exp, i(0)});
      Exp yBelowX = prim(Prim::AndB, {prim(Prim::NotB, {prim(Prim::LtI, {yi.exp, i(0)})}), prim(Prim::LtI, {yi.exp, xi.exp})});
      Val keep = bindPrim(Prim::B2I, {prim(Prim::AndB, {prim(Prim::NotB, {xNeg}), prim(Prim::NotB, {yBelowX})})}, loc);
      Exp yInRange = prim(Prim::AndB, {prim(Prim::LtI, {yi.exp, i(0)}), prim(Prim::NotB, {prim(Prim::LtI, {yi.exp, xi.exp})})});
      Val swap = bindPrim(Prim::B2I, {prim(Prim::AndB, {xNeg, yInRange})}, loc);
      Val n = bindPrim(Prim::AddI, {prim(Prim::MulI, {keep.exp, xi.exp}), prim(Prim::MulI, {swap.exp, prim(Prim::SubI, {i(-1), yi.exp})})}, loc);
      Val m = bindPrim(Prim::AddI, {prim(Prim::MulI, {keep.exp, yi.exp}), prim(Prim::MulI, {swap.exp, prim(Prim::SubI, {i(-1), xi.exp})})}, loc);
      Exp oddDifference = prim(Prim::AbsI, {prim(Prim::SubI, {prim(Prim::ResI, {i(2), yi.exp}), prim(Prim::ResI, {i(2), xi.exp})})});
      Val sign = bindPrim(Prim::AddI, {keep.exp, prim(Prim::MulI, {swap.exp, prim(Prim::SubI, {i(1), prim(Prim::MulI, {i(2), oddDifference})})})}, loc);
      Val ks = bindPrim(Prim::Iota, {n.exp}, loc);
      Exp term = lambda(Type::scalar(Base::intT()), [&](const Val& k) {
        Val top = bindPrim(Prim::AddI, {prim(Prim::SubI, {m.exp, n.exp}), k.exp}, loc);
        return bindPrim(Prim::DivD, {prim(Prim::I2D, {top.exp}), prim(Prim::I2D, {k.exp})}, loc);
      });
      Val terms = bindPrim(Prim::Each, {term, ks.exp}, loc);
      Val product = bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::MulD), tail::DoubleConst::make(1.0), terms.exp}, loc);
      Val rounded = bindPrim(Prim::AddD, {product.exp, tail::DoubleConst::make(0.5)}, loc);
      Val magnitude = bindPrim(Prim::Floor, {rounded.exp}, loc);
      return bindPrim(Prim::MulI, {sign.exp, magnitude.exp}, loc);
    }
    default: break;
  }
  throw InternalError("scalarDyadic: not a scalar glyph");
}

Val Elaborator::systemDyadic(const std::string& name, const Val& x, const Val& y, SourceLoc loc) {
  static const std::map<std::string, Prim> ops = {
      {"⎕INT32AND", Prim::AndI}, {"⎕INT32OR", Prim::OrI},   {"⎕INT32XOR", Prim::XorI},
      {"⎕INT32SHL", Prim::ShlI}, {"⎕INT32SHR", Prim::ShrI}, {"⎕INT32SHAR", Prim::ShaI},
  };
  auto it = ops.find(name);
  if (it == ops.end()) notSupported(loc, name + " used dyadically");
  if (x.base().kind == BaseKind::Double || y.base().kind == BaseKind::Double || x.base().kind == BaseKind::Char ||
      y.base().kind == BaseKind::Char)
    fail(loc, "DOMAIN ERROR: " + name + " needs integers");
  return bindPrim(it->second, {convert(x, Base::intT(), loc).exp, convert(y, Base::intT(), loc).exp}, loc);
}

// ------------------------------------------------------------------------ scalar extension

Val Elaborator::pervasive1(const std::function<Val(const Val&)>& f, const Val& a, SourceLoc loc) {
  requireArray(a, loc);
  if (a.rank() == 0) return f(a);
  Type resultType;
  Exp fn = lambda(Type::scalar(a.base()), [&](const Val& x) {
    Val r = f(x);
    if (r.isTuple() || r.rank() != 0) notSupported(loc, "a function returning non-scalars applied to each item");
    return r;
  }, &resultType);
  bool vec = a.staticLength().has_value();
  return bindPrim(vec ? Prim::EachV : Prim::Each, {fn, a.exp}, loc);
}

Val Elaborator::literalAsNumberBeside(const Val& v, const Val& other, SourceLoc loc) {
  BaseKind o = other.isTuple() ? BaseKind::Char : other.base().kind;
  if (!v.known || v.base().kind != BaseKind::Bool || (o != BaseKind::Int && o != BaseKind::Double)) return v;
  return convert(v, Base::intT(), loc);
}

Val Elaborator::pervasive2(const std::function<Val(const Val&, const Val&)>& f, const Val& a, const Val& b,
                           SourceLoc loc) {
  requireArray(a, loc);
  requireArray(b, loc);
  if (a.known || b.known) {
    Val a1 = literalAsNumberBeside(a, b, loc), b1 = literalAsNumberBeside(b, a, loc);
    if (a1.base() != a.base() || b1.base() != b.base()) return pervasive2(f, a1, b1, loc);
  }
  int64_t ra = a.rank(), rb = b.rank();
  auto checkScalar = [&](const Val& r) {
    if (r.isTuple() || r.rank() != 0) notSupported(loc, "a function returning non-scalars applied item by item");
    return r;
  };
  if (ra == 0 && rb == 0) return f(a, b);
  if (ra == 0 || rb == 0) {
    const Val& arr = ra == 0 ? b : a;
    Exp fn = lambda(Type::scalar(arr.base()), [&](const Val& x) {
      return checkScalar(ra == 0 ? f(a, x) : f(x, b));
    });
    bool vec = arr.staticLength().has_value();
    return bindPrim(vec ? Prim::EachV : Prim::Each, {fn, arr.exp}, loc);
  }
  if (ra != rb) {
    // Arguments of different ranks conform only by singleton extension (docs/semantics.md): the
    // one-element argument extends like a scalar, the result takes the other's shape; when both
    // have one element, the one of lower rank extends. With static ranks, which one extends is
    // decided here: the lower-rank one when it has one element or when nothing says it has not
    // (`single` checks at run time: RANK ERROR unless it has one element), the higher-rank one
    // (checked the same way) when the lower-rank one surely has other than one element.
    bool aLow = ra < rb;
    const Val& low = aLow ? a : b;
    const Val& high = aLow ? b : a;
    auto extended = [&](const Val& v) {
      if (v.staticLength() == 1) return first(v, loc);
      return bindPrim(Prim::Single, {v.exp}, loc);
    };
    bool lowNotSingle = low.staticLength() && *low.staticLength() != 1;
    Val lowV = lowNotSingle ? low : extended(low);
    Val highV = lowNotSingle ? extended(high) : high;
    return aLow ? pervasive2(f, lowV, highV, loc) : pervasive2(f, highV, lowV, loc);
  }
  auto la = a.staticLength(), lb = b.staticLength();
  // A one-element vector extends like a scalar (singleton extension): when its length is known
  // statically, here; else zipWith extends a one-element argument at run time.
  if (la != lb) {
    if (la == 1) return pervasive2(f, first(a, loc), b, loc);
    if (lb == 1) return pervasive2(f, a, first(b, loc), loc);
  }
  if (la && lb && *la != *lb)
    fail(loc, "LENGTH ERROR: arguments of length " + std::to_string(*la) + " and " + std::to_string(*lb));
  Exp fn = lambda2(Type::scalar(a.base()), Type::scalar(b.base()),
                   [&](const Val& x, const Val& y) { return checkScalar(f(x, y)); });
  bool vec = la && lb;
  return bindPrim(vec ? Prim::ZipWithV : Prim::ZipWith, {fn, a.exp, b.exp}, loc);
}

Exp Elaborator::scalarFn1(const FnVal& f, Base a, Base* result, SourceLoc loc) {
  Type rt;
  Exp fn = lambda(Type::scalar(a), [&](const Val& x) {
    Val r = f.apply(*this, nullptr, x, loc);
    if (r.isTuple() || r.rank() != 0) notSupported(loc, f.name + " returning non-scalars here");
    return r;
  }, &rt);
  *result = rt.base();
  return fn;
}

Exp Elaborator::scalarFn2(const FnVal& f, Base a, Base b, Base* result, SourceLoc loc) {
  Type rt;
  Exp fn = lambda2(Type::scalar(a), Type::scalar(b), [&](const Val& x, const Val& y) {
    Val r = f.apply(*this, &x, y, loc);
    if (r.isTuple() || r.rank() != 0) notSupported(loc, f.name + " returning non-scalars here");
    return r;
  }, &rt);
  *result = rt.base();
  return fn;
}

std::optional<Val> Elaborator::identityItem(const FnVal& f, Base b) {
  bool dbl = b.kind == BaseKind::Double, bl = b.kind == BaseKind::Bool;
  auto num = [&](int64_t v) -> Val {
    if (b.kind == BaseKind::Complex) return bind(tail::ComplexConst::make(static_cast<double>(v), 0.0), {});
    if (bl) return boolConst(v != 0);
    return dbl ? doubleConst(static_cast<double>(v)) : intConst(v);
  };
  if (f.name == "⎕INT32XOR" || f.name == "⎕INT32OR") return b.kind == BaseKind::Int ? std::optional<Val>(intConst(0)) : std::nullopt;
  if (f.name == "⎕INT32AND") return b.kind == BaseKind::Int ? std::optional<Val>(intConst(-1)) : std::nullopt;
  switch (f.glyph) {
    case U'+': case U'-': case U'∨': case U'≠': case U'|': return num(0);
    case U'×': case U'÷': case U'∧': case U'=': case U'*': case U'!': return num(1);
    case U'⌈':
      if (bl) return boolConst(false);
      return dbl ? doubleConst(-std::numeric_limits<double>::max()) : intConst(std::numeric_limits<int64_t>::min());
    case U'⌊':
      if (bl) return boolConst(true);
      return dbl ? doubleConst(std::numeric_limits<double>::max()) : intConst(std::numeric_limits<int64_t>::max());
    case U'<': case U'>': return num(0);
    case U'≤': case U'≥': return num(1);
    default: return std::nullopt;
  }
}

}  // namespace aplc::apl::elab
