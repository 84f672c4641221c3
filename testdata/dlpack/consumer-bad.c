// DLPack consumers (from_dlpack, issue 12): the tensor in a "dltensor"
// capsule is the capsule's until the consumer renames it "used_dltensor";
// from then on the consumer calls the deleter, exactly once.
#include <Python.h>
#include <dlpack/dlpack.h>

typedef struct {
	PyObject_HEAD
	DLManagedTensor *tensor;
} Array;

extern PyTypeObject Array_Type;

// Kept without renaming the capsule: its destructor calls the deleter
// while the array still uses the tensor.
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
	a->tensor = m; // expect-warning[MOJO-BOR-202] {{DLPack tensor 'm' from 'PyCapsule_GetPointer' is kept but capsule 'cap' is never renamed 'used_dltensor'}}
	Py_DECREF(cap);
	return (PyObject *)a;
}

// Deleted without renaming: the capsule's destructor deletes it again.
double sum_and_release(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return -1;
	double s = 0;
	for (int64_t i = 0; i < m->dl_tensor.shape[0]; i++)
		s += ((float *)m->dl_tensor.data)[i];
	m->deleter(m); // expect-error[MOJO-OWN-106] {{DLPack tensor 'm' from 'PyCapsule_GetPointer' is released by 'DLManagedTensor.deleter' but capsule 'cap' still owns it: its destructor calls 'deleter' again; rename the capsule 'used_dltensor' first}}
	return s;
}

// Taken, then deleted twice.
double sum_taken_twice(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return -1;
	PyCapsule_SetName(cap, "used_dltensor");
	double s = ((float *)m->dl_tensor.data)[0];
	m->deleter(m);
	m->deleter(m); // expect-error[MOJO-OWN-103] {{DLPack tensor 'm' from 'PyCapsule_GetPointer' is dereferenced after it was released}}
	return s;
}

// Taken, and never deleted on the error path.
int check_1d(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return -1;
	PyCapsule_SetName(cap, "used_dltensor");
	if (m->dl_tensor.ndim != 1) {
		PyErr_SetString(PyExc_ValueError, "expected a vector");
		return -1; // expect-warning[MOJO-OWN-105] {{DLPack tensor 'm' from 'PyCapsule_GetPointer' is leaked on the error exit}}
	}
	m->deleter(m);
	return 0;
}

// manager_ctx and data used after the deleter ran.
PyObject *owner_of(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return NULL;
	PyCapsule_SetName(cap, "used_dltensor");
	m->deleter(m);
	PyObject *owner = m->manager_ctx; // expect-error[MOJO-OWN-103] {{'m' from 'PyCapsule_GetPointer' is dereferenced after it was released}}
	return Py_NewRef(owner);
}

float first_after_delete(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL)
		return 0;
	PyCapsule_SetName(cap, "used_dltensor");
	float *d = m->dl_tensor.data;
	m->deleter(m);
	return d[0]; // expect-error[MOJO-BOR-201] {{'d' is dereferenced after its owner DLPack tensor 'm' from 'PyCapsule_GetPointer' was released}}
}

// The data kept after the capsule died: not taken, so the capsule's
// destructor called the deleter.
float first_after_capsule(PyObject *obj)
{
	PyObject *cap = PyObject_CallMethod(obj, "__dlpack__", NULL);
	if (cap == NULL)
		return 0;
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL) {
		Py_DECREF(cap);
		return 0;
	}
	float *d = m->dl_tensor.data;
	Py_DECREF(cap);
	return d[0]; // expect-error[MOJO-BOR-201] {{'d' is dereferenced after its owner DLPack tensor 'm' from 'PyCapsule_GetPointer' was released}}
}

// The versioned protocol: renamed with the legacy name is still a
// rename (the destructor no longer finds "dltensor_versioned"), but the
// tensor is never deleted.
int versioned_ndim(PyObject *cap)
{
	DLManagedTensorVersioned *m =
		PyCapsule_GetPointer(cap, "dltensor_versioned");
	if (m == NULL)
		return -1;
	PyCapsule_SetName(cap, "used_dltensor_versioned");
	return m->dl_tensor.ndim; // expect-warning[MOJO-OWN-101] {{DLPack tensor 'm' from 'PyCapsule_GetPointer' is never released}}
}
