// An owner class whose pointer lives in a plain base (datatable's `class
// oobj : public _obj`, `_obj` holding `PyObject *v`): the class's own
// destructor releases the base's field, and its factories return it by
// value as any owner's do. None of these functions may get a finding.
// expect-no-diagnostics
#include <Python.h>
#include <utility>

class _obj {
protected:
	PyObject *v;
};

class oobj : public _obj {
public:
	oobj() { v = nullptr; }
	oobj(oobj &&o) noexcept { v = o.v; o.v = nullptr; }
	~oobj() { Py_XDECREF(v); }
	static oobj from_new_reference(PyObject *p)
	{
		oobj res;
		res.v = p;
		return res;
	}
	PyObject *release()
	{
		PyObject *t = v;
		v = nullptr;
		return t;
	}
	PyObject *get() const { return v; }
};

PyObject *make_list(void)
{
	oobj l = oobj::from_new_reference(PyList_New(0));
	if (!l.get())
		return NULL;
	return l.release();
}

long length_of(PyObject *seq)
{
	oobj t = oobj::from_new_reference(PyList_AsTuple(seq));
	if (!t.get())
		return -1;
	return (long)PyTuple_GET_SIZE(t.get());
}
