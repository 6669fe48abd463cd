// Intervals: a numeric value-range analysis of Laila expressions.
//
// An int expression's values lie in an IntInterval [lo, hi] (inclusive, int64); a double
// expression's non-NaN values lie in a DoubleInterval [lo, hi] (±∞ allowed), with a flag saying
// whether it may also be NaN. IntervalFacts holds what is known about variables, in scopes:
//
//   - a loop variable `for v in a..b` lies in [lo(a), hi(b) - 1] inside the body;
//   - a declared or assigned scalar lies in its initializer's (assigned value's) interval, until
//     the next assignment; the user of IntervalFacts (laila/passes/ElimChecks.cpp) follows control flow:
//     it joins the facts of an if's branches and forgets the variables a loop assigns;
//   - everything else (loads, calls the analysis does not know) is unknown: the full int64
//     range, or every double and NaN.
//
// The rules follow Laila's semantics (laila/ir/IR.h) exactly, so the analysis is sound for the code
// the C generator emits: int +, -, * and unary - wrap, so a result whose bounds would overflow is
// the full range (never saturated); floor division and modulus use their Laila meaning, division
// by zero included; double bounds of + - * ÷ are rounded one ulp outward, so the result stays
// sound even where a C compiler evaluates doubles in more precision; floor, ceil and the
// conversions to int saturate and map NaN to 0 as Laila's do.
//
// `decide` evaluates a bool expression over the intervals: true or false when every value of the
// operands gives that result, empty otherwise. It knows comparisons, ! && ||, and the runtime's
// overflow predicates aplc_add_overflows / aplc_sub_overflows / aplc_mul_overflows (false when
// the exact result of every pair of operand values fits in int64).
//
// Symbolic facts (i < n with n unknown) are the index simplifier's business (laila/passes/Simplify.h),
// which runs before any pass that uses these intervals; this analysis only knows numbers.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

struct IntInterval {
  int64_t lo = INT64_MIN;
  int64_t hi = INT64_MAX;

  static IntInterval full() { return {}; }
  static IntInterval exactly(int64_t v) { return {v, v}; }
  bool isFull() const { return lo == INT64_MIN && hi == INT64_MAX; }
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
  friend bool operator==(const IntInterval&, const IntInterval&) = default;
};

struct DoubleInterval {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool maybeNaN = true;

  static DoubleInterval full() { return {}; }
  static DoubleInterval exactly(double v);  // NaN gives full()
  bool hasInfinity() const;
  bool containsZero() const { return lo <= 0.0 && 0.0 <= hi; }
  friend bool operator==(const DoubleInterval&, const DoubleInterval&) = default;
};

std::string toString(const IntInterval& i);     // "[1, 3000]"
std::string toString(const DoubleInterval& d);  // "[1, 3000]" or "[1, 3000] or NaN"

// What is known about variables at one program point, with scopes (mark() / popTo() around a
// block or loop body). bind* adds a variable (a declaration, a loop variable); set* replaces what
// is known about the latest variable of that name (an assignment); unknown names are full.
class IntervalFacts {
 public:
  void bindInt(const Name& name, IntInterval range);
  void bindDouble(const Name& name, DoubleInterval range);
  void setInt(const Name& name, IntInterval range);
  void setDouble(const Name& name, DoubleInterval range);
  void forget(const Name& name);  // nothing is known any more (full)
  std::optional<IntInterval> intRange(const Name& name) const;
  std::optional<DoubleInterval> doubleRange(const Name& name) const;

  // What every element of an int memory block may hold (all the values ever stored into it);
  // loads from memory without a range are unknown.
  void setMemoryRanges(std::shared_ptr<const std::map<Name, IntInterval>> ranges) { memory_ = std::move(ranges); }
  std::optional<IntInterval> memoryRange(const Name& memory) const;

  size_t mark() const { return entries_.size(); }
  void popTo(size_t mark);
  // Where control flow joins: what holds on either path (both facts have the same variables,
  // as after the two branches of an if, each popped back to the mark before it).
  void joinWith(const IntervalFacts& other);

 private:
  struct Entry {
    Name name;
    IntInterval i;
    DoubleInterval d;
    bool isInt;
  };
  std::vector<Entry> entries_;
  std::shared_ptr<const std::map<Name, IntInterval>> memory_;
};

// The interval of an int expression (full when unknown or when e is not an int).
IntInterval intInterval(const Expr& e, const IntervalFacts& facts);
// The interval of a double expression (full when unknown or when e is not a double).
DoubleInterval doubleInterval(const Expr& e, const IntervalFacts& facts);
// The value of a bool expression, when the intervals decide it.
std::optional<bool> decide(const Expr& cond, const IntervalFacts& facts);

}  // namespace aplc::laila
