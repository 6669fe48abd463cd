// The TAIL→Laila lowering's internals, shared by laila/Lower*.cpp (not for other stages: use
// laila/lower/Lower.h). One Lowerer lowers one program with one Builder.
//
// Lowered values (LValue): a rank-0 value is a scalar Laila expression (already bound to a
// variable where it matters), an array of rank ≥ 1 a PullArray, a tuple its components, a
// function a closure (a TAIL lambda with its environment, or a primitive with the arguments it
// has received), inlined where it is applied, or a recursive function (a TAIL letrec: a Laila
// function of the program, LowerRecursion.cpp), called where it is applied.
//
// Memory: every allocation is registered in the innermost open scope; a scope is opened around
// every loop body the lowering emits and around the whole program, and frees what it registered
// when it closes, so generated programs free all they allocate.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "laila/analysis/WholeNumbers.h"
#include "laila/ir/Builder.h"
#include "laila/lower/Lower.h"
#include "laila/lower/PullArray.h"
#include "tail/ir/Exp.h"

namespace aplc::laila::lowering {

struct Closure;
struct EnvNode;
using Env = std::shared_ptr<const EnvNode>;

struct LValue {
  enum class Kind : uint8_t { Scalar, Array, Tuple, Function };
  Kind kind = Kind::Scalar;
  Expr scalar;
  PullArray array;
  std::vector<LValue> parts;
  std::shared_ptr<const Closure> fn;

  static LValue ofScalar(Expr e) {
    LValue v;
    v.scalar = std::move(e);
    return v;
  }
  static LValue ofArray(PullArray a) {
    LValue v;
    v.kind = Kind::Array;
    v.array = std::move(a);
    return v;
  }
  static LValue ofTuple(std::vector<LValue> parts) {
    LValue v;
    v.kind = Kind::Tuple;
    v.parts = std::move(parts);
    return v;
  }
};

struct RecursiveFunction;

struct Closure {
  tail::Exp lambda;  // a Lambda node, or undefined for a primitive or a recursive function
  Env env;
  // A recursive function, and the values of its free variables where it is called from (they
  // are passed to it with the argument).
  std::shared_ptr<const RecursiveFunction> recursive;
  std::vector<LValue> freeValues;
  tail::Prim prim{};
  tail::Type instance;
  SourceLoc loc;
  std::vector<LValue> args;  // a primitive's arguments so far
};

struct EnvNode {
  tail::Name name;
  LValue value;
  Env parent;
};

BaseType baseOf(const tail::Base& b);
// The fill element (APL's prototype) of a base type: 0, 0.0, false, ' '.
Expr fillOf(BaseType b);

// Cold validations inside cold validations (of the arrays' own earlier arrays), at most.
constexpr int kColdNesting = 2;

class Lowerer {
 public:
  Lowerer(const tail::Exp& program, const LowerOptions& options);
  Program run();

  // ---- used by the Lower*.cpp parts ----
  Builder& b() { return *builder_; }
  const LowerOptions& options() const { return options_; }
  ErrorLoc errorLoc(const SourceLoc& loc) const;
  // A check of the primitive being lowered. When `cond` fails at run time, the lazy arrays the
  // interpreter evaluates before that primitive (earlierArrays) are validated first, in its
  // order, so that their errors win (docs/semantics.md, "Errors in competing values"); that
  // code runs only on the way to an error: the happy path is unchanged.
  void check(const Expr& cond, ErrorKind kind, const SourceLoc& loc, const std::string& message);

  // ---- the interpreter's error order (check's cold branch) ----
  using ArrayList = std::shared_ptr<const std::vector<PullArray>>;
  // The lazy arrays (not yet known to have run their checks) that the interpreter evaluates
  // before the code being lowered now: the innermost ColdScope's, else the pending lets.
  ArrayList earlierArrays();
  // Installs `earlier` as what the checks lowered in its lifetime validate before raising: a
  // primitive's lowering (its pending lets and lazy arguments), and an element function (each,
  // zipWith, reduce) whose code is emitted later, with the list captured when it was created.
  class ColdScope {
   public:
    ColdScope(Lowerer& l, ArrayList earlier) : l_(l) { l_.coldStack_.push_back(std::move(earlier)); }
    ~ColdScope() { l_.coldStack_.pop_back(); }
    ColdScope(const ColdScope&) = delete;
    ColdScope& operator=(const ColdScope&) = delete;

   private:
    Lowerer& l_;
  };
  // No cold validation while it lives (trial lowerings whose code is measured or thrown away).
  class NoColdValidation {
   public:
    explicit NoColdValidation(Lowerer& l) : l_(l) { ++l_.coldSuppressed_; }
    ~NoColdValidation() { --l_.coldSuppressed_; }
    NoColdValidation(const NoColdValidation&) = delete;
    NoColdValidation& operator=(const NoColdValidation&) = delete;

   private:
    Lowerer& l_;
  };

  LValue lowerExp(const tail::Exp& e, const Env& env);
  LValue apply(const LValue& fn, const std::vector<LValue>& args, const SourceLoc& loc);
  // Applies a function to scalars and returns the scalar result (each, zipWith, reduce bodies).
  Expr applyScalar(const LValue& fn, const std::vector<Expr>& args, const SourceLoc& loc);

  // A value as an array (a scalar becomes a rank-0 pull array) and back (rank 0 → scalar).
  PullArray asArray(const LValue& v);
  LValue fromArray(const PullArray& a);
  PullArray mode(const PullArray& a) const { return inMode(a, options_.flatOnly); }

  // Materialization: writes the array to memory registered in the current scope.
  PullArray materialize(const PullArray& a);
  // `a` for a reader that takes its elements out of their order (⌽, ⍉, a right fold from the
  // last): materialized first, its elements computed in the interpreter's order, when their
  // checks can fail in two ways or more (probeElement's failureSites: `{⍵=15:⍵÷0 ⋄ ⍵=9:(⍳3)[⍵] ⋄
  // ⍵}¨⍳20`), so the first failing element's error is the one reported; as it is otherwise
  // (one way to fail: every element's report is the same).
  PullArray computedInOrder(const PullArray& a);
  // Runs the checks computing every element of `a` would run (APL evaluates whole arrays: an
  // unused value or the elements a consumer skips still raise their errors): a loop over the
  // elements whose values are dropped, emitted only when a check is left in it; at run time
  // only when `unlessAllRead` (the consumer reads every element anyway) is false.
  // `cold`: the loop runs only on the way to an error (check's cold branch; kColdLoopBase).
  // Whether a loop was emitted.
  bool validate(const PullArray& a, const Expr& unlessAllRead = boolConst(false), bool cold = false);
  // The loop of validate (its loop variables named `base`), emitted unconditionally; whether a
  // check is left in it.
  bool emitValidationLoop(const PullArray& a, const std::string& base);
  // Whether the code emitted since `start` keeps a check once the ranges remove those that
  // cannot fail.
  bool checkLeftSince(const Builder::Mark& start);
  void validateAll(const LValue& v);  // every array of a (tuple) value
  // zipWith's arguments made to conform (LowerFold.cpp): checked, singleton extension applied.
  std::pair<PullArray, PullArray> conform(const PullArray& a, const PullArray& c, const SourceLoc& loc);
  // Before an effect (printing) at the top level: validates the let-bound arrays not read yet
  // (their errors come before the effect in APL's order; fused, they would run after it).
  void validatePending();
  // Before a check that may fail (cond `passes`) at the top level: the pending arrays' checks run
  // first when it fails (APL evaluated them before), and they stay pending.
  void validatePendingUnless(const Expr& passes);
  // Whether an array that a let binds and uses more than once (`binder`, at its own depth) is
  // recomputed where it is read (reusedPerElement) instead of being materialized: when an
  // element costs only a few statements (no loop, no allocation), or when it is read twice at
  // one index (UseCounter's readTogether) and shareable (ElementProbe::shareable).
  bool recomputedWhereRead(const void* binder, const PullArray& a);
  // Whether a vector that a let binds and one lambda deeper than the let reads by picking one
  // element (a power's step, a guard's branch) is computed where the lambda picks it instead of
  // being materialized: when its element is a few operations that allocate nothing. The caller
  // validates it first.
  bool computedInsideLambda(const void* binder, const PullArray& a);
  // `a` whose index function remembers the elements it has computed in the blocks still open:
  // a second read of the same index in the same element's code reuses the first one's variable
  // (zx, zzx of mandelbrot's step, read by several planes of the result).
  PullArray reusedPerElement(const PullArray& a);
  // A loop whose body runs in its own memory scope.
  void loop(const Expr& extent, LoopKind kind, const std::function<void(Expr)>& body, const std::string& base = "i");
  // A sequential loop, unrolled when its extent is a small constant (a reduction over the few
  // items of `10000 100 1+.×y m d`): the body runs with constant indices, so reads of small
  // arrays fold to their items and no loop is left for the C compiler to guess about.
  void sequentialLoop(const Expr& extent, const std::function<void(Expr)>& body);
  // A fold (kind Reduction) or scan (Scan) into `accumulator` (declared by the caller), whose
  // body runs in its own memory scope and updates it once; unrolled as sequentialLoop unrolls.
  void foldLoop(const Expr& extent, LoopKind kind, const Accumulator& accumulator,
                const std::function<void(Expr)>& body);
  bool unrolls(const Expr& extent) const;
  struct ParallelDepth;
  void scoped(const std::function<void()>& body);  // a memory scope without a block
  // Steps of powers with a constant count the whole program may still unroll (LowerControl.cpp).
  int64_t unrollBudget() const { return unrollBudget_; }
  void spendUnrollBudget(int64_t steps) { unrollBudget_ -= steps; }
  // Memory allocated by a part, freed when the current scope closes.
  void registerMemory(const Expr& memory) { scopes_.back().memory.push_back(memory); }
  // Runs a trial lowering whose code is thrown away (with its own builder and memory scope): to
  // learn something about a function's result before emitting the code that uses it.
  void discarded(const std::function<void()>& trial);
  // What one element of `a` costs to compute (laila/analysis/Cost.h) and, with `effects`,
  // whether computing it allocates memory or may fail (after the range pass), measured on a
  // discarded trial read. An element too large to measure is expensive and may do both.
  struct ElementProbe {
    int cost = 0;
    bool allocates = false;
    bool mayFail = false;  // the element's code holds a check
    int failureSites = 0;  // the distinct errors and places of its checks
    // An element read once per element in all (readTogether, disjointSlices) is better computed
    // where it is read than materialized, however costly, unless computing it allocates (a sum
    // of run-time length in blocks, whose partials a materializing parallel loop does not need)
    // or may fail (its errors would have to be validated ahead of later statements, in loops
    // that compute every element again).
    bool shareable() const { return !allocates && !mayFail; }
  };
  ElementProbe probeElement(const PullArray& a, bool effects);
  int elementCost(const PullArray& a) { return probeElement(a, false).cost; }
  void elementTrial(const PullArray& a, bool effects, ElementProbe& probe);

  LValue primApp(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                 const SourceLoc& loc);

  // The parts (Lower{Scalar,Structure,Fold,System}.cpp).
  Expr scalarPrim(tail::Prim op, const std::vector<Expr>& args, const SourceLoc& loc);
  void rememberConversion(const Expr& bound, const Expr& value);
  std::optional<Expr> convertedInteger(const Expr& e) const;
  LValue structuralPrim(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                        const SourceLoc& loc);
  LValue foldPrim(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                  const SourceLoc& loc);
  // An addi reduction along the last axis, exact whatever the order (LowerFold.cpp).
  PullArray exactSum(const Expr& neutral, const PullArray& a, const SourceLoc& addLoc, const ArrayList& earlier);
  std::optional<Expr> foldedAtCompileTime(const LValue& f, const Expr& neutral, const PullArray& a, const Expr& m,
                                          const std::vector<Expr>& ix, const SourceLoc& loc, const ArrayList& earlier);
  PullArray foldFromFirst(const LValue& f, BinaryOp op, const Expr& neutral, const PullArray& a, const SourceLoc& loc,
                          const ArrayList& earlier);
  PullArray blockedFold(const LValue& f, const Expr& neutral, const PullArray& a, const SourceLoc& loc,
                        const ArrayList& earlier, bool exactInAnyOrder);
  // Whether a's items are whole numbers whose sums along the last axis (of length m) stay below
  // `limit` in magnitude (WholeNumbers.h): with 2^53, a double sum exact in any order (every
  // partial sum is exact), and an integer sum that cannot overflow.
  bool boundedSum(const PullArray& a, const Expr& m, double limit);
  std::optional<BinaryOp> plainOperator(const LValue& f, Type type, const SourceLoc& loc);
  void foldInto(const Var& acc, const std::optional<BinaryOp>& op, const LValue& f, const Expr& x, const SourceLoc& loc);
  void foldItems(const Expr& extent, const Var& acc, const Expr& neutral, const std::optional<BinaryOp>& op,
                 bool exactInAnyOrder, const std::function<void(Expr)>& body);
  // Reductions in blocks (tail/ir/ScanKind.h; LowerFold.cpp).
  using ItemLoop = std::function<void(const std::function<void(Expr position)>&)>;
  bool inBlocks(const Expr& m);
  bool partialsInMemory() const;
  Expr blockCount(const Expr& m);
  void overBlocks(const Expr& blocks, const std::function<void(Expr block)>& body);
  ItemLoop blockItems(const Expr& m, const Expr& block);
  Expr partials(BaseType base, const Expr& blocks, const std::string& name);
  void addCountingWraps(const Var& sum, const Var& count, const Expr& x);
  void blockedScan(const LValue& f, const PullArray& a, const Expr& m, const Expr& blocks, const Expr& memory,
                   const SourceLoc& loc);
  // The number of parallel loops (map, reduction, scan) around the code being built: a reduction
  // inside one folds its blocks in sequence, without an array of partial results per iteration.
  int parallelDepth_ = 0;
  // The whole-number range of a value computed by `value` (emitting what it needs), learnt in a
  // discarded trial; nullopt when unknown.
  std::optional<WholeRange> wholeRangeOf(const std::function<Expr()>& value);
  // Memory that only ever holds whole numbers (a per-point power's field), with their range.
  std::map<Name, WholeRange> wholeMemory_;
  // The memory of per-point powers' results, and whether a's items are loads from it alone, item
  // i of a vector at i: a reduction of them in any order stays one loop from the first item,
  // which the target's passes stream into the power's loops (Target::streamsReductions).
  std::set<Name> pointwiseResults_;
  bool streamsInto(const PullArray& a);
  // Let-bound variables whose value is `i2d(k)`, by name, with k (rememberConversion).
  std::map<Name, Expr> convertedIntegers_;
  // Recursive functions (TAIL letrec; LowerRecursion.cpp): the letrec's function lowered once
  // into a Laila function of the program, then its body with the name bound to a closure that
  // calls it; a call passes the argument and the free variables' values.
  LValue lowerLetRec(const tail::LetRec& letRec, const Env& env);
  LValue callRecursive(const Closure& f, const LValue& arg, const SourceLoc& loc);
  std::shared_ptr<const RecursiveFunction> recursiveFunction(const tail::LetRec& letRec,
                                                             const std::vector<tail::Name>& free,
                                                             const std::vector<LValue>& freeValues);
  LValue parameterLike(const LValue& v, std::vector<Param>& params);
  LValue parameterOfType(const tail::Type& t, std::vector<Param>& params, const SourceLoc& loc);
  void passValue(const LValue& v, std::vector<Expr>& args);
  void returnArray(const LValue& value, const Var& memory, const Var& shape, size_t rank);
  std::map<const void*, std::shared_ptr<const RecursiveFunction>> recursive_;  // LetRec node → function
  std::vector<Function> functions_;  // the program's functions (recursive ones)
  // power and cond (LowerControl.cpp).
  LValue controlPrim(tail::Prim op, const std::vector<LValue>& args, const SourceLoc& loc);
  // `(f⍣n) x` with the power loop inside a loop over the state's points, when f's step at a
  // point reads only that point (LowerPowerPerPoint.cpp); nullopt, with nothing emitted, when not.
  std::optional<LValue> powerPerPoint(const LValue& f, const Expr& n, const LValue& x, const SourceLoc& loc);
  // Runs an attempt at lowering that keeps its code when it returns true; when it returns false
  // or throws a UserError, its code and the memory it registered are dropped.
  bool tentatively(const std::function<bool()>& attempt);
  // L⍳R on a target that looks items up in loops (Target::looksUpInLoops), for int and double.
  PullArray indexOfByLookups(const PullArray& left, const PullArray& right);
  // L⍳R for at most kIndexOfScannedItems items of R, as reductions over L, where loops cannot
  // call the runtime (OpenCL); nullopt for more items, or a number known only at run time.
  std::optional<PullArray> indexOfFewItems(const PullArray& left, const PullArray& right, const SourceLoc& loc);
  // The runtime scans L for at most this many items of R instead of building a hash table
  // (APLC_INDEX_OF_SCANNED_ITEMS in backend/runtime/generated.c).
  static constexpr int64_t kIndexOfScannedItems = 8;
  LValue systemPrim(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                    const SourceLoc& loc);
  void printValue(const LValue& v);

  // Whether a TAIL expression may have an effect (randomness, input, printing, time): arrays
  // computed by such expressions are materialized at once, so the effect happens once, in order.
  static bool hasEffect(const tail::Exp& e);
  // Whether applying a function value may have an effect (a lambda with one, or such a primitive).
  static bool isEffectful(const LValue& f);

 private:
  struct ScopeFrame {
    std::vector<Expr> memory;
  };
  // What discarded and tentatively roll back to: the code built, the memory scopes and what
  // they registered, the unrolling depth.
  // A top-level let-bound array computed lazily and not read yet (validatePending).
  struct Pending {
    tail::Name name;
    PullArray array;
    // Its validation is over what a cold branch may hold (kColdValidationLimit): a later
    // statement that may fail cannot validate it on the way to its error, so it is validated
    // before that statement (lowerTopLevel).
    bool tooLargeForCold = false;
  };
  struct Checkpoint {
    Builder::Mark mark;
    size_t scopeDepth = 0;
    size_t registered = 0;
    int64_t unrolledCopies = 1;
    int64_t unrollBudget = 0;
    std::vector<Pending> pending;
  };
  Checkpoint checkpoint() const;
  void restore(Checkpoint c);
  LValue lowerLet(const tail::Exp& e, Env env);
  // A top-level statement's value; the pending arrays that are too large for cold branches are
  // validated first when the statement may fail (a check in its code or in its lazy arrays).
  LValue lowerTopLevel(const tail::Exp& e, const Env& env);
  void addPending(const tail::Name& name, const PullArray& array);
  // What validating `a` costs: None when no check is left, Small when it fits in `limit`
  // emitted statements, Large over it (checks or not: the trial stopped).
  enum class ValidationCost { None, Small, Large };
  ValidationCost validationCost(const PullArray& a, int64_t limit);
  bool mayFail(const LValue& v);
  LValue lowerArrayLit(const tail::ArrayLit& lit, const Env& env);
  LValue bindLet(const tail::Let& let, LValue value);
  LValue bindShared(const void* binder, const tail::Let* let, LValue value);
  PullArray bindLargeShape(const PullArray& a);
  void countUses(const tail::Exp& program);
  void closeScope();

  const tail::Exp& program_;
  LowerOptions options_;
  Builder mainBuilder_;
  Builder* builder_ = &mainBuilder_;
  std::vector<ScopeFrame> scopes_;
  std::map<const void*, int> uses_;  // Let node → weighted uses of its variable (2 = many)
  int64_t unrolledCopies_ = 1;       // copies of the code being emitted made by unrolling
  int64_t unrollBudget_ = 8;         // steps of constant-count powers the program may still unroll
  std::set<const void*> usedDeeper_;  // Let nodes used inside a lambda deeper than the let
  std::set<const void*> readTogether_;  // Let nodes read twice at one index (zipWith(f, v, v))
  std::set<const void*> disjointSlices_;  // Let nodes read only by slices at different positions
  std::set<const void*> picked_;  // Let nodes read by index(d, i, v) (one element of a vector)
  // At the program's top level: not in a loop or a guard's branch.
  bool atTopLevel() { return builder_ == &mainBuilder_ && b().openBlocks() == 1; }
  SourceLoc enclosingLoc_;  // of the primitive whose arguments are being lowered (lowerExp)
  std::vector<Pending> pending_;  // top-level let-bound arrays not read yet (validatePending)
  std::vector<ArrayList> coldStack_;  // ColdScope
  int coldSuppressed_ = 0;            // NoColdValidation
  int coldDepth_ = 0;                 // cold validations being emitted, one inside another
  int coldNesting_ = kColdNesting;  // how deep they may nest (validateBeforeRaising)
  int64_t coldBudget_ = 0;            // statements all cold validations may still emit (countUses)
  int64_t coldSkips_ = 0;             // cold validations left out over a budget (lowerTopLevel)
  // Emits, before a check of `ok`, a branch taken when `ok` fails: the validation of `earlier`,
  // then `raise` (the check's own error); nothing when no earlier array has a check left, or
  // over budget.
  void validateBeforeRaising(const std::vector<PullArray>& earlier, const Expr& ok,
                             const std::function<void()>& raise);
  // A primitive's earlierArrays: those of its context, then its lazy array arguments (right to
  // left: the elaborator binds an application's right argument first).
  ArrayList earlierFor(const std::vector<LValue>& args);

};

// Result element type of a primitive instance (after `arity` arrows).
tail::Type resultTypeOf(const tail::Type& instance, size_t arity);
// The static rank of an array-like type (0 for singletons).
size_t rankOf(const tail::Type& t);

}  // namespace aplc::laila::lowering
