// The derived owner takes over what it is given: a reference taken out of
// it and dropped leaks, and a borrowed one given to it is released by the
// base's destructor.
#include <Python.h>

template <typename O> class BasePtr {
public:
	BasePtr(O *var) : var_(var) {}
	~BasePtr() { Py_XDECREF(var_); }
	bool is_null() const { return var_ == NULL; }
	O *steal()
	{
		O *t = var_;
		var_ = NULL;
		return t;
	}

protected:
	O *var_ = NULL;
};

template <typename O = PyObject> class Ptr : public BasePtr<O> {
public:
	Ptr(PyObject *var) : BasePtr<O>(reinterpret_cast<O *>(var)) {}
};

Py_ssize_t dropped(Py_ssize_t n)
{
	Ptr<PyTupleObject> t = PyTuple_New(n);
	if (t.is_null())
		return -1;
	t.steal();
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 't.var_' from 'PyTuple_New' is never released}}
}

PyObject *adopted(PyObject *o)
{
	Ptr<PyTupleObject> t = o;
	return o; // expect-error[MOJO-OWN-106] {{borrowed reference 'o' is released by 'Py_XDECREF' but this function does not own it}}
}
