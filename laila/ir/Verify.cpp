// Verify: scopes, types and loop-kind contracts of a Laila program (see Verify.h).
#include "laila/ir/Verify.h"

#include <map>
#include <optional>
#include <set>

#include "laila/ir/Calls.h"
#include "laila/ir/ParallelCalls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Print.h"
#include "support/Diagnostics.h"

namespace aplc::laila {

namespace {

struct VarInfo {
  Type type;
  size_t scope;  // index of the declaring scope
  bool loopVariable = false;
  bool freed = false;
  bool privateBlock = false;  // allocated in MemorySpace::Private: no move may take it
  // Memory whose state is not known here: a function's memory parameter (the caller checked
  // it), or memory passed to a function (which may free it or move into it). Neither use after
  // free nor moves into live memory are reported for it until a free or move here settles it.
  bool unknown = false;
};

struct LoopContext {
  const For* loop;
  size_t bodyScope;  // variables declared in scopes ≥ this are the body's own
  // Memory declared outside the loop and freed in its body: the body must move new memory into
  // it before the iteration ends (a loop-carried array whose size changes).
  std::vector<Var> refilled;
};

bool mentions(const Expr& e, const Name& name) {
  struct Finder : IRVisitor {
    const Name& target;
    bool found = false;
    explicit Finder(const Name& n) : target(n) {}
    using IRVisitor::visit;
    void visit(const Variable* v) override { found = found || v->name == target; }
  } finder(name);
  finder.include(e);
  return finder.found;
}

// A call's arguments against the function's parameters: as many, and position by position of
// the same type and `inout` flag (the names may differ).
bool argumentsMatch(const std::vector<Param>& params, const std::vector<Param>& args) {
  if (params.size() != args.size()) return false;
  for (size_t k = 0; k < params.size(); ++k)
    if (params[k].var.type != args[k].var.type || params[k].inout != args[k].inout) return false;
  return true;
}

class Verifier : public IRVisitor {
 public:
  Verifier(const VerifyOptions& options, const Program& program) : options_(options), calls_(program.functions) {
    for (const Function& f : program.functions) {
      functions_.emplace(f.name, &f);
      if (f.result) resultFunctions_.emplace(functionCallName(f.name), &f);
    }
  }
  std::vector<std::string> problems;

  void run(const Program& p) {
    if (!p.body.defined()) {
      problems.push_back("the program has no body");
      return;
    }
    include(p.body);
  }

  // A function's body, with its parameters declared around it (memory in an unknown state).
  void runFunction(const Function& f) {
    scopes_.emplace_back();
    for (const Param& p : f.params) {
      declare(p.var, false);
      scopes_.back()[p.var.name].unknown = p.var.type.memory;
    }
    if (f.result) {
      if (f.result->type.memory) fail("the function " + f.name.str() + " returns memory, not a scalar");
      declare(*f.result, false);
    }
    for (const Param& p : f.params)
      if (f.result && p.inout) fail("the function " + f.name.str() + " has a result and an inout parameter");
    include(f.body);
    scopes_.pop_back();  // parameters are the caller's: not freed here
  }

 protected:
  using IRVisitor::visit;

  void visit(const Variable* v) override {
    const VarInfo* info = lookup(v->name, "uses");
    if (!info) return;
    if (info->type != v->type) {
      fail(v->name.str() + " is used as " + toString(v->type) + " but declared " +
           toString(info->type));
    }
    if (info->freed && !info->unknown) failUseWithoutBlock(v->name);
    for (const LoopContext& l : loops_) {
      const auto& acc = l.loop->accumulator;
      if (acc && acc->var.name == v->name && l.loop->loopKind == LoopKind::Reduction) {
        fail("the reduction over " + l.loop->var.name.str() + " reads its accumulator " +
             v->name.str() + " outside its update");
      }
    }
  }

  void visit(const Call* op) override {
    if (auto f = resultFunctions_.find(op->function); f != resultFunctions_.end()) return functionCall(op, *f->second);
    std::optional<unsigned> effects = callEffects(op->function);
    if (!effects) {
      fail("calls " + op->function + ", which is not in laila/ir/Calls.def (the table of calls and their effects)");
    } else if (callHasEffect(op->function)) {
      const LoopContext* l = innermostParallel();
      if (l && !calls_.allowed(op, owns(*l))) {
        fail("the " + std::string(loopKindName(l->loop->loopKind)) + " loop over " + l->loop->var.name.str() +
             " calls " + op->function + ", which has effects (" + callEffectsText(*effects) + ")" +
             (writtenArgumentOnly(op->function) ? " on memory declared outside it" : ""));
      }
    }
    IRVisitor::visit(op);
  }

  void visit(const Decl* op) override {
    setContext(op);
    include(op->init);
    declare(op->var, false);
    dependences_[op->var.name] = dependences(op->init);
  }

  void visit(const Assign* op) override {
    setContext(op);
    if (op->var.type.memory) return move(op);
    const VarInfo* info = lookup(op->var.name, "assigns");
    if (info) {
      if (info->type != op->var.type) fail("assignment with the wrong type");
      if (info->loopVariable) fail("assigns the loop variable " + op->var.name.str());
    }
    const LoopContext* updates = nullptr;  // the accumulating loop this assignment updates
    if (info) {
      for (auto l = loops_.rbegin(); l != loops_.rend(); ++l) {
        if (info->scope >= l->bodyScope) break;  // declared inside this loop: its own
        if (l->loop->loopKind == LoopKind::Sequential) continue;
        const auto& acc = l->loop->accumulator;
        if (acc && acc->var.name == op->var.name) {
          updates = &*l;
          break;
        }
        fail("the " + std::string(loopKindName(l->loop->loopKind)) + " loop over " +
             l->loop->var.name.str() + " assigns " + op->var.name.str() +
             ", declared outside it");
        break;
      }
    }
    if (updates) {
      checkAccumulatorUpdate(*updates->loop->accumulator, op->value);
    } else {
      include(op->value);
    }
    std::set<Name> d = dependences(op->value);
    dependences_[op->var.name].insert(d.begin(), d.end());
  }

  void visit(const Store* op) override {
    setContext(op);
    const VarInfo* info = checkMemory(op->memory, "stores into");
    include(op->index);
    include(op->value);
    if (!info) return;
    // Memory declared outside a parallel loop: the index must depend on the loop's variable (a
    // necessary condition for distinct iterations to store to distinct locations; not a proof).
    for (const LoopContext& l : loops_) {
      if (iterationsAtMost(*l.loop, 0)) return;  // the store never runs
    }
    std::set<Name> d;
    bool computed = false;
    for (size_t p = 0; p < loops_.size(); ++p) {
      const LoopContext& l = loops_[p];
      if (info->scope >= l.bodyScope || l.loop->loopKind == LoopKind::Sequential) continue;
      if (iterationsAtMost(*l.loop, 1)) continue;  // nothing to collide with
      // Only where every loop between l and the store surely runs (constant bounds): an inner
      // loop over an empty axis of unknown bounds (`2 0↑m` after SplitLoops) stores nothing, while
      // its index no longer depends on l's variable (the row stride is 0).
      if (!innerLoopsSurelyRun(p)) continue;
      if (!computed) d = dependences(op->index), computed = true;
      if (!d.count(l.loop->var.name)) {
        fail("the " + std::string(loopKindName(l.loop->loopKind)) + " loop over " + l.loop->var.name.str() +
             " stores into " + op->memory.name.str() + ", declared outside it, at an index that does not depend on " +
             l.loop->var.name.str());
      }
    }
  }

  void visit(const Fill* op) override {
    setContext(op);
    const VarInfo* info = checkMemory(op->memory, "fills");
    if (!info) return;
    for (const LoopContext& l : loops_) {
      if (info->scope < l.bodyScope && l.loop->loopKind != LoopKind::Sequential) {
        fail("the " + std::string(loopKindName(l.loop->loopKind)) + " loop over " + l.loop->var.name.str() +
             " fills " + op->memory.name.str() + ", declared outside it, in every iteration");
        break;
      }
    }
  }

  void visit(const Allocate* op) override {
    setContext(op);
    include(op->count);
    declare(op->var, false);
    scopes_.back()[op->var.name].privateBlock = op->space == MemorySpace::Private;
  }

  void visit(const Free* op) override {
    setContext(op);
    VarInfo* info = checkMemory(op->var, "frees");
    if (!info) return;
    if (info->freed && !info->unknown) fail(op->var.name.str() + " is freed twice (or moved from, or declared empty and never filled)");
    // Freed inside a loop it was declared outside of: allowed only in a sequential loop whose
    // body moves new memory into it (checked at the end of the loop).
    for (LoopContext& l : loops_) {
      if (info->scope < l.bodyScope) {
        if (&l == &loops_.back() && l.loop->loopKind == LoopKind::Sequential) {
          l.refilled.push_back(op->var);
        } else {
          fail(op->var.name.str() + " is freed inside the loop over " + l.loop->var.name.str() +
               " but allocated outside it");
        }
        break;
      }
    }
    setState(*info, op->var.name, true, false);
  }

  // Declared holding no block: as if freed, until a move fills it.
  void visit(const DeclareMemory* op) override {
    setContext(op);
    declare(op->var, false);
    scopes_.back()[op->var.name].freed = true;
  }

  // A call: the function exists, the arguments match its parameters (declared here, same types),
  // and the call is not in a loop whose iterations may run in any order.
  void visit(const CallFunction* op) override {
    setContext(op);
    if (const LoopContext* l = innermostParallel(); l && !calls_.allowed(op, owns(*l))) {
      fail("the " + std::string(loopKindName(l->loop->loopKind)) + " loop over " + l->loop->var.name.str() +
           " calls the function " + op->function.str() +
           (calls_.safe(op->function) ? " with an inout argument declared outside it" : ", which is not safe in parallel"));
    }
    auto f = functions_.find(op->function);
    if (f == functions_.end()) return fail("calls " + op->function.str() + ", which is not a function of the program");
    if (!argumentsMatch(f->second->params, op->args))
      fail("the arguments of the call of " + op->function.str() + " do not match its parameters");
    for (const Param& a : op->args) {
      VarInfo* info = lookup(a.var.name, "passes");
      if (!info) continue;
      if (info->type != a.var.type) fail("passes " + a.var.name.str() + " with the wrong type");
      if (a.inout && info->loopVariable) fail("passes the loop variable " + a.var.name.str() + " to be assigned");
      if (a.var.type.memory) setState(*info, a.var.name, info->freed, true);
    }
  }

  // A call of a function with a result: its arguments match its parameters, and it is in a loop
  // whose iterations may run in any order only when it is safe in parallel (ParallelCalls.h).
  void functionCall(const Call* op, const Function& f) {
    if (const LoopContext* l = innermostParallel(); l && !calls_.safe(f.name)) {
      fail("the " + std::string(loopKindName(l->loop->loopKind)) + " loop over " + l->loop->var.name.str() +
           " calls the function " + f.name.str() + ", which is not safe in parallel");
    }
    if (op->type != f.result->type) fail("the call of " + f.name.str() + " has another type than its result");
    bool match = op->args.size() == f.params.size();
    for (size_t k = 0; match && k < op->args.size(); ++k) match = op->args[k].type() == f.params[k].var.type;
    if (!match) fail("the arguments of the call of " + f.name.str() + " do not match its parameters");
    IRVisitor::visit(op);
  }

  // dst = src between memory variables: dst holds nothing, src is live and is moved from.
  void move(const Assign* op) {
    VarInfo* dst = lookup(op->var.name, "moves into");
    if (dst && dst->type != op->var.type) fail("moves into " + op->var.name.str() + " of another type");
    const auto* v = op->value.as<Variable>();
    VarInfo* src = v ? checkMemory(v->var(), "moves from") : nullptr;
    if (!dst || !src) return;
    if (src->privateBlock) fail("moves the private block of " + v->name.str() + " (it ends with its iteration)");
    if (!dst->freed && !dst->unknown) fail(op->var.name.str() + " still holds memory when memory is moved into it");
    for (auto l = loops_.rbegin(); l != loops_.rend(); ++l) {
      if (dst->scope >= l->bodyScope) break;
      if (l->loop->loopKind != LoopKind::Sequential) {
        fail("the " + std::string(loopKindName(l->loop->loopKind)) + " loop over " +
             l->loop->var.name.str() + " moves memory into " + op->var.name.str() +
             ", declared outside it");
        break;
      }
    }
    setState(*src, v->name, true, false);
    setState(*dst, op->var.name, false, false);
  }

  void visit(const For* op) override {
    setContext(op);
    include(op->lower);
    include(op->upper);
    if (op->accumulator) {
      include(op->accumulator->neutral);
      const VarInfo* acc = lookup(op->accumulator->var.name, "accumulates into");
      if (acc && acc->type != op->accumulator->var.type) fail("accumulator with the wrong type");
    }
    scopes_.emplace_back();
    declare(op->var, true);
    dependences_[op->var.name] = {op->var.name};
    loops_.push_back({op, scopes_.size() - 1, {}});
    include(op->body);
    for (const Var& m : loops_.back().refilled) {
      const VarInfo* info = lookup(m.name, "frees");
      if (info && info->freed) {
        fail(m.name.str() + " is freed inside the loop over " + op->var.name.str() +
             " but allocated outside it, and no memory is moved into it");
      }
    }
    loops_.pop_back();
    popScope();
  }

  void visit(const Block* op) override {
    scopes_.emplace_back();
    for (const Stmt& s : op->stmts) include(s);
    popScope();
  }

  void visit(const While* op) override {
    setContext(op);
    IRVisitor::visit(op);
  }
  // Each branch starts from the state before the if; after it, memory whose state the branches
  // leave different (freed on one path, filled by a move on the other) is unknown until a free
  // or move settles it. Changes are undone through the journal (setState), so an if costs what
  // its branches change, not the number of variables in scope.
  void visit(const IfThenElse* op) override {
    setContext(op);
    include(op->cond);
    size_t depth = scopes_.size(), mark = journal_.size();
    ++openIfs_;
    include(op->thenCase);
    std::map<std::pair<size_t, Name>, MemoryState> afterThen = changedSince(mark, depth), afterElse;
    undoTo(mark);
    if (op->elseCase.defined()) {
      include(op->elseCase);
      afterElse = changedSince(mark, depth);
      undoTo(mark);
    }
    --openIfs_;
    std::set<std::pair<size_t, Name>> changed;
    for (const auto* branch : {&afterThen, &afterElse})
      for (const auto& entry : *branch) changed.insert(entry.first);
    for (const auto& [scope, name] : changed) {
      VarInfo& info = scopes_[scope].at(name);
      MemoryState before{info.freed, info.unknown};
      MemoryState a = stateIn(afterThen, {scope, name}, before), b = stateIn(afterElse, {scope, name}, before);
      MemoryState merged = a == b ? a : MemoryState{false, true};
      if (!(merged == before)) setState(info, name, merged.freed, merged.unknown);
    }
  }
  void visit(const Print* op) override {
    setContext(op);
    if (const LoopContext* l = innermostParallel()) {
      fail("the " + std::string(loopKindName(l->loop->loopKind)) + " loop over " + l->loop->var.name.str() +
           " prints (output would come in any order)");
    }
    IRVisitor::visit(op);
  }
  void visit(const Check* op) override {
    setContext(op);
    IRVisitor::visit(op);
  }

 private:
  // The statement being checked, printed only when a problem is found (printing every statement
  // would cost more than the checks: a for loop prints its whole body).
  template <typename Node>
  void setContext(const Node* op) {
    current_ = op;
  }

  void fail(const std::string& what) {
    std::string context;
    if (current_) {
      // A non-owning handle (the aliasing constructor), only to print the statement.
      Stmt borrowed(std::shared_ptr<const StmtNode>(std::shared_ptr<const StmtNode>(), current_));
      std::string text = toString(borrowed);
      context = text.substr(0, text.find('\n'));
    }
    problems.push_back(what + "  [in: " + context + "]");
  }

  // Whether the loop's bounds are constants that allow at most `count` iterations.
  // Whether every loop nested inside loops_[outer] (up to the current statement) has constant
  // bounds and at least one iteration.
  bool innerLoopsSurelyRun(size_t outer) const {
    for (size_t q = outer + 1; q < loops_.size(); ++q) {
      auto lo = loops_[q].loop->lower.as<IntImm>();
      auto hi = loops_[q].loop->upper.as<IntImm>();
      if (!lo || !hi || hi->value <= lo->value) return false;
    }
    return true;
  }

  static bool iterationsAtMost(const For& loop, int64_t count) {
    auto lo = loop.lower.as<IntImm>();
    auto hi = loop.upper.as<IntImm>();
    return lo && hi && hi->value - lo->value <= count;
  }

  // The innermost enclosing loop that is not sequential (its iterations may run in any order).
  const LoopContext* innermostParallel() const {
    for (auto l = loops_.rbegin(); l != loops_.rend(); ++l) {
      if (l->loop->loopKind != LoopKind::Sequential) return &*l;
    }
    return nullptr;
  }

  // Whether a call's one effect beyond reading is a write of memory declared inside the loop's
  // body (laila::writtenArgumentOnly): each iteration writes a block of its own.
  // The variables declared inside the loop's body: its iteration's own (laila/ir/ParallelCalls.h).
  ParallelCalls::Owns owns(const LoopContext& l) {
    return [this, &l](const Name& n) {
      const VarInfo* info = find(n);
      return info && info->scope >= l.bodyScope;
    };
  }

  // The loop variables an expression's value may depend on, through the scalars it reads
  // (declarations and assignments record what each scalar depends on).
  std::set<Name> dependences(const Expr& e) const {
    struct Collector : IRVisitor {
      const std::map<Name, std::set<Name>>& table;
      std::set<Name> result;
      explicit Collector(const std::map<Name, std::set<Name>>& t) : table(t) {}
      using IRVisitor::visit;
      void visit(const Variable* v) override {
        auto it = table.find(v->name);
        if (it != table.end()) result.insert(it->second.begin(), it->second.end());
      }
    } collector(dependences_);
    collector.include(e);
    return std::move(collector.result);
  }

  VarInfo* find(const Name& name) {
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
      auto it = s->find(name);
      if (it != s->end()) return &it->second;
    }
    return nullptr;
  }

  VarInfo* lookup(const Name& name, const char* verb) {
    if (VarInfo* info = find(name)) return info;
    fail(std::string(verb) + " " + name.str() + ", which is not declared here");
    return nullptr;
  }

  VarInfo* checkMemory(const Var& v, const char* verb) {
    VarInfo* info = lookup(v.name, verb);
    if (info && info->type != v.type) {
      fail(std::string(verb) + " " + v.name.str() + " as " + toString(v.type) + " but it is " +
           toString(info->type));
    }
    if (info && info->freed && !info->unknown && std::string(verb) != "frees") failUseWithoutBlock(v.name);
    return info;
  }

  void failUseWithoutBlock(const Name& name) {
    fail(name.str() + " is used after it was freed or moved from (or before a move filled it)");
  }

  void declare(const Var& v, bool loopVariable) {
    if (!declared_.insert(v.name).second) fail(v.name.str() + " is declared twice");
    if (scopes_.empty()) scopes_.emplace_back();
    scopes_.back()[v.name] = VarInfo{v.type, scopes_.size() - 1, loopVariable, false};
  }

  // A memory variable's state: what branches compare and the journal restores.
  struct MemoryState {
    bool freed, unknown;
    friend bool operator==(const MemoryState&, const MemoryState&) = default;
  };
  struct JournalEntry {
    size_t scope;
    Name name;
    MemoryState old;
  };

  // Every change of a variable's freed/unknown goes through here, so an if can undo a branch
  // (outside every if nothing is undone, so nothing is journaled).
  void setState(VarInfo& info, const Name& name, bool freed, bool unknown) {
    if (openIfs_ > 0) journal_.push_back({info.scope, name, {info.freed, info.unknown}});
    info.freed = freed;
    info.unknown = unknown;
  }

  // The current states of the variables of scopes below `depth` (declared before the if)
  // changed since journal position `mark`.
  std::map<std::pair<size_t, Name>, MemoryState> changedSince(size_t mark, size_t depth) const {
    std::map<std::pair<size_t, Name>, MemoryState> states;
    for (size_t k = mark; k < journal_.size(); ++k) {
      const JournalEntry& e = journal_[k];
      if (e.scope >= depth) continue;
      const VarInfo& info = scopes_[e.scope].at(e.name);
      states[{e.scope, e.name}] = {info.freed, info.unknown};
    }
    return states;
  }

  void undoTo(size_t mark) {
    while (journal_.size() > mark) {
      const JournalEntry& e = journal_.back();
      if (e.scope < scopes_.size()) {
        auto it = scopes_[e.scope].find(e.name);
        if (it != scopes_[e.scope].end()) {
          it->second.freed = e.old.freed;
          it->second.unknown = e.old.unknown;
        }
      }
      journal_.pop_back();
    }
  }

  static MemoryState stateIn(const std::map<std::pair<size_t, Name>, MemoryState>& states,
                             const std::pair<size_t, Name>& key, MemoryState otherwise) {
    auto it = states.find(key);
    return it == states.end() ? otherwise : it->second;
  }

  void popScope() {
    if (options_.requireFrees) {
      for (const auto& [name, info] : scopes_.back()) {
        if (info.type.memory && !info.freed && !info.unknown) fail(name.str() + " is never freed");
      }
    }
    scopes_.pop_back();
  }

  // acc = acc op e  or  acc = e op acc, with e not reading acc.
  void checkAccumulatorUpdate(const Accumulator& acc, const Expr& value) {
    auto* b = value.as<Binary>();
    auto isAcc = [&](const Expr& e) {
      auto* v = e.as<Variable>();
      return v && v->name == acc.var.name;
    };
    if (b && b->op == acc.op && (isAcc(b->a) || isAcc(b->b))) {
      const Expr& other = isAcc(b->a) ? b->b : b->a;
      if (mentions(other, acc.var.name)) {
        fail("the accumulator " + acc.var.name.str() + " is read in its own update term");
      } else {
        include(other);
      }
      return;
    }
    // (The value is not visited: its reads of the accumulator would only repeat this problem.)
    fail("the accumulator " + acc.var.name.str() + " must be updated as " + acc.var.name.str() +
         " = " + acc.var.name.str() + " " + opName(acc.op) + " e");
  }

  const VerifyOptions& options_;
  const ParallelCalls calls_;  // the calls a parallel loop's iterations may make
  std::map<Name, const Function*> functions_;
  std::map<std::string, const Function*> resultFunctions_;  // by the name calls give (functionCallName)
  std::vector<std::map<Name, VarInfo>> scopes_;
  std::vector<JournalEntry> journal_;  // changes of memory state, for undoing a branch
  int openIfs_ = 0;                    // the ifs whose branches are being checked
  std::vector<LoopContext> loops_;
  std::set<Name> declared_;
  std::map<Name, std::set<Name>> dependences_;  // scalar → the loop variables its value depends on
  const StmtNode* current_ = nullptr;
};

}  // namespace

std::vector<std::string> verify(const Program& program, const VerifyOptions& options) {
  Verifier v(options, program);
  v.run(program);
  std::vector<std::string> problems = std::move(v.problems);
  std::set<Name> names;
  for (const Function& f : program.functions) {
    if (!names.insert(f.name).second) problems.push_back("the function " + f.name.str() + " is defined twice");
  }
  // Each function on its own (its names are its own; its parameters the caller's variables).
  for (const Function& f : program.functions) {
    Verifier fv(options, program);
    fv.runFunction(f);
    for (std::string& p : fv.problems) problems.push_back("in function " + f.name.str() + ": " + std::move(p));
  }
  return problems;
}

void verifyOrThrow(const Program& program, const std::string& afterPass,
                   const VerifyOptions& options) {
  std::vector<std::string> problems = verify(program, options);
  if (problems.empty()) return;
  std::string message = "Laila verification failed after " + afterPass + ":";
  for (const std::string& p : problems) message += "\n  " + p;
  throw InternalError(message);
}

}  // namespace aplc::laila
