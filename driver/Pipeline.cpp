#include "driver/Pipeline.h"

#include <iostream>

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
// The compile path.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "backend/CCompile.h"
#include "backend/CGen.h"
#include "laila/Lower.h"
#include "laila/Print.h"
#include "tail/Optimise.h"

extern char** environ;

namespace aplc::driver {

namespace {

std::string preludePath(const Options& options) {
  return options.preludePath.empty() ? std::string(APLC_PRELUDE) : options.preludePath;
}

uint32_t loadFile(SourceManager& sources, const std::string& path) {
  std::optional<uint32_t> file = sources.addFile(path);
  if (!file) throw UserError({}, "cannot read file '" + path + "'");
  return *file;
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

// The TAIL optimiser (unless --no-opt), with the type checker after every pass in builds with
// APLC_VERIFY_IR (the default; CMake option).
tail::Exp optimiseProgram(const tail::Exp& program, const Options& options) {
  if (!options.optimise) return program;
  tail::OptimiseOptions opt;
#ifdef APLC_VERIFY_IR
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

// Whether the program's value is printed at the end: always for a .tail program; for APL only in
// apltail's format (in an APL session every statement has printed what it should already).
bool printsResult(const Options& options) {
  return options.inputs.empty() || isTailFile(options.inputs[0]) || options.format == OutputFormat::Tail;
}

// Stage: run the reference interpreter. `print` writes as it executes; the program's value is
// printed last (a tuple's components one after the other), as apltail prints a program's result.
void interpretTail(const tail::Exp& program, const Options& options, std::ostream& out) {
  aplc_runtime_init();  // `now` counts from here
  tail::InterpOptions interp;
  interp.style = printStyle(options);
  interp.onPrint = [&](const tail::Value& v) { out << tail::display(v, interp.style) << std::flush; };
  tail::Value result = tail::evaluate(program, interp);
  if (printsResult(options)) out << tail::display(result, interp.style) << std::flush;
}

// ------------------------------------------------------------------------------ compile path
// A typed TAIL program → optimised TAIL → Laila → C → executable (and --emit/--run on the way).

// Stage: the TAIL optimiser (unless --no-opt), then the instance types the lowering reads.
tail::Exp optimiseTail(const tail::Exp& program, const Options& options) {
  return tail::annotateTypes(optimiseProgram(program, options)).exp;
}

// Stage: lowering to Laila through hybrid pull arrays (verified and simplified inside).
laila::Program lowerToLaila(const tail::Exp& program, const SourceManager& sources, const Options& options) {
  laila::LowerOptions lower;
  lower.style = options.format == OutputFormat::Tail ? laila::PrintStyle::Tail : laila::PrintStyle::Apl;
  lower.flatOnly = options.flatArrays;
  lower.sources = &sources;
  lower.printResult = printsResult(options);
  return laila::lower(program, lower);
}

// Stage: C source for the Laila program.
std::string generateCSource(const laila::Program& program, const Options& options) {
  backend::CGenOptions cgen;
  cgen.checks = !options.unsafe;
  return backend::generateC(program, cgen);
}

// Stage: the C compiler, at the requested optimisation level.
void compileExecutable(const std::string& cSource, const std::string& cFile, const std::string& executable,
                       const Options& options) {
  backend::CCompileOptions cc;
  cc.optimize = false;
  cc.extraFlags.push_back(options.cOptLevel);
  cc.sanitize = options.sanitize;
  backend::compileCSource(cSource, cFile, executable, cc);
}

// Runs an executable with this process's stdin/stdout/stderr; its exit status (128 + signal
// when killed).
int runExecutable(const std::string& executable) {
  std::cout << std::flush;
  std::cerr << std::flush;
  pid_t pid = 0;
  std::string path = executable;
  char* argv[] = {path.data(), nullptr};
  if (posix_spawn(&pid, path.c_str(), nullptr, nullptr, argv, environ) != 0)
    throw UserError({}, "cannot run the compiled program '" + executable + "'");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

// A fresh temporary folder, removed when this goes out of scope.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "aplc-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw UserError({}, "cannot create a temporary folder");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

std::string defaultOutput(const Options& options) {
  std::filesystem::path input(options.inputs.at(0));
  return input.stem().string();
}

// Compiles a typed TAIL program: prints a stage (--emit), runs it (--run), or writes -o OUT.
int compileTail(const tail::Exp& typed, const SourceManager& sources, const Options& options, std::ostream& out) {
  tail::Exp program = optimiseTail(typed, options);
  laila::Program laila = lowerToLaila(program, sources, options);
  if (options.emit == Emit::Laila) {
    out << laila::toString(laila);
    return 0;
  }
  std::string c = generateCSource(laila, options);
  if (options.emit == Emit::C) {
    out << c;
    return 0;
  }
  TempDir temp;
  if (options.run) {
    std::string exe = temp.file("program");
    compileExecutable(c, temp.file("program.c"), exe, options);
    out << std::flush;
    return runExecutable(exe);
  }
  compileExecutable(c, temp.file("program.c"), options.output.empty() ? defaultOutput(options) : options.output,
                    options);
  return 0;
}

// A TAIL program: what comes after elaboration, shared by .tail and APL input. Prints a TAIL
// stage (--emit=tail or tail-opt), interprets (--interp), or compiles.
int runTypedTail(const tail::Exp& program, const SourceManager& sources, const Options& options, std::ostream& out) {
  if (options.emit == Emit::Tail || options.emit == Emit::TailOpt) {
    tail::PrintOptions printOptions;
    printOptions.types = options.types;
    tail::Exp shown = options.emit == Emit::TailOpt ? optimiseProgram(program, options) : program;
    out << tail::print(shown, printOptions) << "\n";
    return 0;
  }
  if (options.interp) {
    interpretTail(optimiseTail(program, options), options, out);
    return 0;
  }
  return compileTail(program, sources, options, out);
}

int runTail(SourceManager& sources, const Options& options, std::ostream& out) {
  if (options.emit == Emit::Tokens || options.emit == Emit::Ast)
    throw UserError({}, "--emit=tokens and --emit=ast are stages of APL input; a .tail file starts at --emit=tail");
  uint32_t file = loadTailInput(sources, options);
  return runTypedTail(checkTailProgram(sources, file), sources, options, out);
}

// APL source: lex, parse, resolve, elaborate; then print a stage, interpret, or compile.
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
  return runTypedTail(elaborateProgram(program, options), sources, options, out);
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
