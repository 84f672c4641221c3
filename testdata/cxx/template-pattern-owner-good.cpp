// An owner class template (clingo's SharedObject<T>) used in the pattern
// of another class template, where libclang shows dependent types:
//   - `getAttr(k).callable()` on the template's own `this`: the call's
//     type is dependent, the member's declaration returns the owner by
//     value, and the temporary releases what getAttr returned;
//   - `return self;` from `static SharedObject<T> make(..)`: the pattern
//     shows the pointer without its conversion, which the class's one
//     constructor from a pointer makes, adopting the reference.
// expect-no-diagnostics
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
	bool callable() const { return PyCallable_Check(toPy()); }
	T *obj;
};
using Object = SharedObject<PyObject>;

template <class T>
struct Protocol {
	Object getAttr(const char *k)
	{
		return PyObject_GetAttrString(static_cast<T *>(this)->toPy(), k);
	}
	bool has_callable(const char *k) { return getAttr(k).callable(); }
};

struct Foo : Protocol<Foo> {
	PyObject_HEAD
	int x;
	PyObject *toPy() { return reinterpret_cast<PyObject *>(this); }
};

template <class T>
struct Base {
	static SharedObject<T> make(PyTypeObject *tp)
	{
		T *self = reinterpret_cast<T *>(tp->tp_alloc(tp, 0));
		if (!self)
			throw PyException();
		return self;
	}
};

struct Bar : Base<Bar> {
	PyObject_HEAD
	int y;
};
