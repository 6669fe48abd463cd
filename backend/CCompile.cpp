// Runs the C compiler (through the shell, with every argument quoted) and reports its failures.
#include "backend/CCompile.h"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "support/Diagnostics.h"
#include "support/Install.h"

#ifndef APLC_RUNTIME_INCLUDE_DIR
#error "APLC_RUNTIME_INCLUDE_DIR must be defined (backend/CMakeLists.txt)"
#endif
#ifndef APLC_RUNTIME_LIB
#error "APLC_RUNTIME_LIB must be defined (backend/CMakeLists.txt)"
#endif
#ifndef APLC_RUNTIME_SANITIZED_LIB
#error "APLC_RUNTIME_SANITIZED_LIB must be defined (backend/CMakeLists.txt)"
#endif
#ifndef APLC_RUNTIME_OPENCL_LIB
#error "APLC_RUNTIME_OPENCL_LIB must be defined (backend/CMakeLists.txt)"
#endif
#ifndef APLC_C_COMPILER
#define APLC_C_COMPILER "cc"
#endif

namespace aplc::backend {

// An installed aplc uses its installation's copies (support/Install.h); the build tree's binary
// the paths fixed at configure time.
std::string runtimeIncludeDir() {
  if (std::optional<std::string> prefix = installPrefix()) return *prefix + "/share/aplc/include";
  return APLC_RUNTIME_INCLUDE_DIR;
}
std::string runtimeLibrary(bool sanitized) {
  if (std::optional<std::string> prefix = installPrefix())
    return *prefix + (sanitized ? "/lib/aplc/libaplc_runtime_generated_sanitized.a" : "/lib/aplc/libaplc_runtime_generated.a");
  return sanitized ? APLC_RUNTIME_SANITIZED_LIB : APLC_RUNTIME_LIB;
}

std::string runtimeOpenCLLibrary() {
  if (std::optional<std::string> prefix = installPrefix()) return *prefix + "/lib/aplc/libaplc_runtime_opencl.a";
  return APLC_RUNTIME_OPENCL_LIB;
}

const std::vector<std::string>& sanitizeFlags() {
  static const std::vector<std::string> flags = {"-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                                                 "-fno-sanitize-recover=undefined"};
  return flags;
}

namespace {

std::string shellQuote(const std::string& arg) {
  std::string q = "'";
  for (char c : arg) {
    if (c == '\'') {
      q += "'\\''";
    } else {
      q += c;
    }
  }
  return q + "'";
}

std::string chooseCompiler(const CCompileOptions& options) {
  if (!options.compiler.empty()) return options.compiler;
  if (const char* cc = std::getenv("CC"); cc && *cc) return cc;
  return APLC_C_COMPILER;
}

struct CommandResult {
  int status = -1;  // exit status, or -1 when it did not exit normally
  std::string output;
};

CommandResult runCapturingOutput(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) throw InternalError("cannot run the C compiler: " + command);
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) result.output.append(buf, n);
  int raw = pclose(pipe);
  if (raw != -1 && WIFEXITED(raw)) result.status = WEXITSTATUS(raw);
  return result;
}

}  // namespace

void compileC(const std::string& cFile, const std::string& outputFile,
              const CCompileOptions& options) {
  // -ffp-contract=off: no fused multiply-add, so doubles are bit-identical to the interpreter's.
  std::vector<std::string> args = {chooseCompiler(options), "-std=c11", "-fwrapv", "-ffp-contract=off"};
  if (options.optimize) args.push_back("-O3");
  args.push_back("-I" + runtimeIncludeDir());
  if (options.sanitize) args.insert(args.end(), sanitizeFlags().begin(), sanitizeFlags().end());
  args.push_back(cFile);
  if (options.opencl) args.push_back(runtimeOpenCLLibrary());
  args.push_back(runtimeLibrary(options.sanitize));
  if (options.opencl) args.push_back("-lOpenCL");
  args.push_back("-lm");
  for (const std::string& f : options.extraFlags) args.push_back(f);
  args.push_back("-o");
  args.push_back(outputFile);

  std::string command;
  for (const std::string& a : args) command += (command.empty() ? "" : " ") + shellQuote(a);
  if (options.onCommand) options.onCommand(command);
  CommandResult r = runCapturingOutput(command);
  if (r.status != 0 && options.userFlags) {
    throw UserError({}, "the C compiler failed with the given --cflags (exit status " + std::to_string(r.status) +
                            ")\ncommand: " + command + "\n" + r.output);
  }
  if (r.status != 0) {
    throw InternalError("the C compiler failed on generated code (exit status " +
                        std::to_string(r.status) + ")\ncommand: " + command + "\n" + r.output);
  }
}

void compileCSource(const std::string& source, const std::string& cFile,
                    const std::string& outputFile, const CCompileOptions& options) {
  {
    std::ofstream out(cFile, std::ios::binary);
    out << source;
    if (!out) throw InternalError("cannot write the generated C file " + cFile);
  }
  compileC(cFile, outputFile, options);
}

}  // namespace aplc::backend
