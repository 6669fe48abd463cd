// The `aplc` command. Exit status: 0 success, 1 user error, 2 internal error.
#include <exception>
#include <iostream>

#include "driver/Options.h"
#include "driver/Pipeline.h"

int main(int argc, char** argv) {
  using namespace aplc::driver;
  OptionsResult parsed = parseOptions(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.options) {
    std::cerr << "aplc: error: " << parsed.error << "\n";
    return 1;
  }
  const Options& options = *parsed.options;
  if (options.help) {
    std::cout << usage();
    return 0;
  }
  if (options.version) {
    std::cout << "aplc " APLC_VERSION "\n";
    return 0;
  }
  return runPipeline(options, std::cout, std::cerr);
}
