#include "driver/Pipeline.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "support/Diagnostics.h"
#include "tail/Interp.h"
#include "tail/Parse.h"
#include "tail/TypeCheck.h"

namespace aplc::driver {

namespace {

std::string preludePath(const Options& options) {
  return options.preludePath.empty() ? std::string(APLC_PRELUDE) : options.preludePath;
}

uint32_t loadFile(SourceManager& sources, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError({}, "cannot read file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return sources.add(path, text.str());
}

// The prelude first (unless --no-prelude), then the inputs in order.
std::vector<uint32_t> loadInputs(SourceManager& sources, const Options& options) {
  std::vector<uint32_t> files;
  if (options.prelude) files.push_back(loadFile(sources, preludePath(options)));
  for (const std::string& path : options.inputs) files.push_back(loadFile(sources, path));
  return files;
}

bool isTailFile(const std::string& path) {
  return path.size() > 5 && path.compare(path.size() - 5, 5, ".tail") == 0;
}

// A .tail input is a whole TAIL program: read alone, without the prelude.
uint32_t loadTailInput(SourceManager& sources, const Options& options) {
  if (options.inputs.size() != 1)
    throw UserError({}, "a .tail program is read alone: give exactly one input file");
  return loadFile(sources, options.inputs[0]);
}

// Stage: parse and type-check a TAIL program; every primitive gets its instance type.
tail::Exp checkTailProgram(const SourceManager& sources, uint32_t file) {
  return tail::annotateTypes(tail::parseProgram(sources, file)).exp;
}

aplc_style printStyle(const Options& options) {
  return options.format == OutputFormat::Tail ? APLC_STYLE_TAIL : APLC_STYLE_APL;
}

// Stage: run the reference interpreter. `print` writes as it executes; the program's value is
// printed last (a tuple's components one after the other), as apltail prints a program's result.
void interpretTail(const tail::Exp& program, const Options& options, std::ostream& out) {
  aplc_runtime_init();  // `now` counts from here
  tail::InterpOptions interp;
  interp.style = printStyle(options);
  interp.onPrint = [&](const tail::Value& v) { out << tail::display(v, interp.style) << std::flush; };
  tail::Value result = tail::evaluate(program, interp);
  out << tail::display(result, interp.style) << std::flush;
}

int runTail(SourceManager& sources, const Options& options, std::ostream& out) {
  uint32_t file = loadTailInput(sources, options);
  tail::Exp program = checkTailProgram(sources, file);
  if (!options.interp)
    throw UserError({}, "not supported yet: compiling a .tail program (use --interp to evaluate it)");
  interpretTail(program, options, out);
  return 0;
}

int runApl(SourceManager& sources, const Options& options) {
  std::vector<uint32_t> files = loadInputs(sources, options);
  (void)files;
  if (options.interp)
    throw UserError({}, "not supported yet: --interp of APL source (the elaboration to TAIL is not written yet)");
  return 0;
}

}  // namespace

int runPipeline(const Options& options, std::ostream& out, std::ostream& err) {
  SourceManager sources;
  try {
    bool tailInput = !options.inputs.empty() && isTailFile(options.inputs[0]);
    return tailInput ? runTail(sources, options, out) : runApl(sources, options);
  } catch (const tail::RuntimeError& e) {
    out << std::flush;
    err << e.render(sources);
    return 1;
  } catch (const UserError& e) {
    err << render(sources, e.diagnostic());
    return 1;
  } catch (const InternalError& e) {
    err << "aplc: internal compiler error (a bug in aplc, not in your program): " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "aplc: internal compiler error (a bug in aplc, not in your program): " << e.what() << "\n";
    return 2;
  }
}

}  // namespace aplc::driver
