/*
 * cuda_runtime_api.h — mojo-ownlint's own declarations of the CUDA runtime
 * API, used only when no CUDA toolkit is found (or with --no-cuda-toolkit):
 * the tool adds this folder with -idirafter, so a toolkit or an include
 * folder the user names always wins.
 *
 * What it is: the types and C signatures of the runtime functions the
 * knowledge base knows (rules/cuda.json) and of their usual companions
 * (copies, queries, launches), enough to parse host code that allocates,
 * copies and launches. Signatures follow NVIDIA's CUDA 12 runtime API
 * reference (https://docs.nvidia.com/cuda/cuda-runtime-api/); default
 * arguments exist in C++ only, as in the real header. What it is not: a
 * copy of NVIDIA's headers, and nothing here is compiled or linked.
 *
 * OWNLINT_CUDA_DECLS tells code (and the tests) that these declarations
 * are in use rather than a toolkit's.
 */
#ifndef OWNLINT_CUDA_RUNTIME_API_H
#define OWNLINT_CUDA_RUNTIME_API_H
#define OWNLINT_CUDA_DECLS 1
#define __CUDA_RUNTIME_API_H__ 1

#include <stddef.h>

#ifndef CUDART_VERSION
#define CUDART_VERSION 12080
#endif

/* CUDA's function qualifiers, for host compilers that do not define them
 * (in CUDA mode, the kernel prelude defines them first). */
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __shared__
#define __shared__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __managed__
#define __managed__
#endif
#ifndef __forceinline__
#define __forceinline__ inline
#endif
#ifndef __device_builtin__
#define __device_builtin__
#endif
#ifndef CUDARTAPI
#define CUDARTAPI
#endif

#ifdef __cplusplus
#define OWNLINT_CUDA_DEFAULT(v) = v
extern "C" {
#else
#define OWNLINT_CUDA_DEFAULT(v)
#endif

/* Errors (a few of the codes; every failure is "not cudaSuccess"). */
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidDevicePointer = 17,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorInsufficientDriver = 35,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorInvalidKernelImage = 200,
	cudaErrorInvalidContext = 201,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,
	cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchFailure = 719,
	cudaErrorNotSupported = 801,
	cudaErrorStreamCaptureUnsupported = 900,
	cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4
};

enum cudaMemoryType {
	cudaMemoryTypeUnregistered = 0,
	cudaMemoryTypeHost = 1,
	cudaMemoryTypeDevice = 2,
	cudaMemoryTypeManaged = 3
};

enum cudaStreamCaptureMode {
	cudaStreamCaptureModeGlobal = 0,
	cudaStreamCaptureModeThreadLocal = 1,
	cudaStreamCaptureModeRelaxed = 2
};

enum cudaStreamCaptureStatus {
	cudaStreamCaptureStatusNone = 0,
	cudaStreamCaptureStatusActive = 1,
	cudaStreamCaptureStatusInvalidated = 2
};

enum cudaLimit {
	cudaLimitStackSize = 0,
	cudaLimitPrintfFifoSize = 1,
	cudaLimitMallocHeapSize = 2
};

enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1,
	cudaDevAttrMaxBlockDimX = 2,
	cudaDevAttrMaxGridDimX = 5,
	cudaDevAttrMaxSharedMemoryPerBlock = 8,
	cudaDevAttrWarpSize = 10,
	cudaDevAttrMultiProcessorCount = 16,
	cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrMemoryPoolsSupported = 115
};

enum cudaFuncCache {
	cudaFuncCachePreferNone = 0,
	cudaFuncCachePreferShared = 1,
	cudaFuncCachePreferL1 = 2,
	cudaFuncCachePreferEqual = 3
};

enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9
};

enum cudaMemoryAdvise {
	cudaMemAdviseSetReadMostly = 1,
	cudaMemAdviseUnsetReadMostly = 2,
	cudaMemAdviseSetPreferredLocation = 3,
	cudaMemAdviseUnsetPreferredLocation = 4,
	cudaMemAdviseSetAccessedBy = 5,
	cudaMemAdviseUnsetAccessedBy = 6
};

/* Opaque handles. */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef void (*cudaHostFn_t)(void *userData);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status,
				     void *userData);

#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)

/* Interprocess handles: opaque bytes passed between processes. */
#define CUDA_IPC_HANDLE_SIZE 64
typedef struct cudaIpcMemHandle_st {
	char reserved[CUDA_IPC_HANDLE_SIZE];
} cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st {
	char reserved[CUDA_IPC_HANDLE_SIZE];
} cudaIpcEventHandle_t;

/* Flags. */
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

/* Vector types (vector_types.h). */
typedef struct char2 { signed char x, y; } char2;
typedef struct uchar2 { unsigned char x, y; } uchar2;
typedef struct char4 { signed char x, y, z, w; } char4;
typedef struct uchar4 { unsigned char x, y, z, w; } uchar4;
typedef struct short2 { short x, y; } short2;
typedef struct ushort2 { unsigned short x, y; } ushort2;
typedef struct int2 { int x, y; } int2;
typedef struct uint2 { unsigned int x, y; } uint2;
typedef struct int3 { int x, y, z; } int3;
typedef struct uint3 { unsigned int x, y, z; } uint3;
typedef struct int4 { int x, y, z, w; } int4;
typedef struct uint4 { unsigned int x, y, z, w; } uint4;
typedef struct long2 { long x, y; } long2;
typedef struct longlong2 { long long x, y; } longlong2;
typedef struct float2 { float x, y; } float2;
typedef struct float3 { float x, y, z; } float3;
typedef struct float4 { float x, y, z, w; } float4;
typedef struct double2 { double x, y; } double2;
typedef struct double3 { double x, y, z; } double3;
typedef struct double4 { double x, y, z, w; } double4;

typedef struct dim3 {
	unsigned int x, y, z;
#ifdef __cplusplus
	__host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1,
				 unsigned int vz = 1)
		: x(vx), y(vy), z(vz) {}
	__host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	__host__ __device__ operator uint3() const
	{
		uint3 t = {x, y, z};
		return t;
	}
#endif
} dim3;

/* Structures the runtime fills in or reads. */
struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;
	int memoryBusWidth;
	int l2CacheSize;
	int maxThreadsPerMultiProcessor;
	int managedMemory;
	int concurrentManagedAccess;
	int pageableMemoryAccess;
	size_t sharedMemPerBlockOptin;
};

struct cudaPointerAttributes {
	enum cudaMemoryType type;
	int device;
	void *devicePointer;
	void *hostPointer;
};

struct cudaFuncAttributes {
	size_t sharedSizeBytes;
	size_t constSizeBytes;
	size_t localSizeBytes;
	int maxThreadsPerBlock;
	int numRegs;
	int ptxVersion;
	int binaryVersion;
};

struct cudaExtent {
	size_t width, height, depth;
};
struct cudaPos {
	size_t x, y, z;
};
struct cudaPitchedPtr {
	void *ptr;
	size_t pitch, xsize, ysize;
};
struct cudaChannelFormatDesc {
	int x, y, z, w;
	int f;
};
struct cudaMemcpy3DParms {
	cudaArray_t srcArray;
	struct cudaPos srcPos;
	struct cudaPitchedPtr srcPtr;
	cudaArray_t dstArray;
	struct cudaPos dstPos;
	struct cudaPitchedPtr dstPtr;
	struct cudaExtent extent;
	enum cudaMemcpyKind kind;
};
struct cudaMemPoolProps {
	int allocType;
	int handleTypes;
	struct {
		int type;
		int id;
	} location;
	void *win32SecurityAttributes;
	size_t maxSize;
	unsigned char reserved[56];
};

/* Errors, versions, devices. */
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr,
				   int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
				    int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);

/* Memory. */
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
			      unsigned int flags
				      OWNLINT_CUDA_DEFAULT(cudaMemAttachGlobal));
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
			    size_t height);
cudaError_t cudaMallocArray(cudaArray_t *array,
			    const struct cudaChannelFormatDesc *desc,
			    size_t width, size_t height OWNLINT_CUDA_DEFAULT(0),
			    unsigned int flags OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
			 struct cudaExtent extent);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
				     unsigned int flags);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
				    cudaMemPool_t memPool,
				    cudaStream_t stream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool,
			      const struct cudaMemPoolProps *poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
		       enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
			    enum cudaMemcpyKind kind,
			    cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
			 size_t spitch, size_t width, size_t height,
			 enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
			      size_t spitch, size_t width, size_t height,
			      enum cudaMemcpyKind kind,
			      cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
			      cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
			   int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
				int srcDevice, size_t count,
				cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
			       size_t count, size_t offset OWNLINT_CUDA_DEFAULT(0),
			       enum cudaMemcpyKind kind
				       OWNLINT_CUDA_DEFAULT(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
				 size_t offset OWNLINT_CUDA_DEFAULT(0),
				 enum cudaMemcpyKind kind
					 OWNLINT_CUDA_DEFAULT(cudaMemcpyDeviceToHost));
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
			    cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
			 size_t height);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
				 int dstDevice,
				 cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
			  enum cudaMemoryAdvise advice, int device);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
				     const void *ptr);

/* Interprocess memory and events. */
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle,
				 unsigned int flags);
cudaError_t cudaIpcCloseMemHandle(void *devPtr);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle,
				  cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event,
				   cudaIpcEventHandle_t handle);

/* Streams. */
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
				      unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
					 unsigned int flags, int priority);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
					     int *greatestPriority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
				unsigned int flags OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaStreamAddCallback(cudaStream_t stream,
				  cudaStreamCallback_t callback,
				  void *userData, unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
			       void *userData);
cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
				   enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
				  enum cudaStreamCaptureStatus *pCaptureStatus);

/* Events. */
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event,
			    cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
				 cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

/* Graphs (CUDA 12's cudaGraphInstantiate). */
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
				 cudaGraph_t graph,
				 unsigned long long flags OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
					  cudaGraph_t graph,
					  unsigned long long flags);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);

/* Launches and functions. */
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
			     void **args, size_t sharedMem OWNLINT_CUDA_DEFAULT(0),
			     cudaStream_t stream OWNLINT_CUDA_DEFAULT(0));
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
				  const void *func);
cudaError_t cudaFuncSetAttribute(const void *func,
				 enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncSetCacheConfig(const void *func,
				   enum cudaFuncCache cacheConfig);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
							  const void *func,
							  int blockSize,
							  size_t dynamicSMemSize);

#ifdef __cplusplus
}
#endif

/* vector_functions.h */
#ifdef __cplusplus
#define OWNLINT_CUDA_VFN static inline __host__ __device__
#else
#define OWNLINT_CUDA_VFN static inline
#endif
OWNLINT_CUDA_VFN int2 make_int2(int x, int y) { int2 t = {x, y}; return t; }
OWNLINT_CUDA_VFN int3 make_int3(int x, int y, int z) { int3 t = {x, y, z}; return t; }
OWNLINT_CUDA_VFN int4 make_int4(int x, int y, int z, int w) { int4 t = {x, y, z, w}; return t; }
OWNLINT_CUDA_VFN uint3 make_uint3(unsigned x, unsigned y, unsigned z) { uint3 t = {x, y, z}; return t; }
OWNLINT_CUDA_VFN float2 make_float2(float x, float y) { float2 t = {x, y}; return t; }
OWNLINT_CUDA_VFN float3 make_float3(float x, float y, float z) { float3 t = {x, y, z}; return t; }
OWNLINT_CUDA_VFN float4 make_float4(float x, float y, float z, float w) { float4 t = {x, y, z, w}; return t; }
OWNLINT_CUDA_VFN double2 make_double2(double x, double y) { double2 t = {x, y}; return t; }
OWNLINT_CUDA_VFN struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { struct cudaExtent t = {w, h, d}; return t; }
OWNLINT_CUDA_VFN struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) { struct cudaPos t = {x, y, z}; return t; }
OWNLINT_CUDA_VFN struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) { struct cudaPitchedPtr t = {d, p, xsz, ysz}; return t; }

#endif
