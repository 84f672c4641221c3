// Lambdas given to the standard algorithms and to std::thread, used
// correctly (issue #26). None of these functions may get a finding.
#include <Python.h>
#include <algorithm>
#include <cstdio>
#include <thread>

struct GilAcquire {
	PyGILState_STATE st;
	GilAcquire() : st(PyGILState_Ensure()) {}
	~GilAcquire() { PyGILState_Release(st); }
};

// expect-no-diagnostics

// A tuple's items never move.
int count_true(PyObject *tuple)
{
	PyObject **items = &PyTuple_GET_ITEM(tuple, 0);
	Py_ssize_t n = PyTuple_GET_SIZE(tuple);
	return (int)std::count_if(items, items + n, [](PyObject *o) {
		return PyObject_IsTrue(o) == 1;
	});
}

// Appending to another list.
int copy_into(PyObject *src, PyObject *dst)
{
	PyObject **items = PySequence_Fast_ITEMS(src);
	Py_ssize_t n = PySequence_Fast_GET_SIZE(src);
	int rc = 0;
	std::for_each(items, items + n, [&](PyObject *o) {
		if (PyList_Append(dst, o) < 0)
			rc = -1;
	});
	return rc;
}

// A thread that takes the GIL for its calls.
void print_in_thread(PyObject *o)
{
	std::thread t([o] {
		GilAcquire g;
		(void)PyObject_Size(o);
	});
	t.join();
}

void print_with_state(PyObject *o)
{
	auto body = [o] {
		PyGILState_STATE g = PyGILState_Ensure();
		(void)PyObject_Size(o);
		PyGILState_Release(g);
	};
	std::thread t(body);
	t.join();
}
