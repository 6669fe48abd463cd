// The verifier accepts what the builder makes and rejects each kind of ill-formed program.
#include <gtest/gtest.h>

#include "laila/ir/Builder.h"
#include "laila/ir/Calls.h"
#include "laila/ir/Print.h"
#include "laila/lower/SequentialEffects.h"
#include "laila/passes/Simplify.h"
#include "laila/ir/Verify.h"
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

// Memory declared holding no block (DeclareMemory): nothing to read or free until a move fills
// it; then it is freed like any block.
TEST(Verify, DeclaredMemoryHoldsNoBlockUntilAMove) {
  Var m = intMemory("m", 1), a = intMemory("a", 2);
  Stmt filled = block({DeclareMemory::make(m), Allocate::make(a, intConst(3)), Assign::make(m, var(a)),
                       Store::make(m, intConst(0), intConst(1)), Free::make(m)});
  EXPECT_EQ(verify(Program{filled}, {.requireFrees = true}), std::vector<std::string>{});
  EXPECT_EQ(verify(Program{block({DeclareMemory::make(m)})}, {.requireFrees = true}), std::vector<std::string>{});
  expectProblem(block({DeclareMemory::make(m), Store::make(m, intConst(0), intConst(1))}),
                "m_1 is used after it was freed or moved from (or before a move filled it)");
  expectProblem(block({DeclareMemory::make(m), Free::make(m)}), "m_1 is freed twice");
  EXPECT_THROW(DeclareMemory::make(intVar("x", 3)), aplc::InternalError);
}

// A private block (an automatic array of its iteration) has a constant count and no move takes it.
TEST(Verify, PrivateBlocksAreNotMoved) {
  Var m = intMemory("m", 1), p = intMemory("p", 2), i = intVar("i", 3);
  expectProblem(loop(i, 2, LoopKind::Sequential,
                     block({Allocate::make(p, intConst(4), MemorySpace::Private), DeclareMemory::make(m),
                            Assign::make(m, var(p)), Free::make(m)})),
                "moves the private block of p_2");
  EXPECT_THROW(Allocate::make(p, var(i), MemorySpace::Private), aplc::InternalError);
}

// Each branch of an if starts from the state before it: a declared block that both branches
// fill is filled after the if, one that only one branch fills or frees is not known there.
TEST(Verify, BranchesStartFromTheStateBeforeTheIf) {
  Var m = intMemory("m", 1), a = intMemory("a", 2), b = intMemory("b", 3), c{Name{"c", 4}, BoolType};
  auto fill = [&](const Var& from) { return block({Allocate::make(from, intConst(2)), Assign::make(m, var(from))}); };
  Stmt bothFill = block({Decl::make(c, boolConst(true)), DeclareMemory::make(m),
                         IfThenElse::make(var(c), fill(a), fill(b)), Free::make(m)});
  EXPECT_EQ(verify(Program{bothFill}, {.requireFrees = true}), std::vector<std::string>{});
  // Freed on both paths, then freed again.
  Stmt freedTwice = block({Decl::make(c, boolConst(true)), Allocate::make(a, intConst(2)),
                           IfThenElse::make(var(c), Free::make(a), Free::make(a)), Free::make(a)});
  expectProblem(freedTwice, "a_2 is freed twice");
  // Freed on one path only: not known after the if, so neither a use nor a free is reported.
  Stmt oneFree = block({Decl::make(c, boolConst(true)), Allocate::make(a, intConst(2)),
                        IfThenElse::make(var(c), Free::make(a)), Free::make(a)});
  EXPECT_EQ(verify(Program{oneFree}), std::vector<std::string>{});
}

// ------------------------------------------------------------------ the parallel contract

TEST(Verify, CallsMustBeInTheCallTable) {
  Var x = intVar("x", 1);
  expectProblem(block({Decl::make(x, call("no_such_function", IntType, {intConst(1)}))}),
                "calls no_such_function, which is not in laila/ir/Calls.def");
  EXPECT_EQ(verify(Program{block({Decl::make(x, call("aplc_gen_roll", IntType, {intConst(6)}))})}),
            std::vector<std::string>{});
  EXPECT_EQ(callEffects("no_such_function"), std::nullopt);
  EXPECT_EQ(callEffects("floor"), std::optional<unsigned>(Pure));
  EXPECT_TRUE(callHasEffect("aplc_gen_take_chars"));  // writes its memory argument
  EXPECT_TRUE(callHasEffect("aplc_gen_format"));      // leaves its text pending in the runtime
  EXPECT_TRUE(callHasEffect("aplc_elapsed_ms"));
  EXPECT_FALSE(callHasEffect("aplc_mind"));
  EXPECT_EQ(callEffectsText(WritesMemory | Random), "writes memory|random");
}

TEST(Verify, ParallelLoopsDoNotPrint) {
  Var i = intVar("i", 1);
  Stmt print = Print::make(var(i), {}, PrintStyle::Apl);
  expectProblem(loop(i, 3, LoopKind::ParallelMap, block({print})), "the parallel loop over i_1 prints");
  EXPECT_EQ(verify(Program{loop(i, 3, LoopKind::Sequential, block({print}))}), std::vector<std::string>{});
}

TEST(Verify, ParallelLoopsCallNoFunctionWithEffects) {
  Var i = intVar("i", 1), r = intVar("r", 2), acc = intVar("acc", 3);
  Var m = intMemory("m", 4);
  auto body = [&](const char* f) { return block({Decl::make(r, call(f, IntType, {var(i)}))}); };
  expectProblem(loop(i, 3, LoopKind::ParallelMap, body("aplc_gen_roll")),
                "the parallel loop over i_1 calls aplc_gen_roll, which has effects (random)");
  EXPECT_EQ(verify(Program{loop(i, 3, LoopKind::Sequential, body("aplc_gen_roll"))}), std::vector<std::string>{});
  // A call in a loop nested in a sequential loop inside a parallel one is still in the parallel one.
  Var j = intVar("j", 5);
  expectProblem(loop(j, 2, LoopKind::ParallelMap, loop(i, 3, LoopKind::Sequential, body("aplc_gen_roll"))),
                "the parallel loop over j_5 calls aplc_gen_roll");
  // Pure calls are allowed.
  EXPECT_EQ(verify(Program{loop(i, 3, LoopKind::ParallelMap,
                                block({Decl::make(Var{Name{"d", 6}, DoubleType},
                                                  call("floor", DoubleType, {i2d(var(i))}))}))}),
            std::vector<std::string>{});
  // A call writing its memory argument (take_chars), in a reduction.
  expectProblem(block({Allocate::make(m, intConst(3)), Decl::make(acc, intConst(0)),
                       loop(i, 3, LoopKind::Reduction,
                            block({Assign::make(acc, var(acc) + call("aplc_gen_take_ints", IntType, {var(m)}))}),
                            Accumulator{acc, BinaryOp::Add, intConst(0)})}),
                "the reduction loop over i_1 calls aplc_gen_take_ints, which has effects (writes memory");
}

// A call whose one effect is writing its memory argument (a grade, ⍳'s hash table) is allowed in a
// parallel loop when that memory is the iteration's own: allocated in the innermost parallel
// loop's body. Memory of an outer loop's iteration is shared by the inner loop's iterations.
TEST(Verify, ParallelLoopsCallWritersOfTheirIterationsMemory) {
  Var i = intVar("i", 1), j = intVar("j", 2), r = intVar("r", 3);
  Var data = intMemory("data", 4), out = intMemory("out", 5);
  auto grade = [&](const Var& into) {
    return Decl::make(r, call("aplc_gen_grade", IntType, {intConst(0), var(data), intConst(3), var(into), intConst(0)}));
  };
  Stmt own = loop(i, 3, LoopKind::ParallelMap,
                  block({Allocate::make(out, intConst(3)), grade(out), Free::make(out)}));
  EXPECT_EQ(verify(Program{block({Allocate::make(data, intConst(3)), own, Free::make(data)})}),
            std::vector<std::string>{});
  EXPECT_EQ(writtenArgumentOnly("aplc_gen_grade"), std::optional<size_t>(3));
  EXPECT_EQ(writtenArgumentOnly("aplc_gen_take_ints"), std::nullopt);  // runtime state too
  EXPECT_EQ(writtenArgumentOnly("aplc_gen_roll"), std::nullopt);
  // Written memory declared outside the loop: every iteration would write it.
  expectProblem(block({Allocate::make(data, intConst(3)), Allocate::make(out, intConst(3)),
                       loop(i, 3, LoopKind::ParallelMap, block({grade(out)}))}),
                "calls aplc_gen_grade, which has effects (reads memory|writes memory|allocates) on memory declared outside it");
  // Allocated by the outer parallel loop's iteration, written by each of the inner loop's.
  expectProblem(block({Allocate::make(data, intConst(3)),
                       loop(j, 2, LoopKind::ParallelMap,
                            block({Allocate::make(out, intConst(3)), loop(i, 3, LoopKind::ParallelMap, block({grade(out)})),
                                   Free::make(out)}))}),
                "the parallel loop over i_1 calls aplc_gen_grade");
}

// A function with a result (a recursive APL function) is called by a Call of its C name, with
// arguments matching its parameters, from a parallel loop only when it is safe in parallel
// (laila/ir/ParallelCalls.h: one that prints is not).
TEST(Verify, FunctionsWithAResult) {
  Var x = intVar("x", 1), result = intVar("result", 2), i = intVar("i", 3), r = intVar("r", 4);
  Function f{Name{"recursive", 5}, {{x, false}}, block({Assign::make(result, var(x))}), result};
  Function printing{Name{"recursive", 6}, {{x, false}},
                    block({Print::make(var(x), {}, PrintStyle::Apl), Assign::make(result, var(x))}), result};
  std::string name = functionCallName(f.name);
  EXPECT_EQ(name, "aplc_fn_recursive_5");
  auto callIn = [&](LoopKind kind, std::vector<Expr> args, const Function& g = {}) {
    const Function& callee = g.body.defined() ? g : f;
    return Program{loop(i, 3, kind, block({Decl::make(r, call(functionCallName(callee.name), IntType, std::move(args)))})),
                   {callee}};
  };
  EXPECT_EQ(verify(callIn(LoopKind::Sequential, {var(i)})), std::vector<std::string>{});
  EXPECT_EQ(verify(callIn(LoopKind::ParallelMap, {var(i)})), std::vector<std::string>{});
  std::vector<std::string> problems = verify(callIn(LoopKind::ParallelMap, {var(i)}, printing));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("the parallel loop over i_3 calls the function recursive_6, which is not safe in parallel"),
            std::string::npos) << problems[0];
  problems = verify(callIn(LoopKind::Sequential, {var(i), var(i)}));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("do not match its parameters"), std::string::npos) << problems[0];
  // Without the function in the program, the name is an unknown call.
  expectProblem(loop(i, 3, LoopKind::Sequential, block({Decl::make(r, call(name, IntType, {var(i)}))})),
                "not in laila/ir/Calls.def");
}

TEST(Verify, ParallelLoopsStoreAtIndicesThatDependOnTheLoopVariable) {
  Var i = intVar("i", 1), k = intVar("k", 2), j = intVar("j", 3), c = intVar("c", 6);
  Var m = intMemory("m", 4), local = intMemory("local", 5);
  auto withMemory = [&](Stmt s) { return block({Allocate::make(m, intConst(8)), s}); };
  expectProblem(withMemory(loop(i, 3, LoopKind::ParallelMap, Store::make(m, intConst(0), var(i)))),
                "stores into m_4, declared outside it, at an index that does not depend on i_1");
  // Through a scalar whose value does not depend on i either.
  expectProblem(withMemory(loop(i, 3, LoopKind::ParallelMap,
                                block({Decl::make(c, intConst(2)), Store::make(m, var(c), var(i))}))),
                "at an index that does not depend on i_1");
  // Nested parallel loops: the index must depend on both variables.
  expectProblem(withMemory(loop(i, 2, LoopKind::ParallelMap,
                                loop(j, 4, LoopKind::ParallelMap, Store::make(m, var(j), var(i))))),
                "the parallel loop over i_1 stores into m_4, declared outside it, at an index that does not depend on i_1");
  // Accepted: the index depends on i directly or through a declared scalar; inner sequential loops
  // may store anywhere in memory of their own iteration of the parallel loop.
  EXPECT_EQ(verify(Program{withMemory(loop(
                i, 2, LoopKind::ParallelMap,
                block({Decl::make(k, var(i) * 4),
                       loop(j, 4, LoopKind::ParallelMap, Store::make(m, var(k) + var(j), var(j))),
                       Allocate::make(local, intConst(2)),  // per iteration (until memory expansion)
                       loop(Var{Name{"s", 7}, IntType}, 2, LoopKind::Sequential,
                            Store::make(local, intConst(0), var(i))),
                       Free::make(local)})))}),
            std::vector<std::string>{});
  // Not checked through an inner loop of unknown bounds: over an empty axis it stores nothing,
  // and its index may not depend on i (a zero row stride, `2 0↑m` after SplitLoops).
  Var n = intVar("n", 8);
  EXPECT_EQ(verify(Program{block({Allocate::make(m, intConst(8)), Decl::make(n, intConst(0)),
                                  loop(i, 2, LoopKind::ParallelMap,
                                       For::make(j, intConst(0), var(n), LoopKind::ParallelMap, std::nullopt,
                                                 Store::make(m, var(j), var(i))))})}),
            std::vector<std::string>{});
  // Exempt by constant bounds: a loop of one iteration, a store in a loop of none (an empty axis).
  EXPECT_EQ(verify(Program{withMemory(loop(i, 1, LoopKind::ParallelMap, Store::make(m, intConst(0), var(i))))}),
            std::vector<std::string>{});
  EXPECT_EQ(verify(Program{withMemory(loop(i, 3, LoopKind::ParallelMap,
                                           loop(j, 0, LoopKind::Sequential, Store::make(m, var(j), var(i)))))}),
            std::vector<std::string>{});
  // A Fill of outer memory writes the same locations in every iteration.
  expectProblem(withMemory(loop(i, 3, LoopKind::ParallelMap, Fill::make(m, {intConst(1), intConst(2)}))),
                "the parallel loop over i_1 fills m_4, declared outside it, in every iteration");
}

TEST(SequentialEffects, LoopsWithEffectsAndTheLoopsAroundThemBecomeSequential) {
  Builder b;
  Expr a = b.alloc(BaseType::Int, intConst(6), "a");
  b.forLoop(intConst(2), LoopKind::ParallelMap, [&](Expr i) {
    b.forLoop(intConst(3), LoopKind::ParallelMap, [&](Expr j) {
      b.store(a, i * 3 + j, b.let(call("aplc_gen_roll", IntType, {intConst(6)}), "r"));
    });
  });
  b.forLoop(intConst(6), LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, load(a, i) + 1); });
  b.forLoop(intConst(2), LoopKind::ParallelMap, [&](Expr i) { b.print(i, {}, PrintStyle::Apl); });
  b.free(a);
  Program p = b.finish();
  EXPECT_FALSE(verify(p).empty());
  Program q = sequentializeEffects(p);
  EXPECT_EQ(verify(q, {.requireFrees = true}), std::vector<std::string>{});
  std::string text = toString(q);
  size_t parallel = 0;
  for (size_t at = text.find("parallel for"); at != std::string::npos; at = text.find("parallel for", at + 1)) ++parallel;
  EXPECT_EQ(parallel, 1u) << text;  // the loop without effects stays parallel
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
