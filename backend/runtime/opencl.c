/* opencl.c: device choice, the program's kernels, array residency, launches, errors and
 * profiles of programs compiled with --target=opencl (see aplc_opencl.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#define CL_TARGET_OPENCL_VERSION 120
#include "aplc_opencl.h"
#include "opencl_cache.h"

#include <CL/cl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------------------------------------------------------------------------------------------
 * OpenCL errors by name
 * ------------------------------------------------------------------------------------------- */

static const char *cl_error_name(cl_int code) {
  switch (code) {
#define APLC_CL_ERROR(name) \
  case name: return #name;
    APLC_CL_ERROR(CL_DEVICE_NOT_FOUND)
    APLC_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    APLC_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    APLC_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    APLC_CL_ERROR(CL_OUT_OF_RESOURCES)
    APLC_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    APLC_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    APLC_CL_ERROR(CL_MEM_COPY_OVERLAP)
    APLC_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    APLC_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    APLC_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    APLC_CL_ERROR(CL_MAP_FAILURE)
    APLC_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    APLC_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    APLC_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    APLC_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    APLC_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    APLC_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    APLC_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    APLC_CL_ERROR(CL_INVALID_VALUE)
    APLC_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    APLC_CL_ERROR(CL_INVALID_PLATFORM)
    APLC_CL_ERROR(CL_INVALID_DEVICE)
    APLC_CL_ERROR(CL_INVALID_CONTEXT)
    APLC_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    APLC_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    APLC_CL_ERROR(CL_INVALID_HOST_PTR)
    APLC_CL_ERROR(CL_INVALID_MEM_OBJECT)
    APLC_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    APLC_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    APLC_CL_ERROR(CL_INVALID_SAMPLER)
    APLC_CL_ERROR(CL_INVALID_BINARY)
    APLC_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    APLC_CL_ERROR(CL_INVALID_PROGRAM)
    APLC_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    APLC_CL_ERROR(CL_INVALID_KERNEL_NAME)
    APLC_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    APLC_CL_ERROR(CL_INVALID_KERNEL)
    APLC_CL_ERROR(CL_INVALID_ARG_INDEX)
    APLC_CL_ERROR(CL_INVALID_ARG_VALUE)
    APLC_CL_ERROR(CL_INVALID_ARG_SIZE)
    APLC_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    APLC_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    APLC_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    APLC_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    APLC_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    APLC_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    APLC_CL_ERROR(CL_INVALID_EVENT)
    APLC_CL_ERROR(CL_INVALID_OPERATION)
    APLC_CL_ERROR(CL_INVALID_GL_OBJECT)
    APLC_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    APLC_CL_ERROR(CL_INVALID_MIP_LEVEL)
    APLC_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    APLC_CL_ERROR(CL_INVALID_PROPERTY)
    APLC_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    APLC_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    APLC_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    APLC_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef APLC_CL_ERROR
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL platform is installed)";
    default: return "an unknown OpenCL error";
  }
}

/* An OpenCL failure outside the program's control: named, with what was being done; exit 1. */
static _Noreturn void cl_fail(const char *what, cl_int code) {
  fflush(stdout);
  fprintf(stderr, "aplc: OpenCL error: %s: %s (%d)\n", what, cl_error_name(code), (int)code);
  exit(1);
}

static void cl_check(cl_int code, const char *what) {
  if (code != CL_SUCCESS) cl_fail(what, code);
}

static _Noreturn void opencl_usage_error(const char *message) {
  fflush(stdout);
  fprintf(stderr, "aplc: OpenCL: %s\n", message);
  exit(1);
}

/* ---------------------------------------------------------------------------------------------
 * Profiles (APLC_PROFILE=1): wall time of each launch and transfer, the queue drained after each
 * ------------------------------------------------------------------------------------------- */

static int profiling = 0;

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct transfer_profile {
  int64_t count, bytes;
  double seconds;
} transfer_profile;

static transfer_profile uploads, downloads, maps; /* maps: of shared buffers (no bytes move) */
static int64_t *kernel_launches;
static double *kernel_seconds;
static double build_seconds;
static int built_from_cache;  /* from a binary aplc saved (opencl_cache.c) */

/* ---------------------------------------------------------------------------------------------
 * The device
 * ------------------------------------------------------------------------------------------- */

typedef struct device_entry {
  cl_platform_id platform;
  cl_device_id device;
  char name[256], platform_name[256];
  cl_device_type type;
} device_entry;

static device_entry devices[64];
static int device_count = 0;

static void list_devices(void) {
  cl_platform_id platforms[16];
  cl_uint platform_count = 0;
  cl_int err = clGetPlatformIDs(16, platforms, &platform_count);
  if (err == -1001 || (err == CL_SUCCESS && platform_count == 0))
    opencl_usage_error("no OpenCL platform is installed (on Debian: apt-get install pocl-opencl-icd for the CPU)");
  cl_check(err, "listing the OpenCL platforms");
  for (cl_uint p = 0; p < platform_count && p < 16; ++p) {
    cl_device_id ids[32];
    cl_uint n = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 32, ids, &n) != CL_SUCCESS) continue;
    for (cl_uint d = 0; d < n && d < 32 && device_count < 64; ++d) {
      device_entry *e = &devices[device_count++];
      e->platform = platforms[p];
      e->device = ids[d];
      clGetDeviceInfo(ids[d], CL_DEVICE_NAME, sizeof e->name, e->name, NULL);
      clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof e->platform_name, e->platform_name, NULL);
      clGetDeviceInfo(ids[d], CL_DEVICE_TYPE, sizeof e->type, &e->type, NULL);
    }
  }
  if (device_count == 0) opencl_usage_error("no OpenCL device was found");
}

static const char *device_type_name(cl_device_type t) {
  if (t & CL_DEVICE_TYPE_GPU) return "GPU";
  if (t & CL_DEVICE_TYPE_CPU) return "CPU";
  if (t & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

/* $APLC_OPENCL_DEVICE: an index into the list, or part of a device's or platform's name; unset,
 * the first GPU, else the first device. `list` prints the devices and exits. */
static const device_entry *choose_device(void) {
  list_devices();
  const char *wanted = getenv("APLC_OPENCL_DEVICE");
  if (wanted != NULL && strcmp(wanted, "list") == 0) {
    for (int i = 0; i < device_count; ++i)
      printf("%d: %s (%s, %s)\n", i, devices[i].name, device_type_name(devices[i].type), devices[i].platform_name);
    fflush(stdout);
    exit(0);
  }
  if (wanted != NULL && wanted[0] != '\0') {
    char *end = NULL;
    long index = strtol(wanted, &end, 10);
    if (end != NULL && *end == '\0') {
      if (index < 0 || index >= device_count) {
        fprintf(stderr, "aplc: OpenCL: APLC_OPENCL_DEVICE=%s: no such device, the devices are 0 to %d "
                        "(APLC_OPENCL_DEVICE=list shows them)\n", wanted, device_count - 1);
        exit(1);
      }
      return &devices[index];
    }
    for (int i = 0; i < device_count; ++i)
      if (strstr(devices[i].name, wanted) != NULL || strstr(devices[i].platform_name, wanted) != NULL) return &devices[i];
    fprintf(stderr, "aplc: OpenCL: no device's name contains '%s' (APLC_OPENCL_DEVICE=list shows them)\n", wanted);
    exit(1);
  }
  for (int i = 0; i < device_count; ++i)
    if (devices[i].type & CL_DEVICE_TYPE_GPU) return &devices[i];
  return &devices[0];
}

/* ---------------------------------------------------------------------------------------------
 * Context, queue and program (made at the first launch: a program none of whose kernels runs
 * needs no device)
 * ------------------------------------------------------------------------------------------- */

static const char *program_source;
static int program_kernel_count;
static const char *const *program_kernel_names;
static const unsigned char *program_kernel_barriers;
static const unsigned char *program_kernel_tiles;
static cl_uint compute_units = 1;     /* CL_DEVICE_MAX_COMPUTE_UNITS */
static size_t *kernel_group_limits; /* CL_KERNEL_WORK_GROUP_SIZE of each kernel */

static int started = 0;
static const device_entry *device;
static cl_context context;
static cl_command_queue queue;
static cl_kernel *kernels;
static cl_mem failure_word;
static cl_ulong max_allocation;

static void print_profile(void);

void aplc_cl_program(const char *source, int kernel_count, const char *const *kernel_names,
                     const unsigned char *kernel_barriers, const unsigned char *kernel_tiles) {
  program_source = source;
  program_kernel_count = kernel_count;
  program_kernel_names = kernel_names;
  program_kernel_barriers = kernel_barriers;
  program_kernel_tiles = kernel_tiles;
  const char *profile = getenv("APLC_PROFILE");
  profiling = profile != NULL && profile[0] != '\0' && strcmp(profile, "0") != 0;
  if (getenv("APLC_OPENCL_DEVICE") != NULL && strcmp(getenv("APLC_OPENCL_DEVICE"), "list") == 0) choose_device();
}

static void require_double_precision(void) {
  char extensions[8192] = "";
  clGetDeviceInfo(device->device, CL_DEVICE_EXTENSIONS, sizeof extensions, extensions, NULL);
  if (strstr(extensions, "cl_khr_fp64") == NULL) {
    fprintf(stderr, "aplc: OpenCL: the device '%s' has no double precision (cl_khr_fp64), which aplc's kernels need; "
                    "APLC_OPENCL_DEVICE picks another (APLC_OPENCL_DEVICE=list shows them)\n", device->name);
    exit(1);
  }
}

/* Every kernel of the built program; releases the program (the kernels keep it). */
static void create_kernels(cl_program program) {
  cl_int err;
  kernels = calloc((size_t)program_kernel_count + 1, sizeof *kernels);
  kernel_group_limits = calloc((size_t)program_kernel_count + 1, sizeof *kernel_group_limits);
  for (int k = 0; k < program_kernel_count; ++k) {
    kernels[k] = clCreateKernel(program, program_kernel_names[k], &err);
    cl_check(err, "creating a kernel");
    cl_check(clGetKernelWorkGroupInfo(kernels[k], device->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof(size_t),
                                      &kernel_group_limits[k], NULL),
             "asking a kernel's largest work group");
  }
  clReleaseProgram(program);
}

static void build_program(void) {
  double start = now_seconds();
  cl_int err;
  /* -w: no warnings (generated code compares values with themselves, say, and some drivers,
   * POCL's among them, print a build's warnings on stderr, which is the program's own). More
   * options from $APLC_OPENCL_BUILD_OPTIONS (e.g. -cl-opt-disable, to find a device compiler's bug). */
  const char *more = getenv("APLC_OPENCL_BUILD_OPTIONS");
  /* -DAPLC_CPU_DEVICE: loops every work item runs alike end with a barrier, which lets a CPU
   * driver vectorize across work items (backend/opencl/OpenCLGen.cpp, KernelPrinter). */
  const char *cpu = (device->type & CL_DEVICE_TYPE_CPU) ? "-DAPLC_CPU_DEVICE " : "";
  char options[1024];
  snprintf(options, sizeof options, "-w %s%s", cpu, more != NULL ? more : "");
  /* The binary of an earlier run's build, when there is one (opencl_cache.c). */
  cl_program program = aplc_opencl_cached_program(context, device->device, device->platform, program_source, options);
  built_from_cache = program != NULL;
  if (built_from_cache) {
    create_kernels(program);
    build_seconds = now_seconds() - start;
    return;
  }
  program = clCreateProgramWithSource(context, 1, &program_source, NULL, &err);
  cl_check(err, "creating the kernels' program");
  err = clBuildProgram(program, 1, &device->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    size_t size = 0;
    clGetProgramBuildInfo(program, device->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
    char *log = malloc(size + 1);
    if (log != NULL) {
      clGetProgramBuildInfo(program, device->device, CL_PROGRAM_BUILD_LOG, size, log, NULL);
      log[size] = '\0';
      fprintf(stderr, "aplc: OpenCL: the kernels did not build on '%s' (a bug in aplc); the build log:\n%s\n",
              device->name, log);
    }
    cl_fail("building the kernels", err);
  }
  aplc_opencl_cache_program(program, device->device, device->platform, program_source, options);
  create_kernels(program);
  build_seconds = now_seconds() - start;
}

static void start(void) {
  if (started) return;
  started = 1;
  device = choose_device();
  require_double_precision();
  cl_int err;
  context = clCreateContext(NULL, 1, &device->device, NULL, NULL, &err);
  cl_check(err, "creating a context");
  queue = clCreateCommandQueue(context, device->device, 0, &err);
  cl_check(err, "creating a command queue");
  clGetDeviceInfo(device->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_allocation, &max_allocation, NULL);
  if (clGetDeviceInfo(device->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof compute_units, &compute_units, NULL) !=
          CL_SUCCESS ||
      compute_units == 0)
    compute_units = 1;
  build_program();
  cl_int none = INT_MAX;
  failure_word = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof none, &none, &err);
  cl_check(err, "creating the failure word");
  if (profiling) {
    kernel_launches = calloc((size_t)program_kernel_count + 1, sizeof *kernel_launches);
    kernel_seconds = calloc((size_t)program_kernel_count + 1, sizeof *kernel_seconds);
    atexit(print_profile);
  }
}

static int64_t host_work_limit = -1; /* $APLC_OPENCL_HOST_WORK, read at the first question */

int aplc_cl_on_host(int64_t iterations, int64_t work) {
  start();
  if (!(device->type & CL_DEVICE_TYPE_CPU)) return 0;
  if (host_work_limit < 0) {
    const char *limit = getenv("APLC_OPENCL_HOST_WORK");
    host_work_limit = limit != NULL && *limit != '\0' ? strtoll(limit, NULL, 10) : 262144;
    if (host_work_limit < 0) host_work_limit = 0;
  }
  return iterations <= host_work_limit / (work > 0 ? work : 1);
}

bool aplc_cl_expansion_interleaved(void) {
  start();
  const char *forced = getenv("APLC_EXPANSION_INTERLEAVED"); /* 1 or 0: for tests on one device */
  if (forced != NULL && (strcmp(forced, "0") == 0 || strcmp(forced, "1") == 0)) return forced[0] == '1';
  return (device->type & CL_DEVICE_TYPE_GPU) != 0;
}

int64_t aplc_cl_host_check_iterations(void) {
  start();
  return (device->type & CL_DEVICE_TYPE_CPU) ? INT64_MAX : (int64_t)1 << 16;
}

/* ---------------------------------------------------------------------------------------------
 * Residency: host pointer → device buffer and state (open addressing, linear probing)
 * ------------------------------------------------------------------------------------------- */

typedef enum state { FRESH, HOST_NEWER, DEVICE_NEWER, IN_SYNC } state;

/* On a CPU device the buffer is the host array itself (CL_MEM_USE_HOST_PTR): no copies, and no
 * second array whose pages the first touch faults in (the sieve of 10^7 flags on POCL spent
 * 0.6 s bringing its 80 MB to the host). The host then maps the buffer before it touches the
 * array and unmaps it before a kernel uses it, which on such a device moves nothing; the states
 * above are kept but decide nothing. */
typedef struct resident {
  const void *host; /* NULL: empty slot; (void *)1: removed */
  size_t bytes;
  cl_mem buffer; /* NULL until a kernel uses the array */
  state state;
  int shared;    /* the buffer uses the host array's memory */
  void *mapped;  /* a shared buffer mapped for the host: the pointer to unmap; NULL: the device's */
} resident;

static resident *table;
static size_t table_size, table_used; /* used counts removed slots too */
#define REMOVED ((const void *)1)

static size_t slot_of(const void *host, size_t size) {
  uintptr_t h = (uintptr_t)host;
  h ^= h >> 17;
  h *= (uintptr_t)0x9E3779B97F4A7C15u;
  return (size_t)(h >> 7) & (size - 1);
}

static void grow_table(void) {
  resident *old = table;
  size_t old_size = table_size;
  table_size = table_size == 0 ? 256 : table_size * 2;
  table = calloc(table_size, sizeof *table);
  if (table == NULL) aplc_error(APLC_LIMIT_ERROR, NULL, 0, 0, "out of memory (OpenCL residency table)");
  table_used = 0;
  for (size_t i = 0; i < old_size; ++i) {
    if (old[i].host == NULL || old[i].host == REMOVED) continue;
    size_t s = slot_of(old[i].host, table_size);
    while (table[s].host != NULL) s = (s + 1) & (table_size - 1);
    table[s] = old[i];
    table_used++;
  }
  free(old);
}

static resident *find(const void *host) {
  /* NULL (an array variable a function is about to move an array into) names no array. */
  if (table_size == 0 || host == NULL || host == REMOVED) return NULL;
  for (size_t s = slot_of(host, table_size);; s = (s + 1) & (table_size - 1)) {
    if (table[s].host == host) return &table[s];
    if (table[s].host == NULL) return NULL;
  }
}

/* A shared buffer handed back to the device (the host has stopped touching the array). */
static void unmap(resident *r) {
  if (r->mapped == NULL) return;
  cl_check(clEnqueueUnmapMemObject(queue, r->buffer, r->mapped, 0, NULL, NULL), "unmapping an array");
  r->mapped = NULL;
}

/* Releases an array's buffer before its host memory is freed or reused: the kernels queued
 * before may still use a shared buffer's host memory, so they finish. */
static void drop_buffer(resident *r) {
  if (r->buffer == NULL) return;
  if (r->shared) {
    unmap(r);
    cl_check(clFinish(queue), "finishing the kernels that use an array");
  }
  clReleaseMemObject(r->buffer);
  r->buffer = NULL;
  r->shared = 0;
}

void aplc_cl_register(const void *host, int64_t count, size_t element_size, int written_by_host) {
  if (2 * (table_used + 1) > table_size) grow_table();
  size_t s = slot_of(host, table_size);
  while (table[s].host != NULL && table[s].host != REMOVED && table[s].host != host) s = (s + 1) & (table_size - 1);
  if (table[s].host == NULL) table_used++;
  if (table[s].host == host) drop_buffer(&table[s]);
  table[s].host = host;
  table[s].bytes = (size_t)count * element_size;
  table[s].buffer = NULL;
  table[s].state = written_by_host ? HOST_NEWER : FRESH;
  table[s].shared = 0;
  table[s].mapped = NULL;
}

void aplc_cl_release(const void *host) {
  resident *r = find(host);
  if (r == NULL) return;
  drop_buffer(r);
  r->host = REMOVED;
}

static resident *registered(const void *host) {
  resident *r = find(host);
  if (r == NULL) {
    fflush(stdout);
    fprintf(stderr, "aplc: internal error: an array a kernel uses was not registered (a bug in aplc's OpenCL generator)\n");
    exit(1);
  }
  return r;
}

/* Blocking copies: on the in-order queue a read waits for the kernels before it. */
static void transfer(resident *r, int to_device) {
  double start = profiling ? now_seconds() : 0;
  cl_int err = to_device ? clEnqueueWriteBuffer(queue, r->buffer, CL_TRUE, 0, r->bytes, r->host, 0, NULL, NULL)
                         : clEnqueueReadBuffer(queue, r->buffer, CL_TRUE, 0, r->bytes, (void *)r->host, 0, NULL, NULL);
  cl_check(err, to_device ? "copying an array to the device" : "copying an array from the device");
  if (profiling) {
    transfer_profile *p = to_device ? &uploads : &downloads;
    p->count++;
    p->bytes += (int64_t)r->bytes;
    p->seconds += now_seconds() - start;
  }
}

void aplc_cl_host_use(const void *host) {
  resident *r = find(host);
  if (r == NULL) return;
  if (r->shared) {
    if (r->mapped != NULL) return;
    double start = profiling ? now_seconds() : 0;
    cl_int err;
    r->mapped = clEnqueueMapBuffer(queue, r->buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, r->bytes, 0, NULL, NULL, &err);
    cl_check(err, "mapping an array for the host");
    if (profiling) {
      maps.count++;
      maps.seconds += now_seconds() - start;
    }
    return;
  }
  if (r->state != DEVICE_NEWER) return;
  transfer(r, 0);
  r->state = IN_SYNC;
}

void aplc_cl_host_wrote(const void *host) {
  resident *r = find(host);
  if (r != NULL) r->state = HOST_NEWER;
}

/* The device buffer of an array a kernel uses, created or brought up to date. */
static cl_mem on_device(resident *r) {
  if (r->buffer == NULL) {
    if (r->bytes > max_allocation) {
      aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0,
                  "an array of %zu bytes is larger than the OpenCL device's largest allocation (%llu bytes on '%s')",
                  r->bytes, (unsigned long long)max_allocation, device->name);
    }
    cl_int err;
    r->shared = r->bytes > 0 && (device->type & CL_DEVICE_TYPE_CPU);
    r->buffer = r->shared ? clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, r->bytes, (void *)r->host, &err)
                          : clCreateBuffer(context, CL_MEM_READ_WRITE, r->bytes == 0 ? 1 : r->bytes, NULL, &err);
    if (err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_RESOURCES || err == CL_INVALID_BUFFER_SIZE) {
      aplc_errorf(APLC_LIMIT_ERROR, NULL, 0, 0, "the OpenCL device '%s' cannot hold an array of %zu bytes (%s)",
                  device->name, r->bytes, cl_error_name(err));
    }
    cl_check(err, "creating a device buffer");
    if (r->state == IN_SYNC || r->state == DEVICE_NEWER) r->state = HOST_NEWER;
  }
  if (r->shared) {
    unmap(r);
    r->state = IN_SYNC;
    return r->buffer;
  }
  if (r->state == HOST_NEWER) {
    if (r->bytes > 0) transfer(r, 1);
    r->state = IN_SYNC;
  }
  return r->buffer;
}

/* ---------------------------------------------------------------------------------------------
 * Arguments and launches
 * ------------------------------------------------------------------------------------------- */

void aplc_cl_arg_memory(int kernel, int index, const void *host, int writes) {
  start();
  resident *r = registered(host);
  cl_mem buffer = on_device(r);
  cl_check(clSetKernelArg(kernels[kernel], (cl_uint)index, sizeof buffer, &buffer), "setting a kernel's array argument");
  if (writes) r->state = DEVICE_NEWER;
}

void aplc_cl_arg_int(int kernel, int index, int64_t value) {
  start();
  cl_long v = value;
  cl_check(clSetKernelArg(kernels[kernel], (cl_uint)index, sizeof v, &v), "setting a kernel's argument");
}

void aplc_cl_arg_double(int kernel, int index, double value) {
  start();
  cl_double v = value;
  cl_check(clSetKernelArg(kernels[kernel], (cl_uint)index, sizeof v, &v), "setting a kernel's argument");
}

void aplc_cl_arg_uint(int kernel, int index, uint32_t value) {
  start();
  cl_uint v = value;
  cl_check(clSetKernelArg(kernels[kernel], (cl_uint)index, sizeof v, &v), "setting a kernel's argument");
}

static void report_failure(const aplc_cl_check *checks, int check_count) {
  cl_int key = INT_MAX;
  cl_check(clEnqueueReadBuffer(queue, failure_word, CL_TRUE, 0, sizeof key, &key, 0, NULL, NULL),
           "reading a kernel's failure word");
  if (key == INT_MAX) return;
  const aplc_cl_check *c = &checks[key % check_count];
  aplc_error(c->kind, c->file, c->line, c->col, c->detail);
}

/* The work group of a launch of `count` work items, 0 for the driver's choice. A CPU driver (POCL)
 * compiles the kernel again for every work-group size, and chooses one by the launch's size:
 * Rosetta's perfect numbers, one launch of 1 … 999 items per candidate, made it compile 968
 * versions of one kernel (60 s from a cold cache). So on CPU devices the launch has a power of two
 * up to 1024 items per group, the global size rounded up to it (the kernel's first line ends the
 * extra items): 11 versions at most. A group runs on one core, so there are at least 4 groups per
 * core where the items allow it (hotspot's 1024 rows in one group ran 2 times slower). Not for
 * kernels whose loops end with barriers, which every work item of the group must reach: those get
 * exactly their items, and the driver's groups. */
static size_t work_group(int kernel, int64_t count) {
  if (!(device->type & CL_DEVICE_TYPE_CPU) || program_kernel_barriers[kernel]) return 0;
  size_t limit = kernel_group_limits[kernel] < 1024 ? kernel_group_limits[kernel] : 1024;
  int64_t per_group = count / (4 * (int64_t)compute_units);
  size_t local = 1;
  while (2 * local <= limit && (int64_t)(2 * local) <= per_group) local *= 2;
  return local;
}

void aplc_cl_launch(int kernel, int arg_count, int64_t lower, int64_t upper, const aplc_cl_check *checks,
                    int check_count) {
  start();
  if (upper <= lower) return;
  /* Failure keys are iteration × checks + check in a 32-bit word: launches of at most this many. */
  int64_t chunk = check_count > 0 ? INT_MAX / check_count - 1 : INT64_MAX;
  cl_kernel k = kernels[kernel];
  cl_check(clSetKernelArg(k, (cl_uint)arg_count + 2, sizeof failure_word, &failure_word), "setting a kernel's argument");
  for (int64_t first = lower, count; first < upper; first += count) {
    count = upper - first < chunk ? upper - first : chunk;
    cl_long first_arg = first, count_arg = count;
    cl_check(clSetKernelArg(k, (cl_uint)arg_count, sizeof first_arg, &first_arg), "setting a kernel's argument");
    cl_check(clSetKernelArg(k, (cl_uint)arg_count + 1, sizeof count_arg, &count_arg), "setting a kernel's argument");
    /* On CPU devices a point tile's work item runs several items (the kernel was built with
     * -DAPLC_CPU_DEVICE, which selects its tiled body); its lanes past the count skip their stores. */
    int64_t tile = (device->type & CL_DEVICE_TYPE_CPU) ? program_kernel_tiles[kernel] : 1;
    int64_t items = (count + tile - 1) / tile;
    size_t global = (size_t)items, local = work_group(kernel, items);
    if (local > 0) global = (global + local - 1) / local * local; /* the kernel ends the extra items */
    double began = profiling ? now_seconds() : 0;
    cl_check(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, local > 0 ? &local : NULL, 0, NULL, NULL),
             "launching a kernel");
    if (profiling) {
      cl_check(clFinish(queue), "running a kernel");
      kernel_launches[kernel]++;
      kernel_seconds[kernel] += now_seconds() - began;
    }
    if (check_count > 0) report_failure(checks, check_count);
  }
}

static void print_profile(void) {
  if (!started) return;
  fprintf(stderr, "aplc profile: device '%s'; kernels built in %.3f s%s\n", device->name, build_seconds,
          built_from_cache ? " (from aplc's cache of binaries)" : "");
  for (int k = 0; k < program_kernel_count; ++k) {
    if (kernel_launches[k] == 0) continue;
    fprintf(stderr, "aplc profile: %s: %lld launches, %.6f s\n", program_kernel_names[k], (long long)kernel_launches[k],
            kernel_seconds[k]);
  }
  fprintf(stderr, "aplc profile: to the device: %lld copies, %lld bytes, %.6f s\n", (long long)uploads.count,
          (long long)uploads.bytes, uploads.seconds);
  fprintf(stderr, "aplc profile: from the device: %lld copies, %lld bytes, %.6f s\n", (long long)downloads.count,
          (long long)downloads.bytes, downloads.seconds);
  if (maps.count > 0)
    fprintf(stderr, "aplc profile: arrays the device shares mapped for the host: %lld times, %.6f s\n",
            (long long)maps.count, maps.seconds);
}
