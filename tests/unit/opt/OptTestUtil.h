// Helpers for the optimiser's unit tests: run a pass (or the pipeline) on TAIL text and compare
// the result with the expected TAIL text modulo the names of bound variables.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "tail/opt/OptUniqueNames.h"
#include "tail/opt/OptUtil.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Print.h"
#include "tail/ir/TypeCheck.h"

namespace aplc::tail::testing {

using Pass = std::function<Exp(const Exp&)>;

// What the pipeline hands a pass: annotated with instance types, binders unique.
inline Exp prepare(const std::string& text) { return makeNamesUnique(annotateTypes(parseExpText(text)).exp); }

// Runs `pass` on `input`; the result must be alpha-equivalent to `expected`, type-check, and have
// the input's type or a subtype of it.
inline void check(const Pass& pass, const std::string& input, const std::string& expected) {
  Exp in = prepare(input);
  Type before = checkProgram(in);
  Exp out = pass(in);
  Exp want = parseExpText(expected);
  EXPECT_TRUE(alphaEquivalent(out, want)) << "input:\n  " << input << "\noutput:\n  " << print(out)
                                          << "\nexpected:\n  " << expected;
  Type after;
  ASSERT_NO_THROW(after = checkProgram(out)) << "ill-typed output:\n" << print(out);
  EXPECT_TRUE(isSubtype(after, before)) << "type " << toString(before) << " became " << toString(after);
}

// The pass must leave `input` as it is (modulo names).
inline void checkUnchanged(const Pass& pass, const std::string& input) { check(pass, input, input); }

}  // namespace aplc::tail::testing
