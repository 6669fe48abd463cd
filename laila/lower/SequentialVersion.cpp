#include "laila/lower/SequentialVersion.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

constexpr const char* kWillThread = "aplc_parallel_will_thread";
constexpr const char* kRunsSequential = "aplc_parallel_runs_sequential_version";

struct FindsWillThread : IRVisitor {
  bool found = false;
  using IRVisitor::visit;
  void visit(const Call* op) override {
    found = found || op->function == kWillThread;
    IRVisitor::visit(op);
  }
};

// Renames variables (Renamer) and functions: the statements that call them and the `Call`
// expressions of functions with a result (functionCallName).
class RenameApart : public Renamer {
 public:
  RenameApart(std::map<Name, Name> variables, std::map<Name, Name> functions)
      : Renamer(std::move(variables)), functions_(std::move(functions)) {
    for (const auto& [from, to] : functions_) callNames_[functionCallName(from)] = functionCallName(to);
  }
  Name function(const Name& f) const {
    auto it = functions_.find(f);
    return it == functions_.end() ? f : it->second;
  }

 protected:
  using Renamer::visit;
  Expr visit(const Call* op, const Expr& self) override {
    Expr renamed = Renamer::visit(op, self);
    auto it = callNames_.find(op->function);
    if (it == callNames_.end()) return renamed;
    return Call::make(it->second, op->type, renamed.as<Call>()->args);
  }
  Stmt visit(const CallFunction* op, const Stmt& self) override {
    Stmt renamed = Renamer::visit(op, self);
    return CallFunction::make(function(op->function), renamed.as<CallFunction>()->args);
  }

 private:
  std::map<Name, Name> functions_;
  std::map<std::string, std::string> callNames_;
};

uint32_t largestFunctionTag(const Program& p) {
  uint32_t largest = 0;
  for (const Function& f : p.functions) largest = std::max(largest, f.name.tag);
  return largest;
}

// Every name `p` mentions, its functions' parameters included, with a fresh tag from `next` on.
std::map<Name, Name> freshVariableNames(const Program& p, uint32_t next) {
  std::set<Name> names = p.body.defined() ? namesMentioned(p.body) : std::set<Name>{};
  for (const Function& f : p.functions) {
    std::set<Name> inside = namesMentioned(f.body);
    names.insert(inside.begin(), inside.end());
    for (const Param& param : f.params) names.insert(param.var.name);
    if (f.result) names.insert(f.result->name);
  }
  std::map<Name, Name> renamed;
  for (const Name& n : names) renamed[n] = Name{n.base, next++};
  return renamed;
}

Program renamedApart(const Program& p, const Program& from) {
  uint32_t nextFunction = largestFunctionTag(from) + 1;
  std::map<Name, Name> functions;
  for (const Function& f : p.functions) functions[f.name] = Name{f.name.base, nextFunction++};
  RenameApart rename(freshVariableNames(p, largestTag(from) + 1), std::move(functions));
  Program renamed(rename.mutate(p.body));
  for (const Function& f : p.functions) {
    std::vector<Param> params = f.params;
    for (Param& param : params) param.var = rename.rename(param.var);
    std::optional<Var> result = f.result;
    if (result) result = rename.rename(*result);
    renamed.functions.push_back(Function{rename.function(f.name), std::move(params), rename.mutate(f.body), result});
  }
  return renamed;
}

}  // namespace

bool choosesByThreads(const Program& program) {
  FindsWillThread finder;
  finder.include(program.body);
  for (const Function& f : program.functions) finder.include(f.body);
  return finder.found;
}

Program withSequentialVersion(Program threaded, Program sequential) {
  Program alone = renamedApart(sequential, threaded);
  Program both(IfThenElse::make(Call::make(kRunsSequential, BoolType, {}), alone.body, threaded.body),
               std::move(threaded.functions));
  for (Function& f : alone.functions) both.functions.push_back(std::move(f));
  return both;
}

}  // namespace aplc::laila
