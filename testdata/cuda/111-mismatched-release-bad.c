// MOJO-OWN-111 for the cuda kind: a handle released by the wrong
// function. cudaFree on pinned host memory (cudaMallocHost) fails with
// cudaErrorInvalidValue and leaks it; free() on it corrupts the heap.
#include <cuda_runtime.h>
#include <cuda.h>
#include <stdlib.h>

void pinned_with_cudaFree(size_t n)
{
	void *h;
	if (cudaMallocHost(&h, n) != cudaSuccess)
		return;
	cudaFree(h); // expect-error[MOJO-OWN-111] {{CUDA resource 'h' from 'cudaMallocHost' is released with 'cudaFree'; use 'cudaFreeHost'}}
}

void device_with_cudaFreeHost(size_t n)
{
	void *d;
	if (cudaMalloc(&d, n) != cudaSuccess)
		return;
	cudaFreeHost(d); // expect-error[MOJO-OWN-111] {{use 'cudaFree'}}
}

void hostalloc_with_cudaFree(size_t n)
{
	void *h;
	if (cudaHostAlloc(&h, n, cudaHostAllocMapped) != cudaSuccess)
		return;
	cudaFree(h); // expect-error[MOJO-OWN-111] {{use 'cudaFreeHost'}}
}

void driver_pinned_with_cuMemFree(size_t n)
{
	void *h;
	if (cuMemAllocHost(&h, n) != CUDA_SUCCESS)
		return;
	cudaFreeHost(h); // expect-error[MOJO-OWN-111] {{use 'cuMemFreeHost'}}
}

void graph_exec_with_graph_destroy(cudaGraph_t g)
{
	cudaGraphExec_t exec;
	if (cudaGraphInstantiate(&exec, g, 0) != cudaSuccess)
		return;
	cudaGraphDestroy((cudaGraph_t)exec); // expect-error[MOJO-OWN-111] {{use 'cudaGraphExecDestroy'}}
}

// libc free on pinned memory: a release by another kind's function.
void pinned_with_free(size_t n)
{
	void *h;
	if (cudaMallocHost(&h, n) != cudaSuccess)
		return;
	free(h); // expect-error[MOJO-OWN-111] {{use 'cudaFreeHost'}}
}
