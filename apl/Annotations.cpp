// Type annotations in comments: the type parser, attaching annotations to definitions, and the
// instance checks (see Annotations.h and docs/annotations.md).
#include "apl/Annotations.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "support/Diagnostics.h"
#include "support/Utf8.h"

namespace aplc::apl {

using tail::Base;
using tail::Shape;
using tail::Type;
using tail::TypeKind;

const TypeAnnotation* Annotations::forBinding(uint32_t bindingId) const {
  auto it = byBinding_.find(bindingId);
  return it == byBinding_.end() ? nullptr : it->second.get();
}

const TypeAnnotation* Annotations::forDfn(SourceLoc brace) const {
  auto it = byDfn_.find(key(brace));
  return it == byDfn_.end() ? nullptr : it->second.get();
}

// ------------------------------------------------------------------------------ the type parser

namespace {

constexpr char32_t kArrow = U'→';

// A recursive-descent parser over the code points of an annotation's type text. Identifiers are
// ASCII letters, digits and `_`, or any non-ASCII character but → (so κ, ρ, ⍴ are names).
class TypeParser {
 public:
  TypeParser(const std::string& text, SourceLoc at) : at_(at) {
    for (size_t pos = 0; pos < text.size();) {
      utf8::Decoded d = utf8::decode(text, pos);
      cps_.push_back(d.codepoint);
      pos += d.length;
    }
  }

  TypeAnnotation parse() {
    std::vector<Type> parts = arrowChain();
    skipSpace();
    if (pos_ < cps_.size()) error("unexpected '" + utf8::encode(cps_[pos_]) + "' after the type");
    TypeAnnotation a;
    a.loc = at_;
    size_t operands = 0;
    while (operands + 1 < parts.size() && parts[operands].isFunction()) ++operands;
    a.operandCount = operands;
    a.arity = parts.size() - 1 - operands;
    if (a.arity > 2) error("a function takes at most two arguments (⍺ and ⍵)");
    for (size_t i = operands; i < parts.size(); ++i)
      if (parts[i].isFunction()) error("a function type where an array type is expected");
    Type body = parts.back();
    for (size_t i = parts.size() - 1; i-- > 0;) body = Type::function(parts[i], body);
    a.scheme.body = body;
    for (const auto& [name, id] : baseVars_) {
      a.scheme.baseVars.push_back(id);
      a.varNames["'a" + std::to_string(id)] = name;
    }
    for (const auto& [name, id] : shapeVars_) {
      a.scheme.shapeVars.push_back(id);
      a.varNames["'r" + std::to_string(id)] = name;
    }
    return a;
  }

 private:
  [[noreturn]] void error(const std::string& what) const {
    SourceLoc l = at_;
    l.col += static_cast<uint32_t>(std::min(pos_, cps_.size()));
    throw UserError(l, "SYNTAX ERROR: malformed type annotation: " + what);
  }

  void skipSpace() {
    while (pos_ < cps_.size() && (cps_[pos_] == U' ' || cps_[pos_] == U'\t')) ++pos_;
  }
  bool accept(char32_t c) {
    skipSpace();
    if (pos_ < cps_.size() && cps_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char32_t c) {
    if (!accept(c)) error("expected '" + utf8::encode(c) + "'");
  }
  bool acceptArrow() {
    if (accept(kArrow)) return true;
    skipSpace();
    if (pos_ + 1 < cps_.size() && cps_[pos_] == U'-' && cps_[pos_ + 1] == U'>') {
      pos_ += 2;
      return true;
    }
    return false;
  }
  static bool isIdentChar(char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') || c == U'_' ||
           (c >= 0x80 && c != kArrow);
  }
  std::optional<std::string> identifier() {
    skipSpace();
    size_t start = pos_;
    if (pos_ >= cps_.size() || !isIdentChar(cps_[pos_]) || (cps_[pos_] >= U'0' && cps_[pos_] <= U'9')) return {};
    std::string out;
    while (pos_ < cps_.size() && isIdentChar(cps_[pos_])) out += utf8::encode(cps_[pos_++]);
    if (out.empty()) pos_ = start;
    return out;
  }

  // τ1 → τ2 → … → τn (n ≥ 1), each τi an array type or a parenthesised function type.
  std::vector<Type> arrowChain() {
    std::vector<Type> parts{atom()};
    while (acceptArrow()) parts.push_back(atom());
    return parts;
  }
  Type atom() {
    if (accept(U'(')) {
      std::vector<Type> parts = arrowChain();
      expect(U')');
      Type t = parts.back();
      for (size_t i = parts.size() - 1; i-- > 0;) t = Type::function(parts[i], t);
      return t;
    }
    if (accept(U'[')) {
      Base b = base();
      expect(U']');
      return Type::array(b, shape());
    }
    if (accept(U'<')) {
      Base b = base();
      expect(U'>');
      return Type::vector(b, shape());
    }
    size_t start = pos_;
    std::optional<std::string> name = identifier();
    if (!name) error(pos_ < cps_.size() ? "expected a type" : "expected a type at the end");
    if ((*name == "S" || *name == "SV") && accept(U'(')) {
      Base b = base();
      expect(U',');
      Shape s = shape();
      expect(U')');
      return *name == "S" ? Type::singleton(b, s) : Type::singletonVector(b, s);
    }
    pos_ = start;
    return Type::scalar(base());  // a bare base type κ is [κ]0
  }
  Base base() {
    skipSpace();
    size_t start = pos_;
    std::optional<std::string> name = identifier();
    if (!name) error("expected a base type (int, double, bool, char) or a variable such as κ");
    if (*name == "int") return Base::intT();
    if (*name == "double") return Base::doubleT();
    if (*name == "bool") return Base::boolT();
    if (*name == "char") return Base::charT();
    if (shapeVars_.count(*name)) {
      pos_ = start;
      error(*name + " is used both as a base type and as a shape");
    }
    auto it = baseVars_.find(*name);
    if (it == baseVars_.end()) it = baseVars_.emplace(*name, Base::fresh().var).first;
    return Base::variable(it->second);
  }
  // A sum of terms: integers, variables, parenthesised sums.
  Shape shape() {
    Shape s = shapeTerm();
    while (accept(U'+')) s = s + shapeTerm();
    return s;
  }
  Shape shapeTerm() {
    if (accept(U'(')) {
      Shape s = shape();
      expect(U')');
      return s;
    }
    skipSpace();
    if (pos_ < cps_.size() && cps_[pos_] >= U'0' && cps_[pos_] <= U'9') {
      int64_t v = 0;
      while (pos_ < cps_.size() && cps_[pos_] >= U'0' && cps_[pos_] <= U'9') {
        if (v > 1'000'000'000) error("a number too large for a shape");
        v = v * 10 + static_cast<int64_t>(cps_[pos_++] - U'0');
      }
      return Shape(v);
    }
    size_t start = pos_;
    std::optional<std::string> name = identifier();
    if (!name) error("expected a shape: a number, a variable such as ρ, or a sum such as ρ+1");
    if (baseVars_.count(*name) || *name == "int" || *name == "double" || *name == "bool" || *name == "char") {
      pos_ = start;
      error(*name + " is a base type, not a shape");
    }
    auto it = shapeVars_.find(*name);
    if (it == shapeVars_.end()) it = shapeVars_.emplace(*name, Shape::fresh().terms()[0].first).first;
    return Shape::variable(it->second);
  }

  SourceLoc at_;
  std::vector<char32_t> cps_;
  size_t pos_ = 0;
  std::map<std::string, uint32_t> baseVars_, shapeVars_;
};

}  // namespace

TypeAnnotation parseAnnotationType(const std::string& text, SourceLoc at) {
  TypeAnnotation a = TypeParser(text, at).parse();
  size_t b = text.find_first_not_of(" \t"), e = text.find_last_not_of(" \t");
  a.written = b == std::string::npos ? "" : text.substr(b, e - b + 1);
  return a;
}

// -------------------------------------------------------------------------- attaching annotations

namespace {

bool before(SourceLoc a, SourceLoc b) { return std::tie(a.file, a.line, a.col) < std::tie(b.file, b.line, b.col); }

// Every definition and dfn of the program, in no particular order.
struct Definitions {
  std::vector<ast::BindingPtr> named;  // FnDef, OpDef and Assign bindings
  std::vector<SourceLoc> dfnBraces;
  std::vector<SourceLoc> operatorNames;  // OpDef: its dfn is only in the tree where it is used
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::string> dfnNames;  // f ← {…}: the {'s f
};

void walk(const ast::Node* n, Definitions& out) {
  if (!n) return;
  switch (n->kind) {
    case ast::Kind::Strand:
      for (const auto& i : n->as<ast::Strand>()->items) walk(i.get(), out);
      break;
    case ast::Kind::Monadic:
      walk(n->as<ast::Monadic>()->fn.get(), out);
      walk(n->as<ast::Monadic>()->arg.get(), out);
      break;
    case ast::Kind::Dyadic:
      walk(n->as<ast::Dyadic>()->left.get(), out);
      walk(n->as<ast::Dyadic>()->fn.get(), out);
      walk(n->as<ast::Dyadic>()->right.get(), out);
      break;
    case ast::Kind::Index:
      walk(n->as<ast::Index>()->array.get(), out);
      for (const auto& i : n->as<ast::Index>()->indices) walk(i.get(), out);
      break;
    case ast::Kind::Assign:
      out.named.push_back(n->as<ast::Assign>()->binding);
      walk(n->as<ast::Assign>()->value.get(), out);
      break;
    case ast::Kind::MultipleAssign:
      for (const ast::BindingPtr& b : n->as<ast::MultipleAssign>()->bindings) out.named.push_back(b);
      walk(n->as<ast::MultipleAssign>()->value.get(), out);
      break;
    case ast::Kind::IndexedAssign:
      for (const auto& i : n->as<ast::IndexedAssign>()->indices) walk(i.get(), out);
      walk(n->as<ast::IndexedAssign>()->value.get(), out);
      break;
    case ast::Kind::ModifiedAssign:
      for (const auto& i : n->as<ast::ModifiedAssign>()->indices) walk(i.get(), out);
      walk(n->as<ast::ModifiedAssign>()->fn.get(), out);
      walk(n->as<ast::ModifiedAssign>()->value.get(), out);
      break;
    case ast::Kind::SystemAssign: walk(n->as<ast::SystemAssign>()->value.get(), out); break;
    case ast::Kind::Print: walk(n->as<ast::Print>()->value.get(), out); break;
    case ast::Kind::Dfn:
      out.dfnBraces.push_back(n->loc);
      for (const auto& s : n->as<ast::Dfn>()->body) walk(s.get(), out);
      break;
    case ast::Kind::Derived:
      walk(n->as<ast::Derived>()->left.get(), out);
      walk(n->as<ast::Derived>()->right.get(), out);
      break;
    case ast::Kind::UserDerived:
      walk(n->as<ast::UserDerived>()->left.get(), out);
      walk(n->as<ast::UserDerived>()->right.get(), out);
      walk(n->as<ast::UserDerived>()->body.get(), out);
      break;
    case ast::Kind::Fork:
      walk(n->as<ast::Fork>()->left.get(), out);
      walk(n->as<ast::Fork>()->middle.get(), out);
      walk(n->as<ast::Fork>()->right.get(), out);
      break;
    case ast::Kind::Atop:
      walk(n->as<ast::Atop>()->left.get(), out);
      walk(n->as<ast::Atop>()->right.get(), out);
      break;
    case ast::Kind::ExprStmt: walk(n->as<ast::ExprStmt>()->expr.get(), out); break;
    case ast::Kind::Guard:
      walk(n->as<ast::Guard>()->condition.get(), out);
      walk(n->as<ast::Guard>()->result.get(), out);
      break;
    case ast::Kind::FnDef:
      out.named.push_back(n->as<ast::FnDef>()->binding);
      if (n->as<ast::FnDef>()->fn->kind == ast::Kind::Dfn) {
        SourceLoc b = n->as<ast::FnDef>()->fn->loc;
        out.dfnNames[{b.file, b.line, b.col}] = n->as<ast::FnDef>()->binding->name;
      }
      walk(n->as<ast::FnDef>()->fn.get(), out);
      break;
    case ast::Kind::OpDef:
      out.named.push_back(n->as<ast::OpDef>()->binding);
      out.operatorNames.push_back(n->loc);
      break;
    default: break;  // leaves
  }
}

uint32_t codePoints(const std::string& s) {
  uint32_t n = 0;
  for (size_t pos = 0; pos < s.size(); ++n) pos += utf8::decode(s, pos).length;
  return n;
}

// `⍝○ name : type`: to the first definition of name after the comment.
void attachNamed(const Comment& c, const std::string& text, const Definitions& defs, Annotations& out) {
  SourceLoc at = c.loc;
  size_t colon = text.find(':');
  std::string name = colon == std::string::npos ? "" : text.substr(0, colon);
  size_t b = name.find_first_not_of(" \t"), e = name.find_last_not_of(" \t");
  name = b == std::string::npos ? "" : name.substr(b, e - b + 1);
  if (name.empty()) throw UserError(at, "SYNTAX ERROR: malformed type annotation: expected ⍝○ name : type");
  SourceLoc typeAt = at;
  typeAt.col += 2 + codePoints(text.substr(0, colon + 1));
  auto a = std::make_shared<TypeAnnotation>(parseAnnotationType(text.substr(colon + 1), typeAt));
  a->loc = at;
  const ast::Binding* target = nullptr;
  for (const auto& d : defs.named)
    if (d->name == name && before(at, d->loc) && (!target || before(d->loc, target->loc))) target = d.get();
  if (!target) throw UserError(at, "SYNTAX ERROR: type annotation for " + name + ", but no definition of " + name + " follows it");
  out.attachToBinding(target->id, a);
}

// `⍝: type`: to the innermost dfn whose `{` is on the comment's line, before it.
void attachHeader(const Comment& c, const std::string& text, const Definitions& defs, Annotations& out) {
  SourceLoc typeAt = c.loc;
  typeAt.col += 2;
  auto a = std::make_shared<TypeAnnotation>(parseAnnotationType(text, typeAt));
  a->loc = c.loc;
  std::optional<SourceLoc> brace;
  for (SourceLoc d : defs.dfnBraces)
    if (d.file == c.loc.file && d.line == c.loc.line && d.col < c.loc.col && (!brace || brace->col < d.col)) brace = d;
  if (brace) {
    auto named = defs.dfnNames.find({brace->file, brace->line, brace->col});
    if (named != defs.dfnNames.end()) a->subject = named->second;
    return out.attachToDfn(*brace, a);
  }
  // An operator that is never used has no dfn in the tree; its annotation is only parsed.
  for (SourceLoc o : defs.operatorNames)
    if (o.file == c.loc.file && o.line == c.loc.line && o.col < c.loc.col) return;
  throw UserError(c.loc, "SYNTAX ERROR: a ⍝: type annotation must be on the line of its dfn's {");
}

}  // namespace

Annotations collectAnnotations(const ast::Program& program) {
  Annotations out;
  bool any = false;
  for (const Comment& c : program.comments)
    any = any || c.text.rfind("○", 0) == 0 || c.text.rfind(":", 0) == 0;
  if (!any) return out;
  Definitions defs;
  for (const auto& s : program.statements) walk(s.get(), defs);
  for (const Comment& c : program.comments) {
    if (c.text.rfind("○", 0) == 0) attachNamed(c, c.text.substr(std::string("○").size()), defs, out);
    else if (c.text.rfind(":", 0) == 0) attachHeader(c, c.text.substr(1), defs, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------- the checks

namespace {

// What the elaborator knows, as a type the declared one can be matched against: a vector of
// unknown length is a vector of some length.
Type known(const Type& actual) {
  if (actual.kind() == TypeKind::Array && actual.rank() == Shape(1)) return Type::vector(actual.base(), Shape::fresh());
  return actual;
}

// The declared type as far as this application determines it, with the user's variable names.
std::string describeDeclared(const TypeAnnotation& a, const tail::Unifier& u, const Type& declared) {
  std::string raw = tail::toString(u.resolve(declared)), out;
  for (size_t i = 0; i < raw.size();) {
    if (raw[i] == '\'' && i + 1 < raw.size() && (raw[i + 1] == 'a' || raw[i + 1] == 'r')) {
      size_t j = i + 2;
      while (j < raw.size() && raw[j] >= '0' && raw[j] <= '9') ++j;
      auto it = a.varNames.find(raw.substr(i, j - i));
      if (it != a.varNames.end()) {
        out += it->second;
        i = j;
        continue;
      }
    }
    out += raw[i++];
  }
  return out;
}

std::string describeActual(const Type& t) {
  if (t.hasBase() && t.kind() == TypeKind::Array && t.rank() == Shape(1))
    return tail::toString(t) + " (a vector of unknown length)";
  return tail::toString(t);
}

}  // namespace

namespace {

std::string declaredHeader(const TypeAnnotation& a, const std::string& name) {
  return "TYPE ERROR: " + name + " is declared " + a.written + " (line " + std::to_string(a.loc.line) + ")";
}

}  // namespace

void checkValence(const TypeAnnotation& a, const std::string& name, bool dyadic, SourceLoc loc) {
  std::string header = declaredHeader(a, name);
  if (a.arity == 0) throw UserError(loc, header + ", an array type, but it is applied as a function");
  if (a.arity == 2 && !dyadic) throw UserError(loc, header + ", dyadic, but it is applied monadically");
  if (a.arity == 1 && dyadic) throw UserError(loc, header + ", monadic, but it is applied dyadically");
}

// Each check uses a fresh Unifier, so the scheme's own variables serve as this instance's.
void checkApplication(const TypeAnnotation& a, const std::string& name, const tail::Type* left,
                      const tail::Type& right, const tail::Type& result, SourceLoc loc) {
  checkValence(a, name, left != nullptr, loc);
  std::string header = declaredHeader(a, name);
  tail::Unifier u;
  Type t = a.scheme.body;
  for (size_t i = 0; i < a.operandCount; ++i) t = t.result();
  auto match = [&](const Type& actual, const Type& declared, const char* what) {
    if (u.trySubtype(known(actual), declared)) return;
    throw UserError(loc, header + ", but " + what + " has type " + describeActual(actual) +
                             ", which is not an instance of " + describeDeclared(a, u, declared));
  };
  if (left) {
    match(*left, t.param(), "its left argument");
    t = t.result();
  }
  match(right, t.param(), left ? "its right argument" : "its argument");
  match(result, t.result(), "its result");
}

void checkValue(const TypeAnnotation& a, const std::string& name, const tail::Type& type, SourceLoc loc) {
  std::string header = declaredHeader(a, name);
  if (a.arity != 0 || a.operandCount != 0) throw UserError(loc, header + ", a function type, but it is assigned an array");
  tail::Unifier u;
  Type t = a.scheme.body;
  if (u.trySubtype(known(type), t)) return;
  throw UserError(loc, header + ", but its value has type " + describeActual(type) + ", which is not an instance of " +
                           describeDeclared(a, u, t));
}

}  // namespace aplc::apl
