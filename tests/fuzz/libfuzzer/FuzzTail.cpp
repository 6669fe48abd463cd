// libFuzzer target: TAIL text (`aplc prog.tail`) through the TAIL parser and type checker, the
// optimiser, and the lowering to Laila with the C target's passes (verified).
#include <cstddef>
#include <cstdint>
#include <string>

#include "laila/lower/Lower.h"
#include "support/Source.h"
#include "tail/ir/Parse.h"
#include "tail/ir/TypeCheck.h"
#include "tail/opt/Optimise.h"
#include "tests/fuzz/libfuzzer/FuzzCommon.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aplc;
  fuzz::expectNoInternalError([&] {
    SourceManager sources;
    uint32_t file = sources.add("fuzz.tail", std::string(reinterpret_cast<const char*>(data), size));
    tail::Exp typed = tail::annotateTypes(tail::parseProgram(sources, file)).exp;
    tail::OptimiseOptions options;
    options.checkTypes = true;
    tail::Exp optimised = tail::annotateTypes(tail::optimise(typed, options)).exp;
    laila::LowerOptions lower;
    lower.sources = &sources;
    lower.printResult = true;
    laila::lower(optimised, lower);
  });
  return 0;
}
