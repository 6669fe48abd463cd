// C code generator: Laila expressions and statements as C11.
#include "backend/CGen.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "laila/StmtPrinter.h"
#include "support/Diagnostics.h"

namespace aplc::backend {

using namespace laila;

namespace {

// Operators whose Laila meaning is not C's, as static inline functions in every generated file.
// Kept in one string so the semantics live next to each other and next to laila/Ops.cpp, which
// folds constants the same way.
constexpr const char* kHelpers = R"(/* Laila operators whose meaning differs from C's (see laila/IR.h). */
static inline int64_t aplc_op_div_i(int64_t a, int64_t b) { /* floor division, a/0 = 0 */
  if (b == 0) return 0;
  if (b == -1) return (int64_t)(0 - (uint64_t)a);
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) q--;
  return q;
}
static inline int64_t aplc_op_mod_i(int64_t a, int64_t b) { /* floor modulus, a%0 = a */
  if (b == 0) return a;
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
static inline double aplc_op_mod_d(double a, double b) { return b == 0 ? a : a - b * floor(a / b); }
static inline int64_t aplc_op_min_i(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t aplc_op_max_i(int64_t a, int64_t b) { return a > b ? a : b; }
static inline double aplc_op_min_d(double a, double b) { return a < b ? a : b; }
static inline double aplc_op_max_d(double a, double b) { return a > b ? a : b; }
static inline int64_t aplc_op_abs_i(int64_t a) { return a < 0 ? -a : a; }
static inline int64_t aplc_op_sign_i(int64_t a) { return (a > 0) - (a < 0); }
static inline double aplc_op_sign_d(double a) { return a > 0 ? 1.0 : (a < 0 ? -1.0 : 0.0); }
static inline int64_t aplc_op_pow_i(int64_t base, int64_t exponent) {
  if (exponent < 0) return base == 1 ? 1 : (base == -1 ? (exponent % 2 == 0 ? 1 : -1) : 0);
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1) result *= base;
    base *= base;
    exponent >>= 1;
  }
  return result;
}
static inline int64_t aplc_op_d2i(double d) { /* truncation, saturating; NaN gives 0 */
  if (d != d) return 0;
  if (d >= 9223372036854775808.0) return INT64_MAX;
  if (d < -9223372036854775808.0) return INT64_MIN;
  return (int64_t)d;
}
static inline int64_t aplc_op_shl_i(int64_t a, int64_t n) {
  return (n < 0 || n > 63) ? 0 : (int64_t)((uint64_t)a << n);
}
static inline int64_t aplc_op_shr_i(int64_t a, int64_t n) {
  return (n < 0 || n > 63) ? (a < 0 ? -1 : 0) : (a >> n);
}
)";

const char* cScalarType(BaseType b) {
  switch (b) {
    case BaseType::Int: return "int64_t";
    case BaseType::Double: return "double";
    case BaseType::Bool: return "bool";
    case BaseType::Char: return "uint32_t";
  }
  return "?";
}

// Element type of array memory: the runtime's storage (bool is one byte).
const char* cElementType(BaseType b) {
  switch (b) {
    case BaseType::Int: return "int64_t";
    case BaseType::Double: return "double";
    case BaseType::Bool: return "uint8_t";
    case BaseType::Char: return "uint32_t";
  }
  return "?";
}

const char* runtimeTypeTag(BaseType b) {
  switch (b) {
    case BaseType::Int: return "APLC_INT";
    case BaseType::Double: return "APLC_DOUBLE";
    case BaseType::Bool: return "APLC_BOOL";
    case BaseType::Char: return "APLC_CHAR";
  }
  return "?";
}

const char* runtimeErrorKind(ErrorKind k) {
  switch (k) {
    case ErrorKind::Domain: return "APLC_DOMAIN_ERROR";
    case ErrorKind::Index: return "APLC_INDEX_ERROR";
    case ErrorKind::Length: return "APLC_LENGTH_ERROR";
    case ErrorKind::Rank: return "APLC_RANK_ERROR";
    case ErrorKind::Value: return "APLC_VALUE_ERROR";
    case ErrorKind::Limit: return "APLC_LIMIT_ERROR";
    case ErrorKind::File: return "APLC_FILE_ERROR";
  }
  return "?";
}

// A C string literal; bytes outside printable ASCII as octal escapes (never followed by a digit
// ambiguity: octal escapes stop after three digits).
std::string cString(const std::string& text) {
  std::string s = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      s += '\\';
      s += char(c);
    } else if (c >= 0x20 && c < 0x7F && c != '?') {
      s += char(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      s += buf;
    }
  }
  return s + "\"";
}

std::string cInt(int64_t v) {
  if (v == std::numeric_limits<int64_t>::min()) return "INT64_MIN";
  if (v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max()) {
    return std::to_string(v);
  }
  return "INT64_C(" + std::to_string(v) + ")";
}

// Full precision, and always recognisably a double (`2.0`, `1e+300`).
std::string cDouble(double d) {
  if (std::isnan(d)) return "NAN";
  if (std::isinf(d)) return d < 0 ? "-HUGE_VAL" : "HUGE_VAL";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

enum Prec : int {
  kSelect = 1, kOr, kAnd, kBitOr, kBitXor, kBitAnd, kEquality, kRelational, kShift, kAdditive,
  kMultiplicative, kUnary, kPrimary
};

class CExprPrinter {
 public:
  std::string print(const Expr& e, int minPrec) {
    int prec = kPrimary;
    std::string s = body(e, prec);
    return prec < minPrec ? "(" + s + ")" : s;
  }

 private:
  std::string body(const Expr& e, int& prec) {
    switch (e.kind()) {
      case ExprKind::IntImm: {
        int64_t v = e.as<IntImm>()->value;
        if (v < 0) prec = kUnary;
        return cInt(v);
      }
      case ExprKind::DoubleImm: {
        std::string s = cDouble(e.as<DoubleImm>()->value);
        if (s[0] == '-') prec = kUnary;
        return s;
      }
      case ExprKind::BoolImm: return e.as<BoolImm>()->value ? "true" : "false";
      case ExprKind::CharImm: return "UINT32_C(" + std::to_string(e.as<CharImm>()->value) + ")";
      case ExprKind::Variable: return e.as<Variable>()->name.str();
      case ExprKind::Unary: return unary(e.as<Unary>(), prec);
      case ExprKind::Binary: return binary(e.as<Binary>(), prec);
      case ExprKind::Select: {
        auto* s = e.as<Select>();
        prec = kSelect;
        // A select of int constants is an int64_t: `c ? 2147483647 : 1` alone would be a C int,
        // and `(c ? 2147483647 : 1) * 2` would overflow in 32 bits (found by tests/fuzz).
        std::string yes = print(s->ifTrue, kOr);
        if (auto* k = s->ifTrue.as<IntImm>(); k && yes.rfind("INT64", 0) != 0) yes = "INT64_C(" + yes + ")";
        return print(s->cond, kOr) + " ? " + yes + " : " + print(s->ifFalse, kSelect);
      }
      case ExprKind::Load: {
        auto* l = e.as<Load>();
        return print(l->memory, kPrimary) + "[" + print(l->index, 0) + "]";
      }
      case ExprKind::Call: {
        auto* c = e.as<Call>();
        std::string s = c->function + "(";
        for (size_t i = 0; i < c->args.size(); ++i) s += (i ? ", " : "") + print(c->args[i], 0);
        return s + ")";
      }
    }
    return "?";
  }

  std::string call(const std::string& f, const Expr& a) { return f + "(" + print(a, 0) + ")"; }
  std::string call(const std::string& f, const Expr& a, const Expr& b) {
    return f + "(" + print(a, 0) + ", " + print(b, 0) + ")";
  }
  std::string prefix(const char* op, const Expr& a, int& prec) {
    prec = kUnary;
    std::string operand = print(a, kUnary);
    return std::string(op) + (operand[0] == '-' || operand[0] == '+' ? " " : "") + operand;
  }

  std::string unary(const Unary* u, int& prec) {
    bool isInt = u->a.type() == IntType;
    switch (u->op) {
      case UnaryOp::Neg: return prefix("-", u->a, prec);
      case UnaryOp::Not: return prefix("!", u->a, prec);
      case UnaryOp::BitNot: return prefix("~", u->a, prec);
      case UnaryOp::Abs: return call(isInt ? "aplc_op_abs_i" : "fabs", u->a);
      case UnaryOp::Sign: return call(isInt ? "aplc_op_sign_i" : "aplc_op_sign_d", u->a);
      case UnaryOp::Floor: return "aplc_op_d2i(" + call("floor", u->a) + ")";
      case UnaryOp::Ceil: return "aplc_op_d2i(" + call("ceil", u->a) + ")";
      case UnaryOp::D2I: return call("aplc_op_d2i", u->a);
      case UnaryOp::I2D: return prefix("(double)", u->a, prec);
      case UnaryOp::B2I:
      case UnaryOp::C2I: return prefix("(int64_t)", u->a, prec);
      case UnaryOp::I2C: return prefix("(uint32_t)", u->a, prec);
      case UnaryOp::I2B: prec = kEquality; return print(u->a, kEquality) + " != 0";
      default: return call(opName(u->op), u->a);  // exp, log, sqrt, sin, ...: math.h
    }
  }

  std::string infix(const char* op, int opPrec, const Binary* b, int& prec) {
    prec = opPrec;
    return print(b->a, opPrec) + " " + op + " " + print(b->b, opPrec + 1);
  }

  std::string binary(const Binary* b, int& prec) {
    bool isInt = b->a.type() == IntType;
    switch (b->op) {
      case BinaryOp::Add: return infix("+", kAdditive, b, prec);
      case BinaryOp::Sub: return infix("-", kAdditive, b, prec);
      case BinaryOp::Mul: return infix("*", kMultiplicative, b, prec);
      case BinaryOp::Div:
        if (isInt) return call("aplc_op_div_i", b->a, b->b);
        return infix("/", kMultiplicative, b, prec);
      case BinaryOp::Mod: return call(isInt ? "aplc_op_mod_i" : "aplc_op_mod_d", b->a, b->b);
      case BinaryOp::Min: return call(isInt ? "aplc_op_min_i" : "aplc_op_min_d", b->a, b->b);
      case BinaryOp::Max: return call(isInt ? "aplc_op_max_i" : "aplc_op_max_d", b->a, b->b);
      case BinaryOp::Pow: return call(isInt ? "aplc_op_pow_i" : "pow", b->a, b->b);
      case BinaryOp::Eq: return infix("==", kEquality, b, prec);
      case BinaryOp::Ne:
      case BinaryOp::Xor: return infix("!=", kEquality, b, prec);
      case BinaryOp::Lt: return infix("<", kRelational, b, prec);
      case BinaryOp::Le: return infix("<=", kRelational, b, prec);
      case BinaryOp::Gt: return infix(">", kRelational, b, prec);
      case BinaryOp::Ge: return infix(">=", kRelational, b, prec);
      case BinaryOp::And: return infix("&&", kAnd, b, prec);
      case BinaryOp::Or: return infix("||", kOr, b, prec);
      case BinaryOp::BitAnd: return infix("&", kBitAnd, b, prec);
      case BinaryOp::BitOr: return infix("|", kBitOr, b, prec);
      case BinaryOp::BitXor: return infix("^", kBitXor, b, prec);
      case BinaryOp::Shl: return call("aplc_op_shl_i", b->a, b->b);
      case BinaryOp::Shr: return call("aplc_op_shr_i", b->a, b->b);
    }
    return "?";
  }
};

// The C syntax of statements (each Laila loop kind noted for the OpenMP target to come).
class CStmtPrinter : public StmtPrinter {
 public:
  explicit CStmtPrinter(const CGenOptions& options) : options_(options) {}

 protected:
  std::string expr(const Expr& e) override { return cExpr(e); }
  std::string scalarType(const Type& t) override { return cScalarType(t.base); }

  void allocate(const Allocate* a, const std::string& pad) override {
    std::string elem = cElementType(a->var.type.base);
    line(pad, elem + " *" + a->var.name.str() + " = (" + elem + " *)aplc_malloc_array(" + cExpr(a->count) +
                  ", sizeof(" + elem + "));");
  }

  void free(const Free* f, const std::string& pad) override { line(pad, "free(" + f->var.name.str() + ");"); }

  void check(const Check* c, const std::string& pad) override {
    if (!options_.checks) return;
    std::string file = c->loc.file.empty() ? "NULL" : cString(c->loc.file);
    std::string where = runtimeErrorKind(c->errorKind) + std::string(", ") + file + ", " + std::to_string(c->loc.line) +
                        ", " + std::to_string(c->loc.col) + ", " + cString(c->message);
    if (parallel_) {
      // In a loop running on threads: record the error of this iteration, skip the rest of it
      // (never reaching what the check guards); the earliest failing iteration's error is
      // reported after the loop (backend/runtime/parallel.c).
      parallel_->checks = true;
      line(pad, "if (!(" + cExpr(c->cond) + ")) {");
      line(pad + "  ", "aplc_parallel_fail(" + parallel_->iteration + ", " + where + ");");
      line(pad + "  ", "goto " + parallel_->label + ";");
      line(pad, "}");
      return;
    }
    line(pad, "if (!(" + cExpr(c->cond) + ")) aplc_error(" + where + ");");
  }

  // Static data copied into the memory: the C compiler reads an initializer list in time linear
  // in its length (one assignment per item, at -O3, costs minutes for 100,000 items).
  void fill(const Fill* f, const std::string& pad) override {
    if (f->values.empty()) return;
    std::string elem = cElementType(f->memory.type.base);
    std::string data = "aplc_data_" + std::to_string(nextData_++);
    std::string text = "static const " + elem + " " + data + "[" + std::to_string(f->values.size()) + "] = {";
    for (size_t k = 0; k < f->values.size(); ++k) {
      if (k) text += k % 16 == 0 ? ",\n" + pad + "  " : ", ";
      text += cExpr(f->values[k]);
    }
    line(pad, "{");
    line(pad + "  ", text + "};");
    line(pad + "  ", "memcpy(" + f->memory.name.str() + ", " + data + ", sizeof " + data + ");");
    line(pad, "}");
  }

  void comment(const Comment* c, const std::string& pad) override {
    line(pad, "/* " + commentText(c->text) + " */");
  }

  // The outermost parallel loop of a nest, on OpenMP threads when it has enough iterations (the
  // loops inside it stay sequential within an iteration). Its checks record and skip
  // (check): an iteration's end is a label they jump to, and the loop is followed by the report.
  void threadedLoop(const For* f, const std::string& pad, int indent) {
    std::string i = f->var.name.str();
    parallel_ = ThreadedLoop{i, "aplc_skip_" + i, false};
    line(pad, "#pragma omp parallel for schedule(static) if((" + CExprPrinter().print(f->upper, kShift) + ") - (" +
                  cExpr(f->lower) + ") >= aplc_parallel_min_iterations)");
    line(pad, loopHeader(f));
    body(f->body, indent);
    bool checks = parallel_->checks;
    if (checks) line(pad + "  ", parallel_->label + ":;");
    line(pad, "}");
    parallel_.reset();
    if (checks) line(pad, "aplc_parallel_report();");
  }

  // An inout argument is passed by address (the function copies it in and writes it back).
  void callFunction(const CallFunction* c, const std::string& pad) override {
    std::string args;
    for (const Param& p : c->args) args += (args.empty() ? "" : ", ") + std::string(p.inout ? "&" : "") + p.var.name.str();
    line(pad, cFunctionName(c->function) + "(" + args + ");");
  }

 public:
  static std::string cFunctionName(const Name& name) { return "aplc_fn_" + name.str(); }

  // `static void aplc_fn_f_1(int64_t n_2, double *m_3, int64_t *aplc_inout_x_4)`: never inlined,
  // since functions exist to keep the C compiler's work per function small (laila/Outline.h).
  static std::string signature(const Function& f) {
    std::string params;
    for (const Param& p : f.params) {
      std::string type = variableType(p.var.type);
      if (p.inout) type += "*";
      params += (params.empty() ? "" : ", ") + type + (p.inout ? "aplc_inout_" : "") + p.var.name.str();
    }
    return "static __attribute__((noinline)) void " + cFunctionName(f.name) + "(" + (params.empty() ? "void" : params) + ")";
  }

  // A variable's C type, ready for its name: `int64_t `, `double *` (memory).
  static std::string variableType(const Type& t) {
    return t.memory ? std::string(cElementType(t.base)) + " *" : std::string(cScalarType(t.base)) + " ";
  }

  // The definition: inout parameters copied into locals of the variables' names, written back at the end.
  void function(const Function& f) {
    line("", signature(f) + " {");
    for (const Param& p : f.params) {
      if (p.inout) line("  ", variableType(p.var.type) + p.var.name.str() + " = *aplc_inout_" + p.var.name.str() + ";");
    }
    body(f.body, 0);
    for (const Param& p : f.params) {
      if (p.inout) line("  ", "*aplc_inout_" + p.var.name.str() + " = " + p.var.name.str() + ";");
    }
    line("", "}");
  }

 private:
  static std::string commentText(std::string text) {
    for (size_t p; (p = text.find("*/")) != std::string::npos;) text.replace(p, 2, "* /");
    return text;
  }

  void forLoop(const For* f, const std::string& pad, int indent) override {
    if (options_.openmp && f->loopKind == LoopKind::ParallelMap && !parallel_) return threadedLoop(f, pad, indent);
    switch (f->loopKind) {
      case LoopKind::Sequential: break;
      case LoopKind::ParallelMap: line(pad, "/* OpenMP: parallel for */"); break;
      case LoopKind::Reduction:
      case LoopKind::Scan: {
        const Accumulator& a = *f->accumulator;
        line(pad, std::string("/* OpenMP: ") +
                      (f->loopKind == LoopKind::Scan ? "scan" : "reduction") + "(" +
                      opName(a.op) + ":" + a.var.name.str() + ")" +
                      (a.associativeCommutative ? "" : ", ordered: keep sequential") + " */");
        break;
      }
    }
    line(pad, loopHeader(f));
    body(f->body, indent);
    line(pad, "}");
  }

  // `for (int64_t i = lower; i < upper; i++) {`
  static std::string loopHeader(const For* f) {
    std::string i = f->var.name.str();
    // The bound binds tighter than `<` (a select or a comparison as the bound is parenthesized).
    return "for (int64_t " + i + " = " + cExpr(f->lower) + "; " + i + " < " + CExprPrinter().print(f->upper, kShift) +
           "; " + i + "++) {";
  }

  void printValue(const Print* p, const std::string& pad) override {
    const char* style = p->style == PrintStyle::Apl ? "APLC_STYLE_APL" : "APLC_STYLE_TAIL";
    BaseType base = p->value.type().base;
    line(pad, "{");
    std::string in = pad + "  ";
    if (p->value.type().isScalar()) {
      line(in, std::string("const ") + cElementType(base) + " aplc_element = " + cExpr(p->value) +
                   ";");
      line(in, std::string("aplc_array_view aplc_value = aplc_scalar_view(") +
                   runtimeTypeTag(base) + ", &aplc_element);");
    } else {
      size_t rank = p->shape.size();
      std::string shape = "NULL";
      if (rank > 0) {
        line(in, "const int64_t aplc_shape[" + std::to_string(rank) + "] = {" + list(p->shape) +
                     "};");
        shape = "aplc_shape";
      }
      line(in, std::string("aplc_array_view aplc_value = aplc_view(") + runtimeTypeTag(base) +
                   ", " + std::to_string(rank) + ", " + shape + ", " + cExpr(p->value) + ");");
      if (!p->strides.empty()) {
        line(in, "const int64_t aplc_strides[" + std::to_string(rank) + "] = {" +
                     list(p->strides) + "};");
        line(in, "aplc_value.strides = aplc_strides;");
      }
    }
    line(in, std::string("(void)aplc_print(stdout, &aplc_value, ") + style + ");");
    line(pad, "}");
  }

  static std::string list(const std::vector<Expr>& es) {
    std::string s;
    for (size_t i = 0; i < es.size(); ++i) s += (i ? ", " : "") + cExpr(es[i]);
    return s;
  }

  const CGenOptions& options_;
  struct ThreadedLoop {
    std::string iteration;  // the loop variable
    std::string label;      // at the end of its body
    bool checks = false;    // some check jumps there
  };
  std::optional<ThreadedLoop> parallel_;  // the threaded loop being printed (OpenMP)
  int nextData_ = 0;
};

}  // namespace

std::string cExpr(const Expr& e) {
  APLC_INTERNAL_CHECK(e.defined(), "C generator: undefined expression");
  return CExprPrinter().print(e, 0);
}

std::string generateC(const Program& program, const CGenOptions& options) {
  // The functions (prototypes first: they call each other in any order), then main.
  CStmtPrinter functions(options);
  for (const Function& f : program.functions) functions.out += CStmtPrinter::signature(f) + ";\n";
  for (const Function& f : program.functions) functions.function(f);
  CStmtPrinter printer(options);
  if (program.body.defined()) printer.body(program.body, 0);
  std::string c =
      "/* Generated by aplc from Laila (backend/CGen.cpp). Compile with -fwrapv, link with\n"
      " * the aplc runtime and -lm. */\n"
      "#include <math.h>\n"
      "#include <stdbool.h>\n"
      "#include <stdint.h>\n"
      "#include <stdio.h>\n"
      "#include <stdlib.h>\n"
      "#include <string.h>\n"
      "\n"
      "#include \"aplc_runtime.h\"\n"
      "\n";
  c += kHelpers;
  if (!options.sourceExcerpts.empty()) c += "\n" + options.sourceExcerpts;
  if (!program.functions.empty()) c += "\n" + functions.out;
  c += "\nint main(void) {\n";
  if (!options.sourceExcerpts.empty())
    c += "  aplc_set_source_excerpts(aplc_source_excerpts, sizeof aplc_source_excerpts / sizeof aplc_source_excerpts[0]);\n";
  c += "  aplc_runtime_init();\n";
  c += printer.out;
  c += "  return 0;\n}\n";
  return c;
}

}  // namespace aplc::backend
