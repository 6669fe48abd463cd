// StateInPlace: a loop's array state updated in its own block (see StateInPlace.h).
#include "backend/memory/StateInPlace.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "backend/memory/Copies.h"
#include "laila/analysis/Invariance.h"
#include "laila/ir/Equality.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::memory {

using namespace laila;

namespace {

// `via = cur; cur = spare; spare = via;`: the lowering's swap of a double-buffered state.
struct Swap {
  size_t at;  // the first of the three moves
  Name cur, spare, via;
};

std::optional<Swap> swapAt(const std::vector<Stmt>& body, size_t k) {
  if (k + 2 >= body.size()) return std::nullopt;
  auto* first = body[k].as<Assign>();
  auto* second = body[k + 1].as<Assign>();
  auto* third = body[k + 2].as<Assign>();
  if (!first || !second || !third || !first->var.type.memory) return std::nullopt;
  auto* cur = first->value.as<Variable>();
  auto* spare = second->value.as<Variable>();
  auto* via = third->value.as<Variable>();
  if (!cur || !spare || !via || cur->name != second->var.name || spare->name != third->var.name ||
      via->name != first->var.name)
    return std::nullopt;
  return Swap{k, cur->name, spare->name, via->name};
}

// A state update found in a loop body: A at `first` copies cur into u, B at `second` copies u
// into spare, and `swap` swaps cur and spare.
struct StateUpdate {
  size_t first, second;
  Swap swap;
  Name update;  // u
  Expr count;   // n, what A and B copy
  // Whether the statement at k is A, B or one of the swap's moves: what the rewrite removes.
  bool removes(size_t k) const { return k == first || k == second || (k >= swap.at && k < swap.at + 3); }
};

bool moves(const Stmt& s, const Name& name) { return changesIn(s).moved.count(name) > 0; }

// Whether the body's other statements mention the names only as StateInPlace.h allows.
bool onlyAllowedMentions(const std::vector<Stmt>& body, const StateUpdate& s) {
  const Name& cur = s.swap.cur;
  for (size_t k = 0; k < body.size(); ++k) {
    if (s.removes(k)) continue;
    if (usesIn(body[k], s.swap.spare).total() || usesIn(body[k], s.swap.via).total()) return false;
    bool between = k > s.first && k < s.second;
    Uses u = usesIn(body[k], s.update);
    if (between ? u.other != 0 : u.total() != 0) return false;
    if (k > s.first && k < s.swap.at && usesIn(body[k], cur).total()) return false;
    if (moves(body[k], cur)) return false;
  }
  return true;
}

std::optional<StateUpdate> stateUpdateIn(const std::vector<Stmt>& body) {
  std::vector<std::optional<Copy>> copies;  // each statement's, if it is a copy from element 0
  for (const Stmt& s : body) {
    auto* loop = s.as<For>();
    copies.push_back(loop ? prefixCopyLoop(loop) : std::nullopt);
  }
  for (size_t k = 0; k < body.size(); ++k) {
    std::optional<Swap> swap = swapAt(body, k);
    if (!swap) continue;
    for (size_t b = 0; b < k; ++b) {
      const std::optional<Copy>& second = copies[b];
      if (!second || second->destination != swap->spare) continue;
      for (size_t a = 0; a < b; ++a) {
        const std::optional<Copy>& first = copies[a];
        if (!first || first->source != swap->cur || first->destination != second->source ||
            !equal(simplify(first->upper), simplify(second->upper)))
          continue;
        StateUpdate s{a, b, *swap, second->source, first->upper};
        if (onlyAllowedMentions(body, s)) return s;
      }
    }
  }
  return std::nullopt;
}

// The body without A, B and the swap, u read and stored as cur.
std::vector<Stmt> inPlace(const std::vector<Stmt>& body, const StateUpdate& s, const Var& cur) {
  Renamer renamer(std::map<Name, Name>{{s.update, cur.name}});
  std::vector<Stmt> out;
  for (size_t k = 0; k < body.size(); ++k) {
    if (s.removes(k)) continue;
    out.push_back(k > s.first && k < s.second ? renamer.mutate(body[k]) : body[k]);
  }
  return out;
}

// cur as a variable (with its type), from the swap's second move.
Var memoryVar(const std::vector<Stmt>& body, const Swap& swap) { return body[swap.at + 1].as<Assign>()->var; }

class StateInPlace : public BlockRewriter {
 public:
  std::set<Name> released;  // memory the rewrites left unused (u, spare, via)

 protected:
  bool rewrite(std::vector<Stmt>& stmts) override {  // inner loops first
    bool changed = false;
    for (size_t j = 0; j < stmts.size(); ++j) changed |= rewriteLoopAt(stmts, j);
    return changed;
  }

 private:
  // The body statements of a sequential For or a While at j, and the While's condition.
  static const std::vector<Stmt>* bodyOf(const Stmt& s, Expr& cond) {
    const Stmt* body = nullptr;
    if (auto* f = s.as<For>(); f && f->loopKind == LoopKind::Sequential) body = &f->body;
    if (auto* w = s.as<While>()) {
      body = &w->body;
      cond = w->cond;
    }
    auto* b = body ? body->as<Block>() : nullptr;
    return b ? &b->stmts : nullptr;
  }

  static Stmt withBody(const Stmt& loop, std::vector<Stmt> body) {
    if (auto* f = loop.as<For>())
      return For::make(f->var, f->lower, f->upper, f->loopKind, f->accumulator, Block::make(std::move(body)));
    return While::make(loop.as<While>()->cond, Block::make(std::move(body)));
  }

  // u: allocated in this block before the loop at j with count n, mentioned by nothing between,
  // and after the loop only freed; spare (the old state after the last swap) not read after it.
  static bool updateBlockIsTheLoops(const std::vector<Stmt>& stmts, size_t j, const StateUpdate& s) {
    std::optional<size_t> ku = allocationOf(stmts, s.update, j);
    if (!ku || !equal(simplify(stmts[*ku].as<Allocate>()->count), simplify(s.count))) return false;
    for (size_t k = *ku + 1; k < j; ++k)
      if (usesIn(stmts[k], s.update).total()) return false;
    for (size_t k = j + 1; k < stmts.size(); ++k) {
      for (const Name& n : {s.update, s.swap.spare}) {
        Uses u = usesIn(stmts[k], n);
        if (u.accesses || u.other) return false;
      }
    }
    return true;
  }

  bool rewriteLoopAt(std::vector<Stmt>& stmts, size_t j) {
    Expr cond;
    const std::vector<Stmt>* body = bodyOf(stmts[j], cond);
    if (!body) return false;
    std::optional<StateUpdate> s = stateUpdateIn(*body);
    if (!s || !updateBlockIsTheLoops(stmts, j, *s)) return false;
    if (cond.defined()) {  // a While's test may read cur (the state), nothing else
      for (const Name& n : {s->update, s->swap.spare, s->swap.via})
        if (usesIn(cond, n).total()) return false;
    }
    stmts[j] = withBody(stmts[j], inPlace(*body, *s, memoryVar(*body, s->swap)));
    released.insert({s->update, s->swap.spare, s->swap.via});
    return true;
  }
};

Stmt rewriteBody(const Stmt& body) {
  StateInPlace pass;
  Stmt s = pass.mutate(body);
  std::set<Name> unused;
  for (const Name& n : pass.released) {
    Uses u = usesIn(s, n);
    if (!u.accesses && !u.other) unused.insert(n);
  }
  return unused.empty() ? s : withoutFrees(s, unused, /*allocationsToo=*/true);  // nothing else mentions them
}

}  // namespace

Program updateStateInPlace(const Program& program) { return mapBodies(program, rewriteBody); }

}  // namespace aplc::memory
