// Tests of the lexer (apl/Lexer.h): token kinds, glyphs, numbers, strings, comments, locations
// counted in characters, and the errors for bad input.
#include "apl/Lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/Diagnostics.h"

namespace aplc::apl {
namespace {

// "Kind text" for each token but the final End, one per line.
std::string kinds(const std::string& input) {
  std::string out;
  for (const Token& t : lex(0, input).tokens) {
    if (t.kind == TokenKind::End) break;
    out += std::string(name(t.kind)) + " " + t.text + "\n";
  }
  return out;
}

void check(const std::string& input, const std::string& expected) {
  std::string got = kinds(input);
  EXPECT_EQ(got, expected) << "input: " << input << "\ngot:\n" << got << "expected:\n" << expected;
}

// "line:col: message" of the UserError the input raises, or "no error".
std::string errorOf(const std::string& input) {
  try {
    lex(0, input);
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " + d.message;
  }
  return "no error";
}

Token only(const std::string& input) {
  LexResult r = lex(0, input);
  EXPECT_EQ(r.tokens.size(), 2u) << input;
  return r.tokens.at(0);
}

TEST(Lexer, EveryPunctuationAndSpecialTokenKind) {
  check("x←⎕IO ⍺ ⍵ ⍺⍺ ⍵⍵ ∇ ⍬ ∘.× ( ) [ ] { } ; : ⋄ 'a' 1\n⎕",
        "Name x\nAssign ←\nSystemName ⎕IO\nAlpha ⍺\nOmega ⍵\nAlphaAlpha ⍺⍺\nOmegaOmega ⍵⍵\nDel ∇\nZilde ⍬\n"
        "JotDot ∘.\nFunction ×\nLParen (\nRParen )\nLBracket [\nRBracket ]\nLBrace {\nRBrace }\n"
        "Semicolon ;\nColon :\nDiamond ⋄\nString a\nNumber 1\nNewline \n\nSystemName ⎕\n");
}

TEST(Lexer, EveryFunctionGlyph) {
  std::string glyphs = "+-×÷*⍟|⌈⌊○!?~∧∨⍲⍱<≤=≥>≠⍴,⍪⍉⌽⊖↑↓⊃⊂≡≢⍳⍋⍒⍕⊣⊢⌷∊⊥⊤⍸∪∩";
  LexResult r = lex(0, glyphs);
  ASSERT_EQ(r.tokens.size(), 49u);  // 48 glyphs and End
  for (size_t i = 0; i + 1 < r.tokens.size(); ++i) {
    EXPECT_EQ(r.tokens[i].kind, TokenKind::Function) << r.tokens[i].text;
    EXPECT_EQ(r.tokens[i].loc.col, i + 1) << r.tokens[i].text;
  }
  EXPECT_EQ(r.tokens[6].glyph, U'|');
  EXPECT_EQ(r.tokens[41].glyph, U'⌷');
}

TEST(Lexer, OperatorGlyphs) {
  check("/⌿\\⍀¨⍨.∘⍣", "MonadicOperator /\nMonadicOperator ⌿\nMonadicOperator \\\nMonadicOperator ⍀\n"
                       "MonadicOperator ¨\nMonadicOperator ⍨\nDyadicOperator .\nDyadicOperator ∘\n"
                       "DyadicOperator ⍣\n");
}

TEST(Lexer, SpellingVariantsAreNormalised) {
  EXPECT_EQ(only("−").glyph, U'-');  // U+2212
  EXPECT_EQ(only("⋆").glyph, U'*');  // U+22C6
  EXPECT_EQ(only("∣").glyph, U'|');  // U+2223
  EXPECT_EQ(only("−").text, "−");
}

TEST(Lexer, JotDotIsNotJotBeforeANumber) {
  check("∘.=", "JotDot ∘.\nFunction =\n");
  check("-∘.5", "Function -\nDyadicOperator ∘\nNumber .5\n");
  check("+.×", "Function +\nDyadicOperator .\nFunction ×\n");
}

TEST(Lexer, Names) {
  check("abc A1 x_y ∆t ⍙u Ωmega élan", "Name abc\nName A1\nName x_y\nName ∆t\nName ⍙u\nName Ωmega\nName élan\n");
  check("⎕ReadFile'f'", "SystemName ⎕ReadFile\nString f\n");
  check("vowels'APL'", "Name vowels\nString APL\n");
}

TEST(Lexer, IntegerNumbers) {
  Token t = only("42");
  EXPECT_EQ(t.number.kind, NumberLiteral::Kind::Int);
  EXPECT_EQ(t.number.intValue, 42);
  EXPECT_EQ(only("¯7").number.intValue, -7);
  EXPECT_EQ(only("¯9223372036854775808").number.intValue, INT64_MIN);
  EXPECT_EQ(only("9223372036854775807").number.intValue, INT64_MAX);
}

TEST(Lexer, IntegersTooLargeBecomeDoubles) {
  Token t = only("99999999999999999999");
  EXPECT_EQ(t.number.kind, NumberLiteral::Kind::Double);
  EXPECT_DOUBLE_EQ(t.number.doubleValue, 1e20);
  EXPECT_EQ(only("¯9223372036854775809").number.kind, NumberLiteral::Kind::Double);
}

TEST(Lexer, DoubleNumbers) {
  struct Case {
    const char* text;
    double value;
  };
  for (Case c : {Case{".5", 0.5}, Case{"2.", 2.0}, Case{"3.25", 3.25}, Case{"1e3", 1000.0}, Case{"1E¯7", 1e-7},
                 Case{"¯2.5e2", -250.0}, Case{"¯.5", -0.5}}) {
    Token t = only(c.text);
    EXPECT_EQ(t.number.kind, NumberLiteral::Kind::Double) << c.text;
    EXPECT_DOUBLE_EQ(t.number.doubleValue, c.value) << c.text;
    EXPECT_EQ(t.text, c.text);
  }
}

TEST(Lexer, ComplexNumbers) {
  Token t = only("2j1");
  EXPECT_EQ(t.number.kind, NumberLiteral::Kind::Complex);
  EXPECT_DOUBLE_EQ(t.number.doubleValue, 2.0);
  EXPECT_DOUBLE_EQ(t.number.imagValue, 1.0);
  Token u = only(".7J¯.5");
  EXPECT_DOUBLE_EQ(u.number.doubleValue, 0.7);
  EXPECT_DOUBLE_EQ(u.number.imagValue, -0.5);
}

TEST(Lexer, NumbersSideBySide) {
  check("1 ¯2 3.5", "Number 1\nNumber ¯2\nNumber 3.5\n");
  check("10*¯4", "Number 10\nFunction *\nNumber ¯4\n");
}

TEST(Lexer, MalformedNumbers) {
  EXPECT_EQ(errorOf("x ← 1e"), "1:5: malformed number '1e'");
  EXPECT_EQ(errorOf("1.2.3"), "1:1: malformed number '1.2.3'");
  EXPECT_EQ(errorOf("2 3x"), "1:3: malformed number '3x'");
  EXPECT_EQ(errorOf("1j"), "1:1: malformed number '1j'");
  EXPECT_EQ(errorOf("1e¯"), "1:1: malformed number '1e¯'");
  EXPECT_EQ(errorOf("1 ¯ 2"), "1:3: ¯ (high minus) must be followed by a number");
  EXPECT_EQ(errorOf("1e999"), "1:1: DOMAIN ERROR: number too large: '1e999' (the largest is about 1.797693135E308)");
  EXPECT_EQ(errorOf("¯1E400j1"), "1:1: DOMAIN ERROR: number too large: '¯1E400j1' (the largest is about 1.797693135E308)");
}

TEST(Lexer, TinyNumbersUnderflowToZero) {
  Token t = only("1E¯400");
  EXPECT_EQ(t.kind, TokenKind::Number);
  EXPECT_EQ(t.number.doubleValue, 0.0);
}

TEST(Lexer, UnsupportedPrimitivesAreNamed) {
  EXPECT_EQ(errorOf("'a'⍷'abc'"), "1:4: not supported: ⍷ (find)");
  EXPECT_EQ(errorOf("2 ⌹ 1 0"), "1:3: not supported: ⌹ (matrix inverse and matrix divide)");
  EXPECT_EQ(errorOf("f⍤1"), "1:2: not supported: ⍤ (the rank operator)");
}

TEST(Lexer, Strings) {
  Token t = only("'it''s ⍴'");
  EXPECT_EQ(t.kind, TokenKind::String);
  EXPECT_EQ(t.text, "it's ⍴");
  EXPECT_EQ(only("''").text, "");
  EXPECT_EQ(only("''''").text, "'");
}

TEST(Lexer, StringErrors) {
  EXPECT_EQ(errorOf("x ← 'abc\ny"), "1:5: unterminated string: the closing quote ' is missing on this line");
  EXPECT_EQ(errorOf("⍴'ab"), "1:2: unterminated string: the closing quote ' is missing on this line");
  EXPECT_EQ(errorOf("'a\xFFz'"), "1:3: invalid UTF-8: byte 0xFF does not start a valid character");
}

TEST(Lexer, CommentsAreKeptApart) {
  LexResult r = lex(3, "x ← 1 ⍝ one ⍝ two\r\n⍝○ f : int\n");
  ASSERT_EQ(r.comments.size(), 2u);
  EXPECT_EQ(r.comments[0].text, " one ⍝ two");
  EXPECT_EQ(r.comments[0].loc, (SourceLoc{3, 1, 7}));
  EXPECT_EQ(r.comments[1].text, "○ f : int");
  EXPECT_EQ(r.comments[1].loc, (SourceLoc{3, 2, 1}));
  check("1 ⍝ c\n2", "Number 1\nNewline \n\nNumber 2\n");
}

TEST(Lexer, LocationsCountCharactersNotBytes) {
  LexResult r = lex(7, "⍳⍴ x\n  ⍝ c\n×÷ 'é' y");
  const std::vector<Token>& t = r.tokens;
  EXPECT_EQ(t[2].text, "x");
  EXPECT_EQ(t[2].loc, (SourceLoc{7, 1, 4}));
  EXPECT_EQ(t[3].kind, TokenKind::Newline);
  EXPECT_EQ(t[3].loc, (SourceLoc{7, 1, 5}));
  EXPECT_EQ(t[6].text, "÷");
  EXPECT_EQ(t[6].loc, (SourceLoc{7, 3, 2}));
  EXPECT_EQ(t[8].text, "y");
  EXPECT_EQ(t[8].loc, (SourceLoc{7, 3, 8}));
  EXPECT_EQ(t.back().kind, TokenKind::End);
}

TEST(Lexer, BadCharactersAreReportedWhereTheyAre) {
  EXPECT_EQ(errorOf("⍳⍳ $"), "1:4: unknown character '$' (U+0024)");
  EXPECT_EQ(errorOf("1\n⍴ \"s\""), "2:3: unknown character '\"' (U+0022)");
  EXPECT_EQ(errorOf("x\x01"), "1:2: unknown character (U+0001)");
  EXPECT_EQ(errorOf(std::string("1 \0 2", 5)), "1:3: unknown character (U+0000)");
  EXPECT_EQ(errorOf("⍴ \xE2\x8D"), "1:3: invalid UTF-8: byte 0xE2 does not start a valid character");
  EXPECT_EQ(errorOf("\xC0\x80"), "1:1: invalid UTF-8: byte 0xC0 does not start a valid character");
}

TEST(Lexer, AMegabyteLineIsLinear) {
  std::string line;
  for (int i = 0; i < 250000; ++i) line += "1+⍳ ";  // 4 characters, 6 bytes each
  line += "x";
  LexResult r = lex(0, line);
  ASSERT_EQ(r.tokens.size(), 750002u);
  EXPECT_EQ(r.tokens[r.tokens.size() - 2].loc.col, 1000001u);
}

}  // namespace
}  // namespace aplc::apl
