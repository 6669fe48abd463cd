// The TAIL parser (grammar in Parse.h): a lexer that tokenises the whole text, then recursive
// descent over the tokens, one function per grammar rule.
#include "tail/ir/Parse.h"

#include <cctype>
#include <charconv>
#include <optional>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "support/Diagnostics.h"
#include "support/Utf8.h"

namespace aplc::tail {

namespace {

// ---- Lexer ----------------------------------------------------------------------------------

enum class Tok {
  End, Ident, Int, Double, Complex, Char, String,
  LParen, RParen, LBrack, RBrack, Lt, Gt, Comma, Colon, Eq, FatArrow, Arrow, Star, Plus, Hash, Bar,
};

struct Token {
  Tok kind = Tok::End;
  std::string text;  // as written (for messages and identifiers)
  int64_t intValue = 0;
  double doubleValue = 0;  // Double; the real part of a Complex
  double imagValue = 0;    // Complex: the imaginary part
  std::u32string chars;  // Char: one element; String: the elements
  SourceLoc loc;
};

[[noreturn]] void syntaxError(SourceLoc loc, const std::string& msg) {
  throw UserError(loc, "SYNTAX ERROR: " + msg);
}

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
 public:
  Lexer(std::string_view text, uint32_t file) : text_(text), file_(file) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    for (;;) {
      skipSpaceAndComments();
      Token t;
      t.loc = here();
      if (pos_ >= text_.size()) {
        out.push_back(t);
        return out;
      }
      lexOne(t);
      out.push_back(std::move(t));
    }
  }

 private:
  SourceLoc here() const { return SourceLoc{file_, line_, col_}; }
  char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }

  // Advances over one character (a whole UTF-8 sequence), keeping line and column.
  char32_t advance() {
    utf8::Decoded d = utf8::decode(text_, pos_);
    pos_ += d.length;
    if (d.codepoint == U'\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    if (!d.valid) syntaxError(SourceLoc{file_, line_, col_ - 1}, "invalid UTF-8 in the input");
    return d.codepoint;
  }

  void skipSpaceAndComments() {
    while (pos_ < text_.size()) {
      char c = peek();
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        advance();
      } else if (c == '-' && peek(1) == '-') {
        while (pos_ < text_.size() && peek() != '\n') advance();
      } else {
        return;
      }
    }
  }

  void lexOne(Token& t) {
    char c = peek();
    if (isIdentStart(c)) return ident(t);
    if (isDigit(c)) return number(t, false);
    if (c == '~') {
      advance();
      if (isDigit(peek())) return number(t, true);
      if (text_.substr(pos_, 3) == "inf" && !isIdentChar(peek(3))) {
        for (int i = 0; i < 3; ++i) advance();
        t.kind = Tok::Double;
        t.text = "~inf";
        t.doubleValue = -std::numeric_limits<double>::infinity();
        return;
      }
      syntaxError(t.loc, "`~` (the minus sign) must be followed by a number");
    }
    if (c == '\'') return charLiteral(t);
    if (c == '"') return stringLiteral(t);
    struct Punct {
      const char* text;
      Tok kind;
    };
    static const Punct puncts[] = {
        {"=>", Tok::FatArrow}, {"->", Tok::Arrow}, {"(", Tok::LParen}, {")", Tok::RParen},
        {"[", Tok::LBrack},    {"]", Tok::RBrack}, {"<", Tok::Lt},     {">", Tok::Gt},
        {",", Tok::Comma},     {":", Tok::Colon},  {"=", Tok::Eq},     {"*", Tok::Star},
        {"+", Tok::Plus},      {"#", Tok::Hash},   {"|", Tok::Bar},
    };
    for (const Punct& p : puncts) {
      std::string_view s(p.text);
      if (text_.substr(pos_, s.size()) == s) {
        for (size_t i = 0; i < s.size(); ++i) advance();
        t.kind = p.kind;
        t.text = s;
        return;
      }
    }
    size_t start = pos_;
    advance();
    syntaxError(t.loc, "unexpected character `" + std::string(text_.substr(start, pos_ - start)) + "`");
  }

  void ident(Token& t) {
    size_t start = pos_;
    while (isIdentChar(peek())) advance();
    t.kind = Tok::Ident;
    t.text = text_.substr(start, pos_ - start);
    if (t.text == "inf" || t.text == "nan") {
      t.kind = Tok::Double;
      t.doubleValue = t.text == "inf" ? std::numeric_limits<double>::infinity()
                                       : std::numeric_limits<double>::quiet_NaN();
    }
  }

  // `re j im` (2.0j3.2, ~1j~2): the real part's digits are read, the cursor is at the `j`.
  void complexNumber(Token& t, bool negative, const std::string& realDigits) {
    double re = 0;
    auto res = std::from_chars(realDigits.data(), realDigits.data() + realDigits.size(), re);
    if (res.ec != std::errc() || res.ptr != realDigits.data() + realDigits.size())
      syntaxError(t.loc, "the real part " + realDigits + " of a complex literal is out of range");
    advance();  // j
    bool negativeImag = peek() == '~';
    if (negativeImag) advance();
    Token imag;
    imag.loc = here();
    number(imag, negativeImag);
    if (imag.kind == Tok::Complex) syntaxError(imag.loc, "a complex literal has one `j`");
    t.kind = Tok::Complex;
    t.text = (negative ? "~" : "") + realDigits + "j" + imag.text;
    t.doubleValue = negative ? -re : re;
    t.imagValue = imag.kind == Tok::Int ? static_cast<double>(imag.intValue) : imag.doubleValue;
  }

  void number(Token& t, bool negative) {
    size_t start = pos_;
    while (isDigit(peek())) advance();
    bool isDouble = false;
    if (peek() == '.' && isDigit(peek(1))) {
      isDouble = true;
      advance();
      while (isDigit(peek())) advance();
    }
    if ((peek() == 'e' || peek() == 'E') &&
        (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
      isDouble = true;
      advance();
      if (peek() == '+' || peek() == '-') advance();
      while (isDigit(peek())) advance();
    }
    std::string digits(text_.substr(start, pos_ - start));
    if (peek() == 'j' && (isDigit(peek(1)) || (peek(1) == '~' && isDigit(peek(2)))))
      return complexNumber(t, negative, digits);
    if (isIdentChar(peek())) syntaxError(here(), "a number must not run into a name");
    t.text = (negative ? "~" : "") + digits;
    if (isDouble) {
      t.kind = Tok::Double;
      double d = 0;
      auto res = std::from_chars(digits.data(), digits.data() + digits.size(), d);
      if (res.ec != std::errc() || res.ptr != digits.data() + digits.size())
        syntaxError(t.loc, "double literal " + t.text + " is out of range");
      t.doubleValue = negative ? -d : d;
      return;
    }
    t.kind = Tok::Int;
    uint64_t u = 0;
    auto res = std::from_chars(digits.data(), digits.data() + digits.size(), u);
    uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    if (res.ec != std::errc() || u > limit) syntaxError(t.loc, "integer literal " + t.text + " is out of range");
    t.intValue = negative ? static_cast<int64_t>(uint64_t{0} - u) : static_cast<int64_t>(u);
  }

  // One character inside quotes, with the escapes of Print.h.
  char32_t quotedChar(SourceLoc open) {
    SourceLoc loc = here();
    if (pos_ >= text_.size() || peek() == '\n') syntaxError(open, "unterminated literal");
    char32_t c = advance();
    if (c != U'\\') return c;
    char32_t e = pos_ < text_.size() ? advance() : U'\0';
    switch (e) {
      case U'n': return U'\n';
      case U't': return U'\t';
      case U'\\': return U'\\';
      case U'\'': return U'\'';
      case U'"': return U'"';
      case U'u': {
        if (peek() != '{') syntaxError(loc, "write a code point escape as \\u{hex}");
        advance();
        uint32_t v = 0;
        size_t digits = 0;
        while (std::isxdigit(static_cast<unsigned char>(peek())) && digits < 7) {
          char h = peek();
          v = v * 16 + static_cast<uint32_t>(isDigit(h) ? h - '0' : (std::tolower(h) - 'a' + 10));
          advance();
          ++digits;
        }
        if (digits == 0 || peek() != '}') syntaxError(loc, "write a code point escape as \\u{hex}");
        advance();
        if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) syntaxError(loc, "not a Unicode scalar value");
        return v;
      }
      default: break;
    }
    syntaxError(loc, "unknown escape in a character or string literal");
  }

  void charLiteral(Token& t) {
    advance();  // '
    t.kind = Tok::Char;
    if (peek() == '\'') syntaxError(t.loc, "empty character literal");
    t.chars.push_back(quotedChar(t.loc));
    if (peek() != '\'') syntaxError(t.loc, "a character literal holds one character: close it with '");
    advance();
    t.text = "character literal";
  }

  void stringLiteral(Token& t) {
    advance();  // "
    t.kind = Tok::String;
    while (peek() != '"') t.chars.push_back(quotedChar(t.loc));
    advance();
    t.text = "string literal";
  }

  std::string_view text_;
  uint32_t file_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t col_ = 1;
};

// ---- Parser ---------------------------------------------------------------------------------

std::string describe(const Token& t) {
  if (t.kind == Tok::End) return "the end of the input";
  return "`" + t.text + "`";
}

// Splits `x_17` into {x, 17}; a name without a canonical positive numeric suffix has tag 0.
Name splitName(const std::string& s) {
  size_t u = s.rfind('_');
  if (u == std::string::npos || u == 0 || u + 1 >= s.size() || s[u + 1] == '0') return {s, 0};
  for (size_t i = u + 1; i < s.size(); ++i)
    if (!isDigit(s[i])) return {s, 0};
  if (s.size() - u - 1 > 9) return {s, 0};
  return {s.substr(0, u), static_cast<uint32_t>(std::stoul(s.substr(u + 1)))};
}

bool isKeyword(const std::string& s) {
  return s == "let" || s == "letrec" || s == "in" || s == "fn" || s == "tt" || s == "ff" || s == "int" || s == "double" ||
         s == "bool" || s == "char" || s == "complex" || s == "S" || s == "SV";
}

class Parser {
 public:
  Parser(std::vector<Token> toks, bool schemeMode) : toks_(std::move(toks)), schemeMode_(schemeMode) {}

  Exp program() {
    Exp e = exp();
    expectEnd();
    return e;
  }

  Type typeOnly() {
    Type t = type();
    expectEnd();
    return t;
  }

  Scheme schemeOnly() {
    Scheme s;
    s.body = typeOnly();
    for (auto& [name, id] : baseVars_) s.baseVars.push_back(id);
    for (auto& [name, id] : shapeVars_) s.shapeVars.push_back(id);
    for (auto& [name, id] : typeVars_) s.typeVars.push_back(id);
    return s;
  }

 private:
  const Token& cur() const { return toks_[pos_]; }
  bool at(Tok k) const { return cur().kind == k; }
  bool atIdent(std::string_view s) const { return cur().kind == Tok::Ident && cur().text == s; }
  Token next() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }

  Token expect(Tok k, const char* what) {
    if (!at(k)) syntaxError(cur().loc, std::string("expected ") + what + ", found " + describe(cur()));
    return next();
  }
  void expectIdent(std::string_view word) {
    if (!atIdent(word)) syntaxError(cur().loc, "expected `" + std::string(word) + "`, found " + describe(cur()));
    next();
  }
  void expectEnd() {
    if (!at(Tok::End)) syntaxError(cur().loc, "unexpected " + describe(cur()) + " after a complete expression");
  }

  // ---- expressions ----

  // Deeply nested input must not overflow the stack: a limit far beyond what programs need.
  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser) : p(parser) {
      if (++p.depth_ > kMaxDepth) syntaxError(p.cur().loc, "expression nested too deeply");
    }
    ~DepthGuard() { --p.depth_; }
  };
  static constexpr int kMaxDepth = 500;

  Exp exp() {
    DepthGuard guard(*this);
    if (atIdent("let")) return let();
    if (atIdent("letrec")) return letRec();
    if (atIdent("fn")) return lambda();
    return postfix();
  }

  Name binderName() {
    Token t = expect(Tok::Ident, "a variable name");
    if (isKeyword(t.text) || lookupPrim(t.text))
      syntaxError(t.loc, "`" + t.text + "` is reserved and cannot name a variable");
    return splitName(t.text);
  }

  Exp let() {
    SourceLoc loc = next().loc;
    Name name = binderName();
    expect(Tok::Colon, "`:` and the type of the let-bound variable");
    Type t = type();
    expect(Tok::Eq, "`=`");
    Exp value = exp();
    expectIdent("in");
    // A let's body continues the chain rather than nesting: long let chains (one per APL
    // statement) must not count against the nesting limit.
    --depth_;
    Exp body = exp();
    ++depth_;
    return Let::make(std::move(name), std::move(t), std::move(value), std::move(body), loc);
  }

  Exp letRec() {
    SourceLoc loc = next().loc;
    Name name = binderName();
    expect(Tok::Colon, "`:` and the type of the recursive function");
    Type t = type();
    if (!t.isFunction()) syntaxError(loc, "a letrec binds a function: its type must be `τ -> τ'`");
    expect(Tok::Eq, "`=`");
    if (!atIdent("fn")) syntaxError(cur().loc, "a letrec binds a function: expected `fn`");
    Exp fn = lambda();
    if (!(fn.to<Lambda>().paramType == t.param()))
      syntaxError(fn.loc(), "the function's parameter type must be the letrec type's parameter type");
    expectIdent("in");
    --depth_;
    Exp body = exp();
    ++depth_;
    return LetRec::make(std::move(name), std::move(t), std::move(fn), std::move(body), loc);
  }

  Exp lambda() {
    SourceLoc loc = next().loc;
    Name name = binderName();
    expect(Tok::Colon, "`:` and the parameter's type");
    Type t = type();
    expect(Tok::FatArrow, "`=>`");
    Exp body = exp();
    return Lambda::make(std::move(name), std::move(t), std::move(body), loc);
  }

  Exp postfix() {
    Exp e = primary();
    while (at(Tok::LParen)) {
      SourceLoc loc = next().loc;
      Exp arg = exp();
      if (at(Tok::Comma))
        syntaxError(cur().loc, "a function value takes one argument; apply it again for the next: f(a)(b)");
      expect(Tok::RParen, "`)`");
      e = App::make(std::move(e), std::move(arg), loc);
    }
    return e;
  }

  std::vector<Exp> expList(Tok close, const char* closeText) {
    std::vector<Exp> out;
    if (at(close)) {
      next();
      return out;
    }
    for (;;) {
      out.push_back(exp());
      if (at(Tok::Comma)) {
        next();
        continue;
      }
      expect(close, closeText);
      return out;
    }
  }

  Exp primary() {
    const Token& t = cur();
    SourceLoc loc = t.loc;
    switch (t.kind) {
      case Tok::Int: return IntConst::make(next().intValue, loc);
      case Tok::Double: return DoubleConst::make(next().doubleValue, loc);
      case Tok::Complex: {
        const Token& z = next();
        return ComplexConst::make(z.doubleValue, z.imagValue, loc);
      }
      case Tok::Char: return CharConst::make(next().chars[0], loc);
      case Tok::String: {
        std::vector<Exp> cs;
        for (char32_t c : next().chars) cs.push_back(CharConst::make(c, loc));
        return ArrayLit::make(Base::charT(), std::move(cs), loc);
      }
      case Tok::Ident: return identifier();
      case Tok::LBrack: return arrayLiteral();
      case Tok::LParen: {
        next();
        std::vector<Exp> es = expList(Tok::RParen, "`)` or `,`");
        if (es.empty()) syntaxError(loc, "`()` is not an expression");
        if (es.size() == 1) return es[0];
        return Tuple::make(std::move(es), loc);
      }
      case Tok::Hash: {
        next();
        Token i = expect(Tok::Int, "a component number after `#`");
        if (i.intValue < 0) syntaxError(i.loc, "component numbers are 0, 1, 2, ...");
        expect(Tok::LParen, "`(`");
        Exp tup = exp();
        expect(Tok::RParen, "`)`");
        return Proj::make(static_cast<size_t>(i.intValue), std::move(tup), loc);
      }
      default: syntaxError(loc, "expected an expression, found " + describe(t));
    }
  }

  Exp identifier() {
    Token t = next();
    if (t.text == "tt" || t.text == "ff") return BoolConst::make(t.text == "tt", t.loc);
    if (t.text == "in" || t.text == "let" || t.text == "letrec" || t.text == "fn")
      syntaxError(t.loc, "expected an expression, found " + describe(t));
    if (std::optional<Prim> p = lookupPrim(t.text)) {
      if (!at(Tok::LParen)) {
        if (primArity(*p) == 0) syntaxError(t.loc, t.text + " takes no arguments: write " + t.text + "()");
        return PrimFn::make(*p, t.loc);
      }
      SourceLoc open = next().loc;
      std::vector<Exp> args = expList(Tok::RParen, "`)` or `,`");
      if (args.size() != primArity(*p))
        syntaxError(open, t.text + " takes " + std::to_string(primArity(*p)) + " argument" +
                              (primArity(*p) == 1 ? "" : "s") + ", given " + std::to_string(args.size()));
      return PrimApp::make(*p, std::move(args), t.loc);
    }
    if (isKeyword(t.text)) syntaxError(t.loc, "expected an expression, found " + describe(t));
    return Var::make(splitName(t.text), t.loc);
  }

  static std::optional<Base> literalBase(const Exp& e) {
    switch (e.kind()) {
      case ExpKind::IntConst: return Base::intT();
      case ExpKind::DoubleConst: return Base::doubleT();
      case ExpKind::ComplexConst: return Base::complexT();
      case ExpKind::BoolConst: return Base::boolT();
      case ExpKind::CharConst: return Base::charT();
      default: return std::nullopt;
    }
  }

  Exp arrayLiteral() {
    SourceLoc loc = next().loc;
    std::vector<Exp> es = expList(Tok::RBrack, "`]` or `,`");
    std::optional<Base> element;
    if (at(Tok::Colon)) {
      next();
      element = baseType();
    } else if (!es.empty()) {
      element = literalBase(es[0]);
    }
    if (!element)
      syntaxError(loc, es.empty() ? "write the element type of an empty array: []:int"
                                  : "write the element type of this array: [...]:int");
    return ArrayLit::make(*element, std::move(es), loc);
  }

  // ---- types ----

  Type type() {
    DepthGuard guard(*this);
    Type t = atype();
    if (at(Tok::Arrow)) {
      next();
      return Type::function(std::move(t), type());
    }
    return t;
  }

  std::optional<Base> builtinBase() {
    if (cur().kind != Tok::Ident) return std::nullopt;
    const std::string& s = cur().text;
    if (s == "int") return Base::intT();
    if (s == "double") return Base::doubleT();
    if (s == "bool") return Base::boolT();
    if (s == "char") return Base::charT();
    if (s == "complex") return Base::complexT();
    return std::nullopt;
  }

  static uint32_t varId(std::map<std::string, uint32_t>& vars, const std::string& name) {
    auto it = vars.find(name);
    if (it != vars.end()) return it->second;
    uint32_t id = Shape::fresh().terms()[0].first;  // a fresh, globally unique id
    vars.emplace(name, id);
    return id;
  }

  Base baseType() {
    if (std::optional<Base> b = builtinBase()) {
      next();
      return *b;
    }
    if (schemeMode_ && at(Tok::Ident) && !isKeyword(cur().text)) return Base::variable(varId(baseVars_, next().text));
    syntaxError(cur().loc, "expected a base type (int, double, bool, char), found " + describe(cur()));
  }

  Shape shapeTerm() {
    if (at(Tok::Int)) {
      int64_t k = next().intValue;
      if (schemeMode_ && at(Tok::Star)) {
        next();
        return shapeVariable().scaled(k);
      }
      return Shape(k);
    }
    return shapeVariable();
  }

  Shape shapeVariable() {
    if (schemeMode_ && at(Tok::Ident) && !isKeyword(cur().text)) return Shape::variable(varId(shapeVars_, next().text));
    syntaxError(cur().loc, "expected a shape (a number), found " + describe(cur()));
  }

  Shape shapeSum() {
    Shape s = shapeTerm();
    while (at(Tok::Plus)) {
      next();
      s = s + shapeTerm();
    }
    return s;
  }

  // After `]` or `>`: a natural number, a variable (schemes) or a parenthesised sum.
  Shape shapeSuffix() {
    if (at(Tok::LParen)) {
      next();
      Shape s = shapeSum();
      expect(Tok::RParen, "`)` after the shape");
      return s;
    }
    if (at(Tok::Int) && cur().intValue < 0) syntaxError(cur().loc, "a rank or length cannot be negative");
    if (at(Tok::Int)) return Shape(next().intValue);
    return shapeVariable();
  }

  Type atype() {
    SourceLoc loc = cur().loc;
    if (at(Tok::LBrack)) {
      next();
      Base b = baseType();
      expect(Tok::RBrack, "`]`");
      return Type::array(b, shapeSuffix());
    }
    if (at(Tok::Lt)) {
      next();
      Base b = baseType();
      expect(Tok::Gt, "`>`");
      return Type::vector(b, shapeSuffix());
    }
    if (atIdent("S") || atIdent("SV")) {
      bool vector = cur().text == "SV";
      next();
      expect(Tok::LParen, "`(`");
      Base b = baseType();
      expect(Tok::Comma, "`,`");
      bool magnitude = false;
      if (schemeMode_ && !vector && at(Tok::Bar)) {
        next();
        magnitude = true;
      }
      Shape v = shapeSum();
      if (magnitude) expect(Tok::Bar, "`|`");
      expect(Tok::RParen, "`)`");
      if (vector) return Type::singletonVector(b, v);
      return magnitude ? Type::singletonMagnitude(b, v) : Type::singleton(b, v);
    }
    if (at(Tok::LParen)) {
      next();
      std::vector<Type> parts{type()};
      while (at(Tok::Star)) {
        next();
        parts.push_back(type());
      }
      expect(Tok::RParen, "`)` or `*`");
      return parts.size() == 1 ? parts[0] : Type::tuple(std::move(parts));
    }
    if (builtinBase()) return Type::scalar(baseType());
    if (schemeMode_ && at(Tok::Ident) && !isKeyword(cur().text)) {
      if (cur().text[0] == 't') return Type::variable(varId(typeVars_, next().text));
      return Type::scalar(baseType());
    }
    syntaxError(loc, "expected a type, found " + describe(cur()));
  }

  std::vector<Token> toks_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool schemeMode_;
  std::map<std::string, uint32_t> baseVars_, shapeVars_, typeVars_;
};

}  // namespace

Exp parseExpText(std::string_view text, uint32_t file) {
  Parser p(Lexer(text, file).run(), false);
  return p.program();
}

Exp parseProgram(const SourceManager& sources, uint32_t file) { return parseExpText(sources.text(file), file); }

Type parseType(std::string_view text) {
  Parser p(Lexer(text, 0).run(), false);
  return p.typeOnly();
}

Scheme parseScheme(std::string_view text) {
  Parser p(Lexer(text, 0).run(), true);
  return p.schemeOnly();
}

}  // namespace aplc::tail
