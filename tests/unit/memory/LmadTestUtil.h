// Test helpers for LMADs: exact evaluation of index expressions and brute-force enumeration of
// an LMAD's positions (the definition, offset + Σ i_k·s_k, with exact integers), against which
// the algebra and the proofs of backend/memory/Lmad.h are checked.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <map>
#include <vector>

#include "backend/memory/Lmad.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"

namespace aplc_test {

using Env = std::map<aplc::laila::Name, int64_t>;
using boost::multiprecision::cpp_int;

inline aplc::laila::Var intVariable(const char* base, uint32_t tag) {
  return aplc::laila::Var{aplc::laila::Name{base, tag}, aplc::laila::IntType};
}

// The value of an int expression (+, -, *, unary -, constants, variables) as a mathematical
// integer, with the variables' values from env.
inline cpp_int evaluate(const aplc::laila::Expr& e, const Env& env) {
  using namespace aplc::laila;
  if (auto c = asIntConst(e)) return *c;
  if (auto* v = e.as<Variable>()) return env.at(v->name);
  if (auto* u = e.as<Unary>(); u && u->op == UnaryOp::Neg) return -evaluate(u->a, env);
  auto* b = e.as<Binary>();
  if (!b) {
    ADD_FAILURE() << "cannot evaluate " << toString(e);
    return 0;
  }
  cpp_int x = evaluate(b->a, env), y = evaluate(b->b, env);
  switch (b->op) {
    case BinaryOp::Add: return x + y;
    case BinaryOp::Sub: return x - y;
    case BinaryOp::Mul: return x * y;
    default: ADD_FAILURE() << "unexpected operator in " << toString(e); return 0;
  }
}

// The positions of l for every index, in row-major order of the indices (empty if a size ≤ 0).
inline std::vector<cpp_int> positions(const aplc::memory::Lmad& l, const Env& env = {}) {
  std::vector<cpp_int> sizes, strides;
  for (const auto& d : l.dims()) {
    sizes.push_back(evaluate(d.size, env));
    strides.push_back(evaluate(d.stride, env));
    if (sizes.back() <= 0) return {};
  }
  cpp_int offset = evaluate(l.offset(), env);
  std::vector<cpp_int> index(sizes.size(), 0), result;
  while (true) {
    cpp_int p = offset;
    for (size_t k = 0; k < sizes.size(); ++k) p += index[k] * strides[k];
    result.push_back(p);
    size_t k = sizes.size();
    while (k > 0 && ++index[k - 1] == sizes[k - 1]) index[--k] = 0;
    if (k == 0) return result;
  }
}

inline bool intersects(std::vector<cpp_int> a, std::vector<cpp_int> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<cpp_int> common;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common));
  return !common.empty();
}

inline bool hasDuplicates(std::vector<cpp_int> a) {
  std::sort(a.begin(), a.end());
  return std::adjacent_find(a.begin(), a.end()) != a.end();
}

// The proofs about a and b must hold for every environment given (the values the facts allow).
inline void checkAgainstEnumeration(const aplc::memory::Lmad& a, const aplc::memory::Lmad& b,
                                    const aplc::laila::Facts& facts = aplc::laila::Facts(),
                                    const std::vector<Env>& envs = {Env()}) {
  bool disjoint = aplc::memory::provablyDisjoint(a, b, facts);
  bool injectiveA = a.isInjective(facts), injectiveB = b.isInjective(facts);
  for (const Env& env : envs) {
    std::vector<cpp_int> pa = positions(a, env), pb = positions(b, env);
    EXPECT_FALSE(disjoint && intersects(pa, pb)) << a.toString() << " / " << b.toString();
    EXPECT_FALSE(injectiveA && hasDuplicates(pa)) << a.toString();
    EXPECT_FALSE(injectiveB && hasDuplicates(pb)) << b.toString();
  }
}

}  // namespace aplc_test
