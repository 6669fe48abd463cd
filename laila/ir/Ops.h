// Smart constructors for Laila expressions: build nodes and fold constants on the way.
//
// Use these (not the raw Node::make) when generating code: `add(x, intConst(0))` is `x`,
// `mul(intConst(2), intConst(3))` is `6`, `select(true, a, b)` is `a`. Only rewrites that are
// exact for every value are made here (no `x + 0.0 → x` for doubles: -0.0 + 0.0 is +0.0); the
// range-aware rewrites of index arithmetic are in laila/passes/Simplify.h.
//
// Operators + - * / % and unary - are overloaded on Expr (and Expr with int64_t) for index
// arithmetic; comparisons are named functions (lt, eq, ...) because `==` on handles would be
// ambiguous between identity and value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "laila/ir/Calls.h"
#include "laila/ir/IR.h"

namespace aplc::laila {

Expr intConst(int64_t value);
Expr doubleConst(double value);
Expr boolConst(bool value);
Expr charConst(uint32_t codepoint);
Expr var(const Var& v);  // the variable as an expression
// The variable an expression names; InternalError when it is not a variable.
Var asVar(const Expr& e);

std::optional<int64_t> asIntConst(const Expr& e);
std::optional<double> asDoubleConst(const Expr& e);
std::optional<bool> asBoolConst(const Expr& e);
bool isConst(const Expr& e);

// Folding constructors for any operator.
Expr unary(UnaryOp op, Expr a);
Expr binary(BinaryOp op, Expr a, Expr b);

Expr neg(Expr a);
Expr lnot(Expr a);
Expr abs(Expr a);
Expr floor(Expr a);  // double → int
Expr ceil(Expr a);   // double → int
Expr i2d(Expr a);
Expr d2i(Expr a);  // truncates
Expr b2i(Expr a);
Expr i2b(Expr a);

Expr add(Expr a, Expr b);
Expr sub(Expr a, Expr b);
Expr mul(Expr a, Expr b);
Expr div(Expr a, Expr b);  // int: floor division
Expr mod(Expr a, Expr b);  // int: floor modulus
Expr min(Expr a, Expr b);
Expr max(Expr a, Expr b);
Expr pow(Expr a, Expr b);
Expr eq(Expr a, Expr b);
Expr ne(Expr a, Expr b);
Expr lt(Expr a, Expr b);
Expr le(Expr a, Expr b);
Expr gt(Expr a, Expr b);
Expr ge(Expr a, Expr b);
Expr land(Expr a, Expr b);
Expr lor(Expr a, Expr b);
Expr lxor(Expr a, Expr b);

Expr select(Expr cond, Expr ifTrue, Expr ifFalse);
Expr load(Expr memory, Expr index);
Expr call(std::string function, Type type, std::vector<Expr> args);
// (Which functions a call may name, and their effects: laila/ir/Calls.h, callHasEffect.)

// The product of a list of int expressions (1 for the empty list): the size of a shape.
Expr product(const std::vector<Expr>& factors);

Expr operator+(Expr a, Expr b);
Expr operator-(Expr a, Expr b);
Expr operator*(Expr a, Expr b);
Expr operator/(Expr a, Expr b);
Expr operator%(Expr a, Expr b);
Expr operator-(Expr a);
Expr operator+(Expr a, int64_t b);
Expr operator-(Expr a, int64_t b);
Expr operator*(Expr a, int64_t b);
Expr operator/(Expr a, int64_t b);
Expr operator%(Expr a, int64_t b);
Expr operator+(int64_t a, Expr b);
Expr operator-(int64_t a, Expr b);
Expr operator*(int64_t a, Expr b);

// The semantics of int operators (IR.h), exactly as generated code computes them.
int64_t floorDiv(int64_t a, int64_t b);
int64_t floorMod(int64_t a, int64_t b);
int64_t intPow(int64_t base, int64_t exponent);
int64_t saturatingToInt(double d);  // NaN → 0

// Evaluates an operator on constants; empty when the result is not folded at compile time
// (transcendental functions, whose last bit may differ between libms).
std::optional<Expr> evalConst(UnaryOp op, const Expr& a);
std::optional<Expr> evalConst(BinaryOp op, const Expr& a, const Expr& b);

// The constant e with `e op x` equal to x, bit for bit, for every x of this type (-0.0 for the
// addition of doubles: 0.0 + -0.0 is 0.0), if op has one: what an accumulating loop starts from.
std::optional<Expr> neutralElement(BinaryOp op, Type type);

}  // namespace aplc::laila
