// Operators: reduce and scan (with identity items and element-type promotion), each, outer and
// inner product (the thesis's reshape-and-transpose scheme, §3.2), power (a TAIL `power` whose
// iterated value's type is widened until it is a fixed point), and conditionals for guards.
#include <limits>
#include <numeric>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"
#include "tail/ir/Print.h"

namespace aplc::apl::elab {

using tail::BaseKind;
using tail::Prim;
using tail::TypeKind;

namespace {

// Can a value of base `from` be turned into `to` without changing its meaning (or failing
// loudly at run time, for int to bool)?
bool canConvert(Base from, Base to) {
  if (from == to) return true;
  if (from.kind == BaseKind::Char || to.kind == BaseKind::Char) return false;
  if (to.kind == BaseKind::Bool) return from.kind == BaseKind::Int;
  return promotionRank(from) < promotionRank(to);
}

}  // namespace

// ----------------------------------------------------------------------------- reduce, scan

namespace {

// The element type at which f is a κ → κ → κ function, converting x to it; the function.
struct Folder {
  Exp fn;
  Val x;
  bool booleanAsNumber = false;  // fn is f with its boolean result converted back to x's base
};

// 0 or 1 when the constant e is one of them.
std::optional<int> zeroOrOne(const Exp& e) {
  if (const auto* i = e.as<tail::IntConst>(); i && (i->value == 0 || i->value == 1)) return static_cast<int>(i->value);
  if (const auto* d = e.as<tail::DoubleConst>(); d && (d->value == 0.0 || d->value == 1.0)) return d->value == 1.0;
  if (const auto* b = e.as<tail::BoolConst>()) return b->value ? 1 : 0;
  return std::nullopt;
}

}  // namespace

static Folder makeFolder(Elaborator& el, const FnVal& f, const Val& x0, SourceLoc loc) {
  Val x = x0;
  for (int attempt = 0; attempt < 3; ++attempt) {
    Base k = x.base();
    Base result;
    Exp fn = el.scalarFn2(f, k, k, &result, loc);
    if (result == k) return {fn, x};
    // A comparison of numbers folds in their base, its boolean result converted back: =/3 3 is
    // 1 and >/,3 is 3 (Dyalog); the values met after the first step are 0 and 1.
    if (result.kind == BaseKind::Bool && (k.kind == BaseKind::Int || k.kind == BaseKind::Double)) {
      Exp numeric = el.lambda2(Type::scalar(k), Type::scalar(k), [&](const Val& a, const Val& b) {
        return el.convert(f.apply(el, &a, b, loc), k, loc);
      });
      return {numeric, x, true};
    }
    if (!canConvert(k, result))
      notSupported(loc, "reducing " + describeBase(k) + "s with " + f.name + ", which gives " + describeBase(result) + "s");
    x = el.convert(x, result, loc);
  }
  notSupported(loc, "reducing with " + f.name + " (its result type never settles)");
}

Val Elaborator::reduce(const FnVal& f, const Val& x, SourceLoc loc, bool firstAxis) {
  requireArray(x, loc);
  if (x.rank() == 0) return x;
  if (firstAxis && x.rank() >= 2) {
    Val t = bindPrim(Prim::Transp, {x.exp}, loc);
    Val r = reduce(f, t, loc, false);
    return transpose(r, loc);
  }
  Folder folder = makeFolder(*this, f, x, loc);
  Base k = folder.x.base();
  bool numeric = k.kind == BaseKind::Int || k.kind == BaseKind::Bool;
  // ⌈/ and ⌊/ of an empty axis are ∓1.797693135E308 (Dyalog), a double: known empty, that is the
  // result; an int result cannot hold it, so an axis that is empty at run time is a DOMAIN ERROR.
  if ((f.glyph == U'⌈' || f.glyph == U'⌊') && numeric) {
    if (auto len = folder.x.staticLength(); len && *len == 0)
      return doubleConst(f.glyph == U'⌈' ? -std::numeric_limits<double>::max() : std::numeric_limits<double>::max());
    if (!folder.x.staticLength()) bindPrim(Prim::NonEmpty, {lengthOfAxis(folder.x, folder.x.rank(), loc).exp}, loc);
  }
  std::optional<Val> z = identityItem(f, k);
  // TAIL's reduce is a right fold with z innermost (f(xn, z) first): z must be a right identity.
  // |, !, < and ≤ have an identity for the empty case (0|y = y, …) but it is not a right one.
  // So do the comparisons of numbers (booleanAsNumber: 3>0 is 1, not 3).
  bool rightIdentity = !(f.glyph == U'|' || f.glyph == U'!' || f.glyph == U'<' || f.glyph == U'≤') &&
                       !folder.booleanAsNumber;
  if (z && rightIdentity) return bindPrim(Prim::Reduce, {folder.fn, z->exp, folder.x.exp}, loc);
  if (folder.x.rank() >= 2 && (f.glyph == U'<' || f.glyph == U'≤') && k.kind == BaseKind::Bool) {
    // On booleans, </x is (the last item) ∧ ~∨/(the others): 0 for an empty axis (the last item is
    // then the fill 0); ≤/x is ~</~x (1 for an empty axis).
    auto negate = [&](const Val& v) {
      return pervasive1([&](const Val& e) { return bindPrim(Prim::NotB, {e.exp}, loc); }, v, loc);
    };
    auto less = [&](const Val& v) {
      int64_t r = v.rank();
      Val lastColumn = takeAxis(intConst(-1), v, r, loc, false);
      Val last = reshape(dropLastOfShape(v, loc), lastColumn, loc);
      Val rest = takeAxis(intConst(-1), v, r, loc, true);
      Val any = bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::OrB), tail::BoolConst::make(false), rest.exp}, loc);
      return pervasive2([&](const Val& a, const Val& b) {
        return bindPrim(Prim::AndB, {a.exp, bindPrim(Prim::NotB, {b.exp}, loc).exp}, loc);
      }, last, any, loc);
    };
    return f.glyph == U'<' ? less(folder.x) : negate(less(negate(folder.x)));
  }
  if (folder.x.rank() >= 2) {
    // Without a right identity: f/ along the last axis is the last item of f\ (TAIL's scan computes
    // each item as the exact right fold of the items up to it; quadratic in the axis length).
    // An empty axis gives the fill 0 there: right when the identity is 0; an identity 1 (! = ≤ ≥)
    // is added; no identity is a DOMAIN ERROR.
    int64_t r = folder.x.rank();
    Val n = lengthOfAxis(folder.x, r, loc);
    if (!z) bindPrim(Prim::NonEmpty, {n.exp}, loc);
    Val scanned = bindPrim(Prim::Scan, {folder.fn, folder.x.exp}, loc);
    Val lastColumn = takeAxis(intConst(-1), scanned, r, loc, false);
    Val result = reshape(dropLastOfShape(folder.x, loc), lastColumn, loc);
    std::optional<int> identity = z ? zeroOrOne(z->exp) : std::nullopt;
    if (z && !identity) notSupported(loc, "reducing an array of rank > 1 with " + f.name);
    if (identity == 1) {
      Val empty = convert(bindPrim(Prim::EqI, {n.exp, tail::IntConst::make(0)}, loc), k, loc);
      result = pervasive2([&](const Val& a, const Val& b) { return scalarDyadic(U'+', a, b, loc); }, result, empty, loc);
    }
    return result;
  }
  // f/ v is v[1] f v[2] f … f v[n]: fold the rest onto the last item; an empty v gives the identity
  // item, or a DOMAIN ERROR when f has none (Dyalog).
  // (Checked at run time even when the length is known: the code may never run.)
  if (!z && folder.x.staticLength().value_or(0) == 0)
    bindPrim(Prim::NonEmpty, {lengthOfAxis(folder.x, 1, loc).exp}, loc);
  // The first item of the reversed vector is the last one, or z (or the fill) if it is empty.
  Val reversed = bindPrim(Prim::Reverse, {folder.x.exp}, loc);
  Val lastItem = bindPrim(Prim::First, {z ? z->exp : fillExp(k), reversed.exp}, loc);
  Val rest = bindPrim(Prim::Drop, {tail::IntConst::make(-1), folder.x.exp}, loc);
  return bindPrim(Prim::Reduce, {folder.fn, lastItem.exp, rest.exp}, loc);
}

Val Elaborator::scan(const FnVal& f, const Val& x, SourceLoc loc, bool firstAxis) {
  requireArray(x, loc);
  if (x.rank() == 0) return x;
  if (firstAxis && x.rank() >= 2) {
    Val t = bindPrim(Prim::Transp, {x.exp}, loc);
    Val r = scan(f, t, loc, false);
    return bindPrim(Prim::Transp, {r.exp}, loc);
  }
  Folder folder = makeFolder(*this, f, x, loc);
  return bindPrim(Prim::Scan, {folder.fn, folder.x.exp}, loc);
}

// --------------------------------------------------------------------------- each, products

Val Elaborator::each(const FnVal& f, const Val* left, const Val& right, SourceLoc loc) {
  if (right.isTuple() || (left && left->isTuple())) {
    if (left) notSupported(loc, "dyadic ¨ on nested arrays (tuples)");
    std::vector<Val> items;
    for (const Val& item : right.items) items.push_back(f.apply(*this, nullptr, item, loc));
    return bindTuple(std::move(items), loc);
  }
  if (!left) return pervasive1([&](const Val& x) { return f.apply(*this, nullptr, x, loc); }, right, loc);
  return pervasive2([&](const Val& a, const Val& b) { return f.apply(*this, &a, b, loc); }, *left, right, loc);
}

Val Elaborator::outerProduct(const FnVal& f, const Val& a0, const Val& b0, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  Val a = literalAsNumberBeside(a0, b0, loc), b = literalAsNumberBeside(b0, a0, loc);
  auto apply = [&](const Val& x, const Val& y) { return f.apply(*this, &x, y, loc); };
  if (a.rank() == 0 || b.rank() == 0) return pervasive2(apply, a, b, loc);
  int64_t ra = a.rank(), rb = b.rank();
  // x[i;j] = a[i] and y[i;j] = b[j]: a replicated for every index of b, moved to the front.
  Val shapeBA = bindPrim(Prim::CatV, {shapeOf(b, loc).exp, shapeOf(a, loc).exp}, loc);
  Val shapeAB = bindPrim(Prim::CatV, {shapeOf(a, loc).exp, shapeOf(b, loc).exp}, loc);
  std::vector<int64_t> perm(ra + rb);
  for (int64_t k = 1; k <= rb; ++k) perm[k - 1] = ra + k;
  for (int64_t k = 1; k <= ra; ++k) perm[rb + k - 1] = k;
  Val x = transposeAxes(reshape(shapeBA, a, loc), perm, loc);
  Val y = reshape(shapeAB, b, loc);
  return pervasive2(apply, x, y, loc);
}

Val Elaborator::innerProduct(const FnVal& f, const FnVal& g, const Val& a1, const Val& b1, SourceLoc loc) {
  requireArray(a1, loc);
  requireArray(b1, loc);
  Val a0 = literalAsNumberBeside(a1, b1, loc), b0 = literalAsNumberBeside(b1, a1, loc);
  auto applyG = [&](const Val& x, const Val& y) { return g.apply(*this, &x, y, loc); };
  if (a0.rank() == 0 && b0.rank() == 0) return applyG(a0, b0);
  // A scalar argument extends along the axis the product runs over.
  Val a = a0.rank() == 0 ? reshape(toVector(lengthOfAxis(b0, 1, loc), loc), a0, loc) : a0;
  Val b = b0.rank() == 0 ? reshape(toVector(lengthOfAxis(a0, a0.rank(), loc), loc), b0, loc) : b0;
  int64_t ra = a.rank(), rb = b.rank();
  if (ra == 1 && rb == 1) return reduce(f, pervasive2(applyG, a, b, loc), loc, false);
  // Thesis §3.2: TA[i…;j…;k] = a[i…;k] and TB[i…;j…;k] = b[k;j…], then f/ TA g TB.
  int64_t n = ra + rb - 1;
  Val shapeA = shapeOf(a, loc), shapeB = shapeOf(b, loc);
  Val wa = bindPrim(Prim::CatV, {bindPrim(Prim::DropV, {tail::IntConst::make(1), shapeB.exp}, loc).exp, shapeA.exp}, loc);
  std::vector<int64_t> pa(n);
  for (int64_t k = 1; k <= rb - 1; ++k) pa[k - 1] = ra - 1 + k;
  for (int64_t j = 1; j <= ra - 1; ++j) pa[rb - 1 + j - 1] = j;
  pa[n - 1] = n;
  Val ta = transposeAxes(reshape(wa, a, loc), pa, loc);
  Val wb = bindPrim(Prim::CatV, {bindPrim(Prim::DropV, {tail::IntConst::make(-1), shapeA.exp}, loc).exp, shapeB.exp}, loc);
  std::vector<int64_t> pb(n);
  for (int64_t k = 1; k <= ra - 1; ++k) pb[k - 1] = k;
  pb[ra - 1] = n;
  for (int64_t k = 1; k <= rb - 1; ++k) pb[ra + k - 1] = ra - 1 + k;
  Val tb = transposeAxes(reshape(wb, b, loc), pb, loc);
  return reduce(f, pervasive2(applyG, ta, tb, loc), loc, false);
}

// ------------------------------------------------------------------------------ axis

// n f/ x along x's last axis (Dyalog's Reduce N-Wise): item i is f/ of the window of |n| items
// from item i, reversed when n is negative, so the axis keeps 1+L-|n| items (L its length). The
// windows are picked at once by a matrix of positions, (i-1)+k for window i and k in 1..|n| (or
// |n|+1-k), and f/ reduces the matrix's rows: any f that reduces, in f/'s order. n = 0 gives L+1
// empty windows, whose reductions are f's identity item (Dyalog). |n| > L+1 is a DOMAIN ERROR
// (the windows' count, 1+L-|n|, is then negative).
Val Elaborator::reduceNWise(const FnVal& f, const Val& n0, const Val& x0, SourceLoc loc) {
  requireArray(x0, loc);
  Val n = requireScalarInt(n0, loc, "the left argument of an n-wise reduction");
  Val x = x0.rank() == 0 ? ravel(x0, loc) : x0;
  int64_t r = x.rank();
  Val length = lengthOfAxis(x, r, loc);
  Val width = bindPrim(Prim::AbsI, {n.exp}, loc);
  Val count = scalarDyadic(U'+', scalarDyadic(U'-', length, width, loc), intConst(1), loc);
  if (auto c = count.knownInt(); c && *c < 0)
    fail(loc, "DOMAIN ERROR: a window of " + std::to_string(*width.knownInt()) + " on an axis of length " +
                  std::to_string(*length.knownInt()));
  Val starts = bindPrim(Prim::Iota, {count.exp}, loc);  // a negative count: ⍳'s DOMAIN ERROR
  Val k = bindPrim(Prim::Iota, {width.exp}, loc);
  // The offsets in a window: k, or |n|+1-k for a reversed one (n < 0).
  auto arith = [&](char32_t g, const Val& a, const Val& b) {
    return pervasive2([&](const Val& p, const Val& q) { return scalarDyadic(g, p, q, loc); }, a, b, loc);
  };
  Val reversed = convert(scalarDyadic(U'<', n, intConst(0), loc), Base::intT(), loc);
  Val forwards = scalarDyadic(U'-', intConst(1), reversed, loc);
  Val lastPlusOne = scalarDyadic(U'+', width, intConst(1), loc);
  Val offsets = arith(U'+', arith(U'×', forwards, k), arith(U'×', reversed, arith(U'-', lastPlusOne, k)));
  // positions[i;j] = (starts[i]-1) + offsets[j]: rows from starts, columns from offsets.
  Val rows = transpose(reshape(bind(tail::ArrayLit::make(Base::intT(), {width.exp, count.exp}), loc),
                               arith(U'-', starts, intConst(1)), loc),
                       loc);
  Val columns = reshape(bind(tail::ArrayLit::make(Base::intT(), {count.exp, width.exp}), loc), offsets, loc);
  Val positions = arith(U'+', rows, columns);
  return reduce(f, selectAxis(x, r, positions, loc), loc, false);
}

Val Elaborator::alongAxis(const Val& x, int64_t k, int io, bool keepsAxis, const std::function<Val(const Val&)>& g,
                          SourceLoc loc) {
  requireArray(x, loc);
  int64_t r = x.rank(), axis = k - io + 1;  // 1-origin
  if (axis < 1 || axis > r)
    fail(loc, "AXIS ERROR: axis " + std::to_string(k) + " of an array of rank " + std::to_string(r));
  if (axis == r) return g(x);
  // ⍉'s permutations (x's axis i goes to place perm[i]): `there` puts axis k last, the others in
  // order; `back` is its inverse.
  std::vector<int64_t> there(r), back(r);
  for (int64_t i = 1; i <= r; ++i) there[i - 1] = i < axis ? i : (i == axis ? r : i - 1);
  for (int64_t i = 1; i <= r; ++i) back[there[i - 1] - 1] = i;
  Val y = g(transposeAxes(x, there, loc));
  return keepsAxis ? transposeAxes(y, back, loc) : y;
}

// ------------------------------------------------------------------------------ power, cond

Val Elaborator::power(const FnVal& f, const Val& count, const Val* left, const Val& x, SourceLoc loc) {
  Val n = requireScalarInt(count, loc, "the right operand of ⍣");
  // A negative count applies the inverse function (Dyalog): known when f is simple (FnVal::inverse);
  // otherwise "not supported" for a known count and a DOMAIN ERROR at run time for a computed one.
  FnValPtr inverse = left ? f.inverseDyadic : f.inverse;
  if (auto k = n.knownInt(); k && *k < 0) {
    if (!inverse)
      notSupported(loc, "the inverse of " + std::string(left ? "dyadic " : "") + f.name + " (⍣ with a negative count)");
    return power(*inverse, intConst(-*k), left, x, loc);
  }
  if (!n.knownInt()) {
    if (!inverse) {
      n = bindPrim(Prim::PowCount, {n.exp}, loc);
    } else {
      Val nonNegative = bindPrim(Prim::GteI, {n.exp, tail::IntConst::make(0)}, loc);
      Val nn = n;
      FnValPtr inv = inverse;
      return cond(nonNegative, [&] { return powerNonNegative(f, nn, left, x, loc); },
                  [&] { return powerNonNegative(*inv, bindPrim(Prim::NegI, {nn.exp}, loc), left, x, loc); }, loc);
    }
  }
  return powerNonNegative(f, n, left, x, loc);
}

Val Elaborator::powerNonNegative(const FnVal& f, const Val& n, const Val* left, const Val& x, SourceLoc loc) {
  if (auto k = n.knownInt()) {
    if (*k <= 0) return x;
    if (*k == 1) return f.apply(*this, left, x, loc);
  }
  // Widen the iterated value's type until one application of f maps it into itself.
  Type t = x.type;
  if (x.isTuple() && !x.exp) notSupported(loc, "⍣ on this value");
  // A function that raises a scalar to a vector (say) changes the rank once: with a known count,
  // apply it once outside the loop and iterate the rest.
  if (auto k = n.knownInt(); k && !x.isTuple()) {
    Type probe;
    lambda(t, [&](const Val& p) { return f.apply(*this, left, p, loc); }, &probe);
    if (probe.kind() != TypeKind::Tuple && probe.rank() != t.rank()) {
      Val once = f.apply(*this, left, x, loc);
      return powerNonNegative(f, intConst(*k - 1), left, once, loc);
    }
  }
  auto [step, settled] = iterationStep(f, left, t, loc);
  Val start = coerceTo(x, settled, loc);
  return bindAs(prim(Prim::Power, {step, n.exp, start.exp}, loc), settled, loc);
}

// The function a power iterates, f (or a∘f) as a lambda over the type of its state: the
// argument's type widened until one application of f maps it into itself (ints that become
// doubles, a length that varies), and that type.
std::pair<Exp, Type> Elaborator::iterationStep(const FnVal& f, const Val* left, Type t, SourceLoc loc) {
  for (int attempt = 0; attempt < 6; ++attempt) {
    Type result;
    Exp fn = lambda(t, [&](const Val& p) { return f.apply(*this, left, p, loc); }, &result);
    Type joined = tail::isSubtype(result, t) ? t : joinTypes(t, result, loc);
    if (joined == t) {
      if (result == t) return {fn, t};
      return {lambda(t, [&](const Val& p) { return f.apply(*this, left, p, loc); }, nullptr, t), t};
    }
    t = joined;
  }
  notSupported(loc, "⍣ whose argument's type does not settle");
}

// (f⍣g) x: y ← f x until y g x (the new value on the left, the one it came from on the right,
// as Dyalog calls g), then y: f runs at least once (f⍣≡ is the fixpoint, f⍣{⍺>100} the first
// value over 100). With a left argument a, f is a∘f. The state's type is widened as power's is;
// g must give one boolean.
Val Elaborator::powerUntil(const FnVal& f, const FnVal& g, const Val* left, const Val& x, SourceLoc loc) {
  if (x.isTuple() && !x.exp) notSupported(loc, "⍣ on this value");
  auto [step, t] = iterationStep(f, left, x.type, loc);
  Exp until = lambda2(t, t, [&](const Val& next, const Val& previous) {
    return requireScalarBool(g.apply(*this, &next, previous, loc), loc, "the result of ⍣'s right operand");
  });
  Val start = coerceTo(x, t, loc);
  return bindAs(prim(Prim::PowerUntil, {step, until, start.exp}, loc), t, loc);
}

Val Elaborator::cond(const Val& test0, const std::function<Val()>& then, const std::function<Val()>& otherwise,
                     SourceLoc loc) {
  Val test = requireScalarBool(test0, loc, "a condition");
  if (auto k = test.knownInt()) return *k ? then() : otherwise();
  struct Branch {
    tail::Name param;
    Exp body;
    Val result;
  };
  auto build = [&](const std::function<Val()>& fn) {
    Branch b{fresh("u"), {}, {}};
    declareVar(b.param, Type::scalar(Base::intT()));
    enterLambda();
    pushScope();
    b.result = fn();
    if (b.result.isTuple() && !b.result.exp) b.result = bindTuple(b.result.items, loc);
    b.body = popScope(b.result.exp);
    leaveLambda();
    return b;
  };
  // What one branch assigns is not seen by the other (names are looked up by their latest value).
  EnvPtr scope = env();
  auto latest = scope->latest;
  Branch yes = build(then);
  scope->latest = latest;
  Branch no = build(otherwise);
  Type t = joinTypes(yes.result.type, no.result.type, loc);
  // A branch whose value has a narrower type than t (S(int,0) where t is [int]0) is widened by
  // applying an identity function typed t (`(fn r:t => r)(e)`): unlike a typed let, this survives
  // the optimiser's copy propagation, and cond's two branches must have the same result type.
  auto finish = [&](Branch& b) {
    if (b.result.type == t) return tail::Lambda::make(b.param, Type::scalar(Base::intT()), b.body);
    pushScope();
    Val inner = bindAs(b.body, b.result.type, loc);
    Val coerced = coerceTo(inner, t, loc);
    Exp widened = coerced.exp;
    if (!(coerced.type == t)) {
      tail::Name r = fresh("r");
      declareVar(r, t);
      widened = tail::App::make(tail::Lambda::make(r, t, tail::Var::make(r)), coerced.exp, loc);
    }
    return tail::Lambda::make(b.param, Type::scalar(Base::intT()), popScope(widened));
  };
  Exp l1 = finish(yes), l2 = finish(no);
  return bindAs(prim(Prim::Cond, {test.exp, l1, l2}, loc), t, loc);
}

}  // namespace aplc::apl::elab
