// Runs the system C compiler on a generated C file and links it with the aplc runtime.
//
// The command is `CC -std=c11 -fwrapv -ffp-contract=off [-O3] -I<runtime include> FILE.c
// <runtime library> -lm [extra flags] -o OUTPUT`, where CC is options.compiler, else $CC, else the C compiler aplc was
// configured with (CMake's CMAKE_C_COMPILER). The runtime's include directory and library are
// fixed at configure time (compile definitions APLC_RUNTIME_INCLUDE_DIR and APLC_RUNTIME_LIB).
//
// The library linked is `aplc_runtime_generated` (backend/CMakeLists.txt): the runtime's sources
// compiled once more, always without sanitizers, so generated programs link the same way whether
// or not aplc itself was built with APLC_SANITIZE=ON. To check a generated program with ASan,
// set `sanitize`: the program is compiled with -fsanitize=address,undefined and linked with
// `aplc_runtime_generated_sanitized`, the runtime built with the same flags.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace aplc::backend {

struct CCompileOptions {
  std::string compiler;                 // empty: $CC, else the configured C compiler
  bool optimize = true;                 // -O3
  std::vector<std::string> extraFlags;  // e.g. "-O2", "-g"
  // OpenMP (--target=omp): compiled with -fopenmp; linked, with the configured GCC, with the loader
  // of libgomp (runtime/gomp_loader.c, CMake's APLC_GOMP_LOADER_LIB), else with -fopenmp.
  bool openmp = false;
  bool sanitize = false;                // AddressSanitizer and UBSan (aplc --sanitize)
  std::function<void(const std::string&)> onCommand;  // called with each command before it runs
  bool userFlags = false;               // extraFlags hold the user's flags: a failure is a UserError
  bool opencl = false;                  // link the OpenCL runtime and the ICD loader (--target=opencl)
  // A file written in parts (backend/c/CGen.h partsOf): each part is compiled to an object by its
  // own C compiler, all at once, and the objects are linked.
  int parts = 1;
};

// The flags `sanitize` adds to the compile and link command.
const std::vector<std::string>& sanitizeFlags();

// Compiles `cFile` into the executable `outputFile`. Throws InternalError carrying the command
// and the compiler's output if the compiler cannot be run or fails (generated C that does not
// compile is a bug in aplc).
void compileC(const std::string& cFile, const std::string& outputFile,
              const CCompileOptions& options = {});

// Writes `source` to `cFile`, then compiles it as compileC does.
void compileCSource(const std::string& source, const std::string& cFile,
                    const std::string& outputFile, const CCompileOptions& options = {});

std::string runtimeIncludeDir();
std::string runtimeLibrary(bool sanitized = false);
std::string runtimeOpenCLLibrary();

}  // namespace aplc::backend
