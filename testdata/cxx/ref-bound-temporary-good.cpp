// A temporary bound to a reference lives as long as the reference (C++
// lifetime extension: optree's `const auto &type = GetType();`, mplcairo's
// `auto const &capsule = ..`): its handle is still held where it is used,
// and released at the end of the scope.
// expect-no-diagnostics
#include <Python.h>

struct Ref {
	PyObject *o;
	explicit Ref(PyObject *p) : o(p) {}
	Ref(const Ref &r) : o(r.o) { Py_XINCREF(o); }
	~Ref() { Py_XDECREF(o); }
	PyObject *get() const { return o; }
};

static Ref make_name(long id)
{
	return Ref(PyUnicode_FromFormat("item-%ld", id));
}

Py_ssize_t name_length(long id)
{
	const Ref &name = make_name(id);
	if (!name.get())
		return -1;
	return PyObject_Size(name.get());
}

Py_ssize_t name_length_rvalue(long id)
{
	Ref &&name = make_name(id);
	if (!name.get())
		return -1;
	return PyObject_Size(name.get());
}
