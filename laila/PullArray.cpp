// Hybrid pull arrays: forms, conversions and the operations of Figure 3.9 (with errata).
#include "laila/PullArray.h"

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
  return p;
}

PullArray PullArray::toShaped() const {
  if (!isFlat()) return *this;
  PullArray self = *this;
  PullArray p = shaped(elem_, shape_, [self](const std::vector<Expr>& ix) { return self.at(ix); });
  p.cheap_ = cheap_;
  p.memory_ = memory_;
  return p;
}

PullArray each(BaseType resultElem, const std::function<Expr(const Expr&)>& f, const PullArray& a) {
  if (a.isFlat())
    return PullArray::flat(resultElem, a.shape(), [a, f](const Expr& i) { return f(a.at(i)); });
  return PullArray::shaped(resultElem, a.shape(),
                           [a, f](const std::vector<Expr>& ix) { return f(a.at(ix)); });
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
  return p.withCheap(a.cheap());
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

// Nested loops over the axes from `axis` on, calling `body` with the full index.
void nestedLoops(const LoopEmitter& loop, const std::vector<Expr>& shape, size_t axis,
                 std::vector<Expr>& index, const std::function<void(const std::vector<Expr>&)>& body) {
  if (axis == shape.size()) {
    body(index);
    return;
  }
  loop(shape[axis], [&](Expr i) {
    index[axis] = i;
    nestedLoops(loop, shape, axis + 1, index, body);
  });
}

}  // namespace

void writeTo(Builder& b, const Expr& memory, const PullArray& a, const LoopEmitter& loop) {
  LoopEmitter emitLoop = loop ? loop : LoopEmitter([&b](const Expr& n, const std::function<void(Expr)>& body) {
    b.forLoop(n, LoopKind::ParallelMap, body);
  });
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
  PullArray bound = a.isFlat() ? PullArray::flat(a.elem(), shape, [a](const Expr& i) { return a.at(i); })
                               : PullArray::shaped(a.elem(), shape, [a](const std::vector<Expr>& ix) { return a.at(ix); });
  writeTo(b, memory, bound, loop);
  return PullArray::reader(a.elem(), shape, memory);
}

PullArray inMode(const PullArray& a, bool flatOnly) { return flatOnly ? a.toFlat() : a; }

}  // namespace aplc::laila
