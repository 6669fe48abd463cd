#include "driver/Options.h"

#include <map>

namespace aplc::driver {

namespace {

const std::map<std::string, Emit>& emitStages() {
  static const std::map<std::string, Emit> stages = {
      {"tokens", Emit::Tokens},
      {"ast", Emit::Ast},
      {"tail", Emit::Tail},
      {"tail-opt", Emit::TailOpt},
  };
  return stages;
}

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

std::string usage() {
  return "usage: aplc [options] FILE...\n"
         "\n"
         "Compiles APL programs. FILEs are read in order, after the prelude. A FILE ending in\n"
         ".tail is a TAIL program (the typed IR, see tail/Parse.h): it is read alone, without\n"
         "the prelude.\n"
         "\n"
         "options:\n"
         "  -o FILE            write the output to FILE\n"
         "  --emit=STAGE       print a stage's output instead of compiling:\n"
         "                       tokens  the lexer's tokens, one per line, with locations\n"
         "                       ast     the resolved syntax tree, indented, with locations\n"
         "                       tail    the elaborated, type-checked TAIL program\n"
         "                       tail-opt  the same after the TAIL optimiser\n"
         "  --no-types         with --emit=tail: leave out the types of let and fn binders\n"
         "  --interp           evaluate the program with the TAIL reference interpreter (an APL\n"
         "                     program is elaborated to TAIL first; a .tail file is read as is)\n"
         "  --no-opt           with --interp: do not optimise the TAIL program first\n"
         "  --format=FORMAT    how programs print: apl (APL session: every unassigned top-level\n"
         "                     value prints in Dyalog's display, the default) or tail (apltail's\n"
         "                     format: ⎕← prints, then the program's value; for APL programs the\n"
         "                     last statement's value, as a double when numeric)\n"         "  --no-prelude       do not read the prelude before the input files\n"
         "  --prelude=FILE     read FILE as the prelude instead of the installed one\n"
         "  --help             print this help\n"
         "  --version          print the version\n"
         "\n"
         "exit status: 0 success, 1 error in the input, 2 internal compiler error\n";
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
    } else if (startsWith(a, "--format=")) {
      std::string format = a.substr(9);
      if (format == "apl")
        o.format = OutputFormat::Apl;
      else if (format == "tail")
        o.format = OutputFormat::Tail;
      else
        return {std::nullopt, "unknown format in --format: '" + format + "' (apl or tail)"};
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
  return {o, ""};
}

}  // namespace aplc::driver
