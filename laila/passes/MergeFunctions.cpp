// MergeFunctions: one function per group of functions equal up to names and constants. See
// MergeFunctions.h.
#include "laila/passes/MergeFunctions.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Print.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// Every name a statement mentions, in the order a walk first meets it (declared, read, assigned,
// stored to, passed): statements equal up to renaming meet their names in the same order.
class NamesInOrder : public IRVisitor {
 public:
  std::vector<Name> names;
  void meet(const Var& v) {
    if (seen_.insert(v.name).second) names.push_back(v.name);
  }

 protected:
  using IRVisitor::visit;
  void visit(const Variable* v) override { meet(v->var()); }
  void visit(const Decl* op) override { meet(op->var), IRVisitor::visit(op); }
  void visit(const Assign* op) override { meet(op->var), IRVisitor::visit(op); }
  void visit(const Store* op) override { meet(op->memory), IRVisitor::visit(op); }
  void visit(const Allocate* op) override { meet(op->var), IRVisitor::visit(op); }
  void visit(const Free* op) override { meet(op->var); }
  void visit(const DeclareMemory* op) override { meet(op->var); }
  void visit(const Fill* op) override { meet(op->memory), IRVisitor::visit(op); }
  void visit(const For* op) override {
    meet(op->var);
    if (op->accumulator) meet(op->accumulator->var);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {
    for (const Param& a : op->args) meet(a.var);
  }

 private:
  std::set<Name> seen_;
};

// A function's text with every name replaced by `v_k`, k its position among the names met
// first in the parameter list, then in the body. Equal texts: the functions do the same with
// the arguments in the same positions.
std::string canonicalText(const std::vector<Param>& params, const Stmt& body) {
  NamesInOrder order;
  for (const Param& p : params) order.meet(p.var);
  order.include(body);
  std::map<Name, Name> canonical;
  for (const Name& n : order.names) canonical.emplace(n, Name{"v", static_cast<uint32_t>(canonical.size())});
  Renamer renamer(std::move(canonical));
  std::string text;
  for (const Param& p : params)
    text += std::string(p.inout ? "inout " : "") + renamer.rename(p.var).name.str() + ": " + toString(p.var.type) + ", ";
  return text + "\n" + toString(renamer.mutate(body));
}

// The int and double constants of a body in the order this mutator meets them, each replaced by
// a placeholder variable of its type (`placeholders`), or the k-th by `parameters[k]` where it
// has one. Filled literals and reduction neutrals are left alone (they must stay constants).
class Constants : public IRMutator {
 public:
  std::vector<Expr> found;
  bool placeholders = false;
  std::map<size_t, Var> parameters;

  // Tags are given out from 1 upwards, so no name of a program is a placeholder's.
  static Var placeholder(Type t) {
    return Var{Name{t.is(BaseType::Int) ? "intconstant" : "doubleconstant", std::numeric_limits<uint32_t>::max()}, t};
  }

 protected:
  using IRMutator::visit;
  Expr visit(const IntImm*, const Expr& self) override { return take(self); }
  Expr visit(const DoubleImm*, const Expr& self) override { return take(self); }
  Stmt visit(const For* op, const Stmt& self) override {
    Expr lo = mutate(op->lower), hi = mutate(op->upper);
    Stmt body = mutateBody(op->body);
    if (lo.sameAs(op->lower) && hi.sameAs(op->upper) && body.sameAs(op->body)) return self;
    return For::make(op->var, lo, hi, op->loopKind, op->accumulator, body);
  }

 private:
  Expr take(const Expr& constant) {
    size_t k = found.size();
    found.push_back(constant);
    if (placeholders) return Variable::make(placeholder(constant.type()));
    auto p = parameters.find(k);
    return p == parameters.end() ? constant : Variable::make(p->second);
  }
};

// Constants compare bit for bit: 0.0 and -0.0 differ, a NaN equals its own bits.
bool sameConstant(const Expr& a, const Expr& b) {
  if (a.type() != b.type()) return false;
  if (const auto* i = a.as<IntImm>()) return i->value == b.as<IntImm>()->value;
  double x = a.as<DoubleImm>()->value, y = b.as<DoubleImm>()->value;
  return std::memcmp(&x, &y, sizeof x) == 0;
}

// `call f(args)` of a merged function f: `call target(args, constants…)`, the constants declared
// in a block around the call.
struct Redirect {
  Name target;
  std::vector<Expr> constants;
};

class CallRedirector : public IRMutator {
 public:
  CallRedirector(const std::map<Name, Redirect>& redirects, uint32_t& nextTag)
      : redirects_(redirects), nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const CallFunction* op, const Stmt& self) override {
    auto r = redirects_.find(op->function);
    if (r == redirects_.end()) return self;
    if (r->second.constants.empty()) return CallFunction::make(r->second.target, op->args);
    std::vector<Stmt> block;
    std::vector<Param> args = op->args;
    for (const Expr& c : r->second.constants) {
      Var v{Name{"arg", nextTag_++}, c.type()};
      block.push_back(Decl::make(v, c));
      args.push_back({v, false});
    }
    block.push_back(CallFunction::make(r->second.target, std::move(args)));
    return Block::make(std::move(block));
  }

 private:
  const std::map<Name, Redirect>& redirects_;
  uint32_t& nextTag_;
};

class Callees : public IRVisitor {
 public:
  std::set<Name> names;

 protected:
  using IRVisitor::visit;
  void visit(const CallFunction* op) override { names.insert(op->function); }
};

// Each function's height in the call graph: 0 for one that calls none, else one more than its
// highest callee (callees come before their callers in the list).
std::vector<int> heights(const std::vector<Function>& functions) {
  std::map<Name, int> height;
  std::vector<int> result;
  for (const Function& f : functions) {
    Callees callees;
    callees.include(f.body);
    int h = 0;
    for (const Name& c : callees.names) {
      auto it = height.find(c);
      if (it != height.end()) h = std::max(h, it->second + 1);
    }
    height[f.name] = h;
    result.push_back(h);
  }
  return result;
}

class Merger {
 public:
  explicit Merger(const Program& program) : functions_(program.functions), nextTag_(largestTag(program) + 1) {}

  Program run(const Program& program) {
    std::vector<int> height = heights(functions_);
    int highest = height.empty() ? -1 : *std::max_element(height.begin(), height.end());
    for (int h = 0; h <= highest; ++h) {
      std::vector<size_t> level;
      for (size_t k = 0; k < functions_.size(); ++k)
        if (height[k] == h) level.push_back(k);
      mergeLevel(level);
    }
    Program result;
    CallRedirector redirect(redirects_, nextTag_);
    if (program.body.defined()) result.body = redirect.mutate(program.body);
    for (Function& f : functions_)
      if (kept_.count(f.name)) result.functions.push_back(std::move(f));
    return result;
  }

 private:
  // One level's functions (their callees are final): bodies redirected, then grouped by their
  // text without constants, each group one function.
  void mergeLevel(const std::vector<size_t>& level) {
    std::map<std::string, std::vector<size_t>> groups;
    std::vector<std::string> order;  // the groups' texts in the order of their first member
    std::map<size_t, std::vector<Expr>> constants;
    for (size_t k : level) {
      Function& f = functions_[k];
      CallRedirector redirect(redirects_, nextTag_);
      f.body = redirect.mutate(f.body);
      if (f.result) {  // recursive functions stay as they are: calls name them in expressions
        kept_.insert(f.name);
        continue;
      }
      Constants abstracted;
      abstracted.placeholders = true;
      std::string text = canonicalText(f.params, abstracted.mutate(f.body));
      constants[k] = std::move(abstracted.found);
      auto [group, added] = groups.try_emplace(text);
      if (added) order.push_back(text);
      group->second.push_back(k);
    }
    for (const std::string& text : order) mergeGroup(groups[text], constants);
  }

  // The first member serves the group; the constants in which members differ become its
  // parameters, passed by each call.
  void mergeGroup(const std::vector<size_t>& members, std::map<size_t, std::vector<Expr>>& constants) {
    Function& first = functions_[members[0]];
    kept_.insert(first.name);
    if (members.size() == 1) return;
    const std::vector<Expr>& firstConstants = constants[members[0]];
    std::vector<size_t> differing;
    for (size_t p = 0; p < firstConstants.size(); ++p) {
      for (size_t m : members) {
        if (!sameConstant(constants[m][p], firstConstants[p])) {
          differing.push_back(p);
          break;
        }
      }
    }
    Constants parameterised;
    for (size_t p : differing) {
      Var v{Name{"constant", nextTag_++}, firstConstants[p].type()};
      parameterised.parameters[p] = v;
      first.params.push_back({v, false});
    }
    if (!differing.empty()) first.body = parameterised.mutate(first.body);
    for (size_t m : members) {
      Redirect r{first.name, {}};
      for (size_t p : differing) r.constants.push_back(constants[m][p]);
      if (m != members[0] || !r.constants.empty()) redirects_[functions_[m].name] = std::move(r);
    }
  }

  std::vector<Function> functions_;
  uint32_t nextTag_;
  std::map<Name, Redirect> redirects_;
  std::set<Name> kept_;
};

}  // namespace

Program mergeFunctions(const Program& program) {
  if (program.functions.size() < 2) return program;
  return Merger(program).run(program);
}

}  // namespace aplc::laila
