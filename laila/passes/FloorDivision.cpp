// FloorDivision: a RangeMutator (laila/analysis/RangeMutator.h) that rewrites d2i(floor(i2d(a) ÷ c)) into
// integer floor division when a's range makes both equal. See FloorDivision.h.
#include "laila/passes/FloorDivision.h"

#include <algorithm>
#include <cmath>

#include "laila/ir/Ops.h"
#include "laila/analysis/RangeMutator.h"

namespace aplc::laila {

namespace {

constexpr int64_t kTwo52 = int64_t{1} << 52;

// The largest magnitude in the interval (saturating at INT64_MAX).
int64_t magnitude(const IntInterval& i) {
  int64_t lo = i.lo == INT64_MIN ? INT64_MAX : (i.lo < 0 ? -i.lo : i.lo);
  int64_t hi = i.hi == INT64_MIN ? INT64_MAX : (i.hi < 0 ? -i.hi : i.hi);
  return std::max(lo, hi);
}

// k = p / 2^q with p a positive integer and q ≥ 0 as small as possible, when there are such.
std::optional<std::pair<int64_t, int>> dyadic(double k) {
  if (!(k > 0) || !std::isfinite(k)) return std::nullopt;
  for (int q = 0; q <= 62; ++q) {
    double scaled = std::ldexp(k, q);  // exact: a power of two
    if (scaled > static_cast<double>(kTwo52)) return std::nullopt;
    if (scaled == std::floor(scaled)) return std::make_pair(static_cast<int64_t>(scaled), q);
  }
  return std::nullopt;
}

class FloorDivider : public RangeMutator {
 protected:
  using RangeMutator::visit;

  Expr visit(const Unary* op, const Expr& self) override {
    if (op->op == UnaryOp::D2I) {
      if (Expr r = rewrite(op->a); r.defined()) return unsignedForm(r);
    }
    return RangeMutator::visit(op, self);
  }

  Expr visit(const Binary* op, const Expr& self) override { return unsignedForm(RangeMutator::visit(op, self)); }

  // Floor division and modulus of a non-negative integer by a positive constant are the
  // unsigned ones, which need no sign corrections (aplc_op_udiv, aplc_op_umod).
  Expr unsignedForm(const Expr& e) const {
    const Binary* d = e.as<Binary>();
    if (!d || (d->op != BinaryOp::Div && d->op != BinaryOp::Mod) || d->a.type() != IntType) return e;
    std::optional<int64_t> c = asIntConst(d->b);
    if (!c || *c <= 0 || intInterval(d->a, facts()).lo < 0) return e;
    return call(d->op == BinaryOp::Div ? "aplc_op_udiv" : "aplc_op_umod", IntType, {d->a, d->b});
  }

 private:
  // The integer form of d2i(x), or undefined.
  Expr rewrite(const Expr& x) const {
    auto* floorCall = lookThrough(x).as<Call>();
    if (!floorCall || floorCall->function != "floor" || floorCall->args.size() != 1) return Expr();
    auto* step = lookThrough(floorCall->args[0]).as<Binary>();
    if (!step || (step->op != BinaryOp::Div && step->op != BinaryOp::Mul)) return Expr();
    auto* convert = lookThrough(step->a).as<Unary>();
    std::optional<double> constant = asDoubleConst(step->b);
    if (!convert || convert->op != UnaryOp::I2D || !constant) return Expr();
    const Expr& a = convert->a;
    int64_t size = magnitude(intInterval(a, facts()));
    if (step->op == BinaryOp::Div) {
      double c = *constant;
      if (!(c >= 1) || c != std::floor(c) || c > static_cast<double>(kTwo52)) return Expr();
      if (size > kTwo52 - static_cast<int64_t>(c)) return Expr();
      return a / intConst(static_cast<int64_t>(c));
    }
    auto k = dyadic(*constant);
    if (!k || size > kTwo52 / k->first) return Expr();
    Expr product = k->first == 1 ? a : a * intConst(k->first);
    return k->second == 0 ? product : product / intConst(int64_t{1} << k->second);
  }
};

}  // namespace

Program floorDivision(const Program& p) {
  return mapBodies(p, [](const Stmt& body) { return FloorDivider().run(body); });
}

}  // namespace aplc::laila
