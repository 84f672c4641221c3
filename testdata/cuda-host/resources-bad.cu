// Streams, events, graphs, stream-ordered allocations, pinned host memory
// and interprocess handles are paired like the other CUDA resources
// (issue 12), in CUDA host code parsed without a toolkit.
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

// cudaMallocAsync on a stream: the allocation is freed, the stream is
// not.
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
	return 0; // expect-warning[MOJO-OWN-101] {{CUDA resource 's' from 'cudaStreamCreate' is never released}}
}

// The stream-ordered allocation is leaked when the launch fails.
int async_leak_on_error(cudaStream_t s, int n)
{
	float *d;
	if (cudaMallocAsync(&d, n * sizeof(float), s) != cudaSuccess)
		return -1;
	fill<<<1, 256, 0, s>>>(d, n, 0.0f);
	if (cudaGetLastError() != cudaSuccess)
		return -1; // expect-warning[MOJO-OWN-105] {{'d' from 'cudaMallocAsync'}}
	cudaFreeAsync(d, s);
	return 0;
}

// Pinned host memory from cudaHostAlloc released with cudaFree.
void pinned_staging(const float *src, float *dst, int n)
{
	float *h;
	if (cudaHostAlloc(&h, n * sizeof(float), cudaHostAllocPortable) != cudaSuccess)
		return;
	memcpy(h, src, n * sizeof(float));
	cudaMemcpy(dst, h, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaFree(h); // expect-error[MOJO-OWN-111] {{'h' from 'cudaHostAlloc' is released with 'cudaFree'; use 'cudaFreeHost'}}
}

// An event destroyed twice, and one recorded after its destruction.
void events(cudaStream_t s)
{
	cudaEvent_t a, b;
	if (cudaEventCreateWithFlags(&a, cudaEventDisableTiming) != cudaSuccess)
		return;
	if (cudaEventCreate(&b) != cudaSuccess) {
		cudaEventDestroy(a);
		return;
	}
	cudaEventRecord(a, s);
	cudaStreamWaitEvent(s, a, 0);
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	cudaEventRecord(b, s); // expect-error[MOJO-OWN-103] {{'b' from 'cudaEventCreate' is passed to 'cudaEventRecord' after it was released}}
	cudaEventDestroy(a); // expect-error[MOJO-OWN-104] {{'a' from 'cudaEventCreateWithFlags' is released twice}}
}

// A graph captured from a stream: the executable graph is destroyed, the
// captured graph is not.
int capture_and_replay(cudaStream_t s, float *d, int n)
{
	cudaGraph_t g;
	cudaGraphExec_t exec;
	if (cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) != cudaSuccess)
		return -1;
	fill<<<1, 256, 0, s>>>(d, n, 3.0f);
	if (cudaStreamEndCapture(s, &g) != cudaSuccess)
		return -1;
	if (cudaGraphInstantiate(&exec, g, 0) != cudaSuccess)
		return -1; // expect-warning[MOJO-OWN-105] {{'g' from 'cudaStreamEndCapture'}}
	cudaGraphLaunch(exec, s);
	cudaGraphExecDestroy(exec);
	return 0; // expect-note {{also: CUDA resource 'g' from 'cudaStreamEndCapture' is never released [MOJO-OWN-101]}}
}

// Interprocess memory: opened and never closed; closed with cudaFree.
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
	return PyFloat_FromDouble(first); // expect-warning[MOJO-OWN-101] {{'peer' from 'cudaIpcOpenMemHandle' is never released}}
}

void ipc_close_with_free(cudaIpcMemHandle_t handle)
{
	void *peer;
	if (cudaIpcOpenMemHandle(&peer, handle, 0) != cudaSuccess)
		return;
	cudaFree(peer); // expect-error[MOJO-OWN-111] {{use 'cudaIpcCloseMemHandle'}}
}

// An interprocess event, opened in this process, must be destroyed here.
int ipc_wait(cudaIpcEventHandle_t handle, cudaStream_t s)
{
	cudaEvent_t ev;
	if (cudaIpcOpenEventHandle(&ev, handle) != cudaSuccess)
		return -1;
	// expect-warning[MOJO-OWN-101]@+1 {{'ev' from 'cudaIpcOpenEventHandle' is never released}}
	return cudaStreamWaitEvent(s, ev, 0) == cudaSuccess ? 0 : -1; // expect-note {{also: CUDA resource 'ev' from 'cudaIpcOpenEventHandle' is leaked on the error exit [MOJO-OWN-105]}}
}

// Driver API: an interprocess mapping and a graph.
CUresult driver_ipc(CUipcMemHandle handle, void *dst, size_t n)
{
	CUdeviceptr p;
	CUresult r = cuIpcOpenMemHandle(&p, handle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuMemcpyDtoH(dst, p, n);
	if (r != CUDA_SUCCESS)
		return r; // expect-warning[MOJO-OWN-105] {{'p' from 'cuIpcOpenMemHandle_v2'}}
	return cuIpcCloseMemHandle(p);
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
	return cuGraphLaunch(e, s); // expect-warning[MOJO-OWN-101] {{'e' from 'cuGraphInstantiate'}}
}
