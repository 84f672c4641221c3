// Owner-class libraries' own idioms (Boost.Python, PyCXX), from C++ round
// 19: a function template that hands its argument back, a helper that
// takes a reference only when it is given one, an empty destructor of a
// derived owner, and functions no table registers that pass a parameter
// back or hand out a static object.
#include <Python.h>

void throw_error_already_set();
int PyObject_IsInstance(PyObject *inst, PyObject *cls);

// Boost.Python's expect_non_null: throws on NULL, else returns x.
template <class T> inline T *expect_non_null(T *x)
{
	if (x == 0)
		throw_error_already_set();
	return x;
}

struct new_reference_t;
typedef new_reference_t *new_reference;

class object {
	PyObject *m_ptr;

public:
	explicit object(new_reference p)
		: m_ptr(expect_non_null((PyObject *)p)) {}
	object(const object &o) : m_ptr(o.m_ptr) { Py_INCREF(m_ptr); }
	~object() { Py_DECREF(m_ptr); }
	PyObject *ptr() const { return m_ptr; }
};

object add(object const &l, object const &r)
{
	return object(new_reference(PyNumber_Add(l.ptr(), r.ptr())));
}

// PyCXX's _XINCREF: a NULL is the helper's to test, and it does.
static void xincref(PyObject *o) { Py_XINCREF(o); }

class Object {
protected:
	PyObject *p;

public:
	explicit Object(PyObject *pyob, bool owned = false) : p(pyob)
	{
		if (!owned)
			xincref(p);
		if (p == NULL)
			throw 1;
	}
	Object(const Object &o) : p(o.p) { xincref(p); }
	virtual ~Object() { Py_XDECREF(p); }
	PyObject *ptr() const { return p; }
};

Object wrapped()
{
	Object n(PyUnicode_FromString("type"));
	Py_DECREF(n.ptr());
	return n;
}

// PyCXX's TupleN: its own destructor does nothing, ~Object() releases.
class Tuple : public Object {
public:
	explicit Tuple(int n) : Object(PyTuple_New(n), true) {}
};

class TupleN : public Tuple {
public:
	TupleN() : Tuple(0) {}
	virtual ~TupleN() {}
};

Py_ssize_t count_empty()
{
	TupleN t0;
	return PyTuple_GET_SIZE(t0.ptr());
}

// Boost.Python's pytype_check: the caller's own reference passed back.
PyObject *pytype_check(PyTypeObject *type_, PyObject *source)
{
	if (!PyObject_IsInstance(source, (PyObject *)type_))
		throw 1;
	return source;
}

// PyCXX's _False(): an accessor of the singleton, wrapped by its callers.
PyObject *_False() { return Py_False; }
// expect-no-diagnostics
