// Optimiser pass 5: map fusion (see OptFusion.h).
#include "tail/opt/OptFusion.h"

#include <optional>

#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

bool isUnaryMap(Prim op) { return op == Prim::Each || op == Prim::EachV; }
bool isBinaryMap(Prim op) { return op == Prim::ZipWith || op == Prim::ZipWithV; }

// The element base type of a map's array argument i (1-based among the primitive's arguments).
Base elementOf(const PrimApp& map, size_t i) { return map.argType(i).base(); }

// The instance type of a map: op's function (params -> result) over arrays or vectors of `extent`.
Type mapInstance(Prim op, const std::vector<Base>& params, Base result, const Shape& extent) {
  bool vectors = op == Prim::EachV || op == Prim::ZipWithV;
  auto collection = [&](Base b) { return vectors ? Type::vector(b, extent) : Type::array(b, extent); };
  Type fn = Type::scalar(result);
  for (size_t i = params.size(); i-- > 0;) fn = Type::function(Type::scalar(params[i]), fn);
  Type t = collection(result);
  for (size_t i = params.size(); i-- > 0;) t = Type::function(collection(params[i]), t);
  return Type::function(fn, t);
}

class Fuser : public Mutator {
 public:
  explicit Fuser(uint32_t firstFreshTag) : names_(firstFreshTag) {}

 protected:
  Exp visit(const PrimApp& n, const Exp& self) override {
    Exp rebuilt = Mutator::visit(n, self);
    const PrimApp& p = rebuilt.to<PrimApp>();
    if (!p.instance) return rebuilt;
    if (isUnaryMap(p.op))
      if (Exp r = fuseIntoUnary(p)) return r;
    if (isBinaryMap(p.op))
      if (Exp r = fuseIntoBinary(p)) return r;
    return rebuilt;
  }

 private:
  // f applied to `args`: a primitive applied directly, a lambda's parameters bound (a variable
  // or constant argument substituted, others let-bound with the parameter's declared type),
  // anything else through App.
  Exp apply(const Exp& f, const std::vector<Exp>& args, size_t from = 0) {
    if (from == args.size()) return f;
    if (const PrimFn* p = f.as<PrimFn>(); p && from == 0 && primArity(p->op) == args.size())
      return PrimApp::make(p->op, args, f.loc());
    if (const Lambda* l = f.as<Lambda>()) {
      const Exp& a = args[from];
      if (a.as<Var>() || isScalarConst(a)) return apply(substitute(l->body, l->param, a), args, from + 1);
      Exp rest = apply(l->body, args, from + 1);
      return Let::make(l->param, l->paramType, a, rest, l->loc);
    }
    return apply(App::make(f, args[from], f.loc()), args, from + 1);
  }

  // each(f, each(g, a)) and each(f, zipWith(g, a, b)) (and the V forms).
  Exp fuseIntoUnary(const PrimApp& outer) {
    const PrimApp* inner = outer.args[1].as<PrimApp>();
    if (!inner || !inner->instance) return {};
    const Exp& f = outer.args[0];
    const Exp& g = inner->args[0];
    if (!canFuseMaps(outer.op, f, *inner)) return {};

    std::vector<Base> params;
    std::vector<Exp> vars;
    std::vector<Name> names;
    for (size_t i = 1; i < inner->args.size(); ++i) {
      params.push_back(elementOf(*inner, i));
      names.push_back(names_.fresh(i == 1 ? "x" : "y"));
      vars.push_back(Var::make(names.back()));
    }
    Exp body = apply(f, {apply(g, vars)});
    Exp fn = wrapLambdas(names, params, body, g.loc());
    Base result = outer.resultType().base();
    Shape extent = outer.resultType().shape();
    std::vector<Exp> args{fn};
    args.insert(args.end(), inner->args.begin() + 1, inner->args.end());
    return PrimApp::make(inner->op, std::move(args), outer.loc, mapInstance(inner->op, params, result, extent));
  }

  // zipWith(f, each(g, a), each(h, b)), either or both arguments (and the V forms).
  Exp fuseIntoBinary(const PrimApp& outer) {
    const Exp& f = outer.args[0];
    std::vector<Base> params;
    std::vector<Exp> arrays;
    std::vector<std::optional<Exp>> producers;  // the fused map's function per argument
    bool any = false;
    for (size_t i = 1; i <= 2; ++i) {
      const PrimApp* inner = outer.args[i].as<PrimApp>();
      bool fusible = inner && inner->instance && canFuseMaps(outer.op, f, *inner);
      if (fusible) {
        params.push_back(elementOf(*inner, 1));
        arrays.push_back(inner->args[1]);
        producers.push_back(inner->args[0]);
        any = true;
      } else {
        params.push_back(elementOf(outer, i));
        arrays.push_back(outer.args[i]);
        producers.push_back(std::nullopt);
      }
    }
    if (!any) return {};
    std::vector<Name> names{names_.fresh("x"), names_.fresh("y")};
    std::vector<Exp> fArgs;
    for (size_t i = 0; i < 2; ++i) {
      Exp v = Var::make(names[i]);
      fArgs.push_back(producers[i] ? apply(*producers[i], {v}) : v);
    }
    Exp fn = wrapLambdas(names, params, apply(f, fArgs), f.loc());
    Base result = outer.resultType().base();
    Shape extent = outer.resultType().shape();
    return PrimApp::make(outer.op, {fn, arrays[0], arrays[1]}, outer.loc, mapInstance(outer.op, params, result, extent));
  }

  static Exp wrapLambdas(const std::vector<Name>& names, const std::vector<Base>& params, Exp body, SourceLoc loc) {
    for (size_t i = names.size(); i-- > 0;) body = Lambda::make(names[i], Type::scalar(params[i]), body, loc);
    return body;
  }

  NameGen names_;
};

}  // namespace

Exp fuseMaps(const Exp& program) {
  Fuser f(maxNameTag(program) + 1);
  return f.mutate(program);
}

}  // namespace aplc::tail
