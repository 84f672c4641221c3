// C host code including <cuda_runtime.h> and <cuda.h> on a machine
// without a CUDA toolkit: the tool's own declarations answer (issue 12),
// and launches through cudaLaunchKernel follow the error convention.
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <stdlib.h>
#include <string.h>

#ifndef OWNLINT_CUDA_DECLS
#error "expected mojo-ownlint's own CUDA declarations, not a toolkit"
#endif

extern const void *fill_kernel; // the kernel, compiled elsewhere by nvcc

// A launch error: the stream-ordered buffer is kept.
cudaError_t launch_fill(cudaStream_t s, int n, float v)
{
	float *d;
	cudaError_t err = cudaMallocAsync((void **)&d, n * sizeof(float), s);
	if (err != cudaSuccess)
		return err;
	void *args[] = {&d, &n, &v};
	dim3 grid = {(unsigned)(n + 255) / 256, 1, 1}, block = {256, 1, 1};
	err = cudaLaunchKernel(fill_kernel, grid, block, args, 0, s);
	if (err != cudaSuccess)
		return err; // expect-warning[MOJO-OWN-105] {{'d' from 'cudaMallocAsync' is leaked on the error exit}}
	return cudaFreeAsync(d, s);
}

// A stream destroyed before the launch that uses it.
void launch_on_dead_stream(int n)
{
	cudaStream_t s;
	void *args[] = {&n};
	dim3 one = {1, 1, 1};
	if (cudaStreamCreate(&s) != cudaSuccess)
		return;
	cudaStreamDestroy(s);
	cudaLaunchKernel(fill_kernel, one, one, args, 0, s); // expect-error[MOJO-OWN-103] {{'s' from 'cudaStreamCreate' is passed to 'cudaLaunchKernel' after it was released}}
}

// Pinned memory from cudaMallocHost freed with free().
void stage(const void *src, size_t n)
{
	void *h;
	if (cudaMallocHost(&h, n) != cudaSuccess)
		return;
	memcpy(h, src, n);
	free(h); // expect-error[MOJO-OWN-111] {{'h' from 'cudaMallocHost' is released with 'free'}}
}

// A memory pool created per call and never destroyed.
int pooled(cudaStream_t s, size_t n)
{
	cudaMemPool_t pool;
	struct cudaMemPoolProps props;
	void *p;
	memset(&props, 0, sizeof props);
	if (cudaMemPoolCreate(&pool, &props) != cudaSuccess)
		return -1;
	if (cudaMallocFromPoolAsync(&p, n, pool, s) != cudaSuccess)
		return -1; // expect-warning[MOJO-OWN-105] {{'pool' from 'cudaMemPoolCreate'}}
	cudaFreeAsync(p, s);
	return 0; // expect-note {{also: CUDA resource 'pool' from 'cudaMemPoolCreate' is never released [MOJO-OWN-101]}}
}

// Driver API: a module loaded and never unloaded on the error path.
CUresult load(const void *image, CUfunction *f)
{
	CUmodule m;
	CUresult r = cuModuleLoadData(&m, image);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuModuleGetFunction(f, m, "fill");
	if (r != CUDA_SUCCESS)
		return r; // expect-warning[MOJO-OWN-105] {{'m' from 'cuModuleLoadData'}}
	return CUDA_SUCCESS; // expect-note {{also: CUDA resource 'm' from 'cuModuleLoadData' is never released [MOJO-OWN-101]}}
}

// A host staging buffer handed to cudaMemcpy is only borrowed by it: the
// failed copy's error exit leaks it.
int upload_doubled(float *dev, const float *src, size_t n)
{
	float *h = malloc(n * sizeof *h);
	if (h == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		h[i] = 2 * src[i];
	if (cudaMemcpy(dev, h, n * sizeof *h, cudaMemcpyHostToDevice) != cudaSuccess)
		return -1; // expect-warning[MOJO-OWN-105] {{heap memory 'h' from 'malloc' is leaked on the error exit}}
	free(h);
	return 0;
}
