// As ref-bound-temporary-good.cpp, but the handle of the temporary the
// reference keeps alive is returned: the temporary dies with the scope,
// and releases what the caller is handed.
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

PyObject *name_of(long id)
{
	const Ref &name = make_name(id);
	return name.get(); // expect-error[MOJO-OWN-107] {{borrowed reference from 'Ref::get' is returned but callers expect a new reference}}
}
