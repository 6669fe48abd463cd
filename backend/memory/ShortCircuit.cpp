// ShortCircuit: arrays built in the segment of the array they are copied into (see ShortCircuit.h).
#include "backend/memory/ShortCircuit.h"

#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include "backend/memory/Copies.h"
#include "backend/memory/Lmad.h"
#include "laila/analysis/Invariance.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::memory {

using namespace laila;

namespace {

// The segment [lower, upper) of m a loop writes, when its one mention of m is its final store at
// the loop's variable; nullopt when the loop mentions m otherwise.
std::optional<Lmad> segmentWritten(const For* loop, const Name& m) {
  const Store* store = finalStoreAtLoopIndex(loop);
  if (!store || store->memory.name != m || usesIn(loop->body, m).total() != 1) return std::nullopt;
  return Lmad(loop->lower, {LmadDim{simplify(sub(loop->upper, loop->lower)), intConst(1)}});
}

// Whether a statement allocates or frees memory anywhere in it.
bool allocatesOrFrees(const Stmt& s) {
  struct Finder : IRVisitor {
    bool found = false;
    using IRVisitor::visit;
    void visit(const Allocate*) override { found = true; }
    void visit(const Free*) override { found = true; }
    void visit(const DeclareMemory*) override { found = true; }
  } finder;
  finder.include(s);
  return finder.found;
}

// What the statements [from, to) of a block declare or assign.
std::set<Name> changedBetween(const std::vector<Stmt>& stmts, size_t from, size_t to) {
  std::set<Name> changed;
  for (size_t k = from; k < to; ++k) {
    std::set<Name> c = changesIn(stmts[k]).declaredOrAssigned();
    changed.insert(c.begin(), c.end());
  }
  return changed;
}

// One operand that can be built in its segment of m: x allocated at `allocation`.
struct Operand {
  Copy copy;
  size_t allocation;
  Stmt loop;  // the copy loop, which goes
};

class ShortCircuit : public BlockRewriter {
 protected:
  bool rewrite(std::vector<Stmt>& stmts) override {
    bool changed = false;
    for (size_t j = 0; j < stmts.size(); ++j) changed |= rewriteCopiesAt(stmts, j);
    return changed;
  }

 private:
  // The loops of the statement at j: itself if a loop, its statements if a block.
  static std::vector<Stmt> group(const Stmt& s) {
    if (s.as<For>()) return {s};
    if (auto* b = s.as<Block>()) return b->stmts;
    return {};
  }

  // Whether x (the copy's source) can become a view of m's block, as far as the block goes.
  static std::optional<Operand> operandAt(const std::vector<Stmt>& stmts, size_t j, const Stmt& loop, size_t km) {
    // The copy reads x[i - lo] for i in lo..hi: all of x, in order.
    std::optional<Copy> copy = inOrderCopyLoop(loop.as<For>());
    if (!copy) return std::nullopt;
    const Name& x = copy->source;
    std::optional<size_t> kx = allocationOf(stmts, x, j);
    if (!kx || *kx > km) return std::nullopt;
    auto* xAlloc = stmts[*kx].as<Allocate>();
    auto* mAlloc = stmts[km].as<Allocate>();
    if (xAlloc->var.type != mAlloc->var.type) return std::nullopt;
    if (!equal(simplify(sub(copy->upper, copy->lower)), simplify(xAlloc->count))) return std::nullopt;
    // x: loads and stores only, nothing after the copies but its frees.
    for (size_t k = *kx + 1; k < stmts.size(); ++k) {
      Uses uses = usesIn(stmts[k], x);
      if (uses.other) return std::nullopt;
      if (k == j && uses.total() != 1) return std::nullopt;  // the copy's one load
      if (k > j && uses.accesses) return std::nullopt;
    }
    // lo and m's count keep their values from x's allocation on.
    if (!invariant(copy->lower, changedBetween(stmts, *kx, j)) ||
        !invariant(mAlloc->count, changedBetween(stmts, *kx, km)))
      return std::nullopt;
    return Operand{*copy, *kx, loop};
  }

  // The segments of m the group's loops write; nullopt when a statement of the group mentions m
  // in another way.
  static std::optional<std::vector<std::pair<Stmt, Lmad>>> segmentsOf(const std::vector<Stmt>& loops, const Name& m) {
    std::vector<std::pair<Stmt, Lmad>> segments;
    for (const Stmt& s : loops) {
      if (!usesIn(s, m).total()) continue;
      auto* loop = s.as<For>();
      std::optional<Lmad> segment = loop ? segmentWritten(loop, m) : std::nullopt;
      if (!segment) return std::nullopt;
      segments.emplace_back(s, *segment);
    }
    return segments;
  }

  // Builds in place the operands of the copies at j whose conditions hold; true if any. j is
  // then the group's new position (the operands' allocations before it are gone).
  static bool rewriteCopiesAt(std::vector<Stmt>& stmts, size_t& j) {
    std::set<Name> destinations;
    for (const Stmt& loop : group(stmts[j]))
      if (auto* f = loop.as<For>())
        if (std::optional<Copy> copy = copyLoop(f)) destinations.insert(copy->destination);
    bool changed = false;
    for (const Name& m : destinations) {
      std::optional<size_t> km = allocationOf(stmts, m, j);
      if (!km) continue;
      bool fresh = true;  // m holds nothing before the copies
      for (size_t k = *km + 1; k < j; ++k) fresh = fresh && usesIn(stmts[k], m).total() == 0;
      std::optional<std::vector<std::pair<Stmt, Lmad>>> segments = segmentsOf(group(stmts[j]), m);
      if (!fresh || !segments) continue;
      std::vector<Operand> operands;
      for (const auto& [loop, segment] : *segments) {
        std::optional<Operand> operand = operandAt(stmts, j, loop, *km);
        if (operand && disjointFromTheOthers(loop, segment, *segments)) operands.push_back(*operand);
      }
      operands = withoutRaisingThePeak(stmts, *km, std::move(operands));
      if (operands.empty()) continue;
      buildInPlace(stmts, j, *km, operands);
      j -= operands.size();
      changed = true;
    }
    return changed;
  }

  // m allocated at an operand's allocation instead of its own is live for longer: over the
  // statements in between, where before only the operands were. When those statements allocate
  // and free nothing else, what is live there was the operands built so far and is now m, which
  // m's allocation outgrew anyway: the peak cannot rise. The operands allocated latest whose
  // windows so allocate nothing else (frees are placed: this pass runs after freeEarly).
  static std::vector<Operand> withoutRaisingThePeak(const std::vector<Stmt>& stmts, size_t km,
                                                    std::vector<Operand> operands) {
    std::sort(operands.begin(), operands.end(),
              [](const Operand& a, const Operand& b) { return a.allocation > b.allocation; });
    std::set<size_t> accepted;
    size_t kept = 0;
    for (; kept < operands.size(); ++kept) {
      accepted.insert(operands[kept].allocation);
      bool quiet = true;
      for (size_t k = operands[kept].allocation; k < km && quiet; ++k)
        quiet = accepted.count(k) || !allocatesOrFrees(stmts[k]);
      if (!quiet) break;
    }
    operands.resize(kept);
    return operands;
  }

  static bool disjointFromTheOthers(const Stmt& loop, const Lmad& segment,
                                    const std::vector<std::pair<Stmt, Lmad>>& segments) {
    for (const auto& [other, otherSegment] : segments)
      if (!other.sameAs(loop) && !provablyDisjoint(segment, otherSegment)) return false;
    return true;
  }

  // m's allocation moves before the first operand's, each operand's accesses go to its segment,
  // and its allocation, free and copy loop go.
  static void buildInPlace(std::vector<Stmt>& stmts, size_t j, size_t km, const std::vector<Operand>& operands) {
    Var m = stmts[km].as<Allocate>()->var;
    size_t first = km;
    std::set<Name> sources;
    std::vector<Stmt> copies;
    for (const Operand& o : operands) {
      first = std::min(first, o.allocation);
      sources.insert(o.copy.source);
      copies.push_back(o.loop);
    }
    std::vector<Stmt> rewritten;
    for (size_t k = 0; k < stmts.size(); ++k) {
      if (k == first) rewritten.push_back(stmts[km]);
      if (k == km) continue;
      if (auto* a = stmts[k].as<Allocate>(); a && sources.count(a->var.name)) continue;
      Stmt s = k == j ? withoutLoops(stmts[k], copies) : k > j ? withoutFrees(stmts[k], sources) : stmts[k];
      if (!s.defined() || isEmptyBlock(s)) continue;
      for (const Operand& o : operands) {  // x[e] is m[e + lo]
        const Expr& lo = o.copy.lower;
        s = RemapAccesses(o.copy.source, m, [&](const Expr& e) { return simplify(add(e, lo)); }).mutate(s);
      }
      rewritten.push_back(s);
    }
    stmts = std::move(rewritten);
  }

  static bool isEmptyBlock(const Stmt& s) {
    auto* b = s.as<Block>();
    return b && b->stmts.empty();
  }

  static Stmt withoutLoops(const Stmt& s, const std::vector<Stmt>& loops) {
    auto gone = [&](const Stmt& t) {
      for (const Stmt& l : loops)
        if (l.sameAs(t)) return true;
      return false;
    };
    if (gone(s)) return Block::make({});
    std::vector<Stmt> kept;
    for (const Stmt& t : group(s))
      if (!gone(t)) kept.push_back(t);
    return Block::make(std::move(kept));
  }
};

}  // namespace

Program shortCircuitCopies(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return ShortCircuit().mutate(body); });
}

}  // namespace aplc::memory
