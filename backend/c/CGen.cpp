// C code generator: Laila expressions and statements as C11.
#include "backend/c/CGen.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

#include "backend/c/CStmtPrinter.h"
#include "laila/analysis/PrivateMemory.h"
#include "support/Diagnostics.h"

namespace aplc::backend {

using namespace laila;

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

namespace {

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

}  // namespace

std::string cExpr(const Expr& e) {
  APLC_INTERNAL_CHECK(e.defined(), "C generator: undefined expression");
  return CExprPrinter().print(e, 0);
}

std::string cLoopBound(const Expr& e) { return CExprPrinter().print(e, kShift); }

namespace {

constexpr const char* kPartsDefine = "#define APLC_PARTS ";

// Compiled as part k (-DAPLC_PART=k), the file defines only that part's functions, with external
// (hidden) linkage so the other parts can call them; compiled whole, everything, static.
std::string partMacros(int parts) {
  return std::string(kPartsDefine) + std::to_string(parts) +
         "\n"
         "#ifdef APLC_PART\n"
         "#define APLC_FUNCTION __attribute__((visibility(\"hidden\")))\n"
         "#define APLC_IN_PART(k) (APLC_PART == (k))\n"
         "#else\n"
         "#define APLC_FUNCTION static\n"
         "#define APLC_IN_PART(k) 1\n"
         "#endif\n";
}

// Each definition's part: the largest first, into the part with the least C so far (main's C
// counts for part 0).
std::vector<int> balanceParts(const std::vector<std::string>& definitions, size_t mainSize, int parts) {
  std::vector<size_t> order(definitions.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return definitions[a].size() > definitions[b].size(); });
  std::vector<size_t> load(parts, 0);
  load[0] = mainSize;
  std::vector<int> part(definitions.size(), 0);
  for (size_t k : order) {
    int lightest = static_cast<int>(std::min_element(load.begin(), load.end()) - load.begin());
    part[k] = lightest;
    load[lightest] += definitions[k].size();
  }
  return part;
}

}  // namespace

int CheckTable::row(const Check* c) {
  std::string file = c->loc.file.empty() ? "NULL" : cString(c->loc.file);
  std::string initializer = "{" + std::string(runtimeErrorKind(c->errorKind)) + ", " + file + ", " +
                            std::to_string(c->loc.line) + ", " + std::to_string(c->loc.col) + ", " +
                            cString(c->message) + "}";
  auto [at, added] = rowOf_.emplace(initializer, static_cast<int>(rows_.size()));
  if (added) rows_.push_back(initializer);
  return at->second;
}

std::string CheckTable::definition() const {
  if (rows_.empty()) return "";
  // Unused in the parts of a parted file that hold no check.
  std::string c = "/* The program's checks: a failing check reports its row. */\n"
                  "static const aplc_check aplc_checks[] __attribute__((unused)) = {\n";
  for (size_t k = 0; k < rows_.size(); ++k) c += "  /* " + std::to_string(k) + " */ " + rows_[k] + ",\n";
  return c + "};\n";
}

// The define starts a line: string literals cannot hold a raw newline, so no program text matches.
int partsOf(const std::string& cSource) {
  size_t at = cSource.find("\n" + std::string(kPartsDefine));
  if (at == std::string::npos) return 1;
  return std::max(1, std::atoi(cSource.c_str() + at + 1 + std::strlen(kPartsDefine)));
}

std::string generateCFile(const Program& program, const CGenOptions& options, CStmtPrinter& functions,
                          CStmtPrinter& main, const GeneratedFileParts& parts) {
  CheckTable checks;
  main.checks = &checks;
  functions.checks = &checks;
  main.knowFunctions(program.functions);
  functions.knowFunctions(program.functions);
  if (program.body.defined()) main.body(program.body, 0);
  // The functions' definitions, each printed alone so that it can be given a part.
  std::vector<std::string> definitions;
  size_t definitionsSize = 0;
  for (const Function& f : program.functions) {
    functions.out.clear();
    functions.function(f);
    definitionsSize += functions.out.size();
    definitions.push_back(std::move(functions.out));
  }
  int partCount = options.parts > 1 && definitionsSize > options.partedAbove ? options.parts : 1;
  std::string linkage = partCount > 1 ? "APLC_FUNCTION" : functions.functionLinkage;
  if (partCount > 1) {
    // Each definition starts with its signature: the linkage is its first word.
    for (std::string& d : definitions) {
      APLC_INTERNAL_CHECK(d.rfind(functions.functionLinkage + " ", 0) == 0, "C generator: a definition without its linkage");
      d.replace(0, functions.functionLinkage.size(), linkage);
    }
  }
  std::vector<int> part = balanceParts(definitions, main.out.size(), partCount);
  // Prototypes first (functions call each other in any order), then the definitions.
  functions.out.clear();
  for (const Function& f : program.functions) functions.out += CStmtPrinter::signature(f, linkage) + ";\n";
  for (size_t k = 0; k < definitions.size(); ++k) {
    if (partCount > 1) functions.out += "#if APLC_IN_PART(" + std::to_string(part[k]) + ")\n";
    functions.out += definitions[k];
    if (partCount > 1) functions.out += "#endif\n";
  }
  std::string c = "/* Generated by aplc from Laila (" + parts.generator +
                  "). Compile with -fwrapv, link with\n"
                  " * the aplc runtime and -lm. */\n"
                  "#include <math.h>\n"
                  "#include <stdbool.h>\n"
                  "#include <stdint.h>\n"
                  "#include <stdio.h>\n"
                  "#include <stdlib.h>\n"
                  "#include <string.h>\n"
                  "\n"
                  "#include \"aplc_runtime.h\"\n" +
                  parts.includes + "\n";
  if (partCount > 1) c += "\n" + partMacros(partCount);
  if (!options.sourceExcerpts.empty()) c += "\n" + options.sourceExcerpts;
  if (std::string table = checks.definition(); !table.empty()) c += "\n" + table;
  c += parts.definitions;
  if (!program.functions.empty()) c += "\n" + functions.out;
  if (partCount > 1) c += "\n#if APLC_IN_PART(0)";
  c += "\nint main(void) {\n";
  if (!options.sourceExcerpts.empty())
    c += "  aplc_set_source_excerpts(aplc_source_excerpts, sizeof aplc_source_excerpts / sizeof aplc_source_excerpts[0]);\n";
  c += "  aplc_runtime_init();\n";
  c += "  aplc_stats_init();\n";  // APLC_STATS=1: memory statistics at exit
  c += parts.mainPrologue;
  c += main.out;
  c += "  return 0;\n}\n";
  if (partCount > 1) c += "#endif\n";
  main.checks = functions.checks = nullptr;  // the table ends here
  return c;
}

std::string generateC(const Program& program, const CGenOptions& options) {
  CStmtPrinter functions(options), main(options);
  functions.privateArrays = main.privateArrays = privateAllocations(program);
  GeneratedFileParts parts{"backend/c/CGen.cpp", "", "", ""};
  if (options.openmp) {
    parts.includes = "#include <omp.h>\n";
    parts.mainPrologue = "  aplc_parallel_count_threads = omp_get_max_threads;\n";
  }
  return generateCFile(program, options, functions, main, parts);
}

}  // namespace aplc::backend
