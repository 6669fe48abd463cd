// Test helper: generate C from a Laila program, compile it with CCompile, run it, and capture
// its stdout, stderr and exit status.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "backend/c/CCompile.h"
#include "backend/c/CGen.h"
#include "laila/ir/IR.h"
#include "laila/ir/Verify.h"

namespace aplc_test {

struct RunResult {
  int status = -1;  // exit status; -1 if the program did not exit normally
  std::string out, err;
  std::string cSource;
};

inline std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every test gets its own files under the build tree (ctest runs tests in parallel).
inline std::filesystem::path workPath(const std::string& name) {
  std::filesystem::path dir = std::filesystem::path(APLC_TEST_WORK_DIR) / "generated";
  std::filesystem::create_directories(dir);
  return dir / name;
}

// `runner` is a command prefix such as "valgrind --error-exitcode=99"; empty runs it directly.
inline RunResult compileAndRun(const aplc::laila::Program& program, const std::string& name,
                               const aplc::backend::CCompileOptions& options = {},
                               const std::string& runner = "",
                               const aplc::backend::CGenOptions& cgen = {}) {
  aplc::laila::verifyOrThrow(program, "building the test program");
  RunResult r;
  r.cSource = aplc::backend::generateC(program, cgen);
  auto exe = workPath(name);
  auto cFile = workPath(name + ".c");
  auto outFile = workPath(name + ".stdout");
  auto errFile = workPath(name + ".stderr");
  aplc::backend::compileCSource(r.cSource, cFile.string(), exe.string(), options);
  std::string command = runner + (runner.empty() ? "" : " ") + "'" + exe.string() + "' >'" +
                        outFile.string() + "' 2>'" + errFile.string() + "'";
  int raw = std::system(command.c_str());
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  r.out = readFile(outFile);
  r.err = readFile(errFile);
  return r;
}

}  // namespace aplc_test
