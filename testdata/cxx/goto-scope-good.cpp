// `goto` and the objects of the scopes it leaves (cxx-eval7 cause B): a
// GIL guard is released once whether a goto stays in its scope or leaves
// it; a backward goto over a declaration destroys that object.
#include <Python.h>

// expect-no-diagnostics

struct Gil {
	Gil() : s(PyGILState_Ensure()) {}
	~Gil() { PyGILState_Release(s); }
	PyGILState_STATE s;
};

struct Ref {
	PyObject *p;
	explicit Ref(PyObject *o) : p(o) {}
	~Ref() { Py_XDECREF(p); }
};

// A forward goto to a label of the guard's own scope.
int same_scope(PyObject *callable)
{
	int r = 0;
	Gil g;
	PyObject *res = PyObject_CallNoArgs(callable);
	if (!res) {
		PyErr_Print();
		goto cleanup;
	}
	r = 1;
	Py_DECREF(res);
cleanup:
	return r;
}

// A goto out of the guard's scope releases it there, once.
int out_of_inner_scope(PyObject *callable)
{
	int r = 0;
	{
		Gil g;
		PyObject *res = PyObject_CallNoArgs(callable);
		if (!res)
			goto done;
		Py_DECREF(res);
		r = 1;
	}
done:
	return r;
}

// Jumping back over the declaration of `t` destroys it each time.
int backward(long v)
{
	int n = 0;
again:
	Ref t(PyLong_FromLong(v));
	if (!t.p)
		return -1;
	if (++n < 3)
		goto again;
	return 0;
}
