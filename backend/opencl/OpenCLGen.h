// OpenCL generator: a Laila program → one C file (the host program) that embeds the OpenCL C
// source of its kernels and runs them through backend/runtime/aplc_opencl.h.
//
// Each outermost `parallel for` whose body a work item can run becomes a kernel: one work item
// per iteration, the loops inside it sequential in the work item. A body can run on the device
// when it only declares and assigns its own scalars, loads and stores array memory, loops,
// branches and checks, and calls pure scalar functions (laila/ir/Calls.def); loops that allocate,
// free, print, call functions or assign scalars of the enclosing code stay on the host
// (reductions and scans are sequential Laila loops today: they run on the host too).
//
// Kernel bodies are printed by the C statement printer (backend/c/CStmtPrinter.h): OpenCL C reads
// the same text once the fixed-width types are typedefs (backend/runtime/aplc_scalar.h, printed
// at the head of the kernel source). A check in a kernel records its key in the failure word and
// ends the work item (aplc_opencl.h). The host code around kernels tells the runtime where it
// reads and writes arrays, so that data moves between host and device only when the other side
// needs it.
#pragma once

#include <string>

#include "backend/c/CGen.h"
#include "laila/ir/IR.h"

namespace aplc::backend {

struct OpenCLGenOptions {
  CGenOptions c;             // checks, source excerpts (openmp is ignored)
  std::string scalarHeader;  // the text of aplc_scalar.h, the head of the kernel source
};

struct OpenCLOutput {
  std::string hostC;        // compile with the C compiler, link with aplc_runtime_opencl and -lOpenCL
  std::string kernelSource; // what hostC embeds (for --emit=opencl)
  int kernelCount = 0;
};

OpenCLOutput generateOpenCL(const laila::Program& program, const OpenCLGenOptions& options);

}  // namespace aplc::backend
