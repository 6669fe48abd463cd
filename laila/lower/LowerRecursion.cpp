// Lowering of TAIL's recursive functions (`letrec f:τ = fn x:τ' => e in body`, the elaborator's
// form of an APL dfn that calls itself) into Laila functions with a result.
//
// The function is lowered once per letrec node, where the lowering first meets it, into a
// function of the program (Program::functions) whose parameters are, in order:
// - the argument, flattened: a scalar is one parameter, an array its memory then one int per
//   axis (its shape), a pair (a dyadic call) its two components;
// - the letrec's free variables (besides the function itself), flattened the same way, so that
//   the function needs nothing of the code around it; a free recursive function passes its own
//   free values in turn. Arrays are materialized where the letrec is, once.
// Inside, the name is bound to a closure whose free values are those parameters, so a recursive
// call passes them on. The memory the body allocates is freed before it returns. The body is
// lowered apart from the code around it: no pending lets or earlier arrays of the caller are
// validated in it (they are not in its scope).
//
// The result:
// - a scalar is the function's result (Function::result), and a call is a Call expression
//   (laila/ir/IR.h, functionCallName) bound to a variable;
// - an array is written to fresh memory that the function moves into an inout memory parameter
//   (the last but one), with its shape stored into an int memory parameter of one element per
//   axis (the last); a call is a CallFunction statement, after which the caller owns the memory
//   (freed when its scope closes) and loads the shape.
// Calls run between aplc_recursion_enter and aplc_recursion_leave: a call deeper than
// APLC_MAX_RECURSION_DEPTH is a LIMIT ERROR at the call's location, as in the interpreter. Calls
// count as having every effect: they run once, in order, and the loops around them are
// sequential (SequentialEffects.h).
//
// Not supported: a result that is a pair (a nested array), and a free variable holding a
// function other than a recursive one (the elaborator makes neither).
#include <set>

#include "aplc_runtime.h"
#include "laila/lower/LowerInternal.h"
#include "support/Diagnostics.h"

namespace aplc::laila::lowering {

struct RecursiveFunction {
  Name name;                          // the Laila function
  Type result;                        // a scalar type, or the element type of an array result
  size_t resultRank = 0;              // 0: a scalar result
};

namespace {

// The variables a letrec's function reads from outside it, in order of first use; not the
// function itself.
std::vector<tail::Name> freeVariables(const tail::LetRec& letRec) {
  struct Finder : tail::Visitor {
    std::vector<tail::Name> bound;
    std::vector<tail::Name> free;
    std::set<tail::Name> seen;
    bool isBound(const tail::Name& n) const {
      for (const tail::Name& b : bound)
        if (b == n) return true;
      return false;
    }
    void visit(const tail::Var& v) override {
      if (!isBound(v.name) && seen.insert(v.name).second) free.push_back(v.name);
    }
    void visit(const tail::Let& l) override {
      walk(l.value);
      bound.push_back(l.name);
      walk(l.body);
      bound.pop_back();
    }
    void visit(const tail::Lambda& l) override {
      bound.push_back(l.param);
      walk(l.body);
      bound.pop_back();
    }
    void visit(const tail::LetRec& l) override {
      bound.push_back(l.name);
      walk(l.fn);
      walk(l.body);
      bound.pop_back();
    }
  } finder;
  finder.bound.push_back(letRec.name);
  finder.walk(letRec.fn);
  return finder.free;
}

LValue lookup(const Env& env, const tail::Name& name) {
  for (const EnvNode* n = env.get(); n; n = n->parent.get())
    if (n->name == name) return n->value;
  internalError(__FILE__, __LINE__, "lowering: unbound variable " + name.str());
}

Env bind(const tail::Name& name, LValue value, Env parent) {
  return std::make_shared<const EnvNode>(EnvNode{name, std::move(value), std::move(parent)});
}

}  // namespace

// A parameter (or several) of the same shape as `v`, and the value that reads them.
LValue Lowerer::parameterLike(const LValue& v, std::vector<Param>& params) {
  switch (v.kind) {
    case LValue::Kind::Scalar: {
      Var p = b().freshVar("x", v.scalar.type());
      params.push_back({p, false});
      return LValue::ofScalar(Variable::make(p));
    }
    case LValue::Kind::Array: {
      if (v.array.rank() == 0) return parameterLike(fromArray(v.array), params);
      Var memory = b().freshVar("m", Type::memoryOf(v.array.elem()));
      params.push_back({memory, false});
      std::vector<Expr> shape;
      for (size_t k = 0; k < v.array.rank(); ++k) {
        Var n = b().freshVar("n", IntType);
        params.push_back({n, false});
        shape.push_back(Variable::make(n));
      }
      return LValue::ofArray(PullArray::reader(v.array.elem(), shape, Variable::make(memory)));
    }
    case LValue::Kind::Tuple: {
      std::vector<LValue> parts;
      for (const LValue& part : v.parts) parts.push_back(parameterLike(part, params));
      return LValue::ofTuple(std::move(parts));
    }
    case LValue::Kind::Function: {
      if (!v.fn->recursive) throw UserError(v.fn->loc, "not supported yet: a recursive function that reads a function value from outside it");
      auto c = std::make_shared<Closure>(*v.fn);
      for (LValue& free : c->freeValues) free = parameterLike(free, params);
      LValue f;
      f.kind = LValue::Kind::Function;
      f.fn = c;
      return f;
    }
  }
  internalError(__FILE__, __LINE__, "lowering: unknown value kind");
}

// Parameters for an argument of TAIL type `t`.
LValue Lowerer::parameterOfType(const tail::Type& t, std::vector<Param>& params, const SourceLoc& loc) {
  if (t.kind() == tail::TypeKind::Tuple) {
    std::vector<LValue> parts;
    for (const tail::Type& c : t.components()) parts.push_back(parameterOfType(c, params, loc));
    return LValue::ofTuple(std::move(parts));
  }
  if (!t.hasBase()) throw UserError(loc, "not supported yet: a recursive function whose argument is a function");
  BaseType base = baseOf(t.base());
  size_t rank = rankOf(t);
  if (rank == 0) return parameterLike(LValue::ofScalar(fillOf(base)), params);
  std::vector<Expr> shape(rank, intConst(0));
  return parameterLike(LValue::ofArray(PullArray::flat(base, shape, [base](const Expr&) { return fillOf(base); })), params);
}

// The arguments that pass `v` to parameters made by parameterLike (arrays in memory).
void Lowerer::passValue(const LValue& v, std::vector<Expr>& args) {
  switch (v.kind) {
    case LValue::Kind::Scalar: args.push_back(v.scalar); return;
    case LValue::Kind::Array: {
      if (v.array.rank() == 0) return passValue(fromArray(v.array), args);
      PullArray m = materialize(v.array);
      args.push_back(m.memory());
      for (const Expr& n : m.shape()) args.push_back(n);
      return;
    }
    case LValue::Kind::Tuple:
      for (const LValue& part : v.parts) passValue(part, args);
      return;
    case LValue::Kind::Function:
      for (const LValue& free : v.fn->freeValues) passValue(free, args);
      return;
  }
}

std::shared_ptr<const RecursiveFunction> Lowerer::recursiveFunction(const tail::LetRec& letRec,
                                                                    const std::vector<tail::Name>& free,
                                                                    const std::vector<LValue>& freeValues) {
  if (auto known = recursive_.find(&letRec); known != recursive_.end()) return known->second;
  const tail::Type& resultType = letRec.type.result();
  if (!resultType.hasBase())  // the elaborator makes none (ElabRecursion.cpp)
    throw UserError(letRec.loc, "not supported: a recursive function whose result is a nested array");
  auto fn = std::make_shared<RecursiveFunction>();
  fn->name = b().freshName("recursive");
  fn->result = Type::scalar(baseOf(resultType.base()));
  fn->resultRank = rankOf(resultType);
  const auto& lambda = letRec.fn.to<tail::Lambda>();

  std::vector<Param> params;
  LValue argument = parameterOfType(lambda.paramType, params, letRec.loc);
  auto self = std::make_shared<Closure>();
  self->recursive = fn;
  self->loc = letRec.loc;
  for (const LValue& v : freeValues) self->freeValues.push_back(parameterLike(v, params));
  Env env;
  for (size_t k = 0; k < free.size(); ++k) env = bind(free[k], self->freeValues[k], env);
  LValue selfValue;
  selfValue.kind = LValue::Kind::Function;
  selfValue.fn = self;
  env = bind(letRec.name, selfValue, env);
  env = bind(lambda.param, argument, env);
  Var result = b().freshVar("result", fn->result);
  Var resultMemory = b().freshVar("result", Type::memoryOf(fn->result.base));
  Var resultShape = b().freshVar("shape", Type::memoryOf(BaseType::Int));
  if (fn->resultRank > 0) {
    params.push_back({resultMemory, true});
    params.push_back({resultShape, false});
  }

  // The body apart from the code being lowered around it: its own memory scope, no loops
  // around it, no earlier arrays or pending lets to validate, no trial's statement limit.
  struct Apart {
    Lowerer& l;
    int parallelDepth;
    std::vector<ArrayList> coldStack;
    std::vector<Pending> pending;
    SourceLoc enclosingLoc;
    int64_t limit;
    ~Apart() {
      l.parallelDepth_ = parallelDepth;
      l.coldStack_ = std::move(coldStack);
      l.pending_ = std::move(pending);
      l.enclosingLoc_ = enclosingLoc;
      l.b().setLimit(limit);
    }
  } apart{*this, std::exchange(parallelDepth_, 0), std::exchange(coldStack_, {}), std::exchange(pending_, {}),
          std::exchange(enclosingLoc_, SourceLoc{}), b().limit()};
  b().setLimit(INT64_MAX);
  Stmt body = b().block([&] {
    scoped([&] {
      LValue value = lowerExp(lambda.body, env);
      if (fn->resultRank > 0) return returnArray(value, resultMemory, resultShape, fn->resultRank);
      if (value.kind == LValue::Kind::Array) value = fromArray(value.array);
      APLC_INTERNAL_CHECK(value.kind == LValue::Kind::Scalar && value.scalar.type() == fn->result,
                          "lowering: a recursive function's value is not its scalar result");
      b().assign(result, value.scalar);
    });
  });
  functions_.push_back(Function{fn->name, std::move(params), body, fn->resultRank > 0 ? std::nullopt : std::optional(result)});
  recursive_[&letRec] = fn;
  return fn;
}

// An array result: written to fresh memory (a copy even when it is in memory already: that may
// be an argument's), moved into the result parameter, its shape stored.
void Lowerer::returnArray(const LValue& value, const Var& memory, const Var& shape, size_t rank) {
  APLC_INTERNAL_CHECK(value.kind == LValue::Kind::Array && value.array.rank() == rank,
                      "lowering: a recursive function's value is not an array of its result's rank");
  Expr written;
  PullArray m = laila::materialize(b(), value.array, &written, [this](const Expr& n, const std::function<void(Expr)>& body) {
    loop(n, LoopKind::ParallelMap, body);
  });
  for (size_t k = 0; k < rank; ++k) b().store(Variable::make(shape), intConst(static_cast<int64_t>(k)), m.shape()[k]);
  b().assign(memory, written);
}

LValue Lowerer::lowerLetRec(const tail::LetRec& letRec, const Env& env) {
  std::vector<tail::Name> free = freeVariables(letRec);
  std::vector<LValue> freeValues;
  for (const tail::Name& name : free) {
    LValue v = lookup(env, name);
    // Arrays the function reads are written to memory once, here, not at every call.
    if (v.kind == LValue::Kind::Array && v.array.rank() > 0) v = LValue::ofArray(materialize(v.array));
    freeValues.push_back(std::move(v));
  }
  auto closure = std::make_shared<Closure>();
  closure->recursive = recursiveFunction(letRec, free, freeValues);
  closure->loc = letRec.loc;
  closure->freeValues = std::move(freeValues);
  LValue f;
  f.kind = LValue::Kind::Function;
  f.fn = closure;
  return lowerExp(letRec.body, bind(letRec.name, f, env));
}

LValue Lowerer::callRecursive(const Closure& f, const LValue& arg, const SourceLoc& loc) {
  std::vector<Expr> args;
  passValue(arg, args);
  for (const LValue& free : f.freeValues) passValue(free, args);
  const RecursiveFunction& fn = *f.recursive;
  Expr depth = b().let(Call::make("aplc_recursion_enter", IntType, {}), "depth");
  b().check(Binary::make(BinaryOp::Le, depth, intConst(APLC_MAX_RECURSION_DEPTH)), ErrorKind::Limit, errorLoc(loc),
            "recursion deeper than " + std::to_string(APLC_MAX_RECURSION_DEPTH) + " calls");
  if (fn.resultRank == 0) {
    Expr result = b().let(Call::make(functionCallName(fn.name), fn.result, args), "r");
    b().let(Call::make("aplc_recursion_leave", IntType, {}), "depth");
    return LValue::ofScalar(result);
  }
  // A CallFunction passes variables: each argument in one.
  std::vector<Param> params;
  for (const Expr& a : args) params.push_back({a.as<Variable>() ? a.as<Variable>()->var() : b().declare(a, "arg"), false});
  Expr shape = b().alloc(BaseType::Int, intConst(static_cast<int64_t>(fn.resultRank)), "shape");
  registerMemory(shape);
  Expr memory = b().declareMemory(fn.result.base, "result");  // the call moves its result into it
  params.push_back({memory.as<Variable>()->var(), true});
  params.push_back({shape.as<Variable>()->var(), false});
  b().emit(CallFunction::make(fn.name, std::move(params)));
  b().let(Call::make("aplc_recursion_leave", IntType, {}), "depth");
  registerMemory(memory);
  std::vector<Expr> dims;
  for (size_t k = 0; k < fn.resultRank; ++k) dims.push_back(b().let(Load::make(shape, intConst(static_cast<int64_t>(k))), "n"));
  return LValue::ofArray(PullArray::reader(fn.result.base, dims, memory));
}

}  // namespace aplc::laila::lowering
