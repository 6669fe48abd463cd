// The TAIL type checker: one Unifier for the whole program, a lexically scoped environment, one
// check function per node kind. Instance types of primitives are recorded as checking goes and
// resolved at the end (a primitive passed as a function value is only pinned down by the
// application that receives it).
#include "tail/ir/TypeCheck.h"

#include <optional>
#include <unordered_map>
#include <vector>

#include "support/Diagnostics.h"
#include "tail/ir/Print.h"

namespace aplc::tail {

namespace {

[[noreturn]] void typeError(const Exp& where, const std::string& msg) {
  throw UserError(where.loc(), "TYPE ERROR: " + msg + "; in: " + printShort(where));
}

std::string ordinal(size_t i) {
  static const char* names[] = {"first", "second", "third", "fourth", "fifth"};
  return i < 5 ? names[i] : "argument " + std::to_string(i + 1);
}

class Checker {
 public:
  explicit Checker(const std::map<Name, Type>& free) {
    for (const auto& [name, type] : free) bind(name, type);
  }

  Type check(const Exp& e) {
    switch (e.kind()) {
      case ExpKind::Var: return variable(e);
      case ExpKind::IntConst: return Type::singleton(Base::intT(), Shape(e.to<IntConst>().value));
      case ExpKind::DoubleConst: return Type::scalar(Base::doubleT());
      case ExpKind::ComplexConst: return Type::scalar(Base::complexT());
      case ExpKind::BoolConst: return Type::singleton(Base::boolT(), Shape(e.to<BoolConst>().value ? 1 : 0));
      case ExpKind::CharConst: return Type::scalar(Base::charT());
      case ExpKind::ArrayLit: return arrayLit(e);
      case ExpKind::Let: return let(e);
      case ExpKind::Lambda: return lambda(e);
      case ExpKind::App: return app(e);
      case ExpKind::PrimApp: return primApp(e);
      case ExpKind::PrimFn: return primFn(e);
      case ExpKind::Tuple: {
        std::vector<Type> ts;
        for (const Exp& x : e.to<Tuple>().elements) ts.push_back(check(x));
        return Type::tuple(std::move(ts));
      }
      case ExpKind::Proj: return proj(e);
      case ExpKind::LetRec: return letRec(e);
    }
    internalError(__FILE__, __LINE__, "unknown expression kind");
  }

  // Rebuilds the program with resolved instance types; every one must be variable-free.
  Exp annotate(const Exp& program) {
    struct Fill : Mutator {
      Checker& c;
      explicit Fill(Checker& ch) : c(ch) {}
      Type resolved(const ExpNode* n, const Exp& self) {
        auto it = c.instances_.find(n);
        APLC_INTERNAL_CHECK(it != c.instances_.end(), "primitive without a recorded instance");
        Type t = c.u_.resolve(it->second);
        VarNames names;
        if (hasVariables(t)) typeError(self, "cannot determine the type of this primitive: " + toString(t, names));
        return t;
      }
      Exp visit(const PrimApp& n, const Exp& self) override {
        std::vector<Exp> args;
        for (const Exp& a : n.args) args.push_back(mutate(a));
        return PrimApp::make(n.op, std::move(args), n.loc, resolved(&n, self));
      }
      Exp visit(const PrimFn& n, const Exp& self) override { return PrimFn::make(n.op, n.loc, resolved(&n, self)); }
    } fill(*this);
    return fill.mutate(program);
  }

  Type resolve(const Type& t) const { return u_.resolve(t); }

 private:
  Type variable(const Exp& e) {
    const Name& name = e.to<Var>().name;
    auto it = scope_.find(name);
    if (it != scope_.end()) return it->second;
    throw UserError(e.loc(), "TYPE ERROR: unbound variable `" + name.str() + "`");
  }

  // The scope is one hash map plus a trail of what each binder shadowed, so that a lookup costs
  // O(1) however deep the let chain (a linear scan made long programs quadratic).
  void bind(const Name& name, const Type& type) {
    auto [it, inserted] = scope_.try_emplace(name, type);
    if (inserted) {
      shadowed_.push_back({name, std::nullopt});
    } else {
      shadowed_.push_back({name, it->second});
      it->second = type;
    }
  }
  void unbind() {
    auto& [name, previous] = shadowed_.back();
    if (previous) scope_[name] = *previous;
    else scope_.erase(name);
    shadowed_.pop_back();
  }

  // `actual ⊆ expected`, or a type error at `where` saying `what` (e.g. "the second argument of
  // reshape") had the wrong type. `what` is a function: the description is built only for an error.
  template <typename Describe>
  void requireSubtype(const Type& actual, const Type& expected, const Exp& where, const Describe& what) {
    size_t m = u_.mark();
    try {
      u_.subtype(actual, expected);
    } catch (const UnifyFailure& f) {
      u_.undo(m);
      Type exp = u_.resolve(expected);
      std::string hint;
      if (exp.kind() == TypeKind::Singleton || exp.kind() == TypeKind::SingletonVector)
        hint = " (a singleton: the value must be known statically)";
      // The unifier's own words add something only when the clash is inside the types.
      if (f.what.rfind("expected ", 0) != 0) hint += " (" + f.what + ")";
      VarNames names;
      std::string found = toString(u_.resolve(actual), names);
      typeError(where, what() + " has type " + found + ", expected " + toString(exp, names) + hint);
    }
  }

  Type arrayLit(const Exp& e) {
    const ArrayLit& a = e.to<ArrayLit>();
    Type element = Type::scalar(a.element);
    std::vector<Type> ts;
    for (size_t i = 0; i < a.elements.size(); ++i) {
      ts.push_back(check(a.elements[i]));
      requireSubtype(ts.back(), element, a.elements[i], [i] { return "array element " + std::to_string(i + 1); });
    }
    Type only = ts.size() == 1 ? u_.resolve(ts[0]) : Type();
    if (only && only.kind() == TypeKind::Singleton) return Type::singletonVector(a.element, only.shape());  // 3.19
    return Type::vector(a.element, Shape(static_cast<int64_t>(a.elements.size())));                         // 3.23
  }

  Type let(const Exp& e) {
    const Let& l = e.to<Let>();
    Type value = check(l.value);
    requireSubtype(value, l.type, l.value, [&l] { return "the value bound to `" + l.name.str() + "`"; });
    bind(l.name, l.type);
    Type body = check(l.body);
    unbind();
    return body;
  }

  // The function's declared type holds in its own body (its recursive calls) and in the body.
  Type letRec(const Exp& e) {
    const LetRec& l = e.to<LetRec>();
    bind(l.name, l.type);
    Type fn = check(l.fn);
    requireSubtype(fn, l.type, l.fn, [&l] { return "the recursive function `" + l.name.str() + "`"; });
    Type body = check(l.body);
    unbind();
    return body;
  }

  Type lambda(const Exp& e) {
    const Lambda& f = e.to<Lambda>();
    bind(f.param, f.paramType);
    Type body = check(f.body);
    unbind();
    return Type::function(f.paramType, u_.resolve(body));
  }

  Type app(const Exp& e) {
    const App& a = e.to<App>();
    Type fn = u_.resolve(check(a.fn));
    if (!fn.isFunction()) typeError(a.fn, "this is applied to an argument but has type " + toString(fn) + ", not a function type");
    Type arg = check(a.arg);
    requireSubtype(arg, fn.param(), a.arg, [] { return std::string("the argument"); });
    return u_.resolve(fn.result());
  }

  // Singleton arithmetic: negi, addi, subi and muli of singletons S(int,n) whose result fits in 64
  // bits give the singleton of the result (thesis Figure 3.6: `dropV(negi(v11), …)`, v11:S(int,2)).
  std::optional<Type> singletonArithmetic(Prim op, const std::vector<Type>& args) {
    if (op != Prim::NegI && op != Prim::AddI && op != Prim::SubI && op != Prim::MulI) return std::nullopt;
    std::vector<int64_t> v;
    for (const Type& a0 : args) {
      Type a = u_.resolve(a0);
      if (a.kind() != TypeKind::Singleton || !a.shape().isConstant() || a.base().kind != BaseKind::Int) return std::nullopt;
      v.push_back(a.shape().constant());
    }
    int64_t r = 0;
    bool overflow = false;
    switch (op) {
      case Prim::NegI: overflow = __builtin_sub_overflow(int64_t{0}, v[0], &r); break;
      case Prim::AddI: overflow = __builtin_add_overflow(v[0], v[1], &r); break;
      case Prim::SubI: overflow = __builtin_sub_overflow(v[0], v[1], &r); break;
      default: overflow = __builtin_mul_overflow(v[0], v[1], &r); break;
    }
    if (overflow) return std::nullopt;
    return Type::singleton(Base::intT(), Shape(r));
  }

  Type primApp(const Exp& e) {
    const PrimApp& p = e.to<PrimApp>();
    Type instance = u_.instantiate(primScheme(p.op));
    instances_[e.get()] = instance;
    Type rest = instance;
    auto name = [&p] { return std::string(primName(p.op)); };
    std::vector<Type> argTypes;
    for (const Exp& a : p.args) argTypes.push_back(check(a));
    if (p.op == Prim::Cond && argTypes.size() == 3) {
      // The result is the join of the branches' results: the optimiser may narrow one branch
      // (a value folded to a literal has a singleton type) and not the other.
      Type f = u_.resolve(argTypes[1]), g = u_.resolve(argTypes[2]);
      if (f.isFunction() && g.isFunction())
        if (Type j = joinTypes(f.result(), g.result())) u_.tryUnify(instance.result().result().result(), j);
    }
    for (size_t i = 0; i < p.args.size(); ++i) {
      requireSubtype(argTypes[i], rest.param(), p.args[i], [&, i] { return "the " + ordinal(i) + " argument of " + name(); });
      rest = rest.result();
    }
    Type result = u_.resolve(rest);
    if (auto s = singletonArithmetic(p.op, argTypes)) return *s;
    if (!hasValidShapes(result))
      typeError(e, "LENGTH: " + name() + " would give the type " + toString(result) + ", with a negative rank or length");
    return result;
  }

  Type primFn(const Exp& e) {
    Type instance = u_.instantiate(primScheme(e.to<PrimFn>().op));
    instances_[e.get()] = instance;
    return instance;
  }

  Type proj(const Exp& e) {
    const Proj& p = e.to<Proj>();
    Type t = u_.resolve(check(p.tuple));
    if (t.kind() != TypeKind::Tuple) typeError(p.tuple, "projection #" + std::to_string(p.index) + " of a non-tuple of type " + toString(t));
    if (p.index >= t.components().size())
      typeError(e, "projection #" + std::to_string(p.index) + " of a tuple with " + std::to_string(t.components().size()) +
                       " components (numbered from 0)");
    return t.components()[p.index];
  }

  Unifier u_;
  std::unordered_map<Name, Type, NameHash> scope_;
  std::vector<std::pair<Name, std::optional<Type>>> shadowed_;
  std::unordered_map<const ExpNode*, Type> instances_;
};

}  // namespace

Annotated annotateTypes(const Exp& program) {
  Checker c({});
  Type t = c.resolve(c.check(program));
  Exp annotated = c.annotate(program);
  VarNames names;
  if (hasVariables(t)) typeError(program, "the program's type is not fully determined: " + toString(t, names));
  return {annotated, t};
}

Type checkProgram(const Exp& program) { return annotateTypes(program).type; }

Type typeOf(const Exp& e, const std::map<Name, Type>& freeVariables) {
  Checker c(freeVariables);
  Type t = c.resolve(c.check(e));
  c.annotate(e);  // reports primitives whose instance stays undetermined
  return t;
}

}  // namespace aplc::tail
