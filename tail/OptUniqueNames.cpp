// Optimiser pass 0: unique binder names (see OptUniqueNames.h).
#include "tail/OptUniqueNames.h"

#include <set>
#include <utility>
#include <vector>

namespace aplc::tail {

namespace {

class Uniquify : public Mutator {
 public:
  explicit Uniquify(uint32_t firstFreshTag) : names_(firstFreshTag) {}

 protected:
  Exp visit(const Var& n, const Exp& self) override {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->first == n.name) return it->second == n.name ? self : Var::make(it->second, n.loc);
    return self;
  }
  Exp visit(const Let& n, const Exp& self) override {
    Exp v = mutate(n.value);
    Name name = bind(n.name);
    Exp b = mutate(n.body);
    scope_.pop_back();
    if (name == n.name && v.same(n.value) && b.same(n.body)) return self;
    return Let::make(name, n.type, v, b, n.loc);
  }
  Exp visit(const Lambda& n, const Exp& self) override {
    Name name = bind(n.param);
    Exp b = mutate(n.body);
    scope_.pop_back();
    if (name == n.param && b.same(n.body)) return self;
    return Lambda::make(name, n.paramType, b, n.loc);
  }

 private:
  // The name a binder gets: its own the first time that name is bound, a fresh one afterwards.
  Name bind(const Name& original) {
    Name name = bound_.insert(original).second ? original : names_.fresh(original.base);
    bound_.insert(name);
    scope_.push_back({original, name});
    return name;
  }

  NameGen names_;
  std::set<Name> bound_;
  std::vector<std::pair<Name, Name>> scope_;  // original name -> name in the output
};

}  // namespace

Exp makeNamesUnique(const Exp& program) {
  Uniquify u(maxNameTag(program) + 1);
  return u.mutate(program);
}

}  // namespace aplc::tail
