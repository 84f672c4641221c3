/*
 * cuda_runtime.h — mojo-ownlint's stand-in for the CUDA runtime header,
 * used only when no CUDA toolkit is found (see cuda_runtime_api.h). As in
 * the real header, C++ gets typed overloads of the allocators
 * (`cudaMalloc(&floats, n)` without a `void **` cast) that forward to the
 * C functions; the knowledge base knows them by the same names.
 */
#ifndef OWNLINT_CUDA_RUNTIME_H
#define OWNLINT_CUDA_RUNTIME_H
#define __CUDA_RUNTIME_H__ 1

#include "cuda_runtime_api.h"

/* The C library parts the real header brings in (crt/common_functions.h,
 * crt/math_functions.h): code relies on them without including them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
template <class T>
static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
	return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static inline cudaError_t cudaMallocHost(T **ptr, size_t size,
					 unsigned int flags = 0)
{
	(void)flags;
	return ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T>
static inline cudaError_t cudaHostAlloc(T **ptr, size_t size,
					unsigned int flags)
{
	return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size,
					    unsigned int flags = cudaMemAttachGlobal)
{
	return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch,
					  size_t width, size_t height)
{
	return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size,
					  cudaStream_t stream)
{
	return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static inline cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
						  cudaMemPool_t memPool,
						  cudaStream_t stream)
{
	return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool,
					 stream);
}
template <class T>
static inline cudaError_t cudaIpcOpenMemHandle(T **devPtr,
					       cudaIpcMemHandle_t handle,
					       unsigned int flags)
{
	return ::cudaIpcOpenMemHandle((void **)(void *)devPtr, handle, flags);
}
template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
						   unsigned int flags)
{
	return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost,
					  flags);
}
static inline cudaError_t cudaEventCreate(cudaEvent_t *event,
					  unsigned int flags)
{
	return ::cudaEventCreateWithFlags(event, flags);
}
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim,
					   dim3 blockDim, void **args,
					   size_t sharedMem = 0,
					   cudaStream_t stream = 0)
{
	return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
				  sharedMem, stream);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src,
					     size_t count, size_t offset = 0,
					     enum cudaMemcpyKind kind =
						     cudaMemcpyHostToDevice)
{
	return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset,
				    kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol,
					       size_t count, size_t offset = 0,
					       enum cudaMemcpyKind kind =
						       cudaMemcpyDeviceToHost)
{
	return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
				      kind);
}
template <class T>
static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{
	return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
						T *entry)
{
	return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *entry,
					       enum cudaFuncAttribute attr,
					       int value)
{
	return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
	int *numBlocks, T func, int blockSize, size_t dynamicSMemSize)
{
	return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
		numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}
#endif

#endif
