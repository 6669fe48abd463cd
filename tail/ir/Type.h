// TAIL types (thesis §3.1.1): base types, shape types, array/vector/singleton/function/tuple
// types, type schemes, and the unifier with the subtyping rules 3.1-3.5.
//
// Representation. A Type is an immutable tree held by a shared pointer; it may mention type
// variables. Variables are bound in a Unifier (a substitution), never by mutating a Type:
// `unifier.resolve(t)` applies the substitution. Three kinds of variables exist:
//   - base variables  'aN : range over int | double | bool | char      (κ = α)
//   - shape variables 'rN : range over shape types                      (ρ = γ)
//   - type variables  'tN : range over whole types (only in primitive schemes, e.g. `power`,
//                           whose iterated value may be a tuple)
// Variable ids are globally unique (a process-wide counter), so schemes and instances never clash.
//
// Shape types are kept normalised as linear forms `c + k1*γ1 + ... + kn*γn` (variables sorted by
// id, no zero coefficients), so equality up to associativity, commutativity and constant folding
// is plain structural equality: `1+γ+2` is `γ+3`. The constant may be negative only in a
// singleton `S(int,~1)` (the type of the literal ~1); ranks and vector lengths are never negative.
//
// Subtyping (rules 3.1-3.5): `<κ>ρ ⊆ [κ]1`, `SV(κ,ρ) ⊆ <κ>1` (and so `⊆ [κ]1`), `S(κ,ρ) ⊆ [κ]0`,
// reflexive and transitive; function types are contravariant in the parameter and covariant in the
// result; tuples componentwise. Rule 3.4 (SV ⊆ <κ>1) is kept: aplc's `update` is functional
// (it returns a new array), so the thesis's reason for the strengthened ⊆s does not arise.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace aplc::tail {

// ---- Base types κ ---------------------------------------------------------------------------

enum class BaseKind : uint8_t { Int, Double, Bool, Char, Complex, Var };

struct Base {
  BaseKind kind = BaseKind::Int;
  uint32_t var = 0;  // the variable's id when kind == Var

  static Base intT() { return {BaseKind::Int, 0}; }
  static Base doubleT() { return {BaseKind::Double, 0}; }
  static Base boolT() { return {BaseKind::Bool, 0}; }
  static Base charT() { return {BaseKind::Char, 0}; }
  static Base complexT() { return {BaseKind::Complex, 0}; }  // a pair of doubles (re, im)
  static Base variable(uint32_t id) { return {BaseKind::Var, id}; }
  static Base fresh();

  bool isVar() const { return kind == BaseKind::Var; }
  friend bool operator==(const Base&, const Base&) = default;
};

std::string toString(Base b);  // int, double, bool, char, complex, 'a7

// ---- Shape types ρ --------------------------------------------------------------------------

class Shape {
 public:
  using Term = std::pair<uint32_t, int64_t>;  // (variable id, coefficient != 0)

  Shape(int64_t constant = 0) : constant_(constant) {}  // NOLINT: a constant is a shape
  static Shape variable(uint32_t id);
  static Shape fresh();

  int64_t constant() const { return constant_; }
  const std::vector<Term>& terms() const { return terms_; }  // sorted by variable id
  bool isConstant() const { return terms_.empty(); }
  // A single variable with coefficient 1 and constant 0.
  bool isVariable() const { return constant_ == 0 && terms_.size() == 1 && terms_[0].second == 1; }
  // All coefficients non-negative and (unless constant) a non-negative constant: a valid rank
  // or length expression.
  bool isNonNegative() const;
  int64_t coefficientOf(uint32_t var) const;

  Shape operator+(const Shape& other) const;
  Shape operator-(const Shape& other) const;  // may produce negative coefficients (unifier only)
  Shape scaled(int64_t k) const;
  Shape without(uint32_t var) const;  // drops the variable's term

  friend bool operator==(const Shape&, const Shape&) = default;

 private:
  int64_t constant_ = 0;
  std::vector<Term> terms_;
};

// `3`, `'r4`, `'r4+3`, `2*'r4+'r5`; negative constants print as `~1` (TAIL's minus sign).
std::string toString(const Shape& s);

// ---- Types τ --------------------------------------------------------------------------------

enum class TypeKind : uint8_t {
  Array,            // [κ]ρ      array of rank ρ
  Vector,           // <κ>ρ      vector of length ρ
  Singleton,        // S(κ,ρ)    scalar whose value is ρ
  SingletonVector,  // SV(κ,ρ)   one-element vector whose element is ρ
  Function,         // τ -> τ'
  Tuple,            // (τ1 * ... * τn), n >= 2
  Var,              // 't7       a whole-type variable (schemes only)
};

class TypeNode;

class Type {
 public:
  Type() = default;  // a null type: "not known yet"

  static Type array(Base b, Shape rank);
  static Type vector(Base b, Shape length);
  static Type singleton(Base b, Shape value);
  // Only in primitive schemes: `S(int,|ρ|)` matches a singleton S(int,c) binding ρ to |c|
  // (takeV/dropV take the count's magnitude; DESIGN.md errata).
  static Type singletonMagnitude(Base b, Shape value);
  static Type singletonVector(Base b, Shape value);
  static Type function(Type param, Type result);
  static Type tuple(std::vector<Type> components);
  static Type variable(uint32_t id);
  static Type fresh();
  static Type scalar(Base b) { return array(b, Shape(0)); }  // κ is short for [κ]0

  bool isNull() const { return node_ == nullptr; }
  explicit operator bool() const { return node_ != nullptr; }

  TypeKind kind() const;
  Base base() const;          // Array, Vector, Singleton, SingletonVector
  const Shape& shape() const; // rank, length or value, as the kind says
  bool magnitude() const;     // Singleton only: the `|ρ|` form
  const Type& param() const;  // Function
  const Type& result() const; // Function
  const std::vector<Type>& components() const;  // Tuple
  uint32_t var() const;       // Var

  bool isArray() const { return node_ && kind() == TypeKind::Array; }
  bool isFunction() const { return node_ && kind() == TypeKind::Function; }
  // Array-like kinds: Array, Vector, Singleton, SingletonVector.
  bool hasBase() const;
  // The rank of an array-like type: ρ for arrays, 1 for vectors, 0 for singletons.
  Shape rank() const;

  // Structural equality (no substitution applied).
  friend bool operator==(const Type& a, const Type& b);

 private:
  explicit Type(std::shared_ptr<const TypeNode> n) : node_(std::move(n)) {}
  std::shared_ptr<const TypeNode> node_;
};

// The thesis's textual syntax: `[int]2`, `<double>15`, `S(int,3)`, `SV(bool,'r2)`,
// `[int]0 -> [double]0`, `([int]1 * [char]1)`. The parser (Parse.h) reads it back.
std::string toString(const Type& t);

// Short, stable names for variables in messages: base variables print 'a, 'b, ...; shape variables
// 'n, 'm, 'k, ...; type variables 't, 'u, ... in order of first appearance. Use one VarNames for
// all the types of one message so that a shared variable prints alike.
class VarNames {
 public:
  std::string base(uint32_t id);
  std::string shape(uint32_t id);
  std::string type(uint32_t id);

 private:
  std::string name(std::unordered_map<uint32_t, std::string>& m, uint32_t id, const char* letters);
  std::unordered_map<uint32_t, std::string> base_, shape_, type_;
};
std::string toString(const Type& t, VarNames& names);
std::string toString(const Shape& s, VarNames& names);

// True when the type mentions a base, shape or type variable anywhere.
bool hasVariables(const Type& t);

// Ranks and vector lengths are non-negative shape expressions (a singleton's value may be any
// integer). The checker rejects a type for which this is false (e.g. `dropV(3, <int>2)`).
bool hasValidShapes(const Type& t);

// ---- Type schemes σ = ∀ᾱγ̄.τ -----------------------------------------------------------------

struct Scheme {
  std::vector<uint32_t> baseVars;
  std::vector<uint32_t> shapeVars;
  std::vector<uint32_t> typeVars;
  Type body;

  // Number of arrows at the top of the body: the arity of a primitive with this scheme.
  size_t arity() const;
};

std::string toString(const Scheme& s);  // `∀'a1 'r2. [a1]r2 -> ...` printed with ASCII `forall`

// ---- Unification --------------------------------------------------------------------------

// Thrown by Unifier::unify/subtype when the types cannot be made equal (or related). `what` is a
// short sentence ("base type int does not match double"); callers add the context.
struct UnifyFailure {
  std::string what;
};

class Unifier {
 public:
  // A fresh instance of the scheme: each quantified variable replaced by a fresh one.
  Type instantiate(const Scheme& s);

  // Makes a and b equal, binding variables; throws UnifyFailure.
  void unify(Base a, Base b);
  // Shapes as ranks or lengths: a variable is never solved to a negative value.
  void unify(const Shape& a, const Shape& b);
  // Shapes as singleton values (S(int,~1)): a variable may be solved to a negative constant.
  void unifyValue(const Shape& a, const Shape& b);
  void unify(const Type& a, const Type& b);

  // Makes `actual ⊆ expected` hold (rules 3.1-3.5), binding variables in either; throws
  // UnifyFailure. This is the "conditional unification" the elaborator uses for an argument
  // against a parameter: exact unification where the kinds agree, a coercion rule where not.
  void subtype(const Type& actual, const Type& expected);

  // Non-throwing variants: on failure every binding made by the attempt is undone.
  bool tryUnify(const Type& a, const Type& b);
  bool trySubtype(const Type& actual, const Type& expected);

  // Applies the current substitution (to a fixed point).
  Base resolve(Base b) const;
  Shape resolve(const Shape& s) const;
  Type resolve(const Type& t) const;

  // Undo support: mark() returns a point in the binding history, undo(m) forgets later bindings.
  size_t mark() const { return trail_.size(); }
  void undo(size_t m);

 private:
  enum class VarSort : uint8_t { Base, Shape, Type };
  void bindBase(uint32_t v, Base b);
  void bindShape(uint32_t v, const Shape& s);
  void bindType(uint32_t v, const Type& t);
  bool occurs(uint32_t typeVar, const Type& t) const;
  void unifySingletonMagnitude(const Shape& actualValue, const Shape& schemeValue);
  void unifyShapes(const Shape& a, const Shape& b, bool isValue);

  std::unordered_map<uint32_t, Base> bases_;
  std::unordered_map<uint32_t, Shape> shapes_;
  std::unordered_map<uint32_t, Type> types_;
  std::vector<std::pair<VarSort, uint32_t>> trail_;
};

// Subtyping between variable-free types (no unifier needed): true iff `a ⊆ b`.
bool isSubtype(const Type& a, const Type& b);

// The least variable-free type that both a and b are subtypes of (S(int,1) and [int]0 give [int]0,
// <int>3 and SV(int,2) give [int]1, SV(int,2) and <int>1 give <int>1), or a null type when there is
// none (other bases or ranks, variables). The type of a conditional whose branches were narrowed
// differently (constant folding turns a branch's value into a literal of singleton type).
Type joinTypes(const Type& a, const Type& b);

}  // namespace aplc::tail
