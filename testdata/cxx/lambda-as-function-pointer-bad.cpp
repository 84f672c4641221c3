// The same registered lambda, analysed as the function it is: a
// reference it makes and drops leaks when it runs.
#include <Python.h>

typedef PyObject *(*meth_t)(PyObject *, PyObject *);
static meth_t registered[4];
static int nregistered = 0;
static void add_method(meth_t fn) { registered[nregistered++] = fn; }

void init_type()
{
	add_method([](PyObject *self, PyObject *arg) noexcept -> PyObject * {
		(void)self;
		PyObject *t = PyTuple_Pack(1, arg);
		if (!t)
			return NULL;
		return PyLong_FromLong(123456); // expect-warning[MOJO-OWN-101] {{'t'}}
	});
}
