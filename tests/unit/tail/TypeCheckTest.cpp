// Unit tests for tail/ir/TypeCheck.h: acceptance with the expected type, rejection with the
// expected message, and instance annotation.
#include <gtest/gtest.h>

#include "support/Diagnostics.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Print.h"
#include "tail/ir/TypeCheck.h"

namespace aplc::tail {
namespace {

// The type of `program` as text, or "error: <message>".
std::string typeText(const std::string& program) {
  try {
    return toString(checkProgram(parseExpText(program)));
  } catch (const UserError& e) {
    return "error: " + e.diagnostic().message;
  }
}

void check(const std::string& program, const std::string& expected) {
  EXPECT_EQ(typeText(program), expected) << "program: " << program;
}

TEST(TypeCheck, Literals) {
  check("5", "S(int,5)");
  check("~5", "S(int,~5)");
  check("tt", "S(bool,1)");
  check("ff", "S(bool,0)");
  check("2.5", "[double]0");
  check("'a'", "[char]0");
  check("[5]", "SV(int,5)");        // rule 3.19
  check("[1,2,3]", "<int>3");       // rule 3.23
  check("[2.5]", "<double>1");
  check("\"abc\"", "<char>3");
  check("[]:bool", "<bool>0");
}

TEST(TypeCheck, PrimitivesInstantiateTheirSchemes) {
  check("iota(5)", "[int]1");
  check("iotaV(5)", "<int>5");
  check("shape(reshape([2,3],iota(6)))", "<int>2");
  check("shapeV(iotaV(4))", "SV(int,4)");
  check("firstV(shapeV(iotaV(4)))", "S(int,4)");
  check("catV(iotaV(2),[7,8,9])", "<int>5");
  check("dropV(~2,iotaV(5))", "<int>3");
  check("takeV(~2,iota(5))", "<int>2");
  check("reduce(addi,0,reshape([2,3,4],iota(24)))", "[int]2");
  check("transp2([2,3,1],reshape([2,3,4],iota(24)))", "[int]3");
  check("each(i2d,[1,2])", "[double]1");
  check("power(fn x:(int * int) => (#1(x),#0(x)),3,(1,2))", "([int]0 * [int]0)");
  check("b2iV(ff)", "S(int,0)");
}

TEST(TypeCheck, LetsLambdasApplications) {
  check("let x:[int]1 = [1,2] in x", "[int]1");
  check("fn x:[int]0 => [x,x]:int", "[int]0 -> <int>2");
  check("(fn x:[int]0 => addi(x,1))(2)", "[int]0");
  check("let x:[int]0 = 1 in let x:[double]0 = 2.0 in x", "[double]0");  // lexical scoping
}

TEST(TypeCheck, RecursiveFunctions) {
  const char* fact = "letrec f:[int]0 -> [int]0 = fn n:[int]0 => "
                     "cond(ltei(n,1),fn u:[int]0 => 1,fn u:[int]0 => muli(n,f(subi(n,1)))) in f(5)";
  check(fact, "[int]0");
  // The body's type must be a subtype of the declared result; the name is not bound outside.
  check("letrec f:[int]0 -> [bool]0 = fn n:[int]0 => n in f(1)",
        "error: TYPE ERROR: the recursive function `f` has type [int]0 -> [int]0, expected [int]0 -> [bool]0; in: fn n => n");
  check("let x:[int]0 = (letrec f:[int]0 -> [int]0 = fn n:[int]0 => n in f(1)) in f(x)",
        "error: TYPE ERROR: unbound variable `f`");
}

TEST(TypeCheck, Rejections) {
  check("addi(1,2.0)",
        "error: TYPE ERROR: the second argument of addi has type [double]0, expected [int]0; in: 2.0");
  check("iotaV(iota(1))",
        "error: TYPE ERROR: the first argument of iotaV has type [int]1, expected S(int,'n) (a singleton: the "
        "value must be known statically); in: iota(1)");
  check("let x:<int>2 = [1,2,3] in x",
        "error: TYPE ERROR: the value bound to `x` has type <int>3, expected <int>2; in: [1,2,3]");
  check("zipWith(addi,[1,2],reshape([1,2],[1,2]))",
        "error: TYPE ERROR: the third argument of zipWith has type [int]2, expected [int]1; in: reshape([1,2],[1,2])");
  check("#0(5)", "error: TYPE ERROR: projection #0 of a non-tuple of type S(int,5); in: 5");
  check("x", "error: TYPE ERROR: unbound variable `x`");
  check("each(fn x:[int]0 => x,[1.0])",
        "error: TYPE ERROR: the second argument of each has type <double>1, expected [int]'n; in: [1.0]");
  check("[1,2.0]:int", "error: TYPE ERROR: array element 2 has type [double]0, expected [int]0; in: 2.0");
  check("each(first,[1])",
        "error: TYPE ERROR: the first argument of each has type ['a]0 -> ['a]'n -> ['a]0, expected ['b]0 -> "
        "['c]0; in: first");
  check("reverse", "error: TYPE ERROR: cannot determine the type of this primitive: ['a]'n -> ['a]'n; in: reverse");
}

TEST(TypeCheck, AnnotatesInstances) {
  Annotated a = annotateTypes(parseExpText("reduce(addi,0,each(fn x:[int]0 => muli(x,x),[1,2,3]))"));
  EXPECT_EQ(toString(a.type), "[int]0");
  const PrimApp& reduce = a.exp.to<PrimApp>();
  EXPECT_EQ(toString(reduce.instance),
            "([int]0 -> [int]0 -> [int]0) -> [int]0 -> [int]1 -> [int]0");
  EXPECT_EQ(toString(reduce.resultType()), "[int]0");
  EXPECT_EQ(toString(reduce.argType(2)), "[int]1");
  const PrimFn& addi = reduce.args[0].to<PrimFn>();
  EXPECT_EQ(toString(addi.instance), "[int]0 -> [int]0 -> [int]0");
  // The annotated program prints exactly as the original.
  EXPECT_EQ(print(a.exp), "reduce(addi,0,each(fn x:[int]0 => muli(x,x),[1,2,3]))");
}

TEST(TypeCheck, OpenExpressions) {
  std::map<Name, Type> env{{Name{"a", 1}, parseType("<int>4")}};
  EXPECT_EQ(toString(typeOf(parseExpText("catV(a_1,a_1)"), env)), "<int>8");
  EXPECT_THROW(typeOf(parseExpText("catV(a_2,a_1)"), env), UserError);
}

}  // namespace
}  // namespace aplc::tail
