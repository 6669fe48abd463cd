// General recursion: a dfn (or tradfn) that calls itself other than by tail calls (fib,
// Ackermann) becomes a TAIL recursive function, `letrec f:τ -> τ' = fn x:τ => … f(…) … in …`.
//
// Types are monomorphic and found at the call that starts the recursion:
// - the parameter: each argument's type with its static shape forgotten (S(int,5) and <int>3
//   become [int]0 and [int]1): one function serves every depth;
// - the result: guessed, then checked. The first guess is the right argument's type; the body
//   is elaborated (in a lambda that is dropped) with the recursive calls giving the guess, and
//   the body's own type becomes the next guess (joined with the last one when the ranks agree,
//   so bool < int < double only widens) until the two agree, in a few rounds at most.
// - Inside the body, a call of the function with the same valence and parameter type is a call
//   of the letrec; one whose arguments have other base types starts a function of its own (so
//   `∇ ⍵÷2` on an int argument calls a double version), one with another rank is "not supported".
//
// The letrec is bound in the scope of the call that starts the recursion, like a let, so each
// such call elaborates the body anew (a few times: the guesses), and recursion nested in it
// once per enclosing elaboration.
#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>

#include "apl/ElabCore.h"
#include "support/Diagnostics.h"

namespace aplc::apl::elab {

namespace {

// The type with its static shape information dropped: the array type of its base and rank.
Type generalized(const Type& t, SourceLoc loc) {
  if (!t.hasBase() || !t.rank().isConstant())
    notSupported(loc, "a recursive function whose argument or result is a nested array");
  return Type::array(t.base(), t.rank());
}

constexpr int kResultTypeRounds = 4;
constexpr int64_t kGuessedRanks = 3;  // result ranks tried when the argument's type is not the result's

}  // namespace

bool Elaborator::callsItselfThroughOthers(const ast::Dfn& d) {
  if (auto known = callsItselfThroughOthers_.find(&d); known != callsItselfThroughOthers_.end()) return known->second;
  if (dfnsByName_.empty()) {
    std::function<void(const ast::Node&)> collect = [&](const ast::Node& n) {
      if (const auto* def = n.as<ast::FnDef>())
        if (const auto* dfn = def->fn->as<ast::Dfn>()) dfnsByName_[def->binding->name].push_back(dfn);
      ast::forEachChild(n, collect);
    };
    for (const ast::StmtPtr& s : program_.statements) collect(*s);
  }
  auto namesCalled = [&](const ast::Dfn* f) -> const std::vector<std::string>& {
    auto emplaced = namesCalled_.try_emplace(f);
    auto it = emplaced.first;  // not a structured binding: lambdas capture it (clang 14)
    if (emplaced.second) {
      std::function<void(const ast::Node&)> find = [&](const ast::Node& n) {
        if (const auto* ref = n.as<ast::FnRef>(); ref && ref->binding->kind == ast::BindingKind::Variable)
          it->second.push_back(ref->binding->name);
        ast::forEachChild(n, find);
      };
      for (const ast::StmtPtr& s : f->body) find(*s);
    }
    return it->second;
  };
  // A search of the functions reachable by name from d's body.
  std::unordered_set<const ast::Dfn*> seen;
  std::vector<const ast::Dfn*> todo = {&d};
  bool found = false;
  while (!todo.empty() && !found) {
    const ast::Dfn* f = todo.back();
    todo.pop_back();
    for (const std::string& name : namesCalled(f)) {
      auto callees = dfnsByName_.find(name);
      if (callees == dfnsByName_.end()) continue;
      for (const ast::Dfn* g : callees->second) {
        if (g == &d && f != &d) found = true;  // d naming itself is selfMentions' case
        if (seen.insert(g).second) todo.push_back(g);
      }
    }
  }
  callsItselfThroughOthers_[&d] = found;
  return found;
}

Elaborator::TrialState Elaborator::trialState() const {
  return {scopes_.size(), lambdaStack_.size(), lambdaDepth_, inlineDepth_, runningTradfns_.size(),
          activeRecursion_.size(), env_, systemSettings()};
}

void Elaborator::restoreTrialState(const TrialState& s) {
  scopes_.resize(s.scopes);
  lambdaStack_.resize(s.lambdas);
  lambdaDepth_ = s.lambdaDepth;
  inlineDepth_ = s.inlineDepth;
  runningTradfns_.resize(s.tradfns);
  activeRecursion_.resize(s.active);
  env_ = s.env;
  setSystemSettings(s.settings);
}

Val Elaborator::recursiveCall(const ast::Dfn& d, EnvPtr closure, const FnValPtr& self, const Val* left,
                              const Val& right, SourceLoc loc) {
  bool dyadic = left != nullptr;
  Type rightType = generalized(right.type, loc);
  Type paramType = dyadic ? Type::tuple({generalized(left->type, loc), rightType}) : rightType;
  // The argument as the function's parameter type (a pair for a dyadic call).
  auto argument = [&]() -> Val {
    Val r = coerceTo(right, rightType, loc);
    if (!dyadic) return r;
    return bindTuple({coerceTo(*left, paramType.components()[0], loc), r}, loc);
  };
  for (auto a = activeRecursion_.rbegin(); a != activeRecursion_.rend(); ++a) {
    if (a->dfn != &d || a->closure != closure || a->dyadic != dyadic) continue;
    if (a->paramType == paramType) {
      Val call = bind(tail::App::make(tail::Var::make(a->name, loc), argument().exp, loc), loc, "r");
      return call;
    }
    const Type& was = dyadic ? a->paramType.components()[1] : a->paramType;
    bool sameRanks = was.rank() == rightType.rank() &&
                     (!dyadic || a->paramType.components()[0].rank() == paramType.components()[0].rank());
    if (!sameRanks)
      notSupported(loc, "a recursive call whose argument has another rank than the call that started the recursion");
  }

  tail::Name name = names_.fresh("rec");
  // The body with the parameter's parts bound to ⍺ and ⍵, recursive calls giving `resultType`.
  auto elaborateFunction = [&](const Type& resultType, Type* found, const Type& coerceTo) {
    activeRecursion_.push_back({&d, closure, dyadic, paramType, resultType, name});
    varTypes_[name] = Type::function(paramType, resultType);
    struct Pop {
      std::vector<ActiveRecursion>& active;
      ~Pop() { active.pop_back(); }
    } pop{activeRecursion_};
    return lambda(
        paramType,
        [&](const Val& p) {
          std::vector<Val> args = unpackNames(p, dyadic ? 2 : 1);
          return inlineDfn(d, closure, self, dyadic ? &args[0] : nullptr, args.back(), loc);
        },
        found, coerceTo);
  };
  // The first guess: the right argument's type. When the body cannot be elaborated with it (a
  // guard's result and a recursive call's would differ in rank or kind), the other ranks up to
  // 3, of its base, of characters and of doubles, until one can; else the first guess's error.
  std::vector<Type> firstGuesses = {rightType};
  for (Base base : {rightType.base(), Base::charT(), Base::doubleT()})
    for (int64_t rank = 0; rank <= kGuessedRanks; ++rank) {
      Type t = Type::array(base, rank);
      if (std::find(firstGuesses.begin(), firstGuesses.end(), t) == firstGuesses.end()) firstGuesses.push_back(t);
    }
  Type guess, found;
  Exp fn;  // the last round's function: the letrec's when its result had exactly the guessed type
  std::optional<UserError> firstError;
  for (size_t k = 0; k < firstGuesses.size() && !guess; ++k) {
    TrialState before = trialState();
    try {
      fn = elaborateFunction(firstGuesses[k], &found, Type());
      guess = firstGuesses[k];
    } catch (const UserError& e) {
      restoreTrialState(before);
      if (!firstError) firstError = e;
    }
  }
  if (!guess) throw *firstError;
  for (int round = 0;; ++round) {
    if (round > 0) fn = elaborateFunction(guess, &found, Type());
    if (found == guess) break;
    found = generalized(found, loc);
    if (found == guess) {  // the same up to static shapes: once more, the result widened to it
      fn = elaborateFunction(guess, nullptr, guess);
      break;
    }
    if (round + 1 == kResultTypeRounds)
      notSupported(loc, "a recursive function whose result's type is not found in " +
                            std::to_string(kResultTypeRounds) + " rounds (it changes with the depth?)");
    guess = found.rank() == guess.rank() ? Type::array(joinBase(found.base(), guess.base(), loc), found.rank()) : found;
  }
  if (!fn.as<tail::Lambda>()) {  // eta-reduced to a primitive: a lambda again
    tail::Name x = names_.fresh("x");
    fn = tail::Lambda::make(x, paramType, tail::App::make(fn, tail::Var::make(x)));
  }
  Type fnType = Type::function(paramType, guess);
  varTypes_[name] = fnType;
  scopes_.back().push_back({name, fnType, fn, loc, false, true});
  return bind(tail::App::make(tail::Var::make(name, loc), argument().exp, loc), loc, "r");
}

}  // namespace aplc::apl::elab
