// Optimiser pass 3: dead-binding elimination (see OptDeadBindings.h). Use counts are computed
// once for the whole program (names are unique); a let's body is cleaned before the let itself
// is judged, and removing a binding takes its value's uses off the counts.
#include "tail/opt/OptDeadBindings.h"

#include <map>

#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

class DeadBindingRemover : public Mutator {
 public:
  explicit DeadBindingRemover(std::map<Name, UseInfo> uses) : uses_(std::move(uses)) {}

 protected:
  Exp visit(const Let& n, const Exp& self) override {
    Exp b = mutate(n.body);
    if (useCount(n.name) == 0 && cannotFail(n.value)) {
      for (const auto& [name, info] : collectUses(n.value)) uses_[name].count -= info.count;
      return b;
    }
    Exp v = mutate(n.value);
    if (v.same(n.value) && b.same(n.body)) return self;
    return Let::make(n.name, n.type, v, b, n.loc);
  }

 private:
  int useCount(const Name& n) const {
    auto it = uses_.find(n);
    return it == uses_.end() ? 0 : it->second.count;
  }
  std::map<Name, UseInfo> uses_;
};

}  // namespace

Exp removeDeadBindings(const Exp& program) {
  DeadBindingRemover r(collectUses(program));
  return r.mutate(program);
}

}  // namespace aplc::tail
