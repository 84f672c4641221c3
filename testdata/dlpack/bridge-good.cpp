// DLPack in C++ bridge code, correct: the exporter deletes the tensor if
// the capsule cannot be made, the importer renames before it owns.
// expect-no-diagnostics
#include <Python.h>
#include <cstdint>
#include <cstdlib>
#include "scoped-alloc.h"

namespace bridge {

struct dltensor {
	void *data;
	int32_t device_type, device_id, ndim;
	uint8_t code, bits;
	uint16_t lanes;
	int64_t *shape, *strides;
	uint64_t byte_offset;
};

struct managed_dltensor {
	dltensor dltensor;
	void *manager_ctx;
	void (*deleter)(managed_dltensor *);
};

struct managed_dltensor_versioned {
	uint32_t major, minor;
	void *manager_ctx;
	void (*deleter)(managed_dltensor_versioned *);
	uint64_t flags;
	dltensor dltensor;
};

static void free_tensor(managed_dltensor_versioned *self)
{
	std::free(self->dltensor.shape);
	std::free(self);
}

static void capsule_delete(PyObject *o)
{
	auto *mt = static_cast<managed_dltensor_versioned *>(
		PyCapsule_GetPointer(o, "dltensor_versioned"));
	if (mt == nullptr) {
		PyErr_Clear();
		return;
	}
	if (mt->deleter)
		mt->deleter(mt);
}

PyObject *export_vector(float *data, int64_t n)
{
	auto *mt = static_cast<managed_dltensor_versioned *>(
		std::calloc(1, sizeof(managed_dltensor_versioned)));
	if (mt == nullptr)
		return PyErr_NoMemory();
	mt->dltensor.data = data;
	mt->dltensor.ndim = 1;
	mt->deleter = free_tensor;
	PyObject *cap = PyCapsule_New(mt, "dltensor_versioned", capsule_delete);
	if (cap == nullptr) {
		mt->deleter(mt);
		return nullptr;
	}
	return cap;
}

double import_sum(PyObject *capsule)
{
	auto *mt = static_cast<managed_dltensor *>(
		PyCapsule_GetPointer(capsule, "dltensor"));
	if (mt == nullptr)
		return -1;
	if (PyCapsule_SetName(capsule, "used_dltensor") != 0)
		return -1;
	double s = 0;
	const float *d = static_cast<const float *>(mt->dltensor.data);
	for (int64_t i = 0; i < mt->dltensor.shape[0]; i++)
		s += d[i];
	mt->deleter(mt);
	return s;
}

// Filled through a scoped allocation's operator-> and handed out with
// release(): a member function's result is what its object holds, not a
// tensor some producer handed over (nanobind's make_mt_from_buffer_protocol).
static void free_managed(managed_dltensor *m) { PyMem_Free(m); }

managed_dltensor *wrap_data(void *data)
{
	nanobind::detail::scoped_pymalloc<managed_dltensor> mt;
	mt->dltensor.data = data;
	mt->dltensor.ndim = 0;
	mt->manager_ctx = nullptr;
	mt->deleter = free_managed;
	return mt.release();
}

} // namespace bridge
