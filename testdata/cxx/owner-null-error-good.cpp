// clingo's owner class throws when it is given NULL and an error is set:
// after an API that sets an error exactly when it returns NULL, the
// owned pointer past the constructor is never NULL.
// expect-no-diagnostics
#include <Python.h>

struct PyException {};

struct Object {
	Object(PyObject *o) : obj(o)
	{
		if (!o && PyErr_Occurred())
			throw PyException();
	}
	Object(Object const &) = delete;
	~Object() { Py_XDECREF(obj); }
	PyObject *toPy() const { return obj; }
	PyObject *release()
	{
		PyObject *r = obj;
		obj = nullptr;
		return r;
	}
	PyObject *obj;
};

static PyObject *keys(PyObject *, PyObject *)
{
	try {
		Object list = PyList_New(0);
		for (int i = 0; i < 3; ++i) {
			Object item = PyLong_FromLong(i);
			if (PyList_Append(list.toPy(), item.toPy()) < 0)
				throw PyException();
		}
		return list.release();
	} catch (PyException &) {
		return nullptr;
	}
}

static PyMethodDef methods[] = {{"keys", keys, METH_O, nullptr},
				{nullptr, nullptr, 0, nullptr}};
