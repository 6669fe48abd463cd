// ElimChecks: removes the run-time checks (Check statements) that value ranges prove always pass.
//
// The lowering guards every int +, -, × with `!aplc_add_overflows(a, b)` (…sub…, …mul…), every
// int division with `b ≠ 0`, every conversion to int with an in-range test, and so on. Inside hot
// loops those checks cost time and keep the C compiler from vectorizing. This pass walks the
// program in execution order with the interval analysis of laila/analysis/Intervals.h: loop variables
// from their bounds, declared and assigned scalars from their values, the facts of an if's two
// branches joined after it, the variables a loop assigns forgotten (unknown) in and after it.
// With those facts it
//   - deletes a Check whose condition is decided true for every value the operands can take;
//   - shortens a Check whose condition is a conjunction (or disjunction, negation) of parts some
//     of which are decided, keeping the undecided parts;
//   - keeps every other Check as it is, including one decided false (the program must still
//     report its error there, at run time, in order);
//   - folds a select or an if whose condition the facts decide (`b == 0.0 ? 1.0 : a / b` with
//     b ≥ 1), which shortens the hot loops further.
// A wrong removal would change a program's error behaviour, so every rule of the analysis is
// sound (Intervals.h): unknown values are the full range.
//
// Pre: a well-formed program (laila::verify), after laila::simplify. Post: the same program
// with fewer or shorter Check statements and decided selects and ifs folded; nothing else
// changes (every value computed and every error reported is the same).
#pragma once

#include "laila/ir/IR.h"

namespace aplc::laila {

Program eliminateChecks(const Program& p);
Stmt eliminateChecks(const Stmt& s);

}  // namespace aplc::laila
