#include "driver/Pipeline.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "apl/AstPrinter.h"
#include "apl/Elaborate.h"
#include "apl/Lexer.h"
#include "apl/Parser.h"
#include "apl/Resolve.h"
#include "support/Diagnostics.h"
#include "tail/Print.h"
#include "tail/Interp.h"
#include "tail/Parse.h"
#include "tail/Optimise.h"
#include "tail/TypeCheck.h"

namespace aplc::driver {

namespace {

std::string preludePath(const Options& options) {
  return options.preludePath.empty() ? std::string(APLC_PRELUDE) : options.preludePath;
}

uint32_t loadFile(SourceManager& sources, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError({}, "cannot read file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return sources.add(path, text.str());
}

// The prelude first (unless --no-prelude), then the inputs in order.
std::vector<uint32_t> loadInputs(SourceManager& sources, const Options& options) {
  std::vector<uint32_t> files;
  if (options.prelude) files.push_back(loadFile(sources, preludePath(options)));
  for (const std::string& path : options.inputs) files.push_back(loadFile(sources, path));
  return files;
}

// ------------------------------------------------------------------------------------ stages

// Lexing: one token vector (and its comments) per file.
std::vector<apl::LexResult> lexFiles(const SourceManager& sources, const std::vector<uint32_t>& files) {
  std::vector<apl::LexResult> lexed;
  for (uint32_t f : files) lexed.push_back(apl::lex(f, sources.text(f)));
  return lexed;
}

// Parsing: one syntax tree per file.
std::vector<apl::syntax::Program> parseFiles(const std::vector<apl::LexResult>& lexed) {
  std::vector<apl::syntax::Program> trees;
  for (const apl::LexResult& l : lexed) trees.push_back(apl::parse(l));
  return trees;
}

// Role resolution: the whole program (prelude first) as one AST.
apl::ast::Program resolveProgram(std::vector<apl::LexResult>& lexed, const std::vector<apl::syntax::Program>& trees,
                                 const Options& options) {
  std::vector<apl::Comment> comments;
  for (apl::LexResult& l : lexed) comments.insert(comments.end(), l.comments.begin(), l.comments.end());
  return apl::resolve(trees, options.prelude ? 1 : 0, std::move(comments));
}

// --emit=tokens: the tokens and comments of the user's files, in source order.
void printTokens(const std::vector<apl::LexResult>& lexed, size_t firstUser, std::ostream& out) {
  auto where = [](const SourceLoc& loc) { return std::to_string(loc.line) + ":" + std::to_string(loc.col); };
  for (size_t i = firstUser; i < lexed.size(); ++i) {
    const apl::LexResult& l = lexed[i];
    size_t c = 0;
    auto before = [](const SourceLoc& a, const SourceLoc& b) {
      return a.line < b.line || (a.line == b.line && a.col < b.col);
    };
    for (const apl::Token& t : l.tokens) {
      for (; c < l.comments.size() && before(l.comments[c].loc, t.loc); ++c)
        out << where(l.comments[c].loc) << " Comment ⍝" << l.comments[c].text << "\n";
      out << where(t.loc) << " " << apl::name(t.kind);
      if (t.kind == apl::TokenKind::String) out << " '" << t.text << "'";
      else if (t.kind != apl::TokenKind::Newline && t.kind != apl::TokenKind::End) out << " " << t.text;
      out << "\n";
    }
  }
}

// Elaboration: the AST to TAIL, then the type checker as a safety net (an ill-typed result is a
// bug in the elaborator, not in the user's program).
tail::Exp elaborateProgram(const apl::ast::Program& program, const Options& options) {
  apl::ElabOptions elabOptions;
  elabOptions.mode = options.format == OutputFormat::Tail ? apl::PrintMode::Tail : apl::PrintMode::Session;
  tail::Exp e = apl::elaborate(program, elabOptions);
  try {
    tail::checkProgram(e);
  } catch (const UserError& err) {
    throw InternalError("elaboration produced ill-typed TAIL: " + err.diagnostic().message);
  }
  return e;
}

// The TAIL optimiser (unless --no-opt), with the type checker after every pass in debug builds.
tail::Exp optimiseProgram(const tail::Exp& program, const Options& options) {
  if (!options.optimise) return program;
  tail::OptimiseOptions opt;
#ifndef NDEBUG
  opt.checkTypes = true;
#endif
  return tail::optimise(program, opt);
}

bool isTailFile(const std::string& path) {
  return path.size() > 5 && path.compare(path.size() - 5, 5, ".tail") == 0;
}

// A .tail input is a whole TAIL program: read alone, without the prelude.
uint32_t loadTailInput(SourceManager& sources, const Options& options) {
  if (options.inputs.size() != 1)
    throw UserError({}, "a .tail program is read alone: give exactly one input file");
  return loadFile(sources, options.inputs[0]);
}

// Stage: parse and type-check a TAIL program; every primitive gets its instance type.
tail::Exp checkTailProgram(const SourceManager& sources, uint32_t file) {
  return tail::annotateTypes(tail::parseProgram(sources, file)).exp;
}

aplc_style printStyle(const Options& options) {
  return options.format == OutputFormat::Tail ? APLC_STYLE_TAIL : APLC_STYLE_APL;
}

// Stage: run the reference interpreter. `print` writes as it executes; the program's value is
// printed last (a tuple's components one after the other), as apltail prints a program's result.
void interpretTail(const tail::Exp& program, const Options& options, std::ostream& out, bool printResult = true) {
  aplc_runtime_init();  // `now` counts from here
  tail::InterpOptions interp;
  interp.style = printStyle(options);
  interp.onPrint = [&](const tail::Value& v) { out << tail::display(v, interp.style) << std::flush; };
  tail::Value result = tail::evaluate(program, interp);
  if (printResult) out << tail::display(result, interp.style) << std::flush;
}

int runTail(SourceManager& sources, const Options& options, std::ostream& out) {
  uint32_t file = loadTailInput(sources, options);
  tail::Exp program = checkTailProgram(sources, file);
  if (!options.interp)
    throw UserError({}, "not supported yet: compiling a .tail program (use --interp to evaluate it)");
  interpretTail(program, options, out);
  return 0;
}

// APL source: lex, parse, resolve, elaborate; then print a stage or interpret.
int runApl(SourceManager& sources, const Options& options, std::ostream& out) {
  std::vector<uint32_t> files = loadInputs(sources, options);
  std::vector<apl::LexResult> lexed = lexFiles(sources, files);
  if (options.emit == Emit::Tokens) {
    printTokens(lexed, options.prelude ? 1 : 0, out);
    return 0;
  }
  std::vector<apl::syntax::Program> trees = parseFiles(lexed);
  apl::ast::Program program = resolveProgram(lexed, trees, options);
  if (options.emit == Emit::Ast) {
    out << apl::printAst(program);
    return 0;
  }
  tail::Exp elaborated = elaborateProgram(program, options);
  if (options.emit == Emit::Tail || options.emit == Emit::TailOpt) {
    tail::PrintOptions printOptions;
    printOptions.types = options.types;
    tail::Exp shown = options.emit == Emit::TailOpt ? optimiseProgram(elaborated, options) : elaborated;
    out << tail::print(shown, printOptions) << "\n";
    return 0;
  }
  if (options.interp) {
    // In tail format the program's value is apltail's final line (the interpreter prints it, as
    // for a .tail file); in APL format every statement has printed what it should already.
    tail::Exp annotated = tail::annotateTypes(optimiseProgram(elaborated, options)).exp;
    interpretTail(annotated, options, out, options.format == OutputFormat::Tail);
    return 0;
  }
  return 0;
}

}  // namespace

int runPipeline(const Options& options, std::ostream& out, std::ostream& err) {
  SourceManager sources;
  try {
    bool tailInput = !options.inputs.empty() && isTailFile(options.inputs[0]);
    return tailInput ? runTail(sources, options, out) : runApl(sources, options, out);
  } catch (const tail::RuntimeError& e) {
    out << std::flush;
    err << e.render(sources);
    return 1;
  } catch (const UserError& e) {
    err << render(sources, e.diagnostic());
    return 1;
  } catch (const InternalError& e) {
    err << "aplc: internal compiler error (a bug in aplc, not in your program): " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "aplc: internal compiler error (a bug in aplc, not in your program): " << e.what() << "\n";
    return 2;
  }
}

}  // namespace aplc::driver
