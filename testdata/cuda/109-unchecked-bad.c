// MOJO-OWN-109 for the cuda kind: the out-parameter of an allocation used
// although the call's cudaError_t/CUresult was never checked (on failure
// the pointer is unset garbage). the CUDA rules list non-cudaSuccess results
// under 109; the engine checks only NULL-returning APIs today, and counts
// an untested result as success.
#include <cuda_runtime.h>
#include <cuda.h>

void unchecked_memset(size_t n)
{
	void *d;
	cudaMalloc(&d, n);
	cudaMemset(d, 0, n); // expect-warning[MOJO-OWN-109] {{'d'}}
	cudaFree(d);
}

void unchecked_copy(void *host, size_t n)
{
	void *d;
	(void)cudaMalloc(&d, n);
	cudaMemcpy(d, host, n, cudaMemcpyHostToDevice); // expect-warning[MOJO-OWN-109] {{'d'}}
	cudaFree(d);
}

void unchecked_stream(void)
{
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaStreamSynchronize(s); // expect-warning[MOJO-OWN-109] {{'s'}}
	cudaStreamDestroy(s);
}

void unchecked_driver(size_t n)
{
	CUdeviceptr d;
	cuMemAlloc(&d, n);
	cuMemcpyHtoD(d, &n, sizeof n); // expect-warning[MOJO-OWN-109] {{'d'}}
	cuMemFree(d);
}

// Pinned memory written through before the status is known.
void unchecked_pinned(size_t n)
{
	char *h;
	cudaMallocHost((void **)&h, n);
	h[0] = 0; // expect-warning[MOJO-OWN-109] {{'h'}}
	cudaFreeHost(h);
}
