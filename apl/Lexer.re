// The APL lexer, written for re2c. Run it with `--utf8 --input-encoding utf8`: the rules below
// are written in UTF-8 and match code points, so a glyph such as ⍴ is one rule, and an invalid
// byte sequence matches only the catch-all `*`. (Without --input-encoding, re2c reads this file
// as Latin-1 and every glyph rule silently matches the wrong bytes.)
//
// The text is copied into a buffer that ends with a NUL sentinel; a NUL inside the text is an
// unknown character. Tokens carry their first character's location; columns count characters,
// tracked incrementally from the previous token so that a very long line stays linear.
//
// Numbers are lexed in two steps: one rule takes the longest "numeric-looking" run (digits,
// letters, '.', '¯'), then parseNumber checks it against APL's number syntax. That way `1e` or
// `1.2.3` is reported as one malformed number instead of silently becoming several tokens.
#include "apl/Lexer.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include "support/Diagnostics.h"
#include "support/Utf8.h"

namespace aplc::apl {

namespace {

using Byte = unsigned char;

// APL spells the minus sign of a literal with ¯ (U+00AF, two bytes in UTF-8).
constexpr std::string_view kHighMinus = "\xC2\xAF";

// One real number as written: ¯? digits [. digits] [e ¯? digits]. Returns false if `text` is not
// exactly that; `ascii` receives the C spelling ('-' for ¯) for std::from_chars.
bool spellReal(std::string_view text, std::string& ascii, bool& isInteger) {
  size_t i = 0;
  ascii.clear();
  isInteger = true;
  if (text.substr(0, 2) == kHighMinus) {
    ascii += '-';
    i = 2;
  }
  size_t mantissaDigits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ascii += text[i++], ++mantissaDigits;
  if (i < text.size() && text[i] == '.') {
    isInteger = false;
    ascii += text[i++];
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ascii += text[i++], ++mantissaDigits;
  }
  if (mantissaDigits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    isInteger = false;
    ascii += text[i++];
    if (text.substr(i, 2) == kHighMinus) ascii += '-', i += 2;
    size_t exponentDigits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ascii += text[i++], ++exponentDigits;
    if (exponentDigits == 0) return false;
  }
  return i == text.size();
}

// A well-formed number beyond the range of doubles is ±infinity (reported by the lexer as too
// large); one too small underflows to 0 (or a denormal), as in Dyalog.
std::optional<double> toDouble(const std::string& ascii) {
  double value = 0;
  auto [end, ec] = std::from_chars(ascii.data(), ascii.data() + ascii.size(), value);
  if (end != ascii.data() + ascii.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) return std::strtod(ascii.c_str(), nullptr);
  if (ec != std::errc()) return std::nullopt;
  return value;
}

// Parses a numeric-looking run; nullopt if it is malformed or out of range. Integers that do not
// fit in 64 bits become doubles, as in APL.
std::optional<NumberLiteral> parseNumber(std::string_view text) {
  NumberLiteral n;
  size_t j = text.find_first_of("jJ");
  std::string ascii;
  bool isInteger = false;
  if (j != std::string_view::npos) {
    std::string imagAscii;
    bool imagInteger = false;
    if (!spellReal(text.substr(0, j), ascii, isInteger)) return std::nullopt;
    if (!spellReal(text.substr(j + 1), imagAscii, imagInteger)) return std::nullopt;
    std::optional<double> re = toDouble(ascii), im = toDouble(imagAscii);
    if (!re || !im) return std::nullopt;
    n.kind = NumberLiteral::Kind::Complex;
    n.doubleValue = *re;
    n.imagValue = *im;
    return n;
  }
  if (!spellReal(text, ascii, isInteger)) return std::nullopt;
  if (isInteger) {
    int64_t value = 0;
    auto [end, ec] = std::from_chars(ascii.data(), ascii.data() + ascii.size(), value);
    if (ec == std::errc() && end == ascii.data() + ascii.size()) {
      n.kind = NumberLiteral::Kind::Int;
      n.intValue = value;
      return n;
    }
  }
  std::optional<double> value = toDouble(ascii);
  if (!value) return std::nullopt;
  n.kind = NumberLiteral::Kind::Double;
  n.doubleValue = *value;
  return n;
}

// Spelling variants of glyphs that mean the same primitive.
char32_t normaliseGlyph(char32_t cp) {
  switch (cp) {
    case U'\u2212': return U'-';  // − MINUS SIGN
    case U'\u22C6': return U'*';  // ⋆ STAR OPERATOR
    case U'\u2223': return U'|';  // ∣ DIVIDES
    default: return cp;
  }
}

std::string hexByte(Byte b) {
  const char* digits = "0123456789ABCDEF";
  return std::string("0x") + digits[b >> 4] + digits[b & 15];
}

std::string codePointName(char32_t cp) {
  const char* digits = "0123456789ABCDEF";
  std::string hex;
  for (int shift = 20; shift >= 0; shift -= 4) {
    int d = (cp >> shift) & 15;
    if (d != 0 || !hex.empty() || shift < 16) hex += digits[d];
  }
  return "U+" + hex;
}

// APL primitives aplc does not support yet: the lexer names them instead of calling them unknown.
const char* unsupportedPrimitive(char32_t cp) {
  switch (cp) {
    case U'⍎': return "execute";
    case U'⌹': return "matrix inverse and matrix divide";
    case U'⍤': return "the rank operator";
    case U'⌸': return "the key operator";
    case U'⍥': return "the over operator";
    case U'⍷': return "find";
    case U'⊆': return "nest and partition";
    case U'⌺': return "the stencil operator";
    case U'⍠': return "the variant operator";
    default: return nullptr;
  }
}

class Lexer {
 public:
  Lexer(uint32_t file, std::string_view text) : file_(file), buffer_(text) {
    buffer_.push_back('\0');
    begin_ = reinterpret_cast<const Byte*>(buffer_.data());
    end_ = begin_ + text.size();
    cursor_ = begin_;
    lineStart_ = begin_;
    columnMark_ = begin_;
  }

  LexResult run();

 private:
  // Location of the character at p, which must not be before the previous call's p.
  SourceLoc locationOf(const Byte* p) {
    while (columnMark_ < p) {
      if ((*columnMark_ & 0xC0) != 0x80) ++columnAtMark_;
      ++columnMark_;
    }
    // columnAtMark_ counts the characters that start before p, so p's column is one more.
    return {file_, line_, columnAtMark_ + 1};
  }

  void newLine() {
    ++line_;
    lineStart_ = cursor_;
    columnMark_ = cursor_;
    columnAtMark_ = 0;
  }

  std::string_view textFrom(const Byte* start) const {
    return {reinterpret_cast<const char*>(start), static_cast<size_t>(cursor_ - start)};
  }

  Token& add(TokenKind kind, const Byte* start) {
    Token t;
    t.kind = kind;
    t.loc = locationOf(start);
    t.text = std::string(textFrom(start));
    result_.tokens.push_back(std::move(t));
    return result_.tokens.back();
  }

  void addGlyph(TokenKind kind, const Byte* start) {
    Token& t = add(kind, start);
    t.glyph = normaliseGlyph(utf8::decode(t.text, 0).codepoint);
  }

  void addNumber(const Byte* start) {
    std::optional<NumberLiteral> n = parseNumber(textFrom(start));
    if (!n) fail(start, "malformed number '" + std::string(textFrom(start)) + "'");
    if (std::isinf(n->doubleValue) || std::isinf(n->imagValue))
      fail(start, "DOMAIN ERROR: number too large: '" + std::string(textFrom(start)) +
                      "' (the largest is about 1.797693135E308)");
    add(TokenKind::Number, start).number = *n;
  }

  void addString(const Byte* start) {
    std::string_view quoted = textFrom(start);
    std::string contents;
    for (size_t i = 1; i + 1 < quoted.size(); ++i) {
      contents += quoted[i];
      if (quoted[i] == '\'') ++i;  // a doubled quote stands for one
    }
    add(TokenKind::String, start).text = std::move(contents);
  }

  void addComment(const Byte* start) {
    std::string_view text = textFrom(start).substr(3);  // after the 3-byte ⍝
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    result_.comments.push_back({locationOf(start), std::string(text)});
  }

  // The string starting at `quote` did not match: either a bad byte inside it or no closing quote.
  [[noreturn]] void failString(const Byte* quote) {
    std::string_view rest(reinterpret_cast<const char*>(quote), static_cast<size_t>(end_ - quote));
    for (size_t pos = 1; pos < rest.size() && rest[pos] != '\n';) {
      utf8::Decoded d = utf8::decode(rest, pos);
      if (!d.valid) failInvalidUtf8(quote + pos);
      if (d.codepoint == 0) fail(quote + pos, "unknown character U+0000 in a string");
      pos += d.length;
    }
    fail(quote, "unterminated string: the closing quote ' is missing on this line");
  }

  [[noreturn]] void failInvalidUtf8(const Byte* p) {
    fail(p, "invalid UTF-8: byte " + hexByte(*p) + " does not start a valid character");
  }

  [[noreturn]] void failUnknownCharacter(const Byte* start) {
    std::string text(textFrom(start));
    char32_t cp = utf8::decode(text, 0).codepoint;
    std::string shown = cp < 0x20 || cp == 0x7F ? std::string() : "'" + text + "' ";
    if (const char* what = unsupportedPrimitive(cp)) fail(start, "not supported: " + text + " (" + what + ")");
    fail(start, "unknown character " + shown + "(" + codePointName(cp) + ")");
  }

  [[noreturn]] void fail(const Byte* p, const std::string& message) {
    throw UserError(locationOf(p), message);
  }

  uint32_t file_;
  std::string buffer_;
  const Byte* begin_;
  const Byte* end_;  // the sentinel NUL
  const Byte* cursor_;
  const Byte* lineStart_;
  uint32_t line_ = 1;
  const Byte* columnMark_;    // a position on the current line ...
  uint32_t columnAtMark_ = 0; // ... and the number of characters before it on the line
  LexResult result_;
};

LexResult Lexer::run() {
  for (;;) {
    const Byte* start = cursor_;
    const Byte* YYMARKER = nullptr;     // re2c's backtracking position
    const Byte* YYCTXMARKER = nullptr;  // and the one for the trailing context of "∘."
    (void)YYMARKER;
    (void)YYCTXMARKER;
    /*!re2c
      re2c:define:YYCTYPE = Byte;
      re2c:define:YYCURSOR = cursor_;
      re2c:yyfill:enable = 0;

      digit    = [0-9];
      letter   = [a-zA-Z_∆⍙À-ÖØ-öø-ÿĀ-ſΑ-Ωα-ω];
      namechar = letter | digit;
      numeric  = "¯"? (digit | "." digit) [0-9a-zA-Z_.¯]*;

      "\x00" {
        if (start != end_) failUnknownCharacter(start);
        add(TokenKind::End, start);
        return std::move(result_);
      }
      [ \t]+             { continue; }
      "\r"? "\n"         { add(TokenKind::Newline, start); newLine(); continue; }
      "⍝" [^\n\x00]*     { addComment(start); continue; }
      "'" ([^'\n\x00] | "''")* "'" { addString(start); continue; }
      "'"                { failString(start); }
      numeric            { addNumber(start); continue; }
      "¯"                { fail(start, "¯ (high minus) must be followed by a number"); }
      letter namechar*   { add(TokenKind::Name, start); continue; }
      "⎕" namechar*      { add(TokenKind::SystemName, start); continue; }
      "⍺⍺"               { add(TokenKind::AlphaAlpha, start); continue; }
      "⍵⍵"               { add(TokenKind::OmegaOmega, start); continue; }
      "⍺"                { add(TokenKind::Alpha, start); continue; }
      "⍵"                { add(TokenKind::Omega, start); continue; }
      "∇"                { add(TokenKind::Del, start); continue; }
      "⍬"                { add(TokenKind::Zilde, start); continue; }
      "∘." / [^0-9]      { add(TokenKind::JotDot, start).glyph = U'∘'; continue; }
      [+\-×÷*⍟|⌈⌊○!?~∧∨⍲⍱<≤=≥>≠⍴,⍪⍉⌽⊖↑↓⊃⊂≡≢⍳⍋⍒⍕⊣⊢⌷−⋆∣∊⊥⊤⍸∪∩] {
        addGlyph(TokenKind::Function, start);
        continue;
      }
      [/⌿\\⍀¨⍨]          { addGlyph(TokenKind::MonadicOperator, start); continue; }
      [.∘⍣]              { addGlyph(TokenKind::DyadicOperator, start); continue; }
      "←"                { add(TokenKind::Assign, start); continue; }
      "→"                { fail(start, "not supported: → (branch): use :If, :While, :For or :Return in a tradfn"); }
      "⋄"                { add(TokenKind::Diamond, start); continue; }
      "("                { add(TokenKind::LParen, start); continue; }
      ")"                { add(TokenKind::RParen, start); continue; }
      "["                { add(TokenKind::LBracket, start); continue; }
      "]"                { add(TokenKind::RBracket, start); continue; }
      "{"                { add(TokenKind::LBrace, start); continue; }
      "}"                { add(TokenKind::RBrace, start); continue; }
      ";"                { add(TokenKind::Semicolon, start); continue; }
      ":"                { add(TokenKind::Colon, start); continue; }
      [^]                { failUnknownCharacter(start); }
      *                  { failInvalidUtf8(start); }
    */
  }
}

}  // namespace

LexResult lex(uint32_t file, std::string_view text) { return Lexer(file, text).run(); }

}  // namespace aplc::apl
