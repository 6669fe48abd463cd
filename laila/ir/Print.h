// Laila printer: readable C-like pseudo code (what `aplc --emit=laila` shows).
//
//   int n_1 = 6;
//   [int] a_2 = alloc int[n_1];
//   parallel for i_3 in 0..n_1 {
//     a_2[i_3] = i_3 * i_3;
//   }
//   int acc_4 = 0;
//   reduction(acc_4: add, 0) for i_5 in 0..n_1 {
//     acc_4 = acc_4 + a_2[i_5];
//   }
//   print apl acc_4;
//   check (i_6 < 3) else INDEX ERROR at "f.apl":2:5 "index out of range";
//   free a_2;
//
// Infix operators follow C's precedence and are parenthesised only where needed; int `/` and `%`
// are floor division and modulus (see IR.h). Negative constants print `-5`, doubles print with
// enough digits to read back exactly (`0.1`, `2.0`, `1e+300`), characters as 'a' or U+2374.
#pragma once

#include <functional>
#include <string>

#include "laila/ir/IR.h"

namespace aplc::laila {

std::string toString(const Expr& e);
std::string toString(const Stmt& s, int indent = 0);  // one line per statement, '\n'-terminated
std::string toString(const Program& p);

// A note on a statement for the printed program (empty: none): an analysis's results, shown as
// comments (`aplc --emit=mem`, laila/analysis/MemoryReport.h).
using StmtNote = std::function<std::string(const Stmt&)>;
// toString(p) with each statement's note at the end of its line, or on the line before a loop,
// an if or a block.
std::string toString(const Program& p, const StmtNote& note);

// The shortest decimal spelling of d that reads back as d ("0.1", "2.0", "-0.0", "inf", "nan").
std::string shortestDouble(double d);

}  // namespace aplc::laila
