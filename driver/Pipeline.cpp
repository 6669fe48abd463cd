#include "driver/Pipeline.h"
#include "driver/Targets.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "apl/AstPrinter.h"
#include "apl/Elaborate.h"
#include "apl/Lexer.h"
#include "apl/Parser.h"
#include "apl/Resolve.h"
#include "support/Diagnostics.h"
#include "support/Install.h"
#include "support/TempDir.h"
#include "tail/ir/Print.h"
#include "tail/interp/Interp.h"
#include "tail/ir/Parse.h"
#include "tail/opt/Optimise.h"
#include "tail/ir/TypeCheck.h"
// The compile path.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "backend/c/CCompile.h"
#include "backend/c/CGen.h"
#include "backend/opencl/OpenCLGen.h"
#include "laila/lower/Lower.h"
#include "laila/analysis/MemoryReport.h"
#include "laila/ir/Print.h"
#include "laila/ir/StmtPrinter.h"

#include <cstdio>
#include <map>
#include <set>
#include <tuple>
#include "tail/opt/Optimise.h"

extern char** environ;

namespace aplc::driver {

namespace {

std::string preludePath(const Options& options) {
  if (!options.preludePath.empty()) return options.preludePath;
  if (std::optional<std::string> prefix = installPrefix()) return *prefix + "/share/aplc/prelude.apl";
  return APLC_PRELUDE;
}

// -v: one line on stderr per stage.
void stage(const Options& options, const std::string& what) {
  if (options.verbose) std::cerr << "aplc: " << what << "\n" << std::flush;
}

// The name standard input has in messages (`aplc -`).
constexpr const char* kStdinName = "<stdin>";

uint32_t loadFile(SourceManager& sources, const std::string& path) {
  if (path == "-") {
    std::ostringstream text;
    text << std::cin.rdbuf();
    return sources.add(kStdinName, text.str());
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UserError({}, "cannot read file '" + path + "': it is a directory");
  std::optional<uint32_t> file = sources.addFile(path);
  if (!file) throw UserError({}, "cannot read file '" + path + "'");
  return *file;
}

// The prelude first (unless --no-prelude), then the inputs in order.
std::vector<uint32_t> loadInputs(SourceManager& sources, const Options& options) {
  if (options.verbose) {
    std::string names = options.prelude ? " " + preludePath(options) : "";
    for (const std::string& path : options.inputs) names += " " + path;
    stage(options, "reading" + names);
  }
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
  lower.target = describeTarget(options.target, options.naiveMemory);
  stage(options, std::string("Laila passes for target ") + targetName(options.target) + ": " + passList(lower.target));
  return laila::lower(program, lower);
}

// The source locations of a Laila program's checks: a statement walk that only looks at checks.
class CheckLocations : public laila::StmtPrinter {
 public:
  std::vector<laila::ErrorLoc> locs;

 protected:
  std::string expr(const laila::Expr&) override { return ""; }
  std::string scalarType(const laila::Type&) override { return ""; }
  void forLoop(const laila::For* f, const std::string&, int indent) override { body(f->body, indent); }
  void allocate(const laila::Allocate*, const std::string&) override {}
  void free(const laila::Free*, const std::string&) override {}
  void declareMemory(const laila::DeclareMemory*, const std::string&) override {}
  void printValue(const laila::Print*, const std::string&) override {}
  void check(const laila::Check* c, const std::string&) override { locs.push_back(c->loc); }
  void comment(const laila::Comment*, const std::string&) override {}
  void fill(const laila::Fill*, const std::string&) override {}
  void callFunction(const laila::CallFunction*, const std::string&) override {}
};

// A C string literal of `text` (bytes as they are; quotes, backslashes, `?` (trigraphs) and
// control characters escaped).
std::string cStringLiteral(const std::string& text) {
  std::string s = "\"";
  for (unsigned char ch : text) {
    if (ch == '"' || ch == '\\' || ch == '?') {
      s += '\\';
      s += static_cast<char>(ch);
    } else if (ch < 0x20 || ch == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", ch);
      s += buf;
    } else {
      s += static_cast<char>(ch);
    }
  }
  return s + "\"";
}

// The table of source excerpts a generated program prints after a run-time error (CGenOptions::
// sourceExcerpts): one entry per distinct location of a check, with the text compile-time errors
// print under their first line.
std::string sourceExcerptTable(const laila::Program& program, const SourceManager& sources) {
  CheckLocations walk;
  for (const laila::Function& f : program.functions) walk.body(f.body, 0);
  if (program.body.defined()) walk.body(program.body, 0);
  std::map<std::string, uint32_t> fileIndex;
  for (uint32_t f = 0; f < sources.count(); ++f) fileIndex.emplace(sources.name(f), f);
  std::set<std::tuple<std::string, uint32_t, uint32_t>> seen;
  std::string rows;
  for (const laila::ErrorLoc& loc : walk.locs) {
    auto it = fileIndex.find(loc.file);
    if (it == fileIndex.end() || loc.line == 0 || !seen.insert({loc.file, loc.line, loc.col}).second) continue;
    std::string excerpt = sourceExcerpt(sources, SourceLoc{it->second, loc.line, loc.col});
    if (excerpt.empty()) continue;
    rows += "  {" + cStringLiteral(loc.file) + ", " + std::to_string(loc.line) + ", " + std::to_string(loc.col) +
            ", " + cStringLiteral(excerpt) + "},\n";
  }
  if (rows.empty()) return "";
  return "/* The source lines run-time errors print (aplc_set_source_excerpts). */\n"
         "static const aplc_source_excerpt aplc_source_excerpts[] = {\n" +
         rows + "};\n";
}

// Stage: C source for the Laila program (for --target=opencl, the host program, which embeds the
// kernels' OpenCL C source, also returned for --emit=opencl).
struct GeneratedCode {
  std::string c;
  std::string kernels;
};

// The OpenCL kernels start with the scalar helpers of the runtime's aplc_scalar.h.
std::string scalarHeaderText() {
  std::string path = backend::runtimeIncludeDir() + "/aplc_scalar.h";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw InternalError("cannot read the runtime header " + path);
  return text.str();
}

// Large C programs are compiled in this many parts at once (backend/c/CGen.h): the machines aplc
// is tested on have 2 cores, and with fewer the parts still compile, one after the other.
constexpr int kCompileParts = 2;

GeneratedCode generateCode(const laila::Program& program, const SourceManager& sources, const Options& options) {
  backend::CGenOptions cgen;
  cgen.checks = !options.unsafe;
  cgen.openmp = options.target == TargetKind::OpenMP;
  cgen.parts = kCompileParts;
  if (cgen.checks) cgen.sourceExcerpts = sourceExcerptTable(program, sources);
  if (options.target != TargetKind::OpenCL) return {backend::generateC(program, cgen), ""};
  backend::OpenCLOutput cl = backend::generateOpenCL(program, {cgen, scalarHeaderText()});
  stage(options, std::to_string(cl.kernelCount) + " OpenCL kernels");
  return {cl.hostC, cl.kernelSource};
}

// C programs larger than this are compiled at -O2 unless a level is given: -O3's loop
// versioning, unswitching and vectorisation cost 40–50% more C compiler time on the corpus's
// inv.apl (123 KB of C in two parts: 1.5 s against 1.0 s of wall time), while every benchmark
// is below 60 KB.
constexpr size_t kLargeCSource = 96 * 1024;

// The OpenMP target's C is longer than the sequential target's for the same program: each
// parallel loop is an outlined function, and a small one also has an inline copy
// (backend/c/CStmtPrinter.h). On tests/programs it is up to 2.14 times as long (scan_blocks).
// Its threshold is scaled so that a program gets the same level on both targets: with one
// threshold, decode_encode's OpenMP program was compiled at -O2, which kept a call of fmod and
// so loaded libm at every start, 7% of its 1 ms run (benchmarks/targets-small).
constexpr size_t kOpenMPCSourceGrowth = 9;  // in quarters: 2.25 times

std::string cOptimisationLevel(const std::string& cSource, const Options& options) {
  if (!options.cOptLevel.empty()) return options.cOptLevel;
  size_t large = options.target == TargetKind::OpenMP ? kLargeCSource * kOpenMPCSourceGrowth / 4 : kLargeCSource;
  return cSource.size() > large ? "-O2" : "-O3";
}

// Stage: the C compiler, at the requested optimisation level.
void compileExecutable(const std::string& cSource, const std::string& cFile, const std::string& executable,
                       const Options& options) {
  backend::CCompileOptions cc;
  cc.optimize = false;
  cc.extraFlags.push_back(cOptimisationLevel(cSource, options));
  cc.openmp = options.target == TargetKind::OpenMP;
  cc.opencl = options.target == TargetKind::OpenCL;
  cc.extraFlags.insert(cc.extraFlags.end(), options.cflags.begin(), options.cflags.end());
  cc.sanitize = options.sanitize;
  cc.parts = backend::partsOf(cSource);
  if (options.verbose) cc.onCommand = [](const std::string& command) { std::cerr << "aplc: " << command << "\n"; };
  cc.userFlags = !options.cflags.empty();
  stage(options, "compiling the C program");
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

// Writing outputs. aplc never writes over one of its inputs, and never leaves a half-written
// output: everything goes to a temporary file next to the output, renamed into place when done.

// The default executable name: the first input's name without its extension (a.out for stdin).
std::string defaultOutput(const Options& options) {
  if (options.inputs.at(0) == "-") return "a.out";
  std::filesystem::path input(options.inputs.at(0));
  return input.stem().string();
}

// Throws a one-line user error unless `path` can be written as an output: it must not be one of
// the inputs (or the prelude), a directory, or in a folder that does not exist.
void checkOutputPath(const std::string& path, const Options& options, const std::string& what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::string> inputs = options.inputs;
  if (options.prelude) inputs.push_back(preludePath(options));
  for (const std::string& input : inputs) {
    if (input == "-") continue;
    if (fs::equivalent(path, input, ec))
      throw UserError({}, "the " + what + " '" + path + "' is the input file '" + input +
                              "'; aplc does not write over its inputs (choose another name with -o)");
  }
  if (fs::is_directory(path, ec))
    throw UserError({}, "cannot write the " + what + " '" + path + "': it is a directory");
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec))
    throw UserError({}, "cannot write the " + what + " '" + path + "': no such directory '" + parent.string() + "'");
}

// A temporary file next to `path` (same folder, so that renaming it into place is atomic).
std::string siblingTemp(const std::string& path, const std::string& what) {
  std::filesystem::path p(path);
  std::string pattern = (p.parent_path() / ("." + p.filename().string() + ".aplc-XXXXXX")).string();
  int fd = mkstemp(pattern.data());
  if (fd < 0)
    throw UserError({}, "cannot write the " + what + " '" + path + "': " + std::strerror(errno));
  close(fd);
  return pattern;
}

// Renames the finished temporary file onto the output path.
void moveIntoPlace(const std::string& temp, const std::string& path, const std::string& what) {
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    throw UserError({}, "cannot write the " + what + " '" + path + "': " + ec.message());
  }
}

// An existing output that is not a regular file (/dev/null, a pipe) is written to directly:
// renaming a temporary file onto it would replace it.
bool isSpecialFile(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec);
}

// Writes `text` to `path` (through a temporary file).
void writeOutputFile(const std::string& path, const std::string& text, const Options& options,
                     const std::string& what) {
  checkOutputPath(path, options, what);
  if (isSpecialFile(path)) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    if (!f) throw UserError({}, "cannot write the " + what + " '" + path + "'");
    return;
  }
  std::string temp = siblingTemp(path, what);
  {
    std::ofstream f(temp, std::ios::binary);
    f << text;
    if (!f) {
      std::error_code ec;
      std::filesystem::remove(temp, ec);
      throw UserError({}, "cannot write the " + what + " '" + path + "'");
    }
  }
  // mkstemp makes the file 0600; give it the usual permissions (umask applies).
  mode_t mask = umask(0);
  umask(mask);
  chmod(temp.c_str(), 0666 & ~mask);
  moveIntoPlace(temp, path, what);
}

// The executable's path, checked before any work is done.
std::string executablePath(const Options& options) {
  return options.output.empty() ? defaultOutput(options) : options.output;
}

// Compiles a typed TAIL program: prints a stage (--emit), runs it (--run), or writes -o OUT.
int compileTail(const tail::Exp& typed, const SourceManager& sources, const Options& options, std::ostream& out) {
  stage(options, "optimising TAIL");
  tail::Exp program = optimiseTail(typed, options);
  stage(options, "lowering to Laila");
  laila::Program laila = lowerToLaila(program, sources, options);
  if (options.emit == Emit::Laila || options.emit == Emit::Mem) {
    out << "// Laila passes for target " << targetName(options.target) << ": "
        << passList(describeTarget(options.target, options.naiveMemory)) << "\n";
    out << (options.emit == Emit::Mem ? laila::memoryReport(laila) : laila::toString(laila));
    return 0;
  }
  stage(options, "generating C");
  GeneratedCode code = generateCode(laila, sources, options);
  const std::string& c = code.c;
  if (options.emit == Emit::C) {
    out << c;
    return 0;
  }
  if (options.emit == Emit::OpenCL) {
    out << code.kernels;
    return 0;
  }
  if (!options.keepC.empty()) writeOutputFile(options.keepC, c, options, "C file");
  TempDir temp;
  if (options.run) {
    std::string exe = temp.file("program");
    compileExecutable(c, temp.file("program.c"), exe, options);
    out << std::flush;
    stage(options, "running the program");
    return runExecutable(exe);
  }
  std::string executable = executablePath(options);
  checkOutputPath(executable, options, "output");
  if (isSpecialFile(executable)) {
    compileExecutable(c, temp.file("program.c"), executable, options);
    return 0;
  }
  std::string partial = siblingTemp(executable, "output");
  try {
    compileExecutable(c, temp.file("program.c"), partial, options);
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove(partial, ec);
    throw;
  }
  moveIntoPlace(partial, executable, "output");
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
    stage(options, "interpreting");
    interpretTail(optimiseTail(program, options), options, out);
    return 0;
  }
  return compileTail(program, sources, options, out);
}

int runTail(SourceManager& sources, const Options& options, std::ostream& out) {
  if (options.emit == Emit::Tokens || options.emit == Emit::Ast)
    throw UserError({}, "--emit=tokens and --emit=ast are stages of APL input; a .tail file starts at --emit=tail");
  uint32_t file = loadTailInput(sources, options);
  stage(options, "checking the TAIL program");
  return runTypedTail(checkTailProgram(sources, file), sources, options, out);
}

// APL source: lex, parse, resolve, elaborate; then print a stage, interpret, or compile.
int runApl(SourceManager& sources, const Options& options, std::ostream& out) {
  std::vector<uint32_t> files = loadInputs(sources, options);
  stage(options, "lexing");
  std::vector<apl::LexResult> lexed = lexFiles(sources, files);
  if (options.emit == Emit::Tokens) {
    printTokens(lexed, options.prelude ? 1 : 0, out);
    return 0;
  }
  stage(options, "parsing");
  std::vector<apl::syntax::Program> trees = parseFiles(lexed);
  stage(options, "resolving roles");
  apl::ast::Program program = resolveProgram(lexed, trees, options);
  if (options.emit == Emit::Ast) {
    out << apl::printAst(program);
    return 0;
  }
  stage(options, "elaborating to TAIL");
  return runTypedTail(elaborateProgram(program, options), sources, options, out);
}

}  // namespace

int runPipeline(const Options& options, std::ostream& out, std::ostream& err) {
  SourceManager sources;
  try {
    bool tailInput = !options.inputs.empty() && isTailFile(options.inputs[0]);
    auto run = [&](std::ostream& o) {
      return tailInput ? runTail(sources, options, o) : runApl(sources, options, o);
    };
    // An executable's path is checked before any work, so that a mistake costs no time.
    bool compiles = options.emit == Emit::None && !options.interp && !options.run;
    if (compiles) checkOutputPath(executablePath(options), options, "output");
    if (!options.keepC.empty()) checkOutputPath(options.keepC, options, "C file");
    // --emit=STAGE -o FILE: the stage's dump goes to FILE.
    if (options.emit != Emit::None && !options.output.empty()) {
      checkOutputPath(options.output, options, "output");
      std::ostringstream dump;
      int status = run(dump);
      if (status == 0) writeOutputFile(options.output, dump.str(), options, "output");
      return status;
    }
    return run(out);
  } catch (const tail::RuntimeError& e) {
    out << std::flush;
    err << e.render(sources) << sourceExcerpt(sources, e.loc);
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
