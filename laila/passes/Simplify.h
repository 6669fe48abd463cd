// Simplify: the range-aware index simplifier of Laila (after Halide's and Lift's rules).
//
// Integer +, -, * (and unary -) are put in a canonical polynomial form (terms ordered by degree,
// then by the size of their coefficient, then by variable creation order; factors latest
// variable first; constants last: `i*m + j`, `p*6 + q*2 + r`), so `i*3 + 2 - i*3` is `2` and
// equal index expressions print the same. On top of that, with known ranges of the variables:
//
//   (a*n + b) / n → a + b/n          (a*n + b) % n → b % n        (n > 0, as monomials or consts)
//   b / n → 0,  b % n → b            when 0 ≤ b < n can be proved from the ranges
//   (x / a) / b → x / (a*b)          (x % (k*n)) / n → (x / n) % k      (a, b, k, n > 0)
//   (x % m) % n → x % n              when m is a multiple of n (n > 0)
//   (x/n)*n + x%n → x                (reassembling a flat index)
//   a < b, a ≤ b, ... → true/false   when the ranges decide them (drops proven bound checks)
//
// Ranges: a variable bound by `for v in lo..hi` lies in [lo, hi), and inside that loop hi ≥ lo+1
// (so a loop's extent is known positive in its body). A declared int variable that is never
// assigned is known to equal its initializer. Proofs substitute the most recently bound variable
// by its bound, one at a time, until a constant remains.
//
// Assumption (as in Halide): index arithmetic does not overflow int64. Everything else is exact
// with Laila's floor division and modulus (IR.h), including a divisor of 0, which no rewrite
// assumes away: a rewrite that needs n ≠ 0 first proves n > 0.
//
// Pre: a well-formed program (laila::verify). Post: the same program with simplified
// expressions (no statements are added, removed or reordered).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

// A half-open range [lower, upper): either end may be undefined (unbounded).
struct Range {
  Expr lower;
  Expr upper;
};

// What is known about variables, in binding order (later bindings may refer to earlier ones).
class Facts {
 public:
  void bind(const Name& name, Range range);  // the variable lies in range
  void atLeast(const Name& name, int64_t lowest);  // the variable is ≥ lowest
  // Inside the body of `for var in lower..upper`: var lies in [lower, upper), and since the loop
  // runs, upper ≥ lower + 1 (recorded when lower is a constant and upper a variable).
  void bindLoop(const Name& var, const Expr& lower, const Expr& upper);
  // After `int var = init;`: var equals init, when no statement assigns var (`assigned`) and init
  // is not a load or a call (whose value a later statement may change).
  void bindDeclaration(const Var& var, const Expr& init, const std::set<Name>& assigned);
  const Range* range(const Name& name) const;
  std::optional<int64_t> lowest(const Name& name) const;
  int rank(const Name& name) const;  // binding order; -1 when not bound

  // Scopes: pop back to an earlier size when a loop or block ends.
  size_t size() const { return order_.size(); }
  void popTo(size_t size);

 private:
  struct Entry {
    Name name;
    std::optional<Range> range;
    std::optional<int64_t> lowest;
  };
  struct NameHash {
    size_t operator()(const Name& n) const { return std::hash<std::string>()(n.base) * 31 + n.tag; }
  };
  void add(Entry e);
  std::vector<Entry> order_;
  // The positions in order_ of each name's entries, ascending: lookups cost the entries of one
  // name, not a scan of every fact in scope.
  std::unordered_map<Name, std::vector<size_t>, NameHash> byName_;
};

Expr simplify(const Expr& e, const Facts& facts = Facts());
Stmt simplify(const Stmt& s);
Program simplify(const Program& p);

// The variables some Assign statement in s assigns (the others keep their initializer's value).
std::set<Name> assignedVariables(const Stmt& s);

// Whether e ≥ 0 (an int expression) can be proved from the facts.
bool proveNonNegative(const Expr& e, const Facts& facts);

}  // namespace aplc::laila
