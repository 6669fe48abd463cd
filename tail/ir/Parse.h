// The TAIL parser: reads the textual syntax written by tail/ir/Print.h (a hand-written recursive
// descent parser). Errors are UserErrors "SYNTAX ERROR: ..." at the offending token's
// file:line:col. Nodes get the location of their first token (a primitive application: the
// primitive's name).
//
// Grammar (`--` starts a comment that runs to the end of the line):
//   exp     ::= 'let' binder '=' exp 'in' exp | 'fn' binder '=>' exp | postfix
//   binder  ::= name ':' type
//   postfix ::= primary ('(' exp ')')*              application of a function value
//   primary ::= int | double | char | string | 'tt' | 'ff'
//             | prim '(' exp,* ')'                   exactly primArity(prim) arguments
//             | prim                                  a primitive as a function value
//             | name                                  a variable: `x_17` is {x, 17}; `v1` is {v1, 0}
//             | '[' exp,* ']' (':' base)?             the element type is required when the first
//                                                     element is not a literal (and for `[]`)
//             | '(' exp ')' | '(' exp (',' exp)+ ')'  grouping, tuples
//             | '#' int '(' exp ')'                   0-origin projection
//   int     ::= 123 | ~123          double ::= 1.5 | ~1.5 | 2e10 | 1.0e-3 | inf | ~inf | nan
//   char    ::= 'a' | '\'' | '\\' | '\n' | '\t' | '\u{hex}'     string ::= "a\"b" (char array)
//   type    ::= atype ('->' type)?
//   atype   ::= '[' base ']' shape1 | '<' base '>' shape1 | 'S' '(' base ',' shape ')'
//             | 'SV' '(' base ',' shape ')' | base (= [base]0) | '(' type ('*' type)* ')'
//   base    ::= 'int' | 'double' | 'bool' | 'char'
//   shape1  ::= nat | '(' shape ')'      shape ::= term ('+' term)*     term ::= int
// In schemes (parseScheme) identifiers are variables: in a base position a base variable, in a
// shape position a shape variable (`k*r` allowed), in a type position a whole-type variable if
// the name starts with `t`, else a base variable standing for [a]0; `S(int,|r|)` is the magnitude
// form of tail/ir/Type.h.
#pragma once

#include <cstdint>
#include <string_view>

#include "support/Source.h"
#include "tail/ir/Exp.h"
#include "tail/ir/Type.h"

namespace aplc::tail {

// Parses the whole text of a registered file as one TAIL expression.
Exp parseProgram(const SourceManager& sources, uint32_t file);
// Same, for text that locations will attribute to `file`.
Exp parseExpText(std::string_view text, uint32_t file = 0);
// A closed type (no variables), e.g. "[int]2 -> <double>3".
Type parseType(std::string_view text);
// A type scheme: all variables of the text are quantified.
Scheme parseScheme(std::string_view text);

}  // namespace aplc::tail
