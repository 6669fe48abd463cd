// Builder: fresh names and nested blocks for constructing Laila programs.
#include "laila/ir/Builder.h"

#include "support/Diagnostics.h"

namespace aplc::laila {

Name Builder::freshName(const std::string& base) { return Name{base, nextTag_++}; }

Var Builder::freshVar(const std::string& base, Type type) { return Var{freshName(base), type}; }

void Builder::emit(Stmt s) {
  APLC_INTERNAL_CHECK(s.defined(), "Laila builder: emitting an undefined statement");
  if (++emitted_ > limit_) throw TrialLimit{};
  blocks_.back().push_back(std::move(s));
}

Expr Builder::let(Expr value, const std::string& base) {
  if (isConst(value) || value.as<Variable>()) return value;
  return var(declare(std::move(value), base));
}

Var Builder::declare(Expr init, const std::string& base) {
  APLC_INTERNAL_CHECK(init.defined(), "Laila builder: declaring without an initializer");
  Var v = freshVar(base, init.type());
  emit(Decl::make(v, std::move(init)));
  return v;
}

void Builder::assign(const Var& v, Expr value) { emit(Assign::make(v, std::move(value))); }

Expr Builder::alloc(BaseType base, Expr count, const std::string& name) {
  Var v = freshVar(name, Type::memoryOf(base));
  emit(Allocate::make(v, std::move(count)));
  return var(v);
}

Expr Builder::declareMemory(BaseType base, const std::string& name) {
  Var v = freshVar(name, Type::memoryOf(base));
  emit(DeclareMemory::make(v));
  return var(v);
}

void Builder::store(const Expr& memory, Expr index, Expr value) {
  emit(Store::make(asVar(memory), std::move(index), std::move(value)));
}

void Builder::free(const Expr& memory) { emit(Free::make(asVar(memory))); }

Builder::Mark Builder::mark() const {
  Mark m;
  m.lengths.reserve(blocks_.size());
  for (const std::vector<Stmt>& b : blocks_) m.lengths.push_back(b.size());
  return m;
}

std::vector<Stmt> Builder::since(const Mark& m) const {
  APLC_INTERNAL_CHECK(m.lengths.size() == blocks_.size() && m.lengths.back() <= blocks_.back().size(),
                      "Laila builder: since() of a mark at another depth");
  return {blocks_.back().begin() + static_cast<std::ptrdiff_t>(m.lengths.back()), blocks_.back().end()};
}

Stmt Builder::closeBlock() {
  APLC_INTERNAL_CHECK(blocks_.size() > 1, "Laila builder: closing the top block");
  std::vector<Stmt> stmts = std::move(blocks_.back());
  blocks_.pop_back();
  blockIds_.pop_back();
  return Block::make(std::move(stmts));
}

Stmt Builder::block(const Body& body) {
  blocks_.emplace_back();
  blockIds_.push_back(nextBlockId_++);
  body();
  return closeBlock();
}

void Builder::rollback(Mark m) {
  // Blocks opened since the mark (a trial that threw inside a loop body) are dropped; the blocks
  // open at the mark are the same ones (blocks nest), cut back to their lengths then.
  APLC_INTERNAL_CHECK(blocks_.size() >= m.lengths.size(), "Laila builder: rollback to a deeper mark");
  blocks_.resize(m.lengths.size());
  for (size_t k = 0; k < blocks_.size(); ++k) {
    APLC_INTERNAL_CHECK(blocks_[k].size() >= m.lengths[k], "Laila builder: rollback past a closed block");
    blocks_[k].resize(m.lengths[k]);
  }
  blockIds_.resize(blocks_.size());  // the blocks open at the mark keep their identities
}

std::optional<Builder::Emitted> Builder::lastEmitted() const {
  if (blocks_.back().empty()) return std::nullopt;
  return Emitted{blockIds_.back(), blocks_.size() - 1, blocks_.back().size() - 1, blocks_.back().back()};
}

bool Builder::stillEmitted(const Emitted& e) const {
  return e.depth < blocks_.size() && blockIds_[e.depth] == e.block && e.position < blocks_[e.depth].size() &&
         blocks_[e.depth][e.position].sameAs(e.statement);
}

void Builder::forLoop(Expr extent, LoopKind kind, const LoopBody& body, const std::string& base) {
  forRange(intConst(0), std::move(extent), kind, body, base);
}

void Builder::forRange(Expr lower, Expr upper, LoopKind kind, const LoopBody& body,
                       const std::string& base) {
  APLC_INTERNAL_CHECK(kind == LoopKind::Sequential || kind == LoopKind::ParallelMap,
                      "Laila builder: use reduce/scan for accumulating loops");
  Var i = freshVar(base, IntType);
  Stmt b = loopBlock([&] { body(var(i)); });
  emit(For::make(i, std::move(lower), std::move(upper), kind, std::nullopt, b));
}

Expr Builder::reduce(Expr extent, BinaryOp op, Expr neutral, const Term& term,
                     const std::string& base, Expr init, bool reorderable) {
  Var acc = declare(init.defined() ? init : neutral, base);
  Accumulator a{acc, op, neutral, reorderable && isAssociativeCommutative(op, acc.type)};
  foldLoop(std::move(extent), LoopKind::Reduction, a, [&](Expr i) { assign(acc, binary(op, var(acc), term(i))); });
  return var(acc);
}

void Builder::foldLoop(Expr extent, LoopKind kind, const Accumulator& accumulator, const LoopBody& body,
                       const std::string& base) {
  APLC_INTERNAL_CHECK(kind == LoopKind::Reduction || kind == LoopKind::Scan, "Laila builder: foldLoop of a map");
  Var i = freshVar(base, IntType);
  Stmt b = loopBlock([&] { body(var(i)); });
  emit(For::make(i, intConst(0), std::move(extent), kind, accumulator, b));
}

void Builder::scan(Expr extent, BinaryOp op, Expr neutral, const Term& term, const ScanUse& use,
                   const std::string& base, bool reorderable) {
  Var acc = declare(neutral, base);
  Accumulator a{acc, op, neutral, reorderable && isAssociativeCommutative(op, acc.type)};
  foldLoop(std::move(extent), LoopKind::Scan, a, [&](Expr i) {
    assign(acc, binary(op, var(acc), term(i)));
    use(i, var(acc));
  });
}

void Builder::ifThen(Expr cond, const Body& thenBody) {
  if (auto c = asBoolConst(cond)) {
    if (*c) emit(block(thenBody));
    return;
  }
  emit(IfThenElse::make(std::move(cond), block(thenBody)));
}

void Builder::ifThenElse(Expr cond, const Body& thenBody, const Body& elseBody) {
  if (auto c = asBoolConst(cond)) {
    emit(block(*c ? thenBody : elseBody));
    return;
  }
  Stmt t = block(thenBody);
  Stmt e = block(elseBody);
  emit(IfThenElse::make(std::move(cond), t, e));
}

void Builder::whileLoop(const std::function<Expr()>& cond, const Body& body) {
  Var flag = declare(cond(), "more");
  Stmt b = loopBlock([&] {
    body();
    assign(flag, cond());
  });
  emit(While::make(var(flag), b));
}

Stmt Builder::loopBlock(const Body& body) {
  struct Depth {
    int& d;
    explicit Depth(int& depth) : d(depth) { ++d; }
    ~Depth() { --d; }
  } depth(loopDepth_);
  return block(body);
}

void Builder::check(Expr cond, ErrorKind kind, ErrorLoc loc, std::string message) {
  if (auto c = asBoolConst(cond); c && *c) return;
  emit(Check::make(std::move(cond), kind, std::move(loc), std::move(message)));
}

void Builder::print(Expr value, std::vector<Expr> shape, PrintStyle style,
                    std::vector<Expr> strides) {
  emit(Print::make(std::move(value), std::move(shape), style, std::move(strides)));
}

void Builder::comment(std::string text) { emit(Comment::make(std::move(text))); }

Program Builder::finish() {
  APLC_INTERNAL_CHECK(blocks_.size() == 1, "Laila builder: finishing inside an open block");
  return Program{Block::make(blocks_.back())};
}

}  // namespace aplc::laila
