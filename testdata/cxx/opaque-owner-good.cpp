// An owner class whose members are defined in another file of the
// project (IcePy's PyObjectHandle in Util.cpp): this file cannot follow
// it, so what its members return and what its constructor is given are
// the object's as much as ours: no leak is claimed for them.
#include <Python.h>
// expect-no-diagnostics

class PyObjectHandle {
public:
	PyObjectHandle(PyObject * = 0);
	PyObjectHandle(const PyObjectHandle &);
	~PyObjectHandle();
	PyObject *get() const;
	PyObject *release();

private:
	PyObject *_p;
};

PyObject *create_type(long v);

bool init_types(PyObject *module)
{
	PyObjectHandle t = create_type(7);
	if (PyModule_AddObject(module, "_t", t.get()) < 0)
		return false;
	t.release(); // PyModule_AddObject stole the handle's reference
	return true;
}

Py_ssize_t count_slices(PyObject *slices)
{
	Py_ssize_t n = 0;
	for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(slices); ++i) {
		PyObjectHandle s = PyTuple_GET_ITEM(slices, i);
		Py_INCREF(s.get()); // the handle releases it
		if (s.get() != Py_None)
			++n;
	}
	return n;
}

class Dispatcher {
public:
	explicit Dispatcher(PyObject *d) : _d(d) { Py_INCREF(d); }
	PyObject *callable() const { return _d.get(); }

private:
	PyObjectHandle _d;
};
