// A member called on a temporary owner (mysql-shell's `return
// make_result(v).release();`): the member is inlined on the temporary, so
// its destructor, at the end of the statement, releases the NULL that
// release() left, which touches no object: no call that needs the GIL
// while a guard has it released, and the reference goes to the caller.
// expect-no-diagnostics
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
	return make_result(v).release();
}
