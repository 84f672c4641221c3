// MOJO-OWN-109 for the cuda kind, correct code: the status is checked
// before the out-parameter is used.
// expect-no-diagnostics
#include <cuda_runtime.h>
#include <cuda.h>

int checked_memset(size_t n)
{
	void *d;
	if (cudaMalloc(&d, n) != cudaSuccess)
		return -1;
	cudaMemset(d, 0, n);
	cudaFree(d);
	return 0;
}

int checked_copy(void *host, size_t n)
{
	void *d;
	cudaError_t err = cudaMalloc(&d, n);
	if (err != cudaSuccess)
		return (int)err;
	err = cudaMemcpy(d, host, n, cudaMemcpyHostToDevice);
	cudaFree(d);
	return (int)err;
}

int checked_stream(void)
{
	cudaStream_t s;
	if (cudaStreamCreate(&s) == cudaSuccess) {
		cudaStreamSynchronize(s);
		cudaStreamDestroy(s);
		return 0;
	}
	return -1;
}

CUresult checked_driver(size_t n)
{
	CUdeviceptr d;
	CUresult r = cuMemAlloc(&d, n);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuMemcpyHtoD(d, &n, sizeof n);
	cuMemFree(d);
	return r;
}

// The sticky-error idiom: check cudaGetLastError() after the calls.
int checked_pinned(size_t n)
{
	char *h;
	if (cudaMallocHost((void **)&h, n) != cudaSuccess)
		return -1;
	h[0] = 0;
	cudaFreeHost(h);
	return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
