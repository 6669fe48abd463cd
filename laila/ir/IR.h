// Laila: the low-level imperative IR of aplc (thesis §3.4, extended for parallel code).
//
// Expressions (Expr) are constants, variables, unary/binary operators, select, memory reads and
// calls of runtime functions; all are pure except the calls that laila/ir/Calls.def lists with
// effects (random numbers, ⍕'s pending text, file input, the clock, writes to memory arguments). Statements (Stmt) are declarations, assignments, stores, loops
// tagged with their parallel pattern, while, if, blocks, allocation/free, printing through the
// runtime, APL error checks and comments. A Program is one statement (usually a Block).
//
// Nodes are immutable and held by reference-counted handles (Expr, Stmt). Every node is built by
// its `make` function, which checks the node's invariants (operand types, memory vs scalar) and
// throws InternalError when they fail: a bad node is a compiler bug. `make` does not fold
// constants; the smart constructors in laila/ir/Ops.h do.
//
// Semantics (what every code generator must implement, see backend/c/CGen.cpp):
// - int is int64_t and wraps on overflow (two's complement); generated C is compiled with -fwrapv.
// - int Div is floor division, int Mod is floor modulus (the sign of the divisor; non-negative
//   for a positive divisor), so a == (a/b)*b + a%b always. By zero: a/0 = 0 and a%0 = a (APL's
//   residue convention 0|a = a). INT64_MIN / -1 wraps to INT64_MIN.
// - double Mod is a - b*floor(a/b), and a%0 = a. double Div is IEEE division.
// - int Pow with a negative exponent: 1 for base 1, ±1 for base -1, otherwise 0.
// - Shl/Shr with a shift count outside 0..63 give 0 (Shr: -1 for negative operands); Shr is
//   arithmetic.
// - Floor, Ceil (double → int) and D2I (truncation) saturate at INT64_MIN/INT64_MAX; NaN gives 0.
// - Scoping is C's: a declaration is visible from its statement to the end of the enclosing block.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aplc::laila {

// ---------------------------------------------------------------------------------------------
// Types and names
// ---------------------------------------------------------------------------------------------

enum class BaseType : uint8_t { Int, Double, Bool, Char };

// A scalar of a base type, or array memory: a pointer to elements of a base type.
struct Type {
  BaseType base = BaseType::Int;
  bool memory = false;

  static constexpr Type scalar(BaseType b) { return {b, false}; }
  static constexpr Type memoryOf(BaseType b) { return {b, true}; }
  bool isScalar() const { return !memory; }
  bool is(BaseType b) const { return !memory && base == b; }
  bool isNumeric() const { return is(BaseType::Int) || is(BaseType::Double); }
  friend bool operator==(const Type&, const Type&) = default;
};

inline constexpr Type IntType = Type::scalar(BaseType::Int);
inline constexpr Type DoubleType = Type::scalar(BaseType::Double);
inline constexpr Type BoolType = Type::scalar(BaseType::Bool);
inline constexpr Type CharType = Type::scalar(BaseType::Char);

const char* baseTypeName(BaseType b);  // "int", "double", "bool", "char"
std::string toString(Type t);          // "int", "[int]" for memory

// A variable's name: unique per program as a pair, printed `base_tag`. `base` is an identifier
// ([A-Za-z][A-Za-z0-9_]*, not starting with "aplc", which generated C keeps for itself).
struct Name {
  std::string base;
  uint32_t tag = 0;

  std::string str() const { return base + "_" + std::to_string(tag); }
  friend bool operator==(const Name&, const Name&) = default;
  friend auto operator<=>(const Name&, const Name&) = default;
};

// A typed variable, as statements declare and assign it.
struct Var {
  Name name;
  Type type;
  friend bool operator==(const Var&, const Var&) = default;
};

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

// Unary operators. Operand → result types:
//   Neg, Abs, Sign: int → int, double → double      Not: bool → bool      BitNot: int → int
//   Floor, Ceil, D2I (truncate): double → int        Exp Log Sqrt Sin Cos Tan Asin Acos Atan
//   Sinh Cosh Tanh: double → double                  I2D: int → double     B2I: bool → int
//   I2B (≠ 0): int → bool                            C2I: char → int       I2C: int → char
#define APLC_LAILA_UNARY_OPS(X)                                                             \
  X(Neg, "neg") X(Not, "not") X(BitNot, "bitnot") X(Abs, "abs") X(Sign, "sign")             \
  X(Floor, "floor") X(Ceil, "ceil") X(Exp, "exp") X(Log, "log") X(Sqrt, "sqrt") X(Sin, "sin") \
  X(Cos, "cos") X(Tan, "tan") X(Asin, "asin") X(Acos, "acos") X(Atan, "atan") X(Sinh, "sinh") \
  X(Cosh, "cosh") X(Tanh, "tanh") X(I2D, "i2d") X(D2I, "d2i") X(B2I, "b2i") X(I2B, "i2b")    \
  X(C2I, "c2i") X(I2C, "i2c")

// Binary operators. Both operands have the same type:
//   Add Sub Mul Div Mod Min Max Pow: int or double, result the same type
//   Eq Ne Lt Le Gt Ge: any scalar type, result bool
//   And Or Xor: bool → bool        BitAnd BitOr BitXor Shl Shr: int → int
#define APLC_LAILA_BINARY_OPS(X)                                                          \
  X(Add, "add") X(Sub, "sub") X(Mul, "mul") X(Div, "div") X(Mod, "mod") X(Min, "min")     \
  X(Max, "max") X(Pow, "pow") X(Eq, "eq") X(Ne, "ne") X(Lt, "lt") X(Le, "le") X(Gt, "gt") \
  X(Ge, "ge") X(And, "and") X(Or, "or") X(Xor, "xor") X(BitAnd, "bitand")                 \
  X(BitOr, "bitor") X(BitXor, "bitxor") X(Shl, "shl") X(Shr, "shr")

#define APLC_LAILA_ENUM_ENTRY(name, text) name,
enum class UnaryOp : uint8_t { APLC_LAILA_UNARY_OPS(APLC_LAILA_ENUM_ENTRY) };
enum class BinaryOp : uint8_t { APLC_LAILA_BINARY_OPS(APLC_LAILA_ENUM_ENTRY) };
#undef APLC_LAILA_ENUM_ENTRY

const char* opName(UnaryOp op);   // "neg", "floor", ...
const char* opName(BinaryOp op);  // "add", "mod", ...

// The result type of an operator applied to operands of these types; empty if ill-typed.
std::optional<Type> resultType(UnaryOp op, Type operand);
std::optional<Type> resultType(BinaryOp op, Type left, Type right);

bool isComparison(BinaryOp op);
// Commutative and associative (the ops a parallel reduction may use as they are).
bool isAssociativeCommutative(BinaryOp op, Type operand);

// ---------------------------------------------------------------------------------------------
// Handles
// ---------------------------------------------------------------------------------------------

enum class ExprKind : uint8_t { IntImm, DoubleImm, BoolImm, CharImm, Variable, Unary, Binary,
                                Select, Load, Call };
enum class StmtKind : uint8_t { Decl, Assign, Store, For, While, IfThenElse, Block, Allocate,
                                Free, DeclareMemory, Print, Check, Comment, Fill, CallFunction };

struct ExprNode {
  ExprNode(ExprKind k, Type t) : kind(k), type(t) {}
  virtual ~ExprNode() = default;
  const ExprKind kind;
  const Type type;
};

struct StmtNode {
  explicit StmtNode(StmtKind k) : kind(k) {}
  virtual ~StmtNode() = default;
  const StmtKind kind;
};

// A reference-counted handle to an immutable node. Empty ("undefined") handles are allowed where
// a field is optional (an if without else).
template <typename Node, typename Kind>
class Handle {
 public:
  Handle() = default;
  explicit Handle(std::shared_ptr<const Node> node) : node_(std::move(node)) {}

  bool defined() const { return node_ != nullptr; }
  const Node* get() const { return node_.get(); }
  const Node* operator->() const { return node_.get(); }
  Kind kind() const { return node_->kind; }
  // Pointer identity (not structural equality: see laila::equal).
  bool sameAs(const Handle& other) const { return node_ == other.node_; }

  // The node as its concrete class, or nullptr if it is another kind.
  template <typename T>
  const T* as() const {
    return node_ && node_->kind == T::Kind ? static_cast<const T*>(node_.get()) : nullptr;
  }

 private:
  std::shared_ptr<const Node> node_;
};

class Expr : public Handle<ExprNode, ExprKind> {
 public:
  using Handle::Handle;
  Type type() const { return get()->type; }
};

class Stmt : public Handle<StmtNode, StmtKind> {
 public:
  using Handle::Handle;
};

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

struct IntImm : ExprNode {
  static constexpr ExprKind Kind = ExprKind::IntImm;
  explicit IntImm(int64_t v) : ExprNode(Kind, IntType), value(v) {}
  const int64_t value;
  static Expr make(int64_t value);
};

struct DoubleImm : ExprNode {
  static constexpr ExprKind Kind = ExprKind::DoubleImm;
  explicit DoubleImm(double v) : ExprNode(Kind, DoubleType), value(v) {}
  const double value;
  static Expr make(double value);
};

struct BoolImm : ExprNode {
  static constexpr ExprKind Kind = ExprKind::BoolImm;
  explicit BoolImm(bool v) : ExprNode(Kind, BoolType), value(v) {}
  const bool value;
  static Expr make(bool value);
};

// A character: a Unicode code point.
struct CharImm : ExprNode {
  static constexpr ExprKind Kind = ExprKind::CharImm;
  explicit CharImm(uint32_t v) : ExprNode(Kind, CharType), value(v) {}
  const uint32_t value;
  static Expr make(uint32_t codepoint);
};

// A use of a variable (scalar, or array memory).
struct Variable : ExprNode {
  static constexpr ExprKind Kind = ExprKind::Variable;
  explicit Variable(Var v) : ExprNode(Kind, v.type), name(std::move(v.name)) {}
  const Name name;
  Var var() const { return {name, type}; }
  static Expr make(Var var);  // checks the name is a valid identifier base
};

struct Unary : ExprNode {
  static constexpr ExprKind Kind = ExprKind::Unary;
  Unary(UnaryOp o, Expr x, Type t) : ExprNode(Kind, t), op(o), a(std::move(x)) {}
  const UnaryOp op;
  const Expr a;
  static Expr make(UnaryOp op, Expr a);
};

struct Binary : ExprNode {
  static constexpr ExprKind Kind = ExprKind::Binary;
  Binary(BinaryOp o, Expr x, Expr y, Type t)
      : ExprNode(Kind, t), op(o), a(std::move(x)), b(std::move(y)) {}
  const BinaryOp op;
  const Expr a, b;
  static Expr make(BinaryOp op, Expr a, Expr b);
};

// cond ? ifTrue : ifFalse. Both branches are pure, so evaluating both is allowed.
struct Select : ExprNode {
  static constexpr ExprKind Kind = ExprKind::Select;
  Select(Expr c, Expr t, Expr f, Type ty)
      : ExprNode(Kind, ty), cond(std::move(c)), ifTrue(std::move(t)), ifFalse(std::move(f)) {}
  const Expr cond, ifTrue, ifFalse;
  static Expr make(Expr cond, Expr ifTrue, Expr ifFalse);
};

// memory[index]: memory has a memory type, index is int; the result is the memory's base type.
struct Load : ExprNode {
  static constexpr ExprKind Kind = ExprKind::Load;
  Load(Expr m, Expr i, Type t) : ExprNode(Kind, t), memory(std::move(m)), index(std::move(i)) {}
  const Expr memory, index;
  static Expr make(Expr memory, Expr index);
};

// A call of a function by its C name (math.h, e.g. "floor", or aplc_runtime.h), returning a
// scalar of `type`. Code generators emit `function(args...)` as it is. Not every call is pure:
// the function must be in laila/ir/Calls.def, which says what it reads and writes (array memory
// passed to it, the runtime's state, files, the random generator); the verifier rejects other
// names, and calls with effects in parallel loops (laila/ir/Calls.h, callHasEffect).
struct Call : ExprNode {
  static constexpr ExprKind Kind = ExprKind::Call;
  Call(std::string f, std::vector<Expr> as, Type t)
      : ExprNode(Kind, t), function(std::move(f)), args(std::move(as)) {}
  const std::string function;
  const std::vector<Expr> args;
  static Expr make(std::string function, Type type, std::vector<Expr> args);
};

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

// `type var = init;` (a scalar; memory is declared by Allocate or DeclareMemory).
struct Decl : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Decl;
  Decl(Var v, Expr i) : StmtNode(Kind), var(std::move(v)), init(std::move(i)) {}
  const Var var;
  const Expr init;
  static Stmt make(Var var, Expr init);
};

// `var = value;` (var is a declared scalar, not a loop variable), or a move of array memory:
// `var = other` where both are memory variables of one type; `var` must hold no memory (freed
// or moved from) and takes over `other`'s, which counts as moved from (not used or freed again).
// Power loops and guards use moves to hold arrays whose size changes at run time.
struct Assign : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Assign;
  Assign(Var v, Expr x) : StmtNode(Kind), var(std::move(v)), value(std::move(x)) {}
  const Var var;
  const Expr value;
  static Stmt make(Var var, Expr value);
};

// `memory[index] = value;`
struct Store : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Store;
  Store(Var m, Expr i, Expr v)
      : StmtNode(Kind), memory(std::move(m)), index(std::move(i)), value(std::move(v)) {}
  const Var memory;
  const Expr index, value;
  static Stmt make(Var memory, Expr index, Expr value);
};

// How the iterations of a loop depend on each other: the contract a parallel code generator
// relies on (and laila/ir/Verify.h checks where it can).
// - Sequential: anything goes.
// - ParallelMap: iterations are independent; they assign no variable declared outside the loop
//   and store to distinct locations.
// - Reduction: like ParallelMap, except the accumulator, which the body only updates as
//   `acc = acc op e` (or `e op acc`) with e not reading acc, and otherwise does not read.
// - Scan: the body updates the accumulator as in a reduction and may then read it (an inclusive
//   prefix scan: it stores the running value).
enum class LoopKind : uint8_t { Sequential, ParallelMap, Reduction, Scan };
const char* loopKindName(LoopKind kind);  // "sequential", "parallel", "reduction", "scan"

// The accumulator of a Reduction or Scan loop: declared (and initialised) before the loop.
// `neutral` is op's neutral element (what a parallel reduction starts each thread with).
// `associativeCommutative` says whether op may be reordered (false for doubles' addition if the
// lowering wants bit-exact sequential results, which keeps such a loop sequential).
struct Accumulator {
  Var var;
  BinaryOp op;
  Expr neutral;
  bool associativeCommutative = true;
};

// `for var in lower..upper` (upper exclusive, step 1, var is int and read-only in the body).
struct For : StmtNode {
  static constexpr StmtKind Kind = StmtKind::For;
  For(Var v, Expr lo, Expr hi, LoopKind k, std::optional<Accumulator> acc, Stmt b)
      : StmtNode(Kind), var(std::move(v)), lower(std::move(lo)), upper(std::move(hi)),
        loopKind(k), accumulator(std::move(acc)), body(std::move(b)) {}
  const Var var;
  const Expr lower, upper;
  const LoopKind loopKind;
  const std::optional<Accumulator> accumulator;  // exactly for Reduction and Scan
  const Stmt body;
  static Stmt make(Var var, Expr lower, Expr upper, LoopKind kind,
                   std::optional<Accumulator> accumulator, Stmt body);
};

struct While : StmtNode {
  static constexpr StmtKind Kind = StmtKind::While;
  While(Expr c, Stmt b) : StmtNode(Kind), cond(std::move(c)), body(std::move(b)) {}
  const Expr cond;
  const Stmt body;
  static Stmt make(Expr cond, Stmt body);
};

struct IfThenElse : StmtNode {
  static constexpr StmtKind Kind = StmtKind::IfThenElse;
  IfThenElse(Expr c, Stmt t, Stmt e)
      : StmtNode(Kind), cond(std::move(c)), thenCase(std::move(t)), elseCase(std::move(e)) {}
  const Expr cond;
  const Stmt thenCase;
  const Stmt elseCase;  // may be undefined
  static Stmt make(Expr cond, Stmt thenCase, Stmt elseCase = Stmt());
};

// A sequence of statements; also a scope for the declarations in it.
struct Block : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Block;
  explicit Block(std::vector<Stmt> s) : StmtNode(Kind), stmts(std::move(s)) {}
  const std::vector<Stmt> stmts;
  static Stmt make(std::vector<Stmt> stmts);
};

// A block's statements, or the statement alone: what a pass splices into another block.
std::vector<Stmt> statementsOf(const Stmt& s);

// Where a block lives.
// - Heap: the runtime's checked allocation (LIMIT ERROR instead of a crash), freed by Free. On
//   OpenCL the host mirrors such a block on the device as kernels need it.
// - Private: an automatic array of the iteration that allocates it (C: on the running thread's
//   stack, so parallel iterations each have their own). Its count is a small constant, no move
//   takes its block, and it ends with its scope: its Free generates nothing. The last pass of
//   the CPU targets, placePrivateArrays (laila/analysis/PrivateMemory.h), chooses it.
enum class MemorySpace : uint8_t { Heap, Private };
const char* memorySpaceName(MemorySpace space);  // "heap", "private"

// Declares `var` (a memory type) and allocates `count` elements of its base type (uninitialised)
// in a memory space.
struct Allocate : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Allocate;
  Allocate(Var v, Expr c, MemorySpace s)
      : StmtNode(Kind), var(std::move(v)), count(std::move(c)), space(s) {}
  const Var var;
  const Expr count;
  const MemorySpace space;
  static Stmt make(Var var, Expr count, MemorySpace space = MemorySpace::Heap);
};

struct Free : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Free;
  explicit Free(Var v) : StmtNode(Kind), var(std::move(v)) {}
  const Var var;
  static Stmt make(Var var);
};

// Declares `var` (a memory type) holding no block: nothing is allocated, and nothing is to be
// freed until a move (Assign) gives it a block. What a guard's result, a recursive call's
// result and a swap's middle variable are declared with, before a move fills them.
struct DeclareMemory : StmtNode {
  static constexpr StmtKind Kind = StmtKind::DeclareMemory;
  explicit DeclareMemory(Var v) : StmtNode(Kind), var(std::move(v)) {}
  const Var var;
  static Stmt make(Var var);
};

enum class PrintStyle : uint8_t { Apl, Tail };  // APLC_STYLE_APL / APLC_STYLE_TAIL

// Prints a value through the runtime (aplc_print to stdout). Either `value` is array memory and
// `shape` its shape (rank = shape.size(), row-major from element 0, or with `strides` in elements
// when given: one per axis), or `value` is a scalar expression and shape and strides are empty.
struct Print : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Print;
  Print(Expr v, std::vector<Expr> sh, std::vector<Expr> st, PrintStyle s)
      : StmtNode(Kind), value(std::move(v)), shape(std::move(sh)), strides(std::move(st)),
        style(s) {}
  const Expr value;
  const std::vector<Expr> shape;
  const std::vector<Expr> strides;  // empty: contiguous
  const PrintStyle style;
  static Stmt make(Expr value, std::vector<Expr> shape, PrintStyle style,
                   std::vector<Expr> strides = {});
};

// The APL errors a generated program reports (aplc_error_kind).
enum class ErrorKind : uint8_t { Domain, Index, Length, Rank, Value, Limit, File };
const char* errorKindName(ErrorKind kind);  // "DOMAIN", "INDEX", ...

// Where in the APL source a check comes from (file name, 1-based line and column; 0 = unknown).
struct ErrorLoc {
  std::string file;
  uint32_t line = 0;
  uint32_t col = 0;
};

// `check(cond)`: when cond is false, report `file:line:col: KIND ERROR: message` through
// aplc_error and exit with status 1. Code generators drop checks when asked to (--unsafe).
struct Check : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Check;
  Check(Expr c, ErrorKind k, ErrorLoc l, std::string m)
      : StmtNode(Kind), cond(std::move(c)), errorKind(k), loc(std::move(l)),
        message(std::move(m)) {}
  const Expr cond;
  const ErrorKind errorKind;
  const ErrorLoc loc;
  const std::string message;
  static Stmt make(Expr cond, ErrorKind kind, ErrorLoc loc, std::string message);
};

// A comment carried to the printed Laila and the generated C (for people reading them).
struct Comment : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Comment;
  explicit Comment(std::string t) : StmtNode(Kind), text(std::move(t)) {}
  const std::string text;
  static Stmt make(std::string text);  // one line
};

// `memory[k] = values[k]` for every k: the constant items of a literal array (IntImm, DoubleImm,
// BoolImm or CharImm of the memory's element type), which the C generator writes as static data
// copied into the memory, instead of one store per item.
struct Fill : StmtNode {
  static constexpr StmtKind Kind = StmtKind::Fill;
  Fill(Var m, std::vector<Expr> v) : StmtNode(Kind), memory(std::move(m)), values(std::move(v)) {}
  const Var memory;
  const std::vector<Expr> values;
  static Stmt make(Var memory, std::vector<Expr> values);
};

// A parameter of a Function, and the matching argument of a CallFunction: the caller's
// variable in the same position, of the same type and `inout` flag (its name may differ: one
// function serves every copy of the same statement, see laila/passes/Outline.h). An `inout` parameter is a variable the function assigns (a scalar,
// or memory moved into it): the function works on its own copy and writes it back when it
// returns. Other parameters are passed by value (memory by its pointer, so stores reach the
// caller's array).
struct Param {
  Var var;
  bool inout = false;
  friend bool operator==(const Param&, const Param&) = default;
};

// `call f(args)`: runs the body of the program's function `f` (laila/passes/Outline.h makes them,
// and the lowering of a recursive function with an array result, laila/lower/LowerRecursion.cpp), with
// the caller's variables `args` as its parameters, position by position. A parallel, reduction
// or scan loop calls only functions that are safe in parallel, with inout arguments of its
// iteration's own (laila/ir/ParallelCalls.h; the verifier checks).
struct CallFunction : StmtNode {
  static constexpr StmtKind Kind = StmtKind::CallFunction;
  CallFunction(Name f, std::vector<Param> a) : StmtNode(Kind), function(std::move(f)), args(std::move(a)) {}
  const Name function;
  const std::vector<Param> args;
  static Stmt make(Name function, std::vector<Param> args);
};

// A function of the program: statements taken out of main (or of another function) with the
// variables they read or assign from outside as parameters (laila/passes/Outline.h), or a
// recursive APL function (the lowering of a TAIL letrec). Names are printed `base_tag` like
// variables' (they live in another namespace: C prefixes them).
//
// A function with a `result` returns a scalar: the variable, declared by the function itself
// before its body (initialised to 0, as if by a Decl), is what it returns; the body assigns it.
// Such a function is called by a `Call` expression named `functionCallName(name)`, with one
// argument per parameter (memory by its pointer; no inout parameters); calls of it are not in
// laila/ir/Calls.def and count as having every effect for the passes (they stay in order), and
// a parallel loop makes them only when the function is safe in parallel
// (laila/ir/ParallelCalls.h). A function without a result is called by a CallFunction statement.
struct Function {
  Name name;
  std::vector<Param> params;
  Stmt body;
  std::optional<Var> result = std::nullopt;
};

// The name a Call expression uses for the program's function `f` (its C name): `aplc_fn_f_1`.
std::string functionCallName(const Name& f);
inline constexpr const char* kFunctionCallPrefix = "aplc_fn_";

// A whole program: its body runs in order in main(); the functions are what it (or they) call.
struct Program {
  Program() = default;
  Program(Stmt b, std::vector<Function> fs = {}) : body(std::move(b)), functions(std::move(fs)) {}
  Stmt body;
  std::vector<Function> functions;
};

// The program with `transform` applied to main's body and to every function's: for the passes
// that rewrite one body at a time.
Program mapBodies(const Program& program, const std::function<Stmt(const Stmt&)>& transform);

}  // namespace aplc::laila
