// Tokens of the APL subset, produced by the re2c lexer (Lexer.re) and read by the Bison parser.
//
// The lexer decides only what it can see locally: a glyph's token kind says whether it is a
// primitive function, a monadic operator or a dyadic operator. Whether `/` means reduce or
// compress, and whether a name is an array, a function or an operator, is decided later by role
// resolution (Resolve.h), with APL's binding rules.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/Source.h"

namespace aplc::apl {

// X(kind, description used in diagnostics)
#define APLC_TOKEN_KINDS(X)                                                      \
  X(End, "end of input")                                                         \
  X(Newline, "end of line")                                                      \
  X(Diamond, "'⋄'")                                                              \
  X(Number, "number")                                                            \
  X(String, "string")                                                            \
  X(Name, "name")                                                                \
  X(SystemName, "system name")     /* ⎕IO, ⎕ReadFile; text "⎕" for ⎕ alone */    \
  X(Alpha, "'⍺'")                                                                \
  X(Omega, "'⍵'")                                                                \
  X(AlphaAlpha, "'⍺⍺'")                                                          \
  X(OmegaOmega, "'⍵⍵'")                                                          \
  X(Del, "'∇'")                                                                  \
  X(Zilde, "'⍬'")                                                                \
  X(Function, "primitive function")        /* + - × ÷ ⍴ , ⍉ ⌽ ↑ ⍳ ⊣ ⊢ ... */     \
  X(MonadicOperator, "monadic operator")   /* / ⌿ \ ⍀ ¨ ⍨ */                     \
  X(DyadicOperator, "dyadic operator")     /* . ∘ ⍣ */                           \
  X(JotDot, "'∘.'")                        /* outer product prefix */           \
  X(Assign, "'←'")                                                               \
  X(LParen, "'('")                                                               \
  X(RParen, "')'")                                                               \
  X(LBracket, "'['")                                                             \
  X(RBracket, "']'")                                                             \
  X(LBrace, "'{'")                                                               \
  X(RBrace, "'}'")                                                               \
  X(Semicolon, "';'")                                                            \
  X(Colon, "':'")

enum class TokenKind : uint8_t {
#define APLC_TOKEN_ENUM(kind, description) kind,
  APLC_TOKEN_KINDS(APLC_TOKEN_ENUM)
#undef APLC_TOKEN_ENUM
};

const char* describe(TokenKind kind);  // the description column above
const char* name(TokenKind kind);      // the enumerator's name, e.g. "Function"

// A number as written: APL numbers are integers unless they have a fraction or exponent; an
// integer too large for 64 bits becomes a double, as in APL. Complex literals (2j1, 3J¯2) carry
// their real part in doubleValue and their imaginary part in imagValue.
struct NumberLiteral {
  enum class Kind : uint8_t { Int, Double, Complex } kind = Kind::Int;
  int64_t intValue = 0;
  double doubleValue = 0;  // the real part for Complex
  double imagValue = 0;
};

struct Token {
  TokenKind kind = TokenKind::End;
  SourceLoc loc;       // first character
  std::string text;    // source spelling; for String the contents, doubled quotes collapsed
  // Function / MonadicOperator / DyadicOperator: the glyph's code point. Spelling variants are
  // normalised here (U+2212 − is '-', U+22C6 ⋆ is '*', U+2223 ∣ is '|'); `text` keeps the source.
  char32_t glyph = 0;
  NumberLiteral number;  // Number only
};

// A comment `⍝ ...`: kept apart from the token stream, because `⍝○ name : type` annotations
// (apltail) and `⍝:` headers (thesis §3.3) are read by later stages.
struct Comment {
  SourceLoc loc;     // the ⍝
  std::string text;  // after the ⍝, up to (excluding) the end of line
};

struct LexResult {
  std::vector<Token> tokens;  // always ends with one End token
  std::vector<Comment> comments;
};

}  // namespace aplc::apl
