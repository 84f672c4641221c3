// A lambda converted to a function pointer and registered (datatable's
// METHOD(...) tables) is not called where it is written: its `return`
// hands the new reference to its own caller, and the enclosing function
// acquires nothing.
// expect-no-diagnostics
#include <Python.h>

static PyObject *make_result(PyObject *self) noexcept
{
	(void)self;
	return PyLong_FromLong(123456);
}

typedef PyObject *(*meth_t)(PyObject *, PyObject *);
static meth_t registered[4];
static int nregistered = 0;
static void add_method(meth_t fn) { registered[nregistered++] = fn; }

void init_type()
{
	add_method([](PyObject *self, PyObject *) noexcept -> PyObject * {
		return make_result(self);
	});
}
