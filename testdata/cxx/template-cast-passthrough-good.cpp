// An owner class template whose factory goes through a cast function
// template (ora's `ref<T>::take(o)` is `ref(cast<T>(o))`, with
// `template<class T> T *cast(PyObject *)` and an overload for owners):
// in the template's pattern the call `cast<T>(o)` names an overload set
// clang resolves only per specialization. The candidate the arguments
// fit, a function template too, is called, and the pointer it returns is
// the one it was given: the owner takes the new reference.
// expect-no-diagnostics
#include <Python.h>

struct python_error {};

class baseref {
public:
	~baseref() { clear(); }
	PyObject *release()
	{
		PyObject *o = obj_;
		obj_ = nullptr;
		return o;
	}
	void clear();

protected:
	explicit baseref(PyObject *o) : obj_(o) {}
	PyObject *obj_;
};

inline void baseref::clear()
{
	if (obj_ != nullptr) {
		Py_DECREF(obj_);
		obj_ = nullptr;
	}
}

template <class T> inline T *cast(PyObject *o)
{
	return reinterpret_cast<T *>(o);
}

template <class T> class ref : public baseref {
public:
	static ref take(PyObject *o) { return ref(cast<T>(o)); }
	ref(ref &&r) : baseref(r.release()) {}

private:
	explicit ref(T *o) : baseref((PyObject *)o) {}
};

template <class T> inline ref<T> cast(ref<PyObject> &&o)
{
	return ref<T>::take(o.release());
}

ref<PyObject> call_method(PyObject *method)
{
	PyObject *result = PyObject_CallFunctionObjArgs(method, nullptr);
	if (result == nullptr)
		throw python_error();
	return ref<PyObject>::take(result);
}

ref<PyObject> float_from(double v)
{
	return ref<PyObject>::take(PyFloat_FromDouble(v));
}
