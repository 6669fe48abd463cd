// WholeNumbers: which double expressions only hold whole numbers, and within what bounds.
//
// A double sum is bit-identical in every order when its items are whole numbers and every
// partial sum is too (then each addition is exact). mandelbrot's count plane is a double plane
// (it shares an array with the real and imaginary planes) that only ever holds 0, 1, …, N: its
// `+/` may then be folded like an integer sum, in the order that streams, not in the
// interpreter's blocks from the last item (laila/lower/LowerFold.cpp).
//
// A WholeRange [lo, hi] says: every value is a whole number (no NaN, no infinity) between lo and
// hi, and |lo|, |hi| < 2^53, so that each such value is exact and + - × of two of them is exact
// whenever the result's bounds stay within 2^53 (the rules check this). -0.0 counts as 0: a sum
// folded from the neutral element +0.0 gives the same bits in every order all the same.
//
// The rules, on doubles and on the ints that i2d converts: constants; b2i (in [0, 1]); i2d;
// select (the hull of its branches); + - × and unary - (interval arithmetic, refused at 2^53, so
// neither wraps nor rounds); min and max; loads from memory given a range; variables through the
// definitions given (define: a declaration in straight-line code, never assigned). Everything
// else is unknown (nullopt).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "laila/ir/IR.h"

namespace aplc::laila {

struct WholeRange {
  double lo = 0;
  double hi = 0;

  static constexpr double kExactLimit = 9007199254740992.0;  // 2^53
  // The range, when both ends are whole and within the exact limit.
  static std::optional<WholeRange> of(double lo, double hi);
  WholeRange hull(const WholeRange& other) const;
  double magnitude() const;  // max(|lo|, |hi|)
};

class WholeNumbers {
 public:
  // `memory`: blocks known to hold whole numbers, with their range.
  explicit WholeNumbers(std::map<Name, WholeRange> memory = {}) : memory_(std::move(memory)) {}
  // The declarations among these straight-line statements (not those a later assignment
  // changes) are the values of their variables.
  void define(const std::vector<Stmt>& stmts);

  std::optional<WholeRange> of(const Expr& e) const;

  // The values a variable takes in a loop of at most `trips` iterations that assigns it once
  // per iteration, from `start`, to `next`: a step `x + d` / `d + x` / `x - d` (d whole and
  // free of x) or a value free of x (a reset). nullopt when next is neither, or the bound leaves
  // the exact range.
  std::optional<WholeRange> acrossIterations(const Name& x, const WholeRange& start, const Expr& next,
                                             int64_t trips) const;

 private:
  const Expr& lookThrough(const Expr& e) const;
  bool mentions(const Expr& e, const Name& x) const;
  std::optional<WholeRange> compute(const Expr& e) const;

  std::map<Name, Expr> definitions_;
  std::map<Name, WholeRange> memory_;
  mutable std::map<Name, std::optional<WholeRange>> ranges_;  // of defined variables, once found
};

}  // namespace aplc::laila
