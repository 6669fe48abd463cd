// UpperBounds: symbolic bounds of the integers a loop's iterations compute, as expressions the
// code before the loop can evaluate: what memory expansion (backend/memory/Expansion.h) needs to
// give each iteration a part of one block, sized before the loop, for an allocation whose count
// varies from iteration to iteration (`alloc bool[i + 1]`, a compress's `alloc int[count]`).
//
// Over the iterations of `loop`:
//   - a variable declared outside the loop is itself;
//   - the loop's variable lies in [lower, upper - 1], an inner loop's in [lb(lower), ub(upper) - 1];
//   - a scalar declared in the body and never assigned is bounded by its value;
//   - a counter, declared in the body as c0 and only assigned `v = v + s` (or `s + v`) with s ≥ 0,
//     lies in [lb(c0), ub(c0) + the sum over its assignments of ub(s) times the largest trip
//     count of the loops around that assignment inside the counter's scope] (a compress's count
//     of true items, k of the positions written);
//   - + and − combine the bounds of their operands, × and floor ÷ by a constant scale them,
//     min, max, select and b2i as their values do.
// Anything else has no bound. The bounds are conservative (never below what a value can be), not
// tight: the largest element's count for `⍳i+1`, the trip count for a count of true items.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

class UpperBounds {
 public:
  explicit UpperBounds(const For* loop);

  std::optional<Expr> upper(const Expr& e) const { return bound(e, true, 0); }
  std::optional<Expr> lower(const Expr& e) const { return bound(e, false, 0); }

 private:
  struct Definition {
    Expr value;                  // the declared value
    std::vector<Expr> steps;                      // a counter's: its increments
    std::vector<std::vector<const For*>> stepLoops;  // and for each, the loops around it
    bool counter = false;        // assigned, and only as v = v + s
  };
  class Walker;
  std::optional<Expr> bound(const Expr& e, bool up, int depth) const;
  std::optional<Expr> variableBound(const Name& name, bool up, int depth) const;
  std::optional<Expr> counterBound(const Definition& d, bool up, int depth) const;

  std::map<Name, Definition> definitions_;            // the body's scalars
  std::map<Name, std::pair<Expr, Expr>> loops_;       // loop variable → [lower, upper)
  std::map<Name, bool> declaredInside_;               // every name the body declares
};

}  // namespace aplc::laila
