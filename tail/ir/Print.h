// The TAIL printer: the thesis's concrete syntax, which tail/ir/Parse.h reads back
// (print(parse(print(p))) == print(p) for every program p).
//
// Syntax choices (see also tail/ir/Parse.h for the grammar):
//   let v_1:<int>15 = iotaV(15) in        one let per line, the body on the next line
//   fn x_2:[double]0 => addd(x_2,1.0)     lambdas; a body that is a let starts a new line
//   op(e1,...,en)                         primitive application, no spaces (as in the thesis)
//   f_3(e)                                application of a function value to one argument
//   addi                                  a primitive used as a function value (PrimFn)
//   42  ~3                                ints; `~` is the minus sign
//   2.5  ~0.5  1e+20  inf  ~inf  nan      doubles always show `.`, an exponent, inf or nan
//   tt  ff                                booleans
//   'a'  '\''  '\\'  '\n'  '\t'  '\u{7f}' characters (UTF-8 otherwise)
//   [1,2,3]  []:int                       array literals; the empty one names its element type
//   "hello"                               a character array literal whose elements are constants
//   (e1,e2)  #0(e)                        tuples and 0-origin projection
// Types print as in tail/ir/Type.h's toString.
#pragma once

#include <cstddef>
#include <string>

#include "tail/ir/Exp.h"

namespace aplc::tail {

struct PrintOptions {
  bool types = true;      // false: `let x = ...`, `fn x => ...` (not parseable; for reading)
  bool multiline = true;  // false: everything on one line
};

std::string print(const Exp& e, const PrintOptions& options = {});

// One line, no types, cut to at most `maxChars` characters (ending in "...") for messages.
std::string printShort(const Exp& e, size_t maxChars = 60);

// A double in TAIL syntax (shortest text that reads back to the same double).
std::string printDouble(double d);
// A character literal in TAIL syntax, quotes included.
std::string printChar(char32_t c);

}  // namespace aplc::tail
