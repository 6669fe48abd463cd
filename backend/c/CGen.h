// C code generator: a Laila program → one complete C11 source file with `int main(void)`.
//
// The file includes aplc_runtime.h, defines small static inline helpers for the operators whose
// Laila semantics differ from C's (floor division/modulus, division by zero, saturating double →
// int, shifts, int pow; see laila/ir/IR.h), and runs the program's statements in main after
// aplc_runtime_init() and aplc_stats_init(). Values are printed with aplc_print, memory comes from
// aplc_alloc_array (LIMIT ERROR instead of a crash; counted with APLC_STATS=1) and is released
// with aplc_free_array where the program frees it,
// every check is a row of the static table aplc_checks, and a failing one calls
// aplc_check_failed with its row (message on stderr, exit status 1).
//
// Every loop is emitted as a sequential C loop; a comment above each non-sequential loop marks
// where the OpenMP generator will put its pragma (`parallel for`, `reduction(op:acc)`, scan).
//
// The generated C must be compiled with -fwrapv (Laila's int arithmetic wraps) and linked with
// the runtime and -lm: backend/c/CCompile.h does that.
#pragma once

#include <string>

#include "laila/ir/IR.h"

namespace aplc::backend {

struct CGenOptions {
  bool checks = true;  // false (--unsafe): APL error checks are left out
  // The OpenMP target: outermost parallel loops run on threads (#pragma omp parallel for), their
  // checks record and skip (backend/runtime/parallel.c). Compile with -fopenmp.
  bool openmp = false;
  // C definitions of `static const aplc_source_excerpt aplc_source_excerpts[]` (the source lines
  // run-time errors print, made by the driver); when set, main registers the table first.
  std::string sourceExcerpts;
  // A program whose functions' C exceeds `partedAbove` bytes is written to be compiled in
  // `parts` pieces at once (one C compiler per core; see partsOf): each function belongs to one
  // part, main to part 0, balanced by size. The file still compiles whole without APLC_PART.
  int parts = 1;
  size_t partedAbove = 48 * 1024;
};

// The number of parts a generated C file is written in (its `#define APLC_PARTS n`; 1 if none).
// Part k is compiled with -DAPLC_PART=k -c, and the objects linked together.
int partsOf(const std::string& cSource);

// Preconditions: the program passes laila::verify. Throws InternalError on what C cannot express.
std::string generateC(const laila::Program& program, const CGenOptions& options = {});

// The C spelling of one expression (for tests and for other generators that print C).
std::string cExpr(const laila::Expr& e);

}  // namespace aplc::backend
