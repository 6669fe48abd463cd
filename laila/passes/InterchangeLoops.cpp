// InterchangeLoops: dot products walked row by row (see InterchangeLoops.h).
#include "laila/passes/InterchangeLoops.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

// The pieces of a matched j loop: `parallel for j { acc = init; kLoops; memory[index] = acc; }`,
// where the k loops are one loop or the pieces splitLoops cut it into (a block of loops, in
// order: k ranges that a take or catenation makes differ).
struct DotLoop {
  const For* jLoop = nullptr;
  const Decl* acc = nullptr;
  std::vector<const For*> kLoops;
  const Store* store = nullptr;
};

// What a k loop's body may hold: blocks, scalar declarations, assignments of the accumulator
// and of the scalars it declares, comments; loads of any memory but the result's, pure calls.
// Collects the loads' indices.
class KBodyCheck : public IRVisitor {
 public:
  KBodyCheck(const Name& acc, const Name& result) : acc_(acc), result_(result) {}
  bool ok = true;
  std::vector<Expr> loadIndices;

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    ok = ok && !op->var.type.memory;
    declared_.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    ok = ok && (op->var.name == acc_ || declared_.count(op->var.name));
    IRVisitor::visit(op);
  }
  void visit(const Load* op) override {
    auto* memory = op->memory.as<Variable>();
    ok = ok && memory && memory->name != result_;
    loadIndices.push_back(op->index);
    IRVisitor::visit(op);
  }
  void visit(const Call* op) override {
    std::optional<unsigned> effects = callEffects(op->function);
    ok = ok && effects && *effects == Pure;
    IRVisitor::visit(op);
  }
  void visit(const Store*) override { ok = false; }
  void visit(const For*) override { ok = false; }
  void visit(const While*) override { ok = false; }
  void visit(const IfThenElse*) override { ok = false; }
  void visit(const Allocate*) override { ok = false; }
  void visit(const Print*) override { ok = false; }
  void visit(const Check*) override { ok = false; }
  void visit(const CallFunction*) override { ok = false; }

 private:
  Name acc_, result_;
  std::set<Name> declared_;
};

std::vector<Stmt> withoutComments(const Stmt& body) {
  std::vector<Stmt> out;
  if (auto* block = body.as<Block>()) {
    for (const Stmt& s : block->stmts)
      if (!s.as<Comment>()) out.push_back(s);
  } else {
    out.push_back(body);
  }
  return out;
}

// How much `index` moves when `v` grows by 1 (simplified: a constant, or a row length).
Expr strideOf(const Expr& index, const Var& v) {
  struct Shift : IRMutator {
    Name name;
    using IRMutator::visit;
    Expr visit(const Variable* op, const Expr& self) override {
      return op->name == name ? self + intConst(1) : self;
    }
  } shift;
  shift.name = v.name;
  return simplify(shift.mutate(index) - index);
}

// A stride of this many items or more (or one known only at run time, a row's length) takes a
// cache line of its own at every step; a shorter one (a k×3 matrix's columns) reuses lines, and
// its rows would be too short to pay for their loop.
constexpr int64_t kColumnStride = 16;

// Whether some load walks a column: it moves by at least kColumnStride items per k and by one
// per j.
bool walksAColumn(const std::vector<Expr>& indices, const Var& j, const Var& k) {
  for (const Expr& index : indices) {
    std::optional<int64_t> byJ = asIntConst(strideOf(index, j));
    Expr byK = strideOf(index, k);
    std::optional<int64_t> constantByK = asIntConst(byK);
    bool longStride = constantByK ? std::llabs(*constantByK) >= kColumnStride : invariant(byK, {k.name});
    if (byJ && std::llabs(*byJ) == 1 && longStride) return true;
  }
  return false;
}

// The k loops between the declaration and the store: one loop, or a block of them.
std::vector<const For*> kLoopsIn(const Stmt& s) {
  if (auto* loop = s.as<For>()) return {loop};
  std::vector<const For*> loops;
  if (!s.as<Block>()) return loops;
  for (const Stmt& t : withoutComments(s)) {
    auto* loop = t.as<For>();
    if (!loop) return {};
    loops.push_back(loop);
  }
  return loops;
}

// Whether a k loop may run outside the j loop: it updates only the accumulator, within the
// rules of KBodyCheck, with bounds that do not depend on j. Its loads' indices are added.
bool movableKLoop(const For* k, const For* j, const Name& acc, const Name& result, std::vector<Expr>& indices) {
  bool reduction = k->loopKind == LoopKind::Reduction && k->accumulator && k->accumulator->var.name == acc;
  if (k->loopKind != LoopKind::Sequential && !reduction) return false;
  for (const Expr& bound : {k->lower, k->upper})
    if (!invariant(bound, {j->var.name, acc})) return false;
  KBodyCheck check(acc, result);
  check.include(k->body);
  indices.insert(indices.end(), check.loadIndices.begin(), check.loadIndices.end());
  return check.ok;
}

std::optional<DotLoop> match(const For* jLoop) {
  if (jLoop->loopKind != LoopKind::ParallelMap) return std::nullopt;
  std::optional<int64_t> rowLength = asIntConst(jLoop->upper - jLoop->lower);
  if (rowLength && *rowLength < kColumnStride) return std::nullopt;
  std::vector<Stmt> body = withoutComments(jLoop->body);
  if (body.size() != 3) return std::nullopt;
  DotLoop d{jLoop, body[0].as<Decl>(), kLoopsIn(body[1]), body[2].as<Store>()};
  if (!d.acc || d.kLoops.empty() || !d.store || d.acc->var.type.memory) return std::nullopt;
  const Name& acc = d.acc->var.name;
  const Name& result = d.store->memory.name;
  auto* stored = d.store->value.as<Variable>();
  if (!stored || stored->name != acc || !invariant(d.store->index, {acc})) return std::nullopt;
  KBodyCheck initCheck(acc, result);
  initCheck.include(d.acc->init);
  if (!initCheck.ok) return std::nullopt;
  bool column = false;
  for (const For* k : d.kLoops) {
    std::vector<Expr> own;
    if (!movableKLoop(k, jLoop, acc, result, own)) return std::nullopt;
    column = column || walksAColumn(own, jLoop->var, k->var);
  }
  if (!column) return std::nullopt;
  return d;
}

// The k loop's body with the accumulator kept in memory[index].
class AccumulatorInMemory : public IRMutator {
 public:
  AccumulatorInMemory(const Name& acc, Var memory, Expr index)
      : acc_(acc), memory_(std::move(memory)), index_(std::move(index)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Variable* op, const Expr& self) override {
    return op->name == acc_ ? load(var(memory_), index_) : self;
  }
  Stmt visit(const Assign* op, const Stmt& self) override {
    if (op->var.name != acc_) return IRMutator::visit(op, self);
    return Store::make(memory_, index_, mutate(op->value));
  }

 private:
  Name acc_;
  Var memory_;
  Expr index_;
};

Stmt interchanged(const DotLoop& d, uint32_t& nextTag) {
  const For& j = *d.jLoop;
  // The loop that sets every accumulator has a loop variable of its own (names are unique).
  Var jInit{Name{j.var.name.base, nextTag++}, j.var.type};
  Renamer toInit(std::map<Name, Name>{{j.var.name, jInit.name}});
  Stmt set = Store::make(d.store->memory, toInit.mutate(d.store->index), toInit.mutate(d.acc->init));
  std::vector<Stmt> out = {For::make(jInit, j.lower, j.upper, LoopKind::ParallelMap, std::nullopt, Block::make({set}))};
  AccumulatorInMemory inMemory(d.acc->var.name, d.store->memory, d.store->index);
  for (const For* k : d.kLoops) {
    // Each piece's j loop but the first gets a fresh loop variable too.
    Var jRow = k == d.kLoops.front() ? j.var : Var{Name{j.var.name.base, nextTag++}, j.var.type};
    Renamer toRow(std::map<Name, Name>{{j.var.name, jRow.name}});
    Stmt row = For::make(jRow, j.lower, j.upper, LoopKind::ParallelMap, std::nullopt,
                         toRow.mutate(inMemory.mutate(k->body)));
    out.push_back(For::make(k->var, k->lower, k->upper, LoopKind::Sequential, std::nullopt, Block::make({row})));
  }
  return Block::make(std::move(out));
}

class Interchanger : public IRMutator {
 public:
  explicit Interchanger(uint32_t& nextTag) : nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    if (std::optional<DotLoop> d = match(op)) return interchanged(*d, nextTag_);
    return IRMutator::visit(op, self);
  }

 private:
  uint32_t& nextTag_;
};

}  // namespace

Program interchangeLoops(const Program& program) {
  uint32_t nextTag = largestTag(program.body);
  for (const Function& f : program.functions) nextTag = std::max(nextTag, largestTag(f.body));
  ++nextTag;
  return mapBodies(program, [&](const Stmt& body) { return Interchanger(nextTag).mutate(body); });
}

}  // namespace aplc::laila
