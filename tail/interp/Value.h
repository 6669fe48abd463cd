// Runtime values of the TAIL reference interpreter (tail/interp/Interp.h): scalars, arrays, functions
// and tuples, and the two ways of printing them.
//
// Representation.
// - Scalar: one element of a base type, by value (no allocation): what `each` and `reduce` pass
//   to functions, and how every rank-0 array is held (a Value never holds a rank-0 Array).
// - Array: a base type, a shape and the elements in row-major order. The element storage is
//   shared between copies (copying an Array is cheap) and copied on the first write through a
//   shared handle (copy on write): `update` copies the array value and writes one element, so the
//   original stays unchanged, as TAIL's functional `update` requires (tail/ir/Prims.def).
//   Storage per element: int64_t (int), double, uint8_t 0/1 (bool), uint32_t code point (char),
//   aplc_complex (complex: two doubles),
//   the layout of the C runtime's views, so an Array prints through aplc_display without copying.
// - Function: a closure (a Lambda and the environment it was built in) or a primitive, possibly
//   partially applied.
// - Tuple: a vector of values.
//
// Sizes: every allocation goes through Array::make, which raises a LIMIT ERROR (RuntimeError)
// for negative or overflowing shapes and for more than kMaxArrayElements elements, so a program
// asking for a huge array fails cleanly instead of crashing or exhausting memory.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "aplc_runtime.h"
#include "support/Source.h"
#include "tail/ir/Exp.h"
#include "tail/interp/InterpError.h"
#include "tail/ir/Prim.h"
#include "tail/ir/Type.h"

namespace aplc::tail {

enum class ElemKind : uint8_t { Int, Double, Bool, Char, Complex };

// The element kind of a concrete base type (an internal error for a base variable).
ElemKind elemKindOf(Base b);
const char* toString(ElemKind k);

// One element. Only the field the kind names is meaningful: `i` for Int, Bool (0 or 1) and Char
// (a code point), `d` for Double, `d` and `im` (real and imaginary part) for Complex.
struct Scalar {
  ElemKind kind = ElemKind::Int;
  int64_t i = 0;
  double d = 0.0;
  double im = 0.0;

  static Scalar ofInt(int64_t v) { return {ElemKind::Int, v, 0.0, 0.0}; }
  static Scalar ofDouble(double v) { return {ElemKind::Double, 0, v, 0.0}; }
  static Scalar ofBool(bool v) { return {ElemKind::Bool, v ? 1 : 0, 0.0, 0.0}; }
  static Scalar ofChar(uint32_t v) { return {ElemKind::Char, v, 0.0, 0.0}; }
  static Scalar ofComplex(double re, double im) { return {ElemKind::Complex, 0, re, im}; }
  // APL's fill ("prototype") element: 0, 0.0, ff, ' '.
  static Scalar fill(ElemKind k);
};

// The most elements one array may have (2^28: 2 GiB of ints). More is a LIMIT ERROR.
inline constexpr int64_t kMaxArrayElements = int64_t{1} << 28;

// The product of the extents; a LIMIT ERROR if an extent is negative or the product of the
// non-zero extents exceeds kMaxArrayElements (so an empty array cannot have 2^40 rows either).
int64_t checkedElementCount(const std::vector<int64_t>& shape);

class Array {
 public:
  Array() : Array(make(ElemKind::Int, {0})) {}

  // A fresh array of fill elements (LIMIT ERROR for bad sizes, see above).
  static Array make(ElemKind kind, std::vector<int64_t> shape);
  static Array ofScalar(const Scalar& s);
  static Array intVector(const std::vector<int64_t>& values);
  static Array charVector(const std::u32string& text);

  ElemKind kind() const { return kind_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  size_t rank() const { return shape_.size(); }
  int64_t size() const { return size_; }

  Scalar get(int64_t flat) const;
  // Writes one element (its kind must be the array's); copies the storage first if it is shared.
  void set(int64_t flat, const Scalar& s);
  // this[dst] = src[srcIndex]; both arrays of one kind. The workhorse of the structural primitives.
  void copyElement(int64_t dst, const Array& src, int64_t srcIndex);

  // The same elements with another shape of the same element count (shares the storage).
  Array reshaped(std::vector<int64_t> shape) const;

  // The elements as int64 values (Int arrays only): shape vectors, index vectors.
  std::vector<int64_t> intValues() const;
  // A view for the C runtime (valid while this Array lives).
  aplc_array_view view() const;

 private:
  using Storage = std::variant<std::vector<int64_t>, std::vector<double>, std::vector<uint8_t>,
                               std::vector<uint32_t>, std::vector<aplc_complex>>;
  Array(ElemKind kind, std::vector<int64_t> shape, int64_t size, std::shared_ptr<Storage> storage)
      : kind_(kind), shape_(std::move(shape)), size_(size), storage_(std::move(storage)) {}
  Storage& writable();

  ElemKind kind_;
  std::vector<int64_t> shape_;
  int64_t size_;
  std::shared_ptr<Storage> storage_;
};

class Value;
struct EnvNode;  // the interpreter's environment (tail/interp/Interp.cpp)
using EnvPtr = std::shared_ptr<const EnvNode>;

// A function value.
struct Function {
  // `fn x => body` closed over `env`. `node` keeps the Lambda alive.
  struct Closure {
    Exp node;
    EnvPtr env;
  };
  // A recursive function (`letrec f = fn x => body`): applied, its body sees `f` bound to this
  // value again. `node` is the LetRec; `env` the environment of the letrec (without f, so that
  // no value refers to itself).
  struct Recursive {
    Exp node;
    EnvPtr env;
  };
  // A primitive used as a function value, with the arguments it has received so far (fewer than
  // its arity). `loc` is where the primitive was named (for its runtime errors).
  struct Primitive {
    Prim op;
    Type instance;
    SourceLoc loc;
    std::vector<Value> args;
  };
  std::variant<Closure, Recursive, Primitive> callee;
};

class Value {
 public:
  enum class Kind : uint8_t { Scalar, Array, Function, Tuple };

  Value() : v_(Scalar{}) {}
  Value(const Scalar& s) : v_(s) {}  // NOLINT: implicit on purpose, scalars are values
  // A rank-0 array becomes a Scalar.
  Value(const Array& a);  // NOLINT
  static Value function(Function f);
  static Value tuple(std::vector<Value> components);

  Kind kind() const { return static_cast<Kind>(v_.index()); }
  bool isScalar() const { return kind() == Kind::Scalar; }
  // A scalar or an array.
  bool isArrayLike() const { return kind() == Kind::Scalar || kind() == Kind::Array; }

  const Scalar& scalar() const;  // Scalar only
  Array array() const;           // Scalar (as a rank-0 array) or Array
  const Function& function() const;
  const std::vector<Value>& tuple() const;

 private:
  std::variant<Scalar, Array, std::shared_ptr<const Function>, std::shared_ptr<const std::vector<Value>>> v_;
};

// ---- Printing ---------------------------------------------------------------------------------

// The display of a value as `⎕←v` prints it, through the C runtime (aplc_display), every line
// ending in '\n'. A tuple displays its components one after the other; a function as
// "(function)\n" (a program's value may be a function; APL has no display for it).
std::string display(const Value& v, aplc_style style);

// The flat format of tests/tail/README.md (apltail's format for every rank): `[2,3](1,2,3,4,5,6)`,
// `[](7)`, `[0]()`, tuples `{v1;v2}`, characters as themselves; numbers spelled by the runtime's
// TAIL style (aplc_format_int / aplc_format_double), so `2.0`, `-7`, `1E20`.
std::string flatString(const Value& v);

}  // namespace aplc::tail
