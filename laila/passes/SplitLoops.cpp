// SplitLoops: cutting a loop's range where a comparison in its body changes value (see
// SplitLoops.h).
#include "laila/passes/SplitLoops.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/analysis/Invariance.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

constexpr size_t kMaxCuts = 4;                   // per loop
constexpr size_t kMaxCopiedStatements = 4000;    // statements in all copies of one loop's body

// The names a statement declares (Decl, Allocate, loop variables) or assigns, and its size.
class BodyFacts : public IRVisitor {
 public:
  std::set<Name> changed;  // declared or assigned inside: not invariant in the loop
  size_t statements = 0;
  size_t hotLoops = 0;  // loops inside, but for the cold ones (run only on the way to an error)

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    ++statements;
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    ++statements;
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    ++statements;
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override {
    ++statements;
    changed.insert(op->var.name);
  }
  void visit(const For* op) override {
    ++statements;
    if (!isColdLoop(op)) ++hotLoops;
    changed.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Store* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const Fill* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const Check* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const IfThenElse* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
  void visit(const While* op) override {
    ++statements;
    ++hotLoops;
    IRVisitor::visit(op);
  }
  void visit(const Print* op) override {
    ++statements;
    IRVisitor::visit(op);
  }
};

// e = coefficient·v + rest, with rest not mentioning v; empty when e is not of that form.
struct Linear {
  int64_t coefficient = 0;
  Expr rest;
};

bool mentions(const Expr& e, const Name& v) {
  struct Finder : IRVisitor {
    const Name& target;
    bool found = false;
    explicit Finder(const Name& n) : target(n) {}
    using IRVisitor::visit;
    void visit(const Variable* x) override { found = found || x->name == target; }
  } finder(v);
  finder.include(e);
  return finder.found;
}

std::optional<Linear> linearIn(const Expr& e, const Name& v) {
  if (e.type() != IntType) return std::nullopt;
  if (!mentions(e, v)) return Linear{0, e};
  if (auto* x = e.as<Variable>()) return x->name == v ? std::optional<Linear>(Linear{1, intConst(0)}) : std::nullopt;
  if (auto* u = e.as<Unary>(); u && u->op == UnaryOp::Neg) {
    auto a = linearIn(u->a, v);
    if (!a) return std::nullopt;
    return Linear{-a->coefficient, neg(a->rest)};
  }
  auto* b = e.as<Binary>();
  if (!b) return std::nullopt;
  auto x = linearIn(b->a, v);
  auto y = linearIn(b->b, v);
  if (!x || !y) return std::nullopt;
  auto small = [](int64_t c) { return c >= -4 && c <= 4; };  // no overflow in the coefficients
  switch (b->op) {
    case BinaryOp::Add:
      if (!small(x->coefficient) || !small(y->coefficient)) return std::nullopt;
      return Linear{x->coefficient + y->coefficient, add(x->rest, y->rest)};
    case BinaryOp::Sub:
      if (!small(x->coefficient) || !small(y->coefficient)) return std::nullopt;
      return Linear{x->coefficient - y->coefficient, sub(x->rest, y->rest)};
    case BinaryOp::Mul: {
      // Only a constant factor keeps the form linear.
      if (y->coefficient == 0 && x->coefficient != 0) std::swap(x, y);
      auto k = asIntConst(x->rest);
      if (x->coefficient != 0 || !k || !small(*k) || !small(y->coefficient)) return std::nullopt;
      return Linear{*k * y->coefficient, mul(x->rest, y->rest)};
    }
    default: return std::nullopt;
  }
}

// A comparison a < b (orEqual: a ≤ b) that changes value at one point of the loop: with
// a - b = c·v + r (c = ±1, r loop-invariant), it holds exactly for v < cut when c = 1 (≤:
// cut = 1 - r, <: cut = -r), exactly for v ≥ cut when c = -1 (≤: cut = r, <: cut = r + 1).
struct CutPoint {
  bool holdsBelow = true;  // holds exactly for v < cut (else exactly for v ≥ cut)
  Expr cut;
};

std::optional<CutPoint> cutPoint(const Expr& a, const Expr& b, bool orEqual, const Name& v, const std::set<Name>& changed) {
  auto x = linearIn(a, v);
  auto y = linearIn(b, v);
  if (!x || !y) return std::nullopt;
  int64_t c = x->coefficient - y->coefficient;
  if (c != 1 && c != -1) return std::nullopt;
  Expr r = sub(x->rest, y->rest);
  if (!invariant(r, changed)) return std::nullopt;
  Expr cut = c == 1 ? sub(intConst(orEqual ? 1 : 0), r) : add(r, intConst(orEqual ? 0 : 1));
  return CutPoint{c == 1, simplify(cut)};
}

// The comparison of a Binary (< ≤ > ≥ on ints) as a cut point, when it is one.
std::optional<CutPoint> cutPointOf(const Binary* op, const Name& v, const std::set<Name>& changed) {
  if (op->a.type() != IntType) return std::nullopt;
  switch (op->op) {
    case BinaryOp::Lt: return cutPoint(op->a, op->b, false, v, changed);
    case BinaryOp::Le: return cutPoint(op->a, op->b, true, v, changed);
    case BinaryOp::Gt: return cutPoint(op->b, op->a, false, v, changed);
    case BinaryOp::Ge: return cutPoint(op->b, op->a, true, v, changed);
    default: return std::nullopt;
  }
}

// The points where comparisons in a loop's body change value: c such that the comparison has
// one value for v < c and the other for v ≥ c.
class CutFinder : public IRVisitor {
 public:
  CutFinder(const Name& v, const std::set<Name>& changed) : v_(v), changed_(changed) {}
  std::vector<Expr> cuts;

 protected:
  using IRVisitor::visit;
  void visit(const Binary* op) override {
    IRVisitor::visit(op);
    if (cuts.size() >= kMaxCuts) return;
    std::optional<CutPoint> point = cutPointOf(op, v_, changed_);
    if (!point) return;
    for (const Expr& known : cuts)
      if (equal(known, point->cut)) return;
    cuts.push_back(point->cut);
  }

 private:
  const Name& v_;
  const std::set<Name>& changed_;
};

// Decides, in the copy of the body for segment k, the comparisons at the cuts it lies between.
// With bounds b0 = lo and b(j+1) = min(max(cut j, b j), hi), the segment runs b k ≤ v < b(k+1):
// v ≥ cut j for every j < k (b k ≥ b(j+1) ≥ cut j, or the segment is empty), and v < cut k
// (v < max(cut k, b k) and v ≥ b k). The simplifier could prove neither when the cuts are
// symbolic (a catenation of run-time lengths), and every copy kept the whole body.
class CutDecider : public IRMutator {
 public:
  CutDecider(const Name& v, const std::set<Name>& changed, const std::vector<Expr>& cuts, size_t segment)
      : v_(v), changed_(changed), cuts_(cuts), segment_(segment) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Binary* op, const Expr& self) override {
    std::optional<CutPoint> point = cutPointOf(op, v_, changed_);
    if (point) {
      for (size_t j = 0; j < cuts_.size() && j <= segment_; ++j) {
        if (!equal(cuts_[j], point->cut)) continue;
        bool below = j == segment_;  // v < cut j here; v ≥ cut j for j < segment
        return boolConst(below == point->holdsBelow);
      }
    }
    return IRMutator::visit(op, self);
  }

 private:
  const Name& v_;
  const std::set<Name>& changed_;
  const std::vector<Expr>& cuts_;
  size_t segment_;
};

// Orders cuts where their order can be proved (insertion: a cut goes before the first one it
// is provably below); the clamped bounds keep any remaining disorder correct.
std::vector<Expr> ordered(const std::vector<Expr>& cuts) {
  std::vector<Expr> out;
  for (const Expr& c : cuts) {
    auto at = out.begin();
    while (at != out.end() && !proveNonNegative(sub(sub(*at, c), intConst(1)), Facts())) ++at;
    out.insert(at, c);
  }
  return out;
}

class Splitter : public IRMutator {
 public:
  Splitter(uint32_t firstFreeTag, bool wholeOutermostParallel)
      : nextTag_(firstFreeTag), wholeOutermostParallel_(wholeOutermostParallel) {}

 protected:
  using IRMutator::visit;

  Stmt visit(const For* op, const Stmt& self) override {
    if (isColdLoop(op)) return self;
    BodyFacts facts;
    facts.include(op->body);
    facts.changed.insert(op->var.name);
    // An outermost parallel loop around loops stays one loop where asked (one worksharing loop),
    // its segments behind tests of the loop variable, made once per iteration around the inner
    // loops' work. A loop of scalar code is split as usual: the tests would be made at every item
    // (a 1-D stencil's edges: jacobi1d ran 1.5 times slower whole).
    if (wholeOutermostParallel_ && op->loopKind != LoopKind::Sequential && !insideParallel_ && facts.hotLoops > 0) {
      insideParallel_ = true;  // the loops inside split as usual
      Stmt s = segmentsInOneLoop(op, self, facts);
      insideParallel_ = false;
      return s;
    }
    std::vector<Expr> cuts = cutsOf(op, facts);
    if (cuts.empty()) return IRMutator::visit(op, self);  // no split here; loops inside may still split
    std::vector<Expr> bounds = segmentBounds(op, cuts);
    std::set<Name> declared = declaredIn(op->body);
    declared.insert(op->var.name);
    std::vector<Stmt> segments;
    for (size_t k = 0; k + 1 < bounds.size(); ++k) {
      Renamer renamer(declared, nextTag_);
      Stmt body = segmentBody(op, facts, cuts, k, renamer);
      std::optional<Accumulator> acc = op->accumulator;  // declared outside: not renamed
      segments.push_back(For::make(renamer.rename(op->var), bounds[k], bounds[k + 1], op->loopKind, acc, body));
    }
    return Block::make(std::move(segments));
  }

 private:
  // The loop's cuts in order, or none when it has none or its copies would be too many statements.
  static std::vector<Expr> cutsOf(const For* op, const BodyFacts& facts) {
    CutFinder finder(op->var.name, facts.changed);
    finder.include(op->body);
    std::vector<Expr> cuts = ordered(finder.cuts);
    if (facts.statements * (cuts.size() + 1) > kMaxCopiedStatements) return {};
    return cuts;
  }

  // Segment bounds: lo ≤ b1 ≤ … ≤ bk ≤ hi whatever the cuts (clamped), so the segments run
  // exactly the original iterations, in order.
  static std::vector<Expr> segmentBounds(const For* op, const std::vector<Expr>& cuts) {
    std::vector<Expr> bounds{op->lower};
    for (const Expr& c : cuts) bounds.push_back(min(max(c, bounds.back()), op->upper));
    bounds.push_back(op->upper);
    return bounds;
  }

  // The copy of the loop's body for segment k: its comparisons at the cuts decided, its
  // declarations renamed, the loops inside split.
  Stmt segmentBody(const For* op, const BodyFacts& facts, const std::vector<Expr>& cuts, size_t k,
                   Renamer& renamer) {
    Stmt decided = CutDecider(op->var.name, facts.changed, cuts, k).mutate(op->body);
    return mutateBody(renamer.mutate(decided));
  }

  // At most an edge at each end (a stencil's first and last rows): the pieces are all in every
  // iteration's code, and a catenation of catenations (sierpinski's rows) has many cuts whose
  // pieces the separate loops of splitLoops would merge again (joinEqualSegments).
  static constexpr size_t kMaxCutsInOneLoop = 2;

  // The loop with one copy of its body per segment, each iteration running its segment's:
  // `if (v < b1) {copy 0} else if (v < b2) {copy 1} … else {copy k}` (v ≥ lo = b0 always, and
  // the bounds are ordered, so exactly one copy runs). Life 40×40's rows on one thread: 61 ms
  // against 72 with the edge tests left in the body (the C target's three loops: 62).
  Stmt segmentsInOneLoop(const For* op, const Stmt& self, const BodyFacts& facts) {
    std::vector<Expr> cuts = cutsOf(op, facts);
    if (cuts.empty() || cuts.size() > kMaxCutsInOneLoop) return IRMutator::visit(op, self);
    std::vector<Expr> bounds = segmentBounds(op, cuts);
    std::set<Name> declared = declaredIn(op->body);  // the loop variable stays
    Stmt chain;
    for (size_t k = bounds.size() - 1; k-- > 0;) {
      Renamer renamer(declared, nextTag_);
      Stmt body = withinSegment(op, bounds[k], bounds[k + 1], segmentBody(op, facts, cuts, k, renamer));
      chain = chain.defined() ? IfThenElse::make(lt(Variable::make(op->var), bounds[k + 1]), body, chain) : body;
    }
    return For::make(op->var, op->lower, op->upper, op->loopKind, op->accumulator, chain);
  }

  // A piece simplified as the body of a loop over its segment alone, which is what it runs on:
  // the simplifier then decides the comparisons of the loop variable beyond the cuts (a
  // catenation of catenations has more of them than kMaxCuts), as in splitLoops' separate loops.
  // Left to the simplifier after the pass, behind tests it does not read, sierpinski's pieces kept
  // them all, and its Laila grew 3.3 times.
  static Stmt withinSegment(const For* op, const Expr& lower, const Expr& upper, const Stmt& piece) {
    Stmt alone = simplify(For::make(op->var, lower, upper, op->loopKind, op->accumulator, piece));
    const For* loop = alone.as<For>();  // the simplifier keeps every statement (Simplify.h)
    return loop ? loop->body : piece;
  }

  uint32_t nextTag_;
  bool wholeOutermostParallel_;
  bool insideParallel_ = false;
};

// Whether two loops run the same body: b's, with its declarations renamed to a's in the order
// they are declared, prints as a's.
bool sameBody(const For* a, const For* b) {
  std::vector<Name> as = declarationOrder(a->body), bs = declarationOrder(b->body);
  if (as.size() != bs.size()) return false;
  std::map<Name, Name> renamed{{b->var.name, a->var.name}};
  for (size_t k = 0; k < as.size(); ++k) {
    if (as[k].base != bs[k].base) return false;
    renamed[bs[k]] = as[k];
  }
  return toString(Renamer(std::move(renamed)).mutate(b->body)) == toString(a->body);
}

bool joinable(const For* a, const For* b) {
  return a->loopKind == b->loopKind && !a->accumulator && !b->accumulator && equal(a->upper, b->lower) &&
         sameBody(a, b);
}

class Joiner : public IRMutator {
 protected:
  using IRMutator::visit;

  Stmt visit(const Block* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // loops inside first
    const auto* block = s.as<Block>();
    if (!block) return s;
    std::vector<Stmt> stmts;
    bool joined = false;
    for (const Stmt& t : block->stmts) {
      const auto* b = t.as<For>();
      const auto* a = stmts.empty() ? nullptr : stmts.back().as<For>();
      if (a && b && joinable(a, b)) {
        // Exact for any bounds: an empty first range starts the joined one at its upper bound,
        // an empty second range ends it at its lower bound.
        Expr lower = simplify(min(a->lower, a->upper)), upper = simplify(max(b->lower, b->upper));
        stmts.back() = For::make(a->var, lower, upper, a->loopKind, std::nullopt, a->body);
        joined = true;
        continue;
      }
      stmts.push_back(t);
    }
    return joined ? Block::make(std::move(stmts)) : s;
  }
};

}  // namespace

Program joinEqualSegments(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Joiner().mutate(body); });
}

Program splitLoops(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Splitter(largestTag(body) + 1, false).mutate(body); });
}

Program splitLoopsInsideParallel(const Program& program) {
  return mapBodies(program, [](const Stmt& body) { return Splitter(largestTag(body) + 1, true).mutate(body); });
}

}  // namespace aplc::laila
