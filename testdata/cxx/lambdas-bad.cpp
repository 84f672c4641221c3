// Lambdas given to the standard algorithms and to std::thread (issue #26):
// an algorithm is a loop calling its lambda on each element, inlined
// where the elements come from; a thread's body starts without the GIL.
#include <Python.h>
#include <algorithm>
#include <cstdio>
#include <thread>

struct GilAcquire {
	PyGILState_STATE st;
	GilAcquire() : st(PyGILState_Ensure()) {}
	~GilAcquire() { PyGILState_Release(st); }
};

// Appending to the list whose item array the loop walks: the array may
// move under the loop.
int append_while_walking(PyObject *list)
{
	PyObject **items = PySequence_Fast_ITEMS(list);
	Py_ssize_t n = PySequence_Fast_GET_SIZE(list);
	std::for_each(items, items + n, [&](PyObject *o) { PyList_Append(list, o); }); // expect-error[MOJO-BOR-207] {{'items' is dereferenced after its container was changed}}
	return 0;
}

// A new thread does not hold the GIL.
void print_in_thread(PyObject *o)
{
	std::thread t([o] { (void)PyObject_Size(o); }); // expect-error[MOJO-BOR-203] {{'PyObject_Size' is called while the GIL is released}}
	t.join();
}

// `GilAcquire();` is a temporary, destroyed at the end of its statement:
// the GIL is given back before the call.
void guard_as_temporary(PyObject *o)
{
	std::thread t([o] {
		GilAcquire();
		(void)PyObject_Size(o); // expect-error[MOJO-BOR-203] {{'PyObject_Size' is called while the GIL is released}}
	});
	t.join();
}

// A leak inside a lambda is the lambda's own (reported once).
int repr_each(PyObject **items, Py_ssize_t n)
{
	std::for_each(items, items + n, [](PyObject *o) {
		PyObject *r = PyObject_Repr(o);
		(void)r;
	}); // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'PyObject_Repr' is never released}}
	return 0;
}
