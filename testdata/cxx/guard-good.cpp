// C++ guard classes of the file: the destructor's body releases what the
// object holds, at every exit of its scope (issue #17, point 2). None of
// these functions may get a finding.
#include <Python.h>
#include <stdexcept>
#include <utility>

struct Ref {
	PyObject *p;
	explicit Ref(PyObject *o) : p(o) {}
	~Ref() { Py_XDECREF(p); }
	Ref(const Ref &) = delete;
	Ref &operator=(const Ref &) = delete;
	PyObject *get() const { return p; }
	PyObject *release()
	{
		PyObject *t = p;
		p = nullptr;
		return t;
	}
	explicit operator bool() const { return p != nullptr; }
};

// expect-no-diagnostics

PyObject *early_returns(long a, long b)
{
	Ref x(PyLong_FromLong(a));
	if (!x.p)
		return NULL;
	Ref y(PyLong_FromLong(b));
	if (!y.get())
		return NULL; // x is destroyed here
	return PyNumber_Add(x.get(), y.get());
}

PyObject *hand_over(long a)
{
	Ref x(PyLong_FromLong(a));
	if (!x)
		return NULL;
	return x.release(); // ownership goes to the caller
}

int loop_with_break(PyObject *list, long n)
{
	for (long i = 0; i < n; i++) {
		Ref item(PyLong_FromLong(i));
		if (!item.p)
			return -1;
		if (i == 7)
			break; // item is destroyed on the way out
		if (PyList_Append(list, item.get()) < 0)
			return -1;
	}
	return 0;
}

int goto_out(long a)
{
	int rc = -1;
	{
		Ref x(PyLong_FromLong(a));
		if (!x.p)
			goto out; // leaves x's scope
		rc = 0;
	}
out:
	return rc;
}

PyObject *throws_with_guard(long a)
{
	Ref x(PyLong_FromLong(a));
	if (!x.p)
		return NULL;
	if (a > 10)
		throw std::runtime_error("too big"); // x is destroyed
	return x.release();
}

// A guard with its own move constructor: std::move leaves the source
// empty, so only the destination releases.
struct Movable {
	PyObject *p;
	explicit Movable(PyObject *o) : p(o) {}
	Movable(Movable &&o) noexcept : p(o.p) { o.p = nullptr; }
	~Movable() { Py_XDECREF(p); }
};

PyObject *moved_guard(long a)
{
	Movable m(PyLong_FromLong(a));
	Movable n(std::move(m));
	if (!n.p)
		return NULL;
	return PyObject_Repr(n.p);
}

// The guard's own tests, inlined (pyodbc's Object: `if (!encoded)` through
// `operator bool`, `IsValid()`): each returns a comparison of the field,
// and testing it tests the field before `get()` is dereferenced.
struct Object {
	PyObject *p;
	explicit Object(PyObject *o) : p(o) {}
	~Object() { Py_XDECREF(p); }
	Object(const Object &) = delete;
	Object &operator=(const Object &) = delete;
	bool IsValid() const { return p != nullptr; }
	operator bool() const { return p != nullptr; }
	PyObject *Get() { return p; }
};

const char *encoded_type_name(PyObject *cell)
{
	Object encoded(PyUnicode_AsUTF8String(cell));
	if (!encoded)
		return NULL;
	return encoded.Get()->ob_type->tp_name;
}

Py_ssize_t state_size(long n)
{
	Object state(PyTuple_New(n));
	if (!state.IsValid())
		return -1;
	return Py_SIZE(state.Get());
}
