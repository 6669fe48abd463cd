// Hybrid pull arrays: forms, conversions and the operations of Figure 3.9 (with errata).
#include "laila/lower/PullArray.h"

#include <cstdint>

#include "support/Diagnostics.h"

namespace aplc::laila {

PullArray PullArray::flat(BaseType elem, std::vector<Expr> shape, FlatFn f) {
  PullArray p;
  p.elem_ = elem;
  p.shape_ = std::move(shape);
  p.flat_ = std::move(f);
  return p;
}

PullArray PullArray::shaped(BaseType elem, std::vector<Expr> shape, ShapedFn n) {
  PullArray p;
  p.elem_ = elem;
  p.shape_ = std::move(shape);
  p.shaped_ = std::move(n);
  return p;
}

PullArray PullArray::reader(BaseType elem, std::vector<Expr> shape, Expr memory) {
  PullArray p = flat(elem, std::move(shape), [memory](const Expr& i) { return load(memory, i); });
  p.cheap_ = true;
  p.memory_ = memory;
  return p;
}

PullArray PullArray::literal(BaseType elem, Expr memory, std::vector<Expr> values) {
  auto n = static_cast<int64_t>(values.size());
  PullArray p = flat(elem, {intConst(n)}, [memory, values, n](const Expr& i) {
    if (auto k = asIntConst(i); k && *k >= 0 && *k < n) return values[static_cast<size_t>(*k)];
    return load(memory, i);
  });
  p.cheap_ = true;
  p.memory_ = memory;
  return p;
}

PullArray PullArray::catenation(const PullArray& whole, size_t axis, std::vector<PullArray> parts) {
  APLC_INTERNAL_CHECK(axis < whole.rank(), "catenation: axis out of range");
  PullArray p = whole;
  p.parts_ = std::make_shared<const std::vector<PullArray>>(std::move(parts));
  p.partsAxis_ = axis;
  return p;
}

PullArray PullArray::withShape(std::vector<Expr> shape) const {
  APLC_INTERNAL_CHECK(shape.size() == shape_.size(), "withShape: rank mismatch");
  PullArray p = *this;
  p.shape_ = std::move(shape);
  return p;
}

PullArray PullArray::withCheap(bool c) const {
  PullArray p = *this;
  p.cheap_ = c;
  return p;
}

Expr toIdx(const std::vector<Expr>& shape, const std::vector<Expr>& index) {
  APLC_INTERNAL_CHECK(shape.size() == index.size(), "toIdx: rank mismatch");
  Expr flat = intConst(0);
  for (size_t k = 0; k < shape.size(); ++k) flat = flat * shape[k] + index[k];
  return flat;
}

std::vector<Expr> fromIdx(const std::vector<Expr>& shape, const Expr& flatIndex) {
  std::vector<Expr> index(shape.size());
  Expr rest = flatIndex;
  for (size_t k = shape.size(); k-- > 0;) {
    if (k == 0) {
      index[k] = rest;  // the leading index needs no modulus: the flat index is in range
    } else {
      index[k] = rest % shape[k];
      rest = rest / shape[k];
    }
  }
  return index;
}

Expr PullArray::at(const Expr& flatIndex) const {
  if (flat_) return flat_(flatIndex);
  return shaped_(fromIdx(shape_, flatIndex));
}

Expr PullArray::at(const std::vector<Expr>& index) const {
  if (shaped_) return shaped_(index);
  return flat_(toIdx(shape_, index));
}

PullArray PullArray::toFlat() const {
  if (isFlat()) return *this;
  PullArray self = *this;
  PullArray p = flat(elem_, shape_, [self](const Expr& i) { return self.at(i); });
  p.cheap_ = cheap_;
  p.parts_ = parts_;
  p.partsAxis_ = partsAxis_;
  return p;
}

PullArray PullArray::toShaped() const {
  if (!isFlat()) return *this;
  PullArray self = *this;
  PullArray p = shaped(elem_, shape_, [self](const std::vector<Expr>& ix) { return self.at(ix); });
  p.cheap_ = cheap_;
  p.memory_ = memory_;
  p.parts_ = parts_;
  p.partsAxis_ = partsAxis_;
  return p;
}

PullArray each(BaseType resultElem, const std::function<Expr(const Expr&)>& f, const PullArray& a) {
  PullArray r = a.isFlat()
                    ? PullArray::flat(resultElem, a.shape(), [a, f](const Expr& i) { return f(a.at(i)); })
                    : PullArray::shaped(resultElem, a.shape(),
                                        [a, f](const std::vector<Expr>& ix) { return f(a.at(ix)); });
  if (!a.hasParts()) return r;
  std::vector<PullArray> parts;
  for (const PullArray& part : a.parts()) parts.push_back(each(resultElem, f, part));
  return PullArray::catenation(r, a.partsAxis(), std::move(parts));
}

PullArray zipWith(BaseType resultElem, const std::function<Expr(const Expr&, const Expr&)>& f,
                  const PullArray& a, const PullArray& b) {
  if (a.isFlat() && b.isFlat())
    return PullArray::flat(resultElem, a.shape(),
                           [a, b, f](const Expr& i) { return f(a.at(i), b.at(i)); });
  return PullArray::shaped(resultElem, a.shape(), [a, b, f](const std::vector<Expr>& ix) {
    return f(a.at(ix), b.at(ix));
  });
}

PullArray transp(const PullArray& a) {
  std::vector<size_t> perm(a.rank());
  for (size_t k = 0; k < a.rank(); ++k) perm[k] = a.rank() - 1 - k;
  return transp2(perm, a);
}

PullArray transp2(const std::vector<size_t>& perm, const PullArray& a) {
  size_t r = a.rank();
  APLC_INTERNAL_CHECK(perm.size() == r, "transp2: permutation of the wrong length");
  std::vector<Expr> shape(r);
  for (size_t k = 0; k < r; ++k) shape[perm[k]] = a.shape()[k];
  // New index j: old axis k reads new axis perm[k].
  PullArray p = PullArray::shaped(a.elem(), shape, [a, perm](const std::vector<Expr>& j) {
    std::vector<Expr> old(perm.size());
    for (size_t k = 0; k < perm.size(); ++k) old[k] = j[perm[k]];
    return a.at(old);
  });
  p = p.withCheap(a.cheap());
  if (!a.hasParts()) return p;
  std::vector<PullArray> parts;
  for (const PullArray& part : a.parts()) parts.push_back(transp2(perm, part));
  return PullArray::catenation(p, perm[a.partsAxis()], std::move(parts));
}

PullArray reshape(std::vector<Expr> shape, const PullArray& a, bool cycle) {
  Expr n = a.size();
  PullArray p = PullArray::flat(a.elem(), std::move(shape), [a, n, cycle](const Expr& i) {
    return a.at(cycle ? i % n : i);
  });
  return p.withCheap(a.cheap());
}

PullArray take(Builder& b, const Expr& n, const PullArray& a, const Expr& fill) {
  Expr len = a.shape()[0];
  Expr count = select(ge(n, intConst(0)), n, neg(n));
  Expr offset = select(ge(n, intConst(0)), intConst(0), len - count);
  std::vector<Expr> shape = a.shape();
  shape[0] = count;
  Builder* bp = &b;
  PullArray p = PullArray::shaped(a.elem(), shape, [a, offset, len, fill, bp](const std::vector<Expr>& j) {
    std::vector<Expr> old = j;
    old[0] = j[0] + offset;
    Expr inside = land(ge(old[0], intConst(0)), lt(old[0], len));
    if (auto known = asBoolConst(inside)) return *known ? a.at(old) : fill;
    Var v = bp->declare(fill, "e");
    bp->ifThen(inside, [&] { bp->assign(v, a.at(old)); });
    return var(v);
  });
  return p;
}

PullArray drop(const Expr& n, const PullArray& a) {
  Expr len = a.shape()[0];
  // keep = max(0, len - |n|), computed without overflow for any n.
  Expr keep = select(ge(n, intConst(0)), select(ge(n, len), intConst(0), len - n),
                     select(le(n, neg(len)), intConst(0), len + n));
  Expr offset = select(ge(n, intConst(0)), len - keep, intConst(0));
  std::vector<Expr> shape = a.shape();
  shape[0] = keep;
  PullArray p = PullArray::shaped(a.elem(), shape, [a, offset](const std::vector<Expr>& j) {
    std::vector<Expr> old = j;
    old[0] = j[0] + offset;
    return a.at(old);
  });
  return p.withCheap(a.cheap());
}

PullArray rotate(size_t axis, const Expr& n, const PullArray& a) {
  Expr m = a.shape()[axis];
  Expr s = n % m;  // floor modulus: non-negative for m > 0 (m = 0: no elements are read)
  PullArray p = PullArray::shaped(a.elem(), a.shape(), [a, axis, s, m](const std::vector<Expr>& j) {
    std::vector<Expr> old = j;
    Expr k = j[axis] + s;
    old[axis] = select(ge(k, m), k - m, k);
    return a.at(old);
  });
  return p.withCheap(a.cheap());
}

PullArray reverse(size_t axis, const PullArray& a) {
  Expr m = a.shape()[axis];
  PullArray p = PullArray::shaped(a.elem(), a.shape(), [a, axis, m](const std::vector<Expr>& j) {
    std::vector<Expr> old = j;
    old[axis] = m - 1 - j[axis];
    return a.at(old);
  });
  return p.withCheap(a.cheap());
}

namespace {

constexpr int64_t kFusedPartsLimit = 8;  // slices written in one loop nest

// Nested loops over the axes from `axis` on (except `skip`), calling `body` with the index.
void nestedLoops(const LoopEmitter& loop, const std::vector<Expr>& shape, size_t axis,
                 std::vector<Expr>& index, const std::function<void(const std::vector<Expr>&)>& body,
                 size_t skip = SIZE_MAX) {
  if (axis == shape.size()) {
    body(index);
    return;
  }
  if (axis == skip) return nestedLoops(loop, shape, axis + 1, index, body, skip);
  loop(shape[axis], [&](Expr i) {
    index[axis] = i;
    nestedLoops(loop, shape, axis + 1, index, body, skip);
  });
}

// A catenation of parts of constant widths along its axis, at most kFusedPartsLimit in all:
// one loop nest over the other axes whose body computes and stores every slice of every part
// (the planes of `a⍪b⍪c` computed together, sharing what they compute from the same element).
// False (nothing emitted) when the array is not such a catenation.
bool writeSlices(Builder& b, const Expr& memory, const PullArray& a, const LoopEmitter& loop) {
  if (!a.hasParts()) return false;
  size_t axis = a.partsAxis();
  std::vector<int64_t> widths;
  int64_t total = 0;
  for (const PullArray& part : a.parts()) {
    auto w = asIntConst(part.shape()[axis]);
    if (!w || *w < 0 || *w > kFusedPartsLimit) return false;
    widths.push_back(*w);
    total += *w;
  }
  auto whole = asIntConst(a.shape()[axis]);
  if (total > kFusedPartsLimit || !whole || *whole != total) return false;
  std::vector<Expr> index(a.rank());
  nestedLoops(loop, a.shape(), 0, index, [&](const std::vector<Expr>& ix) {
    int64_t offset = 0;
    for (size_t p = 0; p < widths.size(); ++p) {
      for (int64_t c = 0; c < widths[p]; ++c) {
        std::vector<Expr> inPart = ix, inWhole = ix;
        inPart[axis] = intConst(c);
        inWhole[axis] = intConst(offset + c);
        b.store(memory, toIdx(a.shape(), inWhole), a.parts()[p].at(inPart));
      }
      offset += widths[p];
    }
  }, axis);
  return true;
}

}  // namespace

void writeTo(Builder& b, const Expr& memory, const PullArray& a, const LoopEmitter& loop) {
  LoopEmitter emitLoop = loop ? loop : LoopEmitter([&b](const Expr& n, const std::function<void(Expr)>& body) {
    b.forLoop(n, LoopKind::ParallelMap, body);
  });
  if (writeSlices(b, memory, a, emitLoop)) return;
  if (a.isFlat()) {
    emitLoop(a.size(), [&](Expr i) { b.store(memory, i, a.at(i)); });
  } else {
    std::vector<Expr> index(a.rank());
    nestedLoops(emitLoop, a.shape(), 0, index, [&](const std::vector<Expr>& ix) {
      b.store(memory, toIdx(a.shape(), ix), a.at(ix));
    });
  }
}

PullArray materialize(Builder& b, const PullArray& a, Expr* allocated, const LoopEmitter& loop) {
  std::vector<Expr> shape;
  for (const Expr& e : a.shape()) shape.push_back(b.let(e, "n"));
  Expr memory = b.alloc(a.elem(), product(shape), "m");
  if (allocated) *allocated = memory;
  writeTo(b, memory, a.withShape(shape), loop);
  return PullArray::reader(a.elem(), shape, memory);
}

PullArray inMode(const PullArray& a, bool flatOnly) { return flatOnly ? a.toFlat() : a; }

}  // namespace aplc::laila
