// Role resolution: syntax trees (Syntax.h) to the AST (Ast.h).
//
// APL's phrase structure depends on what names denote, so this pass reads the program in
// evaluation order (statements top to bottom, each expression right to left), records each
// definition (array, function, monadic or dyadic operator) as it happens, and groups every
// segment of items with APL's binding rules, strongest first:
//   1. brackets bind to the item on their left           a[i]   f[k] (axis: not supported)
//   2. ∘. binds the function on its right                ∘.×
//   3. a dyadic operator binds the one item on its right  f⍣2   +.×
//   4. arrays side by side form a strand                 1 2 3  a (b c) 4
//   5. an operator binds the item on its left, left to right: its left operand (a function or
//      a whole strand)                                   +/  1 0 1/  f¨⍨
//   6. functions apply right to left, dyadically when an array is on their left; a segment
//      that ends in a function is a train (forks from the right, a 2-train is an atop).
// Dfns have lexical scope; a dfn that mentions ⍺⍺ or ⍵⍵ is an operator, resolved again at each
// use with its operands' roles. A name must be defined before it is used (VALUE ERROR), except
// in a dfn body, which may use a name the program assigns at top level only later (its role
// comes from those assignments; the elaborator finds the value by name when the dfn runs).
//
// Preconditions: syntax trees from parse(). Postconditions: a well-formed AST (Ast.h); every
// user error is a UserError at the offending location.
#pragma once

#include <vector>

#include "apl/Ast.h"
#include "apl/Syntax.h"

namespace aplc::apl {

// Resolves the files in order, in one global scope; the first `preludeFiles` of them are the
// prelude (Program::userBegin is the first statement after them). Comments are attached so
// later stages can read annotations.
ast::Program resolve(const std::vector<syntax::Program>& files, size_t preludeFiles,
                     std::vector<Comment> comments = {});

}  // namespace aplc::apl
