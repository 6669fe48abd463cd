// Laila IR: type rules of the operators and the invariant checks of every node's `make`.
#include "laila/ir/IR.h"

#include <cctype>
#include <concepts>
#include <string>

#include "support/Diagnostics.h"

namespace aplc::laila {

const char* baseTypeName(BaseType b) {
  switch (b) {
    case BaseType::Int: return "int";
    case BaseType::Double: return "double";
    case BaseType::Bool: return "bool";
    case BaseType::Char: return "char";
  }
  return "?";
}

std::string toString(Type t) {
  std::string base = baseTypeName(t.base);
  return t.memory ? "[" + base + "]" : base;
}

const char* opName(UnaryOp op) {
#define APLC_LAILA_NAME_CASE(name, text) \
  case UnaryOp::name: return text;
  switch (op) { APLC_LAILA_UNARY_OPS(APLC_LAILA_NAME_CASE) }
#undef APLC_LAILA_NAME_CASE
  return "?";
}

const char* opName(BinaryOp op) {
#define APLC_LAILA_NAME_CASE(name, text) \
  case BinaryOp::name: return text;
  switch (op) { APLC_LAILA_BINARY_OPS(APLC_LAILA_NAME_CASE) }
#undef APLC_LAILA_NAME_CASE
  return "?";
}

std::optional<Type> resultType(UnaryOp op, Type t) {
  auto when = [](bool ok, Type result) -> std::optional<Type> {
    if (ok) return result;
    return std::nullopt;
  };
  switch (op) {
    case UnaryOp::Neg:
    case UnaryOp::Abs:
    case UnaryOp::Sign: return when(t.isNumeric(), t);
    case UnaryOp::Not: return when(t.is(BaseType::Bool), BoolType);
    case UnaryOp::BitNot: return when(t.is(BaseType::Int), IntType);
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::D2I: return when(t.is(BaseType::Double), IntType);
    case UnaryOp::Exp:
    case UnaryOp::Log:
    case UnaryOp::Sqrt:
    case UnaryOp::Sin:
    case UnaryOp::Cos:
    case UnaryOp::Tan:
    case UnaryOp::Asin:
    case UnaryOp::Acos:
    case UnaryOp::Atan:
    case UnaryOp::Sinh:
    case UnaryOp::Cosh:
    case UnaryOp::Tanh: return when(t.is(BaseType::Double), DoubleType);
    case UnaryOp::I2D: return when(t.is(BaseType::Int), DoubleType);
    case UnaryOp::B2I: return when(t.is(BaseType::Bool), IntType);
    case UnaryOp::I2B: return when(t.is(BaseType::Int), BoolType);
    case UnaryOp::C2I: return when(t.is(BaseType::Char), IntType);
    case UnaryOp::I2C: return when(t.is(BaseType::Int), CharType);
  }
  return std::nullopt;
}

bool isComparison(BinaryOp op) {
  switch (op) {
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge: return true;
    default: return false;
  }
}

std::optional<Type> resultType(BinaryOp op, Type a, Type b) {
  if (a != b || a.memory) return std::nullopt;
  if (isComparison(op)) return BoolType;
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Mod:
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::Pow:
      if (a.isNumeric()) return a;
      return std::nullopt;
    case BinaryOp::And:
    case BinaryOp::Or:
    case BinaryOp::Xor:
      if (a.is(BaseType::Bool)) return a;
      return std::nullopt;
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
    case BinaryOp::Shl:
    case BinaryOp::Shr:
      if (a.is(BaseType::Int)) return a;
      return std::nullopt;
    default: return std::nullopt;
  }
}

bool isAssociativeCommutative(BinaryOp op, Type t) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Mul:
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::And:
    case BinaryOp::Or:
    case BinaryOp::Xor:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor: return resultType(op, t, t).has_value();
    case BinaryOp::Eq:  // on booleans, = and ≠ are xnor and xor
    case BinaryOp::Ne: return t == BoolType;
    default: return false;
  }
}

const char* loopKindName(LoopKind kind) {
  switch (kind) {
    case LoopKind::Sequential: return "sequential";
    case LoopKind::ParallelMap: return "parallel";
    case LoopKind::Reduction: return "reduction";
    case LoopKind::Scan: return "scan";
  }
  return "?";
}

const char* errorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Domain: return "DOMAIN";
    case ErrorKind::Index: return "INDEX";
    case ErrorKind::Length: return "LENGTH";
    case ErrorKind::Rank: return "RANK";
    case ErrorKind::Value: return "VALUE";
    case ErrorKind::Limit: return "LIMIT";
    case ErrorKind::File: return "FILE";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Invariant checks
// ---------------------------------------------------------------------------------------------

namespace {

[[noreturn]] void fail(const std::string& what) { throw InternalError("Laila: " + what); }

// Every node's make checks its invariants, so a check that passes must cost no string: the
// message is a literal or a function that builds it when the check fails.
void require(bool ok, const char* what) {
  if (!ok) fail(what);
}
template <typename Message>
  requires std::invocable<Message>
void require(bool ok, Message&& what) {
  if (!ok) fail(what());
}

void requireDefined(const Expr& e, const char* what) {
  require(e.defined(), [&] { return std::string(what) + " is undefined"; });
}

void requireType(const Expr& e, Type t, const char* what) {
  requireDefined(e, what);
  require(e.type() == t, [&] {
    return std::string(what) + " must be " + toString(t) + ", not " + toString(e.type());
  });
}

bool isValidBase(const std::string& base) {
  if (base.empty() || !std::isalpha(static_cast<unsigned char>(base[0]))) return false;
  if (base.rfind("aplc", 0) == 0) return false;
  for (char c : base) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

void requireVar(const Var& v, const char* what) {
  require(isValidBase(v.name.base), [&] {
    return std::string(what) + ": invalid variable name '" + v.name.base + "'";
  });
}

void requireMemory(const Var& v, const char* what) {
  requireVar(v, what);
  require(v.type.memory, [&] {
    return std::string(what) + " must be array memory, " + v.name.str() + " is " + toString(v.type);
  });
}

}  // namespace

Expr IntImm::make(int64_t value) { return Expr(std::make_shared<IntImm>(value)); }
Expr DoubleImm::make(double value) { return Expr(std::make_shared<DoubleImm>(value)); }
Expr BoolImm::make(bool value) { return Expr(std::make_shared<BoolImm>(value)); }

Expr CharImm::make(uint32_t codepoint) {
  require(codepoint <= 0x10FFFF, "character code point out of range");
  return Expr(std::make_shared<CharImm>(codepoint));
}

Expr Variable::make(Var var) {
  requireVar(var, "variable");
  return Expr(std::make_shared<Variable>(std::move(var)));
}

Expr Unary::make(UnaryOp op, Expr a) {
  requireDefined(a, "unary operand");
  auto t = resultType(op, a.type());
  require(t.has_value(), [&] { return std::string(opName(op)) + " of " + toString(a.type()); });
  return Expr(std::make_shared<Unary>(op, std::move(a), *t));
}

Expr Binary::make(BinaryOp op, Expr a, Expr b) {
  requireDefined(a, "binary operand");
  requireDefined(b, "binary operand");
  auto t = resultType(op, a.type(), b.type());
  require(t.has_value(), [&] {
    return std::string(opName(op)) + " of " + toString(a.type()) + " and " + toString(b.type());
  });
  return Expr(std::make_shared<Binary>(op, std::move(a), std::move(b), *t));
}

Expr Select::make(Expr cond, Expr ifTrue, Expr ifFalse) {
  requireType(cond, BoolType, "select condition");
  requireDefined(ifTrue, "select branch");
  requireDefined(ifFalse, "select branch");
  require(ifTrue.type() == ifFalse.type() && ifTrue.type().isScalar(), [&] {
    return "select branches of types " + toString(ifTrue.type()) + " and " + toString(ifFalse.type());
  });
  Type t = ifTrue.type();
  return Expr(std::make_shared<Select>(std::move(cond), std::move(ifTrue), std::move(ifFalse), t));
}

Expr Load::make(Expr memory, Expr index) {
  requireDefined(memory, "load memory");
  require(memory.type().memory, [&] { return "load from " + toString(memory.type()) + ", not memory"; });
  requireType(index, IntType, "load index");
  Type t = Type::scalar(memory.type().base);
  return Expr(std::make_shared<Load>(std::move(memory), std::move(index), t));
}

Expr Call::make(std::string function, Type type, std::vector<Expr> args) {
  require(!function.empty(), "call of an unnamed function");
  require(type.isScalar(), "call returning memory");
  for (const Expr& a : args) requireDefined(a, "call argument");
  return Expr(std::make_shared<Call>(std::move(function), std::move(args), type));
}

Stmt Decl::make(Var var, Expr init) {
  requireVar(var, "declaration");
  require(var.type.isScalar(), [&] { return "declaration of memory " + var.name.str() + " (use Allocate or DeclareMemory)"; });
  requireType(init, var.type, "initializer");
  return Stmt(std::make_shared<Decl>(std::move(var), std::move(init)));
}

Stmt Assign::make(Var var, Expr value) {
  requireVar(var, "assignment");
  require(var.type.isScalar() || value.as<Variable>(), [&] {
    return "assignment to memory " + var.name.str() + " of something other than a memory variable";
  });
  requireType(value, var.type, "assigned value");
  return Stmt(std::make_shared<Assign>(std::move(var), std::move(value)));
}

Stmt Store::make(Var memory, Expr index, Expr value) {
  requireMemory(memory, "store");
  requireType(index, IntType, "store index");
  requireType(value, Type::scalar(memory.type.base), "stored value");
  return Stmt(std::make_shared<Store>(std::move(memory), std::move(index), std::move(value)));
}

Stmt For::make(Var var, Expr lower, Expr upper, LoopKind kind,
               std::optional<Accumulator> accumulator, Stmt body) {
  requireVar(var, "loop variable");
  require(var.type == IntType, "loop variable must be int");
  requireType(lower, IntType, "loop lower bound");
  requireType(upper, IntType, "loop upper bound");
  require(body.defined(), "loop body is undefined");
  bool accumulates = kind == LoopKind::Reduction || kind == LoopKind::Scan;
  require(accumulates == accumulator.has_value(), [&] {
    return std::string(loopKindName(kind)) + " loop " +
           (accumulates ? "needs an accumulator" : "cannot have an accumulator");
  });
  if (accumulator) {
    requireVar(accumulator->var, "accumulator");
    Type t = accumulator->var.type;
    require(t.isScalar(), "accumulator must be a scalar");
    require(resultType(accumulator->op, t, t) == t, [&] {
      return std::string("accumulator operator ") + opName(accumulator->op) + " on " + toString(t);
    });
    requireType(accumulator->neutral, t, "neutral element");
    require(!accumulator->associativeCommutative ||
                isAssociativeCommutative(accumulator->op, t), [&] {
              return std::string(opName(accumulator->op)) + " is not associative and commutative";
            });
  }
  return Stmt(std::make_shared<For>(std::move(var), std::move(lower), std::move(upper), kind,
                                    std::move(accumulator), std::move(body)));
}

Stmt While::make(Expr cond, Stmt body) {
  requireType(cond, BoolType, "while condition");
  require(body.defined(), "while body is undefined");
  return Stmt(std::make_shared<While>(std::move(cond), std::move(body)));
}

Stmt IfThenElse::make(Expr cond, Stmt thenCase, Stmt elseCase) {
  requireType(cond, BoolType, "if condition");
  require(thenCase.defined(), "if without a then branch");
  return Stmt(std::make_shared<IfThenElse>(std::move(cond), std::move(thenCase),
                                           std::move(elseCase)));
}

std::vector<Stmt> statementsOf(const Stmt& s) {
  if (const auto* b = s.as<Block>()) return b->stmts;
  return {s};
}

Stmt Block::make(std::vector<Stmt> stmts) {
  for (const Stmt& s : stmts) require(s.defined(), "undefined statement in a block");
  return Stmt(std::make_shared<Block>(std::move(stmts)));
}

const char* memorySpaceName(MemorySpace space) { return space == MemorySpace::Private ? "private" : "heap"; }

Stmt Allocate::make(Var var, Expr count, MemorySpace space) {
  requireMemory(var, "allocation");
  requireType(count, IntType, "allocation count");
  require(space != MemorySpace::Private || count.as<IntImm>(),
          [&] { return "private allocation " + var.name.str() + " of a count that is not a constant"; });
  return Stmt(std::make_shared<Allocate>(std::move(var), std::move(count), space));
}

Stmt Free::make(Var var) {
  requireMemory(var, "free");
  return Stmt(std::make_shared<Free>(std::move(var)));
}

Stmt DeclareMemory::make(Var var) {
  requireMemory(var, "memory declaration");
  return Stmt(std::make_shared<DeclareMemory>(std::move(var)));
}

Stmt Print::make(Expr value, std::vector<Expr> shape, PrintStyle style,
                 std::vector<Expr> strides) {
  requireDefined(value, "printed value");
  if (value.type().isScalar()) {
    require(shape.empty() && strides.empty(), "a printed scalar has no shape");
  } else {
    require(value.as<Variable>() != nullptr, "printed memory must be a variable");
  }
  for (const Expr& e : shape) requireType(e, IntType, "printed shape");
  require(strides.empty() || strides.size() == shape.size(),
          "printed strides must match the rank");
  for (const Expr& e : strides) requireType(e, IntType, "printed stride");
  return Stmt(std::make_shared<Print>(std::move(value), std::move(shape), std::move(strides),
                                      style));
}

Stmt Check::make(Expr cond, ErrorKind kind, ErrorLoc loc, std::string message) {
  requireType(cond, BoolType, "check condition");
  return Stmt(std::make_shared<Check>(std::move(cond), kind, std::move(loc), std::move(message)));
}

Stmt Fill::make(Var memory, std::vector<Expr> values) {
  requireMemory(memory, "fill");
  for (const Expr& v : values) {
    ExprKind k = v.kind();
    require(k == ExprKind::IntImm || k == ExprKind::DoubleImm || k == ExprKind::BoolImm || k == ExprKind::CharImm,
            "filled values must be constants");
    require(v.type().base == memory.type.base && v.type().isScalar(), "filled values must have the memory's element type");
  }
  return Stmt(std::make_shared<Fill>(std::move(memory), std::move(values)));
}

Stmt CallFunction::make(Name function, std::vector<Param> args) {
  require(!function.base.empty(), "a called function has a name");
  return Stmt(std::make_shared<CallFunction>(std::move(function), std::move(args)));
}

Stmt Comment::make(std::string text) {
  require(text.find('\n') == std::string::npos, "a comment is one line");
  return Stmt(std::make_shared<Comment>(std::move(text)));
}

std::string functionCallName(const Name& f) { return kFunctionCallPrefix + f.str(); }

Program mapBodies(const Program& program, const std::function<Stmt(const Stmt&)>& transform) {
  Program out = program;
  if (out.body.defined()) out.body = transform(out.body);
  for (Function& f : out.functions) {
    Stmt body = transform(f.body);
    f.body = body.defined() ? body : Block::make({});
  }
  return out;
}

}  // namespace aplc::laila
