// tailcheck: parses, type-checks and prints .tail programs; the runner of tests/tail and
// tests/tail-errors.
//
//   tailcheck FILE               print the program's type and the program (types shown)
//   tailcheck --test FILE        a well-typed test: parse, check, print, reparse, check, reprint;
//                                the two printings and trees must agree, the type must equal the
//                                file's `-- type:` line; then the program is evaluated by the
//                                reference interpreter: its value must be the `-- expected:` line
//                                and what `print` writes the `-- output:` lines, in order (both in
//                                the flat format of README.md), or it must fail with a runtime
//                                error whose message contains the `-- expected-error:` text;
//                                the optimised program must then meet the same expectations
//   tailcheck --test-error FILE  an ill-formed or ill-typed test: it must be rejected with a
//                                user error at the `-- error: LINE:COL: text` line's location,
//                                whose message contains `text`
// Exit status 0 when the test passes (or the program checks), 1 otherwise.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/TailTool.h"
#include "support/Diagnostics.h"
#include "support/Source.h"
#include "tail/interp/Interp.h"
#include "tail/opt/Optimise.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Print.h"
#include "tail/ir/TypeCheck.h"

using namespace aplc;
using namespace aplc::tail;

namespace {

using tailtool::fail;
using tailtool::header;
using tailtool::headers;

// Evaluates the program (apltail's TAIL style for ⍕, print captured in the flat format) and
// compares its value, printed lines and error with the header's expectations.
int runProgram(const SourceManager& sm, const Exp& program, const std::string& name, const std::string& text) {
  std::vector<std::string> printed;
  InterpOptions options;
  options.style = APLC_STYLE_TAIL;
  options.onPrint = [&](const Value& v) { printed.push_back(flatString(v)); };
  std::vector<std::string> wantOutput = headers(text, "output");
  std::vector<std::string> wantError = headers(text, "expected-error");
  std::string got;
  try {
    got = flatString(evaluate(program, options));
  } catch (const RuntimeError& e) {
    std::string message = e.render(sm);
    if (wantError.empty()) return fail(name, "runtime error: " + message);
    if (message.find(wantError[0]) == std::string::npos)
      return fail(name, "wrong runtime error.\n  expected: ..." + wantError[0] + "\n  got: " + message);
    got.clear();
  }
  if (printed != wantOutput) {
    std::string both = "printed lines differ.\n  expected:\n";
    for (const auto& l : wantOutput) both += "    " + l + "\n";
    both += "  got:\n";
    for (const auto& l : printed) both += "    " + l + "\n";
    return fail(name, both);
  }
  if (!wantError.empty()) {
    if (!got.empty()) return fail(name, "expected the error " + wantError[0] + ", but the program gave " + got);
    return 0;
  }
  std::string want = header(text, "expected");
  if (got != want) return fail(name, "wrong value.\n  expected: " + want + "\n  got:      " + got);
  return 0;
}

int runTest(SourceManager& sm, uint32_t file) {
  // Copies: adding the reprinted text to `sm` may move its strings.
  const std::string name = sm.name(file);
  const std::string text = sm.text(file);
  Annotated first;
  try {
    first = annotateTypes(parseProgram(sm, file));
  } catch (const UserError& e) {
    return fail(name, "rejected:\n" + render(sm, e.diagnostic()));
  }
  std::string printed = print(first.exp);
  uint32_t again = sm.add(name + " (reprinted)", printed);
  Annotated second;
  try {
    second = annotateTypes(parseProgram(sm, again));
  } catch (const UserError& e) {
    return fail(name, "the printed program does not read back:\n" + render(sm, e.diagnostic()) + printed);
  }
  std::string reprinted = print(second.exp);
  if (reprinted != printed) return fail(name, "print(parse(print(p))) differs:\n" + printed + "\n---\n" + reprinted);
  if (!equalExp(first.exp, second.exp)) return fail(name, "the reparsed tree differs from the original");
  if (!(first.type == second.type)) return fail(name, "the reparsed program has another type");
  bool hasType = false;
  std::string wantType = header(text, "type", &hasType);
  if (!hasType) return fail(name, "no `-- type:` line");
  if (toString(first.type) != wantType)
    return fail(name, "type " + toString(first.type) + ", expected " + wantType);
  bool hasExpected = false;
  header(text, "expected", &hasExpected);
  bool hasExpectedError = false;
  header(text, "expected-error", &hasExpectedError);
  if (!hasExpected && !hasExpectedError) return fail(name, "no `-- expected:` line");
  if (int status = runProgram(sm, first.exp, name, text)) return status;
  // The optimiser must not change what a program prints, returns or fails with.
  Exp optimised = annotateTypes(optimiseForTest(first.exp)).exp;
  return runProgram(sm, optimised, name + " (optimised)", text);
}

int runErrorTest(SourceManager& sm, uint32_t file) {
  const std::string name = sm.name(file);
  bool has = false;
  std::string want = header(sm.text(file), "error", &has);
  if (!has) return fail(name, "no `-- error: LINE:COL: text` line");
  size_t c1 = want.find(':');
  size_t c2 = c1 == std::string::npos ? c1 : want.find(':', c1 + 1);
  if (c2 == std::string::npos) return fail(name, "write the error line as `-- error: LINE:COL: text`");
  std::string where = name + ":" + want.substr(0, c2) + ": error: ";
  std::string message = want.substr(c2 + 1);
  message.erase(0, message.find_first_not_of(' '));
  try {
    Type t = checkProgram(parseProgram(sm, file));
    return fail(name, "accepted with type " + toString(t) + ", but should be rejected");
  } catch (const UserError& e) {
    std::string got = render(sm, e.diagnostic());
    if (got.rfind(where, 0) != 0 || got.find(message) == std::string::npos)
      return fail(name, "wrong error.\n  expected: " + where + "..." + message + "\n  got: " + got);
    return 0;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode = argc == 3 ? argv[1] : "";
  const char* path = argv[argc - 1];
  if (argc < 2 || argc > 3 || (argc == 3 && mode != "--test" && mode != "--test-error")) {
    std::cerr << "usage: tailcheck [--test|--test-error] FILE.tail\n";
    return 2;
  }
  return tailtool::runOnFile(path, [&](SourceManager& sm, uint32_t file) {
    if (mode == "--test") return runTest(sm, file);
    if (mode == "--test-error") return runErrorTest(sm, file);
    Annotated a = annotateTypes(parseProgram(sm, file));
    std::cout << "-- type: " << toString(a.type) << "\n" << print(a.exp) << "\n";
    return 0;
  });
}
