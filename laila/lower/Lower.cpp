// The TAIL→Laila lowering: expressions, environments, functions, tuples, memory scopes, the
// materialization decisions for let-bound values, and the program's final printing. The
// primitives are lowered in LowerScalar.cpp, LowerStructure.cpp, LowerFold.cpp, LowerSystem.cpp.
#include "laila/lower/Lower.h"

#include "laila/passes/ElimChecks.h"
#include "laila/analysis/Cost.h"
#include "laila/analysis/MemoryCheck.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/lower/LowerInternal.h"
#include "laila/passes/Passes.h"
#include "laila/lower/SequentialEffects.h"
#include "laila/lower/SequentialVersion.h"
#include "laila/passes/Simplify.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Verify.h"
#include "support/Diagnostics.h"

#include <algorithm>
#include <utility>
#include <optional>
#include <tuple>

namespace aplc::laila {

namespace lowering {

BaseType baseOf(const tail::Base& b) {
  switch (b.kind) {
    case tail::BaseKind::Int: return BaseType::Int;
    case tail::BaseKind::Double: return BaseType::Double;
    case tail::BaseKind::Bool: return BaseType::Bool;
    case tail::BaseKind::Char: return BaseType::Char;
    case tail::BaseKind::Complex: break;  // rejected before lowering (rejectComplex)
    case tail::BaseKind::Var: break;
  }
  internalError(__FILE__, __LINE__, "lowering: a base type variable (the program is not annotated)");
}

Expr fillOf(BaseType b) {
  switch (b) {
    case BaseType::Int: return intConst(0);
    case BaseType::Double: return doubleConst(0.0);
    case BaseType::Bool: return boolConst(false);
    case BaseType::Char: return charConst(' ');
  }
  return intConst(0);
}

tail::Type resultTypeOf(const tail::Type& instance, size_t arity) {
  APLC_INTERNAL_CHECK(static_cast<bool>(instance), "lowering: a primitive without its instance type");
  const tail::Type* t = &instance;
  for (size_t k = 0; k < arity; ++k) t = &t->result();
  return *t;
}

size_t rankOf(const tail::Type& t) {
  tail::Shape r = t.rank();
  APLC_INTERNAL_CHECK(r.isConstant() && r.constant() >= 0, "lowering: a rank that is not a constant");
  return static_cast<size_t>(r.constant());
}

namespace {

constexpr int64_t kSelectTreeLimit = 16;
// Literal vectors of computed scalars up to this length are read through a select tree of
// their (let-bound) items instead of being written to memory.
constexpr int64_t kSmallVectorLimit = 8;
// Sequential loops of at most this many iterations (all nested unrolled loops together) are
// unrolled by sequentialLoop.
constexpr int64_t kUnrollLimit = 8;

// The statements a check's cold branch may emit (and try) validating earlier arrays, cold
// validations inside it included; over it, the branch is dropped and the check raises its own
// error (docs/semantics.md lists this gap). It keeps compile time linear.
constexpr int64_t kColdValidationLimit = 120;
// And all cold branches together, in IR leaves (coldCodeSize) per node of the TAIL program
// (Lowerer::coldBudget_): the bytes of Laila grow with the leaves, the bound on them
// (tests/compile-time/bound.sh) with the TAIL program.
constexpr int64_t kColdPerNode = 8;
// How much of a top-level statement's lazy arrays is lowered to learn whether they may fail
// (Lowerer::mayFail); over it, they are taken to.
constexpr int64_t kMayFailTrialLimit = 480;

// Counts the uses of every let-bound variable and every lambda parameter (keyed by the Let or
// Lambda node); a use inside a lambda that is deeper than the binding counts as many (the lambda
// may run once per element). Parameters are counted like lets: a power's step applied to the
// unmaterialized result of the previous step would otherwise copy the previous step's code
// once per read of its parameter (7 reads in life: 7^k copies for k unrolled steps).
//
// Two patterns of several uses read each element once (finish): `zipWith(f, v, v)`, whose two
// reads are at the same index in the same element's code (`v×v`: the binder goes to
// `readTogether`), and slices of different positions on one axis, `index(a, 1, v)` and
// `index(a, 2, v)` (`xy[;1]`, `xy[;2]`: each element belongs to one slice; the binder goes to
// `disjointSlices`). The lowering then computes the element where it is read, however costly,
// unless computing it allocates or may fail (Lowerer::ElementProbe::shareable).
//
// A binder read by `index(d, i, v)` goes to `picked`: of a vector, that reads one element.
class UseCounter : public tail::Visitor {
 public:
  UseCounter(std::map<const void*, int>& uses, std::set<const void*>& deeper, std::set<const void*>& readTogether,
             std::set<const void*>& disjointSlices, std::set<const void*>& picked)
      : uses_(uses), deeper_(deeper), readTogether_(readTogether), disjointSlices_(disjointSlices), picked_(picked) {}
  int64_t nodes = 0;  // lets, lambdas and variables: the program's size, roughly

  void finish() {
    for (const auto& [binder, pairs] : pairs_) {
      if (pairs == 1 && uses_[binder] == 2) readTogether_.insert(binder);
    }
    for (const auto& [binder, slices] : slices_) {
      if (uses_[binder] != int(slices.size()) || slices.size() < 2) continue;
      std::set<int64_t> positions;
      bool oneAxis = true;
      for (const auto& [axis, position] : slices) {
        oneAxis = oneAxis && axis == slices.front().first;
        positions.insert(position);
      }
      if (oneAxis && positions.size() == slices.size()) disjointSlices_.insert(binder);
    }
  }

 protected:
  void visit(const tail::PrimApp& n) override {
    if (n.op == tail::Prim::ZipWith && n.args.size() == 3) {
      const void* a = sameDepthBinder(n.args[1]);
      if (a && a == sameDepthBinder(n.args[2])) ++pairs_[a];
    }
    if ((n.op == tail::Prim::Shape || n.op == tail::Prim::ShapeV) && n.args.size() == 1 && n.args[0].as<tail::Var>()) {
      ++nodes;  // reads the shape, no element: not a use (`x[⍳⍴x]` reads x's elements once)
      return;
    }
    if (n.op == tail::Prim::Index && n.args.size() == 3) {
      const auto* axis = n.args[0].as<tail::IntConst>();
      const auto* position = n.args[1].as<tail::IntConst>();
      const void* v = sameDepthBinder(n.args[2]);
      if (axis && position && v) slices_[v].push_back({axis->value, position->value});
      if (const Binding* b = bindingOf(n.args[2]); b && b->binder) picked_.insert(b->binder);
    }
    tail::Visitor::visit(n);
  }

  void visit(const tail::Var& v) override {
    ++nodes;
    const Binding* b = binding(v.name);
    if (!b || !b->binder) return;
    bool deeper = depth_ > b->depth;
    uses_[b->binder] += deeper ? 2 : 1;
    if (deeper) deeper_.insert(b->binder);
  }
  void visit(const tail::Let& n) override {
    ++nodes;
    walk(n.value);
    scope_.push_back({n.name, &n, depth_});
    uses_[&n] += 0;
    walk(n.body);
    scope_.pop_back();
  }
  void visit(const tail::Lambda& n) override {
    ++nodes;
    ++depth_;
    scope_.push_back({n.param, &n, depth_});
    uses_[&n] += 0;
    walk(n.body);
    scope_.pop_back();
    --depth_;
  }

 private:
  struct Binding {
    tail::Name name;
    const void* binder;  // the Let or Lambda node
    int depth;
  };
  // The innermost binding of a name in scope (null when there is none).
  const Binding* binding(const tail::Name& name) const {
    for (size_t k = scope_.size(); k-- > 0;) {
      if (scope_[k].name == name) return &scope_[k];
    }
    return nullptr;
  }
  // The binding of a variable (null for anything else).
  const Binding* bindingOf(const tail::Exp& e) const {
    const auto* v = e.as<tail::Var>();
    return v ? binding(v->name) : nullptr;
  }
  // The binder of a variable bound at the current lambda depth (null for anything else).
  const void* sameDepthBinder(const tail::Exp& e) const {
    const Binding* b = bindingOf(e);
    return b && b->depth == depth_ ? b->binder : nullptr;
  }

  std::map<const void*, int>& uses_;
  std::set<const void*>& deeper_;
  std::set<const void*>& readTogether_;
  std::set<const void*>& disjointSlices_;
  std::set<const void*>& picked_;
  std::map<const void*, int> pairs_;  // binder → its `zipWith(f, v, v)` applications
  std::map<const void*, std::vector<std::pair<int64_t, int64_t>>> slices_;  // binder → (axis, position) of its slices
  std::vector<Binding> scope_;
  int depth_ = 0;
};

}  // namespace

namespace {

// tail::hasEffect, and a call of a function by name (a recursive function, letrec: its body may
// have effects, and it may recurse without end), so that it runs once, where it is called.
class EffectFinder : public tail::Visitor {
 public:
  bool found = false;

 protected:
  void visit(const tail::PrimApp& n) override {
    if (tail::primEffect(n.op) == tail::PrimEffect::Effect) found = true;
    Visitor::visit(n);
  }
  void visit(const tail::PrimFn& n) override {
    if (tail::primEffect(n.op) == tail::PrimEffect::Effect) found = true;
  }
  void visit(const tail::App& n) override {
    if (n.fn.as<tail::Var>()) found = true;
    Visitor::visit(n);
  }
};

}  // namespace

bool Lowerer::hasEffect(const tail::Exp& e) {
  EffectFinder f;
  f.walk(e);
  return f.found;
}

bool Lowerer::isEffectful(const LValue& f) {
  if (f.kind != LValue::Kind::Function) return false;
  if (f.fn->recursive) return true;  // its body may have any effect
  if (f.fn->lambda.defined()) return hasEffect(f.fn->lambda);
  return tail::primEffect(f.fn->prim) == tail::PrimEffect::Effect;
}

Lowerer::Lowerer(const tail::Exp& program, const LowerOptions& options)
    : program_(program), options_(options) {}

void Lowerer::countUses(const tail::Exp& program) {
  UseCounter counter(uses_, usedDeeper_, readTogether_, disjointSlices_, picked_);
  counter.walk(program);
  counter.finish();
  coldBudget_ = kColdPerNode * (counter.nodes + 16);
}

ErrorLoc Lowerer::errorLoc(const SourceLoc& loc) const {
  ErrorLoc l;
  if (!loc.known()) return l;
  if (options_.sources && loc.file < options_.sources->count()) l.file = options_.sources->name(loc.file);
  l.line = loc.line;
  l.col = loc.col;
  return l;
}

void Lowerer::check(const Expr& cond, ErrorKind kind, const SourceLoc& loc, const std::string& message) {
  if (auto ok = asBoolConst(cond); !(ok && *ok) && coldSuppressed_ == 0) {
    ArrayList earlier = earlierArrays();
    if (!earlier->empty())
      validateBeforeRaising(*earlier, cond, [&] { b().check(boolConst(false), kind, errorLoc(loc), message); });
  }
  b().check(cond, kind, errorLoc(loc), message);
}

// ------------------------------------------------------------- the interpreter's error order

Lowerer::ArrayList Lowerer::earlierArrays() {
  if (!coldStack_.empty()) return coldStack_.back();
  auto arrays = std::make_shared<std::vector<PullArray>>();
  for (const Pending& p : pending_) arrays->push_back(p.array);
  return arrays;
}

Lowerer::ArrayList Lowerer::earlierFor(const std::vector<LValue>& args) {
  ArrayList base = earlierArrays();
  std::vector<PullArray> lazy;
  for (size_t k = args.size(); k-- > 0;) {
    const LValue& a = args[k];
    if (a.kind == LValue::Kind::Array && !a.array.memory().defined() && !a.array.cheap()) lazy.push_back(a.array);
  }
  if (lazy.empty()) return base;
  auto arrays = std::make_shared<std::vector<PullArray>>(*base);
  arrays->insert(arrays->end(), lazy.begin(), lazy.end());
  return arrays;
}

namespace {

// The size of cold code as the budget counts it: its variables, constants and statements.
int64_t coldCodeSize(const std::vector<Stmt>& code) {
  struct Counter : IRVisitor {
    int64_t size = 0;
    using IRVisitor::visit;
    void visit(const IntImm*) override { ++size; }
    void visit(const DoubleImm*) override { ++size; }
    void visit(const Variable*) override { ++size; }
    void visit(const Decl* op) override { ++size; IRVisitor::visit(op); }
    void visit(const Check* op) override { ++size; IRVisitor::visit(op); }
    void visit(const For* op) override { ++size; IRVisitor::visit(op); }
    void visit(const IfThenElse* op) override { ++size; IRVisitor::visit(op); }
  } counter;
  for (const Stmt& s : code) counter.include(s);
  return counter.size;
}

}  // namespace

void Lowerer::validateBeforeRaising(const std::vector<PullArray>& earlier, const Expr& ok,
                                    const std::function<void()>& raise) {
  if (coldDepth_ >= coldNesting_ || coldBudget_ <= 0) {
    ++coldSkips_;
    return;
  }
  struct Depth {
    int& d;
    explicit Depth(int& depth) : d(depth) { ++d; }
    ~Depth() { --d; }
  } depth(coldDepth_);
  Checkpoint before = checkpoint();
  int64_t outerLimit = b().limit();
  Builder::Mark start = b().mark();
  // One try at the branch: the earlier arrays validated in order, as many as fit in the limit
  // (the first array over it and those after it are left out: the errors of those validated
  // still come first, in the interpreter's order); with `nested`, the checks inside keep their
  // own cold branches (up to kColdNesting). Whether every array fitted.
  bool kept = false;
  auto attempt = [&](bool nested) {
    struct Nesting {
      int& n;
      int saved;
      Nesting(int& nesting, int to) : n(nesting), saved(nesting) { n = to; }
      ~Nesting() { n = saved; }
    } nesting(coldNesting_, nested ? coldNesting_ : coldDepth_);
    kept = false;
    bool complete = true;
    b().setLimit(std::min(outerLimit, b().emitted() + kColdValidationLimit));
    // The branch ends with the check's own error: the C compiler sees a path to a noreturn
    // call, so it lays the whole branch out as cold code.
    b().ifThen(lnot(ok), [&] {
      for (const PullArray& a : earlier) {
        Checkpoint one = checkpoint();
        try {
          kept = validate(a, boolConst(false), true) || kept;
        } catch (const Builder::TrialLimit&) {
          if (b().emitted() > outerLimit) throw;  // an enclosing trial's limit too
          restore(std::move(one));
          complete = false;
          break;
        }
      }
      b().setLimit(outerLimit);  // the limit is the validation's: the error itself always fits
      raise();
    });
    return complete;
  };
  bool complete = false;
  try {
    complete = attempt(true);
    // Over the limit with the nested cold branches: again without them, which validates more
    // of the earlier arrays (the order between them matters more than the order inside one).
    if (!complete && coldDepth_ < coldNesting_) {
      restore(before);
      complete = attempt(false);
    }
  } catch (...) {
    b().setLimit(outerLimit);
    throw;
  }
  b().setLimit(outerLimit);
  if (!complete) ++coldSkips_;  // part of the validation left out (lowerTopLevel)
  if (!kept) {  // nothing earlier has a check left (or fitted): the check alone
    restore(std::move(before));
    return;
  }
  if (coldDepth_ == 1) coldBudget_ -= coldCodeSize(b().since(start));
}

void Lowerer::closeScope() {
  ScopeFrame frame = std::move(scopes_.back());
  scopes_.pop_back();
  for (size_t k = frame.memory.size(); k-- > 0;) b().free(frame.memory[k]);
}

void Lowerer::scoped(const std::function<void()>& body) {
  scopes_.emplace_back();
  body();
  closeScope();
}

// parallelDepth_ counts one more while a loop of this kind is built (every kind but Sequential),
// restored however the body ends: lowering code rolls back by throwing (cold branch limits).
struct Lowerer::ParallelDepth {
  int& depth;
  int added;
  ParallelDepth(int& d, LoopKind kind) : depth(d), added(kind == LoopKind::Sequential ? 0 : 1) { depth += added; }
  ~ParallelDepth() { depth -= added; }
};

void Lowerer::loop(const Expr& extent, LoopKind kind, const std::function<void(Expr)>& body, const std::string& base) {
  ParallelDepth depth(parallelDepth_, kind);
  b().forLoop(extent, kind, [&](Expr i) { scoped([&] { body(i); }); }, base);
}

// Whether sequentialLoop unrolls a loop of this extent. Nested unrolled loops multiply the code:
// the number of copies is bounded, not just one loop's.
bool Lowerer::unrolls(const Expr& extent) const {
  std::optional<int64_t> n = asIntConst(extent);
  return n && *n >= 0 && *n <= kUnrollLimit && unrolledCopies_ * *n <= kUnrollLimit;
}

void Lowerer::foldLoop(const Expr& extent, LoopKind kind, const Accumulator& accumulator,
                       const std::function<void(Expr)>& body) {
  if (unrolls(extent)) return sequentialLoop(extent, body);
  ParallelDepth depth(parallelDepth_, kind);  // a Reduction or Scan loop is parallel for what it contains
  b().foldLoop(extent, kind, accumulator, [&](Expr i) { scoped([&] { body(i); }); });
}

void Lowerer::sequentialLoop(const Expr& extent, const std::function<void(Expr)>& body) {
  if (!unrolls(extent)) {
    loop(extent, LoopKind::Sequential, body);
    return;
  }
  std::optional<int64_t> n = asIntConst(extent);
  int64_t outer = unrolledCopies_;
  unrolledCopies_ = outer * std::max<int64_t>(*n, 1);
  for (int64_t k = 0; k < *n; ++k) scoped([&] { body(intConst(k)); });
  unrolledCopies_ = outer;
}

std::optional<WholeRange> Lowerer::wholeRangeOf(const std::function<Expr()>& value) {
  std::optional<WholeRange> range;
  discarded([&] {
    Builder::Mark start = b().mark();
    Expr e = value();
    WholeNumbers whole(wholeMemory_);
    whole.define(b().since(start));
    range = whole.of(e);
  });
  return range;
}

PullArray Lowerer::materialize(const PullArray& a) {
  if (a.memory().defined()) return a;
  Expr memory;
  PullArray r = laila::materialize(b(), a, &memory, [this](const Expr& n, const std::function<void(Expr)>& body) {
    loop(n, LoopKind::ParallelMap, body);
  });
  scopes_.back().memory.push_back(memory);
  return r;
}

PullArray Lowerer::computedInOrder(const PullArray& a) {
  if (a.memory().defined() || a.cheap() || probeElement(a, true).failureSites < 2) return a;
  return materialize(a);
}

namespace {
class HasCheck : public IRVisitor {
 public:
  static bool in(const Stmt& code) {
    HasCheck h;
    h.include(code);
    return h.found_;
  }

 private:
  using IRVisitor::visit;
  void visit(const Check*) override { found_ = true; }
  bool found_ = false;
};
}  // namespace

void Lowerer::validateAll(const LValue& v) {
  if (v.kind == LValue::Kind::Array) validate(v.array);
  if (v.kind == LValue::Kind::Tuple)
    for (const LValue& p : v.parts) validateAll(p);
}

bool Lowerer::validate(const PullArray& a, const Expr& unlessAllRead, bool cold) {
  if (a.memory().defined()) return false;
  Expr skip = simplify(unlessAllRead);
  if (auto c = asBoolConst(skip); c && *c) return false;
  return tentatively([&] {
    bool checked = false;
    // Kept only when a check is left once the ranges have removed those that cannot fail.
    b().ifThen(lnot(skip), [&] { checked = emitValidationLoop(a, cold ? kColdLoopBase : kValidationLoopBase); });
    return checked;
  });
}

bool Lowerer::emitValidationLoop(const PullArray& a, const std::string& base) {
  Builder::Mark start = b().mark();
  loop(a.size(), LoopKind::ParallelMap, [&](Expr i) { b().declare(a.at(i), "unused"); }, base);
  return checkLeftSince(start);
}

bool Lowerer::checkLeftSince(const Builder::Mark& start) {
  Stmt emitted = Block::make(b().since(start));
  // Most validation loops hold no check at all: no need to simplify them to know.
  return HasCheck::in(emitted) && HasCheck::in(eliminateChecks(simplify(emitted)));
}

// The most operations (laila/analysis/Cost.h) an element of a let-bound array used several times may
// cost and still be recomputed at each use. Uses at the same index within one element's code
// share one computation (reusedPerElement), so the limit bounds code size more than work: about
// 40 statements, a 3×3 stencil's sum with its wrap-around indices and overflow checks.
constexpr int kRecomputeLimit = 240;

// A cost trial stops after this many statements (its element is then kExpensive): without a
// limit, deciding about a let whose element is huge costs as much as emitting it.
constexpr int64_t kCostTrialLimit = 480;

Lowerer::ElementProbe Lowerer::probeElement(const PullArray& a, bool effects) {
  ElementProbe probe;
  int64_t outerLimit = b().limit();
  b().setLimit(std::min(outerLimit, b().emitted() + kCostTrialLimit));
  try {
    elementTrial(a, effects, probe);
  } catch (const Builder::TrialLimit&) {
    b().setLimit(outerLimit);
    if (b().emitted() > outerLimit) throw;  // an enclosing trial's limit too
    return {kExpensive, true, true};
  } catch (...) {
    b().setLimit(outerLimit);
    throw;
  }
  b().setLimit(outerLimit);
  return probe;
}

namespace {

class FindsAllocateOrCheck : public IRVisitor {
 public:
  bool allocation = false, check = false;
  std::set<std::tuple<ErrorKind, std::string, uint32_t, uint32_t>> sites;  // the checks' errors and places

 protected:
  using IRVisitor::visit;
  void visit(const Allocate* op) override {
    allocation = true;
    IRVisitor::visit(op);
  }
  void visit(const Check* op) override {
    check = true;
    sites.emplace(op->errorKind, op->loc.file, op->loc.line, op->loc.col);
    IRVisitor::visit(op);
  }
};

}  // namespace

void Lowerer::elementTrial(const PullArray& a, bool effects, ElementProbe& probe) {
  NoColdValidation measured(*this);  // what an element costs on the happy path
  discarded([&] {
    // Read one element inside loops over a's axes, as a consumer does, so that the simplifier
    // knows the ranges of the indices (its div/mod rules need them) before the count.
    Builder::Mark start = b().mark();
    std::vector<Expr> index;
    std::function<void(size_t)> nest = [&](size_t axis) {
      if (axis == a.rank()) {
        b().declare(a.at(index), "probe");
        return;
      }
      b().forLoop(a.shape()[axis], LoopKind::Sequential, [&](Expr i) {
        index.push_back(i);
        nest(axis + 1);
        index.pop_back();
      });
    };
    nest(0);
    Stmt body = simplify(Block::make(b().since(start)));
    if (effects) {
      // Checks that the range pass removes (with the probe's loops giving the indices' ranges)
      // are no failure.
      FindsAllocateOrCheck finder;
      finder.include(eliminateChecks(body));
      probe.allocates = finder.allocation;
      probe.mayFail = finder.check;
      probe.failureSites = static_cast<int>(finder.sites.size());
    }
    for (;;) {  // down to the innermost loop's body
      const Block* block = body.as<Block>();
      if (block && block->stmts.size() == 1) body = block->stmts[0];
      else if (const For* loop = body.as<For>()) body = loop->body;
      else break;
    }
    const Block* block = body.as<Block>();
    probe.cost = laila::elementCost(block ? block->stmts : std::vector<Stmt>{body});
  });
}

bool Lowerer::recomputedWhereRead(const void* binder, const PullArray& a) {
  bool readTogether = readTogether_.count(binder) > 0;
  ElementProbe probe = probeElement(a, readTogether);
  return probe.cost <= kRecomputeLimit || (readTogether && probe.shareable());
}

// The most operations an element of a vector picked inside a deeper lambda may cost and still be
// computed there: index arithmetic and an operation or two with their checks (`p×1↓⍳⌊n÷p`).
constexpr int kInsideLambdaLimit = 60;

// One use (UseCounter weighs a use inside a deeper lambda 2), which picks one element of a
// vector: `f[p×1↓⍳⌊n÷p]←0` in a :For loop reads each index once, in the loop the indexed
// assignment becomes; materialized, the indices took as much memory as the flags they clear (the
// sieve benchmark). A lambda that reads the whole array would compute it again on each of its
// runs (a power's step: hotspot's power map, 360 times), so only picks qualify.
bool Lowerer::computedInsideLambda(const void* binder, const PullArray& a) {
  auto found = uses_.find(binder);
  if (found == uses_.end() || found->second != 2 || !usedDeeper_.count(binder)) return false;
  if (!picked_.count(binder) || a.rank() != 1) return false;
  ElementProbe probe = probeElement(a, true);
  return !probe.allocates && probe.cost <= kInsideLambdaLimit;
}

PullArray Lowerer::reusedPerElement(const PullArray& a) {
  struct Entry {
    std::vector<Expr> index;
    Expr value;
    Builder::Emitted witness;  // value is usable while this statement is still emitted
  };
  auto cache = std::make_shared<std::vector<Entry>>();
  Builder* builder = &b();
  auto element = [cache, builder](const std::vector<Expr>& index, const std::function<Expr()>& compute) {
    std::erase_if(*cache, [builder](const Entry& e) { return !builder->stillEmitted(e.witness); });
    for (const Entry& e : *cache) {
      bool same = e.index.size() == index.size();
      for (size_t k = 0; same && k < index.size(); ++k) same = equal(e.index[k], index[k]);
      if (same) return e.value;
    }
    Expr value = builder->let(compute(), "x");
    // The block's last statement vouches for the value (declared at or before it); a value
    // computed without a statement of this block costs nothing to compute again.
    if (std::optional<Builder::Emitted> witness = builder->lastEmitted(); witness && !isConst(value))
      cache->push_back({index, value, *witness});
    return value;
  };
  if (a.isFlat())
    return PullArray::flat(a.elem(), a.shape(), [a, element](const Expr& i) { return element({i}, [&] { return a.at(i); }); });
  return PullArray::shaped(a.elem(), a.shape(), [a, element](const std::vector<Expr>& ix) {
    return element(ix, [&] { return a.at(ix); });
  });
}

PullArray Lowerer::asArray(const LValue& v) {
  if (v.kind == LValue::Kind::Array) return v.array;
  APLC_INTERNAL_CHECK(v.kind == LValue::Kind::Scalar, "lowering: a tuple or function where an array is needed");
  Expr s = v.scalar;
  PullArray p = PullArray::flat(s.type().base, {}, [s](const Expr&) { return s; });
  return p.withCheap(true);
}

LValue Lowerer::fromArray(const PullArray& a) {
  if (a.rank() > 0) return LValue::ofArray(a);
  return LValue::ofScalar(b().let(a.at(intConst(0)), "s"));
}

// ------------------------------------------------------------------------------ expressions

LValue Lowerer::lowerExp(const tail::Exp& e, const Env& env) {
  using tail::ExpKind;
  switch (e.kind()) {
    case ExpKind::Var: {
      const tail::Name& name = e.to<tail::Var>().name;
      std::erase_if(pending_, [&](const Pending& p) { return p.name == name; });
      for (const EnvNode* n = env.get(); n; n = n->parent.get())
        if (n->name == name) return n->value;
      internalError(__FILE__, __LINE__, "lowering: unbound variable " + name.str());
    }
    case ExpKind::IntConst: return LValue::ofScalar(intConst(e.to<tail::IntConst>().value));
    case ExpKind::DoubleConst: return LValue::ofScalar(doubleConst(e.to<tail::DoubleConst>().value));
    case ExpKind::BoolConst: return LValue::ofScalar(boolConst(e.to<tail::BoolConst>().value));
    case ExpKind::ComplexConst: break;  // rejected before lowering (rejectComplex)
    case ExpKind::CharConst:
      return LValue::ofScalar(charConst(static_cast<uint32_t>(e.to<tail::CharConst>().value)));
    case ExpKind::ArrayLit: return lowerArrayLit(e.to<tail::ArrayLit>(), env);
    case ExpKind::Let: return lowerLet(e, env);
    case ExpKind::Lambda: {
      auto c = std::make_shared<Closure>();
      c->lambda = e;
      c->env = env;
      LValue v;
      v.kind = LValue::Kind::Function;
      v.fn = c;
      return v;
    }
    case ExpKind::LetRec: return lowerLetRec(e.to<tail::LetRec>(), env);
    case ExpKind::App: {
      const auto& app = e.to<tail::App>();
      LValue f = lowerExp(app.fn, env);
      LValue arg = lowerExp(app.arg, env);
      return apply(f, {arg}, app.loc);
    }
    case ExpKind::PrimApp: {
      const auto& app = e.to<tail::PrimApp>();
      // A primitive the elaborator built without a location (a part of a derived function,
      // e.g. binomial's subtractions) reports its errors at the nearest enclosing located
      // primitive, as the interpreter does (fuzz seed 654828 printed no location).
      SourceLoc loc = app.loc.known() ? app.loc : enclosingLoc_;
      SourceLoc outer = std::exchange(enclosingLoc_, loc);
      std::vector<LValue> args;
      for (const tail::Exp& a : app.args) args.push_back(lowerExp(a, env));
      enclosingLoc_ = outer;
      return primApp(app.op, app.instance, args, loc);
    }
    case ExpKind::PrimFn: {
      const auto& p = e.to<tail::PrimFn>();
      auto c = std::make_shared<Closure>();
      c->prim = p.op;
      c->instance = p.instance;
      c->loc = p.loc;
      LValue v;
      v.kind = LValue::Kind::Function;
      v.fn = c;
      return v;
    }
    case ExpKind::Tuple: {
      std::vector<LValue> parts;
      for (const tail::Exp& x : e.to<tail::Tuple>().elements) parts.push_back(lowerExp(x, env));
      return LValue::ofTuple(std::move(parts));
    }
    case ExpKind::Proj: {
      const auto& p = e.to<tail::Proj>();
      LValue t = lowerExp(p.tuple, env);
      APLC_INTERNAL_CHECK(t.kind == LValue::Kind::Tuple && p.index < t.parts.size(), "lowering: bad projection");
      return t.parts[p.index];
    }
  }
  internalError(__FILE__, __LINE__, "lowering: unknown expression kind");
}

LValue Lowerer::lowerArrayLit(const tail::ArrayLit& lit, const Env& env) {
  BaseType base = baseOf(lit.element);
  std::vector<Expr> elements;
  for (const tail::Exp& x : lit.elements) {
    LValue v = lowerExp(x, env);
    APLC_INTERNAL_CHECK(v.kind == LValue::Kind::Scalar, "lowering: an array literal element is not a scalar");
    elements.push_back(v.scalar);
  }
  auto n = static_cast<int64_t>(elements.size());
  bool constant = true;
  for (const Expr& x : elements) constant = constant && isConst(x);
  // A short literal of constants needs no memory: a balanced tree of selects (a few compares)
  // reads it, so programs like the signal example fuse into one loop without allocation. A
  // short literal of computed items (`y m d`) neither: its items are bound to variables (each
  // computed once, in order) and read through the same tree.
  bool small = n > 0 && (constant ? n <= kSelectTreeLimit : n <= kSmallVectorLimit);
  if (small) {
    if (!constant) {
      for (Expr& x : elements) x = b().let(x, "item");
    }
    auto tree = [elements](const Expr& i) {
      std::function<Expr(size_t, size_t)> pick = [&](size_t lo, size_t hi) -> Expr {
        if (hi - lo == 1) return elements[lo];
        size_t mid = (lo + hi) / 2;
        return select(lt(i, intConst(static_cast<int64_t>(mid))), pick(lo, mid), pick(mid, hi));
      };
      return pick(0, elements.size());
    };
    return LValue::ofArray(PullArray::flat(base, {intConst(n)}, tree).withCheap(true));
  }
  if (n == 0)  // nothing to read, no memory (an empty literal inside a lambda allocated none)
    return LValue::ofArray(PullArray::flat(base, {intConst(0)}, [base](const Expr&) { return fillOf(base); }).withCheap(true));
  Expr memory = b().alloc(base, intConst(n), "lit");
  scopes_.back().memory.push_back(memory);
  bool sameType = true;
  for (const Expr& x : elements) sameType = sameType && x.type().base == base;
  if (constant && sameType) {
    // Constants are static data in the generated code, one statement whatever the length.
    b().emit(Fill::make(asVar(memory), elements));
  } else {
    for (int64_t k = 0; k < n; ++k) b().store(memory, intConst(k), elements[static_cast<size_t>(k)]);
  }
  return LValue::ofArray(PullArray::literal(base, memory, elements));
}

// A value bound by a let: scalars are bound to variables; arrays used more than once (and not
// cheap to read) are materialized; tuples component by component.
LValue Lowerer::bindLet(const tail::Let& let, LValue value) {
  if (value.kind == LValue::Kind::Scalar) {
    value.scalar = b().let(value.scalar, "s");
    return value;
  }
  return bindShared(&let, &let, std::move(value));
}

namespace {

// Shape expressions larger than this many nodes are bound to variables where a let or a lambda
// binds their array: a shape that refers to its argument's shape twice (`⍵,1↓⍵`) would otherwise
// double at every application in a chain.
constexpr int kShapeExprLimit = 12;

class NodeCounter : public IRVisitor {
 public:
  int count = 0;
  void include(const Expr& e) {
    if (count <= kShapeExprLimit) IRVisitor::include(e);
  }

 protected:
  using IRVisitor::visit;
  void visit(const Variable*) override { ++count; }
  void visit(const IntImm*) override { ++count; }
  void visit(const Unary* op) override { ++count; include(op->a); }
  void visit(const Binary* op) override { ++count; include(op->a); include(op->b); }
  void visit(const Select* op) override { ++count; include(op->cond); include(op->ifTrue); include(op->ifFalse); }
  void visit(const Load* op) override { ++count; IRVisitor::visit(op); }
  void visit(const Call* op) override { ++count; IRVisitor::visit(op); }
};

}  // namespace

PullArray Lowerer::bindLargeShape(const PullArray& a) {
  std::vector<Expr> shape = a.shape();
  bool changed = false;
  for (Expr& e : shape) {
    NodeCounter counter;
    counter.include(e);
    if (counter.count > kShapeExprLimit) {
      e = b().let(e, "n");
      changed = true;
    }
  }
  return changed ? a.withShape(std::move(shape)) : a;
}

// A value bound by a let or to a lambda's parameter (binder: the Let or Lambda node), by the
// rule of bindLet; scalars are left as they are. `let` is the Let (null for a lambda parameter):
// only a let's unread array is validated or left pending (validatePending).
LValue Lowerer::bindShared(const void* binder, const tail::Let* let, LValue value) {
  switch (value.kind) {
    case LValue::Kind::Scalar: return value;
    case LValue::Kind::Array: {
      value.array = bindLargeShape(value.array);
      auto found = uses_.find(binder);
      int uses = found == uses_.end() ? 0 : found->second;
      bool readDirectly = value.array.cheap() || value.array.memory().defined();
      // Slices at different positions read each element once: as if used once.
      if (uses > 1 && !readDirectly && disjointSlices_.count(binder) && probeElement(value.array, true).shareable())
        uses = 1;
      // An unused array bound by a let still raises the errors computing it would (its checks
      // run, the elements they do not need are dropped by DeadCode).
      if (uses == 0 && let) validateAll(value);
      if (uses <= 1 || readDirectly) {
        if (let && uses == 1 && !readDirectly && atTopLevel()) addPending(let->name, value.array);
        return value;
      }
      // Used several times at the binder's own depth (not once per element of an inner lambda):
      // each read computes the element, once per element's code, or it is materialized.
      if (!usedDeeper_.count(binder) && recomputedWhereRead(binder, value.array)) {
        value.array = reusedPerElement(value.array);
      } else if (computedInsideLambda(binder, value.array)) {
        validate(value.array);  // its errors before the lambda's, in APL's order
      } else {
        value.array = materialize(value.array);
      }
      if (let && !value.array.memory().defined() && atTopLevel()) addPending(let->name, value.array);
      return value;
    }
    case LValue::Kind::Tuple:
      for (LValue& part : value.parts) part = bindShared(binder, let, part);
      return value;
    case LValue::Kind::Function: return value;
  }
  return value;
}

LValue Lowerer::lowerLet(const tail::Exp& e, Env env) {
  // A chain of lets is a loop, not a recursion: programs are long chains of them.
  const tail::Exp* x = &e;
  while (const auto* let = x->as<tail::Let>()) {
    LValue v = bindLet(*let, atTopLevel() ? lowerTopLevel(let->value, env) : lowerExp(let->value, env));
    env = std::make_shared<const EnvNode>(EnvNode{let->name, std::move(v), env});
    x = &let->body;
  }
  return atTopLevel() ? lowerTopLevel(*x, env) : lowerExp(*x, env);
}

// ----------------------------------------------------------- top-level statements' error order

void Lowerer::addPending(const tail::Name& name, const PullArray& array) {
  bool large = validationCost(array, kColdValidationLimit) == ValidationCost::Large;
  pending_.push_back({name, array, large});
}

Lowerer::ValidationCost Lowerer::validationCost(const PullArray& a, int64_t limit) {
  if (a.memory().defined()) return ValidationCost::None;
  ValidationCost cost = ValidationCost::None;
  discarded([&] {
    int64_t outerLimit = b().limit();
    b().setLimit(std::min(outerLimit, b().emitted() + limit));
    try {
      if (emitValidationLoop(a, "i")) cost = ValidationCost::Small;
    } catch (const Builder::TrialLimit&) {
      b().setLimit(outerLimit);
      if (b().emitted() > outerLimit) throw;  // an enclosing trial's limit too
      cost = ValidationCost::Large;
      return;
    }
    b().setLimit(outerLimit);
  });
  return cost;
}

bool Lowerer::mayFail(const LValue& v) {
  switch (v.kind) {
    case LValue::Kind::Array: return validationCost(v.array, kMayFailTrialLimit) != ValidationCost::None;
    case LValue::Kind::Tuple:
      return std::any_of(v.parts.begin(), v.parts.end(), [&](const LValue& p) { return mayFail(p); });
    default: return false;
  }
}

LValue Lowerer::lowerTopLevel(const tail::Exp& e, const Env& env) {
  if (pending_.empty()) return lowerExp(e, env);
  // The statement is lowered once to learn whether one of its checks lost the cold branch that
  // validates the pending arrays first (over a budget), or whether it may fail at all when a
  // pending array it does not read is too large for any cold branch; if so, it is lowered again
  // after the pending arrays it does not read are validated (the interpreter computed them
  // before this statement; those it reads, it computes). Checks whose cold branches
  // ColdBranches drops later are not seen: docs/semantics.md.
  Checkpoint before = checkpoint();
  int64_t skipsBefore = coldSkips_;
  int64_t budgetBefore = coldBudget_;
  Builder::Mark start = b().mark();
  LValue v = lowerExp(e, env);
  // The pending arrays the statement left unread, as they were before it: an array the trial
  // added (a let inside a lambda applied here) is code the restore below throws away.
  auto named = [](const std::vector<Pending>& list, const tail::Name& name) {
    return std::any_of(list.begin(), list.end(), [&](const Pending& p) { return p.name == name; });
  };
  std::vector<Pending> unread;
  for (const Pending& p : before.pending)
    if (named(pending_, p.name)) unread.push_back(p);
  bool coldLost = coldSkips_ > skipsBefore;
  bool largeUnread = std::any_of(unread.begin(), unread.end(), [](const Pending& p) { return p.tooLargeForCold; });
  if (unread.empty() || (!coldLost && !largeUnread)) return v;
  if (!coldLost && !checkLeftSince(start) && !mayFail(v)) return v;
  restore(std::move(before));
  coldBudget_ = budgetBefore;
  for (const Pending& p : unread) validate(p.array);
  std::erase_if(pending_, [&](const Pending& p) { return named(unread, p.name); });
  return lowerExp(e, env);
}

// ---------------------------------------------------------------------------------- functions

LValue Lowerer::apply(const LValue& fn, const std::vector<LValue>& args, const SourceLoc& loc) {
  APLC_INTERNAL_CHECK(fn.kind == LValue::Kind::Function, "lowering: application of a non-function");
  LValue f = fn;
  size_t k = 0;
  while (k < args.size()) {
    APLC_INTERNAL_CHECK(f.kind == LValue::Kind::Function, "lowering: too many arguments");
    const Closure& c = *f.fn;
    if (c.recursive) {
      f = callRecursive(c, args[k++], loc);
      continue;
    }
    if (c.lambda.defined()) {
      const auto& lam = c.lambda.to<tail::Lambda>();
      LValue arg = bindShared(&lam, nullptr, args[k++]);
      Env env = std::make_shared<const EnvNode>(EnvNode{lam.param, std::move(arg), c.env});
      f = lowerExp(lam.body, env);
      continue;
    }
    auto next = std::make_shared<Closure>(c);
    while (k < args.size() && next->args.size() < tail::primArity(c.prim)) next->args.push_back(args[k++]);
    if (next->args.size() == tail::primArity(c.prim)) {
      f = primApp(c.prim, c.instance, next->args, c.loc.known() ? c.loc : loc);
    } else {
      f = LValue();
      f.kind = LValue::Kind::Function;
      f.fn = next;
    }
  }
  return f;
}

Expr Lowerer::applyScalar(const LValue& fn, const std::vector<Expr>& args, const SourceLoc& loc) {
  std::vector<LValue> values;
  for (const Expr& a : args) values.push_back(LValue::ofScalar(a));
  LValue r = apply(fn, values, loc);
  if (r.kind == LValue::Kind::Array) r = fromArray(r.array);
  APLC_INTERNAL_CHECK(r.kind == LValue::Kind::Scalar, "lowering: a scalar function returned a non-scalar");
  return r.scalar;
}

// ---------------------------------------------------------------------------------- primitives

LValue Lowerer::primApp(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                        const SourceLoc& loc) {
  using tail::Prim;
  // The interpreter evaluates the pending lets and the arguments before this primitive: a check
  // of it validates them first when it fails (check); element functions capture the list.
  ColdScope cold(*this, earlierFor(args));
  if (op >= Prim::AddI && op <= Prim::I2B) {  // the scalar groups (tail/ir/Prims.def)
    std::vector<Expr> scalars;
    for (const LValue& a : args) {
      LValue s = a.kind == LValue::Kind::Array ? fromArray(a.array) : a;
      APLC_INTERNAL_CHECK(s.kind == LValue::Kind::Scalar, "lowering: a scalar primitive on a non-scalar");
      scalars.push_back(s.scalar);
    }
    Expr value = scalarPrim(op, scalars, loc);
    Expr bound = b().let(value, "s");
    rememberConversion(bound, value);
    return LValue::ofScalar(bound);
  }
  switch (op) {
    case Prim::Each: case Prim::EachV: case Prim::ZipWith: case Prim::ZipWithV:
    case Prim::Reduce: case Prim::Scan:
      return foldPrim(op, instance, args, loc);
    case Prim::Power: case Prim::PowerUntil: case Prim::Cond:
      return controlPrim(op, args, loc);
    case Prim::Print: case Prim::Format: case Prim::FormatM: case Prim::PrintP: case Prim::FormatP:
    case Prim::FormatMP: case Prim::ReadFile: case Prim::ReadIntVecFile:
    case Prim::ReadDoubleVecFile: case Prim::Roll: case Prim::RollD: case Prim::Deal: case Prim::Now: case Prim::TimeStamp:
    case Prim::GradeUp: case Prim::GradeDown: case Prim::IndexOfV:
      return systemPrim(op, instance, args, loc);
    default: return structuralPrim(op, instance, args, loc);
  }
}

// ---------------------------------------------------------------------------------- printing

void Lowerer::validatePendingUnless(const Expr& passes) {
  if (!atTopLevel()) return;
  // A copy: validate's trial lowering restores the Lowerer's state, pending_ included, which
  // would leave a reference into pending_ dangling (fuzz seed 600001 crashed the compiler).
  const std::vector<Pending> now = pending_;
  for (const Pending& p : now) validate(p.array, passes);
}

void Lowerer::validatePending() {
  if (!atTopLevel()) return;
  std::vector<Pending> now = std::move(pending_);
  pending_.clear();
  for (const Pending& p : now) validate(p.array);
}

void Lowerer::printValue(const LValue& v) {
  validatePending();
  switch (v.kind) {
    case LValue::Kind::Scalar: b().print(v.scalar, {}, options_.style); return;
    case LValue::Kind::Array: {
      PullArray m = materialize(v.array);
      b().print(m.memory(), m.shape(), options_.style);
      return;
    }
    case LValue::Kind::Tuple:
      for (const LValue& part : v.parts) printValue(part);
      return;
    case LValue::Kind::Function: {
      // As the interpreter displays a function value.
      std::string text = "(function)";
      Expr memory = b().alloc(BaseType::Char, intConst(static_cast<int64_t>(text.size())), "text");
      for (size_t k = 0; k < text.size(); ++k)
        b().store(memory, intConst(static_cast<int64_t>(k)), charConst(static_cast<uint32_t>(text[k])));
      b().print(memory, {intConst(static_cast<int64_t>(text.size()))}, options_.style);
      b().free(memory);
      return;
    }
  }
}

Program Lowerer::run() {
  countUses(program_);
  scopes_.emplace_back();
  LValue value = lowerExp(program_, nullptr);
  if (options_.printResult) printValue(value);
  else validateAll(value);  // the value nobody prints is still computed, errors and all
  closeScope();
  Program program = b().finish();
  program.functions = std::move(functions_);
  return program;
}

// Complex numbers run in the interpreter only: every complex value comes from a complex literal
// or a complex primitive (tail/ir/Prims.def), so finding one of those finds them all. The error is
// reported at the first one in the source (the optimiser may have moved code around).
void rejectComplex(const tail::Exp& program) {
  struct Finder : tail::Visitor {
    std::optional<SourceLoc> first;
    static bool complexPrim(tail::Prim op) { return op >= tail::Prim::AddZ && op <= tail::Prim::D2Z; }
    void found(const SourceLoc& loc) {
      auto key = [](const SourceLoc& l) { return std::tuple(!l.known(), l.file, l.line, l.col); };
      if (!first || key(loc) < key(*first)) first = loc;
    }
    void visit(const tail::ComplexConst& n) override { found(n.loc); }
    void visit(const tail::ArrayLit& n) override {
      if (n.element.kind == tail::BaseKind::Complex) found(n.loc);
      tail::Visitor::visit(n);
    }
    void visit(const tail::PrimFn& n) override {
      if (complexPrim(n.op)) found(n.loc);
    }
    void visit(const tail::PrimApp& n) override {
      if (complexPrim(n.op)) found(n.loc);
      tail::Visitor::visit(n);
    }
  } finder;
  finder.walk(program);
  if (finder.first) throw UserError(*finder.first, "not supported yet: complex numbers in compiled code (use --interp)");
}

}  // namespace lowering

namespace {

// The lowering and the passes for one target.
Program lowerFor(const tail::Exp& annotatedProgram, const LowerOptions& options) {
  lowering::Lowerer lowerer(annotatedProgram, options);
  // Elements with effects (printing, random numbers, ⍕, input) run in order: their loops, and
  // the loops around them, are sequential (the parallel contract, laila/ir/Verify.h).
  Program p = sequentializeEffects(lowerer.run());
  VerifyOptions strict;
  strict.requireFrees = true;
  verifyOrThrow(p, "lower", strict);
  checkMemoryOrThrow(p, "lower");
  return runPasses(std::move(p), options.target.passes);
}

}  // namespace

Program lower(const tail::Exp& annotatedProgram, const LowerOptions& options) {
  lowering::rejectComplex(annotatedProgram);
  Program p = lowerFor(annotatedProgram, options);
  if (!options.target.sequentialVersion || !choosesByThreads(p)) return p;
  LowerOptions alone = options;
  alone.target = *options.target.sequentialVersion;
  Program both = withSequentialVersion(std::move(p), lowerFor(annotatedProgram, alone));
  verifyOrThrow(both, "sequential version");
  return both;
}

}  // namespace aplc::laila
