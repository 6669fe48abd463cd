// CStmtPrinter: Laila statements as C, shared by the C generator (backend/c/CGen.cpp: main and
// the outlined functions) and the OpenCL generator (backend/opencl/OpenCLGen.cpp: the host program, and
// the bodies of kernels, which OpenCL C spells as C once the fixed-width types are typedefs:
// backend/runtime/aplc_scalar.h). Subclasses change what their language does its own way: the
// OpenCL kernel printer how a failing check stops a work item, the host printer how a parallel
// loop becomes a kernel launch.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backend/c/CGen.h"
#include "backend/c/ParallelRegion.h"
#include "laila/analysis/Cost.h"
#include "laila/ir/Print.h"
#include "laila/ir/Renaming.h"
#include "laila/ir/StmtPrinter.h"
#include "laila/passes/Outline.h"
#include "support/Diagnostics.h"

namespace aplc::backend {

// The C spellings the printers share (backend/c/CGen.cpp).
const char* cScalarType(laila::BaseType b);   // of a scalar: int64_t, double, bool, uint32_t
const char* cElementType(laila::BaseType b);  // of array memory's elements (bool is uint8_t)
const char* runtimeTypeTag(laila::BaseType b);
const char* runtimeErrorKind(laila::ErrorKind k);
std::string cString(const std::string& text);  // a C string literal
std::string cLoopBound(const laila::Expr& e);  // parenthesized where `i < bound` needs it

using namespace laila;

// The program's checks as one static table, `aplc_checks` (issue 12's error protocol): a failing
// check names its row (aplc_check_failed, aplc_parallel_check_failed), so that each place that
// can fail is data the program carries once, as the OpenCL kernels' tables are, and checks with the
// same error, location and message share a row.
class CheckTable {
 public:
  // The row of the check's error, location and message (added when new).
  int row(const Check* c);
  // `static const aplc_check aplc_checks[] = {...};`, or nothing when the program has no check.
  std::string definition() const;

 private:
  std::map<std::string, int> rowOf_;  // a row's initializer → its index
  std::vector<std::string> rows_;
};

// The C syntax of statements (each Laila loop kind noted in a comment; the OpenMP target threads
// the outermost parallel loops).
class CStmtPrinter : public StmtPrinter {
 public:
  explicit CStmtPrinter(const CGenOptions& options) : options_(options) {}

  std::string functionLinkage = "static";  // how function definitions begin (see signature)
  CheckTable* checks = nullptr;             // where check() puts its rows (generateCFile sets it)
  // The allocations in MemorySpace::Private (laila/analysis/PrivateMemory.h), whose frees
  // generate nothing: an automatic array ends with its scope. generateC sets it.
  std::set<Name> privateArrays;

 protected:
  std::string expr(const Expr& e) override { return cExpr(e); }
  std::string scalarType(const Type& t) override { return cScalarType(t.base); }

  void allocate(const Allocate* a, const std::string& pad) override {
    std::string elem = cElementType(a->var.type.base);
    if (a->space == MemorySpace::Private) {
      line(pad, elem + " " + a->var.name.str() + "[" + cExpr(a->count) + "];  /* private to the iteration */");
      return;
    }
    line(pad, elem + " *" + a->var.name.str() + " = (" + elem + " *)aplc_alloc_array(" + cExpr(a->count) +
                  ", sizeof(" + elem + "));");
  }

  void free(const Free* f, const std::string& pad) override {
    if (!privateArrays.count(f->var.name)) line(pad, "aplc_free_array(" + f->var.name.str() + ");");
  }

  void declareMemory(const DeclareMemory* d, const std::string& pad) override {
    std::string elem = cElementType(d->var.type.base);
    line(pad, elem + " *" + d->var.name.str() + " = NULL;  /* no block until a move */");
  }

  void check(const Check* c, const std::string& pad) override {
    if (!options_.checks) return;
    APLC_INTERNAL_CHECK(checks != nullptr, "C generator: a check printed without the program's check table");
    std::string row = "&aplc_checks[" + std::to_string(checks->row(c)) + "]";
    if (parallel_) {
      // In a loop running on threads: record the error of this iteration, skip the rest of it
      // (never reaching what the check guards); the earliest failing iteration's error is
      // reported after the loop (backend/runtime/parallel.c).
      parallel_->checks = true;
      line(pad, "if (!(" + cExpr(c->cond) + ")) {");
      line(pad + "  ", "aplc_parallel_check_failed(" + parallel_->iteration + ", " + row + ");");
      line(pad + "  ", "goto " + parallel_->label + ";");
      line(pad, "}");
      return;
    }
    line(pad, "if (!(" + cExpr(c->cond) + ")) aplc_check_failed(" + row + ");");
  }

  // Static data copied into the memory: the C compiler reads an initializer list in time linear
  // in its length (one assignment per item, at -O3, costs minutes for 100,000 items).
  void fill(const Fill* f, const std::string& pad) override {
    if (f->values.empty()) return;
    std::string elem = cElementType(f->memory.type.base);
    std::string data = "aplc_data_" + std::to_string(nextData_++);
    std::string text = "static const " + elem + " " + data + "[" + std::to_string(f->values.size()) + "] = {";
    for (size_t k = 0; k < f->values.size(); ++k) {
      if (k) text += k % 16 == 0 ? ",\n" + pad + "  " : ", ";
      text += cExpr(f->values[k]);
    }
    line(pad, "{");
    line(pad + "  ", text + "};");
    line(pad + "  ", "memcpy(" + f->memory.name.str() + ", " + data + ", sizeof " + data + ");");
    line(pad, "}");
  }

  void comment(const Comment* c, const std::string& pad) override {
    line(pad, "/* " + commentText(c->text) + " */");
  }

  // The loop of a function outlineParallelLoops made (laila/passes/Outline.h), as an orphaned
  // worksharing loop: inside a parallel region its iterations are shared among the team's
  // threads, outside one the calling thread runs them all, so one copy of the code serves both
  // (the call decides: callFunction). The loops inside stay sequential within an iteration. Its
  // checks record and skip (check): an iteration's end is a label they jump to; the caller
  // reports after the call.
  void worksharingLoop(const For* f, const std::string& pad, int indent) {
    std::string i = f->var.name.str();
    parallel_ = ThreadedLoop{i, "aplc_skip_" + i, false};
    // Equal blocks of iterations, unless their work varies (a while loop inside): then handed
    // out one at a time as threads finish.
    line(pad, std::string("#pragma omp for schedule(") + (loopIterationWorkVaries(f) ? "dynamic" : "static") + ") nowait");
    line(pad, loopHeader(f));
    // An error in a function the iteration calls is the iteration's: it unwinds to a trap
    // (backend/runtime/aplc_runtime.h, aplc_trap), which skips the rest of the iteration.
    bool trap = callsProgramFunctions(f->body);
    std::string trapName = "aplc_trap_" + i;
    if (trap) {
      parallel_->checks = true;
      line(pad + "  ", "aplc_trap " + trapName + ";");
      line(pad + "  ", "if (setjmp(" + trapName + ".env)) goto " + parallel_->label + ";");
      line(pad + "  ", "aplc_trap_enter(&" + trapName + ", " + i + ");");
    }
    body(f->body, indent);
    if (parallel_->checks) line(pad + "  ", parallel_->label + ":;");
    if (trap) line(pad + "  ", "aplc_trap_leave(&" + trapName + ");");
    line(pad, "}");
    parallel_.reset();
  }

  // A call of such a function runs it in a parallel region when there are several threads and
  // the loop has enough work: its iterations times the estimated work of one
  // (laila/analysis/Cost.h), so that 768 rows of a heavy per-point loop run on threads and
  // 2,000 additions do not. Otherwise it is a plain call: even a team of one thread costs a few
  // hundred nanoseconds, which life's 20,000 generations would pay. Then the earliest failing
  // iteration's error, if any, is reported.
  void parallelLoopCall(const CallFunction* c, const Function& callee, const For* loop, const std::string& pad) {
    Renamer atCall(argumentNames(callee, c->args));  // the loop's bounds are the callee's; the call's names
    std::string iterations = "(" + cLoopBound(atCall.mutate(loop->upper)) + ") - (" + cExpr(atCall.mutate(loop->lower)) + ")";
    std::string call = plainCall(c);
    line(pad, "if (aplc_parallel_worthwhile(" + iterations + ", " + std::to_string(loopIterationWork(loop)) + ")) {");
    line(pad + "  ", "#pragma omp parallel");
    line(pad + "  ", call);
    line(pad, "} else {");
    if (runsInlineAlone(callee)) {
      print(atCall.mutate(callee.body), static_cast<int>(pad.size() / 2) + 1);
    } else {
      line(pad + "  ", call);
    }
    line(pad, "}");
    line(pad, "aplc_parallel_report();");
  }

  // A sequential loop of parallel loops (backend/c/ParallelRegion.h). Its iterations run one at a
  // time, each parallel loop deciding for itself as elsewhere, until the thread team is started
  // (aplc_parallel_region_worthwhile); the rest then run in one parallel region, where every
  // thread runs the loop, with its own copies of the variables the loop assigns (thread 0's are
  // written back), and shares each parallel loop with the others:
  //   { int64_t aplc_next_i = lower;
  //     while (aplc_next_i < upper) {
  //       if (aplc_parallel_region_worthwhile(work, upper - aplc_next_i)) {
  //         #pragma omp parallel firstprivate(x)   { for (i = aplc_next_i; i < upper; i++) {…} }
  //         aplc_parallel_report(); break;
  //       }
  //       int64_t i = aplc_next_i++; …one iteration…
  //   } }
  void regionLoop(const For* f, const ParallelRegion& region, const std::string& pad, int indent) {
    std::string i = f->var.name.str(), next = "aplc_next_" + i;
    std::string in1 = pad + "  ", in2 = in1 + "  ", in3 = in2 + "  ", in4 = in3 + "  ";
    line(pad, "{");
    line(in1, "int64_t " + next + " = " + cExpr(f->lower) + ";");
    line(in1, "while (" + next + " < " + cLoopBound(f->upper) + ") {");
    line(in2, "if (aplc_parallel_region_worthwhile(" + regionWork(region) + ", " + cLoopBound(f->upper) + " - " + next + ")) {");
    std::string privates;
    for (const Var& v : region.assigned) {
      line(in3, variableType(v.type) + "*aplc_out_" + v.name.str() + " = &" + v.name.str() + ";");
      privates += (privates.empty() ? "" : ", ") + v.name.str();
    }
    line(in3, "#pragma omp parallel" + (privates.empty() ? std::string() : " firstprivate(" + privates + ")"));
    line(in3, "{");
    line(in4, "int64_t aplc_step = 0, aplc_loops = 0;  /* steps: parallel loops and singles */");
    line(in4, "for (int64_t " + i + " = " + next + "; " + i + " < " + cLoopBound(f->upper) + "; " + i + "++) {");
    region_ = &region;
    regionBody(f->body, indent + 4);
    region_ = nullptr;
    line(in4, "}");
    line(in4, "#pragma omp master");
    line(in4, "{");
    for (const Var& v : region.assigned) line(in4 + "  ", "*aplc_out_" + v.name.str() + " = " + v.name.str() + ";");
    line(in4 + "  ", "aplc_parallel_region_ran(aplc_loops);");
    line(in4, "}");
    line(in3, "}");
    line(in3, "aplc_parallel_report();");
    line(in3, "break;");
    line(in2, "}");
    line(in2, "int64_t " + i + " = " + next + "++;");
    body(f->body, indent + 1);
    line(in1, "}");
    line(pad, "}");
  }

  // The statements of a region's loop body (or of a block in it), each by its role
  // (backend/c/ParallelRegion.h); consecutive statements that one thread runs share one
  // `omp single`.
  void regionBody(const Stmt& s, int indent) {
    std::vector<Stmt> statements = s.as<Block>() ? s.as<Block>()->stmts : std::vector<Stmt>{s};
    std::string pad(2 * (indent + 1), ' ');
    for (size_t k = 0; k < statements.size();) {
      switch (regionRole(statements[k])) {
        case RegionRole::OneThread: {
          size_t end = k;
          while (end < statements.size() && regionRole(statements[end]) == RegionRole::OneThread) ++end;
          regionSingle({statements.begin() + k, statements.begin() + end}, indent + 1);
          k = end;
          continue;
        }
        case RegionRole::Block:
          line(pad, "{");
          regionBody(statements[k], indent + 1);
          line(pad, "}");
          break;
        case RegionRole::EveryThread:
        case RegionRole::ParallelLoop: print(statements[k], indent + 1); break;
      }
      ++k;
    }
  }

  // Statements one thread of a region runs while the others wait at the single's end: a step of
  // their own, whose checks record their error and skip the rest (as a parallel loop's
  // iteration's do), so that every thread leaves the loop after the single if one failed.
  void regionSingle(const std::vector<Stmt>& statements, int indent) {
    std::string pad(2 * indent, ' ');
    std::string label = "aplc_skip_single_" + std::to_string(nextSingle_++);
    line(pad, "aplc_parallel_region_step(++aplc_step);");
    line(pad, "#pragma omp single");
    line(pad, "{");
    parallel_ = ThreadedLoop{"0", label, false};
    for (const Stmt& s : statements) print(s, indent + 1);
    if (parallel_->checks) line(pad + "  ", label + ":;");
    parallel_.reset();
    line(pad, "}");
    line(pad, "if (aplc_parallel_failed_by(aplc_step)) break;");
  }

  // A parallel loop of a region's iteration: numbered, shared among the team's threads, then a
  // barrier (its writes are seen by what follows), then every thread leaves the loop if a check
  // failed (the error is reported after the region).
  void regionStep(const RegionStep& step, const std::string& pad) {
    line(pad, "aplc_parallel_region_step(++aplc_step);");
    line(pad, "aplc_loops++;");
    std::string args;
    for (const Param& p : step.args) args += (args.empty() ? "" : ", ") + p.var.name.str();
    line(pad, cFunctionName(step.loopFunction->name) + "(" + args + ");");
    line(pad, "#pragma omp barrier");
    line(pad, "if (aplc_parallel_failed_by(aplc_step)) break;");
  }

  // The estimated work of one iteration of a region's loop: its parallel loops' iterations times
  // the work of one (laila/analysis/Cost.h), in double (no overflow).
  static std::string regionWork(const ParallelRegion& region) {
    std::string sum;
    for (const auto& [call, step] : region.steps) {
      Renamer atCall(argumentNames(*step.loopFunction, step.args));
      sum += (sum.empty() ? "" : " + ") + std::string("(double)((") + cLoopBound(atCall.mutate(step.loop->upper)) +
             ") - (" + cExpr(atCall.mutate(step.loop->lower)) + ")) * " + std::to_string(loopIterationWork(step.loop));
    }
    return sum;
  }

  // Whether a small parallel loop's call runs a copy of the loop inline when it runs alone, as the
  // C target's code does: the call of the outlined function, and what the C compiler cannot do
  // across it, made pub_hailstone_rosetta (120,086 loops of about 30 ns in 4 ms) 10% slower than
  // the C target's program. A copy costs C compile time, so only small loops (in Laila text) get
  // one; a function with inout parameters is always called.
  static bool runsInlineAlone(const Function& callee) {
    constexpr size_t kLargestInlineLoop = 1200;  // characters of Laila: a few statements
    for (const Param& p : callee.params)
      if (p.inout) return false;
    return toString(callee.body).size() <= kLargestInlineLoop;
  }

  // `aplc_fn_f_1(a, &x);`: an inout argument is passed by address (the function copies it in
  // and writes it back).
  static std::string plainCall(const CallFunction* c) {
    std::string args;
    for (const Param& p : c->args) args += (args.empty() ? "" : ", ") + std::string(p.inout ? "&" : "") + p.var.name.str();
    return cFunctionName(c->function) + "(" + args + ");";
  }

  void callFunction(const CallFunction* c, const std::string& pad) override {
    if (region_) return regionStep(region_->steps.at(c), pad);
    if (options_.openmp) {
      auto callee = functions_.find(c->function);
      if (callee != functions_.end()) {
        if (const For* loop = parallelLoopOf(*callee->second)) return parallelLoopCall(c, *callee->second, loop, pad);
      }
    }
    line(pad, plainCall(c));
  }

 public:
  static std::string cFunctionName(const Name& name) { return functionCallName(name); }

  // `static void aplc_fn_f_1(int64_t n_2, double *m_3, int64_t *aplc_inout_x_4)`: never inlined,
  // since functions exist to keep the C compiler's work per function small (laila/passes/Outline.h).
  // `linkage` replaces `static` in a file compiled in parts (generateCFile).
  static std::string signature(const Function& f, const std::string& linkage = "static") {
    std::string params;
    for (const Param& p : f.params) {
      std::string type = variableType(p.var.type);
      if (p.inout) type += "*";
      params += (params.empty() ? "" : ", ") + type + (p.inout ? "aplc_inout_" : "") + p.var.name.str();
    }
    std::string result = f.result ? std::string(cScalarType(f.result->type.base)) : "void";
    return linkage + " __attribute__((noinline)) " + result + " " + cFunctionName(f.name) + "(" + (params.empty() ? "void" : params) + ")";
  }

  // A variable's C type, ready for its name: `int64_t `, `double *` (memory).
  static std::string variableType(const Type& t) {
    return t.memory ? std::string(cElementType(t.base)) + " *" : std::string(cScalarType(t.base)) + " ";
  }

  // The program's functions, which calls look up (the OpenMP target's parallel loops).
  void knowFunctions(const std::vector<Function>& functions) {
    for (const Function& f : functions) functions_[f.name] = &f;
  }

  // The definition: inout parameters copied into locals of the variables' names, written back at the end.
  virtual void function(const Function& f) {
    worksharing_ = options_.openmp && parallelLoopOf(f);
    line("", signature(f, functionLinkage) + " {");
    for (const Param& p : f.params) {
      if (p.inout) line("  ", variableType(p.var.type) + p.var.name.str() + " = *aplc_inout_" + p.var.name.str() + ";");
    }
    if (f.result) line("  ", variableType(f.result->type) + f.result->name.str() + " = 0;");
    body(f.body, 0);
    for (const Param& p : f.params) {
      if (p.inout) line("  ", "*aplc_inout_" + p.var.name.str() + " = " + p.var.name.str() + ";");
    }
    if (f.result) line("  ", "return " + f.result->name.str() + ";");
    line("", "}");
    worksharing_ = false;
  }

 protected:
  static std::string commentText(std::string text) {
    for (size_t p; (p = text.find("*/")) != std::string::npos;) text.replace(p, 2, "* /");
    return text;
  }

  void forLoop(const For* f, const std::string& pad, int indent) override {
    if (worksharing_ && f->loopKind == LoopKind::ParallelMap && !parallel_) return worksharingLoop(f, pad, indent);
    if (options_.openmp && !worksharing_ && !region_) {
      if (std::optional<ParallelRegion> region = parallelRegionOf(f, functions_)) return regionLoop(f, *region, pad, indent);
    }
    switch (f->loopKind) {
      case LoopKind::Sequential: break;
      case LoopKind::ParallelMap: line(pad, "/* OpenMP: parallel for */"); break;
      case LoopKind::Reduction:
      case LoopKind::Scan: {
        const Accumulator& a = *f->accumulator;
        line(pad, std::string("/* OpenMP: ") +
                      (f->loopKind == LoopKind::Scan ? "scan" : "reduction") + "(" +
                      opName(a.op) + ":" + a.var.name.str() + ")" +
                      (a.associativeCommutative ? "" : ", ordered: keep sequential") + " */");
        break;
      }
    }
    line(pad, loopHeader(f));
    body(f->body, indent);
    line(pad, "}");
  }

  // `for (int64_t i = lower; i < upper; i++) {`
  static std::string loopHeader(const For* f) {
    std::string i = f->var.name.str();
    // The bound binds tighter than `<` (a select or a comparison as the bound is parenthesized).
    return "for (int64_t " + i + " = " + cExpr(f->lower) + "; " + i + " < " + cLoopBound(f->upper) +
           "; " + i + "++) {";
  }

  void printValue(const Print* p, const std::string& pad) override {
    const char* style = p->style == PrintStyle::Apl ? "APLC_STYLE_APL" : "APLC_STYLE_TAIL";
    BaseType base = p->value.type().base;
    line(pad, "{");
    std::string in = pad + "  ";
    if (p->value.type().isScalar()) {
      line(in, std::string("const ") + cElementType(base) + " aplc_element = " + cExpr(p->value) +
                   ";");
      line(in, std::string("aplc_array_view aplc_value = aplc_scalar_view(") +
                   runtimeTypeTag(base) + ", &aplc_element);");
    } else {
      size_t rank = p->shape.size();
      std::string shape = "NULL";
      if (rank > 0) {
        line(in, "const int64_t aplc_shape[" + std::to_string(rank) + "] = {" + list(p->shape) +
                     "};");
        shape = "aplc_shape";
      }
      line(in, std::string("aplc_array_view aplc_value = aplc_view(") + runtimeTypeTag(base) +
                   ", " + std::to_string(rank) + ", " + shape + ", " + cExpr(p->value) + ");");
      if (!p->strides.empty()) {
        line(in, "const int64_t aplc_strides[" + std::to_string(rank) + "] = {" +
                     list(p->strides) + "};");
        line(in, "aplc_value.strides = aplc_strides;");
      }
    }
    line(in, std::string("(void)aplc_print(stdout, &aplc_value, ") + style + ");");
    line(pad, "}");
  }

  static std::string list(const std::vector<Expr>& es) {
    std::string s;
    for (size_t i = 0; i < es.size(); ++i) s += (i ? ", " : "") + cExpr(es[i]);
    return s;
  }

  const CGenOptions& options_;
  struct ThreadedLoop {
    std::string iteration;  // the loop variable
    std::string label;      // at the end of its body
    bool checks = false;    // some check jumps there
  };
  std::optional<ThreadedLoop> parallel_;  // the threaded loop being printed (OpenMP)
  const ParallelRegion* region_ = nullptr;  // the parallel region whose loop is being printed (OpenMP)
  int nextSingle_ = 0;                       // numbers the labels of its singles
  bool worksharing_ = false;  // printing a function outlineParallelLoops made (OpenMP)
  std::map<Name, const Function*> functions_;  // the program's (knowFunctions)
  int nextData_ = 0;
};

// What a generator adds to the C file generateCFile assembles.
struct GeneratedFileParts {
  std::string generator;     // its source file, named in the first comment
  std::string includes;      // after aplc_runtime.h's
  std::string definitions;   // after the source excerpts, before the functions
  std::string mainPrologue;  // main's first statements after aplc_runtime_init()
};

// A whole C file: includes, the program's functions printed by `functions` and its body by
// `main` (both printers start empty), and the generator's parts.
std::string generateCFile(const Program& program, const CGenOptions& options, CStmtPrinter& functions,
                          CStmtPrinter& main, const GeneratedFileParts& parts);

}  // namespace aplc::backend
