// Owner classes returned by value misused (issue #26): what a factory
// hands over is followed into the object, under -std=c++11, c++14 and
// c++17 alike (meson.build), and so through a class template.
#include <Python.h>

struct Err {};

class Ref {
	PyObject *o_;
	explicit Ref(PyObject *o) noexcept : o_(o) {}

public:
	Ref(const Ref &r) noexcept : o_(r.o_) { Py_XINCREF(o_); }
	~Ref() { Py_XDECREF(o_); }
	static Ref take(PyObject *o)
	{
		if (!o)
			throw Err();
		return Ref(o);
	}
	PyObject *get() const { return o_; }
	PyObject *release()
	{
		PyObject *t = o_;
		o_ = nullptr;
		return t;
	}
};

template <typename T>
class Owned {
	T *p_;
	explicit Owned(T *p) : p_(p) {}

public:
	Owned(Owned &&o) noexcept : p_(o.p_) { o.p_ = nullptr; }
	~Owned() { Py_XDECREF(p_); }
	static Owned steal(T *p) { return Owned(p); }
	T *get() const { return p_; }
};

// release() hands the reference back, and nobody takes it.
int released_and_dropped(void)
{
	Ref t = Ref::take(PyList_New(0));
	t.release();
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 't.o_' from 'PyList_New' is never released}}
}

// The factory takes over a reference the function only borrows: the
// destructor releases it.
int takes_a_borrowed(PyObject *arg)
{
	Ref t = Ref::take(arg);
	return PyObject_IsTrue(t.get()); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'Py_XDECREF' but this function does not own it}}
}

// Given to a template owner, then released by hand too: once the owner
// took it, the function only borrows it, and the owner's destructor
// releases it a second time.
int template_double_release(void)
{
	PyObject *d = PyDict_New();
	if (!d)
		return -1;
	Owned<PyObject> o = Owned<PyObject>::steal(d);
	Py_DECREF(d);
	return 0; // expect-error[MOJO-OWN-104] {{new reference 'd' from 'PyDict_New' is released twice}}
}
