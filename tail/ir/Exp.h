// TAIL expressions (thesis §3.1): immutable nodes, reference-counted handles, a visitor and a
// mutator that recurse by default (in the style of Halide's IR.h / IRVisitor / IRMutator).
//
// Build nodes with the `make` functions: they check the invariants listed on each node and
// throw InternalError (a compiler bug) when one fails. Every node carries a SourceLoc: the APL
// (or .tail) location it came from, for runtime error messages; {} when compiler-made.
//
// Types. `let` and `fn` binders carry their declared (variable-free) type. A primitive
// application carries `instance`: the instantiated, resolved type of the primitive
// (`τ1 -> ... -> τn -> τ`), null until the type checker fills it in (tail::annotateTypes); the
// interpreter and the lowering read result and argument types from it (e.g. the fill element of
// `reshape`). A primitive used as a function value (`each(i2d, a)`) is a PrimFn node, the eta-
// expansion `fn x1 => ... => op(x1,...,xn)` of the thesis, with its instance likewise.
//
// Names are {base, tag} pairs printed `base_tag` (tag 0 prints just `base`); the front end makes
// them unique per program with a NameGen. The checker and interpreter scope names lexically, so
// shadowing is legal, but passes may assume uniqueness only where their header says so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "support/Source.h"
#include "tail/ir/Prim.h"
#include "tail/ir/Type.h"

namespace aplc::tail {

struct Name {
  std::string base;
  uint32_t tag = 0;

  std::string str() const { return tag == 0 ? base : base + "_" + std::to_string(tag); }
  friend bool operator==(const Name&, const Name&) = default;
  friend auto operator<=>(const Name&, const Name&) = default;
};

// For unordered containers keyed by Name (scopes, use counts), where std::map's O(log n) string
// comparisons dominate on long programs.
struct NameHash {
  size_t operator()(const Name& n) const noexcept {
    return std::hash<std::string>{}(n.base) ^ (static_cast<size_t>(n.tag) * 0x9E3779B97F4A7C15ull);
  }
};

// Hands out names with fresh tags: `fresh("v")` gives v_1, v_2, ... (tags are shared by all bases).
class NameGen {
 public:
  explicit NameGen(uint32_t firstTag = 1) : next_(firstTag) {}
  Name fresh(std::string base) { return Name{std::move(base), next_++}; }

 private:
  uint32_t next_;
};

enum class ExpKind : uint8_t {
  Var,          // x
  IntConst,     // 42, ~3
  DoubleConst,  // 2.5, ~1.0e-3
  ComplexConst,  // 2.0j3.2, ~1.0j~2.0
  BoolConst,    // tt, ff
  CharConst,    // 'a'
  ArrayLit,     // [e1,...,en] (one-dimensional); "abc" for character literals
  Let,          // let x:τ = e1 in e2
  Lambda,       // fn x:τ => e
  App,          // f(e)        application of a function value to one argument
  PrimApp,      // op(e1,...,en), fully applied
  PrimFn,       // op          a primitive passed as a function value
  Tuple,        // (e1,...,en), n >= 2
  Proj,         // #i(e)       component i (0-origin) of a tuple
  LetRec,       // letrec f:τ = fn x:τ' => e1 in e2   a recursive function
};

struct ExpNode;

// A handle to an immutable expression node. Copying is cheap (a reference count).
class Exp {
 public:
  Exp() = default;
  explicit Exp(std::shared_ptr<const ExpNode> n) : node_(std::move(n)) {}

  bool defined() const { return node_ != nullptr; }
  explicit operator bool() const { return defined(); }
  ExpKind kind() const;
  const SourceLoc& loc() const;
  const ExpNode* get() const { return node_.get(); }
  // Same node (not structural equality; see equalExp).
  bool same(const Exp& other) const { return node_ == other.node_; }

  // The node as T when its kind is T's, else nullptr.
  template <typename T>
  const T* as() const;
  // The node as T; an internal error if the kind differs.
  template <typename T>
  const T& to() const;

 private:
  [[noreturn]] static void badCast();
  std::shared_ptr<const ExpNode> node_;
};

struct ExpNode {
  ExpKind kind;
  SourceLoc loc;

 protected:
  ExpNode(ExpKind k, SourceLoc l) : kind(k), loc(l) {}
};

struct Var : ExpNode {
  static constexpr ExpKind kKind = ExpKind::Var;
  Name name;
  static Exp make(Name name, SourceLoc loc = {});
  Var(Name n, SourceLoc l) : ExpNode(kKind, l), name(std::move(n)) {}
};

struct IntConst : ExpNode {
  static constexpr ExpKind kKind = ExpKind::IntConst;
  int64_t value;
  static Exp make(int64_t value, SourceLoc loc = {});
  IntConst(int64_t v, SourceLoc l) : ExpNode(kKind, l), value(v) {}
};

struct DoubleConst : ExpNode {
  static constexpr ExpKind kKind = ExpKind::DoubleConst;
  double value;
  static Exp make(double value, SourceLoc loc = {});
  DoubleConst(double v, SourceLoc l) : ExpNode(kKind, l), value(v) {}
};

struct ComplexConst : ExpNode {
  static constexpr ExpKind kKind = ExpKind::ComplexConst;
  double re, im;
  static Exp make(double re, double im, SourceLoc loc = {});
  ComplexConst(double r, double i, SourceLoc l) : ExpNode(kKind, l), re(r), im(i) {}
};

struct BoolConst : ExpNode {
  static constexpr ExpKind kKind = ExpKind::BoolConst;
  bool value;
  static Exp make(bool value, SourceLoc loc = {});
  BoolConst(bool v, SourceLoc l) : ExpNode(kKind, l), value(v) {}
};

struct CharConst : ExpNode {
  static constexpr ExpKind kKind = ExpKind::CharConst;
  char32_t value;  // a Unicode scalar value
  static Exp make(char32_t value, SourceLoc loc = {});
  CharConst(char32_t v, SourceLoc l) : ExpNode(kKind, l), value(v) {}
};

// Invariant: `element` is a concrete base type (needed for the empty literal's type); each
// element has that base type (checked by the type checker, not here).
struct ArrayLit : ExpNode {
  static constexpr ExpKind kKind = ExpKind::ArrayLit;
  Base element;
  std::vector<Exp> elements;
  static Exp make(Base element, std::vector<Exp> elements, SourceLoc loc = {});
  ArrayLit(Base b, std::vector<Exp> es, SourceLoc l) : ExpNode(kKind, l), element(b), elements(std::move(es)) {}
};

// Invariant: `type` is non-null and variable-free.
struct Let : ExpNode {
  static constexpr ExpKind kKind = ExpKind::Let;
  Name name;
  Type type;
  Exp value;
  Exp body;
  static Exp make(Name name, Type type, Exp value, Exp body, SourceLoc loc = {});
  Let(Name n, Type t, Exp v, Exp b, SourceLoc l)
      : ExpNode(kKind, l), name(std::move(n)), type(std::move(t)), value(std::move(v)), body(std::move(b)) {}
};

// Invariant: `paramType` is non-null and variable-free.
struct Lambda : ExpNode {
  static constexpr ExpKind kKind = ExpKind::Lambda;
  Name param;
  Type paramType;
  Exp body;
  static Exp make(Name param, Type paramType, Exp body, SourceLoc loc = {});
  Lambda(Name p, Type t, Exp b, SourceLoc l)
      : ExpNode(kKind, l), param(std::move(p)), paramType(std::move(t)), body(std::move(b)) {}
};

struct App : ExpNode {
  static constexpr ExpKind kKind = ExpKind::App;
  Exp fn;
  Exp arg;
  static Exp make(Exp fn, Exp arg, SourceLoc loc = {});
  App(Exp f, Exp a, SourceLoc l) : ExpNode(kKind, l), fn(std::move(f)), arg(std::move(a)) {}
};

// Invariant: args.size() == primArity(op); `instance`, when set, is a function type of that arity.
struct PrimApp : ExpNode {
  static constexpr ExpKind kKind = ExpKind::PrimApp;
  Prim op;
  std::vector<Exp> args;
  Type instance;
  static Exp make(Prim op, std::vector<Exp> args, SourceLoc loc = {}, Type instance = {});
  PrimApp(Prim o, std::vector<Exp> as, Type inst, SourceLoc l)
      : ExpNode(kKind, l), op(o), args(std::move(as)), instance(std::move(inst)) {}

  // From `instance` (which must be set): the type of argument i, and of the result.
  const Type& argType(size_t i) const;
  const Type& resultType() const;
};

struct PrimFn : ExpNode {
  static constexpr ExpKind kKind = ExpKind::PrimFn;
  Prim op;
  Type instance;
  static Exp make(Prim op, SourceLoc loc = {}, Type instance = {});
  PrimFn(Prim o, Type inst, SourceLoc l) : ExpNode(kKind, l), op(o), instance(std::move(inst)) {}
};

// Invariant: at least two elements.
struct Tuple : ExpNode {
  static constexpr ExpKind kKind = ExpKind::Tuple;
  std::vector<Exp> elements;
  static Exp make(std::vector<Exp> elements, SourceLoc loc = {});
  Tuple(std::vector<Exp> es, SourceLoc l) : ExpNode(kKind, l), elements(std::move(es)) {}
};

// `index` is 0-origin: #0(e) is the first component.
struct Proj : ExpNode {
  static constexpr ExpKind kKind = ExpKind::Proj;
  size_t index;
  Exp tuple;
  static Exp make(size_t index, Exp tuple, SourceLoc loc = {});
  Proj(size_t i, Exp t, SourceLoc l) : ExpNode(kKind, l), index(i), tuple(std::move(t)) {}
};

// A recursive function binding (an APL dfn that calls itself): `name` is bound to `fn` in `fn`
// itself and in `body`. Calls are Apps of the name; a dyadic function takes a pair.
// Invariant: `type` is a variable-free function type, `fn` a Lambda whose parameter type is
// type's parameter (its body's type must be a subtype of type's result: the type checker's part).
struct LetRec : ExpNode {
  static constexpr ExpKind kKind = ExpKind::LetRec;
  Name name;
  Type type;
  Exp fn;
  Exp body;
  static Exp make(Name name, Type type, Exp fn, Exp body, SourceLoc loc = {});
  LetRec(Name n, Type t, Exp f, Exp b, SourceLoc l)
      : ExpNode(kKind, l), name(std::move(n)), type(std::move(t)), fn(std::move(f)), body(std::move(b)) {}
};

template <typename T>
const T* Exp::as() const {
  return node_ && node_->kind == T::kKind ? static_cast<const T*>(node_.get()) : nullptr;
}

template <typename T>
const T& Exp::to() const {
  const T* p = as<T>();
  if (!p) badCast();
  return *p;
}

// Structural equality: same shape of tree, names, constants, binder types and primitives.
// Locations and `instance` annotations are ignored. Doubles compare bitwise (so NaN == NaN).
bool equalExp(const Exp& a, const Exp& b);

// The largest name tag used anywhere in `e` (binders and uses); start a NameGen above it.
uint32_t maxNameTag(const Exp& e);

// Read-only traversal. `walk(e)` dispatches on the kind; each `visit` recurses into the children
// by default. Override the ones you need and call the base to keep recursing.
class Visitor {
 public:
  virtual ~Visitor() = default;
  void walk(const Exp& e);

 protected:
  virtual void visit(const Var&) {}
  virtual void visit(const IntConst&) {}
  virtual void visit(const DoubleConst&) {}
  virtual void visit(const ComplexConst&) {}
  virtual void visit(const BoolConst&) {}
  virtual void visit(const CharConst&) {}
  virtual void visit(const ArrayLit& n);
  virtual void visit(const Let& n);
  virtual void visit(const Lambda& n);
  virtual void visit(const App& n);
  virtual void visit(const PrimApp& n);
  virtual void visit(const PrimFn&) {}
  virtual void visit(const Tuple& n);
  virtual void visit(const Proj& n);
  virtual void visit(const LetRec& n);
};

// Rewriting. `mutate(e)` dispatches on the kind; each `visit` mutates the children and rebuilds
// the node only if a child changed (otherwise it returns `self`, preserving sharing). Rebuilt
// nodes keep the original's location; a rebuilt PrimApp/PrimFn keeps its `instance`, which a
// pass that changes types must clear or recompute (annotateTypes).
class Mutator {
 public:
  virtual ~Mutator() = default;
  Exp mutate(const Exp& e);

 protected:
  virtual Exp visit(const Var&, const Exp& self) { return self; }
  virtual Exp visit(const IntConst&, const Exp& self) { return self; }
  virtual Exp visit(const DoubleConst&, const Exp& self) { return self; }
  virtual Exp visit(const ComplexConst&, const Exp& self) { return self; }
  virtual Exp visit(const BoolConst&, const Exp& self) { return self; }
  virtual Exp visit(const CharConst&, const Exp& self) { return self; }
  virtual Exp visit(const ArrayLit& n, const Exp& self);
  virtual Exp visit(const Let& n, const Exp& self);
  virtual Exp visit(const Lambda& n, const Exp& self);
  virtual Exp visit(const App& n, const Exp& self);
  virtual Exp visit(const PrimApp& n, const Exp& self);
  virtual Exp visit(const PrimFn&, const Exp& self) { return self; }
  virtual Exp visit(const Tuple& n, const Exp& self);
  virtual Exp visit(const Proj& n, const Exp& self);
  virtual Exp visit(const LetRec& n, const Exp& self);
};

}  // namespace aplc::tail
