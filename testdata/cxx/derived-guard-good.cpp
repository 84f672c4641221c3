// An owner class derived from a guard class template, adding no field and
// no destructor (`Ptr<O>` over `BasePtr<O>`, its converting constructor
// handing a cast pointer to the base's): the base's guard, its own
// constructors running the base's. The reference it takes over is
// released by the base's destructor at every exit.
// expect-no-diagnostics
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

Py_ssize_t tuple_ok(Py_ssize_t n)
{
	Ptr<PyTupleObject> t = PyTuple_New(n);
	if (t.is_null())
		return -1;
	return 0;
}

PyObject *made(Py_ssize_t n)
{
	Ptr<PyTupleObject> t = PyTuple_New(n);
	if (t.is_null())
		return NULL;
	return (PyObject *)t.steal();
}
