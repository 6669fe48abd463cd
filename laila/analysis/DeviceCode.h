// DeviceCode: whether a loop body is code that one work item of an OpenCL kernel can run
// (backend/opencl/OpenCLGen.h), and the first reason it is not.
//
// A work item declares and assigns its own scalars, loads and stores array memory, loops,
// branches, checks and calls pure functions (laila/ir/Calls.def). It allocates only what
// `allocates` accepts (a small constant block is a private array of the work item; memory
// expansion, backend/memory/Expansion.h, gives others a part of one block of the host's) and
// frees only what it allocated. It never assigns a scalar of the enclosing code, moves array
// memory, declares memory that a move fills, fills a literal array, prints or calls a function
// of the program: those stay on the host.
#pragma once

#include <functional>
#include <string>

#include "laila/ir/IR.h"

namespace aplc::laila {

// Empty when a work item can run `body`; else what it does that one cannot ("calls
// aplc_gen_grade", "allocates", …).
std::string deviceCodeBlocker(const Stmt& body, const std::function<bool(const Allocate&)>& allocates);

}  // namespace aplc::laila
