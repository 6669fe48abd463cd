#include "driver/Options.h"

#include <algorithm>
#include <map>

namespace aplc::driver {

namespace {

const std::map<std::string, Emit>& emitStages() {
  static const std::map<std::string, Emit> stages = {
      {"tokens", Emit::Tokens},
      {"ast", Emit::Ast},
      {"tail", Emit::Tail},
      {"tail-opt", Emit::TailOpt},
      {"laila", Emit::Laila},
      {"mem", Emit::Mem},
      {"c", Emit::C},
      {"opencl", Emit::OpenCL},
  };
  return stages;
}

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// Appends the space-separated words of `flags` (for --cflags) to `out`.
void splitFlags(const std::string& flags, std::vector<std::string>& out) {
  for (size_t p = 0; p < flags.size();) {
    size_t e = flags.find_first_of(" \t", p);
    if (e == std::string::npos) e = flags.size();
    if (e > p) out.push_back(flags.substr(p, e - p));
    p = e + 1;
  }
}

}  // namespace

std::string usage() {
  return "usage: aplc [options] FILE...\n"
         "\n"
         "Compiles APL programs. FILEs are read in order, after the prelude; `-` reads the program\n"
         "from standard input. A FILE ending in .tail is a TAIL program (the typed IR, see\n"
         "tail/ir/Parse.h): it is read alone, without the prelude.\n"
         "\n"
         "The executable is written to the -o FILE, or else to the first input's name without\n"
         "its extension (prog.apl gives prog; standard input gives a.out). aplc never writes over\n"
         "one of its inputs: an output path naming an input file is an error.\n"
         "\n"
         "options:\n"
         "  -o FILE            write the output to FILE (the executable, or with --emit the dump)\n"
         "  -v                 print each stage as it runs, and the C compiler command, on stderr\n"
         "  --keep-c FILE      also write the generated C program to FILE\n"
         "  --cflags \"FLAGS\"   extra flags for the C compiler, split at spaces (e.g. -march=native)\n"
         "  --emit=STAGE       print a stage's output instead of compiling:\n"
         "                       tokens  the lexer's tokens, one per line, with locations\n"
         "                       ast     the resolved syntax tree, indented, with locations\n"
         "                       tail    the elaborated, type-checked TAIL program\n"
         "                       tail-opt  the same after the TAIL optimiser\n"
         "                       laila   the lowered Laila program (after simplification)\n"
         "                       mem     the same with its memory plan: each block's bytes and\n"
         "                               placement, what is live after each allocation and free\n"
         "                       c       the generated C program (with --target=opencl, the host program)\n"
         "                       opencl  the OpenCL C kernels (with --target=opencl)\n"
         "  --no-types         with --emit=tail: leave out the types of let and fn binders\n"
         "  --run              compile to a temporary executable, run it (its output, errors and\n"
         "                     exit status are aplc's), and delete it\n"
         "  --target=TARGET    omp or openmp (OpenMP C, the default: parallel loops on threads,\n"
         "                     $OMP_NUM_THREADS of them), c (sequential C) or opencl (parallel loops as\n"
         "                     OpenCL kernels on the first GPU, else the first device;\n"
         "                     $APLC_OPENCL_DEVICE picks another, =list lists them)\n"
         "  --arrays=FORM      hybrid (flat and shaped index functions, the default) or flat\n"
         "  --alloc=PLAN       planned (the default: arrays of their index recomputed, allocations\n"
         "                     hoisted out of loops, results written over operands that die with\n"
         "                     them, a loop's updates stored in its state, catenated arrays built\n"
         "                     in the result, copies of dead arrays made moves, memory freed after\n"
         "                     its last use; docs/memory.md) or naive (a block per array, freed\n"
         "                     where its scope ends)\n"
         "  --unsafe           leave APL's run-time checks (bounds, lengths, domains) out\n"
         "  --sanitize         compile the generated C with AddressSanitizer and UBSan (and a\n"
         "                     runtime built with them): memory errors and leaks are reported\n"
         "  -O0 .. -O3         optimisation level of the C compiler (default -O3; -O2 for C over 96 KiB,\n"
         "                     for OpenMP C over 216 KiB)\n"
         "  --no-opt           do not run the TAIL optimiser\n"
         "  --interp           evaluate the program with the TAIL reference interpreter instead of\n"
         "                     compiling it (an APL program is elaborated to TAIL first; a .tail\n"
         "                     file is read as is)\n"
         "  --check            run the program with the interpreter and compiled for every target (c,\n"
         "                     omp on 3 threads with every parallel loop on them, opencl where a\n"
         "                     device is), print whether each agrees with the interpreter (output,\n"
         "                     exit status, error kind); exit 0 only when all that ran agree\n"
         "  --check-timeout=N  with --check: stop a run that takes more than N seconds and report\n"
         "                     it (default 600; 0: no limit)\n"
         "  --format=FORMAT    how programs print: apl (APL session: every unassigned top-level\n"
         "                     value prints in Dyalog's display, the default) or tail (apltail's\n"
         "                     format: ⎕← prints, then the program's value; for APL programs the\n"
         "                     last statement's value, as a double when numeric)\n"
         "  --no-prelude       do not read the prelude before the input files\n"
         "  --prelude=FILE     read FILE as the prelude instead of the installed one\n"
         "  --help             print this help\n"
         "  --version          print the version\n"
         "\n"
         "exit status: 0 success, 1 error in the input, 2 internal compiler error\n"
         "\n"
         "compiled programs read: APLC_STATS=1 (their arrays' allocations and peak bytes on stderr\n"
         "at exit), APLC_PARALLEL_MIN_WORK (omp: the estimated operations from which a loop runs on\n"
         "threads, default 262144), APLC_PARALLEL_TEAM_WORK (omp: the work of one loop that starts\n"
         "the threads at once, default 33554432), APLC_PARALLEL_TEAM_MS (omp: the time such loops\n"
         "run alone before the threads start, default 5), APLC_PARALLEL_REGIONS=0 (omp: no parallel\n"
         "region around a loop of parallel loops), APLC_PARALLEL_VERSION_THREADS (omp: the threads\n"
         "from which a program with scans runs its threaded version, not its sequential one,\n"
         "default 3), APLC_OPENCL_DEVICE,\n"
         "APLC_PROFILE=1 and APLC_OPENCL_CACHE (opencl: the folder of built kernels kept between\n"
         "runs, default ~/.cache/aplc/opencl; off keeps none)\n";
}

OptionsResult parseOptions(const std::vector<std::string>& args) {
  Options o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--version") {
      o.version = true;
    } else if (a == "-o") {
      if (i + 1 == args.size()) return {std::nullopt, "-o needs a file name"};
      o.output = args[++i];
    } else if (startsWith(a, "-o") && a.size() > 2) {
      o.output = a.substr(2);
    } else if (a == "-v" || a == "--verbose") {
      o.verbose = true;
    } else if (a == "--keep-c" || a == "--cflags") {
      if (i + 1 == args.size()) return {std::nullopt, a + " needs an argument"};
      const std::string& value = args[++i];
      if (a == "--keep-c")
        o.keepC = value;
      else
        splitFlags(value, o.cflags);
    } else if (startsWith(a, "--keep-c=")) {
      o.keepC = a.substr(9);
    } else if (startsWith(a, "--cflags=")) {
      splitFlags(a.substr(9), o.cflags);
    } else if (startsWith(a, "--emit=")) {
      std::string stage = a.substr(7);
      auto it = emitStages().find(stage);
      if (it == emitStages().end()) return {std::nullopt, "unknown stage in --emit: '" + stage + "'"};
      o.emit = it->second;
    } else if (a == "--no-types") {
      o.types = false;
    } else if (a == "--no-opt") {
      o.optimise = false;
    } else if (a == "--interp") {
      o.interp = true;
    } else if (a == "--check") {
      o.check = true;
    } else if (startsWith(a, "--check-timeout=")) {
      std::string n = a.substr(16);
      if (n.empty() || n.size() > 6 || n.find_first_not_of("0123456789") != std::string::npos)
        return {std::nullopt, "--check-timeout needs a number of seconds (0 for no limit)"};
      o.checkTimeoutSeconds = std::stoi(n);
    } else if (startsWith(a, "--format=")) {
      std::string format = a.substr(9);
      if (format == "apl")
        o.format = OutputFormat::Apl;
      else if (format == "tail")
        o.format = OutputFormat::Tail;
      else
        return {std::nullopt, "unknown format in --format: '" + format + "' (apl or tail)"};
    } else if (a == "--run") {
      o.run = true;
    } else if (a == "--unsafe") {
      o.unsafe = true;
    } else if (a == "--sanitize") {
      o.sanitize = true;
    } else if (a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3") {
      o.cOptLevel = a;
    } else if (startsWith(a, "--arrays=")) {
      std::string form = a.substr(9);
      if (form != "flat" && form != "hybrid")
        return {std::nullopt, "unknown form in --arrays: '" + form + "' (flat or hybrid)"};
      o.flatArrays = form == "flat";
    } else if (startsWith(a, "--alloc=")) {
      std::string alloc = a.substr(8);
      if (alloc != "naive" && alloc != "planned")
        return {std::nullopt, "unknown allocation in --alloc: '" + alloc + "' (planned or naive)"};
      o.naiveMemory = alloc == "naive";
    } else if (startsWith(a, "--target=")) {
      std::string target = a.substr(9);
      if (target == "openmp") target = "omp";  // the name the OpenMP issue and users spell out
      if (target != "c" && target != "omp" && target != "opencl")
        return {std::nullopt, "unknown target in --target: '" + target + "' (c, omp or opencl)"};
      o.target = target == "omp" ? TargetKind::OpenMP : target == "opencl" ? TargetKind::OpenCL : TargetKind::C;
    } else if (a == "--no-prelude") {
      o.prelude = false;
    } else if (startsWith(a, "--prelude=")) {
      o.preludePath = a.substr(10);
    } else if (a == "--") {
      for (++i; i < args.size(); ++i) o.inputs.push_back(args[i]);
    } else if (startsWith(a, "-") && a != "-") {
      return {std::nullopt, "unknown option '" + a + "' (see aplc --help)"};
    } else {
      o.inputs.push_back(a);
    }
  }
  if (!o.help && !o.version && o.inputs.empty()) return {std::nullopt, "no input files (see aplc --help)"};
  if (o.check && (o.interp || o.run || o.emit != Emit::None || !o.output.empty() || !o.keepC.empty()))
    return {std::nullopt, "--check runs the program every way itself: it takes no --interp, --run, --emit, -o or --keep-c"};
  if (o.check && std::find(o.inputs.begin(), o.inputs.end(), "-") != o.inputs.end())
    return {std::nullopt, "--check reads the program from files: it runs it several times (not from -, standard input)"};
  return {o, ""};
}

}  // namespace aplc::driver
