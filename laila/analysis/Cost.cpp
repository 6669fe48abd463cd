// Cost: counts the operations of an element computation (see Cost.h for the units).
#include "laila/analysis/Cost.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>

#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"

namespace aplc::laila {

namespace {

int unaryCost(UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp: case UnaryOp::Log: case UnaryOp::Sqrt: case UnaryOp::Sin: case UnaryOp::Cos:
    case UnaryOp::Tan: case UnaryOp::Asin: case UnaryOp::Acos: case UnaryOp::Atan: case UnaryOp::Sinh:
    case UnaryOp::Cosh: case UnaryOp::Tanh:
      return 20;
    default: return 1;
  }
}

int binaryCost(BinaryOp op) {
  switch (op) {
    case BinaryOp::Div: case BinaryOp::Mod: return 4;
    case BinaryOp::Pow: return 20;
    default: return 1;
  }
}

class CostCounter : public IRVisitor {
 public:
  int total() const { return std::min(total_, kExpensive); }

 protected:
  using IRVisitor::visit;
  void visit(const Unary* op) override { add(unaryCost(op->op)); IRVisitor::visit(op); }
  void visit(const Binary* op) override { add(binaryCost(op->op)); IRVisitor::visit(op); }
  void visit(const Select* op) override { add(1); IRVisitor::visit(op); }
  void visit(const Load* op) override { add(1); IRVisitor::visit(op); }
  // Runtime helpers are small inline functions; libm calls (pow, floor, fmod, ...) are not always.
  void visit(const Call* op) override {
    // A program's function (a recursive APL function) may do any amount of work.
    if (op->function.rfind(kFunctionCallPrefix, 0) == 0) add(kExpensive);
    else add(op->function.rfind("aplc_", 0) == 0 ? 2 : 8);
    IRVisitor::visit(op);
  }
  void visit(const IfThenElse* op) override { add(1); IRVisitor::visit(op); }
  void visit(const For*) override { add(kExpensive); }
  void visit(const While*) override { add(kExpensive); }
  void visit(const Allocate*) override { add(kExpensive); }

 private:
  void add(int n) { total_ = std::min(total_ + n, kExpensive); }
  int total_ = 0;
};

// Statements cost their expressions (CostCounter's units) and one more; loops multiply.
class WorkCounter : public IRVisitor {
 public:
  int64_t total() const { return std::max<int64_t>(1, std::min<int64_t>(total_, kWorkLimit)); }

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    values_.emplace(op->var.name, op->init);
    statement({op->init});
  }
  void visit(const Assign* op) override { statement({op->value}); }
  void visit(const Store* op) override { statement({op->index, op->value}); }
  void visit(const Check* op) override { statement({op->cond}); }
  void visit(const Print* op) override { statement({op->value}); }
  void visit(const Allocate* op) override { add(8); statement({op->count}); }
  void visit(const Free*) override { add(8); }
  void visit(const IfThenElse* op) override {
    statement({op->cond});
    // One branch runs: the costlier one's work. SplitLoops keeps an OpenMP loop's segments in one
    // loop as a chain of these (life's rows: three copies of a row's work, counted thrice, made a
    // generation of 3 µs look like 10).
    add(std::max(branchWork(op->thenCase), branchWork(op->elseCase)));
  }
  void visit(const For* op) override {
    if (isColdLoop(op)) return;  // it runs only on the way to an error
    std::optional<int64_t> lo = constant(op->lower), hi = largest(op->upper, 0);
    // A bound that is a constant or at most one (a block of a sum: min(n - first, 1024)), from
    // the loop's constant lower bound, else from 0 (loop variables count from 0 or more).
    int64_t trips = hi ? std::clamp<int64_t>(*hi - lo.value_or(0), 0, kWorkLimit) : kUnknownTrips;
    WorkCounter inner;
    inner.values_ = values_;
    inner.largestValues_ = largestValues_;
    inner.knowLoopVariable(op);
    inner.include(op->body);
    int64_t each = 1 + inner.total();
    add(trips > 0 && each > kWorkLimit / trips ? kWorkLimit : trips * each);
  }
  void visit(const While* op) override { add(kUnknownTrips * (1 + iterationWork(op->body))); }

 public:
  // The loop's variable is at most its largest bound's value less one, so that the loops of its
  // iteration whose bounds grow with it (`0..i + 1`: a triangle) count their largest trip count.
  void knowLoopVariable(const For* loop) {
    if (std::optional<int64_t> hi = largest(loop->upper, 0)) largestValues_[loop->var.name] = *hi - 1;
  }

 private:
  int64_t branchWork(const Stmt& branch) const {
    WorkCounter counter;
    counter.values_ = values_;  // the bounds declared before the branch
    counter.include(branch);
    return counter.total_;
  }
  void statement(std::initializer_list<Expr> expressions) {
    CostCounter cost;
    for (const Expr& e : expressions) cost.include(e);
    add(1 + cost.total());
  }
  static std::optional<int64_t> constant(const Expr& e) {
    if (const IntImm* k = e.as<IntImm>()) return k->value;
    return std::nullopt;
  }
  // A constant that `e` never exceeds, where its form shows one: a constant, a min with one, a
  // max or select of two, or a variable this body declared as such.
  std::optional<int64_t> largest(const Expr& e, int depth) const {
    if (depth > 8) return std::nullopt;
    if (const IntImm* k = e.as<IntImm>()) return k->value;
    if (const Variable* v = e.as<Variable>()) {
      if (auto known = largestValues_.find(v->name); known != largestValues_.end()) return known->second;
      auto value = values_.find(v->name);
      return value == values_.end() ? std::nullopt : largest(value->second, depth + 1);
    }
    std::optional<int64_t> a, b;
    if (const Binary* op = e.as<Binary>(); op && op->op == BinaryOp::Add) {
      a = largest(op->a, depth + 1);
      b = largest(op->b, depth + 1);
      if (a && b && *a < kWorkLimit && *b < kWorkLimit) return *a + *b;
      return std::nullopt;
    }
    if (const Binary* op = e.as<Binary>(); op && op->op == BinaryOp::Mul) {  // a block's first item: i * 1024
      std::optional<int64_t> k = constant(op->b);
      a = largest(op->a, depth + 1);
      if (a && k && *k >= 0 && *a < kWorkLimit && *k < kWorkLimit && (*k == 0 || *a <= kWorkLimit / *k)) return *a * *k;
      return std::nullopt;
    }
    if (const Binary* op = e.as<Binary>(); op && (op->op == BinaryOp::Min || op->op == BinaryOp::Max)) {
      a = largest(op->a, depth + 1);
      b = largest(op->b, depth + 1);
      if (op->op == BinaryOp::Min) return a && b ? std::min(*a, *b) : a ? a : b;
    } else if (const Select* select = e.as<Select>()) {
      a = largest(select->ifTrue, depth + 1);
      b = largest(select->ifFalse, depth + 1);
    }
    if (a && b) return std::max(*a, *b);
    return std::nullopt;
  }
  // Saturating at kWorkLimit (2^40: a sum of two stays far from overflow).
  void add(int64_t n) {
    total_ = n >= kWorkLimit ? kWorkLimit : std::min<int64_t>(total_ + std::max<int64_t>(n, 0), kWorkLimit);
  }
  int64_t total_ = 0;
  std::map<Name, Expr> values_;  // the scalars the body declared so far (names are unique)
  std::map<Name, int64_t> largestValues_;  // the loop variables of known largest value
};

class WhileFinder : public IRVisitor {
 public:
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const While*) override { found = true; }
};

// Whether a loop inside a loop's body runs a number of times that depends on the loop's variable
// (through the scalars the body declares from it): `0..i + 1`, a triangle of work.
class TripsFollowVariable : public IRVisitor {
 public:
  explicit TripsFollowVariable(const Name& var) { dependent_.insert(var); }
  bool found = false;

 protected:
  using IRVisitor::visit;
  void visit(const Decl* op) override {
    if (mentionsDependent(op->init)) dependent_.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const For* op) override {
    if (!isColdLoop(op) && (mentionsDependent(op->lower) || mentionsDependent(op->upper))) found = true;
    IRVisitor::visit(op);
  }

 private:
  bool mentionsDependent(const Expr& e) const {
    struct Finder : IRVisitor {
      const std::set<Name>& names;
      bool found = false;
      explicit Finder(const std::set<Name>& n) : names(n) {}
      using IRVisitor::visit;
      void visit(const Variable* v) override { found = found || names.count(v->name); }
    } finder(dependent_);
    finder.include(e);
    return finder.found;
  }
  std::set<Name> dependent_;
};

}  // namespace

bool iterationWorkVaries(const Stmt& body) {
  WhileFinder finder;
  finder.include(body);
  return finder.found;
}

bool callsProgramFunctions(const Stmt& body) {
  struct Finder : IRVisitor {
    bool found = false;
    using IRVisitor::visit;
    void visit(const Call* op) override {
      found = found || op->function.rfind(kFunctionCallPrefix, 0) == 0;
      IRVisitor::visit(op);
    }
    void visit(const CallFunction*) override { found = true; }
  } finder;
  finder.include(body);
  return finder.found;
}

int64_t iterationWork(const Stmt& body) {
  WorkCounter counter;
  counter.include(body);
  return counter.total();
}

int64_t loopIterationWork(const For* loop) {
  WorkCounter counter;
  counter.knowLoopVariable(loop);
  counter.include(loop->body);
  return counter.total();
}

bool loopIterationWorkVaries(const For* loop) {
  if (iterationWorkVaries(loop->body) || callsProgramFunctions(loop->body)) return true;
  TripsFollowVariable finder(loop->var.name);
  finder.include(loop->body);
  return finder.found;
}

int elementCost(const std::vector<Stmt>& stmts) {
  CostCounter counter;
  for (const Stmt& s : stmts) counter.include(s);
  return counter.total();
}

}  // namespace aplc::laila
