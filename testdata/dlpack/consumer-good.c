// ARGS: --rules rules/examples/dlpack.json
// DLPack consumers, correct: peek without taking, or take (rename) and
// call the deleter exactly once, in the owner's teardown or on the error
// path. Run with the example rules file too.
// expect-no-diagnostics
#include <Python.h>
#include <dlpack/dlpack.h>

typedef struct {
	PyObject_HEAD
	DLManagedTensor *tensor;
} Array;

extern PyTypeObject Array_Type;

PyObject *array_from_dlpack(PyObject *mod, PyObject *obj)
{
	(void)mod;
	PyObject *cap = PyObject_CallMethod(obj, "__dlpack__", NULL);
	if (cap == NULL)
		return NULL;
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL) {
		Py_DECREF(cap);
		return NULL;
	}
	Array *a = PyObject_New(Array, &Array_Type);
	if (a == NULL) {
		Py_DECREF(cap);
		return NULL;
	}
	a->tensor = m;
	PyCapsule_SetName(cap, "used_dltensor");
	Py_DECREF(cap);
	return (PyObject *)a;
}

void Array_dealloc(Array *self)
{
	if (self->tensor && self->tensor->deleter)
		self->tensor->deleter(self->tensor);
	PyObject_Free(self);
}

// A peek: the capsule keeps the tensor.
int64_t dlpack_size(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return -1;
	int64_t n = 1;
	for (int32_t i = 0; i < m->dl_tensor.ndim; i++)
		n *= m->dl_tensor.shape[i];
	return n;
}

double sum_taken(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return -1;
	if (PyCapsule_SetName(cap, "used_dltensor") < 0)
		return -1;
	double s = 0;
	float *d = m->dl_tensor.data;
	if (m->dl_tensor.ndim != 1) {
		m->deleter(m);
		PyErr_SetString(PyExc_ValueError, "expected a vector");
		return -1;
	}
	for (int64_t i = 0; i < m->dl_tensor.shape[0]; i++)
		s += d[i];
	if (m->deleter)
		m->deleter(m);
	return s;
}

// Taken by removing the capsule's destructor: the same as a rename.
float first_taken(PyObject *obj)
{
	PyObject *cap = PyObject_CallMethod(obj, "__dlpack__", NULL);
	if (cap == NULL)
		return 0;
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL) {
		Py_DECREF(cap);
		return 0;
	}
	PyCapsule_SetDestructor(cap, NULL);
	Py_DECREF(cap);
	float v = ((float *)m->dl_tensor.data)[0];
	m->deleter(m);
	return v;
}

int versioned_ndim(PyObject *cap)
{
	DLManagedTensorVersioned *m =
		PyCapsule_GetPointer(cap, "dltensor_versioned");
	if (m == NULL)
		return -1;
	PyCapsule_SetName(cap, "used_dltensor_versioned");
	int n = m->dl_tensor.ndim;
	m->deleter(m);
	return n;
}
