// Tests of the parser and role resolution (apl/Parser.h, apl/Resolve.h), through the printed AST:
// APL's binding rules (operators before functions, strands, right-to-left application, trains),
// roles decided by definitions (reduce vs replicate), user operators, scoping and errors.
#include "apl/Resolve.h"

#include <gtest/gtest.h>

#include <string>

#include "apl/AstPrinter.h"
#include "apl/Lexer.h"
#include "apl/Parser.h"
#include "support/Diagnostics.h"

namespace aplc::apl {
namespace {

ast::Program resolveText(const std::string& text) { return resolve({parse(lex(0, text))}, 0); }

void check(const std::string& input, const std::string& expected) {
  std::string got;
  try {
    got = printAst(resolveText(input));
  } catch (const UserError& e) {
    got = "error: " + e.diagnostic().message + "\n";
  }
  EXPECT_EQ(got, expected) << "input:\n" << input << "\ngot:\n" << got << "expected:\n" << expected;
}

// "line:col: message" of the UserError the input raises, or "no error".
std::string errorOf(const std::string& input) {
  try {
    resolveText(input);
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " + d.message;
  }
  return "no error";
}

TEST(Resolve, FunctionsApplyRightToLeft) {
  check("x ← 1 + 2 × 3",
        "Assign x @1:1\n"
        "  Dyadic + @1:7\n"
        "    Numbers 1 @1:5\n"
        "    Dyadic × @1:11\n"
        "      Numbers 2 @1:9\n"
        "      Numbers 3 @1:13\n");
}

TEST(Resolve, OperatorsBindTighterThanFunctions) {
  check("x ← 1 2 3 ⋄ +/x × 2",
        "Assign x @1:1\n"
        "  Numbers 1 2 3 @1:5\n"
        "Monadic @1:14\n"
        "  Derived reduce / @1:14\n"
        "    Primitive + @1:13\n"
        "  Dyadic × @1:17\n"
        "    Name x (array) @1:15\n"
        "    Numbers 2 @1:19\n");
}

TEST(Resolve, SlashReplicatesWithAnArrayOperand) {
  check("v ← 1 2 3 ⋄ 1 0 1/v",
        "Assign v @1:1\n"
        "  Numbers 1 2 3 @1:5\n"
        "Monadic @1:18\n"
        "  Derived replicate / @1:18\n"
        "    Numbers 1 0 1 @1:13\n"
        "  Name v (array) @1:19\n");
}

TEST(Resolve, SlashReducesWithAFunctionName) {
  check("f ← {⍵} ⋄ f/1 2",
        "Define f (function) @1:1\n"
        "  Dfn @1:5\n"
        "    Name ⍵ (array) @1:6\n"
        "Monadic @1:12\n"
        "  Derived reduce / @1:12\n"
        "    Name f (function) @1:11\n"
        "  Numbers 1 2 @1:13\n");
}

TEST(Resolve, StrandsOfNamesAndNestedStrands) {
  check("a ← 1 ⋄ b ← 2 ⋄ a (b a) 4",
        "Assign a @1:1\n"
        "  Numbers 1 @1:5\n"
        "Assign b @1:9\n"
        "  Numbers 2 @1:13\n"
        "Strand @1:17\n"
        "  Name a (array) @1:17\n"
        "  Strand @1:20\n"
        "    Name b (array) @1:20\n"
        "    Name a (array) @1:22\n"
        "  Numbers 4 @1:25\n");
}

TEST(Resolve, NumbersInsideAStrandAreSeparateItems) {
  check("a ← 0 ⋄ 1 2 a",
        "Assign a @1:1\n"
        "  Numbers 0 @1:5\n"
        "Strand @1:9\n"
        "  Numbers 1 @1:9\n"
        "  Numbers 2 @1:11\n"
        "  Name a (array) @1:13\n");
}

TEST(Resolve, InnerAndOuterProducts) {
  check("x ← 1 ⋄ (x+.×x) ∘.= ⍳2",
        "Assign x @1:1\n"
        "  Numbers 1 @1:5\n"
        "Dyadic @1:17\n"
        "  Dyadic @1:12\n"
        "    Name x (array) @1:10\n"
        "    Derived inner product . @1:12\n"
        "      Primitive + @1:11\n"
        "      Primitive × @1:13\n"
        "    Name x (array) @1:14\n"
        "  Derived outer product ∘. @1:17\n"
        "    Primitive = @1:19\n"
        "  Monadic ⍳ @1:21\n"
        "    Numbers 2 @1:22\n");
}

TEST(Resolve, PowerTakesOneItemAsRightOperand) {
  check("f ← {⍵+1} ⋄ (f⍣3) 0",
        "Define f (function) @1:1\n"
        "  Dfn @1:5\n"
        "    Dyadic + @1:7\n"
        "      Name ⍵ (array) @1:6\n"
        "      Numbers 1 @1:8\n"
        "Monadic @1:15\n"
        "  Derived power ⍣ @1:15\n"
        "    Name f (function) @1:14\n"
        "    Numbers 3 @1:16\n"
        "  Numbers 0 @1:19\n");
}

TEST(Resolve, ThreeTrainIsAFork) {
  check("(-,÷) 5",
        "Monadic @1:3\n"
        "  Fork @1:3\n"
        "    Primitive - @1:2\n"
        "    Primitive , @1:3\n"
        "    Primitive ÷ @1:4\n"
        "  Numbers 5 @1:7\n");
}

TEST(Resolve, ForkWithAnArrayLeftTine) {
  check("(1 + -) 2",
        "Monadic @1:4\n"
        "  Fork @1:4\n"
        "    Numbers 1 @1:2\n"
        "    Primitive + @1:4\n"
        "    Primitive - @1:6\n"
        "  Numbers 2 @1:9\n");
}

TEST(Resolve, TwoTrainIsAnAtop) {
  check("(⍉⌽) 2 2⍴⍳4",
        "Monadic @1:2\n"
        "  Atop @1:2\n"
        "    Primitive ⍉ @1:2\n"
        "    Primitive ⌽ @1:3\n"
        "  Dyadic ⍴ @1:9\n"
        "    Numbers 2 2 @1:6\n"
        "    Monadic ⍳ @1:10\n"
        "      Numbers 4 @1:11\n");
}

TEST(Resolve, LongTrainsGroupFromTheRight) {
  check("mean ← +/÷≢ ⋄ dev ← ⊢ - mean",
        "Define mean (function) @1:1\n"
        "  Fork @1:10\n"
        "    Derived reduce / @1:9\n"
        "      Primitive + @1:8\n"
        "    Primitive ÷ @1:10\n"
        "    Primitive ≢ @1:11\n"
        "Define dev (function) @1:15\n"
        "  Fork @1:23\n"
        "    Primitive ⊢ @1:21\n"
        "    Primitive - @1:23\n"
        "    Name mean (function) @1:25\n");
}

TEST(Resolve, OperatorsChainLeftToRight) {
  check("f ← {⍵} ⋄ f¨⍨ 1 2",
        "Define f (function) @1:1\n"
        "  Dfn @1:5\n"
        "    Name ⍵ (array) @1:6\n"
        "Monadic @1:13\n"
        "  Derived commute ⍨ @1:13\n"
        "    Derived each ¨ @1:12\n"
        "      Name f (function) @1:11\n"
        "  Numbers 1 2 @1:15\n");
}

TEST(Resolve, JotComposesOrBinds) {
  check("(2∘-) 9 ⋄ (-∘2) 9 ⋄ (⍴∘⍴) 9",
        "Monadic @1:3\n"
        "  Derived bind left ∘ @1:3\n"
        "    Numbers 2 @1:2\n"
        "    Primitive - @1:4\n"
        "  Numbers 9 @1:7\n"
        "Monadic @1:13\n"
        "  Derived bind right ∘ @1:13\n"
        "    Primitive - @1:12\n"
        "    Numbers 2 @1:14\n"
        "  Numbers 9 @1:17\n"
        "Monadic @1:23\n"
        "  Derived compose ∘ @1:23\n"
        "    Primitive ⍴ @1:22\n"
        "    Primitive ⍴ @1:24\n"
        "  Numbers 9 @1:27\n");
}

TEST(Resolve, DyadicUserOperatorTakesFunctionsAroundIt) {
  check("op ← {(⍺ ⍺⍺ ⍺) - ⍵ ⍵⍵ ⍵}\n3 + op × 5",
        "Define op (dyadic operator, resolved at each use) @1:1\n"
        "Dyadic @2:5\n"
        "  Numbers 3 @2:1\n"
        "  UserOperator op (dyadic operator) @2:5\n"
        "    Primitive + @2:3\n"
        "    Primitive × @2:8\n"
        "    instance: Dfn ⍺⍺:function ⍵⍵:function @1:6\n"
        "      Dyadic - @1:16\n"
        "        Dyadic @1:10\n"
        "          Name ⍺ (array) @1:8\n"
        "          Name ⍺⍺ (function) @1:10\n"
        "          Name ⍺ (array) @1:13\n"
        "        Dyadic @1:20\n"
        "          Name ⍵ (array) @1:18\n"
        "          Name ⍵⍵ (function) @1:20\n"
        "          Name ⍵ (array) @1:23\n"
        "  Numbers 5 @2:10\n");
}

TEST(Resolve, UserOperatorOperandRoleComesFromTheUse) {
  check("op ← {⍺⍺ + ⍵} ⋄ 6 op 9",
        "Define op (monadic operator, resolved at each use) @1:1\n"
        "Monadic @1:19\n"
        "  UserOperator op (monadic operator) @1:19\n"
        "    Numbers 6 @1:17\n"
        "    instance: Dfn ⍺⍺:array @1:6\n"
        "      Dyadic + @1:10\n"
        "        Name ⍺⍺ (array) @1:7\n"
        "        Name ⍵ (array) @1:12\n"
        "  Numbers 9 @1:22\n");
  check("op ← {⍺⍺ ⍵} ⋄ - op 5",
        "Define op (monadic operator, resolved at each use) @1:1\n"
        "Monadic @1:17\n"
        "  UserOperator op (monadic operator) @1:17\n"
        "    Primitive - @1:15\n"
        "    instance: Dfn ⍺⍺:function @1:6\n"
        "      Monadic @1:7\n"
        "        Name ⍺⍺ (function) @1:7\n"
        "        Name ⍵ (array) @1:10\n"
        "  Numbers 5 @1:20\n");
}

TEST(Resolve, GuardsAndRecursionByName) {
  check("f ← {⍵≤1:1 ⋄ ⍵×f ⍵-1}",
        "Define f (function) @1:1\n"
        "  Dfn @1:5\n"
        "    Guard @1:6\n"
        "      condition: Dyadic ≤ @1:7\n"
        "        Name ⍵ (array) @1:6\n"
        "        Numbers 1 @1:8\n"
        "      result: Numbers 1 @1:10\n"
        "    Dyadic × @1:15\n"
        "      Name ⍵ (array) @1:14\n"
        "      Monadic @1:16\n"
        "        Name f (function) @1:16\n"
        "        Dyadic - @1:19\n"
        "          Name ⍵ (array) @1:18\n"
        "          Numbers 1 @1:20\n");
}

TEST(Resolve, IndexedAssignmentAndElidedAxes) {
  check("m ← 2 2⍴0 ⋄ m[1;] ← 5 ⋄ m[;2]",
        "Assign m @1:1\n"
        "  Dyadic ⍴ @1:8\n"
        "    Numbers 2 2 @1:5\n"
        "    Numbers 0 @1:9\n"
        "IndexedAssign m @1:13\n"
        "  index: Numbers 1 @1:15\n"
        "  index: all (elided)\n"
        "  value: Numbers 5 @1:21\n"
        "Index @1:26\n"
        "  Name m (array) @1:25\n"
        "  index: all (elided)\n"
        "  index: Numbers 2 @1:28\n");
}

TEST(Resolve, BracketsIndexAWholeNumberLiteral) {
  check("1 2 3[2]",
        "Index @1:6\n"
        "  Numbers 1 2 3 @1:1\n"
        "  index: Numbers 2 @1:7\n");
}

TEST(Resolve, AssignmentIsAnExpression) {
  check("⎕ ← a ← 3",
        "Print ⎕← @1:1\n"
        "  Assign a @1:5\n"
        "    Numbers 3 @1:9\n");
  check("2 + x ← 4",
        "Dyadic + @1:3\n"
        "  Numbers 2 @1:1\n"
        "  Assign x @1:5\n"
        "    Numbers 4 @1:9\n");
}

TEST(Resolve, DefinitionsOnTheRightComeFirst) {
  check("c ← (d+1) (d ← 5)",
        "Assign c @1:1\n"
        "  Strand @1:5\n"
        "    Dyadic + @1:7\n"
        "      Name d (array) @1:6\n"
        "      Numbers 1 @1:8\n"
        "    Assign d @1:12\n"
        "      Numbers 5 @1:16\n");
}

TEST(Resolve, DfnsHaveTheirOwnScope) {
  // Inside f, x is a local function; outside, x is still the array.
  check("x ← 1 ⋄ f ← {x ← {⍵} ⋄ x ⍵} ⋄ x",
        "Assign x @1:1\n"
        "  Numbers 1 @1:5\n"
        "Define f (function) @1:9\n"
        "  Dfn @1:13\n"
        "    Define x (function) @1:14\n"
        "      Dfn @1:18\n"
        "        Name ⍵ (array) @1:19\n"
        "    Monadic @1:24\n"
        "      Name x (function) @1:24\n"
        "      Name ⍵ (array) @1:26\n"
        "Name x (array) @1:31\n");
}

TEST(Resolve, BindingsAreDistinctPerDefinition) {
  ast::Program p = resolveText("x ← 1\nf ← {x ← ⍵ ⋄ x}\nx");
  const auto* outer = p.statements[0]->as<ast::ExprStmt>()->expr->as<ast::Assign>();
  const auto* dfn = p.statements[1]->as<ast::FnDef>()->fn->as<ast::Dfn>();
  const auto* local = dfn->body[0]->as<ast::ExprStmt>()->expr->as<ast::Assign>();
  const auto* useInside = dfn->body[1]->as<ast::ExprStmt>()->expr->as<ast::Var>();
  const auto* useOutside = p.statements[2]->as<ast::ExprStmt>()->expr->as<ast::Var>();
  ASSERT_TRUE(outer && local && useInside && useOutside);
  EXPECT_NE(outer->binding->id, local->binding->id);
  EXPECT_EQ(useInside->binding, local->binding);
  EXPECT_EQ(useOutside->binding, outer->binding);
  EXPECT_EQ(dfn->omega->kind, ast::BindingKind::Omega);
}

TEST(Resolve, DfnsMayUseNamesDefinedLater) {
  // Dyalog looks a dfn's names up when it runs: g's role comes from its later definition.
  EXPECT_EQ(errorOf("f ← {g ⍵}\ng ← {⍵}"), "no error");
  check("f ← {c + ⍵}\nc ← 1", "Define f (function) @1:1\n  Dfn @1:5\n    Dyadic + @1:8\n"
                                "      Name c (array) @1:6\n      Name ⍵ (array) @1:10\n"
                                "Assign c @2:1\n  Numbers 1 @2:5\n");
  EXPECT_EQ(errorOf("f ← {nowhere ⍵}"),
            "1:6: VALUE ERROR: 'nowhere' is not defined (a dfn can use a name the program assigns later, but not this one)");
}

TEST(Resolve, PreludeStatementsComeFirst) {
  ast::Program p = resolve({parse(lex(0, "double ← {⍵+⍵}")), parse(lex(1, "double 2"))}, 1);
  ASSERT_EQ(p.statements.size(), 2u);
  EXPECT_EQ(p.userBegin, 1u);
  EXPECT_EQ(printAst(p),
            "Monadic @1:1\n"
            "  Name double (function) @1:1\n"
            "  Numbers 2 @1:8\n");
}

// A tradfn is a dfn whose arguments have the header's names and whose last statement reads the
// result by name; its control structures are statements with blocks.
TEST(Resolve, TradfnWithControlStructures) {
  check("∇ r←a F b;i\n  r←0\n  :For i :In ⍳b\n    :If i>a ⋄ :Return ⋄ :EndIf\n    r+←i\n  :EndFor\n∇\n",
        "Define F (function) @1:7\n"
        "  Dfn @1:1\n"
        "    Assign r @2:3\n"
        "      Numbers 0 @2:5\n"
        "    For i @3:3\n"
        "      in: Monadic ⍳ @3:14\n"
        "        Name b (array) @3:15\n"
        "      do: If @4:5\n"
        "        if: Dyadic > @4:10\n"
        "          Name i (array) @4:9\n"
        "          Name a (array) @4:11\n"
        "          then: Return @4:15\n"
        "            Name r (array) @4:15\n"
        "      do: ModifiedAssign r @5:5\n"
        "        function: Primitive + @5:6\n"
        "        value: Name i (array) @5:8\n"
        "    Name r (array) @1:1\n");
}

// A statement of its own displays its value; a niladic tradfn runs where it is named; a call of
// one without a result displays nothing.
TEST(Resolve, TradfnStatementsAndCalls) {
  check("∇ r←Two\n  r←2\n∇\n∇ Show x\n  x\n∇\nShow Two",
        "Define Two (function) @1:5\n"
        "  Dfn @1:1\n"
        "    Assign r @2:3\n"
        "      Numbers 2 @2:5\n"
        "    Name r (array) @1:1\n"
        "Define Show (function) @4:3\n"
        "  Dfn @4:1\n"
        "    Print ⎕← @5:3\n"
        "      Name x (array) @5:3\n"
        "    Zilde ⍬ @4:1\n"
        "Monadic @7:1\n"
        "  Name Show (function) @7:1\n"
        "  Monadic @7:6\n"
        "    Name Two (function) @7:6\n"
        "    Zilde ⍬ @7:6\n");
}

TEST(Resolve, TradfnErrors) {
  EXPECT_EQ(errorOf("∇ r←f x\n  y←x\n  r←y\n∇"),
            "2:3: not supported: assigning y in the function f, whose header does not localize it (add ;y): aplc "
            "does not assign names outside a function");
  EXPECT_EQ(errorOf("∇ r←f x\n  :While x\n  r←1\n∇"), "2:3: SYNTAX ERROR: :While is not closed (by :EndWhile)");
  EXPECT_EQ(errorOf("∇ r←f x\n  :If x\n  :EndWhile\n∇"), "3:3: SYNTAX ERROR: :EndWhile closes nothing");
  EXPECT_EQ(errorOf("∇ r←f x\n  :If x\n  :Else\n  :EndFor\n∇"), "4:3: SYNTAX ERROR: :EndFor closes nothing");
  EXPECT_EQ(errorOf("∇ r←f x\n  r←x\n∇\n2 f 3"), "4:3: SYNTAX ERROR: f takes no left argument");
  EXPECT_EQ(errorOf("∇ r←f x y z\n∇"), "1:5: SYNTAX ERROR: a tradfn header is [r←][a] f [b] followed by ;local names");
  EXPECT_EQ(errorOf("∇\n"), "1:1: SYNTAX ERROR: ∇ alone closes no function (a tradfn starts with ∇ and its header, as in ∇ r←f x)");
  EXPECT_EQ(errorOf("∇ r←f x\n  L: r←x\n∇"),
            "2:3: not supported: a label (name:) in a tradfn; a guard (condition: result) is only for dfns");
}

TEST(Resolve, Errors) {
  EXPECT_EQ(errorOf("1 + y"), "1:5: VALUE ERROR: 'y' is not defined");
  EXPECT_EQ(errorOf("⍺⍺ 1"), "1:1: SYNTAX ERROR: ⍺⍺ can only be used inside a dfn");
  EXPECT_EQ(errorOf("1 = 1 : 2"), "1:1: SYNTAX ERROR: a guard (condition: result) is only allowed inside a dfn");
  EXPECT_EQ(errorOf("3 ← 4"),
            "1:1: SYNTAX ERROR: cannot assign to this: only a name, an indexed name x[i] or ⎕ can be left of ←");
  EXPECT_EQ(errorOf("+/"), "1:1: SYNTAX ERROR: this is a function, but a statement must be an array");
  EXPECT_EQ(errorOf("/ 1 2"), "1:1: SYNTAX ERROR: the operator / needs a left operand");
  EXPECT_EQ(errorOf("1 +."), "1:4: SYNTAX ERROR: the dyadic operator . needs a right operand");
  EXPECT_EQ(errorOf("x ← 1 ⋄ x[+]"), "1:11: SYNTAX ERROR: this is a function, but an index must be an array");
  EXPECT_EQ(errorOf("1 2 ¨ 3"), "1:5: SYNTAX ERROR: the left operand of ¨ must be a function, not an array");
  EXPECT_EQ(errorOf("(3 +) 4"), "1:4: SYNTAX ERROR: this function has no right argument");
  EXPECT_EQ(errorOf("∘. 1"), "1:1: SYNTAX ERROR: ∘. needs a function on its right, as in ∘.×");
  EXPECT_EQ(errorOf("f ← {⍵} ⋄ f[1]"),
            "1:12: not supported: an axis [ ] on a function or operator (only arrays can be indexed)");
  EXPECT_EQ(errorOf("x ← 1 ⋄ x[] ← 2"), "1:10: not supported: empty brackets [ ] (write the indices)");
  EXPECT_EQ(errorOf("{}"), "1:1: SYNTAX ERROR: empty dfn: a dfn must compute a value");
  EXPECT_EQ(errorOf("op ← {⍺⍺ op ⍵} ⋄ - op 1"), "1:10: not supported: operator op uses itself (recursive operators)");
  EXPECT_EQ(errorOf("⎕FOO 1"), "1:1: unknown system name ⎕FOO");
}

TEST(Parse, SyntaxErrors) {
  EXPECT_EQ(errorOf("(1 + 2"), "1:1: SYNTAX ERROR: unbalanced '(': it is not closed");
  EXPECT_EQ(errorOf("1 + 2)"), "1:6: SYNTAX ERROR: unbalanced ')': nothing to close");
  EXPECT_EQ(errorOf("x[1)"), "1:4: SYNTAX ERROR: ')' does not match the '[' at 1:2");
  EXPECT_EQ(errorOf("f ← {⍵\n(1\n}"), "2:1: SYNTAX ERROR: unbalanced '(': it is not closed on its line");
  EXPECT_EQ(errorOf("1 + ← 2"), "1:3: SYNTAX ERROR: cannot assign to this: only a name, an indexed name x[i] or ⎕ can be left of ←");
  EXPECT_EQ(errorOf("← 2"), "1:1: SYNTAX ERROR: unexpected '←'");
  EXPECT_EQ(errorOf("()"), "1:2: SYNTAX ERROR: unexpected ')'");
  EXPECT_EQ(errorOf("[1]"), "1:1: SYNTAX ERROR: unexpected '['");
}

}  // namespace
}  // namespace aplc::apl
