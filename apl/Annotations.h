// Type annotations in comments (docs/annotations.md): apltail's `⍝○ name : type` lines and the
// thesis's `⍝: type` dfn headers (§3.3), parsed into TAIL type schemes and attached to the
// definition they belong to; and the checks the elaborator runs at each application.
//
//   collectAnnotations(program)  parses every annotation comment (a malformed one is a SYNTAX
//                                ERROR at its location) and attaches it: `⍝○ f : τ` to the first
//                                definition of f after it, `⍝: τ` to the innermost dfn whose `{`
//                                is on the comment's line before it.
//   checkApplication / checkValue
//                                a TYPE ERROR at the application (or assignment) unless the actual
//                                types are instances of the declared scheme (fresh variables for
//                                κ, ρ, … at each application; tail::Unifier's subtyping).
//
// Static knowledge is what is checked: an actual vector whose length the elaborator does not
// know (`[κ]1`) counts as a vector of some unknown length, which any declared length may name.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "apl/Ast.h"
#include "tail/ir/Type.h"

namespace aplc::apl {

struct TypeAnnotation {
  SourceLoc loc;          // the ⍝
  std::string written;    // the type as written, for messages
  std::string subject;    // a ⍝: header's function name (its FnDef's), when it has one
  tail::Scheme scheme;    // the declared type, its variables quantified
  size_t operandCount = 0;  // leading function types: an operator's operands (not checked)
  size_t arity = 0;       // arguments after the operands: 0 an array, 1 monadic, 2 dyadic
  std::map<std::string, std::string> varNames;  // the scheme's variables ('a7, 'r4) as the user wrote them
};
using TypeAnnotationPtr = std::shared_ptr<const TypeAnnotation>;

class Annotations {
 public:
  // For the definition (FnDef or Assign) of this binding, or null.
  const TypeAnnotation* forBinding(uint32_t bindingId) const;
  // For the dfn whose `{` is at loc, or null.
  const TypeAnnotation* forDfn(SourceLoc brace) const;

  void attachToBinding(uint32_t bindingId, TypeAnnotationPtr a) { byBinding_[bindingId] = std::move(a); }
  void attachToDfn(SourceLoc brace, TypeAnnotationPtr a) { byDfn_[key(brace)] = std::move(a); }

 private:
  using Key = std::tuple<uint32_t, uint32_t, uint32_t>;
  static Key key(SourceLoc l) { return {l.file, l.line, l.col}; }
  std::map<uint32_t, TypeAnnotationPtr> byBinding_;
  std::map<Key, TypeAnnotationPtr> byDfn_;
};

// Parses and attaches every annotation of the program (user files and prelude alike).
Annotations collectAnnotations(const ast::Program& program);

// Parses one annotation's type text (exposed for unit tests); `at` is where the text starts.
TypeAnnotation parseAnnotationType(const std::string& text, SourceLoc at);

// TYPE ERROR at loc unless the annotation declares a function of this valence (checked before
// the function is inlined, so the error names the annotation, not a missing ⍺).
void checkValence(const TypeAnnotation& a, const std::string& name, bool dyadic, SourceLoc loc);
// TYPE ERROR at loc unless (left, right) → result is an instance of the annotation. `left` is
// null for a monadic application. An operator's annotation starts with its operands' function
// types, which are not checked (operands are inlined, not values with types).
void checkApplication(const TypeAnnotation& a, const std::string& name, const tail::Type* left,
                      const tail::Type& right, const tail::Type& result, SourceLoc loc);
// TYPE ERROR at loc unless the value's type is an instance of the (array) annotation.
void checkValue(const TypeAnnotation& a, const std::string& name, const tail::Type& type, SourceLoc loc);

}  // namespace aplc::apl
