// ContractArrays: arrays touched row by row by one loop, one row per iteration (see
// ContractArrays.h).
#include "laila/passes/ContractArrays.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/analysis/PrivateMemory.h"
#include "laila/analysis/RowAccess.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// The places of a row's accesses (after they are moved to the row), when all are constants.
class ConstantPlaces : public IRVisitor {
 public:
  explicit ConstantPlaces(Name memory) : memory_(std::move(memory)) {}
  std::set<int64_t> places;
  bool constant = true;

 protected:
  using IRVisitor::visit;
  void visit(const Load* op) override {
    if (auto* m = op->memory.as<Variable>(); m && m->name == memory_) note(op->index);
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    if (op->memory.name == memory_) note(op->index);
    IRVisitor::visit(op);
  }

 private:
  void note(const Expr& index) {
    if (std::optional<int64_t> c = asIntConst(index)) {
      places.insert(*c);
    } else {
      constant = false;
    }
  }
  Name memory_;
};

// Loads and stores of a row at constant places as reads and assignments of scalars.
class ToScalars : public IRMutator {
 public:
  ToScalars(Name memory, std::map<int64_t, Var> scalars) : memory_(std::move(memory)), scalars_(std::move(scalars)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Load* op, const Expr& self) override {
    auto* m = op->memory.as<Variable>();
    if (!m || m->name != memory_) return IRMutator::visit(op, self);
    return var(scalars_.at(*asIntConst(op->index)));
  }
  Stmt visit(const Store* op, const Stmt& self) override {
    if (op->memory.name != memory_) return IRMutator::visit(op, self);
    return Assign::make(scalars_.at(*asIntConst(op->index)), mutate(op->value));
  }

 private:
  Name memory_;
  std::map<int64_t, Var> scalars_;
};

Expr zeroOf(BaseType base) {
  switch (base) {
    case BaseType::Double: return doubleConst(0.0);
    case BaseType::Bool: return boolConst(false);
    case BaseType::Char: return charConst(0);
    default: return intConst(0);
  }
}

class Contractor : public IRMutator {
 public:
  explicit Contractor(uint32_t& nextTag) : nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;

  Stmt visit(const Block* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner blocks first
    auto* block = s.as<Block>();
    if (!block) return s;
    std::vector<Stmt> stmts = block->stmts;
    std::set<Name> moved = changesIn(s).moved;
    // The names each statement mentions, computed once: every allocation looks at those after it.
    std::vector<std::set<Name>> mentioned;
    for (const Stmt& t : stmts) mentioned.push_back(namesMentioned(t));
    bool changed = false;
    for (size_t a = 0; a < stmts.size(); ++a) {
      auto* alloc = stmts[a].as<Allocate>();
      if (alloc && !moved.count(alloc->var.name) && contract(stmts, mentioned, a)) {
        changed = true;
        --a;  // the allocation is gone: the statement now at a is the next one
      }
    }
    return changed ? Block::make(std::move(stmts)) : s;
  }

 private:
  // Contracts the array allocated at stmts[a] into the one loop that uses it, when it can.
  bool contract(std::vector<Stmt>& stmts, std::vector<std::set<Name>>& mentioned, size_t a) {
    const Var m = stmts[a].as<Allocate>()->var;
    size_t l = a + 1;
    while (l < stmts.size() && !mentioned[l].count(m.name)) ++l;
    if (l == stmts.size()) return false;
    auto* loop = stmts[l].as<For>();
    if (!loop || loop->accumulator || (loop->loopKind != LoopKind::ParallelMap && loop->loopKind != LoopKind::Sequential))
      return false;
    std::optional<size_t> freeAt;
    for (size_t k = l + 1; k < stmts.size(); ++k) {
      if (auto* f = stmts[k].as<Free>(); f && f->var.name == m.name && !freeAt) {
        freeAt = k;
      } else if (mentioned[k].count(m.name)) {
        return false;
      }
    }
    std::optional<Expr> width = rowWidth(*loop, m.name);
    if (!freeAt || !width) return false;
    // Accesses of m[i*R + e] go to the row's buffer m[e].
    Var i = loop->var;
    Expr w = *width;
    Stmt body = RemapAccesses(m.name, m, [&](const Expr& e) { return offsetInRow(e, i, w); }).mutate(loop->body);
    ConstantPlaces places(m.name);
    places.include(body);
    // A row buffer must be private memory (laila/analysis/PrivateMemory.h): one from the heap per
    // iteration would cost a malloc per row, and keep an OpenCL loop off the device.
    if (!places.constant && !fitsPrivateMemory(m.type.base, *width)) return false;
    stmts[l] = For::make(loop->var, loop->lower, loop->upper, loop->loopKind, std::nullopt,
                         rowBody(m, *width, body, places));
    mentioned[l] = namesMentioned(stmts[l]);
    for (size_t k : {*freeAt, a}) {
      stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(k));
      mentioned.erase(mentioned.begin() + static_cast<std::ptrdiff_t>(k));
    }
    return true;
  }

  // The body with its own row of m: scalars where every place is a constant, else a buffer.
  Stmt rowBody(const Var& m, const Expr& width, const Stmt& body, const ConstantPlaces& places) {
    std::vector<Stmt> stmts;
    if (places.constant) {
      std::map<int64_t, Var> scalars;
      for (int64_t p : places.places) {
        Var v{Name{m.name.base + "_row", nextTag_++}, Type::scalar(m.type.base)};
        scalars.emplace(p, v);
        stmts.push_back(Decl::make(v, zeroOf(m.type.base)));
      }
      for (const Stmt& t : statementsOf(ToScalars(m.name, std::move(scalars)).mutate(body))) stmts.push_back(t);
      return Block::make(std::move(stmts));
    }
    stmts.push_back(Allocate::make(m, width));
    for (const Stmt& t : statementsOf(body)) stmts.push_back(t);
    stmts.push_back(Free::make(m));
    return Block::make(std::move(stmts));
  }

  uint32_t& nextTag_;
};

}  // namespace

Program contractArrays(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Contractor(nextTag).mutate(body); });
}

}  // namespace aplc::laila
