// Number representation and where: ⊥ (decode), ⊤ (encode), ⍸ (where, interval index). Each is
// built from other elaborated primitives (scan, inner and outer products, residue, replicate), so
// TAIL needs no new primitive and every path (interpreter, compiled) runs the same code.
#include "apl/ElabCore.h"
#include "support/Diagnostics.h"

namespace aplc::apl::elab {

using tail::BaseKind;
using tail::Prim;

namespace {

void requireNumbers(const Val& v, SourceLoc loc, const char* what) {
  if (v.base().kind == BaseKind::Char) fail(loc, std::string("DOMAIN ERROR: ") + what + " must be numbers");
  if (v.base().kind == BaseKind::Complex) notSupported(loc, std::string(what) + " of complex numbers");
}

}  // namespace

// A⊥B (Dyalog): B's first axis holds the digits, A the radices (a scalar, or a vector whose
// length is that of B's first axis; a length 1 on either side extends). Digit i weighs the
// product of the radices after it, so A⊥B is W+.×B with W ← ⌽×\⌽1↓A,1. A of rank > 1 is not
// supported.
Val Elaborator::decode(const Val& a0, const Val& b0, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  requireNumbers(a0, loc, "the left argument of ⊥");
  requireNumbers(b0, loc, "the right argument of ⊥");
  if (a0.rank() > 1) notSupported(loc, "⊥ with a left argument of rank > 1");
  Val a = a0, b = b0;
  auto la = a.rank() == 0 ? std::optional<int64_t>(1) : a.staticLength();
  if (b.rank() == 0) {
    if (a.rank() == 0) return b;  // a one-digit number is its digit
    b = reshape(toVector(tally(a, loc), loc), b, loc);
  }
  std::optional<int64_t> lb = b.rank() == 1 ? b.staticLength() : lengthOfAxis(b, 1, loc).knownInt();
  if (la && lb && *la != *lb && *la != 1 && *lb != 1)
    fail(loc, "LENGTH ERROR: " + std::to_string(*la) + " radices for " + std::to_string(*lb) + " digits");
  // A length 1 extends (Dyalog), at compile time when it is known, else by a test at run time.
  Val rows = lengthOfAxis(b, 1, loc), radices = tally(a, loc);
  auto extendRadices = [&] { return reshape(toVector(rows, loc), a, loc); };
  auto extendDigits = [&] {  // one row of digits for every radix
    Val rest = take(intConst(1), shapeOf(b, loc), loc, true);
    return reshape(catenate(radices, rest, loc), b, loc);
  };
  auto isOne = [&](const Val& n) { return bindPrim(Prim::EqI, {n.exp, tail::IntConst::make(1)}, loc); };
  if (la == 1) a = extendRadices();
  else if (!la && lb != 1) a = cond(isOne(radices), extendRadices, [&] { return a; }, loc);
  if (lb == 1 && la != 1) b = extendDigits();
  else if (!lb && la != 1) b = cond(isOne(rows), extendDigits, [&] { return b; }, loc);
  FnVal plus = primitiveFn(U'+'), times = primitiveFn(U'×');
  Val tail = take(intConst(1), catenate(a, intConst(1), loc), loc, true);
  Val weights = reverse(scan(times, reverse(tail, loc, false), loc, false), loc, false);
  return innerProduct(plus, times, weights, b, loc);
}

// A⊤B (Dyalog): the representation of each number of B in the radices A, one digit per item of
// A, so the result's shape is (⍴A),⍴B. From the last radix to the first: the digit is radix|r and
// r becomes (r - digit)÷radix; a radix 0 takes all of r as its digit and leaves 0. Digit i of x is
// computed on its own (a ⍣ loop over the radices after i), as an outer product of ⍳≢A with B.
// A scalar A is one digit: A|B. A of rank > 1 is not supported.
Val Elaborator::encode(const Val& a0, const Val& b0, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  requireNumbers(a0, loc, "the left argument of ⊤");
  requireNumbers(b0, loc, "the right argument of ⊤");
  if (a0.rank() > 1) notSupported(loc, "⊤ with a left argument of rank > 1");
  if (a0.rank() == 0) return primitiveDyadic(U'|', a0, b0, loc);
  Base base = joinBase(joinBase(a0.base(), b0.base(), loc), Base::intT(), loc);
  Val a = convert(a0, base, loc), b = convert(b0, base, loc);
  Val n = tally(a, loc);
  bool dbl = base.kind == BaseKind::Double;
  Exp zero = dbl ? tail::DoubleConst::make(0.0) : tail::IntConst::make(0);
  auto radixAt = [&](const Val& k) { return bindPrim(Prim::Index, {tail::IntConst::make(1), k.exp, a.exp}, loc); };
  FnVal digit;
  digit.name = "⊤";
  digit.apply = [&](Elaborator& el, const Val* position, const Val& x, SourceLoc) -> Val {
    // r after the radices position+1 … n, by a ⍣ loop over (r, k) from k = n down.
    Type stateT = Type::tuple({Type::scalar(base), Type::scalar(Base::intT())});
    Exp step = el.lambda(stateT, [&](const Val& s) {
      Val r = el.bind(tail::Proj::make(0, s.exp), loc);
      Val k = el.bind(tail::Proj::make(1, s.exp), loc);
      Val radix = radixAt(k);
      Val d = el.scalarDyadic(U'|', radix, r, loc);
      Val rest = el.scalarDyadic(U'-', r, d, loc);
      // (r - d) is a multiple of the radix, exactly; a radix 0 leaves 0 (r - d is 0 there).
      Val isZero = el.bindPrim(dbl ? Prim::EqD : Prim::EqI, {radix.exp, zero}, loc);
      Val bump = el.convert(isZero, base, loc);
      Val divisor = el.bindPrim(dbl ? Prim::AddD : Prim::AddI, {radix.exp, bump.exp}, loc);
      Val next = el.bindPrim(dbl ? Prim::DivD : Prim::DivI, {rest.exp, divisor.exp}, loc);
      Val previous = el.bindPrim(Prim::SubI, {k.exp, tail::IntConst::make(1)}, loc);
      return el.bindTuple({next, previous}, loc);
    }, nullptr, stateT);
    Val count = el.bindPrim(Prim::SubI, {n.exp, position->exp}, loc);
    Val start = el.bindTuple({el.convert(x, base, loc), n}, loc);
    Val done = el.bindPrim(Prim::Power, {step, count.exp, start.exp}, loc);
    Val r = el.bind(tail::Proj::make(0, done.exp), loc);
    return el.scalarDyadic(U'|', radixAt(*position), r, loc);
  };
  Val positions = bindPrim(Prim::Iota, {n.exp}, loc);
  return outerProduct(digit, positions, b, loc);
}

// ⍸B for a vector B of non-negative integers (booleans: the positions of the 1s): each index
// repeated B[i] times, in ⎕IO. Other ranks give nested arrays (not supported).
Val Elaborator::where(const Val& x, SourceLoc loc) {
  requireArray(x, loc);
  if (x.rank() != 1) notSupported(loc, "⍸ (where) of an array of rank " + std::to_string(x.rank()) + " (its result is nested)");
  requireNumbers(x, loc, "the argument of ⍸");
  Val positions = bindPrim(Prim::Iota, {tally(x, loc).exp}, loc);
  return fromOrigin1(replicate(x, positions, loc, false), loc);
}

// A⍸B (interval index, Dyalog): for each item y of B, the index of the interval of the sorted
// vector A that holds y: the number of items of A that are <= y, less 1 when ⎕IO is 0 (an index
// before A's first interval is ⎕IO-1). Comparisons are exact (Dyalog's ⍸ ignores ⎕CT). Quadratic:
// every y is compared with every item of A. An A that is not increasing is a DOMAIN ERROR in
// Dyalog; aplc reports it at compile time when A is known integers, and does not check an A
// known only at run time. Characters and A of rank > 1 (major cells) are not supported.
Val Elaborator::intervalIndex(const Val& a0, const Val& b0, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  if (a0.rank() == 0) fail(loc, "RANK ERROR: the left argument of dyadic ⍸ must be a vector");
  if (a0.rank() > 1) notSupported(loc, "⍸ (interval index) with a left argument of rank > 1");
  if (a0.base().kind == BaseKind::Char || b0.base().kind == BaseKind::Char)
    notSupported(loc, "⍸ (interval index) of characters");
  requireNumbers(a0, loc, "the left argument of ⍸");
  requireNumbers(b0, loc, "the right argument of ⍸");
  if (auto ks = a0.knownInts())
    for (size_t i = 1; i < ks->size(); ++i)
      if ((*ks)[i] < (*ks)[i - 1]) fail(loc, "DOMAIN ERROR: the left argument of ⍸ must be in ascending order");
  Base base = joinBase(joinBase(a0.base(), b0.base(), loc), Base::intT(), loc);
  bool dbl = base.kind == BaseKind::Double;
  Val a = convert(a0, base, loc), b = convert(b0, base, loc);
  Val count = pervasive1([&](const Val& y) {
    Exp below = lambda(Type::scalar(base), [&](const Val& ai) {
      return convert(bindPrim(dbl ? Prim::LteD : Prim::LteI, {ai.exp, y.exp}, loc), Base::intT(), loc);
    });
    Val flags = bindPrim(Prim::Each, {below, a.exp}, loc);
    return bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::AddI), tail::IntConst::make(0), flags.exp}, loc);
  }, b, loc);
  return fromOrigin1(count, loc);
}

}  // namespace aplc::apl::elab
