// Unit tests of the optimiser's pipeline (tail::optimise): the thesis's Figures 3.6 → 3.7 and
// 3.1, shadowing, the program's type kept, and its checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "OptTestUtil.h"
#include "support/Diagnostics.h"
#include "tail/opt/Optimise.h"

namespace aplc::tail {
namespace {

std::string readTailTest(const std::string& name) {
  std::ifstream in(std::string(APLC_TAIL_TESTS) + "/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << name;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void checkPipeline(const std::string& input, const std::string& expected) {
  testing::check([](const Exp& e) { return optimiseForTest(e); }, input, expected);
}

TEST(Optimise, Figure3_6BecomesFigure3_7) {
  Exp fig36 = parseExpText(readTailTest("fig3_6_inner_product.tail"));
  Exp fig37 = parseExpText(readTailTest("fig3_7_inner_product_optimised.tail"));
  Exp out = optimiseForTest(fig36);
  EXPECT_TRUE(alphaEquivalent(out, fig37)) << "got:\n" << print(out) << "\nexpected:\n" << print(fig37);
  EXPECT_EQ(toString(checkProgram(out)), "[double]0");
}

TEST(Optimise, Figure3_1Signal) {
  Exp out = optimiseForTest(parseExpText(readTailTest("fig3_1_signal.tail")));
  Exp want = parseExpText(
      "let v0:<int>15 = [9,8,6,8,7,4,4,3,2,2,1,2,4,5,6] in "
      "let v3:<int>16 = consV(0,v0) in "
      "reduce(addd,0.0,zipWith(fn x:[int]0 => fn y:[int]0 => "
      "maxd(~50.0,mind(50.0,muld(50.0,divd(i2d(x),addd(0.01,i2d(y)))))),"
      "drop(1,zipWith(subi,v3,rotateV(~1,v3))),v0))");
  EXPECT_TRUE(alphaEquivalent(out, want)) << "got:\n" << print(out);
}

TEST(Optimise, ShadowedNames) {
  // The inner x shadows the outer one; y must still see the outer x (1), so the result is 1+2.
  checkPipeline("let x:[int]0 = 1 in let y:[int]0 = x in let x:[int]0 = 2 in addi(x,y)", "let r:[int]0 = 3 in r");
  checkPipeline("fn x:[int]0 => let f:[int]0 -> [int]0 = fn x:[int]0 => muli(x,2) in addi(f(x),x)",
                "fn a:[int]0 => let f:[int]0 -> [int]0 = fn b:[int]0 => muli(b,2) in addi(f(a),a)");
}

TEST(Optimise, ProgramTypeIsKept) {
  Exp in = parseExpText("let x:[int]0 = addi(2,3) in x");
  Exp out = optimiseForTest(in);
  EXPECT_EQ(toString(checkProgram(out)), "[int]0");
  EXPECT_TRUE(alphaEquivalent(out, parseExpText("let r:[int]0 = 5 in r"))) << print(out);
}

TEST(Optimise, EffectsSurvive) {
  checkPipeline("let a:[int]1 = print(iota(3)) in let b:[int]0 = roll(6) in let c:[int]0 = addi(1,2) in c",
                "let a:[int]1 = print(iota(3)) in let b:[int]0 = roll(6) in let r:[int]0 = 3 in r");
  // The failing division stays, though its value is unused.
  checkPipeline("let a:[int]0 = divi(1,0) in 7", "let a:[int]0 = divi(1,0) in 7");
}

TEST(Optimise, FusionThroughLets) {
  checkPipeline("let a:[int]1 = iota(100) in let b:[double]1 = each(i2d,a) in let c:[double]1 = each(fn d:[double]0 => muld(d,2.0),b) in "
                "reduce(addd,0.0,c)",
                "let a:[int]1 = iota(100) in let c:[double]1 = each(fn x:[int]0 => muld(i2d(x),2.0),a) in reduce(addd,0.0,c)");
}

TEST(Optimise, MapsThroughFunctionsTuplesAndPower) {
  // f is a variable: applying it may fail, so its map is not fused into zipWith's argument.
  checkPipeline(
      "let f:[int]0 -> [int]0 = fn x:[int]0 => maxi(x,3) in "
      "let m:[int]2 = reshape([2,3],iota(6)) in "
      "let a:[int]2 = each(f,each(fn x:[int]0 => mini(x,x),m)) in "
      "let b:[double]2 = zipWith(fn x:[double]0 => fn y:[double]0 => addd(muld(x,x),y),each(i2d,a),"
      "  each(b2d,each(fn z:[int]0 => gti(z,2),m))) in "
      "let p:[int]1 = power(fn v:[int]1 => each(fn x:[int]0 => mini(x,7),each(fn x:[int]0 => maxi(x,1),v)),3,iota(4)) in "
      "let s:<int>2 = shape(b) in "
      "let n:S(int,2) = firstV(shapeV(s)) in "
      "addd(reduce(addd,0.0,reduce(addd,0.0,b)),i2d(addi(n,reduce(addi,0,p))))",
      "let f:[int]0 -> [int]0 = fn x:[int]0 => maxi(x,3) in "
      "let m:[int]2 = reshape([2,3],iota(6)) in "
      "let b:[double]2 = zipWith(fn x:[double]0 => fn y:[int]0 => addd(muld(x,x),b2d(gti(y,2))),"
      "  each(fn z:[int]0 => i2d(f(mini(z,z))),m),m) in "
      "let p:[int]1 = power(fn v:[int]1 => each(fn w:[int]0 => mini(maxi(w,1),7),v),3,iota(4)) in "
      "addd(reduce(addd,0.0,reduce(addd,0.0,b)),i2d(addi(2,reduce(addi,0,p))))");
}

TEST(Optimise, LongMapChainsFuseInBoundedPieces) {
  std::string text = "let a0:[int]1 = iota(1000) in ";
  const int n = 120;
  for (int i = 1; i <= n; ++i)
    text += "let a" + std::to_string(i) + ":[int]1 = each(fn x:[int]0 => maxi(x," + std::to_string(i) + "),a" +
            std::to_string(i - 1) + ") in ";
  text += "reduce(maxi,0,a" + std::to_string(n) + ")";
  Exp out = optimiseForTest(parseExpText(text));
  struct CountMaps : Visitor {
    int maps = 0;
    size_t largestFunction = 0;
    void visit(const PrimApp& p) override {
      if (p.op == Prim::Each) {
        ++maps;
        largestFunction = std::max(largestFunction, expSize(p.args[0], 100000));
      }
      Visitor::visit(p);
    }
  } count;
  count.walk(out);
  EXPECT_GT(count.maps, 1);          // not one giant function ...
  EXPECT_LT(count.maps, n / 10);     // ... but far fewer maps than before
  EXPECT_LE(count.largestFunction, kMaxFusedFunctionSize);
  EXPECT_EQ(toString(checkProgram(out)), "[int]0");
}

TEST(Optimise, IllTypedInputIsTheUsersError) {
  EXPECT_THROW(optimise(parseExpText("addi(1,tt)")), UserError);
}

TEST(Optimise, ReachesAFixedPoint) {
  Exp once = optimiseForTest(parseExpText(readTailTest("fig3_6_inner_product.tail")));
  Exp twice = optimiseForTest(once);
  EXPECT_TRUE(alphaEquivalent(once, twice)) << print(once) << "\n---\n" << print(twice);
}

}  // namespace
}  // namespace aplc::tail
