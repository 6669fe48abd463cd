// Runs the C compiler (through the shell, with every argument quoted) and reports its failures.
#include "backend/c/CCompile.h"

#include <algorithm>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>

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
#ifndef APLC_BRANCH_ALIGNMENT_FLAG
#define APLC_BRANCH_ALIGNMENT_FLAG ""
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

// Another compiler than the configured one: options.compiler, else $CC.
std::optional<std::string> otherCompiler(const CCompileOptions& options) {
  if (!options.compiler.empty()) return options.compiler;
  if (const char* cc = std::getenv("CC"); cc && *cc) return std::string(cc);
  return std::nullopt;
}

std::string chooseCompiler(const CCompileOptions& options) {
  return otherCompiler(options).value_or(APLC_C_COMPILER);
}

// The library that loads GCC's libgomp at a program's first parallel region (runtime/gomp_loader.c).
std::string gompLoaderLibrary() {
  if (std::optional<std::string> prefix = installPrefix()) return *prefix + "/lib/aplc/libaplc_runtime_gomp_loader.a";
  return APLC_GOMP_LOADER_LIB;
}

// How an OpenMP program links its runtime: built by the configured GCC, with the loader of libgomp
// (no OpenMP runtime initialised at each start; dlopen may need libdl); else what -fopenmp links.
std::vector<std::string> openMpLinkFlags(const CCompileOptions& options) {
  std::string loader = APLC_GOMP_LOADER_LIB;
  if (otherCompiler(options) || loader.empty()) return {"-fopenmp"};
  return {gompLoaderLibrary(), "-ldl"};
}

// Flags the configured compiler was found to accept (backend/CMakeLists.txt): branches kept
// within 32-byte boundaries. Another compiler gets none (it may not understand them).
std::vector<std::string> configuredCompilerFlags(const CCompileOptions& options) {
  std::string alignment = APLC_BRANCH_ALIGNMENT_FLAG;
  if (otherCompiler(options) || alignment.empty()) return {};
  return {alignment};
}

struct CommandResult {
  int status = -1;  // exit status, or -1 when it did not exit normally
  std::string output;
};

// Starts a command with its output (stdout and stderr) on a pipe; finish() waits for it.
class RunningCommand {
 public:
  explicit RunningCommand(const std::string& command) : command_(command) {
    pipe_ = popen((command + " 2>&1").c_str(), "r");
    if (!pipe_) throw InternalError("cannot run the C compiler: " + command);
  }
  RunningCommand(const RunningCommand&) = delete;
  RunningCommand& operator=(const RunningCommand&) = delete;
  ~RunningCommand() {
    if (pipe_) pclose(pipe_);
  }

  CommandResult finish() {
    CommandResult result;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe_)) > 0) result.output.append(buf, n);
    int raw = pclose(pipe_);
    pipe_ = nullptr;
    if (raw != -1 && WIFEXITED(raw)) result.status = WEXITSTATUS(raw);
    return result;
  }

 private:
  std::string command_;
  FILE* pipe_ = nullptr;
};

std::string commandLine(const std::vector<std::string>& args) {
  std::string command;
  for (const std::string& a : args) command += (command.empty() ? "" : " ") + shellQuote(a);
  return command;
}

// A failed command: the user's flags are to blame when there are any, else aplc.
void reportFailure(const std::string& command, const CommandResult& r, const CCompileOptions& options) {
  if (options.userFlags) {
    throw UserError({}, "the C compiler failed with the given --cflags (exit status " + std::to_string(r.status) +
                            ")\ncommand: " + command + "\n" + r.output);
  }
  throw InternalError("the C compiler failed on generated code (exit status " + std::to_string(r.status) +
                      ")\ncommand: " + command + "\n" + r.output);
}

// Runs the commands all at once and waits for every one; reports the first that failed.
void runAll(const std::vector<std::vector<std::string>>& commands, const CCompileOptions& options) {
  std::vector<std::string> lines;
  std::vector<std::unique_ptr<RunningCommand>> running;
  for (const auto& args : commands) {
    lines.push_back(commandLine(args));
    if (options.onCommand) options.onCommand(lines.back());
    running.push_back(std::make_unique<RunningCommand>(lines.back()));
  }
  std::vector<CommandResult> results;
  for (auto& r : running) results.push_back(r->finish());
  for (size_t k = 0; k < results.size(); ++k)
    if (results[k].status != 0) reportFailure(lines[k], results[k], options);
}

}  // namespace

void compileC(const std::string& cFile, const std::string& outputFile,
              const CCompileOptions& options) {
  // -ffp-contract=off: no fused multiply-add, so doubles are bit-identical to the interpreter's.
  std::vector<std::string> compile = {chooseCompiler(options), "-std=c11", "-fwrapv", "-ffp-contract=off"};
  if (options.optimize) compile.push_back("-O3");
  for (const std::string& flag : configuredCompilerFlags(options)) compile.push_back(flag);
  compile.push_back("-I" + runtimeIncludeDir());
  if (options.sanitize) compile.insert(compile.end(), sanitizeFlags().begin(), sanitizeFlags().end());
  if (options.openmp) compile.push_back("-fopenmp");

  // What follows the sources or objects: the runtime, the libraries and the flags, then the output.
  std::vector<std::string> link;
  if (options.opencl) link.push_back(runtimeOpenCLLibrary());
  link.push_back(runtimeLibrary(options.sanitize));
  if (options.opencl) link.push_back("-lOpenCL");
  if (options.openmp) for (const std::string& flag : openMpLinkFlags(options)) link.push_back(flag);
  link.push_back("-lm");
  link.insert(link.end(), options.extraFlags.begin(), options.extraFlags.end());
  link.push_back("-o");
  link.push_back(outputFile);

  // One command compiles and links, unless the file is in parts or the link must not see
  // -fopenmp (which would link libgomp, which the loader replaces).
  bool separateLink = options.openmp && openMpLinkFlags(options)[0] != "-fopenmp";
  if (options.parts <= 1 && !separateLink) {
    std::vector<std::string> whole = compile;
    whole.push_back(cFile);
    whole.insert(whole.end(), link.begin(), link.end());
    return runAll({whole}, options);
  }
  // In parts (or one): objects next to the C file, compiled at once, then one link.
  std::vector<std::vector<std::string>> partCommands;
  std::vector<std::string> linkObjects = {chooseCompiler(options)};
  if (options.sanitize) linkObjects.insert(linkObjects.end(), sanitizeFlags().begin(), sanitizeFlags().end());
  int parts = std::max(options.parts, 1);
  for (int k = 0; k < parts; ++k) {
    std::string object = cFile + ".part" + std::to_string(k) + ".o";
    std::vector<std::string> part = compile;
    if (options.parts > 1) part.push_back("-DAPLC_PART=" + std::to_string(k));
    part.insert(part.end(), {"-c", cFile});
    part.insert(part.end(), options.extraFlags.begin(), options.extraFlags.end());
    part.insert(part.end(), {"-o", object});
    partCommands.push_back(std::move(part));
    linkObjects.push_back(object);
  }
  runAll(partCommands, options);
  linkObjects.insert(linkObjects.end(), link.begin(), link.end());
  runAll({linkObjects}, options);
  for (int k = 0; k < parts; ++k) std::remove((cFile + ".part" + std::to_string(k) + ".o").c_str());
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
