// Optimiser pass 0: unique binder names (see OptUniqueNames.h).
#include "tail/opt/OptUniqueNames.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace aplc::tail {

namespace {

class Uniquify : public Mutator {
 public:
  explicit Uniquify(uint32_t firstFreshTag) : names_(firstFreshTag) {}

 protected:
  Exp visit(const Var& n, const Exp& self) override {
    auto it = scope_.find(n.name);
    if (it == scope_.end() || it->second == n.name) return self;
    return Var::make(it->second, n.loc);
  }
  Exp visit(const Let& n, const Exp& self) override {
    Exp v = mutate(n.value);
    Name name = bind(n.name);
    Exp b = mutate(n.body);
    unbind();
    if (name == n.name && v.same(n.value) && b.same(n.body)) return self;
    return Let::make(name, n.type, v, b, n.loc);
  }
  Exp visit(const LetRec& n, const Exp& self) override {
    Name name = bind(n.name);  // in scope in the function and in the body
    Exp f = mutate(n.fn);
    Exp b = mutate(n.body);
    unbind();
    if (name == n.name && f.same(n.fn) && b.same(n.body)) return self;
    return LetRec::make(name, n.type, f, b, n.loc);
  }
  Exp visit(const Lambda& n, const Exp& self) override {
    Name name = bind(n.param);
    Exp b = mutate(n.body);
    unbind();
    if (name == n.param && b.same(n.body)) return self;
    return Lambda::make(name, n.paramType, b, n.loc);
  }

 private:
  // The name a binder gets: its own the first time that name is bound, a fresh one afterwards.
  Name bind(const Name& original) {
    Name name = bound_.insert(original).second ? original : names_.fresh(original.base);
    bound_.insert(name);
    auto [it, inserted] = scope_.try_emplace(original, name);
    shadowed_.push_back({original, inserted ? std::nullopt : std::optional<Name>(it->second)});
    it->second = name;
    return name;
  }
  // Leaves the scope of the innermost binder: what it shadowed is visible again.
  void unbind() {
    auto& [original, previous] = shadowed_.back();
    if (previous) scope_[original] = *previous;
    else scope_.erase(original);
    shadowed_.pop_back();
  }

  NameGen names_;
  std::unordered_set<Name, NameHash> bound_;
  // original name -> name in the output, as one hash map (a lookup must not cost the depth of
  // the scope: long let chains), with a trail of what each binder shadowed.
  std::unordered_map<Name, Name, NameHash> scope_;
  std::vector<std::pair<Name, std::optional<Name>>> shadowed_;
};

}  // namespace

Exp makeNamesUnique(const Exp& program) {
  Uniquify u(maxNameTag(program) + 1);
  return u.mutate(program);
}

}  // namespace aplc::tail
