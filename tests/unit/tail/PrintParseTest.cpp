// Unit tests for tail/ir/Print.h and tail/ir/Parse.h: round trips, literal syntax, syntax errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "support/Diagnostics.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Print.h"

namespace aplc::tail {
namespace {

// Parses `text` and prints it: the result must be `expected`, and must itself read back to the
// same text and an equal tree.
void check(const std::string& text, const std::string& expected) {
  Exp e = parseExpText(text);
  std::string printed = print(e);
  EXPECT_EQ(printed, expected) << "input: " << text;
  Exp again = parseExpText(printed);
  EXPECT_EQ(print(again), printed) << "input: " << text;
  EXPECT_TRUE(equalExp(e, again)) << "input: " << text;
}

TEST(PrintParse, LetsOnePerLine) {
  check("let v0:<int>15 = iotaV(15) in let v1:[int]0 = reduce(addi, 0, v0) in v1",
        "let v0:<int>15 = iotaV(15) in\nlet v1:[int]0 = reduce(addi,0,v0) in\nv1");
}

TEST(PrintParse, RecursiveFunctions) {
  check("letrec f:[int]0 -> [int]0 = fn n:[int]0 => f(subi(n,1)) in f(3)",
        "letrec f:[int]0 -> [int]0 =\n  fn n:[int]0 => f(subi(n,1)) in\nf(3)");
  EXPECT_THROW(parseExpText("letrec f:[int]0 = fn n:[int]0 => n in f(1)"), UserError);        // not a function type
  EXPECT_THROW(parseExpText("letrec f:[int]0 -> [int]0 = 5 in f(1)"), UserError);             // not a lambda
  EXPECT_THROW(parseExpText("letrec f:[int]0 -> [int]0 = fn n:[bool]0 => 1 in f(1)"), UserError);  // another parameter type
}

TEST(PrintParse, LambdasAndPrimitivesAsValues) {
  check("each(fn v1:[double]0 => addd(v1, 1.0), each(i2d, iota(3)))",
        "each(fn v1:[double]0 => addd(v1,1.0),each(i2d,iota(3)))");
  check("each(fn x:[int]0 => let y:[int]0 = addi(x,1) in muli(y,y), iota(2))",
        "each(fn x:[int]0 =>\n  let y:[int]0 = addi(x,1) in\n  muli(y,y),iota(2))");
}

TEST(PrintParse, Numbers) {
  check("~5", "~5");
  check("~9223372036854775808", "~9223372036854775808");
  check("[2.0, 0.1, ~0.5, 1e20, 1.5e-7, 3E2]", "[2.0,0.1,~0.5,1e+20,1.5e-07,300.0]");
  check("[inf, ~inf]", "[inf,~inf]");
  EXPECT_TRUE(std::isnan(parseExpText("nan").to<DoubleConst>().value));
  EXPECT_EQ(printDouble(0.1 + 0.2), "0.30000000000000004");  // shortest round-trip text
  EXPECT_EQ(printDouble(-0.0), "~0.0");
  EXPECT_EQ(printDouble(std::numeric_limits<double>::max()), "1.7976931348623157e+308");
}

TEST(PrintParse, BooleansCharactersStrings) {
  check("[tt,ff]", "[tt,ff]");
  check("('a','\\'','\\\\','\\n','\\t','\\u{7f}','λ')", "('a','\\'','\\\\','\\n','\\t','\\u{7f}','λ')");
  check("['a','\\'','\\n','\\u{7f}','λ']", "\"a'\\n\\u{7f}λ\"");
  check("\"say \\\"hi\\\"\\n\"", "\"say \\\"hi\\\"\\n\"");
  check("['a','b']", "\"ab\"");  // a constant character array prints as a string
  check("\"\"", "\"\"");
}

TEST(PrintParse, ArrayLiteralElementTypes) {
  check("[]:double", "[]:double");
  check("let x:[int]0 = 1 in [x,2]:int", "let x:[int]0 = 1 in\n[x,2]:int");
  check("[1,2]", "[1,2]");
  check("[1.5]:double", "[1.5]");
}

TEST(PrintParse, TuplesProjectionsApplications) {
  check("#1((1, \"ab\", [3]))", "#1((1,\"ab\",[3]))");
  check("let f:[int]0 -> [int]0 = fn x:[int]0 => x in f(f(3))",
        "let f:[int]0 -> [int]0 = fn x:[int]0 => x in\nf(f(3))");
  check("(fn x:[int]0 => x)(1)", "(fn x:[int]0 => x)(1)");
  check("(negi)(1)", "(negi)(1)");
}

TEST(PrintParse, TypesOnBinders) {
  check("let x:(<int>2 * SV(int,3) * S(bool,1)) = ([1,2],[3],tt) in x",
        "let x:(<int>2 * SV(int,3) * S(bool,1)) = ([1,2],[3],tt) in\nx");
  check("let x:S(int,~1) = ~1 in x", "let x:S(int,~1) = ~1 in\nx");
}

TEST(PrintParse, NamesSplitIntoBaseAndTag) {
  Exp e = parseExpText("x_17");
  EXPECT_EQ(e.to<Var>().name, (Name{"x", 17}));
  EXPECT_EQ(parseExpText("v1").to<Var>().name, (Name{"v1", 0}));
  EXPECT_EQ(parseExpText("x_07").to<Var>().name, (Name{"x_07", 0}));
  EXPECT_EQ((Name{"x", 3}).str(), "x_3");
}

TEST(PrintParse, CommentsAndHiddenTypes) {
  Exp e = parseExpText("-- a comment\nlet x:[int]0 = 1 in -- another\n x");
  PrintOptions o;
  o.types = false;
  EXPECT_EQ(print(e, o), "let x = 1 in\nx");
  EXPECT_EQ(printShort(parseExpText("reshape([2,3],iota(100000))"), 20), "reshape([2,3],iot...");
}

// The parse error for `text`: "line:col: message".
std::string errorOf(const std::string& text) {
  try {
    parseExpText(text);
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " + d.message;
  }
  return "no error";
}

TEST(Parse, ErrorsHaveLocations) {
  EXPECT_EQ(errorOf("addi(1,"), "1:8: SYNTAX ERROR: expected an expression, found the end of the input");
  EXPECT_EQ(errorOf("let x:[int]0 = 1\nx"), "2:1: SYNTAX ERROR: expected `in`, found `x`");
  EXPECT_EQ(errorOf("iota(1,2)"), "1:5: SYNTAX ERROR: iota takes 1 argument, given 2");
  EXPECT_EQ(errorOf("[]"), "1:1: SYNTAX ERROR: write the element type of an empty array: []:int");
  EXPECT_EQ(errorOf("'ab'"), "1:1: SYNTAX ERROR: a character literal holds one character: close it with '");
  EXPECT_EQ(errorOf("~x"), "1:1: SYNTAX ERROR: `~` (the minus sign) must be followed by a number");
  EXPECT_EQ(errorOf("let in:[int]0 = 1 in 1"), "1:5: SYNTAX ERROR: `in` is reserved and cannot name a variable");
  EXPECT_EQ(errorOf("f(1,2)"), "1:4: SYNTAX ERROR: a function value takes one argument; apply it again for the next: f(a)(b)");
  EXPECT_EQ(errorOf("let x:[int]~1 = 1 in x"), "1:12: SYNTAX ERROR: a rank or length cannot be negative");
  EXPECT_EQ(errorOf("λ"), "1:1: SYNTAX ERROR: unexpected character `λ`");
  EXPECT_EQ(errorOf("12abc"), "1:3: SYNTAX ERROR: a number must not run into a name");
  EXPECT_EQ(errorOf("\"ab\xff\""), "1:4: SYNTAX ERROR: invalid UTF-8 in the input");
}

TEST(Parse, DeepNestingIsAnErrorNotACrash) {
  std::string deep(100000, '(');
  EXPECT_EQ(errorOf(deep).substr(0, 50), "1:501: SYNTAX ERROR: expression nested too deeply");
  std::string lets;
  for (int i = 0; i < 1000; ++i) lets += "let x:[int]0 = 1 in ";
  Exp chain = parseExpText(lets + "x");
  EXPECT_EQ(print(parseExpText(print(chain))), print(chain));
}

TEST(Parse, TypeErrorsInTypeText) {
  EXPECT_THROW(parseType("[int]r"), UserError);     // no variables outside schemes
  EXPECT_THROW(parseType("[float]1"), UserError);
  EXPECT_THROW(parseType("S(int,1"), UserError);
  EXPECT_NO_THROW(parseScheme("S(int,|r|) -> <a>(r+q) -> <a>q"));
}

}  // namespace
}  // namespace aplc::tail
