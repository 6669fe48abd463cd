// The TAIL optimiser's pipeline (see Optimise.h).
#include "tail/opt/Optimise.h"

#include <functional>
#include <string>

#include "support/Diagnostics.h"
#include "tail/opt/OptConstantFold.h"
#include "tail/opt/OptCommonValues.h"
#include "tail/opt/OptCopyProp.h"
#include "tail/opt/OptDeadBindings.h"
#include "tail/opt/OptFusion.h"
#include "tail/opt/OptInline.h"
#include "tail/opt/OptShapes.h"
#include "tail/opt/OptUniqueNames.h"
#include "tail/ir/Print.h"
#include "tail/ir/TypeCheck.h"

namespace aplc::tail {

namespace {

class Pipeline {
 public:
  Pipeline(const Type& originalType, const OptimiseOptions& options) : type_(originalType), options_(options) {}

  // Runs one pass; with checkTypes, the result must type-check to a subtype of the original type.
  // A pass that returns its input unchanged (the same node) needs no new check.
  Exp run(const char* pass, const std::function<Exp(const Exp&)>& f, const Exp& e) {
    Exp out = f(e);
    if (options_.checkTypes && !out.same(e)) check(pass, out);
    return out;
  }

  // The program with instance types filled in, for a pass that reads them. A failure here means
  // the previous pass broke typing (only possible without checkTypes). The check after the
  // previous pass has usually annotated this very program already: that result is reused.
  Exp annotated(const char* forPass, const Exp& e) {
    if (Exp cached = cachedAnnotation(e)) return cached;
    try {
      remember(e, annotateTypes(e).exp);
      return annotatedExp_;
    } catch (const UserError& err) {
      throw InternalError(std::string("TAIL optimiser: the program does not type-check before pass '") + forPass +
                          "': " + err.what() + "\n" + print(e));
    }
  }

 private:
  void check(const char* pass, const Exp& e) {
    Annotated a;
    try {
      a = annotateTypes(e);
    } catch (const UserError& err) {
      throw InternalError(std::string("TAIL optimiser pass '") + pass + "' produced an ill-typed program: " +
                          err.what() + "\n" + print(e));
    }
    if (!isSubtype(a.type, type_))
      throw InternalError(std::string("TAIL optimiser pass '") + pass + "' changed the program's type from " +
                          toString(type_) + " to " + toString(a.type));
    remember(e, a.exp);
  }

  // Annotating is idempotent, so the annotated program is its own annotation too.
  Exp cachedAnnotation(const Exp& e) const {
    if (annotatedExp_ && (e.same(annotatedFrom_) || e.same(annotatedExp_))) return annotatedExp_;
    return {};
  }
  void remember(const Exp& from, const Exp& annotated) {
    annotatedFrom_ = from;
    annotatedExp_ = annotated;
  }

  Type type_;
  OptimiseOptions options_;
  Exp annotatedFrom_, annotatedExp_;  // the last program annotated, and its annotation
};

// Binds the result again with the original type when optimisation made it more precise, so
// that the program's type is unchanged: `let r:τ = e in r`, placed inside the outer lets.
Exp keepType(const Exp& e, const Type& original, NameGen& names) {
  if (const Let* l = e.as<Let>()) return Let::make(l->name, l->type, l->value, keepType(l->body, original, names), l->loc);
  Name r = names.fresh("r");
  return Let::make(r, original, e, Var::make(r));
}

}  // namespace

Exp optimise(const Exp& program, const OptimiseOptions& options) {
  Annotated input = annotateTypes(program);  // a user error here is the input's own
  Pipeline p(input.type, options);

  Exp e = p.run("unique names", makeNamesUnique, input.exp);
  for (int round = 0; round < options.maxRounds; ++round) {
    Exp before = e;
    e = p.run("constant folding", foldConstants, p.annotated("constant folding", e));
    e = p.run("shape simplification", simplifyShapes, p.annotated("shape simplification", e));
    e = p.run("copy propagation", propagateCopies, e);
    e = p.run("common values", shareCommonValues, e);
    e = p.run("inlining", inlineSingleUse, e);
    e = p.run("map fusion", fuseMaps, p.annotated("map fusion", e));
    e = p.run("dead bindings", removeDeadBindings, e);
    if (equalExp(before, e)) break;
  }

  Annotated out = annotateTypes(e);
  if (out.type == input.type) return out.exp;
  NameGen names(maxNameTag(e) + 1);
  return p.run("keep the program's type", [&](const Exp& x) { return annotateTypes(keepType(x, input.type, names)).exp; }, e);
}

Exp optimiseForTest(const Exp& program) {
  OptimiseOptions o;
  o.checkTypes = true;
  return optimise(program, o);
}

}  // namespace aplc::tail
