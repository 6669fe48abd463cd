// The interval analysis (laila/analysis/Intervals.h) and the check elimination built on it
// (laila/passes/ElimChecks.h): interval rules against brute force over every operand value, cases that
// must stay undecided (unknown inputs, values near the ends of int64, NaN), and whole programs
// whose checks must go or must stay.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "laila/ir/Builder.h"
#include "laila/passes/ElimChecks.h"
#include "laila/analysis/Intervals.h"
#include "laila/ir/Print.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

const double kTwo63 = 9223372036854775808.0;

Var intVariable(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }
Var doubleVariable(const char* base, uint32_t tag) { return Var{Name{base, tag}, DoubleType}; }

Expr overflows(const char* which, const Expr& a, const Expr& b) {
  return call(std::string("aplc_") + which + "_overflows", BoolType, {a, b});
}

Expr inIntRange(const Expr& d) {
  return land(ge(d, doubleConst(-kTwo63)), lt(d, doubleConst(kTwo63)));
}

// ------------------------------------------------------------------------------ int rules

// Laila's meaning of an int binary operator (IR.h).
int64_t evalInt(BinaryOp op, int64_t x, int64_t y) {
  switch (op) {
    case BinaryOp::Add: return x + y;
    case BinaryOp::Sub: return x - y;
    case BinaryOp::Mul: return x * y;
    case BinaryOp::Div: return floorDiv(x, y);
    case BinaryOp::Mod: return floorMod(x, y);
    case BinaryOp::Min: return std::min(x, y);
    case BinaryOp::Max: return std::max(x, y);
    case BinaryOp::BitAnd: return x & y;
    case BinaryOp::BitOr: return x | y;
    case BinaryOp::BitXor: return x ^ y;
    default: ADD_FAILURE() << "no evaluator for " << opName(op); return 0;
  }
}

// p ∈ [a, b], q ∈ [c, d] for small ranges around zero: every result of `p op q` must lie in the
// interval the analysis gives, and every decided comparison must hold for every pair.
TEST(Intervals, IntRulesContainEveryResult) {
  const std::pair<int64_t, int64_t> ranges[] = {{0, 0}, {1, 1}, {-1, -1}, {0, 5}, {-7, -2},
                                                {-4, 6}, {3, 9}, {-9, 0}, {2, 2}, {-3, 3}};
  const BinaryOp ops[] = {BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div, BinaryOp::Mod,
                          BinaryOp::Min, BinaryOp::Max, BinaryOp::BitAnd, BinaryOp::BitOr, BinaryOp::BitXor};
  const BinaryOp comparisons[] = {BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge, BinaryOp::Eq, BinaryOp::Ne};
  Var pv = intVariable("p", 1), qv = intVariable("q", 2);
  for (auto [a, b] : ranges) {
    for (auto [c, d] : ranges) {
      IntervalFacts facts;
      facts.bindInt(pv.name, {a, b});
      facts.bindInt(qv.name, {c, d});
      for (BinaryOp op : ops) {
        IntInterval r = intInterval(Binary::make(op, var(pv), var(qv)), facts);
        for (int64_t x = a; x <= b; ++x) {
          for (int64_t y = c; y <= d; ++y) {
            int64_t v = evalInt(op, x, y);
            EXPECT_TRUE(r.contains(v)) << x << " " << opName(op) << " " << y << " = " << v << " not in "
                                       << toString(r) << " (p in [" << a << "," << b << "], q in [" << c
                                       << "," << d << "])";
          }
        }
      }
      for (BinaryOp op : comparisons) {
        auto decided = decide(Binary::make(op, var(pv), var(qv)), facts);
        if (!decided) continue;
        for (int64_t x = a; x <= b; ++x) {
          for (int64_t y = c; y <= d; ++y) {
            bool v = evalConst(op, intConst(x), intConst(y)).value().as<BoolImm>()->value;
            EXPECT_EQ(v, *decided) << x << " " << opName(op) << " " << y;
          }
        }
      }
      for (UnaryOp op : {UnaryOp::Neg, UnaryOp::Abs, UnaryOp::Sign}) {
        IntInterval r = intInterval(Unary::make(op, var(pv)), facts);
        for (int64_t x = a; x <= b; ++x) {
          int64_t v = evalConst(op, intConst(x)).value().as<IntImm>()->value;
          EXPECT_TRUE(r.contains(v)) << opName(op) << " " << x << " not in " << toString(r);
        }
      }
    }
  }
}

TEST(Intervals, LoopVariablesAndConstantDivisors) {
  Var yv = intVariable("y", 1), xv = intVariable("x", 2);
  IntervalFacts facts;
  facts.bindInt(yv.name, {1, 3000});
  Expr y = var(yv), x = var(xv);  // x is unknown
  EXPECT_EQ(toString(intInterval(y * 5 + 3, facts)), "[8, 15003]");
  EXPECT_EQ(toString(intInterval(y % 19, facts)), "[0, 18]");
  EXPECT_EQ(toString(intInterval(x % 30, facts)), "[0, 29]");
  EXPECT_EQ(toString(intInterval(x % -7, facts)), "[-6, 0]");
  EXPECT_EQ(toString(intInterval(y / 100, facts)), "[0, 30]");
  EXPECT_EQ(toString(intInterval(b2i(lt(x, y)), facts)), "[0, 1]");
  EXPECT_EQ(toString(intInterval(select(lt(x, y), y, intConst(-4)), facts)), "[-4, 3000]");
  EXPECT_EQ(toString(intInterval(x / y, facts)), toString(IntInterval::full()));  // x unknown
  EXPECT_EQ(toString(intInterval(x, facts)), toString(IntInterval::full()));
  EXPECT_EQ(decide(lnot(overflows("mul", y, y)), facts), std::optional<bool>(true));
  EXPECT_EQ(decide(lnot(overflows("add", x, y)), facts), std::nullopt);
  EXPECT_EQ(decide(ne(y, intConst(0)), facts), std::optional<bool>(true));
  EXPECT_EQ(decide(ne(x, intConst(0)), facts), std::nullopt);
}

// Near the ends of int64 nothing may be assumed: wrapping results are the full range.
TEST(Intervals, EndsOfInt64StayUndecided) {
  Var bv = intVariable("big", 1), sv = intVariable("small", 2);
  IntervalFacts facts;
  facts.bindInt(bv.name, {INT64_MAX - 5, INT64_MAX});
  facts.bindInt(sv.name, {INT64_MIN, INT64_MIN + 3});
  Expr big = var(bv), small = var(sv);
  EXPECT_TRUE(intInterval(big + 1, facts).isFull());
  EXPECT_EQ(decide(lnot(overflows("add", big, intConst(1))), facts), std::nullopt);
  EXPECT_EQ(decide(lnot(overflows("add", big, intConst(0))), facts), std::optional<bool>(true));
  EXPECT_EQ(decide(lnot(overflows("sub", big, intConst(-1))), facts), std::nullopt);
  EXPECT_EQ(decide(lnot(overflows("sub", small, intConst(1))), facts), std::nullopt);
  EXPECT_EQ(decide(lnot(overflows("mul", big, intConst(2))), facts), std::nullopt);
  EXPECT_EQ(decide(lnot(overflows("mul", small, intConst(-1))), facts), std::nullopt);
  EXPECT_TRUE(intInterval(neg(small), facts).isFull());
  EXPECT_TRUE(intInterval(abs(small), facts).isFull());
  EXPECT_TRUE(intInterval(small / intConst(-1), facts).isFull());  // INT64_MIN / -1 wraps
}

// ------------------------------------------------------------------------------ double rules

// ⌊(5×y)÷4 for years y in [1, 3000] is in the int range; for an unknown double it is not known.
TEST(Intervals, DoublesThroughConversionsAndFloor) {
  Var yv = intVariable("y", 1), dv = doubleVariable("d", 2);
  IntervalFacts facts;
  facts.bindInt(yv.name, {1, 3000});
  Expr y = var(yv), d = var(dv);
  Expr quarter = call("floor", DoubleType, {i2d(y * 5) / doubleConst(4.0)});
  DoubleInterval q = doubleInterval(quarter, facts);
  EXPECT_FALSE(q.maybeNaN);
  EXPECT_GE(q.lo, 1.0);
  EXPECT_LE(q.hi, 3750.0);
  EXPECT_EQ(decide(inIntRange(quarter), facts), std::optional<bool>(true));
  EXPECT_EQ(toString(intInterval(d2i(quarter), facts)), "[1, 3750]");
  EXPECT_EQ(decide(inIntRange(d), facts), std::nullopt);
  EXPECT_EQ(decide(inIntRange(call("floor", DoubleType, {d})), facts), std::nullopt);
  // i2d of any int divided by 100 is in range; multiplied by 2 it is not.
  Var xv = intVariable("x", 3);
  EXPECT_EQ(decide(inIntRange(i2d(var(xv)) / doubleConst(100.0)), facts), std::optional<bool>(true));
  EXPECT_EQ(decide(inIntRange(i2d(var(xv)) * doubleConst(2.0)), facts), std::nullopt);
}

// Laila's meaning of a double binary operator (IR.h), and of the runtime's mind/maxd.
double evalDouble(const std::string& op, double x, double y) {
  if (op == "add") return x + y;
  if (op == "sub") return x - y;
  if (op == "mul") return x * y;
  if (op == "div") return x / y;
  if (op == "min") return x < y ? x : y;
  if (op == "max") return x > y ? x : y;
  if (op == "aplc_mind") return (y < x || x != x) ? y : x;
  if (op == "aplc_maxd") return (x < y || x != x) ? y : x;
  ADD_FAILURE() << "no evaluator for " << op;
  return 0;
}

Expr doubleOp(const std::string& op, const Expr& a, const Expr& b) {
  if (op == "add") return Binary::make(BinaryOp::Add, a, b);
  if (op == "sub") return Binary::make(BinaryOp::Sub, a, b);
  if (op == "mul") return Binary::make(BinaryOp::Mul, a, b);
  if (op == "div") return Binary::make(BinaryOp::Div, a, b);
  if (op == "min") return Binary::make(BinaryOp::Min, a, b);
  if (op == "max") return Binary::make(BinaryOp::Max, a, b);
  return call(op, DoubleType, {a, b});
}

// Doubles sampled from intervals with infinite ends, zeros and NaN: every result must lie in
// the interval (or be NaN where the analysis says NaN is possible).
TEST(Intervals, DoubleRulesContainEverySample) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<DoubleInterval> ranges = {
      {0.0, 0.0, false},   {1.0, 2.0, false},  {-3.5, -1.0, false}, {-1.0, 4.0, false},
      {0.0, inf, false},   {-inf, -2.0, false}, {-inf, inf, false},  {2.0, 2.0, true},
      {-0.5, 0.5, true},   {1e308, 1e308, false}, {inf, inf, false}};
  auto samples = [&](const DoubleInterval& r) {
    std::vector<double> s = {r.lo, r.hi, r.lo / 2 + r.hi / 2, std::nextafter(r.hi, -inf), -0.0, 1.0, -1.0};
    std::vector<double> in;
    for (double x : s) {
      if (x >= r.lo && x <= r.hi) in.push_back(x);
    }
    if (r.maybeNaN) in.push_back(nan);
    return in;
  };
  Var av = doubleVariable("a", 1), bv = doubleVariable("b", 2);
  for (const DoubleInterval& ra : ranges) {
    for (const DoubleInterval& rb : ranges) {
      IntervalFacts facts;
      facts.bindDouble(av.name, ra);
      facts.bindDouble(bv.name, rb);
      for (std::string op : {"add", "sub", "mul", "div", "min", "max", "aplc_mind", "aplc_maxd"}) {
        DoubleInterval r = doubleInterval(doubleOp(op, var(av), var(bv)), facts);
        for (double x : samples(ra)) {
          for (double y : samples(rb)) {
            double v = evalDouble(op, x, y);
            bool ok = std::isnan(v) ? r.maybeNaN : (r.lo <= v && v <= r.hi);
            EXPECT_TRUE(ok) << x << " " << op << " " << y << " = " << v << " not in " << toString(r)
                            << " (a in " << toString(ra) << ", b in " << toString(rb) << ")";
          }
        }
      }
    }
  }
}

TEST(Intervals, NaNAndInfinityAreNotForgotten) {
  Var yv = intVariable("y", 1), dv = doubleVariable("d", 2);
  IntervalFacts facts;
  facts.bindInt(yv.name, {0, 5});
  Expr y = var(yv), d = var(dv);
  // 1 ÷ y with y possibly 0: ∞ or NaN possible.
  DoubleInterval r = doubleInterval(doubleConst(1.0) / i2d(y), facts);
  EXPECT_TRUE(r.maybeNaN);
  EXPECT_EQ(decide(ne(i2d(y), doubleConst(0.0)), facts), std::nullopt);
  // An unknown double may be NaN: d < 1e300 is not known true, d ≠ d is not known false.
  EXPECT_EQ(decide(lt(d, doubleConst(1e300)), facts), std::nullopt);
  EXPECT_EQ(decide(ne(d, d), facts), std::nullopt);
  // ∞ - ∞ is NaN: a sum of intervals reaching both infinities may be NaN.
  facts.bindDouble(dv.name, {0.0, std::numeric_limits<double>::infinity(), false});
  EXPECT_TRUE(doubleInterval(d - d, facts).maybeNaN);
  EXPECT_TRUE(doubleInterval(d * doubleConst(0.0), facts).maybeNaN);  // ∞ × 0
  EXPECT_FALSE(doubleInterval(d + d, facts).maybeNaN);
  // mind/maxd give the other operand for NaN: one NaN-free operand keeps the result NaN-free.
  Var nv = doubleVariable("n", 3);
  Expr clipped = call("aplc_maxd", DoubleType, {doubleConst(-50.0), call("aplc_mind", DoubleType, {doubleConst(50.0), var(nv)})});
  DoubleInterval c = doubleInterval(clipped, facts);
  EXPECT_FALSE(c.maybeNaN);
  EXPECT_LE(c.hi, 50.0);
  EXPECT_GE(c.lo, -50.0);
}

// ------------------------------------------------------------------------------ the pass

std::string eliminated(Builder& b) { return toString(eliminateChecks(b.finish())); }

const ErrorLoc kLoc{"t.apl", 1, 1};

// One int element the program cannot know: written by a runtime call, as file input is.
Expr unknownInput(Builder& b) {
  Expr input = b.alloc(BaseType::Int, intConst(1), "input");
  b.let(call("aplc_gen_take_ints", IntType, {input}), "r");
  return input;
}

TEST(ElimChecks, RemovesChecksProvedByLoopBounds) {
  Builder b;
  Expr out = b.alloc(BaseType::Int, intConst(3000), "out");
  b.forLoop(intConst(3000), LoopKind::ParallelMap, [&](Expr i) {
    b.check(lnot(overflows("add", i, intConst(1))), ErrorKind::Domain, kLoc, "add");
    b.check(lnot(overflows("mul", i, i)), ErrorKind::Domain, kLoc, "mul");
    Expr year = b.let(i + 1, "year");
    Expr q = b.let(call("floor", DoubleType, {i2d(year * 5) / doubleConst(4.0)}), "q");
    b.check(inIntRange(q), ErrorKind::Domain, kLoc, "floor");
    b.store(out, i, d2i(q));
  });
  b.free(out);
  EXPECT_EQ(eliminated(b),
            "[int] out_1 = alloc int[3000];\n"
            "parallel for i_2 in 0..3000 {\n"
            "  int year_3 = i_2 + 1;\n"
            "  double q_4 = floor(i2d(year_3 * 5) / 4.0);\n"
            "  out_1[i_2] = d2i(q_4);\n"
            "}\n"
            "free out_1;\n");
}

// ⍳N with N read at run time: i + 1 cannot overflow (i < N), i × 2 can; an accumulator is unknown.
TEST(ElimChecks, KeepsChecksOnUnknownValuesAndAccumulators) {
  Builder b;
  Expr input = unknownInput(b);
  Expr n = b.let(load(input, intConst(0)), "n");
  Var acc = b.declare(intConst(0), "acc");
  b.forLoop(n, LoopKind::Sequential, [&](Expr i) {
    b.check(lnot(overflows("add", i, intConst(1))), ErrorKind::Domain, kLoc, "next");
    b.check(lnot(overflows("mul", i, intConst(2))), ErrorKind::Domain, kLoc, "double");
    b.check(lnot(overflows("add", var(acc), i)), ErrorKind::Domain, kLoc, "sum");
    b.assign(acc, var(acc) + i);
  });
  b.check(lnot(overflows("add", var(acc), intConst(1))), ErrorKind::Domain, kLoc, "after");
  b.free(input);
  std::string out = eliminated(b);
  EXPECT_EQ(out.find("next"), std::string::npos) << out;
  EXPECT_NE(out.find("check (!aplc_mul_overflows(i_5, 2)) else DOMAIN"), std::string::npos) << out;
  EXPECT_NE(out.find("check (!aplc_add_overflows(acc_4, i_5)) else DOMAIN"), std::string::npos) << out;
  EXPECT_NE(out.find("check (!aplc_add_overflows(acc_4, 1)) else DOMAIN"), std::string::npos) << out;
}

// Assigned scalars follow control flow: both branches of an if, straight-line updates.
TEST(ElimChecks, FollowsAssignmentsThroughBranches) {
  Builder b;
  Expr input = unknownInput(b);
  Expr unknown = b.let(load(input, intConst(0)), "u");
  Var x = b.declare(intConst(0), "x");
  b.ifThenElse(lt(unknown, intConst(3)), [&] { b.assign(x, intConst(5)); }, [&] { b.assign(x, intConst(7)); });
  b.check(lnot(overflows("mul", var(x), intConst(INT64_MAX / 8))), ErrorKind::Domain, kLoc, "fits");
  b.check(lnot(overflows("mul", var(x), intConst(INT64_MAX / 6))), ErrorKind::Domain, kLoc, "overflows");
  b.assign(x, var(x) * intConst(INT64_MAX / 6));  // wrapped: unknown from here
  b.check(lnot(overflows("add", var(x), intConst(1))), ErrorKind::Domain, kLoc, "wrapped");
  // A check that always fails stays: the program must report it.
  b.check(lt(intConst(3), unknown % intConst(2)), ErrorKind::Index, kLoc, "fails");
  // A conjunction keeps only its undecided part.
  b.check(land(ge(unknown % intConst(4), intConst(0)), ne(unknown, intConst(0))), ErrorKind::Domain, kLoc, "part");
  b.free(input);
  std::string out = eliminated(b);
  EXPECT_EQ(out.find("\"fits\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"overflows\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"wrapped\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"fails\""), std::string::npos) << out;
  EXPECT_NE(out.find("check (u_3 != 0) else DOMAIN"), std::string::npos) << out;
}

// A while loop's state is unknown inside and after it.
TEST(ElimChecks, ForgetsWhatALoopAssigns) {
  Builder b;
  Var v = b.declare(intConst(1), "v");
  b.whileLoop([&] { return lt(var(v), intConst(100)); },
              [&] {
                b.check(lnot(overflows("mul", var(v), intConst(2))), ErrorKind::Domain, kLoc, "inside");
                b.assign(v, var(v) * intConst(2));
              });
  b.check(lnot(overflows("add", var(v), intConst(1))), ErrorKind::Domain, kLoc, "after");
  std::string out = eliminated(b);
  EXPECT_NE(out.find("\"inside\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"after\""), std::string::npos) << out;
}

// Loads have the range of everything stored into their memory, unless the memory is moved or
// handed to a runtime call (which may write it).
TEST(ElimChecks, LoadsHaveTheRangeOfTheStoredValues) {
  Builder b;
  Expr kept = b.alloc(BaseType::Int, intConst(100), "kept");
  Expr moved = b.alloc(BaseType::Int, intConst(100), "moved");
  Expr called = b.alloc(BaseType::Int, intConst(100), "called");
  b.forLoop(intConst(100), LoopKind::ParallelMap, [&](Expr i) {
    b.store(kept, i, i % intConst(10000));
    b.store(moved, i, i);
    b.store(called, i, i);
  });
  b.let(call("aplc_gen_take_chars", IntType, {called}), "r");
  Expr other = b.alloc(BaseType::Int, intConst(100), "other");
  b.free(moved);
  b.emit(Assign::make(asVar(moved), other));
  b.forLoop(intConst(100), LoopKind::Sequential, [&](Expr i) {
    b.check(lnot(overflows("mul", load(kept, i), intConst(1000))), ErrorKind::Domain, kLoc, "kept");
    b.check(lnot(overflows("mul", load(moved, i), intConst(1000))), ErrorKind::Domain, kLoc, "moved");
    b.check(lnot(overflows("mul", load(called, i), intConst(1000))), ErrorKind::Domain, kLoc, "called");
  });
  std::string out = eliminated(b);
  EXPECT_EQ(out.find("\"kept\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"moved\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"called\""), std::string::npos) << out;
}

// An accumulator moved by bounded steps in a loop of known trip count has a bound: a count of
// booleans over 1000 iterations lies in [0, 1001], a running maximum from INT64_MIN in the hull of
// its start and what it takes. Stored, they bound the loads of a later loop, through a second
// array computed from the first (the memory ranges' second round).
TEST(ElimChecks, BoundsAccumulatorsByTheirStepsAndTripCount) {
  Builder b;
  Expr input = unknownInput(b);
  Expr unknown = b.let(load(input, intConst(0)), "u");
  Expr counts = b.alloc(BaseType::Int, intConst(1000), "counts");
  Expr maxima = b.alloc(BaseType::Int, intConst(1000), "maxima");
  Var count = b.declare(intConst(0), "count");
  Var best = b.declare(intConst(INT64_MIN), "best");
  b.forLoop(intConst(1000), LoopKind::Sequential, [&](Expr i) {
    Expr bit = b.let(b2i(lt(unknown, i)), "bit");
    b.ifThenElse(eq(i, intConst(0)), [&] { b.assign(count, bit); },
                 [&] {
                   b.check(lnot(overflows("add", var(count), bit)), ErrorKind::Domain, kLoc, "count");
                   Expr next = b.let(var(count) + bit, "next");
                   b.assign(count, next);
                 });
    b.store(counts, i, var(count));
    b.assign(best, Binary::make(BinaryOp::Max, var(best), load(counts, i) * bit));
    b.store(maxima, i, var(best));
  });
  b.forLoop(intConst(1000), LoopKind::ParallelMap, [&](Expr i) {
    b.check(lnot(overflows("sub", load(counts, i), load(maxima, i))), ErrorKind::Domain, kLoc, "run");
  });
  // count ≤ 1 + 1000: a reset to a bit, then at most 1000 steps of 1.
  b.check(lnot(overflows("mul", var(count), intConst(INT64_MAX / 1001))), ErrorKind::Domain, kLoc, "after");
  b.check(lnot(overflows("mul", var(count), intConst(INT64_MAX / 999))), ErrorKind::Domain, kLoc, "too big");
  b.free(input);
  std::string out = eliminated(b);
  EXPECT_EQ(out.find("\"count\""), std::string::npos) << out;
  EXPECT_EQ(out.find("\"run\""), std::string::npos) << out;
  EXPECT_EQ(out.find("\"after\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"too big\""), std::string::npos) << out;  // 1001 × (INT64_MAX / 999) overflows
}

// An integer sum counts its wraps under `aplc_add_overflows(x, sum)`: once the sum is bounded
// (the first round), the branch is ruled out and the wrap counter never moves (the second).
TEST(ElimChecks, AWrapCounterOfABoundedSumStaysZero) {
  Builder b;
  Expr input = unknownInput(b);
  Expr unknown = b.let(load(input, intConst(0)), "u");
  Var sum = b.declare(intConst(0), "sum");
  Var wraps = b.declare(intConst(0), "wraps");
  b.forLoop(intConst(1000), LoopKind::Sequential, [&](Expr i) {
    Expr x = b.let(b2i(lt(unknown, i)) * intConst(7), "x");
    b.ifThen(overflows("add", x, var(sum)), [&] { b.assign(wraps, var(wraps) + intConst(1)); });
    b.assign(sum, var(sum) + x);
  });
  b.check(eq(var(wraps), intConst(0)), ErrorKind::Domain, kLoc, "wrapped");
  b.free(input);
  std::string out = eliminated(b);
  EXPECT_EQ(out.find("\"wrapped\""), std::string::npos) << out;
  EXPECT_EQ(out.find("if ("), std::string::npos) << out;
}

// No bound where a step is unknown, where the accumulator changes in an inner loop (any number
// of times per iteration), or where it is scaled rather than stepped.
TEST(ElimChecks, KeepsAccumulatorsWithoutBoundedSteps) {
  Builder b;
  Expr input = unknownInput(b);
  Expr unknown = b.let(load(input, intConst(0)), "u");
  Var stepped = b.declare(intConst(0), "stepped");
  Var inner = b.declare(intConst(0), "inner");
  Var scaled = b.declare(intConst(1), "scaled");
  b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr i) {
    b.check(lnot(overflows("add", var(stepped), unknown)), ErrorKind::Domain, kLoc, "unknown step");
    b.assign(stepped, var(stepped) + unknown);
    b.forLoop(intConst(10), LoopKind::Sequential, [&](Expr j) {
      b.check(lnot(overflows("add", var(inner), intConst(1))), ErrorKind::Domain, kLoc, "inner");
      b.assign(inner, var(inner) + intConst(1));
    });
    b.check(lnot(overflows("mul", var(scaled), intConst(2))), ErrorKind::Domain, kLoc, "scaled");
    b.assign(scaled, var(scaled) * intConst(2));
  });
  b.free(input);
  std::string out = eliminated(b);
  EXPECT_NE(out.find("\"unknown step\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"inner\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"scaled\""), std::string::npos) << out;
}

}  // namespace
}  // namespace aplc_test
