/*
 * Python.h — the test suite's CPython stub (../../include/Python.h). This
 * folder holds no CUDA header on purpose: the cases here include
 * <cuda_runtime.h> and <cuda.h> and get the tool's own declarations
 * (rules/cuda-include), as on a machine without a CUDA toolkit.
 */
#include "../../include/Python.h"
