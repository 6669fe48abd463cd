// Analyses and rewriting helpers shared by the TAIL optimiser's passes (tail/opt/Opt*.h).
//
// Two questions decide what a pass may do with an expression:
//   - hasEffect(e): does evaluating e print, read, draw random numbers or read the clock? Such an
//     expression is never dropped, duplicated or reordered.
//   - cannotFail(e): does evaluating e always produce a value, without a run-time error (DOMAIN,
//     LENGTH, INDEX, integer overflow) and without an effect? Only such an expression may be
//     dropped (dead-binding elimination) or moved (inlining, fusion): dropping or moving a
//     computation that can fail would change whether, or which, error the program reports.
// Both are conservative: "don't know" answers true for hasEffect and false for cannotFail.
//
// The rewriting helpers assume that binders are unique in the program (OptUniqueNames.h makes
// them so): then substituting an expression for a variable can never capture a name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "tail/ir/Exp.h"

namespace aplc::tail {

// ---- Effects and failure ------------------------------------------------------------------

bool hasEffect(const Exp& e);
bool cannotFail(const Exp& e);
// Applying the function value f to well-typed arguments never fails and has no effect
// (a PrimFn of a total primitive, or a lambda whose body cannot fail).
bool functionCannotFail(const Exp& f);
// Scalar primitives: every parameter and the result are base-type scalars [κ]0 (addi, i2d, ...).
bool isScalarPrim(Prim op);

// ---- Map fusion ---------------------------------------------------------------------------

// Whether map fusion (OptFusion.h) may fuse the map `producer` (each/eachV/zipWith/zipWithV)
// into an array argument of a map `consumer` whose function is `consumerFn`: the kinds match
// (each into each or zipWith, eachV into eachV or zipWithV, zipWith(V) into each(V)), both
// functions are lambdas, primitives or variables without effects, together at most
// kMaxFusedFunctionSize nodes, not both can fail, and a producer feeding a zipWith cannot fail
// (zipWith checks the lengths first). Inlining (OptInline.h) asks the same question.
bool canFuseMaps(Prim consumer, const Exp& consumerFn, const PrimApp& producer);
inline constexpr size_t kMaxFusedFunctionSize = 200;

// ---- Uses of variables --------------------------------------------------------------------

struct UseInfo {
  int count = 0;              // occurrences as a Var
  bool underLambda = false;   // some occurrence is inside a lambda (relative to the binder)
};
// For every variable occurring free in `e` (with unique binders: every variable used in e).
// `underLambda` is relative to e's top: a use inside a lambda that is part of e.
std::map<Name, UseInfo> collectUses(const Exp& e);

// ---- Rewriting ----------------------------------------------------------------------------

// e[replacement/x]. Unique binders are assumed (no capture check); every occurrence gets the
// same replacement node (the caller decides whether sharing is acceptable).
Exp substitute(const Exp& e, const Name& x, const Exp& replacement);

// A copy of `e` in which every binder (let, fn) gets a fresh name from `names`, so that a copy
// can be placed next to the original without breaking uniqueness.
Exp freshenBinders(const Exp& e, NameGen& names);

// ---- Constants ----------------------------------------------------------------------------

// Vectors longer than this are neither materialised as literals nor expanded by folding.
inline constexpr size_t kMaxFoldedVector = 64;
// Literal vectors up to this length (and iotaV of a constant up to it) are cheap enough to copy
// into every use (copy propagation): shape vectors are.
inline constexpr size_t kMaxCopiedVector = 8;

// A literal constant: int, double, bool or char.
bool isScalarConst(const Exp& e);
std::optional<int64_t> intConstValue(const Exp& e);
// The elements of a vector whose value is statically known and at most `maxLength` long: an
// array literal of constants, or iotaV(n)/iota(n) for a constant n (expanded to 1..n).
std::optional<std::vector<Exp>> staticVector(const Exp& e, size_t maxLength = kMaxFoldedVector);
// An array literal of constants.
bool isConstVectorLiteral(const Exp& e);
// Builds the literal [e1,...,en] of base `element`.
Exp makeVectorLiteral(Base element, std::vector<Exp> elements);
Exp makeIntVector(const std::vector<int64_t>& values);

// A value cheap enough to copy into every use: a variable, a scalar constant, a short literal
// vector of constants, iotaV/iota of a small constant, a primitive as a function value.
bool isCheapValue(const Exp& e);

// The number of nodes of e, counted up to `limit` (returns at most limit + 1): cheap to ask of a
// large expression.
size_t expSize(const Exp& e, size_t limit);

// The types of a program's variables, collected from the binders (names unique).
std::map<Name, Type> binderTypes(const Exp& e);

// Canonical renaming: every binder renamed to `v_1`, `v_2`, ... in order of appearance (free
// variables kept). Two programs are alpha-equivalent iff their canonical forms are equalExp.
Exp canonicalNames(const Exp& e);
bool alphaEquivalent(const Exp& a, const Exp& b);

}  // namespace aplc::tail
