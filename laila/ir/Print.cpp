// Laila printer: expressions with C-like precedence, statements one per line.
#include "laila/ir/Print.h"

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "laila/ir/StmtPrinter.h"

namespace aplc::laila {

std::string shortestDouble(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

namespace {

// Precedence levels (higher binds tighter), as in C.
enum Prec : int {
  kSelect = 1, kOr, kAnd, kBitOr, kBitXor, kBitAnd, kEquality, kRelational, kShift, kAdditive,
  kMultiplicative, kUnary, kPrimary
};

struct Infix {
  const char* symbol;
  int prec;
};

// The infix spelling of a binary operator, or nullptr for those printed as calls (min, pow...).
std::optional<Infix> infixOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return Infix{"+", kAdditive};
    case BinaryOp::Sub: return Infix{"-", kAdditive};
    case BinaryOp::Mul: return Infix{"*", kMultiplicative};
    case BinaryOp::Div: return Infix{"/", kMultiplicative};
    case BinaryOp::Mod: return Infix{"%", kMultiplicative};
    case BinaryOp::Eq: return Infix{"==", kEquality};
    case BinaryOp::Ne: return Infix{"!=", kEquality};
    case BinaryOp::Lt: return Infix{"<", kRelational};
    case BinaryOp::Le: return Infix{"<=", kRelational};
    case BinaryOp::Gt: return Infix{">", kRelational};
    case BinaryOp::Ge: return Infix{">=", kRelational};
    case BinaryOp::And: return Infix{"&&", kAnd};
    case BinaryOp::Or: return Infix{"||", kOr};
    case BinaryOp::BitAnd: return Infix{"&", kBitAnd};
    case BinaryOp::BitOr: return Infix{"|", kBitOr};
    case BinaryOp::BitXor: return Infix{"^", kBitXor};
    case BinaryOp::Shl: return Infix{"<<", kShift};
    case BinaryOp::Shr: return Infix{">>", kShift};
    default: return std::nullopt;
  }
}

std::string charLiteral(uint32_t c) {
  if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') return std::string("'") + char(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

class ExprPrinter {
 public:
  std::string print(const Expr& e, int minPrec) {
    int prec = 0;
    std::string s = body(e, prec);
    return prec < minPrec ? "(" + s + ")" : s;
  }

 private:
  std::string body(const Expr& e, int& prec) {
    prec = kPrimary;
    switch (e.kind()) {
      case ExprKind::IntImm: {
        int64_t v = e.as<IntImm>()->value;
        if (v < 0) prec = kUnary;
        return std::to_string(v);
      }
      case ExprKind::DoubleImm: {
        std::string s = shortestDouble(e.as<DoubleImm>()->value);
        if (s[0] == '-') prec = kUnary;
        return s;
      }
      case ExprKind::BoolImm: return e.as<BoolImm>()->value ? "true" : "false";
      case ExprKind::CharImm: return charLiteral(e.as<CharImm>()->value);
      case ExprKind::Variable: return e.as<Variable>()->name.str();
      case ExprKind::Unary: return unary(e.as<Unary>(), prec);
      case ExprKind::Binary: return binary(e.as<Binary>(), prec);
      case ExprKind::Select: {
        auto* s = e.as<Select>();
        prec = kSelect;
        return print(s->cond, kOr) + " ? " + print(s->ifTrue, kSelect) + " : " +
               print(s->ifFalse, kSelect);
      }
      case ExprKind::Load: {
        auto* l = e.as<Load>();
        return print(l->memory, kPrimary) + "[" + print(l->index, 0) + "]";
      }
      case ExprKind::Call: {
        auto* c = e.as<Call>();
        return c->function + "(" + list(c->args) + ")";
      }
    }
    return "?";
  }

  std::string unary(const Unary* u, int& prec) {
    const char* prefix = nullptr;
    if (u->op == UnaryOp::Neg) prefix = "-";
    if (u->op == UnaryOp::Not) prefix = "!";
    if (u->op == UnaryOp::BitNot) prefix = "~";
    if (prefix) {
      prec = kUnary;
      std::string operand = print(u->a, kUnary);
      // "- -5" rather than "--5"
      return std::string(prefix) + (operand[0] == '-' ? " " : "") + operand;
    }
    return std::string(opName(u->op)) + "(" + print(u->a, 0) + ")";
  }

  std::string binary(const Binary* b, int& prec) {
    if (auto infix = infixOf(b->op)) {
      prec = infix->prec;
      return print(b->a, infix->prec) + " " + infix->symbol + " " + print(b->b, infix->prec + 1);
    }
    return std::string(opName(b->op)) + "(" + print(b->a, 0) + ", " + print(b->b, 0) + ")";
  }

  std::string list(const std::vector<Expr>& es) {
    std::string s;
    for (size_t i = 0; i < es.size(); ++i) s += (i ? ", " : "") + print(es[i], 0);
    return s;
  }
};

std::string exprList(const std::vector<Expr>& es) {
  std::string s;
  for (size_t i = 0; i < es.size(); ++i) s += (i ? ", " : "") + toString(es[i]);
  return s;
}

std::string quoted(const std::string& text) {
  std::string s = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') s += '\\';
    s += c;
  }
  return s + "\"";
}

// The --emit=laila syntax of statements, with an analysis's notes as comments when given.
class LailaPrinter : public StmtPrinter {
 public:
  explicit LailaPrinter(const StmtNote* note = nullptr) : note_(note) {}

  // A note goes at the end of a simple statement's line, on its own line before a loop, an if
  // or a block.
  void print(const Stmt& s, int indent) override {
    std::string text = note_ && s.defined() ? (*note_)(s) : "";
    if (text.empty()) return StmtPrinter::print(s, indent);
    bool compound = s.kind() == StmtKind::For || s.kind() == StmtKind::While ||
                    s.kind() == StmtKind::IfThenElse || s.kind() == StmtKind::Block;
    if (compound) {
      line(std::string(2 * std::max(indent, 0), ' '), "// " + text);
      return StmtPrinter::print(s, indent);
    }
    StmtPrinter::print(s, indent);
    out.pop_back();  // the line's '\n'
    out += "  // " + text + "\n";
  }

 protected:
  std::string expr(const Expr& e) override { return toString(e); }
  std::string scalarType(const Type& t) override { return toString(t); }

  void forLoop(const For* f, const std::string& pad, int indent) override {
    std::string head;
    switch (f->loopKind) {
      case LoopKind::Sequential: break;
      case LoopKind::ParallelMap: head = "parallel "; break;
      case LoopKind::Reduction:
      case LoopKind::Scan: {
        const Accumulator& a = *f->accumulator;
        head = std::string(f->loopKind == LoopKind::Scan ? "scan" : "reduction") + "(" +
               a.var.name.str() + ": " + opName(a.op) + ", " + toString(a.neutral) +
               (a.associativeCommutative ? "" : ", ordered") + ") ";
        break;
      }
    }
    line(pad, head + "for " + f->var.name.str() + " in " + toString(f->lower) + ".." +
                  toString(f->upper) + " {");
    body(f->body, indent);
    line(pad, "}");
  }

  void allocate(const Allocate* a, const std::string& pad) override {
    std::string space = a->space == MemorySpace::Heap ? "" : std::string(memorySpaceName(a->space)) + " ";
    line(pad, toString(a->var.type) + " " + a->var.name.str() + " = alloc " + space + baseTypeName(a->var.type.base) +
                  "[" + toString(a->count) + "];");
  }

  void free(const Free* f, const std::string& pad) override { line(pad, "free " + f->var.name.str() + ";"); }

  void declareMemory(const DeclareMemory* d, const std::string& pad) override {
    line(pad, toString(d->var.type) + " " + d->var.name.str() + ";  // no block yet");
  }

  void printValue(const Print* p, const std::string& pad) override {
    std::string text = std::string("print ") + (p->style == PrintStyle::Apl ? "apl " : "tail ") + toString(p->value);
    if (p->value.type().memory) text += " [" + exprList(p->shape) + "]";
    if (!p->strides.empty()) text += " strides [" + exprList(p->strides) + "]";
    line(pad, text + ";");
  }

  void check(const Check* c, const std::string& pad) override {
    line(pad, "check (" + toString(c->cond) + ") else " + errorKindName(c->errorKind) + " ERROR at " +
                  quoted(c->loc.file) + ":" + std::to_string(c->loc.line) + ":" + std::to_string(c->loc.col) +
                  " " + quoted(c->message) + ";");
  }

  void comment(const Comment* c, const std::string& pad) override { line(pad, "// " + c->text); }

  // `fill m [v0, v1, …];` on one line, as long as the literal's text in TAIL.
  void fill(const Fill* f, const std::string& pad) override {
    std::string text = "fill " + f->memory.name.str() + " [";
    for (size_t k = 0; k < f->values.size(); ++k) text += (k ? ", " : "") + toString(f->values[k]);
    line(pad, text + "];");
  }

  void callFunction(const CallFunction* c, const std::string& pad) override {
    line(pad, "call " + c->function.str() + "(" + paramList(c->args, false) + ");");
  }

 public:
  // `n_2, inout x_4` (a call's arguments), or with types `n_2: int, inout x_4: int` (parameters).
  static std::string paramList(const std::vector<Param>& params, bool types) {
    std::string s;
    for (const Param& p : params) {
      s += (s.empty() ? "" : ", ") + std::string(p.inout ? "inout " : "") + p.var.name.str();
      if (types) s += ": " + toString(p.var.type);
    }
    return s;
  }

 private:
  const StmtNote* note_;
};

}  // namespace

std::string toString(const Expr& e) {
  if (!e.defined()) return "<undefined>";
  return ExprPrinter().print(e, 0);
}

std::string toString(const Stmt& s, int indent) {
  LailaPrinter p;
  if (s.defined()) p.print(s, indent);
  return p.out;
}

// The functions first (`function f_1(n_2: int, inout x_3: int) { … }`, or with a result
// `function rec_1(n_2: int) -> r_3: int { … }`), then main's statements.
std::string toString(const Program& p) { return toString(p, StmtNote()); }

std::string toString(const Program& p, const StmtNote& note) {
  LailaPrinter printer(note ? &note : nullptr);
  for (const Function& f : p.functions) {
    printer.out += "function " + f.name.str() + "(" + LailaPrinter::paramList(f.params, true) + ")";
    if (f.result) printer.out += " -> " + f.result->name.str() + ": " + toString(f.result->type);
    printer.out += " {\n";
    if (f.body.defined()) printer.body(f.body, 0);
    printer.out += "}\n";
  }
  if (p.body.defined()) printer.body(p.body, -1);
  return printer.out;
}

}  // namespace aplc::laila
