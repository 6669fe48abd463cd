// The TAIL printer (syntax in Print.h). One recursive function per node kind; `indent` is the
// column at which a new line continues the current expression.
#include "tail/ir/Print.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

#include "support/Utf8.h"

namespace aplc::tail {

std::string printDouble(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "~inf" : "inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d);  // shortest round-trip form
  std::string s(buf, res.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  if (s[0] == '-') s[0] = '~';
  return s;
}

std::string printChar(char32_t c) {
  switch (c) {
    case U'\'': return "'\\''";
    case U'\\': return "'\\\\'";
    case U'\n': return "'\\n'";
    case U'\t': return "'\\t'";
    default: break;
  }
  if (c < 0x20 || c == 0x7F) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "'\\u{%x}'", static_cast<unsigned>(c));
    return buf;
  }
  return "'" + utf8::encode(c) + "'";
}

namespace {

std::string intText(int64_t n) {
  if (n < 0) return "~" + std::to_string(static_cast<uint64_t>(0) - static_cast<uint64_t>(n));
  return std::to_string(n);
}

// Character array literals whose elements are all constants print as strings.
bool isStringLiteral(const ArrayLit& a) {
  if (a.element != Base::charT()) return false;
  for (const Exp& e : a.elements)
    if (e.kind() != ExpKind::CharConst) return false;
  return true;
}

std::string stringText(const ArrayLit& a) {
  std::string out = "\"";
  for (const Exp& e : a.elements) {
    char32_t c = e.to<CharConst>().value;
    switch (c) {
      case U'"': out += "\\\""; break;
      case U'\\': out += "\\\\"; break;
      case U'\n': out += "\\n"; break;
      case U'\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[16];
          std::snprintf(buf, sizeof buf, "\\u{%x}", static_cast<unsigned>(c));
          out += buf;
        } else {
          utf8::append(out, c);
        }
    }
  }
  return out + "\"";
}

std::optional<Base> literalBase(const Exp& e) {
  switch (e.kind()) {
    case ExpKind::IntConst: return Base::intT();
    case ExpKind::DoubleConst: return Base::doubleT();
    case ExpKind::ComplexConst: return Base::complexT();
    case ExpKind::BoolConst: return Base::boolT();
    case ExpKind::CharConst: return Base::charT();
    default: return std::nullopt;
  }
}

class Printer {
 public:
  explicit Printer(const PrintOptions& o) : opts_(o) {}

  void exp(const Exp& e, size_t indent) {
    switch (e.kind()) {
      case ExpKind::Var: out_ += e.to<Var>().name.str(); return;
      case ExpKind::IntConst: out_ += intText(e.to<IntConst>().value); return;
      case ExpKind::DoubleConst: out_ += printDouble(e.to<DoubleConst>().value); return;
      case ExpKind::ComplexConst: {  // re j im, both parts as doubles: 2.0j~1.5
        const auto& z = e.to<ComplexConst>();
        out_ += printDouble(z.re) + "j" + printDouble(z.im);
        return;
      }
      case ExpKind::BoolConst: out_ += e.to<BoolConst>().value ? "tt" : "ff"; return;
      case ExpKind::CharConst: out_ += printChar(e.to<CharConst>().value); return;
      case ExpKind::ArrayLit: return arrayLit(e.to<ArrayLit>(), indent);
      case ExpKind::Let: return let(e.to<Let>(), indent);
      case ExpKind::Lambda: return lambda(e.to<Lambda>(), indent);
      case ExpKind::LetRec: return letRec(e.to<LetRec>(), indent);
      case ExpKind::App: return app(e.to<App>(), indent);
      case ExpKind::PrimApp: {
        const PrimApp& p = e.to<PrimApp>();
        out_ += primName(p.op);
        return list("(", p.args, ")", indent);
      }
      case ExpKind::PrimFn: out_ += primName(e.to<PrimFn>().op); return;
      case ExpKind::Tuple: return list("(", e.to<Tuple>().elements, ")", indent);
      case ExpKind::Proj: {
        const Proj& p = e.to<Proj>();
        out_ += "#" + std::to_string(p.index) + "(";
        exp(p.tuple, indent);
        out_ += ")";
        return;
      }
    }
  }

  std::string take() { return std::move(out_); }

 private:
  void newline(size_t indent) {
    if (!opts_.multiline) {
      out_ += " ";
      return;
    }
    out_ += "\n";
    out_.append(indent, ' ');
  }

  void binder(const Name& n, const Type& t) {
    out_ += n.str();
    if (opts_.types) out_ += ":" + toString(t);
  }

  void list(const char* open, const std::vector<Exp>& es, const char* close, size_t indent) {
    out_ += open;
    for (size_t i = 0; i < es.size(); ++i) {
      if (i) out_ += ",";
      exp(es[i], indent);
    }
    out_ += close;
  }

  void arrayLit(const ArrayLit& a, size_t indent) {
    if (isStringLiteral(a)) {
      out_ += stringText(a);
    } else {
      list("[", a.elements, "]", indent);
      // The parser infers the element type from a literal first element; otherwise say it.
      if (a.elements.empty() || literalBase(a.elements[0]) != a.element) out_ += ":" + toString(a.element);
    }
  }

  // A let inside an argument (or a let's value) starts on a new, deeper line; the body of a let
  // continues at the let's own indentation.
  void let(const Let& l, size_t indent) {
    out_ += "let ";
    binder(l.name, l.type);
    out_ += " = ";
    if (l.value.kind() == ExpKind::Let) {
      newline(indent + 2);
      exp(l.value, indent + 2);
    } else {
      exp(l.value, indent + 2);
    }
    out_ += " in";
    newline(indent);
    exp(l.body, indent);
  }

  // `letrec f:τ = fn x:τ' => …` with the function on deeper lines, then ` in` and the body at
  // the letrec's own indentation, as a let's.
  void letRec(const LetRec& l, size_t indent) {
    out_ += "letrec ";
    binder(l.name, l.type);
    out_ += " =";
    newline(indent + 2);
    exp(l.fn, indent + 2);
    out_ += " in";
    newline(indent);
    exp(l.body, indent);
  }

  void lambda(const Lambda& f, size_t indent) {
    out_ += "fn ";
    binder(f.param, f.paramType);
    out_ += " =>";
    if (f.body.kind() == ExpKind::Let) {
      newline(indent + 2);
      exp(f.body, indent + 2);
    } else {
      out_ += " ";
      exp(f.body, indent);
    }
  }

  void app(const App& a, size_t indent) {
    bool simple = a.fn.kind() == ExpKind::Var || a.fn.kind() == ExpKind::App;
    if (!simple) out_ += "(";
    exp(a.fn, indent);
    if (!simple) out_ += ")";
    out_ += "(";
    exp(a.arg, indent);
    out_ += ")";
  }

  const PrintOptions& opts_;
  std::string out_;
};

}  // namespace

std::string print(const Exp& e, const PrintOptions& options) {
  Printer p(options);
  p.exp(e, 0);
  return p.take();
}

std::string printShort(const Exp& e, size_t maxChars) {
  PrintOptions o;
  o.types = false;
  o.multiline = false;
  std::string s = print(e, o);
  if (utf8::length(s) <= maxChars) return s;
  // Cut on a character boundary.
  std::string out;
  size_t pos = 0, n = 0;
  while (pos < s.size() && n + 3 < maxChars) {
    auto d = utf8::decode(s, pos);
    out.append(s, pos, d.length);
    pos += d.length;
    ++n;
  }
  return out + "...";
}

}  // namespace aplc::tail
