// Structural comparison of Laila expressions.
#include "laila/ir/Equality.h"

#include <bit>
#include <cstring>

namespace aplc::laila {

namespace {

template <typename T>
int cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int compareTypes(Type a, Type b) {
  if (int c = cmp(a.memory, b.memory)) return c;
  return cmp(static_cast<int>(a.base), static_cast<int>(b.base));
}

}  // namespace

int compare(const Expr& a, const Expr& b) {
  if (a.sameAs(b)) return 0;
  if (!a.defined() || !b.defined()) return a.defined() ? 1 : -1;
  if (int c = cmp(static_cast<int>(a.kind()), static_cast<int>(b.kind()))) return c;
  if (int c = compareTypes(a.type(), b.type())) return c;
  switch (a.kind()) {
    case ExprKind::IntImm: return cmp(a.as<IntImm>()->value, b.as<IntImm>()->value);
    case ExprKind::DoubleImm:
      return cmp(std::bit_cast<uint64_t>(a.as<DoubleImm>()->value),
                 std::bit_cast<uint64_t>(b.as<DoubleImm>()->value));
    case ExprKind::BoolImm: return cmp(a.as<BoolImm>()->value, b.as<BoolImm>()->value);
    case ExprKind::CharImm: return cmp(a.as<CharImm>()->value, b.as<CharImm>()->value);
    case ExprKind::Variable: {
      const Name &x = a.as<Variable>()->name, &y = b.as<Variable>()->name;
      // Tags first: variables then sort in the order they were created.
      if (int c = cmp(x.tag, y.tag)) return c;
      return x.base.compare(y.base);
    }
    case ExprKind::Unary: {
      auto *x = a.as<Unary>(), *y = b.as<Unary>();
      if (int c = cmp(static_cast<int>(x->op), static_cast<int>(y->op))) return c;
      return compare(x->a, y->a);
    }
    case ExprKind::Binary: {
      auto *x = a.as<Binary>(), *y = b.as<Binary>();
      if (int c = cmp(static_cast<int>(x->op), static_cast<int>(y->op))) return c;
      if (int c = compare(x->a, y->a)) return c;
      return compare(x->b, y->b);
    }
    case ExprKind::Select: {
      auto *x = a.as<Select>(), *y = b.as<Select>();
      if (int c = compare(x->cond, y->cond)) return c;
      if (int c = compare(x->ifTrue, y->ifTrue)) return c;
      return compare(x->ifFalse, y->ifFalse);
    }
    case ExprKind::Load: {
      auto *x = a.as<Load>(), *y = b.as<Load>();
      if (int c = compare(x->memory, y->memory)) return c;
      return compare(x->index, y->index);
    }
    case ExprKind::Call: {
      auto *x = a.as<Call>(), *y = b.as<Call>();
      if (int c = x->function.compare(y->function)) return c;
      if (int c = cmp(x->args.size(), y->args.size())) return c;
      for (size_t i = 0; i < x->args.size(); ++i) {
        if (int c = compare(x->args[i], y->args[i])) return c;
      }
      return 0;
    }
  }
  return 0;
}

}  // namespace aplc::laila
