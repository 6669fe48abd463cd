// The resolved APL syntax tree: what role resolution (Resolve.h) produces and the elaborator
// consumes. Every name here knows its role, every function application is explicit, and `/`
// already says whether it reduces or replicates.
//
// Three families of nodes, kept apart by type:
//   Expr  an array expression       (1 2 3, x, f ⍵, a[i;j], x ← e, ⎕ ← e, …)
//   Fn    a function expression     (+, f, {⍺+⍵}, +/, +.×, f∘g, (f g h), an operator applied, …)
//   Stmt  a statement               (an expression, a guard, a function or operator definition)
// Operands of operators and the left tine of a fork can be arrays or functions: they are NodePtr,
// and isExpr()/isFn() tell which.
//
// Nodes are immutable, shared (std::shared_ptr<const T>) and built with make<T>(…), whose
// constructors check the invariants. `as<T>()` is a checked downcast; switch on `kind` to visit.
//
// Names: every definition is a Binding with a program-unique id (ids grow in program order), so
// `x` in two scopes, or `x` assigned twice, are different bindings. ⍺ ⍵ ∇ ⍺⍺ ⍵⍵ are bindings of
// their dfn too. User-defined operators have no single body: a dfn that mentions ⍺⍺ or ⍵⍵ is
// resolved again at each use, once its operands (and so the roles of ⍺⍺ and ⍵⍵) are known; the
// result is a UserDerived node holding that instance.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "apl/Token.h"
#include "support/Diagnostics.h"
#include "support/Source.h"

namespace aplc::apl::ast {

enum class Role : uint8_t { Array, Function, MonadicOperator, DyadicOperator };
const char* describe(Role role);  // "array", "function", "monadic operator", "dyadic operator"

enum class BindingKind : uint8_t {
  Variable,      // x ← …   (also a user function or operator name)
  Alpha,         // ⍺ of a dfn
  Omega,         // ⍵ of a dfn
  LeftOperand,   // ⍺⍺ of an operator instance
  RightOperand,  // ⍵⍵ of an operator instance
  Self,          // ∇ of a dfn: the dfn itself (for an operator instance: the derived function)
};

struct Binding {
  std::string name;  // as written: "x", "⍵", "⍺⍺", "∇"
  uint32_t id = 0;   // unique in the program, increasing in program order
  Role role = Role::Array;
  BindingKind kind = BindingKind::Variable;
  SourceLoc loc;     // the name in `x ← …`; the '{' for ⍺ ⍵ ∇ ⍺⍺ ⍵⍵
  // A tradfn's name: `niladic` ones are called where they are named (as arrays); a call of one
  // with `noResult` has no value, and a call of one with a `shyResult` (`{r}←`) prints nothing.
  bool niladic = false;
  bool monadic = false;  // no left argument: a call with one is a SYNTAX ERROR
  bool noResult = false;
  bool shyResult = false;
};
using BindingPtr = std::shared_ptr<const Binding>;

#define APLC_AST_KINDS(X)                                                                      \
  /* array expressions */                                                                     \
  X(Numbers) X(String) X(Zilde) X(Var) X(SystemVar) X(Strand) X(Monadic) X(Dyadic) X(Index)    \
  X(Assign) X(MultipleAssign) X(IndexedAssign) X(ModifiedAssign) X(SystemAssign) X(Print)                                                          \
  /* function expressions */                                                                  \
  X(Primitive) X(FnRef) X(SystemFn) X(Dfn) X(Derived) X(UserDerived) X(Fork) X(Atop)           \
  /* statements */                                                                            \
  X(ExprStmt) X(Guard) X(FnDef) X(OpDef) X(If) X(While) X(For) X(Return) X(Leave) X(Continue)

enum class Kind : uint8_t {
#define APLC_AST_ENUM(k) k,
  APLC_AST_KINDS(APLC_AST_ENUM)
#undef APLC_AST_ENUM
};
const char* name(Kind kind);

struct Node {
  const Kind kind;
  const SourceLoc loc;
  const uint32_t height;  // 1 + the tallest child: lets the resolver refuse absurdly deep trees

  bool isExpr() const { return kind <= Kind::Print; }
  bool isFn() const { return kind >= Kind::Primitive && kind <= Kind::Atop; }
  bool isStmt() const { return kind >= Kind::ExprStmt; }

  // Checked downcast: null if this node is not a T.
  template <class T>
  const T* as() const { return kind == T::kKind ? static_cast<const T*>(this) : nullptr; }

  virtual ~Node() = default;

 protected:
  Node(Kind k, SourceLoc l, uint32_t h) : kind(k), loc(l), height(h) {}
};
struct Expr : Node { using Node::Node; };
struct Fn : Node { using Node::Node; };
struct Stmt : Node { using Node::Node; };
using NodePtr = std::shared_ptr<const Node>;
using ExprPtr = std::shared_ptr<const Expr>;
using FnPtr = std::shared_ptr<const Fn>;
using StmtPtr = std::shared_ptr<const Stmt>;

template <class T, class... Args>
std::shared_ptr<const T> make(Args&&... args) {
  return std::make_shared<const T>(std::forward<Args>(args)...);
}

// ---------------------------------------------------------------------------- array expressions

// Numbers written side by side, `1 2.5 ¯3`: a scalar if there is one, else a vector.
struct Numbers : Expr {
  static constexpr Kind kKind = Kind::Numbers;
  std::vector<NumberLiteral> values;
  std::vector<std::string> spellings;  // as written, for printing
  Numbers(SourceLoc loc, std::vector<NumberLiteral> values, std::vector<std::string> spellings);
};

// 'text' (UTF-8, quotes undoubled): a character scalar if it has one character, else a vector.
struct String : Expr {
  static constexpr Kind kKind = Kind::String;
  std::string text;
  String(SourceLoc loc, std::string text);
};

struct Zilde : Expr {  // ⍬, the empty numeric vector
  static constexpr Kind kKind = Kind::Zilde;
  explicit Zilde(SourceLoc loc);
};

// A use of an array binding: a variable, ⍺, ⍵, or an array operand ⍺⍺ / ⍵⍵.
struct Var : Expr {
  static constexpr Kind kKind = Kind::Var;
  BindingPtr binding;
  Var(SourceLoc loc, BindingPtr binding);
};

struct SystemVar : Expr {  // ⎕IO
  static constexpr Kind kKind = Kind::SystemVar;
  std::string name;  // with the ⎕
  SystemVar(SourceLoc loc, std::string name);
};

// Arrays side by side, `a (b c) 4`: a vector with one item per array (nested if an item is not
// a scalar). Numbers written side by side inside a strand are separate scalar items.
struct Strand : Expr {
  static constexpr Kind kKind = Kind::Strand;
  std::vector<ExprPtr> items;  // at least 2
  Strand(SourceLoc loc, std::vector<ExprPtr> items);
};

struct Monadic : Expr {  // fn arg       (loc: the function's)
  static constexpr Kind kKind = Kind::Monadic;
  FnPtr fn;
  ExprPtr arg;
  Monadic(SourceLoc loc, FnPtr fn, ExprPtr arg);
};

struct Dyadic : Expr {  // left fn right (loc: the function's)
  static constexpr Kind kKind = Kind::Dyadic;
  FnPtr fn;
  ExprPtr left, right;
  Dyadic(SourceLoc loc, FnPtr fn, ExprPtr left, ExprPtr right);
};

// array[i;j;…]: one entry per axis; a null entry is an elided axis (all of it). loc: the '['.
struct Index : Expr {
  static constexpr Kind kKind = Kind::Index;
  ExprPtr array;
  std::vector<ExprPtr> indices;
  Index(SourceLoc loc, ExprPtr array, std::vector<ExprPtr> indices);
};

// x ← value: defines the (new) binding; its value is the value. loc: the name.
struct Assign : Expr {
  static constexpr Kind kKind = Kind::Assign;
  BindingPtr binding;
  ExprPtr value;
  Assign(SourceLoc loc, BindingPtr binding, ExprPtr value);
};

// a b c ← value (Dyalog's multiple assignment): each name gets its item of a vector (or tuple)
// of as many items, or a scalar value whole; its value is the value. loc: the first name.
struct MultipleAssign : Expr {
  static constexpr Kind kKind = Kind::MultipleAssign;
  std::vector<BindingPtr> bindings;  // in the order written
  std::vector<SourceLoc> locs;       // each name's
  ExprPtr value;
  MultipleAssign(SourceLoc loc, std::vector<BindingPtr> bindings, std::vector<SourceLoc> locs, ExprPtr value);
};

// x[i;j] ← value: updates an existing array binding (possibly of an enclosing dfn); its value
// is the value. Null indices are elided axes. loc: the name.
struct IndexedAssign : Expr {
  static constexpr Kind kKind = Kind::IndexedAssign;
  BindingPtr binding;
  std::vector<ExprPtr> indices;
  ExprPtr value;
  IndexedAssign(SourceLoc loc, BindingPtr binding, std::vector<ExprPtr> indices, ExprPtr value);
};

// x f← value, x[i;j] f← value (modified assignment): x ← x f value, x[i;j] ← x[i;j] f value (Dyalog),
// updating the existing binding like indexed assignment; its value is the value. No indices: a
// whole-variable update. loc: the name.
struct ModifiedAssign : Expr {
  static constexpr Kind kKind = Kind::ModifiedAssign;
  BindingPtr binding;
  std::vector<ExprPtr> indices;  // empty for x f← value; null entries are elided axes
  FnPtr fn;
  ExprPtr value;
  ModifiedAssign(SourceLoc loc, BindingPtr binding, std::vector<ExprPtr> indices, FnPtr fn, ExprPtr value);
};

// ⎕IO ← value: sets a system variable for the rest of the dfn (or program) it is in. loc: the name.
struct SystemAssign : Expr {
  static constexpr Kind kKind = Kind::SystemAssign;
  std::string name;  // with the ⎕
  ExprPtr value;
  SystemAssign(SourceLoc loc, std::string name, ExprPtr value);
};

struct Print : Expr {  // ⎕ ← value: prints the value, which is also its value. loc: the ⎕.
  static constexpr Kind kKind = Kind::Print;
  ExprPtr value;
  Print(SourceLoc loc, ExprPtr value);
};

// ------------------------------------------------------------------------- function expressions

struct Primitive : Fn {  // + ⍴ ⌷ …: monadic or dyadic by how it is applied
  static constexpr Kind kKind = Kind::Primitive;
  char32_t glyph;  // normalised (Token.h): '-' for −, '*' for ⋆
  std::optional<int64_t> axis;  // ⌽[k] ⊖[k] ,[k] ⍪[k] ↑[k] ↓[k]: the constant k as written (in ⎕IO)
  std::optional<double> fractionalAxis;  // ,[0.5] ⍪[1.5]: laminate, the constant as written (in ⎕IO)
  std::vector<int64_t> axes;  // ,[2 3] ↑[1 2] ↓[1 2]: two or more constant axes as written (in ⎕IO)
  Primitive(SourceLoc loc, char32_t glyph, std::optional<int64_t> axis = std::nullopt,
            std::optional<double> fractionalAxis = std::nullopt, std::vector<int64_t> axes = {});
};

// A use of a function binding: a user function, ∇, or a function operand ⍺⍺ / ⍵⍵.
struct FnRef : Fn {
  static constexpr Kind kKind = Kind::FnRef;
  BindingPtr binding;
  FnRef(SourceLoc loc, BindingPtr binding);
};

struct SystemFn : Fn {  // ⎕ReadFile, ⎕INT32XOR, …
  static constexpr Kind kKind = Kind::SystemFn;
  std::string name;
  SystemFn(SourceLoc loc, std::string name);
};

// {…}: statements in their own scope. A plain dfn has no operand bindings; an operator instance
// (inside UserDerived) has ⍺⍺, and ⍵⍵ if the operator is dyadic.
//
// A tradfn is a Dfn too: ⍺ and ⍵ are bound to the header's names, its body ends with a statement
// that gives its result (or ⍬ when it has none), and `locals` are the names its header localizes
// (result, ;names, but not the arguments): they are looked up in the function only, never in
// the scope where it was written (Dyalog: a VALUE ERROR until assigned).
struct Dfn : Fn {
  static constexpr Kind kKind = Kind::Dfn;
  std::vector<StmtPtr> body;  // at least one statement
  BindingPtr alpha, omega, self;
  BindingPtr alphaAlpha, omegaOmega;  // null in a plain dfn
  std::vector<std::string> locals;    // a tradfn's localized names
  bool tradfn = false;                 // its names are seen by the functions it calls (dynamic scope)
  Dfn(SourceLoc loc, std::vector<StmtPtr> body, BindingPtr alpha, BindingPtr omega, BindingPtr self,
      BindingPtr alphaAlpha, BindingPtr omegaOmega, std::vector<std::string> locals = {}, bool tradfn = false);
};

// What a primitive operator means, decided from its glyph and its operands' roles.
#define APLC_OPERATOR_KINDS(X)                                                              \
  X(Reduce, "reduce", "/")            /* f/    */                                           \
  X(ReduceFirst, "reduce first", "⌿") /* f⌿    */                                           \
  X(Scan, "scan", "\\")               /* f\    */                                           \
  X(ScanFirst, "scan first", "⍀")     /* f⍀    */                                           \
  X(Replicate, "replicate", "/")      /* A/    (compress when A is boolean) */              \
  X(ReplicateFirst, "replicate first", "⌿")                                                 \
  X(Expand, "expand", "\\")           /* A\    */                                           \
  X(ExpandFirst, "expand first", "⍀")                                                      \
  X(Each, "each", "¨")                /* f¨    */                                           \
  X(Commute, "commute", "⍨")          /* f⍨    */                                           \
  X(InnerProduct, "inner product", ".") /* f.g */                                           \
  X(OuterProduct, "outer product", "∘.") /* ∘.g: the operand is `right` */                   \
  X(Compose, "compose", "∘")          /* f∘g   */                                           \
  X(BindLeft, "bind left", "∘")       /* A∘g   */                                           \
  X(BindRight, "bind right", "∘")     /* f∘A   */                                           \
  X(Power, "power", "⍣")              /* f⍣A   */                                           \
  X(SystemOperator, "system operator", "⎕") /* f ⎕BENCH A: see Derived::systemName */

enum class OperatorKind : uint8_t {
#define APLC_OPERATOR_ENUM(k, description, glyph) k,
  APLC_OPERATOR_KINDS(APLC_OPERATOR_ENUM)
#undef APLC_OPERATOR_ENUM
};
const char* describe(OperatorKind op);  // "reduce", "outer product", …
const char* glyph(OperatorKind op);     // "/", "∘.", …

// A primitive (or system) operator applied to its operands: a function. An operand is an Expr
// or an Fn; `left` is null only for OuterProduct, `right` is null for monadic operators.
// loc: the operator glyph.
struct Derived : Fn {
  static constexpr Kind kKind = Kind::Derived;
  OperatorKind op;
  NodePtr left, right;
  std::string systemName;  // SystemOperator only: "⎕BENCH"
  std::optional<int64_t> axis;  // f/[k] f⌿[k] f\[k] f⍀[k]: the constant k as written (in ⎕IO)
  Derived(SourceLoc loc, OperatorKind op, NodePtr left, NodePtr right, std::string systemName = {},
          std::optional<int64_t> axis = std::nullopt);
};

// A user-defined operator applied to its operands: `body` is the operator's dfn resolved for
// these operands (its alphaAlpha/omegaOmega bindings stand for left/right). `op` is the
// operator's name binding, or null for an operator dfn written in place. loc: the operator.
struct UserDerived : Fn {
  static constexpr Kind kKind = Kind::UserDerived;
  BindingPtr op;
  NodePtr left, right;  // right is null for a monadic operator
  std::shared_ptr<const Dfn> body;
  UserDerived(SourceLoc loc, BindingPtr op, NodePtr left, NodePtr right, std::shared_ptr<const Dfn> body);
};

// Trains. (f g h) ⍵ is (f ⍵) g (h ⍵); (A g h) ⍵ is A g (h ⍵); dyadic calls pass ⍺ to f and h.
struct Fork : Fn {
  static constexpr Kind kKind = Kind::Fork;
  NodePtr left;  // an Fn, or an Expr (the A of A g h)
  FnPtr middle, right;
  Fork(SourceLoc loc, NodePtr left, FnPtr middle, FnPtr right);
};

struct Atop : Fn {  // (g h) ⍵ is g (h ⍵); ⍺ (g h) ⍵ is g (⍺ h ⍵)
  static constexpr Kind kKind = Kind::Atop;
  FnPtr left, right;
  Atop(SourceLoc loc, FnPtr left, FnPtr right);
};

// ------------------------------------------------------------------------------------ statements

struct ExprStmt : Stmt {
  static constexpr Kind kKind = Kind::ExprStmt;
  ExprPtr expr;
  ExprStmt(SourceLoc loc, ExprPtr expr);
};

struct Guard : Stmt {  // condition : result   (only in dfns; returns result if condition is 1)
  static constexpr Kind kKind = Kind::Guard;
  ExprPtr condition, result;
  Guard(SourceLoc loc, ExprPtr condition, ExprPtr result);
};

struct FnDef : Stmt {  // f ← function
  static constexpr Kind kKind = Kind::FnDef;
  BindingPtr binding;
  FnPtr fn;
  FnDef(SourceLoc loc, BindingPtr binding, FnPtr fn);
};

// op ← {… ⍺⍺ …}: defines an operator. Its body is resolved at each use (see UserDerived).
struct OpDef : Stmt {
  static constexpr Kind kKind = Kind::OpDef;
  BindingPtr binding;
  OpDef(SourceLoc loc, BindingPtr binding);
};

// Control structures, in tradfns only. `blocks` hold statements of any kind.
//   :If c1 ⋄ b1 ⋄ :ElseIf c2 ⋄ b2 ⋄ :Else ⋄ b3 ⋄ :EndIf   conditions c1 c2, blocks b1 b2 b3
struct If : Stmt {
  static constexpr Kind kKind = Kind::If;
  std::vector<ExprPtr> conditions;
  std::vector<std::vector<StmtPtr>> blocks;  // one per condition, then the :Else block if any
  If(SourceLoc loc, std::vector<ExprPtr> conditions, std::vector<std::vector<StmtPtr>> blocks);
};

// :While c ⋄ body ⋄ :EndWhile (testFirst), or :Repeat ⋄ body ⋄ :Until c.
struct While : Stmt {
  static constexpr Kind kKind = Kind::While;
  ExprPtr condition;  // :While's (the loop goes on while it is 1), or :Until's (it stops when 1)
  std::vector<StmtPtr> body;
  bool testFirst;
  While(SourceLoc loc, ExprPtr condition, std::vector<StmtPtr> body, bool testFirst);
};

// :For x :In values ⋄ body ⋄ :EndFor: x takes each item of the values in turn.
struct For : Stmt {
  static constexpr Kind kKind = Kind::For;
  BindingPtr variable;
  ExprPtr values;
  std::vector<StmtPtr> body;
  For(SourceLoc loc, BindingPtr variable, ExprPtr values, std::vector<StmtPtr> body);
};

// :Return: the function ends with `result` (the result variable, or ⍬ when there is none).
struct Return : Stmt {
  static constexpr Kind kKind = Kind::Return;
  ExprPtr result;
  Return(SourceLoc loc, ExprPtr result);
};

// Calls f on each direct child of n (expressions, functions, operands, statements, blocks), in
// the order they are written. For walks over the tree (ElabTailCalls.cpp).
void forEachChild(const Node& n, const std::function<void(const Node&)>& f);

// :Leave (the innermost loop ends) and :Continue (its pass ends).
struct Leave : Stmt {
  static constexpr Kind kKind = Kind::Leave;
  explicit Leave(SourceLoc loc);
};
struct Continue : Stmt {
  static constexpr Kind kKind = Kind::Continue;
  explicit Continue(SourceLoc loc);
};

// Whether an expression statement displays nothing: an assignment, ⎕←, or a call of a tradfn
// without a result or with a shy one.
bool isShy(const Expr& e);
// Whether an expression statement has no value that ends a dfn: an assignment, ⎕←, or a call of
// a tradfn without a result (Dyalog: a dfn ends at its first statement that has a value).
bool isAssignmentOrVoid(const Expr& e);

// A whole program: the prelude's statements, then each input file's, in order.
struct Program {
  std::vector<StmtPtr> statements;
  size_t userBegin = 0;           // statements[userBegin…] come from the input files
  std::vector<Comment> comments;  // of all files, e.g. for `⍝○` annotations
};

}  // namespace aplc::apl::ast
