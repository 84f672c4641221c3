/*
 * The fixed versions of api-bad.c and NumPy's zero-copy hand-off: no
 * finding (issue #27).
 *
 * expect-no-diagnostics
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

PyObject *make(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 4;
	PyObject *a = PyArray_SimpleNew(1, &n, NPY_DOUBLE);
	if (a == NULL)
		return NULL;
	PyObject *r = PyFloat_FromDouble(1.0);
	if (r == NULL) {
		Py_DECREF(a);
		return NULL;
	}
	Py_DECREF(a);
	return r;
}

PyObject *first_value(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE,
							      NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return NULL;
	if (PyArray_SIZE(a) < 1) {
		Py_DECREF(a);
		PyErr_SetString(PyExc_ValueError, "empty");
		return NULL;
	}
	double v = ((double *)PyArray_DATA(a))[0];
	Py_DECREF(a);
	return PyFloat_FromDouble(v);
}

PyObject *as_double(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArray_Descr *dt = PyArray_DescrFromType(NPY_DOUBLE);
	if (dt == NULL)
		return NULL;
	return PyArray_FromAny(arg, dt, 0, 0, NPY_ARRAY_CARRAY, NULL);
}

PyObject *zeros(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp dims[2] = { 3, 3 };
	PyObject *z = PyArray_ZEROS(2, dims, NPY_FLOAT64, 0);
	if (z == NULL)
		return NULL;
	return PyArray_Return((PyArrayObject *)z);
}

// PyArray_Return hands its argument back: "O" adds the reference the
// release after it pays (starlink-pyast's Ast.c).
PyObject *vector(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp dims[1] = { 3 };
	PyObject *result = NULL;
	PyArrayObject *out =
		(PyArrayObject *)PyArray_SimpleNew(1, dims, NPY_DOUBLE);
	if (out) {
		((double *)PyArray_DATA(out))[0] = 1.0;
		result = Py_BuildValue("O", PyArray_Return(out));
	}
	Py_XDECREF(out);
	return result;
}

// A native buffer handed to an array with a capsule as its base: the
// array owns the capsule, the capsule frees the buffer.
static void free_buffer(PyObject *capsule)
{
	free(PyCapsule_GetPointer(capsule, NULL));
}

PyObject *wrap_buffer(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 16;
	double *buf = malloc(sizeof(double) * (size_t)n);
	if (buf == NULL)
		return PyErr_NoMemory();
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buf);
	if (a == NULL) {
		free(buf);
		return NULL;
	}
	PyObject *owner = PyCapsule_New(buf, NULL, free_buffer);
	if (owner == NULL) {
		Py_DECREF(a);
		free(buf);
		return NULL;
	}
	if (PyArray_SetBaseObject((PyArrayObject *)a, owner) < 0) {
		Py_DECREF(a); // (the base was stolen: the capsule is gone too)
		return NULL;
	}
	return a;
}

// NPY_ARRAY_OWNDATA hands the buffer to the array, which frees it when it
// dies (the buffer must come from NumPy's allocator's malloc).
PyObject *array_owns_buffer(PyObject *self, PyObject *arg)
{
	(void)self, (void)arg;
	npy_intp n = 8;
	double *buf = malloc(sizeof(double) * (size_t)n);
	if (buf == NULL)
		return PyErr_NoMemory();
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buf);
	if (a == NULL) {
		free(buf);
		return NULL;
	}
	PyArray_ENABLEFLAGS((PyArrayObject *)a, NPY_ARRAY_OWNDATA);
	return a;
}

// A scratch array over a local buffer, dropped before the buffer is.
PyObject *scratch_view(PyObject *self, PyObject *arg)
{
	(void)self;
	npy_intp n = 8;
	double *buf = calloc((size_t)n, sizeof(double));
	if (buf == NULL)
		return PyErr_NoMemory();
	PyObject *a = PyArray_SimpleNewFromData(1, &n, NPY_DOUBLE, buf);
	if (a == NULL) {
		free(buf);
		return NULL;
	}
	PyObject *sum = PyArray_Sum((PyArrayObject *)a, NPY_MAXDIMS,
				    NPY_DOUBLE, NULL);
	Py_DECREF(a);
	free(buf);
	(void)arg;
	return sum;
}

// The data pointer is read again after the resize.
PyObject *data_after_resize(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
		arg, NPY_DOUBLE, NPY_ARRAY_CARRAY);
	if (a == NULL)
		return NULL;
	npy_intp dims[1] = {16};
	PyArray_Dims shape = {dims, 1};
	PyObject *r = PyArray_Resize(a, &shape, 0, NPY_CORDER);
	if (r == NULL) {
		Py_DECREF(a);
		return NULL;
	}
	Py_DECREF(r);
	double v = ((double *)PyArray_DATA(a))[0];
	Py_DECREF(a);
	return PyFloat_FromDouble(v);
}

// A built-in type number gives a built-in descriptor: it cannot fail
// (rules/numpy.json, nonnull_if_arg_in).
PyObject *as_int32(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArray_Descr *dt = PyArray_DescrFromType(NPY_INT32);
	npy_intp n = PyArray_Check(arg) ? 1 : 0;
	PyObject *a = PyArray_Zeros(1, &n, dt, 0);
	return a;
}

// The iterator is deallocated on every path.
PyObject *iterator_count(PyObject *self, PyObject *arg)
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
		NpyIter_Deallocate(it);
		Py_DECREF(a);
		return NULL;
	}
	long n = 0;
	do
		n++;
	while (next(it));
	NpyIter_Deallocate(it);
	Py_DECREF(a);
	return PyLong_FromLong(n);
}

// A WRITEBACKIFCOPY array resolved before its release, or discarded on
// the error path; an input-only array has no such obligation.
PyObject *writeback_resolved(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *out_obj, *in_obj;
	if (!PyArg_ParseTuple(args, "OO", &out_obj, &in_obj))
		return NULL;
	PyArrayObject *out = (PyArrayObject *)PyArray_FROM_OTF(
		out_obj, NPY_DOUBLE, NPY_ARRAY_INOUT_ARRAY2);
	if (out == NULL)
		return NULL;
	PyArrayObject *in = (PyArrayObject *)PyArray_FROM_OTF(
		in_obj, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (in == NULL) {
		PyArray_DiscardWritebackIfCopy(out);
		Py_DECREF(out);
		return NULL;
	}
	((double *)PyArray_DATA(out))[0] = ((double *)PyArray_DATA(in))[0];
	Py_DECREF(in);
	if (PyArray_ResolveWritebackIfCopy(out) < 0) {
		Py_DECREF(out);
		return NULL;
	}
	Py_DECREF(out);
	Py_RETURN_NONE;
}

// NumPy's constructors set an error exactly when they return NULL: a
// PyErr_Occurred() right after one tests its result.
PyObject *checked_by_err_occurred(PyObject *self, PyObject *arg)
{
	(void)self;
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
		arg, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (PyErr_Occurred())
		return NULL;
	double v = *(double *)PyArray_DATA(a);
	Py_DECREF(a);
	return PyFloat_FromDouble(v);
}

// A broadcasting iterator released when done.
PyObject *multi_size(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *x, *y;
	if (!PyArg_ParseTuple(args, "OO", &x, &y))
		return NULL;
	PyArrayMultiIterObject *it =
		(PyArrayMultiIterObject *)PyArray_MultiIterNew(2, x, y);
	if (it == NULL)
		return NULL;
	npy_intp size = it->size;
	Py_DECREF(it);
	return PyLong_FromSsize_t(size);
}

// PyArray_FromBuffer steals its descriptor, on success and on failure
// (roadrunner's PyUtils.h).
PyObject *doubles_from_bytes(PyObject *self, PyObject *bytes)
{
	(void)self;
	PyArray_Descr *descr = PyArray_DescrFromType(NPY_DOUBLE);
	if (!descr)
		return NULL;
	return PyArray_FromBuffer(bytes, descr, -1, 0);
}
