// C host code including <cuda_runtime.h> and <cuda.h> without a CUDA
// toolkit, correct: each handle is released on every path.
// expect-no-diagnostics
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <stdlib.h>
#include <string.h>

extern const void *fill_kernel;

cudaError_t launch_fill(cudaStream_t s, int n, float v)
{
	float *d;
	cudaError_t err = cudaMallocAsync((void **)&d, n * sizeof(float), s);
	if (err != cudaSuccess)
		return err;
	void *args[] = {&d, &n, &v};
	dim3 grid = {(unsigned)(n + 255) / 256, 1, 1}, block = {256, 1, 1};
	err = cudaLaunchKernel(fill_kernel, grid, block, args, 0, s);
	cudaFreeAsync(d, s);
	return err;
}

void stage(const void *src, size_t n)
{
	void *h;
	if (cudaMallocHost(&h, n) != cudaSuccess)
		return;
	memcpy(h, src, n);
	cudaFreeHost(h);
}

int pooled(cudaStream_t s, size_t n)
{
	cudaMemPool_t pool;
	struct cudaMemPoolProps props;
	void *p;
	int rc = -1;
	memset(&props, 0, sizeof props);
	if (cudaMemPoolCreate(&pool, &props) != cudaSuccess)
		return -1;
	if (cudaMallocFromPoolAsync(&p, n, pool, s) == cudaSuccess) {
		cudaFreeAsync(p, s);
		cudaStreamSynchronize(s);
		rc = 0;
	}
	cudaMemPoolDestroy(pool);
	return rc;
}

CUresult load(const void *image, CUfunction *f, CUmodule *keep)
{
	CUmodule m;
	CUresult r = cuModuleLoadData(&m, image);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuModuleGetFunction(f, m, "fill");
	if (r != CUDA_SUCCESS) {
		cuModuleUnload(m);
		return r;
	}
	*keep = m;
	return CUDA_SUCCESS;
}

int upload_doubled(float *dev, const float *src, size_t n)
{
	float *h = malloc(n * sizeof *h);
	if (h == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		h[i] = 2 * src[i];
	cudaError_t err = cudaMemcpy(dev, h, n * sizeof *h,
				     cudaMemcpyHostToDevice);
	free(h);
	return err == cudaSuccess ? 0 : -1;
}
