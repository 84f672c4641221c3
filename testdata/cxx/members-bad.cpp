// Every C++ function body is analysed (issue #17, point 1): member
// functions, constructors, destructors, lambdas (as functions of their own
// and inline where called directly), function templates (on their
// pattern) and function-try-blocks.
#include <Python.h>

class Cache {
public:
	explicit Cache(long n) // the constructor
	{
		PyObject *tmp = PyLong_FromLong(n);
		if (!tmp)
			return;
		size_ = PyLong_AsLong(tmp);
	} // expect-warning[MOJO-OWN-101] {{'tmp'}}
	~Cache()
	{
		PyObject *s = PyUnicode_FromString("bye");
		(void)s;
	} // expect-warning[MOJO-OWN-101] {{'s'}}
	PyObject *lookup(long k); // defined outside the class

private:
	long size_ = 0;
};

PyObject *Cache::lookup(long k)
{
	PyObject *key = PyLong_FromLong(k);
	if (!key)
		return NULL;
	if (k > size_)
		return NULL; // expect-warning[MOJO-OWN-105] {{'key'}}
	return key;
}

template <typename T> PyObject *boxed(T v)
{
	PyObject *o = PyLong_FromLong((long)v);
	if (!o)
		return NULL;
	if (v < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{'o'}}
	return o;
}

int lambdas(long n)
{
	auto make = [](long x) {
		PyObject *o = PyLong_FromLong(x);
		return o != nullptr;
	}; // expect-warning[MOJO-OWN-101]@-1 {{'o'}}
	auto leak_here = [&]() { return PyLong_FromLong(n); };
	PyObject *got = leak_here(); // inlined: its result is ours
	(void)got;
	(void)make;
	return 0; // expect-warning[MOJO-OWN-101] {{'got'}}
}

int try_block(long n)
try {
	PyObject *o = PyLong_FromLong(n);
	if (!o)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{'o'}}
} catch (...) {
	return -1;
}
