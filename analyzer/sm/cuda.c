/*
 * cuda.c — the `cuda` kind: device and pinned allocations, streams,
 * events, graphs, contexts of the CUDA runtime and driver APIs.
 *
 *   (untracked) --cudaMalloc(&p, n) == cudaSuccess--> owned
 *       (likewise cudaMallocManaged/Pitch/Async/Host, cudaHostAlloc,
 *       cudaStreamCreate*, cudaEventCreate*, cuMemAlloc*, cuStreamCreate,
 *       cuCtxCreate; acquired only when the call returns success)
 *   owned --the matching cudaFree / cudaFreeHost / cudaStreamDestroy /
 *       ...--> released;  --another family's release--> [MOJO-OWN-111]
 *   owned --return an error code / NULL--> [MOJO-OWN-105]
 *   released --free again--> [MOJO-OWN-104]; --passed to a call-->
 *       [MOJO-OWN-103]
 *
 * Device pointers handed to kernels, copies or unknown functions stay
 * owned by the caller.
 */
#include "sm.h"

const ol_sm ol_sm_cuda = {
	.kind = "cuda",
	.noun = "CUDA resource",
	.escape_on_unknown_call = false,
};
