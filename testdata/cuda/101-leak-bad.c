// MOJO-OWN-101 for the cuda kind: device memory, streams, events and
// graphs that reach a normal exit unreleased. Device memory is not
// reclaimed until the context is destroyed, usually at process exit.
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <string.h>

int launch_scale(float *dev, size_t n, float k, cudaStream_t s);

// A scratch buffer for one kernel launch, never freed.
int scale_on_device(float *host, size_t n, float k)
{
	float *dev;
	if (cudaMalloc((void **)&dev, n * sizeof *dev) != cudaSuccess)
		return -1;
	cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyHostToDevice);
	launch_scale(dev, n, k, NULL);
	cudaMemcpy(host, dev, n * sizeof *dev, cudaMemcpyDeviceToHost);
	return 0; // expect-warning[MOJO-OWN-101] {{CUDA resource 'dev' from 'cudaMalloc' is never released}}
}

// A stream per call, synchronised but not destroyed.
int run_async(float *dev, size_t n)
{
	cudaStream_t s;
	if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
		return -1;
	launch_scale(dev, n, 2.0f, s);
	cudaStreamSynchronize(s);
	return 0; // expect-warning[MOJO-OWN-101] {{'s' from 'cudaStreamCreateWithFlags'}}
}

// Timing events: the stop event is destroyed, the start event is not.
float time_kernel(float *dev, size_t n)
{
	cudaEvent_t start, stop;
	if (cudaEventCreate(&start) != cudaSuccess)
		return -1.0f;
	if (cudaEventCreate(&stop) != cudaSuccess) {
		cudaEventDestroy(start);
		return -1.0f;
	}
	cudaEventRecord(start, NULL);
	launch_scale(dev, n, 1.0f, NULL);
	cudaEventRecord(stop, NULL);
	cudaEventSynchronize(stop);
	cudaEventDestroy(stop);
	return 0.0f; // expect-warning[MOJO-OWN-101] {{'start'}}
}

// Driver API: pinned host memory for a transfer.
int stage(CUdeviceptr dst, const void *src, size_t n)
{
	void *pinned;
	if (cuMemAllocHost(&pinned, n) != CUDA_SUCCESS)
		return -1;
	memcpy(pinned, src, n);
	cuMemcpyHtoD(dst, pinned, n);
	return 0; // expect-warning[MOJO-OWN-101] {{'pinned'}}
}

// A graph captured from a stream and instantiated; the executable graph
// is launched but never destroyed.
int replay(cudaGraph_t graph, cudaStream_t s)
{
	cudaGraphExec_t exec;
	if (cudaGraphInstantiate(&exec, graph, 0) != cudaSuccess)
		return -1;
	cudaGraphLaunch(exec, s);
	return 0; // expect-warning[MOJO-OWN-101] {{'exec' from 'cudaGraphInstantiate'}}
}
