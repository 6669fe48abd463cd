// tailopt: runs the TAIL optimiser (tail/opt/Optimise.h) on .tail programs; the runner of tests/opt.
//
//   tailopt FILE          print the optimised program (types shown) and its type
//   tailopt --test FILE   a test over a well-typed program (tests/tail/*.tail): optimise with the
//                         type checker after every pass (optimiseForTest); the result must have
//                         the `-- type:` line's type, and print(parse(print(p))) == print(p) with
//                         equal trees. (The comparison of values, optimised against unoptimised,
//                         is the interpreter's runner's: one call to optimiseForTest.)
// Exit status 0 when the test passes, 1 when it fails, 2 on bad usage or an internal error.
#include <iostream>
#include <sstream>
#include <string>

#include "../common/TailTool.h"
#include "support/Diagnostics.h"
#include "support/Source.h"
#include "tail/opt/Optimise.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Print.h"
#include "tail/ir/TypeCheck.h"

using namespace aplc;
using namespace aplc::tail;

namespace {

using tailtool::fail;

int runTest(SourceManager& sm, uint32_t file) {
  const std::string name = sm.name(file);
  const std::string wantType = tailtool::header(sm.text(file), "type");
  if (wantType.empty()) return fail(name, "no `-- type:` line");
  Exp optimised = optimiseForTest(parseProgram(sm, file));
  Type type = checkProgram(optimised);
  std::string printed = print(optimised);
  if (toString(type) != wantType) return fail(name, "optimised to type " + toString(type) + ", expected " + wantType + ":\n" + printed);
  uint32_t again = sm.add(name + " (optimised)", printed);
  Exp reparsed;
  try {
    reparsed = parseProgram(sm, again);
  } catch (const UserError& e) {
    return fail(name, "the optimised program does not read back:\n" + render(sm, e.diagnostic()) + printed);
  }
  if (print(reparsed) != printed) return fail(name, "print(parse(print(p))) differs for the optimised program:\n" + printed);
  if (!equalExp(reparsed, optimised)) return fail(name, "the reparsed optimised tree differs");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  bool test = argc == 3 && std::string(argv[1]) == "--test";
  if (argc < 2 || argc > 3 || (argc == 3 && !test)) {
    std::cerr << "usage: tailopt [--test] FILE.tail\n";
    return 2;
  }
  const char* path = argv[argc - 1];
  return tailtool::runOnFile(path, [&](SourceManager& sm, uint32_t file) {
    if (test) return runTest(sm, file);
    Exp optimised = optimiseForTest(parseProgram(sm, file));
    std::cout << "-- type: " << toString(checkProgram(optimised)) << "\n" << print(optimised) << "\n";
    return 0;
  });
}
