// OpenCL generator: kernels from outermost parallel loops, and the host program that launches
// them (see OpenCLGen.h).
#include "backend/opencl/OpenCLGen.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "backend/c/CStmtPrinter.h"
#include "backend/opencl/PointTiles.h"
#include "laila/analysis/Cost.h"
#include "laila/analysis/DeviceCode.h"
#include "laila/analysis/PrivateMemory.h"
#include "laila/ir/Calls.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::backend {

using namespace laila;

namespace {

// What a statement uses, declares and writes (what a work item can run: laila/analysis/DeviceCode.h).
class UseScan : public IRVisitor {
 public:
  std::vector<Var> used;  // every variable read or written, in first-use order
  std::set<Name> declared;   // scalars, loop variables and memory declared inside
  std::set<Name> assigned;   // scalars assigned (Assign)
  std::set<Name> written;    // memory stored into, filled, or passed to a call that may write it

  void scan(const Stmt& s) { include(s); }
  void scan(const Expr& e) { include(e); }

  // The memory it uses that is not declared inside it.
  std::vector<Var> memories() const {
    std::vector<Var> vs;
    for (const Var& v : used)
      if (v.type.memory && !declared.count(v.name)) vs.push_back(v);
    return vs;
  }

 protected:
  void visit(const Variable* v) override { use(v->var()); }
  void visit(const Call* c) override {
    std::optional<unsigned> effects = callEffects(c->function);
    if (effects && (*effects & WritesMemory)) {
      for (const Expr& a : c->args)
        if (auto* v = a.as<Variable>(); v && v->type.memory) written.insert(v->name);
    }
    IRVisitor::visit(c);
  }
  void visit(const Decl* d) override {
    declared.insert(d->var.name);
    IRVisitor::visit(d);
  }
  void visit(const Assign* a) override {
    use(a->var);
    assigned.insert(a->var.name);
    IRVisitor::visit(a);
  }
  void visit(const Store* s) override {
    use(s->memory);
    written.insert(s->memory.name);
    IRVisitor::visit(s);
  }
  void visit(const For* f) override {
    declared.insert(f->var.name);
    IRVisitor::visit(f);
  }
  void visit(const Allocate* a) override {
    declared.insert(a->var.name);
    IRVisitor::visit(a);
  }
  void visit(const Free* f) override { use(f->var); }
  void visit(const DeclareMemory* d) override { declared.insert(d->var.name); }
  void visit(const Fill* f) override {
    use(f->memory);
    written.insert(f->memory.name);
  }
  void visit(const CallFunction* c) override {
    for (const Param& p : c->args) {
      use(p.var);
      if (p.var.type.memory) written.insert(p.var.name);
      if (p.inout) assigned.insert(p.var.name);
    }
  }

 private:
  std::set<Name> usedNames_;
  void use(const Var& v) {
    if (usedNames_.insert(v.name).second) used.push_back(v);
  }
};

// A parallel loop that runs as a kernel, with what it takes from the host.
struct Kernel {
  int index = 0;
  std::string name;         // aplc_kernel_<index>
  std::vector<Var> params;  // scalars and memory from outside the loop, in first-use order
  std::set<Name> written;   // the memory among them it stores into
  std::string checkTable;   // the host's aplc_cl_check array for its checks ("NULL": none)
  int checkCount = 0;
};

// Whether `f` can be a kernel: its body does only what a work item can (laila/analysis/DeviceCode.h;
// a small constant allocation is a private array of the work item, laila/analysis/PrivateMemory.h).
std::optional<Kernel> kernelFor(const For* f) {
  if (f->loopKind != LoopKind::ParallelMap) return std::nullopt;
  if (!deviceCodeBlocker(f->body, [](const Allocate& a) { return fitsPrivateMemory(a); }).empty()) return std::nullopt;
  UseScan scan;
  scan.scan(f->body);
  Kernel k;
  for (const Var& v : scan.used)
    if (!scan.declared.count(v.name) && !(v.name == f->var.name)) k.params.push_back(v);
  k.written = scan.written;
  return k;
}

// The OpenCL C type of a kernel parameter: memory is global; bool and char scalars come as uint
// (OpenCL kernels take no bool arguments).
std::string kernelParamType(const Type& t) {
  if (t.memory) return std::string("__global ") + cElementType(t.base) + " *";
  if (t.base == BaseType::Bool || t.base == BaseType::Char) return "uint32_t ";
  return std::string(cScalarType(t.base)) + " ";
}

// The most work items a kernel may have for its loops that read memory to end with barriers on
// CPU devices (KernelPrinter).
constexpr int64_t kFewWorkItems = 4096;

// The fewest iterations, known at compile time, of a loop that reads memory for its kernel to take
// a point tile on CPU devices (PointTiles.h; only kernels of more than kFewWorkItems work items
// take one). The lanes' loads are gathers, which pay only where
// the loop is long enough for the lanes' independent chains of arithmetic to count: matrix
// product's ordered dot products of 1000 in tiles took 0.8 s, not 1.3 s; k-means' distances, 34
// long, took 0.75 s, not 0.26 s.
constexpr int64_t kLongLoop = 256;

// What a statement has in it, at any depth: the reasons not to end a loop with a barrier.
struct Inside {
  bool loop = false, check = false, load = false;
};
Inside inside(const Stmt& s) {
  struct Finder : IRVisitor {
    Inside found;
    using IRVisitor::visit;
    void visit(const For* op) override {
      found.loop = true;
      IRVisitor::visit(op);
    }
    void visit(const Check* op) override {
      found.check = true;
      IRVisitor::visit(op);
    }
    void visit(const Load* op) override {
      found.load = true;
      IRVisitor::visit(op);
    }
  } finder;
  finder.include(s);
  return finder.found;
}

// Whether every work item computes the same value: constants and the host's scalars only.
bool uniformExpr(const Expr& e, const std::set<Name>& hostScalars) {
  struct Reads : IRVisitor {
    const std::set<Name>& host;
    bool uniform = true;
    explicit Reads(const std::set<Name>& h) : host(h) {}
    using IRVisitor::visit;
    void visit(const Variable* v) override { uniform = uniform && host.count(v->name); }
    void visit(const Load*) override { uniform = false; }
    void visit(const Call*) override { uniform = false; }
  } reads(hostScalars);
  reads.include(e);
  return reads.uniform;
}

// A kernel's body: the loop body for one iteration, its checks recording their key in the
// failure word and ending the work item.
//
// On CPU devices (the host builds the kernels with -DAPLC_CPU_DEVICE), the innermost sequential
// loops that every work item of a work group runs alike end their body with a barrier
// (APLC_UNIFORM_LOOP_END): a CPU driver runs the work items of a work group as a loop, and a
// barrier makes it a loop over the work items inside each iteration, which it vectorizes (POCL
// could not vectorize a work item's loop around mandelbrot's 255 iterations: 0.46 s, 0.23 s with
// the barrier; a kernel of that shape now takes a point tile instead, PointTiles.h, and no
// barrier). Sequential loops only, whose iterations depend on each other (a per-point
// power's), and that read no memory (their state is in scalars): a parallel or reduction loop
// inside a work item vectorizes along itself, and a barrier there made hotspot's kernels 6 times
// slower; in the ordered dot products of matrix product and k-means, which read two arrays an
// iteration, 1.5 times slower (POCL keeps the values live across a barrier in memory, a slot per
// work item). Only where every work item reaches each barrier: loops whose bounds are
// constants or the host's scalars, under no if, while or loop that is not such a loop, in a
// kernel with no check (a failing check ends its work item early); the launch's global size is
// exactly the iterations (backend/runtime/opencl.c), so no work item leaves at the start. On
// other devices the macro is empty.
//
// A kernel of few work items (at most kFewWorkItems, known at compile time) also ends loops that
// read memory with the barrier: its work group is small, so the slots fit in the cache, and
// without the barrier each work item walks its own column of a long loop. k-means' sums of the
// points per centre (8 × 34 work items, 10⁵ iterations each) ran 2.6 times faster with it.
class KernelPrinter : public CStmtPrinter {
 public:
  KernelPrinter(const CGenOptions& options, std::set<Name> hostScalars, bool barriers, bool fewWorkItems)
      : CStmtPrinter(options), hostScalars_(std::move(hostScalars)), barriers_(barriers), fewWorkItems_(fewWorkItems) {}
  std::vector<const Check*> checks;
  bool barrierPrinted = false;  // a loop ends with APLC_UNIFORM_LOOP_END

  void print(const Stmt& s, int indent) override {
    bool branch = s.defined() && (s.kind() == StmtKind::IfThenElse || s.kind() == StmtKind::While);
    divergent_ += branch;
    CStmtPrinter::print(s, indent);
    divergent_ -= branch;
  }

 protected:
  // A kernel's allocations are small and constant (kernelFor): private arrays of the work item.
  void allocate(const Allocate* a, const std::string& pad) override {
    line(pad, std::string(cElementType(a->var.type.base)) + " " + a->var.name.str() + "[" + cExpr(a->count) + "];");
  }
  void free(const Free*, const std::string&) override {}

 protected:
  void forLoop(const For* f, const std::string& pad, int indent) override {
    bool uniform = barriers_ && divergent_ == 0 && uniformExpr(f->lower, hostScalars_) &&
                   uniformExpr(f->upper, hostScalars_);
    Inside within = inside(f->body);
    if (!uniform || f->loopKind != LoopKind::Sequential || within.loop || (within.load && !fewWorkItems_)) {
      divergent_ += !uniform;
      CStmtPrinter::forLoop(f, pad, indent);
      divergent_ -= !uniform;
      return;
    }
    line(pad, loopHeader(f));
    body(f->body, indent);
    line(pad + "  ", "APLC_UNIFORM_LOOP_END;");
    barrierPrinted = true;
    line(pad, "}");
  }

 public:
  // The kernel's body on CPU devices when it has a point tile (PointTiles.h): each work item runs
  // kPointTile items, the first at get_global_id(0) × kPointTile.
  void pointTileBody(const PointTile& t) {
    std::string tile = std::to_string(kPointTile), lane = t.lane.name.str();
    line("  ", "const long aplc_first = (long)get_global_id(0) * " + tile + ";");
    line("  ", "if (aplc_first >= aplc_count) return;");
    for (const Var& v : t.tiles) line("  ", std::string(cElementType(v.type.base)) + " " + v.name.str() + "[" + tile + "];");
    std::string lanes = "for (int64_t " + lane + " = 0; " + lane + " < " + tile + "; " + lane + "++) {";
    line("  ", "#pragma unroll");
    line("  ", lanes);
    line("    ", t.index.name.str() + "[" + lane + "] = aplc_lower + min(aplc_first + " + lane + ", aplc_count - 1);");
    for (const Stmt& s : t.before) print(s, 2);
    line("  ", "}");
    line("  ", loopHeader(t.loop));
    line("    ", "#pragma unroll");
    line("    ", lanes);
    body(t.loopBody, 2);
    line("    ", "}");
    line("  ", "}");
    line("  ", "#pragma unroll");
    line("  ", lanes);
    line("    ", "if (aplc_first + " + lane + " < aplc_count) {");
    for (const Stmt& s : t.after) print(s, 3);
    line("    ", "}");
    line("  ", "}");
  }

 protected:
  void check(const Check* c, const std::string& pad) override {
    if (!options_.checks) return;
    std::string key = "(int)(aplc_item * APLC_CHECKS + " + std::to_string(checks.size()) + ")";
    checks.push_back(c);
    line(pad, "if (!(" + cExpr(c->cond) + ")) {");
    line(pad + "  ", "atomic_min(aplc_fail, " + key + ");");
    line(pad + "  ", "return;");
    line(pad, "}");
  }

 private:
  std::set<Name> hostScalars_;  // the kernel's scalar parameters: the same in every work item
  bool barriers_;               // no check can end a work item early
  bool fewWorkItems_;           // at most kFewWorkItems work items: loops that load end with barriers too
  int divergent_ = 0;           // ifs, whiles and non-uniform loops around what is printed
};

// The kernels of a program and the functions whose bodies (or callees) launch some.
class KernelPlan {
 public:
  KernelPlan(const Program& program, const CGenOptions& options) : options_(options) {
    for (const Function& f : program.functions) functionBodies_[f.name] = f.body;
    for (const Function& f : program.functions) find(f.body);
    if (program.body.defined()) find(program.body);
  }

  const Kernel* kernelOf(const For* f) const {
    auto it = kernels_.find(f);
    return it == kernels_.end() ? nullptr : &it->second;
  }

  // Whether the statement launches a kernel, itself or through the functions it calls.
  bool launches(const Stmt& s) {
    auto it = launches_.find(s.get());
    if (it != launches_.end()) return it->second;
    bool result = false;
    switch (s.kind()) {
      case StmtKind::For: {
        auto* f = s.as<For>();
        result = kernelOf(f) || launches(f->body);
        break;
      }
      case StmtKind::While: result = launches(s.as<While>()->body); break;
      case StmtKind::IfThenElse: {
        auto* i = s.as<IfThenElse>();
        result = launches(i->thenCase) || (i->elseCase.defined() && launches(i->elseCase));
        break;
      }
      case StmtKind::Block:
        for (const Stmt& x : s.as<Block>()->stmts) result = result || launches(x);
        break;
      case StmtKind::CallFunction: {
        auto f = functionBodies_.find(s.as<CallFunction>()->function);
        result = f != functionBodies_.end() && launches(f->second);
        break;
      }
      default: break;
    }
    launches_[s.get()] = result;
    return result;
  }

  std::string source;       // the kernels in OpenCL C
  std::vector<std::string> names;
  std::vector<bool> barriers;  // per kernel: whether its work items meet at barriers (CPU devices)
  std::vector<int> tiles;      // per kernel: the items a work item runs on CPU devices (PointTiles.h)
  std::string checkTables;  // host definitions of the kernels' check tables

 private:
  // Outermost kernel-able parallel loops, anywhere in host code.
  void find(const Stmt& s) {
    if (!s.defined()) return;
    switch (s.kind()) {
      case StmtKind::For: {
        auto* f = s.as<For>();
        if (std::optional<Kernel> k = kernelFor(f)) return add(f, std::move(*k));
        if (f->loopKind == LoopKind::Sequential) find(f->body);
        return;
      }
      case StmtKind::While: return find(s.as<While>()->body);
      case StmtKind::IfThenElse:
        find(s.as<IfThenElse>()->thenCase);
        return find(s.as<IfThenElse>()->elseCase);
      case StmtKind::Block:
        for (const Stmt& x : s.as<Block>()->stmts) find(x);
        return;
      default: return;
    }
  }

  void add(const For* f, Kernel k) {
    k.index = int(names.size());
    k.name = "aplc_kernel_" + std::to_string(k.index);
    names.push_back(k.name);
    std::set<Name> hostScalars;
    for (const Var& v : k.params)
      if (!v.type.memory) hostScalars.insert(v.name);
    std::optional<int64_t> items = asIntConst(simplify(f->upper - f->lower));
    bool noChecks = !(options_.checks && inside(f->body).check);
    bool fewWorkItems = items && *items <= kFewWorkItems;
    // Point tiles only where there are many work items: a sixteenth of a few would leave a
    // many-core CPU's cores idle (few work items end their loops with barriers instead).
    std::optional<PointTile> tile;
    if (noChecks && !fewWorkItems) {
      tile = pointTile(
          f,
          [&](const For* loop) { return uniformExpr(loop->lower, hostScalars) && uniformExpr(loop->upper, hostScalars); },
          [&](const For* loop) {
            std::optional<int64_t> n = asIntConst(simplify(loop->upper - loop->lower));
            return n && *n >= kLongLoop;
          });
    }
    // With a point tile, the body below is only for other devices than CPUs: no barriers.
    KernelPrinter body(options_, hostScalars, noChecks && !tile, fewWorkItems);
    body.body(f->body, 0);
    std::string params;
    for (const Var& v : k.params) params += kernelParamType(v.type) + v.name.str() + ", ";
    source += "\n__kernel void " + k.name + "(" + params +
              "long aplc_lower, long aplc_count, volatile __global int *aplc_fail) {\n";
    if (tile) {
      KernelPrinter tiled(options_, hostScalars, false, false);
      tiled.pointTileBody(*tile);
      source += "#ifdef APLC_CPU_DEVICE\n" + tiled.out + "#else\n";
    }
    source += "  const long aplc_item = (long)get_global_id(0);\n";
    source += "  if (aplc_item >= aplc_count) return;\n";
    source += "  const int64_t " + f->var.name.str() + " = aplc_lower + aplc_item;\n";
    k.checkCount = int(body.checks.size());
    if (k.checkCount > 0) {
      source += "#define APLC_CHECKS " + std::to_string(k.checkCount) + "\n";
      k.checkTable = "aplc_checks_" + std::to_string(k.index);
      checkTables += "static const aplc_cl_check " + k.checkTable + "[] = {\n";
      for (const Check* c : body.checks) {
        checkTables += "  {" + std::string(runtimeErrorKind(c->errorKind)) + ", " +
                       (c->loc.file.empty() ? "NULL" : cString(c->loc.file)) + ", " + std::to_string(c->loc.line) +
                       ", " + std::to_string(c->loc.col) + ", " + cString(c->message) + "},\n";
      }
      checkTables += "};\n";
    } else {
      k.checkTable = "NULL";
    }
    source += body.out;
    if (k.checkCount > 0) source += "#undef APLC_CHECKS\n";
    if (tile) source += "#endif\n";
    source += "}\n";
    barriers.push_back(body.barrierPrinted);
    tiles.push_back(tile ? kPointTile : 1);
    kernels_.emplace(f, std::move(k));
  }

  const CGenOptions& options_;
  std::map<const For*, Kernel> kernels_;
  std::map<Name, Stmt> functionBodies_;
  std::map<const StmtNode*, bool> launches_;
};

std::string joinCalls(const char* function, const std::vector<Var>& memories, const std::string& pad) {
  std::string s;
  for (const Var& m : memories) s += pad + function + "(" + m.name.str() + ");\n";
  return s;
}

// The host program: C, with kernel launches in place of the kernels' loops, and calls that keep
// the runtime's record of where each array is current around host code that touches arrays.
class HostPrinter : public CStmtPrinter {
 public:
  HostPrinter(const CGenOptions& options, KernelPlan& plan) : CStmtPrinter(options), plan_(plan) {}

  void print(const Stmt& s, int indent) override {
    if (insideHostStatement_) return CStmtPrinter::print(s, indent);
    std::string pad(2 * indent, ' ');
    if (auto* f = s.as<For>()) {
      if (const Kernel* k = plan_.kernelOf(f)) return launchOrCheckOnHost(s, f, *k, indent);
    }
    if (!plan_.launches(s)) return hostStatement(s, indent);
    // A statement with launches inside: its own expressions are read on the host; its body is
    // printed statement by statement (this function again).
    if (auto* w = s.as<While>()) return whileLoop(w, pad, indent);
    hostReads(headerExpressions(s), pad);
    CStmtPrinter::print(s, indent);
  }

  // A function that launches nothing is host code throughout: its callers' statements bring its
  // array arguments to the host and mark them written.
  void function(const Function& f) override {
    bool hostOnly = !plan_.launches(f.body);
    insideHostStatement_ = hostOnly;
    CStmtPrinter::function(f);
    insideHostStatement_ = false;
  }

 protected:
  // Host allocations: registered fresh where kernels may write them first (at a level with
  // launches), as written by the host inside host statements (which may fill them and move them
  // out, where the names at this level cannot say so).
  void allocate(const Allocate* a, const std::string& pad) override {
    CStmtPrinter::allocate(a, pad);
    std::string elem = cElementType(a->var.type.base);
    line(pad, "aplc_cl_register(" + a->var.name.str() + ", " + cExpr(a->count) + ", sizeof(" + elem + "), " +
                  (insideHostStatement_ ? "1" : "0") + ");");
  }

  void free(const Free* f, const std::string& pad) override {
    line(pad, "aplc_cl_release(" + f->var.name.str() + ");");
    CStmtPrinter::free(f, pad);
  }

 private:
  // A statement with no launch: the arrays it uses are brought to the host first, those it may
  // write are marked as written after. Moves of memory copy a pointer and touch no element.
  void hostStatement(const Stmt& s, int indent) {
    std::string pad(2 * indent, ' ');
    if (auto* a = s.as<Assign>(); a && a->var.type.memory) return CStmtPrinter::print(s, indent);
    if (s.as<Allocate>() || s.as<Free>() || s.as<DeclareMemory>()) return CStmtPrinter::print(s, indent);
    UseScan scan;
    scan.scan(s);
    std::vector<Var> memories = scan.memories();
    out += joinCalls("aplc_cl_host_use", memories, pad);
    bool outer = insideHostStatement_;
    insideHostStatement_ = true;
    CStmtPrinter::print(s, indent);
    insideHostStatement_ = outer;
    // A move inside may leave a block written here under another name than the one it was
    // written through (`x[0] = 1; y = x; x = e`, elideCopies' moves): then the arrays moved into
    // are marked written too, by the names that hold them after the statement.
    bool moves = std::any_of(memories.begin(), memories.end(), [&](const Var& m) { return scan.assigned.count(m.name) > 0; });
    std::vector<Var> written;
    for (const Var& m : memories)
      if (scan.written.count(m.name) || (moves && scan.assigned.count(m.name))) written.push_back(m);
    out += joinCalls("aplc_cl_host_wrote", written, pad);
  }

  void hostReads(const std::vector<Expr>& exprs, const std::string& pad) {
    UseScan scan;
    for (const Expr& e : exprs) scan.scan(e);
    out += joinCalls("aplc_cl_host_use", scan.memories(), pad);
  }

  static std::vector<Expr> headerExpressions(const Stmt& s) {
    if (auto* f = s.as<For>()) return {f->lower, f->upper};
    if (auto* i = s.as<IfThenElse>()) return {i->cond};
    return {};
  }

  // A while loop around launches: arrays its condition reads are brought to the host before
  // each test.
  void whileLoop(const While* w, const std::string& pad, int indent) {
    UseScan scan;
    scan.scan(w->cond);
    std::string cond;
    for (const Var& m : scan.memories()) cond += "aplc_cl_host_use(" + m.name.str() + "), ";
    line(pad, "while (" + (cond.empty() ? cExpr(w->cond) : "(" + cond + cExpr(w->cond) + ")") + ") {");
    body(w->body, indent);
    line(pad, "}");
  }

  // A kernel that touches no memory only checks (a validation loop: the elements of an array
  // computed for their errors, before the code that reads them computes them again). Up to
  // aplc_cl_host_check_iterations() iterations (any on a CPU device) it runs on the host, where
  // a launch costs more than the loop: the sieve's 446 validations of each prime's multiples
  // took 0.42 s of its 0.84 s as kernels on POCL.
  void launchOrCheckOnHost(const Stmt& s, const For* f, const Kernel& k, int indent) {
    std::string pad(2 * indent, ' ');
    UseScan scan;
    scan.scan(s);
    bool touchesMemory = std::any_of(scan.used.begin(), scan.used.end(), [](const Var& v) { return v.type.memory; });
    hostReads({f->lower, f->upper}, pad);
    if (touchesMemory) return launchOrRunOnHost(s, f, k, indent);
    line(pad, "if ((" + cExpr(f->upper) + ") - (" + cExpr(f->lower) + ") <= aplc_cl_host_check_iterations()) {");
    bool outer = insideHostStatement_;
    insideHostStatement_ = true;
    CStmtPrinter::print(s, indent + 1);
    insideHostStatement_ = outer;
    line(pad, "} else {");
    launch(f, k, pad + "  ");
    line(pad, "}");
  }

  // A loop small enough (aplc_cl_on_host: on a CPU device, APLC_OPENCL_HOST_WORK operations in all)
  // runs on the host, as a host statement; else its kernel is launched. A kernel launch on POCL
  // costs more than the game of life's 40 × 40 boards do.
  void launchOrRunOnHost(const Stmt& s, const For* f, const Kernel& k, int indent) {
    std::string pad(2 * indent, ' ');
    std::string iterations = "(" + cExpr(f->upper) + ") - (" + cExpr(f->lower) + ")";
    line(pad, "if (aplc_cl_on_host(" + iterations + ", " + std::to_string(loopIterationWork(f)) + ")) {");
    hostStatement(s, indent + 1);
    line(pad, "} else {");
    launch(f, k, pad + "  ");
    line(pad, "}");
  }

  // The launch of f's kernel (its bounds already read on the host).
  void launch(const For* f, const Kernel& k, const std::string& pad) {
    std::string id = std::to_string(k.index);
    line(pad, "/* parallel loop " + f->var.name.str() + ": " + k.name + " */");
    for (size_t a = 0; a < k.params.size(); ++a) {
      const Var& v = k.params[a];
      std::string args = id + ", " + std::to_string(a) + ", " + v.name.str();
      if (v.type.memory) {
        line(pad, "aplc_cl_arg_memory(" + args + ", " + (k.written.count(v.name) ? "1" : "0") + ");");
      } else if (v.type.base == BaseType::Double) {
        line(pad, "aplc_cl_arg_double(" + args + ");");
      } else if (v.type.base == BaseType::Int) {
        line(pad, "aplc_cl_arg_int(" + args + ");");
      } else {
        line(pad, "aplc_cl_arg_uint(" + id + ", " + std::to_string(a) + ", (uint32_t)" + v.name.str() + ");");
      }
    }
    line(pad, "aplc_cl_launch(" + id + ", " + std::to_string(k.params.size()) + ", " + cExpr(f->lower) + ", " +
                  cExpr(f->upper) + ", " + k.checkTable + ", " + std::to_string(k.checkCount) + ");");
  }

  KernelPlan& plan_;
  bool insideHostStatement_ = false;
};

// The kernel source as a C string literal, a line of source a line of C.
std::string cStringLines(const std::string& text) {
  std::string s;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size() - 1;
    s += "  " + cString(text.substr(start, end - start + 1)) + "\n";
    start = end + 1;
  }
  return s.empty() ? "  \"\"\n" : s;
}

}  // namespace

OpenCLOutput generateOpenCL(const Program& program, const OpenCLGenOptions& options) {
  CGenOptions c = options.c;
  c.openmp = false;
  c.parts = 1;  // one file: the kernels' source and the runtime's program are the file's own
  KernelPlan plan(program, c);
  OpenCLOutput output;
  output.kernelCount = int(plan.names.size());
  output.kernelSource = "/* Kernels generated by aplc (backend/opencl/OpenCLGen.cpp). */\n" + options.scalarHeader +
                        "\n/* The end of a loop body all work items run alike: a barrier on CPU devices, where it lets\n"
                        " * the driver vectorize across work items (OpenCLGen.cpp, KernelPrinter). */\n"
                        "#ifdef APLC_CPU_DEVICE\n#define APLC_UNIFORM_LOOP_END barrier(CLK_LOCAL_MEM_FENCE)\n"
                        "#else\n#define APLC_UNIFORM_LOOP_END\n#endif\n" + plan.source;

  std::string definitions = "\n/* The kernels (OpenCL C), built at the first launch. */\n";
  definitions += "static const char aplc_kernel_source[] =\n" + cStringLines(output.kernelSource) + ";\n";
  std::string names;
  for (const std::string& n : plan.names) names += cString(n) + ", ";
  definitions += "static const char *const aplc_kernel_names[] = {" + names + "NULL};\n";
  std::string barriers;
  for (bool b : plan.barriers) barriers += b ? "1, " : "0, ";
  definitions += "/* Whether each kernel's work items meet at barriers (on CPU devices). */\n";
  definitions += "static const unsigned char aplc_kernel_barriers[] = {" + barriers + "0};\n";
  std::string tiles;
  for (int t : plan.tiles) tiles += std::to_string(t) + ", ";
  definitions += "/* The items each work item of each kernel runs (on CPU devices). */\n";
  definitions += "static const unsigned char aplc_kernel_tiles[] = {" + tiles + "1};\n";
  if (!plan.checkTables.empty()) definitions += "/* The checks of each kernel, by number. */\n" + plan.checkTables;

  HostPrinter functions(c, plan), main(c, plan);
  output.hostC = generateCFile(program, c, functions, main,
                               {"backend/opencl/OpenCLGen.cpp", "#include \"aplc_opencl.h\"\n", definitions,
                                "  aplc_cl_program(aplc_kernel_source, " + std::to_string(output.kernelCount) +
                                    ", aplc_kernel_names, aplc_kernel_barriers, aplc_kernel_tiles);\n"});
  return output;
}

}  // namespace aplc::backend
