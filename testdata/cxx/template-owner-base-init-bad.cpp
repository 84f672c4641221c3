// As template-owner-base-init-good.cpp, but the reference is taken back
// out of the owner and dropped.
#include <Python.h>

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

double value_of(double v)
{
	ref<PyObject> f = ref<PyObject>::take(PyFloat_FromDouble(v));
	PyObject *raw = f.release();
	return raw ? PyFloat_AsDouble(raw) : -1.0; // expect-warning[MOJO-OWN-101] {{new reference 'f.obj_' from 'PyFloat_FromDouble' is never released}}
}
