// Row-by-row producers and consumers: the row analysis (laila/analysis/RowAccess.h), vertical
// fusion (laila/passes/FuseLoops.h), array contraction (laila/passes/ContractArrays.h) and the
// allocations the C targets make private to an iteration (laila/analysis/PrivateMemory.h).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "laila/analysis/PrivateMemory.h"
#include "laila/analysis/RowAccess.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Print.h"
#include "laila/ir/Verify.h"
#include "laila/passes/ContractArrays.h"
#include "laila/passes/FuseLoops.h"
#include "tests/unit/laila/TextCount.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

constexpr int64_t kN = 8;

// The first loop of a program's main body.
const For* firstLoop(const Program& p) {
  for (const Stmt& s : p.body.as<Block>()->stmts)
    if (auto* f = s.as<For>()) return f;
  return nullptr;
}

// One loop over kN rows that stores into m at `index(i, j)` for j in 0..kN.
Program storesAt(const std::function<Expr(Expr i, Expr j)>& index, const std::function<void(Builder&, Expr m)>& more = nullptr) {
  Builder b;
  Expr n = intConst(kN);
  Expr m = b.alloc(BaseType::Double, n * n + n, "m");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(n, LoopKind::Sequential, [&](Expr j) { b.store(m, index(i, j), i2d(j)); });
    if (more) more(b, m);
  });
  b.print(m, {n * n}, PrintStyle::Apl);
  b.free(m);
  return b.finish();
}

std::optional<int64_t> widthIn(const Program& p) {
  std::optional<Expr> w = rowWidth(*firstLoop(p), Name{"m", 1});
  if (!w) return std::nullopt;
  return asIntConst(*w);
}

TEST(RowAccess, RowsOfTheLoopVariable) {
  EXPECT_EQ(widthIn(storesAt([](Expr i, Expr j) { return i * kN + j; })), kN);
  EXPECT_EQ(widthIn(storesAt([](Expr i, Expr j) { return j + i * kN; })), kN);
}

TEST(RowAccess, NotOutsideTheRow) {
  // j + 1 reaches the next row's first element; (i+1)*n + j the next row; j*n + i a column.
  EXPECT_EQ(widthIn(storesAt([](Expr i, Expr j) { return i * kN + j + 1; })), std::nullopt);
  EXPECT_EQ(widthIn(storesAt([](Expr i, Expr j) { return (i + 1) * kN + j; })), std::nullopt);
  EXPECT_EQ(widthIn(storesAt([](Expr i, Expr j) { return j * kN + i; })), std::nullopt);
}

TEST(RowAccess, NotWhenTheMemoryIsPassedOn) {
  Program p = storesAt([](Expr i, Expr j) { return i * kN + j; },
                       [](Builder& b, Expr m) { b.print(m, {intConst(kN)}, PrintStyle::Apl); });
  EXPECT_EQ(widthIn(p), std::nullopt);
}

// k-means's shape: d (kN×kN) computed row by row, each row's minimum (kN), then per row the
// count of elements equal to it; `consumer` may read d elsewhere, `after` reads d later.
struct Pipeline {
  std::function<Expr(Expr i, Expr j)> consumerIndex = [](Expr i, Expr j) { return i * kN + j; };
  bool readDAfter = false;
};

Program pipeline(const Pipeline& options = {}) {
  Builder b;
  Expr n = intConst(kN);
  Expr d = b.alloc(BaseType::Double, n * n, "d");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(n, LoopKind::ParallelMap, [&](Expr j) { b.store(d, i * n + j, i2d((i * 3 + j * 5) % 7)); });
  });
  Expr low = b.alloc(BaseType::Double, n, "low");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    Var acc = b.declare(doubleConst(100.0), "acc");
    b.forLoop(n, LoopKind::Sequential, [&](Expr j) { b.assign(acc, call("aplc_mind", DoubleType, {load(d, i * n + j), var(acc)})); });
    b.store(low, i, var(acc));
  });
  Expr hits = b.alloc(BaseType::Int, n, "hits");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    Var acc = b.declare(intConst(0), "acc");
    b.forLoop(n, LoopKind::Sequential, [&](Expr j) {
      b.assign(acc, var(acc) + b2i(eq(load(d, options.consumerIndex(i, j)), load(low, i))));
    });
    b.store(hits, i, var(acc));
  });
  b.print(hits, {n}, PrintStyle::Apl);
  if (options.readDAfter) b.print(d, {n * n}, PrintStyle::Apl);
  b.free(hits);
  b.free(low);
  b.free(d);
  return b.finish();
}

std::string checked(const Program& p) {
  std::vector<std::string> problems = verify(p);
  EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front()) << "\n" << toString(p);
  return toString(p);
}

TEST(VerticalFusion, ConsumersOfRowsJoinTheirProducer) {
  std::string text = checked(fuseLoops(pipeline()));
  // One loop over the rows, with d's row loop, the minimum's and the count's inside.
  EXPECT_EQ(count(text, "parallel for i_"), 2u) << text;  // the rows, d's columns
  EXPECT_EQ(count(text, "\nparallel for i_"), 1u) << text;  // one at the top level
}

TEST(VerticalFusion, NotWhenTheConsumerReadsAnotherRow) {
  Program transposed = pipeline({.consumerIndex = [](Expr i, Expr j) { return j * kN + i; }});
  std::string text = checked(fuseLoops(transposed));
  // The minimum still joins d's loop (it reads rows); the transposed count does not.
  EXPECT_EQ(count(text, "\nparallel for i_"), 2u) << text;
}

// streak's shape: a running count (a sequential loop), a running maximum of it (a scan), their
// difference (a parallel loop) and its maximum (a reduction); only the difference is printed.
// `maximumIndex` says where the scan reads the counts.
Program scanChain(const std::function<Expr(Expr i)>& maximumIndex) {
  Builder b;
  Expr n = intConst(kN);
  Expr counts = b.alloc(BaseType::Int, n, "counts");
  Var count = b.declare(intConst(0), "count");
  b.forLoop(n, LoopKind::Sequential, [&](Expr i) {
    b.assign(count, var(count) + i % intConst(2));
    b.store(counts, i, var(count));
  });
  Expr maxima = b.alloc(BaseType::Int, n, "maxima");
  b.scan(n, BinaryOp::Max, intConst(INT64_MIN), [&](Expr i) { return load(counts, maximumIndex(i)); },
         [&](Expr i, Expr acc) { b.store(maxima, i, acc); }, "best");
  Expr runs = b.alloc(BaseType::Int, n, "runs");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(runs, i, load(counts, i) - load(maxima, i)); });
  Expr longest = b.reduce(n, BinaryOp::Max, intConst(INT64_MIN), [&](Expr i) { return load(counts, i) - load(maxima, i); }, "longest");
  b.print(runs, {n}, PrintStyle::Apl);
  b.print(longest, {}, PrintStyle::Apl);
  b.free(runs);
  b.free(maxima);
  b.free(counts);
  return b.finish();
}

TEST(VerticalFusion, InOrderAScanChainIsOneLoop) {
  auto own = [](Expr i) { return i; };
  // Not in order: the first loop is sequential and the others of other kinds; nothing fuses,
  // so every array stays.
  std::string apart = checked(contractArrays(fuseLoops(scanChain(own))));
  EXPECT_EQ(count(apart, "alloc int[8]"), 3u) << apart;
  std::string text = checked(contractArrays(fuseLoopsInOrder(scanChain(own))));
  EXPECT_EQ(count(text, "for "), 1u) << text;  // one loop in all
  // The counts and the maxima are read in their own row only: scalars; the runs are printed.
  EXPECT_EQ(count(text, "alloc int[8]"), 1u) << text;
}

TEST(VerticalFusion, InOrderNotWhenTheScanReadsAnotherRow) {
  std::string text = checked(fuseLoopsInOrder(scanChain([](Expr i) { return intConst(kN - 1) - i; })));
  // The scan reads the last count first: the counts' loop stays alone.
  EXPECT_EQ(count(text, "alloc int[8]"), 3u) << text;
  EXPECT_GE(count(text, "\nfor i_") + count(text, "\nscan"), 2u) << text;
}

TEST(ContractArrays, RowsBecomeABufferAndScalars) {
  std::string text = checked(contractArrays(fuseLoops(pipeline())));
  // d: a row of kN doubles per iteration; the minima: one double; hits is printed, so kept.
  EXPECT_EQ(count(text, "alloc double[64]"), 0u) << text;
  EXPECT_EQ(count(text, "alloc double[8]"), 1u) << text;
  EXPECT_EQ(count(text, "alloc double["), 1u) << text;
  EXPECT_EQ(count(text, "double low_row_"), 1u) << text;
  EXPECT_EQ(count(text, "alloc int[8]"), 1u) << text;
}

TEST(ContractArrays, NotWhenTheArrayIsReadAfterTheLoop) {
  std::string text = checked(contractArrays(fuseLoops(pipeline({.readDAfter = true}))));
  EXPECT_EQ(count(text, "alloc double[64]"), 1u) << text;
  EXPECT_EQ(count(text, "double low_row_"), 1u) << text;  // the minima still are one per row
}

TEST(ContractArrays, NotIntoARowFromTheHeap) {
  // Rows of a width known only at run time, at places that vary: a buffer per iteration would
  // be a malloc per row (and keep an OpenCL loop on the host), so the array stays.
  Builder b;
  Expr n = intConst(kN);
  Expr sizes = b.alloc(BaseType::Int, intConst(1), "sizes");
  b.store(sizes, intConst(0), intConst(3));
  Expr w = b.let(load(sizes, intConst(0)), "w");
  Expr m = b.alloc(BaseType::Double, n * w, "m");
  Expr out = b.alloc(BaseType::Double, n, "out");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(w, LoopKind::Sequential, [&](Expr j) { b.store(m, i * w + j, i2d(j)); });
    Var acc = b.declare(doubleConst(0.0), "acc");
    b.forLoop(w, LoopKind::Sequential, [&](Expr j) { b.assign(acc, var(acc) + load(m, i * w + j)); });
    b.store(out, i, var(acc));
  });
  b.print(out, {n}, PrintStyle::Apl);
  b.free(out);
  b.free(m);
  b.free(sizes);
  Program p = b.finish();
  ASSERT_TRUE(rowWidth(*firstLoop(p), Name{"m", 3}).has_value()) << toString(p);  // rows, but not contracted
  EXPECT_EQ(toString(contractArrays(p)), toString(p));
}

TEST(PrivateMemory, SmallConstantAllocationsInLoops) {
  Builder b;
  Expr n = intConst(kN);
  Expr outside = b.alloc(BaseType::Double, n, "outside");
  b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) {
    Expr small = b.alloc(BaseType::Double, n, "small");
    Expr large = b.alloc(BaseType::Double, intConst(kPrivateArrayBytes), "large");
    Expr sized = b.alloc(BaseType::Double, i + 1, "sized");
    b.store(small, intConst(0), doubleConst(1.0));
    b.store(large, intConst(0), load(small, intConst(0)));
    b.store(sized, intConst(0), load(large, intConst(0)));
    b.store(outside, i, load(sized, intConst(0)));
    b.free(sized);
    b.free(large);
    b.free(small);
  });
  b.print(outside, {n}, PrintStyle::Apl);
  b.free(outside);
  Program p = b.finish();
  EXPECT_TRUE(privateAllocations(p).empty());  // chosen by the pass, not before
  Program placed = placePrivateArrays(p);
  std::set<Name> found = privateAllocations(placed);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found.begin()->base, "small");
  EXPECT_EQ(count(toString(placed), "alloc private double["), 1) << toString(placed);
  EXPECT_EQ(verify(placed, {.requireFrees = true}), std::vector<std::string>{});
}

}  // namespace
}  // namespace aplc_test
