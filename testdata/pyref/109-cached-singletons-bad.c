/*
 * As 109-cached-singletons-good.c, where the objects are not known to
 * be cached: an int that may lie outside the small ints' range, two
 * units (a tuple), a string of two characters. Each can fail.
 */
#include <Python.h>
#include <stdint.h>

typedef struct {
	PyObject_HEAD
	uint32_t speed;
	uint8_t bits;
} Dev;

static PyObject *get_speed(Dev *self, void *closure)
{
	PyObject *r = Py_BuildValue("I", self->speed);
	Py_INCREF(r); // expect-warning[MOJO-OWN-109] {{new reference 'r' from 'Py_BuildValue' is passed to 'Py_INCREF' before it is checked for NULL}}
	Py_DECREF(r);
	return r;
}

static PyObject *get_pair(Dev *self, void *closure)
{
	PyObject *r = Py_BuildValue("ii", self->bits, self->bits);
	Py_INCREF(r); // expect-warning[MOJO-OWN-109] {{new reference 'r' from 'Py_BuildValue' is passed to 'Py_INCREF' before it is checked for NULL}}
	Py_DECREF(r);
	return r;
}

static PyObject *join(PyObject *self, PyObject *list)
{
	PyObject *sep = PyUnicode_FromString(", ");
	PyObject *res = PyObject_CallMethod(sep, "join", "O", list);
	Py_DECREF(sep); // expect-warning[MOJO-OWN-109] {{new reference 'sep' from 'PyUnicode_FromString' is passed to 'Py_DECREF' before it is checked for NULL}}
	return res;
}

// "C" of a code point not known to be ASCII: a new str, which can fail.
static PyObject *char_of(PyObject *self, PyObject *list, int code)
{
	PyObject *c = Py_BuildValue("C", code);
	PyObject *res = PyObject_CallMethod(c, "join", "O", list);
	Py_DECREF(c); // expect-warning[MOJO-OWN-109] {{new reference 'c' from 'Py_BuildValue' is passed to 'Py_DECREF' before it is checked for NULL}}
	return res;
}
