// MemoryCheck: reads of unwritten memory and provably out-of-bounds indices (see MemoryCheck.h).
#include "laila/analysis/MemoryCheck.h"

#include <algorithm>
#include <map>
#include <set>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Calls.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::laila {

namespace {

// What the check knows of one block at a program point.
struct BlockState {
  bool written = false;  // some path since its allocation wrote it
  Expr count;            // its allocated element count; undefined when unknown here
};

using BlockStates = std::map<Name, BlockState>;

// Where control flow joins: written on either path; the count when both paths agree.
void joinInto(BlockStates& into, const BlockStates& other) {
  for (auto& [name, state] : into) {
    auto it = other.find(name);
    if (it == other.end()) continue;
    state.written = state.written || it->second.written;
    if (!state.count.defined() || !it->second.count.defined() || !equal(state.count, it->second.count))
      state.count = Expr();
  }
  for (const auto& [name, state] : other) into.emplace(name, state);
}

// Whether a call may write the memory passed to it (the program's own functions are not in the
// table: they may).
bool callMayWrite(const std::string& function) {
  std::optional<unsigned> effects = callEffects(function);
  return !effects || (*effects & WritesMemory);
}

// An enclosing loop, as an access inside it sees it.
struct LoopContext {
  const For* loop;
  Expr lower, upper;
  bool runs;             // provably at least one iteration
  bool checked = false;  // a check ran in its body before the access
};

class MemoryChecker : public IRVisitor {
 public:
  explicit MemoryChecker(const Stmt& body) : assigned_(assignedVariables(body)) {}
  std::vector<std::string> problems;

  // A function's memory parameters hold the caller's arrays: written, of unknown size.
  void declareParameter(const Var& v) {
    if (v.type.memory) blocks_[v.name] = {true, Expr()};
  }

 protected:
  using IRVisitor::visit;

  void visit(const Load* op) override {
    IRVisitor::visit(op);
    auto* m = op->memory.as<Variable>();
    if (!m) return;
    requireWritten(m->name, "reads");
    checkIndex(m->name, op->index, "reads");
  }

  void visit(const Call* op) override {
    IRVisitor::visit(op);
    std::optional<unsigned> effects = callEffects(op->function);
    for (const Expr& a : op->args) {
      auto* v = a.as<Variable>();
      if (!v || !v->type.memory) continue;
      if (callMayWrite(op->function)) {
        blocks_[v->name].written = true;
      } else if (*effects & ReadsMemory) {
        requireWritten(v->name, ("passes to " + op->function + ", which reads").c_str());
      }
    }
  }

  void visit(const Select* op) override {
    include(op->cond);
    ++selectDepth_;  // an arm may not run: its indices are not checked
    include(op->ifTrue);
    include(op->ifFalse);
    --selectDepth_;
  }

  void visit(const Decl* op) override {
    include(op->init);
    facts_.bindDeclaration(op->var, op->init, assigned_);
  }

  void visit(const Assign* op) override {
    include(op->value);
    if (!op->var.type.memory) return;
    auto* src = op->value.as<Variable>();
    if (!src) return;
    auto it = blocks_.find(src->name);
    blocks_[op->var.name] = it == blocks_.end() ? BlockState{true, Expr()} : it->second;
    blocks_.erase(src->name);
  }

  void visit(const Store* op) override {
    include(op->index);
    include(op->value);
    checkIndex(op->memory.name, op->index, "stores into");
    blocks_[op->memory.name].written = true;
  }

  void visit(const Fill* op) override { blocks_[op->memory.name].written = true; }

  // A freed block is forgotten: the states copied around every loop and branch stay as small as
  // the blocks live there (laila/ir/Verify.h reports any use after the free).
  void visit(const Free* op) override { blocks_.erase(op->var.name); }

  void visit(const Allocate* op) override {
    include(op->count);
    blocks_[op->var.name] = {false, stable(op->count) ? op->count : Expr()};
  }

  void visit(const Print* op) override {
    IRVisitor::visit(op);
    auto* v = op->value.as<Variable>();
    if (v && v->type.memory) requireWritten(v->name, "prints");
  }

  void visit(const Check* op) override {
    include(op->cond);
    for (LoopContext& l : loops_) l.checked = true;
    // The program stops here with the user's error: what follows never runs.
    if (alwaysReached() && alwaysFails(op->cond)) stopped_ = true;
  }

  void visit(const CallFunction* op) override {
    for (const Param& a : op->args) {
      if (!a.var.type.memory) continue;
      BlockState& state = blocks_[a.var.name];
      state.written = true;
      if (a.inout) state.count = Expr();
    }
  }

  void visit(const Block* op) override {
    size_t mark = facts_.size();
    for (const Stmt& s : op->stmts) include(s);
    facts_.popTo(mark);
  }

  void visit(const For* op) override {
    include(op->lower);
    include(op->upper);
    if (op->accumulator) include(op->accumulator->neutral);
    Facts bounds = factsAbout({op->lower, op->upper});
    if (proveNonNegative(sub(op->lower, op->upper), bounds)) return;  // no iteration runs
    BlockStates before = blocks_;
    enterLoop(op->body);
    bool runs = proveNonNegative(sub(sub(op->upper, op->lower), intConst(1)), bounds);
    size_t mark = facts_.size();
    facts_.bindLoop(op->var.name, op->lower, op->upper);
    loops_.push_back({op, op->lower, op->upper, runs});
    include(op->body);
    loops_.pop_back();
    facts_.popTo(mark);
    joinInto(blocks_, before);  // the loop may not run at all
  }

  void visit(const While* op) override {
    BlockStates before = blocks_;
    enterLoop(op->body);
    ++conditionalDepth_;
    include(op->cond);
    size_t mark = facts_.size();
    include(op->body);
    facts_.popTo(mark);
    --conditionalDepth_;
    joinInto(blocks_, before);
  }

  void visit(const IfThenElse* op) override {
    include(op->cond);
    // A branch the facts rule out is dead code (loop splitting leaves such copies until the
    // simplifier removes them): it never runs, so it is not checked.
    Expr decided = simplify(op->cond, factsAbout({op->cond}));  // held: `known` points into it
    if (auto* known = decided.as<BoolImm>()) {
      const Stmt& taken = known->value ? op->thenCase : op->elseCase;
      size_t mark = facts_.size();
      if (taken.defined()) include(taken);
      facts_.popTo(mark);
      return;
    }
    ++conditionalDepth_;
    BlockStates entry = blocks_;
    bool stoppedBefore = stopped_;
    size_t mark = facts_.size();
    include(op->thenCase);
    facts_.popTo(mark);
    BlockStates afterThen = std::move(blocks_);
    bool stoppedThen = stopped_;
    blocks_ = std::move(entry);
    stopped_ = stoppedBefore;
    if (op->elseCase.defined()) include(op->elseCase);
    facts_.popTo(mark);
    joinInto(blocks_, afterThen);
    stopped_ = stoppedThen && stopped_;
    --conditionalDepth_;
  }

 private:
  // Before a loop body: what any iteration writes counts as written from the start (a later
  // iteration reads what an earlier one wrote), and memory moved into in the body has a size
  // that may change between iterations.
  void enterLoop(const Stmt& body) {
    for (const Name& n : memoryWrittenIn(body)) blocks_[n].written = true;
    for (const Name& n : changesIn(body).assigned) {
      auto it = blocks_.find(n);  // memory moved into, or passed inout
      if (it != blocks_.end()) it->second.count = Expr();
    }
  }

  // The count of an allocation keeps its value while the block lives when no variable in it is
  // ever assigned (names are unique per program).
  bool stable(const Expr& count) const {
    struct Reads : IRVisitor {
      const std::set<Name>& assigned;
      bool ok = true;
      explicit Reads(const std::set<Name>& a) : assigned(a) {}
      using IRVisitor::visit;
      void visit(const Variable* v) override { ok = ok && !assigned.count(v->name); }
      void visit(const Load*) override { ok = false; }
      void visit(const Call*) override { ok = false; }
    } reads(assigned_);
    reads.include(count);
    return reads.ok;
  }

  void requireWritten(const Name& memory, const char* verb) {
    auto it = blocks_.find(memory);
    if (it == blocks_.end() || it->second.written || stopped_) return;
    // A block that may have no elements (or of a size it cannot follow) may be read only by code
    // that never runs, as in checkIndex: the lowering's loops over empty extents, a print of an
    // empty array whose filling loop the range passes removed (fuzz seed 3643).
    const Expr& count = it->second.count;
    if (!count.defined() || !proveNonNegative(sub(count, intConst(1)), factsAbout({count}))) return;
    problems.push_back(std::string(verb) + " " + memory.str() + " before anything is written into it");
  }

  // Whether the statement being checked runs whenever its function does (up to checks that
  // stop the program): no if, while or select around it, and every loop around it provably runs.
  // The lowering's code for empty extents (a loop over no rows reading an array of none) is
  // never run: an index there proves nothing.
  bool alwaysReached() const {
    if (stopped_ || selectDepth_ > 0 || conditionalDepth_ > 0) return false;
    for (const LoopContext& l : loops_)
      if (!l.runs) return false;
    return true;
  }

  void checkIndex(const Name& memory, const Expr& index, const char* verb) {
    if (!alwaysReached()) return;
    auto it = blocks_.find(memory);
    if (it == blocks_.end() || !it->second.count.defined()) return;
    const Expr& count = it->second.count;
    // The corners of the loops around the access that nothing between them and it can skip.
    std::vector<const LoopContext*> corner;
    for (auto l = loops_.rbegin(); l != loops_.rend() && !l->checked; ++l) corner.push_back(&*l);
    std::vector<Expr> about = {index, count};
    for (const LoopContext* l : corner) about.insert(about.end(), {l->lower, l->upper});
    Facts facts = factsAbout(about);
    // A block that may have no elements is read only by code that must not run: the lowering's
    // loops over its empty extents, or a gather whose INDEX ERROR a cold branch reports first.
    if (!proveNonNegative(sub(count, intConst(1)), facts)) return;
    std::string access = std::string(verb) + " " + memory.str() + "[" + toString(index) + "] (" +
                         toString(count) + " elements)";
    if (outOfBounds(index, count, facts)) {
      problems.push_back(access + ": the index is out of bounds on every execution");
      return;
    }
    if (corner.empty()) return;
    for (bool last : {false, true}) {
      size_t mark = facts.size();
      for (auto l = corner.rbegin(); l != corner.rend(); ++l) {
        Expr value = last ? sub((*l)->upper, intConst(1)) : (*l)->lower;
        facts.bind((*l)->loop->var.name, {value, add(value, intConst(1))});
      }
      bool out = outOfBounds(index, count, facts);
      facts.popTo(mark);
      if (out) {
        problems.push_back(access + ": the index is out of bounds at the " + (last ? "last" : "first") +
                           " iteration of the loop over " + corner.front()->loop->var.name.str());
        return;
      }
    }
  }

  // The facts about the variables these expressions read, and about those their ranges read, in
  // binding order: a proof copies its facts, and a long program has thousands in scope.
  Facts factsAbout(const std::vector<Expr>& exprs) const {
    std::vector<Name> todo;
    for (const Expr& e : exprs) variablesRead(e, todo);
    std::set<Name> seen;
    std::vector<std::pair<int, Name>> ordered;  // (binding position, name)
    Facts about;
    while (!todo.empty()) {
      Name n = todo.back();
      todo.pop_back();
      if (!seen.insert(n).second) continue;
      if (const Range* r = facts_.range(n)) {
        ordered.push_back({facts_.rank(n), n});
        variablesRead(r->lower, todo);
        variablesRead(r->upper, todo);
      } else if (auto low = facts_.lowest(n)) {
        about.atLeast(n, *low);
      }
    }
    std::sort(ordered.begin(), ordered.end());
    for (const auto& [rank, n] : ordered) {
      about.bind(n, *facts_.range(n));
      if (auto low = facts_.lowest(n)) about.atLeast(n, *low);
    }
    return about;
  }

  static void variablesRead(const Expr& e, std::vector<Name>& out) {
    struct Reads : IRVisitor {
      std::vector<Name>& names;
      explicit Reads(std::vector<Name>& n) : names(n) {}
      using IRVisitor::visit;
      void visit(const Variable* v) override { names.push_back(v->name); }
    } reads(out);
    reads.include(e);
  }

  // Whether a check's condition is false on every execution: false, an integer comparison the
  // facts decide against (`i + 2 <= i + 1`, what a constant index past a vector's end leaves),
  // or a conjunction with such a part.
  bool alwaysFails(const Expr& cond) const {
    if (auto* b = cond.as<BoolImm>()) return !b->value;
    auto* op = cond.as<Binary>();
    if (!op) return false;
    if (op->op == BinaryOp::And) return alwaysFails(op->a) || alwaysFails(op->b);
    if (op->a.type() != IntType) return false;
    Facts facts = factsAbout({op->a, op->b});
    switch (op->op) {  // a provably greater than b (Le), at least b (Lt), ...
      case BinaryOp::Le: return proveNonNegative(sub(sub(op->a, op->b), intConst(1)), facts);
      case BinaryOp::Lt: return proveNonNegative(sub(op->a, op->b), facts);
      case BinaryOp::Ge: return proveNonNegative(sub(sub(op->b, op->a), intConst(1)), facts);
      case BinaryOp::Gt: return proveNonNegative(sub(op->b, op->a), facts);
      default: return false;
    }
  }

  static bool outOfBounds(const Expr& index, const Expr& count, const Facts& facts) {
    return proveNonNegative(sub(index, count), facts) ||
           proveNonNegative(sub(neg(index), intConst(1)), facts);
  }

  std::set<Name> assigned_;
  BlockStates blocks_;
  Facts facts_;
  std::vector<LoopContext> loops_;
  int conditionalDepth_ = 0;
  int selectDepth_ = 0;
  bool stopped_ = false;  // after a check that always fails
};

}  // namespace

std::vector<std::string> checkMemory(const Program& program) {
  std::vector<std::string> problems;
  if (!program.body.defined()) return problems;
  MemoryChecker main(program.body);
  main.include(program.body);
  problems = std::move(main.problems);
  for (const Function& f : program.functions) {
    MemoryChecker checker(f.body);
    for (const Param& p : f.params) checker.declareParameter(p.var);
    checker.include(f.body);
    for (std::string& p : checker.problems) problems.push_back("in function " + f.name.str() + ": " + std::move(p));
  }
  return problems;
}

void checkMemoryOrThrow(const Program& program, const std::string& afterPass) {
  std::vector<std::string> problems = checkMemory(program);
  if (problems.empty()) return;
  std::string message = "Laila memory check failed after " + afterPass + ":";
  for (const std::string& p : problems) message += "\n  " + p;
  throw InternalError(message);
}

}  // namespace aplc::laila
