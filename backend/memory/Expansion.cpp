// Expansion: per-iteration allocations of parallel loops as parts of one block (see Expansion.h).
#include "backend/memory/Expansion.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "backend/memory/Copies.h"
#include "backend/memory/Lmad.h"
#include "laila/analysis/DeviceCode.h"
#include "laila/analysis/PrivateMemory.h"
#include "laila/analysis/UpperBounds.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"

namespace aplc::memory {

using namespace laila;

namespace {

// The largest part an iteration gets: the language's arrays stop far below (LIMIT ERROR), and it
// keeps a chunk's bytes, summed over the parts, far from overflow.
constexpr int64_t kLargestPart = int64_t(1) << 31;

int64_t elementBytes(BaseType b) { return b == BaseType::Bool ? 1 : b == BaseType::Char ? 4 : 8; }

// The heap allocations of a loop body that expansion can take: not small constant ones (private
// arrays), freed in their own statement list, mentioned only by loads, stores and that free.
class Expandable : public IRVisitor {
 public:
  explicit Expandable(const Stmt& body) : body_(body) {}
  std::vector<const Allocate*> found;

 protected:
  using IRVisitor::visit;
  void visit(const Block* op) override {
    for (size_t k = 0; k < op->stmts.size(); ++k) {
      const Allocate* a = op->stmts[k].as<Allocate>();
      if (!a || a->space != MemorySpace::Heap || fitsPrivateMemory(*a)) continue;
      bool freedHere = false;
      for (size_t l = k + 1; l < op->stmts.size() && !freedHere; ++l)
        if (const Free* f = op->stmts[l].as<Free>(); f && f->var.name == a->var.name) freedHere = true;
      Uses uses = usesIn(body_, a->var.name);
      if (freedHere && uses.other == 0 && uses.allocationsAndFrees == 2) found.push_back(a);
    }
    IRVisitor::visit(op);
  }

 private:
  const Stmt& body_;
};

// One expanded allocation: its array in the body, and the host's block and the part's layout.
struct Part {
  Var array;   // the body's allocation
  Expr bound;  // of its count
  Var width, block, offset, stride;
};

// The body with each part's allocation a check of its count against the part's width, its
// accesses in the block through the part's layout, and its free gone.
class IntoParts : public IRMutator {
 public:
  explicit IntoParts(const std::map<Name, Part>& parts) : parts_(parts) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const Allocate* op, const Stmt& self) override {
    auto p = parts_.find(op->var.name);
    if (p == parts_.end()) return IRMutator::visit(op, self);
    return Check::make(le(mutate(op->count), var(p->second.width)), ErrorKind::Limit, ErrorLoc{},
                       "an array is larger than its part of an expanded block (a bug in aplc)");
  }
  Stmt visit(const Free* op, const Stmt& self) override { return parts_.count(op->var.name) ? Stmt() : self; }
  Expr visit(const Load* op, const Expr& self) override {
    const Variable* m = op->memory.as<Variable>();
    auto p = m ? parts_.find(m->name) : parts_.end();
    if (p == parts_.end()) return IRMutator::visit(op, self);
    return load(var(p->second.block), at(p->second, mutate(op->index)));
  }
  Stmt visit(const Store* op, const Stmt& self) override {
    auto p = parts_.find(op->memory.name);
    if (p == parts_.end()) return IRMutator::visit(op, self);
    return Store::make(p->second.block, at(p->second, mutate(op->index)), mutate(op->value));
  }

 private:
  static Expr at(const Part& p, const Expr& index) { return add(var(p.offset), mul(index, var(p.stride))); }
  const std::map<Name, Part>& parts_;
};

class Expander : public IRMutator {
 public:
  explicit Expander(uint32_t& nextTag) : nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    if (op->loopKind == LoopKind::Sequential) return IRMutator::visit(op, self);
    if (op->loopKind != LoopKind::ParallelMap) return self;  // reductions and scans run on the host
    std::optional<Stmt> expanded = expand(op);
    return expanded ? *expanded : self;  // inner loops run in the work item: not outermost
  }

 private:
  Var fresh(const char* base, Type t) { return Var{Name{base, nextTag_++}, t}; }

  std::optional<Stmt> expand(const For* loop) {
    Expandable candidates(loop->body);
    candidates.include(loop->body);
    if (candidates.found.empty()) return std::nullopt;
    UpperBounds bounds(loop);
    std::map<Name, Part> parts;
    for (const Allocate* a : candidates.found) {
      if (std::optional<Expr> b = bounds.upper(a->count)) parts.emplace(a->var.name, Part{a->var, *b, {}, {}, {}, {}});
    }
    // Only a loop that becomes a kernel gains: its body must be device code once expanded.
    auto allocates = [&](const Allocate& a) { return fitsPrivateMemory(a) || parts.count(a.var.name) != 0; };
    if (parts.empty() || !deviceCodeBlocker(loop->body, allocates).empty()) return std::nullopt;

    std::vector<Stmt> host;
    Var trips = fresh("trips", IntType), chunk = fresh("chunk", IntType), interleaved = fresh("interleaved", BoolType);
    host.push_back(Decl::make(trips, sub(loop->upper, loop->lower)));
    Expr bytes = intConst(0);
    for (auto& [name, p] : parts) {
      p.width = fresh("width", IntType);
      p.block = fresh("expanded", Type::memoryOf(p.array.type.base));
      p.offset = fresh("offset", IntType);
      p.stride = fresh("stride", IntType);
      host.push_back(Decl::make(p.width, min(max(p.bound, intConst(0)), intConst(kLargestPart))));
      bytes = add(bytes, mul(var(p.width), intConst(elementBytes(p.array.type.base))));
    }
    host.push_back(Decl::make(chunk, call("aplc_expansion_chunk", IntType, {var(trips), bytes})));
    host.push_back(Decl::make(interleaved, call("aplc_cl_expansion_interleaved", BoolType, {})));
    for (const auto& [name, p] : parts) host.push_back(Allocate::make(p.block, mul(var(chunk), var(p.width))));

    // One chunk of iterations: j of them from `first`, iteration i = first + j in part j.
    Var c = fresh("part", IntType), first = fresh("first", IntType), j = fresh("j", IntType);
    std::vector<Stmt> item = {Decl::make(loop->var, add(var(first), var(j)))};
    for (const auto& [name, p] : parts) {
      // The part of iteration j in each layout (Lmad::expand), the device choosing at run time.
      Lmad array(intConst(0), {LmadDim{var(p.width), intConst(1)}});
      Lmad contiguous = array.expand(var(j), var(chunk), var(p.width), Layout::Contiguous);
      Lmad interleavedPart = array.expand(var(j), var(chunk), var(p.width), Layout::Interleaved);
      item.push_back(Decl::make(p.offset, select(var(interleaved), interleavedPart.offset(), contiguous.offset())));
      item.push_back(Decl::make(p.stride, select(var(interleaved), interleavedPart.stride(0), contiguous.stride(0))));
    }
    item.push_back(IntoParts(parts).mutate(loop->body));
    Stmt items = For::make(j, intConst(0), min(var(chunk), sub(loop->upper, var(first))), LoopKind::ParallelMap,
                           std::nullopt, Block::make(std::move(item)));
    Expr chunks = div(add(var(trips), sub(var(chunk), intConst(1))), var(chunk));
    host.push_back(For::make(c, intConst(0), chunks, LoopKind::Sequential, std::nullopt,
                             Block::make({Decl::make(first, add(loop->lower, mul(var(c), var(chunk)))), items})));
    for (const auto& [name, p] : parts) host.push_back(Free::make(p.block));
    return Block::make(std::move(host));
  }

  uint32_t& nextTag_;
};

}  // namespace

Program expandAllocations(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Expander(nextTag).mutate(body); });
}

}  // namespace aplc::memory
