// The `aplc` command. Exit status: 0 success, 1 user error, 2 internal error.
//
// The pipeline runs on a thread with a large stack: the IRs are trees, and every stage walks a
// program's chain of `let`s (one or more per APL statement, after inlining) recursively. A big
// stack costs only address space, and keeps long programs from overflowing it; the parsers still
// refuse input nested beyond their limits with a clear error.
#include <pthread.h>

#include <exception>
#include <iostream>

#include "driver/Check.h"
#include "driver/Options.h"
#include "driver/Pipeline.h"

namespace {

constexpr size_t kPipelineStackBytes = size_t(1) << 30;  // 1 GiB

struct PipelineRun {
  const aplc::driver::Options* options;
  int status = 2;
};

void* runPipelineThread(void* arg) {
  auto* run = static_cast<PipelineRun*>(arg);
  run->status = aplc::driver::runPipeline(*run->options, std::cout, std::cerr);
  return nullptr;
}

// Runs the pipeline on a thread with a kPipelineStackBytes stack (or on this one if that fails).
int runWithLargeStack(const aplc::driver::Options& options) {
  PipelineRun run{&options};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, kPipelineStackBytes) == 0 &&
                 pthread_create(&thread, &attr, runPipelineThread, &run) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return aplc::driver::runPipeline(options, std::cout, std::cerr);
  pthread_join(thread, nullptr);
  return run.status;
}

}  // namespace

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
  if (options.check) return runCheck(options, std::cout, std::cerr);
  return runWithLargeStack(options);
}
