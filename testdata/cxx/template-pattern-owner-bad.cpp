// As template-pattern-owner-good.cpp, with the mistakes: a reference
// taken and never released beside the one the returned owner adopts, and
// the object made leaked when an exception leaves before the owner is.
#include <Python.h>
#include <utility>

struct PyException {};

template <class T>
struct SharedObject {
	SharedObject() : obj(nullptr) {}
	SharedObject(std::nullptr_t) : obj(nullptr) {}
	SharedObject(T *o) : obj(o)
	{
		if (!obj && PyErr_Occurred())
			throw PyException();
	}
	SharedObject(SharedObject const &other) : obj(other.obj) { Py_XINCREF(obj); }
	SharedObject(SharedObject &&other) : obj(nullptr) { std::swap(other.obj, obj); }
	~SharedObject() { Py_XDECREF(obj); }
	PyObject *toPy() const { return reinterpret_cast<PyObject *>(obj); }
	T *obj;
};

template <class T>
struct Base {
	static SharedObject<T> make(PyTypeObject *tp, PyObject *name)
	{
		T *self = reinterpret_cast<T *>(tp->tp_alloc(tp, 0));
		if (!self)
			throw PyException();
		PyObject *s = PyObject_Str(name);
		if (!s)
			throw PyException(); // expect-warning[MOJO-OWN-105] {{new reference 'self' from '_typeobject.tp_alloc' is leaked when the exception leaves 'Base::make'}}
		return self; // expect-warning[MOJO-OWN-101] {{new reference 's' from 'PyObject_Str' is never released}}
	}
};

struct Bar : Base<Bar> {
	PyObject_HEAD
	int y;
};
