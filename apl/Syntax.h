// The syntax tree: what the Bison parser (Parser.yy) builds, before names have roles.
//
// APL's phrase structure depends on what each name is (array, function, operator), which the
// grammar cannot know. So the parser only finds the shape that does not depend on roles:
// statements, each a sequence of items (a "segment"), where an item is an atom, a glyph, a
// parenthesised expression or a dfn, possibly followed by bracket lists `[i;j]`; and assignment
// arrows. Role resolution (Resolve.h) turns this into the AST (Ast.h).
//
//   x ← 1 2 + f (y[1;] × 3)    is an Expr with items [x] assigned the Expr with items
//                              [1, 2, +, f, (…)], the last a Paren holding [y[1;], ×, 3].
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "apl/Token.h"

namespace aplc::apl::syntax {

struct Expr;
struct Dfn;
struct TradFn;
using ExprPtr = std::shared_ptr<const Expr>;

// `[a;;b]`: one part per ';'-separated slot; a null part is an elided slot.
struct Brackets {
  SourceLoc loc;  // the '['
  std::vector<ExprPtr> parts;
};

struct Item {
  enum class Kind : uint8_t { Token, Paren, Dfn };
  Kind kind = Kind::Token;
  SourceLoc loc;
  Token token;                        // Kind::Token: an atom (number, name, ⍵, …) or a glyph
  ExprPtr inner;                      // Kind::Paren
  std::shared_ptr<const Dfn> dfn;     // Kind::Dfn
  std::vector<Brackets> brackets;     // postfix bracket lists, left to right
};

// `items` or `items ← assigned`: in the second form the last item is the assignment's target
// (a name, an indexed name or ⎕) and the items before it apply to the assignment's value.
struct Expr {
  SourceLoc loc;
  std::vector<Item> items;
  ExprPtr assigned;  // null when there is no '←'
  SourceLoc arrowLoc;
};

// A statement: an expression, a guard `condition : result` (valid only inside a dfn), or the
// definition of a tradfn (`∇ r←a f b` … `∇`, top level only).
struct Statement {
  SourceLoc loc;
  ExprPtr guard;  // null unless this is a guard
  ExprPtr expr;   // null for a tradfn
  std::shared_ptr<const TradFn> tradfn = nullptr;
};

// A line of a tradfn's body: a statement, or a control structure with its blocks of lines.
struct Control;
using Block = std::vector<Control>;
struct Control {
  enum class Kind : uint8_t { Statement, If, While, Repeat, For, Return, Leave, Continue };
  Kind kind = Kind::Statement;
  SourceLoc loc;                    // the statement, or the control word's ':'
  Statement statement;              // Kind::Statement
  // If: one condition per :If/:ElseIf; While: the condition; Repeat: :Until's; For: the values
  // after :In.
  std::vector<ExprPtr> conditions;
  // If: one block per condition, then :Else's block if there is one; While, Repeat, For: the body.
  std::vector<Block> blocks;
  Token variable;                   // For: the name after :For
};

// `∇ r←a f b;x;y` (every part but the name optional; `{r}←` a result that does not print) with its
// body, up to the closing `∇`.
struct TradFn {
  SourceLoc loc;  // the opening ∇
  Token name;
  std::optional<Token> result, left, right;
  bool shyResult = false;
  std::vector<Token> locals;  // after ';': names, or system names (⎕IO)
  Block body;
};

struct Dfn {
  SourceLoc loc;  // the '{'
  std::vector<Statement> body;
};

struct Program {
  uint32_t file = 0;
  std::vector<Statement> statements;
};

}  // namespace aplc::apl::syntax
