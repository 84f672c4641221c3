// As template-cast-passthrough-good.cpp, but a cast of the new reference
// is all that is kept, and nothing releases it.
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

template <class T> struct sized {
	static Py_ssize_t size_of(PyObject *seq)
	{
		T *t = cast<T>(PySequence_Tuple(seq));
		return t ? PyTuple_Size((PyObject *)t) : -1; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PySequence_Tuple' is never released}}
	}
};

Py_ssize_t length_of(PyObject *seq)
{
	return sized<PyObject>::size_of(seq);
}
