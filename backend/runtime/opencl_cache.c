/* opencl_cache.c: program binaries kept between runs of an OpenCL program.
 *
 * Building the kernels from source takes POCL 25 ms even when its own cache (~/.cache/pocl/kcache)
 * holds them (for a one-line kernel; 45 ms for n-body's): it parses and links the program's LLVM
 * bitcode again. Built from the binary the driver returned for the same source, options and
 * device, the same program takes 0.5 ms. Binaries are files `<hash>.bin` in $APLC_OPENCL_CACHE,
 * else $XDG_CACHE_HOME/aplc/opencl, else ~/.cache/aplc/opencl; APLC_OPENCL_CACHE=off keeps none.
 * The hash (FNV-1a, 64 bits) covers the source, the build options, the device's name, version
 * and driver version, and the platform's name and version, so a new driver builds anew. A file
 * is written under a temporary name and renamed, so a run reads a whole binary or none; a binary
 * the driver refuses is ignored (the caller builds from source and saves the new binary). Any
 * failure here only costs the build from source. */
#define _POSIX_C_SOURCE 200809L
#include "opencl_cache.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PATH_SIZE = 4096 };

static uint64_t hash_bytes(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 1099511628211ULL;
  }
  return h;
}

/* A field with its terminating zero, so that fields cannot run into each other. */
static uint64_t hash_text(uint64_t h, const char *s) { return hash_bytes(h, s, strlen(s) + 1); }

static int cache_dir(char *out, size_t size) {
  const char *dir = getenv("APLC_OPENCL_CACHE");
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  int n;
  if (dir != NULL && strcmp(dir, "off") == 0) return 0;
  if (dir != NULL && dir[0] != '\0')
    n = snprintf(out, size, "%s", dir);
  else if (xdg != NULL && xdg[0] != '\0')
    n = snprintf(out, size, "%s/aplc/opencl", xdg);
  else if (home != NULL && home[0] != '\0')
    n = snprintf(out, size, "%s/.cache/aplc/opencl", home);
  else
    return 0;
  return n > 0 && (size_t)n < size;
}

/* `mkdir -p`: 0 when the directory does not exist afterwards. */
static int make_dirs(char *path) {
  for (char *slash = strchr(path + 1, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
    *slash = '\0';
    int made = mkdir(path, 0700) == 0 || errno == EEXIST;
    *slash = '/';
    if (!made) return 0;
  }
  return mkdir(path, 0700) == 0 || errno == EEXIST;
}

static int entry_path(char *out, size_t size, cl_device_id device, cl_platform_id platform, const char *source,
                      const char *options) {
  char dir[PATH_SIZE];
  if (!cache_dir(dir, sizeof dir)) return 0;
  uint64_t h = hash_text(hash_text(14695981039346656037ULL, source), options);
  static const cl_device_info device_fields[] = {CL_DEVICE_NAME, CL_DEVICE_VERSION, CL_DRIVER_VERSION};
  static const cl_platform_info platform_fields[] = {CL_PLATFORM_NAME, CL_PLATFORM_VERSION};
  char info[1024];
  for (size_t i = 0; i < sizeof device_fields / sizeof *device_fields; ++i) {
    info[0] = '\0';
    clGetDeviceInfo(device, device_fields[i], sizeof info - 1, info, NULL);
    info[sizeof info - 1] = '\0';
    h = hash_text(h, info);
  }
  for (size_t i = 0; i < sizeof platform_fields / sizeof *platform_fields; ++i) {
    info[0] = '\0';
    clGetPlatformInfo(platform, platform_fields[i], sizeof info - 1, info, NULL);
    info[sizeof info - 1] = '\0';
    h = hash_text(h, info);
  }
  int n = snprintf(out, size, "%s/%016llx.bin", dir, (unsigned long long)h);
  return n > 0 && (size_t)n < size;
}

/* The whole file in a malloc'd buffer, or NULL. */
static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return NULL;
  unsigned char *data = NULL;
  long n = -1;
  if (fseek(f, 0, SEEK_END) == 0) n = ftell(f);
  if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)n)) != NULL &&
      fread(data, 1, (size_t)n, f) != (size_t)n) {
    free(data);
    data = NULL;
  }
  fclose(f);
  *size = n > 0 ? (size_t)n : 0;
  return data;
}

cl_program aplc_opencl_cached_program(cl_context context, cl_device_id device, cl_platform_id platform,
                                      const char *source, const char *options) {
  char path[PATH_SIZE];
  if (!entry_path(path, sizeof path, device, platform, source, options)) return NULL;
  size_t size = 0;
  unsigned char *binary = read_file(path, &size);
  if (binary == NULL) return NULL;
  const unsigned char *binaries[1] = {binary};
  cl_int status = CL_SUCCESS, err = CL_SUCCESS;
  cl_program program = clCreateProgramWithBinary(context, 1, &device, &size, binaries, &status, &err);
  free(binary);
  if (err != CL_SUCCESS || status != CL_SUCCESS) {
    if (program != NULL) clReleaseProgram(program);
    return NULL;
  }
  if (clBuildProgram(program, 1, &device, options, NULL, NULL) != CL_SUCCESS) {
    clReleaseProgram(program);
    return NULL;
  }
  return program;
}

void aplc_opencl_cache_program(cl_program program, cl_device_id device, cl_platform_id platform,
                               const char *source, const char *options) {
  char path[PATH_SIZE], temp[PATH_SIZE + 32];
  if (!entry_path(path, sizeof path, device, platform, source, options)) return;
  size_t size = 0;
  if (clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != CL_SUCCESS || size == 0) return;
  unsigned char *binary = malloc(size);
  if (binary == NULL) return;
  unsigned char *binaries[1] = {binary};
  char *slash = strrchr(path, '/');
  if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binaries, binaries, NULL) == CL_SUCCESS && slash != NULL) {
    *slash = '\0';
    int dir = make_dirs(path);
    *slash = '/';
    snprintf(temp, sizeof temp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = dir ? fopen(temp, "wb") : NULL;
    if (f != NULL) {
      int ok = fwrite(binary, 1, size, f) == size;
      ok = fclose(f) == 0 && ok;
      if (!ok || rename(temp, path) != 0) unlink(temp);
    }
  }
  free(binary);
}
