// Outline: large compound statements as functions of their own. See Outline.h.
#include "laila/passes/Outline.h"

#include <algorithm>
#include <map>
#include <set>

#include "laila/ir/IRVisitor.h"

namespace aplc::laila {

namespace {

class NodeCounter : public IRVisitor {
 public:
  size_t count = 0;

 protected:
  using IRVisitor::visit;
  void visit(const IntImm*) override { ++count; }
  void visit(const DoubleImm*) override { ++count; }
  void visit(const BoolImm*) override { ++count; }
  void visit(const CharImm*) override { ++count; }
  void visit(const Variable*) override { ++count; }
  void visit(const Unary* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Binary* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Select* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Load* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Call* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Decl* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Assign* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Store* op) override { ++count, IRVisitor::visit(op); }
  void visit(const For* op) override { ++count, IRVisitor::visit(op); }
  void visit(const While* op) override { ++count, IRVisitor::visit(op); }
  void visit(const IfThenElse* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Block* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Allocate* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Free*) override { ++count; }
  void visit(const DeclareMemory*) override { ++count; }
  void visit(const Print* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Check* op) override { ++count, IRVisitor::visit(op); }
  void visit(const Comment*) override {}
  // Static data: the C compiler reads an initializer list quickly, whatever its length.
  void visit(const Fill*) override { ++count; }
  void visit(const CallFunction* op) override { count += 1 + op->args.size(); }
};

// The variables a statement reads or assigns without declaring them (names are unique in a
// program, so a name declared inside is never one of the outside's).
class FreeVariables : public IRVisitor {
 public:
  std::map<Name, Var> used;  // read or assigned
  std::set<Name> assigned;   // assigned: scalars, or memory moved into
  std::set<Name> declared;

  std::vector<Param> params() const {
    std::vector<Param> ps;
    for (const auto& [name, var] : used) {
      if (!declared.count(name)) ps.push_back({var, assigned.count(name) > 0});
    }
    return ps;
  }

 protected:
  using IRVisitor::visit;
  void use(const Var& v) { used.emplace(v.name, v); }

  void visit(const Variable* v) override { use(v->var()); }
  void visit(const Decl* op) override {
    declared.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    use(op->var);
    assigned.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    use(op->memory);
    IRVisitor::visit(op);
  }
  void visit(const For* op) override {
    declared.insert(op->var.name);
    if (op->accumulator) use(op->accumulator->var);
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    declared.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override { declared.insert(op->var.name); }
  void visit(const Free* op) override { use(op->var); }
  void visit(const Fill* op) override { use(op->memory); }
  void visit(const CallFunction* op) override {
    for (const Param& a : op->args) {
      use(a.var);
      if (a.inout) assigned.insert(a.var.name);
    }
  }
};

bool isCompound(const Stmt& s) {
  switch (s.kind()) {
    case StmtKind::For:
    case StmtKind::While:
    case StmtKind::IfThenElse:
    case StmtKind::Block: return true;
    default: return false;
  }
}

class Outliner {
 public:
  explicit Outliner(const OutlineOptions& options) : options_(options) {}
  std::vector<Function> functions;

  // `s` with its large compound parts outlined until it is at most the bound (where it can be).
  Stmt reduce(const Stmt& s) {
    if (nodeCount(s) <= options_.maxFunctionSize) return s;
    switch (s.kind()) {
      case StmtKind::Block: return outlineChildren(s.as<Block>()->stmts);
      case StmtKind::For: {
        auto* f = s.as<For>();
        // A parallel loop's iterations may run in any order: its body calls nothing.
        if (f->loopKind != LoopKind::Sequential) return s;
        return For::make(f->var, f->lower, f->upper, f->loopKind, f->accumulator, reduceBody(f->body));
      }
      case StmtKind::While: {
        auto* w = s.as<While>();
        return While::make(w->cond, reduceBody(w->body));
      }
      case StmtKind::IfThenElse: {
        auto* i = s.as<IfThenElse>();
        return IfThenElse::make(i->cond, reduceBody(i->thenCase),
                                i->elseCase.defined() ? reduceBody(i->elseCase) : Stmt());
      }
      default: return s;
    }
  }

 private:
  // A loop's or branch's body: its statements are the candidates.
  Stmt reduceBody(const Stmt& body) {
    if (auto* b = body.as<Block>()) return outlineChildren(b->stmts);
    return outlineChildren({body});
  }

  Stmt outlineChildren(const std::vector<Stmt>& stmts) {
    std::vector<Stmt> out;
    out.reserve(stmts.size());
    for (const Stmt& c : stmts) {
      bool large = isCompound(c) && nodeCount(c) >= options_.minOutlinedSize;
      out.push_back(large ? outlined(c) : c);
    }
    return Block::make(std::move(out));
  }

  // A new function whose body is `s` (itself reduced), and the call that replaces `s`.
  Stmt outlined(const Stmt& s) {
    Stmt body = reduce(s);
    FreeVariables free;
    free.include(body);
    Function f{Name{"outlined", static_cast<uint32_t>(functions.size() + 1)}, free.params(), body, std::nullopt};
    functions.push_back(f);
    return CallFunction::make(f.name, f.params);
  }

  const OutlineOptions& options_;
};

}  // namespace

size_t nodeCount(const Stmt& s) {
  NodeCounter counter;
  counter.include(s);
  return counter.count;
}

Program outline(const Program& program, const OutlineOptions& options) {
  if (!program.body.defined()) return program;
  Outliner outliner(options);
  Program result;
  result.body = outliner.reduce(program.body);
  result.functions = program.functions;
  for (Function& f : outliner.functions) result.functions.push_back(std::move(f));
  return result;
}

Program outline(const Program& program) { return outline(program, OutlineOptions{}); }

namespace {

bool mayHaveTwoIterations(const For* loop) {
  const IntImm* lower = loop->lower.as<IntImm>();
  const IntImm* upper = loop->upper.as<IntImm>();
  return !(lower && upper) || upper->value - lower->value >= 2;
}

// Replaces the outermost parallel maps by calls; does not enter loops whose iterations may run
// in any order (their bodies call nothing).
class ParallelLoopOutliner : public IRMutator {
 public:
  std::vector<Function> functions;

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    if (op->loopKind == LoopKind::Sequential) return IRMutator::visit(op, self);
    if (op->loopKind != LoopKind::ParallelMap || !mayHaveTwoIterations(op)) return self;
    FreeVariables free;
    free.include(self);
    std::vector<Param> params = free.params();
    if (std::any_of(params.begin(), params.end(), [](const Param& p) { return p.inout; })) return self;
    Function f{Name{kParallelLoopBase, static_cast<uint32_t>(functions.size() + 1)}, params, self, std::nullopt};
    functions.push_back(f);
    return CallFunction::make(f.name, f.params);
  }
};

}  // namespace

Program outlineParallelLoops(const Program& program) {
  ParallelLoopOutliner outliner;
  Program result;
  if (program.body.defined()) result.body = outliner.mutate(program.body);
  for (const Function& f : program.functions) result.functions.push_back({f.name, f.params, outliner.mutate(f.body), f.result});
  for (Function& f : outliner.functions) result.functions.push_back(std::move(f));
  return result;
}

const For* parallelLoopOf(const Function& f) {
  if (f.name.base != kParallelLoopBase) return nullptr;
  const For* loop = f.body.as<For>();
  return loop && loop->loopKind == LoopKind::ParallelMap ? loop : nullptr;
}

}  // namespace aplc::laila
