// Checks that throw (issue #26): a helper of the file that throws unless
// a status is success, a pointer is set or no error is set is a test, and
// the path that goes on has passed it. `new` as written: placement and
// nothrow forms, and a class's own operator new, do not throw; a throwing
// new never gives NULL. None of these functions may get a finding.
#include <Python.h>
#include <cuda_runtime.h>
#include <new>
#include <stdexcept>

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess)
		throw std::runtime_error(what);
}

static PyObject *check_ptr(PyObject *o)
{
	if (!o)
		throw std::runtime_error("python error");
	return o;
}

#define CHECK()                                                                \
	do {                                                                   \
		if (PyErr_Occurred())                                          \
			throw std::runtime_error("python error");              \
	} while (0)

// expect-no-diagnostics

int device_buffer(size_t n)
{
	float *p;
	check(cudaMalloc((void **)&p, n), "cudaMalloc");
	try {
		check(cudaMemset(p, 0, n), "cudaMemset");
	} catch (...) {
		cudaFree(p);
		throw;
	}
	cudaFree(p);
	return 0;
}

PyObject *checked_list(long v)
{
	PyObject *l = check_ptr(PyList_New(0));
	PyObject *x = PyLong_FromLong(v);
	if (!x) {
		Py_DECREF(l);
		return NULL;
	}
	int rc = PyList_Append(l, x);
	Py_DECREF(x);
	if (rc < 0) {
		Py_DECREF(l);
		return NULL;
	}
	return l;
}

// PyErr_Occurred() right after an allocation tests its result.
PyObject *repr_tuple(PyObject *a)
{
	try {
		PyObject *r = PyObject_Repr(a);
		CHECK();
		PyObject *t = PyTuple_Pack(1, r);
		Py_DECREF(r);
		return t;
	} catch (const std::exception &) {
		return NULL;
	}
}

struct Slot {
	PyObject *o;
	Slot() noexcept : o(nullptr) {}
};

struct Pooled {
	int n;
	static void *operator new(size_t) noexcept;
};

struct Obj {
	PyObject_HEAD
	Slot slot;
	Pooled *pooled;
};

// Placement new of a noexcept constructor cannot throw; nothrow new and
// a noexcept operator new give NULL instead.
PyObject *obj_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	Obj *self = (Obj *)type->tp_alloc(type, 0);
	if (!self)
		return NULL;
	new (&self->slot) Slot();
	self->pooled = new Pooled;
	if (!self->pooled) {
		Py_DECREF(self);
		return PyErr_NoMemory();
	}
	int *counts = new (std::nothrow) int[4];
	if (!counts) {
		Py_DECREF(self);
		return PyErr_NoMemory();
	}
	delete[] counts;
	return (PyObject *)self;
}

struct Vec {
	int *items;
};

// A throwing new never returns NULL: the test after it is dead.
int vec_init(PyObject *owner, Vec *v)
{
	PyObject *ref = PyObject_GetAttrString(owner, "items");
	if (!ref)
		return -1;
	try {
		v->items = new int[8];
	} catch (const std::bad_alloc &) {
		Py_DECREF(ref);
		return -1;
	}
	if (v->items == nullptr)
		return -1;
	Py_DECREF(ref);
	return 0;
}
