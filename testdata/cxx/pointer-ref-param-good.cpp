// A `PyObject *&` parameter is the caller's variable: a helper that
// replaces the object it holds (releasing the old one) or fills it with a
// new reference hands that reference to the caller, as `PyObject **` does
// in C; the caller owns what its variable holds afterwards.
// expect-no-diagnostics
#include <Python.h>

inline void in_place_add(PyObject *&self, PyObject *x)
{
	PyObject *temp = self;
	self = PyNumber_InPlaceAdd(temp, x);
	Py_DECREF(temp);
}

inline bool read_str(const char *s, PyObject *&result)
{
	if ((result = PyUnicode_FromString(s)))
		return true;
	return false;
}

PyObject *add_one(PyObject *x)
{
	PyObject *one = PyLong_FromLong(1);
	if (one == nullptr)
		return nullptr;
	PyObject *acc = PyNumber_Add(x, one);
	if (acc == nullptr) {
		Py_DECREF(one);
		return nullptr;
	}
	in_place_add(acc, one);
	Py_DECREF(one);
	return acc;
}

PyObject *parse(const char *s)
{
	PyObject *r = nullptr;
	if (!read_str(s, r))
		return nullptr;
	return r;
}
