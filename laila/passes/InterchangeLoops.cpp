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

// The second form (RowsDotLoop): several accumulators, declarations before them and code after
// the k loops. An integer sum's loop keeps its wrapped value and its count of wraps, and checks
// the count after the loop (laila/lower/LowerFold.cpp, exactSum).
struct RowsDotLoop {
  const For* jLoop = nullptr;
  std::vector<Stmt> prefix;  // declarations the k loops do not read, computed again after them
  std::vector<const Decl*> accs;
  std::vector<const For*> kLoops;
  std::vector<Stmt> suffix;  // what reads the accumulators: checks, arithmetic, stores
};

// What a k loop's body may hold: blocks, scalar declarations, assignments of the accumulators
// and of the scalars it declares, branches, comments; loads of any memory but `unreadMemory`,
// pure calls, no variable of `unreadVariables`. Collects the loads' indices.
class KBodyCheck : public IRVisitor {
 public:
  KBodyCheck(std::set<Name> accs, std::set<Name> unreadMemory, std::set<Name> unreadVariables = {})
      : accs_(std::move(accs)), unreadMemory_(std::move(unreadMemory)), unreadVariables_(std::move(unreadVariables)) {}
  bool ok = true;
  std::vector<Expr> loadIndices;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { ok = ok && !unreadVariables_.count(op->name); }
  void visit(const Decl* op) override {
    ok = ok && !op->var.type.memory;
    declared_.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    ok = ok && (accs_.count(op->var.name) || declared_.count(op->var.name));
    IRVisitor::visit(op);
  }
  void visit(const Load* op) override {
    auto* memory = op->memory.as<Variable>();
    ok = ok && memory && !unreadMemory_.count(memory->name);
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
  void visit(const Allocate*) override { ok = false; }
  void visit(const Free*) override { ok = false; }
  void visit(const DeclareMemory*) override { ok = false; }
  void visit(const Fill*) override { ok = false; }
  void visit(const Print*) override { ok = false; }
  void visit(const Check*) override { ok = false; }
  void visit(const CallFunction*) override { ok = false; }

 private:
  std::set<Name> accs_, unreadMemory_, unreadVariables_;
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

// Whether a k loop may run outside the j loop: it updates only the accumulators, within the
// rules of `check`, with bounds that do not depend on j. Its loads' indices are added.
bool movableKLoop(const For* k, const For* j, const std::set<Name>& accs, KBodyCheck check, std::vector<Expr>& indices) {
  bool reduction = k->loopKind == LoopKind::Reduction && k->accumulator && accs.count(k->accumulator->var.name);
  if (k->loopKind != LoopKind::Sequential && !reduction) return false;
  std::set<Name> changing = accs;
  changing.insert(j->var.name);
  for (const Expr& bound : {k->lower, k->upper})
    if (!invariant(bound, changing)) return false;
  check.include(k->body);
  indices.insert(indices.end(), check.loadIndices.begin(), check.loadIndices.end());
  return check.ok;
}

// Whether every k loop may run outside the j loop (movableKLoop, with `check`), the j loop is
// long enough, and some k loop walks a column.
bool kLoopsWorthInterchanging(const For* jLoop, const std::vector<const For*>& kLoops, const std::set<Name>& accs,
                              const KBodyCheck& check) {
  std::vector<std::vector<Expr>> indices(kLoops.size());
  for (size_t n = 0; n < kLoops.size(); ++n)
    if (!movableKLoop(kLoops[n], jLoop, accs, check, indices[n])) return false;
  std::optional<int64_t> rowLength = asIntConst(jLoop->upper - jLoop->lower);
  if (rowLength && *rowLength < kColumnStride) return false;
  for (size_t n = 0; n < kLoops.size(); ++n)
    if (walksAColumn(indices[n], jLoop->var, kLoops[n]->var)) return true;
  return false;
}

std::optional<DotLoop> match(const For* jLoop) {
  if (jLoop->loopKind != LoopKind::ParallelMap) return std::nullopt;
  std::vector<Stmt> body = withoutComments(jLoop->body);
  if (body.size() != 3) return std::nullopt;
  DotLoop d{jLoop, body[0].as<Decl>(), kLoopsIn(body[1]), body[2].as<Store>()};
  if (!d.acc || d.kLoops.empty() || !d.store || d.acc->var.type.memory) return std::nullopt;
  const Name& acc = d.acc->var.name;
  const Name& result = d.store->memory.name;
  auto* stored = d.store->value.as<Variable>();
  if (!stored || stored->name != acc || !invariant(d.store->index, {acc})) return std::nullopt;
  KBodyCheck initCheck({acc}, {result});
  initCheck.include(d.acc->init);
  if (!initCheck.ok) return std::nullopt;
  if (!kLoopsWorthInterchanging(jLoop, d.kLoops, {acc}, KBodyCheck({acc}, {result}))) return std::nullopt;
  return d;
}

// The memory a statement writes (stores, fills) and whether it calls anything with effects.
class SuffixEffects : public IRVisitor {
 public:
  std::set<Name> written;
  bool callsEffects = false;

 protected:
  using IRVisitor::visit;
  void visit(const Store* op) override {
    written.insert(op->memory.name);
    IRVisitor::visit(op);
  }
  void visit(const Fill* op) override { written.insert(op->memory.name); }
  void visit(const Call* op) override {
    callsEffects = callsEffects || callHasEffect(op->function);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction*) override { callsEffects = true; }
  void visit(const Allocate*) override { callsEffects = true; }
  void visit(const Free*) override { callsEffects = true; }
  void visit(const DeclareMemory*) override { callsEffects = true; }
  void visit(const Assign* op) override {
    callsEffects = callsEffects || op->var.type.memory;
    IRVisitor::visit(op);
  }
};

bool isConstant(const Expr& e) { return e.as<IntImm>() || e.as<DoubleImm>() || e.as<BoolImm>(); }

// `parallel for j { prefix; accs; kLoops; suffix }` where the prefix declares scalars from pure
// expressions that the k loops do not read, the accumulators start from constants, and the
// suffix writes no memory that the k loops read.
std::optional<RowsDotLoop> matchRows(const For* jLoop) {
  if (jLoop->loopKind != LoopKind::ParallelMap) return std::nullopt;
  std::vector<Stmt> body = withoutComments(jLoop->body);
  // Declarations up to the k loops; the last ones, from constants, are the accumulators.
  size_t loopsAt = 0;
  while (loopsAt < body.size() && body[loopsAt].as<Decl>()) ++loopsAt;
  size_t accsAt = loopsAt;
  while (accsAt > 0 && isConstant(body[accsAt - 1].as<Decl>()->init)) --accsAt;
  if (accsAt == loopsAt || loopsAt == body.size()) return std::nullopt;
  RowsDotLoop d{jLoop, {}, {}, kLoopsIn(body[loopsAt]), {}};
  if (d.kLoops.empty()) return std::nullopt;
  std::set<Name> prefixNames, accs;
  SuffixEffects prefixEffects, suffix;
  for (size_t at = 0; at < accsAt; ++at) {
    prefixEffects.include(body[at]);
    prefixNames.insert(body[at].as<Decl>()->var.name);
    d.prefix.push_back(body[at]);
  }
  for (size_t at = accsAt; at < loopsAt; ++at) {
    d.accs.push_back(body[at].as<Decl>());
    accs.insert(d.accs.back()->var.name);
  }
  d.suffix.assign(body.begin() + static_cast<std::ptrdiff_t>(loopsAt) + 1, body.end());
  for (const Stmt& s : d.suffix) suffix.include(s);
  if (prefixEffects.callsEffects || suffix.callsEffects) return std::nullopt;
  // The k loops of later j's now run before this j's suffix: they must not read what it stores.
  // (The prefix and the suffix keep their order: j's prefix still runs after j-1's suffix.)
  if (!kLoopsWorthInterchanging(jLoop, d.kLoops, accs, KBodyCheck(accs, suffix.written, prefixNames)))
    return std::nullopt;
  return d;
}

// The k loop's body with each accumulator kept in memory: its memory and index.
class AccumulatorInMemory : public IRMutator {
 public:
  using Places = std::map<Name, std::pair<Var, Expr>>;
  explicit AccumulatorInMemory(Places places) : places_(std::move(places)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Variable* op, const Expr& self) override {
    auto place = places_.find(op->name);
    return place == places_.end() ? self : load(var(place->second.first), place->second.second);
  }
  Stmt visit(const Assign* op, const Stmt& self) override {
    auto place = places_.find(op->var.name);
    if (place == places_.end()) return IRMutator::visit(op, self);
    return Store::make(place->second.first, place->second.second, mutate(op->value));
  }

 private:
  Places places_;
};

// For each k loop: `for k { parallel for j { body with the accumulators in memory } }`; the
// first k loop keeps the j loop's variable, the others get fresh ones.
void rowLoops(const For& j, const std::vector<const For*>& kLoops, const AccumulatorInMemory::Places& places,
              uint32_t& nextTag, std::vector<Stmt>& out) {
  AccumulatorInMemory inMemory(places);
  for (const For* k : kLoops) {
    Var jRow = k == kLoops.front() ? j.var : Var{Name{j.var.name.base, nextTag++}, j.var.type};
    Renamer toRow(std::map<Name, Name>{{j.var.name, jRow.name}});
    Stmt row = For::make(jRow, j.lower, j.upper, LoopKind::ParallelMap, std::nullopt,
                         toRow.mutate(inMemory.mutate(k->body)));
    out.push_back(For::make(k->var, k->lower, k->upper, LoopKind::Sequential, std::nullopt, Block::make({row})));
  }
}

Stmt interchanged(const DotLoop& d, uint32_t& nextTag) {
  const For& j = *d.jLoop;
  // The loop that sets every accumulator has a loop variable of its own (names are unique).
  Var jInit{Name{j.var.name.base, nextTag++}, j.var.type};
  Renamer toInit(std::map<Name, Name>{{j.var.name, jInit.name}});
  Stmt set = Store::make(d.store->memory, toInit.mutate(d.store->index), toInit.mutate(d.acc->init));
  std::vector<Stmt> out = {For::make(jInit, j.lower, j.upper, LoopKind::ParallelMap, std::nullopt, Block::make({set}))};
  rowLoops(j, d.kLoops, {{d.acc->var.name, {d.store->memory, d.store->index}}}, nextTag, out);
  return Block::make(std::move(out));
}

// The second form: a row of memory per accumulator, set, accumulated into, then read by a last
// j loop that runs the prefix again and the suffix.
Stmt interchangedRows(const RowsDotLoop& d, uint32_t& nextTag) {
  const For& j = *d.jLoop;
  Expr length = simplify(max(intConst(0), j.upper - j.lower));
  Var jInit{Name{j.var.name.base, nextTag++}, j.var.type};
  Var jLast{Name{j.var.name.base, nextTag++}, j.var.type};
  std::vector<Stmt> out, inits, reads, frees;
  AccumulatorInMemory::Places places;
  for (const Decl* acc : d.accs) {
    Var row{Name{"row", nextTag++}, Type::memoryOf(acc->var.type.base)};
    out.push_back(Allocate::make(row, length));
    inits.push_back(Store::make(row, simplify(var(jInit) - j.lower), acc->init));
    places[acc->var.name] = {row, simplify(var(j.var) - j.lower)};
    reads.push_back(Decl::make(acc->var, load(var(row), simplify(var(j.var) - j.lower))));
    frees.insert(frees.begin(), Free::make(row));
  }
  out.push_back(For::make(jInit, j.lower, j.upper, LoopKind::ParallelMap, std::nullopt, Block::make(inits)));
  rowLoops(j, d.kLoops, places, nextTag, out);
  std::vector<Stmt> last = d.prefix;
  last.insert(last.end(), reads.begin(), reads.end());
  last.insert(last.end(), d.suffix.begin(), d.suffix.end());
  Renamer toLast(std::map<Name, Name>{{j.var.name, jLast.name}});
  out.push_back(For::make(jLast, j.lower, j.upper, LoopKind::ParallelMap, std::nullopt, toLast.mutate(Block::make(last))));
  out.insert(out.end(), frees.begin(), frees.end());
  return Block::make(std::move(out));
}

class Interchanger : public IRMutator {
 public:
  explicit Interchanger(uint32_t& nextTag) : nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    if (std::optional<DotLoop> d = match(op)) return interchanged(*d, nextTag_);
    if (std::optional<RowsDotLoop> d = matchRows(op)) return interchangedRows(*d, nextTag_);
    return IRMutator::visit(op, self);
  }

 private:
  uint32_t& nextTag_;
};

}  // namespace

Program interchangeLoops(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Interchanger(nextTag).mutate(body); });
}

}  // namespace aplc::laila
