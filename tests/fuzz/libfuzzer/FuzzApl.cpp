// libFuzzer target: APL source through the front end and the middle of the pipeline — lexer,
// parser, resolution, elaboration to TAIL (type-checked), the TAIL optimiser, and the lowering
// to Laila with the C target's passes (verified) — without the prelude and without a C compiler.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "apl/Elaborate.h"
#include "apl/Lexer.h"
#include "apl/Parser.h"
#include "apl/Resolve.h"
#include "laila/lower/Lower.h"
#include "support/Source.h"
#include "tail/ir/TypeCheck.h"
#include "tail/opt/Optimise.h"
#include "tests/fuzz/libfuzzer/FuzzCommon.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace aplc;
  fuzz::expectNoInternalError([&] {
    SourceManager sources;
    uint32_t file = sources.add("fuzz.apl", std::string(reinterpret_cast<const char*>(data), size));
    std::vector<apl::LexResult> lexed{apl::lex(file, sources.text(file))};
    std::vector<apl::syntax::Program> trees{apl::parse(lexed[0])};
    apl::ast::Program program = apl::resolve(trees, 0, lexed[0].comments);
    tail::Exp elaborated = apl::elaborate(program);
    try {
      tail::checkProgram(elaborated);
    } catch (const UserError& e) {
      throw InternalError("elaboration produced ill-typed TAIL: " + e.diagnostic().message);
    }
    tail::OptimiseOptions options;
    options.checkTypes = true;
    tail::Exp optimised = tail::annotateTypes(tail::optimise(elaborated, options)).exp;
    laila::LowerOptions lower;
    lower.sources = &sources;
    laila::lower(optimised, lower);
  });
  return 0;
}
