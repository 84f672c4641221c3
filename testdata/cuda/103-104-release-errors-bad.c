// MOJO-OWN-103 and 104 for the cuda kind: device memory, streams and
// events used or released after their release. A second cudaFree of the
// same pointer returns cudaErrorInvalidValue at best, and frees someone
// else's allocation at worst once the address is reused.
#include <cuda_runtime.h>
#include <cuda.h>

int launch(float *dev, size_t n, cudaStream_t s);

int use_after_free(size_t n)
{
	float *dev;
	if (cudaMalloc((void **)&dev, n * sizeof *dev) != cudaSuccess)
		return -1;
	cudaFree(dev);
	return cudaMemset(dev, 0, n * sizeof *dev) == cudaSuccess ? 0 : -1; // expect-error[MOJO-OWN-103] {{CUDA resource 'dev' from 'cudaMalloc' is passed to 'cudaMemset' after it was released}}
}

int sync_destroyed_stream(void)
{
	cudaStream_t s;
	if (cudaStreamCreate(&s) != cudaSuccess)
		return -1;
	cudaStreamDestroy(s);
	return cudaStreamSynchronize(s) == cudaSuccess ? 0 : -1; // expect-error[MOJO-OWN-103] {{'s' from 'cudaStreamCreate'}}
}

int record_destroyed_event(cudaStream_t s)
{
	cudaEvent_t ev;
	if (cudaEventCreate(&ev) != cudaSuccess)
		return -1;
	cudaEventDestroy(ev);
	return cudaEventRecord(ev, s); // expect-error[MOJO-OWN-103] {{'ev'}}
}

int copy_back_after_free(float *host, size_t n)
{
	float *dev;
	if (cudaMalloc((void **)&dev, n) != cudaSuccess)
		return -1;
	launch(dev, n, NULL);
	cudaFree(dev);
	return cudaMemcpy(host, dev, n, cudaMemcpyDeviceToHost); // expect-error[MOJO-OWN-103] {{'dev'}}
}

int double_free_on_error(size_t n)
{
	void *dev;
	if (cudaMalloc(&dev, n) != cudaSuccess)
		return -1;
	if (cudaMemset(dev, 0, n) != cudaSuccess) {
		cudaFree(dev);
		goto fail;
	}
	cudaFree(dev);
	return 0;
fail:
	cudaFree(dev); // expect-error[MOJO-OWN-104] {{CUDA resource 'dev' from 'cudaMalloc' is released twice}}
	return -1;
}

void destroy_stream_twice(void)
{
	cudaStream_t s;
	if (cudaStreamCreate(&s) != cudaSuccess)
		return;
	cudaStreamDestroy(s);
	cudaStreamDestroy(s); // expect-error[MOJO-OWN-104] {{'s'}}
}

CUresult driver_double_free(size_t n)
{
	CUdeviceptr d;
	CUresult r = cuMemAlloc(&d, n);
	if (r != CUDA_SUCCESS)
		return r;
	cuMemFree(d);
	return cuMemFree(d); // expect-error[MOJO-OWN-104] {{'d'}}
}

void free_host_twice(size_t n)
{
	void *h;
	if (cudaMallocHost(&h, n) != cudaSuccess)
		return;
	cudaFreeHost(h);
	cudaFreeHost(h); // expect-error[MOJO-OWN-104] {{'h' from 'cudaMallocHost'}}
}
