// DLPack in C++ bridge code (issue 12): a binding that declares its own
// copies of the managed-tensor structs (as nanobind does), exports with
// a capsule and consumes from one.
#include <Python.h>
#include <cstdint>
#include <cstdlib>

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

// The capsule cannot be made: the tensor leaks.
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
	if (cap == nullptr)
		return nullptr; // expect-warning[MOJO-OWN-105] {{heap memory 'mt' from 'calloc' is leaked on the error exit}}
	return cap;
}

// Imported without renaming the capsule, then deleted by the importer.
double import_sum(PyObject *capsule)
{
	auto *mt = static_cast<managed_dltensor *>(
		PyCapsule_GetPointer(capsule, "dltensor"));
	if (mt == nullptr)
		return -1;
	double s = 0;
	const float *d = static_cast<const float *>(mt->dltensor.data);
	for (int64_t i = 0; i < mt->dltensor.shape[0]; i++)
		s += d[i];
	mt->deleter(mt); // expect-error[MOJO-OWN-106] {{capsule 'capsule' still owns it}}
	return s;
}

// Imported and renamed, but the deleter is never called.
int64_t import_numel(PyObject *capsule)
{
	auto *mt = static_cast<managed_dltensor_versioned *>(
		PyCapsule_GetPointer(capsule, "dltensor_versioned"));
	if (mt == nullptr)
		return -1;
	if (PyCapsule_SetName(capsule, "used_dltensor_versioned") != 0)
		return -1;
	int64_t n = 1;
	for (int32_t i = 0; i < mt->dltensor.ndim; i++)
		n *= mt->dltensor.shape[i];
	return n; // expect-warning[MOJO-OWN-101] {{DLPack tensor 'mt' from 'PyCapsule_GetPointer' is never released}}
}

} // namespace bridge
