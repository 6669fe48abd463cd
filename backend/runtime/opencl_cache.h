/* opencl_cache.h: the OpenCL host runtime's cache of program binaries (opencl_cache.c). */
#ifndef APLC_OPENCL_CACHE_H
#define APLC_OPENCL_CACHE_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

/* The program built from the binary cached for this source, options and device, or NULL (no
 * cache, no entry, or one the driver does not take: the caller builds from source). */
cl_program aplc_opencl_cached_program(cl_context context, cl_device_id device, cl_platform_id platform,
                                      const char *source, const char *options);

/* Saves the binary of a program built from source for the next run (nothing on failure). */
void aplc_opencl_cache_program(cl_program program, cl_device_id device, cl_platform_id platform,
                               const char *source, const char *options);

#endif
