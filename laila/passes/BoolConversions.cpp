// BoolConversions: a RangeMutator (for the definitions of variables declared once) that turns
// i2d of an integer function of one boolean into a select. See BoolConversions.h.
#include "laila/passes/BoolConversions.h"

#include <optional>

#include "laila/ir/Equality.h"
#include "laila/ir/Ops.h"
#include "laila/analysis/RangeMutator.h"

namespace aplc::laila {

namespace {

// How far evaluation follows variables to their definitions (the lowering binds each step;
// a mask expression is a few steps deep).
constexpr int kMaxDepth = 16;

class BoolConverter : public RangeMutator {
 protected:
  using RangeMutator::visit;

  Expr visit(const Unary* op, const Expr& self) override {
    if (op->op == UnaryOp::I2D) {
      Expr cond;
      std::optional<int64_t> whenTrue = valueWith(op->a, true, cond, 0);
      std::optional<int64_t> whenFalse = whenTrue ? valueWith(op->a, false, cond, 0) : std::nullopt;
      if (whenFalse && cond.defined() && stable(cond))
        return select(cond, doubleConst(static_cast<double>(*whenTrue)), doubleConst(static_cast<double>(*whenFalse)));
    }
    return RangeMutator::visit(op, self);
  }

 private:
  // Whether e has the same value wherever a variable defined from it is in scope: it reads only
  // constants and variables declared once (the condition may come from such a definition, and
  // moves to where the conversion is).
  bool stable(const Expr& e) const {
    if (e.as<IntImm>() || e.as<DoubleImm>() || e.as<BoolImm>() || e.as<CharImm>()) return true;
    if (auto* v = e.as<Variable>()) return definition(v->name).defined();
    if (auto* u = e.as<Unary>()) return stable(u->a);
    if (auto* b = e.as<Binary>()) return stable(b->a) && stable(b->b);
    if (auto* s = e.as<Select>()) return stable(s->cond) && stable(s->ifTrue) && stable(s->ifFalse);
    return false;
  }

  // The value of the int expression e when the boolean `cond` is `value`; cond is the one
  // boolean e depends on (set by the first b2i met, undefined while none is). nullopt when e
  // depends on anything else, or its arithmetic overflows.
  std::optional<int64_t> valueWith(const Expr& e, bool value, Expr& cond, int depth) const {
    if (depth > kMaxDepth) return std::nullopt;
    if (auto c = asIntConst(e)) return c;
    if (auto* v = e.as<Variable>()) {
      Expr d = definition(v->name);
      return d.defined() ? valueWith(d, value, cond, depth + 1) : std::nullopt;
    }
    if (auto* u = e.as<Unary>()) {
      if (u->op == UnaryOp::B2I) {
        if (!cond.defined()) cond = u->a;
        if (!equal(cond, u->a)) return std::nullopt;
        return value ? 1 : 0;
      }
      std::optional<int64_t> a = valueWith(u->a, value, cond, depth + 1);
      if (!a || u->op != UnaryOp::Neg || *a == INT64_MIN) return std::nullopt;
      return -*a;
    }
    if (auto* b = e.as<Binary>()) {
      std::optional<int64_t> x = valueWith(b->a, value, cond, depth + 1);
      std::optional<int64_t> y = x ? valueWith(b->b, value, cond, depth + 1) : std::nullopt;
      if (!y) return std::nullopt;
      int64_t r = 0;
      switch (b->op) {
        case BinaryOp::Add: return __builtin_add_overflow(*x, *y, &r) ? std::nullopt : std::optional(r);
        case BinaryOp::Sub: return __builtin_sub_overflow(*x, *y, &r) ? std::nullopt : std::optional(r);
        case BinaryOp::Mul: return __builtin_mul_overflow(*x, *y, &r) ? std::nullopt : std::optional(r);
        case BinaryOp::Min: return std::min(*x, *y);
        case BinaryOp::Max: return std::max(*x, *y);
        default: return std::nullopt;
      }
    }
    return std::nullopt;
  }
};

}  // namespace

Program boolConversions(const Program& p) {
  return mapBodies(p, [](const Stmt& body) { return BoolConverter().runWithoutMemoryRanges(body); });
}

}  // namespace aplc::laila
