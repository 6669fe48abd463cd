// SplitReductions: few parallel iterations of long reductions, split into blocks (see
// SplitReductions.h).
#include "laila/passes/SplitReductions.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

namespace {

constexpr int64_t kFewIterations = 4096;  // the OpenCL generator's few work items (kFewWorkItems)
constexpr int64_t kBlock = 1024;          // terms per block
constexpr int64_t kLongReduction = 8 * kBlock;

// Whether a statement checks anything, at any depth.
bool checks(const Stmt& s) {
  struct Finder : IRVisitor {
    bool found = false;
    using IRVisitor::visit;
    void visit(const Check*) override { found = true; }
  } finder;
  finder.include(s);
  return finder.found;
}

bool onlyDeclares(const std::vector<Stmt>& stmts) {
  for (const Stmt& s : stmts)
    if (!s.as<Decl>() && !s.as<Comment>()) return false;
  return true;
}

// acc ⊕ v with ⊕ exact in any order for acc's type, and its neutral element.
struct Combine {
  BinaryOp op;
  Expr term;     // v
  Expr neutral;
};

std::optional<Expr> neutralOf(BinaryOp op, const Type& t) {
  if (t == IntType) {
    if (op == BinaryOp::Add) return intConst(0);
    if (op == BinaryOp::Max) return intConst(std::numeric_limits<int64_t>::min());
    if (op == BinaryOp::Min) return intConst(std::numeric_limits<int64_t>::max());
  }
  if (t == BoolType) {
    if (op == BinaryOp::And) return boolConst(true);
    if (op == BinaryOp::Or) return boolConst(false);
  }
  return std::nullopt;
}

// The reduction of a loop's body whose last statement `update` assigns the accumulator: ⊕ exact in
// any order, and nothing else in the body mentions the accumulator.
std::optional<Combine> reductionOf(std::vector<Stmt> body, const Assign* update) {
  const Var& acc = update->var;
  auto* b = update->value.as<Binary>();
  if (!b) return std::nullopt;
  auto isAcc = [&](const Expr& e) { return e.as<Variable>() && e.as<Variable>()->name == acc.name; };
  Expr term = isAcc(b->a) ? b->b : isAcc(b->b) ? b->a : Expr();
  std::optional<Expr> neutral = neutralOf(b->op, acc.type);
  if (!term.defined() || !neutral || namesMentioned(term).count(acc.name)) return std::nullopt;
  body.pop_back();
  if (!onlyDeclares(body)) return std::nullopt;
  for (const Stmt& s : body)
    if (namesMentioned(s).count(acc.name)) return std::nullopt;
  return Combine{b->op, term, *neutral};
}

class Splitter : public IRMutator {
 public:
  explicit Splitter(uint32_t& nextTag) : nextTag_(nextTag) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const For* op, const Stmt& self) override {
    if (op->loopKind != LoopKind::ParallelMap) {
      return IRMutator::visit(op, self);
    }
    // Only outermost parallel loops are kernels; the loops inside them stay as they are.
    if (std::optional<Stmt> split = trySplit(op)) return *split;
    return self;
  }

 private:
  Var fresh(const std::string& base, Type type) { return Var{Name{base, nextTag_++}, type}; }

  std::optional<Stmt> trySplit(const For* p) {
    if (isColdLoop(p) || isValidationLoop(p) || checks(p->body)) return std::nullopt;
    std::optional<int64_t> iterations = asIntConst(simplify(p->upper - p->lower));
    if (!iterations || *iterations < 1 || *iterations > kFewIterations) return std::nullopt;
    std::vector<Stmt> stmts = statementsOf(p->body);
    size_t at = 0;
    while (at < stmts.size() && !stmts[at].as<For>()) ++at;
    if (at == stmts.size()) return std::nullopt;
    auto* r = stmts[at].as<For>();
    std::vector<Stmt> pre(stmts.begin(), stmts.begin() + at);
    std::vector<Stmt> post(stmts.begin() + at + 1, stmts.end());
    if (r->loopKind != LoopKind::Sequential || !onlyDeclares(pre)) return std::nullopt;
    // The accumulator: declared before the loop, assigned by the loop's last statement.
    std::vector<Stmt> reduction = statementsOf(r->body);
    auto* update = reduction.empty() ? nullptr : reduction.back().as<Assign>();
    if (!update) return std::nullopt;
    auto declaresIt = [&](const Stmt& s) { return s.as<Decl>() && s.as<Decl>()->var == update->var; };
    auto found = std::find_if(pre.begin(), pre.end(), declaresIt);
    if (found == pre.end()) return std::nullopt;
    Stmt initStmt = *found;
    auto* init = initStmt.as<Decl>();
    pre.erase(found);
    std::set<Name> perIteration = declaredIn(Block::make(pre));
    perIteration.insert(p->var.name);
    perIteration.insert(init->var.name);
    if (!invariant(r->lower, perIteration) || !invariant(r->upper, perIteration)) return std::nullopt;
    std::optional<int64_t> terms = asIntConst(simplify(r->upper - r->lower));
    if (!terms || *terms < kLongReduction) return std::nullopt;
    std::optional<Combine> combine = reductionOf(reduction, update);
    if (!combine) return std::nullopt;
    return split(p, pre, initStmt, r, *combine, post, *iterations, (*terms + kBlock - 1) / kBlock);
  }

  Stmt split(const For* p, const std::vector<Stmt>& pre, const Stmt& initStmt, const For* r, const Combine& combine,
             const std::vector<Stmt>& post, int64_t iterations, int64_t blocks) {
    const Decl* init = initStmt.as<Decl>();
    Var partials = fresh("partials", Type::memoryOf(init->var.type.base));
    Var pb = fresh(p->var.name.base, IntType);
    Var block = fresh("block", IntType);
    Expr first = r->lower + var(block) * intConst(kBlock);

    // The blocks: a copy of the iteration's declarations and of the reduction, over one block.
    std::vector<Stmt> blockBody = {Decl::make(p->var, p->lower + var(pb) % intConst(iterations)),
                                   Decl::make(block, var(pb) / intConst(iterations))};
    blockBody.insert(blockBody.end(), pre.begin(), pre.end());
    blockBody.push_back(Decl::make(init->var, combine.neutral));
    blockBody.push_back(For::make(r->var, first, min(r->upper, first + intConst(kBlock)), LoopKind::Sequential,
                                  std::nullopt, r->body));
    blockBody.push_back(Store::make(partials, var(pb), var(init->var)));
    Stmt blockStmt = Block::make(std::move(blockBody));
    std::set<Name> copied = declaredIn(blockStmt);
    copied.erase(pb.name);
    copied.erase(block.name);
    blockStmt = Renamer(copied, nextTag_).mutate(blockStmt);

    // Each iteration combines its blocks in place of its reduction.
    Var k = fresh(r->var.name.base, IntType);
    Expr partial = load(var(partials), var(k) * intConst(iterations) + (var(p->var) - p->lower));
    std::vector<Stmt> body = pre;
    body.push_back(initStmt);
    body.push_back(For::make(k, intConst(0), intConst(blocks), LoopKind::Sequential, std::nullopt,
                             Assign::make(init->var, binary(combine.op, var(init->var), partial))));
    body.insert(body.end(), post.begin(), post.end());

    return Block::make({Allocate::make(partials, intConst(iterations * blocks)),
                        For::make(pb, intConst(0), intConst(iterations * blocks), LoopKind::ParallelMap, std::nullopt,
                                  blockStmt),
                        For::make(p->var, p->lower, p->upper, LoopKind::ParallelMap, std::nullopt, Block::make(body)),
                        Free::make(partials)});
  }

  uint32_t& nextTag_;
};

}  // namespace

Program splitReductions(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Splitter(nextTag).mutate(body); });
}

}  // namespace aplc::laila
