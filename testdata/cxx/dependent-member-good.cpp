// Stores into a member of an object whose type is a template parameter
// (issue #26): `self->items = ...` of a `U *self` is a store into a field
// of self (named as written, which libclang leaves unnamed), not a store
// over self.
// expect-no-diagnostics
#include <Python.h>

template <typename T>
class Handle {
public:
	T *p;
	explicit Handle(T *q) : p(q) {}
};

template <typename T, typename U>
class type_of {
public:
	static PyObject *tp_new(PyTypeObject *type, PyObject *args,
				PyObject *kwds)
	{
		U *self = (U *)type->tp_alloc(type, 0);
		if (self)
			self->items = Handle<T>((T *)NULL);
		return (PyObject *)self;
	}

	static PyObject *with_count(PyTypeObject *type, long n)
	{
		U *self = (U *)type->tp_alloc(type, 0);
		if (!self)
			return NULL;
		self->count = n;
		self->items.p = NULL;
		return (PyObject *)self;
	}
};
