/*
 * Calls that give back objects CPython makes once per process cannot
 * fail: `Py_BuildValue("i", v)` of one integer unit with v proven in the
 * small ints' range is PyLong_FromLong(v) (py-spidev's `mode & 3`, its
 * `uint8_t` field); a str or bytes of a literal of at most one ASCII
 * character is one of the interpreter's singletons (`PyUnicode_FromString(
 * " ")`, xmlsec's separator). Using the result unchecked is no bug.
 */
// expect-no-diagnostics
#include <Python.h>
#include <stdint.h>

typedef struct {
	PyObject_HEAD
	uint8_t mode;
	uint8_t bits;
} Dev;

static PyObject *get_mode(Dev *self, void *closure)
{
	PyObject *r = Py_BuildValue("i", self->mode & 3);
	Py_INCREF(r);
	Py_DECREF(r);
	return r;
}

static PyObject *get_bits(Dev *self, void *closure)
{
	PyObject *r = Py_BuildValue("B", self->bits);
	Py_INCREF(r);
	Py_DECREF(r);
	return r;
}

static PyObject *join(PyObject *self, PyObject *list)
{
	PyObject *sep = PyUnicode_FromString(" ");
	PyObject *res = PyObject_CallMethod(sep, "join", "O", list);
	Py_DECREF(sep);
	return res;
}

static PyObject *empty(PyObject *self, PyObject *list)
{
	PyObject *b = PyBytes_FromString("");
	PyObject *res = PyObject_CallMethod(b, "join", "O", list);
	Py_DECREF(b);
	return res;
}

// Py_BuildValue of one character: "c" is a one-byte bytes object, each
// of them cached; "C" of an ASCII code a one-character str (pyfastx's
// composition count, `Py_BuildValue("C", l)` for l in 32..126).
static int composition(PyObject *d, const long *counts)
{
	for (int l = 32; l < 127; ++l) {
		PyObject *key = Py_BuildValue("C", l);
		PyObject *n = PyLong_FromLong(counts[l]);
		if (!n) {
			Py_DECREF(key);
			return -1;
		}
		int r = PyDict_SetItem(d, key, n);
		Py_DECREF(key);
		Py_DECREF(n);
		if (r < 0)
			return -1;
	}
	PyObject *x = Py_BuildValue("c", 'x');
	int r = PyDict_SetItemString(d, "x", x);
	Py_DECREF(x);
	return r;
}
