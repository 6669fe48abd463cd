// Optimiser pass 4: inlining of bindings used once (see OptInline.h).
#include "tail/opt/OptInline.h"

#include <unordered_map>

#include "tail/opt/OptUtil.h"

namespace aplc::tail {

namespace {

bool isMap(Prim op) { return op == Prim::Each || op == Prim::EachV || op == Prim::ZipWith || op == Prim::ZipWithV; }

// Scalar expressions inlined into their use grow with each inlining: a chain of single-use lets
// `let v2 = addi(v1,1) in let v3 = addi(v2,1) in …` would become one expression as deep as the
// chain, re-examined at every step (quadratic). Only expressions up to this many nodes inline.
constexpr size_t kMaxInlinedScalarSize = 32;

// Whether `e` is a scalar expression of at most `budget` nodes; `budget` shrinks as nodes are seen.
bool isSmallScalarExpression(const Exp& e, size_t& budget) {
  if (budget == 0) return false;
  --budget;
  if (e.as<Var>() || isScalarConst(e)) return true;
  const PrimApp* p = e.as<PrimApp>();
  if (!p || !isScalarPrim(p->op) || primEffect(p->op) == PrimEffect::Effect) return false;
  for (const Exp& a : p->args)
    if (!isSmallScalarExpression(a, budget)) return false;
  return true;
}

bool isSmallScalarExpression(const Exp& e) {
  size_t budget = kMaxInlinedScalarSize;
  return isSmallScalarExpression(e, budget);
}

// Where, in evaluation order, the first use of x lies relative to the first operation that can
// fail or has an effect.
enum class Reach { Clean, Found, Risky };

Reach reach(const Exp& e, const Name& x);

Reach reachAll(const std::vector<Exp>& es, const Name& x) {
  for (const Exp& a : es)
    if (Reach r = reach(a, x); r != Reach::Clean) return r;
  return Reach::Clean;
}

Reach reach(const Exp& e, const Name& x) {
  switch (e.kind()) {
    case ExpKind::Var: return e.to<Var>().name == x ? Reach::Found : Reach::Clean;
    case ExpKind::IntConst: case ExpKind::DoubleConst: case ExpKind::ComplexConst: case ExpKind::BoolConst: case ExpKind::CharConst:
    case ExpKind::PrimFn: case ExpKind::Lambda:  // a lambda's body does not run here
      return Reach::Clean;
    case ExpKind::ArrayLit: return reachAll(e.to<ArrayLit>().elements, x);
    case ExpKind::Tuple: return reachAll(e.to<Tuple>().elements, x);
    case ExpKind::Proj: return reach(e.to<Proj>().tuple, x);
    case ExpKind::Let: {
      const Let& l = e.to<Let>();
      if (Reach r = reach(l.value, x); r != Reach::Clean) return r;
      return reach(l.body, x);
    }
    case ExpKind::LetRec: return reach(e.to<LetRec>().body, x);  // the function runs where it is called
    case ExpKind::App: {
      const App& a = e.to<App>();
      if (Reach r = reachAll({a.fn, a.arg}, x); r != Reach::Clean) return r;
      return Reach::Risky;
    }
    case ExpKind::PrimApp: {
      if (Reach r = reachAll(e.to<PrimApp>().args, x); r != Reach::Clean) return r;
      return cannotFail(e) ? Reach::Clean : Reach::Risky;
    }
  }
  return Reach::Risky;
}

// Lambda depth of every binder, the deepest use of every variable, and for a variable that is
// an array argument of a map, that map (the use site inlining asks about for fusion). One walk
// of the program answers every let's questions.
struct Depths : Visitor {
  std::unordered_map<Name, int, NameHash> binderDepth;
  std::unordered_map<Name, int, NameHash> uses;
  std::unordered_map<Name, int, NameHash> deepestUse;
  std::unordered_map<Name, const PrimApp*, NameHash> mapArgumentOf;  // nodes of the program being walked
  int depth = 0;
  void visit(const Var& n) override {
    ++uses[n.name];
    auto [it, inserted] = deepestUse.emplace(n.name, depth);
    if (!inserted && depth > it->second) it->second = depth;
  }
  void visit(const Let& n) override {
    binderDepth[n.name] = depth;
    Visitor::visit(n);
  }
  void visit(const Lambda& n) override {
    binderDepth[n.param] = ++depth;
    Visitor::visit(n);
    --depth;
  }
  void visit(const PrimApp& n) override {
    if (isMap(n.op))
      for (size_t i = 1; i < n.args.size(); ++i)
        if (const Var* v = n.args[i].as<Var>()) mapArgumentOf[v->name] = &n;
    Visitor::visit(n);
  }
};

// The total size of the functions of a nest of maps (a map whose array arguments are maps ...),
// counted up to `limit`: what fusing the whole nest would produce.
size_t mapNestFunctionSize(const Exp& e, size_t limit) {
  const PrimApp* p = e.as<PrimApp>();
  if (!p || !isMap(p->op)) return 0;
  size_t total = expSize(p->args[0], limit);
  for (size_t i = 1; i < p->args.size() && total <= limit; ++i) total += mapNestFunctionSize(p->args[i], limit - total);
  return total;
}

// Whether the one use of x is an array argument of the map `consumer` (x's use site, or null)
// that the map `producerExp` (x's value) can be fused into. The use site comes from Depths, so
// that this does not walk the let's body (which made inlining quadratic in the program length).
bool usedAsFusibleMapArgument(const PrimApp* consumer, const Exp& producerExp) {
  if (!consumer) return false;
  const PrimApp& producer = producerExp.to<PrimApp>();
  return canFuseMaps(consumer->op, consumer->args[0], producer) &&
         expSize(consumer->args[0], kMaxFusedFunctionSize) + mapNestFunctionSize(producerExp, kMaxFusedFunctionSize) <=
             kMaxFusedFunctionSize;
}

class Inliner : public Mutator {
 public:
  explicit Inliner(Depths d) : d_(std::move(d)) {}

 protected:
  Exp visit(const Var& n, const Exp& self) override {
    auto it = inlined_.find(n.name);
    return it == inlined_.end() ? self : it->second;
  }
  Exp visit(const Let& n, const Exp& self) override {
    Exp v = mutate(n.value);
    if (shouldInline(n, v)) {
      inlined_[n.name] = v;
      return mutate(n.body);
    }
    Exp b = mutate(n.body);
    if (v.same(n.value) && b.same(n.body)) return self;
    return Let::make(n.name, n.type, v, b, n.loc);
  }

 private:
  bool shouldInline(const Let& n, const Exp& v) const {
    auto uses = d_.uses.find(n.name);
    if (uses == d_.uses.end() || uses->second != 1) return false;
    if (d_.deepestUse.at(n.name) > d_.binderDepth.at(n.name)) return false;  // inside a lambda
    if (hasEffect(v)) return false;
    if (!cannotFail(v) && reach(n.body, n.name) != Reach::Found) return false;
    if (isSmallScalarExpression(v)) return true;
    const PrimApp* p = v.as<PrimApp>();
    if (!p || !isMap(p->op)) return false;
    auto site = d_.mapArgumentOf.find(n.name);
    return usedAsFusibleMapArgument(site == d_.mapArgumentOf.end() ? nullptr : site->second, v);
  }

  Depths d_;
  std::unordered_map<Name, Exp, NameHash> inlined_;
};

}  // namespace

Exp inlineSingleUse(const Exp& program) {
  Depths d;
  d.walk(program);
  Inliner i(std::move(d));
  return i.mutate(program);
}

}  // namespace aplc::tail
