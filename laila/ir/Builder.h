// Builder: constructs Laila programs statement by statement, with an insertion point.
//
// This plays the role of the thesis's program-construction monad (§3.4): instead of threading
// `s -> s` continuations, the builder appends statements to the current block, and opens nested
// blocks for loop and if bodies, whose contents a lambda emits:
//
//   Builder b;
//   Expr n = b.let(intConst(6), "n");
//   Expr a = b.alloc(BaseType::Int, n, "a");
//   b.forLoop(n, LoopKind::ParallelMap, [&](Expr i) { b.store(a, i, i * i); });
//   Expr sum = b.reduce(n, BinaryOp::Add, intConst(0), [&](Expr i) { return load(a, i); });
//   b.print(sum, {}, PrintStyle::Apl);
//   b.free(a);
//   Program p = b.finish();
//
// Every name the builder creates is fresh (`{base, tag}` with a tag unique to this builder), so a
// program built by one builder has unique names. Build one program with one builder.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "laila/ir/IR.h"
#include "laila/ir/Ops.h"

namespace aplc::laila {

class Builder {
 public:
  Builder() { blocks_.emplace_back(); }

  // A fresh name / variable (not declared: emit its declaration yourself, or use let/declare).
  Name freshName(const std::string& base);
  Var freshVar(const std::string& base, Type type);

  // Appends a statement at the insertion point (the end of the innermost open block).
  void emit(Stmt s);

  // Binds a value to a fresh immutable variable and returns the variable. Constants and
  // variables are returned as they are (binding them would only add a name).
  Expr let(Expr value, const std::string& base = "t");
  // Declares a fresh mutable variable with an initial value (always emits a declaration).
  Var declare(Expr init, const std::string& base = "v");
  void assign(const Var& v, Expr value);

  // Array memory: `count` uninitialised elements; returns the memory variable as an expression.
  Expr alloc(BaseType base, Expr count, const std::string& name = "a");
  // A memory variable holding no block yet (DeclareMemory): a move fills it.
  Expr declareMemory(BaseType base, const std::string& name);
  void store(const Expr& memory, Expr index, Expr value);
  void free(const Expr& memory);

  // `for i in 0..extent` / `for i in lower..upper` (Sequential or ParallelMap); the body lambda
  // gets the loop variable and emits the body.
  using LoopBody = std::function<void(Expr)>;
  void forLoop(Expr extent, LoopKind kind, const LoopBody& body, const std::string& base = "i");
  void forRange(Expr lower, Expr upper, LoopKind kind, const LoopBody& body,
                const std::string& base = "i");

  // A reduction loop: declares `acc = init` (init defaults to the neutral element), then
  // `for i in 0..extent { acc = acc op term(i) }` as a Reduction loop, and returns acc. The
  // order is left to right (i ascending); the loop may be reordered when op is associative and
  // commutative and `reorderable` is true.
  using Term = std::function<Expr(Expr)>;
  Expr reduce(Expr extent, BinaryOp op, Expr neutral, const Term& term,
              const std::string& base = "acc", Expr init = Expr(), bool reorderable = true);

  // `for i in 0..extent` as a Reduction or Scan loop into `accumulator`, which the caller has
  // declared and which the body updates (once, as `acc = acc op e` or `acc = e op acc`) after
  // whatever statements compute e (and, in a scan, then reads): for folds whose items take
  // statements (a right fold's item read from the end, a cold branch), where reduce's and scan's
  // term is one expression.
  void foldLoop(Expr extent, LoopKind kind, const Accumulator& accumulator, const LoopBody& body,
                const std::string& base = "i");

  // An inclusive scan loop: acc = neutral; for i { acc = acc op term(i); use(i, acc) }.
  using ScanUse = std::function<void(Expr, Expr)>;
  void scan(Expr extent, BinaryOp op, Expr neutral, const Term& term, const ScanUse& use,
            const std::string& base = "acc", bool reorderable = true);

  using Body = std::function<void()>;
  void ifThen(Expr cond, const Body& thenBody);
  void ifThenElse(Expr cond, const Body& thenBody, const Body& elseBody);
  // `while (cond) body`: `cond` may emit statements; it is built once before the loop and once
  // at the end of the body, into a flag variable the loop tests.
  void whileLoop(const std::function<Expr()>& cond, const Body& body);

  // An APL error check (omitted when cond is the constant true).
  void check(Expr cond, ErrorKind kind, ErrorLoc loc, std::string message);
  void print(Expr value, std::vector<Expr> shape, PrintStyle style,
             std::vector<Expr> strides = {});
  void comment(std::string text);

  // How many loops (for, reduce, scan, while) enclose the insertion point.
  int loopDepth() const { return loopDepth_; }
  // How many blocks are open (1: the program's top level).
  size_t openBlocks() const { return blocks_.size(); }

  // Emits into a fresh block and returns it (not emitted): for building bodies of statements
  // the helpers above do not cover.
  Stmt block(const Body& body);

  // Discarding code (trial lowerings): mark() remembers the statements built so far, rollback()
  // drops every statement built since. Names stay used, so nothing built later clashes with them.
  // A mark records the length of every open block (not their statements): taking one and
  // rolling back to it cost the depth of the nesting, not the size of the program.
  struct Mark {
    std::vector<size_t> lengths;
  };
  Mark mark() const;
  void rollback(Mark m);
  // The statements appended to the innermost open block since m (taken at the same depth).
  std::vector<Stmt> since(const Mark& m) const;

  // A limit on the statements emitted (counted over the builder's life, rollbacks included): a
  // trial lowering sets one so that it stops, by a TrialLimit exception, once it has done more
  // work than its answer can be worth. The caller catches it and rolls back.
  struct TrialLimit {};
  int64_t emitted() const { return emitted_; }
  int64_t limit() const { return limit_; }
  void setLimit(int64_t limit) { limit_ = limit; }

  // Statements emitted earlier, for caching the values they declare (the lowering's per-element
  // reuse): a declared value is usable while its statement is still where it was emitted, in
  // a block still open. A rollback cuts statements and drops blocks, so a cached value from a
  // trial is no longer usable afterwards, while one from before the trial still is.
  using BlockId = uint64_t;
  struct Emitted {
    BlockId block = 0;
    size_t depth = 0, position = 0;
    Stmt statement;  // held, so that no later statement can take its node's address
  };
  // The last statement of the current block (none when it is empty). While it is still
  // emitted, so is every statement before it, and the blocks around it are open: it vouches
  // for every variable visible at it.
  std::optional<Emitted> lastEmitted() const;
  bool stillEmitted(const Emitted& e) const;

  // The program built so far (all blocks must be closed).
  Program finish();

 private:
  Stmt closeBlock();
  Stmt loopBlock(const Body& body);  // block() for a loop's body, counted in loopDepth_

  int loopDepth_ = 0;
  std::vector<std::vector<Stmt>> blocks_;  // innermost last
  std::vector<BlockId> blockIds_{0};       // one per open block
  BlockId nextBlockId_ = 1;
  uint32_t nextTag_ = 1;
  int64_t emitted_ = 0;
  int64_t limit_ = INT64_MAX;
};

}  // namespace aplc::laila
