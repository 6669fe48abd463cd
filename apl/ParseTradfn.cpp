// Tradfns and control structures (ParseTradfn.h).
#include "apl/ParseTradfn.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "support/Diagnostics.h"

namespace aplc::apl {

namespace {

using Line = std::vector<Token>;

[[noreturn]] void syntaxError(SourceLoc loc, const std::string& what) { throw UserError(loc, "SYNTAX ERROR: " + what); }
[[noreturn]] void notSupported(SourceLoc loc, const std::string& what) { throw UserError(loc, "not supported: " + what); }

// The lines of tokens[from, to): split at newlines (and, inside a tradfn, at ⋄) outside braces, so
// that a dfn spanning lines stays in one line. Empty lines are dropped.
std::vector<Line> splitLines(const std::vector<Token>& tokens, size_t from, size_t to, bool atDiamonds) {
  std::vector<Line> lines(1);
  int depth = 0;
  for (size_t i = from; i < to; ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::LBrace) ++depth;
    if (t.kind == TokenKind::RBrace) --depth;
    bool split = depth == 0 && (t.kind == TokenKind::Newline || (atDiamonds && t.kind == TokenKind::Diamond));
    if (split) {
      if (!lines.back().empty()) lines.emplace_back();
      continue;
    }
    lines.back().push_back(t);
  }
  if (lines.back().empty()) lines.pop_back();
  return lines;
}

bool equalsIgnoringCase(const std::string& a, const char* b) {
  std::string lower(a);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower == b;
}

// The control word a line starts with (":If" gives "if"), or "" for a statement.
std::string controlWord(const Line& line) {
  if (line.size() < 2 || line[0].kind != TokenKind::Colon || line[1].kind != TokenKind::Name) return "";
  std::string w = line[1].text;
  std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
  return w;
}

class TradfnParser {
 public:
  TradfnParser(std::vector<Line> lines, const RunParser& parseRun, SourceLoc end, std::vector<Token>& locals)
      : lines_(std::move(lines)), parseRun_(parseRun), end_(end), locals_(locals) {}

  syntax::Block body() {
    syntax::Block b = block({});
    if (next_ < lines_.size()) syntaxError(lines_[next_][0].loc, ":" + lines_[next_][1].text + " closes nothing");
    return b;
  }

 private:
  // Lines up to one that starts with a control word in `closers` (not consumed) or the end.
  syntax::Block block(const std::vector<std::string>& closers) {
    syntax::Block out;
    while (next_ < lines_.size()) {
      const Line& line = lines_[next_];
      std::string word = controlWord(line);
      if (word.empty()) {
        ++next_;
        for (syntax::Statement& s : parseRun_(line, end_)) {
          syntax::Control c;
          c.loc = s.loc;
          c.statement = std::move(s);
          out.push_back(std::move(c));
        }
        continue;
      }
      if (std::find(closers.begin(), closers.end(), word) != closers.end()) return out;
      if (word == "select") {
        selectStructure(out);
        continue;
      }
      out.push_back(control(word));
    }
    return out;
  }

  syntax::Control control(const std::string& word) {
    const Line& line = lines_[next_];
    syntax::Control c;
    c.loc = line[0].loc;
    if (word == "if") return ifStructure(c);
    if (word == "while") {
      c.kind = syntax::Control::Kind::While;
      c.conditions.push_back(expression(line, 2, ":While"));
      ++next_;
      c.blocks.push_back(block({"endwhile", "end", "until"}));
      close(c, {"EndWhile", "End"}, ":While");
      return c;
    }
    if (word == "repeat") {
      c.kind = syntax::Control::Kind::Repeat;
      nothingAfter(line, 2);
      ++next_;
      c.blocks.push_back(block({"until", "endrepeat", "end"}));
      if (next_ == lines_.size()) syntaxError(c.loc, ":Repeat has no :Until");
      if (controlWord(lines_[next_]) != "until")
        notSupported(lines_[next_][0].loc, ":Repeat without :Until (a loop that only :Leave ends)");
      c.conditions.push_back(expression(lines_[next_], 2, ":Until"));
      ++next_;
      return c;
    }
    if (word == "for") {
      c.kind = syntax::Control::Kind::For;
      if (line.size() < 6 || line[2].kind != TokenKind::Name || line[3].kind != TokenKind::Colon ||
          line[4].kind != TokenKind::Name || !equalsIgnoringCase(line[4].text, "in"))
        syntaxError(c.loc, ":For needs one name and :In, as in `:For i :In ⍳n` (several names and :InEach are not supported)");
      c.variable = line[2];
      c.conditions.push_back(expression(line, 5, ":In"));
      ++next_;
      c.blocks.push_back(block({"endfor", "end"}));
      close(c, {"EndFor", "End"}, ":For");
      return c;
    }
    if (word == "return" || word == "leave" || word == "continue") {
      c.kind = word == "return" ? syntax::Control::Kind::Return
               : word == "leave" ? syntax::Control::Kind::Leave
                                 : syntax::Control::Kind::Continue;
      nothingAfter(line, 2);
      ++next_;
      return c;
    }
    static const char* const kClosers[] = {"endif",  "endwhile", "endrepeat", "endfor", "endselect", "end",
                                           "else",   "elseif",   "until",     "in",     "case",      "caselist"};
    for (const char* closer : kClosers)
      if (word == closer) syntaxError(c.loc, ":" + line[1].text + " closes nothing");
    notSupported(c.loc, "the control word :" + line[1].text);
  }

  // :Select x ⋄ :Case a ⋄ … ⋄ :CaseList b ⋄ … ⋄ :Else ⋄ … ⋄ :EndSelect is, as Dyalog defines it,
  // `s←x` (a local the program cannot name) then :If s≡a … :ElseIf s∊b … :Else … :EndIf.
  void selectStructure(syntax::Block& out) {
    const Line& line = lines_[next_];
    syntax::Control c;
    c.loc = line[0].loc;
    if (line.size() <= 2) syntaxError(c.loc, ":Select needs an expression");
    Token selector = line[0];
    selector.kind = TokenKind::Name;
    selector.text = "select·" + std::to_string(locals_.size() + 1);  // no APL name has a ·
    locals_.push_back(selector);
    Line assignment = {selector, withKind(line[0], TokenKind::Assign, "←"), withKind(line[0], TokenKind::LParen, "(")};
    assignment.insert(assignment.end(), line.begin() + 2, line.end());
    assignment.push_back(withKind(line.back(), TokenKind::RParen, ")"));
    for (syntax::Statement& st : parseRun_(assignment, end_)) {
      syntax::Control a;
      a.loc = st.loc;
      a.statement = std::move(st);
      out.push_back(std::move(a));
    }
    ++next_;
    std::vector<std::string> closers = {"case", "caselist", "else", "endselect", "end"};
    if (!block(closers).empty()) syntaxError(c.loc, "only :Case or :CaseList may follow :Select");
    c.kind = syntax::Control::Kind::If;
    while (next_ < lines_.size()) {
      std::string word = controlWord(lines_[next_]);
      if (word != "case" && word != "caselist") break;
      const Line& arm = lines_[next_];
      if (arm.size() <= 2) syntaxError(arm[0].loc, ":" + arm[1].text + " needs a value");
      Token test = withKind(arm[0], TokenKind::Function, word == "case" ? "≡" : "∊");
      test.glyph = word == "case" ? U'≡' : U'∊';
      Line condition = {selector, test, withKind(arm[0], TokenKind::LParen, "(")};
      condition.insert(condition.end(), arm.begin() + 2, arm.end());
      condition.push_back(withKind(arm.back(), TokenKind::RParen, ")"));
      c.conditions.push_back(expression(condition, 0, ":" + arm[1].text));
      ++next_;
      c.blocks.push_back(block(closers));
    }
    if (c.conditions.empty()) syntaxError(c.loc, ":Select needs a :Case");
    if (next_ < lines_.size() && controlWord(lines_[next_]) == "else") {
      nothingAfter(lines_[next_], 2);
      ++next_;
      c.blocks.push_back(block(closers));
    }
    close(c, {"EndSelect", "End"}, ":Select");
    out.push_back(std::move(c));
  }

  static Token withKind(const Token& at, TokenKind kind, const char* text) {
    Token t;
    t.kind = kind;
    t.loc = at.loc;
    t.text = text;
    return t;
  }

  syntax::Control ifStructure(syntax::Control c) {
    c.kind = syntax::Control::Kind::If;
    std::vector<std::string> armClosers = {"elseif", "else", "endif", "end", "andif", "orif"};
    c.conditions.push_back(expression(lines_[next_], 2, ":If"));
    ++next_;
    c.blocks.push_back(block(armClosers));
    while (next_ < lines_.size()) {
      std::string word = controlWord(lines_[next_]);
      if (word == "andif" || word == "orif") notSupported(lines_[next_][0].loc, "the control word :" + lines_[next_][1].text);
      if (word != "elseif") break;
      c.conditions.push_back(expression(lines_[next_], 2, ":ElseIf"));
      ++next_;
      c.blocks.push_back(block(armClosers));
    }
    if (next_ < lines_.size() && controlWord(lines_[next_]) == "else") {
      nothingAfter(lines_[next_], 2);
      ++next_;
      c.blocks.push_back(block({"endif", "end", "else", "elseif"}));
    }
    close(c, {"EndIf", "End"}, ":If");
    return c;
  }

  // The closing line of a structure opened at c.loc (one of `words`, as Dyalog spells them).
  void close(const syntax::Control& c, const std::vector<std::string>& words, const std::string& opener) {
    if (next_ == lines_.size()) syntaxError(c.loc, opener + " is not closed (by :" + words[0] + ")");
    const Line& line = lines_[next_];
    std::string word = controlWord(line);
    bool closes = std::any_of(words.begin(), words.end(), [&](const std::string& w) { return equalsIgnoringCase(w, word.c_str()); });
    if (!closes)
      syntaxError(line[0].loc, ":" + line[1].text + " where " + opener + " (at " + std::to_string(c.loc.line) + ":" +
                                   std::to_string(c.loc.col) + ") needs :" + words[0]);
    nothingAfter(line, 2);
    ++next_;
  }

  void nothingAfter(const Line& line, size_t from) {
    if (line.size() > from) syntaxError(line[from].loc, "nothing may follow :" + line[1].text + " on its line");
  }

  // The expression line[from…]: one statement without a guard.
  syntax::ExprPtr expression(const Line& line, size_t from, const std::string& what) {
    if (line.size() <= from) syntaxError(line[0].loc, what + " needs an expression");
    Line tokens(line.begin() + static_cast<std::ptrdiff_t>(from), line.end());
    std::vector<syntax::Statement> parsed = parseRun_(tokens, end_);
    if (parsed.size() != 1 || parsed[0].guard || !parsed[0].expr) syntaxError(tokens[0].loc, what + " needs one expression");
    return parsed[0].expr;
  }

  std::vector<Line> lines_;
  const RunParser& parseRun_;
  SourceLoc end_;
  std::vector<Token>& locals_;  // the tradfn's: :Select adds the name of its value
  size_t next_ = 0;
};

// `r←a f b;x;y`, `{r}←f b`, `f`, … (the tokens after ∇ on its line).
void parseHeader(const Line& header, SourceLoc del, syntax::TradFn& fn) {
  const char* form = "a tradfn header is [r←][a] f [b] followed by ;local names";
  auto segmentEnd = std::find_if(header.begin(), header.end(), [](const Token& t) { return t.kind == TokenKind::Semicolon; });
  Line signature(header.begin(), segmentEnd);
  for (auto it = segmentEnd; it != header.end();) {
    ++it;  // the ';'
    if (it == header.end() || (it->kind != TokenKind::Name && it->kind != TokenKind::SystemName))
      syntaxError(it == header.end() ? del : it->loc, "a name must follow ';' in a tradfn header");
    fn.locals.push_back(*it);
    ++it;
    if (it != header.end() && it->kind != TokenKind::Semicolon) syntaxError(it->loc, form);
  }
  auto arrow = std::find_if(signature.begin(), signature.end(), [](const Token& t) { return t.kind == TokenKind::Assign; });
  if (arrow != signature.end()) {
    Line result(signature.begin(), arrow);
    if (result.size() == 1 && result[0].kind == TokenKind::Name) {
      fn.result = result[0];
    } else if (result.size() == 3 && result[0].kind == TokenKind::LBrace && result[1].kind == TokenKind::Name &&
               result[2].kind == TokenKind::RBrace) {
      fn.result = result[1];
      fn.shyResult = true;
    } else {
      syntaxError(result.empty() ? arrow->loc : result[0].loc, form);
    }
    signature.erase(signature.begin(), arrow + 1);
  }
  if (!signature.empty() && signature[0].kind == TokenKind::LBrace)
    notSupported(signature[0].loc, "an optional left argument {a} in a tradfn header");
  for (const Token& t : signature)
    if (t.kind == TokenKind::LParen) notSupported(t.loc, "a parenthesized argument (a b) in a tradfn header");
  for (const Token& t : signature)
    if (t.kind != TokenKind::Name) syntaxError(t.loc, form);
  switch (signature.size()) {
    case 1: fn.name = signature[0]; break;
    case 2: fn.name = signature[0]; fn.right = signature[1]; break;
    case 3: fn.left = signature[0]; fn.name = signature[1]; fn.right = signature[2]; break;
    default: syntaxError(signature.empty() ? del : signature[0].loc, form);
  }
  fn.loc = del;
}

}  // namespace

std::vector<syntax::Statement> parseWithTradfns(const std::vector<Token>& tokens, const RunParser& parseRun) {
  std::vector<syntax::Statement> out;
  SourceLoc end = tokens.back().loc;
  size_t runStart = 0;
  auto flushRun = [&](size_t to, SourceLoc at) {
    if (to > runStart) {
      std::vector<Token> run(tokens.begin() + static_cast<std::ptrdiff_t>(runStart), tokens.begin() + static_cast<std::ptrdiff_t>(to));
      for (syntax::Statement& s : parseRun(run, at)) out.push_back(std::move(s));
    }
  };
  int depth = 0;
  bool lineStart = true;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    const Token& t = tokens[i];
    bool opensTradfn = lineStart && depth == 0 && t.kind == TokenKind::Del;
    lineStart = t.kind == TokenKind::Newline && depth == 0;
    if (t.kind == TokenKind::LBrace) ++depth;
    if (t.kind == TokenKind::RBrace) --depth;
    if (!opensTradfn) continue;
    flushRun(i, t.loc);
    // The header: the rest of the ∇ line; then lines up to one that holds only ∇.
    size_t h = i + 1;
    while (tokens[h].kind != TokenKind::Newline && tokens[h].kind != TokenKind::End) ++h;
    if (h == i + 1) syntaxError(t.loc, "∇ alone closes no function (a tradfn starts with ∇ and its header, as in ∇ r←f x)");
    auto fn = std::make_shared<syntax::TradFn>();
    parseHeader(Line(tokens.begin() + static_cast<std::ptrdiff_t>(i + 1), tokens.begin() + static_cast<std::ptrdiff_t>(h)), t.loc, *fn);
    size_t close = h;
    for (size_t k = h; tokens[k].kind != TokenKind::End; ++k) {
      bool alone = tokens[k].kind == TokenKind::Del && tokens[k - 1].kind == TokenKind::Newline &&
                   (tokens[k + 1].kind == TokenKind::Newline || tokens[k + 1].kind == TokenKind::End);
      if (alone) {
        close = k;
        break;
      }
    }
    if (close == h) syntaxError(t.loc, "the function " + fn->name.text + " is not closed (by a line holding only ∇)");
    fn->body = TradfnParser(splitLines(tokens, h, close, true), parseRun, tokens[close].loc, fn->locals).body();
    syntax::Statement s;
    s.loc = t.loc;
    s.tradfn = std::move(fn);
    out.push_back(std::move(s));
    i = close;  // the closing ∇; its newline starts the next run
    runStart = close + 1;
    lineStart = false;
  }
  flushRun(tokens.size() - 1, end);
  return out;
}

}  // namespace aplc::apl
