/*
 * NumPy's C API, named through its tables (cfg/npyapi.c) and known from
 * rules/numpy.json (issue #27): the functions of the issue and the
 * steals NumPy's documentation states.
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

// The array leaks when the second allocation fails.
PyObject *make(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 4;
	PyObject *a = PyArray_SimpleNew(1, &n, NPY_DOUBLE);
	if (a == NULL)
		return NULL;
	PyObject *r = PyFloat_FromDouble(1.0);
	if (r == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{'a' from 'PyArray_SimpleNew'}}
	Py_DECREF(a);
	return r;
}

// The data pointer outlives its array.
PyObject *view_after_free(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE,
							      NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return NULL;
	double *d = (double *)PyArray_DATA(a);
	Py_DECREF(a);
	return PyFloat_FromDouble(d[0]); // expect-error[MOJO-BOR-201] {{'d' is dereferenced}}
}

// PyArray_FromAny steals the descriptor: releasing it again is one
// release too many.
PyObject *descr_released_twice(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArray_Descr *dt = PyArray_DescrFromType(NPY_DOUBLE);
	if (dt == NULL)
		return NULL;
	PyObject *a = PyArray_FromAny(arg, dt, 0, 0, NPY_ARRAY_CARRAY, NULL);
	Py_DECREF(dt); // expect-error[MOJO-OWN-102] {{'dt' from 'PyArray_DescrFromType'}}
	return a;
}

// The descriptor from PyArray_DescrFromType leaks when the array is not
// made with it.
PyObject *descr_leaked(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArray_Descr *dt = PyArray_DescrFromType(NPY_INT32);
	if (dt == NULL)
		return NULL;
	if (!PyArray_Check(arg)) {
		PyErr_SetString(PyExc_TypeError, "an array, please");
		return NULL; // expect-warning[MOJO-OWN-105] {{'dt' from 'PyArray_DescrFromType'}}
	}
	return PyArray_FromArray((PyArrayObject *)arg, dt, 0);
}

// PyArray_SetBaseObject steals the base: a borrowed one is given away.
PyObject *base_borrowed(PyObject *self, PyObject *owner)
{
	(void)self;
	npy_intp n = 4;
	static double buffer[4];
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buffer);
	if (a == NULL)
		return NULL;
	if (PyArray_SetBaseObject((PyArrayObject *)a, owner) < 0) { // expect-error[MOJO-OWN-106] {{'owner' is passed to 'PyArray_SetBaseObject'}}
		Py_DECREF(a);
		return NULL;
	}
	return a;
}

// An iterator is an object of its own.
PyObject *iterator_leaked(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *it = PyArray_IterNew(arg);
	if (it == NULL)
		return NULL;
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{'it' from 'PyArray_IterNew'}}
}

// The native buffer is freed while the array made over it lives.
PyObject *buffer_freed_under_array(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 4;
	double *buf = malloc(sizeof(double) * 4);
	if (buf == NULL)
		return PyErr_NoMemory();
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buf);
	free(buf);
	return a; // expect-error[MOJO-BOR-201] {{'a' from 'PyArray_SimpleNewFromData' is returned after the memory it was made over, heap memory 'buf' from 'malloc', was released}}
}

// Nothing owns the buffer: the array made over it does not, and no base
// object or NPY_ARRAY_OWNDATA hands it to anyone.
PyObject *buffer_owned_by_nobody(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 4;
	double *buf = calloc(4, sizeof(double));
	if (buf == NULL)
		return PyErr_NoMemory();
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buf);
	if (a == NULL)
		free(buf);
	return a; // expect-warning[MOJO-OWN-101] {{heap memory 'buf' from 'calloc' is never released}}
}

// The array's data pointer, read before PyArray_Resize, may point to
// memory the resize freed.
PyObject *data_across_resize(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
		arg, NPY_DOUBLE, NPY_ARRAY_CARRAY);
	if (a == NULL)
		return NULL;
	double *d = (double *)PyArray_DATA(a);
	npy_intp dims[1] = {16};
	PyArray_Dims shape = {dims, 1};
	PyObject *r = PyArray_Resize(a, &shape, 0, NPY_CORDER);
	if (r == NULL) {
		Py_DECREF(a);
		return NULL;
	}
	Py_DECREF(r);
	double v = d[0]; // expect-error[MOJO-BOR-207] {{'d' is dereferenced after its container was changed}}
	Py_DECREF(a);
	return PyFloat_FromDouble(v);
}

// A type number from the caller may be no type at all: the descriptor
// may be NULL.
PyObject *descr_unchecked(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArray_Descr *dt = PyArray_DescrFromType((int)PyLong_AsLong(arg));
	int size = dt->elsize; // expect-warning[MOJO-OWN-109] {{'dt' from 'PyArray_DescrFromType'}}
	Py_DECREF(dt);
	return PyLong_FromLong(size);
}

// An iterator is a resource of its own, released by NpyIter_Deallocate.
PyObject *npyiter_leaked(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
		arg, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return NULL;
	NpyIter *it = NpyIter_New(a, NPY_ITER_READONLY, NPY_KEEPORDER,
				  NPY_NO_CASTING, NULL);
	if (it == NULL) {
		Py_DECREF(a);
		return NULL;
	}
	NpyIter_IterNextFunc *next = NpyIter_GetIterNext(it, NULL);
	if (next == NULL) {
		Py_DECREF(a);
		return NULL; // expect-warning[MOJO-OWN-105] {{npyiter resource 'it' from 'NpyIter_New' is leaked on the error exit}}
	}
	long n = 0;
	do
		n++;
	while (next(it));
	NpyIter_Deallocate(it);
	Py_DECREF(a);
	return PyLong_FromLong(n);
}

// An array made with NPY_ARRAY_WRITEBACKIFCOPY (part of
// NPY_ARRAY_INOUT_ARRAY2) writes its copy back only when resolved.
PyObject *writeback_unresolved(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
		arg, NPY_DOUBLE, NPY_ARRAY_INOUT_ARRAY2);
	if (a == NULL)
		return NULL;
	((double *)PyArray_DATA(a))[0] = 1.0;
	Py_DECREF(a); // expect-error[MOJO-OWN-111] {{'a' from 'PyArray_FROM_OTF' was made with NPY_ARRAY_WRITEBACKIFCOPY and is released by 'Py_DECREF' before 'PyArray_ResolveWritebackIfCopy' or 'PyArray_DiscardWritebackIfCopy'}}
	Py_RETURN_NONE;
}

// PyArray_Return steals its argument and hands it back (an array that is
// not 0-d is its own result): released after, the result is released.
PyObject *return_then_release(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return NULL;
	PyObject *r = PyArray_Return(a);
	Py_DECREF(a);
	return r; // expect-error[MOJO-OWN-103] {{new reference 'a' from 'PyArray_FROM_OTF' is returned after it was released}}
}

// ... and dropped, it is never released.
PyObject *return_dropped(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return NULL;
	PyArray_Return(a);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'a' from 'PyArray_FROM_OTF' is never released}}
}

// PyArray_DESCR borrows the array's descriptor.
PyObject *descr_released(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return NULL;
	PyArray_Descr *d = PyArray_DESCR(a);
	int n = d->elsize;
	Py_DECREF(d); // expect-error[MOJO-OWN-106] {{borrowed reference 'd' from 'PyArray_DESCR' is released by 'Py_DECREF' but this function does not own it}}
	Py_DECREF(a);
	return PyLong_FromLong(n);
}

static void free_buffer(PyObject *capsule)
{
	free(PyCapsule_GetPointer(capsule, NULL));
}

// The capsule meant as the array's base leaks when the array is not made.
PyObject *base_not_reached(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 4;
	double *buf = malloc(sizeof(double) * 4);
	if (buf == NULL)
		return PyErr_NoMemory();
	PyObject *owner = PyCapsule_New(buf, NULL, free_buffer);
	if (owner == NULL) {
		free(buf);
		return NULL;
	}
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buf);
	if (a == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{'owner' from 'PyCapsule_New' is leaked on the error exit}}
	if (PyArray_SetBaseObject((PyArrayObject *)a, owner) < 0) {
		Py_DECREF(a);
		return NULL;
	}
	return a;
}

// A broadcasting iterator is a new reference.
PyObject *multi_leaked(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *x, *y;
	if (!PyArg_ParseTuple(args, "OO", &x, &y))
		return NULL;
	PyArrayMultiIterObject *it = (PyArrayMultiIterObject *)PyArray_MultiIterNew(2, x, y);
	if (it == NULL)
		return NULL;
	return PyLong_FromSsize_t(it->size); // expect-warning[MOJO-OWN-101] {{'it' from 'PyArray_MultiIterNew'}}
}
