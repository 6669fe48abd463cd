// Optimiser pass: common values (see OptCommonValues.h). One traversal with a scoped table
// from a value's printed form to the variable that holds it.
#include "tail/opt/OptCommonValues.h"

#include <string>
#include <unordered_map>
#include <vector>

#include "tail/ir/Print.h"
#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

// Values worth sharing are small applications (variables and constants as arguments) of a
// primitive that makes a pass over a whole array.
constexpr size_t kMaxSharedValueSize = 32;

bool worthSharing(const Exp& e) {
  const auto* app = e.as<PrimApp>();
  if (!app) return false;
  switch (app->op) {
    case Prim::IndexOfV: case Prim::GradeUp: case Prim::GradeDown: case Prim::Reduce:
    case Prim::Scan: case Prim::Compress: case Prim::Replicate:
      break;
    default: return false;
  }
  return !hasEffect(e) && expSize(e, kMaxSharedValueSize) <= kMaxSharedValueSize;
}

class CommonValueSharer : public Mutator {
 protected:
  // x is in scope in the let's body and nowhere else: its entry, and those of the lets inside
  // the body, are forgotten when the let is left.
  Exp visit(const Let& n, const Exp& self) override {
    size_t mark = added_.size();
    Exp v = mutate(n.value);
    forgetSince(mark);
    if (worthSharing(v)) {
      std::string key = print(v);
      if (auto it = available_.find(key); it != available_.end()) {
        v = Var::make(it->second, n.value.loc());
      } else {
        available_.emplace(key, n.name);
        added_.push_back(std::move(key));
      }
    }
    Exp b = mutate(n.body);
    forgetSince(mark);
    if (v.same(n.value) && b.same(n.body)) return self;
    return Let::make(n.name, n.type, v, b, n.loc);
  }

 private:
  void forgetSince(size_t mark) {
    while (added_.size() > mark) {
      available_.erase(added_.back());
      added_.pop_back();
    }
  }

  std::unordered_map<std::string, Name> available_;  // a value's printed form → its variable
  std::vector<std::string> added_;                   // keys in the order they were added
};

}  // namespace

Exp shareCommonValues(const Exp& program) {
  CommonValueSharer s;
  return s.mutate(program);
}

}  // namespace aplc::tail
