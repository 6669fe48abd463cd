/* peak_rss: runs a command and writes its peak resident memory (the kernel's maximum resident set
 * size of the child, in KiB) to a file; exits with the command's status. The benchmark runner
 * builds it with the C baselines and reports every program's peak memory beside its time.
 *
 * Usage: peak_rss OUTFILE COMMAND [ARGS...] */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: peak_rss OUTFILE COMMAND [ARGS...]\n");
    return 2;
  }
  pid_t child = fork();
  if (child < 0) {
    perror("peak_rss: fork");
    return 2;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    perror("peak_rss: exec");
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(child, &status, 0, &usage) < 0) {
    perror("peak_rss: wait4");
    return 2;
  }
  FILE *out = fopen(argv[1], "w");
  if (out == NULL) {
    perror("peak_rss: output file");
    return 2;
  }
  fprintf(out, "%ld\n", usage.ru_maxrss); /* KiB on Linux */
  fclose(out);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
