// Tradfns in a program's tokens: `∇ r←a f b;x;y` … `∇` with Dyalog's control structures
// (:If/:ElseIf/:Else/:EndIf, :While/:EndWhile, :Repeat/:Until, :For x :In v/:EndFor, :Return,
// :Leave, :Continue, :Select/:Case/:CaseList/:Else/:EndSelect).
//
// A tradfn is line-based, which the Bison grammar (Parser.yy) is not: a line that starts with ∇
// at top level opens one, and a line holding only ∇ closes it. So the program's tokens are split
// here: the runs between tradfns, and each statement and condition inside them, are parsed by the
// grammar (through `parseRun`); the headers and the nesting of control structures are parsed here.
#pragma once

#include <functional>
#include <vector>

#include "apl/Syntax.h"
#include "apl/Token.h"

namespace aplc::apl {

// Parses a run of tokens (without End) into statements.
using RunParser = std::function<std::vector<syntax::Statement>(const std::vector<Token>& run, SourceLoc end)>;

// The program's statements in order, tradfns among them. `tokens` ends with End. Throws
// UserError (SYNTAX ERROR, or "not supported: …" for control words aplc does not know).
std::vector<syntax::Statement> parseWithTradfns(const std::vector<Token>& tokens, const RunParser& parseRun);

}  // namespace aplc::apl
