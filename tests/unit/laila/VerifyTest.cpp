// The verifier accepts what the builder makes and rejects each kind of ill-formed program.
#include <gtest/gtest.h>

#include "laila/Builder.h"
#include "laila/Simplify.h"
#include "laila/Verify.h"
#include "support/Diagnostics.h"

namespace aplc_test {
namespace {

using namespace aplc::laila;

Var intVar(const char* base, uint32_t tag) { return Var{Name{base, tag}, IntType}; }
Var intMemory(const char* base, uint32_t tag) {
  return Var{Name{base, tag}, Type::memoryOf(BaseType::Int)};
}
Stmt block(std::vector<Stmt> s) { return Block::make(std::move(s)); }
Stmt loop(Var i, int64_t n, LoopKind kind, Stmt body, std::optional<Accumulator> acc = {}) {
  return For::make(i, intConst(0), intConst(n), kind, std::move(acc), std::move(body));
}

// The one problem expected, as a substring of the only message.
void expectProblem(const Stmt& body, const std::string& expected, VerifyOptions options = {}) {
  std::vector<std::string> problems = verify(Program{body}, options);
  ASSERT_EQ(problems.size(), 1u) << (problems.empty() ? "no problem found" : problems[0]);
  EXPECT_NE(problems[0].find(expected), std::string::npos) << problems[0];
}

Program wellFormed() {
  Builder b;
  Var n = b.declare(intConst(4), "n");
  Expr a = b.alloc(BaseType::Int, var(n), "a");
  b.forLoop(var(n), LoopKind::ParallelMap, [&](Expr i) {
    Var local = b.declare(i * 2, "local");  // a body's own variable may be assigned
    b.assign(local, var(local) + 1);
    b.store(a, i, var(local));
  });
  Expr sum = b.reduce(var(n), BinaryOp::Add, intConst(0), [&](Expr i) { return load(a, i); });
  b.scan(var(n), BinaryOp::Max, intConst(0), [&](Expr i) { return load(a, i); },
         [&](Expr i, Expr acc) { b.store(a, i, acc + sum); });
  b.whileLoop([&] { return lt(var(n), intConst(10)); }, [&] { b.assign(n, var(n) + 1); });
  b.print(a, {intConst(4)}, PrintStyle::Apl);
  b.free(a);
  return b.finish();
}

TEST(Verify, AcceptsBuilderProgramsBeforeAndAfterSimplification) {
  Program p = wellFormed();
  EXPECT_EQ(verify(p, {.requireFrees = true}), std::vector<std::string>{});
  EXPECT_NO_THROW(verifyOrThrow(simplify(p), "simplify", {.requireFrees = true}));
}

TEST(Verify, UseBeforeDeclarationAndOutOfScope) {
  Var x = intVar("x", 1), y = intVar("y", 2), i = intVar("i", 3);
  expectProblem(block({Decl::make(y, var(x)), Decl::make(x, intConst(1))}),
                "uses x_1, which is not declared here");
  expectProblem(block({loop(i, 3, LoopKind::Sequential, block({Decl::make(x, var(i))})),
                       Decl::make(y, var(x))}),
                "uses x_1, which is not declared here");
  expectProblem(block({loop(i, 3, LoopKind::Sequential, block({})), Decl::make(y, var(i))}),
                "uses i_3, which is not declared here");
}

TEST(Verify, NamesAreDeclaredOnceWithOneType) {
  Var x = intVar("x", 1);
  expectProblem(block({Decl::make(x, intConst(1)), block({Decl::make(x, intConst(2))})}),
                "x_1 is declared twice");
  Var xAsDouble{Name{"x", 1}, DoubleType};
  expectProblem(block({Decl::make(x, intConst(1)),
                       Decl::make(Var{Name{"d", 2}, DoubleType}, var(xAsDouble))}),
                "x_1 is used as double but declared int");
}

TEST(Verify, LoopVariablesAreReadOnly) {
  Var i = intVar("i", 1);
  expectProblem(loop(i, 3, LoopKind::Sequential, block({Assign::make(i, intConst(0))})),
                "assigns the loop variable i_1");
}

TEST(Verify, ParallelMapAssignsNoOuterVariable) {
  Var x = intVar("x", 1), i = intVar("i", 2);
  Stmt body = block({Assign::make(x, var(i))});
  expectProblem(block({Decl::make(x, intConst(0)), loop(i, 3, LoopKind::ParallelMap, body)}),
                "the parallel loop over i_2 assigns x_1, declared outside it");
  // The same loop is fine when sequential.
  EXPECT_TRUE(verify(Program{block({Decl::make(x, intConst(0)),
                                    loop(i, 3, LoopKind::Sequential, body)})})
                  .empty());
}

TEST(Verify, ReductionUpdatesItsAccumulatorOnlyInTheAllowedForm) {
  Var s = intVar("s", 1), i = intVar("i", 2), a = intMemory("a", 3);
  Accumulator acc{s, BinaryOp::Add, intConst(0), true};
  auto program = [&](Stmt body, LoopKind kind = LoopKind::Reduction) {
    return block({Allocate::make(a, intConst(3)), Decl::make(s, intConst(0)),
                  loop(i, 3, kind, std::move(body), acc), Free::make(a)});
  };
  EXPECT_TRUE(verify(Program{program(block({Assign::make(s, var(i) + var(s))}))}).empty());
  expectProblem(program(block({Assign::make(s, var(s) - var(i))})),
                "must be updated as s_1 = s_1 add e");
  expectProblem(program(block({Assign::make(s, var(s) + var(s))})),
                "is read in its own update term");
  expectProblem(program(block({Assign::make(s, var(s) + var(i)), Store::make(a, var(i), var(s))})),
                "reads its accumulator s_1 outside its update");
  // A scan may read its running value after the update.
  EXPECT_TRUE(verify(Program{program(block({Assign::make(s, var(s) + var(i)),
                                            Store::make(a, var(i), var(s))}),
                                     LoopKind::Scan)})
                  .empty());
  // The accumulator must be declared before the loop.
  expectProblem(loop(i, 3, LoopKind::Reduction, block({}), acc),
                "accumulates into s_1, which is not declared here");
}

TEST(Verify, MemoryTypesAndLifetimes) {
  Var a = intMemory("a", 1), i = intVar("i", 2);
  Var aAsDouble{Name{"a", 1}, Type::memoryOf(BaseType::Double)};
  expectProblem(block({Allocate::make(a, intConst(2)),
                       Store::make(aAsDouble, intConst(0), doubleConst(1.5)), Free::make(a)}),
                "stores into a_1 as [double] but it is [int]");
  expectProblem(block({Allocate::make(a, intConst(2)), Free::make(a),
                       Store::make(a, intConst(0), intConst(1))}),
                "a_1 is used after it was freed");
  expectProblem(block({Allocate::make(a, intConst(2)), Free::make(a), Free::make(a)}),
                "a_1 is freed twice");
  expectProblem(block({Allocate::make(a, intConst(2)),
                       loop(i, 2, LoopKind::Sequential, block({Free::make(a)}))}),
                "a_1 is freed inside the loop over i_2 but allocated outside it");
  Stmt leak = block({Allocate::make(a, intConst(2))});
  EXPECT_TRUE(verify(Program{leak}).empty());
  expectProblem(leak, "a_1 is never freed", {.requireFrees = true});
}

// Moves of memory (a power loop's state whose size changes): the target holds nothing, the
// source is not used after, and a sequential loop may free outer memory it moves new memory into.
TEST(Verify, MemoryMoves) {
  Var cur = intMemory("cur", 1), i = intVar("i", 2), next = intMemory("next", 3);
  auto iteration = [&](std::vector<Stmt> s) { return loop(i, 3, LoopKind::Sequential, block(std::move(s))); };
  Stmt good = block({Allocate::make(cur, intConst(2)),
                     iteration({Allocate::make(next, intConst(4)), Free::make(cur), Assign::make(cur, var(next))}),
                     Free::make(cur)});
  EXPECT_TRUE(verify(Program{good}, {.requireFrees = true}).empty()) << verify(Program{good})[0];
  expectProblem(block({Allocate::make(cur, intConst(2)),
                       iteration({Allocate::make(next, intConst(4)), Assign::make(cur, var(next))}),
                       Free::make(cur)}),
                "cur_1 still holds memory when memory is moved into it");
  expectProblem(block({Allocate::make(cur, intConst(2)),
                       iteration({Allocate::make(next, intConst(4)), Free::make(cur), Assign::make(cur, var(next)),
                                  Store::make(next, intConst(0), intConst(1))}),
                       Free::make(cur)}),
                "next_3 is used after it was freed");
  expectProblem(block({Allocate::make(cur, intConst(2)), iteration({Free::make(cur)})}),
                "cur_1 is freed inside the loop over i_2 but allocated outside it, and no memory is moved into it");
  std::vector<std::string> parallel =
      verify(Program{block({Allocate::make(cur, intConst(2)),
                            loop(i, 3, LoopKind::ParallelMap,
                                 block({Allocate::make(next, intConst(4)), Free::make(cur), Assign::make(cur, var(next))})),
                            Free::make(cur)})});
  ASSERT_EQ(parallel.size(), 2u);  // the free and the move, each not allowed in a parallel loop
  EXPECT_NE(parallel[0].find("cur_1 is freed inside the loop over i_2"), std::string::npos) << parallel[0];
  EXPECT_NE(parallel[1].find("moves memory into cur_1, declared outside it"), std::string::npos) << parallel[1];
  EXPECT_THROW(Assign::make(cur, load(var(next), intConst(0))), aplc::InternalError);
}

TEST(Verify, VerifyOrThrowNamesThePass) {
  Var x = intVar("x", 1);
  try {
    verifyOrThrow(Program{block({Assign::make(x, intConst(1))})}, "lowering");
    FAIL() << "expected an InternalError";
  } catch (const aplc::InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("verification failed after lowering"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace aplc_test
