// The TAIL type checker (thesis §3.1.1, rules 3.6-3.26 with the subtyping of tail/ir/Type.h).
//
// Input: a closed TAIL expression whose binders carry types (as the parser and the elaborator
// produce it). Output: its type, and (annotateTypes) a copy in which every PrimApp and PrimFn
// carries its resolved instance type. Failure: a UserError whose message starts "TYPE ERROR:",
// located at the offending subexpression (its SourceLoc), naming the expression (printed,
// truncated) and what was expected and found.
//
// Typing in brief: an int literal n has type S(int,n), tt/ff S(bool,1)/S(bool,0), a double
// [double]0, a char [char]0; `[e]` of a singleton is SV(κ,n), otherwise `[e1..en]` is <κ>n;
// `let x:τ = e1 in e2` requires type(e1) ⊆ τ and binds x:τ; `fn x:τ => e` has type τ -> type(e);
// a primitive's arguments must be subtypes of its freshly instantiated scheme's parameters,
// unified left to right. Array ranks and vector lengths must come out non-negative.
//
// The driver runs checkProgram after every TAIL pass in debug and test builds; a failure there is
// a compiler bug and should be reported as an internal error naming the pass.
#pragma once

#include <map>

#include "tail/ir/Exp.h"
#include "tail/ir/Type.h"

namespace aplc::tail {

// The type of a closed program.
Type checkProgram(const Exp& program);

struct Annotated {
  Exp exp;    // the program with every PrimApp/PrimFn instance filled in
  Type type;  // its type
};
Annotated annotateTypes(const Exp& program);

// The type of an open expression whose free variables have the given (closed) types; e.g. for the
// elaborator to ask the type of a piece it has built.
Type typeOf(const Exp& e, const std::map<Name, Type>& freeVariables);

}  // namespace aplc::tail
