// InPlaceUpdates: element-wise results written over a dying operand (see InPlaceUpdates.h).
#include "laila/passes/InPlaceUpdates.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// How often a statement mentions one name, and how many of those are loads `name[index]` at
// exactly the given index variable.
class Mentions : public IRVisitor {
 public:
  Mentions(Name name, std::optional<Name> index) : name_(std::move(name)), index_(std::move(index)) {}
  int total = 0;
  int loadsAtIndex = 0;

 protected:
  using IRVisitor::visit;
  void note(const Name& n) { total += n == name_ ? 1 : 0; }
  void visit(const Variable* op) override { note(op->name); }
  void visit(const Load* op) override {
    auto* memory = op->memory.as<Variable>();
    auto* index = op->index.as<Variable>();
    if (memory && memory->name == name_ && index && index_ && index->name == *index_) ++loadsAtIndex;
    IRVisitor::visit(op);
  }
  void visit(const Decl* op) override {
    note(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    note(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    note(op->memory.name);
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    note(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Free* op) override { note(op->var.name); }
  void visit(const DeclareMemory* op) override { note(op->var.name); }
  void visit(const Fill* op) override { note(op->memory.name); }
  void visit(const For* op) override {
    note(op->var.name);
    if (op->accumulator) note(op->accumulator->var.name);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    for (const Param& p : op->args) note(p.var.name);
  }

 private:
  Name name_;
  std::optional<Name> index_;
};

Mentions mentionsIn(const Stmt& s, const Name& name, const std::optional<Name>& index = std::nullopt) {
  Mentions m(name, index);
  m.include(s);
  return m;
}

// The store `m[i] = v` a loop body ends with, at the loop's variable i.
const Store* finalStoreAtLoopIndex(const For* loop) {
  const Stmt* last = &loop->body;
  if (auto* block = loop->body.as<Block>()) {
    if (block->stmts.empty()) return nullptr;
    last = &block->stmts.back();
  }
  auto* store = last->as<Store>();
  if (!store) return nullptr;
  auto* index = store->index.as<Variable>();
  return index && index->name == loop->var.name ? store : nullptr;
}

// Runtime functions whose output array may be the memory of one of their inputs: each writes
// an output element only after its last read of the input element at the same position
// (backend/runtime/aplc_runtime.h says so at each). Argument positions.
struct AliasableFunction {
  const char* name;
  size_t input;
  size_t output;
};
constexpr AliasableFunction kAliasableFunctions[] = {
    {"aplc_gen_index_of", 3, 5},  // (type, left, n, right, m, out): out[j] from right[j]
};

// The memory names of a statement `x = f(…)` (or its declaration) calling one of those.
struct AliasableCall {
  Name input;
  Name output;
};

std::optional<AliasableCall> aliasableCall(const Stmt& s) {
  const Expr* value = nullptr;
  if (auto* d = s.as<Decl>()) value = &d->init;
  if (auto* a = s.as<Assign>()) value = &a->value;
  auto* call = value ? value->as<Call>() : nullptr;
  if (!call) return std::nullopt;
  for (const AliasableFunction& f : kAliasableFunctions) {
    if (call->function != f.name) continue;
    auto* input = call->args.at(f.input).as<Variable>();
    auto* output = call->args.at(f.output).as<Variable>();
    if (input && output) return AliasableCall{input->name, output->name};
  }
  return std::nullopt;
}

class InPlace : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const Block* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner blocks first
    auto* block = s.as<Block>();
    if (!block) return s;
    std::vector<Stmt> stmts = block->stmts;
    Changes effects = changesIn(Block::make(stmts));
    bool changed = false;
    for (size_t j = 0; j < stmts.size();) {
      if (rewriteAt(stmts, j, effects)) {
        // The allocation before the loop is gone, and the loop too if it copied onto itself:
        // j is past it, and one statement back is where to go on.
        changed = true;
        j = j ? j - 1 : 0;
      } else {
        ++j;
      }
    }
    return changed ? Block::make(std::move(stmts)) : s;
  }

 private:
  // Position of the block's Allocate of `name` before `end`, if any.
  static std::optional<size_t> allocationOf(const std::vector<Stmt>& stmts, const Name& name, size_t end) {
    for (size_t k = 0; k < end; ++k)
      if (auto* a = stmts[k].as<Allocate>(); a && a->var.name == name) return k;
    return std::nullopt;
  }

  // Whether the statement at j can write m's elements over a's, a allocated at ka and m at km,
  // as far as the rest of the block goes (the statement's own reads are its caller's to check).
  static bool canShare(const std::vector<Stmt>& stmts, size_t j, size_t ka, size_t km, const Changes& effects) {
    auto* aAlloc = stmts[ka].as<Allocate>();
    auto* mAlloc = stmts[km].as<Allocate>();
    const Name& a = aAlloc->var.name;
    if (aAlloc->var.type != mAlloc->var.type || effects.moved.count(a) || effects.moved.count(mAlloc->var.name))
      return false;
    if (!equal(aAlloc->count, mAlloc->count) || !invariant(aAlloc->count, effects.assigned)) return false;
    for (size_t k = km + 1; k < j; ++k)
      if (mentionsIn(stmts[k], mAlloc->var.name).total) return false;
    int freesOfA = 0;
    for (size_t k = j + 1; k < stmts.size(); ++k) {
      if (auto* f = stmts[k].as<Free>(); f && f->var.name == a) {
        ++freesOfA;
      } else if (mentionsIn(stmts[k], a).total) {
        return false;
      }
    }
    return freesOfA == 1;
  }

  // A loop that only stores each element over itself, `for i … { a[i] = a[i]; }`: what a copy
  // becomes once its result is written in place (an indexed assignment's copy of its array).
  static bool copiesOntoItself(const Stmt& s) {
    auto* loop = s.as<For>();
    if (!loop) return false;
    const Store* store = finalStoreAtLoopIndex(loop);
    if (!store || !(loop->body.as<Store>() || loop->body.as<Block>()->stmts.size() == 1)) return false;
    auto* load = store->value.as<Load>();
    auto* memory = load ? load->memory.as<Variable>() : nullptr;
    return memory && memory->name == store->memory.name && equal(load->index, store->index);
  }

  // m, allocated at km, becomes a, allocated at ka, from the statement at j on; the statement at
  // j goes when it then copies a onto itself.
  static void share(std::vector<Stmt>& stmts, size_t j, size_t ka, size_t km) {
    const Name m = stmts[km].as<Allocate>()->var.name;
    const Name a = stmts[ka].as<Allocate>()->var.name;
    Renamer renamer(std::map<Name, Name>{{m, a}});
    std::vector<Stmt> rewritten;
    for (size_t k = 0; k < stmts.size(); ++k) {
      if (k == km) continue;  // m's allocation
      if (k > j) {
        if (auto* f = stmts[k].as<Free>(); f && f->var.name == a) continue;  // a's free
      }
      Stmt s = k >= j ? renamer.mutate(stmts[k]) : stmts[k];
      if (k == j && copiesOntoItself(s)) continue;
      rewritten.push_back(s);
    }
    stmts = std::move(rewritten);
  }

  // Rewrites the statement at j in place of an operand's memory when it can; true if it did.
  static bool rewriteAt(std::vector<Stmt>& stmts, size_t j, const Changes& effects) {
    if (stmts[j].as<For>()) return rewriteLoopAt(stmts, j, effects);
    return rewriteCallAt(stmts, j, effects);
  }

  // A loop whose body ends with its only mention of m, `m[i] = v`, and reads a only at [i].
  static bool rewriteLoopAt(std::vector<Stmt>& stmts, size_t j, const Changes& effects) {
    auto* loop = stmts[j].as<For>();
    const Store* store = finalStoreAtLoopIndex(loop);
    if (!store || mentionsIn(loop->body, store->memory.name).total != 1) return false;
    std::optional<size_t> km = allocationOf(stmts, store->memory.name, j);
    if (!km) return false;
    for (const Name& candidate : namesMentioned(loop->body)) {
      std::optional<size_t> ka = allocationOf(stmts, candidate, j);
      if (!ka || *ka == *km) continue;
      Mentions inLoop = mentionsIn(loop->body, candidate, loop->var.name);
      if (inLoop.total == 0 || inLoop.total != inLoop.loadsAtIndex || !canShare(stmts, j, *ka, *km, effects)) continue;
      share(stmts, j, *ka, *km);
      return true;
    }
    return false;
  }

  // A runtime call whose output may be the memory of an input (aliasableCall), each mentioned
  // once in the statement.
  static bool rewriteCallAt(std::vector<Stmt>& stmts, size_t j, const Changes& effects) {
    std::optional<AliasableCall> call = aliasableCall(stmts[j]);
    if (!call) return false;
    std::optional<size_t> km = allocationOf(stmts, call->output, j);
    std::optional<size_t> ka = allocationOf(stmts, call->input, j);
    if (!km || !ka || *ka == *km) return false;
    if (mentionsIn(stmts[j], call->output).total != 1 || mentionsIn(stmts[j], call->input).total != 1) return false;
    if (!canShare(stmts, j, *ka, *km, effects)) return false;
    share(stmts, j, *ka, *km);
    return true;
  }
};

}  // namespace

Program updateInPlace(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return InPlace().mutate(body); });
}

}  // namespace aplc::laila
