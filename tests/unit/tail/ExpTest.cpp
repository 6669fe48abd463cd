// Unit tests for tail/ir/Exp.h: make-function invariants, visitor and mutator behaviour.
#include <gtest/gtest.h>

#include "support/Diagnostics.h"
#include "tail/ir/Exp.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Print.h"

namespace aplc::tail {
namespace {

TEST(Exp, MakeChecksInvariants) {
  EXPECT_THROW(PrimApp::make(Prim::AddI, {IntConst::make(1)}), InternalError);  // arity 2
  EXPECT_THROW(Tuple::make({IntConst::make(1)}), InternalError);              // one element
  EXPECT_THROW(Let::make(Name{"x", 1}, Type(), IntConst::make(1), IntConst::make(2)), InternalError);
  EXPECT_THROW(Lambda::make(Name{"x", 1}, Type::scalar(Base::fresh()), IntConst::make(1)), InternalError);
  EXPECT_THROW(ArrayLit::make(Base::fresh(), {}), InternalError);
  EXPECT_THROW(IntConst::make(1).to<Var>(), InternalError);
  EXPECT_NO_THROW(PrimApp::make(Prim::AddI, {IntConst::make(1), IntConst::make(2)}));
}

TEST(Exp, PrimTableLookups) {
  EXPECT_EQ(lookupPrim("zipWith"), Prim::ZipWith);
  EXPECT_EQ(primName(Prim::IotaV), "iotaV");
  EXPECT_EQ(primArity(Prim::Reduce), 3u);
  EXPECT_EQ(primEffect(Prim::Print), PrimEffect::Effect);
  EXPECT_EQ(primEffect(Prim::AddI), PrimEffect::Pure);
  EXPECT_FALSE(lookupPrim("nosuchprim").has_value());
  for (size_t i = 0; i < kPrimCount; ++i) {
    Prim p = primAt(i);
    EXPECT_EQ(lookupPrim(primName(p)), p) << primName(p);  // names are unique
    EXPECT_GE(primArity(p), 1u) << primName(p);
  }
}

TEST(Exp, VisitorCountsNodes) {
  struct CountPrims : Visitor {
    int prims = 0, vars = 0;
    void visit(const PrimApp& n) override {
      ++prims;
      Visitor::visit(n);
    }
    void visit(const Var&) override { ++vars; }
  } c;
  c.walk(parseExpText("let x:[int]1 = iota(3) in each(fn y:[int]0 => addi(y,1),x)"));
  EXPECT_EQ(c.prims, 3);
  EXPECT_EQ(c.vars, 2);
}

TEST(Exp, MutatorRebuildsOnlyWhatChanges) {
  // Replaces every integer constant 1 by 2.
  struct OneToTwo : Mutator {
    Exp visit(const IntConst& n, const Exp& self) override {
      return n.value == 1 ? IntConst::make(2, n.loc) : self;
    }
  } m;
  Exp e = parseExpText("let x:[int]1 = iota(3) in (addi(1,5),x)");
  Exp out = m.mutate(e);
  EXPECT_EQ(print(out), "let x:[int]1 = iota(3) in\n(addi(2,5),x)");
  // The unchanged value of the let is shared, not copied.
  EXPECT_TRUE(out.to<Let>().value.same(e.to<Let>().value));
  // Nothing to change: the very same node comes back.
  Exp f = parseExpText("iota(3)");
  EXPECT_TRUE(m.mutate(f).same(f));
}

TEST(Exp, StructuralEqualityAndTags) {
  EXPECT_TRUE(equalExp(parseExpText("addi(x_1,2)"), parseExpText("addi( x_1 , 2 )")));
  EXPECT_FALSE(equalExp(parseExpText("addi(x_1,2)"), parseExpText("addi(x_2,2)")));
  EXPECT_EQ(maxNameTag(parseExpText("let a_4:[int]0 = 1 in fn b_9:[int]0 => c_2")), 9u);
  NameGen gen(10);
  EXPECT_EQ(gen.fresh("v").str(), "v_10");
  EXPECT_EQ(gen.fresh("w").str(), "w_11");
}

}  // namespace
}  // namespace aplc::tail
