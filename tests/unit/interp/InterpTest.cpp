// Unit tests of the TAIL reference interpreter (tail/interp/Interp.h): every primitive on ranks 0-3 and
// empty arrays, the errata cases of DESIGN.md, the semantic decisions of docs/semantics.md, and
// each runtime error with its location. Expected values are worked out by hand (or, for the
// random generator, by an independent model of SplitMix64) and written in the flat format of
// tests/tail/README.md.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/Diagnostics.h"
#include "tail/interp/Interp.h"
#include "tail/ir/Parse.h"
#include "tail/ir/TypeCheck.h"

namespace aplc::tail {
namespace {

struct Outcome {
  std::string value;                 // flat format, or empty after an error
  std::string error;                 // the rendered runtime error, or empty
  std::vector<std::string> printed;  // what `print` wrote, flat
};

Outcome run(const std::string& program, aplc_style style = APLC_STYLE_TAIL, uint64_t seed = interp::kDefaultRandomSeed) {
  SourceManager sources;
  uint32_t file = sources.add("test.tail", program);
  Outcome r;
  InterpOptions options;
  options.style = style;
  options.randomSeed = seed;
  options.onPrint = [&](const Value& v) { r.printed.push_back(flatString(v)); };
  Exp exp = annotateTypes(parseProgram(sources, file)).exp;
  try {
    r.value = flatString(evaluate(exp, options));
  } catch (const RuntimeError& e) {
    r.error = e.render(sources);
  }
  return r;
}

// check(program, expected value): prints program, result and expectation on failure.
void check(const std::string& program, const std::string& expected) {
  Outcome r = run(program);
  EXPECT_EQ(r.value, expected) << "program: " << program << "\nerror: " << r.error;
}

// checkError(program, expected rendered error without the trailing newline).
void checkError(const std::string& program, const std::string& expected) {
  Outcome r = run(program);
  EXPECT_EQ(r.error, expected + "\n") << "program: " << program << "\nvalue: " << r.value;
}

// ---- Scalars -----------------------------------------------------------------------------------

TEST(InterpScalar, IntegerDivisionAndResidue) {
  check("[divi(7,~2),divi(~7,2),resi(~3,7),resi(3,~7),resi(0,5),resi(~1,5),resi(5,10)]:int", "[7](-3,-3,-2,2,5,0,0)");
  check("[resd(~2.5,7.0),resd(0.0,1.5),resd(2.0,~1.0)]:double", "[3](-0.5,1.5,1.0)");
}

TEST(InterpScalar, CheckedIntegerOverflowIsADomainError) {
  checkError("addi(9223372036854775807,1)",
             "test.tail:1:1: DOMAIN ERROR: integer overflow in addition (results must fit in 64 bits)");
  checkError("let m:[int]0 = subi(~9223372036854775807,1) in negi(m)",
             "test.tail:1:48: DOMAIN ERROR: integer overflow in subtraction (results must fit in 64 bits)");
  checkError("muli(4611686018427387904,2)",
             "test.tail:1:1: DOMAIN ERROR: integer overflow in multiplication (results must fit in 64 bits)");
  checkError("powi(2,63)", "test.tail:1:1: DOMAIN ERROR: integer overflow in multiplication (results must fit in 64 bits)");
  // (-2)^63 is the smallest int: it fits.
  check("[powi(~2,63),powi(0,0),powi(7,1)]:int", "[3](-9223372036854775808,1,7)");
  checkError("powi(2,~1)", "test.tail:1:1: DOMAIN ERROR: negative exponent -1 in integer power");
  checkError("absi(subi(~9223372036854775807,1))",
             "test.tail:1:1: DOMAIN ERROR: integer overflow in subtraction (results must fit in 64 bits)");
  checkError("divi(subi(~9223372036854775807,1),~1)", "test.tail:1:1: DOMAIN ERROR: integer overflow in division");
}

TEST(InterpScalar, DivisionByZero) {
  check("divd(0.0,0.0)", "[](1.0)");
  checkError("divd(2.0,0.0)", "test.tail:1:1: DOMAIN ERROR: division by zero");
  checkError("divi(2,0)", "test.tail:1:1: DOMAIN ERROR: integer division by zero");
}

TEST(InterpScalar, FloorCeilAndConversionsAreExact) {
  check("[floor(~0.5),ceil(~0.5),floor(2.0),ceil(2.000001),d2i(~2.9),signd(~0.0)]:int", "[6](-1,0,2,3,-2,0)");
  checkError("floor(1e300)", "test.tail:1:1: DOMAIN ERROR: floor of a value outside the integer range");
  checkError("d2i(nan)", "test.tail:1:1: DOMAIN ERROR: conversion to int of a value outside the integer range");
  checkError("i2c(55296)", "test.tail:1:1: DOMAIN ERROR: no character has the code point 55296");
  check("[i2c(955),i2c(65)]:char", "[2](λ,A)");
}

TEST(InterpScalar, RealDomainErrors) {
  checkError("lnd(0.0)", "test.tail:1:1: DOMAIN ERROR: logarithm of a non-positive number");
  checkError("divd(1.0,0.0)", "test.tail:1:1: DOMAIN ERROR: division by zero");
  check("[logd(10.0,1000.0),powd(~8.0,2.0),mind(1.0,~inf),maxd(1.0,inf)]:double", "[4](3.0,64.0,-HUGE_VAL,HUGE_VAL)");
}

// Doubles follow IEEE 754 (docs/semantics.md): ∞ and NaN propagate, comparisons with NaN are
// false (≠ true), and only the conversion of NaN or ∞ to int is an error.
TEST(InterpScalar, IeeeInfinityAndNaNPropagate) {
  check("[powd(~8.0,0.5),asin(2.0),subd(inf,inf),muld(0.0,inf),addd(nan,1.0),muld(1e300,1e300)]:double",
        "[6](nan,nan,nan,nan,nan,HUGE_VAL)");
  check("[ltd(nan,1.0),gted(nan,1.0),eqd(nan,nan),neqd(nan,nan),gtd(inf,1e308)]:bool", "[5](0,0,0,1,1)");
  check("divd(inf,inf)", "[](nan)");
  checkError("floor(subd(inf,inf))", "test.tail:1:1: DOMAIN ERROR: floor of a value outside the integer range");
  checkError("d2i(inf)", "test.tail:1:1: DOMAIN ERROR: conversion to int of a value outside the integer range");
}

TEST(InterpScalar, ShiftsAndBitsIn32Bits) {
  check("[shli(1,32),shari(~1,40),shri(~1,0),shari(~8,1),andi(~1,6),xori(~1,0)]:int", "[6](0,-1,-1,-4,6,-1)");
  checkError("shli(1,~1)", "test.tail:1:1: DOMAIN ERROR: negative shift count -1");
}

TEST(InterpScalar, ComparisonsAreExact) {
  check("[eqd(addd(0.1,0.2),0.3),ltd(0.3,addd(0.1,0.2)),ltc('a','b'),eqb(ff,ff)]:bool", "[4](0,1,1,1)");
}

// ---- Element-wise and folds ----------------------------------------------------------------------

TEST(InterpEach, AllRanksAndEmpty) {
  check("each(negi,5)", "[](-5)");
  check("each(negi,reshape([2,2,2],iota(8)))", "[2,2,2](-1,-2,-3,-4,-5,-6,-7,-8)");
  // The element type of an empty result comes from the instance type: a double 0.0 sum.
  check("reduce(addd,0.0,each(i2d,iota(0)))", "[](0.0)");
  check("reshape([2],each(i2d,iota(0)))", "[2](0.0,0.0)");
  check("eachV(b2i,[tt,ff])", "[2](1,0)");
}

TEST(InterpEach, ZipWithNeedsEqualShapes) {
  check("zipWith(muli,reshape([2,1,2],iota(4)),reshape([2,1,2],iota(4)))", "[2,1,2](1,4,9,16)");
  check("zipWith(addi,iota(0),iota(0))", "[0]()");
  checkError("let a:[int]1 = iota(2) in\nzipWith(addi,a,iota(3))",
             "test.tail:2:1: LENGTH ERROR: arguments of shapes 2 and 3");
}

TEST(InterpReduce, RightFoldAlongTheLastAxis) {
  // Rule 3.37 with k and m the right way round: one result per row.
  check("reduce(subi,0,reshape([2,3],iota(6)))", "[2](2,5)");
  check("reduce(addi,0,reshape([2,2,2],iota(8)))", "[2,2](3,7,11,15)");
}

TEST(InterpReduce, EmptyAxisGivesTheNeutralElement) {
  check("reduce(addi,5,reshape([2,0],iota(1)))", "[2](5,5)");
  check("reduce(muli,1,iota(0))", "[](1)");
  check("reduce(addi,0,reshape([0,3],iota(1)))", "[0]()");
}

TEST(InterpScan, PrefixPathAndGeneralPathAgree) {
  check("scan(subi,[1,2,3,4])", "[4](1,-1,2,-2)");
  check("scan(fn x:[int]0 => fn y:[int]0 => subi(x,y),[1,2,3,4])", "[4](1,-1,2,-2)");
  check("scan(addi,reshape([2,2,2],iota(8)))", "[2,2,2](1,3,3,7,5,11,7,15)");
  check("scan(fn x:[int]0 => fn y:[int]0 => addi(x,y),reshape([2,2],iota(4)))", "[2,2](1,3,3,7)");
  check("scan(maxd,[1.0,3.0,2.0])", "[3](1.0,3.0,3.0)");
  check("scan(addi,iota(0))", "[0]()");
}

TEST(InterpPower, CountsAndTuples) {
  check("power(fn x:[int]1 => snoc(x,0),3,iota(1))", "[4](1,0,0,0)");
  check("power(fn x:[int]1 => snoc(x,0),~2,iota(1))", "[1](1)");
  check("power(reverse,3,iota(3))", "[3](3,2,1)");
  check("power(fn p:([int]0 * [int]0) => (#1(p),addi(#0(p),#1(p))),10,(0,1))", "{[](55);[](89)}");
  // Repeated updates: each copies on write, the loop's earlier values are untouched.
  check("let a:[int]1 = iota(3) in (power(fn x:[int]1 => update(x,[2],addi(first(0,drop(1,x)),1)),4,a),a)",
        "{[3](1,6,3);[3](1,2,3)}");
}

// ---- Structure ----------------------------------------------------------------------------------

TEST(InterpStructure, ShapeAndIota) {
  check("shape(5)", "[0]()");
  check("shape(reshape([2,0,3],iota(1)))", "[3](2,0,3)");
  check("iota(0)", "[0]()");
  checkError("iota(~1)", "test.tail:1:1: DOMAIN ERROR: iota of a negative number -1");
  checkError("iota(1000000000000)", "test.tail:1:1: LIMIT ERROR: an array of more than 268435456 elements");
}

TEST(InterpStructure, Reshape) {
  check("reshape([2,2,2],iota(3))", "[2,2,2](1,2,3,1,2,3,1,2)");
  check("reshape([]:int,iota(3))", "[](1)");
  check("reshape([2,0],iota(3))", "[2,0]()");
  check("reshape([2],[]:bool)", "[2](0,0)");
  check("reshape([2],\"\")", "[2]( , )");
  check("reshape0([2,2],iota(4))", "[2,2](1,2,3,4)");
  checkError("reshape([~1],iota(3))", "test.tail:1:1: DOMAIN ERROR: reshape to a negative extent -1");
  checkError("reshape0([5],iota(4))", "test.tail:1:1: LENGTH ERROR: reshape0 of 4 elements to shape 5");
  // An empty array cannot have 2^40 rows either.
  checkError("reshape([1099511627776,0],iota(1))", "test.tail:1:1: LIMIT ERROR: an array of more than 268435456 elements");
}

TEST(InterpStructure, ReverseAndRotate) {
  check("reverse(5)", "[](5)");
  check("reverse(reshape([2,2,2],iota(8)))", "[2,2,2](2,1,4,3,6,5,8,7)");
  check("vreverse(reshape([2,2,2],iota(8)))", "[2,2,2](5,6,7,8,1,2,3,4)");
  check("rotate(~1,reshape([2,3],iota(6)))", "[2,3](3,1,2,6,4,5)");
  check("rotate(~4,iota(3))", "[3](3,1,2)");
  check("rotate(1,iota(0))", "[0]()");
  check("vrotate(1,reshape([3,2],iota(6)))", "[3,2](3,4,5,6,1,2)");
  check("vrotate(~4,reshape([3,1,1],iota(3)))", "[3,1,1](3,1,2)");
  check("rotateV(~5,iotaV(4))", "[4](4,1,2,3)");
}

TEST(InterpStructure, Transpose) {
  check("transp(7)", "[](7)");
  check("transp(iota(3))", "[3](1,2,3)");
  check("transp2([2,1],reshape([2,3],iota(6)))", "[3,2](1,4,2,5,3,6)");
  // The apltail corpus's dtransp.apl: B ← 2 1 3⍉A and C ← 3 1 2⍉A for A ← 2 3 4⍴⍳24.
  check("transp2([2,1,3],reshape([2,3,4],iota(24)))",
        "[3,2,4](1,2,3,4,13,14,15,16,5,6,7,8,17,18,19,20,9,10,11,12,21,22,23,24)");
  check("transp2([3,1,2],reshape([2,3,4],iota(24)))",
        "[3,4,2](1,13,2,14,3,15,4,16,5,17,6,18,7,19,8,20,9,21,10,22,11,23,12,24)");
  // 2 3 1⍉: old axis k goes to new axis p[k], R[i;j;k] = A[j;k;i].
  check("transp2([2,3,1],reshape([2,3,4],iota(24)))",
        "[4,2,3](1,5,9,13,17,21,2,6,10,14,18,22,3,7,11,15,19,23,4,8,12,16,20,24)");
  check("transp2([2,1],reshape([0,3],iota(1)))", "[3,0]()");
  checkError("transp2([1,1],reshape([2,2],iota(4)))",
             "test.tail:1:1: DOMAIN ERROR: the axes 1 1 are not a permutation of 1..2");
  checkError("transp2([1,3],reshape([2,2],iota(4)))",
             "test.tail:1:1: DOMAIN ERROR: the axes 1 3 are not a permutation of 1..2");
}

TEST(InterpStructure, TakeOnTheFirstAxis) {
  check("take(~2,reshape([3,2],iota(6)))", "[2,2](3,4,5,6)");
  check("take(~4,reshape([3,2],iota(6)))", "[4,2](0,0,1,2,3,4,5,6)");
  check("take(4,reshape([3,2],iota(6)))", "[4,2](1,2,3,4,5,6,0,0)");
  check("take(1,reshape([2,2,2],iota(8)))", "[1,2,2](1,2,3,4)");
  check("take(0,iota(3))", "[0]()");
  check("take(2,\"a\")", "[2](a, )");
  check("take(~2,[]:double)", "[2](0.0,0.0)");
  check("takeV(~3,[1,2])", "[3](0,1,2)");
}

TEST(InterpStructure, DropOnTheFirstAxis) {
  check("drop(~1,reshape([3,2],iota(6)))", "[2,2](1,2,3,4)");
  check("drop(~5,reshape([3,2],iota(6)))", "[0,2]()");
  check("drop(1,reshape([2,2,2],iota(8)))", "[1,2,2](5,6,7,8)");
  check("drop(0,reshape([2,2],iota(4)))", "[2,2](1,2,3,4)");
  check("drop(9223372036854775807,iota(3))", "[0]()");
  check("drop(~3,iota(0))", "[0]()");
  check("dropV(~1,[1,2,3])", "[2](1,2)");
}

TEST(InterpStructure, First) {
  check("first(9,iota(0))", "[](9)");
  check("first(0,reshape([2,2],[5,6]))", "[](5)");
  check("first('z',\"\")", "[](z)");
  check("first(1.5,[]:double)", "[](1.5)");
  check("first(0,8)", "[](8)");
  check("firstV(shapeV(iotaV(3)))", "[](3)");
}

TEST(InterpStructure, CatConsSnoc) {
  check("cat(reshape([2,1,2],iota(4)),reshape([2,1,1],[9,8]))", "[2,1,3](1,2,9,3,4,8)");
  check("cons(1,iota(0))", "[1](1)");
  check("snoc(reshape([2,0],iota(1)),[7,8])", "[2,1](7,8)");
  check("catV([1],[2,3])", "[3](1,2,3)");
  check("consV('a',\"bc\")", "[3](a,b,c)");
  checkError("cat(reshape([2,2],iota(4)),reshape([3,2],iota(6)))",
             "test.tail:1:1: LENGTH ERROR: catenation of shapes 2 2 and 3 2");
  checkError("cons([1,2,3],reshape([2,2],iota(4)))",
             "test.tail:1:1: LENGTH ERROR: cannot join an item of shape 3 to an array of shape 2 2");
}

TEST(InterpStructure, CompressAndReplicate) {
  check("compress([ff,tt],reshape([2,1,2],iota(4)))", "[2,1,1](2,4)");
  check("compress([ff,ff],iota(2))", "[0]()");
  check("replicate([0,2],reshape([2,2],\"abcd\"))", "[2,2](b,b,d,d)");
  checkError("compress([tt],iota(3))",
             "test.tail:1:1: LENGTH ERROR: compress with 1 booleans along an axis of length 3");
  checkError("replicate([~1,1],iota(2))", "test.tail:1:1: DOMAIN ERROR: replicate with a negative count -1");
}

TEST(InterpStructure, IndexAndUpdate) {
  check("index(3,2,reshape([2,2,3],iota(12)))", "[2,2](2,5,8,11)");
  check("index(1,2,iota(3))", "[](2)");
  checkError("index(1,4,iota(3))", "test.tail:1:1: INDEX ERROR: index 4 on axis 1 of length 3");
  checkError("index(3,1,reshape([2,2],iota(4)))", "test.tail:1:1: INDEX ERROR: axis 3 of an array of rank 2");
  check("update(reshape([2,2,2],iota(8)),[2,1,2],0)", "[2,2,2](1,2,3,4,5,0,7,8)");
  check("update(5,[]:int,7)", "[](7)");
  checkError("update(iota(3),[4],0)", "test.tail:1:1: INDEX ERROR: index 4 into an array of shape 3");
  checkError("update(reshape([2,2],iota(4)),[0,1],0)", "test.tail:1:1: INDEX ERROR: index 0 1 into an array of shape 2 2");
}

TEST(InterpStructure, GradeIsStable) {
  check("gradeUp([2.5,1.0,2.5,0.5])", "[4](4,2,1,3)");
  check("gradeDown([2.5,1.0,2.5,0.5])", "[4](1,3,2,4)");
  check("gradeDown(\"abca\")", "[4](3,2,1,4)");
  check("gradeUp([tt,ff,tt])", "[3](2,1,3)");
  check("gradeUp(iota(0))", "[0]()");
}

// ---- Functions and tuples ------------------------------------------------------------------------

TEST(InterpFunctions, ScopingAndPartialPrimitives) {
  check("(addi)(1)(2)", "[](3)");
  check("let x:[int]0 = 1 in let f:[int]0 -> [int]0 = fn y:[int]0 => addi(x,y) in let x:[int]0 = 10 in f(5)", "[](6)");
  check("let g:[int]0 -> [int]0 -> [int]0 = subi in each(g(10),iota(3))", "[3](9,8,7)");
  check("#1((1,(2,3)))", "{[](2);[](3)}");
}

TEST(InterpFunctions, ErrorsInsideFunctionsNameTheInnerPrimitive) {
  checkError("each(fn x:[int]0 => divi(x,subi(x,2)),iota(3))", "test.tail:1:21: DOMAIN ERROR: integer division by zero");
  checkError("let d:[int]0 -> [int]0 -> [int]0 = divi in\nzipWith(d,[1],[0])",
             "test.tail:1:36: DOMAIN ERROR: integer division by zero");
}

// ---- System --------------------------------------------------------------------------------------

TEST(InterpSystem, PrintWritesInOrderAndReturnsItsArgument) {
  Outcome r = run("let a:[int]0 = first(0,print(iota(2))) in reduce(addi,a,print(reshape([1,2],[3,4])))");
  EXPECT_EQ(r.printed, (std::vector<std::string>{"[2](1,2)", "[1,2](3,4)"}));
  EXPECT_EQ(r.value, "[1](8)");
}

TEST(InterpSystem, FormatFollowsTheStyle) {
  check("format([1,~2,3])", "[6](1, ,-,2, ,3)");
  EXPECT_EQ(run("format(~2.5)", APLC_STYLE_APL).value, "[4](¯,2,.,5)");
  EXPECT_EQ(run("format(2.0)", APLC_STYLE_TAIL).value, "[3](2,.,0)");
  checkError("format(reshape([2,2],iota(4)))",
             "test.tail:1:1: RANK ERROR: format of a rank-2 array (TAIL's format gives a vector)");
}

TEST(InterpSystem, RandomNumbersFollowTheDocumentedGenerator) {
  // An independent SplitMix64 model (seed 16807) gives rolls 6 6 2 5 1 and deal 8 7 4 5 3.
  check("[roll(6),roll(6),roll(6),roll(6),roll(6)]:int", "[5](6,6,2,5,1)");
  check("deal(5,10)", "[5](8,7,4,5,3)");
  check("rollD(0)", "[](0.772919105134)");
  check("deal(3,1000000000000000000)", run("deal(3,1000000000000000000)").value);  // deterministic
  EXPECT_NE(run("deal(8,8)", APLC_STYLE_TAIL, 1).value, run("deal(8,8)", APLC_STYLE_TAIL, 2).value);
  checkError("roll(0)", "test.tail:1:1: DOMAIN ERROR: roll of a non-positive number 0");
  checkError("deal(4,3)", "test.tail:1:1: DOMAIN ERROR: deal of 4 distinct numbers from 1..3");
}

TEST(InterpSystem, MissingFileIsAFileError) {
  Outcome r = run("readIntVecFile(\"/nonexistent/aplc-no-such-file.txt\")");
  EXPECT_EQ(r.error.rfind("test.tail:1:1: FILE ERROR: ", 0), 0u) << r.error;
}

}  // namespace
}  // namespace aplc::tail
