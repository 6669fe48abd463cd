// The elaborator's internals (see Elaborate.h for what elaboration does): values, function values,
// environments, the let builder, and the Elaborator class whose member functions are spread over
// ElabCore.cpp, ElabScalar.cpp, ElabStructural.cpp, ElabOperators.cpp and ElabProgram.cpp.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "apl/Annotations.h"
#include "apl/Ast.h"
#include "apl/Elaborate.h"
#include "tail/ir/Exp.h"
#include "tail/ir/Type.h"

namespace aplc::apl::elab {

using tail::Base;
using tail::Exp;
using tail::Type;

// An APL array value: an atomic TAIL expression (a variable or a constant) and its variable-free
// type. A tuple (a strand with non-scalar items, `a (b c) 4`) has its components in `items`.
struct Val {
  Exp exp;
  Type type;
  std::vector<Val> items;  // non-empty for a tuple
  Exp known;               // a constant (literal) expression equal to the value, when known
  Exp uniform;             // a constant every element equals (e.g. `n 2⍴0`), when known

  bool isTuple() const { return !items.empty(); }
  int64_t rank() const;            // static rank (0 for singletons, 1 for vectors)
  Base base() const;
  bool isScalar() const { return !isTuple() && rank() == 0; }
  // A vector whose length the type knows (<κ>n, SV(κ,n)).
  std::optional<int64_t> staticLength() const;
  // A scalar int/bool whose value is known (a constant, or a singleton type).
  std::optional<int64_t> knownInt() const;
  // A vector (or scalar) of ints/bools whose values are all known.
  std::optional<std::vector<int64_t>> knownInts() const;
};

class Elaborator;

// An APL function value. `apply` inlines the function at an application (left is null when
// monadic); `glyph` is set for primitive functions (identity items, scalar-ness).
struct FnVal {
  std::function<Val(Elaborator&, const Val* left, const Val& right, SourceLoc loc)> apply;
  char32_t glyph = 0;
  std::string name;  // for messages: "+", "f", "{…}"
  // The inverse function (for ⍣ with a negative count), when aplc knows it: null otherwise.
  // `inverse` inverts the monadic function, `inverseDyadic` the dyadic one with its left argument
  // fixed (A f⍣¯1 ⊢ y), called with that left argument.
  std::shared_ptr<const FnVal> inverse;
  std::shared_ptr<const FnVal> inverseDyadic;
};
using FnValPtr = std::shared_ptr<const FnVal>;

// Lexical scopes: binding id to value. A scope is created per dfn application; `level` is the
// number of TAIL lambdas (each, power, guards) being built when it was created: indexed
// assignment cannot update a variable of a scope outside the lambda being built.
struct Env {
  Env* parent = nullptr;
  int level = 0;
  std::unordered_map<uint32_t, Val> arrays;
  std::unordered_map<uint32_t, FnValPtr> fns;
  // The binding each name was last assigned in this scope, in elaboration (= execution) order: a
  // dfn's free names are looked up when it runs (Dyalog), so a use resolved to an older binding
  // of the same scope reads the latest one (ElabProgram.cpp, lookup).
  std::unordered_map<std::string, uint32_t> latest;
  // The TAIL lambda (Elaborator::currentLambda) each array binding was last assigned in: an
  // indexed or modified assignment inside that same lambda may update it (its let is in scope).
  std::unordered_map<uint32_t, int> assignedIn;
  // A tradfn's localized names (ast::Dfn::locals): a lookup that reaches this scope without
  // finding one of them stops here (a VALUE ERROR) rather than reading a global of that name.
  std::unordered_set<std::string> locals;
};
// Envs are owned by the Elaborator (function values refer to the Env they were defined in, and an
// Env holds function values: shared ownership would make cycles).
using EnvPtr = Env*;

// Bases ordered by APL's promotion: bool < int < double. Char stands apart.
int promotionRank(Base b);
Base joinBase(Base a, Base b, SourceLoc loc);  // DOMAIN ERROR for char with a number
std::string describeBase(Base b);

// A primitive function as a function value, for the operators that take one (scan, products).
FnVal primitiveFn(char32_t g);

[[noreturn]] void fail(SourceLoc loc, const std::string& message);
[[noreturn]] void notSupported(SourceLoc loc, const std::string& what);

class Elaborator {
 public:
  explicit Elaborator(const ast::Program& program, const ElabOptions& options);
  Exp run();

  // ---- let building (ElabCore.cpp) -----------------------------------------------------------
  // Binds a non-atomic expression to a fresh variable in the current scope (constants and
  // variables are returned as they are). The type comes from the TAIL checker.
  Val bind(Exp e, SourceLoc loc, const char* base = "v");
  Val bindTuple(std::vector<Val> items, SourceLoc loc);
  // Binds e with the given (wider) type, e.g. so a lambda's result has exactly that type.
  Val bindAs(Exp e, const Type& type, SourceLoc loc);
  // A tuple-typed value with its components as separate values (projections).
  Val expandTuple(const Val& v, SourceLoc loc);
  Type typeOfExp(const Exp& e);
  void pushScope();
  Exp popScope(Exp result);  // wraps the scope's lets around result
  // `fn x:τ => body(x)`; the body's value is coerced to resultType when given.
  Exp lambda(const Type& paramType, const std::function<Val(const Val&)>& body, Type* resultOut = nullptr,
             const Type& resultType = {});
  Exp lambda2(const Type& t1, const Type& t2, const std::function<Val(const Val&, const Val&)>& body,
              Type* resultOut = nullptr);
  Exp prim(tail::Prim op, std::vector<Exp> args, SourceLoc loc = {});
  Val bindPrim(tail::Prim op, std::vector<Exp> args, SourceLoc loc);

  // ---- values and coercions (ElabCore.cpp) ---------------------------------------------------
  Val intConst(int64_t v);
  Val doubleConst(double v);
  Val boolConst(bool v);
  Val fillValue(Base b);
  Exp fillExp(Base b);
  Val convert(const Val& v, Base to, SourceLoc loc);  // b2i, i2d, b2d, i2b; DOMAIN ERROR else
  Val coerceTo(const Val& v, const Type& target, SourceLoc loc);
  Type joinTypes(const Type& a, const Type& b, SourceLoc loc);
  Val toVector(const Val& v, SourceLoc loc);      // a scalar as a one-element vector
  // v as a vector of static length n (<int>n): a LENGTH ERROR, at compile time when v's length
  // is known, else at run time (reshape0), when its length is not n.
  Val vectorOfLength(const Val& v, int64_t n, SourceLoc loc, const char* what);
  Val requireScalarInt(const Val& v, SourceLoc loc, const char* what);
  Val requireScalarBool(const Val& v, SourceLoc loc, const char* what);
  void requireArray(const Val& v, SourceLoc loc);  // not a tuple
  Val shapeOf(const Val& v, SourceLoc loc);        // ⍴, typed as precisely as possible
  Val lengthOfAxis(const Val& v, int64_t axis, SourceLoc loc);  // an int scalar, axis 1-origin
  // ⎕IO: TAIL's indices are 1-origin; APL's follow ⎕IO (0 or 1, known at compile time, local to
  // the dfn that assigns it). An index an APL program gives (x[i], i⊃v, p⍉a, i⌷a) goes through
  // toOrigin1, an index APL returns (⍳, ⍋, ?, ⍸) through fromOrigin1; both are v when ⎕IO is 1.
  Val toOrigin1(const Val& v, SourceLoc loc);
  Val fromOrigin1(const Val& v, SourceLoc loc);
  int indexOrigin() const { return indexOrigin_; }
  void setIndexOrigin(int io) { indexOrigin_ = io; }
  // The system variables a program assigns (⎕IO, and ⎕PP: the significant digits that ⎕← and ⍕
  // give doubles, 1 to 17), known at compile time and local to the dfn that assigns them.
  struct SystemSettings {
    int indexOrigin = 1;
    int printPrecision = 10;
    friend bool operator==(const SystemSettings&, const SystemSettings&) = default;
  };
  SystemSettings systemSettings() const { return {indexOrigin_, printPrecision_}; }
  void setSystemSettings(const SystemSettings& s) {
    indexOrigin_ = s.indexOrigin;
    printPrecision_ = s.printPrecision;
  }
  Val elementCount(const Val& v, SourceLoc loc);

  // ---- scalar functions (ElabScalar.cpp) -----------------------------------------------------
  Val scalarMonadic(char32_t glyph, const Val& x, SourceLoc loc);  // x a scalar; unbound result
  Val scalarDyadic(char32_t glyph, const Val& x, const Val& y, SourceLoc loc);
  Val complexMonadic(char32_t glyph, const Val& x, SourceLoc loc);  // x complex (ElabScalar.cpp)
  Val complexDyadic(char32_t glyph, const Val& x, const Val& y, SourceLoc loc);  // joined base complex
  Val systemDyadic(const std::string& name, const Val& x, const Val& y, SourceLoc loc);
  bool isScalarGlyph(char32_t glyph, bool dyadic) const;
  // f applied element-wise (f maps scalars to scalars), with scalar extension for the dyadic case.
  Val pervasive1(const std::function<Val(const Val&)>& f, const Val& a, SourceLoc loc);
  // A boolean literal (1 0 1) beside integers or doubles, as an integer literal: so that ∧ and ∨
  // are lcm and gcd there (1 0 1∨2 4 6 is 1 4 1), as they are in Dyalog.
  Val literalAsNumberBeside(const Val& v, const Val& other, SourceLoc loc);
  Val pervasive2(const std::function<Val(const Val&, const Val&)>& f, const Val& a, const Val& b,
                 SourceLoc loc);
  // The TAIL function value of f on scalars of the given bases, and its result base.
  Exp scalarFn1(const FnVal& f, Base a, Base* result, SourceLoc loc);
  Exp scalarFn2(const FnVal& f, Base a, Base b, Base* result, SourceLoc loc);
  std::optional<Val> identityItem(const FnVal& f, Base b);

  // ---- structural functions (ElabStructural.cpp) ---------------------------------------------
  Val primitiveMonadic(char32_t glyph, const Val& x, SourceLoc loc);
  Val primitiveDyadic(char32_t glyph, const Val& a, const Val& x, SourceLoc loc);
  Val reshape(const Val& shape, const Val& x, SourceLoc loc);
  Val ravel(const Val& x, SourceLoc loc);
  Val ravelAxes(const Val& x, int64_t first, int64_t last, SourceLoc loc);  // ,[first…last], 1-origin
  Val catenate(const Val& a, const Val& b, SourceLoc loc);
  Val catenateFirst(const Val& a, const Val& b, SourceLoc loc);
  Val catenateAxis(const Val& a, const Val& b, int64_t axis, SourceLoc loc);
  Val laminate(const Val& a, const Val& b, int64_t position, SourceLoc loc);
  Val insertUnitAxis(const Val& x, int64_t position, SourceLoc loc);
  Val take(const Val& n, const Val& x, SourceLoc loc, bool drop);
  Val takeAxis(const Val& n, const Val& x, int64_t axis, SourceLoc loc, bool drop);
  Val rotate(const Val& n, const Val& x, SourceLoc loc, bool first);
  Val rotateByCounts(const Val& n, const Val& x, SourceLoc loc, bool first);  // N⌽A, N an array
  Val gradeMajorCells(const Val& x, SourceLoc loc, bool down);  // ⍋/⍒ of rank >= 2
  Val reverse(const Val& x, SourceLoc loc, bool first);
  Val transpose(const Val& x, SourceLoc loc);
  Val transpose2(const Val& perm, const Val& x, SourceLoc loc);
  Val transposeAxes(const Val& x, const std::vector<int64_t>& perm, SourceLoc loc);
  Val first(const Val& x, SourceLoc loc);
  Val tally(const Val& x, SourceLoc loc);
  Val match(const Val& a, const Val& b, SourceLoc loc);
  Val iota(const Val& n, SourceLoc loc);
  Val indexOf(const Val& a, const Val& b, SourceLoc loc);
  Val indexOfCells(const Val& m, const Val& b, SourceLoc loc);  // M⍳B for M of rank ≥ 2
  void requireEqualLengths(const Val& a, const Val& b, SourceLoc loc);
  Val hashedIndexOf(const Val& in, const Val& items, Base base, SourceLoc loc);
  Val membership(const Val& a, const Val& b, SourceLoc loc);
  Val setOperand(const Val& x, SourceLoc loc, const char* what);  // ∪ ∩: x as a vector
  Val unique(const Val& x, SourceLoc loc);
  Val unionOf(const Val& a, const Val& b, SourceLoc loc);
  Val intersection(const Val& a, const Val& b, SourceLoc loc);
  Val grade(const Val& x, SourceLoc loc, bool down);
  Val selectAxis(const Val& a, int64_t axis, const Val& indices, SourceLoc loc);
  Val dropLastOfShape(const Val& x, SourceLoc loc);  // ¯1↓⍴x
  Val format(const Val& x, SourceLoc loc);
  // A[I;J;…]: null entries are elided axes.
  Val index(const Val& a, const std::vector<std::optional<Val>>& indices, SourceLoc loc);
  Val indexedAssign(const Val& a, const std::vector<std::optional<Val>>& indices, const Val& value,
                    SourceLoc loc);
  // With `modify` (x[I] f← value), each selected element becomes element f value, one element
  // after the other in ravel order (a repeated index is modified again).
  Val indexedAssignAxes(const Val& a, const std::vector<std::optional<Val>>& indices, const Val& value,
                        SourceLoc loc, const FnVal* modify = nullptr);
  Val replicate(const Val& counts, const Val& x, SourceLoc loc, bool first);

  // ---- ⊥ ⊤ ⍸ (ElabRepresent.cpp) --------------------------------------------------------------
  Val decode(const Val& radices, const Val& digits, SourceLoc loc);
  Val encode(const Val& radices, const Val& numbers, SourceLoc loc);
  Val where(const Val& x, SourceLoc loc);
  Val intervalIndex(const Val& a, const Val& b, SourceLoc loc);  // dyadic ⍸
  Val expand(const Val& mask, const Val& x, SourceLoc loc, bool first);

  // ---- operators (ElabOperators.cpp) ---------------------------------------------------------
  Val reduce(const FnVal& f, const Val& x, SourceLoc loc, bool first);
  // n f/ x along x's last axis (Dyalog's Reduce N-Wise; ElabOperators.cpp).
  Val reduceNWise(const FnVal& f, const Val& n, const Val& x, SourceLoc loc);
  Val scan(const FnVal& f, const Val& x, SourceLoc loc, bool first);
  Val each(const FnVal& f, const Val* left, const Val& right, SourceLoc loc);
  Val outerProduct(const FnVal& f, const Val& a, const Val& b, SourceLoc loc);
  Val innerProduct(const FnVal& f, const FnVal& g, const Val& a, const Val& b, SourceLoc loc);
  Val power(const FnVal& f, const Val& count, const Val* left, const Val& x, SourceLoc loc);
  // f⍣n with n an int known (or checked at run time) not to be negative.
  Val powerNonNegative(const FnVal& f, const Val& n, const Val* left, const Val& x, SourceLoc loc);
  // (f⍣g) x and a (f⍣g) x: f applied until (f y) g y holds (ElabOperators.cpp).
  Val powerUntil(const FnVal& f, const FnVal& g, const Val* left, const Val& x, SourceLoc loc);
  std::pair<Exp, Type> iterationStep(const FnVal& f, const Val* left, Type t, SourceLoc loc);
  // g (a last-axis form) applied along axis k of x, written in ⎕IO io (f/[k], ⌽[k]): x's axis k is
  // transposed to the last place, and back after g when g keeps that axis.
  Val alongAxis(const Val& x, int64_t k, int io, bool keepsAxis, const std::function<Val(const Val&)>& g,
                SourceLoc loc);
  Val cond(const Val& test, const std::function<Val()>& then, const std::function<Val()>& otherwise,
           SourceLoc loc);

  // ---- the AST (ElabProgram.cpp) --------------------------------------------------------------
  Val expr(const ast::Expr& e);
  Val exprOrOperand(const ast::Node& n);
  FnValPtr fn(const ast::Fn& f);
  FnValPtr derived(const ast::Derived& d);
  FnValPtr dfnValue(const ast::Dfn& d, const ast::UserDerived* instance);
  Val applyDfn(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left, const Val& right,
               SourceLoc loc);
  Val body(const std::vector<ast::StmtPtr>& stmts, size_t from, SourceLoc loc);
  Val statementExpr(const ast::Expr& e);
  void requireResult(const ast::Fn& f, const ast::Expr& call);

  // ---- tail-recursive dfns as loops (ElabTailCalls.cpp) --------------------------------------
  bool namesItself(const ast::Fn& f, const ast::Dfn& d) const;
  const ast::Expr* selfCall(const ast::Expr& e, const ast::Dfn& d) const;
  bool isTailRecursive(const ast::Dfn& d);
  // The number of times d names itself (∇, or its own name), nested dfns included.
  size_t selfMentions(const ast::Dfn& d);
  std::unordered_map<const ast::Dfn*, size_t> selfMentions_;  // selfMentions, once per dfn
  // Whether d may call itself through other functions it names (f calls g, g calls f): by the
  // names the program gives dfns anywhere, so a shadowed name may answer true (the function is
  // then a letrec where inlining would do, which is as correct).
  bool callsItselfThroughOthers(const ast::Dfn& d);
  std::unordered_map<const ast::Dfn*, bool> callsItselfThroughOthers_;
  std::unordered_map<std::string, std::vector<const ast::Dfn*>> dfnsByName_;   // every FnDef of a dfn
  std::unordered_map<const ast::Dfn*, std::vector<std::string>> namesCalled_;  // the names each dfn's body uses as functions
  // General recursion (ElabRecursion.cpp): a call of a dfn that calls itself is a call of a TAIL
  // letrec function, one per argument types, defined where the recursion starts.
  Val recursiveCall(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left, const Val& right,
                    SourceLoc loc);
  // The dfn's body with its arguments bound, elaborated in place (applyDfn without the
  // recursion checks).
  Val inlineDfn(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left, const Val& right,
                SourceLoc loc);
  struct ActiveRecursion {
    const ast::Dfn* dfn;
    EnvPtr closure;
    bool dyadic;
    Type paramType;
    Type resultType;
    tail::Name name;
  };
  std::vector<ActiveRecursion> activeRecursion_;  // the recursive functions being elaborated
  // What an elaboration that throws a UserError half-way leaves changed (scopes, lambdas, the
  // environment): saved before a trial that may fail, restored after it failed.
  struct TrialState {
    size_t scopes, lambdas;
    int lambdaDepth, inlineDepth;
    size_t tradfns, active;
    EnvPtr env;
    SystemSettings settings;
  };
  TrialState trialState() const;
  void restoreTrialState(const TrialState& s);
  std::vector<ast::StmtPtr> returningBody(const ast::Dfn& d) const;
  bool callsItselfDyadically(const ast::Dfn& d) const;
  Val tailRecursiveLoop(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left, const Val& right,
                        SourceLoc loc);
  Val tailPass(const ast::Dfn& d, size_t from, const std::vector<Val>& args, const Val& previous, SourceLoc loc);

  // ---- a tradfn's control structures (ElabControl.cpp) ---------------------------------------
  // The names of the Env being elaborated, saved around the blocks of a structure.
  struct EnvState {
    std::unordered_map<uint32_t, Val> arrays;
    std::unordered_map<std::string, uint32_t> latest;
    std::unordered_map<uint32_t, int> assignedIn;
  };
  EnvState saveEnv() const;
  void restoreEnv(const EnvState& s);
  bool hasLocalValue(const std::string& name) const;
  // The names' values after `before`, as one value (a tuple when there are several).
  Val packNames(const std::vector<std::string>& names, std::vector<Val> before, SourceLoc loc);
  std::vector<Val> unpackNames(const Val& packed, size_t count);
  void bindNames(const std::vector<std::string>& names, const std::vector<Val>& values,
                 const std::map<std::string, uint32_t>& ids);
  void runBlock(const std::vector<ast::StmtPtr>& stmts);
  Val condition(const ast::Expr& e);
  static bool endsWithReturn(const ast::If& s);
  void ifStatement(const ast::If& s);
  Val ifWithReturn(const ast::If& s, size_t k, const std::vector<ast::StmtPtr>& stmts, size_t from, SourceLoc loc);
  std::vector<std::string> loopState(const std::vector<ast::StmtPtr>& body, const std::string& except);
  std::vector<Val> enterLoopState(const EnvState& before, const std::vector<std::string>& live, const Val& state,
                                  size_t heads);
  static bool mayEndPass(const ast::Stmt& s);
  static bool loopReturns(const std::vector<ast::StmtPtr>& body, SourceLoc loc);
  static const ast::Expr* resultOfReturns(const ast::Stmt& s);  // what a :Return in s gives
  Val runWithExit(const std::vector<ast::StmtPtr>& stmts, size_t from, const std::vector<std::string>& live,
                  SourceLoc loc);
  Val ifArmsWithExit(const ast::If& s, size_t k, const std::vector<ast::StmtPtr>& stmts, size_t from,
                     const std::vector<std::string>& live, SourceLoc loc);
  // A loop; for one whose body may :Return, the flag that says it did.
  std::optional<Val> loopStatement(const ast::Stmt& s);
  std::optional<Val> whileStatement(const ast::While& s);
  std::optional<Val> forStatement(const ast::For& s);
  Val print(const Val& v, SourceLoc loc);
  Val modifiedAssign(const ast::ModifiedAssign& a);
  Val multipleAssign(const ast::MultipleAssign& a);
  int knownIndexOrigin(const Val& v, SourceLoc loc);  // the value of ⎕IO ← v
  int knownPrintPrecision(const Val& v, SourceLoc loc);  // the value of ⎕PP ← v
  int displayDigits() const;  // the significant digits ⎕PP gives a displayed double
  std::vector<Env*> nameScopes() const;
  Val lookup(const ast::Binding& b, SourceLoc loc);
  FnValPtr lookupFn(const ast::Binding& b, SourceLoc loc);
  void assign(const ast::Binding& b, const Val& v);
  void reassign(const ast::Binding& b, const Val& v, SourceLoc loc);
  // f wrapped so that each application checks the annotation (Annotations.h); f if a is null.
  FnValPtr annotated(FnValPtr f, const TypeAnnotation* a, const std::string& name);
  // The function a FnDef defines, with its ⍝○ annotation if it has one.
  FnValPtr definedFn(const ast::FnDef& fd);
  void defineFn(const ast::FnDef& fd);  // binds it in the current scope

  PrintMode mode() const { return options_.mode; }
  EnvPtr env() const { return env_; }
  void setEnv(EnvPtr e) { env_ = e; }
  EnvPtr newEnv(EnvPtr parent) {
    envs_.push_back(std::make_unique<Env>());
    envs_.back()->parent = parent;
    envs_.back()->level = lambdaDepth_;
    return envs_.back().get();
  }

 private:
  struct LetBinding {
    tail::Name name;
    Type type;
    Exp value;
    SourceLoc loc;
    bool forced = false;  // the type is a deliberate widening: keep the let
    bool recursive = false;  // a letrec: `value` is a recursive function named `name`
  };
  const ast::Program& program_;
  ElabOptions options_;
  Annotations annotations_;
  tail::NameGen names_;
  std::vector<std::vector<LetBinding>> scopes_;
  std::map<tail::Name, Type> varTypes_;
  std::vector<std::unique_ptr<Env>> envs_;
  EnvPtr env_ = nullptr;
  int inlineDepth_ = 0;
  int lambdaDepth_ = 0;
  int indexOrigin_ = 1;  // ⎕IO where elaboration is now
  int printPrecision_ = 10;  // ⎕PP where elaboration is now
  const ast::Expr* statement_ = nullptr;  // the expression of the statement being elaborated
  std::unordered_map<const ast::Dfn*, std::string> dfnNames_;  // the name each defined dfn has
  std::unordered_map<const ast::Dfn*, bool> tailRecursive_;    // isTailRecursive, once per dfn
  std::vector<EnvPtr> runningTradfns_;  // the scopes of the tradfns being elaborated, outermost first
  std::vector<int> lambdaStack_;  // the ids of the lambdas being built, innermost last
  int lambdaCount_ = 0;

 public:
  int& inlineDepth() { return inlineDepth_; }
  std::vector<EnvPtr>& runningTradfns() { return runningTradfns_; }
  int& lambdaDepth() { return lambdaDepth_; }
  // Around the building of a TAIL lambda's body (each, power, guards, …): each gets its own id.
  void enterLambda() {
    ++lambdaDepth_;
    lambdaStack_.push_back(++lambdaCount_);
  }
  void leaveLambda() {
    --lambdaDepth_;
    lambdaStack_.pop_back();
  }
  int currentLambda() const { return lambdaStack_.empty() ? 0 : lambdaStack_.back(); }
  tail::Name fresh(const char* base) { return names_.fresh(base); }
  void declareVar(const tail::Name& n, const Type& t) { varTypes_[n] = t; }
};

}  // namespace aplc::apl::elab
