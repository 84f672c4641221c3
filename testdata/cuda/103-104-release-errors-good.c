// MOJO-OWN-103 and 104 for the cuda kind, correct code.
// expect-no-diagnostics
#include <cuda_runtime.h>
#include <cuda.h>

int launch(float *dev, size_t n, cudaStream_t s);

int use_then_free(size_t n)
{
	float *dev;
	if (cudaMalloc((void **)&dev, n * sizeof *dev) != cudaSuccess)
		return -1;
	cudaError_t err = cudaMemset(dev, 0, n * sizeof *dev);
	cudaFree(dev);
	return err == cudaSuccess ? 0 : -1;
}

// The pointer is reset after the free, so the cleanup label's free is a
// no-op.
int free_and_null(size_t n)
{
	void *dev = NULL;
	if (cudaMalloc(&dev, n) != cudaSuccess)
		return -1;
	if (cudaMemset(dev, 0, n) != cudaSuccess) {
		cudaFree(dev);
		dev = NULL;
		goto fail;
	}
	cudaFree(dev);
	return 0;
fail:
	cudaFree(dev);
	return -1;
}

// One allocation per iteration.
int churn(size_t n, int rounds)
{
	for (int i = 0; i < rounds; i++) {
		float *dev;
		if (cudaMalloc((void **)&dev, n) != cudaSuccess)
			return -1;
		launch(dev, n, NULL);
		cudaFree(dev);
	}
	return 0;
}

CUresult driver_free_once(size_t n)
{
	CUdeviceptr d;
	CUresult r = cuMemAlloc(&d, n);
	if (r != CUDA_SUCCESS)
		return r;
	return cuMemFree(d);
}
