// Streams, events, graphs, stream-ordered allocations, pinned host memory
// and interprocess handles, each released by its own function on every
// path (CUDA host code parsed without a toolkit).
// expect-no-diagnostics
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <string.h>

__global__ void fill(float *d, int n, float v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = v;
}

int async_fill(int n)
{
	cudaStream_t s;
	float *d;
	if (cudaStreamCreate(&s) != cudaSuccess)
		return -1;
	if (cudaMallocAsync(&d, n * sizeof(float), s) != cudaSuccess) {
		cudaStreamDestroy(s);
		return -1;
	}
	fill<<<(n + 255) / 256, 256, 0, s>>>(d, n, 1.0f);
	cudaFreeAsync(d, s);
	cudaStreamSynchronize(s);
	cudaStreamDestroy(s);
	return 0;
}

void pinned_staging(const float *src, float *dst, int n)
{
	float *h;
	if (cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocPortable) != cudaSuccess)
		return;
	memcpy(h, src, n * sizeof(float));
	cudaMemcpy(dst, h, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaFreeHost(h);
}

float timed(cudaStream_t s, float *d, int n)
{
	cudaEvent_t a, b;
	float ms = -1.0f;
	if (cudaEventCreate(&a) != cudaSuccess)
		return ms;
	if (cudaEventCreate(&b) != cudaSuccess)
		goto out_a;
	cudaEventRecord(a, s);
	fill<<<1, 256, 0, s>>>(d, n, 2.0f);
	cudaEventRecord(b, s);
	if (cudaEventSynchronize(b) == cudaSuccess)
		cudaEventElapsedTime(&ms, a, b);
	cudaEventDestroy(b);
out_a:
	cudaEventDestroy(a);
	return ms;
}

int capture_and_replay(cudaStream_t s, float *d, int n)
{
	cudaGraph_t g;
	cudaGraphExec_t exec;
	int rc = -1;
	if (cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) != cudaSuccess)
		return -1;
	fill<<<1, 256, 0, s>>>(d, n, 3.0f);
	if (cudaStreamEndCapture(s, &g) != cudaSuccess)
		return -1;
	if (cudaGraphInstantiate(&exec, g, 0) != cudaSuccess)
		goto out;
	rc = cudaGraphLaunch(exec, s) == cudaSuccess ? 0 : -1;
	cudaGraphExecDestroy(exec);
out:
	cudaGraphDestroy(g);
	return rc;
}

PyObject *ipc_peek(PyObject *self, PyObject *arg)
{
	(void)self;
	cudaIpcMemHandle_t handle;
	float *peer;
	float first;
	if (PyBytes_Size(arg) != sizeof handle)
		return NULL;
	memcpy(&handle, PyBytes_AsString(arg), sizeof handle);
	if (cudaIpcOpenMemHandle((void **)&peer, handle,
				 cudaIpcMemLazyEnablePeerAccess) != cudaSuccess)
		return PyErr_NoMemory();
	cudaMemcpy(&first, peer, sizeof first, cudaMemcpyDeviceToHost);
	cudaIpcCloseMemHandle(peer);
	return PyFloat_FromDouble(first);
}

int ipc_wait(cudaIpcEventHandle_t handle, cudaStream_t s)
{
	cudaEvent_t ev;
	if (cudaIpcOpenEventHandle(&ev, handle) != cudaSuccess)
		return -1;
	int rc = cudaStreamWaitEvent(s, ev, 0) == cudaSuccess ? 0 : -1;
	cudaEventDestroy(ev);
	return rc;
}

CUresult driver_ipc(CUipcMemHandle handle, void *dst, size_t n)
{
	CUdeviceptr p;
	CUresult r = cuIpcOpenMemHandle(&p, handle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuMemcpyDtoH(dst, p, n);
	cuIpcCloseMemHandle(p);
	return r;
}

CUresult driver_graph(CUstream s)
{
	CUgraph g;
	CUgraphExec e;
	CUresult r = cuGraphCreate(&g, 0);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuGraphInstantiate(&e, g, 0);
	cuGraphDestroy(g);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuGraphLaunch(e, s);
	cuGraphExecDestroy(e);
	return r;
}
