/*
 * dlpack.h — the DLPack exchange structures (dlpack.h v0.8,
 * https://github.com/dmlc/dlpack/blob/main/include/dlpack/dlpack.h), cut
 * to what the userkind cases use, plus the producer functions of the
 * example runtime (see rules/examples/dlpack.json).
 */
#ifndef DLPACK_STUB_H
#define DLPACK_STUB_H
#include <stdint.h>

typedef enum { kDLCPU = 1, kDLCUDA = 2 } DLDeviceType;
typedef struct {
	DLDeviceType device_type;
	int32_t device_id;
} DLDevice;
typedef struct {
	uint8_t code;
	uint8_t bits;
	uint16_t lanes;
} DLDataType;
typedef struct {
	void *data;
	DLDevice device;
	int32_t ndim;
	DLDataType dtype;
	int64_t *shape;
	int64_t *strides;
	uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
	DLTensor dl_tensor;
	void *manager_ctx;
	void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

/* The example runtime's producer and its release helper. */
DLManagedTensor *mojo_tensor_to_dlpack(void *tensor);
void dlpack_release(DLManagedTensor *t);
#endif
