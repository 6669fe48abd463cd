#include "driver/Pipeline.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "support/Diagnostics.h"

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

}  // namespace

int runPipeline(const Options& options, std::ostream& out, std::ostream& err) {
  SourceManager sources;
  try {
    std::vector<uint32_t> files = loadInputs(sources, options);
    (void)files;
    (void)out;
    return 0;
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
