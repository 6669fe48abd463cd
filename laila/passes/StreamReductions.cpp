#include "laila/passes/StreamReductions.h"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "laila/analysis/Invariance.h"
#include "laila/ir/Calls.h"
#include "laila/ir/Equality.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/LoopRoles.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Renaming.h"

namespace aplc::laila {

namespace {

// What a consumer loop's body does, found by one walk: the memory it loads and whether every
// load is at the loop's variable, how often each variable is read, and whether it holds
// anything but declarations and assignments free of effects.
class BodyFacts : public IRVisitor {
 public:
  explicit BodyFacts(Name index) : index_(std::move(index)) {}

  std::set<Name> memory;             // loaded
  bool loadsAtIndex = true;          // every load is `m[index]`
  bool straightLine = true;          // declarations and assignments, no effect
  std::map<Name, int> reads;         // variable reads (loads' memory not counted)
  std::vector<const Assign*> assigns;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { ++reads[op->var().name]; }
  void visit(const Load* op) override {
    const Variable* m = op->memory.as<Variable>();
    const Variable* i = op->index.as<Variable>();
    if (!m) {
      loadsAtIndex = false;
      return IRVisitor::visit(op);
    }
    memory.insert(m->var().name);
    if (!i || i->var().name != index_) loadsAtIndex = false;
    include(op->index);
  }
  void visit(const Call* op) override {
    if (callHasEffect(op->function)) straightLine = false;
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    assigns.push_back(op);
    IRVisitor::visit(op);
  }
  void visit(const Store*) override { straightLine = false; }
  void visit(const For*) override { straightLine = false; }
  void visit(const While*) override { straightLine = false; }
  void visit(const IfThenElse*) override { straightLine = false; }
  void visit(const Allocate*) override { straightLine = false; }
  void visit(const Free*) override { straightLine = false; }
  void visit(const DeclareMemory*) override { straightLine = false; }
  void visit(const Fill*) override { straightLine = false; }
  void visit(const Print*) override { straightLine = false; }
  void visit(const Check*) override { straightLine = false; }
  void visit(const CallFunction*) override { straightLine = false; }

 private:
  Name index_;
};

bool isVariable(const Expr& e, const Name& name) {
  const Variable* v = e.as<Variable>();
  return v && v->var().name == name;
}

// An accumulator of C: `var = var op e`, op's neutral element (what a partial result starts from).
struct Accumulation {
  Var var;
  BinaryOp op;
  Expr neutral;
};

// A loop whose result does not depend on the order of its iterations: what the header says of C.
struct Consumer {
  const For* loop = nullptr;
  Name memory;                    // A
  std::set<Name> accumulators;
  std::vector<Accumulation> accumulations;  // the same, with their operators
  std::set<Name> reads;           // the names its body reads from outside (not A, k or accumulators)
};

std::optional<Consumer> asConsumer(const Stmt& s) {
  const For* loop = s.as<For>();
  if (!loop || loop->loopKind == LoopKind::Scan) return std::nullopt;
  if (auto lower = asIntConst(loop->lower); !lower || *lower != 0) return std::nullopt;
  BodyFacts facts(loop->var.name);
  facts.include(loop->body);
  if (!facts.straightLine || !facts.loadsAtIndex || facts.memory.size() != 1) return std::nullopt;
  Consumer c{loop, *facts.memory.begin(), {}, {}, {}};
  if (facts.reads.count(c.memory)) return std::nullopt;  // A itself, passed to a call, not an item
  std::set<Name> declared = declaredIn(loop->body);
  for (const Assign* a : facts.assigns) {
    const Name& acc = a->var.name;
    if (declared.count(acc)) continue;
    const Binary* update = a->value.as<Binary>();
    if (!update || c.accumulators.count(acc) || facts.reads[acc] != 1) return std::nullopt;
    if (!isVariable(update->a, acc) && !isVariable(update->b, acc)) return std::nullopt;
    bool marked = loop->accumulator && loop->accumulator->var.name == acc && loop->accumulator->op == update->op &&
                  loop->accumulator->associativeCommutative;
    // Unmarked, only operators whose results are exact in any order: not double ones, which
    // round (IR.h's isAssociativeCommutative counts double + as a parallel reduction may).
    bool exact = a->var.type != DoubleType && isAssociativeCommutative(update->op, a->var.type);
    if (!marked && !exact) return std::nullopt;
    std::optional<Expr> neutral = marked ? std::optional<Expr>(loop->accumulator->neutral)
                                         : neutralElement(update->op, a->var.type);
    if (!neutral) return std::nullopt;
    c.accumulators.insert(acc);
    c.accumulations.push_back({a->var, update->op, *neutral});
  }
  for (const auto& [name, count] : facts.reads)
    if (!declared.count(name) && name != loop->var.name && !c.accumulators.count(name)) c.reads.insert(name);
  return c;
}

// How a statement uses one memory: stores to it, loads from it, and anything else (passed to a
// call, moved, filled, allocated or freed).
class Uses : public IRVisitor {
 public:
  explicit Uses(Name memory) : memory_(std::move(memory)) {}
  int stores = 0, loads = 0, other = 0;

 protected:
  using IRVisitor::visit;
  void visit(const Variable* op) override { other += op->var().name == memory_; }
  void visit(const Load* op) override {
    if (!isVariable(op->memory, memory_)) return IRVisitor::visit(op);
    ++loads;
    include(op->index);
  }
  void visit(const Store* op) override {
    stores += op->memory.name == memory_;
    IRVisitor::visit(op);
  }
  void visit(const Assign* op) override {
    other += op->var.name == memory_;
    IRVisitor::visit(op);
  }
  void visit(const Fill* op) override {
    other += op->memory.name == memory_;
    IRVisitor::visit(op);
  }
  void visit(const Allocate* op) override {
    other += op->var.name == memory_;
    IRVisitor::visit(op);
  }
  void visit(const Free* op) override {
    other += op->var.name == memory_;
    IRVisitor::visit(op);
  }
  void visit(const DeclareMemory* op) override { other += op->var.name == memory_; }

 private:
  Name memory_;
};

Uses usesOf(const Stmt& s, const Name& memory) {
  Uses uses(memory);
  uses.include(s);
  return uses;
}

// Loads of one memory as a variable (the value just stored).
class LoadsAsValue : public IRMutator {
 public:
  LoadsAsValue(Name memory, Expr value) : memory_(std::move(memory)), value_(std::move(value)) {}

 protected:
  using IRMutator::visit;
  Expr visit(const Load* op, const Expr& self) override {
    return isVariable(op->memory, memory_) ? value_ : IRMutator::visit(op, self);
  }

 private:
  Name memory_;
  Expr value_;
};

// The producer with the consumer's body after its one store to A, the loops on the way there
// sequential; nullopt when the store is not on a path of parallel loops, blocks and ifs.
class Producer {
 public:
  // `streamed`: the loops this pass made sequential, which were parallel (each element stored
  // once), and still count as such for a second consumer.
  Producer(const Consumer& c, Stmt body, uint32_t& nextTag, std::set<Name>& streamed)
      : c_(c), body_(std::move(body)), nextTag_(nextTag), streamed_(streamed) {}

  std::optional<Stmt> withConsumer(const Stmt& s) {
    if (!usesOf(s, c_.memory).stores) return s;
    if (const Block* b = s.as<Block>()) {
      std::vector<Stmt> stmts;
      for (const Stmt& t : b->stmts) {
        std::optional<Stmt> r = withConsumer(t);
        if (!r) return std::nullopt;
        stmts.push_back(*r);
      }
      return Block::make(std::move(stmts));
    }
    if (const IfThenElse* i = s.as<IfThenElse>()) {
      std::optional<Stmt> t = withConsumer(i->thenCase);
      std::optional<Stmt> e = i->elseCase.defined() ? withConsumer(i->elseCase) : std::optional<Stmt>(Stmt());
      if (!t || !e) return std::nullopt;
      return IfThenElse::make(i->cond, *t, *e);
    }
    if (const For* f = s.as<For>()) {
      if (f->loopKind != LoopKind::ParallelMap && !streamed_.count(f->var.name)) return std::nullopt;
      std::optional<Stmt> body = withConsumer(f->body);
      if (!body) return std::nullopt;
      streamed_.insert(f->var.name);
      return For::make(f->var, f->lower, f->upper, LoopKind::Sequential, std::nullopt, *body);
    }
    if (const Store* st = s.as<Store>()) return consumedAt(st);
    return std::nullopt;  // a while loop, or a call writing A
  }

 private:
  // `T v = value; A[e] = v; int k = e; C's body with A[k] as v`.
  Stmt consumedAt(const Store* st) {
    Var value{Name{c_.memory.base + "_item", nextTag_++}, st->value.type()};
    std::vector<Stmt> stmts = {Decl::make(value, st->value), Store::make(st->memory, st->index, var(value)),
                               Decl::make(c_.loop->var, st->index)};
    for (const Stmt& t : statementsOf(LoadsAsValue(c_.memory, var(value)).mutate(body_))) stmts.push_back(t);
    return Block::make(std::move(stmts));
  }

  const Consumer& c_;
  Stmt body_;
  uint32_t& nextTag_;
  std::set<Name>& streamed_;
};

// The store to A in the producer, removed (its value is still declared for the consumers).
class WithoutStores : public IRMutator {
 public:
  explicit WithoutStores(Name memory) : memory_(std::move(memory)) {}

 protected:
  using IRMutator::visit;
  Stmt visit(const Block* op, const Stmt& self) override {
    std::vector<Stmt> stmts;
    for (const Stmt& s : op->stmts) {
      const Store* store = s.as<Store>();
      if (!store || store->memory.name != memory_) stmts.push_back(mutate(s));
    }
    return Block::make(std::move(stmts));
  }

 private:
  Name memory_;
};

class Streamer : public IRMutator {
 public:
  Streamer(uint32_t& nextTag, bool partials) : nextTag_(nextTag), partials_(partials) {}

 protected:
  using IRMutator::visit;

  Stmt visit(const Block* op, const Stmt& self) override {
    Stmt s = IRMutator::visit(op, self);  // inner blocks first
    const Block* block = s.as<Block>();
    if (!block) return s;
    std::vector<Stmt> stmts = block->stmts;
    bool changed = false;
    for (size_t c = 0; c < stmts.size(); ++c) {
      if (stream(stmts, c)) {
        changed = true;
        c = 0;  // indices moved: look again from the start (each success removes a loop)
      }
    }
    return changed ? Block::make(std::move(stmts)) : s;
  }

 private:
  // Moves the consumer at stmts[c] into its producer, when the header's conditions hold.
  bool stream(std::vector<Stmt>& stmts, size_t c) {
    std::optional<Consumer> consumer = asConsumer(stmts[c]);
    // The loops that fold partial results (withPartials) are not streamed back into P.
    if (!consumer || isPartialsLoop(consumer->loop)) return false;
    const Name& memory = consumer->memory;
    std::optional<size_t> a, p;
    for (size_t k = 0; k < c; ++k) {
      if (const Allocate* alloc = stmts[k].as<Allocate>(); alloc && alloc->var.name == memory) a = k;
    }
    if (!a) return false;
    for (size_t k = *a + 1; k < c; ++k) {
      if (!namesMentioned(stmts[k]).count(memory)) continue;
      if (!p) {
        p = k;
        continue;
      }
      // After P, other statements may read A (other reductions), not write it.
      Uses uses = usesOf(stmts[k], memory);
      if (uses.stores || uses.other) return false;
    }
    if (!p || !stmts[*p].as<For>()) return false;
    Uses inProducer = usesOf(stmts[*p], memory);
    if (inProducer.stores != 1 || inProducer.other) return false;
    std::set<Name> producerNames = namesMentioned(stmts[*p]);
    for (const Name& acc : consumer->accumulators)
      if (producerNames.count(acc)) return false;
    // The extent: A's, from the allocation to the consumer unchanged.
    std::set<Name> changed;
    for (size_t k = *a; k < c; ++k) {
      std::set<Name> d = changesIn(stmts[k]).declaredOrAssigned();
      changed.insert(d.begin(), d.end());
    }
    const Expr& count = stmts[*a].as<Allocate>()->count;
    if (!equal(count, consumer->loop->upper) || !invariant(count, changed)) return false;
    // Between P and C: no assignment to what C reads; accumulators declared with constants.
    std::vector<size_t> hoisted;
    for (size_t k = *p + 1; k < c; ++k) {
      const Decl* d = stmts[k].as<Decl>();
      if (d && consumer->accumulators.count(d->var.name)) {
        if (!isConst(d->init)) return false;
        hoisted.push_back(k);
        continue;
      }
      // Nothing there may see an accumulator change (nor change what C reads).
      std::set<Name> mentioned = namesMentioned(stmts[k]);
      for (const Name& acc : consumer->accumulators)
        if (mentioned.count(acc)) return false;
      for (const Name& n : changesIn(stmts[k]).declaredOrAssigned())
        if (consumer->reads.count(n)) return false;
    }
    std::vector<Stmt> before, after;
    std::optional<Stmt> producer = partials_ ? withPartials(*consumer, stmts[*p].as<For>(), before, after)
                                             : Producer(*consumer, consumer->loop->body, nextTag_, streamed_).withConsumer(stmts[*p]);
    if (!producer) return false;
    stmts[*p] = *producer;
    stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(c));
    stmts.insert(stmts.begin() + static_cast<std::ptrdiff_t>(c), after.begin(), after.end());
    stmts.insert(stmts.begin() + static_cast<std::ptrdiff_t>(*p), before.begin(), before.end());
    for (size_t& k : hoisted) k += before.size();
    // The accumulators' declarations before P (in their order).
    std::vector<Stmt> decls;
    for (size_t k = hoisted.size(); k-- > 0;) {
      decls.insert(decls.begin(), stmts[hoisted[k]]);
      stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(hoisted[k]));
    }
    stmts.insert(stmts.begin() + static_cast<std::ptrdiff_t>(*p), decls.begin(), decls.end());
    removeIfUnread(stmts, memory);
    return true;
  }

  // With threads: P's outermost loop stays parallel. Each of its iterations folds its items
  // into local accumulators, from the operators' neutral elements, and stores them in arrays of
  // partial results (one element per iteration, `before` allocates them); `after`, in C's
  // place, folds the partials into the accumulators in order and frees them. The operators are
  // exact in any order, so the grouping changes no bit.
  std::optional<Stmt> withPartials(const Consumer& consumer, const For* outer, std::vector<Stmt>& before,
                                   std::vector<Stmt>& after) {
    if (outer->loopKind != LoopKind::ParallelMap) return std::nullopt;
    Expr extent = sub(outer->upper, outer->lower);
    std::map<Name, Name> toLocal;
    std::vector<Stmt> starts, ends;
    for (const Accumulation& acc : consumer.accumulations) {
      Var local{Name{acc.var.name.base + "_local", nextTag_++}, acc.var.type};
      Var parts{Name{acc.var.name.base + "_parts", nextTag_++}, Type::memoryOf(acc.var.type.base)};
      Var r{Name{kPartialsLoopBase, nextTag_++}, IntType};
      toLocal.emplace(acc.var.name, local.name);
      before.push_back(Allocate::make(parts, extent));
      starts.push_back(Decl::make(local, acc.neutral));
      ends.push_back(Store::make(parts, sub(var(outer->var), outer->lower), var(local)));
      after.push_back(For::make(r, intConst(0), extent, LoopKind::Sequential, std::nullopt,
                                Assign::make(acc.var, Binary::make(acc.op, var(acc.var), Load::make(var(parts), var(r))))));
      after.push_back(Free::make(parts));
    }
    Stmt body = Renamer(toLocal).mutate(consumer.loop->body);
    std::optional<Stmt> inner = Producer(consumer, body, nextTag_, streamed_).withConsumer(outer->body);
    if (!inner) return std::nullopt;
    std::vector<Stmt> stmts = starts;
    stmts.push_back(*inner);
    stmts.insert(stmts.end(), ends.begin(), ends.end());
    return For::make(outer->var, outer->lower, outer->upper, LoopKind::ParallelMap, std::nullopt, Block::make(std::move(stmts)));
  }

  // A's allocation, store and frees, when nothing loads A any more and nothing else mentions it.
  static void removeIfUnread(std::vector<Stmt>& stmts, const Name& memory) {
    std::vector<size_t> mentioning;
    for (size_t k = 0; k < stmts.size(); ++k) {
      Uses uses = usesOf(stmts[k], memory);
      if (uses.loads) return;
      bool allocOrFree = (stmts[k].as<Allocate>() && stmts[k].as<Allocate>()->var.name == memory) ||
                         (stmts[k].as<Free>() && stmts[k].as<Free>()->var.name == memory);
      if (uses.other && !allocOrFree) return;  // moved, passed to a call, filled
      if (uses.other || uses.stores) mentioning.push_back(k);
    }
    for (size_t k = mentioning.size(); k-- > 0;) {
      size_t at = mentioning[k];
      if (usesOf(stmts[at], memory).stores) {
        stmts[at] = WithoutStores(memory).mutate(stmts[at]);
      } else {
        stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(at));
      }
    }
  }

  uint32_t& nextTag_;
  bool partials_;
  std::set<Name> streamed_;
};

}  // namespace

Program streamReductions(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Streamer(nextTag, false).mutate(body); });
}

Program streamReductionsInParallel(const Program& program) {
  uint32_t nextTag = largestTag(program) + 1;
  return mapBodies(program, [&](const Stmt& body) { return Streamer(nextTag, true).mutate(body); });
}

}  // namespace aplc::laila
