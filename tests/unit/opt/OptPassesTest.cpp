// Unit tests of the optimiser's passes, one at a time: TAIL text in, expected TAIL text out
// (compared modulo bound names), the output type-checked.
#include <gtest/gtest.h>

#include "OptTestUtil.h"
#include "tail/opt/OptCommonValues.h"
#include "tail/opt/OptConstantFold.h"
#include "tail/opt/OptCopyProp.h"
#include "tail/opt/OptDeadBindings.h"
#include "tail/opt/OptFusion.h"
#include "tail/opt/OptInline.h"
#include "tail/opt/OptShapes.h"

namespace aplc::tail {
namespace {

using testing::check;
using testing::checkUnchanged;

// ---- Constant folding ---------------------------------------------------------------------

TEST(ConstantFold, IntegerArithmetic) {
  check(foldConstants, "addi(2,muli(3,4))", "14");
  check(foldConstants, "subi(2,5)", "~3");
  check(foldConstants, "divi(~7,2)", "~3");        // truncates toward zero
  check(foldConstants, "resi(3,~7)", "2");         // APL residue has the sign of the left argument
  check(foldConstants, "resi(0,~7)", "~7");
  check(foldConstants, "powi(2,10)", "1024");
  check(foldConstants, "maxi(absi(~4),signi(~9))", "4");
}

TEST(ConstantFold, OverflowIsNotFolded) {
  checkUnchanged(foldConstants, "addi(9223372036854775807,1)");
  checkUnchanged(foldConstants, "muli(4611686018427387904,2)");
  checkUnchanged(foldConstants, "powi(10,19)");
  check(foldConstants, "subi(negi(9223372036854775807),2)", "subi(~9223372036854775807,2)");
}

TEST(ConstantFold, RunTimeErrorsAreNotFolded) {
  checkUnchanged(foldConstants, "divi(7,0)");
  checkUnchanged(foldConstants, "powi(2,~1)");
  checkUnchanged(foldConstants, "divd(1.0,0.0)");
  checkUnchanged(foldConstants, "i2c(~1)");
  checkUnchanged(foldConstants, "floor(1e300)");
  // Only the inner, safe part folds.
  check(foldConstants, "divi(addi(1,2),subi(3,3))", "divi(3,0)");
}

TEST(ConstantFold, Doubles) {
  check(foldConstants, "addd(i2d(2),0.5)", "2.5");
  check(foldConstants, "divd(1.0,4.0)", "0.25");
  check(foldConstants, "floor(~2.5)", "~3");
  check(foldConstants, "ltd(1.5,2.5)", "tt");
  // Library functions may round differently at run time: left alone.
  checkUnchanged(foldConstants, "sin(1.0)");
  checkUnchanged(foldConstants, "powd(2.0,0.5)");
  // NaN results keep their run-time conventions.
  checkUnchanged(foldConstants, "subd(inf,inf)");
  check(foldConstants, "muld(~1.0e-300,1.0e-300)", "~0.0");
}

TEST(ConstantFold, BooleansAndChars) {
  check(foldConstants, "andb(tt,notb(ff))", "tt");
  check(foldConstants, "b2i(xorb(tt,tt))", "0");
  check(foldConstants, "c2i('A')", "65");
  check(foldConstants, "eqc('a','a')", "tt");
}

TEST(ConstantFold, ShapeVectors) {
  check(foldConstants, "catV(dropV(b2iV(tt),[2,3]),[3,2])", "[3,3,2]");
  check(foldConstants, "takeV(~1,iotaV(3))", "[3]");
  check(foldConstants, "takeV(5,[1,2])", "[1,2,0,0,0]");
  check(foldConstants, "takeV(~4,[1,2])", "[0,0,1,2]");
  check(foldConstants, "dropV(~2,rotateV(2,iotaV(3)))", "[3]");
  check(foldConstants, "catV(transpV(rotateV(1,transpV(dropV(~1,iotaV(3))))),takeV(~1,iotaV(3)))", "[2,1,3]");
  check(foldConstants, "snocV(consV(1,[2]),3)", "[1,2,3]");
  check(foldConstants, "reverseV([1,2,3])", "[3,2,1]");
  // iotaV of a constant is as short as a literal: kept.
  checkUnchanged(foldConstants, "iotaV(5)");
}

TEST(ConstantFold, ValuesKnownFromSingletonTypes) {
  check(foldConstants, "let v:<int>3 = iotaV(3) in firstV(shapeV(v))", "let v:<int>3 = iotaV(3) in 3");
  check(foldConstants, "let n:S(int,2) = firstV(shapeV([7,8])) in iotaV(n)", "let n:S(int,2) = 2 in iotaV(2)");
  check(foldConstants, "let v:<double>4 = [1.0,2.0,3.0,4.0] in shape(v)",
        "let v:<double>4 = [1.0,2.0,3.0,4.0] in [4]");
  check(foldConstants, "subi(firstV(shapeV(shape(reshape([3,2],iota(6))))),b2iV(tt))", "1");
}

TEST(ConstantFold, EffectsAreNotFoldedAway) {
  // The value 3 is known from the type, but roll must still run.
  checkUnchanged(foldConstants, "firstV(shapeV(consV(roll(6),[1,2])))");
  checkUnchanged(foldConstants, "shape(print(3))");
}

// ---- Shape simplification -----------------------------------------------------------------

TEST(SimplifyShapes, ShapeOfReshapeAndTranspose) {
  check(simplifyShapes, "let a:[int]2 = reshape([3,2],iota(6)) in shape(transp(a))",
        "let a:[int]2 = reshape([3,2],iota(6)) in [2,3]");
  check(simplifyShapes, "let a:[int]3 = reshape([2,3,4],iota(24)) in shape(transp2([2,3,1],a))",
        "let a:[int]3 = reshape([2,3,4],iota(24)) in [4,2,3]");
  check(simplifyShapes, "fn s:<int>2 => let a:[int]2 = reshape(s,iota(6)) in shape(a)",
        "fn s:<int>2 => let a:[int]2 = reshape(s,iota(6)) in s");
  check(simplifyShapes,
        "let a:[int]2 = reshape([2,3],iota(6)) in let b:[int]2 = cat(a,each(fn x:[int]0 => x,a)) in shape(b)",
        "let a:[int]2 = reshape([2,3],iota(6)) in let b:[int]2 = cat(a,each(fn x:[int]0 => x,a)) in [2,6]");
  check(simplifyShapes, "let a:[int]2 = reshape([2,3],iota(6)) in shape(reduce(maxi,0,drop(1,a)))",
        "let a:[int]2 = reshape([2,3],iota(6)) in [1]");
}

TEST(SimplifyShapes, ShapeOfSomethingThatMayFailOrPrintIsKept) {
  checkUnchanged(simplifyShapes, "let a:[int]2 = reshape([2,2],iota(4)) in shape(print(a))");
  checkUnchanged(simplifyShapes, "fn s:<int>2 => shape(reshape(s,iota(6)))");  // s may be negative
}

TEST(SimplifyShapes, Identities) {
  check(simplifyShapes, "fn v:[int]1 => transp(v)", "fn v:[int]1 => v");
  check(simplifyShapes, "fn v:<int>3 => transpV(rotateV(0,v))", "fn v:<int>3 => v");
  check(simplifyShapes, "fn m:[int]2 => transp2([1,2],m)", "fn m:[int]2 => m");
  check(simplifyShapes, "let a:[int]2 = reshape([2,3],iota(6)) in reshape([2,3],a)",
        "let a:[int]2 = reshape([2,3],iota(6)) in a");
  checkUnchanged(simplifyShapes, "fn m:[int]2 => transp(m)");
  checkUnchanged(simplifyShapes, "let a:[int]2 = reshape([2,3],iota(6)) in reshape([3,2],a)");
}

// ---- Copy propagation ---------------------------------------------------------------------

TEST(CopyPropagation, VariablesAndConstants) {
  check(propagateCopies, "let x:[int]1 = iota(100) in let y:[int]1 = x in reduce(addi,0,y)",
        "let x:[int]1 = iota(100) in reduce(addi,0,x)");
  check(propagateCopies, "let n:[int]0 = 5 in addi(n,n)", "addi(5,5)");
  check(propagateCopies, "let s:<int>3 = [3,3,2] in reshape(s,reshape(s,iota(5)))", "reshape([3,3,2],reshape([3,3,2],iota(5)))");
}

TEST(CopyPropagation, ExpensiveValuesAreNotCopied) {
  checkUnchanged(propagateCopies, "let v:<int>10 = [1,2,3,4,5,6,7,8,9,10] in catV(v,v)");
  checkUnchanged(propagateCopies, "let v:[int]1 = reverse(iota(3)) in cat(v,v)");
}

TEST(CopyPropagation, ShadowedNamesAreRenamedFirst) {
  // x is bound twice; y refers to the first x. After unique naming, y is the first x's value.
  check(propagateCopies, "let x:[int]0 = roll(9) in let y:[int]0 = x in let x:[int]0 = roll(8) in subi(x,y)",
        "let a:[int]0 = roll(9) in let b:[int]0 = roll(8) in subi(b,a)");
}

// ---- Common values ------------------------------------------------------------------------

TEST(CommonValues, ASecondIndexOfReadsTheFirst) {
  // L⍳R and R∊L: one indexOf.
  check(shareCommonValues,
        "fn l:[int]1 => fn r:[int]1 => let i:[int]1 = indexOf(l,r) in let j:[int]1 = indexOf(l,r) in "
        "zipWith(addi,i,j)",
        "fn l:[int]1 => fn r:[int]1 => let i:[int]1 = indexOf(l,r) in let j:[int]1 = i in zipWith(addi,i,j)");
  check(shareCommonValues,
        "fn v:[int]1 => let a:[int]0 = reduce(addi,0,v) in let b:[int]0 = reduce(addi,0,v) in subi(a,b)",
        "fn v:[int]1 => let a:[int]0 = reduce(addi,0,v) in let b:[int]0 = a in subi(a,b)");
}

TEST(CommonValues, OtherArgumentsOrPrimitivesAreNotShared) {
  checkUnchanged(shareCommonValues,
                 "fn l:[int]1 => fn r:[int]1 => let i:[int]1 = indexOf(l,r) in let j:[int]1 = indexOf(r,l) in "
                 "zipWith(addi,i,j)");
  // Maps and views stay recomputed: each is streamed into its one consumer.
  checkUnchanged(shareCommonValues,
                 "fn v:[int]1 => let a:[int]1 = each(negi,v) in let b:[int]1 = each(negi,v) in zipWith(addi,a,b)");
}

TEST(CommonValues, OnlyWhereTheFirstIsInScope) {
  // The first gradeUp is inside a lambda: the second, outside it, is computed again.
  checkUnchanged(shareCommonValues,
                 "fn v:[int]1 => let f:[int]1 = each(fn x:[int]0 => let g:[int]1 = gradeUp(v) in x,v) in "
                 "let h:[int]1 = gradeUp(v) in zipWith(addi,f,h)");
  // Inside a lambda the outer one is in scope.
  check(shareCommonValues,
        "fn v:[int]1 => let h:[int]1 = gradeUp(v) in each(fn x:[int]0 => let g:[int]1 = gradeUp(v) in "
        "reduce(addi,x,g),h)",
        "fn v:[int]1 => let h:[int]1 = gradeUp(v) in each(fn x:[int]0 => let g:[int]1 = h in reduce(addi,x,g),h)");
}

// ---- Dead bindings ------------------------------------------------------------------------

TEST(DeadBindings, UnusedPureBindingsGo) {
  check(removeDeadBindings, "let a:[int]1 = reverse([1,2]) in 7", "7");
  check(removeDeadBindings, "let a:[int]1 = reverse([1,2]) in let b:[int]1 = rotate(1,a) in 7", "7");
  check(removeDeadBindings, "fn x:[int]0 => let t:[int]0 = maxi(x,1) in x", "fn x:[int]0 => x");
}

TEST(DeadBindings, EffectsStay) {
  checkUnchanged(removeDeadBindings, "let a:[int]1 = print([1,2]) in 7");
  checkUnchanged(removeDeadBindings, "let a:[int]0 = roll(6) in 7");
  checkUnchanged(removeDeadBindings, "let a:[int]0 = now(0) in 7");
  checkUnchanged(removeDeadBindings, "let a:[char]1 = readFile(\"x.txt\") in 7");
}

TEST(DeadBindings, PossibleErrorsStay) {
  checkUnchanged(removeDeadBindings, "let a:[int]0 = divi(1,0) in 7");
  checkUnchanged(removeDeadBindings, "let a:[int]1 = zipWith(addi,iota(2),iota(3)) in 7");
  // A pure dead binding that only feeds a kept one stays with it.
  checkUnchanged(removeDeadBindings, "let a:[int]1 = reverse([1,2]) in let b:[int]1 = print(a) in 7");
}

// ---- Inlining -----------------------------------------------------------------------------

TEST(Inline, ScalarLetsUsedOnce) {
  check(inlineSingleUse, "fn x:[int]0 => let t:[double]0 = i2d(x) in addd(t,1.0)", "fn x:[int]0 => addd(i2d(x),1.0)");
  // Used twice: kept.
  checkUnchanged(inlineSingleUse, "fn x:[int]0 => let t:[double]0 = i2d(x) in addd(t,t)");
}

TEST(Inline, NotIntoALambda) {
  checkUnchanged(inlineSingleUse, "let t:[double]0 = i2d(5) in each(fn y:[double]0 => addd(y,t),[1.0,2.0])");
}

TEST(Inline, ErrorsKeepTheirOrder) {
  // y's division may be moved to its use (nothing risky comes first); x's may not (y's division
  // would then run before it).
  check(inlineSingleUse,
        "fn a:[int]0 => fn b:[int]0 => let x:[int]0 = divi(a,b) in let y:[int]0 = divi(b,a) in addi(y,x)",
        "fn a:[int]0 => fn b:[int]0 => let x:[int]0 = divi(a,b) in addi(divi(b,a),x)");
}

TEST(Inline, EffectsAreNotMoved) {
  checkUnchanged(inlineSingleUse, "let x:[int]0 = roll(6) in addi(x,1)");
}

TEST(Inline, MapProducersIntoMaps) {
  check(inlineSingleUse, "let t:[int]1 = each(negi,iota(100)) in each(i2d,t)", "each(i2d,each(negi,iota(100)))");
  // Other single uses keep their let (as in Figure 3.7).
  checkUnchanged(inlineSingleUse, "let t:[int]1 = reverse(iota(100)) in reduce(addi,0,t)");
  checkUnchanged(inlineSingleUse, "let t:[int]1 = each(negi,iota(100)) in reduce(addi,0,t)");
}

// ---- Map fusion ---------------------------------------------------------------------------

TEST(Fusion, EachOfEach) {
  check(fuseMaps, "each(i2d,each(negi,iota(100)))", "each(fn x:[int]0 => i2d(negi(x)),iota(100))");
  check(fuseMaps, "each(fn a:[double]0 => muld(a,2.0),each(i2d,iota(100)))",
        "each(fn x:[int]0 => let a:[double]0 = i2d(x) in muld(a,2.0),iota(100))");
  check(fuseMaps, "eachV(fn a:[int]0 => muli(a,2),eachV(b2i,[tt,ff]))",
        "eachV(fn x:[bool]0 => let a:[int]0 = b2i(x) in muli(a,2),[tt,ff])");
  // Three in a row fuse in one run; the element type changes along the way.
  check(fuseMaps, "each(b2i,each(fn d:[double]0 => gtd(d,1.0),each(i2d,iota(9))))",
        "each(fn x:[int]0 => b2i(let d:[double]0 = i2d(x) in gtd(d,1.0)),iota(9))");
}

TEST(Fusion, ZipWith) {
  check(fuseMaps, "zipWith(addd,each(i2d,iota(3)),[1.0,2.0,3.0])",
        "zipWith(fn x:[int]0 => fn y:[double]0 => addd(i2d(x),y),iota(3),[1.0,2.0,3.0])");
  check(fuseMaps, "zipWith(addd,[1.0,2.0],each(b2d,[tt,ff]))",
        "zipWith(fn x:[double]0 => fn y:[bool]0 => addd(x,b2d(y)),[1.0,2.0],[tt,ff])");
  check(fuseMaps, "each(i2d,zipWith(mini,iota(3),[3,2,1]))",
        "zipWith(fn x:[int]0 => fn y:[int]0 => i2d(mini(x,y)),iota(3),[3,2,1])");
}

TEST(Fusion, NotWhenTheErrorCouldChange) {
  // Both functions may fail (integer overflow, division by zero): the first error could differ.
  checkUnchanged(fuseMaps, "each(negi,each(fn a:[int]0 => divi(10,a),iota(3)))");
  // zipWith checks lengths before applying its function: its producers must not fail.
  checkUnchanged(fuseMaps, "zipWith(addd,each(fn a:[int]0 => divd(1.0,i2d(a)),iota(3)),[1.0,2.0,3.0])");
}

TEST(Fusion, NotWithEffects) {
  checkUnchanged(fuseMaps, "each(fn a:[int]0 => print(a),each(b2i,[tt,ff]))");
  checkUnchanged(fuseMaps, "each(i2d,each(fn a:[int]0 => roll(a),[4,5]))");
}

TEST(Fusion, TypesOfTheFusedLambda) {
  Exp out = fuseMaps(testing::prepare("each(fn b:[bool]0 => b2d(b),each(fn c:[char]0 => eqc(c,'a'),\"abc\"))"));
  const PrimApp& each = out.to<PrimApp>();
  const Lambda& fn = each.args[0].to<Lambda>();
  EXPECT_EQ(toString(fn.paramType), "[char]0");
  EXPECT_EQ(toString(checkProgram(out)), "[double]1");
  EXPECT_EQ(toString(each.instance), "([char]0 -> [double]0) -> [char]1 -> [double]1");
}

}  // namespace
}  // namespace aplc::tail
