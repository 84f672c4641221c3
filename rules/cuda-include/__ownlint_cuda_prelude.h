/*
 * __ownlint_cuda_prelude.h — what nvcc (and clang's CUDA wrapper headers)
 * give every .cu file before its first line, for parsing CUDA host code
 * without a toolkit or when clang's wrapper does not fit the installed one:
 * the function qualifiers (__global__, __device__, ...), <cuda_runtime.h>
 * (ours or the toolkit's), the kernels' built-in variables (blockIdx,
 * threadIdx, blockDim, gridDim, warpSize) from clang's own
 * <__clang_cuda_builtin_vars.h>, the call configuration a <<<...>>> launch
 * needs, and the common device intrinsics, declared only: kernels are
 * parsed, never compiled. mojo-ownlint passes it with -include.
 */
#ifndef OWNLINT_CUDA_PRELUDE_H
#define OWNLINT_CUDA_PRELUDE_H

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
#define __managed__ __attribute__((managed))
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
#ifndef __restrict__
#define __restrict__ __restrict
#endif

#include <cuda_runtime.h>
#include <__clang_cuda_builtin_vars.h>

#ifndef warpSize
#define warpSize 32
#endif

/* The call configuration of <<<grid, block, shared, stream>>>: clang calls
 * __cudaPushCallConfiguration (CUDA >= 9.2) or cudaConfigureCall (older, or
 * when it cannot tell the version) for every triple-chevron launch. The
 * toolkit declares the first only for nvcc, and the second not at all since
 * CUDA 12. */
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
						size_t sharedMem = 0,
						void *stream = 0);
#if defined(OWNLINT_CUDA_DECLS) || !defined(CUDART_VERSION) || \
	CUDART_VERSION >= 12000
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
					 size_t sharedMem = 0,
					 cudaStream_t stream = 0);
#endif

/* Device intrinsics kernels commonly call (declarations only). */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ int atomicAdd(int *address, int val);
__device__ unsigned atomicAdd(unsigned *address, unsigned val);
__device__ unsigned long long atomicAdd(unsigned long long *address,
					unsigned long long val);
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ int atomicSub(int *address, int val);
__device__ unsigned atomicSub(unsigned *address, unsigned val);
__device__ int atomicExch(int *address, int val);
__device__ unsigned atomicExch(unsigned *address, unsigned val);
__device__ float atomicExch(float *address, float val);
__device__ int atomicMin(int *address, int val);
__device__ unsigned atomicMin(unsigned *address, unsigned val);
__device__ int atomicMax(int *address, int val);
__device__ unsigned atomicMax(unsigned *address, unsigned val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned atomicCAS(unsigned *address, unsigned compare,
			      unsigned val);
__device__ unsigned long long atomicCAS(unsigned long long *address,
					unsigned long long compare,
					unsigned long long val);
__device__ int atomicAnd(int *address, int val);
__device__ int atomicOr(int *address, int val);
__device__ int atomicXor(int *address, int val);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ int __all_sync(unsigned mask, int predicate);
__device__ unsigned __activemask(void);
template <class T> __device__ T __shfl_sync(unsigned mask, T var, int src,
					    int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned mask, T var,
					       unsigned delta, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned mask, T var,
						 unsigned delta,
						 int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned mask, T var,
						int laneMask, int width = 32);
template <class T> __device__ T __ldg(const T *ptr);
__device__ int __popc(unsigned x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ unsigned __brev(unsigned x);
__device__ int __mul24(int x, int y);
__device__ int __mulhi(int x, int y);
__device__ float __fdividef(float x, float y);
__device__ float __expf(float x);
__device__ float __logf(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __powf(float x, float y);
__device__ float __saturatef(float x);
__device__ float __fmaf_rn(float x, float y, float z);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ unsigned __float2uint_rn(float x);
__device__ float __int2float_rn(int x);
static __device__ __forceinline__ void *memcpy(void *d, const void *s,
					      size_t n)
{
	return __builtin_memcpy(d, s, n);
}
static __device__ __forceinline__ void *memset(void *d, int c, size_t n)
{
	return __builtin_memset(d, c, n);
}
__device__ long long clock64(void);
__device__ int clock(void);
__host__ __device__ int min(int a, int b);
__host__ __device__ unsigned min(unsigned a, unsigned b);
__host__ __device__ long long min(long long a, long long b);
__host__ __device__ float min(float a, float b);
__host__ __device__ double min(double a, double b);
__host__ __device__ int max(int a, int b);
__host__ __device__ unsigned max(unsigned a, unsigned b);
__host__ __device__ long long max(long long a, long long b);
__host__ __device__ float max(float a, float b);
__host__ __device__ double max(double a, double b);

#endif
