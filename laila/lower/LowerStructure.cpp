// Lowering of TAIL's structural primitives (tail/ir/Prims.def, "Arrays: structure" and shape
// vectors) to pull-array operations, with the interpreter's checks (tail/interp/InterpArray.cpp).
// Reads of a source are guarded by `if` where the source may be empty (take's padding, cat's two
// sources, reshape's fill), so no element outside an array is ever read.
#include "laila/lower/LowerInternal.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::laila::lowering {

namespace {

// The most operations (laila/analysis/Cost.h) an element may cost and still be recomputed wherever a
// replicating reshape reads it, rather than written to memory once.
constexpr int kRecomputeLimit = 16;

std::string constText(const Expr& e) {
  auto v = asIntConst(e);
  return v ? std::to_string(*v) : "";
}

// A shape for messages ("2 3", "(scalar)"), or "" when an extent is not a constant.
std::string shapeText(const std::vector<Expr>& shape) {
  std::string s;
  for (size_t k = 0; k < shape.size(); ++k) {
    std::string t = constText(shape[k]);
    if (t.empty()) return "";
    s += (k ? " " : "") + t;
  }
  return s.empty() ? "(scalar)" : s;
}

// A message naming values when they are known at compile time, else a shorter general one.
std::string known(const std::string& exact, const std::string& general, std::initializer_list<std::string> parts) {
  for (const std::string& p : parts)
    if (p.empty()) return general;
  return exact;
}

}  // namespace

namespace {

class Structure {
 public:
  Structure(Lowerer& l, const tail::Type& instance, const SourceLoc& loc) : l_(l), instance_(instance), loc_(loc) {}

  Builder& b() { return l_.b(); }
  Expr scalar(const LValue& v) { return v.kind == LValue::Kind::Array ? l_.fromArray(v.array).scalar : v.scalar; }

  // The elements of a shape vector of static length (bound to variables).
  std::vector<Expr> elements(const PullArray& v) {
    auto n = asIntConst(v.shape().at(0));
    if (!n) throw UserError(loc_, "not supported yet: a shape vector whose length is not known at compile time");
    std::vector<Expr> es;
    for (int64_t k = 0; k < *n; ++k) es.push_back(b().let(v.at(intConst(k)), "e"));
    return es;
  }

  // A vector holding these (scalar) values: an index function selecting among them.
  static PullArray vectorOf(BaseType elem, const std::vector<Expr>& values) {
    PullArray p = PullArray::flat(elem, {intConst(static_cast<int64_t>(values.size()))}, [values, elem](const Expr& i) {
      if (values.empty()) return fillOf(elem);
      Expr r = values.back();
      for (size_t k = values.size() - 1; k-- > 0;) r = select(eq(i, intConst(static_cast<int64_t>(k))), values[k], r);
      return r;
    });
    return p.withCheap(true);
  }

  void check(const Expr& cond, ErrorKind kind, const std::string& message) { l_.check(cond, kind, loc_, message); }

  void checkExtents(const std::vector<Expr>& shape) {
    for (const Expr& e : shape)
      check(ge(e, intConst(0)), ErrorKind::Domain,
            known("reshape to a negative extent " + constText(e), "reshape to a negative extent", {constText(e)}));
  }

  // The interpreter's LIMIT ERROR for an array of more than 2^28 elements (counting the non-zero
  // extents): a fused ⍳ allocates nothing, so the check is made where it is made (found by
  // tests/fuzz, seed 200054: x!y with x = 2^63-1 looped over ⍳x for ever). Not for reshape: the
  // outer and inner products reshape to arrays that never exist (sobol's large size replicates
  // 3×10^8 elements), which the interpreter cannot run but compiled code must.
  void checkLimit(const std::vector<Expr>& shape) {
    constexpr int64_t kLimit = int64_t{1} << 28;
    const std::string message = "an array of more than " + std::to_string(kLimit) + " elements";
    Expr count = intConst(1);
    for (const Expr& e : shape) {
      check(le(e, intConst(kLimit)), ErrorKind::Limit, message);
      count = b().let(count * max(e, intConst(1)), "count");
      check(le(count, intConst(kLimit)), ErrorKind::Limit, message);
    }
  }

  PullArray iota(const Expr& n) {
    check(ge(n, intConst(0)), ErrorKind::Domain,
          known("iota of a negative number " + constText(n), "iota of a negative number", {constText(n)}));
    checkLimit({n});
    return PullArray::flat(BaseType::Int, {n}, [](const Expr& i) { return i + 1; }).withCheap(true);
  }

  PullArray reshapeCycled(const std::vector<Expr>& shape, const PullArray& source) {
    checkExtents(shape);
    PullArray a = source;
    // A reshape that may repeat its source (the replication in inner and outer products) would
    // recompute each element of an expensive source every time it is read: write it once. A
    // source whose elements take a few operations is recomputed instead: writing and reading
    // it back costs more than that (and a large one may not fit in memory at all).
    if (!a.cheap() && !proveNonNegative(a.size() - product(shape), Facts()) &&
        l_.elementCost(a) > kRecomputeLimit)
      a = l_.materialize(a);
    Expr n = b().let(a.size(), "n");
    auto size = asIntConst(n);
    if (size && *size > 0) return reshape(shape, a, true);
    Lowerer* l = &l_;
    PullArray flat = a.toFlat();
    BaseType elem = a.elem();
    // The source may be empty: its elements are then the fill (never read past its end).
    return PullArray::flat(elem, shape, [l, flat, n, elem](const Expr& i) {
      if (auto s = asIntConst(n); s && *s == 0) return fillOf(elem);
      Var v = l->b().declare(fillOf(elem), "e");
      l->b().ifThen(ne(n, intConst(0)), [&] { l->scoped([&] { l->b().assign(v, flat.at(i % n)); }); });
      return var(v);
    });
  }

  PullArray reshapeExact(const std::vector<Expr>& shape, const PullArray& a) {
    checkExtents(shape);
    std::string count = constText(a.size()), target = shapeText(shape);
    check(eq(product(shape), a.size()), ErrorKind::Length,
          known("reshape0 of " + count + " elements to shape " + target, "reshape0 to a shape of another size",
                {count, target}));
    return reshape(shape, a, false);
  }

  PullArray transpose2(const std::vector<Expr>& permutation, const PullArray& a) {
    size_t r = a.rank();
    std::vector<size_t> perm;
    std::vector<bool> seen(r, false);
    bool valid = permutation.size() == r;
    std::string text;
    for (const Expr& p : permutation) if (!asIntConst(p)) return dynamicTranspose2(permutation, a);
    for (const Expr& p : permutation) {
      auto v = asIntConst(p);
      text += (text.empty() ? "" : " ") + std::to_string(*v);
      if (*v < 1 || *v > static_cast<int64_t>(r) || seen[static_cast<size_t>(*v - 1)]) {
        valid = false;
      } else {
        seen[static_cast<size_t>(*v - 1)] = true;
        perm.push_back(static_cast<size_t>(*v - 1));
      }
    }
    if (!valid) {
      check(boolConst(false), ErrorKind::Domain,
            "the axes " + text + " are not a permutation of 1.." + std::to_string(r));
      return a;
    }
    return transp2(perm, a);
  }

  // p⍉A with axes known only at run time (rank is static): checked to be a permutation, then
  // every new extent and every old index is a select over the axes.
  PullArray dynamicTranspose2(const std::vector<Expr>& permutation, const PullArray& a) {
    size_t r = a.rank();
    if (permutation.size() != r) return transpose2Invalid(permutation, r, a);
    std::vector<Expr> p;
    for (const Expr& e : permutation) p.push_back(b().let(e, "ax"));
    Expr valid = boolConst(true);
    for (size_t k = 0; k < r; ++k) {
      valid = land(valid, land(ge(p[k], intConst(1)), le(p[k], intConst(static_cast<int64_t>(r)))));
      for (size_t q = 0; q < k; ++q) valid = land(valid, ne(p[k], p[q]));
    }
    check(valid, ErrorKind::Domain, "the axes are not a permutation of 1.." + std::to_string(r));
    // New axis m has old axis k's extent where p[k] = m + 1.
    auto axisIs = [p](size_t k, size_t m) { return eq(p[k], intConst(static_cast<int64_t>(m + 1))); };
    std::vector<Expr> shape;
    for (size_t m = 0; m < r; ++m) {
      Expr extent = intConst(0);
      for (size_t k = r; k-- > 0;) extent = select(axisIs(k, m), a.shape()[k], extent);
      shape.push_back(b().let(extent, "n"));
    }
    PullArray src = a.toShaped();
    return PullArray::shaped(a.elem(), shape, [src, p, r, axisIs](const std::vector<Expr>& j) {
      std::vector<Expr> old;
      for (size_t k = 0; k < r; ++k) {
        Expr i = intConst(0);
        for (size_t m = r; m-- > 0;) i = select(axisIs(k, m), j[m], i);
        old.push_back(i);
      }
      return src.at(old);
    });
  }

  PullArray transpose2Invalid(const std::vector<Expr>& permutation, size_t r, const PullArray& a) {
    std::string text;
    for (const Expr& p : permutation) {
      auto v = asIntConst(p);
      text += (text.empty() ? "" : " ") + (v ? std::to_string(*v) : std::string("?"));
    }
    check(boolConst(false), ErrorKind::Domain,
          "the axes " + text + " are not a permutation of 1.." + std::to_string(r));
    return a;
  }

  Expr magnitudeChecked(const Expr& n) {
    check(ne(n, intConst(INT64_MIN)), ErrorKind::Limit, "a count of magnitude 2^63");
    return n;
  }

  Expr first(const Expr& otherwise, const PullArray& a) {
    Expr size = a.size();
    if (auto s = asIntConst(size)) return *s > 0 ? b().let(a.at(intConst(0)), "s") : otherwise;
    Var v = b().declare(otherwise, "first");
    b().ifThen(gt(size, intConst(0)), [&] { l_.scoped([&] { b().assign(v, a.at(intConst(0))); }); });
    return var(v);
  }

  // Along the last axis; LENGTH ERROR unless the other axes agree.
  PullArray cat(const PullArray& a, const PullArray& c) {
    size_t r = a.rank();
    Expr same = boolConst(r == c.rank());
    for (size_t k = 0; k + 1 < r && k + 1 < c.rank(); ++k) same = land(same, eq(a.shape()[k], c.shape()[k]));
    std::string sa = shapeText(a.shape()), sc = shapeText(c.shape());
    // The arguments' own errors first: Lowerer::check validates them when the shapes differ.
    check(same, ErrorKind::Length,
          known("catenation of shapes " + sa + " and " + sc, "catenation of arrays of different shapes", {sa, sc}));
    Expr ma = b().let(a.shape().back(), "n");
    std::vector<Expr> shape = a.shape();
    shape.back() = ma + c.shape().back();
    Lowerer* l = &l_;
    BaseType elem = a.elem();
    PullArray p = PullArray::shaped(elem, shape, [l, a, c, ma, elem](const std::vector<Expr>& j) {
      std::vector<Expr> jc = j;
      jc.back() = j.back() - ma;
      Expr inA = lt(j.back(), ma);
      if (auto k = asBoolConst(inA)) return *k ? a.at(j) : c.at(jc);
      Var v = l->b().declare(fillOf(elem), "e");
      // Each branch is a memory scope: what a branch allocates is freed inside it.
      l->b().ifThenElse(inA, [&] { l->scoped([&] { l->b().assign(v, a.at(j)); }); },
                        [&] { l->scoped([&] { l->b().assign(v, c.at(jc)); }); });
      return var(v);
    });
    // Not cheap, even of cheap parts: a read is a branch, and catenations of catenations read
    // through nested branches (code exponential in the nesting when each level is read twice).
    p = p.withCheap(false);
    if (c.rank() != r) return p;  // a LENGTH ERROR at run time
    // The parts, for writing each into its slice (a catenation of catenations along the same
    // axis is one catenation of all their parts).
    size_t axis = r - 1;
    std::vector<PullArray> parts;
    for (const PullArray& x : {a, c}) {
      if (x.hasParts() && x.partsAxis() == axis) {
        parts.insert(parts.end(), x.parts().begin(), x.parts().end());
      } else {
        parts.push_back(x);
      }
    }
    return PullArray::catenation(p, axis, std::move(parts));
  }

  // x (a's shape without its last axis) as an array with a last axis of length 1.
  PullArray column(const PullArray& x, const PullArray& a) {
    Expr same = boolConst(x.rank() + 1 == a.rank());
    for (size_t k = 0; k < x.rank() && k < a.rank(); ++k) same = land(same, eq(x.shape()[k], a.shape()[k]));
    std::string sx = shapeText(x.shape()), sa = shapeText(a.shape());
    check(same, ErrorKind::Length,
          known("cannot join an item of shape " + sx + " to an array of shape " + sa,
                "cannot join an item to an array of another shape", {sx, sa}));
    std::vector<Expr> shape = x.shape();
    shape.push_back(intConst(1));
    return PullArray::shaped(x.elem(), shape, [x](const std::vector<Expr>& j) {
      return x.at(std::vector<Expr>(j.begin(), j.end() - 1));
    }).withCheap(x.cheap());
  }

  // Along the last axis, selecting source positions from an int memory `positions` of `count`.
  static PullArray gatherLast(const PullArray& a, const Expr& positions, const Expr& count) {
    std::vector<Expr> shape = a.shape();
    shape.back() = count;
    return PullArray::shaped(a.elem(), shape, [a, positions](const std::vector<Expr>& j) {
      std::vector<Expr> old = j;
      old.back() = load(positions, j.back());
      return a.at(old);
    });
  }

  PullArray compress(const PullArray& mask0, const PullArray& a) {
    Expr m = a.shape().back();
    std::string sm = constText(mask0.size()), sa = constText(m);
    check(eq(mask0.size(), m), ErrorKind::Length,
          known("compress with " + sm + " booleans along an axis of length " + sa,
                "compress with a mask of another length than the axis", {sm, sa}));
    PullArray mask = l_.materialize(mask0);
    Var count = b().declare(intConst(0), "count");
    l_.loop(m, LoopKind::Sequential, [&](Expr j) { b().assign(count, var(count) + b2i(mask.at(j))); });
    Expr positions = allocInts(var(count));
    Var next = b().declare(intConst(0), "k");
    l_.loop(m, LoopKind::Sequential, [&](Expr j) {
      b().ifThen(mask.at(j), [&] {
        b().store(positions, var(next), j);
        b().assign(next, var(next) + 1);
      });
    });
    return gatherLast(a, positions, b().let(var(count), "n"));
  }

  PullArray replicate(const PullArray& counts0, const PullArray& a) {
    Expr m = a.shape().back();
    std::string sc = constText(counts0.size()), sa = constText(m);
    check(eq(counts0.size(), m), ErrorKind::Length,
          known("replicate with " + sc + " counts along an axis of length " + sa,
                "replicate with counts of another length than the axis", {sc, sa}));
    PullArray counts = l_.materialize(counts0);
    Var total = b().declare(intConst(0), "total");
    l_.loop(m, LoopKind::Sequential, [&](Expr j) {
      Expr c = b().let(counts.at(j), "c");
      check(ge(c, intConst(0)), ErrorKind::Domain,
            known("replicate with a negative count " + constText(c), "replicate with a negative count", {constText(c)}));
      b().assign(total, var(total) + c);
      check(le(var(total), intConst(int64_t{1} << 28)), ErrorKind::Limit, "replicate to more than 268435456 elements");
    });
    Expr positions = allocInts(var(total));
    Var next = b().declare(intConst(0), "k");
    l_.loop(m, LoopKind::Sequential, [&](Expr j) {
      l_.loop(counts.at(j), LoopKind::Sequential, [&](Expr) {
        b().store(positions, var(next), j);
        b().assign(next, var(next) + 1);
      });
    });
    return gatherLast(a, positions, b().let(var(total), "n"));
  }

  Expr allocInts(const Expr& count) {
    Expr memory = b().alloc(BaseType::Int, count, "pos");
    l_.registerMemory(memory);
    return memory;
  }

  LValue indexAxis(const Expr& d, const Expr& i, const PullArray& a) {
    auto axisNumber = asIntConst(d);
    if (!axisNumber) throw UserError(loc_, "not supported yet: index along an axis not known at compile time");
    auto rank = static_cast<int64_t>(a.rank());
    if (*axisNumber < 1 || *axisNumber > rank) {
      check(boolConst(false), ErrorKind::Index,
            "axis " + std::to_string(*axisNumber) + " of an array of rank " + std::to_string(rank));
      return l_.fromArray(PullArray::flat(a.elem(), std::vector<Expr>(a.rank() - 1, intConst(0)),
                                          [e = a.elem()](const Expr&) { return fillOf(e); }));
    }
    auto axis = static_cast<size_t>(*axisNumber - 1);
    Expr n = a.shape()[axis];
    std::string si = constText(i), sn = constText(n);
    check(land(ge(i, intConst(1)), le(i, n)), ErrorKind::Index,
          known("index " + si + " on axis " + std::to_string(*axisNumber) + " of length " + sn,
                "index out of range on axis " + std::to_string(*axisNumber), {si, sn}));
    std::vector<Expr> shape = a.shape();
    shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(axis));
    Expr at = b().let(i - 1, "i");
    PullArray r = PullArray::shaped(a.elem(), shape, [a, axis, at](const std::vector<Expr>& j) {
      std::vector<Expr> old = j;
      old.insert(old.begin() + static_cast<std::ptrdiff_t>(axis), at);
      return a.at(old);
    });
    return l_.fromArray(l_.mode(r.withCheap(a.cheap())));
  }

  LValue update(const PullArray& a, const std::vector<Expr>& index, const Expr& x) {
    Expr ok = boolConst(true);
    std::string text;
    for (size_t k = 0; k < index.size(); ++k) {
      ok = land(ok, land(ge(index[k], intConst(1)), le(index[k], a.shape()[k])));
      std::string t = constText(index[k]);
      text = text.empty() && k == 0 ? t : (t.empty() || text.empty() ? "" : text + " " + t);
    }
    std::string sa = shapeText(a.shape());
    check(ok, ErrorKind::Index,
          known("index " + text + " into an array of shape " + sa, "index out of range in an update", {text, sa}));
    // A fresh copy: the update is functional, the original stays unchanged.
    Expr memory = b().alloc(a.elem(), b().let(a.size(), "n"), "upd");
    l_.registerMemory(memory);
    writeTo(b(), memory, a, [this](const Expr& n, const std::function<void(Expr)>& body) {
      l_.loop(n, LoopKind::ParallelMap, body);
    });
    std::vector<Expr> zeroBased;
    for (const Expr& e : index) zeroBased.push_back(e - 1);
    b().store(memory, toIdx(a.shape(), zeroBased), x);
    return LValue::ofArray(PullArray::reader(a.elem(), a.shape(), memory));
  }

  LValue run(tail::Prim op, const std::vector<LValue>& args) {
    using tail::Prim;
    auto arr = [&](size_t k) { return l_.asArray(args[k]); };
    // The argument of a primitive that may read only some of its elements: APL computes all of
    // them, so their checks run first (at the top level only: inside an element loop this would
    // validate a captured array once per element).
    // readsAll(a): a condition under which the primitive reads every element after all (an
    // overtake, a reshape to as many elements or more): the validation is skipped then.
    auto partial = [&](size_t k, const std::function<Expr(const PullArray&)>& readsAll = nullptr) {
      PullArray a = arr(k);
      if (b().loopDepth() == 0) l_.validate(a, readsAll ? readsAll(a) : boolConst(false));
      return a;
    };
    auto out = [&](const PullArray& p) { return l_.fromArray(l_.mode(p)); };
    switch (op) {
      case Prim::Shape: return out(vectorOf(BaseType::Int, arr(0).shape()));
      case Prim::ShapeV: return out(vectorOf(BaseType::Int, {arr(0).shape().at(0)}));
      case Prim::Iota:
      case Prim::IotaV: return out(iota(scalar(args[0])));
      case Prim::Reshape: {
        std::vector<Expr> shape = elements(arr(0));
        PullArray a = partial(1, [&](const PullArray& x) { return ge(product(shape), x.size()); });
        return out(reshapeCycled(shape, a));
      }
      case Prim::Reshape0: return out(reshapeExact(elements(arr(0)), arr(1)));
      case Prim::Reverse:
      case Prim::ReverseV: {
        PullArray a = l_.computedInOrder(arr(0));
        return a.rank() == 0 ? args[0] : out(reverse(a.rank() - 1, a));
      }
      case Prim::VReverse: {
        PullArray a = l_.computedInOrder(arr(0));
        return a.rank() == 0 ? args[0] : out(reverse(0, a));
      }
      case Prim::Rotate:
      case Prim::RotateV: {
        PullArray a = l_.computedInOrder(arr(1));
        return a.rank() == 0 ? args[1] : out(rotate(a.rank() - 1, scalar(args[0]), a));
      }
      case Prim::VRotate: {
        PullArray a = l_.computedInOrder(arr(1));
        return a.rank() == 0 ? args[1] : out(rotate(0, scalar(args[0]), a));
      }
      case Prim::Transp: return out(transp(l_.computedInOrder(arr(0))));
      case Prim::TranspV: return args[0];
      case Prim::Transp2: return out(transpose2(elements(arr(0)), l_.computedInOrder(arr(1))));
      case Prim::Take:
      case Prim::TakeV: {
        PullArray a = partial(1, [&](const PullArray& x) { return ge(abs(scalar(args[0])), x.shape()[0]); });
        return out(take(b(), magnitudeChecked(scalar(args[0])), a, fillOf(a.elem())).withCheap(a.cheap()));
      }
      case Prim::Drop:
      case Prim::DropV: return out(drop(scalar(args[0]), partial(1, [&](const PullArray&) { return eq(scalar(args[0]), intConst(0)); })));
      case Prim::First: return LValue::ofScalar(first(scalar(args[0]), partial(1, [](const PullArray& x) { return le(x.size(), intConst(1)); })));
      case Prim::Single: {  // singleton extension across ranks: the one element, else RANK ERROR
        // The other argument of the scalar function is evaluated before the function is applied
        // (it is bound before this, lazily, and not read yet): its errors come first. Then this
        // argument's own, as for any partial read.
        Expr one = eq(arr(0).size(), intConst(1));
        l_.validatePendingUnless(one);
        PullArray a = partial(0, [](const PullArray& x) { return eq(x.size(), intConst(1)); });
        std::string n = constText(a.size());
        check(eq(a.size(), intConst(1)), ErrorKind::Rank,
              known("arguments of different ranks, the one of rank " + std::to_string(a.rank()) + " with " + n +
                        " elements (singleton extension needs one)",
                    "arguments of different ranks, the one of rank " + std::to_string(a.rank()) +
                        " without exactly one element (singleton extension needs one)",
                    {n}));
        return LValue::ofScalar(b().let(a.at(intConst(0)), "s"));
      }
      case Prim::FirstV: {
        PullArray a = arr(0);
        std::string n = constText(a.size());
        check(eq(a.size(), intConst(1)), ErrorKind::Length,
              known("firstV of a vector of length " + n, "firstV of a vector whose length is not 1", {n}));
        return LValue::ofScalar(b().let(a.at(intConst(0)), "s"));
      }
      case Prim::Cat:
      case Prim::CatV: return out(cat(arr(0), arr(1)));
      case Prim::Cons:
      case Prim::ConsV: {
        PullArray x = arr(0), a = arr(1);
        return out(cat(column(x, a), a));
      }
      case Prim::Snoc:
      case Prim::SnocV: {
        PullArray a = arr(0), x = arr(1);
        return out(cat(a, column(x, a)));
      }
      case Prim::Compress: return out(compress(arr(0), partial(1)));
      case Prim::Replicate: return out(replicate(arr(0), partial(1)));
      case Prim::Index: return indexAxis(scalar(args[0]), scalar(args[1]), partial(2));
      case Prim::Update: {
        PullArray a = arr(0);
        return update(a, elements(arr(1)), scalar(args[2]));
      }
      default: break;
    }
    internalError(__FILE__, __LINE__, "lowering: no case for " + std::string(tail::primName(op)));
  }

 private:
  Lowerer& l_;
  const tail::Type& instance_;
  SourceLoc loc_;
};

}  // namespace

LValue Lowerer::structuralPrim(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                               const SourceLoc& loc) {
  Structure s(*this, instance, loc);
  return s.run(op, args);
}

}  // namespace aplc::laila::lowering
