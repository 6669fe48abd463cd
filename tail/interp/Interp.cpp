// The TAIL interpreter: expression evaluation, function application, and the dispatch of every
// primitive to tail/InterpScalar, tail/InterpArray, tail/InterpSystem or the higher-order loops
// here (each, zipWith, reduce, scan, power).
#include "tail/interp/Interp.h"

#include <cstdio>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "support/Diagnostics.h"
#include "tail/interp/InterpArray.h"
#include "tail/interp/InterpScalar.h"
#include "tail/ir/ScanKind.h"

namespace aplc::tail {

// One binding of a persistent, lexically scoped environment (a linked list; closures share it).
struct EnvNode {
  Name name;
  Value value;
  mutable EnvPtr parent;  // mutable only so the destructor can unlink it

  // Releases the chain of parents this node owns alone in a loop: the default recursive release
  // would overflow the stack after a program's long chain of lets.
  ~EnvNode() {
    EnvPtr p = std::move(parent);
    while (p && p.use_count() == 1) p = std::move(p->parent);
  }
};

namespace {

using interp::applyScalar;
using interp::isScalarPrim;

EnvPtr bind(const Name& name, Value value, EnvPtr parent) {
  return std::make_shared<const EnvNode>(EnvNode{name, std::move(value), std::move(parent)});
}

// Attaches `loc` to an error raised without one, so it names the primitive that failed.
[[noreturn]] void relocate(RuntimeError& e, const SourceLoc& loc) {
  if (!e.loc.known()) e.loc = loc;
  throw;
}

// The element kind of the result of a primitive with this instance type (null when unknown).
std::optional<ElemKind> resultKindOf(const Type& instance, size_t arity) {
  if (!instance) return std::nullopt;
  const Type* t = &instance;
  for (size_t k = 0; k < arity; ++k) t = &t->result();
  if (!t->hasBase() || t->base().isVar()) return std::nullopt;
  return elemKindOf(t->base());
}

class Interpreter {
 public:
  explicit Interpreter(const InterpOptions& options) : options_(options), random_(options.randomSeed) {}

  Value eval(const Exp& expression, EnvPtr env);

 private:
  class ScalarFunction;

  Value lookup(const Var& v, const EnvPtr& env) const;
  Value arrayLiteral(const ArrayLit& lit, const EnvPtr& env);
  Value primApp(const PrimApp& app, const EnvPtr& env);
  Value apply(const Value& f, const Value& arg, const SourceLoc& loc);
  Value applyRecursive(const Function::Recursive& r, const Value& self, const Value& arg, const SourceLoc& loc);
  Value applyPrim(Prim op, const Type& instance, const std::vector<Value>& args, const SourceLoc& loc);
  Value dispatch(Prim op, const Type& instance, const std::vector<Value>& args, const SourceLoc& loc);

  Value each(const Value& f, const Array& a, std::optional<ElemKind> kind, const SourceLoc& loc);
  Value zipWith(const Value& f, const Array& a, const Array& b, std::optional<ElemKind> kind, const SourceLoc& loc);
  Value reduce(const Value& f, const Scalar& neutral, const Array& a, const SourceLoc& loc);
  Value sumInts(const Scalar& neutral, const Array& a, const SourceLoc& addLoc);
  Value scan(const Value& f, const Array& a, const SourceLoc& loc);
  Value power(const Value& f, int64_t n, Value x, const SourceLoc& loc);
  Value powerUntil(const Value& f, const Value& g, Value x, const SourceLoc& loc);
  Value print(const Value& v);
  // f() with the runtime's print precision (⎕PP) at p, restored after.
  template <class F>
  Value withPrintPrecision(int64_t p, F f) {
    int64_t saved = aplc_set_print_precision(p);
    try {
      Value v = f();
      aplc_set_print_precision(saved);
      return v;
    } catch (...) {
      aplc_set_print_precision(saved);
      throw;
    }
  }

  const InterpOptions& options_;
  interp::Random random_;
  int recursionDepth_ = 0;  // calls of recursive functions in progress
};

// A function value called on scalars in a loop (each, zipWith, reduce, scan): a scalar primitive
// is applied directly, anything else through `apply`, one argument at a time.
class Interpreter::ScalarFunction {
 public:
  ScalarFunction(Interpreter& in, const Value& f, const SourceLoc& loc) : in_(in), f_(f), loc_(loc) {
    const auto* prim = std::get_if<Function::Primitive>(&f.function().callee);
    if (prim && prim->args.empty() && isScalarPrim(prim->op)) direct_ = prim;
  }

  Scalar operator()(const Scalar* args, size_t n) {
    if (direct_) {
      try {
        return applyScalar(direct_->op, args);
      } catch (RuntimeError& e) {
        relocate(e, direct_->loc);
      }
    }
    Value v = f_;
    for (size_t k = 0; k < n; ++k) v = in_.apply(v, args[k], loc_);
    APLC_INTERNAL_CHECK(v.isScalar(), "a scalar function returned a non-scalar");
    return v.scalar();
  }

 private:
  Interpreter& in_;
  const Value& f_;
  SourceLoc loc_;
  const Function::Primitive* direct_ = nullptr;
};

Value Interpreter::eval(const Exp& expression, EnvPtr env) {
  // A chain of lets is a loop, not a recursion: programs are long chains of them.
  const Exp* e = &expression;
  while (const Let* let = e->as<Let>()) {
    env = bind(let->name, eval(let->value, env), env);
    e = &let->body;
  }
  switch (e->kind()) {
    case ExpKind::Var: return lookup(e->to<Var>(), env);
    case ExpKind::IntConst: return Scalar::ofInt(e->to<IntConst>().value);
    case ExpKind::DoubleConst: return Scalar::ofDouble(e->to<DoubleConst>().value);
    case ExpKind::ComplexConst: {
      const auto& z = e->to<ComplexConst>();
      return Scalar::ofComplex(z.re, z.im);
    }
    case ExpKind::BoolConst: return Scalar::ofBool(e->to<BoolConst>().value);
    case ExpKind::CharConst: return Scalar::ofChar(static_cast<uint32_t>(e->to<CharConst>().value));
    case ExpKind::ArrayLit: return arrayLiteral(e->to<ArrayLit>(), env);
    case ExpKind::Let: break;  // handled above
    case ExpKind::Lambda: return Value::function(Function{Function::Closure{*e, env}});
    case ExpKind::LetRec: {
      const LetRec& l = e->to<LetRec>();
      return eval(l.body, bind(l.name, Value::function(Function{Function::Recursive{*e, env}}), env));
    }
    case ExpKind::App: {
      const App& app = e->to<App>();
      Value f = eval(app.fn, env);
      Value arg = eval(app.arg, env);
      return apply(f, arg, app.loc);
    }
    case ExpKind::PrimApp: return primApp(e->to<PrimApp>(), env);
    case ExpKind::PrimFn: {
      const PrimFn& p = e->to<PrimFn>();
      return Value::function(Function{Function::Primitive{p.op, p.instance, p.loc, {}}});
    }
    case ExpKind::Tuple: {
      std::vector<Value> parts;
      for (const Exp& x : e->to<Tuple>().elements) parts.push_back(eval(x, env));
      return Value::tuple(std::move(parts));
    }
    case ExpKind::Proj: {
      const Proj& p = e->to<Proj>();
      Value t = eval(p.tuple, env);
      APLC_INTERNAL_CHECK(t.kind() == Value::Kind::Tuple && p.index < t.tuple().size(), "bad projection");
      return t.tuple()[p.index];
    }
  }
  internalError(__FILE__, __LINE__, "eval: unknown expression kind");
}

Value Interpreter::lookup(const Var& v, const EnvPtr& env) const {
  for (const EnvNode* n = env.get(); n; n = n->parent.get())
    if (n->name == v.name) return n->value;
  internalError(__FILE__, __LINE__, "unbound variable " + v.name.str() + " (the type checker should reject it)");
}

Value Interpreter::arrayLiteral(const ArrayLit& lit, const EnvPtr& env) {
  Array r = Array::make(elemKindOf(lit.element), {static_cast<int64_t>(lit.elements.size())});
  for (size_t k = 0; k < lit.elements.size(); ++k) {
    Value v = eval(lit.elements[k], env);
    APLC_INTERNAL_CHECK(v.isScalar(), "an array literal element is not a scalar");
    r.set(static_cast<int64_t>(k), v.scalar());
  }
  return r;
}

Value Interpreter::primApp(const PrimApp& app, const EnvPtr& env) {
  std::vector<Value> args;
  args.reserve(app.args.size());
  for (const Exp& a : app.args) args.push_back(eval(a, env));
  return applyPrim(app.op, app.instance, args, app.loc);
}

Value Interpreter::apply(const Value& f, const Value& arg, const SourceLoc& loc) {
  APLC_INTERNAL_CHECK(f.kind() == Value::Kind::Function, "application of a non-function");
  const Function& fn = f.function();
  if (const auto* c = std::get_if<Function::Closure>(&fn.callee)) {
    const Lambda& lambda = c->node.to<Lambda>();
    return eval(lambda.body, bind(lambda.param, arg, c->env));
  }
  if (const auto* r = std::get_if<Function::Recursive>(&fn.callee)) return applyRecursive(*r, f, arg, loc);
  const auto& prim = std::get<Function::Primitive>(fn.callee);
  std::vector<Value> args = prim.args;
  args.push_back(arg);
  if (args.size() == primArity(prim.op)) return applyPrim(prim.op, prim.instance, args, prim.loc.known() ? prim.loc : loc);
  return Value::function(Function{Function::Primitive{prim.op, prim.instance, prim.loc, std::move(args)}});
}

// A call of a recursive function: its body with the function itself and the argument bound. The
// calls in progress are counted, so that too deep a recursion is a LIMIT ERROR at the call, as
// in generated programs, rather than the end of the interpreter's stack.
Value Interpreter::applyRecursive(const Function::Recursive& r, const Value& self, const Value& arg, const SourceLoc& loc) {
  if (recursionDepth_ >= APLC_MAX_RECURSION_DEPTH)
    throw RuntimeError(APLC_LIMIT_ERROR, "recursion deeper than " + std::to_string(APLC_MAX_RECURSION_DEPTH) + " calls", loc);
  const LetRec& letRec = r.node.to<LetRec>();
  const Lambda& lambda = letRec.fn.to<Lambda>();
  struct Depth {
    int& depth;
    ~Depth() { --depth; }
  } depth{++recursionDepth_};
  return eval(lambda.body, bind(lambda.param, arg, bind(letRec.name, self, r.env)));
}

Value Interpreter::applyPrim(Prim op, const Type& instance, const std::vector<Value>& args, const SourceLoc& loc) {
  try {
    return dispatch(op, instance, args, loc);
  } catch (RuntimeError& e) {
    relocate(e, loc);
  } catch (const std::bad_alloc&) {
    throw RuntimeError(APLC_LIMIT_ERROR, "out of memory", loc);
  }
}

Value Interpreter::dispatch(Prim op, const Type& instance, const std::vector<Value>& args, const SourceLoc& loc) {
  using namespace interp;
  if (isScalarPrim(op)) {
    Scalar scalars[2];
    for (size_t k = 0; k < args.size(); ++k) scalars[k] = args[k].scalar();
    return applyScalar(op, scalars);
  }
  auto arr = [&](size_t k) { return args[k].array(); };
  auto integer = [&](size_t k) { return args[k].scalar().i; };
  auto ints = [&](size_t k) { return args[k].array().intValues(); };
  switch (op) {
    // Element-wise and folds
    case Prim::Each:
    case Prim::EachV: return each(args[0], arr(1), resultKindOf(instance, 2), loc);
    case Prim::ZipWith:
    case Prim::ZipWithV: return zipWith(args[0], arr(1), arr(2), resultKindOf(instance, 3), loc);
    case Prim::Reduce: return reduce(args[0], args[1].scalar(), arr(2), loc);
    case Prim::Scan: return scan(args[0], arr(1), loc);
    case Prim::Power: return power(args[0], integer(1), args[2], loc);
    case Prim::PowerUntil: return powerUntil(args[0], args[1], args[2], loc);
    case Prim::Cond: return apply(args[args[0].scalar().i ? 1 : 2], Scalar::ofInt(0), loc);
    // Structure
    case Prim::Shape: return Array::intVector(arr(0).shape());
    case Prim::Iota:
    case Prim::IotaV: return iota(integer(0));
    case Prim::Reshape: return reshapeCycled(ints(0), arr(1));
    case Prim::Reshape0: return reshapeExact(ints(0), arr(1));
    case Prim::Reverse:
    case Prim::ReverseV: return reverseLast(arr(0));
    case Prim::VReverse: return reverseFirst(arr(0));
    case Prim::Rotate:
    case Prim::RotateV: return rotateLast(integer(0), arr(1));
    case Prim::VRotate: return rotateFirst(integer(0), arr(1));
    case Prim::Transp: return transpose(arr(0));
    case Prim::TranspV: return args[0];
    case Prim::Transp2: return transpose2(ints(0), arr(1));
    case Prim::Take:
    case Prim::TakeV: return take(integer(0), arr(1));
    case Prim::Drop:
    case Prim::DropV: return drop(integer(0), arr(1));
    case Prim::First: return first(args[0].scalar(), arr(1));
    case Prim::Single: {
      Array a = arr(0);
      if (a.size() != 1)
        raise(APLC_RANK_ERROR, "arguments of different ranks, the one of rank " + std::to_string(a.rank()) + " with " +
                                   std::to_string(a.size()) + " elements (singleton extension needs one)");
      return a.get(0);
    }
    case Prim::FirstV: {
      Array a = arr(0);
      if (a.size() != 1) raise(APLC_LENGTH_ERROR, "firstV of a vector of length " + std::to_string(a.size()));
      return a.get(0);
    }
    case Prim::Cat:
    case Prim::CatV: return catLast(arr(0), arr(1));
    case Prim::Cons:
    case Prim::ConsV: return consLast(arr(0), arr(1));
    case Prim::Snoc:
    case Prim::SnocV: return snocLast(arr(0), arr(1));
    case Prim::Compress: return compress(arr(0), arr(1));
    case Prim::Replicate: return replicate(arr(0), arr(1));
    case Prim::Index: return indexAxis(integer(0), integer(1), arr(2));
    case Prim::Update: return update(arr(0), ints(1), args[2].scalar());
    case Prim::GradeUp: return grade(arr(0), false);
    case Prim::GradeDown: return grade(arr(0), true);
    case Prim::IndexOfV: return indexOfVectors(arr(0), arr(1));
    case Prim::ShapeV: return Array::intVector({arr(0).size()});
    // System
    case Prim::Print: return print(args[0]);
    case Prim::Format: return formatValue(arr(0), options_.style);
    case Prim::FormatM: return formatArray(arr(0), options_.style);
    case Prim::PrintP: return withPrintPrecision(integer(0), [&] { return print(args[1]); });
    case Prim::FormatP: return withPrintPrecision(integer(0), [&]() -> Value { return formatValue(arr(1), options_.style); });
    case Prim::FormatMP: return withPrintPrecision(integer(0), [&]() -> Value { return formatArray(arr(1), options_.style); });
    case Prim::ReadFile: return readFile(arr(0));
    case Prim::ReadIntVecFile: return readIntVecFile(arr(0));
    case Prim::ReadDoubleVecFile: return readDoubleVecFile(arr(0));
    case Prim::Roll: return Scalar::ofInt(random_.roll(integer(0)));
    case Prim::RollD: return Scalar::ofDouble(random_.rollDouble());
    case Prim::Deal: return random_.deal(integer(0), integer(1));
    case Prim::Now: return Scalar::ofInt(nowMs());
    case Prim::TimeStamp: {
      aplc_int parts[7];
      aplc_gen_timestamp(parts);
      return Array::intVector(std::vector<int64_t>(parts, parts + 7));
    }
    default: break;
  }
  internalError(__FILE__, __LINE__, "the interpreter has no case for " + std::string(primName(op)));
}

Value Interpreter::each(const Value& f, const Array& a, std::optional<ElemKind> kind, const SourceLoc& loc) {
  ScalarFunction call(*this, f, loc);
  std::vector<Scalar> results;
  results.reserve(static_cast<size_t>(a.size()));
  for (int64_t k = 0; k < a.size(); ++k) {
    Scalar x = a.get(k);
    results.push_back(call(&x, 1));
  }
  // The element kind: the instance type's, else the results', else (empty, untyped) the input's.
  Array r = Array::make(kind ? *kind : results.empty() ? a.kind() : results[0].kind, a.shape());
  for (int64_t k = 0; k < a.size(); ++k) r.set(k, results[static_cast<size_t>(k)]);
  return r;
}

Value Interpreter::zipWith(const Value& f, const Array& a, const Array& b, std::optional<ElemKind> kind,
                           const SourceLoc& loc) {
  // Singleton extension (docs/semantics.md): with shapes that differ, a one-element argument is
  // paired with every element of the other, whose shape the result takes. (Both arguments have
  // the same rank here; two one-element arrays of one rank have the same shape.)
  bool same = a.shape() == b.shape();
  bool extendA = !same && a.size() == 1, extendB = !same && !extendA && b.size() == 1;
  if (!same && !extendA && !extendB)
    raise(APLC_LENGTH_ERROR, "arguments of shapes " + interp::shapeText(a.shape()) + " and " + interp::shapeText(b.shape()));
  const Array& shaped = extendA ? b : a;
  ScalarFunction call(*this, f, loc);
  std::vector<Scalar> results;
  results.reserve(static_cast<size_t>(shaped.size()));
  for (int64_t k = 0; k < shaped.size(); ++k) {
    Scalar xy[2] = {a.get(extendA ? 0 : k), b.get(extendB ? 0 : k)};
    results.push_back(call(xy, 2));
  }
  Array r = Array::make(kind ? *kind : results.empty() ? shaped.kind() : results[0].kind, shaped.shape());
  for (int64_t k = 0; k < shaped.size(); ++k) r.set(k, results[static_cast<size_t>(k)]);
  return r;
}

// Right fold along the last axis, the neutral element innermost: f(x1, f(x2, ... f(xn, z))).
// An integer +/ (addi) is exact instead (interp::ExactSum): an error only when a row's
// mathematical sum does not fit, reported at addi's location. addd and muld fold in blocks of
// kReduceBlock items (tail/ir/ScanKind.h), as every compiled path does.
Value Interpreter::reduce(const Value& f, const Scalar& neutral, const Array& a, const SourceLoc& loc) {
  const auto* prim = std::get_if<Function::Primitive>(&f.function().callee);
  if (prim && prim->args.empty() && prim->op == Prim::AddI) return sumInts(neutral, a, prim->loc);
  bool blocks = prim && prim->args.empty() && primReducesInBlocks(prim->op);
  ScalarFunction call(*this, f, loc);
  std::vector<int64_t> shape(a.shape().begin(), a.shape().end() - 1);
  Array r = Array::make(neutral.kind, shape);
  int64_t m = a.shape().back();
  // The right fold of items [first, last) of a row onto acc.
  auto fold = [&](int64_t row, int64_t first, int64_t last, Scalar acc) {
    for (int64_t j = last; j-- > first;) {
      Scalar xy[2] = {a.get(row * m + j), acc};
      acc = call(xy, 2);
    }
    return acc;
  };
  for (int64_t row = 0; row < r.size(); ++row) {
    if (!blocks || m <= kReduceBlock) {
      r.set(row, fold(row, 0, m, neutral));
      continue;
    }
    Scalar acc = neutral;
    for (int64_t block = (m + kReduceBlock - 1) / kReduceBlock; block-- > 0;) {
      Scalar xy[2] = {fold(row, block * kReduceBlock, std::min(m, (block + 1) * kReduceBlock), neutral), acc};
      acc = call(xy, 2);
    }
    r.set(row, acc);
  }
  return r;
}

// addi reduced along the last axis, each row's sum exact (no error where additions in the
// fold's order overflow and later ones bring the sum back in range).
Value Interpreter::sumInts(const Scalar& neutral, const Array& a, const SourceLoc& addLoc) {
  std::vector<int64_t> shape(a.shape().begin(), a.shape().end() - 1);
  Array r = Array::make(ElemKind::Int, shape);
  int64_t m = a.shape().back();
  for (int64_t row = 0; row < r.size(); ++row) {
    interp::ExactSum sum(neutral.i);
    for (int64_t j = m; j-- > 0;) sum.add(a.get(row * m + j).i);
    try {
      r.set(row, Scalar::ofInt(sum.value()));
    } catch (RuntimeError& e) {
      relocate(e, addLoc);
    }
  }
  return r;
}

// APL's scan along the last axis: item i is the right fold of items 1..i (no neutral element).
// Primitives are scanned in linear time (primScanKind, docs/semantics.md "scan"); the lowering
// (laila/lower/LowerFold.cpp) performs the same operations in the same order, so the results are
// bit-identical.
Value Interpreter::scan(const Value& f, const Array& a, const SourceLoc& loc) {
  if (a.rank() == 0) return a;
  ScalarFunction call(*this, f, loc);
  const auto* prim = std::get_if<Function::Primitive>(&f.function().callee);
  ScanKind kind = prim && prim->args.empty() ? primScanKind(prim->op) : ScanKind::Fold;
  // A scalar primitive other than f's own (the alternating steps), its errors located at f.
  auto step = [&](Prim op, const Scalar& x, const Scalar& y) {
    Scalar xy[2] = {x, y};
    try {
      return applyScalar(op, xy);
    } catch (RuntimeError& e) {
      relocate(e, prim->loc);
    }
  };
  Array r = Array::make(a.kind(), a.shape());
  int64_t m = a.shape().back();
  int64_t rows = m == 0 ? 0 : a.size() / m;
  for (int64_t row = 0; row < rows; ++row) {
    int64_t base = row * m;
    switch (kind) {
      case ScanKind::Prefix:  // a running prefix: the function is associative
        for (int64_t i = 0; i < m; ++i) {
          Scalar acc = a.get(base + i);
          if (i > 0) {
            Scalar xy[2] = {r.get(base + i - 1), acc};
            acc = call(xy, 2);
          }
          r.set(base + i, acc);
        }
        break;
      case ScanKind::AlternatingSum: {  // x1 - x2 + x3 - …: checked ints, each item exact or an error
        bool isInt = prim->op == Prim::SubI;
        Scalar acc = a.get(base);
        r.set(base, acc);
        for (int64_t i = 1; i < m; ++i) {
          Prim op = i % 2 ? prim->op : (isInt ? Prim::AddI : Prim::AddD);
          acc = step(op, acc, a.get(base + i));
          r.set(base + i, acc);
        }
        break;
      }
      case ScanKind::AlternatingProduct: {
        // x1 ÷ x2 × x3 ÷ …, starting from 1. The right fold's zeros: a zero after a non-zero item
        // is x÷0 (DOMAIN ERROR); leading zeros give 0 1 0 1 … (0÷0 is 1), and once a non-zero item
        // follows them every later item keeps the value of the last leading zero.
        double acc = 1.0;
        bool lead = true, frozen = false;
        for (int64_t i = 0; i < m; ++i) {
          double x = a.get(base + i).d;
          bool zero = x == 0.0;
          if (zero && !lead) step(Prim::DivD, Scalar::ofDouble(1.0), Scalar::ofDouble(0.0));  // raises
          frozen = frozen || (lead && !zero && i > 0);
          if (!frozen) acc = i % 2 ? (zero ? 1.0 : acc / x) : acc * x;
          lead = lead && zero;
          r.set(base + i, Scalar::ofDouble(acc));
        }
        break;
      }
      case ScanKind::Boolean: {
        // Item i is g1(g2(…g(i-1)(xi))) with gk(t) = f(xk, t): the composition G of the maps is
        // kept as its two values G(0), G(1).
        bool g0 = false, g1 = true;
        for (int64_t i = 0; i < m; ++i) {
          bool x = a.get(base + i).i != 0;
          r.set(base + i, Scalar::ofBool(x ? g1 : g0));
          bool f0 = step(prim->op, Scalar::ofBool(x), Scalar::ofBool(false)).i != 0;
          bool f1 = step(prim->op, Scalar::ofBool(x), Scalar::ofBool(true)).i != 0;
          bool n0 = f0 ? g1 : g0, n1 = f1 ? g1 : g0;
          g0 = n0;
          g1 = n1;
        }
        break;
      }
      case ScanKind::Fold:
        for (int64_t i = 0; i < m; ++i) {
          Scalar acc = a.get(base + i);
          for (int64_t j = i; j-- > 0;) {  // the right fold of items 0..i: quadratic, but exact
            Scalar xy[2] = {a.get(base + j), acc};
            acc = call(xy, 2);
          }
          r.set(base + i, acc);
        }
        break;
    }
  }
  return r;
}

Value Interpreter::power(const Value& f, int64_t n, Value x, const SourceLoc& loc) {
  for (int64_t k = 0; k < n; ++k) x = apply(f, x, loc);
  return x;
}

// f⍣g: f applied until (f x) g x, x the value before that step, holds.
Value Interpreter::powerUntil(const Value& f, const Value& g, Value x, const SourceLoc& loc) {
  for (;;) {
    Value next = apply(f, x, loc);
    bool done = apply(apply(g, next, loc), x, loc).scalar().i != 0;
    x = std::move(next);
    if (done) return x;
  }
}

Value Interpreter::print(const Value& v) {
  if (options_.onPrint) {
    options_.onPrint(v);
  } else {
    Array a = v.array();
    aplc_array_view view = a.view();
    aplc_print(stdout, &view, options_.style);
  }
  return v;
}

}  // namespace

Value evaluate(const Exp& program, const InterpOptions& options) {
  Interpreter interpreter(options);
  try {
    return interpreter.eval(program, nullptr);
  } catch (const std::bad_alloc&) {
    throw RuntimeError(APLC_LIMIT_ERROR, "out of memory");
  }
}

}  // namespace aplc::tail
