// parse(): checks bracket balance, then runs the Bison parser (Parser.yy).
#include <string>
#include <vector>

#include "apl/Parser.h"
#include "apl/ParseTradfn.h"
#include "apl/Parser.hpp"
#include "support/Diagnostics.h"

namespace aplc::apl {

namespace {

// Deeper nesting than this is surely not a real program; refusing it keeps every later
// (recursive) stage far from the stack limit.
constexpr size_t kMaxNesting = 200;
// Likewise for chains of assignments in one statement (`a←b←c←…` nests to the right).
constexpr size_t kMaxArrowsPerStatement = 200;

std::string position(const SourceLoc& loc) {
  return std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

char32_t closerOf(TokenKind opener) {
  return opener == TokenKind::LParen ? U')' : opener == TokenKind::LBracket ? U']' : U'}';
}

// Reports unbalanced ( [ { where the user can fix them: an opener that is never closed at the
// opener, a closer without an opener at the closer. Parentheses and brackets must close on the
// line they open (dfns may span lines).
void checkBrackets(const std::vector<Token>& tokens) {
  std::vector<const Token*> open;
  size_t arrows = 0;
  for (const Token& t : tokens) {
    switch (t.kind) {
      case TokenKind::LParen:
      case TokenKind::LBracket:
      case TokenKind::LBrace:
        if (open.size() == kMaxNesting)
          throw UserError(t.loc, "SYNTAX ERROR: nesting too deep (more than " + std::to_string(kMaxNesting) +
                                     " levels of ( [ {)");
        open.push_back(&t);
        break;
      case TokenKind::RParen:
      case TokenKind::RBracket:
      case TokenKind::RBrace: {
        if (open.empty())
          throw UserError(t.loc, "SYNTAX ERROR: unbalanced '" + t.text + "': nothing to close");
        const Token& opener = *open.back();
        if (closerOf(opener.kind) != static_cast<char32_t>(t.text[0]))
          throw UserError(t.loc, "SYNTAX ERROR: '" + t.text + "' does not match the '" + opener.text + "' at " +
                                     position(opener.loc));
        open.pop_back();
        break;
      }
      case TokenKind::Newline:
      case TokenKind::End:
        if (!open.empty() && (t.kind == TokenKind::End || open.back()->kind != TokenKind::LBrace)) {
          const Token& opener = *open.back();
          throw UserError(opener.loc, "SYNTAX ERROR: unbalanced '" + opener.text + "': it is not closed" +
                                          (t.kind == TokenKind::End ? "" : " on its line"));
        }
        arrows = 0;
        break;
      case TokenKind::Diamond:
        arrows = 0;
        break;
      case TokenKind::Assign:
        if (++arrows > kMaxArrowsPerStatement)
          throw UserError(t.loc, "SYNTAX ERROR: too many assignments in one statement");
        break;
      default:
        break;
    }
  }
}

}  // namespace

syntax::Program parse(const LexResult& lexed) {
  APLC_INTERNAL_CHECK(!lexed.tokens.empty() && lexed.tokens.back().kind == TokenKind::End,
                      "token vector must end with End");
  checkBrackets(lexed.tokens);
  syntax::Program program;
  program.file = lexed.tokens.back().loc.file;
  // The grammar parses the runs between tradfns and the lines inside them (ParseTradfn.h).
  auto parseRun = [&](const std::vector<Token>& run, SourceLoc end) {
    std::vector<Token> tokens = run;
    Token last;
    last.kind = TokenKind::End;
    last.loc = end;
    tokens.push_back(last);
    syntax::Program part;
    grammar::TokenCursor cursor{tokens};
    grammar::Parser parser(cursor, part);
    parser.parse();
    return std::move(part.statements);
  };
  program.statements = parseWithTradfns(lexed.tokens, parseRun);
  return program;
}

}  // namespace aplc::apl
