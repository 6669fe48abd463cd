// Prints the AST (Ast.h) for `aplc --emit=ast` and for tests: one node per line, children
// indented by two spaces, each with its @line:col. Meant to be read by people learning how APL
// parses, e.g. for `x ← 1 + 2 × y`:
//
//   Assign x @1:1
//     Dyadic + @1:7
//       Numbers 1 @1:5
//       Dyadic × @1:11
//         Numbers 2 @1:9
//         Name y (array) @1:13
#pragma once

#include <string>

#include "apl/Ast.h"

namespace aplc::apl {

// The statements of the input files (not the prelude's, unless withPrelude).
std::string printAst(const ast::Program& program, bool withPrelude = false);

// One node and its subtree, starting at indentation level 0.
std::string printAst(const ast::Node& node);

}  // namespace aplc::apl
