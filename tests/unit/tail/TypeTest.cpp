// Unit tests for tail/ir/Type.h: shape normalisation, unification, subtyping.
#include <gtest/gtest.h>

#include "tail/ir/Parse.h"
#include "tail/ir/Type.h"

namespace aplc::tail {
namespace {

TEST(Shape, NormalisesUpToAssociativityCommutativityAndConstants) {
  Shape g = Shape::fresh();
  Shape h = Shape::fresh();
  // 1+γ+2 is γ+3
  EXPECT_EQ(Shape(1) + g + Shape(2), g + Shape(3));
  // γ+h = h+γ, (γ+1)+(h+1) = (h+2)+γ
  EXPECT_EQ(g + h, h + g);
  EXPECT_EQ((g + Shape(1)) + (h + Shape(1)), (h + Shape(2)) + g);
  EXPECT_EQ((g + g).coefficientOf(g.terms()[0].first), 2);
  EXPECT_TRUE((g - g).isConstant());
  EXPECT_EQ((g + Shape(2)) - g, Shape(2));
  EXPECT_FALSE((Shape(1) - g).isNonNegative());
  EXPECT_TRUE((g + Shape(1)).isNonNegative());
  EXPECT_EQ(toString(Shape(3) + Shape(4)), "7");
  EXPECT_EQ(toString(Shape(-1)), "~1");
}

TEST(Unify, BaseTypes) {
  Unifier u;
  Base a = Base::fresh();
  u.unify(a, Base::intT());
  EXPECT_EQ(u.resolve(a), Base::intT());
  EXPECT_THROW(u.unify(a, Base::doubleT()), UnifyFailure);
  Base b = Base::fresh(), c = Base::fresh();
  u.unify(b, c);
  u.unify(c, Base::charT());
  EXPECT_EQ(u.resolve(b), Base::charT());
}

TEST(Unify, ShapeVariablesAndSums) {
  Unifier u;
  Shape g = Shape::fresh(), h = Shape::fresh();
  // γ+2 = 5 solves γ = 3
  u.unify(g + Shape(2), Shape(5));
  EXPECT_EQ(u.resolve(g), Shape(3));
  // 3+h = γ+h holds with γ = 3 for any h; then h+1 = 4 gives h = 3
  u.unify(Shape(3) + h, g + h);
  u.unify(h + Shape(1), Shape(4));
  EXPECT_EQ(u.resolve(h), Shape(3));
  // lengths are never solved negative: k+5 = 2 has no solution
  Shape k = Shape::fresh();
  EXPECT_THROW(u.unify(k + Shape(5), Shape(2)), UnifyFailure);
  // but a singleton value may be: S(int,k) against S(int,~1)
  u.unifyValue(k, Shape(-1));
  EXPECT_EQ(u.resolve(k), Shape(-1));
}

TEST(Unify, ShapeOccursCheckFailsAsAConstantClash) {
  Unifier u;
  Shape g = Shape::fresh();
  EXPECT_THROW(u.unify(g, g + Shape(1)), UnifyFailure);  // γ = γ+1
  u.unify(g + g, g + Shape(2));                           // 2γ = γ+2 gives γ = 2
  EXPECT_EQ(u.resolve(g), Shape(2));
}

TEST(Unify, TypeVariableOccursCheck) {
  Unifier u;
  Type t = Type::fresh();
  EXPECT_THROW(u.unify(t, Type::function(t, t)), UnifyFailure);
  EXPECT_TRUE(u.tryUnify(t, Type::scalar(Base::intT())));
  EXPECT_EQ(u.resolve(Type::function(t, t)), parseType("int -> int"));
}

TEST(Unify, ArraysVectorsFunctionsTuples) {
  Unifier u;
  Base a = Base::fresh();
  Shape r = Shape::fresh();
  u.unify(Type::array(a, r + Shape(1)), parseType("[double]3"));
  EXPECT_EQ(u.resolve(Type::array(a, r)), parseType("[double]2"));
  EXPECT_FALSE(u.tryUnify(parseType("[int]1"), parseType("<int>1")));  // kinds differ
  EXPECT_FALSE(u.tryUnify(parseType("(int * int)"), parseType("(int * int * int)")));
  EXPECT_TRUE(u.tryUnify(parseType("(int * <char>2)"), parseType("(int * <char>2)")));
}

TEST(Unify, FailedAttemptsLeaveNoBindings) {
  Unifier u;
  Base a = Base::fresh();
  Shape r = Shape::fresh();
  // Binds a := int before failing on the rank; the binding must be undone.
  EXPECT_FALSE(u.tryUnify(Type::array(a, r + Shape(3)), parseType("[int]1")));
  EXPECT_TRUE(u.resolve(a).isVar());
  EXPECT_TRUE(u.tryUnify(Type::array(a, r), parseType("[bool]1")));
  EXPECT_EQ(u.resolve(a), Base::boolT());
}

// check(actual, expected, holds): prints both on failure.
void checkSubtype(const char* actual, const char* expected, bool holds) {
  EXPECT_EQ(isSubtype(parseType(actual), parseType(expected)), holds) << actual << " ⊆ " << expected;
}

TEST(Subtype, Rules3_1To3_5) {
  checkSubtype("[int]2", "[int]2", true);          // 3.1
  checkSubtype("<int>3", "[int]1", true);          // 3.3
  checkSubtype("<int>3", "[int]2", false);
  checkSubtype("SV(int,7)", "<int>1", true);       // 3.4
  checkSubtype("SV(int,7)", "<int>2", false);
  checkSubtype("SV(int,7)", "[int]1", true);       // 3.4 then 3.3 (3.2, transitivity)
  checkSubtype("S(int,7)", "[int]0", true);        // 3.5
  checkSubtype("S(int,7)", "S(int,8)", false);
  checkSubtype("S(int,7)", "<int>1", false);
  checkSubtype("[int]0", "S(int,7)", false);       // no way back
  checkSubtype("[int]1", "<int>3", false);
  checkSubtype("<int>3", "[double]1", false);      // element types never change
  // functions: contravariant parameter, covariant result
  checkSubtype("[int]1 -> <int>3", "<int>3 -> [int]1", true);
  checkSubtype("<int>3 -> [int]1", "[int]1 -> [int]1", false);
  checkSubtype("(S(int,1) * <bool>2)", "([int]0 * [bool]1)", true);
}

TEST(Subtype, BindsVariablesOnTheWay) {
  Unifier u;
  Base a = Base::fresh();
  Shape r = Shape::fresh();
  // <int>5 ⊆ [a]r gives a = int, r = 1
  u.subtype(parseType("<int>5"), Type::array(a, r));
  EXPECT_EQ(u.resolve(Type::array(a, r)), parseType("[int]1"));
  // S(int,~3) against the magnitude form S(int,|q|) gives q = 3
  Shape q = Shape::fresh();
  u.subtype(parseType("S(int,~3)"), Type::singletonMagnitude(Base::intT(), q));
  EXPECT_EQ(u.resolve(q), Shape(3));
}

TEST(Scheme, ParsesAndInstantiatesFreshly) {
  Scheme s = parseScheme("(a -> b) -> [a]r -> [b]r");
  EXPECT_EQ(s.arity(), 2u);
  EXPECT_EQ(s.baseVars.size(), 2u);
  EXPECT_EQ(s.shapeVars.size(), 1u);
  Unifier u;
  Type i1 = u.instantiate(s), i2 = u.instantiate(s);
  EXPECT_FALSE(i1 == i2);  // fresh variables each time
  u.unify(i1, parseType("([int]0 -> [double]0) -> [int]2 -> [double]2"));
  EXPECT_TRUE(hasVariables(u.resolve(i2)));
}

TEST(Type, PrintsInTheThesisSyntax) {
  EXPECT_EQ(toString(parseType("int")), "[int]0");
  EXPECT_EQ(toString(parseType("<double>15")), "<double>15");
  EXPECT_EQ(toString(parseType("S(bool,1)")), "S(bool,1)");
  EXPECT_EQ(toString(parseType("SV(int,~2)")), "SV(int,~2)");
  EXPECT_EQ(toString(parseType("(int -> int) -> [int]1 -> [int]1")), "([int]0 -> [int]0) -> [int]1 -> [int]1");
  EXPECT_EQ(toString(parseType("([int]1 * (int -> int))")), "([int]1 * ([int]0 -> [int]0))");
  VarNames names;
  Scheme s = parseScheme("[a](r+1) -> <a>r");
  EXPECT_EQ(toString(s.body, names), "['a]('n+1) -> <'a>'n");
}

}  // namespace
}  // namespace aplc::tail
