/* aplc_opencl.h: the part of the runtime that programs compiled with --target=opencl call to run
 * their kernels (backend/opencl/OpenCLGen.cpp generates the calls; opencl.c implements them on the
 * OpenCL ICD loader). Generated code sees no OpenCL type: arrays are named by their host
 * pointers, kernels by their index in the program's kernel source.
 *
 * Residency. Every array the program allocates is registered with its size; a copy on the device
 * is made when a kernel first uses it. Each array is in one of four states (fresh: no element
 * written yet; host: only the host copy is current; device: only the device copy is; both), so
 * data moves only when the other side needs it: a kernel argument is uploaded when the host copy
 * is newer, and host code calls aplc_cl_host_use before it touches an array a kernel may have
 * written (a download when the device copy is newer) and aplc_cl_host_wrote after it writes one.
 *
 * Errors. A kernel's failing check records `iteration × checks + check` with atomic_min in a
 * failure word and ends its work item; after the launch the host reads the word and reports the
 * smallest key's error through aplc_error, which is the error a sequential run reports (each work
 * item stops at its first failing check; the earliest iteration wins). */
#ifndef APLC_OPENCL_H
#define APLC_OPENCL_H

#include <stddef.h>
#include <stdint.h>

#include "aplc_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One check of a kernel, in the order the kernel numbers them: a row like those of the host's
 * own table (aplc_check). */
typedef aplc_check aplc_cl_check;

/* The program's kernels: OpenCL C source (built at the first launch), kernel names, whether
 * each kernel's work items meet at barriers on CPU devices (then the driver chooses its work
 * groups; the others get work groups of a few sizes: aplc_cl_launch), and how many items each
 * work item of each kernel runs on CPU devices (a point tile, backend/opencl/PointTiles.h: the
 * launch has that many times fewer work items there; 1 for most kernels). */
void aplc_cl_program(const char *source, int kernel_count, const char *const *kernel_names,
                     const unsigned char *kernel_barriers, const unsigned char *kernel_tiles);

void aplc_cl_register(const void *host, int64_t count, size_t element_size, int written_by_host);
void aplc_cl_release(const void *host); /* before the host memory is freed */
void aplc_cl_host_use(const void *host);
/* The most iterations of a parallel loop that touches no memory (it only checks) that the host
 * runs in place of its kernel: any on a CPU device, whose cores the host shares and where a
 * launch costs more than such a loop; 2^16 on others. Starts the device. */
int64_t aplc_cl_host_check_iterations(void);
/* Memory expansion's layout (backend/memory/Expansion.h): whether the iterations' parts of an
 * expanded block are interleaved (a GPU: neighbouring work items at neighbouring addresses) or
 * each contiguous (a CPU device); $APLC_EXPANSION_INTERLEAVED=1 or 0 chooses (for tests). Starts
 * the device. */
bool aplc_cl_expansion_interleaved(void);
void aplc_cl_host_wrote(const void *host);
/* Whether a parallel loop of `iterations` iterations of about `work` operations each runs on the
 * host instead of as its kernel: only on a CPU device, whose cores would run the kernel (and
 * whose buffers are the host arrays), and only a loop of at most $APLC_OPENCL_HOST_WORK
 * operations in all as laila/analysis/Cost.h estimates them (default 262144), for which a launch
 * costs more than the loop on one core: a launch on POCL took 50-70 µs, and the game of life's
 * 40 × 40 boards, estimated at 217600, took 70 µs as a kernel and 5 µs on the host. 0 launches
 * every kernel (the tests do, so that kernels run). Starts the device. */
int aplc_cl_on_host(int64_t iterations, int64_t work);

/* Arguments of the next launch of `kernel`, from index 0 (the launch sets its own after them). */
void aplc_cl_arg_memory(int kernel, int index, const void *host, int writes);
void aplc_cl_arg_int(int kernel, int index, int64_t value);
void aplc_cl_arg_double(int kernel, int index, double value);
void aplc_cl_arg_uint(int kernel, int index, uint32_t value);

/* Runs work items lower..upper-1 of `kernel` (its first `arg_count` arguments set), then reports
 * the first failing check, if any. */
void aplc_cl_launch(int kernel, int arg_count, int64_t lower, int64_t upper, const aplc_cl_check *checks,
                    int check_count);

#ifdef __cplusplus
}
#endif

#endif /* APLC_OPENCL_H */
