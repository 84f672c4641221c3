// As member-on-temporary-good.cpp, but get() leaves the temporary its
// reference, which its destructor releases while the GIL is released,
// before the function returns it.
#include <Python.h>

struct Release {
	PyObject *m;
	explicit Release(PyObject *o) : m(o) {}
	~Release() { Py_XDECREF(m); }
	PyObject *release()
	{
		PyObject *t = m;
		m = nullptr;
		return t;
	}
	PyObject *get() const { return m; }
};

struct Unlock {
	PyThreadState *s;
	Unlock() : s(PyEval_SaveThread()) {}
	~Unlock() { PyEval_RestoreThread(s); }
};

Release make_result(long v);

PyObject *call(long v)
{
	Unlock lock;
	PyObject *r = make_result(v).get(); // expect-error[MOJO-BOR-203] {{'Py_XDECREF' is called while the GIL is released}}
	return r; // expect-error[MOJO-OWN-103] {{new reference 'r' from 'make_result' is returned after it was released}}
}
