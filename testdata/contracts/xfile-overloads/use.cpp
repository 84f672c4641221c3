#include "ref.hh"

// The tuple goes to the adopting constructor: ~Ref releases it.
Ref make_args(Py_ssize_t n)
{
	PyObject *args = PyTuple_New(n);
	Ref held(args);
	return held;
}

// The error goes to the adopting constructors too.
void fetch_error()
{
	PyObject *type, *value, *tb;
	PyErr_Fetch(&type, &value, &tb);
	Ref t(type), v(value), b(tb);
}

// A new reference given to the constructor that takes its own: the
// caller's is never released.
Ref wrap_count(long n)
{
	PyObject *count = PyLong_FromLong(n);
	if (!count)
		return Ref();
	return Ref(count, "count");
}
