// Optimiser pass 2: copy and constant propagation (see OptCopyProp.h). One traversal: a let of a
// cheap value is dropped and its variable remembered; later uses are replaced.
#include "tail/opt/OptCopyProp.h"

#include <unordered_map>

#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

class CopyPropagator : public Mutator {
 protected:
  Exp visit(const Var& n, const Exp& self) override {
    auto it = replacements_.find(n.name);
    return it == replacements_.end() ? self : it->second;
  }
  Exp visit(const Let& n, const Exp& self) override {
    Exp v = mutate(n.value);  // already has earlier copies replaced, so chains resolve at once
    if (isCheapValue(v)) {
      replacements_[n.name] = v;
      return mutate(n.body);
    }
    Exp b = mutate(n.body);
    if (v.same(n.value) && b.same(n.body)) return self;
    return Let::make(n.name, n.type, v, b, n.loc);
  }

 private:
  std::unordered_map<Name, Exp, NameHash> replacements_;  // names are unique, so one flat map serves every scope
};

}  // namespace

Exp propagateCopies(const Exp& program) {
  CopyPropagator p;
  return p.mutate(program);
}

}  // namespace aplc::tail
