// Power loops interchanged with their element loops: `(f⍣n) x` where each point of the state
// evolves on its own (mandelbrot's step: the new z at a pixel depends only on the old z and
// count at that pixel) is lowered as
//
//   parallel for each point p {
//     s₀, s₁, … ← the fields of x at p          (scalars: registers, not memory)
//     for n times { s₀, s₁, … ← f's fields at p computed from s₀, s₁, … }
//     store s₀, s₁, … at p, each in the memory of its own field
//   }
//
// instead of n sequential passes over the whole state, each streaming it through memory. The
// result reads field k's memory for the elements of field k (a select over the field index,
// folded where the index is known); memory of a field that nothing reads is removed with its
// stores (removeDeadCode), as mandelbrot's two z planes are.
//
// Layout: every array leaf of the state splits its axes into leading "field" axes (a few
// elements of constant extent: mandelbrot's three planes) and trailing "point" axes, the same
// for all leaves (H W). A leaf's fields at one point are scalars.
//
// Validity is checked on the code itself: f is lowered once, inside the loops above, on a state
// whose index function returns the field scalars when it is read at the current point, and a
// load from an undeclared "poison" memory when it is read anywhere else (a neighbour, a
// transposed position, a reduction over the state). The attempt is kept only when the lowered
// step reads no poison and is straight-line scalar code (no loop, allocation, store, print or
// effect: anything that would have run once per pass now runs once per point), and when the
// code has at most one kind of error check (the interchanged loops meet failing points in
// another order, so with two kinds the first error met could be another one than the
// interpreter's); otherwise it is rolled back and the power lowered as a loop of passes
// (LowerControl.cpp).
#include <optional>
#include <set>
#include <tuple>

#include "laila/ir/Equality.h"
#include "laila/passes/ElimChecks.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/analysis/Invariance.h"
#include "laila/lower/LowerInternal.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::laila::lowering {

namespace {

// At most this many fields per leaf (scalars per point and leaf).
constexpr int64_t kFieldLimit = 8;

// The base name of the memory that reads of the state at another point load from (never
// declared: code reading it is rolled back).
constexpr const char* kPoison = "not_pointwise";

struct Leaf {
  BaseType elem{};
  std::vector<Expr> shape;
  size_t fieldAxes = 0;  // leading axes that index the fields
  int64_t fields = 1;    // their product
  std::vector<Expr> results;  // per field, the memory its final values go to (one per point)

  std::vector<Expr> fieldShape() const { return {shape.begin(), shape.begin() + fieldAxes}; }
  // The full index of field k at the point.
  std::vector<Expr> indexOf(int64_t k, const std::vector<Expr>& point) const {
    std::vector<Expr> index = fromIdx(fieldShape(), intConst(k));
    index.insert(index.end(), point.begin(), point.end());
    return index;
  }
};

// Per leaf, its fields' values at one point.
using FieldValues = std::vector<std::vector<Expr>>;

// The array leaves of a (tuple) value in order; false when a leaf is not an array of rank ≥ 1.
bool arrayLeaves(const LValue& v, std::vector<const PullArray*>& out) {
  if (v.kind == LValue::Kind::Tuple) {
    for (const LValue& p : v.parts)
      if (!arrayLeaves(p, out)) return false;
    return true;
  }
  if (v.kind != LValue::Kind::Array || v.array.rank() == 0) return false;
  out.push_back(&v.array);
  return true;
}

// The most leading axes of `shape` of constant extent whose product stays within kFieldLimit
// (an empty axis is never a field axis: a leaf has at least one field).
size_t maxFieldAxes(const std::vector<Expr>& shape) {
  int64_t product = 1;
  size_t k = 0;
  for (; k < shape.size(); ++k) {
    std::optional<int64_t> extent = asIntConst(simplify(shape[k]));
    if (!extent || *extent < 1 || product * *extent > kFieldLimit) break;
    product *= *extent;
  }
  return k;
}

// Splits every leaf's axes into fields and points so that all leaves share the point axes;
// nullopt when no split does.
std::optional<std::vector<Leaf>> layoutOf(const std::vector<const PullArray*>& arrays, std::vector<Expr>& pointShape) {
  size_t pointRank = 0;
  for (const PullArray* a : arrays) pointRank = std::max(pointRank, a->rank() - maxFieldAxes(a->shape()));
  std::vector<Leaf> leaves;
  for (const PullArray* a : arrays) {
    if (a->rank() < pointRank) return std::nullopt;
    Leaf leaf;
    leaf.elem = a->elem();
    leaf.shape = a->shape();
    leaf.fieldAxes = a->rank() - pointRank;
    for (size_t k = 0; k < leaf.fieldAxes; ++k) leaf.fields *= *asIntConst(simplify(leaf.shape[k]));
    std::vector<Expr> points(leaf.shape.begin() + leaf.fieldAxes, leaf.shape.end());
    if (leaves.empty()) pointShape = points;
    for (size_t k = 0; k < pointRank; ++k)
      if (!equal(simplify(points[k]), simplify(pointShape[k]))) return std::nullopt;
    leaves.push_back(std::move(leaf));
  }
  return leaves;
}

// values[field]: a select tree over the field index (folded when it is a constant).
Expr fieldAt(const Expr& field, const std::vector<Expr>& values) {
  Expr value = values.back();
  for (size_t k = values.size() - 1; k-- > 0;) value = select(eq(field, intConst(int64_t(k))), values[k], value);
  return value;
}

// One leaf of the state as the step reads it: its field values at the current point, poison
// elsewhere.
PullArray pointState(Builder& b, const Leaf& leaf, const std::vector<Expr>& point, const std::vector<Expr>& values) {
  Expr poison = var(b.freshVar(kPoison, Type::memoryOf(leaf.elem)));
  std::vector<Expr> fieldShape = leaf.fieldShape();
  size_t fieldAxes = leaf.fieldAxes;
  PullArray state = PullArray::shaped(leaf.elem, leaf.shape, [=](const std::vector<Expr>& ix) {
    for (size_t k = 0; k < point.size(); ++k)
      if (!equal(simplify(ix[fieldAxes + k]), point[k])) return load(poison, intConst(0));
    return fieldAt(simplify(toIdx(fieldShape, {ix.begin(), ix.begin() + fieldAxes})), values);
  });
  return state.withCheap(true);
}

// A leaf of the final state, read from its fields' memories. One memory per field, not one
// for the leaf: what reads only some fields (mandelbrot's `2↓`, its count plane) leaves the
// others' memory unread, and removeDeadCode then removes it with its stores.
PullArray finalState(const Leaf& leaf, const std::vector<Expr>& pointShape) {
  if (leaf.fields == 1) return PullArray::reader(leaf.elem, leaf.shape, leaf.results[0]);
  std::vector<Expr> fieldShape = leaf.fieldShape(), results = leaf.results;
  size_t fieldAxes = leaf.fieldAxes;
  PullArray whole = PullArray::shaped(leaf.elem, leaf.shape, [=](const std::vector<Expr>& ix) {
    Expr at = toIdx(pointShape, {ix.begin() + fieldAxes, ix.end()});
    std::vector<Expr> loads;
    for (const Expr& memory : results) loads.push_back(load(memory, at));
    return fieldAt(simplify(toIdx(fieldShape, {ix.begin(), ix.begin() + fieldAxes})), loads);
  }).withCheap(true);
  if (fieldAxes != 1) return whole;
  // One field axis: the fields are the planes of a catenation, which writeTo copies in one pass.
  std::vector<Expr> planeShape = leaf.shape;
  planeShape[0] = intConst(1);
  std::vector<PullArray> planes;
  for (const Expr& memory : results) planes.push_back(PullArray::reader(leaf.elem, planeShape, memory));
  return PullArray::catenation(whole, 0, std::move(planes));
}

// Rebuilds a value of x's structure from its leaves.
LValue withLeaves(const LValue& structure, const std::vector<PullArray>& leaves, size_t& k) {
  if (structure.kind != LValue::Kind::Tuple) return LValue::ofArray(leaves.at(k++));
  std::vector<LValue> parts;
  for (const LValue& p : structure.parts) parts.push_back(withLeaves(p, leaves, k));
  return LValue::ofTuple(std::move(parts));
}

// Whether one iteration's code may run once per point: straight-line scalar code that reads
// no poison memory and has no effect.
class PerPointCode : public IRVisitor {
 public:
  static bool ok(const std::vector<Stmt>& stmts) {
    PerPointCode c;
    for (const Stmt& s : stmts) c.include(s);
    return c.ok_;
  }

 private:
  using IRVisitor::visit;
  void visit(const Load* op) override {
    if (auto* m = op->memory.as<Variable>(); m && m->var().name.base == kPoison) ok_ = false;
    IRVisitor::visit(op);
  }
  void visit(const Call* op) override {
    if (callHasEffect(op->function)) ok_ = false;
    IRVisitor::visit(op);
  }
  void visit(const For*) override { ok_ = false; }
  void visit(const While*) override { ok_ = false; }
  void visit(const Store*) override { ok_ = false; }
  void visit(const Fill*) override { ok_ = false; }
  void visit(const Allocate*) override { ok_ = false; }
  void visit(const Free*) override { ok_ = false; }
  void visit(const DeclareMemory*) override { ok_ = false; }
  void visit(const Print*) override { ok_ = false; }
  bool ok_ = true;
};

// How many different errors the code may report (checks of different kind, place or message).
// Interchanging the loops changes which failing check runs first; with one kind of error, the
// report is the same whichever fails first.
class DistinctErrors : public IRVisitor {
 public:
  static size_t in(const Stmt& code) {
    DistinctErrors d;
    d.include(code);
    return d.errors_.size();
  }

 private:
  using IRVisitor::visit;
  void visit(const Check* op) override {
    errors_.insert({static_cast<int>(op->errorKind), op->loc.file, op->loc.line, op->loc.col, op->message});
    IRVisitor::visit(op);
  }
  std::set<std::tuple<int, std::string, uint32_t, uint32_t, std::string>> errors_;
};

// Whether the code has a check whose condition depends on no point: on nothing the code
// declares (fields, element values, loop variables) and on no memory, e.g. a catenation's
// LENGTH check on the state's shape. APL runs such a check on every iteration even when the
// state is empty; the interchanged loops run it once per point, so never when there are no
// points.
class PointInvariantChecks : public IRVisitor {
 public:
  static bool in(const Stmt& code) {
    PointInvariantChecks c(declaredIn(code));
    c.include(code);
    return c.found_;
  }

 private:
  explicit PointInvariantChecks(std::set<Name> inside) : inside_(std::move(inside)) {}
  using IRVisitor::visit;
  void visit(const Check* op) override {
    found_ = found_ || invariant(op->cond, inside_);
    IRVisitor::visit(op);
  }
  const std::set<Name> inside_;
  bool found_ = false;
};

// Points along the last point axis are processed in tiles of the target's powerTileWidth
// (laila/lower/Target.h; 16 for C): the power loop runs over a tile's points innermost, so their
// independent dependence chains overlap (one point's iterations form a chain of dependent
// floating-point operations, latency-bound on its own: mandelbrot ran 7× slower than the C
// baseline one point at a time, 1.3× with tiles of 16, whose state stays in L1).

// The interchanged loop nest, emitted by one Lowerer at its insertion point.
class PerPointPower {
 public:
  PerPointPower(Lowerer& l, const LValue& f, const Expr& n, const LValue& x, const SourceLoc& loc,
                std::vector<const PullArray*> initial, std::vector<Leaf>& leaves, std::vector<Expr> pointShape)
      : l_(l), f_(f), n_(n), x_(x), loc_(loc), initial_(std::move(initial)), leaves_(leaves),
        pointShape_(std::move(pointShape)) {}

  // Emits the loops; false when the step turned out not to be per point, or when the code could
  // report more than one kind of error (the caller rolls back).
  bool emit() {
    Builder::Mark start = l_.b().mark();
    for (Leaf& leaf : leaves_) {
      for (int64_t k = 0; k < leaf.fields; ++k) {
        leaf.results.push_back(l_.b().alloc(leaf.elem, product(pointShape_), "state"));
        l_.registerMemory(leaf.results.back());
      }
    }
    noteWholeStarts();
    std::vector<Expr> point;
    overLeadingAxes(point);
    noteResults();
    // Counted on the checks left once ranges have removed those that cannot fail (1-b2i(c)
    // cannot overflow), as the passes after lowering will.
    Stmt code = eliminateChecks(simplify(Block::make(l_.b().since(start))));
    if (!surelyHasPoints() && PointInvariantChecks::in(code)) return false;  // fuzz seed 623726
    return perPoint_ && DistinctErrors::in(code) <= 1;
  }

  // Whether every point axis is known to be non-empty.
  bool surelyHasPoints() const {
    for (const Expr& extent : pointShape_) {
      std::optional<int64_t> n = asIntConst(simplify(extent));
      if (!n || *n <= 0) return false;
    }
    return true;
  }

 private:
  // Parallel loops over every point axis but the last, then the tiles of the last; for a
  // target without tiles (a GPU: powerTileWidth 1), over every axis, then the point's fields
  // in variables.
  void overLeadingAxes(std::vector<Expr>& point) {
    if (point.size() == pointShape_.size()) return atOnePoint(point);
    bool tiled = l_.options().target.powerTileWidth > 1;
    if (tiled && point.size() + 1 == pointShape_.size()) return overTiles(point);
    l_.loop(pointShape_[point.size()], LoopKind::ParallelMap, [&](Expr i) {
      point.push_back(i);
      overLeadingAxes(point);
      point.pop_back();
    });
  }

  // Calls visit(q, k) for field k of leaf q, for every field of every leaf.
  void eachField(const std::function<void(size_t, int64_t)>& visit) const {
    for (size_t q = 0; q < leaves_.size(); ++q)
      for (int64_t k = 0; k < leaves_[q].fields; ++k) visit(q, k);
  }

  // The initial value of field k of leaf q at the point.
  Expr initialAt(size_t q, int64_t k, const std::vector<Expr>& point) const {
    return initial_[q]->at(leaves_[q].indexOf(k, point));
  }

  // One point (all of a state with no point axes): its fields are scalar variables.
  void atOnePoint(const std::vector<Expr>& point) {
    std::vector<std::vector<Var>> vars(leaves_.size());
    FieldValues values(leaves_.size());
    eachField([&](size_t q, int64_t k) {
      vars[q].push_back(l_.b().declare(initialAt(q, k, point), "z"));
      values[q].push_back(var(vars[q].back()));
    });
    l_.loop(n_, LoopKind::Sequential, [&](Expr) {
      FieldValues next = step(point, values);
      // A step that only moves fields (a rotation or reversal of a small state) is left to the
      // ordinary power loop over memory: as a loop of scalar copies it made GCC 12's value
      // numbering (-O2) run for ever on `(1∘⌽⍣n) 2 4⍴1 2` (fuzz seed 507617).
      if (movesOnly_) perPoint_ = false;
      if (!perPoint_) return;
      // A parallel assignment: a next value that is a field's variable itself (a rotation or
      // reversal moves fields) is copied before any field is assigned.
      eachField([&](size_t q, int64_t k) {
        if (next[q][k].as<Variable>()) next[q][k] = var(l_.b().declare(next[q][k], "z"));
      });
      eachField([&](size_t q, int64_t k) { l_.b().assign(vars[q][k], next[q][k]); });
    });
    store(point, values);
  }

  // The last point axis in tiles: each tile's fields live in small buffers (one per field) over
  // which the power loop sweeps.
  void overTiles(std::vector<Expr>& point) {
    Expr extent = pointShape_.back();
    const int64_t tileWidth = l_.options().target.powerTileWidth;
    l_.loop((extent + (tileWidth - 1)) / tileWidth, LoopKind::ParallelMap, [&](Expr tile) {
      Expr first = l_.b().let(tile * tileWidth, "first");
      Expr width = l_.b().let(min(intConst(tileWidth), extent - first), "width");
      std::vector<std::vector<Expr>> buffers(leaves_.size());
      eachField([&](size_t q, int64_t) {
        buffers[q].push_back(l_.b().alloc(leaves_[q].elem, intConst(tileWidth), "tile"));
        l_.registerMemory(buffers[q].back());
      });
      auto overTile = [&](const std::function<void(Expr)>& body) {
        l_.loop(width, LoopKind::ParallelMap, [&](Expr j) {
          point.push_back(simplify(first + j));
          body(j);
          point.pop_back();
        }, kLaneLoopBase);
      };
      overTile([&](Expr j) {
        eachField([&](size_t q, int64_t k) { l_.b().store(buffers[q][k], j, initialAt(q, k, point)); });
      });
      l_.loop(n_, LoopKind::Sequential, [&](Expr) {
        overTile([&](Expr j) {
          FieldValues next = step(point, loaded(buffers, j));
          if (perPoint_) eachField([&](size_t q, int64_t k) { l_.b().store(buffers[q][k], j, next[q][k]); });
        });
      });
      overTile([&](Expr j) { store(point, loaded(buffers, j)); });
    });
  }

  FieldValues loaded(const std::vector<std::vector<Expr>>& buffers, const Expr& j) {
    FieldValues values(leaves_.size());
    eachField([&](size_t q, int64_t k) { values[q].push_back(l_.b().let(load(buffers[q][k], j), "z")); });
    return values;
  }

  // One application of f at a point whose fields have these values: the next values, bound
  // to variables. Clears perPoint_ when the code it emits may not run once per point.
  FieldValues step(const std::vector<Expr>& point, const FieldValues& values) {
    Builder::Mark start = l_.b().mark();
    std::vector<PullArray> state;
    for (size_t q = 0; q < leaves_.size(); ++q) state.push_back(pointState(l_.b(), leaves_[q], point, values[q]));
    size_t k = 0;
    LValue next = l_.apply(f_, {withLeaves(x_, state, k)}, loc_);
    std::vector<const PullArray*> nextLeaves;
    if (!arrayLeaves(next, nextLeaves) || nextLeaves.size() != leaves_.size()) {
      perPoint_ = false;  // the caller then writes nothing: the attempt is rolled back
      return FieldValues(leaves_.size());
    }
    FieldValues nextValues(leaves_.size());
    movesOnly_ = true;
    eachField([&](size_t q, int64_t k) {
      movesOnly_ = movesOnly_ && isField(values, nextLeaves[q]->at(leaves_[q].indexOf(k, point)));
    });
    // Always a fresh variable (declare, not let): a next value that is another field's current
    // variable (a rotation of the fields) must not change when that field is assigned first.
    eachField([&](size_t q, int64_t k) {
      nextValues[q].push_back(var(l_.b().declare(nextLeaves[q]->at(leaves_[q].indexOf(k, point)), "z")));
    });
    perPoint_ = perPoint_ && PerPointCode::ok(l_.b().since(start));
    noteWholeSteps(l_.b().since(start), values, nextValues);
    return nextValues;
  }

  // Fields that only hold whole numbers (mandelbrot's count: 0.0, then plus 0.0 or 1.0 each
  // time), so that a double sum of their final values is exact in any order, and an integer sum
  // of them cannot overflow (LowerFold.cpp).
  // First the initial values' ranges, at any point; then, from one step's code, the range of
  // each such field over every iteration; then its final memory is known to hold that range.
  void noteWholeStarts() {
    std::optional<int64_t> trips = asIntConst(simplify(n_));
    if (!trips || *trips < 0) return;
    trips_ = *trips;
    wholeFields_.assign(leaves_.size(), {});
    eachField([&](size_t q, int64_t k) {
      std::optional<WholeRange> start;
      if (leaves_[q].elem == BaseType::Double || leaves_[q].elem == BaseType::Int) {
        start = l_.wholeRangeOf([&] {
          std::vector<Expr> point;
          for (size_t a = 0; a < pointShape_.size(); ++a) point.push_back(var(l_.b().freshVar("p", IntType)));
          return initialAt(q, k, point);
        });
      }
      wholeFields_[q].push_back(start);
    });
  }

  void noteWholeSteps(const std::vector<Stmt>& code, const FieldValues& values, const FieldValues& next) {
    if (wholeFields_.empty()) return;
    WholeNumbers whole(l_.wholeMemory_);
    whole.define(code);
    eachField([&](size_t q, int64_t k) {
      std::optional<WholeRange>& field = wholeFields_[q][k];
      const Variable* current = values[q][k].as<Variable>();
      if (field && current) field = whole.acrossIterations(current->var().name, *field, next[q][k], trips_);
      else field.reset();
    });
  }

  // Every field's final memory is stored point by point in the loops over the points, once per
  // point: what a reduction may stream into (Lowerer::streamsInto). Whole fields get their range.
  void noteResults() {
    eachField([&](size_t q, int64_t k) {
      Name memory = asVar(leaves_[q].results[k]).name;
      l_.pointwiseResults_.insert(memory);
      if (!wholeFields_.empty() && wholeFields_[q][k]) l_.wholeMemory_[memory] = *wholeFields_[q][k];
    });
  }

  // Whether e is one of the fields' current values (a field moved, not computed).
  static bool isField(const FieldValues& values, const Expr& e) {
    const Variable* v = e.as<Variable>();
    if (!v) return false;
    for (const std::vector<Expr>& leaf : values)
      for (const Expr& field : leaf)
        if (const Variable* f = field.as<Variable>(); f && f->name == v->name) return true;
    return false;
  }

  // The fields' final values into their memory at the point.
  void store(const std::vector<Expr>& point, const FieldValues& values) {
    eachField([&](size_t q, int64_t k) { l_.b().store(leaves_[q].results[k], toIdx(pointShape_, point), values[q][k]); });
  }

  Lowerer& l_;
  const LValue& f_;
  const Expr& n_;
  const LValue& x_;
  const SourceLoc& loc_;
  std::vector<const PullArray*> initial_;
  std::vector<Leaf>& leaves_;
  std::vector<Expr> pointShape_;
  bool perPoint_ = true;
  bool movesOnly_ = false;
  // Per leaf and field, the whole numbers it holds (noteWholeStarts); empty when the count of
  // iterations is unknown.
  std::vector<std::vector<std::optional<WholeRange>>> wholeFields_;
  int64_t trips_ = 0;  // the last step's next fields are all current fields, moved
};

}  // namespace

std::optional<LValue> Lowerer::powerPerPoint(const LValue& f, const Expr& n, const LValue& x, const SourceLoc& loc) {
  if (options_.flatOnly || isEffectful(f)) return std::nullopt;
  std::vector<const PullArray*> initial;
  if (!arrayLeaves(x, initial)) return std::nullopt;
  std::vector<Expr> pointShape;
  std::optional<std::vector<Leaf>> leaves = layoutOf(initial, pointShape);
  if (!leaves) return std::nullopt;
  PerPointPower power(*this, f, n, x, loc, initial, *leaves, pointShape);
  // A step with cold validation loops in it would not be straight-line code (a gap,
  // docs/semantics.md): the per-point form is kept, its checks raise their own errors.
  NoColdValidation straightLine(*this);
  if (!tentatively([&] { return power.emit(); })) return std::nullopt;
  std::vector<PullArray> results;
  for (const Leaf& leaf : *leaves) results.push_back(finalState(leaf, pointShape));
  size_t k = 0;
  return withLeaves(x, results, k);
}

}  // namespace aplc::laila::lowering
