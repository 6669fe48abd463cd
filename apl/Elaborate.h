// Elaboration: the resolved APL AST (Ast.h) to well-typed TAIL (tail/ir/Exp.h), thesis §3.
//
// Every APL array value met during elaboration is a TAIL expression whose type is known: ranks
// are always static, vector lengths and scalar values often are (the <κ>n, S(κ,n) and SV(κ,n)
// types), so shape computations become constants for the optimiser. Dfns and operators are
// inlined at each application with lexical scoping (each application sees its arguments'
// concrete types); every intermediate value is bound with `let`, so nothing is computed twice.
// Primitive choice depends on types (÷ on ints gives doubles, comparisons give booleans, ...),
// with b2i/i2d/i2b coercions inserted where APL promotes.
//
// Errors in the program (RANK, LENGTH when both lengths are static, DOMAIN, VALUE, and
// "not supported: ..." for APL outside the subset) are UserErrors at the APL location.
//
// Printing semantics (ElabOptions::mode):
//   Session  every top-level statement whose value is not assigned prints it; ⎕← prints.
//   Tail     (apltail's corpus) ⎕← prints; the program's TAIL value is its last statement's
//            value, as a double when numeric, which the runner prints at the end (as apltail
//            prints a TAIL program's value).
// In Session mode the program's TAIL value is the last statement's value, already printed.
//
// The implementation is one class (ElabCore.h) split by concern: ElabCore.cpp (values, let
// building, coercions), ElabScalar.cpp (scalar functions, scalar extension), ElabStructural.cpp
// (⍴ , ⍪ ⍉ ⌽ ⊖ ↑ ↓ ⊃ ≡ ≢ ⍳ ∊ ∪ ∩ ⍋ ⍒ ⍕ ⌷ and indexing), ElabRepresent.cpp (⊥ ⊤ ⍸), ElabOperators.cpp
// (/ ⌿ \ ⍀ ¨ ∘. . ⍣ ⍨ ∘ trains), ElabProgram.cpp (statements, dfns, guards, scopes, ⎕IO, modified
// assignment, printing, the entry point).
#pragma once

#include "apl/Ast.h"
#include "tail/ir/Exp.h"

namespace aplc::apl {

enum class PrintMode { Session, Tail };

struct ElabOptions {
  PrintMode mode = PrintMode::Session;
};

// The whole program (prelude included) as one closed TAIL expression.
tail::Exp elaborate(const ast::Program& program, const ElabOptions& options = {});

}  // namespace aplc::apl
