// aplc --check (see Check.h): aplc runs itself, once with --interp and once with --run per target,
// with each run's output captured in a temporary folder.
#include "driver/Check.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "support/Diagnostics.h"
#include "support/TempDir.h"

extern char** environ;

namespace aplc::driver {

namespace {

std::string readWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}


// This aplc's own executable, to run it again.
std::string selfExecutable() {
  std::error_code error;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) throw UserError({}, "--check: cannot find aplc's own executable (/proc/self/exe)");
  return self.string();
}

// The environment with `settings` (NAME=VALUE) added, each only where the environment does not
// set NAME already: the user's choice wins.
std::vector<std::string> environmentWith(const std::vector<std::string>& settings) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  for (const std::string& setting : settings) {
    std::string name = setting.substr(0, setting.find('='));
    if (!std::getenv(name.c_str())) env.push_back(setting);
  }
  return env;
}

// Waits for pid, at most `limit` seconds (0: no limit); past it, kills its process group (aplc
// --run and the program it runs). Returns the wait status, and whether it was killed.
std::pair<int, bool> waitAtMost(pid_t pid, int limit) {
  int status = 0;
  if (limit == 0) {
    while (waitpid(pid, &status, 0) < 0) {
    }
    return {status, false};
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limit);
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return {status, false};
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(-pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0) {
      }
      return {status, true};
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
}

// Runs `args` with standard input from /dev/null and its outputs captured in `scratch`, in a
// process group of its own, for at most `limit` seconds.
ProgramRun runCaptured(const std::vector<std::string>& args, const std::vector<std::string>& env,
                       const TempDir& scratch, int limit) {
  std::string outFile = scratch.file("out"), errFile = scratch.file("err");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> argv, envp;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  int spawned = posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) throw UserError({}, "--check: cannot run " + args[0] + ": " + std::strerror(spawned));
  auto [status, killed] = waitAtMost(pid, limit);
  ProgramRun run;
  if (killed) run.timedOutAfter = limit;
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 2;
  run.out = readWhole(outFile);
  run.err = readWhole(errFile);
  return run;
}

// The options every run shares: the inputs and what changes their meaning or their printing.
std::vector<std::string> sharedArguments(const Options& o) {
  std::vector<std::string> args;
  if (!o.prelude) args.push_back("--no-prelude");
  if (!o.preludePath.empty()) args.push_back("--prelude=" + o.preludePath);
  if (o.format == OutputFormat::Tail) args.push_back("--format=tail");
  if (!o.optimise) args.push_back("--no-opt");
  if (o.flatArrays) args.push_back("--arrays=flat");
  if (o.naiveMemory) args.push_back("--alloc=naive");
  args.push_back("--");
  args.insert(args.end(), o.inputs.begin(), o.inputs.end());
  return args;
}

// The options of compiled runs only.
std::vector<std::string> compiledArguments(const Options& o, const std::string& target) {
  std::vector<std::string> args = {"--run", "--target=" + target};
  if (o.sanitize) args.push_back("--sanitize");
  if (!o.cOptLevel.empty()) args.push_back(o.cOptLevel);
  if (!o.cflags.empty()) {
    std::string flags;
    for (const std::string& f : o.cflags) flags += (flags.empty() ? "" : " ") + f;
    args.push_back("--cflags=" + flags);
  }
  return args;
}

bool notSupported(const ProgramRun& run) {
  return run.status == 1 && run.err.find("error: not supported") != std::string::npos;
}

// The first line of a run's error report, for the summary.
std::string firstLine(const std::string& text) {
  std::vector<std::string> lines = linesOf(text);
  return lines.empty() ? "" : lines.front();
}

std::string describe(const ProgramRun& run) {
  std::vector<std::string> lines = linesOf(run.out);
  std::string text = "exit " + std::to_string(run.status) + ", " + std::to_string(lines.size()) +
                     (lines.size() == 1 ? " line" : " lines") + " of output";
  if (run.status != 0) text += "; " + errorKind(run.err);
  return text;
}

// A compiled target the check runs, and what it says about how.
struct CheckedTarget {
  const char* name;
  std::vector<std::string> settings;  // environment defaults
  const char* how;
};

const std::vector<CheckedTarget>& checkedTargets() {
  // OpenMP on 3 threads (more than 2 cores find races 2 hide) with every parallel loop on them,
  // however small: the check exercises the threads, as tests/fuzz/run.sh does.
  static const std::vector<CheckedTarget> targets = {
      {"c", {}, "sequential C"},
      {"omp",
       {"OMP_NUM_THREADS=3", "APLC_PARALLEL_MIN_WORK=1", "APLC_PARALLEL_TEAM_WORK=0"},
       "OpenMP, every parallel loop on $OMP_NUM_THREADS threads (3 unless set)"},
      {"opencl", {"APLC_OPENCL_HOST_WORK=0"}, "OpenCL, on the device the program chooses, every kernel launched"},
  };
  return targets;
}

}  // namespace

std::string errorKind(const std::string& err) {
  for (const std::string& line : linesOf(err)) {
    size_t at = line.find(" ERROR");
    if (at != std::string::npos) return line.substr(0, at + 6);
  }
  return firstLine(err);
}

std::optional<std::string> differenceFromReference(const ProgramRun& reference, const ProgramRun& run,
                                                   const std::string& runName) {
  if (run.timedOutAfter)
    return runName + " did not finish in " + std::to_string(run.timedOutAfter) + " s (--check-timeout)";
  if (run.status > 1)
    return runName + " failed with exit status " + std::to_string(run.status) + " (a crash or an internal error): " +
           firstLine(run.err);
  if (run.status != reference.status)
    return "exit status " + std::to_string(run.status) + ", the interpreter's " + std::to_string(reference.status) +
           (run.status ? "; " + runName + ": " + errorKind(run.err) : "; interpreter: " + errorKind(reference.err));
  if (run.out != reference.out) {
    std::vector<std::string> ours = linesOf(run.out), theirs = linesOf(reference.out);
    size_t k = 0;
    while (k < ours.size() && k < theirs.size() && ours[k] == theirs[k]) ++k;
    auto lineOrEnd = [](const std::vector<std::string>& lines, size_t k) {
      return k < lines.size() ? lines[k] : std::string("(no more output)");
    };
    return "output line " + std::to_string(k + 1) + " differs\n    interpreter: " + lineOrEnd(theirs, k) + "\n    " +
           runName + ": " + std::string(runName.size() < 11 ? 11 - runName.size() : 0, ' ') + lineOrEnd(ours, k);
  }
  if (run.status != 0 && errorKind(run.err) != errorKind(reference.err))
    return "a different error\n    interpreter: " + errorKind(reference.err) + "\n    " + runName + ": " +
           errorKind(run.err);
  return std::nullopt;
}

int runCheck(const Options& options, std::ostream& out, std::ostream& err) {
  try {
    TempDir scratch("aplc-check");
    std::string aplc = selfExecutable();
    std::vector<std::string> shared = sharedArguments(options);
    std::vector<std::string> interp = {aplc, "--interp"};
    interp.insert(interp.end(), shared.begin(), shared.end());
    ProgramRun reference = runCaptured(interp, environmentWith({}), scratch, options.checkTimeoutSeconds);
    if (reference.timedOutAfter) {
      err << "aplc --check: the interpreter did not finish in " << reference.timedOutAfter
          << " s (--check-timeout), so there is nothing to compare with\n";
      return 1;
    }
    if (reference.status > 1 || notSupported(reference)) {
      err << reference.err;
      err << "aplc --check: the interpreter cannot run the program, so there is nothing to compare with\n";
      return reference.status > 1 ? 2 : 1;
    }
    out << "interpreter  " << describe(reference) << " (the reference)\n";
    int ran = 0, agreed = 0;
    for (const CheckedTarget& target : checkedTargets()) {
      std::vector<std::string> args = {aplc};
      for (const std::string& a : compiledArguments(options, target.name)) args.push_back(a);
      args.insert(args.end(), shared.begin(), shared.end());
      ProgramRun run = runCaptured(args, environmentWith(target.settings), scratch, options.checkTimeoutSeconds);
      std::string label = std::string(target.name) + std::string(13 - std::strlen(target.name), ' ');
      if (run.status == 1 && run.err.rfind("aplc: OpenCL: ", 0) == 0) {
        out << label << "not available: " << firstLine(run.err).substr(14) << "\n";
        continue;
      }
      if (notSupported(run)) {
        out << label << "not compiled: " << firstLine(run.err) << "\n";
        continue;
      }
      ++ran;
      std::optional<std::string> difference = differenceFromReference(reference, run, target.name);
      if (difference) {
        out << label << "DIFFERS (" << target.how << "): " << *difference << "\n";
        continue;
      }
      ++agreed;
      out << label << "agrees (" << target.how << ")\n";
    }
    if (ran == 0) {
      out << "no compiled target could run the program\n";
      return 1;
    }
    out << agreed << " of " << ran << " compiled target" << (ran == 1 ? "" : "s") << " agree with the interpreter\n";
    return agreed == ran ? 0 : 1;
  } catch (const UserError& e) {
    err << "aplc: error: " << e.diagnostic().message << "\n";
    return 1;
  }
}

}  // namespace aplc::driver
