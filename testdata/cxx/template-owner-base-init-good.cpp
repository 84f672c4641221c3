// An owner class template whose constructor hands its pointer to a base
// class that releases it (ora's `ref<T>`, over `baseref`): in the
// template's pattern clang leaves the base initializer `baseref(o)`
// unresolved, and the base's constructor the arguments fit is inlined on
// the object; the factories `ref<T>::take(o)` and `take_not_null<T>(o)`
// hand the new reference to the object returned.
// expect-no-diagnostics
#include <Python.h>

struct python_error {};

class baseref {
public:
	~baseref() { Py_XDECREF(obj_); }
	PyObject *release()
	{
		PyObject *o = obj_;
		obj_ = nullptr;
		return o;
	}

protected:
	explicit baseref(PyObject *o) : obj_(o) {}
	PyObject *obj_;
};

template <class T> class ref : public baseref {
public:
	static ref take(PyObject *o) { return ref(o); }
	ref(ref &&r) : baseref(r.release()) {}

private:
	explicit ref(PyObject *o) : baseref(o) {}
};

template <class T> ref<T> take_not_null(PyObject *o)
{
	if (o == nullptr)
		throw python_error();
	return ref<T>::take(o);
}

ref<PyObject> float_from(double v)
{
	return ref<PyObject>::take(PyFloat_FromDouble(v));
}

ref<PyObject> item_of(PyObject *seq, Py_ssize_t i)
{
	return take_not_null<PyObject>(PySequence_GetItem(seq, i));
}
