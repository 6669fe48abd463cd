// The APL parser: tokens (Lexer.h) to the syntax tree (Syntax.h). The grammar is in Parser.yy
// (Bison, lalr1.cc); brackets are checked for balance first, so that an unclosed '(' is reported
// where it opens rather than where the parser notices.
#pragma once

#include "apl/Syntax.h"
#include "apl/Token.h"

namespace aplc::apl {

// Throws UserError on a syntax error.
syntax::Program parse(const LexResult& tokens);

}  // namespace aplc::apl
