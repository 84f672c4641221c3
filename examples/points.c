/*
 * points.c — example CPython extension for mojo-ownlint (see README.md).
 *
 * Functions on 2-D points stored as (x, y) tuples of floats. Two genuine
 * reference-counting bugs:
 *   - point_buggy() leaks the first float when creating the second one
 *     fails (MOJO-OWN-105, pyref);
 *   - norm_buggy() releases a borrowed reference obtained from
 *     PyTuple_GetItem (MOJO-OWN-106): the tuple's item is freed while the
 *     tuple still points to it.
 * point() and norm() are the correct versions.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>

static PyObject *
point_buggy(PyObject *self, PyObject *args)
{
	double x, y;
	(void)self;

	if (!PyArg_ParseTuple(args, "dd:point_buggy", &x, &y))
		return NULL;
	PyObject *px = PyFloat_FromDouble(x);
	if (px == NULL)
		return NULL;
	PyObject *py = PyFloat_FromDouble(y);
	if (py == NULL)
		return NULL;	/* BUG: new reference 'px' is leaked */
	PyObject *t = PyTuple_New(2);
	if (t == NULL) {
		Py_DECREF(px);
		Py_DECREF(py);
		return NULL;
	}
	PyTuple_SET_ITEM(t, 0, px);	/* steals px */
	PyTuple_SET_ITEM(t, 1, py);	/* steals py */
	return t;
}

static PyObject *
point(PyObject *self, PyObject *args)
{
	double x, y;
	(void)self;

	if (!PyArg_ParseTuple(args, "dd:point", &x, &y))
		return NULL;
	PyObject *px = PyFloat_FromDouble(x);
	if (px == NULL)
		return NULL;
	PyObject *py = PyFloat_FromDouble(y);
	if (py == NULL) {
		Py_DECREF(px);
		return NULL;
	}
	PyObject *t = PyTuple_Pack(2, px, py);	/* does not steal */
	Py_DECREF(px);
	Py_DECREF(py);
	return t;
}

static int
coord(PyObject *p, Py_ssize_t i, double *out)
{
	PyObject *item = PyTuple_GetItem(p, i);	/* borrowed */
	if (item == NULL)
		return -1;
	*out = PyFloat_AsDouble(item);
	if (*out == -1.0 && PyErr_Occurred())
		return -1;
	return 0;
}

static PyObject *
norm_buggy(PyObject *self, PyObject *p)
{
	(void)self;

	PyObject *x = PyTuple_GetItem(p, 0);	/* borrowed */
	if (x == NULL)
		return NULL;
	double dx = PyFloat_AsDouble(x);
	Py_DECREF(x);	/* BUG: 'x' is borrowed from the tuple */
	if (dx == -1.0 && PyErr_Occurred())
		return NULL;
	double dy;
	if (coord(p, 1, &dy) < 0)
		return NULL;
	return PyFloat_FromDouble(hypot(dx, dy));
}

static PyObject *
norm(PyObject *self, PyObject *p)
{
	double dx, dy;
	(void)self;

	if (coord(p, 0, &dx) < 0 || coord(p, 1, &dy) < 0)
		return NULL;
	return PyFloat_FromDouble(hypot(dx, dy));
}

static PyMethodDef points_methods[] = {
	{"point_buggy", point_buggy, METH_VARARGS, "point_buggy(x, y) -> (x, y)"},
	{"point", point, METH_VARARGS, "point(x, y) -> (x, y)"},
	{"norm_buggy", norm_buggy, METH_O, "norm_buggy(p) -> float"},
	{"norm", norm, METH_O, "norm(p) -> float"},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef points_module = {
	PyModuleDef_HEAD_INIT, "points", NULL, -1, points_methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit_points(void)
{
	return PyModule_Create(&points_module);
}
