// The memory verifier (laila/analysis/MemoryCheck.h): reads of unwritten memory and provably
// out-of-bounds indices are found; loop-carried writes, dead branches, select arms and code
// after a failing check are not reported.
#include <gtest/gtest.h>

#include "laila/analysis/MemoryCheck.h"
#include "laila/ir/Builder.h"
#include "laila/ir/Ops.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var intVar(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }
Var intMemory(const char* base, uint32_t tag) { return Var{Name{base, tag}, Type::memoryOf(BaseType::Int)}; }
Stmt block(std::vector<Stmt> s) { return Block::make(std::move(s)); }
Stmt loop(Var i, Expr lo, Expr hi, Stmt body) {
  return For::make(i, std::move(lo), std::move(hi), LoopKind::Sequential, std::nullopt, std::move(body));
}
Stmt printOf(Var x) { return Print::make(var(x), {}, PrintStyle::Apl); }

// The one problem expected, as a substring of the only message.
void expectProblem(const Stmt& body, const std::string& expected) {
  std::vector<std::string> problems = checkMemory(Program{body});
  ASSERT_EQ(problems.size(), 1u) << (problems.empty() ? "no problem found" : problems[0]);
  EXPECT_NE(problems[0].find(expected), std::string::npos) << problems[0];
}
void expectNone(const Stmt& body) { EXPECT_EQ(checkMemory(Program{body}), std::vector<std::string>{}); }

const Var m = intMemory("m", 1), n = intVar("n", 2), i = intVar("i", 3), x = intVar("x", 4),
          j = intVar("j", 5), other = intMemory("o", 6);

// `n = size; m = alloc int[n]; for i in lo..hi { m[store] = i }` then what follows.
std::vector<Stmt> filled(int64_t size, Expr lo, Expr hi, Expr storeIndex) {
  return {Decl::make(n, intConst(size)), Allocate::make(m, var(n)),
          loop(i, std::move(lo), std::move(hi), Store::make(m, std::move(storeIndex), var(i)))};
}

TEST(MemoryCheck, AcceptsAFilledArrayReadInBounds) {
  std::vector<Stmt> s = filled(8, intConst(0), var(n), var(i));
  s.push_back(loop(j, intConst(0), var(n), block({Decl::make(x, load(var(m), sub(var(n), add(var(j), intConst(1))))), printOf(x)})));
  s.push_back(Free::make(m));
  expectNone(block(s));
}

TEST(MemoryCheck, ReadBeforeAnyWrite) {
  expectProblem(block({Allocate::make(m, intConst(4)), Decl::make(x, load(var(m), intConst(0))),
                       Store::make(m, intConst(0), intConst(1)), Free::make(m)}),
                "reads m_1 before anything is written into it");
  expectProblem(block({Allocate::make(m, intConst(4)), Print::make(var(m), {intConst(4)}, PrintStyle::Apl), Free::make(m)}),
                "prints m_1 before anything is written into it");
  // An empty array is printed without a write: nothing to read.
  expectNone(block({Allocate::make(m, intConst(0)), Print::make(var(m), {intConst(0)}, PrintStyle::Apl), Free::make(m)}));
}

TEST(MemoryCheck, WritesOnOnePathOrInALaterIterationCount) {
  // Written in one branch of an if: it may have been.
  expectNone(block({Decl::make(n, intConst(4)), Allocate::make(m, var(n)),
                    IfThenElse::make(lt(var(n), intConst(9)), Store::make(m, intConst(0), intConst(1))),
                    Decl::make(x, load(var(m), intConst(0))), Free::make(m)}));
  // Read at the top of a loop body that writes the block at its end (the next iteration reads it).
  expectNone(block({Allocate::make(m, intConst(4)),
                    loop(i, intConst(0), intConst(4), block({Decl::make(x, load(var(m), var(i))), Store::make(m, var(i), var(x))})),
                    Free::make(m)}));
  // Moved: the destination has the source's state.
  expectProblem(block({Allocate::make(m, intConst(4)), Allocate::make(other, intConst(0)), Free::make(other),
                       Assign::make(other, var(m)), Decl::make(x, load(var(other), intConst(0))), Free::make(other)}),
                "reads o_6 before anything is written");
}

TEST(MemoryCheck, OutOfBoundsOnEveryExecution) {
  std::vector<Stmt> s = filled(8, intConst(0), var(n), var(i));
  s.push_back(Decl::make(x, load(var(m), var(n))));
  s.push_back(Free::make(m));
  expectProblem(block(s), "reads m_1[n_2] (n_2 elements): the index is out of bounds on every execution");
  std::vector<Stmt> negative = filled(8, intConst(0), var(n), sub(var(i), var(n)));
  expectProblem(block(negative), "stores into m_1[i_3 - n_2]");
}

TEST(MemoryCheck, OffByOneAtTheLastIteration) {
  // for i in 0..n+1 { m[i] = i } with m of n elements: the last iteration stores past the end.
  expectProblem(block(filled(8, intConst(0), add(var(n), intConst(1)), var(i))),
                "the index is out of bounds at the last iteration of the loop over i_3");
  // for i in 0..n { m[i - 1] = i }: the first iteration stores before the start.
  expectProblem(block(filled(8, intConst(0), var(n), sub(var(i), intConst(1)))),
                "out of bounds at the first iteration of the loop over i_3");
}

TEST(MemoryCheck, NoCornerReportWhereSomethingCanSkipTheAccess) {
  Expr past = add(var(i), intConst(1));  // i + 1: past the end at the last iteration
  // Under an if that the facts cannot decide.
  std::vector<Stmt> guarded = {Decl::make(n, intConst(8)), Allocate::make(m, var(n)),
                               loop(i, intConst(0), var(n), IfThenElse::make(lt(past, var(n)), Store::make(m, past, var(i))))};
  guarded.push_back(Free::make(m));
  expectNone(block(guarded));
  // After a check in the loop's body, which stops the program first.
  Stmt checked = Check::make(lt(past, var(n)), ErrorKind::Index, {}, "index out of range");
  expectNone(block({Decl::make(n, intConst(8)), Allocate::make(m, var(n)),
                    loop(i, intConst(0), var(n), block({checked, Store::make(m, past, var(i))})), Free::make(m)}));
  // In an arm of a select, which C does not evaluate unless chosen.
  std::vector<Stmt> s = filled(8, intConst(0), var(n), var(i));
  s.push_back(loop(j, intConst(0), var(n),
                   Decl::make(x, select(lt(add(var(j), intConst(1)), var(n)), load(var(m), add(var(j), intConst(1))), intConst(0)))));
  s.push_back(Free::make(m));
  expectNone(block(s));
}

TEST(MemoryCheck, DeadCodeAndCodeAfterAFailingCheckAreNotChecked) {
  // A branch the loop's range rules out (loop splitting's copies before simplification).
  std::vector<Stmt> s = filled(8, intConst(0), var(n), var(i));
  s.push_back(loop(j, intConst(0), intConst(4),
                   IfThenElse::make(ge(var(j), intConst(4)), Decl::make(x, load(var(m), sub(var(j), intConst(20)))))));
  // x←3⍴1 ⋄ x[5]: the user's INDEX ERROR stops the program before the load.
  s.push_back(Check::make(boolConst(false), ErrorKind::Index, {}, "index out of range"));
  s.push_back(Decl::make(intVar("y", 7), load(var(m), intConst(20))));
  s.push_back(Free::make(m));
  expectNone(block(s));
  // A loop over an extent known only at run time reading an array of no elements: the lowering's
  // code for an empty extent, which never runs.
  Var rows = intVar("rows", 8), empty = intMemory("e", 9);
  expectNone(block({Decl::make(rows, intConst(0)), Assign::make(rows, intConst(0)), Allocate::make(empty, intConst(0)),
                    loop(i, intConst(0), var(rows), Decl::make(x, load(var(empty), var(i)))), Free::make(empty)}));
  // (0 1⍴'')[1 2;1]: a gather from an empty block in a loop that runs, after a cold branch that
  // reports the INDEX ERROR (its condition undecided here).
  Var bad = intVar("bad", 10);
  Stmt cold = IfThenElse::make(lt(var(bad), intConst(1)), Check::make(boolConst(false), ErrorKind::Index, {}, "index"));
  expectNone(block({Decl::make(bad, intConst(0)), Assign::make(bad, intConst(2)), Allocate::make(empty, intConst(0)), cold,
                    loop(i, intConst(0), intConst(2), Decl::make(x, load(var(empty), var(i)))), Free::make(empty)}));
}

TEST(MemoryCheck, FunctionParametersAreWrittenAndOfUnknownSize) {
  Function f{Name{"f", 10}, {{m, false}}, block({Decl::make(x, load(var(m), intConst(100)))})};
  Program p{block({}), {f}};
  EXPECT_EQ(checkMemory(p), std::vector<std::string>{});
}

}  // namespace
}  // namespace aplc_test
