/* Deliberate errors of a kernel (the Oclgrind runner's own checks, tests/oclgrind/CMakeLists.txt):
 * every work item writes its index to the same item of a buffer (a data race), and the last one
 * writes one item past its end (an out-of-bounds write). run.sh must report both. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

static const char *source =
    "__kernel void racy(__global int *out) {\n"
    "  out[0] = (int)get_global_id(0);\n"
    "  out[get_global_id(0) + 1] = 1;\n"
    "}\n";

int main(void) {
  cl_platform_id platform;
  cl_device_id device;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) {
    fprintf(stderr, "racy: no OpenCL device\n");
    return 2;
  }
  cl_int err;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  clBuildProgram(program, 1, &device, "", NULL, NULL);
  cl_kernel kernel = clCreateKernel(program, "racy", &err);
  cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, 64 * sizeof(cl_int), NULL, &err);
  clSetKernelArg(kernel, 0, sizeof out, &out);
  size_t global = 64, local = 16;
  clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL);
  cl_int first;
  clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof first, &first, 0, NULL, NULL);
  printf("%d\n", first >= 0);
  clReleaseMemObject(out);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
