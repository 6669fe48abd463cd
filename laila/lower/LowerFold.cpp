// Lowering of TAIL's element-wise and folding primitives: each, zipWith (fused pull arrays),
// reduce (a right fold per result element), scan (materialized). Power is in LowerControl.cpp.
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/lower/LowerInternal.h"
#include "laila/passes/Simplify.h"
#include "laila/passes/VersionLoops.h"
#include "support/Diagnostics.h"
#include "tail/ir/ScanKind.h"

namespace aplc::laila::lowering {

namespace {

// `a` read with every index multiplied by `stride` (0 or 1), as an array of shape `shape`:
// stride 0 reads its first element everywhere (singleton extension), stride 1 reads it as it is.
PullArray strided(const PullArray& a, std::vector<Expr> shape, const Expr& stride) {
  if (auto s = asIntConst(stride); s && *s == 1) return a;
  PullArray r = a.isFlat()
                    ? PullArray::flat(a.elem(), std::move(shape), [a, stride](const Expr& i) { return a.at(i * stride); })
                    : PullArray::shaped(a.elem(), std::move(shape), [a, stride](const std::vector<Expr>& ix) {
                        std::vector<Expr> scaled;
                        for (const Expr& i : ix) scaled.push_back(i * stride);
                        return a.at(scaled);
                      });
  return r.withCheap(a.cheap());
}

// The primitive f is when it is one as a function value (not a lambda, no bound arguments).
std::optional<tail::Prim> primitiveOf(const LValue& f) {
  if (f.kind != LValue::Kind::Function || f.fn->lambda.defined() || !f.fn->args.empty()) return std::nullopt;
  return f.fn->prim;
}

// How a scan of f is computed (tail::primScanKind), as the interpreter does.
tail::ScanKind scanKind(const LValue& f) {
  std::optional<tail::Prim> prim = primitiveOf(f);
  return prim ? tail::primScanKind(*prim) : tail::ScanKind::Fold;
}

std::string shapeText(const std::vector<Expr>& shape) {
  std::string s;
  for (size_t k = 0; k < shape.size(); ++k) {
    auto v = asIntConst(shape[k]);
    if (!v) return "";
    s += (k ? " " : "") + std::to_string(*v);
  }
  return s.empty() ? "(scalar)" : s;
}

// True for addi as a function value: its reductions are exact sums (Lowerer::exactSum).
bool isIntSum(const LValue& f) { return primitiveOf(f) == tail::Prim::AddI; }

// True for addd as a function value.
bool isDoubleSum(const LValue& f) { return primitiveOf(f) == tail::Prim::AddD; }

// True for addd and muld as function values: their reductions fold in blocks (tail/ir/ScanKind.h).
bool reducesInBlocks(const LValue& f) {
  std::optional<tail::Prim> prim = primitiveOf(f);
  return prim && tail::primReducesInBlocks(*prim);
}

// True for the primitives whose folds give the same bits however they are grouped
// (tail::primIsExactInAnyOrder): reduced in blocks like addd and muld, scanned in blocks on
// parallel targets.
bool isExactInAnyOrder(const LValue& f) {
  std::optional<tail::Prim> prim = primitiveOf(f);
  return prim && tail::primIsExactInAnyOrder(*prim);
}

// A lower bound of the work of one block of a blocked scan's loops, in laila/analysis/Cost.h's
// operations (a load or computed item, a store, a combination per item): the scan asks whether
// loops of this much work will run on threads before it chooses its blocks.
constexpr int64_t kBlockedScanLeastWork = 2 * tail::kReduceBlock;

// Whether code loads from memory, only from these blocks and only at item i of a row of m
// (its index simplified to i), and passes no memory to a call: what streamReductions can move
// into the loops that store the items.
bool loadsOnlyItemsOf(const Stmt& code, const std::set<Name>& memory, const Var& i, const Expr& m) {
  class Loads : public IRVisitor {
   public:
    Loads(const std::set<Name>& memory, const Var& i, const Expr& m) : memory_(memory), i_(i) {
      facts_.bindLoop(i.name, intConst(0), m);
    }
    bool some = false, elsewhere = false;

   protected:
    using IRVisitor::visit;
    void visit(const Load* op) override {
      const Variable* m = op->memory.as<Variable>();
      const Variable* at = simplify(op->index, facts_).as<Variable>();
      some = true;
      elsewhere = elsewhere || !m || !memory_.count(m->var().name) || !at || at->var().name != i_.name;
      include(op->index);
    }
    void visit(const Variable* op) override { elsewhere = elsewhere || op->type.memory; }
    void visit(const CallFunction*) override { elsewhere = true; }

   private:
    const std::set<Name>& memory_;
    const Var& i_;
    Facts facts_;
  };
  Loads loads(memory, i, m);
  loads.include(code);
  return loads.some && !loads.elsewhere;
}

}  // namespace

// Whether a reduction's blocks store their partial results in an array, for a parallel loop over
// the blocks: only where the target runs loops at once and no enclosing loop already does.
bool Lowerer::partialsInMemory() const { return options().target.runsLoopsAtOnce && parallelDepth_ == 0; }

// Whether a reduction along an axis of length m runs in blocks (unless m is at most one block).
bool Lowerer::inBlocks(const Expr& m) {
  std::optional<int64_t> length = asIntConst(m);
  return !(length && *length <= tail::kReduceBlock);
}

Expr Lowerer::blockCount(const Expr& m) {
  return b().let((m + (tail::kReduceBlock - 1)) / tail::kReduceBlock, "blocks");
}

// The blocks of a row (tail/ir/ScanKind.h) as a parallel loop, from the last block: `body` is
// given the block's number and computes its partial results. Running from the last block, whose
// items a right fold visits from the last, the loop's first failing iteration holds the fold's
// first failing item (the error the interpreter reports).
void Lowerer::overBlocks(const Expr& blocks, const std::function<void(Expr block)>& body) {
  loop(blocks, LoopKind::ParallelMap, [&](Expr k) { body(b().let(blocks - 1 - k, "block")); });
}

// A loop over the positions along the axis of a block's items, from its first: for sums exact
// in any order, read in the order other loops read the array (and an index the simplifier
// keeps affine, where `first + count - 1 - j` kept a modulus per item).
Lowerer::ItemLoop Lowerer::blockItems(const Expr& m, const Expr& block) {
  Expr first = b().let(block * tail::kReduceBlock, "first");
  Expr count = b().let(min(intConst(tail::kReduceBlock), m - first), "count");
  return [this, first, count](const std::function<void(Expr)>& item) {
    sequentialLoop(count, [&](Expr j) { item(first + j); });
  };
}

// An array of partial results, one per block, freed when the enclosing scope closes.
Expr Lowerer::partials(BaseType base, const Expr& blocks, const std::string& name) {
  Expr memory = b().alloc(base, blocks, name);
  registerMemory(memory);
  return memory;
}

// The Laila operator of a scalar primitive that lowers to one, `x op y` with nothing emitted
// (addd to `+`, maxi to `max`, andb to `&&`; not mind, a call, nor addi, checked): learnt by
// lowering it on two fresh variables in a discarded trial, so that it follows scalarPrim.
std::optional<BinaryOp> Lowerer::plainOperator(const LValue& f, Type type, const SourceLoc& loc) {
  if (!primitiveOf(f)) return std::nullopt;
  Var x = b().freshVar("x", type), y = b().freshVar("y", type);
  std::optional<BinaryOp> op;
  discarded([&] {
    int64_t before = b().emitted();
    Expr e = scalarPrim(f.fn->prim, {var(x), var(y)}, loc);
    auto* binary = e.as<Binary>();
    auto is = [](const Expr& e, const Var& v) {
      auto* variable = e.as<Variable>();
      return variable && variable->name == v.name;
    };
    if (b().emitted() == before && binary && is(binary->a, x) && is(binary->b, y) && e.type() == type) op = binary->op;
  });
  return op;
}

// A fold's update `acc = x f acc`: as the accumulator's operator when f has one (the Reduction
// loop's form, laila/ir/Verify.h), else through applyScalar.
void Lowerer::foldInto(const Var& acc, const std::optional<BinaryOp>& op, const LValue& f, const Expr& x,
                       const SourceLoc& loc) {
  // Binary::make, not binary: an update keeps its form even where x is op's identity or
  // absorbing element (true for ∧), which binary would fold to `acc` or to x.
  b().assign(acc, op ? Binary::make(*op, x, var(acc)) : applyScalar(f, {x, var(acc)}, loc));
}

// A fold's loop: a Reduction loop into acc when f is an operator (ordered, unless f is exact in
// any order), else a sequential loop.
void Lowerer::foldItems(const Expr& extent, const Var& acc, const Expr& neutral, const std::optional<BinaryOp>& op,
                        bool exactInAnyOrder, const std::function<void(Expr)>& body) {
  if (op) return foldLoop(extent, LoopKind::Reduction, Accumulator{acc, *op, neutral, exactInAnyOrder}, body);
  sequentialLoop(extent, body);
}

// addd and muld reduced along the last axis in blocks of kReduceBlock items, as the interpreter
// does: each block's right fold is a partial result, and the partials are folded the same way.
// Outside parallel loops, on a target that runs loops at once, the blocks are a parallel loop
// storing the partials in an array; inside one, or on a sequential target, the blocks are folded
// in sequence, each partial folded as soon as it is computed (the same values, and no array).
// An axis of at most kReduceBlock items is one block: the plain right fold's values.
PullArray Lowerer::blockedFold(const LValue& f, const Expr& neutral, const PullArray& a, const SourceLoc& loc,
                               const ArrayList& earlier, bool exact) {
  std::vector<Expr> shape(a.shape().begin(), a.shape().end() - 1);
  Expr m = a.shape().back();
  std::optional<BinaryOp> op = plainOperator(f, neutral.type(), loc);
  return PullArray::shaped(neutral.type().base, shape, [this, f, neutral, a, m, loc, earlier, op, exact](const std::vector<Expr>& ix) {
    Var acc = b().declare(neutral, "acc");
    // The right fold of one block's items onto the neutral element, from the block's last item:
    // `part = x f part`.
    auto foldBlock = [&](const Expr& block) {
      Expr first = b().let(block * tail::kReduceBlock, "first");
      Expr count = b().let(min(intConst(tail::kReduceBlock), m - first), "count");
      Var part = b().declare(neutral, "part");
      foldItems(count, part, neutral, op, exact, [&](Expr j) {
        std::vector<Expr> full = ix;
        full.push_back(first + count - 1 - j);
        Expr x = b().let(a.at(full), "x");
        ColdScope cold(*this, earlier);
        foldInto(part, op, f, x, loc);
      });
      return var(part);
    };
    // The partials folded the same way, from the last block's: `acc = partial f acc`.
    auto foldPartials = [&](const Expr& blocks, const std::function<Expr(Expr block)>& partial) {
      foldItems(blocks, acc, neutral, op, exact, [&](Expr k) { foldInto(acc, op, f, partial(b().let(blocks - 1 - k, "block")), loc); });
    };
    if (!partialsInMemory()) {
      foldPartials(blockCount(m), foldBlock);
      return var(acc);
    }
    scoped([&] {
      Expr blocks = blockCount(m);
      Expr results = partials(neutral.type().base, blocks, "partials");
      overBlocks(blocks, [&](Expr block) { b().store(results, block, foldBlock(block)); });
      foldPartials(blocks, [&](Expr block) { return b().let(load(results, block), "partial"); });
    });
    return var(acc);
  });
}

bool Lowerer::boundedSum(const PullArray& a, const Expr& m, double limit) {
  std::optional<int64_t> length = asIntConst(m);
  if (!length) return false;
  std::optional<WholeRange> items = wholeRangeOf([&] {
    std::vector<Expr> ix;
    for (size_t k = 0; k < a.rank(); ++k) ix.push_back(var(b().freshVar("i", IntType)));
    return a.at(ix);
  });
  // The partial sums lie within length × the items' magnitude (computed in doubles: a product
  // that rounds does so upwards of the exact one, so the strict test stays sound).
  return items && double(*length) * items->magnitude() < limit;
}

bool Lowerer::streamsInto(const PullArray& a) {
  if (!options().target.streamsReductions || pointwiseResults_.empty() || a.rank() != 1) return false;
  bool onlyThere = false;
  discarded([&] {
    Builder::Mark start = b().mark();
    Var i = b().freshVar("i", IntType);
    Expr item = a.at({var(i)});
    std::vector<Stmt> code = b().since(start);
    code.push_back(Decl::make(b().freshVar("x", item.type()), item));
    onlyThere = loadsOnlyItemsOf(Block::make(std::move(code)), pointwiseResults_, i, a.shape()[0]);
  });
  return onlyThere;
}

// The right fold of a row of a few items that are all known, as a constant: `×/⍴x` of an array of
// known shape (a ravel's length), which as a loop of assignments to an accumulator left every
// index over the ravel with a modulus the simplifier could not drop, since it did not know the
// length. The fold's checks are still emitted, in order, and decided by eliminateChecks;
// nullopt (nothing emitted) unless every step gives a constant.
std::optional<Expr> Lowerer::foldedAtCompileTime(const LValue& f, const Expr& neutral, const PullArray& a,
                                                 const Expr& m, const std::vector<Expr>& ix, const SourceLoc& loc,
                                                 const ArrayList& earlier) {
  std::optional<int64_t> n = asIntConst(m);
  if (!n || !unrolls(m)) return std::nullopt;
  Expr acc = neutral;
  bool kept = tentatively([&] {
    for (int64_t i = *n - 1; i >= 0 && isConst(acc); --i) {
      std::vector<Expr> full = ix;
      full.push_back(intConst(i));
      Expr x = a.at(full);
      if (!isConst(x)) return false;
      ColdScope cold(*this, earlier);
      acc = applyScalar(f, {x, acc}, loc);
    }
    return isConst(acc);
  });
  return kept ? std::optional<Expr>(acc) : std::nullopt;
}

// A reduction by an operator exact in any order (⌈ ⌊ ∧ ∨ on their types), where its items are
// not split among threads: one loop from the first item, the order in which other loops read
// the same array, so that the sequential target's fuseLoopsInOrder can run them together. The
// result is the right fold's; an item's own errors are those of the first failing item, as when
// the interpreter computes the argument before reducing it.
PullArray Lowerer::foldFromFirst(const LValue& f, BinaryOp op, const Expr& neutral, const PullArray& a,
                                 const SourceLoc& loc, const ArrayList& earlier) {
  std::vector<Expr> shape(a.shape().begin(), a.shape().end() - 1);
  Expr m = a.shape().back();
  return PullArray::shaped(neutral.type().base, shape, [this, f, op, neutral, a, m, loc, earlier](const std::vector<Expr>& ix) {
    Var acc = b().declare(neutral, "acc");
    foldItems(m, acc, neutral, op, true, [&](Expr i) {
      std::vector<Expr> full = ix;
      full.push_back(i);
      Expr x = b().let(a.at(full), "x");
      ColdScope cold(*this, earlier);
      foldInto(acc, op, f, x, loc);
    });
    return var(acc);
  });
}

// addi reduced along the last axis with the interpreter's exact rule (tail/interp/InterpScalar.h,
// ExactSum): each row is summed with wrapping additions while the wraps are counted; the exact
// sum is wrapped + wraps * 2^64, so it fits exactly when the count is 0, checked once after the
// row's loop. Intermediate overflows that cancel are no error, and the hot loop has no branch
// to an error (one check per row instead of one per element). The sum is exact in any order:
// outside parallel loops of a target that runs loops at once, along an axis longer than a block,
// the blocks' wrapped sums and wrap counts are partial results (tail/ir/ScanKind.h), so that the
// blocks are summed at once; elsewhere one loop sums the row, from its first item.
PullArray Lowerer::exactSum(const Expr& neutral, const PullArray& a, const SourceLoc& addLoc, const ArrayList& earlier) {
  std::vector<Expr> shape(a.shape().begin(), a.shape().end() - 1);
  Expr m = a.shape().back();
  return PullArray::shaped(BaseType::Int, shape, [this, neutral, a, m, addLoc, earlier](const std::vector<Expr>& ix) {
    Var acc = b().declare(neutral, "acc");
    Var wraps = b().declare(intConst(0), "wraps");
    auto item = [&](Var sum, Var count) {
      return [this, &ix, &a, sum, count](Expr position) {
        std::vector<Expr> full = ix;
        full.push_back(position);
        addCountingWraps(sum, count, b().let(a.at(full), "x"));
      };
    };
    // A sum to stream (Lowerer::streamsInto) must also be one the range pass proves cannot
    // overflow: its wrap count, an if per item, would keep it out of the loops that store them.
    bool streamed = streamsInto(a) && boundedSum(a, m, WholeRange::kExactLimit);
    if (!inBlocks(m) || !partialsInMemory() || streamed) {
      sequentialLoop(m, [&](Expr i) { item(acc, wraps)(i); });  // exact in any order: from the first
    } else {
      scoped([&] {
        Expr blocks = blockCount(m);
        Expr sums = partials(BaseType::Int, blocks, "sums"), counts = partials(BaseType::Int, blocks, "wraps");
        loop(blocks, LoopKind::ParallelMap, [&](Expr block) {  // in any order: the sum is exact
          Var sum = b().declare(intConst(0), "part");
          Var count = b().declare(intConst(0), "partwraps");
          blockItems(m, block)(item(sum, count));
          b().store(sums, block, var(sum));
          b().store(counts, block, var(count));
        });
        sequentialLoop(blocks, [&](Expr k) {
          addCountingWraps(acc, wraps, b().let(load(sums, k), "partial"));
          b().assign(wraps, var(wraps) + load(counts, k));
        });
      });
    }
    ColdScope cold(*this, earlier);  // the argument's own errors come first, as in the interpreter
    check(eq(var(wraps), intConst(0)), ErrorKind::Domain, addLoc,
          "integer overflow in addition (results must fit in 64 bits)");
    return var(acc);
  });
}

// A vector's scan by an operator exact in any order (integer +, tail::primIsExactInAnyOrder),
// in three passes over blocks of kReduceBlock items (target.blockedScans), the first and the
// last parallel loops:
//   1. each block's items are computed, stored, and folded left to right into its total;
//   2. in sequence, each block's total is replaced by the scan's value before the block;
//   3. each block's items are scanned in place from that value.
// The third pass makes the sequential scan's operations on each item, from the same value: the
// same bits. Integer + wraps in the first two passes and is checked in the third. When an
// overflow first happens at item i, the blocks up to i's have exact starting values (a wrapped
// sum is exact when the exact one fits), so i's block reports it, as the sequential scan does;
// later blocks may start from wrapped values, but the earliest failing iteration wins
// (docs/openmp.md, errors). The argument's own errors, all found in the first pass, come
// before the scan's, as in the interpreter, which evaluates the argument whole first.
void Lowerer::blockedScan(const LValue& f, const PullArray& a, const Expr& m, const Expr& blocks, const Expr& memory,
                          const SourceLoc& loc) {
  bool intSum = isIntSum(f);
  auto unchecked = [&](const Expr& x, const Expr& y) { return intSum ? x + y : applyScalar(f, {x, y}, loc); };
  // The loop over the blocks, each with its first item's position and its number of items.
  auto eachBlock = [&](const Expr& blocks, const std::function<void(Expr, Expr, Expr)>& body) {
    loop(blocks, LoopKind::ParallelMap, [&](Expr block) {
      Expr first = b().let(block * tail::kReduceBlock, "first");
      body(block, first, b().let(min(intConst(tail::kReduceBlock), m - first), "count"));
    });
  };
  scoped([&] {
    Expr totals = partials(a.elem(), blocks, "totals");
    eachBlock(blocks, [&](Expr block, Expr first, Expr count) {
      Var total = b().declare(fillOf(a.elem()), "total");
      sequentialLoop(count, [&](Expr j) {
        Expr x = b().let(a.at(std::vector<Expr>{first + j}), "x");
        b().store(memory, first + j, x);
        b().ifThenElse(eq(j, intConst(0)), [&] { b().assign(total, x); },
                       [&] { b().assign(total, unchecked(var(total), x)); });
      });
      b().store(totals, block, var(total));
    });
    Var before = b().declare(fillOf(a.elem()), "before");
    sequentialLoop(blocks, [&](Expr k) {
      Expr total = b().let(load(totals, k), "total");
      b().store(totals, k, var(before));  // block 0's value is never read: its item 0 starts the scan
      b().ifThenElse(eq(k, intConst(0)), [&] { b().assign(before, total); },
                     [&] { b().assign(before, unchecked(var(before), total)); });
    });
    eachBlock(blocks, [&](Expr block, Expr first, Expr count) {
      Var acc = b().declare(load(totals, block), "acc");
      sequentialLoop(count, [&](Expr j) {
        Expr i = b().let(first + j, "i");
        Expr x = b().let(load(memory, i), "x");
        b().ifThenElse(eq(i, intConst(0)), [&] { b().assign(acc, x); },
                       [&] { b().assign(acc, applyScalar(f, {var(acc), x}, loc)); });
        b().store(memory, i, var(acc));
      });
    });
  });
}

// sum ← x + sum, wrapping, with count moved by one each time the addition wraps.
void Lowerer::addCountingWraps(const Var& sum, const Var& count, const Expr& x) {
  // The test is the runtime's overflow predicate, as in every checked addition, so that
  // laila/passes/ElimChecks.h decides it (and then the final check) where value ranges prove the
  // sum fits. An if, not a select: a branch almost never taken keeps the C compiler's code
  // for the whole function as fast as the per-element check did.
  b().ifThen(call("aplc_add_overflows", BoolType, {x, var(sum)}), [&] {
    // Two negatives wrapped to a non-negative (down, -1) or two non-negatives to a negative
    // (up, +1): x >> 63 | 1 (Shr is arithmetic) is -1 or 1 by x's sign. Not an if-else
    // on the sign: with it GCC 12 made the life benchmark's whole main 50% slower.
    Expr sign = binary(BinaryOp::BitOr, binary(BinaryOp::Shr, x, intConst(63)), intConst(1));
    b().assign(count, var(count) + sign);
  });
  b().assign(sum, x + var(sum));  // Laila's int + wraps (laila/ir/IR.h)
}

// ---------------------------------------------------------------------------- the primitives

// The arguments of zipWith (same rank) made to conform, with singleton extension
// (docs/semantics.md): where the shapes differ, a one-element argument is read at index 0 for
// every element of the other, whose shape the result takes; else a LENGTH ERROR. Which argument
// extends is decided once, before any element is read: each argument is read through a stride
// of 0 or 1 on its indices (a loop-invariant variable), never through a choice per element, and
// the loops that read it get a version for strides of 1 (VersionLoops.h), the common case.
// Where the shapes are equal by construction, or an argument's size is known to differ from 1,
// the strides fold away and the arguments are returned as they are.
std::pair<PullArray, PullArray> Lowerer::conform(const PullArray& a, const PullArray& c, const SourceLoc& loc) {
  Expr same = boolConst(true);
  for (size_t k = 0; k < a.rank(); ++k) same = land(same, eq(a.shape()[k], c.shape()[k]));
  same = simplify(same);
  if (auto s = asBoolConst(same); s && *s) return {a, c};
  Expr aSingle = simplify(eq(a.size(), intConst(1))), cSingle = simplify(eq(c.size(), intConst(1)));
  Expr conforms = lor(same, lor(aSingle, cSingle));
  std::string sa = shapeText(a.shape()), sc = shapeText(c.shape());
  // APL evaluates both arguments whole before it compares their shapes: when they do not
  // conform, the arguments' own errors come first (right to left). An extended argument's one
  // element is read only when the other is not empty: it is validated too.
  if (b().loopDepth() == 0) {
    validate(c, land(conforms, lor(lnot(cSingle), ge(a.size(), intConst(1)))));
    validate(a, land(conforms, lor(lnot(aSingle), ge(c.size(), intConst(1)))));
  }
  check(conforms, ErrorKind::Length, loc,
        sa.empty() || sc.empty() ? "arguments of different shapes" : "arguments of shapes " + sa + " and " + sc);
  // Both one-element arrays of one rank have the same shape: at most one argument extends.
  Expr extendA = simplify(land(lnot(same), aSingle));
  Expr extendC = simplify(land(lnot(same), land(lnot(aSingle), cSingle)));
  auto known = [](const Expr& e, bool v) { auto x = asBoolConst(e); return x && *x == v; };
  if (known(extendA, false) && known(extendC, false)) return {a, c};
  extendA = b().let(extendA, "extend");
  extendC = b().let(extendC, "extend");
  std::vector<Expr> shape;
  for (size_t k = 0; k < a.rank(); ++k) shape.push_back(b().let(simplify(select(extendA, c.shape()[k], a.shape()[k])), "n"));
  auto stride = [this](const Expr& extend) {
    return b().let(simplify(select(extend, intConst(0), intConst(1))), kExtensionStride);  // VersionLoops.h
  };
  return {strided(a, shape, stride(extendA)), strided(c, shape, stride(extendC))};
}


LValue Lowerer::foldPrim(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                         const SourceLoc& loc) {
  using tail::Prim;
  switch (op) {
    case Prim::Each:
    case Prim::EachV: {
      LValue f = args[0];
      PullArray a = asArray(args[1]);
      BaseType rt = baseOf(resultTypeOf(instance, 2).base());
      ArrayList earlier = earlierArrays();  // f's checks validate them first (Lowerer::check)
      PullArray r = mode(each(rt, [this, f, loc, earlier](const Expr& x) {
        ColdScope cold(*this, earlier);
        return applyScalar(f, {x}, loc);
      }, a));
      if (isEffectful(f)) r = materialize(r);
      return fromArray(r);
    }
    case Prim::ZipWith:
    case Prim::ZipWithV: {
      LValue f = args[0];
      PullArray a = asArray(args[1]), c = asArray(args[2]);
      BaseType rt = baseOf(resultTypeOf(instance, 3).base());
      auto [ea, ec] = conform(a, c, loc);
      ArrayList earlier = earlierArrays();  // f's checks validate them first (Lowerer::check)
      PullArray r = mode(zipWith(
          rt,
          [this, f, loc, earlier](const Expr& x, const Expr& y) {
            ColdScope cold(*this, earlier);
            return applyScalar(f, {x, y}, loc);
          },
          ea, ec));
      if (isEffectful(f)) r = materialize(r);
      return fromArray(r);
    }
    case Prim::Reduce: {
      LValue f = args[0];
      Expr neutral = args[1].kind == LValue::Kind::Array ? fromArray(args[1].array).scalar : args[1].scalar;
      PullArray a = asArray(args[2]);
      APLC_INTERNAL_CHECK(a.rank() >= 1, "reduce of a scalar");
      std::vector<Expr> shape(a.shape().begin(), a.shape().end() - 1);
      Expr m = a.shape().back();
      // Right fold along the last axis, the neutral element innermost: the loop runs from the end.
      ArrayList earlier = earlierArrays();  // the argument, whole, before f's errors
      if (isIntSum(f)) return fromArray(mode(exactSum(neutral, a, f.fn->loc.known() ? f.fn->loc : loc, earlier)));
      bool anyOrder = isExactInAnyOrder(f) || (isDoubleSum(f) && boundedSum(a, m, WholeRange::kExactLimit));
      if (anyOrder && (!(inBlocks(m) && partialsInMemory()) || streamsInto(a))) {
        if (std::optional<BinaryOp> op = plainOperator(f, neutral.type(), loc))
          return fromArray(mode(foldFromFirst(f, *op, neutral, a, loc, earlier)));
      }
      // Folds from the last item: the elements' own errors must still come in their order.
      a = computedInOrder(a);
      if ((reducesInBlocks(f) || isExactInAnyOrder(f)) && inBlocks(m))
        return fromArray(mode(blockedFold(f, neutral, a, loc, earlier, anyOrder)));
      PullArray r = PullArray::shaped(neutral.type().base, shape, [this, f, neutral, a, m, loc, earlier](const std::vector<Expr>& ix) {
        if (std::optional<Expr> folded = foldedAtCompileTime(f, neutral, a, m, ix, loc, earlier)) return *folded;
        Var acc = b().declare(neutral, "acc");
        sequentialLoop(m, [&](Expr i) {
          std::vector<Expr> full = ix;
          full.push_back(m - 1 - i);
          Expr x = b().let(a.at(full), "x");
          ColdScope cold(*this, earlier);
          b().assign(acc, applyScalar(f, {x, var(acc)}, loc));
        });
        return var(acc);
      });
      return fromArray(mode(r));
    }
    case Prim::Scan: {
      LValue f = args[0];
      PullArray a = asArray(args[1]);
      if (a.rank() == 0) return args[1];
      tail::ScanKind kind = scanKind(f);
      std::vector<Expr> shape;
      for (const Expr& e : a.shape()) shape.push_back(b().let(e, "n"));
      Expr memory = b().alloc(a.elem(), product(shape), "scan");
      scopes_.back().memory.push_back(memory);
      std::vector<Expr> lead(shape.begin(), shape.end() - 1);
      Expr m = shape.back();
      // One row (a leading index) at a time. Each kind performs the interpreter's operations in
      // its order (tail/interp/Interp.cpp, Interpreter::scan): the results are bit-identical.
      std::function<void(size_t, std::vector<Expr>&)> rows = [&](size_t axis, std::vector<Expr>& ix) {
        if (axis < lead.size()) {
          loop(lead[axis], LoopKind::ParallelMap, [&](Expr i) {
            ix.push_back(i);
            rows(axis + 1, ix);
            ix.pop_back();
          });
          return;
        }
        Expr base = toIdx(lead, ix) * m;
        auto element = [&](const Expr& j) {
          std::vector<Expr> full = ix;
          full.push_back(j);
          return b().let(a.at(full), "x");
        };
        auto odd = [](const Expr& i) { return eq(i % intConst(2), intConst(1)); };
        auto prefix = [&] {
          Type type = fillOf(a.elem()).type();
          std::optional<BinaryOp> op = plainOperator(f, type, loc);
          std::optional<Expr> neutral = op ? neutralElement(*op, type) : std::nullopt;
          if (neutral) {
            // f is one operator with a neutral element: a Scan loop from it, `acc = acc op x`,
            // the same operations on the same values as the interpreter's (neutral op x0 is x0).
            Var acc = b().declare(*neutral, "acc");
            bool exact = isExactInAnyOrder(f);
            foldLoop(m, LoopKind::Scan, Accumulator{acc, *op, *neutral, exact}, [&](Expr i) {
              b().assign(acc, Binary::make(*op, var(acc), element(i)));
              b().store(memory, base + i, var(acc));
            });
            return;
          }
          Var acc = b().declare(fillOf(a.elem()), "acc");
          loop(m, LoopKind::Sequential, [&](Expr i) {
            Expr x = element(i);
            b().ifThenElse(eq(i, intConst(0)), [&] { b().assign(acc, x); },
                           [&] { b().assign(acc, applyScalar(f, {var(acc), x}, loc)); });
            b().store(memory, base + i, var(acc));
          });
        };
        // A vector's scan on a parallel target, by an operator exact in any order: in blocks
        // when its loops will run on threads (OpenMP), or always (OpenCL, whose one pass would
        // run on the host); else the one pass, which reads the items once.
        using BlockedScans = Target::BlockedScans;
        BlockedScans blocked = options().target.blockedScans;
        if (lead.empty() && kind == tail::ScanKind::Prefix && blocked != BlockedScans::Never && parallelDepth_ == 0 &&
            inBlocks(m) && (isIntSum(f) || isExactInAnyOrder(f))) {
          Expr blocks = blockCount(m);
          if (blocked == BlockedScans::Always) {
            blockedScan(f, a, m, blocks, memory, loc);
            return;
          }
          Expr threaded = call("aplc_parallel_will_thread", BoolType, {blocks, intConst(kBlockedScanLeastWork)});
          b().ifThenElse(threaded, [&] { blockedScan(f, a, m, blocks, memory, loc); }, prefix);
          return;
        }
        switch (kind) {
          case tail::ScanKind::Prefix: {
            prefix();
            break;
          }
          case tail::ScanKind::AlternatingSum: {
            // x1 - x2 + x3 - …: the odd (0-based) items subtracted, the even ones added.
            bool isInt = f.fn->prim == tail::Prim::SubI;
            tail::Prim add = isInt ? tail::Prim::AddI : tail::Prim::AddD;
            Var acc = b().declare(fillOf(a.elem()), "acc");
            loop(m, LoopKind::Sequential, [&](Expr i) {
              Expr x = element(i);
              b().ifThenElse(eq(i, intConst(0)), [&] { b().assign(acc, x); }, [&] {
                b().ifThenElse(odd(i), [&] { b().assign(acc, scalarPrim(f.fn->prim, {var(acc), x}, f.fn->loc)); },
                               [&] { b().assign(acc, scalarPrim(add, {var(acc), x}, f.fn->loc)); });
              });
              b().store(memory, base + i, var(acc));
            });
            break;
          }
          case tail::ScanKind::AlternatingProduct: {
            // x1 ÷ x2 × x3 ÷ … from 1, with the right fold's zeros (see the interpreter): a zero
            // after a non-zero item is a DOMAIN ERROR; after the leading zeros the value stays.
            Var acc = b().declare(doubleConst(1.0), "acc");
            Var leading = b().declare(boolConst(true), "lead");
            Var frozen = b().declare(boolConst(false), "frozen");
            loop(m, LoopKind::Sequential, [&](Expr i) {
              Expr x = element(i);
              Expr zero = b().let(eq(x, doubleConst(0.0)), "zero");
              check(lor(lnot(zero), var(leading)), ErrorKind::Domain, f.fn->loc, "division by zero");
              b().assign(frozen, lor(var(frozen), land(land(var(leading), lnot(zero)), gt(i, intConst(0)))));
              Expr stepped = select(odd(i), select(zero, doubleConst(1.0), var(acc) / x), var(acc) * x);
              b().assign(acc, select(var(frozen), var(acc), stepped));
              b().assign(leading, land(var(leading), zero));
              b().store(memory, base + i, var(acc));
            });
            break;
          }
          case tail::ScanKind::Boolean: {
            // The composition G of the maps t -> f(x, t) of the items so far, as G(0) and G(1):
            // item i is G(x_i).
            Var g0 = b().declare(boolConst(false), "g0");
            Var g1 = b().declare(boolConst(true), "g1");
            loop(m, LoopKind::Sequential, [&](Expr i) {
              Expr x = element(i);
              b().store(memory, base + i, select(x, var(g1), var(g0)));
              Expr f0 = b().let(applyScalar(f, {x, boolConst(false)}, loc), "f0");
              Expr f1 = b().let(applyScalar(f, {x, boolConst(true)}, loc), "f1");
              // Both new values from the old ones: g0 is read again after it is assigned.
              Var n0 = b().declare(select(f0, var(g1), var(g0)), "n0");
              b().assign(g1, select(f1, var(g1), var(g0)));
              b().assign(g0, var(n0));
            });
            break;
          }
          case tail::ScanKind::Fold: {
            // Item i is the right fold of items 0..i (quadratic, as the interpreter).
            loop(m, LoopKind::ParallelMap, [&](Expr i) {
              Var acc = b().declare(element(i), "acc");
              loop(i, LoopKind::Sequential, [&](Expr k) {
                Expr x = element(i - 1 - k);
                b().assign(acc, applyScalar(f, {x, var(acc)}, loc));
              });
              b().store(memory, base + i, var(acc));
            });
            break;
          }
        }
      };
      std::vector<Expr> ix;
      rows(0, ix);
      return LValue::ofArray(PullArray::reader(a.elem(), shape, memory));
    }
    default: break;
  }
  internalError(__FILE__, __LINE__, "lowering: not a fold primitive: " + std::string(tail::primName(op)));
}

}  // namespace aplc::laila::lowering
