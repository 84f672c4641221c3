// MOJO-OWN-111 for the cuda kind, correct code.
// expect-no-diagnostics
#include <cuda_runtime.h>
#include <cuda.h>

void pinned(size_t n)
{
	void *h;
	if (cudaMallocHost(&h, n) != cudaSuccess)
		return;
	cudaFreeHost(h);
}

void device(size_t n, cudaStream_t s)
{
	void *d, *e;
	if (cudaMalloc(&d, n) != cudaSuccess)
		return;
	cudaFree(d);
	if (cudaMalloc(&e, n) != cudaSuccess)
		return;
	cudaFreeAsync(e, s); // listed in cudaMalloc's releases_with
}

void managed_and_pitch(size_t w, size_t h)
{
	void *m, *p;
	size_t pitch;
	if (cudaMallocManaged(&m, w * h, cudaMemAttachGlobal) != cudaSuccess)
		return;
	if (cudaMallocPitch(&p, &pitch, w, h) != cudaSuccess) {
		cudaFree(m);
		return;
	}
	cudaFree(p);
	cudaFree(m);
}

void graph(void)
{
	cudaGraph_t g;
	cudaGraphExec_t exec;
	if (cudaGraphCreate(&g, 0) != cudaSuccess)
		return;
	if (cudaGraphInstantiate(&exec, g, 0) == cudaSuccess)
		cudaGraphExecDestroy(exec);
	cudaGraphDestroy(g);
}

void driver(size_t n)
{
	void *h;
	CUdeviceptr d;
	if (cuMemAllocHost(&h, n) != CUDA_SUCCESS)
		return;
	if (cuMemAlloc(&d, n) == CUDA_SUCCESS)
		cuMemFree(d);
	cuMemFreeHost(h);
}
