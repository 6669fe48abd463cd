// Structural functions: ⍴ , ⍪ ⍉ ⌽ ⊖ ↑ ↓ ⊃ ≡ ≢ ⍳ ∊ ∪ ∩ ⍋ ⍒ ⍕ ⌷ ⊣ ⊢, replicate/compress and indexing.
// Vectors of statically known length use the shape-vector primitives (takeV, catV, …) so that
// their lengths stay in the types; TAIL's take/drop/rotate/reverse work on one axis, and other
// axes are reached by transposing there and back.
#include <numeric>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"

namespace aplc::apl::elab {

using tail::BaseKind;
using tail::Prim;
using tail::TypeKind;

namespace {

Exp intLit(const std::vector<int64_t>& values, SourceLoc loc = {}) {
  std::vector<Exp> es;
  for (int64_t v : values) es.push_back(tail::IntConst::make(v));
  return tail::ArrayLit::make(Base::intT(), es, loc);
}

bool isIdentityPerm(const std::vector<int64_t>& p) {
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] != static_cast<int64_t>(i + 1)) return false;
  return true;
}

}  // namespace

// ----------------------------------------------------------------------------- dispatch

Val Elaborator::primitiveMonadic(char32_t g, const Val& x, SourceLoc loc) {
  if (g == U'?' && !x.isTuple()) {
    if (const auto* u = x.uniform.as<tail::IntConst>(); u && u->value == 0) {
      return pervasive1([&](const Val&) { return bindPrim(Prim::RollD, {tail::IntConst::make(0)}, loc); }, x, loc);
    }
  }
  if (isScalarGlyph(g, false)) {
    requireArray(x, loc);
    return pervasive1([&](const Val& s) { return scalarMonadic(g, s, loc); }, x, loc);
  }
  switch (g) {
    case U'⍴': return shapeOf(x, loc);
    case U',': case U'∊': return ravel(x, loc);
    case U'⍪': {
      requireArray(x, loc);
      Val rows = x.rank() == 0 ? intConst(1) : lengthOfAxis(x, 1, loc);
      Val cols = x.rank() <= 1 ? intConst(1) : bind(tail::PrimApp::make(Prim::DivI,
          {elementCount(x, loc).exp, rows.exp}), loc);
      Val shape = bind(tail::ArrayLit::make(Base::intT(), {rows.exp, cols.exp}), loc);
      return reshape(shape, x, loc);
    }
    case U'⍉': return transpose(x, loc);
    case U'⌽': return reverse(x, loc, false);
    case U'⊖': return reverse(x, loc, true);
    case U'↑':
      requireArray(x, loc);
      return x;  // mix of a simple array is the array itself
    case U'⊃': return first(x, loc);
    case U'≡': return intConst(x.isTuple() ? 2 : (x.rank() == 0 ? 0 : 1));
    case U'≢': return tally(x, loc);
    case U'⍳': return fromOrigin1(iota(x, loc), loc);
    case U'⍋': return fromOrigin1(grade(x, loc, false), loc);
    case U'⍒': return fromOrigin1(grade(x, loc, true), loc);
    case U'⍕': return format(x, loc);
    case U'⍸': return where(x, loc);
    case U'∪': return unique(x, loc);
    case U'⌷': case U'⊣': case U'⊢': return x;
    case U'↓': notSupported(loc, "monadic ↓ (split gives a nested array)");
    case U'⊂': notSupported(loc, "⊂ (enclose gives a nested array)");
    case U'⍎': notSupported(loc, "⍎ (execute)");
    default: break;
  }
  notSupported(loc, "this primitive function used monadically");
}

Val Elaborator::primitiveDyadic(char32_t g, const Val& a, const Val& x, SourceLoc loc) {
  if (isScalarGlyph(g, true)) {
    return pervasive2([&](const Val& l, const Val& r) { return scalarDyadic(g, l, r, loc); }, a, x, loc);
  }
  switch (g) {
    case U'⍴': return reshape(a, x, loc);
    case U',': return catenate(a, x, loc);
    case U'⍪': return catenateFirst(a, x, loc);
    case U'⍉': return transpose2(toOrigin1(a, loc), x, loc);
    case U'⌽': return rotate(a, x, loc, false);
    case U'⊖': return rotate(a, x, loc, true);
    case U'↑': return take(a, x, loc, false);
    case U'↓': return take(a, x, loc, true);
    case U'≡': return match(a, x, loc);
    case U'≢': {
      Val m = match(a, x, loc);
      return bindPrim(Prim::NotB, {m.exp}, loc);
    }
    case U'⍳': return fromOrigin1(indexOf(a, x, loc), loc);
    case U'⊃': {  // pick: i⊃v is v[i] for a scalar i
      requireArray(a, loc);
      if (a.rank() != 0) notSupported(loc, "⊃ (pick) with a vector left argument (a path into a nested array)");
      if (!x.isTuple() && x.rank() != 1) fail(loc, "RANK ERROR: ⊃ (pick) of an array of rank " + std::to_string(x.rank()));
      return index(x, {toOrigin1(a, loc)}, loc);
    }
    case U'∊': return membership(a, x, loc);
    case U'⊥': return decode(a, x, loc);
    case U'⊤': return encode(a, x, loc);
    case U'⍸': return intervalIndex(a, x, loc);
    case U'∪': return unionOf(a, x, loc);
    case U'∩': return intersection(a, x, loc);
    case U'⊣': return a;
    case U'⊢': return x;
    case U'?': {
      Val k = requireScalarInt(a, loc, "the left argument of ?");
      Val n = requireScalarInt(x, loc, "the right argument of ?");
      return fromOrigin1(bindPrim(Prim::Deal, {k.exp, n.exp}, loc), loc);
    }
    case U'⌷': {
      requireArray(a, loc);
      Val at = toOrigin1(a, loc);
      std::vector<std::optional<Val>> idx;
      if (at.rank() == 0) {
        idx.push_back(at);
      } else {
        auto n = at.staticLength();
        if (at.rank() != 1 || !n) notSupported(loc, "⌷ with a left argument whose length is not known");
        for (int64_t i = 1; i <= *n; ++i)
          idx.push_back(bindPrim(Prim::Index, {tail::IntConst::make(1), tail::IntConst::make(i), at.exp}, loc));
      }
      if (x.isTuple()) return index(x, idx, loc);
      if (static_cast<int64_t>(idx.size()) > x.rank()) fail(loc, "RANK ERROR: too many indices for ⌷");
      while (static_cast<int64_t>(idx.size()) < x.rank()) idx.push_back(std::nullopt);
      return index(x, idx, loc);
    }
    default: break;
  }
  notSupported(loc, "this primitive function used dyadically");
}

// ------------------------------------------------------------------------ shape functions

Val Elaborator::reshape(const Val& shape, const Val& x, SourceLoc loc) {
  requireArray(shape, loc);
  requireArray(x, loc);
  Val s = toVector(shape, loc);
  if (s.base().kind == BaseKind::Char) fail(loc, "DOMAIN ERROR: the left argument of ⍴ must be numbers");
  s = convert(s, Base::intT(), loc);
  if (!s.staticLength())
    notSupported(loc, "⍴ with a left argument whose length is not known at compile time (the result's rank)");
  if (auto values = s.knownInts())
    for (int64_t v : *values)
      if (v < 0) fail(loc, "DOMAIN ERROR: negative dimension in ⍴");
  Val r = bindPrim(Prim::Reshape, {s.exp, x.exp}, loc);
  if (x.rank() == 0 && x.exp.kind() != tail::ExpKind::Var) r.uniform = x.exp;
  return r;
}

Val Elaborator::ravel(const Val& x, SourceLoc loc) {
  requireArray(x, loc);
  if (x.rank() == 0) return bind(tail::ArrayLit::make(x.base(), {x.exp}, loc), loc);
  if (x.rank() == 1) return x;
  Val n = elementCount(x, loc);
  Val s = bind(tail::ArrayLit::make(Base::intT(), {n.exp}, loc), loc);
  return bindPrim(Prim::Reshape, {s.exp, x.exp}, loc);
}

// ,[k1…kn] with contiguous axes: those axes become one, as long as their product (in row-major
// order a ravel of them is the same elements: a reshape).
Val Elaborator::ravelAxes(const Val& x, int64_t first, int64_t last, SourceLoc loc) {
  Val shape = shapeOf(x, loc);
  Val before = take(intConst(first - 1), shape, loc, false);
  Val merged = take(intConst(last - first + 1), take(intConst(first - 1), shape, loc, true), loc, false);
  Val after = take(intConst(last), shape, loc, true);
  Val length = elementCount(reshape(merged, intConst(0), loc), loc);
  return reshape(catenate(catenate(before, toVector(length, loc), loc), after, loc), x, loc);
}

Val Elaborator::dropLastOfShape(const Val& x, SourceLoc loc) {
  Val s = shapeOf(x, loc);
  return bindPrim(Prim::DropV, {tail::IntConst::make(-1), s.exp}, loc);
}

Val Elaborator::catenate(const Val& a0, const Val& b0, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  Base base = joinBase(a0.base(), b0.base(), loc);
  Val a = convert(a0, base, loc), b = convert(b0, base, loc);
  int64_t ra = a.rank(), rb = b.rank();
  if (ra == 0 && rb == 0) return bind(tail::ArrayLit::make(base, {a.exp, b.exp}, loc), loc);
  bool sa = a.staticLength().has_value() || ra == 0, sb = b.staticLength().has_value() || rb == 0;
  if (ra <= 1 && rb <= 1 && sa && sb) {
    if (ra == 0) return bindPrim(Prim::ConsV, {a.exp, b.exp}, loc);
    if (rb == 0) return bindPrim(Prim::SnocV, {a.exp, b.exp}, loc);
    return bindPrim(Prim::CatV, {a.exp, b.exp}, loc);
  }
  if (ra == rb) return bindPrim(Prim::Cat, {a.exp, b.exp}, loc);
  if (ra == 0) {  // extend the scalar to the shape of b without its last axis
    Val e = rb == 1 ? a : reshape(dropLastOfShape(b, loc), a, loc);
    return bindPrim(Prim::Cons, {e.exp, b.exp}, loc);
  }
  if (rb == 0) {
    Val e = ra == 1 ? b : reshape(dropLastOfShape(a, loc), b, loc);
    return bindPrim(Prim::Snoc, {a.exp, e.exp}, loc);
  }
  if (ra == rb + 1) return bindPrim(Prim::Snoc, {a.exp, b.exp}, loc);
  if (rb == ra + 1) return bindPrim(Prim::Cons, {a.exp, b.exp}, loc);
  fail(loc, "RANK ERROR: cannot catenate arrays of rank " + std::to_string(ra) + " and " + std::to_string(rb));
}

Val Elaborator::catenateFirst(const Val& a0, const Val& b0, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  if (a0.rank() <= 1 && b0.rank() <= 1) return catenate(a0, b0, loc);
  Base base = joinBase(a0.base(), b0.base(), loc);
  Val a = convert(a0, base, loc), b = convert(b0, base, loc);
  // Bring both to the same rank: a scalar becomes a row, an item of lower rank gets a leading 1.
  auto raise = [&](const Val& low, const Val& high) {
    if (low.rank() >= high.rank()) return low;
    if (low.rank() == 0) {
      Val tail = bindPrim(Prim::DropV, {tail::IntConst::make(1), shapeOf(high, loc).exp}, loc);
      Val row = reshape(tail, low, loc);
      return reshape(bindPrim(Prim::ConsV, {tail::IntConst::make(1), shapeOf(row, loc).exp}, loc), row, loc);
    }
    if (low.rank() + 1 == high.rank())
      return reshape(bindPrim(Prim::ConsV, {tail::IntConst::make(1), shapeOf(low, loc).exp}, loc), low, loc);
    fail(loc, "RANK ERROR: cannot catenate arrays of rank " + std::to_string(a.rank()) + " and " +
                  std::to_string(b.rank()));
  };
  Val a2 = raise(a, b), b2 = raise(b, a);
  if (a2.rank() == 2) {
    Val c = bindPrim(Prim::Cat, {transpose(a2, loc).exp, transpose(b2, loc).exp}, loc);
    return transpose(c, loc);
  }
  Val ta = bindPrim(Prim::Transp, {a2.exp}, loc), tb = bindPrim(Prim::Transp, {b2.exp}, loc);
  Val c = bindPrim(Prim::Cat, {ta.exp, tb.exp}, loc);
  return bindPrim(Prim::Transp, {c.exp}, loc);
}

// a,[k]b along axis k (1-origin) of the argument of higher rank: that axis is moved last in
// the arguments of that rank, which catenate then joins; the other argument (of one rank less,
// or a scalar) has the shape of the rest in the same order, which is what catenate extends.
Val Elaborator::catenateAxis(const Val& a, const Val& b, int64_t axis, SourceLoc loc) {
  requireArray(a, loc);
  requireArray(b, loc);
  int64_t r = std::max(a.rank(), b.rank());
  if (axis == std::max<int64_t>(r, 1)) return catenate(a, b, loc);
  std::vector<int64_t> there(r), back(r);
  for (int64_t i = 1; i <= r; ++i) there[i - 1] = i < axis ? i : (i == axis ? r : i - 1);
  for (int64_t i = 1; i <= r; ++i) back[there[i - 1] - 1] = i;
  auto moved = [&](const Val& x) { return x.rank() == r ? transposeAxes(x, there, loc) : x; };
  return transposeAxes(catenate(moved(a), moved(b), loc), back, loc);
}

// a,[f]b with a fraction f (laminate): both arguments (a scalar takes the other's shape) get a
// new axis of length 1 at `position` (1-origin, in the result), and are joined along it.
Val Elaborator::laminate(const Val& a0, const Val& b0, int64_t position, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b0, loc);
  Val a = a0, b = b0;
  if (a.rank() == 0 && b.rank() > 0) a = reshape(shapeOf(b, loc), a, loc);
  if (b.rank() == 0 && a.rank() > 0) b = reshape(shapeOf(a, loc), b, loc);
  if (a.rank() != b.rank())
    fail(loc, "RANK ERROR: laminate needs arguments of the same rank (" + std::to_string(a.rank()) + " and " +
                  std::to_string(b.rank()) + ")");
  return catenateAxis(insertUnitAxis(a, position, loc), insertUnitAxis(b, position, loc), position, loc);
}

// x with a new axis of length 1 at `position` (1-origin, 1 to 1+⍴⍴x): ,[f]x for a fraction f.
Val Elaborator::insertUnitAxis(const Val& x, int64_t position, SourceLoc loc) {
  requireArray(x, loc);
  Val s = shapeOf(x, loc);
  Val before = bindPrim(Prim::TakeV, {tail::IntConst::make(position - 1), s.exp}, loc);
  Val after = bindPrim(Prim::DropV, {tail::IntConst::make(position - 1), s.exp}, loc);
  Val withUnit = bindPrim(Prim::ConsV, {tail::IntConst::make(1), after.exp}, loc);
  return reshape(bindPrim(Prim::CatV, {before.exp, withUnit.exp}, loc), x, loc);
}

Val Elaborator::take(const Val& n, const Val& x0, SourceLoc loc, bool drop) {
  requireArray(n, loc);
  requireArray(x0, loc);
  const char* what = drop ? "the left argument of ↓" : "the left argument of ↑";
  if (n.rank() > 1) fail(loc, std::string("RANK ERROR: ") + what + " must be a scalar or vector");
  if (n.rank() == 1) {
    auto k = n.staticLength();
    if (!k) notSupported(loc, std::string(what) + " with a length not known at compile time");
    if (*k == 1) return take(first(n, loc), x0, loc, drop);
    Val x = x0;
    if (x.rank() == 0) {
      std::vector<int64_t> ones(*k, 1);
      x = reshape(bind(intLit(ones, loc), loc), x, loc);
    }
    if (*k > x.rank()) fail(loc, std::string("RANK ERROR: ") + what + " has more items than the right argument has axes");
    auto known = n.knownInts();
    for (int64_t axis = 1; axis <= *k; ++axis) {
      Val ni = known ? intConst((*known)[axis - 1])
                     : bindPrim(Prim::Index, {tail::IntConst::make(1), tail::IntConst::make(axis), n.exp}, loc);
      x = takeAxis(ni, x, axis, loc, drop);
    }
    return x;
  }
  Val x = x0;
  if (x.rank() == 0) x = toVector(x, loc);
  return takeAxis(n, x, 1, loc, drop);
}

Val Elaborator::takeAxis(const Val& n0, const Val& x, int64_t axis, SourceLoc loc, bool drop) {
  Val n = requireScalarInt(n0, loc, drop ? "the left argument of ↓" : "the left argument of ↑");
  if (axis != 1) {
    std::vector<int64_t> swap(x.rank());
    std::iota(swap.begin(), swap.end(), 1);
    std::swap(swap[0], swap[axis - 1]);
    Val t = transposeAxes(x, swap, loc);
    Val r = takeAxis(n, t, 1, loc, drop);
    return transposeAxes(r, swap, loc);
  }
  auto len = x.staticLength();
  auto k = n.knownInt();
  if (len && k) {
    int64_t m = *k < 0 ? -*k : *k;
    if (!drop) return bindPrim(Prim::TakeV, {n.exp, x.exp}, loc);
    if (m >= *len) return bind(tail::ArrayLit::make(x.base(), {}, loc), loc);
    return bindPrim(Prim::DropV, {n.exp, x.exp}, loc);
  }
  return bindPrim(drop ? Prim::Drop : Prim::Take, {n.exp, x.exp}, loc);
}

Val Elaborator::rotate(const Val& n0, const Val& x, SourceLoc loc, bool firstAxis) {
  requireArray(x, loc);
  requireArray(n0, loc);
  if (n0.rank() != 0 && !(n0.rank() == 1 && n0.staticLength() == 1 && x.rank() <= 1))
    return rotateByCounts(n0, x, loc, firstAxis);
  Val n = requireScalarInt(n0, loc, "the left argument of a rotation");
  if (x.rank() == 0) return x;
  if (x.rank() == 1) {
    if (x.staticLength()) return bindPrim(Prim::RotateV, {n.exp, x.exp}, loc);
    return bindPrim(Prim::Rotate, {n.exp, x.exp}, loc);
  }
  return bindPrim(firstAxis ? Prim::VRotate : Prim::Rotate, {n.exp, x.exp}, loc);
}

// N⌽A with an array of counts, one per row (N has A's shape without the last axis): TAIL's
// rotate takes one count, so the result is built by index arithmetic on A's elements viewed as a
// rows × cols matrix: element (r, c) of the result is A's element (r, (c + N[r]) mod cols).
// N⊖A is ⍉(⍉N)⌽⍉A (⍉ reverses all axes, so ⍉N has the shape of ⍉A without its last axis).
Val Elaborator::rotateByCounts(const Val& n0, const Val& x, SourceLoc loc, bool firstAxis) {
  if (n0.rank() != x.rank() - 1)
    fail(loc, "RANK ERROR: the counts of a rotation must have rank " + std::to_string(x.rank() - 1));
  if (n0.base().kind == BaseKind::Char || n0.base().kind == BaseKind::Complex)
    fail(loc, "DOMAIN ERROR: the counts of a rotation must be integers");
  if (firstAxis) {
    Val rotated = rotateByCounts(transpose(n0, loc), transpose(x, loc), loc, false);
    return transpose(rotated, loc);
  }
  Val rows = intConst(1);
  for (int64_t axis = 1; axis < x.rank(); ++axis)
    rows = bindPrim(Prim::MulI, {rows.exp, lengthOfAxis(x, axis, loc).exp}, loc);
  Val cols = lengthOfAxis(x, x.rank(), loc);
  Val flat = ravel(x, loc);
  // LENGTH ERROR at run time unless there is one count per row.
  Val rowCount = bind(tail::ArrayLit::make(Base::intT(), {rows.exp}), loc);
  Val counts = bindPrim(Prim::Reshape0, {rowCount.exp, ravel(convert(n0, Base::intT(), loc), loc).exp}, loc);
  Exp element = lambda(Type::scalar(Base::intT()), [&](const Val& k) {
    Val k0 = bindPrim(Prim::SubI, {k.exp, tail::IntConst::make(1)}, loc);
    Val row = bindPrim(Prim::DivI, {k0.exp, cols.exp}, loc);
    Val col = bindPrim(Prim::ResI, {cols.exp, k0.exp}, loc);
    Val rowAt = bindPrim(Prim::AddI, {row.exp, tail::IntConst::make(1)}, loc);
    Val count = bindPrim(Prim::Index, {tail::IntConst::make(1), rowAt.exp, counts.exp}, loc);
    Val shifted = bindPrim(Prim::AddI, {col.exp, count.exp}, loc);
    Val source = bindPrim(Prim::ResI, {cols.exp, shifted.exp}, loc);
    Val rowStart = bindPrim(Prim::MulI, {row.exp, cols.exp}, loc);
    Val offset = bindPrim(Prim::AddI, {rowStart.exp, source.exp}, loc);
    Val at = bindPrim(Prim::AddI, {offset.exp, tail::IntConst::make(1)}, loc);
    return bindPrim(Prim::Index, {tail::IntConst::make(1), at.exp, flat.exp}, loc);
  });
  Val total = bindPrim(Prim::MulI, {rows.exp, cols.exp}, loc);
  Val positions = bindPrim(Prim::Iota, {total.exp}, loc);
  Val elements = bindPrim(Prim::Each, {element, positions.exp}, loc);
  return reshape(shapeOf(x, loc), elements, loc);
}

Val Elaborator::reverse(const Val& x, SourceLoc loc, bool firstAxis) {
  requireArray(x, loc);
  if (x.rank() == 0) return x;
  if (x.rank() == 1) {
    if (x.staticLength()) return bindPrim(Prim::ReverseV, {x.exp}, loc);
    return bindPrim(Prim::Reverse, {x.exp}, loc);
  }
  return bindPrim(firstAxis ? Prim::VReverse : Prim::Reverse, {x.exp}, loc);
}

Val Elaborator::transpose(const Val& x, SourceLoc loc) {
  requireArray(x, loc);
  if (x.rank() <= 1) return x;
  return bindPrim(Prim::Transp, {x.exp}, loc);
}

Val Elaborator::transpose2(const Val& perm0, const Val& x, SourceLoc loc) {
  requireArray(perm0, loc);
  requireArray(x, loc);
  Val perm = convert(toVector(perm0, loc), Base::intT(), loc);
  auto k = perm.staticLength();
  if (k && *k != x.rank())
    fail(loc, "LENGTH ERROR: the left argument of ⍉ has " + std::to_string(*k) + " items for an array of rank " +
                  std::to_string(x.rank()));
  perm = vectorOfLength(perm, x.rank(), loc, "the left argument of ⍉");
  if (auto p = perm.knownInts()) {
    std::vector<int64_t> sorted = *p;
    std::sort(sorted.begin(), sorted.end());
    if (!isIdentityPerm(sorted)) notSupported(loc, "⍉ with repeated axes (diagonals)");
    if (isIdentityPerm(*p)) return x;
  }
  if (x.rank() <= 1) return x;
  return bindPrim(Prim::Transp2, {perm.exp, x.exp}, loc);
}

Val Elaborator::transposeAxes(const Val& x, const std::vector<int64_t>& perm, SourceLoc loc) {
  if (isIdentityPerm(perm)) return x;
  if (perm.size() == 2) return bindPrim(Prim::Transp, {x.exp}, loc);
  return bindPrim(Prim::Transp2, {intLit(perm, loc), x.exp}, loc);
}

Val Elaborator::first(const Val& x, SourceLoc loc) {
  if (x.isTuple()) return x.items[0];
  if (x.rank() == 0) return x;
  if (x.type.kind() == TypeKind::SingletonVector) return bindPrim(Prim::FirstV, {x.exp}, loc);
  return bindPrim(Prim::First, {fillExp(x.base()), x.exp}, loc);
}

Val Elaborator::tally(const Val& x, SourceLoc loc) {
  if (x.isTuple()) return intConst(static_cast<int64_t>(x.items.size()));
  if (x.rank() == 0) return intConst(1);
  return lengthOfAxis(x, 1, loc);
}

Val Elaborator::match(const Val& a, const Val& b, SourceLoc loc) {
  if (a.isTuple() || b.isTuple()) notSupported(loc, "≡ on nested arrays (tuples)");
  if (a.rank() != b.rank()) return boolConst(false);
  bool ca = a.base().kind == BaseKind::Char, cb = b.base().kind == BaseKind::Char;
  if (ca != cb) return boolConst(false);
  auto allEqual = [&]() {
    Val eq = pervasive2([&](const Val& l, const Val& r) { return scalarDyadic(U'=', l, r, loc); }, ravel(a, loc),
                        ravel(b, loc), loc);
    return bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::AndB), tail::BoolConst::make(true), eq.exp}, loc);
  };
  if (a.rank() == 0) return scalarDyadic(U'=', a, b, loc);
  auto la = a.staticLength(), lb = b.staticLength();
  if (a.rank() == 1 && la && lb) {
    if (*la != *lb) return boolConst(false);
    return allEqual();
  }
  Val sa = shapeOf(a, loc), sb = shapeOf(b, loc);
  Exp eqi = tail::PrimFn::make(Prim::EqI);
  Val same = bindPrim(Prim::ZipWith, {eqi, sa.exp, sb.exp}, loc);
  Val sameShape = bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::AndB), tail::BoolConst::make(true), same.exp}, loc);
  return cond(sameShape, allEqual, [&] { return boolConst(false); }, loc);
}

Val Elaborator::iota(const Val& n0, SourceLoc loc) {
  requireArray(n0, loc);
  if (n0.rank() > 1 || (n0.rank() == 1 && n0.staticLength() != 1))
    notSupported(loc, "⍳ of a vector (its result is a nested array)");
  Val n = requireScalarInt(n0, loc, "the argument of ⍳");
  if (auto k = n.knownInt(); k && *k < 0) fail(loc, "DOMAIN ERROR: ⍳ of a negative number");
  if (n.type.kind() == TypeKind::Singleton) return bindPrim(Prim::IotaV, {n.exp}, loc);
  return bindPrim(Prim::Iota, {n.exp}, loc);
}

namespace {

// The base type both arguments of ⍳ and ∊ are compared in by TAIL's hashed indexOf: numbers as the
// wider of their two types, characters as characters. None (the search item by item) for
// characters with numbers, and complex numbers.
std::optional<Base> searchBase(Base a, Base b) {
  auto numeric = [](Base x) { return x.kind == BaseKind::Bool || x.kind == BaseKind::Int || x.kind == BaseKind::Double; };
  if (a.kind == BaseKind::Char && b.kind == BaseKind::Char) return a;
  if (!numeric(a) || !numeric(b)) return std::nullopt;
  if (a.kind == BaseKind::Double || b.kind == BaseKind::Double) return Base::doubleT();
  if (a.kind == BaseKind::Int || b.kind == BaseKind::Int) return Base::intT();
  return Base::boolT();
}

}  // namespace

// For each item of `items` (any rank), the 1-origin index of its first occurrence in the vector
// `in`, or 1+≢in, shaped like `items`: TAIL's hashed indexOf (linear time; Co-dfns's index-of
// benchmark looks up 2¹⁵ items in 2¹⁵ in milliseconds, where comparing every pair took a second).
Val Elaborator::hashedIndexOf(const Val& in, const Val& items, Base base, SourceLoc loc) {
  Val found = bindPrim(Prim::IndexOfV, {convert(in, base, loc).exp, convert(ravel(items, loc), base, loc).exp}, loc);
  return items.rank() == 1 ? found : reshape(shapeOf(items, loc), found, loc);
}

Val Elaborator::indexOf(const Val& a0, const Val& b, SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(b, loc);
  if (a0.rank() == 0) fail(loc, "RANK ERROR: the left argument of dyadic ⍳ must be a vector");
  if (a0.rank() > 1) return indexOfCells(a0, b, loc);
  Val a = toVector(a0, loc);
  if (auto base = searchBase(a.base(), b.base())) return hashedIndexOf(a, b, *base, loc);
  Val n = tally(a, loc);
  Val notFound = bindPrim(Prim::AddI, {n.exp, tail::IntConst::make(1)}, loc);
  Val positions = bindPrim(Prim::Iota, {n.exp}, loc);
  return pervasive1([&](const Val& y) {
    Exp pick = lambda2(Type::scalar(a.base()), Type::scalar(Base::intT()), [&](const Val& ai, const Val& i) {
      Val eq = scalarDyadic(U'=', ai, y, loc);
      Val e = convert(eq, Base::intT(), loc);
      Val gap = bindPrim(Prim::SubI, {notFound.exp, i.exp}, loc);
      Val off = bindPrim(Prim::MulI, {e.exp, gap.exp}, loc);
      return bindPrim(Prim::SubI, {notFound.exp, off.exp}, loc);
    });
    Val cands = bindPrim(Prim::ZipWith, {pick, a.exp, positions.exp}, loc);
    return bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::MinI), notFound.exp, cands.exp}, loc);
  }, b, loc);
}

// M⍳B for M of rank r ≥ 2 (Dyalog's index-of on major cells): the index of the first major cell
// of M equal to each subarray along B's last r-1 axes, 1-origin like indexOf's (≢M+1 for none);
// the result has B's shape without those axes. They must have the lengths of M's cell axes
// (LENGTH ERROR: at compile time when both are known). Computed on M as a matrix of ravelled
// cells, by comparison of every pair (M ∧.= ⍉B'), then the position of the first 1 in each
// column (+⌿∧⍀~): quadratic, without hashing.
Val Elaborator::indexOfCells(const Val& m, const Val& b, SourceLoc loc) {
  int64_t cellAxes = m.rank() - 1;
  if (b.rank() < cellAxes) fail(loc, "RANK ERROR: the right argument of ⍳ has a rank below the major cells of the left");
  for (int64_t k = 1; k <= cellAxes; ++k)
    requireEqualLengths(lengthOfAxis(m, 1 + k, loc), lengthOfAxis(b, b.rank() - cellAxes + k, loc), loc);
  auto count = [&](const Val& shape) { return elementCount(reshape(shape, intConst(0), loc), loc); };
  Val width = count(take(intConst(-cellAxes), shapeOf(m, loc), loc, false));
  Val leading = take(intConst(b.rank() - cellAxes), shapeOf(b, loc), loc, false);
  auto matrix = [&](const Val& rows, const Val& x) {
    return reshape(bind(tail::ArrayLit::make(Base::intT(), {rows.exp, width.exp}, loc), loc), x, loc);
  };
  Val cells = matrix(lengthOfAxis(m, 1, loc), m);
  Val queries = matrix(count(leading), b);
  Val equal = innerProduct(primitiveFn(U'∧'), primitiveFn(U'='), cells, transpose(queries, loc), loc);
  Val before = scan(primitiveFn(U'∧'), primitiveMonadic(U'~', equal, loc), loc, true);
  Val index = primitiveDyadic(U'+', reduce(primitiveFn(U'+'), before, loc, true), intConst(1), loc);
  return reshape(leading, index, loc);
}

// A LENGTH ERROR unless the two lengths (int scalars) are equal: at compile time when both are
// known, else at run time (a reshape0 of ⍳b to shape a, kept for its check).
void Elaborator::requireEqualLengths(const Val& a, const Val& b, SourceLoc loc) {
  if (auto x = a.knownInt(), y = b.knownInt(); x && y) {
    if (*x != *y) fail(loc, "LENGTH ERROR: lengths " + std::to_string(*x) + " and " + std::to_string(*y) + " differ");
    return;
  }
  bindPrim(tail::Prim::Reshape0, {toVector(a, loc).exp, bindPrim(tail::Prim::Iota, {b.exp}, loc).exp}, loc);
}

Val Elaborator::membership(const Val& a, const Val& b, SourceLoc loc) {
  requireArray(a, loc);
  requireArray(b, loc);
  Val flat = ravel(b, loc);
  if (auto base = searchBase(a.base(), b.base())) {  // a∊b: (b⍳a) ≤ ≢b
    Val found = hashedIndexOf(flat, a, *base, loc);
    Val count = tally(flat, loc);
    return pervasive1([&](const Val& i) { return scalarDyadic(U'≤', i, count, loc); }, found, loc);
  }
  return pervasive1([&](const Val& x) {
    Exp test = lambda(Type::scalar(flat.base()), [&](const Val& y) { return scalarDyadic(U'=', x, y, loc); });
    Val eqs = bindPrim(Prim::Each, {test, flat.exp}, loc);
    return bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::OrB), tail::BoolConst::make(false), eqs.exp}, loc);
  }, a, loc);
}

// The vector a set function (∪ ∩) works on: a scalar is a one-element vector (Dyalog). Higher
// ranks (Dyalog: ∪ of major cells) are not supported.
Val Elaborator::setOperand(const Val& x, SourceLoc loc, const char* what) {
  requireArray(x, loc);
  if (x.rank() > 1) notSupported(loc, std::string(what) + " of an array of rank " + std::to_string(x.rank()));
  return toVector(x, loc);
}

// ∪B: the items of B whose first occurrence they are, in order: B[i] stays iff (B⍳B)[i] = i.
// Linear, through the hashed ⍳.
Val Elaborator::unique(const Val& x, SourceLoc loc) {
  Val v = setOperand(x, loc, "∪ (unique)");
  Val firsts = indexOf(v, v, loc);  // 1-origin, whatever ⎕IO is
  Val positions = bindPrim(Prim::Iota, {tally(v, loc).exp}, loc);
  Val keep = bindPrim(Prim::ZipWith, {tail::PrimFn::make(Prim::EqI), firsts.exp, positions.exp}, loc);
  return replicate(keep, v, loc, false);
}

// A∪B: A followed by the items of B that are not in A (A,B~A: duplicates of either are kept).
Val Elaborator::unionOf(const Val& a0, const Val& b0, SourceLoc loc) {
  Val a = setOperand(a0, loc, "∪ (union)"), b = setOperand(b0, loc, "∪ (union)");
  if ((a.base().kind == BaseKind::Char) != (b.base().kind == BaseKind::Char))
    notSupported(loc, "∪ (union) of characters and numbers (the result is a mixed array)");
  Val in = membership(b, a, loc);
  Val out = bindPrim(Prim::Each, {tail::PrimFn::make(Prim::NotB), in.exp}, loc);
  return catenate(a, replicate(out, b, loc, false), loc);
}

// A∩B: the items of A that are in B, in A's order, duplicates of A kept: (A∊B)/A.
Val Elaborator::intersection(const Val& a0, const Val& b0, SourceLoc loc) {
  Val a = setOperand(a0, loc, "∩ (intersection)"), b = setOperand(b0, loc, "∩ (intersection)");
  return replicate(membership(a, b, loc), a, loc, false);
}

Val Elaborator::grade(const Val& x, SourceLoc loc, bool down) {
  requireArray(x, loc);
  if (x.rank() == 0) fail(loc, "RANK ERROR: grade of a scalar");
  if (x.base().kind == BaseKind::Complex) fail(loc, "DOMAIN ERROR: complex numbers have no order");
  if (x.rank() > 1) return gradeMajorCells(x, loc, down);
  return bindPrim(down ? Prim::GradeDown : Prim::GradeUp, {x.exp}, loc);
}

// ⍋/⍒ of an array of rank >= 2 grades its major cells lexicographically. TAIL's gradeUp and
// gradeDown work on vectors only, so this is a least-significant-digit sort: starting from the
// identity permutation, one stable grade pass per column of the cells (viewed as rows of a
// rows × cols matrix), from the last column to the first, each pass reordering the permutation by
// the grade of that column's keys. Stability of every pass makes the result lexicographic, with
// equal cells in their original order (as APL requires). A ⍣ loop over (permutation, column).
Val Elaborator::gradeMajorCells(const Val& x, SourceLoc loc, bool down) {
  Val rows = lengthOfAxis(x, 1, loc);
  Val cols = intConst(1);
  for (int64_t axis = 2; axis <= x.rank(); ++axis)
    cols = bindPrim(Prim::MulI, {cols.exp, lengthOfAxis(x, axis, loc).exp}, loc);
  Val flat = ravel(x, loc);
  Type permT = Type::array(Base::intT(), 1);
  Type stateT = Type::tuple({permT, Type::scalar(Base::intT())});
  Exp step = lambda(stateT, [&](const Val& s) {
    Val perm = bind(tail::Proj::make(0, s.exp), loc);
    Val col = bind(tail::Proj::make(1, s.exp), loc);
    // keys[i] = the element in column col of row perm[i]: flat[(perm[i]-1)×cols + col].
    Exp key = lambda(Type::scalar(Base::intT()), [&](const Val& row) {
      Val before = bindPrim(Prim::SubI, {row.exp, tail::IntConst::make(1)}, loc);
      Val offset = bindPrim(Prim::MulI, {before.exp, cols.exp}, loc);
      Val at = bindPrim(Prim::AddI, {offset.exp, col.exp}, loc);
      return bindPrim(Prim::Index, {tail::IntConst::make(1), at.exp, flat.exp}, loc);
    });
    Val keys = bindPrim(Prim::Each, {key, perm.exp}, loc);
    Val order = bindPrim(down ? Prim::GradeDown : Prim::GradeUp, {keys.exp}, loc);
    Exp pick = lambda(Type::scalar(Base::intT()), [&](const Val& i) {
      return bindPrim(Prim::Index, {tail::IntConst::make(1), i.exp, perm.exp}, loc);
    });
    Val reordered = bindPrim(Prim::Each, {pick, order.exp}, loc);
    Val previous = bindPrim(Prim::SubI, {col.exp, tail::IntConst::make(1)}, loc);
    return bindTuple({reordered, previous}, loc);
  }, nullptr, stateT);
  Val identity = bindPrim(Prim::Iota, {rows.exp}, loc);
  Val start = bindTuple({identity, cols}, loc);
  Val done = bindPrim(Prim::Power, {step, cols.exp, start.exp}, loc);
  return bind(tail::Proj::make(0, done.exp), loc);
}

Val Elaborator::format(const Val& x, SourceLoc loc) {
  requireArray(x, loc);
  if (x.base().kind == BaseKind::Char) return x;  // a character array formats as itself
  if (displayDigits() != 10)
    return bindPrim(x.rank() > 1 ? Prim::FormatMP : Prim::FormatP, {tail::IntConst::make(displayDigits()), x.exp}, loc);
  if (x.rank() > 1) return bindPrim(Prim::FormatM, {x.exp}, loc);
  return bindPrim(Prim::Format, {x.exp}, loc);
}

// ---------------------------------------------------------------------------- indexing

Val Elaborator::selectAxis(const Val& a, int64_t axis, const Val& idx0, SourceLoc loc) {
  Val idx = convert(idx0, Base::intT(), loc);
  int64_t r = a.rank(), q = idx.rank();
  if (r == 1) {  // v[I]: one index per item
    Exp pick = lambda(Type::scalar(Base::intT()), [&](const Val& i) {
      return bindPrim(Prim::Index, {tail::IntConst::make(1), i.exp, a.exp}, loc);
    });
    return bindPrim(idx.staticLength() ? Prim::EachV : Prim::Each, {pick, idx.exp}, loc);
  }
  // Move the axis last, view the array as a matrix (other axes × this axis), pick column
  // I[k] of every row, reshape to (other axes, ⍴I) and move I's axes to where the axis was.
  std::vector<int64_t> toLast(r);
  for (int64_t k = 1; k <= r; ++k) toLast[k - 1] = k < axis ? k : (k == axis ? r : k - 1);
  Val b = transposeAxes(a, toLast, loc);
  Val others = dropLastOfShape(b, loc);
  Val m = bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::MulI), tail::IntConst::make(1), others.exp}, loc);
  Val n = lengthOfAxis(b, r, loc);
  Val mat = reshape(bind(tail::ArrayLit::make(Base::intT(), {m.exp, n.exp}), loc), b, loc);
  Val flatIdx = ravel(idx, loc);
  Val l = tally(flatIdx, loc);
  Val cols = reshape(bind(tail::ArrayLit::make(Base::intT(), {m.exp, l.exp}), loc), flatIdx, loc);
  Val rowIds = bindPrim(Prim::Iota, {m.exp}, loc);
  Val rowsT = reshape(bind(tail::ArrayLit::make(Base::intT(), {l.exp, m.exp}), loc), rowIds, loc);
  Val rows = transpose(rowsT, loc);
  Exp pick = lambda2(Type::scalar(Base::intT()), Type::scalar(Base::intT()), [&](const Val& row, const Val& col) {
    Val line = bindPrim(Prim::Index, {tail::IntConst::make(1), row.exp, mat.exp}, loc);
    return bindPrim(Prim::Index, {tail::IntConst::make(1), col.exp, line.exp}, loc);
  });
  Val picked = bindPrim(Prim::ZipWith, {pick, rows.exp, cols.exp}, loc);
  Val shape = bindPrim(Prim::CatV, {others.exp, shapeOf(idx, loc).exp}, loc);
  Val c = reshape(shape, picked, loc);
  // c's axes: the r-1 others, then I's q axes; put I's axes at position `axis`.
  std::vector<int64_t> back(r - 1 + q);
  for (int64_t k = 1; k <= r - 1 + q; ++k) {
    if (k <= axis - 1) back[k - 1] = k;
    else if (k <= r - 1) back[k - 1] = k + q;
    else back[k - 1] = axis - 1 + (k - (r - 1));
  }
  return transposeAxes(c, back, loc);
}

Val Elaborator::index(const Val& a, const std::vector<std::optional<Val>>& indices, SourceLoc loc) {
  if (a.isTuple()) {
    if (indices.size() != 1 || !indices[0]) fail(loc, "RANK ERROR: a tuple takes one index");
    auto k = indices[0]->knownInt();
    if (!k || indices[0]->rank() != 0) notSupported(loc, "indexing a tuple with an index not known at compile time");
    if (*k < 1 || *k > static_cast<int64_t>(a.items.size()))
      fail(loc, "INDEX ERROR: index " + std::to_string(*k) + " of a tuple of " + std::to_string(a.items.size()) + " items");
    return a.items[*k - 1];
  }
  if (static_cast<int64_t>(indices.size()) != a.rank())
    fail(loc, "RANK ERROR: " + std::to_string(indices.size()) + " indices for an array of rank " + std::to_string(a.rank()));
  Val cur = a;
  std::vector<std::pair<int64_t, Val>> vectorIndices;  // (axis in the original array, index array)
  // Scalar indices cut axes off, last axis first so the earlier axes keep their numbers.
  for (int64_t d = a.rank(); d >= 1; --d) {
    const std::optional<Val>& ix = indices[d - 1];
    if (!ix) continue;
    requireArray(*ix, loc);
    if (ix->base().kind == BaseKind::Char || ix->base().kind == BaseKind::Complex)
      fail(loc, "DOMAIN ERROR: indices must be integers");
    if (ix->rank() == 0) {
      Val i = convert(*ix, Base::intT(), loc);
      if (auto k = i.knownInt(); k && *k < 1) fail(loc, "INDEX ERROR: index " + std::to_string(*k));
      cur = bindPrim(Prim::Index, {tail::IntConst::make(d), i.exp, cur.exp}, loc);
    }
  }
  // Vector indices, by axis of `cur` (axes with scalar indices are gone).
  int64_t axis = 0;
  std::vector<std::pair<int64_t, Val>> remaining;
  for (const std::optional<Val>& ix : indices) {
    if (ix && ix->rank() == 0) continue;
    ++axis;
    if (ix) remaining.push_back({axis, *ix});
  }
  // Select axis by axis, from the last, so the positions of earlier axes stay put.
  for (auto it = remaining.rbegin(); it != remaining.rend(); ++it) cur = selectAxis(cur, it->first, it->second, loc);
  return cur;
}

Val Elaborator::indexedAssign(const Val& a0, const std::vector<std::optional<Val>>& indices, const Val& value,
                              SourceLoc loc) {
  requireArray(a0, loc);
  requireArray(value, loc);
  if (static_cast<int64_t>(indices.size()) != a0.rank())
    fail(loc, "RANK ERROR: " + std::to_string(indices.size()) + " indices for an array of rank " + std::to_string(a0.rank()));
  Base base = joinBase(a0.base(), value.base(), loc);
  Val a = convert(a0, base, loc);
  Val v = convert(value, base, loc);
  bool allScalar = true;
  for (const auto& ix : indices) allScalar = allScalar && ix && !ix->isTuple() && ix->rank() == 0;
  if (allScalar) {
    if (v.rank() != 0) {
      if (v.rank() == 1 && v.staticLength() == 1) v = first(v, loc);
      else fail(loc, "LENGTH ERROR: one element indexed, but the value is not a scalar");
    }
    std::vector<Exp> is;
    for (const auto& ix : indices) {
      if (ix->base().kind == BaseKind::Char || ix->base().kind == BaseKind::Complex)
        fail(loc, "DOMAIN ERROR: indices must be integers");
      is.push_back(convert(*ix, Base::intT(), loc).exp);
    }
    Val iv = bind(tail::ArrayLit::make(Base::intT(), is, loc), loc);
    return bindPrim(Prim::Update, {a.exp, iv.exp, v.exp}, loc);
  }
  if (a.rank() == 1 && indices[0] && indices[0]->rank() == 1) {
    // v[I] ← X: one update per index, in order, as a ⍣ loop over (array, position).
    Val idx = convert(*indices[0], Base::intT(), loc);
    Val n = tally(idx, loc);
    if (v.rank() == 1) {
      auto lv = v.staticLength(), li = idx.staticLength();
      if (lv && li && *lv != *li) fail(loc, "LENGTH ERROR: " + std::to_string(*li) + " indices and " +
                                               std::to_string(*lv) + " values");
    } else if (v.rank() != 0) {
      fail(loc, "RANK ERROR: the value must be a scalar or a vector");
    }
    if (v.rank() == 1 && !(v.staticLength() && idx.staticLength())) {
      // LENGTH ERROR at run time unless there are as many values as indices.
      v = bindPrim(Prim::Reshape0, {bind(tail::ArrayLit::make(Base::intT(), {n.exp}), loc).exp, v.exp}, loc);
    }
    Type arrT = Type::array(base, 1);
    Type stateT = Type::tuple({arrT, Type::scalar(Base::intT())});
    Exp step = lambda(stateT, [&](const Val& s) {
      Val arr = bind(tail::Proj::make(0, s.exp), loc);
      Val k = bind(tail::Proj::make(1, s.exp), loc);
      Val i = bindPrim(Prim::Index, {tail::IntConst::make(1), k.exp, idx.exp}, loc);
      Val x = v.rank() == 0 ? v : bindPrim(Prim::Index, {tail::IntConst::make(1), k.exp, v.exp}, loc);
      Val updated = bindPrim(Prim::Update, {arr.exp, bind(tail::ArrayLit::make(Base::intT(), {i.exp}), loc).exp, x.exp}, loc);
      Val next = bindPrim(Prim::AddI, {k.exp, tail::IntConst::make(1)}, loc);
      return bindTuple({updated, next}, loc);
    }, nullptr, stateT);
    Val start = bindTuple({a, intConst(1)}, loc);
    Val done = bindPrim(Prim::Power, {step, n.exp, start.exp}, loc);
    return bind(tail::Proj::make(0, done.exp), loc);
  }
  return indexedAssignAxes(a, indices, v, loc);
}

// A[I;J;…] ← X for any rank, with scalar, vector or elided indices: a ⍣ loop over a counter k
// (0 … N-1, N the number of selected elements) that decomposes k into one position per
// non-scalar axis (row-major, as X's elements are) and updates that element. X is a scalar or
// has the selection's shape (the lengths of the vector and elided axes): a LENGTH ERROR at
// compile time when both are known, else at run time (zipWith); out-of-range indices are an
// INDEX ERROR of `update` at run time.
Val Elaborator::indexedAssignAxes(const Val& a, const std::vector<std::optional<Val>>& indices, const Val& value,
                                  SourceLoc loc, const FnVal* modify) {
  struct Axis {
    std::optional<Val> scalar;  // a scalar index
    Val positions;              // else: the index vector (elided: ⍳ of the axis length)
    Val count;                  // and its length
  };
  std::vector<Axis> axes;
  std::vector<Val> selectionShape;
  for (size_t d = 0; d < indices.size(); ++d) {
    Axis axis;
    if (!indices[d]) {
      axis.count = lengthOfAxis(a, static_cast<int64_t>(d) + 1, loc);
      axis.positions = bindPrim(Prim::Iota, {axis.count.exp}, loc);
    } else {
      const Val& ix = *indices[d];
      requireArray(ix, loc);
      if (ix.base().kind == BaseKind::Char || ix.base().kind == BaseKind::Complex)
        fail(loc, "DOMAIN ERROR: indices must be integers");
      if (ix.rank() > 1) notSupported(loc, "an index array of rank > 1 in indexed assignment");
      if (ix.rank() == 0) {
        axis.scalar = convert(ix, Base::intT(), loc);
        axes.push_back(axis);
        continue;
      }
      axis.positions = convert(ix, Base::intT(), loc);
      axis.count = tally(axis.positions, loc);
    }
    selectionShape.push_back(axis.count);
    axes.push_back(axis);
  }
  Val v = value;
  if (v.rank() != 0) {
    if (v.rank() != static_cast<int64_t>(selectionShape.size()))
      fail(loc, "RANK ERROR: the value has rank " + std::to_string(v.rank()) + ", the selection has rank " +
                    std::to_string(selectionShape.size()));
    auto lv = v.staticLength();
    auto ls = selectionShape.size() == 1 ? selectionShape[0].knownInt() : std::nullopt;
    if (lv && ls && *lv != *ls)
      fail(loc, "LENGTH ERROR: " + std::to_string(*ls) + " elements selected and " + std::to_string(*lv) + " values");
    if (!(lv && ls)) {
      std::vector<Exp> dims;
      for (const Val& c : selectionShape) dims.push_back(c.exp);
      Val shape = bind(tail::ArrayLit::make(Base::intT(), dims, loc), loc);
      Val frame = bindPrim(Prim::Reshape, {shape.exp, fillExp(v.base())}, loc);
      Exp left = lambda2(Type::scalar(v.base()), Type::scalar(v.base()), [](const Val& x, const Val&) { return x; });
      v = bindPrim(Prim::ZipWith, {left, v.exp, frame.exp}, loc);  // LENGTH ERROR unless the shapes agree
    }
    v = ravel(v, loc);
  }
  Val total = intConst(1);
  for (const Val& c : selectionShape) total = bindPrim(Prim::MulI, {total.exp, c.exp}, loc);
  Type stateT = Type::tuple({Type::array(a.base(), a.rank()), Type::scalar(Base::intT())});
  Exp step = lambda(stateT, [&](const Val& s) {
    Val arr = bind(tail::Proj::make(0, s.exp), loc);
    Val k = bind(tail::Proj::make(1, s.exp), loc);
    std::vector<Exp> where(axes.size());
    Val rest = k;
    for (size_t d = axes.size(); d-- > 0;) {
      if (axes[d].scalar) {
        where[d] = axes[d].scalar->exp;
        continue;
      }
      bool outermost = true;
      for (size_t e = 0; e < d; ++e) outermost = outermost && axes[e].scalar.has_value();
      Val pos = outermost ? rest : bindPrim(Prim::ResI, {axes[d].count.exp, rest.exp}, loc);
      if (!outermost) rest = bindPrim(Prim::DivI, {rest.exp, axes[d].count.exp}, loc);
      Val at = bindPrim(Prim::AddI, {pos.exp, tail::IntConst::make(1)}, loc);
      where[d] = bindPrim(Prim::Index, {tail::IntConst::make(1), at.exp, axes[d].positions.exp}, loc).exp;
    }
    Val x = v;
    if (v.rank() != 0) {
      Val at = bindPrim(Prim::AddI, {k.exp, tail::IntConst::make(1)}, loc);
      x = bindPrim(Prim::Index, {tail::IntConst::make(1), at.exp, v.exp}, loc);
    }
    if (modify) {  // the element as it is now (earlier steps may have changed it), f x
      Val old = arr;
      for (size_t d = axes.size(); d-- > 0;)
        old = bindPrim(Prim::Index, {tail::IntConst::make(static_cast<int64_t>(d) + 1), where[d], old.exp}, loc);
      Val r = modify->apply(*this, &old, x, loc);
      if (r.isTuple() || r.rank() != 0) notSupported(loc, "x[i] " + modify->name + "← where " + modify->name +
                                                             " gives non-scalars (a nested result)");
      x = convert(r, a.base(), loc);
    }
    Val ws = bind(tail::ArrayLit::make(Base::intT(), where, loc), loc);
    Val updated = bindPrim(Prim::Update, {arr.exp, ws.exp, x.exp}, loc);
    Val next = bindPrim(Prim::AddI, {k.exp, tail::IntConst::make(1)}, loc);
    return bindTuple({updated, next}, loc);
  }, nullptr, stateT);
  Val start = bindTuple({a, intConst(0)}, loc);
  Val done = bindPrim(Prim::Power, {step, total.exp, start.exp}, loc);
  return bind(tail::Proj::make(0, done.exp), loc);
}

// ---------------------------------------------------------------------- replicate / compress

Val Elaborator::replicate(const Val& counts0, const Val& x0, SourceLoc loc, bool firstAxis) {
  requireArray(counts0, loc);
  requireArray(x0, loc);
  Val x = x0.rank() == 0 ? toVector(x0, loc) : x0;
  if (firstAxis && x.rank() >= 2) {
    Val t = bindPrim(Prim::Transp, {x.exp}, loc);
    Val r = replicate(counts0, t, loc, false);
    return bindPrim(Prim::Transp, {r.exp}, loc);
  }
  Val counts = counts0;
  if (counts.rank() > 1) fail(loc, "RANK ERROR: the left argument of / must be a scalar or vector");
  if (counts.base().kind == BaseKind::Char) fail(loc, "DOMAIN ERROR: the left argument of / must be numbers");
  if (counts.base().kind == BaseKind::Double || counts.base().kind == BaseKind::Complex) counts = convert(counts, Base::intT(), loc);
  if (auto ks = counts.knownInts())
    for (int64_t k : *ks)
      if (k < 0) fail(loc, "DOMAIN ERROR: negative count in /");
  Val len = lengthOfAxis(x, x.rank(), loc);
  if (counts.rank() == 0) counts = reshape(bind(tail::ArrayLit::make(Base::intT(), {len.exp}), loc), counts, loc);
  auto lc = counts.staticLength(), lx = x.rank() == 1 ? x.staticLength() : std::nullopt;
  if (lc && lx && *lc != *lx && *lc != 1)
    fail(loc, "LENGTH ERROR: " + std::to_string(*lc) + " counts for " + std::to_string(*lx) + " items");
  if (counts.base().kind == BaseKind::Bool) return bindPrim(Prim::Compress, {counts.exp, x.exp}, loc);
  return bindPrim(Prim::Replicate, {counts.exp, x.exp}, loc);
}

// mask\x along x's last axis: item i is the next of x's items where mask[i] is 1 and the fill
// where it is 0; x needs as many items as mask has ones (a LENGTH ERROR otherwise), except that a
// scalar or a one-item vector is repeated to that count (Dyalog).
Val Elaborator::expand(const Val& mask, const Val& x0, SourceLoc loc, bool firstAxis) {
  requireArray(mask, loc);
  requireArray(x0, loc);
  if (firstAxis && x0.rank() >= 2)
    return alongAxis(x0, 1, 1, true, [&](const Val& x) { return expand(mask, x, loc, false); }, loc);
  Val m = convert(toVector(mask, loc), Base::intT(), loc);
  Val positions = bindPrim(Prim::Scan, {tail::PrimFn::make(Prim::AddI), m.exp}, loc);
  Val ones = bindPrim(Prim::Reduce, {tail::PrimFn::make(Prim::AddI), tail::IntConst::make(0), m.exp}, loc);
  Val onesVector = bind(tail::ArrayLit::make(Base::intT(), {ones.exp}), loc);
  Val x = x0;
  if (x.rank() == 0 || (x.rank() == 1 && x.staticLength() == 1)) x = reshape(onesVector, x, loc);
  if (x.rank() == 1) {
    Val v = bindPrim(Prim::Reshape0, {onesVector.exp, x.exp}, loc);
    Exp pick = lambda2(Type::scalar(Base::intT()), Type::scalar(Base::intT()), [&](const Val& bit, const Val& k) {
      Val test = bindPrim(Prim::I2B, {bit.exp}, loc);
      return cond(test, [&] { return bindPrim(Prim::Index, {tail::IntConst::make(1), k.exp, v.exp}, loc); },
                  [&] { return fillValue(v.base()); }, loc);
    });
    return bindPrim(Prim::ZipWith, {pick, m.exp, positions.exp}, loc);
  }
  // Rank ≥ 2: pick along the last axis from x with a fill item appended (at ones+1).
  Val shape = bindPrim(Prim::CatV, {dropLastOfShape(x, loc).exp, onesVector.exp}, loc);
  Val checked = bindPrim(Prim::Reshape0, {shape.exp, x.exp}, loc);
  Val filled = catenate(checked, fillValue(x.base()), loc);
  Val fillAt = bindPrim(Prim::AddI, {ones.exp, tail::IntConst::make(1)}, loc);
  Exp pick = lambda2(Type::scalar(Base::intT()), Type::scalar(Base::intT()), [&](const Val& bit, const Val& k) {
    Val test = bindPrim(Prim::I2B, {bit.exp}, loc);
    return cond(test, [&] { return k; }, [&] { return fillAt; }, loc);
  });
  Val picks = bindPrim(Prim::ZipWith, {pick, m.exp, positions.exp}, loc);
  return selectAxis(filled, x.rank(), picks, loc);
}

}  // namespace aplc::apl::elab
