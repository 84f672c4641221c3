// Owner classes returned by value (issue #26): static factories, the
// named return value, a class template, move assignment from a factory,
// by-value parameters. Run under -std=c++11, c++14 and c++17 (meson.build):
// C++11/14 show each return and initialization as an elidable copy, which
// the analysis elides as the compiler does; C++17 guarantees it. None of
// these functions may get a finding.
#include <Python.h>
#include <stdexcept>
#include <utility>

struct Err {};

class Ref {
	PyObject *o_;
	explicit Ref(PyObject *o) noexcept : o_(o) {}

public:
	Ref() noexcept : o_(nullptr) {}
	Ref(const Ref &r) noexcept : o_(r.o_) { Py_XINCREF(o_); }
	Ref(Ref &&r) noexcept : o_(r.o_) { r.o_ = nullptr; }
	~Ref() { Py_XDECREF(o_); }
	Ref &operator=(Ref &&r) noexcept
	{
		PyObject *t = o_;
		o_ = r.o_;
		r.o_ = nullptr;
		Py_XDECREF(t);
		return *this;
	}
	Ref &operator=(const Ref &r) noexcept
	{
		PyObject *t = o_;
		Py_XINCREF(r.o_);
		o_ = r.o_;
		Py_XDECREF(t);
		return *this;
	}
	static Ref take(PyObject *o)
	{
		if (!o)
			throw Err();
		return Ref(o);
	}
	static Ref borrow(PyObject *o)
	{
		Py_XINCREF(o);
		return Ref(o);
	}
	static Ref adopt(PyObject *o) noexcept { return Ref(o); }
	PyObject *get() const { return o_; }
	PyObject *release()
	{
		PyObject *t = o_;
		o_ = nullptr;
		return t;
	}
	explicit operator bool() const { return o_ != nullptr; }
};

// A class template owner: its members are its template's.
template <typename T>
class Owned {
	T *p_;
	explicit Owned(T *p) : p_(p) {}

public:
	Owned() : p_(nullptr) {}
	Owned(Owned &&o) noexcept : p_(o.p_) { o.p_ = nullptr; }
	~Owned() { Py_XDECREF(p_); }
	static Owned steal(T *p) { return Owned(p); }
	T *get() const { return p_; }
	T *release()
	{
		T *t = p_;
		p_ = nullptr;
		return t;
	}
};

// expect-no-diagnostics

PyObject *factory_then_release(void)
{
	Ref t = Ref::take(PyList_New(0));
	return t.release();
}

PyObject *borrowed_then_release(PyObject *x)
{
	Ref t = Ref::borrow(x);
	return t.release();
}

int two_owners(long v)
{
	try {
		Ref list = Ref::take(PyList_New(0));
		Ref item = Ref::take(PyLong_FromLong(v));
		if (PyList_Append(list.get(), item.get()) < 0)
			return -1;
		return 0;
	} catch (const Err &) {
		return -1;
	}
}

// The named return value: the local is the returned object.
static Ref make_tuple(PyObject *a)
{
	Ref r = Ref::adopt(PyTuple_Pack(1, a));
	return r;
}

PyObject *named_return_value(PyObject *a)
{
	Ref t = make_tuple(a);
	if (!t)
		return NULL;
	return t.release();
}

// Move-assigned from a factory: the old value released, the new kept.
int move_assigned(PyObject *io)
{
	Ref enc;
	if (PyObject_HasAttrString(io, "encoding")) {
		enc = Ref::adopt(PyObject_GetAttrString(io, "encoding"));
		if (!enc)
			return -1;
	}
	if (!enc)
		enc = Ref::adopt(PyUnicode_FromString("utf-8"));
	return enc ? 0 : -1;
}

// By-value parameters: the caller's copies, destroyed by the caller.
static Ref first_or_self(Ref seq, Ref fallback)
{
	if (seq && PyTuple_Check(seq.get()) && PyTuple_GET_SIZE(seq.get()))
		return Ref::borrow(PyTuple_GET_ITEM(seq.get(), 0));
	return fallback;
}

PyObject *by_value(PyObject *a, PyObject *b)
{
	Ref x = Ref::borrow(a);
	x = first_or_self(x, Ref::borrow(b));
	return x.release();
}

// Moved into a by-value parameter: the callee's object now.
static int truth(Ref r)
{
	return PyObject_IsTrue(r.get());
}

int pass_moved(long v)
{
	Ref g = Ref::adopt(PyLong_FromLong(v));
	if (!g)
		return -1;
	return truth(std::move(g));
}

// The template owner.
PyObject *template_owner(void)
{
	Owned<PyObject> t = Owned<PyObject>::steal(PyDict_New());
	if (!t.get())
		return NULL;
	return t.release();
}

// A copy of a member reached through a pointer, returned by value.
struct Node {
	Ref obj;
};

static Ref value_of(Node *n) { return n->obj; }

Py_ssize_t node_size(Node *n)
{
	Ref v = value_of(n);
	return v ? PyObject_Size(v.get()) : -1;
}
