// Lowering of TAIL's control primitives: power (a sequential loop over its state) and cond (dfn
// guards: an if that applies only the chosen function).
//
// Both keep a value in mutable storage (a ValueSlot) whose arrays may change size at run time:
// a power loop's state may shrink or grow each iteration by a count known only at run time, and
// the two branches of a guard may return arrays of different shapes. An array in a slot lives in
// memory the slot owns; a new value is written to fresh memory, the old memory is freed and the
// new one moved in (IR.h, Assign on memory), so no copy back is needed. Shapes that cannot change
// (found by a trial lowering of the power's body) stay the expressions they were, so index
// arithmetic over them keeps its constants.
//
// A power loop's array leaves whose shape never changes are double-buffered: a spare block of
// the same size is allocated once before the loop, each iteration writes the next value into
// it, and commit swaps the two memory variables (three moves through an empty one), so the loop
// itself allocates and frees nothing for its state.
#include <algorithm>

#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/lower/LowerInternal.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::laila::lowering {

namespace {

// One scalar or array of a (possibly tuple) value held in a slot.
struct SlotLeaf {
  bool array = false;
  Var scalar;                   // a scalar leaf's variable
  Var memory;                   // an array leaf's memory
  BaseType elem{};
  bool fixedShape = false;      // the shape expressions never change
  std::vector<Expr> shape;      // the fixed shape, or the shape variables as expressions
  std::vector<Var> shapeVars;   // when not fixed
  // The staged next value (stage → commit).
  Expr nextScalar;
  Var nextMemory;
  std::vector<Expr> nextShape;
  // Double buffering (fixed shapes in a power loop): the block the next value is written to,
  // and an empty memory variable the swap moves through.
  Var spare;
  Var swapVia;
  bool doubleBuffered() const { return !spare.name.base.empty(); }
};

LValue normalized(Lowerer& l, const LValue& v) {
  if (v.kind == LValue::Kind::Array && v.array.rank() == 0) return l.fromArray(v.array);
  return v;
}

class ValueSlot {
 public:
  ValueSlot(Lowerer& l, const SourceLoc& loc) : l_(l), loc_(loc) {}

  // Declares storage holding x (arrays copied to memory the slot owns, freed when the current
  // memory scope closes). fixedShapes[k]: the k-th array leaf keeps its shape; leaves beyond the
  // vector keep it when othersFixed.
  void initFrom(const LValue& x, const std::vector<bool>& fixedShapes, bool othersFixed = false) {
    fixed_ = fixedShapes;
    othersFixed_ = othersFixed;
    declareFrom(normalized(l_, x));
  }

  // Fresh (not yet declared) storage shaped like v: for values built in branches, declared by
  // declareEmpty before the branching statement.
  void defineLike(const LValue& v) {
    defined_ = true;
    LValue x = normalized(l_, v);
    switch (x.kind) {
      case LValue::Kind::Scalar: {
        SlotLeaf leaf;
        leaf.scalar = l_.b().freshVar("c", x.scalar.type());
        leaves_.push_back(leaf);
        return;
      }
      case LValue::Kind::Array: {
        SlotLeaf leaf;
        leaf.array = true;
        leaf.elem = x.array.elem();
        leaf.memory = l_.b().freshVar("res", Type::memoryOf(leaf.elem));
        for (size_t k = 0; k < x.array.rank(); ++k) {
          leaf.shapeVars.push_back(l_.b().freshVar("n", IntType));
          leaf.shape.push_back(var(leaf.shapeVars.back()));
        }
        leaves_.push_back(leaf);
        return;
      }
      case LValue::Kind::Tuple:
        for (const LValue& p : x.parts) defineLike(p);
        return;
      case LValue::Kind::Function: break;
    }
    throw UserError(loc_, "not supported yet: a guard whose value is a function");
  }
  bool defined() const { return defined_; }

  // Declares the storage of defineLike: scalars and shapes zero, memory holding no block.
  void declareEmpty() {
    for (SlotLeaf& leaf : leaves_) {
      if (!leaf.array) {
        l_.b().emit(Decl::make(leaf.scalar, fillOf(leaf.scalar.type.base)));
        continue;
      }
      for (const Var& n : leaf.shapeVars) l_.b().emit(Decl::make(n, intConst(0)));
      l_.b().emit(DeclareMemory::make(leaf.memory));  // each branch's commit moves a block in
      l_.registerMemory(var(leaf.memory));
    }
  }

  // The value the slot holds, as the program reads it.
  LValue value() const {
    size_t k = 0;
    return valueOf(shapeOfValue_, k);
  }

  // Computes v as the slot's next value: scalars into temporaries, arrays written to fresh
  // memory (not freed by the current scope: commit moves it into the slot).
  void stage(const LValue& v) {
    size_t k = 0;
    stageLeaves(normalized(l_, v), k);
    APLC_INTERNAL_CHECK(k == leaves_.size(), "lowering: a value with fewer leaves than its slot");
  }

  // Allocates, at the insertion point (before the loop), a spare block for every array leaf of
  // fixed shape, freed when the current memory scope closes: stage then writes into it and
  // commit swaps it with the slot's memory instead of allocating and freeing per iteration.
  void allocateSpares() {
    for (SlotLeaf& leaf : leaves_) {
      if (!leaf.array || !leaf.fixedShape) continue;
      Expr spare = l_.b().alloc(leaf.elem, product(leaf.shape), "spare");
      leaf.spare = spare.as<Variable>()->var();
      l_.registerMemory(spare);
      // A memory variable holding no block: a move needs a target that holds nothing, and the
      // swap's first move goes into this one.
      leaf.swapVia = l_.b().declareMemory(leaf.elem, "swap").as<Variable>()->var();
    }
  }

  // The staged value, as the program reads it before commit (f⍣g's test reads it and the
  // current value).
  LValue stagedValue() const {
    size_t k = 0;
    return valueOf(shapeOfValue_, k, true);
  }

  // Replaces the slot's value by the staged one.
  void commit() {
    for (SlotLeaf& leaf : leaves_) {
      if (!leaf.array) {
        l_.b().assign(leaf.scalar, leaf.nextScalar);
        continue;
      }
      if (leaf.doubleBuffered()) {  // swap: the old value's block becomes the next spare
        l_.b().assign(leaf.swapVia, var(leaf.memory));
        l_.b().assign(leaf.memory, var(leaf.spare));
        l_.b().assign(leaf.spare, var(leaf.swapVia));
        continue;
      }
      if (!defined_) l_.b().free(var(leaf.memory));  // a branch's slot holds no block before it
      l_.b().assign(leaf.memory, var(leaf.nextMemory));
      for (size_t q = 0; q < leaf.shapeVars.size(); ++q) l_.b().assign(leaf.shapeVars[q], leaf.nextShape[q]);
    }
  }

  // Whether each array leaf of v has the shape of the slot's array (structurally, after
  // simplification): the trial lowering's verdict.
  std::vector<bool> sameShapes(const LValue& v) {
    std::vector<bool> same;
    size_t k = 0;
    compareShapes(normalized(l_, v), k, same);
    return same;
  }

  // The value's structure (which leaves are tuples), remembered for value().
  void rememberStructure(const LValue& v) { shapeOfValue_ = normalized(l_, v); }

 private:
  void declareFrom(const LValue& x) {
    switch (x.kind) {
      case LValue::Kind::Scalar: {
        SlotLeaf leaf;
        leaf.scalar = l_.b().declare(x.scalar, "p");
        leaves_.push_back(leaf);
        return;
      }
      case LValue::Kind::Array: {
        SlotLeaf leaf;
        leaf.array = true;
        leaf.elem = x.array.elem();
        size_t index = arrayCount_++;
        leaf.fixedShape = index < fixed_.size() ? fixed_[index] : othersFixed_;
        for (const Expr& e : x.array.shape()) {
          if (leaf.fixedShape) {
            leaf.shape.push_back(l_.b().let(e, "n"));
          } else {
            leaf.shapeVars.push_back(l_.b().declare(e, "n"));
            leaf.shape.push_back(var(leaf.shapeVars.back()));
          }
        }
        Expr memory = l_.b().alloc(leaf.elem, product(leaf.shape), "cur");
        leaf.memory = memory.as<Variable>()->var();
        l_.registerMemory(memory);
        writeTo(l_.b(), memory, x.array, emitter());
        leaves_.push_back(leaf);
        return;
      }
      case LValue::Kind::Tuple:
        for (const LValue& p : x.parts) declareFrom(p);
        return;
      case LValue::Kind::Function: break;
    }
    throw UserError(loc_, "not supported yet: a power whose value contains a function");
  }

  LValue valueOf(const LValue& structure, size_t& k, bool staged = false) const {
    if (structure.kind == LValue::Kind::Tuple) {
      std::vector<LValue> parts;
      for (const LValue& p : structure.parts) parts.push_back(valueOf(p, k, staged));
      return LValue::ofTuple(std::move(parts));
    }
    const SlotLeaf& leaf = leaves_.at(k++);
    if (!leaf.array) return LValue::ofScalar(staged ? leaf.nextScalar : var(leaf.scalar));
    if (staged) return LValue::ofArray(PullArray::reader(leaf.elem, leaf.nextShape, var(leaf.nextMemory)));
    return LValue::ofArray(PullArray::reader(leaf.elem, leaf.shape, var(leaf.memory)));
  }

  void stageLeaves(const LValue& v, size_t& k) {
    if (v.kind == LValue::Kind::Tuple) {
      for (const LValue& p : v.parts) stageLeaves(normalized(l_, p), k);
      return;
    }
    SlotLeaf& leaf = leaves_.at(k++);
    if (!leaf.array) {
      APLC_INTERNAL_CHECK(v.kind == LValue::Kind::Scalar, "lowering: an array where its slot holds a scalar");
      // Always a fresh variable: commit assigns the leaves one after the other, and a next value
      // may be another leaf's current variable.
      leaf.nextScalar = var(l_.b().declare(v.scalar, "p"));
      return;
    }
    APLC_INTERNAL_CHECK(v.kind == LValue::Kind::Array, "lowering: a scalar where its slot holds an array");
    const PullArray& a = v.array;
    APLC_INTERNAL_CHECK(a.rank() == leaf.shape.size(), "lowering: a value changed rank");
    std::vector<Expr> shape;
    if (leaf.fixedShape) {
      shape = leaf.shape;
    } else {
      // Fresh variables (not let, which returns a variable as it is): commit assigns the shape
      // variables one after the other, and a next extent may be another one's current variable
      // (⍉ swaps them).
      for (const Expr& e : a.shape()) shape.push_back(isConst(e) ? e : var(l_.b().declare(e, "n")));
    }
    leaf.nextShape = shape;
    Expr memory = leaf.doubleBuffered() ? var(leaf.spare) : l_.b().alloc(leaf.elem, product(shape), "next");
    leaf.nextMemory = memory.as<Variable>()->var();
    writeTo(l_.b(), memory, a.withShape(shape), emitter());
  }

  void compareShapes(const LValue& v, size_t& k, std::vector<bool>& same) {
    if (v.kind == LValue::Kind::Tuple) {
      for (const LValue& p : v.parts) compareShapes(normalized(l_, p), k, same);
      return;
    }
    const SlotLeaf& leaf = leaves_.at(k++);
    if (!leaf.array) return;
    bool equalShape = v.kind == LValue::Kind::Array && v.array.rank() == leaf.shape.size();
    for (size_t q = 0; equalShape && q < leaf.shape.size(); ++q)
      equalShape = equal(simplify(v.array.shape()[q]), simplify(leaf.shape[q]));
    same.push_back(equalShape);
  }

  LoopEmitter emitter() {
    return [this](const Expr& n, const std::function<void(Expr)>& body) { l_.loop(n, LoopKind::ParallelMap, body); };
  }

  Lowerer& l_;
  SourceLoc loc_;
  std::vector<SlotLeaf> leaves_;
  std::vector<bool> fixed_;
  bool othersFixed_ = false;
  size_t arrayCount_ = 0;
  bool defined_ = false;
  LValue shapeOfValue_;
};

// A power with a constant count up to kUnrollLimit is unrolled (the step applied count times,
// each to the previous step's pull array) when the unrolled code stays small: the step is at
// most kUnrollStepLimit statements, the whole program unrolls at most kUnrollBudget steps
// (Lowerer::unrollBudget), and unrolling gains something: the state changes shape (each copy
// gets static shapes) or is all scalars (no loop-carried memory at all). Otherwise the loop is
// emitted, whose code is one step whatever the count.
constexpr int64_t kUnrollLimit = 8;
constexpr int64_t kUnrollStepLimit = 200;

class StmtCounter : public IRVisitor {
 public:
  int64_t count = 0;

 protected:
  void visit(const Decl* op) override { ++count; IRVisitor::visit(op); }
  void visit(const Assign* op) override { ++count; IRVisitor::visit(op); }
  void visit(const Store* op) override { ++count; IRVisitor::visit(op); }
  void visit(const For* op) override { ++count; IRVisitor::visit(op); }
  void visit(const While* op) override { ++count; IRVisitor::visit(op); }
  void visit(const IfThenElse* op) override { ++count; IRVisitor::visit(op); }
  void visit(const Allocate* op) override { ++count; IRVisitor::visit(op); }
  void visit(const Print* op) override { ++count; IRVisitor::visit(op); }
  void visit(const Check* op) override { ++count; IRVisitor::visit(op); }
};

bool allScalars(const LValue& v) {
  switch (v.kind) {
    case LValue::Kind::Scalar: return true;
    case LValue::Kind::Array: return v.array.rank() == 0;
    case LValue::Kind::Tuple:
      for (const LValue& p : v.parts)
        if (!allScalars(p)) return false;
      return true;
    case LValue::Kind::Function: return false;
  }
  return false;
}

void materializeLeaves(Lowerer& l, const LValue& v) {
  if (v.kind == LValue::Kind::Array) l.materialize(v.array);
  if (v.kind == LValue::Kind::Tuple)
    for (const LValue& p : v.parts) materializeLeaves(l, p);
}

// Which array leaves of a power's state keep their shape: the body is lowered with the initial
// shapes into discarded code, and the shapes of its result compared with them. That is repeated
// with the leaves found to change given unknown shapes, until no more change: with a shape
// assumed constant, a test on it (`0=≢⍵`) is decided in the trial, and a leaf that only the
// other branch changes (a result passed through while ⍵ shrinks) would look invariant. The
// statements of the last step (its result written to memory) are counted into *stepSize.
std::vector<bool> invariantShapes(Lowerer& l, const LValue& f, const LValue& x, const SourceLoc& loc,
                                  int64_t* stepSize = nullptr) {
  std::vector<bool> fixed;  // empty: all assumed fixed
  for (;;) {
    std::vector<bool> same;
    l.discarded([&] {
      ValueSlot trial(l, loc);
      trial.initFrom(x, fixed, true);
      trial.rememberStructure(x);
      Builder::Mark start = l.b().mark();
      LValue next = l.apply(f, {trial.value()}, loc);
      same = trial.sameShapes(next);
      if (stepSize) {
        materializeLeaves(l, next);
        StmtCounter counter;
        for (const Stmt& s : l.b().since(start)) counter.include(s);
        *stepSize = counter.count;
      }
    });
    bool changed = false;
    for (size_t k = 0; k < same.size(); ++k) {
      bool wasFixed = k >= fixed.size() || fixed[k];
      same[k] = same[k] && wasFixed;
      changed = changed || (wasFixed && !same[k]);
    }
    if (!changed) return same;
    fixed = same;
  }
}

LValue lowerPower(Lowerer& l, const LValue& f, const Expr& n, const LValue& x, const SourceLoc& loc) {
  std::optional<int64_t> count = asIntConst(n);
  if (count && *count == 0) return x;
  if (count && *count == 1) return l.apply(f, {x}, loc);
  std::vector<bool> fixed;
  if (count && *count > 0 && *count <= kUnrollLimit && *count <= l.unrollBudget()) {
    int64_t stepSize = 0;
    fixed = invariantShapes(l, f, x, loc, &stepSize);
    bool changesShape = std::find(fixed.begin(), fixed.end(), false) != fixed.end();
    if ((changesShape || allScalars(x)) && stepSize <= kUnrollStepLimit && *count <= l.unrollBudget()) {
      l.spendUnrollBudget(*count);
      LValue v = x;
      for (int64_t k = 0; k < *count; ++k) v = l.apply(f, {v}, loc);
      return v;
    }
  } else {
    fixed = invariantShapes(l, f, x, loc);
  }
  if (std::find(fixed.begin(), fixed.end(), false) == fixed.end())
    if (std::optional<LValue> v = l.powerPerPoint(f, n, x, loc)) return *v;
  ValueSlot state(l, loc);
  state.initFrom(x, fixed);
  state.rememberStructure(x);
  state.allocateSpares();
  LValue current = state.value();
  l.loop(n, LoopKind::Sequential, [&](Expr) {
    state.stage(l.apply(f, {current}, loc));
    state.commit();
  });
  return current;
}

// f⍣g: a while loop over the state, as power's (double-buffered where its shapes stay): each
// iteration stages f's value, tests g on it and the current value, then commits it.
LValue lowerPowerUntil(Lowerer& l, const LValue& f, const LValue& g, const LValue& x, const SourceLoc& loc) {
  std::vector<bool> fixed = invariantShapes(l, f, x, loc);
  ValueSlot state(l, loc);
  state.initFrom(x, fixed);
  state.rememberStructure(x);
  state.allocateSpares();
  LValue current = state.value();
  Var done = l.b().declare(boolConst(false), "done");
  l.b().whileLoop([&] { return lnot(var(done)); }, [&] {
    l.scoped([&] {
      state.stage(l.apply(f, {current}, loc));
      LValue test = l.apply(g, {state.stagedValue(), current}, loc);
      l.b().assign(done, test.kind == LValue::Kind::Array ? l.fromArray(test.array).scalar : test.scalar);
      state.commit();
    });
  });
  return current;
}

LValue lowerCond(Lowerer& l, const Expr& c, const LValue& f, const LValue& g, const SourceLoc& loc) {
  LValue zero = LValue::ofScalar(intConst(0));
  if (auto* k = c.as<BoolImm>()) return l.apply(k->value ? f : g, {zero}, loc);
  ValueSlot result(l, loc);
  auto branch = [&](const LValue& fn) {
    return l.b().block([&] {
      l.scoped([&] {
        LValue v = l.apply(fn, {zero}, loc);
        if (!result.defined()) {
          result.defineLike(v);
          result.rememberStructure(v);
        }
        result.stage(v);
        result.commit();
      });
    });
  };
  Stmt thenCase = branch(f);
  Stmt elseCase = branch(g);
  result.declareEmpty();
  l.b().emit(IfThenElse::make(c, thenCase, elseCase));
  return result.value();
}

}  // namespace

LValue Lowerer::controlPrim(tail::Prim op, const std::vector<LValue>& args, const SourceLoc& loc) {
  auto scalarOf = [this](const LValue& v) { return v.kind == LValue::Kind::Array ? fromArray(v.array).scalar : v.scalar; };
  switch (op) {
    case tail::Prim::Power: return lowerPower(*this, args[0], scalarOf(args[1]), args[2], loc);
    case tail::Prim::PowerUntil: return lowerPowerUntil(*this, args[0], args[1], args[2], loc);
    case tail::Prim::Cond: return lowerCond(*this, scalarOf(args[0]), args[1], args[2], loc);
    default: break;
  }
  internalError(__FILE__, __LINE__, "lowering: not a control primitive: " + std::string(tail::primName(op)));
}

Lowerer::Checkpoint Lowerer::checkpoint() const {
  return {builder_->mark(), scopes_.size(), scopes_.back().memory.size(), unrolledCopies_, unrollBudget_, pending_};
}

void Lowerer::restore(Checkpoint c) {
  builder_->rollback(std::move(c.mark));
  scopes_.resize(c.scopeDepth);
  scopes_.back().memory.resize(c.registered);
  unrolledCopies_ = c.unrolledCopies;
  unrollBudget_ = c.unrollBudget;
  pending_ = std::move(c.pending);
}

bool Lowerer::tentatively(const std::function<bool()>& attempt) {
  Checkpoint before = checkpoint();
  bool kept = false;
  try {
    kept = attempt();
  } catch (const UserError&) {
    kept = false;
  }
  if (!kept) restore(std::move(before));
  return kept;
}

void Lowerer::discarded(const std::function<void()>& trial) {
  // Index functions hold the builder by reference (take emits into it), so the trial runs in
  // the same builder, rolled back afterwards.
  NoColdValidation thrownAway(*this);
  Checkpoint before = checkpoint();
  try {
    trial();
  } catch (...) {
    restore(std::move(before));
    throw;
  }
  restore(std::move(before));
}

}  // namespace aplc::laila::lowering
