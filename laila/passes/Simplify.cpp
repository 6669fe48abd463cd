// Simplify: canonical polynomials for int +,-,*, range-aware div/mod rules, and proofs by
// substituting variables with their bounds. See Simplify.h for the rules and assumptions.
#include "laila/passes/Simplify.h"

#include <algorithm>
#include <climits>
#include <set>
#include <unordered_map>
#include <utility>

#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

// ---------------------------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------------------------

void Facts::add(Entry e) {
  byName_[e.name].push_back(order_.size());
  order_.push_back(std::move(e));
}

void Facts::bind(const Name& name, Range range) { add({name, std::move(range), {}}); }

void Facts::atLeast(const Name& name, int64_t lowest) { add({name, std::nullopt, lowest}); }

void Facts::bindDeclaration(const Var& var, const Expr& init, const std::set<Name>& assigned) {
  bool opaque = init.as<Load>() || init.as<Call>();
  if (var.type == IntType && !assigned.count(var.name) && !opaque) bind(var.name, {init, laila::add(init, intConst(1))});
}

void Facts::bindLoop(const Name& var, const Expr& lower, const Expr& upper) {
  bind(var, {lower, upper});
  auto* v = upper.as<Variable>();
  auto* l = lower.as<IntImm>();
  if (v && l) atLeast(v->name, l->value + 1);
}

const Range* Facts::range(const Name& name) const {
  int r = rank(name);
  return r < 0 ? nullptr : &*order_[static_cast<size_t>(r)].range;
}

std::optional<int64_t> Facts::lowest(const Name& name) const {
  auto it = byName_.find(name);
  if (it == byName_.end()) return std::nullopt;
  std::optional<int64_t> best;
  for (size_t i : it->second) {
    const Entry& e = order_[i];
    if (e.lowest) best = best ? std::max(*best, *e.lowest) : *e.lowest;
  }
  return best;
}

int Facts::rank(const Name& name) const {
  auto it = byName_.find(name);
  if (it == byName_.end()) return -1;
  for (size_t k = it->second.size(); k-- > 0;) {
    size_t i = it->second[k];
    if (order_[i].range) return static_cast<int>(i);
  }
  return -1;
}

void Facts::popTo(size_t size) {
  while (order_.size() > size) {
    auto it = byName_.find(order_.back().name);
    it->second.pop_back();
    if (it->second.empty()) byName_.erase(it);
    order_.pop_back();
  }
}

namespace {

// ---------------------------------------------------------------------------------------------
// Polynomials over atoms (any int expression that is not +, -, * or a constant)
// ---------------------------------------------------------------------------------------------

// Thrown when a coefficient would overflow or a product grows too large: the expression is then
// left as it is.
struct GiveUp {};

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw GiveUp{};
  return r;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw GiveUp{};
  return r;
}

using Monomial = std::vector<Expr>;  // factors, sorted by ExprLess; empty for the constant

struct MonomialLess {
  bool operator()(const Monomial& a, const Monomial& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), ExprLess());
  }
};

constexpr size_t kMaxTerms = 64;

struct Poly {
  std::map<Monomial, int64_t, MonomialLess> terms;  // no zero coefficients

  static Poly constant(int64_t c) {
    Poly p;
    p.add(Monomial{}, c);
    return p;
  }
  static Poly atom(const Expr& e) {
    Poly p;
    p.add({e}, 1);
    return p;
  }

  void add(const Monomial& m, int64_t c) {
    if (c == 0) return;
    auto [it, inserted] = terms.emplace(m, c);
    if (!inserted) {
      it->second = checkedAdd(it->second, c);
      if (it->second == 0) terms.erase(it);
    }
    if (terms.size() > kMaxTerms) throw GiveUp{};
  }
  void addPoly(const Poly& p, int64_t scale = 1) {
    for (const auto& [m, c] : p.terms) add(m, checkedMul(c, scale));
  }

  bool isZero() const { return terms.empty(); }
  bool isConstant() const { return terms.empty() || (terms.size() == 1 && terms.count({})); }
  int64_t constantTerm() const {
    auto it = terms.find({});
    return it == terms.end() ? 0 : it->second;
  }
};

Monomial multiply(const Monomial& a, const Monomial& b) {
  Monomial m = a;
  m.insert(m.end(), b.begin(), b.end());
  std::sort(m.begin(), m.end(), ExprLess());
  return m;
}

Poly times(const Poly& p, const Poly& q) {
  Poly r;
  for (const auto& [m1, c1] : p.terms) {
    for (const auto& [m2, c2] : q.terms) r.add(multiply(m1, m2), checkedMul(c1, c2));
  }
  return r;
}

Poly toPoly(const Expr& e) {
  if (auto c = asIntConst(e)) return Poly::constant(*c);
  if (auto* b = e.as<Binary>(); b && e.type() == IntType) {
    switch (b->op) {
      case BinaryOp::Add: {
        Poly p = toPoly(b->a);
        p.addPoly(toPoly(b->b));
        return p;
      }
      case BinaryOp::Sub: {
        Poly p = toPoly(b->a);
        p.addPoly(toPoly(b->b), -1);
        return p;
      }
      case BinaryOp::Mul: return times(toPoly(b->a), toPoly(b->b));
      default: break;
    }
  }
  if (auto* u = e.as<Unary>(); u && u->op == UnaryOp::Neg && e.type() == IntType) {
    Poly p;
    p.addPoly(toPoly(u->a), -1);
    return p;
  }
  return Poly::atom(e);
}

// Factors print latest variable first (`i * m`, index before extent), constant last.
Expr monomialExpr(const Monomial& m, int64_t magnitude) {
  Expr e;
  for (auto f = m.rbegin(); f != m.rend(); ++f) {
    e = e.defined() ? Binary::make(BinaryOp::Mul, e, *f) : *f;
  }
  if (!e.defined()) return intConst(magnitude);
  return magnitude == 1 ? e : Binary::make(BinaryOp::Mul, e, intConst(magnitude));
}

uint64_t absValue(int64_t c) { return c < 0 ? 0 - uint64_t(c) : uint64_t(c); }

// Terms by degree (highest first), then by their factors; the constant last.
Expr fromPoly(const Poly& p) {
  std::vector<std::pair<Monomial, int64_t>> terms;
  for (const auto& [m, c] : p.terms) {
    if (!m.empty()) terms.emplace_back(m, c);
  }
  // Highest degree first, then the largest stride (row-major indices read outer to inner).
  std::stable_sort(terms.begin(), terms.end(), [](const auto& x, const auto& y) {
    if (x.first.size() != y.first.size()) return x.first.size() > y.first.size();
    return absValue(x.second) > absValue(y.second);
  });
  // Lead with a positive term where there is one: `j - i` rather than `-i + j`.
  auto positive = std::find_if(terms.begin(), terms.end(), [](auto& t) { return t.second > 0; });
  if (positive != terms.end()) std::rotate(terms.begin(), positive, positive + 1);

  Expr e;
  for (const auto& [m, c] : terms) {
    if (c == INT64_MIN) throw GiveUp{};
    Expr t = monomialExpr(m, c < 0 ? -c : c);
    if (!e.defined()) {
      e = c < 0 ? Unary::make(UnaryOp::Neg, t) : t;
    } else {
      e = Binary::make(c < 0 ? BinaryOp::Sub : BinaryOp::Add, e, t);
    }
  }
  int64_t k = p.constantTerm();
  if (!e.defined()) return intConst(k);
  if (k > 0) return Binary::make(BinaryOp::Add, e, intConst(k));
  if (k < 0 && k != INT64_MIN) return Binary::make(BinaryOp::Sub, e, intConst(-k));
  if (k < 0) return Binary::make(BinaryOp::Add, e, intConst(k));
  return e;
}

// p = q*d + r where d is one term (md, cd), cd > 0: q collects the terms divisible by d.
// With a constant divisor the constant term splits with floor division, so r's constant is in
// [0, cd).
void divideByTerm(const Poly& p, const Monomial& md, int64_t cd, Poly& q, Poly& r) {
  for (const auto& [m, c] : p.terms) {
    if (m.empty() && md.empty()) {
      q.add(Monomial{}, floorDiv(c, cd));
      r.add(Monomial{}, floorMod(c, cd));
      continue;
    }
    // Is md a sub-multiset of m (both sorted)?
    Monomial rest;
    size_t j = 0;
    for (const Expr& f : m) {
      if (j < md.size() && equal(f, md[j])) {
        ++j;
      } else {
        rest.push_back(f);
      }
    }
    if (j == md.size() && c % cd == 0) {
      q.add(rest, c / cd);
    } else {
      r.add(m, c);
    }
  }
}

// The divisor as one term with a positive coefficient, if it is one.
bool asSingleTerm(const Poly& d, Monomial& md, int64_t& cd) {
  if (d.terms.size() != 1) return false;
  md = d.terms.begin()->first;
  cd = d.terms.begin()->second;
  return cd > 0;
}

// ---------------------------------------------------------------------------------------------
// Bounds
// ---------------------------------------------------------------------------------------------

struct Bounds {  // inclusive; empty = unbounded
  std::optional<int64_t> lo, hi;
};

std::optional<int64_t> addOpt(std::optional<int64_t> a, std::optional<int64_t> b) {
  int64_t r;
  if (!a || !b || __builtin_add_overflow(*a, *b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> mulOpt(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> negOpt(std::optional<int64_t> a) {
  if (!a || *a == INT64_MIN) return std::nullopt;
  return -*a;
}

class Prover {
 public:
  explicit Prover(const Facts& facts) : facts_(facts) {}

  // Numeric bounds by interval arithmetic.
  Bounds numeric(const Expr& e, int depth = 8) const {
    if (depth <= 0 || e.type() != IntType) return {};
    if (auto c = asIntConst(e)) return {*c, *c};
    if (auto* v = e.as<Variable>()) return variableBounds(v->name, depth);
    if (auto* u = e.as<Unary>()) {
      switch (u->op) {
        case UnaryOp::Neg: {
          Bounds a = numeric(u->a, depth - 1);
          return {negOpt(a.hi), negOpt(a.lo)};
        }
        case UnaryOp::B2I: return {0, 1};
        case UnaryOp::C2I: return {0, 0x10FFFF};
        case UnaryOp::Abs: return {0, std::nullopt};
        default: return {};
      }
    }
    if (auto* s = e.as<Select>()) {
      Bounds a = numeric(s->ifTrue, depth - 1), b = numeric(s->ifFalse, depth - 1);
      Bounds r;
      if (a.lo && b.lo) r.lo = std::min(*a.lo, *b.lo);
      if (a.hi && b.hi) r.hi = std::max(*a.hi, *b.hi);
      return r;
    }
    if (auto* b = e.as<Binary>()) return binaryBounds(b, depth);
    return {};
  }

  // Proves P ≥ 0 by substituting atoms with their bounds, latest-bound first.
  bool nonNegative(Poly p) const {
    std::vector<Expr> stuck;
    for (int step = 0; step < 32; ++step) {
      if (p.isConstant()) return p.constantTerm() >= 0;
      Expr x = pickAtom(p, stuck);
      if (!x.defined()) return lowerBoundIsNonNegative(p);
      std::optional<Poly> q = eliminate(p, x);
      if (q) {
        p = *q;
      } else {
        stuck.push_back(x);
      }
    }
    return false;
  }

  bool nonNegative(const Expr& e) const {
    try {
      return nonNegative(toPoly(e));
    } catch (const GiveUp&) {
      return false;
    }
  }

  // d > 0
  bool positive(const Expr& d) const {
    try {
      Poly p = toPoly(d);
      p.add(Monomial{}, -1);
      return nonNegative(p);
    } catch (const GiveUp&) {
      return false;
    }
  }

  // 0 ≤ p < d
  bool inRange(const Poly& p, const Expr& d) const {
    if (!nonNegative(p)) return false;
    Poly gap = toPoly(d);
    gap.addPoly(p, -1);
    gap.add(Monomial{}, -1);
    return nonNegative(gap);
  }

 private:
  Bounds variableBounds(const Name& name, int depth) const {
    Bounds r;
    if (const Range* range = facts_.range(name)) {
      if (range->lower.defined()) r.lo = numeric(range->lower, depth - 1).lo;
      if (range->upper.defined()) r.hi = addOpt(numeric(range->upper, depth - 1).hi, -1);
    }
    if (auto low = facts_.lowest(name)) r.lo = r.lo ? std::max(*r.lo, *low) : *low;
    return r;
  }

  Bounds binaryBounds(const Binary* b, int depth) const {
    Bounds x = numeric(b->a, depth - 1), y = numeric(b->b, depth - 1);
    switch (b->op) {
      case BinaryOp::Add: return {addOpt(x.lo, y.lo), addOpt(x.hi, y.hi)};
      case BinaryOp::Sub: return {addOpt(x.lo, negOpt(y.hi)), addOpt(x.hi, negOpt(y.lo))};
      case BinaryOp::Mul: {
        if (x.lo && x.hi && y.lo && y.hi) {
          std::optional<int64_t> ps[] = {mulOpt(*x.lo, *y.lo), mulOpt(*x.lo, *y.hi),
                                         mulOpt(*x.hi, *y.lo), mulOpt(*x.hi, *y.hi)};
          Bounds r{ps[0], ps[0]};
          for (auto p : ps) {
            if (!p || !r.lo) return {};
            r.lo = std::min(*r.lo, *p);
            r.hi = std::max(*r.hi, *p);
          }
          return r;
        }
        if (x.lo && y.lo && *x.lo >= 0 && *y.lo >= 0) return {mulOpt(*x.lo, *y.lo), std::nullopt};
        return {};
      }
      case BinaryOp::Mod:
        if (y.lo && *y.lo >= 1) return {0, y.hi ? std::optional<int64_t>(*y.hi - 1) : std::nullopt};
        return {};
      case BinaryOp::Div:
        if (y.lo && y.hi && *y.lo == *y.hi && *y.lo > 0) {
          int64_t c = *y.lo;
          return {x.lo ? std::optional<int64_t>(floorDiv(*x.lo, c)) : std::nullopt,
                  x.hi ? std::optional<int64_t>(floorDiv(*x.hi, c)) : std::nullopt};
        }
        return {};
      case BinaryOp::Min: {
        Bounds r;
        if (x.lo && y.lo) r.lo = std::min(*x.lo, *y.lo);
        if (x.hi || y.hi) r.hi = x.hi && y.hi ? std::min(*x.hi, *y.hi) : (x.hi ? x.hi : y.hi);
        return r;
      }
      case BinaryOp::Max: {
        Bounds r;
        if (x.hi && y.hi) r.hi = std::max(*x.hi, *y.hi);
        if (x.lo || y.lo) r.lo = x.lo && y.lo ? std::max(*x.lo, *y.lo) : (x.lo ? x.lo : y.lo);
        return r;
      }
      default: return {};
    }
  }

  // An atom's numeric bounds, remembered: a proof substitutes atoms step by step and asks for
  // the same atoms' bounds at each step (the facts do not change during one proof).
  Bounds atomNumeric(const Expr& x) const {
    auto known = atomBounds_.find(x.get());
    if (known != atomBounds_.end()) return known->second.second;
    Bounds b = numeric(x);
    atomBounds_.emplace(x.get(), std::make_pair(x, b));
    return b;
  }

  // Symbolic bounds of an atom, inclusive (undefined: unknown).
  void atomBounds(const Expr& x, Expr& lo, Expr& hi) const {
    lo = hi = Expr();
    if (auto* v = x.as<Variable>()) {
      if (const Range* r = facts_.range(v->name)) {
        lo = r->lower;
        if (r->upper.defined()) hi = sub(r->upper, intConst(1));
      }
    } else if (auto* b = x.as<Binary>()) {
      if (b->op == BinaryOp::Mod && positive(b->b)) {
        lo = intConst(0);
        hi = sub(b->b, intConst(1));
      } else if (b->op == BinaryOp::Min) {
        hi = b->a;  // min(a, b) ≤ a
      } else if (b->op == BinaryOp::Max) {
        lo = b->a;  // max(a, b) ≥ a
      }
    }
    if (lo.defined() && hi.defined()) return;
    Bounds n = atomNumeric(x);
    if (!lo.defined() && n.lo) lo = intConst(*n.lo);
    if (!hi.defined() && n.hi) hi = intConst(*n.hi);
  }

  // Variables bound later are substituted first (their bounds refer to earlier ones); other
  // atoms (x % n, min, ...) before any variable.
  int priority(const Expr& x) const {
    if (auto* v = x.as<Variable>()) return facts_.rank(v->name);
    return INT_MAX;
  }

  Expr pickAtom(const Poly& p, const std::vector<Expr>& stuck) const {
    Expr best;
    int bestPriority = INT_MIN;
    for (const auto& [m, c] : p.terms) {
      for (const Expr& f : m) {
        bool isStuck = std::any_of(stuck.begin(), stuck.end(), [&](auto& s) { return equal(s, f); });
        if (isStuck) continue;
        int pr = priority(f);
        if (pr > bestPriority) {
          best = f;
          bestPriority = pr;
        }
      }
    }
    return best;
  }

  bool knownNonNegative(const Monomial& m) const {
    for (const Expr& f : m) {
      Bounds b = atomNumeric(f);
      if (!b.lo || *b.lo < 0) return false;
    }
    return true;
  }

  // Replaces x in every term by the bound that makes the term smallest.
  std::optional<Poly> eliminate(const Poly& p, const Expr& x) const {
    Expr lo, hi;
    atomBounds(x, lo, hi);
    Poly r;
    for (const auto& [m, c] : p.terms) {
      Monomial rest;
      int count = 0;
      for (const Expr& f : m) {
        if (equal(f, x)) {
          ++count;
        } else {
          rest.push_back(f);
        }
      }
      if (count == 0) {
        r.add(m, c);
        continue;
      }
      if (count > 1 || !knownNonNegative(rest)) return std::nullopt;
      const Expr& bound = c > 0 ? lo : hi;
      if (!bound.defined()) return std::nullopt;
      Poly term;
      term.add(rest, c);
      r.addPoly(times(term, toPoly(bound)));
    }
    return r;
  }

  // Last resort when no atom can be substituted: every term is non-negative on its own.
  bool lowerBoundIsNonNegative(const Poly& p) const {
    for (const auto& [m, c] : p.terms) {
      if (c < 0 || !knownNonNegative(m)) return false;
    }
    return true;
  }

  const Facts& facts_;
  // Keyed by node, holding the node so that its address is not reused while the map lives.
  mutable std::unordered_map<const ExprNode*, std::pair<Expr, Bounds>> atomBounds_;
};

// ---------------------------------------------------------------------------------------------
// The simplifier
// ---------------------------------------------------------------------------------------------

class Simplifier : public IRMutator {
 public:
  explicit Simplifier(Facts facts) : facts_(std::move(facts)) {}

  std::set<Name> assigned;  // variables that are assigned somewhere (no equality facts)

 protected:
  using IRMutator::visit;

  Expr visit(const Unary* op, const Expr& self) override {
    Expr a = mutate(op->a);
    if (op->op == UnaryOp::Neg && a.type() == IntType) return canonical(neg(a));
    return a.sameAs(op->a) ? self : unary(op->op, a);
  }

  Expr visit(const Select* op, const Expr& self) override {
    Expr c = mutate(op->cond), t = mutate(op->ifTrue), f = mutate(op->ifFalse);
    return select(c, t, f);
  }

  Expr visit(const Binary* op, const Expr& self) override {
    Expr a = mutate(op->a), b = mutate(op->b);
    if (a.type() != IntType) return binary(op->op, a, b);
    switch (op->op) {
      case BinaryOp::Add:
      case BinaryOp::Sub:
      case BinaryOp::Mul: return canonical(binary(op->op, a, b));
      case BinaryOp::Div: return simplifyDiv(a, b);
      case BinaryOp::Mod: return simplifyMod(a, b);
      case BinaryOp::Lt: return compare(a, b, 1);     // a < b  ⟺ b - a - 1 ≥ 0
      case BinaryOp::Gt: return compare(b, a, 1);
      case BinaryOp::Le: return compare(a, b, 0);
      case BinaryOp::Ge: return compare(b, a, 0);
      case BinaryOp::Eq:
      case BinaryOp::Ne: return equality(op->op, a, b);
      case BinaryOp::Min:
        if (provenLe(a, b)) return a;
        if (provenLe(b, a)) return b;
        return binary(op->op, a, b);
      case BinaryOp::Max:
        if (provenLe(a, b)) return b;
        if (provenLe(b, a)) return a;
        return binary(op->op, a, b);
      default: return binary(op->op, a, b);
    }
  }

  Stmt visit(const For* op, const Stmt& self) override {
    Expr lo = mutate(op->lower), hi = mutate(op->upper);
    std::optional<Accumulator> acc = op->accumulator;
    if (acc) acc->neutral = mutate(acc->neutral);
    size_t mark = facts_.size();
    facts_.bindLoop(op->var.name, lo, hi);
    if (acc) accumulators_.push_back(*acc);
    Stmt body = mutateBody(op->body);
    if (acc) accumulators_.pop_back();
    facts_.popTo(mark);
    return For::make(op->var, lo, hi, op->loopKind, std::move(acc), body);
  }

  // An accumulating loop's update keeps its form `acc = e op acc` (laila/ir/Verify.h): only e is
  // simplified, and op is not folded with it, even where e becomes op's identity or absorbing
  // element (a constant after loop splitting), which would leave `acc = acc` or `acc = false`.
  Stmt visit(const Assign* op, const Stmt& self) override {
    const Binary* update = accumulatorUpdate(op);
    if (!update) return IRMutator::visit(op, self);
    auto isAccumulator = [&](const Expr& e) {
      auto* v = e.as<Variable>();
      return v && v->name == op->var.name;
    };
    bool accumulatorFirst = isAccumulator(update->a);
    const Expr& term = accumulatorFirst ? update->b : update->a;
    Expr simplified = mutate(term);
    if (simplified.sameAs(term)) return self;
    return Assign::make(op->var, accumulatorFirst ? Binary::make(update->op, update->a, simplified)
                                                  : Binary::make(update->op, simplified, update->b));
  }

  // The update `acc = e op acc` / `acc = acc op e` of an enclosing loop's accumulator, if op is.
  const Binary* accumulatorUpdate(const Assign* op) const {
    auto* b = op->value.as<Binary>();
    if (!b) return nullptr;
    for (const Accumulator& acc : accumulators_) {
      if (acc.var.name != op->var.name || acc.op != b->op) continue;
      for (const Expr* side : {&b->a, &b->b})
        if (auto* v = side->as<Variable>(); v && v->name == acc.var.name) return b;
    }
    return nullptr;
  }

  Stmt visit(const Decl* op, const Stmt& self) override {
    Expr init = mutate(op->init);
    facts_.bindDeclaration(op->var, init, assigned);
    return init.sameAs(op->init) ? self : Decl::make(op->var, init);
  }

  Stmt visit(const Block* op, const Stmt& self) override {
    size_t mark = facts_.size();
    Stmt s = IRMutator::visit(op, self);
    facts_.popTo(mark);
    return s;
  }

  Stmt visit(const While* op, const Stmt& self) override { return scoped(op, self); }

  Stmt visit(const IfThenElse* op, const Stmt& self) override {
    Expr c = mutate(op->cond);
    if (auto k = asBoolConst(c)) {
      const Stmt& chosen = *k ? op->thenCase : op->elseCase;
      return chosen.defined() ? scopedMutate(chosen) : Stmt();
    }
    Stmt t = scopedMutate(op->thenCase);
    Stmt e = op->elseCase.defined() ? scopedMutate(op->elseCase) : Stmt();
    return IfThenElse::make(c, t, e);
  }

  Stmt visit(const Check* op, const Stmt& self) override {
    Expr c = mutate(op->cond);
    if (auto k = asBoolConst(c); k && *k) return Stmt();  // proved: no check needed
    return c.sameAs(op->cond) ? self : Check::make(c, op->errorKind, op->loc, op->message);
  }

 private:
  Prover prover() const { return Prover(facts_); }

  template <typename Node>
  Stmt scoped(const Node* op, const Stmt& self) {
    size_t mark = facts_.size();
    Stmt s = IRMutator::visit(op, self);
    facts_.popTo(mark);
    return s;
  }

  Stmt scopedMutate(const Stmt& s) {
    size_t mark = facts_.size();
    Stmt r = mutateBody(s);
    facts_.popTo(mark);
    return r;
  }

  static Expr canonical(const Expr& e) {
    try {
      return fromPoly(reassemble(toPoly(e)));
    } catch (const GiveUp&) {
      return e;
    }
  }

  // (x/n)*n + x%n → x: the flat index a shaped index was computed from.
  static Poly reassemble(Poly p) {
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& [m, k] : p.terms) {
        if (m.size() != 1) continue;
        auto* r = m[0].as<Binary>();
        if (!r || r->op != BinaryOp::Mod) continue;
        Monomial md;
        int64_t cd = 0;
        if (!asSingleTerm(toPoly(r->b), md, cd)) continue;
        // The matching term: (x / n) times n's monomial, with coefficient k * cd.
        Monomial quotient = multiply({Binary::make(BinaryOp::Div, r->a, r->b)}, md);
        auto it = p.terms.find(quotient);
        if (it == p.terms.end() || it->second != checkedMul(k, cd)) continue;
        int64_t coefficient = k;
        Monomial remainder = m;
        p.terms.erase(it);
        p.terms.erase(remainder);
        p.addPoly(toPoly(r->a), coefficient);
        changed = true;
        break;
      }
    }
    return p;
  }

  Expr simplifyDiv(const Expr& a, const Expr& d) {
    if (auto folded = evalConst(BinaryOp::Div, a, d)) return *folded;
    try {
      Monomial md;
      int64_t cd;
      if (!asSingleTerm(toPoly(d), md, cd) || !prover().positive(d)) return div(a, d);
      Poly q, r;
      divideByTerm(toPoly(a), md, cd, q, r);
      if (r.isZero() || prover().inRange(r, d)) return fromPoly(q);
      Expr rest = divRemainder(fromPoly(r), d, md, cd);
      if (q.isZero()) return rest;
      return canonical(add(fromPoly(q), rest));
    } catch (const GiveUp&) {
      return div(a, d);
    }
  }

  // rest / d when rest is not a multiple of d: the nested rules.
  Expr divRemainder(const Expr& rest, const Expr& d, const Monomial& md, int64_t cd) {
    if (auto* inner = rest.as<Binary>()) {
      // (x / a) / d → x / (a*d)
      if (inner->op == BinaryOp::Div && prover().positive(inner->b)) {
        return simplifyDiv(inner->a, canonical(mul(inner->b, d)));
      }
      // (x % (k*d)) / d → (x / d) % k
      if (inner->op == BinaryOp::Mod) {
        Poly k, r;
        divideByTerm(toPoly(inner->b), md, cd, k, r);
        if (r.isZero() && prover().positive(fromPoly(k))) {
          return simplifyMod(simplifyDiv(inner->a, d), fromPoly(k));
        }
      }
    }
    return div(rest, d);
  }

  Expr simplifyMod(const Expr& a, const Expr& d) {
    if (auto folded = evalConst(BinaryOp::Mod, a, d)) return *folded;
    try {
      Monomial md;
      int64_t cd;
      if (!asSingleTerm(toPoly(d), md, cd)) return mod(a, d);
      Poly q, r;
      divideByTerm(toPoly(a), md, cd, q, r);  // (q*d + r) % d = r % d for every d
      if (r.isZero()) return intConst(0);
      bool positive = prover().positive(d);
      if (positive && prover().inRange(r, d)) return fromPoly(r);
      Expr rest = fromPoly(r);
      // (x % m) % d → x % d when m is a multiple of d
      if (auto* inner = rest.as<Binary>(); inner && inner->op == BinaryOp::Mod && positive) {
        Poly k, rm;
        divideByTerm(toPoly(inner->b), md, cd, k, rm);
        if (rm.isZero()) return simplifyMod(inner->a, d);
      }
      return mod(rest, d);
    } catch (const GiveUp&) {
      return mod(a, d);
    }
  }

  // a ≤ b, proved on exact polynomials (not on `sub(b, a)`, whose constants wrap: b - a of
  // ¯9223372036854775807 and 44 would look non-negative).
  bool provenLe(const Expr& a, const Expr& b) const {
    try {
      Poly d = toPoly(b);
      d.addPoly(toPoly(a), -1);
      return prover().nonNegative(d);
    } catch (const GiveUp&) {
      return false;
    }
  }

  // a < b (strict = 1) or a ≤ b (strict = 0).
  Expr compare(const Expr& a, const Expr& b, int64_t strict) {
    BinaryOp op = strict ? BinaryOp::Lt : BinaryOp::Le;
    try {
      Poly holds = toPoly(b);
      holds.addPoly(toPoly(a), -1);
      holds.add(Monomial{}, -strict);
      if (prover().nonNegative(holds)) return boolConst(true);
      Poly fails = toPoly(a);
      fails.addPoly(toPoly(b), -1);
      fails.add(Monomial{}, strict - 1);
      if (prover().nonNegative(fails)) return boolConst(false);
    } catch (const GiveUp&) {
    }
    return binary(op, a, b);
  }

  Expr equality(BinaryOp op, const Expr& a, const Expr& b) {
    bool eqOp = op == BinaryOp::Eq;
    try {
      Poly diff = toPoly(a);
      diff.addPoly(toPoly(b), -1);
      if (diff.isConstant()) return boolConst((diff.constantTerm() == 0) == eqOp);
      Poly above = diff, below;
      above.add(Monomial{}, -1);
      below.addPoly(diff, -1);
      below.add(Monomial{}, -1);
      if (prover().nonNegative(above) || prover().nonNegative(below)) return boolConst(!eqOp);
    } catch (const GiveUp&) {
    }
    return binary(op, a, b);
  }

  Facts facts_;
  std::vector<Accumulator> accumulators_;  // of the accumulating loops around the code visited
};

class AssignedNames : public IRVisitor {
 public:
  std::set<Name> names;

 protected:
  using IRVisitor::visit;
  void visit(const Assign* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const CallFunction* op) override {  // a call assigns its inout arguments
    for (const Param& p : op->args)
      if (p.inout) names.insert(p.var.name);
  }
};

}  // namespace

std::set<Name> assignedVariables(const Stmt& stmt) {
  AssignedNames assigned;
  assigned.include(stmt);
  return std::move(assigned.names);
}

Expr simplify(const Expr& e, const Facts& facts) {
  Simplifier s(facts);
  return s.mutate(e);
}

Stmt simplify(const Stmt& stmt) {
  Simplifier s{Facts()};
  s.assigned = assignedVariables(stmt);
  Stmt r = s.mutate(stmt);
  return r.defined() ? r : Block::make({});
}

Program simplify(const Program& p) {
  return mapBodies(p, [](const Stmt& body) { return simplify(body); });
}

bool proveNonNegative(const Expr& e, const Facts& facts) {
  return Prover(facts).nonNegative(simplify(e, facts));
}

}  // namespace aplc::laila
